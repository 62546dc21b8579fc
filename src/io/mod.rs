//! Input and output: the command line, reading cases, the judge loop and its answers written whole, drawings,
//! progress, and what the standard streams are open to.

pub mod cli;
pub mod input;
pub mod judge;
#[cfg(feature = "shares")]
pub mod output;
pub mod progress;
pub mod show;
pub mod terminal;
