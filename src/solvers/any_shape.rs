//! A board of any shape, 2x2 and up, towards the goal `1 2 .. N-1 0`, sent the one way that serves
//! it: the fewest moves on boards of up to 16 cells, by the judges' solver of small boards
//! ([`crate::solvers::up_to_9`]) up to 9 cells and by the solver of the 15-puzzle
//! ([`crate::solvers::up_to_16`]) beyond, one instance for each shape, made when first asked and
//! kept with its tables; a tall board turned on its side; short moves by beam search
//! ([`crate::big_boards::beam`]) on boards of up to [`STAGED_BLOCK`] cells, 5x5 to 7x7 and the
//! like; on boards of up to [`beam::MAX_CELLS`] cells, a line at a time by beam search
//! ([`crate::big_boards::stages`]) down to such a block, or, near the goal, by beam search on the
//! whole board, which construction ([`crate::big_boards::constructive`]) finishes from the
//! nearest board the search met; on larger boards construction, streamed as it is found, that
//! leaves a block of at most [`beam::MAX_CELLS`] cells to be solved as such a board: a board near
//! the goal most often leaves its tiles astray there, which the beam search brings home in far
//! fewer moves. Wherever every tile outside a smaller block is home, that block alone.
//!
//! Each solution comes with the best lower bound known: its own length when it is optimal, else
//! Manhattan distance plus linear conflict over every row and column
//! ([`crate::search::linear_conflict::lower_bound`]). A solution whose length meets the bound is
//! optimal too.

use crate::big_boards::beam::{self, Outcome};
use crate::big_boards::constructive;
use crate::big_boards::estimates::LinearConflict;
#[cfg(feature = "tables")]
use crate::big_boards::estimates::{Tables, TablesAndConflicts};
use crate::big_boards::finishers::block;
use crate::big_boards::optimal_windows;
use crate::big_boards::stages;
use crate::board::{reaches_goal, replay, Board, Move};
#[cfg(feature = "tables")]
use crate::pdb::additive::PatternDb;
#[cfg(feature = "tables")]
use crate::pdb::ready;
#[cfg(all(feature = "tables", feature = "progress"))]
use crate::progress;
use crate::search::ida_star::Heuristic;
use crate::search::linear_conflict::lower_bound;
use crate::search::manhattan::Manhattan;
#[cfg(feature = "tables")]
use crate::solvers::optimal_5x5::{Optimal5x5, SoFar};
use crate::solvers::settings::{AnyShapeSettings, Settings};
use crate::solvers::up_to_16::{path_to_any_goal, Ladder};
use crate::solvers::up_to_9::{self, PathEach};
#[cfg(feature = "tables")]
use crate::threads::with_ticks;
use std::borrow::Cow;
#[cfg(feature = "tables")]
use std::sync::Arc;
#[cfg(feature = "tables")]
use std::time::Duration;

/// The most cells of a board solved optimally.
pub const OPTIMAL_CELLS: usize = 16;

/// The most boards a level of the beam search keeps, times `--effort`: on 5x5 boards, paths a
/// few hundredths over the optimal length in under a second a board (doc/performance.md).
pub const BEAM_WIDTH: usize = 20_000;

/// The same for a 5x5 board under the 6-6-6-6 tables: paths about a hundredth over the optimal
/// length in about two seconds a board.
#[cfg(feature = "tables")]
const TABLES_BEAM_WIDTH: usize = 80_000;

/// The same for a 6x6 board under its seven tables of five tiles and the lines' conflicts: a few
/// seconds a board, paths a few hundredths shorter than linear conflict's in as long.
#[cfg(feature = "tables")]
const TABLES_6X6_BEAM_WIDTH: usize = 50_000;

/// The nodes, times `--effort`, of each IDA* under the tables that makes a window of a beam
/// search's path optimal on a board that has tables ([`optimal_windows`]).
#[cfg(feature = "tables")]
const WINDOW_NODES: u64 = 10_000_000;

/// The same under Manhattan distance, on a 5x5, 6x6 or 7x7 board without tables: paths a few
/// moves in a thousand shorter in about the same time.
const MANHATTAN_WINDOW_NODES: u64 = 500_000;

/// How long a search for the fewest moves on 5x5 runs alone before a beam search finds it a
/// path to tell: boards a few dozen moves from the goal are solved in milliseconds, and a
/// beam search costs a fraction of a second.
#[cfg(feature = "tables")]
pub const BEAM_AFTER: Duration = Duration::from_millis(200);

/// The most cells of a board, or of the last block of a larger board, that beam search solves;
/// a level keeps `BEAM_WORK / cells` boards at most, so a level costs about the same on any
/// board. Past 64 cells the search loses its way more often, but is finished from the nearest
/// board it met (`AnyShape::finish`), which gives shorter paths on 10 x 10 than building such
/// boards down to 64 cells first.
pub const BEAM_CELLS: usize = 100;
const BEAM_WORK: usize = 500_000;

