//! Optimal paths on boards of up to 16 cells (the 15-puzzle, and 2x8, 3x5 and every smaller
//! shape), case after case: IDA* climbing a ladder of heuristics, each step bought once the
//! searches on the step below would cost more than its tables, the cases of a long input on
//! every core and a single case's search shared out between them. One solver serves every
//! shape: its width and cells are type parameters, so the 4x4 searches run on constants.
//!
//! The ladder ([`Step`]), on the 4x4 board (figures: AMD EPYC, two threads, Korf's 100):
//!
//! 1. **Manhattan distance plus linear conflict**: nothing to build; a median of 2.0 million
//!    nodes a board (with the move rules a search builds for itself).
//! 2. **4-4-4-3 pattern databases**, mirrored ([`crate::pattern_db`]): 9 ms to build, 260,000
//!    nodes for the median board. Of six 4-4-4-3 partitions tried it searched the fewest (the
//!    others 1.7 to 3.4 times as many), and no swap of two tiles improves it on half of Korf's
//!    boards. Groups of three (3-3-3-3-3) build in 2 ms but search 3.3 times its nodes.
//! 3. **5-5-5 pattern databases**, mirrored, with the move rules of up to 12 moves: 0.12 s to
//!    build, 94,000 nodes for the median board.
//! 4. **6-6-3 pattern databases** (Korf and Felner's), mirrored, for the solvers that ask for
//!    them ([`Solver::with_large_tables`]: `fifteen` and `solve`): about a second to build,
//!    half the nodes of 5-5-5, so bought only once the 5-5-5 searches would cost several times
//!    that (`LARGE_TABLES_AFTER`): an 80-move board climbs, none of Korf's 100 does. The 2x8
//!    and 8x2 boards, which have no mirror, climb by the same rule to the 5-5-5 tables looked
//!    up beside a second partition's ([`crate::pattern_db::second_partition`]), two more
//!    tables: 3.3 to 7.6 times fewer nodes on the hardest boards, while the median board, which
//!    ends before the climb, no longer builds them (0.41 s against 0.54 s, the slowest of 48
//!    boards 2.9 s either way, with the two more tables from the start).
//!
//! With the tables kept in a folder (`--tables DIR`, the `tables` feature), every program's
//! ladder on the 4x4 board is linear conflict, then the saved 6-6-3 tables in place of steps 2
//! and 3 (11 MiB, loaded in milliseconds), then Korf and Felner's **7-8 pattern databases**,
//! mirrored ([`crate::large_table`]), in place of step 4: the strongest heuristic known for the
//! board, but minutes and 1 GB of memory to build, so built once, by the first search that
//! needs them, and saved. Later runs map their 576 MB from the file
//! ([`crate::saved_tables`]) in about 40 ms, so a long input's 6-6-3 searches climb to them once
//! they have spent and forecast that much (`LARGE_LOAD_COST`); a board alone, and the first
//! climb, which builds them, wait for about 0.6 s of search (`LARGE_CLIMB_LATE`). The 17 boards
//! of 80 moves then take about 1.1 s a process instead of 7.5, and Korf's 100 in one input
//! 0.25 to 0.35 s.
//!
//! Each step is the ski-rental rule of the 3x3 solver ([`crate::solver`]): an easy board, the
//! usual judge case, answers in microseconds and never pays for tables; a harder one pays at
//! most about twice, step by step, what the better choice in hindsight would have. The searches
//! run one iteration at a time, the cheapest first, and IDA*'s iterations grow by a steady
//! factor ([`Iterations::forecast`]): once the nodes spent on a step and the forecast next
//! iterations of the unfinished cases pass the next step's cost, the cases left climb, so a
//! long input of hard boards wastes little on the lower steps. One board alone went from a
//! median of 0.18 s a process, when linear conflict led straight to 5-5-5, to 0.04 s; it
//! climbs to 5-5-5 only after 24 times their cost (`TABLES_AFTER_ALONE`), which none of
//! Korf's boards reaches, and their 90th percentile went from 0.34 s to 0.15 s. The rule
//! counts search nodes, not time, so on one thread it is deterministic; on several, which cases
//! finish on which step may vary, never the answers, since every path is the first shortest
//! one in dictionary order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
#[cfg(feature = "tables")]
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::board::{Board, Move};
use crate::ida_star::{Growing, Heuristic, Iterations, Solution, Stop};
use crate::judge::{self, Answer, Solve};
#[cfg(feature = "tables")]
use crate::large_table::{build_large_table, PARTITION_78};
use crate::linear_conflict::LinearConflict;
use crate::move_rules::{GrowingRules, MoveRules};
use crate::pattern_db::{
    build_table, partition, second_partition, table_len, PatternDb, MAX_GROUP, PARTITION_4443,
    PARTITION_555, PARTITION_663, SMALL_GROUP,
};
#[cfg(feature = "tables")]
use crate::saved_tables::{self, NotLoaded};
use crate::threads::{in_parallel, on_threads};

