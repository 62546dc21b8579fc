//! The shared engine of the sliding-puzzle judge programs.
//!
//! - [`board`]: the board, its moves, and solvability by parity.
//! - [`cantor`]: Cantor expansion, a perfect index of the arrangements into an array.
//! - [`bfs`]: breadth-first search over that array: every arrangement's exact distance.
//! - [`ida_star`]: IDA* with Manhattan distance plus linear conflict: one optimal path.
//! - [`solver`]: many cases: IDA* first, distance tables once they pay for themselves.
//! - [`show`]: drawing the boards along a solution.
//! - [`input`] and [`judge`]: reading cases, printing answers, reporting bad input.

pub mod bfs;
pub mod board;
pub mod cantor;
pub mod ida_star;
pub mod input;
pub mod judge;
pub mod show;
pub mod solver;