/// A board whose lower bound is more than this many moves a cell is solved a line at a time
/// ([`stages`]); a nearer one, a few hundred moves from the goal, by beam search on the whole
/// board, whose paths there are shorter. Random boards of 8x8 to 16x16 are 5 to 10 moves a cell
/// from the goal; boards made by 300 random moves, under 2.
const FAR_PER_CELL: u64 = 3;

/// The most cells of the block a board solved a line at a time is brought down to, and finished
/// as such (by beam search, with stretches of a 7x7's path made optimal): a larger block's beam
/// search loses its way more often.
pub const STAGED_BLOCK: usize = 49;

/// The most cells of the block that a board whose beam search lost its way is built down to
/// before a second beam search, when the tiles astray reach its top row or left column: a
/// block this large still leaves the beam search room to find short paths, which a block of
/// 15 cells does not.
const RETRY_CELLS: usize = 36;

/// The most cells of the last block of a board wider than [`NARROW_WIDTH`]: there a larger
/// block costs the beam search seconds for no shorter path.
const WIDE_BOARD_CELLS: usize = 24;

/// The widest board whose last block may have up to [`BEAM_CELLS`] cells.
const NARROW_WIDTH: usize = 16;

/// What is known of one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The moves of the solution.
    pub length: u64,
    /// Whether no solution is shorter: proven by search, or by meeting the lower bound.
    pub optimal: bool,
    /// The best lower bound known on the length of any solution.
    pub lower_bound: u64,
}

impl Report {
    /// Hands `moves`, a shortest path, to `emit`, and reports it: optimal, its length its bound.
    pub fn shortest(moves: &[Move], emit: &mut dyn FnMut(Move)) -> Report {
        moves.iter().for_each(|&m| emit(m));
        let length = moves.len() as u64;
        Report {
            length,
            optimal: true,
            lower_bound: length,
        }
    }
}

/// Solves boards of any shape, keeping the optimal solvers it has made.
///
/// # Example
/// ```
/// use engine::solvers::any_shape::AnyShape;
/// use engine::board::Move;
/// use engine::solvers::settings::AnyShapeSettings;
/// let mut solver = AnyShape::new(AnyShapeSettings::default());
/// let mut moves = Vec::new();
/// let report = solver.solve(3, &[1, 2, 3, 4, 0, 5], &mut |m| moves.push(m)).unwrap();
/// assert_eq!((moves, report.length, report.optimal), (vec![Move::Right], 1, true));
/// assert_eq!(solver.solve(3, &[1, 2, 3, 5, 4, 0], &mut |_| ()), None);
/// ```
pub struct AnyShape {
    /// Its threads, its beam searches' effort, where tables are kept, and whether 5x5 boards are
    /// solved optimally.
    settings: AnyShapeSettings,
    /// The threads the settings give, worked out once.
    threads: usize,
    /// The optimal solvers made so far, by width and height.
    solvers: Vec<((usize, usize), Box<dyn OptimalPath>)>,
    /// The 6-6-6-6 tables that rank the boards of a 5x5 beam search under `--tables`, once one
    /// has needed them.
    #[cfg(feature = "tables")]
    tables_5x5: Option<PatternDb<5, 25, 4>>,
    /// The same for the 6x6 board's tables.
    #[cfg(feature = "tables")]
    tables_6x6: Option<PatternDb<6, 36, 7>>,
    /// What the search for the fewest moves on the 5x5 board in hand knows, for one who stops it.
    #[cfg(feature = "tables")]
    so_far: Arc<SoFar>,
}

impl AnyShape {
    /// A solver as `settings` ask. Its beam searches are `effort` times as wide as by default:
    /// on boards past 16 cells, about `effort` times the time for paths as short
    /// or shorter, and the same path for the same board and effort on any number of threads.
    /// With `optimal_5x5`, 5x5 boards are solved in the fewest moves too
    /// ([`crate::solvers::optimal_5x5`]): seconds to days a board, under tables that take about
    /// a minute to build. `search` gives the threads, and where the 4x4, 5x5 and 6x6 boards' tables
    /// are kept.
    pub fn new(settings: AnyShapeSettings) -> Self {
        AnyShape {
            threads: settings.search.threads(),
            settings,
            solvers: Vec::new(),
            #[cfg(feature = "tables")]
            tables_5x5: None,
            #[cfg(feature = "tables")]
            tables_6x6: None,
            #[cfg(feature = "tables")]
            so_far: Arc::default(),
        }
    }

