//! What a person may ask of the solvers that search on many threads, set in code or read from
//! the command line by [`crate::io::cli`]: one field an option.

#[cfg(feature = "tables")]
use std::path::PathBuf;

use crate::threads::cores;

/// The solvers' settings; [`Settings::default`] is what a program does with no options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The most threads to search on, at least one and never more than one a core.
    pub threads: usize,
    /// Where pattern databases are kept between runs, if anywhere (`--tables DIR`).
    #[cfg(feature = "tables")]
    pub tables: Option<PathBuf>,
    /// How many times the default work a beam search spends on a board (`--effort`).
    pub effort: usize,
    /// Whether 5x5 boards are solved in the fewest moves too (`--optimal`).
    #[cfg(feature = "tables")]
    pub optimal_5x5: bool,
}

impl Default for Settings {
    /// One thread a core, no folder, the default effort, 5x5 boards not solved optimally.
    fn default() -> Self {
        Settings {
            threads: cores(),
            #[cfg(feature = "tables")]
            tables: None,
            effort: 1,
            #[cfg(feature = "tables")]
            optimal_5x5: false,
        }
    }
}
