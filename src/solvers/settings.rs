//! What a person asks of the solvers (options, by [`crate::io::cli`]): `None` if nothing.

#[cfg(feature = "tables")]
use std::path::PathBuf;

use crate::threads::cores;

/// What a solver that searches on every core takes.
#[derive(Debug, Default)]
pub struct Settings {
    /// The most threads to search on (at most one a core); one a core if not given.
    pub threads: Option<usize>,
    /// Where pattern databases are kept between runs, if anywhere (`--tables DIR`).
    #[cfg(feature = "tables")]
    pub tables: Option<PathBuf>,
}

impl Settings {
    /// The threads to search on: as many as given, at least one and at most one a core; one a
    /// core if not given.
    pub fn threads(&self) -> usize {
        self.threads.map_or(cores(), |n| n.clamp(1, cores()))
    }
}

/// What `solve`'s solver of any shape takes: [`Settings`], and its own.
#[derive(Debug, Default)]
pub struct AnyShapeSettings {
    pub search: Settings,
    /// How many times the default work a beam search spends (`--effort`); once if not given.
    pub effort: Option<usize>,
    /// Whether 5x5 boards are solved in the fewest moves too (`--optimal`).
    #[cfg(feature = "tables")]
    pub optimal_5x5: bool,
}
