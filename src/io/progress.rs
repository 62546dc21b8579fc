//! Progress of long work on standard error, for a person waiting: on a terminal one line
//! redrawn in place, elsewhere a plain line now and then, and nothing once [`silence`]d
//! (`--quiet`). What a step ends with (a table built, a file saved) is always a line of its own.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::io::terminal::is_terminal;

/// How long work runs before its progress is told: quick work says nothing.
const AFTER: Duration = Duration::from_secs(2);

/// The shortest time between two lines of progress: on a terminal, where a line is redrawn, and
/// elsewhere, where each is a line of its own in a log.
const ON_TERMINAL: Duration = Duration::from_millis(200);
const ELSEWHERE: Duration = Duration::from_secs(10);

/// Whether progress is silenced, for the whole process.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Says nothing of progress from now on, in this process (`--quiet`).
pub fn silence() {
    QUIET.store(true, Relaxed);
}

/// One piece of long work, told on standard error as it goes.
pub struct Progress {
    started: Instant,
    told: Mutex<Told>,
}

/// What a [`Progress`] has told so far.
#[derive(Default)]
struct Told {
    /// When progress was last told.
    at: Option<Instant>,
    /// Whether its line stands unfinished on the terminal.
    standing: bool,
    /// Whether standard error is a terminal: asked once, when there is first something to tell,
    /// so that work that ends quickly asks nothing.
    terminal: Option<bool>,
}

impl Default for Progress {
    fn default() -> Self {
        Self::new()
    }
}

impl Progress {
    /// Work that starts now.
    pub fn new() -> Progress {
        Progress::since(Instant::now())
    }

    /// Work that started at `started`: a part of longer work tells the seconds of the whole.
    pub fn since(started: Instant) -> Progress {
        Progress {
            started,
            told: Mutex::new(Told::default()),
        }
    }

    /// Tells `line()` and the seconds so far, once the work has run two seconds, unless
    /// progress was told too recently: on a terminal, redrawn in place at most five times a
    /// second; elsewhere, a line at most every ten seconds. `line` runs only when it is told.
    pub fn update(&self, line: impl FnOnce() -> String) {
        if QUIET.load(Relaxed) || self.started.elapsed() < AFTER {
            return;
        }
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        let terminal = *told.terminal.get_or_insert_with(|| is_terminal(2));
        let every = match terminal {
            true => ON_TERMINAL,
            false => ELSEWHERE,
        };
        if told.at.map_or(false, |at| at.elapsed() < every) {
            return;
        }
        let text = self.line(line());
        let _ = match terminal {
            true => write!(io::stderr(), "\r{}\x1b[K", text),
            false => writeln!(io::stderr(), "{}", text),
        };
        told.at = Some(Instant::now());
        told.standing = terminal;
    }

    /// `what` and the seconds since the work started.
    fn line(&self, what: String) -> String {
        format!("{}, {} s", what, self.started.elapsed().as_secs())
    }

    /// Tells `line` at once, on a line of its own.
    pub fn say(&self, line: &str) {
        if QUIET.load(Relaxed) {
            return;
        }
        let mut told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        let wipe = if told.standing { "\r\x1b[K" } else { "" };
        let _ = writeln!(io::stderr(), "{}{}", wipe, line);
        told.standing = false;
    }
}

impl Drop for Progress {
    /// The work is over: its line, if it stands on the terminal, goes before what comes next.
    fn drop(&mut self) {
        let told = self.told.lock().unwrap_or_else(|e| e.into_inner());
        if told.standing {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_of_longer_work_tells_the_seconds_of_the_whole() {
        let started = Instant::now() - Duration::from_secs(100);
        let line = Progress::since(started).line("searching".to_string());
        assert!(line.starts_with("searching, 10"), "{}", line);
        assert!(line.ends_with(" s"), "{}", line);
    }
}
