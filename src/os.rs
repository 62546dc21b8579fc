//! Calls to the operating system and the processor that std (as of Rust 1.63) lacks: the crate's
//! unsafe code, in one room, each call behind a function that states its contract. An advisory
//! lock on a file (unix; elsewhere never had); on Linux, holding back the signals that end a
//! process while an answer is written, a report of what long work knows when a signal stops it,
//! and a file mapped into memory, watched for being cut short; on x86-64, asking the memory for a
//! value before reading it.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;
#[cfg(target_os = "linux")]
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicUsize, Ordering::SeqCst};

#[cfg(unix)]
extern "C" {
    fn flock(fd: i32, operation: i32) -> i32;
}

#[cfg(target_os = "linux")]
extern "C" {
    fn sigaction(signal: i32, new: *const Action, old: *mut Action) -> i32;
    fn raise(signal: i32) -> i32;
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, offset: i64) -> *mut u8;
    fn munmap(addr: *mut u8, len: usize) -> i32;
    fn lseek(fd: i32, offset: i64, whence: i32) -> i64;
    fn write(fd: i32, bytes: *const u8, len: usize) -> isize;
    fn _exit(status: i32) -> !;
}

/// Asks for the cache line of `value`, where the processor can be asked (x86-64); elsewhere
/// nothing. A search that asks for a batch of scattered values first, then reads them, waits for
/// their cache misses together, not in turn.
#[inline]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // Safety: a prefetch only hints the cache; SSE, which it needs, is part of x86-64.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(value as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Takes the exclusive advisory lock (`flock`) of `file` if no other open file description holds
/// it: true if taken, false if another holds it. The kernel lets it go when every descriptor of
/// this opening is closed, so a process that dies, however, holds nothing.
#[cfg(unix)]
pub fn try_lock(file: &File) -> io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    const LOCK_EX: i32 = 2;
    const LOCK_NB: i32 = 4;
    // Safety: `flock` reads only the descriptor, which `file` keeps open for the call.
    if unsafe { flock(file.as_raw_fd(), LOCK_EX | LOCK_NB) } == 0 {
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

/// `path` opened as `options` ask if it is a regular file: `Ok(None)` for anything else there (a
/// pipe, a device, a folder), which is never waited on, as it is opened without blocking (on
/// Linux; elsewhere it is looked at first), then checked.
pub fn open_regular(path: &Path, options: &mut OpenOptions) -> io::Result<Option<File>> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        const O_NONBLOCK: i32 = 0o4000;
        options.custom_flags(O_NONBLOCK);
    }
    #[cfg(not(target_os = "linux"))]
    if std::fs::metadata(path).map_or(false, |found| !found.is_file()) {
        return Ok(None);
    }
    let file = options.open(path)?;
    match file.metadata()?.is_file() {
        true => Ok(Some(file)),
        false => Ok(None),
    }
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

/// The C library's `struct sigaction` on Linux (glibc and musl alike): the handler, the signals
/// blocked while it runs (1,024 bits), the flags, and a field for the C library.
#[cfg(target_os = "linux")]
#[repr(C)]
struct Action {
    handler: usize,
    mask: [u32; 32],
    flags: i32,
    restorer: usize,
}

#[cfg(target_os = "linux")]
const DEFAULT: usize = 0;

