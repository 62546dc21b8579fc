//! The fewest moves on the 5x5 board, the 24-puzzle: IDA* under Korf and Felner's 6-6-6-6
//! additive pattern databases ([`crate::pdb::large::PARTITION_6666`]), looked up on the board
//! and on its mirror about the main diagonal, the larger sum the estimate, every core on the one
//! board.
//!
//! The tables take 510 MB and about 45 s to build on two cores, so `--tables DIR` keeps them
//! ([`crate::pdb::ready::saved_6666`]), and a board first searches under Manhattan distance for as
//! many nodes as loading them costs (as building them costs without `--tables`, whose tables
//! serve this run alone: the ski-rental rule of the other solvers), so a board a few dozen moves
//! from the goal never waits for them. A random board needs about 100 moves and billions of
//! nodes; what they cost is in doc/performance.md.

use std::path::PathBuf;

use crate::board::{Board, Move};
use crate::pdb::additive::PatternDb;
use crate::pdb::ready;
use crate::search::budgeted::{self, unsolved, Budget};
use crate::search::manhattan::Manhattan;
use crate::search::move_rules::{GrowingRules, MoveRules};

/// Search nodes under Manhattan distance that cost about what loading the saved tables costs:
/// about 0.1 s on two cores, at about 40 million nodes a second (Korf and Felner's board 40
/// takes 0.66 s a process under the saved tables, 0.55 s of it searching).
const LOAD_NODES: u64 = 4_000_000;

/// The same for building tables that no folder keeps: about 45 s. With a folder, a board that
/// needs more than loading them builds them, for later runs' sake too.
const BUILD_NODES: u64 = 1_800_000_000;

/// The optimal solver of the 5x5 board, towards the goal `1 2 .. 24 0`.
pub struct Optimal5x5 {
    threads: usize,
    /// Where the tables are kept, if anywhere.
    table_dir: Option<PathBuf>,
    /// The tables and their move rules, once a board has needed them.
    tables: Option<(PatternDb<5, 25, 4>, &'static MoveRules)>,
}

impl Optimal5x5 {
    /// A solver that searches on up to `threads` threads and keeps its tables in `table_dir`,
    /// if any (else builds them for this run when a board first needs them).
    pub fn new(threads: usize, table_dir: Option<PathBuf>) -> Self {
        Optimal5x5 {
            threads,
            table_dir,
            tables: None,
        }
    }

    /// The first shortest path in dictionary order from `start` to the goal, which parity must
    /// let it reach ([`Board::parity`]).
    pub fn path(&mut self, start: &Board<5, 25>) -> Vec<Move> {
        let goal = Board::canonical_goal(24);
        let (starts, mut cases) = budgeted::open(&[(*start, goal)]);
        let budget = |spent: u64, nodes: u64| Budget {
            threads: self.threads,
            max_moves: u32::MAX,
            spent,
            nodes,
        };
        let (manhattan, rules) = (Manhattan::new(&goal), GrowingRules::new(5, 5));
        let (threads, dir) = (self.threads, self.table_dir.as_deref());
        let within = match (&self.tables, dir) {
            (Some(_), _) => 0,
            (None, Some(_)) => LOAD_NODES,
            (None, None) => BUILD_NODES,
        };
        let spent = budgeted::search(&starts, &mut cases, &manhattan, rules, budget(0, within));
        if unsolved(&cases) {
            let (db, rules) = self
                .tables
                .get_or_insert_with(|| ready::saved_6666(dir, threads));
            budgeted::search(&starts, &mut cases, &*db, *rules, budget(spent, u64::MAX));
        }
        let path = budgeted::paths(cases).pop().flatten();
        path.expect("a board that parity lets reach the goal")
    }
}
