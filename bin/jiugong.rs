//! Lanqiao Cup "九宫重排": the fewest moves that turn one 3x3 board into another.

use std::process::ExitCode;

use engine::io::judge;
use engine::solvers::up_to_9::Solver;

const HELP: &str = "\
jiugong: Lanqiao Cup \"九宫重排\"
Prints the fewest moves that turn each start 3x3 board into its goal, or -1 if none does.

Input: per case two lines, the start then the goal, each nine characters 1-8 row by row
with . (or 0, or x) the blank.
  12345678.
  123.46758
Output: one line per case.
  3
";

fn main() -> ExitCode {
    judge::run(HELP, judge::DISTANCE, Solver::new(), |input| {
        input.pair::<3, 9>()
    })
}
