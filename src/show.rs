//! Drawing a solution for a person: the board before each move and after the last, as small
//! grids side by side, as many as fit in 80 columns to a row, with the step number and move
//! above each, the blank drawn `.` and the tile that just slid in brackets.

use crate::board::{Board, Move};

/// The width of a drawing.
const COLUMNS: usize = 80;
/// Spaces between two boards.
const GAP: usize = 2;

/// Draws `start` and the board after each of `moves`; one line per text row, each ending in
/// a line feed, and a blank line between rows of boards.
///
/// # Example
/// ```
/// use engine::board::{Board, Move};
/// let start = Board::<3, 6>::from_tiles([1, 2, 3, 4, 0, 5]).unwrap();
/// let drawing = engine::show::draw(&start, &[Move::Right]);
/// assert_eq!(drawing, "0          1 R\n 1  2  3    1  2  3\n 4  .  5    4 [5] .\n");
/// ```
pub fn draw<const W: usize, const N: usize>(start: &Board<W, N>, moves: &[Move]) -> String {
    let cell = (N - 1).to_string().len() + 2;
    let width = W * cell;
    let per_row = ((COLUMNS + GAP) / (width + GAP)).max(1);
    // Each board with its label and the cell of the tile that slid into place.
    let mut boards = vec![("0".to_string(), *start, None)];
    let mut board = *start;
    for (step, &m) in moves.iter().enumerate() {
        let moved_to = board.blank();
        board = match board.moved(m) {
            Some(next) => next,
            None => break,
        };
        boards.push((
            format!("{} {}", step + 1, m.letter()),
            board,
            Some(moved_to),
        ));
    }
    let mut out = String::new();
    for (i, row_of_boards) in boards.chunks(per_row).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut lines = vec![String::new(); 1 + N / W];
        for (label, board, moved_to) in row_of_boards {
            lines[0] += &format!("{:<1$}", label, width + GAP);
            for (cell_index, &tile) in board.tiles().iter().enumerate() {
                let text = if tile == 0 {
                    ".".to_string()
                } else {
                    tile.to_string()
                };
                let text = if *moved_to == Some(cell_index) {
                    format!("[{}]", text)
                } else {
                    format!(" {} ", text)
                };
                lines[1 + cell_index / W] += &format!("{:>1$}", text, cell);
            }
            for line in &mut lines[1..] {
                *line += &" ".repeat(GAP);
            }
        }
        for line in lines {
            out += line.trim_end();
            out.push('\n');
        }
    }
    out
}
