//! Short solutions on boards past 16 cells: beam search up to 100 cells, construction beyond,
//! and construction's finishers.

pub mod beam;
pub mod constructive;
pub mod finishers;