/// Search nodes of Manhattan distance plus linear conflict that cost about what building the
/// 4x4 board's 5-5-5 tables costs (see doc/performance.md for both figures);
/// other boards' tables cost in proportion to their entries (`Solver::table_cost`).
pub const TABLE_COST: u64 = 4_700_000;
const TABLE_COST_ENTRIES: u64 = 3 * 16 * 15 * 14 * 13 * 12;

/// The longest move sequences whose repeats the searches with the tables skip: longer than a
/// single search builds for itself ([`GrowingRules`]), since the searches that climb this far
/// are long ones, and built beside the tables while their build leaves a core idle. Korf's 100:
/// 346,930 nodes per instance instead of 380,615 with the rules of up to 10 moves.
const TABLE_RULES: usize = 12;

/// Search nodes of linear conflict that cost about what loading the saved tables and building
/// the move rules of up to `SAVED_RULES` moves beside cost: 12 to 20 ms, measured on AMD EPYC,
/// at about 30 ns a node.
#[cfg(feature = "tables")]
const LOAD_COST: u64 = 500_000;

/// The longest move sequences whose repeats the searches with the saved tables skip: those
/// rules build in 6 ms, where the 12-move rules would take longer than a single board's search.
/// (The searches with the small tables grow their own, as linear conflict's do.)
#[cfg(feature = "tables")]
const SAVED_RULES: usize = 10;

/// How many nodes of linear conflict a node of a search with the tables costs: on AMD EPYC
/// about 45 ns against 24 when the search looked the tables up by rank, 40 to 60 ns against 40
/// since it looks them up spread out (`pattern_db`). 1 instead made no difference measured on
/// Korf's 100, in one input or one board a process (2026-11-26), so 2 stays.
const TABLE_NODE_COST: u64 = 2;

/// How many times the cost of the strongest tables (5-5-5 on the 4x4 board) a case searched
/// alone spends and forecasts under the small tables before it climbs to them (many cases climb
/// at once their cost). Alone, the climb pays far later than the costs say: its search has every
/// core, the strongest tables save only about three fifths of the search left, and a forecast
/// iteration that turns out to be the last stops at the path (on Korf's #88, a twentieth of the
/// way in). With 24 no Korf board alone climbs (#88 comes nearest, at 21 times). One board per
/// process, least of three runs, AMD EPYC: Korf's 100 took 7.8 s in all against 14.6 s with 1,
/// a 90th percentile of 145 ms against 340, at worst 461 ms against 488; with 5, 8 or 16, #60
/// and #88 still climbed, taking up to 0.78 s. The 17 boards of 80 moves, which climb within a
/// few iterations, pay about half a second more: 245.8 s in all against 237.3 s, one run each by
/// turns (slower on 11 of them). The 4x4 board only: of ten random 2x8 and 8x2 boards, where the
/// small tables know less, five took longer with 24, two of them three times as long.
const TABLES_AFTER_ALONE: u64 = 24;

/// How many times the cost of the large tables (6-6-3 on the 4x4 board) the searches with the
/// 5-5-5 tables spend and forecast before they climb to them. The large tables search about
/// half the nodes, not none, so they pay only where the 5-5-5 searches would cost several times
/// their build. On AMD EPYC, two threads: with 3, two of the 80-move boards took 5.6 and 11.2 s
/// against 10.6 and 14.5 s on 5-5-5 alone, but Korf's 100 in one input climbed too (their
/// forecasts passed 4 times the cost, not 5) and took 1.97 s against 0.99 s; with 6, 6.7 and
/// 12.5 s, and Korf's 100 stay on 5-5-5.
const LARGE_TABLES_AFTER: u64 = 6;

/// `LARGE_TABLES_AFTER` for a case searched alone, as a judge's and a person's are: its forecast
/// is its own, where many cases' summed forecasts overstate what is left. On AMD EPYC (a slower
/// machine of the kind), the 17 boards of 80 moves took 249.3 s in all against 274.9 s with 6
/// (14 of them sooner), and no Korf board alone climbs; with 1, Korf's #60 and #88 climbed and
/// took about 2 s instead of 0.5.
const LARGE_TABLES_AFTER_ALONE: u64 = 3;

