//! UVa 10181 "15-Puzzle Problem": a shortest sequence of moves of the blank to 1 2 .. 15 0.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::input::{Counted, Input};
use engine::io::judge;
use engine::solvers::up_to_16::Ladder;

const HELP: &str = "\
fifteen_path: UVa 10181 \"15-Puzzle Problem\"
Prints, for each 4x4 board, a shortest sequence of moves of the blank (L, R, U, D) that turns
it into 1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0, the first of them in dictionary order,
or \"This puzzle is not solvable.\" if none does.

Input: the number of boards, then each board as four rows of four numbers, 0 the blank.
  1
  2 3 4 0
  1 5 7 8
  9 6 10 12
  13 14 11 15
Output: one line per board.
  LLLDRDRDR
";

fn main() -> ExitCode {
    let goal = Board::<4, 16>::canonical_goal(15);
    let mut boards = Counted::default();
    judge::run(
        HELP,
        judge::PATH_OR_NOT_SOLVABLE,
        Ladder::default(),
        |input| Ok(boards.next(input, Input::board)?.map(|start| (start, goal))),
    )
}
