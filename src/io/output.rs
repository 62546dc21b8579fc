//! Standard output in whole answers: what a program writes is kept until it flushes, which it
//! does after an answer or a batch of them, then written in one piece, with the signals that
//! end a process held back meanwhile ([`holding_signals`]). So a run interrupted (Ctrl-C, a
//! job's time limit) leaves every answer it wrote whole and none cut. An answer too long to
//! keep (a path of gigabytes) goes out in pieces as it is found ([`Output::in_pieces`]), the
//! signals held back until it ends. On a terminal no signal is held back: Ctrl-C there must not
//! wait for a long line to scroll.

use std::io::{self, Stdout, Write};

use crate::os::holding_signals;
#[cfg(feature = "progress")]
use crate::progress::Progress;
use crate::terminal::is_terminal;

/// The most bytes kept of an answer written in pieces.
const PIECE: usize = 1 << 16;

/// Standard output, written an answer (or a batch of answers) at a time.
pub struct Output {
    pending: Vec<u8>,
    out: Stdout,
    /// Whether signals are held back while it writes: not on a terminal.
    holding: bool,
    /// Bytes written so far of the answer written in pieces, if one is.
    in_pieces: Option<u64>,
    #[cfg(feature = "progress")]
    progress: Option<Progress>,
}

impl Output {
    /// Standard output, `out`, written an answer at a time.
    pub fn new(out: Stdout) -> Output {
        Output {
            pending: Vec::new(),
            out,
            holding: !is_terminal(1),
            in_pieces: None,
            #[cfg(feature = "progress")]
            progress: None,
        }
    }

    /// Runs `write`, whose answer may be too long to keep: what it writes goes out in pieces
    /// of at most 64 KiB as it comes, after what was kept before, with the signals that end a
    /// process held back until `write` returns, so that the answer stays whole all the same.
    /// Past two seconds, standard error tells how far it has come. Memory stays bounded.
    pub fn in_pieces<T>(
        &mut self,
        write: impl FnOnce(&mut Output) -> io::Result<T>,
    ) -> io::Result<T> {
        let holding = self.holding;
        let whole = || {
            self.in_pieces = Some(0);
            #[cfg(feature = "progress")]
            {
                self.progress = Some(Progress::new());
            }
            let written = write(self).and_then(|t| self.write_pending().map(|()| t));
            self.in_pieces = None;
            #[cfg(feature = "progress")]
            {
                self.progress = None;
            }
            written
        };
        match holding {
            true => holding_signals(whole),
            false => whole(),
        }
    }

    /// Writes what was kept, within [`Output::in_pieces`] (whose signals are held already).
    fn write_pending(&mut self) -> io::Result<()> {
        let written = self
            .out
            .write_all(&self.pending)
            .and_then(|()| self.out.flush());
        let bytes = self.pending.len() as u64;
        self.pending.clear();
        if let Some(so_far) = &mut self.in_pieces {
            *so_far += bytes;
            #[cfg(feature = "progress")]
            if let Some(progress) = &self.progress {
                let (so_far, holding) = (*so_far, self.holding);
                progress.update(|| {
                    let waits = if holding {
                        "; a stop waits for its end"
                    } else {
                        ""
                    };
                    format!("a long answer: {} bytes written{}", so_far, waits)
                });
            }
        }
        written
    }
}

impl Write for Output {
    /// Kept until the next flush, or within [`Output::in_pieces`] until there are 64 KiB.
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        if self.in_pieces.is_some() && self.pending.len() >= PIECE {
            self.write_pending()?;
        }
        Ok(bytes.len())
    }

    /// Writes all that was kept, in one piece.
    fn flush(&mut self) -> io::Result<()> {
        if self.in_pieces.is_some() {
            return self.write_pending();
        }
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
