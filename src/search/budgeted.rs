//! Many IDA* searches within a budget of nodes: each runs one iteration at a time, the one
//! forecast cheapest first, on every core, until what they spent and forecast passes the budget;
//! and the ladder of heuristics they climb once the next rung pays ([`climb`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
#[cfg(feature = "tables")]
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
#[cfg(feature = "tables")]
use std::sync::Arc;
use std::sync::Mutex;

use crate::board::{Board, Move};
#[cfg(feature = "progress")]
use crate::progress::Progress;
use crate::search::ida_star::{Growing, Heuristic, Iterations, Stop};
use crate::threads::on_threads;

/// A case as the searches leave it.
#[derive(PartialEq)]
pub enum Case {
    /// Not answered yet: its search gave up within the budget, or has not run.
    Open,
    /// Its path, or `None` when it has none (by parity, or none within the moves allowed); once
    /// handed on, `None`.
    Answered(Option<Vec<Move>>),
}

/// Where each case's answer goes, in the cases' order: its path, or `None`.
pub type HandOn<'a> = dyn FnMut(Option<Vec<Move>>) + Send + 'a;

/// The cases of a run, each answer handed on as soon as it and every answer before it are
/// known: a long input's first answers need not wait for its last.
pub struct Answers<'a> {
    cases: Vec<Case>,
    handed_on: usize,
    hand_on: &'a mut HandOn<'a>,
}

impl<'a> Answers<'a> {
    /// Case `i` answered `path`; it and those after it that wait on it are handed on.
    fn answer(&mut self, i: usize, path: Option<Vec<Move>>) {
        self.cases[i] = Case::Answered(path);
        self.hand_on_ready();
    }

    /// Hands on the answers not yet handed on, up to the first case still open.
    fn hand_on_ready(&mut self) {
        while let Some(Case::Answered(path)) = self.cases.get_mut(self.handed_on) {
            (self.hand_on)(path.take());
            self.handed_on += 1;
        }
    }
}

/// The starts of `cases` (start, goal), each relabelled to the goal `1 2 .. N-1 0`
/// ([`Board::relabelled`]), and each case open, or answered `None` when parity says its start
/// cannot reach its goal.
///
/// # Panics
/// If a goal's blank is not in the last cell.
fn open<const W: usize, const N: usize>(
    cases: &[(Board<W, N>, Board<W, N>)],
) -> (Vec<Board<W, N>>, Vec<Case>) {
    let open = |(start, goal): &(Board<W, N>, Board<W, N>)| {
        assert_eq!(
            goal.blank(),
            N - 1,
            "a goal with the blank in the last cell"
        );
        match start.parity() == goal.parity() {
            true => (start.relabelled(goal), Case::Open),
            false => (*start, Case::Answered(None)),
        }
    };
    cases.iter().map(open).unzip()
}

/// Whether some case is left to answer.
fn unsolved(cases: &[Case]) -> bool {
    cases.contains(&Case::Open)
}

/// Whether one case is left to answer: its forecasts are its own, and its search has every
/// core.
fn alone(cases: &[Case]) -> bool {
    cases.iter().filter(|&case| *case == Case::Open).count() == 1
}

/// The rule every ladder of heuristics climbs by, a ski-rental rule. The open cases of `cases`
/// (start, goal) are searched on the rung `ladder` stands on (`search`, within the nodes it is
/// given) for as many nodes as getting the next rung costs, times how much more searching pays
/// for the climb (`pays_after`, for many cases or for one left alone; `None` on the top rung,
/// whose searches run to their end); while cases remain, `step_up` climbs a rung. A few easy
/// cases never pay for tables; a long or hard input pays at most a few times, rung by rung,
/// what the best choice in hindsight would have. Hands on each case's path, `None` where parity
/// or the most moves allow none, in the cases' order ([`Answers`]); a goal's blank must be in
/// its last cell.
///
/// # Complexity
/// At most a few times, rung by rung, the nodes and tables of the best choice in hindsight.
pub fn climb<L, const W: usize, const N: usize>(
    ladder: &mut L,
    cases: &[(Board<W, N>, Board<W, N>)],
    pays_after: impl Fn(&L, bool) -> Option<u64>,
    mut search: impl FnMut(&mut L, &[Board<W, N>], &mut Answers, u64),
    mut step_up: impl FnMut(&mut L),
    hand_on: &mut HandOn,
) {
    let (starts, cases) = open(cases);
    let mut answers = Answers {
        cases,
        handed_on: 0,
        hand_on,
    };
    answers.hand_on_ready();
    while unsolved(&answers.cases) {
        let next = pays_after(ladder, alone(&answers.cases));
        search(ladder, &starts, &mut answers, next.unwrap_or(u64::MAX));
        if next.is_some() && unsolved(&answers.cases) {
            step_up(ladder);
        }
    }
}

