//! Calls to the operating system that std (as of Rust 1.63) lacks, each behind a safe function:
//! an advisory lock on a file (unix), and holding back the signals that end a process while an
//! answer is written (Linux). Elsewhere a lock is never had and no signal is held back.

use std::fs::File;
use std::io;

#[cfg(unix)]
mod unix {
    extern "C" {
        pub fn flock(fd: i32, operation: i32) -> i32;
    }
    pub const LOCK_EX: i32 = 2;
    pub const LOCK_NB: i32 = 4;
}

/// Takes the exclusive advisory lock (`flock`) of `file` if no other open file description holds
/// it: true if taken, false if another holds it. The kernel lets it go when every descriptor of
/// this opening is closed, so a process that dies, however, holds nothing.
#[cfg(unix)]
pub fn try_lock(file: &File) -> io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    // Safety: `flock` reads only the descriptor, which `file` keeps open for the call.
    let locked = unsafe { unix::flock(file.as_raw_fd(), unix::LOCK_EX | unix::LOCK_NB) };
    if locked == 0 {
        return Ok(true);
    }
    let e = io::Error::last_os_error();
    match e.kind() {
        io::ErrorKind::WouldBlock => Ok(false),
        _ => Err(e),
    }
}

#[cfg(not(unix))]
pub fn try_lock(_: &File) -> io::Result<bool> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no file locks here",
    ))
}

/// Whether `a` and `b` are one file: the same device and inode.
#[cfg(unix)]
pub fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
pub fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

/// Runs `write` with the signals that end a process by default (SIGHUP, SIGINT, SIGQUIT,
/// SIGTERM) held back: one that comes meanwhile ends the process once `write` returns, as it
/// would have ended it, so an answer is written whole or not at all. A signal the process was
/// started ignoring, or that has a handler, is left as it is. SIGKILL cannot be held back.
pub fn holding_signals<T>(write: impl FnOnce() -> T) -> T {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    return signals::holding(write);
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    return write();
}

#[cfg(any(target_os = "linux", target_os = "android"))]
mod signals {
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::SeqCst};
    use std::sync::Once;

    /// The C library's `struct sigaction` on Linux (glibc and musl alike): the handler, the
    /// signals blocked while it runs (1,024 bits), the flags, and a field for the C library.
    #[repr(C)]
    struct Action {
        handler: usize,
        mask: [u32; 32],
        flags: i32,
        restorer: usize,
    }

    extern "C" {
        fn sigaction(signal: i32, new: *const Action, old: *mut Action) -> i32;
        fn raise(signal: i32) -> i32;
    }

    const DEFAULT: usize = 0;
    const SA_RESTART: i32 = 0x1000_0000;
    /// SIGHUP, SIGINT, SIGQUIT, SIGTERM.
    const ENDING: [i32; 4] = [1, 2, 3, 15];

    /// Whether an answer is being written, and the signal that came meanwhile (0: none).
    static WRITING: AtomicBool = AtomicBool::new(false);
    static HELD: AtomicI32 = AtomicI32::new(0);
    static INSTALLED: Once = Once::new();

    pub fn holding<T>(write: impl FnOnce() -> T) -> T {
        INSTALLED.call_once(|| {
            for signal in ENDING {
                // Safety: `Action` is the C library's layout; a null new action only asks.
                unsafe {
                    let mut old = std::mem::zeroed::<Action>();
                    if sigaction(signal, std::ptr::null(), &mut old) == 0 && old.handler == DEFAULT
                    {
                        let ours = Action {
                            handler: on_ending as extern "C" fn(i32) as usize,
                            mask: [0; 32],
                            flags: SA_RESTART,
                            restorer: 0,
                        };
                        sigaction(signal, &ours, std::ptr::null_mut());
                    }
                }
            }
        });
        WRITING.store(true, SeqCst);
        let written = write();
        WRITING.store(false, SeqCst);
        match HELD.swap(0, SeqCst) {
            0 => written,
            signal => {
                by_default(signal);
                // Not reached: the signal's default action ends the process.
                std::process::exit(128 + signal)
            }
        }
    }

    /// Outside a write, ends the process by the signal's default action; during one, keeps it
    /// for later. Only atomics, `sigaction` and `raise`, which a signal handler may call.
    extern "C" fn on_ending(signal: i32) {
        match WRITING.load(SeqCst) {
            true => HELD.store(signal, SeqCst),
            // Raised within the handler, the signal waits for it to return, then ends the
            // process.
            false => by_default(signal),
        }
    }

    /// Raises `signal` with its default action, as if no handler had been installed.
    fn by_default(signal: i32) {
        let default = Action {
            handler: DEFAULT,
            mask: [0; 32],
            flags: 0,
            restorer: 0,
        };
        // Safety: the default action, in the C library's layout.
        unsafe {
            sigaction(signal, &default, std::ptr::null_mut());
            raise(signal);
        }
    }
}