    /// Solves the board `tiles` (each of `0..tiles.len()` once, 0 the blank; at least two rows
    /// and two columns), `width` cells to a row: each move of the blank goes to `emit`, in
    /// order, and the report follows. `None`, with no move, when parity says the goal cannot be
    /// reached.
    ///
    /// # Constraints
    /// `tiles` an arrangement, `width` at least 2 and a divisor of its length, at least 2 rows.
    ///
    /// # Complexity
    /// Up to 16 cells, IDA*: microseconds to seconds a board, the tables built once a shape
    /// needs them; 5x5 with `optimal_5x5`, seconds to days. Up to [`BEAM_CELLS`] cells, beam
    /// search: O(`effort` · `BEAM_WORK` · path) time, about a second a board; up to
    /// [`beam::MAX_CELLS`] the same, seconds a board. Larger boards, construction: O(cells ·
    /// (width + height)) moves and time, then a block of up to [`beam::MAX_CELLS`] cells as
    /// above, seconds.
    pub fn solve(
        &mut self,
        width: usize,
        tiles: &[u32],
        emit: &mut dyn FnMut(Move),
    ) -> Option<Report> {
        if !reaches_goal(width, tiles) {
            return None;
        }
        if self.solves_optimally(width, tiles.len()) {
            #[cfg(feature = "tables")]
            let path = match self.so_far(width, tiles.len()) {
                Some(so_far) => self.optimal_path_known_meanwhile(&so_far, tiles),
                None => self.optimal_path(width, tiles),
            };
            #[cfg(not(feature = "tables"))]
            let path = self.optimal_path(width, tiles);
            #[cfg(all(feature = "tables", feature = "progress"))]
            progress::known(None);
            return Some(Report::shortest(&path, emit));
        }
        Some(self.wide_moves(width, tiles, emit))
    }

    /// [`AnyShape::short_moves`] on a board of any shape.
    fn wide_moves(&mut self, width: usize, tiles: &[u32], emit: &mut dyn FnMut(Move)) -> Report {
        let height = tiles.len() / width;
        if height > width {
            // The search and construction serve wide boards best; turned about its diagonal,
            // a tall board is a wide one, and a board and its turn get paths of one length.
            let wide = transposed(width, tiles);
            return self.short_moves(height, &wide, &mut |m| emit(transposed_move(m)));
        }
        self.short_moves(width, tiles, emit)
    }

    /// Short moves from `tiles`, a board at least as wide as tall (`width` to a row) of more
    /// cells than are solved in the fewest moves, which can reach the goal: where every tile
    /// outside a smaller block is home, that block's ([`AstrayBlock`]); else the whole board's
    /// ([`AnyShape::whole_board_moves`]).
    fn short_moves(&mut self, width: usize, tiles: &[u32], emit: &mut dyn FnMut(Move)) -> Report {
        let mut length = 0;
        let mut counted = |m| {
            length += 1;
            emit(m);
        };
        if !self.by_astray_block(width, tiles, &mut counted) {
            self.whole_board_moves(width, tiles, &mut counted);
        }
        let lower_bound = self.lower_bound(width, tiles);
        Report {
            length,
            optimal: length == lower_bound,
            lower_bound,
        }
    }

    /// Short moves from `tiles` as [`AnyShape::short_moves`] takes them, to `emit`: on a board
    /// of more than [`STAGED_BLOCK`] and at most [`beam::MAX_CELLS`] cells far from the goal, a
    /// line at a time ([`stages`]) down to a block of at most [`STAGED_BLOCK`] cells; then, or
    /// else, by beam search on a board of at most a block's cells; on a board of at most
    /// [`beam::MAX_CELLS`] cells, by beam search on the whole board, then, where it stops, the
    /// block of the tiles still astray or construction down to a block; on a larger board, by
    /// construction down to a block of at most that many cells, solved as such a board.
    fn whole_board_moves(&mut self, width: usize, tiles: &[u32], emit: &mut dyn FnMut(Move)) {
        let cells = tiles.len();
        // Far from the goal (the bound worked out only for a board the stages take).
        let by_lines = (STAGED_BLOCK + 1..=beam::MAX_CELLS).contains(&cells)
            && lower_bound(width, tiles) > FAR_PER_CELL * cells as u64;
        let staged;
        let (width, tiles) = match by_lines {
            true => {
                let beam_width = BEAM_WORK / cells * self.settings.effort.unwrap_or(1);
                staged = stages::solve(width, tiles, beam_width, self.threads, STAGED_BLOCK);
                staged.moves.iter().for_each(|&m| emit(m));
                // Where a line's search lost its way, a larger block left, which goes on below.
                (staged.width, &staged.block[..])
            }
            false => (width, tiles),
        };
        if tiles.len() <= last_block(width) {
            self.finish(width, tiles).into_iter().for_each(emit);
            return;
        }
        // Up to the beam's most cells, beam search on the whole board: where it loses its way,
        // the block of the tiles still astray or construction goes on from the nearest board it
        // met. Construction alone pays for every tile's walk, even on a board a few hundred
        // moves from the goal.
        let build_from = match tiles.len() <= beam::MAX_CELLS {
            true => match self.beam(width, tiles) {
                Outcome::Goal(moves) => {
                    moves.into_iter().for_each(&mut *emit);
                    None
                }
                Outcome::Nearest(moves) => {
                    let nearest = replay(width, tiles, &moves).expect("moves on the board");
                    moves.into_iter().for_each(&mut *emit);
                    match self.by_astray_block(width, &nearest, emit) {
                        true => None,
                        false => Some(Cow::Owned(nearest)),
                    }
                }
            },
            false => Some(Cow::Borrowed(tiles)),
        };
        if let Some(board) = build_from {
            // Past the beam's most cells, construction stops at a block the beam serves: on
            // a board near the goal, most of the tiles astray are still in it.
            let large = tiles.len() > beam::MAX_CELLS;
            let finish = |width: usize, block: &[u32]| match large {
                true => {
                    let mut moves = Vec::new();
                    self.wide_moves(width, block, &mut |m| moves.push(m));
                    moves
                }
                false => self.finish(width, block),
            };
            let block = match large {
                true => beam::MAX_CELLS,
                false => last_block(width),
            };
            constructive::solve(width, &board, block, finish, |m| {
                emit(m);
                true
            });
        }
    }

