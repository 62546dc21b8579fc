//! Boards of any size solved by construction, not search: a path, not the shortest, in time
//! proportional to its length and memory proportional to the board.
//!
//! The unsolved block loses its top row or its left column, keeping about square, until it is
//! small enough (`finish_cells`) for the caller's finisher ([`crate::big_boards::finishers`], or a
//! search in [`crate::solvers::any_shape`]). A tile walks home a step at a time, the blank going
//! round to the cell in front of it; a line's last two tiles go home together. Placed tiles stay
//! put. A move that undoes the one before is dropped with it.
//!
//! Every move of the blank pushes a tile the other way, and most moves are the blank's walks,
//! so the walks choose what they push: towards the side whose tile comes nearer home.

use std::cmp::{Ordering, Reverse};
use std::collections::VecDeque;

use crate::big_boards::finishers::{block, window_route};
use crate::board::{reaches_goal, Move};

/// The most moves held back in case the next ones undo them: memory stays bounded.
pub const HELD_MOVES: usize = 1024;

/// Solves the board `tiles` (`width` to a row) for the goal `1 2 .. N-1 0`, each move going to
/// `emit`, which returns whether to go on: once it says no (its reader is gone), the
/// construction stops within a tile's walk. Once the unsolved block has at most `finish_cells`
/// cells (4 or more), `finish` gets its width and tiles, renamed for the goal `1 2 .. n-1 0`,
/// and returns the moves that solve it. False, with no move made, when parity says the goal
/// cannot be reached.
///
/// # Example
/// ```
/// use engine::board::Move;
/// use engine::big_boards::constructive::solve;
/// use engine::big_boards::finishers::turn_last_block;
/// let mut moves = Vec::new();
/// let keep = |m| {
///     moves.push(m);
///     true
/// };
/// assert!(solve(3, &[1, 2, 3, 4, 0, 5], 4, turn_last_block, keep));
/// assert_eq!(moves, [Move::Right]);
/// assert!(!solve(3, &[1, 2, 3, 5, 4, 0], 4, turn_last_block, |_| true));
/// ```
pub fn solve(
    width: usize,
    tiles: &[u32],
    finish_cells: usize,
    finish: impl FnMut(usize, &[u32]) -> Vec<Move>,
    emit: impl FnMut(Move) -> bool,
) -> bool {
    assert!(
        finish_cells >= 4,
        "the construction leaves a 2x2 block at the least"
    );
    let cells = tiles.len();
    if !reaches_goal(width, tiles) {
        return false;
    }
    let mut walker = Walker {
        width,
        height: cells / width,
        tiles: tiles.to_vec(),
        blank: tiles.iter().position(|&tile| tile == 0).unwrap_or(0),
        line: Line::default(),
        line_cells: Vec::new(),
        inverse: inverse(width),
        fixed: vec![false; cells],
        held: VecDeque::with_capacity(HELD_MOVES + 1),
        came_from: Vec::new(),
        queue: VecDeque::new(),
        route: Vec::new(),
        best_route: Vec::new(),
        finish_cells,
        finish,
        emit,
        wanted: true,
    };
    walker.solve();
    for m in walker.held.drain(..) {
        if !walker.wanted {
            break;
        }
        walker.wanted = (walker.emit)(m);
    }
    true
}

/// A row (`along` 1) or a column (`along` the width) of `length` cells from `start`.
#[derive(Clone, Copy, Default)]
struct Line {
    start: usize,
    along: usize,
    length: usize,
}

struct Walker<G, F> {
    width: usize,
    height: usize,
    tiles: Vec<u32>,
    /// The blank's cell.
    blank: usize,
    /// The line being placed, whose tiles alone are followed (`line_cells`, in order along it).
    line: Line,
    line_cells: Vec<usize>,
    /// [`inverse`] of `width`, for [`row_column`].
    inverse: u64,
    /// Cells whose tiles are placed (or held for a moment) and must not move.
    fixed: Vec<bool>,
    /// The latest moves, not yet out.
    held: VecDeque<Move>,
    /// The blank's searches' cells and route, kept from one to the next.
    came_from: Vec<usize>,
    queue: VecDeque<(usize, usize)>,
    route: Vec<usize>,
    /// The best step's staircase, while [`Walker::walk_tile`] weighs its steps.
    best_route: Vec<usize>,
    /// The largest block left to `finish`.
    finish_cells: usize,
    finish: G,
    emit: F,
    /// Whether `emit` still wants moves.
    wanted: bool,
}

