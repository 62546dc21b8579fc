//! What beam search ranks a level's boards by, each followed from a board to its neighbour by the
//! one tile that slid: Manhattan distance plus linear conflict on a board of any shape
//! ([`LinearConflict`], the count of the tile's line again when it leaves or enters it: O(line)
//! a slide), a search's pattern databases on a board they serve ([`Tables`]: O(1) a slide), on
//! 6x6 those tables with the conflicts of the lines in the rank ([`TablesAndConflicts`]), and a
//! stage of a board solved a line at a time ([`LineStage`]: O(line) a slide).

use crate::board::home_distance;
use crate::pdb::additive::{PatternDb, PatternState};
use crate::search::ida_star::Heuristic;
use crate::search::linear_conflict::{column_conflict, conflicts, lower_bound, row_conflict};

/// What beam search ranks a level's boards by: a lower bound on the moves to the goal, followed
/// from a board to its neighbour by the one tile that slid. Each thread works with its own
/// clone.
pub trait Estimate: Clone + Send + Sync {
    /// What is kept with a board to follow its estimate, and to read it from at a glance.
    type State: Copy + Send + Sync;
    /// The state of `board`, a tile a byte.
    fn state(&mut self, board: &[u8]) -> Self::State;
    /// The estimate: never more than the fewest moves to the goal, and 0 only at the goal.
    fn value(&self, state: &Self::State) -> u32;
    /// The order of a level's boards, the lowest first: by default the estimate alone.
    fn rank(&self, state: &Self::State) -> u32 {
        self.value(state)
    }
    /// The state once the tile at `from` of `board`, whose state is `before`, slides into the
    /// blank at `to`; `board` is left as it was.
    fn after_slide(
        &mut self,
        board: &mut [u8],
        before: &Self::State,
        from: usize,
        to: usize,
    ) -> Self::State;
    /// The most levels a search goes from a start whose estimate is `start`: by default three
    /// times that, plus 100 (paths come out at about twice the estimate).
    fn most_levels(&self, start: u32) -> usize {
        3 * start as usize + 100
    }
    /// Asks the memory for what [`Estimate::after_slide`] will read, without waiting.
    fn prefetch(&self, _board: &[u8], _before: &Self::State, _from: usize, _to: usize) {}
}

/// Manhattan distance plus linear conflict, on a board of any shape: a slide changes the tile's
/// Manhattan distance by one, and the conflict of the line it belongs in, if it left or entered
/// it, is counted again (each line's conflict is twice the tiles that belong in it less its
/// longest run in goal order).
#[derive(Clone)]
pub struct LinearConflict {
    columns: usize,
    /// Room for a line's increasing runs ([`crate::search::linear_conflict::line_conflict`]), kept
    /// from one count to the next, so that a count clears nothing.
    tails: Vec<u32>,
}

impl LinearConflict {
    /// The estimate on a board `columns` wide with `cells` cells.
    pub fn new(columns: usize, cells: usize) -> LinearConflict {
        let longest = columns.max(cells / columns);
        LinearConflict {
            columns,
            tails: vec![0; longest],
        }
    }

    /// The tile's Manhattan distance from `cell` to its home (0 for the blank).
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        home_distance(self.columns, u32::from(tile), cell)
    }

    /// The conflict of row `line` of `board` if `row`, else of column `line`.
    fn conflict(&mut self, board: &[u8], row: bool, line: usize) -> u32 {
        match row {
            true => row_conflict(self.columns, board, line, &mut self.tails),
            false => column_conflict(self.columns, board, line, &mut self.tails),
        }
    }

    /// `count`, which holds the conflicts of `board`'s lines, with their change once the tile at
    /// `from` slides into the blank at `to`. Only a line the tile leaves or enters can change its
    /// conflict (rows for a vertical slide, columns for a horizontal one), and only if the tile
    /// belongs in it: at most one line is counted again.
    #[inline]
    fn with_conflict_change(
        &mut self,
        board: &mut [u8],
        count: u32,
        from: usize,
        to: usize,
    ) -> u32 {
        let tile = board[from];
        let (columns, home) = (self.columns, tile as usize - 1);
        // A vertical slide moves the tile between rows: its own row is the line to count again.
        let vertical = from / columns != to / columns;
        let (line, touched) = match vertical {
            true => (home / columns, [from / columns, to / columns]),
            false => (home % columns, [from % columns, to % columns]),
        };
        if !touched.contains(&line) {
            return count;
        }
        let was = self.conflict(board, vertical, line);
        board.swap(from, to);
        let now = self.conflict(board, vertical, line);
        board.swap(from, to);
        count + now - was
    }
}

