//! What a descriptor is open to, as Linux's `/proc` tells (std's `IsTerminal` is past Rust 1.63).

/// Whether the descriptor `fd` is a terminal.
pub fn is_terminal(fd: u32) -> bool {
    let to = opened(fd);
    to.starts_with("/dev/pts/") || to.starts_with("/dev/tty")
}

/// What the descriptor `fd` has open.
pub fn opened(fd: u32) -> String {
    let to = std::fs::read_link(format!("/proc/self/fd/{}", fd));
    to.map_or(String::new(), |to| to.to_string_lossy().into_owned())
}
