//! IDA*: depth-first search under a cost bound that rises to the next smallest overshoot, guided
//! by an admissible heuristic, so the first path found is optimal and memory is the path itself.
//!
//! The heuristic is Manhattan distance plus linear conflict: when tiles that belong in one row
//! (or column) stand in it in the wrong order, some must step out and back, two moves each. Both
//! terms are updated per move from the one tile that slid and the two lines it touched. Time is
//! proportional to the nodes visited (a few thousand for the hardest 3x3 starts); the search
//! allocates nothing once started.

use crate::board::{Board, Move};

/// An optimal solution and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves of the blank, in order; as few as possible.
    pub moves: Vec<Move>,
    /// Search nodes visited, over all iterations.
    pub nodes: u64,
}

/// The fewest moves of the blank that turn `start` into `goal`.
///
/// Returns `None` at once, without searching, when the boards' parities differ: no sequence of
/// moves joins them. Otherwise the search always ends with an optimal path.
///
/// # Example
/// ```
/// use engine::board::{Board, Move};
/// use engine::ida_star::solve;
/// let start = Board::<3, 6>::from_tiles([1, 2, 3, 4, 0, 5]).unwrap();
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// assert_eq!(solve(&start, &goal).unwrap().moves, [Move::Right]);
/// let swapped = Board::<3, 6>::from_tiles([1, 2, 3, 5, 4, 0]).unwrap();
/// assert_eq!(solve(&swapped, &goal), None);
/// ```
pub fn solve<const W: usize, const N: usize>(
    start: &Board<W, N>,
    goal: &Board<W, N>,
) -> Option<Solution> {
    if start.parity() != goal.parity() {
        return None;
    }
    let mut search = Search::<W, N>::new(start, goal);
    let h = search.heuristic();
    search.bound = h;
    while !search.dfs(start.blank(), h) {
        search.bound = search.next_bound;
        search.next_bound = u32::MAX;
    }
    Some(Solution {
        moves: search.moves,
        nodes: search.nodes,
    })
}

struct Search<const W: usize, const N: usize> {
    tiles: [u8; N],
    /// `goal_cell[tile]`: where the tile belongs.
    goal_cell: [u8; N],
    /// `manhattan[tile][cell]`: the tile's distance from `cell` to its goal cell.
    manhattan: [[u8; N]; N],
    bound: u32,
    next_bound: u32,
    moves: Vec<Move>,
    nodes: u64,
}

