//! Processes sharing a tables folder build each file once: the builder holds a claim, an
//! advisory lock (`flock`) on the file `.{name}.lock` beside the tables' file, and the others
//! wait for it, then load what it saved. The kernel lets a lock go when its process dies,
//! however it dies, so a claim needs no process id to be judged alive or gone: an id is written
//! in the file only to name the builder to those waiting. A waiter waits at most a limit
//! ([`wait_limit`]), then builds on its own, so a builder that hangs costs time, never a hang.
//!
//! The same lock marks the temporary file a process saves into as in use: a temporary file whose
//! lock can be had is a leftover of a process gone ([`clear_leftovers`]).

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::os::{open_regular, same_file, try_lock};

/// How long a process waits for another's build by default: longer than the longest build (the
/// 7-8 tables take minutes on a slow machine).
const WAIT: Duration = Duration::from_secs(600);

/// How long a process waits for another's build before it builds on its own: `WAIT`, or the
/// seconds the environment variable `SLIDING_PUZZLE_TABLES_WAIT` gives.
pub fn wait_limit() -> Duration {
    let given = std::env::var("SLIDING_PUZZLE_TABLES_WAIT").ok();
    given
        .and_then(|seconds| seconds.parse().ok())
        .map_or(WAIT, Duration::from_secs)
}

/// `path` opened read-write (made if missing) and locked: `Ok(Some(file))` once this process
/// holds its lock and `path` still names it, `Ok(None)` if another process holds it. A path that
/// is not a regular file is an error: a folder or a pipe there is never waited on.
pub fn lock(path: &Path) -> io::Result<Option<File>> {
    let not_a_file = || io::Error::new(io::ErrorKind::Other, "is not a regular file");
    loop {
        if fs::symlink_metadata(path).map_or(false, |found| !found.is_file()) {
            return Err(not_a_file());
        }
        let mut options = fs::OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        let file = open_regular(path, &mut options)?.ok_or_else(not_a_file)?;
        let opened = file.metadata()?;
        if !try_lock(&file)? {
            return Ok(None);
        }
        // A holder removes the file as it lets go: a lock taken on a file no longer at `path` is
        // a lock no one else will ask for, so the file is opened again.
        if fs::symlink_metadata(path).map_or(false, |now| same_file(&now, &opened)) {
            return Ok(Some(file));
        }
    }
}

/// A process's claim on building a partition's tables in a folder, let go of when dropped: the
/// lock file is removed, then closed, which lets the lock go.
pub struct Claim {
    path: PathBuf,
    _file: File,
}

impl Drop for Claim {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Why a build goes on without a claim.
#[derive(Debug, PartialEq, Eq)]
pub enum NoClaim {
    /// The folder takes no claim, and so keeps no tables: what is wrong with it.
    Refused(String),
    /// Another process held the claim past the wait's limit.
    Outwaited,
}

/// Claims the building of the file `name` in `dir` (created if need be): while another process
/// holds the claim, tells `waiting` the holder's id (when it can be read) a few times a second,
/// for up to `limit`.
pub fn claim(
    dir: &Path,
    name: &str,
    limit: Duration,
    mut waiting: impl FnMut(Option<u32>),
) -> Result<Claim, NoClaim> {
    let refused =
        |path: &Path, e: io::Error| NoClaim::Refused(format!("{}: {}", path.display(), e));
    fs::create_dir_all(dir).map_err(|e| refused(dir, e))?;
    let path = dir.join(format!(".{}.lock", name));
    let started = Instant::now();
    loop {
        match lock(&path) {
            Ok(Some(mut file)) => {
                // Only to name this process to those waiting.
                let _ = file.set_len(0);
                let _ = write!(file, "{}", std::process::id());
                return Ok(Claim { path, _file: file });
            }
            Ok(None) if started.elapsed() < limit => waiting(holder(&path)),
            Ok(None) => return Err(NoClaim::Outwaited),
            Err(e) => return Err(refused(&path, e)),
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The id the holder of the claim at `path` wrote, if it can be read.
fn holder(path: &Path) -> Option<u32> {
    let mut text = String::new();
    let mut file = open_regular(path, fs::OpenOptions::new().read(true)).ok()??;
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Removes the leftovers of processes gone from `dir`: each hidden file of tables (`.pdb-`),
/// a temporary file or a claim, whose lock can be had, as no live process then holds it.
pub fn clear_leftovers(dir: &Path) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(_) => return,
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name.ends_with(".part") || name.ends_with(".lock");
        if !name.starts_with(".pdb-") || !ours {
            continue;
        }
        let file = match open_regular(&entry.path(), fs::OpenOptions::new().write(true)) {
            Ok(Some(file)) => file,
            _ => continue,
        };
        if try_lock(&file).unwrap_or(false) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("claims-{}-{}", name, std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A claim held keeps a second claimant waiting, naming the holder, until the limit; let go,
    /// it leaves nothing, and the next claim is had at once.
    #[test]
    fn a_claim_held_is_waited_on_up_to_the_limit_and_let_go_leaves_nothing() {
        let dir = folder("held");
        let first = claim(&dir, "t.bin", WAIT, |_| panic!("nothing to wait on")).unwrap();
        let mut told = Vec::new();
        let second = claim(&dir, "t.bin", Duration::from_millis(500), |id| {
            told.push(id)
        });
        assert_eq!(second.err(), Some(NoClaim::Outwaited));
        assert!(!told.is_empty());
        assert!(told.iter().all(|&id| id == Some(std::process::id())));
        drop(first);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        let third = claim(&dir, "t.bin", WAIT, |_| panic!("let go"));
        assert!(third.is_ok());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Whatever id a lock file left behind holds, no process holds its lock: it is had at once.
    #[test]
    fn a_lock_file_left_behind_is_had_at_once_whatever_id_it_names() {
        let dir = folder("left");
        let path = dir.join(".t.bin.lock");
        let own = std::process::id().to_string();
        for id in ["0", "4294967295", "1", &own, "", "not an id"] {
            fs::write(&path, id).unwrap();
            let had = claim(&dir, "t.bin", WAIT, |_| panic!("waited on {:?}", id));
            assert!(had.is_ok(), "{:?}", id);
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A folder where the lock file should be is refused, naming it, without a wait.
    #[test]
    fn a_lock_path_that_is_not_a_file_is_refused() {
        let dir = folder("not-a-file");
        let path = dir.join(".t.bin.lock");
        fs::create_dir(&path).unwrap();
        let refused = claim(&dir, "t.bin", WAIT, |_| panic!("waited"));
        let expected = format!("{}: is not a regular file", path.display());
        assert_eq!(refused.err(), Some(NoClaim::Refused(expected)));
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Leftovers whose lock can be had go; one held, and other files, stay.
    #[test]
    fn only_leftovers_no_process_holds_are_cleared() {
        let dir = folder("leftovers");
        for name in [
            ".pdb-a.bin.0.part",
            ".pdb-a.bin.lock",
            "pdb-a.bin",
            "notes.part",
        ] {
            fs::write(dir.join(name), "").unwrap();
        }
        let held = lock(&dir.join(".pdb-b.bin.7.part")).unwrap().unwrap();
        clear_leftovers(&dir);
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [".pdb-b.bin.7.part", "notes.part", "pdb-a.bin"]);
        drop(held);
        fs::remove_dir_all(&dir).unwrap();
    }
}