/// Search nodes of linear conflict that cost about what loading the saved 7-8 tables costs:
/// mapping their 576 MB and checking them takes 30 to 50 ms on AMD EPYC, at about 25 ns a node.
/// Korf's 100 in one input, run by turns, took 0.22 to 0.39 s with 2 million against 0.33 to
/// 0.71 s with `LARGE_CLIMB_LATE` (the machine's speed drifting by half over the hour).
#[cfg(feature = "tables")]
const LARGE_LOAD_COST: u64 = 2_000_000;

/// `LARGE_LOAD_COST` where loading is not what climbing costs:
/// - For a case searched alone: one board's short search pays for the tables' first look-ups,
///   each of them a trip to memory, on top of the load. With 2 million, 15 of Korf's boards,
///   one a process, climbed and took 50 to 70 ms longer. Over the 25 slowest, least of
///   three runs each, AMD EPYC: 1.55 s in all with 24 million, 1.59 s with 48, 1.61 s with 16,
///   1.70 s with 8, 2.15 s with 4.
/// - When no 7-8 set is saved yet: the climb builds it, minutes of work for later runs' sake, so
///   only searches that forecast about 0.6 s more start it, as they did when loading the
///   tables (then a copy into memory) cost that much.
#[cfg(feature = "tables")]
const LARGE_CLIMB_LATE: u64 = 24_000_000;

/// Answers cases on a board `W` wide with `N` cells (at most 16), climbing the ladder described
/// above. The tables are built for the goal `1 2 .. N-1 0`; a case with another goal that has
/// the blank in the last cell is relabelled to it.
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
    /// Search nodes spent so far on the ladder's current step: linear conflict, then the small
    /// tables.
    spent: u64,
    /// The small tables (groups of at most `SMALL_GROUP` tiles), while the searches use them.
    small: Option<PatternDb<W, N, 4>>,
    /// The strongest tables and the move rules searched with them, once they are built or
    /// loaded.
    tables: Option<(PatternDb<W, N>, &'static MoveRules)>,
    /// The partitions of the small tables and of the strongest built at run time.
    partitions: [Vec<Vec<u8>>; 2],
    /// The ladder's last step without saved tables, for the callers that ask for it
    /// ([`Solver::with_large_tables`]): how it climbs.
    climb_to_large: Option<ClimbToLarge<W, N>>,
    /// Where the tables are kept between runs (`--tables DIR`, the `tables` feature), if
    /// anywhere: on the 4x4 board (other boards keep nothing), the saved 6-6-3 tables take the
    /// place of the ladder's two middle steps, since they cost little to load (the searches
    /// switch to them after `LOAD_COST` nodes), and the saved 7-8 tables that of its last step,
    /// for every program. Each set is loaded from there, or built once and saved there
    /// ([`crate::saved_tables`]).
    table_dir: Option<PathBuf>,
}

/// The steps of the ladder of heuristics, cheapest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Manhattan distance plus linear conflict: nothing to build.
    LinearConflict,
    /// Pattern databases of groups of at most `SMALL_GROUP` tiles (4-4-4-3 on the 4x4 board):
    /// milliseconds to build.
    SmallTables,
    /// The strongest pattern databases: 5-5-5 on the 4x4 board, or the saved 6-6-3.
    Tables,
    /// For the hardest boards: on the 4x4 board without saved tables, for the programs that ask
    /// for it, Korf and Felner's 6-6-3 built at run time (about a second to build, half the
    /// nodes of 5-5-5); with them, Korf and Felner's saved 7-8 (a fifth of 6-6-3's nodes). On
    /// 2x8 and 8x2, the 5-5-5 tables beside a second partition's.
    LargeTables,
}

impl<const W: usize, const N: usize> Default for Solver<W, N> {
    /// A solver of the 4x4 board that uses one thread per core.
    fn default() -> Self {
        Self::new(cores())
    }
}

impl<const W: usize, const N: usize> Solver<W, N> {
    /// A solver of the 4x4 board, whose tables' partitions are constants, that uses up to
    /// `threads` threads, at least one and at most one per core.
    pub fn new(threads: usize) -> Self {
        let owned = |groups: &[&[u8]]| groups.iter().map(|group| group.to_vec()).collect();
        Self::with_partitions(threads, [owned(&PARTITION_4443), owned(&PARTITION_555)])
    }