    /// The best lower bound known on the moves from `tiles` (`width` to a row): Manhattan
    /// distance plus linear conflict, or the sum of the tables that ranked a 5x5 or 6x6 board's
    /// beam search, if more.
    fn lower_bound(&self, width: usize, tiles: &[u32]) -> u64 {
        let conflicts = lower_bound(width, tiles);
        #[cfg(feature = "tables")]
        let conflicts = {
            let tables = match (width, tiles.len()) {
                (5, 25) => self
                    .tables_5x5
                    .as_ref()
                    .map(|db| estimate_of::<5, 25, _>(db, tiles)),
                (6, 36) => self
                    .tables_6x6
                    .as_ref()
                    .map(|db| estimate_of::<6, 36, _>(db, tiles)),
                _ => None,
            };
            conflicts.max(tables.unwrap_or(0))
        };
        conflicts
    }

    /// What the search for the fewest moves on a board `width` wide with `cells` cells will know
    /// before it ends, for one who stops it from another thread: on 5x5 boards solved optimally,
    /// whose searches take hours.
    #[cfg(feature = "tables")]
    pub fn so_far(&self, width: usize, cells: usize) -> Option<Arc<SoFar>> {
        let long = self.settings.optimal_5x5 && (width, cells) == (5, 25);
        long.then(|| Arc::clone(&self.so_far))
    }

    /// The fewest moves from the 5x5 board `tiles`, a search of up to hours; should it last
    /// [`BEAM_AFTER`], a path by beam search without the tables (which would cost an easy board
    /// their loading), in well under a second, which the search's progress tells and `so_far`
    /// keeps for a person who stops it.
    #[cfg(feature = "tables")]
    fn optimal_path_known_meanwhile(&mut self, so_far: &SoFar, tiles: &[u32]) -> Vec<Move> {
        so_far.start(None, lower_bound(5, tiles) as u32);
        #[cfg(feature = "progress")]
        progress::known(None);
        let (threads, mut ticks) = (self.threads, 0);
        let find_a_path = || {
            ticks += 1;
            if ticks != 2 {
                return;
            }
            if let Outcome::Goal(path) = beam_without_tables(5, tiles, 1, threads) {
                #[cfg(feature = "progress")]
                progress::known(Some(format!("a path of {} moves known", path.len())));
                so_far.found(path);
            }
        };
        with_ticks(BEAM_AFTER, find_a_path, || self.optimal_path(5, tiles))
    }

    /// Moves that solve `block` (`width` to a row), which can reach the goal: the fewest if it
    /// has at most 16 cells and is not 2x8 or 8x2 ([`quickly_solved_in_fewest`]), else by beam
    /// search. Should that give up, from the nearest board it met: the block of the tiles still
    /// astray finished the same way, or, if that is the whole block, construction down to a
    /// block of at most `RETRY_CELLS` cells finished the same way, and below that of at most 15
    /// cells solved in the fewest: the nearest board is most often nearer the goal than the
    /// start.
    fn finish(&mut self, width: usize, block: &[u32]) -> Vec<Move> {
        if quickly_solved_in_fewest(width, block.len()) {
            return self.optimal_path(width, block);
        }
        let mut moves = match self.beam(width, block) {
            Outcome::Goal(moves) => return moves,
            Outcome::Nearest(moves) => moves,
        };
        // Lost, most often with a few tiles left out of place, in a block that alone is
        // finished when it is smaller.
        let board = replay(width, block, &moves).expect("moves on the board");
        if self.by_astray_block(width, &board, &mut |m| moves.push(m)) {
            return moves;
        }
        // Else build down to a smaller block and finish that; at last to one of at most 15
        // cells (3x5, 2x7 and the like, whose searches are quick, unlike 2x8's).
        let smaller = match block.len() > RETRY_CELLS {
            true => RETRY_CELLS,
            false => OPTIMAL_CELLS - 1,
        };
        let finish = |width: usize, block: &[u32]| self.finish(width, block);
        constructive::solve(width, &board, smaller, finish, |m| {
            moves.push(m);
            true
        });
        moves
    }

    /// Moves that solve `board` (`width` to a row) by its [`AstrayBlock`] alone, to `emit`, when
    /// that block is smaller than the board: the blank's walk in, the block's moves, the walk
    /// out. False, with no move, when it is not.
    fn by_astray_block(&mut self, width: usize, board: &[u32], emit: &mut dyn FnMut(Move)) -> bool {
        let block = match astray_block(width, board) {
            Some(block) => block,
            None => return false,
        };
        let moves = |m, n| std::iter::repeat(m).take(n);
        let way_in = moves(Move::Up, block.up).chain(moves(Move::Left, block.left));
        way_in.for_each(&mut *emit);
        self.wide_moves(block.width, &block.tiles, emit);
        let way_out = moves(Move::Right, block.left).chain(moves(Move::Down, block.up));
        way_out.for_each(emit);
        true
    }

