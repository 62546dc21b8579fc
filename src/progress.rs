//! Progress of long work on standard error, for a person waiting: on a terminal one line
//! redrawn in place, elsewhere a plain line now and then, and nothing once [`silence`]d
//! (`--quiet`). The process has one such line: work within other work (a search within a
//! board's construction) tells its own while it lasts, then the outer work tells again. What a
//! step ends with (a table built, a file saved) is always a line of its own. Control characters
//! in what is told (a newline in a folder's name) are escaped: a line stays one line.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::quote::escaped;
use crate::terminal::is_terminal;
use crate::threads::with_ticks;

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

/// The process's line of progress.
static LINE: Mutex<Line> = Mutex::new(Line {
    working: Vec::new(),
    at: None,
    standing: None,
    terminal: None,
    known: None,
});

/// When the run started, which every line's seconds count from: set by [`start_clock`], else
/// when first asked.
static STARTED: Mutex<Option<Instant>> = Mutex::new(None);

/// Counts the seconds of every line of progress from now on, the run's start: so the lines of a
/// table's build and of the search after it tell one clock.
pub fn start_clock() {
    run_started();
}

/// When the run started ([`start_clock`]).
fn run_started() -> Instant {
    let mut started = STARTED.lock().unwrap_or_else(|e| e.into_inner());
    *started.get_or_insert_with(Instant::now)
}

/// The number of the next [`Progress`].
static NEXT: AtomicU64 = AtomicU64::new(0);

/// What the process's line of progress has told, and who may tell it.
struct Line {
    /// The work under way, by number, innermost last: only the innermost tells.
    working: Vec<u64>,
    /// When progress was last told.
    at: Option<Instant>,
    /// The work whose line stands unfinished on the terminal, if any.
    standing: Option<u64>,
    /// Whether standard error is a terminal: asked once, when there is first something to tell,
    /// so that work that ends quickly asks nothing.
    terminal: Option<bool>,
    /// What is known so far of the outcome of the work under way, told after its progress.
    known: Option<String>,
}

/// The line, whatever a thread that panicked holding it left.
fn line() -> MutexGuard<'static, Line> {
    LINE.lock().unwrap_or_else(|e| e.into_inner())
}

/// One piece of long work, told on standard error as it goes.
pub struct Progress {
    started: Instant,
    number: u64,
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

    /// Work that started at `started`: a part of longer work waits two seconds from the
    /// start of the whole before it tells.
    pub fn since(started: Instant) -> Progress {
        let number = NEXT.fetch_add(1, Relaxed);
        line().working.push(number);
        Progress { started, number }
    }

    /// Tells `what()` and the seconds since the run's start ([`start_clock`]), once the work
    /// has run two seconds, unless other
    /// work within this one is under way, or progress was told too recently: on a terminal,
    /// redrawn in place at most five times a second; elsewhere, a line at most every ten
    /// seconds. `what` runs only when it is told.
    pub fn update(&self, what: impl FnOnce() -> String) {
        if let Some(line) = self.due() {
            self.tell_on(line, what());
        }
    }

    /// The line, if this work's progress is to be told now ([`Progress::update`]): kept out of
    /// `update`, which is compiled again for each caller's closure, as is `tell_on`.
    fn due(&self) -> Option<MutexGuard<'static, Line>> {
        if QUIET.load(Relaxed) || self.started.elapsed() < AFTER {
            return None;
        }
        let mut line = line();
        if line.working.last() != Some(&self.number) {
            return None;
        }
        let every = match *line.terminal.get_or_insert_with(|| is_terminal(2)) {
            true => ON_TERMINAL,
            false => ELSEWHERE,
        };
        match line.at.map_or(false, |at| at.elapsed() < every) {
            true => None,
            false => Some(line),
        }
    }

    /// Tells `what` on `line`, which [`Progress::due`] gave.
    fn tell_on(&self, mut line: MutexGuard<'static, Line>, what: String) {
        let terminal = line.terminal == Some(true);
        let what = match &line.known {
            Some(known) => format!("{}; {}", what, known),
            None => what,
        };
        let text = self.with_seconds(escaped(&what, usize::MAX));
        tell(&match terminal {
            true => format!("\r{}\x1b[K", text),
            false => format!("{}\n", text),
        });
        line.at = Some(Instant::now());
        line.standing = Some(self.number).filter(|_| terminal);
    }

    /// `what` and the seconds since the run's start.
    fn with_seconds(&self, what: String) -> String {
        format!("{}, {} s", what, run_started().elapsed().as_secs())
    }

    /// Tells `text` at once, on a line of its own.
    pub fn say(&self, text: &str) {
        if !QUIET.load(Relaxed) {
            interject(&format!("{}\n", escaped(text, usize::MAX)));
        }
    }

    /// Tells `text` and the seconds since the run's start at once, on a line of its own: what a
    /// step of long work ended with.
    pub fn say_when(&self, text: &str) {
        self.say(&self.with_seconds(text.to_string()));
    }
}

impl Drop for Progress {
    /// The work is over: its line, if it stands on the terminal, goes before what comes next.
    fn drop(&mut self) {
        let mut line = line();
        line.working.retain(|&n| n != self.number);
        if line.standing == Some(self.number) {
            tell("\r\x1b[K");
            line.standing = None;
        }
    }
}

/// Tells `text` at once, even when progress is silenced (what ends the work, as a stop asked
/// for), once the line of progress standing on the terminal, if any, is wiped.
pub fn interject(text: &str) {
    let mut line = line();
    if line.standing.take().is_some() {
        tell("\r\x1b[K");
    }
    tell(text);
}

/// From now on, every line of progress ends with `known`, what is known so far of the outcome
/// (a path already found, while a search for a shorter one goes on); `None`: nothing more.
pub fn known(known: Option<String>) {
    line().known = known;
}

/// Runs `work`, which tells no progress of its own, telling `what` as its progress while it
/// lasts, from a thread of its own that wakes five times a second; `work`'s line, if any, is
/// wiped before this returns.
pub fn telling<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let progress = Progress::new();
    with_ticks(ON_TERMINAL, || progress.update(|| what.to_string()), work)
}

/// Writes `text` to standard error in one piece: no other writer's output (a terminal's echo,
/// another process's line) lands inside a line.
pub fn tell(text: &str) {
    let _ = io::stderr().write_all(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run started 100 s ago (no other test reads the seconds).
    #[test]
    fn work_tells_the_seconds_since_the_run_started() {
        let run = Instant::now() - Duration::from_secs(100);
        *STARTED.lock().unwrap_or_else(|e| e.into_inner()) = Some(run);
        let line = Progress::new().with_seconds("searching".to_string());
        assert!(line.starts_with("searching, 10"), "{}", line);
        assert!(line.ends_with(" s"), "{}", line);
    }

    /// Other tests' work may be under way beside this one's: only the order of this one's counts.
    #[test]
    fn only_the_innermost_work_under_way_tells_then_the_work_around_it_again() {
        let at = |number: u64| line().working.iter().position(|&n| n == number);
        let outer = Progress::new();
        let inner = Progress::new();
        assert!(at(outer.number) < at(inner.number));
        let number = inner.number;
        drop(inner);
        assert_eq!(at(number), None);
        assert!(at(outer.number).is_some());
    }

    #[test]
    fn work_told_from_a_thread_of_its_own_gives_its_result() {
        assert_eq!(telling("waiting", || 6 * 7), 42);
    }
}
