//! LightOJ "15-Puzzle": the shortest path of the blank to 1 2 .. 15 0 that comes first in
//! dictionary order, if it takes at most 35 moves.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::input::{Counted, Input};
use engine::io::judge;
use engine::solvers::up_to_16::Ladder;

const HELP: &str = "\
fifteen_lex: LightOJ \"15-Puzzle\"
Prints, for each 4x4 board, \"Case k: \" and the shortest path of the blank (D, L, R, U) to
1 2 .. 15 0 row by row, the first in dictionary order; or \"This puzzle is not solvable.\" if
none takes at most 35 moves.

Input: the number of boards, then each board as four rows of four numbers, 0 the blank.
  1

  2 3 4 0
  1 5 7 8
  9 6 10 12
  13 14 11 15
Output: one line per board.
  Case 1: LLLDRDRDR
";

fn main() -> ExitCode {
    let goal = Board::<4, 16>::canonical_goal(15);
    // LightOJ: a board of over 35 moves is not solvable.
    let solver = Ladder::default().with_max_moves(35);
    let mut boards = Counted::default();
    judge::run(HELP, judge::CASES_PATH_OR_NOT_SOLVABLE, solver, |input| {
        Ok(boards.next(input, Input::board)?.map(|start| (start, goal)))
    })
}
