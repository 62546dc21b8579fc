//! Optimal paths on boards of up to 16 cells (the 15-puzzle, and 2x8, 3x5 and every smaller
//! shape), case after case: IDA* with Manhattan distance plus linear conflict until the searches
//! would cost more than building the pattern databases, then IDA* with the databases
//! ([`crate::pattern_db`]), the cases of a long input on every core. One solver serves every
//! shape: its width and cells are type parameters, so the 4x4 searches run on constants.
//!
//! This is the ski-rental rule of the 3x3 solver ([`crate::solver`]): an easy board, the usual
//! judge case, answers in microseconds and never pays for the tables; a hard board, or a long
//! input, pays at most about twice what the better choice in hindsight would have. The searches
//! run one iteration at a time, the cheapest first, and IDA*'s iterations grow by a steady
//! factor ([`Iterations::forecast`]): once the nodes spent and the forecast next iterations of
//! the unfinished cases pass the budget, the cases left wait for the tables, so a long input of
//! hard boards wastes little before the switch. The rule counts search nodes, not time, so on
//! one thread it is deterministic; on several, which cases finish before the switch may vary,
//! never the answers, since every path is the first shortest one in dictionary order. Before
//! and after the switch the cases are shared out between threads (one per core, or as many as
//! asked) and answered in order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::board::{Board, Move};
use crate::ida_star::{search, Iterations, Stop};
use crate::judge::{Answer, Solve};
use crate::linear_conflict::LinearConflict;
use crate::move_rules::{GrowingRules, MoveRules};
use crate::pattern_db::{build_table, partition, table_len, PatternDb, PARTITION_663};
use crate::saved_tables;
use crate::threads::{in_parallel, on_threads};

/// Search nodes of Manhattan distance plus linear conflict that cost about what building the
/// 4x4 board's 5-5-5 tables costs (see the README's Performance section for both figures);
/// other boards' tables cost in proportion to their entries (`Solver::table_cost`).
pub const TABLE_COST: u64 = 4_700_000;
const TABLE_COST_ENTRIES: u64 = 3 * 16 * 15 * 14 * 13 * 12;

/// The longest move sequences whose repeats the searches with the tables skip: longer than a
/// single search builds for itself ([`GrowingRules`]), since the tables mean a long input,
/// and built beside the tables while their build leaves a core idle. Korf's 100: 346,930 nodes
/// per instance instead of 380,615 with the rules of up to 10 moves.
const TABLE_RULES: usize = 12;

/// Search nodes of linear conflict that cost about what loading the saved tables and building
/// the move rules of up to `SAVED_RULES` moves beside cost: 12 to 20 ms, measured on AMD EPYC,
/// at about 30 ns a node.
const LOAD_COST: u64 = 500_000;

/// The longest move sequences whose repeats the searches with the saved tables skip: those
/// rules build in 6 ms, where the 12-move rules would take longer than a single board's search.
const SAVED_RULES: usize = 10;

/// Answers cases on a board `W` wide with `N` cells (at most 16), switching from search alone to
/// the tables as described above. The tables are built for the goal `1 2 .. N-1 0`; a case with
/// another goal is relabelled to it when its blank is in the same cell, and otherwise searched
/// with linear conflict alone.
///
/// # Example
/// ```
/// use engine::board::{Board, Move};
/// use engine::optimal::Solver;
/// let goal = Board::<4, 16>::canonical_goal(15);
/// let tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
/// let start = Board::<4, 16>::from_tiles(tiles).unwrap();
/// let mut solver = Solver::new(1);
/// assert_eq!(solver.paths(&[(start, goal)]), [Some(vec![Move::Right])]);
/// ```
pub struct Solver<const W: usize, const N: usize> {
    threads: usize,
    /// Cases that need more moves are answered `None`.
    max_moves: u32,
    /// Search nodes spent without the tables so far.
    spent: u64,
    /// The tables and the move rules searched with them, once they are built or loaded.
    tables: Option<(PatternDb<W, N>, &'static MoveRules)>,
    /// Where the tables are kept between runs (`--tables DIR`), if anywhere: the strongest this
    /// solver has (6-6-3, mirrored, on the 4x4 board; other boards keep nothing) are loaded from
    /// there, or built once and saved there ([`crate::saved_tables`]), and since they cost
    /// little to load, the searches switch to them after `LOAD_COST` nodes.
    table_dir: Option<PathBuf>,
}

impl<const W: usize, const N: usize> Default for Solver<W, N> {
    /// A solver that uses one thread per core.
    fn default() -> Self {
        Self::new(cores())
    }
}

impl<const W: usize, const N: usize> Solver<W, N> {
    /// A solver that uses up to `threads` threads, at least one and at most one per core.
    pub fn new(threads: usize) -> Self {
        Solver {
            threads: threads.clamp(1, cores()),
            max_moves: u32::MAX,
            spent: 0,
            tables: None,
            table_dir: None,
        }
    }

