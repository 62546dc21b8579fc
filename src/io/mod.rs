//! Input and output: the command line, reading cases, the judge loop and its answers, drawings,
//! progress, and what the standard streams are open to.

pub mod cli;
pub mod input;
pub mod judge;
pub mod progress;
pub mod show;
pub mod terminal;
