//! The fewest moves on the 5x5 board, the 24-puzzle: IDA* under Korf and Felner's 6-6-6-6
//! additive pattern databases ([`crate::pdb::large::PARTITION_6666`]), looked up on the board
//! and on its mirror about the main diagonal, the larger sum the estimate, every core on the one
//! board.
//!
//! The tables take half a gigabyte and a minute or so to build, so `--tables DIR`
//! keeps them ([`crate::pdb::ready::saved_6666`]), and a board first searches under Manhattan
//! distance for as many nodes as loading them costs (as building them costs without `--tables`,
//! whose tables serve this run alone: the ski-rental rule of every ladder,
//! [`crate::search::budgeted::climb`]), so a board a few dozen moves from the goal never waits for
//! them. A random board needs about 100 moves and billions of nodes; what they cost is in
//! doc/performance.md. Meanwhile what is known so far ([`SoFar`]) serves one who cannot wait.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use crate::board::{Board, Move};
use crate::pdb::additive::PatternDb;
use crate::pdb::ready;
use crate::search::budgeted::{self, Answers, Budget};
use crate::search::manhattan::Manhattan;
use crate::search::move_rules::{GrowingRules, MoveRules};

/// Search nodes under Manhattan distance that cost about what loading the saved tables costs:
/// a tenth of a second or so, at tens of millions of nodes a second.
const LOAD_NODES: u64 = 4_000_000;

/// The same for building tables that no folder keeps: about a minute. With a folder, a board
/// that needs more than loading them builds them, for later runs' sake too.
const BUILD_NODES: u64 = 1_800_000_000;

/// What a search for the fewest moves knows before it ends, for a person who stops it (from
/// another thread): a path found first by a quicker search, and the fewest moves proven needed,
/// which rises with the bound of each iteration.
#[derive(Default)]
pub struct SoFar {
    path: Mutex<Option<Vec<Move>>>,
    proven: Arc<AtomicU32>,
}

impl SoFar {
    /// A new search, for which `path` is known and `proven` moves are proven needed.
    pub fn start(&self, path: Option<Vec<Move>>, proven: u32) {
        *self.path.lock().unwrap_or_else(|e| e.into_inner()) = path;
        self.proven.store(proven, Relaxed);
    }

    /// A path found meanwhile, known from now on.
    pub fn found(&self, path: Vec<Move>) {
        *self.path.lock().unwrap_or_else(|e| e.into_inner()) = Some(path);
    }

    /// The path known, if any.
    pub fn path(&self) -> Option<Vec<Move>> {
        self.path.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The fewest moves proven needed.
    pub fn proven(&self) -> u32 {
        self.proven.load(Relaxed)
    }
}

/// The optimal solver of the 5x5 board, towards the goal `1 2 .. 24 0`.
pub struct Optimal5x5 {
    threads: usize,
    /// Where the tables are kept, if anywhere.
    table_dir: Option<PathBuf>,
    /// Where the moves proven needed are raised as the iterations' bounds rise.
    so_far: Arc<SoFar>,
    /// The tables and their move rules, once a board has needed them.
    tables: Option<(PatternDb<5, 25, 4>, &'static MoveRules)>,
}

impl Optimal5x5 {
    /// A solver that searches on up to `threads` threads and keeps its tables in `table_dir`,
    /// if any (else builds them for this run when a board first needs them), and raises the
    /// moves `so_far` proves needed as its iterations' bounds rise.
    pub fn new(threads: usize, table_dir: Option<PathBuf>, so_far: Arc<SoFar>) -> Self {
        Optimal5x5 {
            threads,
            table_dir,
            so_far,
            tables: None,
        }
    }

    /// The first shortest path in dictionary order from `start` to the goal, which parity must
    /// let it reach ([`Board::parity`]): under Manhattan distance for as many nodes as getting the
    /// tables costs, then under the tables ([`budgeted::climb`]).
    ///
    /// # Panics
    /// If parity says `start` cannot reach the goal.
    ///
    /// # Complexity
    /// Exponential in the path's length: 10^9 to 10^13 nodes on a random board, seconds to
    /// days on two cores; the tables, half a gigabyte, built in tens of seconds or mapped.
    pub fn path(&mut self, start: &Board<5, 25>) -> Vec<Move> {
        let pays_after = |solver: &Self, _alone: bool| match (&solver.tables, &solver.table_dir) {
            (Some(_), _) => None,
            (None, Some(_)) => Some(LOAD_NODES),
            (None, None) => Some(BUILD_NODES),
        };
        let cases = [(*start, Board::canonical_goal(24))];
        let mut path = None;
        let found = &mut |found| path = found;
        budgeted::climb(
            self,
            &cases,
            pays_after,
            Self::search,
            Self::get_tables,
            found,
        );
        path.expect("a board that parity lets reach the goal")
    }

    /// Searches the open cases of `answers`, from `starts`, under the tables once the solver has
    /// them, else under Manhattan distance, within `nodes` nodes.
    fn search(&mut self, starts: &[Board<5, 25>], answers: &mut Answers, nodes: u64) {
        let budget = Budget {
            threads: self.threads,
            max_moves: u32::MAX,
            spent: 0,
            nodes,
            proven: Some(Arc::clone(&self.so_far.proven)),
        };
        match &self.tables {
            Some((db, rules)) => {
                budgeted::search(starts, answers, db, GrowingRules::from(*rules), budget)
            }
            None => {
                let manhattan = Manhattan::new(&Board::canonical_goal(24));
                budgeted::search(starts, answers, &manhattan, GrowingRules::new(5, 5), budget)
            }
        };
    }

    /// Loads the tables from the folder, or builds them (and saves them there, if any).
    fn get_tables(&mut self) {
        let tables = ready::saved_6666(self.table_dir.as_deref(), self.threads);
        self.tables = Some(tables);
    }
}
