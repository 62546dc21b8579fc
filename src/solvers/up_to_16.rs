//! Optimal paths on boards of up to 16 cells (the 15-puzzle, and 2x8, 3x5 and every smaller
//! shape), case after case: IDA* climbing a ladder of heuristics, a rung bought once the
//! searches on the rung below would cost more than its tables (the ski-rental rule of every
//! ladder, [`crate::search::budgeted::climb`]). The cases of a long input share the cores, and a
//! single case's search is shared out between them. One solver serves every shape: its width
//! and cells are type parameters, so the 4x4 searches run on constants.
//!
//! Every ladder starts from Manhattan distance plus linear conflict, which costs nothing to
//! build; the rungs above it are pattern databases ([`crate::pdb::additive`]), mirrored where the
//! board is square, and each kind of caller has its own:
//!
//! | Caller | Rungs above linear conflict |
//! |---|---|
//! | a judge's 4x4 case ([`Ladder::new`]) | 4-4-4-3 tables (milliseconds to build), 5-5-5 (a tenth of a second) |
//! | a person's 4x4 board ([`Ladder::with_large_tables`]) | those, then Korf and Felner's 6-6-3 (about a second) |
//! | a 4x4 board with `--tables DIR` ([`Ladder::apply`]) | the saved 6-6-3, then the saved 7-8 ([`crate::pdb::large`]) |
//! | other shapes ([`Ladder::for_shape`]) | groups of 4 tiles (where they differ from the next), groups of up to 6 |
//! | 2x8 and 8x2 | those, then a second partition's tables beside the first's |
//!
//! The searches on a rung spend nodes within a budget ([`crate::search::budgeted`]): what the
//! next rung costs to get, in nodes of linear conflict, times how much more searching pays for the
//! climb. An easy board, the usual judge case, answers in microseconds and never pays for
//! tables; a harder one pays at most a few times, rung by rung, what the best choice in
//! hindsight would have. The rule counts nodes, not time, so on one thread it is deterministic;
//! on several, which cases finish on which rung may vary, never the answers, since every path
//! is the first shortest one in dictionary order. What each rung searches and costs is in
//! doc/performance.md.

use std::mem;
#[cfg(feature = "tables")]
use std::path::PathBuf;

use crate::board::{Board, Move};
use crate::pdb::additive::PatternDb;
#[cfg(feature = "tables")]
use crate::pdb::large::PARTITION_78;
use crate::pdb::partitions::{
    partition, MAX_GROUP, PARTITION_4443, PARTITION_555, PARTITION_663, SMALL_GROUP,
};
use crate::pdb::placements::table_len;
use crate::pdb::ready;
use crate::search::budgeted::{self, Answers, Budget, HandOn};
use crate::search::ida_star::Iterations;
use crate::search::linear_conflict::LinearConflict;
use crate::search::move_rules::GrowingRules;
use crate::solvers::settings::Settings;
use crate::threads::cores;

/// Search nodes of linear conflict that cost what building the 4x4 board's 5-5-5 tables costs
/// (both measured in doc/performance.md); other tables cost in proportion to their entries.
pub const TABLE_COST: u64 = 4_700_000;

/// How many nodes of linear conflict a node searched with tables costs: its look-ups go to
/// memory, where linear conflict's stay in cache.
const TABLE_NODE_COST: u64 = 2;

/// How many times the small tables' cost linear conflict searches before it climbs to them:
/// climbing at once their cost made easy boards pay for tables they did not need.
const SMALL_TABLES_AFTER: u64 = 2;

/// How many times the 5-5-5 tables' cost a 4x4 case alone searches on the small tables before
/// it climbs to them: a board alone stops at its path within its last iteration, so forecasts
/// overstate what is left, and climbing late halves the time of a board a process.
const TABLES_AFTER_ALONE: u64 = 24;

/// How many times the cost of the last rung built at run time (6-6-3 on 4x4) the searches below
/// spend before they climb: half this made a long input of ordinary boards build tables it
/// did not need, doubling its time.
const LARGE_TABLES_AFTER: u64 = 6;

/// [`LARGE_TABLES_AFTER`] for a case alone, whose forecast is its own: the hardest boards gain
/// a tenth by climbing earlier.
const LARGE_TABLES_AFTER_ALONE: u64 = 3;

/// Search nodes of linear conflict that cost what loading the saved 6-6-3 tables and their
/// move rules costs: tens of milliseconds.
#[cfg(feature = "tables")]
const LOAD_COST: u64 = 500_000;