    /// Beam search on `block` (`width` to a row), `effort` times as wide as by default: under
    /// the tables of a 5x5 or 6x6 block when a folder keeps them, else without
    /// ([`beam_without_tables`]).
    fn beam(&mut self, width: usize, block: &[u32]) -> Outcome {
        let effort = self.settings.effort.unwrap_or(1);
        #[cfg(feature = "tables")]
        if let Some(dir) = &self.settings.search.tables {
            let (threads, nodes) = (self.threads, WINDOW_NODES * effort as u64);
            match (width, block.len()) {
                (5, 25) => {
                    let tables = (self.tables_5x5)
                        .get_or_insert_with(|| ready::saved_6666_alone(dir, threads));
                    let beam_width = TABLES_BEAM_WIDTH * effort;
                    let outcome = beam::solve(5, block, beam_width, threads, Tables(tables));
                    return with_windows(block, outcome, tables, nodes, threads);
                }
                (6, 36) => {
                    let tables = (self.tables_6x6)
                        .get_or_insert_with(|| ready::saved_6x6_alone(dir, threads));
                    let beam_width = TABLES_6X6_BEAM_WIDTH * effort;
                    let estimate = TablesAndConflicts::new(tables);
                    let outcome = beam::solve(6, block, beam_width, threads, estimate);
                    return with_windows(block, outcome, tables, nodes, threads);
                }
                _ => {}
            }
        }
        beam_without_tables(width, block, effort, self.threads)
    }

    /// Whether a board `width` wide with `cells` cells is solved in the fewest moves.
    fn solves_optimally(&self, width: usize, cells: usize) -> bool {
        #[cfg(feature = "tables")]
        let optimal_5x5 = self.settings.optimal_5x5;
        #[cfg(not(feature = "tables"))]
        let optimal_5x5 = false;
        cells <= OPTIMAL_CELLS || optimal_5x5 && (width, cells) == (5, 25)
    }

    /// How a board `width` wide with `cells` cells is solved, in words, for a person waiting;
    /// `None` for the fewest moves, whose searches and table builds tell their own progress
    /// ([`crate::progress`]).
    pub fn method(&self, width: usize, cells: usize) -> Option<&'static str> {
        match cells {
            _ if self.solves_optimally(width, cells) => None,
            _ if cells <= STAGED_BLOCK => Some("beam search"),
            _ if cells <= beam::MAX_CELLS => {
                Some("beam search a line at a time, or on the whole board near the goal")
            }
            _ => Some("building the moves down to 256 cells, then beam search"),
        }
    }

    /// The fewest moves from `tiles` to `goal` (at most [`OPTIMAL_CELLS`] cells, `width` to a
    /// row), the goal's blank anywhere, and of those the first in dictionary order: IDA*
    /// without the tables. `None` when parity says `tiles` cannot reach `goal`.
    pub fn fewest_moves_to(&self, width: usize, tiles: &[u32], goal: &[u32]) -> Option<Vec<Move>> {
        path_to_goal((width, tiles.len() / width), tiles, goal, self.threads)
    }

    /// The first shortest path in dictionary order from `tiles` (at most 16 cells, or 5x5,
    /// `width` to a row), which can reach the goal, from the solver of its shape.
    fn optimal_path(&mut self, width: usize, tiles: &[u32]) -> Vec<Move> {
        let shape = (width, tiles.len() / width);
        let index = match self.solvers.iter().position(|(s, _)| *s == shape) {
            Some(index) => index,
            None => {
                let solver = self.optimal_solver(shape);
                self.solvers.push((shape, solver));
                self.solvers.len() - 1
            }
        };
        self.solvers[index].1.path(tiles)
    }

    /// The optimal solver of the shape `(width, height)`, of at most 16 cells or 5x5, as the
    /// settings ask: its threads, and where its tables are kept (the 4x4 and 5x5 boards'); the
    /// 5x5 board's tells [`AnyShape::so_far`] the moves it proves needed.
    fn optimal_solver(&self, shape: (usize, usize)) -> Box<dyn OptimalPath> {
        let settings = &self.settings.search;
        #[cfg(feature = "tables")]
        if shape == (5, 5) {
            let so_far = Arc::clone(&self.so_far);
            return Box::new(Optimal5x5::new(
                settings.threads(),
                settings.tables.clone(),
                so_far,
            ));
        }
        solver_up_to_16(shape, settings)
    }
}