/// A route of the blank that [`Walker::plan`] found: the staircase in `Walker::route`, or four
/// moves round a tile, to one side then along.
#[derive(Clone, Copy)]
enum Walk {
    Staircase,
    Around(Move, Move),
}

impl<G: FnMut(usize, &[u32]) -> Vec<Move>, F: FnMut(Move) -> bool> Walker<G, F> {
    fn solve(&mut self) {
        let (width, height) = (self.width, self.height);
        // Cell `at(row, column)` is the home of tile `at(row, column) + 1`.
        let at = |row: usize, column: usize| row * width + column;
        let (mut top, mut left) = (0, 0);
        while height - top > 2 || width - left > 2 {
            if !self.wanted {
                return;
            }
            let (rows, columns) = (height - top, width - left);
            if rows * columns <= self.finish_cells {
                break;
            }
            // A row goes when the block is at least as tall as wide, else a column: the block
            // stays about square, and the tiles of a short line have less far to go.
            let along_rows = rows > 2 && (rows >= columns || columns == 2);
            // The line's first cell, the steps along it and across it, and its length.
            let start = at(top, left);
            let (along, across, length) = match along_rows {
                true => (1, width, columns),
                false => (width, 1, rows),
            };
            self.follow_line(Line {
                start,
                along,
                length,
            });
            for i in 0..length - 2 {
                if !self.wanted {
                    return;
                }
                let cell = start + i * along;
                self.place(cell as u32 + 1, cell);
            }
            let (first, second) = (start + (length - 2) * along, start + (length - 1) * along);
            let window = [0, 1, 2].map(|k| [first + k * across, second + k * across]);
            self.place_pair(first, second, second + across, window.concat());
            match along_rows {
                true => top += 1,
                false => left += 1,
            }
        }
        self.finish_block(top, left);
    }

    /// Hands the unsolved block from `top` and `left` to the bottom-right corner, which holds
    /// the blank and the tiles whose homes are there, to `finish`, and makes its moves.
    fn finish_block(&mut self, top: usize, left: usize) {
        let corner = (self.tiles.len() / self.width - 1, self.width - 1);
        let block = block(&self.tiles, self.width, (top, left), corner);
        for m in (self.finish)(self.width - left, &block) {
            self.slide(m);
        }
    }

    /// Walks `tile` to `cell`, and fixes it there.
    fn place(&mut self, tile: u32, cell: usize) {
        self.walk_tile(tile, cell);
        self.fixed[cell] = true;
    }

    /// Places the tiles of `first` and `second`, the last two cells of a row (or column), where
    /// the second cell would be a dead end: `first`'s tile goes home, `second`'s to `near`, the
    /// blank into `window` (the 2 x 3 block round them), and [`window_route`] finishes.
    fn place_pair(&mut self, first: usize, second: usize, near: usize, window: Vec<usize>) {
        let (a, b) = (first as u32 + 1, second as u32 + 1);
        if self.cell_of(a) != first || self.cell_of(b) != second {
            self.place(a, first);
            self.walk_tile(b, near);
            let blank = self.blank;
            let entry = window
                .iter()
                .copied()
                .filter(|&cell| cell != first && cell != near)
                .min_by_key(|&cell| self.distance(cell, blank))
                .expect("the window has free cells");
            self.blank_to(entry, near);
            self.fixed[first] = false;
            let cells = [self.cell_of(a), self.cell_of(b), self.blank];
            for cell in window_route(&window, cells, [first, second]) {
                self.step_to(cell);
            }
        }
        self.fixed[first] = true;
        self.fixed[second] = true;
    }