impl Estimate for LinearConflict {
    type State = u32;

    fn state(&mut self, board: &[u8]) -> u32 {
        lower_bound(self.columns, &tile_numbers(board)) as u32
    }

    fn value(&self, state: &u32) -> u32 {
        *state
    }

    #[inline]
    fn after_slide(&mut self, board: &mut [u8], before: &u32, from: usize, to: usize) -> u32 {
        let tile = board[from];
        let distance = before + self.distance(tile, to) - self.distance(tile, from);
        self.with_conflict_change(board, distance, from, to)
    }
}

/// Pattern databases as beam search's estimate, on the boards they serve (`W` wide with `N`
/// cells); boards of equal estimate ranked by [`PatternDb::smaller_sum`]. On Korf and
/// Felner's 5x5 boards under the 6-6-6-6 tables, that brought paths about a fifth nearer the
/// optimum at no cost: the estimates take few values, so a level holds many boards of each.
#[derive(Clone)]
pub struct Tables<'a, const W: usize, const N: usize, const G: usize>(pub &'a PatternDb<W, N, G>);

impl<const W: usize, const N: usize, const G: usize> Estimate for Tables<'_, W, N, G> {
    type State = PatternState<G>;

    fn state(&mut self, board: &[u8]) -> PatternState<G> {
        self.0.state(cells_of(board))
    }

    fn value(&self, state: &PatternState<G>) -> u32 {
        self.0.estimate(state)
    }

    fn rank(&self, state: &PatternState<G>) -> u32 {
        self.value(state) << 16 | self.0.smaller_sum(state)
    }

    fn after_slide(
        &mut self,
        board: &mut [u8],
        before: &PatternState<G>,
        from: usize,
        to: usize,
    ) -> PatternState<G> {
        self.0.after_slide(cells_of(board), before, from, to)
    }

    fn prefetch(&self, board: &[u8], before: &PatternState<G>, from: usize, to: usize) {
        self.0.prefetch_slide(cells_of(board), before, from, to)
    }
}

/// [`Tables`] whose rank also counts the conflicts of the lines ([`LinearConflict`]'s, within
/// groups too), at a quarter of what linear conflict adds for them: on 6x6, whose groups of five
/// tiles leave much between groups unseen, paths about a hundredth shorter in the same time.
/// The estimate is the tables' alone. (On 5x5, the 6-6-6-6 tables rank as well without.)
#[derive(Clone)]
pub struct TablesAndConflicts<'a, const W: usize, const N: usize, const G: usize> {
    tables: Tables<'a, W, N, G>,
    lines: LinearConflict,
}

impl<'a, const W: usize, const N: usize, const G: usize> TablesAndConflicts<'a, W, N, G> {
    pub fn new(tables: &'a PatternDb<W, N, G>) -> Self {
        TablesAndConflicts {
            tables: Tables(tables),
            lines: LinearConflict::new(W, N),
        }
    }
}

impl<const W: usize, const N: usize, const G: usize> Estimate for TablesAndConflicts<'_, W, N, G> {
    /// The tables' state and the lines' conflicts.
    type State = (PatternState<G>, u32);

    fn state(&mut self, board: &[u8]) -> Self::State {
        let lines = conflicts(W, &tile_numbers(board));
        (self.tables.state(board), lines as u32)
    }

    fn value(&self, state: &Self::State) -> u32 {
        self.tables.value(&state.0)
    }

    fn rank(&self, (tables, conflicts): &Self::State) -> u32 {
        (4 * self.tables.value(tables) + conflicts) << 16 | self.tables.0.smaller_sum(tables)
    }

    fn after_slide(
        &mut self,
        board: &mut [u8],
        (tables, conflicts): &Self::State,
        from: usize,
        to: usize,
    ) -> Self::State {
        let tables = self.tables.after_slide(board, tables, from, to);
        let conflicts = self.lines.with_conflict_change(board, *conflicts, from, to);
        (tables, conflicts)
    }

    fn prefetch(&self, board: &[u8], before: &Self::State, from: usize, to: usize) {
        self.tables.prefetch(board, &before.0, from, to)
    }
}

