//! AOJ ALDS1_13_C "15 Puzzle": the fewest moves that turn a 4x4 board into 1 2 .. 15 0.

use std::process::ExitCode;

use engine::board::Board;
use engine::io::judge;
use engine::solvers::up_to_16::Ladder;

const HELP: &str = "\
fifteen: AOJ ALDS1_13_C \"15 Puzzle\"
Prints the fewest moves that turn each 4x4 board into 1 2 3 4 / 5 6 7 8 / 9 10 11 12 /
13 14 15 0, or -1 if none does (the judge promises at most 45 moves; any board is answered).

Input: one board per case, 0 the blank, as four rows of four numbers or on one line.
  1 2 3 4
  6 7 8 0
  5 10 11 12
  9 13 14 15
Output: one line per case.
  8
";

fn main() -> ExitCode {
    let goal = Board::<4, 16>::canonical_goal(15);
    // The large tables too: a person brings boards harder than a judge's.
    let solver = Ladder::default().with_large_tables();
    judge::run(HELP, judge::DISTANCE, solver, |input| {
        Ok(input.board()?.map(|start| (start, goal)))
    })
}