/// Sets `signal`'s action to `handler` (a function, or [`DEFAULT`]) with `flags`, nothing else
/// blocked while it runs; if `only_over_default`, only where the action is now the default (a
/// signal the process was started ignoring, or another's handler, is left as it is).
#[cfg(target_os = "linux")]
fn set_action(signal: i32, handler: usize, flags: i32, only_over_default: bool) {
    let action = Action {
        handler,
        mask: [0; 32],
        flags,
        restorer: 0,
    };
    // Safety: `Action` is the C library's layout; a null new action only asks for the old one.
    unsafe {
        let mut old = std::mem::zeroed::<Action>();
        if !only_over_default
            || sigaction(signal, std::ptr::null(), &mut old) == 0 && old.handler == DEFAULT
        {
            sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// Runs `write` with the signals that end a process by default (SIGHUP, SIGINT, SIGQUIT,
/// SIGTERM) held back: one that comes meanwhile ends the process once `write` returns, as it
/// would have ended it, so an answer is written whole or not at all. A signal the process was
/// started ignoring, or that has a handler, is left as it is. SIGKILL cannot be held back.
/// Elsewhere than on Linux, `write` alone.
pub fn holding_signals<T>(write: impl FnOnce() -> T) -> T {
    #[cfg(target_os = "linux")]
    return held::holding(write);
    #[cfg(not(target_os = "linux"))]
    return write();
}

/// Runs `work`; should a signal that stops a process come meanwhile (SIGINT from Ctrl-C,
/// SIGTERM from `kill`, `timeout` or a job's time limit, SIGHUP from a closed terminal),
/// `report` runs, from a thread of its own within a twentieth of a second while `work` goes
/// on, and the process ends with status 128 + the signal, as a shell tells of a process that
/// signal ended. Once `work` has returned, each ends the process as it would have (held back
/// while an answer is written, [`holding_signals`]). A signal the process was started
/// ignoring is left as it is; elsewhere than on Linux, `work` alone.
pub fn reporting_on_stop<T>(report: impl FnOnce() + Send, work: impl FnOnce() -> T) -> T {
    #[cfg(target_os = "linux")]
    return held::reporting(report, work);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = report;
        work()
    }
}

#[cfg(target_os = "linux")]
mod held {
    use super::*;
    use crate::threads::with_ticks;
    use std::sync::Once;
    use std::time::Duration;

    const SA_RESTART: i32 = 0x1000_0000;
    /// SIGHUP, SIGINT, SIGQUIT, SIGTERM.
    const ENDING: [i32; 4] = [1, 2, 3, 15];
    /// Those that work reports on: all but SIGQUIT, whose user asks for a core dump.
    const REPORTED: [i32; 3] = [1, 2, 15];

    /// Whether an answer is being written, and the signal that came meanwhile (0: none).
    static WRITING: AtomicBool = AtomicBool::new(false);
    static HELD_SIGNAL: AtomicI32 = AtomicI32::new(0);
    /// Whether the signals of `REPORTED` are reported on, not ended by, and the one that came
    /// meanwhile (0: none).
    static REPORTING: AtomicBool = AtomicBool::new(false);
    static STOPPED_BY: AtomicI32 = AtomicI32::new(0);
    static INSTALLED: Once = Once::new();

    /// How often the thread that reports looks for a stop.
    const LOOK_EVERY: Duration = Duration::from_millis(50);

    /// The handler of the ending signals, where the action is the default.
    fn install() {
        INSTALLED.call_once(|| {
            let handler = on_ending as extern "C" fn(i32) as usize;
            for signal in ENDING {
                set_action(signal, handler, SA_RESTART, true);
            }
        });
    }

    pub fn reporting<T>(report: impl FnOnce() + Send, work: impl FnOnce() -> T) -> T {
        install();
        REPORTING.store(true, SeqCst);
        let mut report = Some(report);
        let look = || match STOPPED_BY.load(SeqCst) {
            0 => {}
            signal => {
                if let Some(report) = report.take() {
                    report();
                }
                std::process::exit(128 + signal);
            }
        };
        let done = with_ticks(LOOK_EVERY, look, work);
        REPORTING.store(false, SeqCst);
        // A stop between the last look and the end of the work ends the process now.
        match STOPPED_BY.swap(0, SeqCst) {
            0 => done,
            signal => {
                by_default(signal);
                std::process::exit(128 + signal)
            }
        }
    }

    pub fn holding<T>(write: impl FnOnce() -> T) -> T {
        install();
        WRITING.store(true, SeqCst);
        let written = write();
        WRITING.store(false, SeqCst);
        match HELD_SIGNAL.swap(0, SeqCst) {
            0 => written,
            signal => {
                by_default(signal);
                // Not reached: the signal's default action ends the process.
                std::process::exit(128 + signal)
            }
        }
    }

    /// During a write, keeps the signal for later; else, a signal that work reports on is
    /// noted for its report; else the signal's default action ends the process. Only atomics,
    /// `sigaction` and `raise`, which a signal handler may call.
    extern "C" fn on_ending(signal: i32) {
        if WRITING.load(SeqCst) {
            HELD_SIGNAL.store(signal, SeqCst);
        } else if REPORTED.contains(&signal) && REPORTING.load(SeqCst) {
            STOPPED_BY.store(signal, SeqCst);
        } else {
            // Raised within the handler, the signal waits for it to return, then ends the
            // process.
            by_default(signal);
        }
    }

    /// Raises `signal` with its default action, as if no handler had been installed.
    fn by_default(signal: i32) {
        set_action(signal, DEFAULT, 0, false);
        // Safety: raising a signal touches no memory of this process.
        unsafe {
            raise(signal);
        }
    }
}

/// `len` bytes of a file from `start` on, mapped read-only ([`map`]); unmapped when dropped.
#[cfg(target_os = "linux")]
pub struct Mapping {
    base: *mut u8,
    start: usize,
    len: usize,
    _watch: Option<Watch>,
}

// The mapping is read-only, so threads may share it.
#[cfg(target_os = "linux")]
unsafe impl Send for Mapping {}
#[cfg(target_os = "linux")]
unsafe impl Sync for Mapping {}

/// The `len` bytes of `file`, saved at `path`, from `start` on (`start + len` at most the file's
/// length), mapped read-only, not copied; the system's error if that fails. The file's first `start + len`
/// bytes are mapped, since a mapping begins at a page's start. It is watched: a read past its
/// end, should another program cut it short meanwhile, ends the process with an `error:` line
/// naming `path` and status 1, where SIGBUS would end it without a word; the answers printed so
/// far stay printed.
///
/// # Safety
/// Nothing may write into the file's mapped bytes while the mapping lives: a `&[u8]` of them
/// ([`Mapping::bytes`]) must not change. Replacing the file by a rename is safe; cutting it
/// short is caught, as above.
#[cfg(target_os = "linux")]
pub unsafe fn map(file: &File, path: &Path, start: usize, len: usize) -> io::Result<Mapping> {
    use std::os::unix::io::AsRawFd;
    const PROT_READ: i32 = 1;
    const MAP_PRIVATE: i32 = 2;
    let (fd, whole) = (file.as_raw_fd(), start + len);
    let base = mmap(std::ptr::null_mut(), whole, PROT_READ, MAP_PRIVATE, fd, 0);
    if base as isize == -1 {
        return Err(io::Error::last_os_error());
    }
    let _watch = Watch::new(file, path, whole);
    Ok(Mapping {
        base,
        start,
        len,
        _watch,
    })
}

#[cfg(target_os = "linux")]
impl Mapping {
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        // Safety: the mapping holds `start + len` readable bytes for as long as it lives, and
        // `map`'s caller keeps them unchanged.
        unsafe { std::slice::from_raw_parts(self.base.add(self.start), self.len) }
    }
}

#[cfg(target_os = "linux")]
impl Drop for Mapping {
    fn drop(&mut self) {
        // Safety: `base` was mapped with this length, and nothing borrows it past `self`.
        unsafe {
            munmap(self.base, self.start + self.len);
        }
    }
}

/// A mapped file, watched for SIGBUS: while it lives, its slot names it to the handler.
#[cfg(target_os = "linux")]
struct Watch {
    slot: &'static Slot,
    // Held open, so that the handler can ask its length.
    _file: File,
}

/// A watched file, as the handler reads it: only atomics, which a handler may read. The line
/// that names the file is never freed, since a handler may be reading it while its watch ends.
#[cfg(target_os = "linux")]
struct Slot {
    taken: AtomicBool,
    /// The file's descriptor, -1 while the slot is being filled or emptied.
    fd: AtomicI32,
    mapped: AtomicUsize,
    /// The line that names the file, null until there is one.
    message: AtomicPtr<String>,
}

#[cfg(target_os = "linux")]
#[allow(clippy::declare_interior_mutable_const)] // each slot of `SLOTS` a fresh copy
const FREE: Slot = Slot {
    taken: AtomicBool::new(false),
    fd: AtomicI32::new(-1),
    mapped: AtomicUsize::new(0),
    message: AtomicPtr::new(std::ptr::null_mut()),
};

/// More than any program maps at once: a mapping beyond them goes unwatched.
#[cfg(target_os = "linux")]
static SLOTS: [Slot; 16] = [FREE; 16];

#[cfg(target_os = "linux")]
impl Watch {
    /// `file`, saved at `path` and mapped for `mapped` bytes, watched; `None` if every slot is
    /// taken or the file cannot be held open.
    fn new(file: &File, path: &Path, mapped: usize) -> Option<Watch> {
        use std::os::unix::io::AsRawFd;
        const SIGBUS: i32 = 7;
        let file = file.try_clone().ok()?;
        let slot = SLOTS.iter().find(|slot| !slot.taken.swap(true, SeqCst))?;
        let message = format!(
            "error: {} was cut short while this process read it (a saved tables file must be \
             replaced whole, by a rename, never cut or written in place)\n",
            path.display()
        );
        // A few hundred bytes a mapping, and a process maps a few files.
        let message: &'static mut String = Box::leak(Box::new(message));
        slot.mapped.store(mapped, SeqCst);
        slot.message.store(message, SeqCst);
        slot.fd.store(file.as_raw_fd(), SeqCst);
        set_action(
            SIGBUS,
            on_bus_error as extern "C" fn(i32) as usize,
            0,
            false,
        );
        Some(Watch { slot, _file: file })
    }
}

#[cfg(target_os = "linux")]
impl Drop for Watch {
    fn drop(&mut self) {
        self.slot.fd.store(-1, SeqCst);
        self.slot.taken.store(false, SeqCst);
    }
}

/// Names the watched file now shorter than its mapping, or says what SIGBUS means, and ends the
/// process with status 1. Only atomics, `lseek`, `write` and `_exit`, which a handler may call.
#[cfg(target_os = "linux")]
extern "C" fn on_bus_error(_signal: i32) {
    const SEEK_END: i32 = 2;
    let cut = SLOTS.iter().find(|slot| {
        let fd = slot.fd.load(SeqCst);
        // Safety: a descriptor its watch holds open, or one closed since, where `lseek` fails;
        // the offset is never read.
        let length = if fd < 0 {
            -1
        } else {
            unsafe { lseek(fd, 0, SEEK_END) }
        };
        length >= 0 && (length as usize) < slot.mapped.load(SeqCst)
    });
    let unknown: &[u8] = b"error: a bus error (SIGBUS), as when a mapped file is cut short\n";
    let message = cut.map_or(std::ptr::null_mut(), |slot| slot.message.load(SeqCst));
    // Safety: a message, once stored, is never freed or changed; then the process ends.
    unsafe {
        let bytes = message
            .as_ref()
            .map_or(unknown, |message| message.as_bytes());
        write(2, bytes.as_ptr(), bytes.len());
        _exit(1);
    }
}
