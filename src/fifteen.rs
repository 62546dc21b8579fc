//! The 15-puzzle, case after case: IDA* with Manhattan distance plus linear conflict until the
//! searches have cost about what building the pattern databases costs, then IDA* with the
//! databases ([`crate::pattern_db`]), the cases of a long input on every core.
//!
//! This is the ski-rental rule of the 3x3 solver ([`crate::solver`]): an easy board, the usual
//! judge case, answers in microseconds and never pays for the tables; a hard board, or a long
//! input, pays at most about twice what the better choice in hindsight would have. A search
//! gives up early when its next iteration would pass its budget (IDA*'s iterations grow by a
//! steady factor, see [`search`]), and once one case has given up the tables are coming: cases
//! not yet begun wait for them instead of spending more. The rule counts search nodes, not
//! time, so on one thread it is deterministic; on several, which cases finish before the
//! switch may vary, never the answers, since every path is the first shortest one in
//! dictionary order. Before and after the switch the cases are shared out between threads (one
//! per core, or as many as asked) and answered in order.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::board::{Board, Move};
use crate::ida_star::{search, Stop};
use crate::judge::{Answer, Solve};
use crate::linear_conflict::LinearConflict;
use crate::pattern_db::{PatternDb, PARTITION_663};

/// The 4x4 board.
pub type Board16 = Board<4, 16>;

/// Search nodes of Manhattan distance plus linear conflict that cost about what building the
/// tables costs (see the README's Performance section for both figures).
pub const TABLE_COST: u64 = 60_000_000;

/// The goal cell of the blank that the tables are built for: `1 2 .. 15 0`.
const TABLE_BLANK: usize = 15;

/// Answers 4x4 cases, switching from search alone to the tables as described above.
///
/// # Example
/// ```
/// use engine::board::{Board, Move};
/// use engine::fifteen::Solver;
/// let goal = Board::<4, 16>::canonical_goal(15);
/// let tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
/// let start = Board::<4, 16>::from_tiles(tiles).unwrap();
/// let mut solver = Solver::new(1);
/// assert_eq!(solver.paths(&[(start, goal)]), [Some(vec![Move::Right])]);
/// ```
pub struct Solver {
    threads: usize,
    /// Cases that need more moves are answered `None`.
    max_moves: u32,
    /// Search nodes spent without the tables so far.
    spent: u64,
    tables: Option<PatternDb>,
}

impl Default for Solver {
    /// A solver that uses one thread per core.
    fn default() -> Self {
        Self::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

impl Solver {
    /// A solver that uses up to `threads` threads (at least one).
    pub fn new(threads: usize) -> Self {
        Solver {
            threads: threads.max(1),
            max_moves: u32::MAX,
            spent: 0,
            tables: None,
        }
    }

    /// This solver, answering `None` for cases that need more than `max_moves` moves (LightOJ
    /// wants no path longer than 35); the search proves it without looking further.
    pub fn with_max_moves(self, max_moves: u32) -> Self {
        Solver { max_moves, ..self }
    }

    /// Whether the tables are built by now.
    pub fn uses_tables(&self) -> bool {
        self.tables.is_some()
    }

    /// An optimal path (moves of the blank; of those, the first in dictionary order) for each
    /// case, a start and its goal, in order; `None` where parity says the start cannot reach its
    /// goal, or where it needs more moves than the limit.
    pub fn paths(&mut self, cases: &[(Board16, Board16)]) -> Vec<Option<Vec<Move>>> {
        if self.tables.is_some() {
            return self.search_with_tables(cases);
        }
        // Linear conflict first, the cases shared out between the threads. A search may spend
        // its thread's part of what is left of the budget, so that together they spend about
        // `TABLE_COST`; a case it cannot finish is left for the tables. Once one is, the tables
        // are sure to be built, and the cases not yet begun wait for them.
        let spent = AtomicU64::new(self.spent);
        let tables_wanted = AtomicBool::new(false);
        let sharing = self.threads.min(cases.len()).max(1) as u64;
        let first = in_parallel(cases, self.threads, |(start, goal)| {
            if start.parity() != goal.parity() {
                return Some(None);
            }
            let limit = match goal.blank() {
                TABLE_BLANK if tables_wanted.load(Ordering::Relaxed) => return None,
                TABLE_BLANK => TABLE_COST.saturating_sub(spent.load(Ordering::Relaxed)) / sharing,
                _ => u64::MAX, // no table serves this goal: search to the end
            };
            let (found, nodes) =
                match search(start, &LinearConflict::new(goal), limit, self.max_moves) {
                    Ok(solution) => (Some(Some(solution.moves)), solution.nodes),
                    Err(Stop::MoveLimit { nodes }) => (Some(None), nodes),
                    Err(Stop::NodeLimit { nodes }) => {
                        tables_wanted.store(true, Ordering::Relaxed);
                        (None, nodes)
                    }
                };
            spent.fetch_add(nodes, Ordering::Relaxed);
            found
        });
        self.spent = spent.into_inner();
        let left: Vec<_> = cases
            .iter()
            .zip(&first)
            .filter(|(_, found)| found.is_none())
            .map(|(&case, _)| case)
            .collect();
        let mut rest = Vec::new().into_iter();
        if !left.is_empty() {
            self.tables = Some(PatternDb::build(&PARTITION_663, self.threads));
            rest = self.search_with_tables(&left).into_iter();
        }
        first
            .into_iter()
            .map(|found| found.unwrap_or_else(|| rest.next().expect("a case left for the tables")))
            .collect()
    }

    /// Every case searched with the tables, on every thread.
    fn search_with_tables(&self, cases: &[(Board16, Board16)]) -> Vec<Option<Vec<Move>>> {
        let tables = self.tables.as_ref().expect("the tables are built");
        in_parallel(cases, self.threads, |(start, goal)| {
            if start.parity() != goal.parity() {
                return None;
            }
            let found = if goal.blank() == TABLE_BLANK {
                search(&start.relabelled(goal), tables, u64::MAX, self.max_moves)
            } else {
                search(start, &LinearConflict::new(goal), u64::MAX, self.max_moves)
            };
            found.ok().map(|solution| solution.moves)
        })
    }
}

/// `work` applied to each item, on up to `threads` threads, the results in the items' order.
/// Each thread takes the next item left, so a slow item holds up only its own thread.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            match items.get(i) {
                Some(item) => done.push((i, work(item))),
                None => return done,
            }
        }
    };
    let mut done = std::thread::scope(|scope| {
        // A thread that cannot be had leaves its share to the others.
        let helpers: Vec<_> = (1..threads.min(items.len()))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, worker).ok())
            .collect();
        let mut done = worker();
        for helper in helpers {
            done.extend(
                helper
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
        }
        done
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, result)| result).collect()
}

impl Solve<4, 16> for Solver {
    fn answer(&mut self, cases: &[(Board16, Board16)], with_path: bool) -> Vec<Option<Answer>> {
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
        self.threads = threads;
    }
}
