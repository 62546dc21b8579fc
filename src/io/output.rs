//! Standard output in whole answers: what a program writes is kept until it flushes, which it
//! does after an answer or a batch of them, then written in one piece, with the signals that
//! end a process held back meanwhile ([`holding_signals`]). So a run interrupted (Ctrl-C, a
//! job's time limit) leaves every answer it wrote whole and none cut, even a line of gigabytes.
//! On a terminal no signal is held back: Ctrl-C there must not wait for a long line to scroll.

use std::io::{self, Stdout, Write};

use crate::os::holding_signals;
use crate::terminal::is_terminal;

/// Standard output, written an answer (or a batch of answers) at a time.
pub struct Output {
    pending: Vec<u8>,
    out: Stdout,
    /// Whether signals are held back while it writes: not on a terminal.
    holding: bool,
}

impl Output {
    /// Standard output, `out`, written an answer at a time.
    pub fn new(out: Stdout) -> Output {
        Output {
            pending: Vec::new(),
            out,
            holding: !is_terminal(1),
        }
    }
}

impl Write for Output {
    /// Kept until the next flush.
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    /// Writes all that was kept, in one piece.
    fn flush(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return self.out.flush();
        }
        let (pending, out) = (&self.pending, &mut self.out);
        let mut write = || out.write_all(pending).and_then(|()| out.flush());
        let written = match self.holding {
            true => holding_signals(write),
            false => write(),
        };
        self.pending.clear();
        written
    }
}