    /// Walks `tile` to `target` a step at a time, fixed cells untouched. Of the steps nearer, it
    /// takes the one whose route pushes the fewest tiles from home, along the line being placed
    /// on a tie; a blank over three cells away takes the step it reaches first.
    fn walk_tile(&mut self, tile: u32, target: usize) {
        loop {
            let at = self.cell_of(tile);
            if at == target {
                return;
            }
            let ((row, column), (target_row, target_column)) =
                (self.row_column(at), self.row_column(target));
            let mut nearer = [
                (column > target_column, at.wrapping_sub(1)),
                (column < target_column, at + 1),
                (row > target_row, at.wrapping_sub(self.width)),
                (row < target_row, at + self.width),
            ];
            if self.line.along != 1 {
                nearer.rotate_left(2);
            }
            let blank = self.blank;
            let choices = nearer
                .iter()
                .filter(|&&(useful, front)| useful && !self.fixed[front]);
            let (one, far) = (choices.count() == 1, self.distance(blank, at) > 3);
            // The least cost, the first of equals, with its route round the tile if worked out
            // (a staircase's in `best_route`).
            let mut best: Option<(usize, usize, Option<Walk>)> = None;
            for (useful, front) in nearer {
                if !useful || self.fixed[front] {
                    continue;
                }
                let (cost, walk) = match (one, far) {
                    _ if front == blank => (0, None),
                    (true, _) => (0, None),
                    (false, true) => (self.distance(blank, front), None),
                    (false, false) => match self.plan(front, at) {
                        Some((walk, farther)) => (farther, Some(walk)),
                        None => (usize::MAX, None),
                    },
                };
                if best.map_or(true, |(least, _, _)| cost < least) {
                    best = Some((cost, front, walk));
                    if let Some(Walk::Staircase) = walk {
                        std::mem::swap(&mut self.route, &mut self.best_route);
                    }
                }
            }
            let (_, front, walk) = best.expect("a step nearer home is free");
            match walk {
                Some(Walk::Staircase) => {
                    std::mem::swap(&mut self.route, &mut self.best_route);
                    self.follow(Walk::Staircase);
                }
                Some(walk) => self.follow(walk),
                None => self.blank_to(front, at),
            }
            self.slide(Move::between(front, at, self.width));
        }
    }

    /// The blank's route to `target` avoiding fixed cells and `avoid`, short of a search: a
    /// staircase (in `self.route`) or four moves round `avoid`, with the tiles it pushes from
    /// home. `None` if neither is free.
    fn plan(&mut self, target: usize, avoid: usize) -> Option<(Walk, usize)> {
        if let Some(farther) = self.staircase_route(target, avoid) {
            return Some((Walk::Staircase, farther));
        }
        let (side, along, farther) = self.around_plan(target, avoid)?;
        Some((Walk::Around(side, along), farther))
    }

    /// Moves the blank along a route [`Walker::plan`] found (a staircase's is in `self.route`).
    fn follow(&mut self, walk: Walk) {
        match walk {
            Walk::Staircase => {
                for i in 0..self.route.len() {
                    let cell = self.route[i];
                    self.step_to(cell);
                }
            }
            Walk::Around(side, along) => {
                for m in [side, along, along, side.opposite()] {
                    self.slide(m);
                }
            }
        }
    }

    /// Moves the blank to `target` through cells that are neither fixed nor `avoid`.
    fn blank_to(&mut self, target: usize, avoid: usize) {
        if self.blank == target {
            return;
        }
        if let Some((walk, _)) = self.plan(target, avoid) {
            return self.follow(walk);
        }
        // Around the obstacle: search the box of blank, target and obstacle, grown by one cell;
        // the whole board if that box is walled off.
        for margin in [1, self.width.max(self.height)] {
            if self.search(target, avoid, margin) {
                return self.follow(Walk::Staircase);
            }
        }
        unreachable!("the free cells around the blank are connected");
    }

    /// The commonest route, from behind the tile walked (`avoid`) to in front (`target`): four
    /// moves round the free side pushing fewer tiles from home (above or left on a tie). The
    /// side, the direction along, and the tiles pushed from home; `None` if not such a route.
    fn around_plan(&self, target: usize, avoid: usize) -> Option<(Move, Move, usize)> {
        let (blank, width) = (self.blank, self.width);
        let opposite = target.wrapping_add(blank) == 2 * avoid;
        if !opposite || self.distance(blank, avoid) != 1 || self.distance(target, avoid) != 1 {
            return None;
        }
        let (row, column) = self.row_column(blank);
        let along = Move::between(blank, avoid, width);
        // Next to each other, the blank and `avoid` share a row when one cell apart.
        let sides = match blank.abs_diff(avoid) == 1 {
            true => [(Move::Up, row > 0), (Move::Down, row + 1 < self.height)],
            false => [(Move::Left, column > 0), (Move::Right, column + 1 < width)],
        };
        // Of the free sides, the one that pushes the fewest of its four tiles away from home.
        sides
            .iter()
            .filter(|&&(side, on_board)| {
                on_board
                    && [blank, avoid, target]
                        .iter()
                        .all(|&cell| !self.fixed[self.neighbour(cell, side)])
            })
            .map(|&(side, _)| {
                let step = |cell: usize| self.neighbour(cell, side);
                let pushes = [
                    (step(blank), blank),
                    (step(avoid), step(blank)),
                    (step(target), step(avoid)),
                    (target, step(target)),
                ];
                let farther = pushes
                    .iter()
                    .filter(|&&(from, to)| !self.pushed_nearer(from, to));
                (side, along, farther.count())
            })
            .min_by_key(|&(_, _, farther)| farther)
    }