    /// A solver of a board of any shape of up to 16 cells, its tables' partitions worked out by
    /// [`partition`] (the same as [`Solver::new`]'s on the 4x4 board, whose programs need not
    /// carry that code).
    pub fn for_shape(threads: usize) -> Self {
        let partitions = [partition(W, N, SMALL_GROUP), partition(W, N, MAX_GROUP)];
        // On 2x8 and 8x2, where one partition's searches take longest (see `second_partition`),
        // the ladder's last step.
        let climb_to_second: ClimbToLarge<W, N> = Self::climb_to_second;
        Solver {
            climb_to_large: Some(climb_to_second).filter(|_| N == 16 && W * W != N),
            ..Self::with_partitions(threads, partitions)
        }
    }

    fn with_partitions(threads: usize, partitions: [Vec<Vec<u8>>; 2]) -> Self {
        Solver {
            threads: threads.clamp(1, cores()),
            max_moves: u32::MAX,
            spent: 0,
            small: None,
            tables: None,
            partitions,
            climb_to_large: None,
            table_dir: None,
        }
    }

    /// This solver, with the large tables as the last step of its ladder on the 4x4 board
    /// without saved tables: the programs for a person's hardest boards take it, while the
    /// judges' programs, whose boards need at most 50 moves, leave it out of their bundles.
    pub fn with_large_tables(self) -> Self {
        let climb_to_large: ClimbToLarge<W, N> = Self::climb_to_large;
        let climb_to_large = Some(climb_to_large).filter(|_| (W, N) == (4, 16));
        Solver {
            climb_to_large: self.climb_to_large.or(climb_to_large),
            ..self
        }
    }

    /// This solver, keeping its tables in `table_dir`, if any (`--tables DIR`; a solver built
    /// without the `tables` feature keeps none there).
    pub fn with_table_dir(self, table_dir: Option<PathBuf>) -> Self {
        Solver { table_dir, ..self }
    }

    /// This solver, answering `None` for cases that need more than `max_moves` moves (LightOJ
    /// wants no path longer than 35); the search proves it without looking further.
    pub fn with_max_moves(self, max_moves: u32) -> Self {
        Solver { max_moves, ..self }
    }

    /// The search nodes that cost about what getting the tables costs.
    fn table_cost(&self) -> u64 {
        match self.table_dir() {
            #[cfg(feature = "tables")]
            Some(_) => LOAD_COST,
            _ => cost_of::<N, _>(&self.partitions[1]),
        }
    }

    /// Where the tables are kept between runs, on the 4x4 board.
    fn table_dir(&self) -> Option<&Path> {
        self.table_dir.as_deref().filter(|_| (W, N) == (4, 16))
    }

    /// Whether the searches stand on the ladder's last step: on tables larger than those of the
    /// step below (5-5-5 tables, or the saved 6-6-3).
    fn on_large_tables(&self) -> bool {
        let below = match self.table_dir() {
            Some(_) => PARTITION_663.iter().map(|g| table_len(N, g.len())).sum(),
            None => TABLE_COST_ENTRIES as usize,
        };
        let bytes = self.tables.as_ref().map(|(db, _)| db.table_bytes());
        bytes.map_or(false, |bytes| bytes > below)
    }

    /// The step of the ladder the searches stand on by now.
    pub fn step(&self) -> Step {
        match (&self.small, &self.tables) {
            _ if self.on_large_tables() => Step::LargeTables,
            (_, Some(_)) => Step::Tables,
            (Some(_), None) => Step::SmallTables,
            (None, None) => Step::LinearConflict,
        }
    }