/// Beam search on `block` (`width` to a row), `effort` times as wide as by default, on
/// `threads` threads, under linear conflict, with a 5x5, 6x6 or 7x7 block's path then
/// shortened under Manhattan distance.
fn beam_without_tables(width: usize, block: &[u32], effort: usize, threads: usize) -> Outcome {
    let beam_width = (BEAM_WORK / block.len()).min(BEAM_WIDTH) * effort;
    let estimate = LinearConflict::new(width, block.len());
    let nodes = MANHATTAN_WINDOW_NODES * effort as u64;
    let outcome = beam::solve(width, block, beam_width, threads, estimate);
    match (width, block.len()) {
        (5, 25) => under_manhattan::<5, 25>(block, outcome, nodes, threads),
        (6, 36) => under_manhattan::<6, 36>(block, outcome, nodes, threads),
        (7, 49) => under_manhattan::<7, 49>(block, outcome, nodes, threads),
        _ => outcome,
    }
}

/// The board `tiles` (`width` to a row) turned about its main diagonal, `height` to a row, its
/// tiles renamed so that the goal turned is the goal: the tile at row r and column c goes to
/// row c and column r.
fn transposed(width: usize, tiles: &[u32]) -> Vec<u32> {
    let height = tiles.len() / width;
    let rename = |t: u32| match t {
        0 => 0,
        t => ((t - 1) as usize % width * height + (t - 1) as usize / width + 1) as u32,
    };
    (0..tiles.len())
        .map(|cell| rename(tiles[cell % height * width + cell / height]))
        .collect()
}

/// A move of the blank on a board turned about its main diagonal, on the board itself.
fn transposed_move(m: Move) -> Move {
    match m {
        Move::Up => Move::Left,
        Move::Left => Move::Up,
        Move::Down => Move::Right,
        Move::Right => Move::Down,
    }
}

/// Whether a block of `cells` cells, `width` wide, met while a larger board is finished, is
/// solved in the fewest moves: up to 16 cells, but not 2x8 or 8x2, whose hardest searches take
/// minutes where a beam search and a block of 15 cells take a fraction of a second.
fn quickly_solved_in_fewest(width: usize, cells: usize) -> bool {
    cells < OPTIMAL_CELLS || cells == OPTIMAL_CELLS && width * width == cells
}

/// Where a board's tiles astray lie: in a block, with every tile outside it home, that the
/// blank walks into from its home corner (`up` moves up, then `left` moves left) and out of the
/// same way, which puts back the tiles it shifted on its way.
struct AstrayBlock {
    up: usize,
    left: usize,
    width: usize,
    /// The block's tiles once the blank is in its bottom-right cell, renamed for its own goal.
    tiles: Vec<u32>,
}

/// The smallest block of `board` (`width` to a row), at least 2 x 2, holding every tile out of
/// place and its home: to the bottom-right corner when the blank is astray too or home in that
/// block's corner; else one row or column wider towards the corner, the blank's way into it from
/// its home corner. `None` when that block is the whole board.
fn astray_block(width: usize, board: &[u32]) -> Option<AstrayBlock> {
    let (height, cells) = (board.len() / width, board.len());
    let astray = (0..cells).filter(|&c| board[c] as usize != (c + 1) % cells);
    let box_of = |(top, left, bottom, right): (usize, usize, usize, usize), c: usize| {
        let (row, column) = (c / width, c % width);
        (
            top.min(row),
            left.min(column),
            bottom.max(row),
            right.max(column),
        )
    };
    let (top, left, bottom, right) = astray.fold((height, width, 0, 0), box_of);
    let (can_row, can_column) = (bottom + 1 < height, right + 1 < width);
    let (bottom, right) = match () {
        _ if top == height => return None, // at the goal
        // The blank astray, or home in the block's corner: the board's corner is the block's.
        _ if board[cells - 1] != 0 || !can_row && !can_column => (height - 1, width - 1),
        // Widened by a row below or a column to the right: the one that costs fewer cells, or
        // that makes it at least two cells high or wide.
        _ if can_row && (!can_column || top == bottom || right - left <= bottom - top) => {
            (bottom + 1, right)
        }
        _ => (bottom, right + 1),
    };
    let (top, left) = (
        top.min(bottom.saturating_sub(1)),
        left.min(right.saturating_sub(1)),
    );
    if (top, left, bottom, right) == (0, 0, height - 1, width - 1) || top == bottom || left == right
    {
        return None;
    }
    let (up, across) = (height - 1 - bottom, width - 1 - right);
    let mut tiles = block(board, width, (top, left), (bottom, right));
    // The blank walks into the block's bottom-right cell, whose home tile it shifts out.
    if up + across > 0 {
        *tiles.last_mut().expect("a block of 2 x 2 or more") = 0;
    }
    Some(AstrayBlock {
        up,
        left: across,
        width: right + 1 - left,
        tiles,
    })
}

/// The most cells of the block that construction leaves on a board `width` wide.
fn last_block(width: usize) -> usize {
    match width <= NARROW_WIDTH {
        true => (width * (width + 2)).min(BEAM_CELLS),
        false => WIDE_BOARD_CELLS,
    }
}

/// An optimal solver of one shape, whatever its type parameters.
trait OptimalPath {
    /// The first shortest path in dictionary order from `tiles`, which can reach the goal.
    fn path(&mut self, tiles: &[u32]) -> Vec<Move>;
}

