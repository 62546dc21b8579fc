//! IDA*, the heuristics it runs under, the move sequences it skips, and many searches within a
//! budget of nodes; the fewest moves on a graph with several blanks, from both ends.

pub mod bidirectional;
pub mod budgeted;
pub mod ida_star;
pub mod linear_conflict;
pub mod manhattan;
pub mod move_rules;
