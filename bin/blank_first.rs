//! HackerRank "N Puzzle": moves that turn a board of 2x2 to 5x5 into the goal with the blank
//! first, `0 1 2 .. N-1`, one a line, as words.

use std::io::Write;
use std::process::ExitCode;

use engine::big_boards::constructive;
use engine::big_boards::finishers::turn_last_block;
use engine::board::Move;
use engine::io::boards::{board_after_size, Sizes};
use engine::io::cli::{self, Run};
use engine::io::judge;

const HELP: &str = "\
blank_first: HackerRank \"N Puzzle\"
Prints, for each board of k rows and k columns (2 to 5), the number of moves of the blank that
turn it into 0 1 2 .. k*k-1 row by row, the blank first, then the moves one a line: UP, DOWN,
LEFT or RIGHT, where the blank goes. Any moves that solve it will do: these are built row by
row, in time proportional to their number, not the fewest (solve --goal finds the fewest up to
4x4, short ones beyond); unsolvable when none do (parity decides).

Input: per case a line k, then the k*k numbers row by row, one a line (or any white space
between them), 0 the blank.
  2
  1
  0
  2
  3
Output: per case the number of moves, then the moves.
  1
  LEFT
";

/// The boards the judge gives (k from 3 to 5), and 2x2: each answer is held until its count
/// is known.
const SIZES: Sizes = Sizes {
    named: "k",
    max_side: 5,
    zeros_end: false,
    square: true,
};

fn main() -> ExitCode {
    cli::exit_code(blank_first())
}

/// Answers each board of the files named, or of standard input.
fn blank_first() -> Run {
    let options = cli::options(HELP, &[])?;
    let read = |input: &mut _| board_after_size(input, &SIZES);
    judge::each_case(&options, 1, read, |boards, out| {
        for (width, tiles) in boards {
            // Turned half a turn, with each tile renamed for the cell its goal turns to, the goal
            // is 1 2 .. N-1 0; each move on the turned board is the other way on this one.
            let cells = tiles.len() as u32;
            let rename = |&tile: &u32| if tile == 0 { 0 } else { cells - tile };
            let turned: Vec<u32> = tiles.iter().rev().map(rename).collect();
            let mut moves = Vec::new();
            let keep = |m: Move| {
                moves.push(m.opposite());
                true
            };
            if !constructive::solve(*width, &turned, 4, turn_last_block, keep) {
                writeln!(out, "unsolvable")?;
                continue;
            }
            writeln!(out, "{}", moves.len())?;
            for m in moves {
                writeln!(out, "{}", word(m))?;
            }
        }
        Ok(())
    })
}

/// HackerRank's word for the blank's move `m`.
fn word(m: Move) -> &'static str {
    match m {
        Move::Up => "UP",
        Move::Down => "DOWN",
        Move::Left => "LEFT",
        Move::Right => "RIGHT",
    }
}