    /// Whether the tile at `from`, pushed to the next cell `to` (by the blank moving the other
    /// way), comes nearer its home.
    #[inline]
    fn pushed_nearer(&self, from: usize, to: usize) -> bool {
        let (home, at) = (
            self.row_column(self.tiles[from] as usize - 1),
            self.row_column(from),
        );
        match to.wrapping_sub(from) {
            1 => home.1 > at.1,
            d if d == self.width => home.0 > at.0,
            d if d == self.width.wrapping_neg() => home.0 < at.0,
            _ => home.1 < at.1,
        }
    }

    /// A shortest route of the blank to `target` (in `self.route`, not taken): of the two steps
    /// nearer, the one whose pushed tile comes nearer home, else along the longer way left.
    /// Returns how many tiles it pushes from home; `None` if it meets a fixed cell or `avoid`.
    fn staircase_route(&mut self, target: usize, avoid: usize) -> Option<usize> {
        let width = self.width;
        let (target_row, target_column) = self.row_column(target);
        // Planned before moving: the route visits each cell once, so the tiles it pushes stand
        // where they are now.
        self.route.clear();
        let (mut cell, mut farther) = (self.blank, 0);
        while cell != target {
            let (row, column) = self.row_column(cell);
            let across = match column.cmp(&target_column) {
                Ordering::Less => Some((cell + 1, target_column - column)),
                Ordering::Greater => Some((cell - 1, column - target_column)),
                Ordering::Equal => None,
            };
            let down = match row.cmp(&target_row) {
                Ordering::Less => Some((cell + width, target_row - row)),
                Ordering::Greater => Some((cell - width, row - target_row)),
                Ordering::Equal => None,
            };
            let free = |step: Option<(usize, usize)>| {
                step.filter(|&(next, _)| !self.fixed[next] && next != avoid)
            };
            // Pushing away ranks after pushing nearer; then the shorter way left.
            let rank = |(next, left)| (!self.pushed_nearer(next, cell), Reverse(left));
            let (next, (away, _)) = match (free(across), free(down)) {
                (Some(a), Some(d)) => {
                    let (rank_a, rank_d) = (rank(a), rank(d));
                    match rank_d < rank_a {
                        true => (d.0, rank_d),
                        false => (a.0, rank_a),
                    }
                }
                (Some(step), None) | (None, Some(step)) => (step.0, rank(step)),
                (None, None) => return None,
            };
            farther += usize::from(away);
            cell = next;
            self.route.push(cell);
        }
        Some(farther)
    }

    /// Whether the blank reaches `target` over free cells in the box round blank, target and
    /// `avoid` grown by `margin`; if so, a shortest route (breadth-first) is left in `self.route`.
    fn search(&mut self, target: usize, avoid: usize, margin: usize) -> bool {
        let width = self.width;
        let blank = self.blank;
        let corners = [blank, target, avoid];
        let top = corners
            .iter()
            .map(|&c| c / width)
            .min()
            .unwrap_or(0)
            .saturating_sub(margin);
        let bottom = corners.iter().map(|&c| c / width).max().unwrap_or(0);
        let bottom = (bottom + margin).min(self.height - 1);
        let left = corners
            .iter()
            .map(|&c| c % width)
            .min()
            .unwrap_or(0)
            .saturating_sub(margin);
        let right = corners.iter().map(|&c| c % width).max().unwrap_or(0);
        let right = (right + margin).min(width - 1);
        let box_width = right - left + 1;
        // Cells are walked by row and column, and numbered within the box, so that no step
        // divides by the board's width.
        let at = |row: usize, column: usize| (row - top) * box_width + column - left;
        let (came_from, queue, route) = (&mut self.came_from, &mut self.queue, &mut self.route);
        came_from.clear();
        came_from.resize((bottom - top + 1) * box_width, usize::MAX);
        let start = at(blank / width, blank % width);
        came_from[start] = start;
        queue.clear();
        queue.push_back((blank / width, blank % width));
        let goal = (target / width, target % width);
        while let Some((row, column)) = queue.pop_front() {
            if (row, column) == goal {
                route.clear();
                let mut i = at(row, column);
                while i != start {
                    route.push((top + i / box_width) * width + left + i % box_width);
                    i = came_from[i];
                }
                route.reverse();
                return true;
            }
            let here = at(row, column);
            let neighbours = [
                (row > top, row.wrapping_sub(1), column),
                (row < bottom, row + 1, column),
                (column > left, row, column.wrapping_sub(1)),
                (column < right, row, column + 1),
            ];
            for (inside, row, column) in neighbours {
                if !inside {
                    continue;
                }
                let (next, i) = (row * width + column, at(row, column));
                if !self.fixed[next] && next != avoid && came_from[i] == usize::MAX {
                    came_from[i] = here;
                    queue.push_back((row, column));
                }
            }
        }
        false
    }