    /// This solver, answering `None` for cases that need more than `max_moves` moves (LightOJ
    /// wants no path longer than 35); the search proves it without looking further.
    pub fn with_max_moves(self, max_moves: u32) -> Self {
        Solver { max_moves, ..self }
    }

    /// The search nodes that cost about what getting the tables costs.
    fn table_cost(&self) -> u64 {
        match self.saved_tables() {
            Some(_) => LOAD_COST,
            None => {
                let entries = partition(W, N)
                    .iter()
                    .map(|g| table_len(N, g.len()))
                    .sum::<usize>();
                TABLE_COST * entries as u64 / TABLE_COST_ENTRIES
            }
        }
    }

    /// Where the tables are kept between runs, on the 4x4 board.
    fn saved_tables(&self) -> Option<&Path> {
        self.table_dir.as_deref().filter(|_| (W, N) == (4, 16))
    }

    /// Whether the tables are built by now.
    pub fn uses_tables(&self) -> bool {
        self.tables.is_some()
    }

    /// An optimal path (moves of the blank; of those, the first in dictionary order) for each
    /// case, a start and its goal, in order; `None` where parity says the start cannot reach its
    /// goal, or where it needs more moves than the limit.
    pub fn paths(&mut self, cases: &[(Board<W, N>, Board<W, N>)]) -> Vec<Option<Vec<Move>>> {
        if self.tables.is_some() {
            return self.search_with_tables(cases);
        }
        let first = self.search_first(cases);
        let left: Vec<_> = cases
            .iter()
            .zip(&first)
            .filter(|(_, found)| found.is_none())
            .map(|(&case, _)| case)
            .collect();
        let mut rest = Vec::new().into_iter();
        if !left.is_empty() {
            let threads = self.threads;
            self.tables = Some(match self.saved_tables() {
                Some(dir) => {
                    let (mut db, rules) =
                        beside_rules::<W, N, _, _>(&[dir], threads, SAVED_RULES, |dir| {
                            saved(dir, threads)
                        });
                    (db.remove(0), rules)
                }
                None => {
                    let partition = partition(W, N);
                    let (tables, rules) =
                        beside_rules::<W, N, _, _>(&partition, threads, TABLE_RULES, |tiles| {
                            build_table::<W, N>(tiles)
                        });
                    (PatternDb::from_tables(&partition, tables), rules)
                }
            });
            rest = self.search_with_tables(&left).into_iter();
        }
        first
            .into_iter()
            .map(|found| found.unwrap_or_else(|| rest.next().expect("a case left for the tables")))
            .collect()
    }

