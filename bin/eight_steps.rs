//! AcWing 845 "八数码": the fewest moves of `x` that turn a board into 1 2 3 / 4 5 6 / 7 8 x.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::judge;
use engine::solvers::up_to_9::Solver;

const HELP: &str = "\
eight_steps: AcWing 845 \"八数码\"
Prints the fewest moves that turn each 3x3 board into 1 2 3 / 4 5 6 / 7 8 x, or -1 if none
does.

Input: one board per case, the nine symbols 1-8 and x, separated by spaces or not
(23415x768); line breaks do not matter.
  2 3 4 1 5 x 7 6 8
Output: one line per case.
  19
";

fn main() -> ExitCode {
    let goal = Board::<3, 9>::canonical_goal(8);
    judge::run(HELP, judge::DISTANCE, Solver::new(), |input| {
        Ok(input.board_of_tiles()?.map(|start| (start, goal)))
    })
}