    /// Follows the tiles of `line`, all of them in the block from its start to the
    /// bottom-right corner.
    fn follow_line(&mut self, line: Line) {
        self.line = line;
        self.line_cells.clear();
        self.line_cells.resize(line.length, 0);
        let (top, left) = (line.start / self.width, line.start % self.width);
        for row in top..self.height {
            for cell in row * self.width + left..(row + 1) * self.width {
                if let Some(i) = self.in_line(self.tiles[cell]) {
                    self.line_cells[i] = cell;
                }
            }
        }
    }

    /// The place along the line being placed of `tile`'s home, if it is there.
    #[inline]
    fn in_line(&self, tile: u32) -> Option<usize> {
        let line = self.line;
        let offset = (tile as usize).wrapping_sub(line.start + 1);
        if offset >= line.along * line.length {
            return None;
        }
        match line.along {
            1 => Some(offset),
            _ => match self.row_column(offset) {
                (i, 0) => Some(i),
                _ => None,
            },
        }
    }

    /// Where `tile`, of the line being placed, is.
    fn cell_of(&self, tile: u32) -> usize {
        let i = self.in_line(tile).expect("a tile of the line being placed");
        self.line_cells[i]
    }

    /// The row and column of `cell`, by [`row_column`].
    #[inline]
    fn row_column(&self, cell: usize) -> (usize, usize) {
        row_column(cell, self.width, self.inverse)
    }

    fn distance(&self, a: usize, b: usize) -> usize {
        let (a, b) = (self.row_column(a), self.row_column(b));
        a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
    }

    /// Moves the blank to `cell`, next to it.
    fn step_to(&mut self, cell: usize) {
        self.slide(Move::between(self.blank, cell, self.width));
    }

    /// The cell next to `cell` in direction `m`, which stays on the board.
    fn neighbour(&self, cell: usize, m: Move) -> usize {
        match m {
            Move::Down => cell + self.width,
            Move::Left => cell - 1,
            Move::Right => cell + 1,
            Move::Up => cell - self.width,
        }
    }

    /// Moves the blank `m`, which stays on the board.
    fn slide(&mut self, m: Move) {
        let blank = self.blank;
        let cell = self.neighbour(blank, m);
        let tile = self.tiles[cell];
        self.tiles.swap(blank, cell);
        if let Some(i) = self.in_line(tile) {
            self.line_cells[i] = blank;
        }
        self.blank = cell;
        if self.held.back() == Some(&m.opposite()) {
            self.held.pop_back();
        } else {
            self.held.push_back(m);
            if self.held.len() > HELD_MOVES && self.wanted {
                let oldest = self.held.pop_front().expect("moves are held");
                self.wanted = (self.emit)(oldest);
            }
        }
    }
}

/// 2^64 / `width`, rounded up: see [`row_column`].
fn inverse(width: usize) -> u64 {
    u64::MAX / width as u64 + 1
}