/// What the searches of one rung of a ladder may spend.
pub struct Budget {
    /// Threads to search on.
    pub threads: usize,
    /// A case that needs more moves is answered `None`.
    pub max_moves: u32,
    /// The nodes spent before these searches, counted against `nodes`.
    pub spent: u64,
    /// The most nodes spent and forecast before the searches left give up: `u64::MAX` to run
    /// every search to its end.
    pub nodes: u64,
    /// For a search of one case, the fewest moves it is proven to need, raised to each
    /// iteration's bound as the iteration starts (no shorter path is left), for one who stops
    /// the search early (the 5x5 board's search for the fewest moves, under the tables).
    #[cfg(feature = "tables")]
    pub proven: Option<Arc<AtomicU32>>,
}

/// Each open case of `answers` searched from its start under `heuristic` and `rules`, answered
/// where its search ends; returns the nodes spent, `budget.spent` included.
///
/// The next iteration to run is always the one forecast cheapest ([`Iterations::forecast`]),
/// while the nodes spent and the forecasts of the unfinished searches' next iterations stay
/// within the budget: past it, the cases left wait for a better heuristic that costs as much.
/// A long input of hard boards learns this early; an easy board never comes near it. The last
/// search waiting runs on every thread ([`Iterations::run_iteration`]), so a single hard board
/// uses every core.
pub fn search<const W: usize, const N: usize, H: Heuristic<W, N>, P: Growing>(
    starts: &[Board<W, N>],
    answers: &mut Answers,
    heuristic: &H,
    rules: P,
    budget: Budget,
) -> u64 {
    let open: Vec<usize> = (0..starts.len())
        .filter(|&i| answers.cases[i] == Case::Open)
        .collect();
    let (threads, most) = (budget.threads, budget.nodes);
    let search_of = |i: usize| Iterations::new(&starts[i], heuristic, rules, budget.max_moves);
    let shared = Mutex::new(Shared {
        searches: open.iter().map(|&i| Some(search_of(i))).collect(),
        waiting: (0..open.len()).map(|k| Reverse((0, k))).collect(),
        spent: budget.spent,
        forecasts: 0,
        answers,
    });
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    #[cfg(feature = "progress")]
    let progress = Progress::new();
    let worker = || loop {
        let (k, forecast, mut search, limit, threads) = {
            let mut shared = lock();
            let committed = shared.spent + shared.forecasts;
            // Nothing to do, or the next rung will pay.
            let Reverse((forecast, k)) = match shared.waiting.pop() {
                Some(next) if committed <= most => next,
                _ => return,
            };
            let search = shared.searches[k].take().expect("a waiting search");
            // What is left of the budget bounds the iteration even when it grows more than
            // forecast.
            let room = most.saturating_add(forecast).saturating_sub(committed);
            let limit = search.nodes().saturating_add(room);
            // The last search left has every thread: the others end with their iterations.
            let threads = match shared.waiting.is_empty() {
                true => threads,
                false => 1,
            };
            (k, forecast, search, limit, threads)
        };
        #[cfg(feature = "tables")]
        if let Some(proven) = &budget.proven {
            proven.fetch_max(search.bound(), Relaxed);
        }
        let before = search.nodes();
        let end = search.run_iteration(threads, limit);
        let mut shared = lock();
        shared.spent += search.nodes() - before;
        shared.forecasts -= forecast;
        #[cfg(feature = "progress")]
        progress.update(|| {
            let open_cases = shared.answers.cases.iter().filter(|&c| *c == Case::Open);
            let left = open_cases.count() - usize::from(end.is_some());
            let boards = format!("{} of {} boards left", left, open.len());
            let bound = format!("a board's bound {}", search.bound());
            format!("searching: {}, {}, {} nodes", boards, bound, shared.spent)
        });
        match end {
            Some(Ok(solution)) => shared.answers.answer(open[k], Some(solution.moves)),
            Some(Err(Stop::MoveLimit { .. })) => shared.answers.answer(open[k], None),
            Some(Err(Stop::NodeLimit { .. })) => {} // left for the next rung
            None => {
                let forecast = search.forecast();
                shared.forecasts += forecast;
                shared.waiting.push(Reverse((forecast, k)));
                shared.searches[k] = Some(search);
            }
        }
    };
    on_threads(threads.min(open.len()), worker);
    let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    shared.spent
}

