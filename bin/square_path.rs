//! POJ 3240 "Solution to the n² − 1 Puzzle" and eolymp 4609 "Quiz": moves that solve a square
//! board of any size, not the fewest.

use std::io::Write;
use std::process::ExitCode;

use engine::board::reaches_goal;
use engine::io::boards::{board_after_size, Sizes};
use engine::io::cli::{self, Flag, Run};
use engine::io::input::MAX_SIDE;
use engine::io::judge;

const HELP: &str = "\
square_path: POJ 3240 \"Solution to the n² − 1 Puzzle\" (and eolymp 4609 \"Quiz\" with --eolymp)
Prints, for each board of n rows and n columns (2 to 999), moves of the blank (D, L, R, U) that
turn it into 1 2 .. n*n-1 with the blank 0 in the bottom-right cell, or No Answer! when none do
(parity decides). Any moves that solve it will do: these are built row by row, in time
proportional to their number, about 3.1 to 3.3 times the tiles' total distance from home (solve
finds shorter ones).

Input: per case a line n, then the n rows of n numbers (any white space between numbers), 0 the
blank; the cases end with the input (the judges give one).
  2
  3 1
  2 0
Output: one line per case, empty for a board already solved.
  LURD
";

/// eolymp 4609's form.
const EOLYMP: Flag = Flag {
    name: "--eolymp",
    value: None,
    help: "
  --eolymp eolymp 4609's form: Yes, then the moves on a line of their own, or No",
};

/// The boards the judges give: POJ's n is at most 10, eolymp's 50; any up to 999 is answered.
const SIZES: Sizes = Sizes {
    named: "n",
    max_side: MAX_SIDE,
    zeros_end: false,
    square: true,
};

fn main() -> ExitCode {
    cli::exit_code(square_path())
}

/// Answers each board of the files named, or of standard input.
fn square_path() -> Run {
    let options = cli::options(HELP, &[EOLYMP])?;
    let eolymp = options.has(&EOLYMP);
    let read = |input: &mut _| board_after_size(input, &SIZES);
    judge::each_case(&options, 1, read, |boards, out| {
        for (width, tiles) in boards {
            let solvable = reaches_goal(*width, tiles);
            match (eolymp, solvable) {
                (false, false) => writeln!(out, "No Answer!")?,
                (true, false) => writeln!(out, "No")?,
                (true, true) => writeln!(out, "Yes")?,
                (false, true) => {}
            }
            if solvable {
                judge::built_path_line(out, *width, tiles)?;
            }
        }
        Ok(())
    })
}
