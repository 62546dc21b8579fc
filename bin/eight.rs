//! Luogu P1379 "八数码难题" (the 8-puzzle): the fewest moves to 1 2 3 / 8 0 4 / 7 6 5.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::judge;
use engine::solvers::up_to_9::Solver;

const HELP: &str = "\
eight: Luogu P1379 \"八数码难题\" (the 8-puzzle)
Prints the fewest moves that turn each 3x3 board into 1 2 3 / 8 0 4 / 7 6 5, or -1 if none
does (the judge promises one does; this program checks anyway).

Input: one board per case, nine digits with 0 the blank, on one line or as three rows.
  283104765
Output: one line per case.
  4
";

fn main() -> ExitCode {
    let goal =
        Board::<3, 9>::from_tiles([1, 2, 3, 8, 0, 4, 7, 6, 5]).expect("the goal is an arrangement");
    judge::run(HELP, judge::DISTANCE, Solver::new(), |input| {
        Ok(input.board()?.map(|start| (start, goal)))
    })
}
