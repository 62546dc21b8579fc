//! HDU 3567 "Eight II": the fewest moves of X that turn one 3x3 board into another, and the
//! first such path in dictionary order.

use std::process::ExitCode;

use engine::io::input::Counted;
use engine::io::judge::{self, Reader};
use engine::solvers::up_to_9::PathEach;

const HELP: &str = "\
eight_two: HDU 3567 \"Eight II\"
Prints, for each pair of 3x3 boards, \"Case k: \" and the fewest moves that turn the start into
the goal, then those moves of X (d, l, r, u: down, left, right, up), the first of them in
dictionary order (an empty line for 0 moves).

Input: the number of pairs, then each pair as two lines, the start then the goal, each the nine
characters 1-8 and X (the blank) row by row.
  2
  12X453786
  12345678X
  564178X23
  7568X4123
Output: two lines per pair.
  Case 1: 2
  dd
  Case 2: 8
  urrulldr
";

/// The error of a pair on one line.
const ONE_A_LINE: &str = "expected a board a line: the start, then the goal on the next line";

fn main() -> ExitCode {
    let mut pairs = Counted::default();
    pairs.what = Some("pairs");
    // Two boards side by side, nine characters each, are a pair on one line.
    let pair = |input: &mut Reader| {
        input.pair::<3, 9>().map_err(|e| {
            match input.line().split_whitespace().map(str::len).eq([9, 9]) {
                true => input.error(input.line_number(), ONE_A_LINE.to_string()),
                false => e,
            }
        })
    };
    judge::run(
        HELP,
        judge::CASES_COUNT_AND_PATH,
        PathEach,
        |input| match pairs.next(input, pair)? {
            Some((start, goal)) if start.parity() != goal.parity() => {
                let message = "the goal cannot be reached from the start".to_string();
                Err(input.error(input.line_number(), message))
            }
            pair => Ok(pair),
        },
    )
}