/// The most tiles of a stage's line: a board of up to 256 cells at least as wide as tall has
/// rows of at most 16, and a board wider than tall columns of fewer.
pub const MOST_LINE: usize = 16;

/// A stage of a board solved a line at a time ([`crate::big_boards::stages`]): the goal is the
/// stage's tiles home, the estimate their Manhattan distance; boards rank by twice that, plus
/// the whole board's Manhattan distance and linear conflict (so the other tiles go home on the
/// way rather than astray), plus the blank's distance to the nearest stage tile out of place
/// (so the blank goes to work). O(line) a slide: the state keeps the stage's tiles' cells.
#[derive(Clone)]
pub struct LineStage {
    lines: LinearConflict,
    columns: usize,
    /// The stage's tiles, in order.
    stage: Vec<u8>,
    /// Each tile's place in `stage`, if it is one of its tiles.
    place: Vec<Option<usize>>,
}

/// A [`LineStage`]'s state: the stage's tiles' distance, the whole board's linear conflict
/// bound, the rank and the stage's tiles' cells.
#[derive(Clone, Copy)]
pub struct StageState {
    stage: u32,
    lines: u32,
    rank: u32,
    cells: [u8; MOST_LINE],
}

impl LineStage {
    /// The stage whose tiles are `stage` on a board `columns` wide with `cells` cells.
    ///
    /// # Panics
    /// If `stage` has more than [`MOST_LINE`] tiles, or the board more than 256 cells.
    pub fn new(columns: usize, cells: usize, stage: &[u8]) -> Self {
        assert!(
            stage.len() <= MOST_LINE && cells <= 256,
            "a line of at most 16 tiles"
        );
        let mut place = vec![None; cells];
        stage
            .iter()
            .enumerate()
            .for_each(|(i, &t)| place[usize::from(t)] = Some(i));
        LineStage {
            lines: LinearConflict::new(columns, cells),
            columns,
            stage: stage.to_vec(),
            place,
        }
    }

    /// The blank's distance from `blank` to the nearest of the stage's tiles out of place, at
    /// `cells` (0 if none).
    fn to_work(&self, blank: usize, cells: &[u8; MOST_LINE]) -> u32 {
        let (row, column) = (blank / self.columns, blank % self.columns);
        let astray = self
            .stage
            .iter()
            .zip(cells)
            .filter(|&(&t, &c)| usize::from(t) != usize::from(c) + 1);
        let distance = |(_, &cell): (&u8, &u8)| {
            let cell = usize::from(cell);
            (row.abs_diff(cell / self.columns) + column.abs_diff(cell % self.columns)) as u32
        };
        astray.map(distance).min().unwrap_or(0)
    }

    /// The state with these parts, its rank worked out.
    fn with_rank(
        &self,
        stage: u32,
        lines: u32,
        blank: usize,
        cells: [u8; MOST_LINE],
    ) -> StageState {
        let rank = 2 * stage + lines + self.to_work(blank, &cells);
        StageState {
            stage,
            lines,
            rank,
            cells,
        }
    }
}

impl Estimate for LineStage {
    type State = StageState;

    fn state(&mut self, board: &[u8]) -> StageState {
        let mut cells = [0; MOST_LINE];
        let (mut stage, mut blank) = (0, 0);
        for (cell, &t) in board.iter().enumerate() {
            match self.place[usize::from(t)] {
                Some(i) => {
                    cells[i] = cell as u8;
                    stage += home_distance(self.columns, u32::from(t), cell);
                }
                None if t == 0 => blank = cell,
                None => {}
            }
        }
        let lines = self.lines.state(board);
        self.with_rank(stage, lines, blank, cells)
    }

    fn value(&self, state: &StageState) -> u32 {
        state.stage
    }

    fn rank(&self, state: &StageState) -> u32 {
        state.rank
    }

