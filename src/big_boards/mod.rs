//! Short solutions on boards past 16 cells: beam search up to 100 cells, stretches of its path made
//! optimal under pattern databases or Manhattan distance, construction beyond, and construction's
//! finishers.

pub mod beam;
pub mod constructive;
pub mod finishers;
pub mod optimal_windows;
