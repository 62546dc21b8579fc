//! Input and output: the command line, reading cases and boards of any shape, the judge loop and
//! its answers written whole, drawings.

pub mod boards;
pub mod cli;
pub mod input;
pub mod judge;
#[cfg(feature = "shares")]
pub mod output;
pub mod show;