impl<const W: usize, const N: usize> OptimalPath for up_to_9::Solver<W, N> {
    fn path(&mut self, tiles: &[u32]) -> Vec<Move> {
        let goal = Board::canonical_goal(N - 1);
        up_to_9::Solver::path(self, &board_of(tiles), &goal)
            .expect("a board that parity lets reach the goal")
    }
}

impl<const W: usize, const N: usize> OptimalPath for Ladder<W, N> {
    fn path(&mut self, tiles: &[u32]) -> Vec<Move> {
        let start = board_of(tiles);
        let goal = Board::canonical_goal(N - 1);
        let mut paths = self.paths(&[(start, goal)]);
        paths
            .pop()
            .flatten()
            .expect("a board that parity lets reach the goal")
    }
}

#[cfg(feature = "tables")]
impl OptimalPath for Optimal5x5 {
    fn path(&mut self, tiles: &[u32]) -> Vec<Move> {
        Optimal5x5::path(self, &board_of(tiles))
    }
}

/// The estimate of `heuristic` for the board `tiles`, an arrangement of `0..N`.
#[cfg(feature = "tables")]
fn estimate_of<const W: usize, const N: usize, H: Heuristic<W, N>>(
    heuristic: &H,
    tiles: &[u32],
) -> u64 {
    let board = board_of::<W, N>(tiles);
    u64::from(heuristic.estimate(&heuristic.state(board.tiles())))
}

/// The board of `tiles`, an arrangement of `0..N`.
fn board_of<const W: usize, const N: usize>(tiles: &[u32]) -> Board<W, N> {
    let mut cells = [0u8; N];
    for (cell, &tile) in cells.iter_mut().zip(tiles) {
        *cell = tile as u8;
    }
    Board::from_tiles(cells).expect("an arrangement of the tiles")
}

/// A beam search's `outcome` on `block` (a whole board `W` wide with `N` cells), a path to the
/// goal with its windows that IDA* under Manhattan distance (linear conflict's IDA* stops at 16
/// cells) solves within `nodes` nodes each made optimal ([`with_windows`]).
fn under_manhattan<const W: usize, const N: usize>(
    block: &[u32],
    outcome: Outcome,
    nodes: u64,
    threads: usize,
) -> Outcome {
    let manhattan = Manhattan::new(&Board::<W, N>::canonical_goal(N - 1));
    with_windows(block, outcome, &manhattan, nodes, threads)
}

/// A beam search's `outcome` on `block` (a whole board `W` wide with `N` cells): a path to the
/// goal with its windows that IDA* under `heuristic` solves within `nodes` nodes each made
/// optimal ([`optimal_windows`]); a nearest board's path as it was.
fn with_windows<const W: usize, const N: usize, H: Heuristic<W, N>>(
    block: &[u32],
    outcome: Outcome,
    heuristic: &H,
    nodes: u64,
    threads: usize,
) -> Outcome {
    match outcome {
        Outcome::Goal(moves) => {
            let start = board_of::<W, N>(block);
            Outcome::Goal(optimal_windows::shortened(
                &start, moves, heuristic, nodes, threads,
            ))
        }
        nearest => nearest,
    }
}

/// For the shape `(width, height)` of at most 16 cells, `small::<W, N>(args)` up to 9 cells,
/// where the judges' solver of small boards ([`up_to_9`]) searches in microseconds and needs no
/// ladder of tables (whose code costs seconds of compile time a shape), else
/// `larger::<W, N>(args)`: each shape's solver runs on constants.
macro_rules! by_shape {
    ($shape:expr, $small:ident $small_args:tt, $larger:ident $larger_args:tt) => {
        by_shape!(@each $shape, $small $small_args,
            [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (4, 2)],
            $larger $larger_args,
            [(2, 5), (2, 6), (2, 7), (2, 8), (3, 4), (3, 5), (4, 3), (4, 4), (5, 2), (5, 3),
                (6, 2), (7, 2), (8, 2)])
    };
    (@each $shape:expr, $small:ident $small_args:tt, [$(($w:literal, $h:literal)),*],
        $larger:ident $larger_args:tt, [$(($lw:literal, $lh:literal)),*]) => {
        match $shape {
            $(($w, $h) => $small::<$w, { $w * $h }> $small_args,)*
            $(($lw, $lh) => $larger::<$lw, { $lw * $lh }> $larger_args,)*
            _ => unreachable!("a shape of 2x2 to 16 cells"),
        }
    };
}

/// The optimal solver of the shape `(width, height)`, of at most 16 cells, as `settings` ask:
/// its threads, and where its tables are kept, if the shape keeps any (the 4x4 board's). Up to 9
/// cells, the judges' solver of small boards (see `by_shape`).
fn solver_up_to_16(shape: (usize, usize), settings: &Settings) -> Box<dyn OptimalPath> {
    fn small<const W: usize, const N: usize>() -> Box<dyn OptimalPath> {
        Box::new(up_to_9::Solver::<W, N>::new())
    }
    fn made<const W: usize, const N: usize>(settings: &Settings) -> Box<dyn OptimalPath> {
        let mut solver = Ladder::<W, N>::for_shape(settings.threads()).with_large_tables();
        solver.apply(settings);
        Box::new(solver)
    }
    by_shape!(shape, small(), made(settings))
}

