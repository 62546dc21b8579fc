//! Progress of long work on standard error, for a person waiting: on a terminal one line
//! redrawn in place, elsewhere a plain line now and then, and nothing once [`silence`]d
//! (`--quiet`). What a step ends with (a table built, a file saved) is always a line of its own.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::judge::is_terminal;

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
    terminal: bool,
    /// When progress was last told, and whether its line stands unfinished on the terminal.
    last: Mutex<(Option<Instant>, bool)>,
}

impl Default for Progress {
    fn default() -> Self {
        Self::new()
    }
}

impl Progress {
    /// Work that starts now.
    pub fn new() -> Progress {
        Progress {
            started: Instant::now(),
            terminal: is_terminal(2),
            last: Mutex::new((None, false)),
        }
    }

    /// Tells `line()` and the seconds so far, once the work has run two seconds, unless
    /// progress was told too recently: on a terminal, redrawn in place at most five times a
    /// second; elsewhere, a line at most every ten seconds. `line` runs only when it is told.
    pub fn update(&self, line: impl FnOnce() -> String) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let every = match self.terminal {
            true => ON_TERMINAL,
            false => ELSEWHERE,
        };
        let early = self.started.elapsed() < AFTER;
        if QUIET.load(Relaxed) || early || last.0.map_or(false, |at| at.elapsed() < every) {
            return;
        }
        let text = format!("{}, {} s", line(), self.started.elapsed().as_secs());
        let _ = match self.terminal {
            true => write!(io::stderr(), "\r{}\x1b[K", text),
            false => writeln!(io::stderr(), "{}", text),
        };
        *last = (Some(Instant::now()), self.terminal);
    }

    /// Tells `line` at once, on a line of its own.
    pub fn say(&self, line: &str) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if QUIET.load(Relaxed) {
            return;
        }
        let wipe = if last.1 { "\r\x1b[K" } else { "" };
        let _ = writeln!(io::stderr(), "{}{}", wipe, line);
        last.1 = false;
    }
}

impl Drop for Progress {
    /// The work is over: its line, if it stands on the terminal, goes before what comes next.
    fn drop(&mut self) {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.1 {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}
