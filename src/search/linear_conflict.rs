//! Manhattan distance plus linear conflict, IDA*'s first heuristic on boards of 10 to 16 cells:
//! each tile's distance home, plus two moves for each tile that must leave its goal row (or
//! column) and come back because tiles that belong there are out of order. Conflicts count on
//! lines of up to 4 cells (a longer line adds none). A slide updates both by table look-ups.
//! [`lower_bound`]: any size.

use crate::board::{home_distance, Board};
use crate::search::ida_star::Heuristic;
use crate::search::manhattan;

/// A line's index has a base-5 digit a cell: 1 + the goal position along the line of its tile,
/// or `OTHER` (the blank, a tile of another line, no cell).
const OTHER: u16 = 0;
const LINE_INDICES: usize = 625;

/// `LINE_CONFLICT[line index]`: 2 × the tiles that must leave the line for the rest of its own
/// to stand in order (their count minus the longest ordered run), for any goal.
const LINE_CONFLICT: [u8; LINE_INDICES] = line_conflicts();

const fn line_conflicts() -> [u8; LINE_INDICES] {
    let mut table = [0u8; LINE_INDICES];
    let mut index = 0;
    while index < LINE_INDICES {
        let mut digits = [0u16; 4];
        let mut longest = [0u8; 4]; // longest ordered run ending at each cell
        let (mut count, mut best, mut rest, mut k) = (0, 0, index as u16, 0);
        while k < 4 {
            digits[k] = rest % 5;
            rest /= 5;
            if digits[k] != OTHER {
                let mut run = 1;
                let mut j = 0;
                while j < k {
                    if digits[j] != OTHER && digits[j] < digits[k] && longest[j] + 1 > run {
                        run = longest[j] + 1;
                    }
                    j += 1;
                }
                longest[k] = run;
                count += 1;
                if run > best {
                    best = run;
                }
            }
            k += 1;
        }
        table[index] = 2 * (count - best);
        index += 1;
    }
    table
}

/// The linear conflict of the line with this index.
#[inline]
fn conflict(index: u16) -> u32 {
    u32::from(LINE_CONFLICT[usize::from(index)])
}

/// Manhattan distance plus linear conflict towards one goal.
pub struct LinearConflict<const W: usize, const N: usize> {
    /// [`manhattan::table`] of the goal.
    manhattan: [[u8; N]; N],
    /// `row_digit[tile][cell]`: the tile's digit, in place, in the index of `cell`'s row.
    row_digit: [[u16; N]; N],
    /// `column_digit[tile][cell]`: the same for the column of `cell`.
    column_digit: [[u16; N]; N],
}

/// The most lines of a board of up to 16 cells: 8 rows and 2 columns of the 8x2 board.
const MAX_LINES: usize = 10;

/// The heuristic of one board, and the index of each row (`0..H`) and column (`H..H + W`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinesState {
    h: u32,
    lines: [u16; MAX_LINES],
}

impl<const W: usize, const N: usize> LinearConflict<W, N> {
    /// The rows of the board, whose indices come first in [`LinesState`].
    const ROWS: usize = N / W;

    pub fn new(goal: &Board<W, N>) -> Self {
        assert!(
            N <= 16,
            "linear conflict is tabled for boards of up to 16 cells"
        );
        let mut heuristic = LinearConflict {
            manhattan: manhattan::table(goal),
            row_digit: [[0; N]; N],
            column_digit: [[0; N]; N],
        };
        // The blank's entries stay 0: it is OTHER in every line.
        for (home, &tile) in goal.tiles().iter().enumerate().filter(|&(_, &t)| t != 0) {
            let tile = usize::from(tile);
            let (home_row, home_column) = (home / W, home % W);
            for cell in 0..N {
                let (row, column) = (cell / W, cell % W);
                if row == home_row && W <= 4 {
                    heuristic.row_digit[tile][cell] =
                        (1 + home_column as u16) * 5u16.pow(column as u32);
                }
                if column == home_column && Self::ROWS <= 4 {
                    heuristic.column_digit[tile][cell] =
                        (1 + home_row as u16) * 5u16.pow(row as u32);
                }
            }
        }
        heuristic
    }
}