    /// An optimal path (moves of the blank; of those, the first in dictionary order) for each
    /// case, a start and its goal, in order; `None` where parity says the start cannot reach its
    /// goal, or where it needs more moves than the limit.
    ///
    /// # Panics
    /// If a goal's blank is not in the last cell: every program asks for such goals.
    pub fn paths(&mut self, cases: &[(Board<W, N>, Board<W, N>)]) -> Vec<Option<Vec<Move>>> {
        let mut found: Vec<_> = cases
            .iter()
            .map(|(start, goal)| {
                assert_eq!(
                    goal.blank(),
                    N - 1,
                    "a goal with the blank in the last cell"
                );
                (start.parity() != goal.parity()).then_some(None)
            })
            .collect();
        let starts: Vec<_> = cases
            .iter()
            .map(|(start, goal)| start.relabelled(goal))
            .collect();
        if self.small.is_none() && self.tables.is_none() && unsolved(&found) {
            let [small_groups, groups] = &self.partitions;
            let climbs_to_small = self.table_dir().is_none() && small_groups != groups;
            let heuristic = LinearConflict::new(&Board::canonical_goal(N - 1));
            let budget = match climbs_to_small {
                // Twice their cost, since leaving linear conflict also throws its search away:
                // at once their cost, 3 of Korf's 10 boards of at most 45 moves left it and
                // took up to twice as long as before the small tables (21 ms against 8).
                true => 2 * cost_of::<N, _>(small_groups),
                false => self.table_cost(),
            };
            let rules = GrowingRules::new(W, N / W);
            self.spent = self.search_budgeted(&starts, &mut found, &heuristic, rules, budget);
            if unsolved(&found) {
                self.spent = 0;
                match climbs_to_small {
                    true => self.small = Some(PatternDb::build(small_groups, self.threads)),
                    false => self.tables = Some(self.build_tables()),
                }
            }
        }
        if let (Some(small), true) = (&self.small, unsolved(&found)) {
            let after = match alone(&found) && (W, N) == (4, 16) {
                true => TABLES_AFTER_ALONE,
                false => 1,
            };
            let budget = after * self.table_cost() / TABLE_NODE_COST;
            let rules = GrowingRules::new(W, N / W);
            self.spent = self.search_budgeted(&starts, &mut found, small, rules, budget);
            if unsolved(&found) {
                self.small = None;
                self.tables = Some(self.build_tables());
            }
        }
        if let (Some((tables, rules)), true) = (&self.tables, unsolved(&found)) {
            let rules = *rules;
            // The last step, unless the searches stand on it already.
            match (
                self.table_dir(),
                self.climb_to_large,
                self.on_large_tables(),
            ) {
                #[cfg(feature = "tables")]
                (Some(dir), _, false) => {
                    let dir = dir.to_path_buf();
                    self.climb_to_saved_large(&dir, &starts, &mut found, rules);
                }
                (None, Some(climb), false) => climb(self, &starts, &mut found, rules),
                _ => {
                    self.search_budgeted(&starts, &mut found, tables, rules, u64::MAX);
                }
            }
        }
        let answers = found.into_iter();
        answers
            .map(|answer| answer.expect("every case answered"))
            .collect()
    }

    /// The ladder's last step on the 4x4 board: the cases not `found` searched under the 5-5-5
    /// tables (and `rules`) until they have spent and forecast `LARGE_TABLES_AFTER` times the
    /// cost of Korf and Felner's 6-6-3 tables (`LARGE_TABLES_AFTER_ALONE` for a case alone), and
    /// the cases left searched under those.
    fn climb_to_large(
        &mut self,
        starts: &[Board<W, N>],
        found: &mut Found,
        rules: &'static MoveRules,
    ) {
        let cost = cost_of::<N, _>(&PARTITION_663);
        self.climb(starts, found, rules, cost, |solver| {
            PatternDb::build(&PARTITION_663, solver.threads)
        });
    }

    /// The ladder's last step on 2x8 and 8x2: as [`Solver::climb_to_large`], to the tables of
    /// the first partition looked up beside those of the second ([`second_partition`]), whose
    /// groups that the first lacks are built then.
    fn climb_to_second(
        &mut self,
        starts: &[Board<W, N>],
        found: &mut Found,
        rules: &'static MoveRules,
    ) {
        let groups = self.partitions[1].clone();
        let second = second_partition(W, N, &groups);
        let more: Vec<Vec<u8>> = second
            .iter()
            .filter(|&g| !groups.contains(g))
            .cloned()
            .collect();
        self.climb(
            starts,
            found,
            rules,
            cost_of::<N, _>(&more),
            move |solver| {
                let (first, _) = solver.tables.take().expect("the first partition's tables");
                let built = in_parallel(&more, solver.threads, |tiles| build_table::<W, N>(tiles));
                let tables = first.into_tables().into_iter();
                let tables = tables.chain(built.into_iter().map(Into::into)).collect();
                let all = [&groups[..], &more[..]].concat();
                PatternDb::of_partitions(&[&groups[..], &second[..]], &all, tables)
            },
        );
    }

