//! Pattern databases kept on disk (`--tables DIR`): the first run builds them and saves them,
//! later runs map them into memory in milliseconds, so tables too slow to build for every run
//! pay.
//!
//! One file a partition, named by its groups. The file is the format's name and version, the
//! partition, each table's length, the tables, and a checksum of all of that. A file
//! that is missing, cut short, changed in any byte, or of other tables is never trusted: it
//! loads as nothing, and the caller builds the tables again. A file is written whole under a
//! name of its own in the same folder, then renamed over the old one (a rename within a folder
//! is atomic), so a reader sees the old file or the new one, never half of one. Processes
//! sharing a folder build a file once: the builder holds a claim the others wait on
//! ([`crate::pdb::claim`]).
//!
//! A loaded table is the file itself, mapped read-only (`mmap`), not a copy: copying the 7-8
//! tables' half gigabyte into fresh memory takes about half a second, where mapping them and
//! checking the checksum take tens of milliseconds. The mapping sees the file that was checked, and
//! a file this program replaces is renamed over, never written in place. Another program that
//! wrote into a mapped file while a search ran would change the tables under it; one that cut it
//! short ends the search, with an `error:` line naming the file (see [`crate::os::map`]).

use std::fs;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::memory::{self, MORE_MEMORY};
use crate::os::open_regular;
use crate::pdb::additive::Table;
use crate::pdb::claim::{clear_leftovers, lock};
use crate::threads::in_parallel;

/// What every file begins with: the format, and its version.
const MAGIC: &[u8; 8] = b"SPJPDB02";

/// The file of `partition`'s tables in `dir`: `pdb-1.5.6-7.8-2.3.4.bin` for `{1 5 6}`, `{7 8}`
/// and `{2 3 4}`.
pub fn file(dir: &Path, partition: &[&[u8]]) -> PathBuf {
    dir.join(file_name(partition))
}

/// The name of the file of `partition`'s tables ([`file()`]).
pub fn file_name(partition: &[&[u8]]) -> String {
    let groups: Vec<String> = partition
        .iter()
        .map(|group| {
            let tiles: Vec<String> = group.iter().map(|t| t.to_string()).collect();
            tiles.join(".")
        })
        .collect();
    format!("pdb-{}.bin", groups.join("-"))
}

/// Why no tables were loaded: no file; something there that cannot serve but is not to be
/// replaced (not a regular file, or a file that cannot be mapped), and why; or a file that is
/// not sound, and what is wrong with it.
#[derive(Debug, PartialEq, Eq)]
pub enum NotLoaded {
    Missing,
    Unusable(String),
    Unsound(String),
}