impl<const W: usize, const N: usize> Heuristic<W, N> for LinearConflict<W, N> {
    type State = LinesState;

    fn state(&self, tiles: &[u8; N]) -> LinesState {
        let mut lines = [0; MAX_LINES];
        let mut manhattan = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            let tile = usize::from(tile);
            lines[cell / W] += self.row_digit[tile][cell];
            lines[Self::ROWS + cell % W] += self.column_digit[tile][cell];
            manhattan += u32::from(self.manhattan[tile][cell]);
        }
        let h = manhattan + lines.iter().map(|&index| conflict(index)).sum::<u32>();
        LinesState { h, lines }
    }

    #[inline]
    fn estimate(&self, state: &LinesState) -> u32 {
        state.h
    }

    /// Only the two lines the tile leaves and enters change their conflict: rows for a vertical
    /// slide, columns for a horizontal one.
    #[inline]
    fn after_slide(
        &self,
        tiles: &[u8; N],
        state: &LinesState,
        from: usize,
        to: usize,
    ) -> LinesState {
        let tile = usize::from(tiles[from]);
        // Built in the state returned: a copy of lines just written would wait for the
        // stores (a failed store forwarding).
        let mut next = *state;
        let lines = &mut next.lines;
        lines[from / W] -= self.row_digit[tile][from];
        lines[to / W] += self.row_digit[tile][to];
        lines[Self::ROWS + from % W] -= self.column_digit[tile][from];
        lines[Self::ROWS + to % W] += self.column_digit[tile][to];
        let (line_from, line_to) = if from / W != to / W {
            (from / W, to / W)
        } else {
            (Self::ROWS + from % W, Self::ROWS + to % W)
        };
        let before = conflict(state.lines[line_from]) + conflict(state.lines[line_to]);
        let after = conflict(lines[line_from]) + conflict(lines[line_to]);
        next.h = state.h + u32::from(self.manhattan[tile][to]) + after
            - u32::from(self.manhattan[tile][from])
            - before;
        next
    }
}

/// Manhattan distance plus linear conflict of a board of any size, `tiles` row by row, `width`
/// to a row, towards `1 2 .. N-1 0`, worked out from scratch: a lower bound on the moves of any
/// solution, with a conflict on every line, however long ([`line_conflict`]).
pub fn lower_bound(width: usize, tiles: &[u32]) -> u64 {
    let distances = tiles.iter().enumerate();
    let distance: u64 = distances
        .map(|(cell, &tile)| u64::from(home_distance(width, tile, cell)))
        .sum();
    distance + conflicts(width, tiles)
}

/// The conflicts of every row and column of the board `tiles`, `width` to a row: what
/// [`lower_bound`] adds to the Manhattan distance.
pub fn conflicts(width: usize, tiles: &[u32]) -> u64 {
    let height = tiles.len() / width;
    let mut tails = vec![0; width.max(height)];
    let mut sum = 0;
    for row in 0..height {
        sum += u64::from(row_conflict(width, tiles, row, &mut tails));
    }
    for column in 0..width {
        sum += u64::from(column_conflict(width, tiles, column, &mut tails));
    }
    sum
}

/// The conflict of row `row` of the board `tiles` (`width` to a row): [`line_conflict`] of the
/// tiles in it that belong in it, `tails` as long as the row at least.
pub fn row_conflict<T: Copy + Into<u32>>(
    width: usize,
    tiles: &[T],
    row: usize,
    tails: &mut [u32],
) -> u32 {
    let line = tiles[row * width..(row + 1) * width]
        .iter()
        .map(|&t| t.into());
    let belong = line.filter(|&t| t != 0 && (t as usize - 1) / width == row);
    line_conflict(belong, tails)
}