    /// The cases not `found` searched under the tables (and `rules`) until they have spent and
    /// forecast `LARGE_TABLES_AFTER` times `cost` (`LARGE_TABLES_AFTER_ALONE` for a case
    /// alone), and the cases left searched under the tables that `build` returns.
    fn climb(
        &mut self,
        starts: &[Board<W, N>],
        found: &mut Found,
        rules: &'static MoveRules,
        cost: u64,
        build: impl FnOnce(&mut Self) -> PatternDb<W, N>,
    ) {
        if let Some((tables, _)) = &self.tables {
            let after = match alone(found) {
                true => LARGE_TABLES_AFTER_ALONE,
                false => LARGE_TABLES_AFTER,
            };
            let budget = after * cost / TABLE_NODE_COST;
            self.spent = self.search_budgeted(starts, found, tables, rules, budget);
        }
        if unsolved(found) {
            let large = build(self);
            self.search_budgeted(starts, found, &large, rules, u64::MAX);
            self.tables = Some((large, rules));
        }
    }

    /// The ladder's last step on the 4x4 board with the tables kept in `dir`: the cases not
    /// `found` searched under the saved 6-6-3 tables until they have spent and forecast what
    /// loading Korf and Felner's 7-8 tables costs (`LARGE_LOAD_COST`), and the cases left
    /// searched under those: the strongest heuristic known for the board, a fifth of 6-6-3's
    /// nodes, but 576 MB, minutes and 1 GB of memory to build ([`crate::large_table`]), so they
    /// are built once, by the first search that climbs to them, saved, and loaded by later ones.
    #[cfg(feature = "tables")]
    fn climb_to_saved_large(
        &mut self,
        dir: &Path,
        starts: &[Board<W, N>],
        found: &mut Found,
        rules: &'static MoveRules,
    ) {
        if let Some((tables, _)) = &self.tables {
            let saved = saved_tables::file(dir, &PARTITION_78).exists();
            let cost = match saved && !alone(found) {
                true => LARGE_LOAD_COST,
                false => LARGE_CLIMB_LATE,
            };
            let budget = cost / TABLE_NODE_COST;
            self.spent = self.search_budgeted(starts, found, tables, rules, budget);
        }
        if unsolved(found) {
            // The 6-6-3 tables go first: the 7-8 build needs all but 24 MiB of 1 GiB.
            self.tables = None;
            let large = saved(dir, self.threads, &PARTITION_78, "7-8", 1, build_78::<W, N>);
            self.search_budgeted(starts, found, &large, rules, u64::MAX);
            self.tables = Some((large, rules));
        }
    }

    /// The strongest tables this solver has, and their move rules: loaded or built and saved
    /// under `--tables`, else built.
    fn build_tables(&self) -> (PatternDb<W, N>, &'static MoveRules) {
        let threads = self.threads;
        match self.table_dir() {
            #[cfg(feature = "tables")]
            Some(dir) => {
                let (mut db, rules) =
                    beside_rules::<W, N, _, _>(&[dir], threads, SAVED_RULES, |dir| {
                        saved(dir, threads, &PARTITION_663, "6-6-3", 3, |tiles, _| {
                            build_table::<W, N>(tiles)
                        })
                    });
                (db.remove(0), rules)
            }
            _ => {
                let groups = &self.partitions[1];
                let (tables, rules) =
                    beside_rules::<W, N, _, _>(groups, threads, TABLE_RULES, |tiles| {
                        build_table::<W, N>(tiles)
                    });
                (PatternDb::from_tables(groups, tables), rules)
            }
        }
    }

