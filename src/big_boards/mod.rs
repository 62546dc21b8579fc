//! Short solutions on boards past 16 cells: beam search up to 100 cells (its estimates, its set
//! of boards seen), stretches of its path made
//! optimal under pattern databases or Manhattan distance, lines brought home a stage at a time
//! by beam search up to 256 cells, construction beyond, and construction's finishers.

pub mod beam;
pub mod constructive;
pub mod estimates;
pub mod finishers;
pub mod optimal_windows;
mod seen;
pub mod stages;
