//! The shared engine of the sliding-puzzle judge programs.
//!
//! - [`board`]: the board, its moves, and solvability by parity.
//! - [`cantor`]: Cantor expansion, a perfect index of the arrangements into an array.
//! - [`bfs`]: breadth-first search over that array: every arrangement's exact distance, and
//!   tables of it that answer cases (all of the 2x3 board's).
//! - [`ida_star`]: IDA* under any admissible heuristic: one optimal path.
//! - [`move_rules`]: which moves IDA* may skip, as they repeat a shorter or earlier sequence.
//! - [`manhattan`]: Manhattan distance, the heuristic of boards of up to 3x3.
//! - [`linear_conflict`]: Manhattan distance plus linear conflict, for boards of up to 16 cells.
//! - [`pattern_db`]: additive pattern databases of boards of up to 16 cells, built at run time;
//!   [`placements`] ranks their groups' placements and finds the blank's regions.
//! - [`large_table`]: the 4x4 board's 7-8 and the 5x5 board's 6-6-6-6 pattern databases, built
//!   in two bytes a placement.
//! - [`optimal_5x5`]: the fewest moves on the 5x5 board, IDA* under the 6-6-6-6 tables.
//! - [`saved_tables`]: pattern databases kept on disk, written atomically, checked on loading.
//!
//!   These three make the `tables` feature (on by default): `--tables DIR`, which a judge, keeping
//!   no files, never asks for, so the bundles leave them out with all that is marked
//!   `#[cfg(feature = "tables")]`.
//! - [`constructive`]: a solution, not the shortest, for a board of any size, by construction;
//!   [`finishers`] finishes a line's last two tiles, and a last 2x2 block.
//! - [`solver`]: many 3x3 (or smaller) cases: IDA* first, distance tables once they pay.
//! - [`optimal`]: many cases on a board of up to 16 cells (4x4, 2x8, 3x5 ..): IDA* first,
//!   pattern databases once they pay, every core; [`budgeted`] runs its searches within the
//!   budget of a rung of its ladder, and [`tables`] gets that rung's tables.
//! - [`beam`]: beam search, short paths (not proven shortest) on boards too large to search
//!   optimally, 5x5 to 10x10.
//! - [`any_shape`]: one board of any shape: optimal up to 16 cells, beam search up to 100,
//!   construction finished by either beyond.
//! - [`show`]: drawing the boards along a solution.
//! - [`progress`]: long work told on standard error as it goes.
//! - [`threads`]: work shared out between threads, results in order.
//! - [`input`] and [`judge`]: reading cases, printing answers, reporting bad input.

pub mod any_shape;
pub mod beam;
pub mod bfs;
pub mod board;
pub mod budgeted;
pub mod cantor;
pub mod constructive;
pub mod finishers;
pub mod ida_star;
pub mod input;
pub mod judge;
#[cfg(feature = "tables")]
pub mod large_table;
pub mod linear_conflict;
pub mod manhattan;
pub mod move_rules;
pub mod optimal;
#[cfg(feature = "tables")]
pub mod optimal_5x5;
pub mod pattern_db;
pub mod placements;
pub mod progress;
#[cfg(feature = "tables")]
pub mod saved_tables;
pub mod show;
pub mod solver;
pub mod tables;
pub mod threads;