/// Search nodes of linear conflict that cost what loading the saved 7-8 tables costs: mapping
/// their half gigabyte takes tens of milliseconds.
#[cfg(feature = "tables")]
const LARGE_LOAD_COST: u64 = 2_000_000;

/// [`LARGE_LOAD_COST`] for a case alone, whose first look-ups each go to memory, and for the
/// first climb, which builds the tables for later runs' sake: a board a process then climbs
/// only when the tables will clearly pay.
#[cfg(feature = "tables")]
const LARGE_CLIMB_LATE: u64 = 24_000_000;

/// The optimal solver of a board `W` wide with `N` cells (at most 16): answers cases by climbing
/// its ladder of heuristics, described above. The tables are built for the goal `1 2 .. N-1 0`; a
/// case with another goal that has the blank in the last cell is relabelled to it. (The 3x3 boards'
/// solver, which ends on the distances of every arrangement, is
/// [`crate::solvers::up_to_9::Solver`].)
///
/// # Example
/// ```
/// use engine::board::{Board, Move};
/// use engine::solvers::up_to_16::Ladder;
/// let goal = Board::<4, 16>::canonical_goal(15);
/// let tiles = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
/// let start = Board::<4, 16>::from_tiles(tiles).unwrap();
/// let mut solver = Ladder::new(1);
/// assert_eq!(solver.paths(&[(start, goal)]), [Some(vec![Move::Right])]);
/// assert_eq!(solver.rungs_climbed(), 0);
/// ```
pub struct Ladder<const W: usize, const N: usize> {
    threads: usize,
    /// Cases that need more moves are answered `None`.
    max_moves: u32,
    /// The rungs above linear conflict, cheapest first.
    rungs: Vec<Rung<W, N>>,
    /// The rungs climbed so far: the searches stand on linear conflict at 0, else on
    /// `rungs[rung - 1]`.
    rung: usize,
    /// What the searches on that rung look up.
    heuristic: Heuristic<W, N>,
    /// Search nodes spent on that rung so far; on a rung of tables, since linear conflict.
    spent: u64,
    /// The partitions of the small tables and of the strongest built at run time.
    partitions: [Vec<Vec<u8>>; 2],
    /// Where the 4x4 board's tables are kept between runs (`--tables DIR`).
    #[cfg(feature = "tables")]
    table_dir: PathBuf,
}

/// A rung of the ladder above linear conflict.
#[derive(Clone, Copy)]
struct Rung<const W: usize, const N: usize> {
    /// Builds or loads the rung's heuristic; the rung below's is still the solver's, to reuse
    /// or to drop first.
    get: fn(&mut Ladder<W, N>) -> Heuristic<W, N>,
    /// The search nodes of linear conflict that the searches on the rung below spend and
    /// forecast before they climb to this one: by many cases, and by a case alone.
    pays_after: [u64; 2],
}

/// What the searches on a rung look up.
enum Heuristic<const W: usize, const N: usize> {
    LinearConflict,
    /// Groups of at most `SMALL_GROUP` tiles, searched with the move rules a search grows.
    SmallTables(PatternDb<W, N>),
    /// Larger groups, searched with move rules built beside them.
    Tables(PatternDb<W, N>, GrowingRules),
}

impl<const W: usize, const N: usize> Default for Ladder<W, N> {
    /// A solver of the 4x4 board that uses one thread per core.
    fn default() -> Self {
        Self::new(cores())
    }
}

impl<const W: usize, const N: usize> Ladder<W, N> {
    /// A solver of the 4x4 board, whose tables' partitions are constants, that uses up to
    /// `threads` threads, at least one and at most one per core.
    pub fn new(threads: usize) -> Self {
        let owned = |groups: &[&[u8]]| groups.iter().map(|group| group.to_vec()).collect();
        Self::with_partitions(threads, [owned(&PARTITION_4443), owned(&PARTITION_555)])
    }