    /// Each case searched with linear conflict, `None` for a case left for the tables.
    ///
    /// Each search runs one iteration at a time, and the next to run is always the one forecast
    /// cheapest ([`Iterations::forecast`]), for as long as the nodes spent so far and the
    /// forecasts of the unfinished searches' next iterations stay within the tables' cost: past that,
    /// searching on would cost more than the tables, so the cases left wait for them. A long
    /// input of hard boards learns this early (Korf's 100: after 0.6 million nodes of 4.7
    /// million); an easy board never comes near it. Searches for a goal that no table serves
    /// run to the end.
    fn search_first(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
    ) -> Vec<Option<Option<Vec<Move>>>> {
        let heuristics: Vec<_> = cases
            .iter()
            .map(|(_, goal)| LinearConflict::new(goal))
            .collect();
        let mut shared = Shared {
            found: vec![None; cases.len()],
            searches: Vec::new(),
            waiting: BinaryHeap::new(),
            spent: self.spent,
            forecasts: 0,
        };
        let rules = GrowingRules::new(W, N / W);
        for (i, ((start, goal), heuristic)) in cases.iter().zip(&heuristics).enumerate() {
            let search = match start.parity() == goal.parity() {
                true => Some(Iterations::new(start, heuristic, rules, self.max_moves)),
                false => {
                    shared.found[i] = Some(None);
                    None
                }
            };
            if search.is_some() {
                shared.waiting.push(Reverse((0, i)));
            }
            shared.searches.push(search);
        }
        let shared = Mutex::new(shared);
        let budgeted = |i: usize| cases[i].1.blank() == N - 1;
        let table_cost = self.table_cost();
        let worker = || loop {
            let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
            let (i, forecast, mut search, limit) = {
                let mut shared = lock();
                let committed = shared.spent + shared.forecasts;
                let Reverse((forecast, i)) = match shared.waiting.pop() {
                    Some(next) if !budgeted((next.0).1) || committed <= table_cost => next,
                    _ => return, // nothing to do, or the tables will pay
                };
                let search = shared.searches[i].take().expect("a waiting search");
                // Unless no table serves the goal, what is left of the budget bounds the
                // iteration even when it grows more than forecast.
                let limit = match budgeted(i) {
                    true => search.nodes() + (table_cost + forecast).saturating_sub(committed),
                    false => u64::MAX,
                };
                (i, forecast, search, limit)
            };
            let before = search.nodes();
            let end = search.run_iteration(limit);
            let mut shared = lock();
            shared.spent += search.nodes() - before;
            shared.forecasts -= forecast;
            match end {
                Some(Ok(solution)) => shared.found[i] = Some(Some(solution.moves)),
                Some(Err(Stop::MoveLimit { .. })) => shared.found[i] = Some(None),
                Some(Err(Stop::NodeLimit { .. })) => {} // left for the tables
                None => {
                    let forecast = match budgeted(i) {
                        true => search.forecast(),
                        false => 0,
                    };
                    shared.forecasts += forecast;
                    shared.waiting.push(Reverse((forecast, i)));
                    shared.searches[i] = Some(search);
                }
            }
        };
        on_threads(self.threads.min(cases.len()), worker);
        let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
        self.spent = shared.spent;
        shared.found
    }

    /// Every case searched with the tables, on every thread: the cases shared out between the
    /// threads, or, when there are fewer cases than threads, each case's search shared out
    /// between all of them ([`Iterations::finish_in_parallel`]), so one hard board uses every core.
    fn search_with_tables(&self, cases: &[(Board<W, N>, Board<W, N>)]) -> Vec<Option<Vec<Move>>> {
        let tables = self.tables.as_ref().map(|(tables, rules)| (tables, *rules));
        let (tables, rules) = tables.expect("the tables are built");
        let one_by_one = cases.len() < self.threads;
        let solve = |(start, goal): &(Board<W, N>, Board<W, N>)| {
            if start.parity() != goal.parity() {
                return None;
            }
            let found = if goal.blank() == N - 1 {
                let search =
                    Iterations::new(&start.relabelled(goal), tables, rules, self.max_moves);
                match one_by_one {
                    true => search.finish_in_parallel(self.threads),
                    false => search.finish(u64::MAX),
                }
            } else {
                let heuristic = LinearConflict::new(goal);
                let rules = GrowingRules::new(W, N / W);
                search(start, &heuristic, rules, u64::MAX, self.max_moves)
            };
            found.ok().map(|solution| solution.moves)
        };
        match one_by_one {
            true => cases.iter().map(solve).collect(),
            false => in_parallel(cases, self.threads, solve),
        }
    }
}

/// `work` applied to each item, and the move rules of a board `W` wide with `N` cells of up to
/// `max_len` moves: jobs shared out between `threads` threads, the rules last, where a core
/// would wait for the last item.
fn beside_rules<const W: usize, const N: usize, T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    max_len: usize,
    work: impl Fn(&T) -> R + Sync,
) -> (Vec<R>, &'static MoveRules) {
    let jobs: Vec<Option<&T>> = items.iter().map(Some).chain([None]).collect();
    let done = in_parallel(&jobs, threads, |job| {
        job.map(&work).or_else(|| {
            MoveRules::shared(W, N / W, max_len);
            None
        })
    });
    let results = done.into_iter().flatten().collect();
    (results, MoveRules::shared(W, N / W, max_len))
}