    /// Six times the start's estimate, plus 100: the other tiles move on the way, so a
    /// stage's path runs to several times its own tiles' distance.
    fn most_levels(&self, start: u32) -> usize {
        6 * start as usize + 100
    }

    fn after_slide(
        &mut self,
        board: &mut [u8],
        before: &StageState,
        from: usize,
        to: usize,
    ) -> StageState {
        let tile = board[from];
        let (mut stage, mut cells) = (before.stage, before.cells);
        if let Some(i) = self.place[usize::from(tile)] {
            let distance = |cell| home_distance(self.columns, u32::from(tile), cell);
            stage = stage + distance(to) - distance(from);
            cells[i] = to as u8;
        }
        let lines = self.lines.after_slide(board, &before.lines, from, to);
        self.with_rank(stage, lines, from, cells)
    }
}

/// The tiles of `board`, as numbers.
fn tile_numbers(board: &[u8]) -> Vec<u32> {
    board.iter().map(|&t| u32::from(t)).collect()
}

/// `board` as the array of a board of `N` cells.
fn cells_of<const N: usize>(board: &[u8]) -> &[u8; N] {
    board.try_into().expect("a board of the heuristic's size")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    /// Walks the blank at random from the goal of a board `columns` wide with `cells` cells,
    /// following `estimate` slide by slide, and hands `check` each board with its state.
    fn walk<E: Estimate>(
        mut estimate: E,
        columns: usize,
        cells: usize,
        mut check: impl FnMut(&[u8], &E::State),
    ) {
        let mut board: Vec<u8> = (1..cells as u8).chain([0]).collect();
        let mut state = estimate.state(&board);
        check(&board, &state);
        let (mut blank, mut seed) = (cells - 1, 12345u64);
        for _ in 0..3000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = Move::ALL[(seed >> 33) as usize % 4];
            if let Some(cell) = m.target(columns, cells, blank) {
                state = estimate.after_slide(&mut board, &state, cell, blank);
                board.swap(cell, blank);
                blank = cell;
                check(&board, &state);
            }
        }
    }

    #[test]
    fn the_estimate_follows_each_slide() {
        walk(LinearConflict::new(5, 25), 5, 25, |board, &estimate| {
            assert_eq!(u64::from(estimate), lower_bound(5, &tile_numbers(board)));
        });
    }

    /// A stage's state followed slide by slide, against the state worked out afresh; its value
    /// the stage tiles' own distance from home.
    #[test]
    fn a_line_stage_follows_each_slide() {
        let mut fresh = LineStage::new(5, 25, &[1, 2, 3, 4, 5]);
        walk(fresh.clone(), 5, 25, |board, state| {
            let afresh = fresh.state(board);
            let parts = |s: &StageState| (s.stage, s.lines, s.rank, s.cells);
            assert_eq!(parts(state), parts(&afresh));
            let tiles = tile_numbers(board);
            let stage: u32 = (0..25)
                .filter(|&c| (1..=5).contains(&tiles[c]))
                .map(|c| home_distance(5, tiles[c], c))
                .sum();
            assert_eq!(fresh.value(state), stage);
        });
    }

    /// The tables' state and the lines' conflicts followed slide by slide, against the tables'
    /// state worked out afresh and linear conflict's bound less the Manhattan distance.
    #[test]
    fn tables_and_conflicts_follow_each_slide() {
        let groups = [
            vec![1, 2, 3, 4, 5],
            vec![6, 7, 8, 9, 10],
            vec![11, 12, 13, 14, 15],
        ];
        let db = PatternDb::<4, 16>::build(&groups, 2);
        let (estimate, mut conflicted) = (TablesAndConflicts::new(&db), 0);
        walk(estimate, 4, 16, |board, (tables, conflicts)| {
            let tiles = tile_numbers(board);
            let cells = tiles.iter().enumerate();
            let distance: u32 = cells.map(|(cell, &t)| home_distance(4, t, cell)).sum();
            assert_eq!(*tables, db.state(board.try_into().unwrap()));
            assert_eq!(u64::from(distance + conflicts), lower_bound(4, &tiles));
            conflicted += usize::from(*conflicts > 0);
        });
        assert!(
            conflicted > 100,
            "the walk met few conflicts: {}",
            conflicted
        );
    }
}