    /// A solver of a board of any shape of up to 16 cells, its tables' partitions worked out by
    /// [`partition`] (the same as [`Ladder::new`]'s on the 4x4 board, whose programs need not
    /// carry that code).
    pub fn for_shape(threads: usize) -> Self {
        let partitions = [partition(W, N, SMALL_GROUP), partition(W, N, MAX_GROUP)];
        let mut solver = Self::with_partitions(threads, partitions);
        // On 2x8 and 8x2, where one partition's searches take longest, a second's beside it.
        if N == 16 && W * W != N {
            let second = |solver: &mut Self| {
                let (first, rules) = solver.take_tables();
                let db = ready::beside_second(first, &solver.partitions[1], solver.threads);
                Heuristic::Tables(db, rules)
            };
            let cost = cost_of::<N, _>(&ready::second_groups::<W, N>(&solver.partitions[1]));
            solver.rungs.push(Rung::large(second, cost));
        }
        solver
    }

    /// The ladder of small tables, where they differ from the strongest, and the strongest.
    fn with_partitions(threads: usize, partitions: [Vec<Vec<u8>>; 2]) -> Self {
        let strongest = cost_of::<N, _>(&partitions[1]);
        let after_alone = match (W, N) {
            (4, 16) => TABLES_AFTER_ALONE,
            _ => 1,
        };
        let mut rungs = Vec::new();
        if partitions[0] != partitions[1] {
            rungs.push(Rung {
                get: |solver| {
                    let db = PatternDb::build(&solver.partitions[0], solver.threads);
                    Heuristic::SmallTables(db)
                },
                pays_after: [SMALL_TABLES_AFTER * cost_of::<N, _>(&partitions[0]); 2],
            });
        }
        rungs.push(Rung {
            get: |solver| {
                let (db, rules) = ready::built(&solver.partitions[1], solver.threads);
                Heuristic::Tables(db, rules.into())
            },
            pays_after: [strongest, after_alone * strongest],
        });
        Ladder {
            threads: threads.clamp(1, cores()),
            max_moves: u32::MAX,
            rungs,
            rung: 0,
            heuristic: Heuristic::LinearConflict,
            spent: 0,
            partitions,
            #[cfg(feature = "tables")]
            table_dir: PathBuf::new(),
        }
    }

    /// This solver, on the 4x4 board, with Korf and Felner's 6-6-3 tables built at run time as
    /// its ladder's last rung, for a person's hardest boards; the judges' programs, whose boards
    /// need at most 50 moves, leave them out of their bundles. Before [`Ladder::apply`].
    pub fn with_large_tables(mut self) -> Self {
        if (W, N) == (4, 16) {
            let large = |solver: &mut Self| {
                let (_, rules) = solver.take_tables();
                Heuristic::Tables(PatternDb::build(&PARTITION_663, solver.threads), rules)
            };
            let cost = cost_of::<N, _>(&PARTITION_663);
            self.rungs.push(Rung::large(large, cost));
        }
        self
    }

    /// Takes `settings`: its threads, if given, and where the 4x4 board's tables are kept, if
    /// anywhere (`--tables DIR`): then its ladder is the saved 6-6-3 tables, then the saved 7-8,
    /// each built and saved by the first search that needs them. Other boards keep none.
    pub fn apply(&mut self, settings: &Settings) {
        if settings.threads.is_some() {
            self.threads = settings.threads();
        }
        // Only the 4x4 board keeps tables: the code that loads, builds and saves them is
        // compiled for that shape alone, not for every shape of `solve` (seconds of build each).
        #[cfg(feature = "tables")]
        if let (Some(dir), Some(fifteen)) = (&settings.tables, self.as_4x4()) {
            fifteen.keep_tables_in(dir.clone());
        }
    }

    /// This solver, if it is the 4x4 board's.
    #[cfg(feature = "tables")]
    fn as_4x4(&mut self) -> Option<&mut Ladder<4, 16>> {
        (self as &mut dyn std::any::Any).downcast_mut()
    }

    /// This solver, answering `None` for cases that need more than `max_moves` moves (LightOJ
    /// wants no path longer than 35); the search proves it without looking further.
    pub fn with_max_moves(self, max_moves: u32) -> Self {
        Ladder { max_moves, ..self }
    }

    /// The rungs climbed so far: 0 while the searches stand on linear conflict, 1 on the first
    /// rung of tables, and so on up the ladder described in the module's documentation.
    pub fn rungs_climbed(&self) -> usize {
        self.rung
    }

    /// An optimal path (moves of the blank; of those, the first in dictionary order) for each
    /// case, a start and its goal, in order; `None` where parity says the start cannot reach its
    /// goal, or where it needs more moves than the limit.
    ///
    /// # Panics
    /// If a goal's blank is not in the last cell: every program asks for such goals.
    pub fn paths(&mut self, cases: &[(Board<W, N>, Board<W, N>)]) -> Vec<Option<Vec<Move>>> {
        let mut paths = Vec::new();
        self.hand_on_paths(cases, &mut |path| paths.push(path));
        paths
    }

