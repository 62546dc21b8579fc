//! AOJ ALDS1_13_B "8 Puzzle": the fewest moves that turn a 3x3 board into 1 2 3 / 4 5 6 / 7 8 0.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::judge;
use engine::solvers::up_to_9::Solver;

const HELP: &str = "\
eight_grid: AOJ ALDS1_13_B \"8 Puzzle\"
Prints the fewest moves that turn each 3x3 board into 1 2 3 / 4 5 6 / 7 8 0, or -1 if none
does (the judge promises one does; this program checks anyway).

Input: one board per case, 0 the blank, as three rows of three numbers or on one line.
  1 3 0
  4 2 5
  7 8 6
Output: one line per case.
  4
";

fn main() -> ExitCode {
    let goal = Board::<3, 9>::canonical_goal(8);
    judge::run(HELP, judge::DISTANCE, Solver::new(), |input| {
        Ok(input.board()?.map(|start| (start, goal)))
    })
}