    /// Each case not yet `found` searched from its start under `heuristic` and `rules`, `found`
    /// filled in where a search ends; returns the nodes spent on this step of the ladder.
    ///
    /// Each search runs one iteration at a time, and the next to run is always the one forecast
    /// cheapest ([`Iterations::forecast`]), for as long as the nodes spent so far and the
    /// forecasts of the unfinished searches' next iterations stay within `budget`, the cost of
    /// the next tables: past that, searching on would cost more than the tables, so the cases
    /// left wait for them. A long input of hard boards learns this early (Korf's 100: after 0.6
    /// million nodes of 4.7 million); an easy board never comes near it. On the top step the
    /// budget is `u64::MAX`: every search runs to its end. The last search waiting runs on every
    /// thread ([`Iterations::run_iteration`]), so a single hard board uses every core.
    fn search_budgeted<H: Heuristic<W, N>, P: Growing>(
        &self,
        starts: &[Board<W, N>],
        found: &mut Found,
        heuristic: &H,
        rules: P,
        budget: u64,
    ) -> u64 {
        let left: Vec<usize> = (0..starts.len()).filter(|&i| found[i].is_none()).collect();
        let search_of = |i: usize| Iterations::new(&starts[i], heuristic, rules, self.max_moves);
        let shared = Mutex::new(Shared {
            searches: left.iter().map(|&i| Some(search_of(i))).collect(),
            waiting: (0..left.len()).map(|k| Reverse((0, k))).collect(),
            spent: self.spent,
            forecasts: 0,
            ends: Vec::new(),
        });
        let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
        let worker = || loop {
            let (k, forecast, mut search, limit, threads) = {
                let mut shared = lock();
                let committed = shared.spent + shared.forecasts;
                let Reverse((forecast, k)) = match shared.waiting.pop() {
                    Some(next) if committed <= budget => next,
                    _ => return, // nothing to do, or the tables will pay
                };
                let search = shared.searches[k].take().expect("a waiting search");
                // What is left of the budget bounds the iteration even when it grows more than
                // forecast.
                let room = budget.saturating_add(forecast).saturating_sub(committed);
                let limit = search.nodes().saturating_add(room);
                // The last search left has every thread: the others end with their iterations.
                let threads = match shared.waiting.is_empty() {
                    true => self.threads,
                    false => 1,
                };
                (k, forecast, search, limit, threads)
            };
            let before = search.nodes();
            let end = search.run_iteration(threads, limit);
            let mut shared = lock();
            shared.spent += search.nodes() - before;
            shared.forecasts -= forecast;
            match end {
                Some(end) => shared.ends.push((left[k], end)),
                None => {
                    let forecast = search.forecast();
                    shared.forecasts += forecast;
                    shared.waiting.push(Reverse((forecast, k)));
                    shared.searches[k] = Some(search);
                }
            }
        };
        on_threads(self.threads.min(left.len()), worker);
        let Shared { spent, ends, .. } = shared.into_inner().unwrap_or_else(|e| e.into_inner());
        for (i, end) in ends {
            match end {
                Ok(solution) => found[i] = Some(Some(solution.moves)),
                Err(Stop::MoveLimit { .. }) => found[i] = Some(None),
                Err(Stop::NodeLimit { .. }) => {} // left for the tables
            }
        }
        spent
    }
}

