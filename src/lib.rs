//! The shared engine of the sliding-puzzle judge programs, one folder a part, as
//! doc/engine.md tours them:
//!
//! - [`board`]: the board, its moves, and solvability by parity; [`threads`]: work shared out
//!   between threads, results in order; [`progress`]: long work told on standard error;
//!   [`quote`]: outside text shown on one line; [`terminal`]: what a stream is open to; [`os`]:
//!   calls to the operating system and the processor that std lacks, the unsafe code;
//!   [`memory`]: memory refused as an error.
//! - [`exact`]: every arrangement's distance on boards of up to 9 cells, by breadth-first search
//!   over a Cantor-ranked array.
//! - [`search`]: IDA* and what it estimates and prunes with, searches within a budget of nodes.
//! - [`pdb`]: additive pattern databases: their placements, their builders, their saved files.
//! - [`big_boards`]: short solutions past 16 cells, by beam search and by construction.
//! - [`solvers`]: the solver of each kind of board: up to 9 cells, up to 16, 5x5 optimally, and
//!   any shape.
//! - [`io`]: the command line, reading cases, the judge loop and its answers, drawings.
//!
//! Each part uses only itself and the parts above it in this list (tests/layers.rs checks).
//!
//! What is marked `#[cfg(feature = "tables")]`, `"show"`, `"progress"` or `"shares"` serves a
//! person, not a judge, so the bundles leave it out.

pub mod big_boards;
pub mod board;
pub mod exact;
pub mod io;
pub mod memory;
pub mod os;
pub mod pdb;
pub mod progress;
pub mod quote;
pub mod search;
pub mod solvers;
pub mod terminal;
pub mod threads;
