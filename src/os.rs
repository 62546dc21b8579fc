//! Calls to the operating system that std (as of Rust 1.63) lacks, each behind a safe function:
//! an advisory lock on a file, and holding back the signals that end a process while a line is
//! written. Unix only; elsewhere a lock is never had and no signal is held back.

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
