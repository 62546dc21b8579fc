//! HDU 1043 / POJ 1077 / AcWing 179 "Eight": a shortest path of `x` to 1 2 3 / 4 5 6 / 7 8 x.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::judge;
use engine::solvers::up_to_9::Solver;

const HELP: &str = "\
eight_path: HDU 1043 / POJ 1077 / AcWing 179 \"Eight\"
Prints, for each 3x3 board, a shortest sequence of moves of x (u, d, l, r: up, down, left,
right) that turns it into 1 2 3 / 4 5 6 / 7 8 x, the first of them in dictionary order, or
unsolvable if none does.

Input: boards until the end of the input, each the nine symbols 1-8 and x, separated by
spaces or not (23415x768); line breaks do not matter.
  2 3 4 1 5 x 7 6 8
Output: one line per board.
  dlurullddrurdllurdr
";

fn main() -> ExitCode {
    let goal = Board::<3, 9>::canonical_goal(8);
    judge::run(HELP, judge::PATH_OF_X, Solver::new(), |input| {
        Ok(input.board_of_tiles()?.map(|start| (start, goal)))
    })
}