    /// The paths of [`Ladder::paths`], each handed to `hand_on` as soon as it and every path
    /// before it are found.
    pub fn hand_on_paths(&mut self, cases: &[(Board<W, N>, Board<W, N>)], hand_on: &mut HandOn) {
        let pays_after = |solver: &Self, alone: bool| {
            // A node searched with tables costs more than one of linear conflict.
            let node_cost = if solver.rung == 0 { 1 } else { TABLE_NODE_COST };
            let next = solver.rungs.get(solver.rung);
            next.map(|next| next.pays_after[usize::from(alone)] / node_cost)
        };
        budgeted::climb(
            self,
            cases,
            pays_after,
            Self::search,
            Self::step_up,
            hand_on,
        )
    }

    /// Searches the open cases of `answers`, from `starts`, on the rung the solver stands on,
    /// within `nodes` nodes.
    fn search(&mut self, starts: &[Board<W, N>], answers: &mut Answers, nodes: u64) {
        let budget = Budget {
            threads: self.threads,
            max_moves: self.max_moves,
            spent: self.spent,
            nodes,
            #[cfg(feature = "tables")]
            proven: None,
        };
        let grown = GrowingRules::new(W, N / W);
        self.spent = match &self.heuristic {
            Heuristic::LinearConflict => {
                let heuristic = LinearConflict::new(&Board::canonical_goal(N - 1));
                budgeted::search(starts, answers, &heuristic, grown, budget)
            }
            Heuristic::SmallTables(db) => budgeted::search(starts, answers, db, grown, budget),
            Heuristic::Tables(db, rules) => budgeted::search(starts, answers, db, *rules, budget),
        };
    }

    /// Gets the next rung's heuristic and stands on it.
    fn step_up(&mut self) {
        // Linear conflict's nodes cost less than those of tables: the count starts again.
        if self.rung == 0 {
            self.spent = 0;
        }
        self.heuristic = (self.rungs[self.rung].get)(self);
        self.rung += 1;
    }

    /// The tables the searches stand on, and their move rules, taken from the solver.
    fn take_tables(&mut self) -> (PatternDb<W, N>, GrowingRules) {
        match mem::replace(&mut self.heuristic, Heuristic::LinearConflict) {
            Heuristic::Tables(db, rules) => (db, rules),
            _ => unreachable!("a rung of tables below"),
        }
    }
}

#[cfg(feature = "tables")]
impl Ladder<4, 16> {
    /// [`Ladder::apply`]'s tables kept in `dir`.
    fn keep_tables_in(&mut self, dir: PathBuf) {
        // A case alone, and the first climb, which builds the 7-8 tables, climb later.
        let large = match crate::pdb::saved::file(&dir, &PARTITION_78).exists() {
            true => [LARGE_LOAD_COST, LARGE_CLIMB_LATE],
            false => [LARGE_CLIMB_LATE; 2],
        };
        self.table_dir = dir;
        self.rungs = vec![
            Rung {
                get: |solver| {
                    let (db, rules) = ready::saved_663(&solver.table_dir, solver.threads);
                    Heuristic::Tables(db, rules.into())
                },
                pays_after: [LOAD_COST; 2],
            },
            Rung {
                get: |solver| {
                    // The 6-6-3 tables go first: the 7-8 build needs nearly all of a gigabyte.
                    let (_, rules) = solver.take_tables();
                    let db = ready::saved_78(&solver.table_dir, solver.threads);
                    Heuristic::Tables(db, rules)
                },
                pays_after: large,
            },
        ];
    }
}

impl<const W: usize, const N: usize> Rung<W, N> {
    /// The last rung built at run time, which `get` gets for `cost` nodes of linear conflict.
    fn large(get: fn(&mut Ladder<W, N>) -> Heuristic<W, N>, cost: u64) -> Self {
        let after = [LARGE_TABLES_AFTER, LARGE_TABLES_AFTER_ALONE];
        Rung {
            get,
            pays_after: after.map(|after| after * cost),
        }
    }
}

