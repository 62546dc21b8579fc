//! LeetCode 773 "Sliding Puzzle": the fewest moves that turn a 2x3 board into 1 2 3 / 4 5 0.
//!
//! Input: one board per case, as the LeetCode literal `[[1,2,3],[4,0,5]]`, as two lines
//! `1 2 3` / `4 0 5`, or as one line of six tiles; 0 is the blank.
//! Output: per case, the fewest moves, or -1 when the board cannot be solved.

use engine::board::Board;
use engine::{ida_star, judge};

fn main() {
    let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).expect("the goal is an arrangement");
    judge::run(|input| {
        let start = input.board::<3, 6>()?;
        Ok(start.map(|start| ida_star::solve(&start, &goal).map_or(-1, |s| s.moves.len() as i64)))
    });
}