/// The 4x4 board's tables of `PARTITION_663` saved in `dir`, or, when no sound file of them is
/// there, built on `threads` threads (saying so on standard error, a line a table) and saved
/// there.
fn saved<const W: usize, const N: usize>(dir: &Path, threads: usize) -> PatternDb<W, N> {
    let sizes: Vec<usize> = PARTITION_663
        .iter()
        .map(|g| table_len(N, g.len()))
        .collect();
    if let Some(tables) = saved_tables::load(dir, &PARTITION_663, &sizes) {
        return PatternDb::from_tables(&PARTITION_663, tables);
    }
    let say = |text: String| {
        let _ = writeln!(io::stderr(), "{}", text);
    };
    say(format!(
        "building the 6-6-3 pattern databases in {}, once (a few seconds)",
        dir.display()
    ));
    let tables = in_parallel(&PARTITION_663, threads, |tiles| {
        let table = build_table::<W, N>(tiles);
        say(format!("  built the table of tiles {:?}", tiles));
        table
    });
    match saved_tables::save(dir, &PARTITION_663, &tables) {
        Ok(()) => say(format!(
            "  saved {}",
            saved_tables::file(dir, &PARTITION_663).display()
        )),
        Err(e) => say(format!("  cannot save them in {}: {}", dir.display(), e)),
    }
    PatternDb::from_tables(&PARTITION_663, tables)
}

/// What the threads of [`Solver::search_first`] share.
struct Shared<'a, const W: usize, const N: usize> {
    /// Each case's answer, once known.
    found: Vec<Option<Option<Vec<Move>>>>,
    /// Each case's search, while it waits for its next iteration.
    searches: Vec<Option<Iterations<'a, W, N, LinearConflict<W, N>, GrowingRules>>>,
    /// The cases whose searches wait, the cheapest forecast first.
    waiting: BinaryHeap<Reverse<(u64, usize)>>,
    /// The nodes spent so far, and the forecasts of the searches waiting or running, summed.
    spent: u64,
    forecasts: u64,
}

impl<const W: usize, const N: usize> Solve<W, N> for Solver<W, N> {
    fn answer(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
        with_path: bool,
    ) -> Vec<Option<Answer>> {
        let answer = |moves: Vec<Move>| match with_path {
            true => Answer::Path(moves),
            false => Answer::Distance(moves.len()),
        };
        self.paths(cases)
            .into_iter()
            .map(|path| path.map(answer))
            .collect()
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, cores());
    }

    const KEEPS_TABLES: bool = true;

    fn set_table_dir(&mut self, dir: PathBuf) {
        self.table_dir = Some(dir);
    }
}

/// The cores of this machine: more threads than that only cost their start-up (a thousand
/// threads took 5.63 s on 100,000 easy boards that two answer in 0.11 s).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_threads_than_cores() {
        assert_eq!(Solver::<4, 16>::new(1000).threads, cores());
        assert_eq!(Solver::<4, 16>::new(0).threads, 1);
        let mut solver = Solver::<4, 16>::new(1);
        solver.set_threads(1000);
        assert_eq!(solver.threads, cores());
    }
}