/// The search nodes of linear conflict that cost about what building the tables of
/// the groups of tiles `groups` on a board of `N` cells costs: in proportion to their entries.
fn cost_of<const N: usize, T: AsRef<[u8]>>(groups: &[T]) -> u64 {
    let entries: usize = groups.iter().map(|g| table_len(N, g.as_ref().len())).sum();
    TABLE_COST * entries as u64 / TABLE_COST_ENTRIES
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

/// The tables of `groups` (the partition called `name`) saved in `dir`, or, when no sound file
/// of them is there, built by `build` (a table given its tiles and up to `threads` threads),
/// `at_once` of them at a time, saying so on standard error, a line a table, and saved there.
#[cfg(feature = "tables")]
fn saved<const W: usize, const N: usize>(
    dir: &Path,
    threads: usize,
    groups: &[&[u8]],
    name: &str,
    at_once: usize,
    build: fn(&[u8], usize) -> Vec<u8>,
) -> PatternDb<W, N> {
    let sizes: Vec<usize> = groups.iter().map(|g| table_len(N, g.len())).collect();
    let say = |text: String| {
        let _ = writeln!(io::stderr(), "{}", text);
    };
    match saved_tables::load(dir, groups, &sizes, threads) {
        Ok(tables) => return PatternDb::from_saved_tables(groups, tables),
        Err(NotLoaded::Unsound(why)) => {
            let file = saved_tables::file(dir, groups);
            say(format!("{} {}; it is built again", file.display(), why));
        }
        Err(NotLoaded::Missing) => {}
    }
    say(format!(
        "building the {} pattern databases in {}, once",
        name,
        dir.display()
    ));
    let tables = in_parallel(groups, at_once, |tiles| {
        let table = build(tiles, threads);
        say(format!("  built the table of tiles {:?}", tiles));
        table
    });
    match saved_tables::save(dir, groups, &tables) {
        Ok(()) => say(format!(
            "  saved {}",
            saved_tables::file(dir, groups).display()
        )),
        Err(e) => say(format!("  cannot save them in {}: {}", dir.display(), e)),
    }
    PatternDb::from_tables(groups, tables)
}

/// A table of the 7-8 partition built on `threads` threads, saying on standard error how many
/// placements each level expands: the larger table takes minutes.
#[cfg(feature = "tables")]
fn build_78<const W: usize, const N: usize>(tiles: &[u8], threads: usize) -> Vec<u8> {
    build_large_table::<W, N>(tiles, threads, |moves, placements| {
        let line = format!(
            "  tiles {:?}: {} placements at {} moves",
            tiles, placements, moves
        );
        let _ = writeln!(io::stderr(), "{}", line);
    })
}

/// Each case's answer, once its search has ended: a path, or `None` when there is none.
type Found = [Option<Option<Vec<Move>>>];

/// Whether some case is left to answer.
fn unsolved(found: &Found) -> bool {
    found.iter().any(Option::is_none)
}

/// Whether one case is left to answer: its forecasts are its own, and its search has every
/// core.
fn alone(found: &Found) -> bool {
    found.iter().filter(|f| f.is_none()).count() == 1
}

/// [`Solver::climb_to_large`], for the solvers that take that step.
type ClimbToLarge<const W: usize, const N: usize> =
    fn(&mut Solver<W, N>, &[Board<W, N>], &mut Found, &'static MoveRules);

/// What the threads of [`Solver::search_budgeted`] share.
struct Shared<'a, const W: usize, const N: usize, H: Heuristic<W, N>, P> {
    /// Each case's search, while it waits for its next iteration.
    searches: Vec<Option<Iterations<'a, W, N, H, P>>>,
    /// How the searches that ended did, by case.
    ends: Vec<(usize, Result<Solution, Stop>)>,
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

    fn options_help(&self) -> String {
        let help = THREADS_OPTION.to_string();
        #[cfg(feature = "tables")]
        let help = help + TABLES_OPTION;
        help
    }

    fn option(&mut self, arg: &str, args: &mut dyn Iterator<Item = String>) -> bool {
        match arg.split('=').next() {
            Some("--threads") => self.threads = judge::threads_argument(arg, args).min(cores()),
            #[cfg(feature = "tables")]
            Some("--tables") => self.table_dir = Some(judge::table_dir_argument(arg, args)),
            _ => return false,
        }
        true
    }
}

const THREADS_OPTION: &str = "
  --threads N
           use at most N threads, never more than one per core (the default)";

#[cfg(feature = "tables")]
const TABLES_OPTION: &str = "
  --tables DIR
           keep the pattern databases in the folder DIR: the first board that
           needs them builds Korf and Felner's 6-6-3 tables (11 MiB, a few
           seconds), the first that needs more their 7-8 tables (576 MB, a few
           minutes and 1 GB of memory, with progress on standard error); each
           set is saved there once and loaded by later runs; a damaged or
           foreign file there is built again";

/// The cores of this machine: more threads than that only cost their start-up (a thousand
/// threads took 5.63 s on 100,000 easy boards that two answer in 0.11 s).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board `W` wide alone, hard enough to climb to the second partition's tables, where
    /// the estimate is the larger of two partitions' sums, against a search under the first
    /// partition alone (on two threads, with the move rules): the same first shortest path.
    fn check_two_partitions<const W: usize>(tiles: [u8; 16]) {
        let start = Board::<W, 16>::from_tiles(tiles).unwrap();
        let goal = Board::canonical_goal(15);
        let mut solver = Solver::<W, 16>::for_shape(2).with_large_tables();
        let path = solver.paths(&[(start, goal)]).remove(0);
        assert_eq!(solver.step(), Step::LargeTables);
        let one = PatternDb::<W, 16>::build(&partition(W, 16, MAX_GROUP), 2);
        let rules = MoveRules::shared(W, 16 / W, TABLE_RULES);
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
        let mut solver = Solver::<8, 16>::for_shape(2).with_large_tables();
        let goal = Board::canonical_goal(15);
        let path = solver.paths(&[(start, goal)]).remove(0).unwrap();
        let end = path.iter().fold(start, |board, &m| board.moved(m).unwrap());
        assert_eq!((end, path.len()), (goal, 64));
        assert_eq!(solver.step(), Step::Tables);
        // The first partition's three tables of five tiles, no more.
        let (db, _) = solver.tables.as_ref().unwrap();
        assert_eq!(db.table_bytes(), TABLE_COST_ENTRIES as usize);
    }

    #[test]
    fn never_more_threads_than_cores() {
        assert_eq!(Solver::<4, 16>::new(1000).threads, cores());
        assert_eq!(Solver::<4, 16>::new(0).threads, 1);
        let mut solver = Solver::<4, 16>::new(1);
        assert!(solver.option("--threads", &mut ["1000".to_string()].into_iter()));
        assert_eq!(solver.threads, cores());
    }
}