/// The row and column of `cell`, `width` wide, by a multiplication by [`inverse`]`(width)` and a
/// shift (exact below 2^32), faster than a division.
#[inline]
fn row_column(cell: usize, width: usize, inverse: u64) -> (usize, usize) {
    let row = ((cell as u128 * u128::from(inverse)) >> 64) as usize;
    (row, cell - row * width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::big_boards::finishers::turn_last_block;
    use crate::board::replay;

    /// Solves `tiles` by construction alone, and checks the moves against a replay; whether it
    /// was solvable.
    fn check(width: usize, tiles: &[u32]) -> bool {
        let mut moves = Vec::new();
        let keep = |m| {
            moves.push(m);
            true
        };
        let solved = solve(width, tiles, 4, turn_last_block, keep);
        let goal: Vec<u32> = (1..tiles.len() as u32).chain([0]).collect();
        if solved {
            assert_eq!(replay(width, tiles, &moves), Some(goal), "{:?}", tiles);
        } else {
            assert!(moves.is_empty());
        }
        solved
    }

    /// Once `emit` wants no more moves (its reader is gone), it gets none, and the construction
    /// stops before the last block.
    #[test]
    fn stops_once_the_moves_are_not_wanted() {
        // The tiles reversed on a 60 x 60 board: a long way from the goal.
        let mut tiles: Vec<u32> = (1..3600).rev().collect();
        tiles.push(0);
        tiles.swap(0, 1);
        assert!(reaches_goal(60, &tiles));
        let (mut emitted, mut finished) = (0, false);
        let finish = |width: usize, block: &[u32]| {
            finished = true;
            turn_last_block(width, block)
        };
        let solved = solve(60, &tiles, 4, finish, |_| {
            emitted += 1;
            emitted < 10
        });
        assert!(solved);
        assert_eq!(emitted, 10);
        assert!(!finished);
    }

    #[test]
    fn every_arrangement_of_the_small_boards() {
        for (width, cells) in [(2, 4), (3, 6), (2, 6), (4, 8), (2, 8), (3, 9)] {
            let mut tiles: Vec<u32> = (0..cells as u32).collect();
            let mut solvable = 0;
            // Heap's algorithm: every permutation, one swap apart.
            let mut counters = vec![0; cells];
            solvable += usize::from(check(width, &tiles));
            let mut i = 0;
            while i < cells {
                if counters[i] < i {
                    tiles.swap(if i % 2 == 0 { 0 } else { counters[i] }, i);
                    solvable += usize::from(check(width, &tiles));
                    counters[i] += 1;
                    i = 0;
                } else {
                    counters[i] = 0;
                    i += 1;
                }
            }
            let all: usize = (1..=cells).product();
            assert_eq!(solvable, all / 2, "{}x{}", cells / width, width);
        }
    }

    #[test]
    fn rows_and_columns_by_multiplication_are_those_of_division() {
        for width in [2, 3, 7, 10, 64, 100, 640, 998, 999] {
            let inverse = inverse(width);
            for cell in 0..width * 999 {
                assert_eq!(
                    row_column(cell, width, inverse),
                    (cell / width, cell % width)
                );
            }
        }
    }

    #[test]
    fn random_boards_of_many_shapes() {
        let mut state = 0x2893_u64;
        let mut below = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for (height, width) in [
            (2, 2),
            (2, 9),
            (9, 2),
            (3, 7),
            (7, 3),
            (5, 5),
            (4, 12),
            (12, 4),
            (30, 30),
            (2, 60),
            (60, 2),
        ] {
            for _ in 0..20 {
                let mut tiles: Vec<u32> = (0..(width * height) as u32).collect();
                for i in (1..tiles.len()).rev() {
                    tiles.swap(i, below(i + 1));
                }
                let solvable = solvable_by_inversions(width, &tiles);
                assert_eq!(check(width, &tiles), solvable, "{:?}", tiles);
            }
        }
    }

    /// Whether `tiles` can reach the goal, by the rule of inversions, not the parity of cycles
    /// the engine decides by: on an odd width, an even count of inversions; on an even width, an
    /// odd sum of the count and the blank's row from the bottom (from 1).
    fn solvable_by_inversions(width: usize, tiles: &[u32]) -> bool {
        let tiles_alone: Vec<u32> = tiles.iter().copied().filter(|&t| t != 0).collect();
        let inversions: usize = (0..tiles_alone.len())
            .map(|i| {
                tiles_alone[i + 1..]
                    .iter()
                    .filter(|&&t| t < tiles_alone[i])
                    .count()
            })
            .sum();
        let blank = tiles.iter().position(|&t| t == 0).expect("a blank");
        let row_from_bottom = tiles.len() / width - blank / width;
        match width % 2 {
            1 => inversions % 2 == 0,
            _ => (inversions + row_from_bottom) % 2 == 1,
        }
    }
}
