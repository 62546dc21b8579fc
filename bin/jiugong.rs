//! Lanqiao Cup "九宫重排": the fewest moves that turn one 3x3 board into another.
//!
//! Input: per case two lines, the start then the goal, each nine characters `1`-`8` and `.` for
//! the blank (`0` also works), row by row, such as `12345678.` / `123.46758`.
//! Output: per case, the fewest moves, or -1 when the goal cannot be reached.

use engine::{ida_star, judge};

fn main() {
    judge::run(|input| {
        let start = match input.board::<3, 9>()? {
            Some(start) => start,
            None => return Ok(None),
        };
        let start_line = input.line_number();
        let goal = input.board::<3, 9>()?.ok_or_else(|| {
            input.error(
                start_line,
                "a start board with no goal board after it".to_string(),
            )
        })?;
        Ok(Some(
            ida_star::solve(&start, &goal).map_or(-1, |s| s.moves.len() as i64),
        ))
    });
}
