//! The solver of each kind of board: up to 9 cells, up to 16 cells, the 5x5 board optimally,
//! a board of any shape, and any goal.

pub mod any_goal;
pub mod any_shape;
#[cfg(feature = "tables")]
pub mod optimal_5x5;
pub mod settings;
pub mod up_to_16;
pub mod up_to_9;
