//! AtCoder indeednow 2015 qual A D "スライドパズル": the fewest moves that turn a board of 2x2 to
//! 6x6 into `1 2 .. N-1 0`, at most 24 as the judge promises.

use std::io::Write;
use std::process::ExitCode;

use engine::board::Board;
use engine::io::boards::{board_after_size, Sizes};
use engine::io::cli::{self, usage, Run};
use engine::io::judge::{self, Reader};
use engine::search::ida_star::solve;

const HELP: &str = "\
rectangle: AtCoder indeednow 2015 qual A D (a sliding puzzle of H x W)
Prints, for each board, the fewest moves that turn it into 1 2 .. H*W-1 0 row by row, or -1
if none does. The judge promises at most 24 moves; a board that needs more is an error, and
solve answers it.

Input: one board per case: its size H W (2 to 6 each), then its numbers, 0 the blank,
however lines hold them.
  3 3
  1 0 2
  4 5 3
  7 8 6
Output: one line per case.
  3
";

/// The sizes the judge gives: each side 2 to 6, the cases ended by the end of the input.
const SIZES: Sizes = Sizes {
    named: "H W",
    max_side: 6,
    zeros_end: false,
    square: false,
};

/// The most moves the judge's boards need.
const MAX_MOVES: u32 = 24;

fn main() -> ExitCode {
    cli::exit_code(rectangle())
}

/// Answers each board of the files named, or of standard input.
fn rectangle() -> Run {
    let options = cli::options(HELP, &[])?;
    // Each board with the line it ends on, to name it: numbered from --first-line's, if given.
    #[cfg(feature = "shares")]
    let before = options.first_line() - 1;
    #[cfg(not(feature = "shares"))]
    let before: usize = 0;
    let read = |input: &mut Reader| {
        let board = board_after_size(input, &SIZES)?;
        Ok(board.map(|board| (before.saturating_add(input.line_number()), board)))
    };
    judge::each_case(&options, 1, read, |boards, out| {
        for (line, (columns, tiles)) in boards {
            match fewest_moves(*columns, tiles) {
                Ok(Some(moves)) => writeln!(out, "{}", moves)?,
                Ok(None) => writeln!(out, "-1")?,
                Err(_) => {
                    let message = format!(
                        "line {}: the board that ends here needs more than {} moves, which the \
                         judge promises none does (solve answers it)",
                        line, MAX_MOVES
                    );
                    return Err(usage(message));
                }
            }
        }
        Ok(())
    })
}

/// The fewest moves of the board `tiles`, `columns` wide, to `1 2 .. N-1 0`: `None` if parity
/// says none reach it, `Err` past [`MAX_MOVES`]. IDA* under Manhattan distance, compiled for
/// each shape.
///
/// # Complexity
/// Nodes about double with each move a board needs past its estimate: the judge's 6x6 board of
/// 24 moves takes milliseconds.
fn fewest_moves(columns: usize, tiles: &[u32]) -> Result<Option<usize>, PastMaxMoves> {
    macro_rules! shapes {
        ($(($w:literal, $n:literal)),*) => {
            match (columns, tiles.len()) {
                $(($w, $n) => within::<$w, $n>(tiles),)*
                _ => Ok(None),
            }
        };
    }
    shapes!(
        (2, 4),
        (2, 6),
        (2, 8),
        (2, 10),
        (2, 12),
        (3, 6),
        (3, 9),
        (3, 12),
        (3, 15),
        (3, 18),
        (4, 8),
        (4, 12),
        (4, 16),
        (4, 20),
        (4, 24),
        (5, 10),
        (5, 15),
        (5, 20),
        (5, 25),
        (5, 30),
        (6, 12),
        (6, 18),
        (6, 24),
        (6, 30),
        (6, 36)
    )
}

/// [`fewest_moves`] on a board `W` wide of `N` cells.
fn within<const W: usize, const N: usize>(tiles: &[u32]) -> Result<Option<usize>, PastMaxMoves> {
    let mut cells = [0u8; N];
    for (cell, &tile) in cells.iter_mut().zip(tiles) {
        *cell = tile as u8; // below `N`, at most 36
    }
    let (start, goal) = match Board::<W, N>::from_tiles(cells) {
        Ok(start) => (start, Board::<W, N>::canonical_goal(N - 1)),
        Err(_) => return Ok(None),
    };
    if start.parity() != goal.parity() {
        return Ok(None);
    }
    match solve(&start, &goal, MAX_MOVES) {
        Some(path) => Ok(Some(path.moves.len())),
        None => Err(PastMaxMoves),
    }
}

/// A board that needs more than [`MAX_MOVES`].
struct PastMaxMoves;
