//! POJ 2893 "M × N Puzzle": whether each board, up to 999 x 999, can reach 1 2 .. M*N-1 0;
//! with `--path`, moves that do it.

use std::io::Write;
use std::process::ExitCode;

#[cfg(feature = "show")]
use engine::big_boards::{constructive, finishers::turn_last_block};
use engine::board::reaches_goal;
use engine::io::boards::{board_after_size, POJ_2893};
#[cfg(feature = "show")]
use engine::io::cli::SHOW_UP_TO_100;
use engine::io::cli::{self, Flag, Run};
use engine::io::judge;
#[cfg(feature = "show")]
use engine::io::show::{self, Labels};

const HELP: &str = "\
mxn: POJ 2893 \"M × N Puzzle\"
Prints, for each board of M rows and N columns (2 to 999 each), YES if it can be turned into
1 2 .. M*N-1 with the blank 0 in the bottom-right cell, else NO. Parity decides, in time
proportional to the board's size.

Input: per case a line M N, then the M rows of N numbers (any white space between numbers),
0 the blank; a line 0 0 ends the input.
  3 3
  1 0 3
  4 2 5
  7 8 6
  0 0
Output: one line per case.
  YES
";

/// POJ's `--path`: moves that solve a board, not the fewest.
const PATH: Flag = Flag {
    name: "--path",
    value: None,
    help: "
  --path   after each YES, print moves of the blank (D, L, R, U) that solve the board: not
           the fewest, but found in time proportional to their number, about 3.1 to 3.3
           times the tiles' total distance from home (solve finds shorter ones)",
};

fn main() -> ExitCode {
    cli::exit_code(mxn())
}

/// Answers each case of the files named, or of standard input: whether it can be solved, and
/// with `--path` moves that solve it, with `--show` the boards along them too.
fn mxn() -> Run {
    #[cfg(feature = "show")]
    let flags = [PATH, SHOW_UP_TO_100];
    #[cfg(not(feature = "show"))]
    let flags = [PATH];
    let options = cli::options(HELP, &flags)?;
    let with_path = options.has(&PATH);
    #[cfg(feature = "show")]
    let show = options.has(&SHOW_UP_TO_100);
    #[cfg(feature = "show")]
    let with_path = with_path || show;
    let read = |input: &mut _| board_after_size(input, &POJ_2893);
    judge::each_case(&options, 1, read, |cases, out| {
        for (columns, tiles) in cases {
            let solvable = reaches_goal(*columns, tiles);
            writeln!(out, "{}", if solvable { "YES" } else { "NO" })?;
            #[cfg(feature = "show")]
            if solvable && show && tiles.len() <= show::MAX_CELLS {
                let mut moves = Vec::new();
                let keep = |m| {
                    moves.push(m);
                    true
                };
                constructive::solve(*columns, tiles, 4, turn_last_block, keep);
                let drawing = show::draw(
                    *columns,
                    tiles,
                    &moves,
                    Labels::Letters { lowercase: false },
                );
                writeln!(out, "{}\n{}", judge::letters(&moves, false), drawing)?;
                continue;
            }
            if solvable && with_path {
                judge::built_path_line(out, *columns, tiles)?;
            }
        }
        Ok(())
    })
}