/// The fewest moves from `start` to a `goal` with its blank anywhere (the ladder's tables serve
/// only goals with the blank in the last cell), and of those the first in dictionary order: IDA*
/// under linear conflict, which serves every goal, on up to `threads` threads. `None` when
/// parity says `start` cannot reach `goal`. Milliseconds on most boards, minutes on the
/// hardest 4x4 ones.
pub fn path_to_any_goal<const W: usize, const N: usize>(
    start: &Board<W, N>,
    goal: &Board<W, N>,
    threads: usize,
) -> Option<Vec<Move>> {
    if start.parity() != goal.parity() {
        return None;
    }
    let heuristic = LinearConflict::new(goal);
    let search = Iterations::new(start, &heuristic, GrowingRules::new(W, N / W), u32::MAX);
    let found = search.finish(threads, u64::MAX);
    Some(
        found
            .expect("a search without limits ends with the path")
            .moves,
    )
}

/// The search nodes of linear conflict that cost about what building the tables of the groups
/// of tiles `groups` on a board of `N` cells costs: in proportion to their entries, against the
/// 5-5-5 tables' three groups of five tiles on 16 cells.
fn cost_of<const N: usize, T: AsRef<[u8]>>(groups: &[T]) -> u64 {
    let entries: usize = groups.iter().map(|g| table_len(N, g.as_ref().len())).sum();
    TABLE_COST * entries as u64 / (3 * table_len(16, 5)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::partitions::partition;
    use crate::pdb::ready::TABLE_RULES;
    use crate::search::ida_star::Iterations;
    use crate::search::move_rules::MoveRules;

    /// A board `W` wide alone, hard enough to climb to the second partition's tables, where
    /// the estimate is the larger of two partitions' sums, against a search under the first
    /// partition alone (on two threads, with the move rules): the same first shortest path.
    fn check_two_partitions<const W: usize>(tiles: [u8; 16]) {
        let start = Board::<W, 16>::from_tiles(tiles).unwrap();
        let goal = Board::canonical_goal(15);
        let mut solver = Ladder::<W, 16>::for_shape(2).with_large_tables();
        let path = solver.paths(&[(start, goal)]).remove(0);
        // Linear conflict, groups of 4, of 5 and 6, then the second partition's beside.
        assert_eq!(solver.rungs_climbed(), 3);
        let one = PatternDb::<W, 16>::build(&partition(W, 16, MAX_GROUP), 2);
        let rules = GrowingRules::from(MoveRules::shared(W, 16 / W, TABLE_RULES));
        let expected = Iterations::new(&start, &one, rules, u32::MAX).finish(2, u64::MAX);
        assert_eq!(path, Some(expected.unwrap().moves));
    }

    #[test]
    fn the_thin_boards_of_16_cells_climb_to_a_second_partition_and_find_the_same_paths() {
        // 90 and 93 moves.
        check_two_partitions::<2>([7, 5, 6, 14, 3, 15, 12, 1, 13, 11, 9, 8, 0, 2, 10, 4]);
        check_two_partitions::<8>([7, 9, 11, 15, 14, 0, 1, 13, 5, 10, 8, 6, 12, 4, 3, 2]);
    }

    #[test]
    fn a_thin_board_that_ends_before_the_climb_builds_no_second_partition() {
        // 64 moves.
        let tiles = [1, 2, 11, 3, 4, 8, 15, 6, 14, 9, 7, 5, 10, 0, 13, 12];
        let start = Board::<8, 16>::from_tiles(tiles).unwrap();
        let mut solver = Ladder::<8, 16>::for_shape(2).with_large_tables();
        let goal = Board::canonical_goal(15);
        let path = solver.paths(&[(start, goal)]).remove(0).unwrap();
        let end = path.iter().fold(start, |board, &m| board.moved(m).unwrap());
        assert_eq!((end, path.len()), (goal, 64));
        // The first partition's tables, no second.
        assert_eq!(solver.rungs_climbed(), 2);
    }

    #[test]
    fn never_more_threads_than_cores() {
        assert_eq!(Ladder::<4, 16>::new(1000).threads, cores());
        assert_eq!(Ladder::<4, 16>::new(0).threads, 1);
        let mut solver = Ladder::<4, 16>::new(1);
        // Without the `tables` feature, `threads` is every field.
        #[allow(clippy::needless_update)]
        let settings = Settings {
            threads: Some(1000),
            ..Settings::default()
        };
        solver.apply(&settings);
        assert_eq!(solver.threads, cores());
    }
}
