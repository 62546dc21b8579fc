//! Showing a solution to a person: the board before each move and after the last, side by side
//! in 80 columns, each under its step and move, the blank `.`, the tile that slid in `[ ]`; or
//! the moves as the tiles that slide (`5 up, 8 left`), for a puzzle in hand.

use crate::board::Move;

/// The largest board `mxn` and `solve` draw: 10 x 10 is already a page a move.
pub const MAX_CELLS: usize = 100;

/// The width of a drawing.
const COLUMNS: usize = 80;
/// Spaces between two boards.
const GAP: usize = 2;

/// How a drawing labels each move, as the answer above it writes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Labels {
    /// The blank's letter, `R`, or in lower case, `r`.
    Letters { lowercase: bool },
    /// The tile that slides and its way, `5 left` (`solve --tiles`).
    Tiles,
}

/// Draws the board `tiles` (`width` to a row) and the board after each of `moves`, each move
/// labelled with its step and as `labels` say; a blank line between rows of boards.
///
/// # Example
/// ```
/// use engine::board::Move;
/// use engine::io::show::{draw, Labels};
/// let letters = Labels::Letters { lowercase: false };
/// let drawing = draw(3, &[1, 2, 3, 4, 0, 5], &[Move::Right], letters);
/// assert_eq!(drawing, "0          1 R\n 1  2  3    1  2  3\n 4  .  5    4 [5] .\n");
/// let drawing = draw(3, &[1, 2, 3, 4, 0, 5], &[Move::Right], Labels::Tiles);
/// assert_eq!(drawing, "0          1 5 left\n 1  2  3    1  2  3\n 4  .  5    4 [5] .\n");
/// ```
pub fn draw(width: usize, tiles: &[u32], moves: &[Move], labels: Labels) -> String {
    let cells = tiles.len();
    let cell = (cells - 1).to_string().len() + 2;
    let board_width = width * cell;
    let per_row = ((COLUMNS + GAP) / (board_width + GAP)).max(1);
    // Each board with its label and the cell of the tile that slid into place.
    let mut boards = vec![("0".to_string(), tiles.to_vec(), None)];
    let mut board = tiles.to_vec();
    let mut blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    for (step, &m) in moves.iter().enumerate() {
        let moved_to = blank;
        blank = match m.target(width, cells, blank) {
            Some(cell) => cell,
            None => break,
        };
        let label = match labels {
            Labels::Letters { lowercase } => format!("{} {}", step + 1, m.letter_in(lowercase)),
            Labels::Tiles => format!("{} {} {}", step + 1, board[blank], way(m)),
        };
        board.swap(moved_to, blank);
        boards.push((label, board.clone(), Some(moved_to)));
    }
    let mut out = String::new();
    for (i, row_of_boards) in boards.chunks(per_row).enumerate() {
        let mut lines = vec![String::new(); 1 + cells / width];
        for (label, board, moved_to) in row_of_boards {
            lines[0] += &format!("{:<1$}", label, board_width + GAP);
            for (at, &tile) in board.iter().enumerate() {
                let tile = if tile == 0 {
                    ".".to_string()
                } else {
                    tile.to_string()
                };
                let (open, close) = if *moved_to == Some(at) {
                    ("[", "]")
                } else {
                    (" ", " ")
                };
                let text = format!("{}{}{}", open, tile, close);
                lines[1 + at / width] += &format!("{:>1$}", text, cell);
            }
            for line in &mut lines[1..] {
                *line += &" ".repeat(GAP);
            }
        }
        if i > 0 {
            out.push('\n');
        }
        for line in lines {
            out += line.trim_end();
            out.push('\n');
        }
    }
    out
}

/// The tiles that slide as the blank moves, written as they go (`5 up, 8 left` for the blank's
/// `DR`): the moves of a puzzle in hand, where a person slides tiles. About ten bytes a move.
pub struct Slides {
    width: usize,
    board: Vec<u32>,
    blank: usize,
    /// What is written so far.
    pub text: Vec<u8>,
}

impl Slides {
    /// Moves from the board `tiles`, `width` to a row.
    pub fn new(width: usize, tiles: &[u32]) -> Slides {
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let (board, text) = (tiles.to_vec(), Vec::new());
        Slides {
            width,
            board,
            blank,
            text,
        }
    }

    /// Writes the tile that the blank's move `m` slides, and the way it goes.
    pub fn push(&mut self, m: Move) {
        let cell = m.target(self.width, self.board.len(), self.blank);
        let cell = cell.expect("a move on the board");
        if !self.text.is_empty() {
            self.text.extend_from_slice(b", ");
        }
        let slid = format!("{} {}", self.board[cell], way(m));
        self.text.extend_from_slice(slid.as_bytes());
        self.board.swap(self.blank, cell);
        self.blank = cell;
    }
}

/// The way a tile slides when the blank makes the move `m`: the opposite way.
fn way(m: Move) -> &'static str {
    match m {
        Move::Down => "up",
        Move::Up => "down",
        Move::Left => "right",
        Move::Right => "left",
    }
}
