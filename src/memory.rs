//! Memory whose size comes from the input or the tables (tables, the beam's levels, paths), asked
//! for so that a refusal (a job's memory limit, `ulimit -v`) is an error, not an abort: the
//! request fails, and [`refused`] carries what needed how much up to the judge loop
//! ([`crate::io::judge::each_case`]), which keeps the answers written, lets go of what the work
//! held (a claim on a tables build) and ends the run with one `error:` line naming it, status 1.
//! Allocations of a few bytes at a time are asked for as usual. Without the `progress` feature
//! (a judge's bundle) memory is asked for as usual too: under a judge's limit a run ends either
//! way.

#[cfg(feature = "progress")]
use std::fmt;

/// Memory refused: what needed it, how many bytes more, and what would serve instead. It
/// travels as a panic's payload from where it was refused to the judge loop.
#[cfg(feature = "progress")]
#[derive(Debug)]
pub struct Refused {
    pub what: String,
    pub bytes: usize,
    pub instead: &'static str,
}

#[cfg(feature = "progress")]
impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mib = (self.bytes as f64 / (1 << 20) as f64).ceil();
        write!(
            f,
            "out of memory: {} needs {} bytes more ({} MiB), which the system refused; {}",
            self.what, self.bytes, mib, self.instead
        )
    }
}

/// What most requests can do instead: run where more memory may be had.
pub const MORE_MEMORY: &str = "give the run more memory (ulimit -v, or a job's memory limit)";

/// `len` values `T::default()`, or the run ends as [`refused`] says, naming `what`.
///
/// # Complexity
/// O(len): the memory is asked for once, then filled.
pub fn filled<T: Clone + Default>(len: usize, what: impl FnOnce() -> String) -> Vec<T> {
    let mut values = Vec::new();
    reserve(&mut values, len, what, MORE_MEMORY);
    values.resize(len, T::default());
    values
}

/// Memory that must stay free past each large request: what the work asks for a few bytes at a
/// time and not ahead (a thread's start, a line of progress), which refused would abort the
/// process. Checked after requests of [`LARGE`] bytes or more, as a check costs a system call or
/// two, and a small request leaves about as much free as it found.
#[cfg(feature = "progress")]
const HEADROOM: usize = 32 << 20;

/// The least request after which [`HEADROOM`] is checked.
#[cfg(feature = "progress")]
const LARGE: usize = 1 << 20;

/// Room in `values` for `more` values past its length, with some headroom to spare after a
/// large request, or the run ends as [`refused`] says.
pub fn reserve<T>(
    values: &mut Vec<T>,
    more: usize,
    what: impl FnOnce() -> String,
    instead: &'static str,
) {
    #[cfg(feature = "progress")]
    if values.capacity() - values.len() < more {
        let before = values.capacity();
        let bytes = more.saturating_mul(std::mem::size_of::<T>());
        if values.try_reserve(more).is_err() {
            refused(what(), bytes, instead);
        }
        // Asked for and given back at once: a mapping of its own, which goes back whole.
        let grown = (values.capacity() - before).saturating_mul(std::mem::size_of::<T>());
        if grown >= LARGE && Vec::<u8>::new().try_reserve(HEADROOM).is_err() {
            refused(what(), bytes.saturating_add(HEADROOM), instead);
        }
    }
    #[cfg(not(feature = "progress"))]
    {
        let _ = (what, instead);
        values.reserve(more);
    }
}

/// Ends the work under way, as [`refused`] says, unless `bytes` could be had now: asked for and
/// given back at once, for work that then asks for about as much in many pieces.
pub fn room(bytes: usize, what: impl FnOnce() -> String, instead: &'static str) {
    reserve(&mut Vec::<u8>::new(), bytes, what, instead);
}

/// What `work` returns; should memory be refused under it ([`refused`]), `report` runs first,
/// then the refusal goes on to the judge loop: so a long search tells what it knew.
#[cfg(feature = "progress")]
pub fn reporting_on_refusal<T>(report: impl FnOnce(), work: impl FnOnce() -> T) -> T {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
        Ok(done) => done,
        Err(payload) => {
            if payload.is::<Refused>() {
                report();
            }
            std::panic::resume_unwind(payload)
        }
    }
}

/// What `work` returns: without the `progress` feature a refusal aborts, and nothing is told.
#[cfg(not(feature = "progress"))]
pub fn reporting_on_refusal<T>(_report: impl FnOnce(), work: impl FnOnce() -> T) -> T {
    work()
}

/// Ends the work under way: `bytes` more for `what` were refused; `instead` says what would
/// serve. Unwinds to the judge loop, which reports it.
#[cfg(feature = "progress")]
pub fn refused(what: String, bytes: usize, instead: &'static str) -> ! {
    std::panic::panic_any(Refused {
        what,
        bytes,
        instead,
    })
}

#[cfg(all(test, feature = "progress"))]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    #[test]
    fn a_refusal_is_reported_then_goes_on_and_nothing_else_is_reported() {
        let reported = Cell::new(0);
        let report = || reported.set(reported.get() + 1);
        let refusal = catch_unwind(AssertUnwindSafe(|| {
            reporting_on_refusal(report, || refused("a test".to_string(), 8, MORE_MEMORY))
        }));
        assert!(refusal.unwrap_err().is::<Refused>());
        assert_eq!(reported.get(), 1);
        let other = catch_unwind(AssertUnwindSafe(|| {
            reporting_on_refusal(report, || panic!("another failure"))
        }));
        assert!(!other.unwrap_err().is::<Refused>());
        assert_eq!(reporting_on_refusal(report, || 42), 42);
        assert_eq!(reported.get(), 1);
    }
}