/// The conflict of column `column` of the board `tiles` (`width` to a row), as [`row_conflict`]
/// counts a row's.
pub fn column_conflict<T: Copy + Into<u32>>(
    width: usize,
    tiles: &[T],
    column: usize,
    tails: &mut [u32],
) -> u32 {
    let line = tiles[column..].iter().step_by(width).map(|&t| t.into());
    let belong = line.filter(|&t| t != 0 && (t as usize - 1) % width == column);
    line_conflict(belong, tails)
}

/// The conflict of a line of any length: `line` holds, in order along it, the tiles that belong
/// in it, whose goal order is their numbers' order; the conflict is twice their count less their
/// longest increasing run, found by patience sorting in `tails` (as long as the line at least).
pub fn line_conflict(line: impl Iterator<Item = u32>, tails: &mut [u32]) -> u32 {
    // `tails[k]`: the smallest last tile of an increasing run of length k + 1 so far.
    let (mut count, mut longest) = (0, 0);
    for tile in line {
        let k = tails[..longest].partition_point(|&t| t < tile);
        tails[k] = tile;
        longest = longest.max(k + 1);
        count += 1;
    }
    2 * (count - longest) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    fn board(tiles: [u8; 9]) -> Board<3, 9> {
        Board::from_tiles(tiles).unwrap()
    }

    #[test]
    fn counts_manhattan_and_conflicts() {
        let heuristic = LinearConflict::new(&board([1, 2, 3, 4, 5, 6, 7, 8, 0]));
        let h = |tiles| heuristic.estimate(&heuristic.state(&tiles));
        // 2 1 3 / 4 5 6 / 7 8 0: Manhattan 2, plus 2 for the 1-2 conflict in the top row.
        assert_eq!(h([2, 1, 3, 4, 5, 6, 7, 8, 0]), 4);
        // 3 2 1 in the top row: Manhattan 4; two of the three must leave, not three pairs: +4.
        assert_eq!(h([3, 2, 1, 4, 5, 6, 7, 8, 0]), 8);
    }

    #[test]
    fn incremental_state_matches_a_full_recount() {
        let heuristic = LinearConflict::new(&board([1, 2, 3, 8, 0, 4, 7, 6, 5]));
        let mut tiles = [2, 8, 3, 1, 6, 4, 7, 0, 5];
        let mut state = heuristic.state(&tiles);
        let mut blank = 7;
        // A fixed walk of the blank around the board.
        for (step, m) in Move::ALL.iter().cycle().take(200).enumerate() {
            let m = if step % 3 == 0 { m.opposite() } else { *m };
            if let Some(cell) = m.target(3, 9, blank) {
                state = heuristic.after_slide(&tiles, &state, cell, blank);
                tiles.swap(cell, blank);
                blank = cell;
                assert_eq!(state, heuristic.state(&tiles));
            }
        }
    }

    #[test]
    fn lower_bound_counts_manhattan_and_conflicts() {
        // 2 1 3 / 4 5 6 / 7 8 0: Manhattan 2, plus 2 for the 1-2 conflict in the top row.
        assert_eq!(lower_bound(3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]), 4);
        // 3 2 1 in the top row: Manhattan 4; two of the three must leave: +4.
        assert_eq!(lower_bound(3, &[3, 2, 1, 4, 5, 6, 7, 8, 0]), 8);
        // A column conflict on a 2x5 board: 6 above 1 in column 0 counts as Manhattan only
        // (6 belongs in row 1); 1 and 6 both belong in column 0, in the wrong order: +2.
        assert_eq!(lower_bound(5, &[6, 2, 3, 4, 5, 1, 7, 8, 9, 0]), 4);
        assert_eq!(lower_bound(4, &(1..16).chain([0]).collect::<Vec<_>>()), 0);
    }
}
