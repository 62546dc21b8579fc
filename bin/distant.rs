//! UVa 10085 "The Most Distant State": for each 3x3 start, a board that takes the most moves to
//! reach from it, and moves of the blank that reach it.

use std::io::Write;
use std::process::ExitCode;

use engine::board::Board;
use engine::exact::bfs::Farthest;
use engine::io::cli::{self, Run};
use engine::io::input::{Counted, Input};
use engine::io::judge::{self, Reader};

const HELP: &str = "\
distant: UVa 10085 \"The Most Distant State\"
Prints, for each 3x3 board, \"Puzzle #k\", a board that takes the most moves to reach from it
(of those, the first by its numbers read row by row), and the fewest moves of the blank that
reach it (U, D, L, R: up, down, left, right), the first of them in dictionary order; then a
blank line.

Input: the number of boards, then each board as three rows of three numbers, 0 the blank.
  1
  1 2 3
  4 5 6
  7 8 0
Output: five lines and a blank one per board.
  Puzzle #1
  6 4 7
  8 5 0
  3 2 1
  LLURRULDDLUURDDRUULDLDRRULLDRRU
";

fn main() -> ExitCode {
    cli::exit_code(distant())
}

/// Answers each board of the files named, or of standard input.
fn distant() -> Run {
    let options = cli::options(HELP, &[])?;
    let (mut farthest, mut puzzle) = (Farthest::<3, 9>::new(), 0);
    let mut boards = Counted::default();
    let read = |input: &mut Reader| boards.next(input, Input::board::<3, 9>);
    judge::each_case(&options, 1, read, |starts, out| {
        for start in starts {
            puzzle += 1;
            let (far, path) = farthest.from(start);
            write_far(out, puzzle, &far, &path)?;
        }
        Ok(())
    })
}

/// Prints puzzle number `puzzle`'s answer: the board `far`, then the moves `path` that reach it.
fn write_far(
    out: &mut impl Write,
    puzzle: usize,
    far: &Board<3, 9>,
    path: &[engine::board::Move],
) -> std::io::Result<()> {
    writeln!(out, "Puzzle #{}", puzzle)?;
    for row in far.tiles().chunks(3) {
        writeln!(out, "{} {} {}", row[0], row[1], row[2])?;
    }
    writeln!(out, "{}\n", judge::letters(path, false))
}