/// The fewest moves from `tiles` to `goal` (arrangements of a board of the shape `(width,
/// height)`, of at most 16 cells), the goal's blank anywhere ([`PathEach`] up to 9 cells, else
/// [`path_to_any_goal`]).
fn path_to_goal(
    shape: (usize, usize),
    tiles: &[u32],
    goal: &[u32],
    threads: usize,
) -> Option<Vec<Move>> {
    fn small<const W: usize, const N: usize>(tiles: &[u32], goal: &[u32]) -> Option<Vec<Move>> {
        PathEach::path(&board_of::<W, N>(tiles), &board_of(goal))
    }
    fn path<const W: usize, const N: usize>(
        tiles: &[u32],
        goal: &[u32],
        threads: usize,
    ) -> Option<Vec<Move>> {
        path_to_any_goal(&board_of::<W, N>(tiles), &board_of(goal), threads)
    }
    by_shape!(shape, small(tiles, goal), path(tiles, goal, threads))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block of 2x8 or 8x2 that finishing meets, tiles 1, 7 and 10 astray (as a 12x12 board's
    /// beam search left one), is not searched for its fewest moves, which took minutes: its
    /// moves, replayed here cell by cell, reach the goal.
    #[test]
    fn a_thin_block_of_16_cells_met_while_finishing_is_not_searched_for_the_fewest_moves() {
        assert!(quickly_solved_in_fewest(3, 15) && quickly_solved_in_fewest(4, 16));
        assert!(!quickly_solved_in_fewest(8, 16) && !quickly_solved_in_fewest(2, 16));
        let block = [10, 2, 3, 4, 5, 6, 0, 8, 9, 1, 11, 12, 13, 14, 15, 7];
        let mut solver = AnyShape::new(AnyShapeSettings::default());
        let mut board = block.to_vec();
        for m in solver.finish(8, &block) {
            let blank = board.iter().position(|&t| t == 0).unwrap();
            let to = match m {
                Move::Up => blank - 8,
                Move::Down => blank + 8,
                Move::Left => blank - 1,
                Move::Right => blank + 1,
            };
            assert_eq!(blank / 8 == to / 8, matches!(m, Move::Left | Move::Right));
            board.swap(blank, to);
        }
        assert_eq!(board, (1..16).chain([0]).collect::<Vec<u32>>());
    }

    /// The block of the tiles astray on 5x5 boards near the goal, worked out by hand: the blank
    /// walks 3 up and 3 left into the corner of tiles 1 and 2 swapped (the tile at its way's end,
    /// 7, shifted out); no walk where the blank is astray or home in the block's corner; none
    /// where the block is the whole board or the board is solved.
    #[test]
    fn the_block_of_the_tiles_astray_and_the_blanks_way_into_it() {
        let goal: Vec<u32> = (1..25).chain([0]).collect();
        let with = |swaps: &[(usize, usize)]| {
            let mut board = goal.clone();
            swaps.iter().for_each(|&(a, b)| board.swap(a, b));
            astray_block(5, &board).map(|block| (block.up, block.left, block.width, block.tiles))
        };
        assert_eq!(with(&[(0, 1)]), Some((3, 3, 2, vec![2, 1, 3, 0])));
        assert_eq!(with(&[(19, 23)]), Some((0, 0, 2, vec![1, 3, 2, 0])));
        assert_eq!(with(&[(23, 24)]), Some((0, 0, 2, vec![1, 2, 0, 3])));
        assert_eq!(with(&[(0, 23)]), None);
        assert_eq!(with(&[]), None);
    }

    #[test]
    fn each_size_of_board_has_its_method() {
        let solver = AnyShape::new(AnyShapeSettings::default());
        let method = |width, cells| solver.method(width, cells);
        assert_eq!(method(4, 16), None);
        assert_eq!(method(2, 16), None);
        assert_eq!(method(5, 25), Some("beam search"));
        assert_eq!(method(7, 49), Some("beam search"));
        let by_lines = Some("beam search a line at a time, or on the whole board near the goal");
        assert_eq!(method(8, 64), by_lines);
        assert_eq!(method(10, 100), by_lines);
        assert_eq!(method(11, 121), by_lines);
        assert_eq!(method(3, 120), by_lines);
        assert_eq!(method(30, 60), by_lines);
        assert_eq!(method(16, 256), by_lines);
        let built = Some("building the moves down to 256 cells, then beam search");
        assert_eq!(method(17, 289), built);
        assert_eq!(method(2, 300), built);
        #[cfg(feature = "tables")]
        {
            let optimal_5x5 = AnyShapeSettings {
                optimal_5x5: true,
                ..AnyShapeSettings::default()
            };
            assert_eq!(AnyShape::new(optimal_5x5).method(5, 25), None);
        }
    }
}