impl<const W: usize, const N: usize> Search<W, N> {
    fn new(start: &Board<W, N>, goal: &Board<W, N>) -> Self {
        let mut goal_cell = [0u8; N];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            goal_cell[usize::from(tile)] = cell as u8;
        }
        let mut manhattan = [[0u8; N]; N];
        for (tile, row) in manhattan.iter_mut().enumerate().skip(1) {
            let home = usize::from(goal_cell[tile]);
            for (cell, distance) in row.iter_mut().enumerate() {
                *distance = ((cell / W).abs_diff(home / W) + (cell % W).abs_diff(home % W)) as u8;
            }
        }
        Search {
            tiles: *start.tiles(),
            goal_cell,
            manhattan,
            bound: 0,
            next_bound: u32::MAX,
            // Longer than any optimal path up to 4x4 (80 moves): pushing never reallocates.
            moves: Vec::with_capacity(128),
            nodes: 0,
        }
    }

    /// Manhattan distance plus linear conflict of the whole board.
    fn heuristic(&self) -> u32 {
        let manhattan: u32 = (0..N)
            .map(|cell| u32::from(self.manhattan[usize::from(self.tiles[cell])][cell]))
            .sum();
        let rows: u32 = (0..N / W).map(|row| self.conflict(row, true)).sum();
        let columns: u32 = (0..W).map(|column| self.conflict(column, false)).sum();
        manhattan + rows + columns
    }

    /// Linear conflict of one row or column: 2 × the fewest of the tiles that belong in it that
    /// must leave so the rest stand in goal order (their count minus the longest ordered run).
    fn conflict(&self, line: usize, is_row: bool) -> u32 {
        let (first, step, len) = if is_row {
            (line * W, 1, W)
        } else {
            (line, W, N / W)
        };
        let mut order = [0usize; N]; // goal positions along the line, in board order
        let mut longest = [0u32; N]; // longest ordered run ending at each
        let (mut count, mut best) = (0, 0);
        for k in 0..len {
            let tile = self.tiles[first + k * step];
            let home = usize::from(self.goal_cell[usize::from(tile)]);
            let (home_line, home_position) = if is_row {
                (home / W, home % W)
            } else {
                (home % W, home / W)
            };
            if tile == 0 || home_line != line {
                continue;
            }
            let run = 1
                + (0..count)
                    .filter(|&j| order[j] < home_position)
                    .map(|j| longest[j])
                    .max()
                    .unwrap_or(0);
            order[count] = home_position;
            longest[count] = run;
            count += 1;
            best = best.max(run);
        }
        2 * (count as u32 - best)
    }

    /// Slides the tile at `from` into the blank at `to`; returns the heuristic `h` updated for it.
    #[inline]
    fn slide(&mut self, from: usize, to: usize, h: u32) -> u32 {
        let tile = usize::from(self.tiles[from]);
        // A vertical slide keeps the tile's column order and changes two rows; a horizontal one
        // the reverse.
        let is_row = from / W != to / W;
        let line = |cell: usize| if is_row { cell / W } else { cell % W };
        let before = self.conflict(line(from), is_row) + self.conflict(line(to), is_row);
        self.tiles[to] = tile as u8;
        self.tiles[from] = 0;
        let after = self.conflict(line(from), is_row) + self.conflict(line(to), is_row);
        h - u32::from(self.manhattan[tile][from]) - before
            + u32::from(self.manhattan[tile][to])
            + after
    }

    /// Searches below the blank at `blank` with heuristic `h`; true when the goal is reached,
    /// with the path in `self.moves`.
    fn dfs(&mut self, blank: usize, h: u32) -> bool {
        self.nodes += 1;
        if h == 0 {
            return true;
        }
        let depth = self.moves.len() as u32 + 1;
        for m in Move::ALL {
            if self.moves.last() == Some(&m.opposite()) {
                continue;
            }
            let cell = match m.target::<W, N>(blank) {
                Some(cell) => cell,
                None => continue,
            };
            let child_h = self.slide(cell, blank, h);
            if depth + child_h <= self.bound {
                self.moves.push(m);
                if self.dfs(cell, child_h) {
                    return true;
                }
                self.moves.pop();
            } else {
                self.next_bound = self.next_bound.min(depth + child_h);
            }
            self.tiles[cell] = self.tiles[blank];
            self.tiles[blank] = 0;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(tiles: [u8; 9]) -> Board<3, 9> {
        Board::from_tiles(tiles).unwrap()
    }

    #[test]
    fn heuristic_counts_manhattan_and_conflicts() {
        let goal = board([1, 2, 3, 4, 5, 6, 7, 8, 0]);
        // 2 1 3 / 4 5 6 / 7 8 0: Manhattan 2, plus 2 for the 1-2 conflict in the top row.
        let search = Search::new(&board([2, 1, 3, 4, 5, 6, 7, 8, 0]), &goal);
        assert_eq!(search.heuristic(), 4);
        // 3 2 1 in the top row: Manhattan 4; two of the three must leave, not three pairs: +4.
        let search = Search::new(&board([3, 2, 1, 4, 5, 6, 7, 8, 0]), &goal);
        assert_eq!(search.heuristic(), 8);
    }

    #[test]
    fn incremental_heuristic_matches_a_full_recount() {
        let goal = board([1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let mut search = Search::new(&board([2, 8, 3, 1, 6, 4, 7, 0, 5]), &goal);
        let mut h = search.heuristic();
        let mut blank = 7;
        // A fixed walk of the blank around the board.
        for (step, m) in Move::ALL.iter().cycle().take(200).enumerate() {
            let m = if step % 3 == 0 { m.opposite() } else { *m };
            if let Some(cell) = m.target::<3, 9>(blank) {
                h = search.slide(cell, blank, h);
                blank = cell;
                assert_eq!(h, search.heuristic());
            }
        }
    }

    #[test]
    fn solves_the_p1379_sample_in_four_moves() {
        let goal = board([1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let solution = solve(&board([2, 8, 3, 1, 0, 4, 7, 6, 5]), &goal).unwrap();
        assert_eq!(solution.moves.len(), 4);
    }
}