/// What the threads of [`search`] share.
struct Shared<'a, 'b, 'c, const W: usize, const N: usize, H: Heuristic<W, N>, P> {
    /// Each case's search, while it waits for its next iteration.
    searches: Vec<Option<Iterations<'a, W, N, H, P>>>,
    /// The cases, answered as their searches end.
    answers: &'b mut Answers<'c>,
    /// The cases whose searches wait, the cheapest forecast first.
    waiting: BinaryHeap<Reverse<(u64, usize)>>,
    /// The nodes spent so far, and the forecasts of the searches waiting or running, summed.
    spent: u64,
    forecasts: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::bfs::Distances;
    use crate::exact::cantor::unrank;
    use crate::search::ida_star::NoUndo;
    use crate::search::manhattan::Manhattan;

    /// Cases of 3x3 starts spread over the arrangements, towards a goal with the blank in the
    /// last cell but other labels; half cannot reach it.
    fn cases() -> Vec<(Board<3, 9>, Board<3, 9>)> {
        let goal = Board::from_tiles([8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap();
        let start = |r: usize| Board::from_tiles(unrank(r * 9_973 % 362_880)).unwrap();
        (0..40).map(|r| (start(r), goal)).collect()
    }

    /// The searches of `cases` on `threads` threads within `nodes` nodes, from none spent: the
    /// nodes spent, and each case as the searches leave it, those handed on as answered.
    fn searched(threads: usize, nodes: u64, max_moves: u32) -> (u64, Vec<Case>) {
        let (starts, cases) = open(&cases());
        let heuristic = Manhattan::new(&Board::canonical_goal(8));
        let budget = Budget {
            threads,
            max_moves,
            spent: 0,
            nodes,
            #[cfg(feature = "tables")]
            proven: None,
        };
        let mut handed_on = Vec::new();
        let hand_on = &mut |path| handed_on.push(Case::Answered(path));
        let mut answers = Answers {
            cases,
            handed_on: 0,
            hand_on,
        };
        let spent = search(&starts, &mut answers, &heuristic, NoUndo, budget);
        let left = answers.cases;
        // Handed on: every answer up to the first case left open, and no more.
        let next = left.get(handed_on.len());
        assert!(matches!(next, None | Some(Case::Open)));
        handed_on.extend(left.into_iter().skip(handed_on.len()));
        (spent, handed_on)
    }

    #[test]
    fn searches_without_a_budget_answer_every_case_with_a_shortest_path() {
        let (_, one) = searched(1, u64::MAX, u32::MAX);
        assert!(!unsolved(&one));
        let mut distances = Distances::new();
        for ((start, goal), case) in cases().iter().zip(&one) {
            let path = match case {
                Case::Answered(path) => path.clone(),
                Case::Open => unreachable!("every case answered"),
            };
            let length = path.as_ref().map(Vec::len);
            assert_eq!(length, distances.distance(start, goal));
            let end = path.map(|p| p.iter().fold(*start, |b, &m| b.moved(m).unwrap()));
            assert!(end.map_or(true, |end| end == *goal));
        }
        // The first shortest paths in dictionary order, whatever the threads.
        assert!(searched(2, u64::MAX, u32::MAX).1 == one);
    }

    #[test]
    fn a_budget_leaves_cases_open_having_spent_at_most_it_on_one_thread() {
        let (whole, _) = searched(1, u64::MAX, u32::MAX);
        for nodes in [0, 10, 1_000, whole / 2] {
            let (spent, answers) = searched(1, nodes, u32::MAX);
            assert!(spent <= nodes + 1, "{} spent within {}", spent, nodes);
            assert!(unsolved(&answers), "within {}", nodes);
            // Those answered have their paths; those left open, none: the next rung's.
            let (_, all) = searched(1, u64::MAX, u32::MAX);
            for (case, expected) in answers.iter().zip(&all) {
                assert!(*case == Case::Open || case == expected);
            }
        }
        assert!(!alone(&searched(1, 0, u32::MAX).1));
    }

    #[test]
    fn cases_past_the_most_moves_are_answered_none() {
        let mut distances = Distances::new();
        let (_, answers) = searched(2, u64::MAX, 20);
        for ((start, goal), case) in cases().iter().zip(answers) {
            let within = distances.distance(start, goal).filter(|&d| d <= 20);
            match case {
                Case::Answered(path) => assert_eq!(path.map(|p| p.len()), within),
                Case::Open => unreachable!("every case answered"),
            }
        }
    }
}