/// The tables of `partition` saved in `dir`, if a whole, sound file of them is there, each of
/// the length `sizes` gives: mapped from the file, its checksum worked out on up to `threads`
/// threads. First clears the temporary files of processes now gone from `dir`.
pub fn load(
    dir: &Path,
    partition: &[&[u8]],
    sizes: &[usize],
    threads: usize,
) -> Result<Vec<Table>, NotLoaded> {
    clear_leftovers(dir);
    let unsound = NotLoaded::Unsound;
    // A failure to read an opened file.
    let failed = |e: io::Error| unsound(e.to_string());
    let path = file(dir, partition);
    let mut file = match open_regular(&path, fs::OpenOptions::new().read(true)) {
        Ok(Some(file)) => file,
        Ok(None) => return Err(NotLoaded::Unusable("is not a regular file".to_string())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(NotLoaded::Missing),
        Err(e) => return Err(unsound(format!("cannot be read ({})", e))),
    };
    let head = header(partition, sizes);
    let whole = (head.len() + sizes.iter().sum::<usize>()) as u64 + 8;
    let length = file.metadata().map_err(failed)?.len();
    let mut found = vec![0u8; head.len().min(length as usize)];
    file.read_exact(&mut found).map_err(failed)?;
    // The format's name, then its version: as much of them as the file holds.
    let (name, version) = (&MAGIC[..6], &MAGIC[6..]);
    if !found.iter().zip(name).all(|(a, b)| a == b) {
        return Err(unsound("is not a file of pattern databases".to_string()));
    }
    if !found.iter().skip(6).zip(version).all(|(a, b)| a == b) {
        return Err(unsound("is of another version of the format".to_string()));
    }
    // The header first: tables of another board or partition are named as such, whatever
    // their length.
    if found.len() == head.len() && found != head {
        return Err(unsound(
            "holds other tables (another partition or board)".to_string(),
        ));
    }
    if length != whole {
        let cut = if length < whole {
            "is cut short"
        } else {
            "is too long"
        };
        return Err(unsound(format!("{}: {} bytes, not {}", cut, length, whole)));
    }
    let mut sum = [0u8; 8];
    let tables_end = whole - 8;
    file.seek(SeekFrom::Start(tables_end)).map_err(failed)?;
    file.read_exact(&mut sum).map_err(failed)?;
    let mut tables = Vec::new();
    let mut offset = head.len();
    for &size in sizes {
        match map(&mut file, &path, offset, size) {
            Ok(table) => tables.push(table),
            Err(e) if e.raw_os_error() == Some(ENOMEM) => {
                let what = format!("mapping the tables of {}", path.display());
                memory::refused(what, offset + size, MORE_MEMORY);
            }
            Err(e) => return Err(NotLoaded::Unusable(format!("cannot be mapped ({})", e))),
        }
        offset += size;
    }
    let mut parts = vec![&head[..]];
    parts.extend(tables.iter().map(|table| &table[..]));
    match checksum(&parts, threads) == u64::from_le_bytes(sum) {
        true => Ok(tables),
        false => Err(unsound(
            "fails its checksum: a byte has changed".to_string(),
        )),
    }
}

/// The system's error number for memory refused.
const ENOMEM: i32 = 12;

/// The `len` bytes of `file` from `start` on (`start + len` at most the file's length),
/// mapped; the system's error if that fails.
#[cfg(target_os = "linux")]
fn map(file: &mut fs::File, path: &Path, start: usize, len: usize) -> io::Result<Table> {
    // Safety: a tables file is replaced by a rename, never written in place; another program
    // that cut it short ends the process through the mapping's watch.
    unsafe { crate::os::map(file, path, start, len) }.map(Table::Mapped)
}

/// Where there is no `mmap` (or no watch of it), the `len` bytes of `file` from `start` on,
/// read into memory.
#[cfg(not(target_os = "linux"))]
fn map(file: &mut fs::File, path: &Path, start: usize, len: usize) -> io::Result<Table> {
    let what = || format!("the tables of {}", path.display());
    let mut table = memory::filled(len, what);
    file.seek(SeekFrom::Start(start as u64))?;
    file.read_exact(&mut table)?;
    Ok(Table::Built(table))
}

/// Saves `tables`, those of `partition`, in `dir` (created if need be): written whole under a
/// name of this process's own, a table at a time, then renamed over the file.
pub fn save(dir: &Path, partition: &[&[u8]], tables: &[Vec<u8>]) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
    let head = header(partition, &sizes);
    let (target, name) = (file(dir, partition), file_name(partition));
    let temporary = dir.join(format!(".{}.{}.part", name, std::process::id()));
    let write = || -> io::Result<()> {
        // Locked while written and renamed: a temporary file no process holds is a leftover.
        let in_use = || io::Error::new(io::ErrorKind::Other, "the temporary file is in use");
        let mut file = lock(&temporary)?.ok_or_else(in_use)?;
        file.set_len(0)?;
        file.write_all(&head)?;
        for table in tables {
            file.write_all(table)?;
        }
        let mut parts = vec![&head[..]];
        parts.extend(tables.iter().map(Vec::as_slice));
        file.write_all(&checksum(&parts, 1).to_le_bytes())?;
        fs::rename(&temporary, &target)
    };
    let written = write();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// What the file states before its tables: the format, the number of groups, each group's size
/// and tiles, then each table's length in 8 bytes.
fn header(partition: &[&[u8]], sizes: &[usize]) -> Vec<u8> {
    let mut header = MAGIC.to_vec();
    header.push(partition.len() as u8);
    for group in partition {
        header.push(group.len() as u8);
        header.extend_from_slice(group);
    }
    for &size in sizes {
        header.extend((size as u64).to_le_bytes());
    }
    header
}

/// Where the checksum starts: FNV-1a's offset basis.
const START: u64 = 0xcbf2_9ce4_8422_2325;

/// The bytes a piece of the checksum covers: fixed, so the checksum is the same on any number
/// of threads.
const PIECE: usize = 1 << 22;

/// The checksum of `parts`, one after another, each cut into pieces of [`PIECE`] bytes summed
/// on up to `threads` threads: the file's checksum runs over its header, then each table.
fn checksum(parts: &[&[u8]], threads: usize) -> u64 {
    let pieces: Vec<&[u8]> = parts.iter().flat_map(|part| part.chunks(PIECE)).collect();
    let sums = in_parallel(&pieces, threads, |piece| piece_sum(piece));
    sums.into_iter().fold(START, mix)
}

/// One step in the manner of FNV-1a, eight bytes at a time: a bijection of `sum` for each
/// `word`, and of `word` for each `sum`, so any one changed byte changes the checksum.
fn mix(sum: u64, word: u64) -> u64 {
    (sum ^ word).wrapping_mul(0x0100_0000_01b3)
}

/// The sum of one piece: its eight-byte words dealt round four chains, which run side by side
/// (one chain's multiplications wait on each other), the last words padded with zeros.
fn piece_sum(piece: &[u8]) -> u64 {
    let mut chains = [START; 4];
    let mut blocks = piece.chunks_exact(32);
    let mut add = |block: &[u8]| {
        for (chain, word) in chains.iter_mut().zip(block.chunks_exact(8)) {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(word);
            *chain = mix(*chain, u64::from_le_bytes(bytes));
        }
    };
    for block in &mut blocks {
        add(block);
    }
    let mut last = [0u8; 32];
    last[..blocks.remainder().len()].copy_from_slice(blocks.remainder());
    add(&last);
    chains.into_iter().fold(START, mix)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARTITION: [&[u8]; 3] = [&[1, 5, 6], &[7, 8], &[2, 3, 4]];

    /// A fresh folder for one test.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("saved-tables-{}-{}", name, std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// The bytes of the tables `load` gives, or why it gave none.
    fn bytes(loaded: Result<Vec<Table>, NotLoaded>) -> Result<Vec<Vec<u8>>, NotLoaded> {
        loaded.map(|tables| tables.iter().map(|table| table.to_vec()).collect())
    }

    /// What `load` says is wrong with the file, if it loads nothing.
    fn why(loaded: Result<Vec<Table>, NotLoaded>) -> String {
        match loaded {
            Ok(_) => "loaded".to_string(),
            Err(NotLoaded::Missing) => "missing".to_string(),
            Err(NotLoaded::Unusable(why)) => why,
            Err(NotLoaded::Unsound(why)) => why,
        }
    }

    fn tables() -> Vec<Vec<u8>> {
        let sizes = [16 * 15 * 14, 16 * 15, 16 * 15 * 14];
        let mut n = 7u32;
        let mut next = move || {
            n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (n >> 16) as u8
        };
        sizes
            .iter()
            .map(|&size| (0..size).map(|_| next()).collect())
            .collect()
    }

    #[test]
    fn a_saved_set_loads_as_it_was_on_any_number_of_threads() {
        let dir = folder("round-trip");
        let tables = tables();
        let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
        assert_eq!(why(load(&dir, &PARTITION, &sizes, 2)), "missing");
        save(&dir, &PARTITION, &tables).unwrap();
        for threads in [1, 2, 3, 7, 300] {
            let loaded = bytes(load(&dir, &PARTITION, &sizes, threads));
            assert_eq!(loaded.as_ref(), Ok(&tables), "{} threads", threads);
        }
        // Nothing but the file is left in the folder.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_checksum_is_the_same_on_any_number_of_threads_and_sees_any_changed_byte() {
        let mut bytes: Vec<u8> = (0..PIECE * 5 / 2 + 3).map(|i| (i % 251) as u8).collect();
        let sum = |bytes: &[u8], threads| checksum(&[&bytes[..9], &bytes[9..]], threads);
        let whole = sum(&bytes, 1);
        for threads in [2, 3, 8] {
            assert_eq!(sum(&bytes, threads), whole, "{} threads", threads);
        }
        // A byte at the start, the end, and either side of a piece's end.
        for at in [0, PIECE + 8, PIECE + 9, 2 * PIECE + 10, bytes.len() - 1] {
            bytes[at] ^= 0x40;
            assert_ne!(sum(&bytes, 2), whole, "byte {} changed", at);
            bytes[at] ^= 0x40;
        }
    }

    #[test]
    fn a_cut_changed_or_foreign_file_loads_as_nothing_and_says_why() {
        let dir = folder("bad");
        let tables = tables();
        let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
        save(&dir, &PARTITION, &tables).unwrap();
        let path = file(&dir, &PARTITION);
        let whole = fs::read(&path).unwrap();
        let load = |sizes: &[usize]| why(load(&dir, &PARTITION, sizes, 2));
        for cut in [0, 7, 100, whole.len() / 2, whole.len() - 1] {
            fs::write(&path, &whole[..cut]).unwrap();
            let expected = format!("is cut short: {} bytes, not {}", cut, whole.len());
            assert_eq!(load(&sizes), expected);
        }
        let mut longer = whole.clone();
        longer.push(0);
        fs::write(&path, &longer).unwrap();
        let expected = format!(
            "is too long: {} bytes, not {}",
            whole.len() + 1,
            whole.len()
        );
        assert_eq!(load(&sizes), expected);
        // The format's name, its version, the header, the tables, the checksum.
        for (at, expected) in [
            (0, "is not a file of pattern databases"),
            (7, "is of another version of the format"),
            (9, "holds other tables (another partition or board)"),
            (40, "holds other tables (another partition or board)"),
            (whole.len() / 2, "fails its checksum: a byte has changed"),
            (whole.len() - 1, "fails its checksum: a byte has changed"),
        ] {
            let mut changed = whole.clone();
            changed[at] ^= 0x10;
            fs::write(&path, &changed).unwrap();
            assert_eq!(load(&sizes), expected, "byte {} changed", at);
        }
        // Another partition's tables, under this partition's name; other table lengths.
        let other: [&[u8]; 3] = [&[1, 5, 7], &[6, 8], &[2, 3, 4]];
        save(&dir, &other, &tables).unwrap();
        fs::rename(file(&dir, &other), &path).unwrap();
        assert_eq!(
            load(&sizes),
            "holds other tables (another partition or board)"
        );
        fs::write(&path, &whole).unwrap();
        let other_lengths = [sizes[0], sizes[1], sizes[2] + 16];
        let expected = "holds other tables (another partition or board)";
        assert_eq!(load(&other_lengths), expected);
        assert_eq!(bytes(super::load(&dir, &PARTITION, &sizes, 2)), Ok(tables));
        fs::remove_dir_all(&dir).unwrap();
    }
}
