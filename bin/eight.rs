//! Luogu P1379 "八数码难题" (the 8-puzzle): the fewest moves to 1 2 3 / 8 0 4 / 7 6 5.
//!
//! Input: one board per case, as one line of nine digits such as `283104765`; 0 is the blank.
//! Output: per case, the fewest moves, or -1 when the board cannot be solved (the judge
//! promises it can; this program checks anyway).

use engine::board::Board;
use engine::{ida_star, judge};

fn main() {
    let goal =
        Board::<3, 9>::from_tiles([1, 2, 3, 8, 0, 4, 7, 6, 5]).expect("the goal is an arrangement");
    judge::run(|input| {
        let start = input.board::<3, 9>()?;
        Ok(start.map(|start| ida_star::solve(&start, &goal).map_or(-1, |s| s.moves.len() as i64)))
    });
}
