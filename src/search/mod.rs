//! IDA*, the heuristics it runs under, the move sequences it skips, and many searches within a
//! budget of nodes.

pub mod budgeted;
pub mod ida_star;
pub mod linear_conflict;
pub mod manhattan;
pub mod move_rules;
