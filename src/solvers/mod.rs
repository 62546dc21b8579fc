//! The solver of each kind of board: up to 9 cells, up to 16 cells, the 5x5 board optimally,
//! and a board of any shape.

pub mod any_shape;
#[cfg(feature = "tables")]
pub mod optimal_5x5;
pub mod settings;
pub mod up_to_16;
pub mod up_to_9;
