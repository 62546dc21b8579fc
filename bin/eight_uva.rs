//! UVa 652 "Eight": a shortest path of `x` to 1 2 3 / 4 5 6 / 7 8 x for each board of a counted
//! input, a blank line between the answers.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::input::{Counted, Input};
use engine::io::judge;
use engine::solvers::up_to_9::PathEach;

const HELP: &str = "\
eight_uva: UVa 652 \"Eight\"
Prints, for each 3x3 board, a shortest sequence of moves of x (u, d, l, r: up, down, left,
right) that turns it into 1 2 3 / 4 5 6 / 7 8 x, the first of them in dictionary order, or
unsolvable if none does; a blank line between two answers.

Input: the number of boards, then the boards, each the nine symbols 1-8 and x separated by
spaces or not, on one line or as three rows, with blank lines between them.
  2

  2 3 4 1 5 x 7 6 8

  1 2 3 4 5 6 8 7 x
Output: one line per board, a blank line between two.
  dlurullddrurdllurdr

  unsolvable
";

fn main() -> ExitCode {
    let format = judge::Format {
        between: "\n",
        ..judge::PATH_OF_X
    };
    let goal = Board::<3, 9>::canonical_goal(8);
    let mut boards = Counted::default();
    judge::run(HELP, format, PathEach, |input| {
        Ok(boards.next(input, Input::board)?.map(|start| (start, goal)))
    })
}
