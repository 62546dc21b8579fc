//! Input and output: reading cases, the judge loop and its answers, drawings, progress.

pub mod input;
pub mod judge;
pub mod progress;
pub mod show;
