//! Getting the pattern databases a rung of the optimal solver's ladder searches with: built
//! beside their move rules, or kept in a folder (the `tables` feature): loaded, or built with
//! progress on standard error and saved.

#[cfg(feature = "tables")]
use std::path::Path;

use crate::pdb::additive::PatternDb;
#[cfg(feature = "tables")]
use crate::pdb::additive::Table;
#[cfg(not(feature = "tables"))]
use crate::pdb::build::build_table;
#[cfg(feature = "tables")]
use crate::pdb::by_sets::build_table;
#[cfg(feature = "tables")]
use crate::pdb::claim::{self, Claim, NoClaim};
#[cfg(feature = "tables")]
use crate::pdb::large::{
    build_large_table, carried_table, symmetry_onto, Symmetry, PARTITION_6666, PARTITION_6X6,
    PARTITION_78,
};
use crate::pdb::partitions::second_partition;
#[cfg(feature = "tables")]
use crate::pdb::partitions::PARTITION_663;
#[cfg(feature = "tables")]
use crate::pdb::placements::table_len;
#[cfg(feature = "tables")]
use crate::pdb::saved::{self, NotLoaded};
#[cfg(feature = "tables")]
use crate::progress::Progress;
use crate::search::move_rules::MoveRules;
use crate::threads::in_parallel;

/// The longest move sequences whose repeats the searches with the tables built at run time
/// skip, built beside the tables, which take longer: a tenth fewer nodes than with the rules of
/// up to 10 moves.
pub const TABLE_RULES: usize = 12;

/// The same for the saved tables, whose load takes milliseconds: rules of 10 moves build in
/// milliseconds too, where those of 12 take longer than a single board's search.
#[cfg(feature = "tables")]
const SAVED_RULES: usize = 10;

/// The same for the 5x5 board's saved tables, whose searches are long.
#[cfg(feature = "tables")]
const RULES_5X5: usize = 12;

/// The tables of `groups` built on up to `threads` threads, and their move rules beside them.
pub fn built<const W: usize, const N: usize>(
    groups: &[Vec<u8>],
    threads: usize,
) -> (PatternDb<W, N>, &'static MoveRules) {
    let (tables, rules) = beside_rules::<W, N, _, _>(groups, threads, TABLE_RULES, |tiles| {
        build_table::<W, N>(tiles)
    });
    (PatternDb::from_tables(groups, tables), rules)
}

/// The groups of the second partition of a board `W` wide with `N` cells
/// ([`second_partition`]) that the first, `groups`, lacks.
pub fn second_groups<const W: usize, const N: usize>(groups: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let second = second_partition(W, N, groups);
    second.into_iter().filter(|g| !groups.contains(g)).collect()
}

/// `first`, the tables of `groups`, looked up beside those of a second partition, whose
/// groups that the first lacks are built now on up to `threads` threads.
pub fn beside_second<const W: usize, const N: usize>(
    first: PatternDb<W, N>,
    groups: &[Vec<u8>],
    threads: usize,
) -> PatternDb<W, N> {
    let more = second_groups::<W, N>(groups);
    let built = in_parallel(&more, threads, |tiles| build_table::<W, N>(tiles));
    let tables = first.into_tables().into_iter();
    // Without the `tables` feature a table is its bytes, and the conversion does nothing.
    #[allow(clippy::useless_conversion)]
    let tables = tables.chain(built.into_iter().map(Into::into)).collect();
    let second = second_partition(W, N, groups);
    let all = [groups, &more[..]].concat();
    PatternDb::of_partitions(&[groups, &second[..]], &all, tables)
}

/// Korf and Felner's 6-6-3 tables kept in `dir`, beside their move rules.
#[cfg(feature = "tables")]
pub fn saved_663(dir: &Path, threads: usize) -> (PatternDb<4, 16>, &'static MoveRules) {
    let build = |tiles: &[u8], _, _: &dyn Fn(u8, u64)| build_table::<4, 16>(tiles);
    let partition = Partition {
        groups: &PARTITION_663,
        name: "6-6-3",
        at_once: 3,
        build,
    };
    saved_beside_rules(Some(dir), threads, partition, SAVED_RULES)
}

/// Korf and Felner's 7-8 tables kept in `dir`: the strongest heuristic known for the board, a
/// fraction of 6-6-3's nodes, but half a gigabyte, tens of seconds and a gigabyte of memory to
/// build ([`crate::pdb::large`]).
#[cfg(feature = "tables")]
pub fn saved_78(dir: &Path, threads: usize) -> PatternDb<4, 16> {
    let partition = Partition {
        groups: &PARTITION_78,
        name: "7-8",
        at_once: 1,
        build: build_large::<4, 16>,
    };
    saved(Some(dir), threads, partition)
}

/// Korf and Felner's 6-6-6-6 tables of the 5x5 board kept in `dir`, or with none built for this
/// run alone, beside their move rules: half a gigabyte, tens of seconds to build,
/// two tables built and two carried over ([`crate::pdb::large`]).
#[cfg(feature = "tables")]
pub fn saved_6666(dir: Option<&Path>, threads: usize) -> (PatternDb<5, 25, 4>, &'static MoveRules) {
    saved_beside_rules(dir, threads, TABLES_6666, RULES_5X5)
}

/// The same tables kept in `dir`, without move rules: what a beam search ranks boards by.
#[cfg(feature = "tables")]
pub fn saved_6666_alone(dir: &Path, threads: usize) -> PatternDb<5, 25, 4> {
    saved(Some(dir), threads, TABLES_6666)
}

/// The 6x6 board's tables of seven groups of five tiles kept in `dir` ([`PARTITION_6X6`]):
/// what a beam search ranks boards by. Five tables built and two carried over, 317 MB.
#[cfg(feature = "tables")]
pub fn saved_6x6_alone(dir: &Path, threads: usize) -> PatternDb<6, 36, 7> {
    saved(Some(dir), threads, TABLES_6X6)
}

/// Korf and Felner's 6-6-6-6 partition, as a folder keeps it.
#[cfg(feature = "tables")]
const TABLES_6666: Partition = Partition {
    groups: &PARTITION_6666,
    name: "6-6-6-6",
    at_once: 1,
    build: build_large::<5, 25>,
};

/// The 6x6 board's partition into seven groups of five tiles, as a folder keeps it.
#[cfg(feature = "tables")]
const TABLES_6X6: Partition = Partition {
    groups: &PARTITION_6X6,
    name: "6x6 board's 5-5-5-5-5-5-5",
    at_once: 1,
    build: build_large::<6, 36>,
};

/// A partition whose tables a folder keeps: its groups, its name for what is told, how many of
/// its tables to build at once, and how to build one.
#[cfg(feature = "tables")]
#[derive(Clone, Copy)]
struct Partition<'a> {
    groups: &'a [&'a [u8]],
    name: &'a str,
    at_once: usize,
    build: Builder,
}

/// How a partition's table is built, given its tiles, the threads, and where to tell, after
/// each level, its moves and the placements reached so far.
#[cfg(feature = "tables")]
type Builder = fn(&[u8], usize, &dyn Fn(u8, u64)) -> Vec<u8>;

/// The tables of `partition` kept in `dir` as [`saved`] keeps them, got beside the move rules
/// of up to `max_len` moves.
#[cfg(feature = "tables")]
fn saved_beside_rules<const W: usize, const N: usize, const G: usize>(
    dir: Option<&Path>,
    threads: usize,
    partition: Partition,
    max_len: usize,
) -> (PatternDb<W, N, G>, &'static MoveRules) {
    let (mut db, rules) = beside_rules::<W, N, _, _>(&[dir], threads, max_len, |&dir| {
        saved(dir, threads, partition)
    });
    (db.remove(0), rules)
}

/// `work` applied to each item, and the move rules of a board `W` wide with `N` cells of up to
/// `max_len` moves: jobs shared out between `threads` threads, the rules last, where a core
/// would wait for the last item.
fn beside_rules<const W: usize, const N: usize, T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    max_len: usize,
    work: impl Fn(&T) -> R + Sync,
) -> (Vec<R>, &'static MoveRules) {
    let jobs: Vec<Option<&T>> = items.iter().map(Some).chain([None]).collect();
    let done = in_parallel(&jobs, threads, |job| {
        job.map(&work).or_else(|| {
            MoveRules::shared(W, N / W, max_len);
            None
        })
    });
    let results = done.into_iter().flatten().collect();
    (results, MoveRules::shared(W, N / W, max_len))
}

/// The tables of `partition` saved in `dir`, or, when no sound file of them is there, built on
/// up to `threads` threads, some at once, or carried over from an earlier group's table where a
/// turn or mirror of the board allows, with progress on standard error, and saved there; with
/// no `dir`, built.
#[cfg(feature = "tables")]
fn saved<const W: usize, const N: usize, const G: usize>(
    dir: Option<&Path>,
    threads: usize,
    partition: Partition,
) -> PatternDb<W, N, G> {
    let groups = partition.groups;
    let progress = Progress::new();
    // The claim is held from before the build until after the save: other processes wait,
    // then load.
    let (keep, _claim, building) = match dir {
        None => (
            None,
            None,
            "for this run (--tables DIR keeps them)".to_string(),
        ),
        Some(dir) => match loaded::<N>(dir, partition, threads, &progress) {
            Ok(tables) => return PatternDb::from_saved_tables(groups, tables),
            Err(build) => (build.keep.then_some(dir), build.claim, build.building),
        },
    };
    let name = partition.name;
    progress.say(&format!(
        "building the {} pattern databases {}",
        name, building
    ));
    let tables = built_and_carried::<W, N>(partition, threads, keep, &progress);
    if let Some(dir) = keep {
        match saved::save(dir, groups, &tables) {
            Ok(()) => {
                let file = saved::file(dir, groups);
                progress.say(&format!("  saved {}", file.display()));
                for &group in groups {
                    let _ = std::fs::remove_file(saved::file(dir, &[group]));
                }
            }
            Err(e) => progress.say(&format!("  cannot save them in {}: {}", dir.display(), e)),
        }
    }
    PatternDb::from_tables(groups, tables)
}

/// How tables that a folder did not give are built: whether they are kept there, the claim on
/// their build (held until they are saved), and where, in words.
#[cfg(feature = "tables")]
struct Build {
    keep: bool,
    claim: Option<Claim>,
    building: String,
}

/// The tables of `partition` loaded from `dir` (at once, or once another process sharing it has
/// built them, telling `progress` of the wait), or else how to build them.
#[cfg(feature = "tables")]
fn loaded<const N: usize>(
    dir: &Path,
    partition: Partition,
    threads: usize,
    progress: &Progress,
) -> Result<Vec<Table>, Build> {
    let groups = partition.groups;
    let sizes: Vec<usize> = groups.iter().map(|g| table_len(N, g.len())).collect();
    let file = saved::file(dir, groups);
    match saved::load(dir, groups, &sizes, threads) {
        Ok(tables) => return Ok(tables),
        Err(NotLoaded::Unusable(why)) => {
            let building = format!("for this run alone, not saved: {} {}", file.display(), why);
            let claim = None;
            return Err(Build {
                keep: false,
                claim,
                building,
            });
        }
        Err(NotLoaded::Unsound(why)) => {
            progress.say(&format!("{} {}; it is built again", file.display(), why))
        }
        Err(NotLoaded::Missing) => {}
    }
    let limit = claim::wait_limit();
    // A line of its own for each holder, which changes when one dies and another takes over;
    // progress between.
    let mut told = None;
    let claimed = claim::claim(dir, &saved::file_name(groups), limit, |holder| {
        let who = holder.map_or("another process".to_string(), |id| {
            format!("process {}", id)
        });
        let name = partition.name;
        let said = format!(
            "waiting for {} to build the {} pattern databases",
            who, name
        );
        match told.replace(holder) {
            Some(before) if before == holder => progress.update(|| said),
            _ => progress.say(&said),
        }
    });
    let build = match claimed {
        Ok(claim) => Build {
            keep: true,
            claim: Some(claim),
            building: format!("in {}, once", dir.display()),
        },
        Err(NoClaim::Refused(why)) => Build {
            keep: false,
            claim: None,
            building: format!(
                "for this run alone: no claim on their build can be had ({})",
                why
            ),
        },
        Err(NoClaim::Outwaited) => Build {
            keep: true,
            claim: None,
            building: format!(
                "in {} too: another process has held their build for over {} s",
                dir.display(),
                limit.as_secs()
            ),
        },
    };
    // Another process may have saved them while this one waited.
    saved::load(dir, groups, &sizes, threads).map_err(|_| build)
}

/// The tables of `partition`'s groups: each built on `threads` threads, `at_once` at a time, or
/// carried over from an earlier group's where a turn or mirror of the board allows. With `keep`,
/// each table built is saved there at once in a file of its own, and one found there whole, an
/// earlier build's that was cut short, is taken instead of built: an interrupted first run
/// resumes from the tables it finished.
#[cfg(feature = "tables")]
fn built_and_carried<const W: usize, const N: usize>(
    partition: Partition,
    threads: usize,
    keep: Option<&Path>,
    progress: &Progress,
) -> Vec<Vec<u8>> {
    let groups = partition.groups;
    let sources: Vec<Option<(usize, Symmetry)>> = (0..groups.len())
        .map(|i| (0..i).find_map(|j| Some((j, symmetry_onto::<W, N>(groups[i], groups[j])?))))
        .collect();
    let own: Vec<&[u8]> = groups
        .iter()
        .zip(&sources)
        .filter_map(|(&tiles, source)| source.is_none().then_some(tiles))
        .collect();
    let numbered: Vec<(usize, &[u8])> = own.iter().copied().enumerate().collect();
    let mut built = in_parallel(&numbered, partition.at_once, |&(i, tiles)| {
        let table = format!("  table {} of {}, tiles {:?}", i + 1, own.len(), tiles);
        let len = table_len(N, tiles.len());
        if let Some(kept) = keep.and_then(|dir| kept_alone(dir, tiles, len, threads)) {
            progress.say_when(&format!("{}: kept from a build cut short", table));
            return kept;
        }
        let tell = |moves: u8, placements: u64| {
            progress.update(|| {
                let done = placements * 100 / len as u64;
                let reached = format!("{}% of {} placements reached", done, len);
                format!("{}: {} at {} moves", table, reached, moves)
            })
        };
        let built = (partition.build)(tiles, threads, &tell);
        // Should it not be kept, the partition's file will say why.
        if let Some(dir) = keep {
            let _ = saved::save(dir, &[tiles], std::slice::from_ref(&built));
        }
        progress.say_when(&format!("{}: built", table));
        built
    })
    .into_iter();
    let mut tables: Vec<Vec<u8>> = Vec::new();
    for (&tiles, source) in groups.iter().zip(&sources) {
        let table = match source {
            None => built.next().expect("a table built for the group"),
            Some((j, map)) => {
                let from = groups[*j];
                let table = carried_table::<N>(&tables[*j], from, tiles, map, threads);
                let over = format!(
                    "  carried the table of tiles {:?} over to {:?}",
                    from, tiles
                );
                progress.say_when(&over);
                table
            }
        };
        tables.push(table);
    }
    tables
}

/// The table of the group `tiles`, `len` long, saved alone in `dir` by a build cut short, if a
/// whole, sound file of it is there: copied into memory, as the partition's file is written from
/// it.
#[cfg(feature = "tables")]
fn kept_alone(dir: &Path, tiles: &[u8], len: usize, threads: usize) -> Option<Vec<u8>> {
    let mapped = saved::load(dir, &[tiles], &[len], threads).ok()?;
    let what = || format!("the table of tiles {:?}", tiles);
    let mut table = crate::memory::filled(len, what);
    table.copy_from_slice(&mapped[0]);
    Some(table)
}

/// A table of a large group built on `threads` threads, telling `tell` how many placements are
/// reached after each level: a table of the 7-8 or 6-6-6-6 partition takes seconds to a minute.
#[cfg(feature = "tables")]
fn build_large<const W: usize, const N: usize>(
    tiles: &[u8],
    threads: usize,
    tell: &dyn Fn(u8, u64),
) -> Vec<u8> {
    build_large_table::<W, N>(tiles, threads, tell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::exact::cantor::unrank;
    use crate::search::ida_star::Heuristic;

    /// Whether `a` and `b` estimate every 3x3 arrangement alike.
    fn alike<const G: usize, const H: usize>(
        a: &PatternDb<3, 9, G>,
        b: &PatternDb<3, 9, H>,
    ) -> bool {
        (0..362_880).all(|r| {
            let tiles = unrank::<9>(r);
            a.estimate(&a.state(&tiles)) == b.estimate(&b.state(&tiles))
        })
    }

    #[test]
    fn tables_built_beside_their_rules_are_those_built_alone() {
        let groups = vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
        let (db, rules) = built::<3, 9>(&groups, 2);
        assert!(alike(&db, &PatternDb::<3, 9>::build(&groups, 1)));
        assert!(std::ptr::eq(rules, MoveRules::shared(3, 3, TABLE_RULES)));
        let start = Board::<3, 9>::from_tiles([8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        assert!(db.estimate(&db.state(start.tiles())) <= 31);
    }

    /// Tables kept in a folder: built and saved by the first call, then loaded, not built; a file
    /// cut short is built again and saved sound. Tiles 4 and 7 are 2 and 3 mirrored about the
    /// diagonal, so their table is carried over from theirs, not built. Every table gives what
    /// one built at run time gives.
    #[cfg(feature = "tables")]
    #[test]
    fn saved_tables_are_built_once_then_loaded_and_rebuilt_when_damaged() {
        use std::cell::Cell;
        // What is built and saved goes to standard error: not in the tests' output.
        crate::progress::silence();
        let dir = std::env::temp_dir().join(format!("ready-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        let groups: [&[u8]; 3] = [&[2, 3], &[4, 7], &[1, 5, 6, 8]];
        let expected = PatternDb::<3, 9>::build(&groups, 1);
        thread_local!(static BUILT: Cell<usize> = const { Cell::new(0) });
        let build: Builder = |tiles, _, _| {
            BUILT.with(|built| built.set(built.get() + 1));
            build_table::<3, 9>(tiles)
        };
        let partition = Partition {
            groups: &groups,
            name: "test",
            at_once: 1,
            build,
        };
        let get = || saved::<3, 9, 3>(Some(&dir), 1, partition);
        let built = || BUILT.with(Cell::get);
        // Two built, one carried over.
        assert!(alike(&get(), &expected));
        assert_eq!(built(), 2);
        let file = saved::file(&dir, &groups);
        assert!(file.exists());
        assert!(alike(&get(), &expected));
        assert_eq!(built(), 2, "loaded, not built");
        let length = std::fs::metadata(&file).unwrap().len();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&file)
            .unwrap()
            .set_len(length / 2)
            .unwrap();
        assert!(alike(&get(), &expected));
        assert_eq!(built(), 4);
        assert_eq!(std::fs::metadata(&file).unwrap().len(), length);
        // With no folder, built for the run, and nothing saved.
        let alone = saved::<3, 9, 3>(None, 1, partition);
        assert!(alike(&alone, &expected));
        assert_eq!(built(), 6);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A build cut short after its first table keeps that table, in a file of its own: the next
    /// build takes it and builds the other alone, and once the partition's file is saved the
    /// table's own file is gone.
    #[cfg(feature = "tables")]
    #[test]
    fn a_build_cut_short_resumes_from_the_tables_it_finished() {
        use std::cell::Cell;
        crate::progress::silence();
        let dir = std::env::temp_dir().join(format!("ready-resumed-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        let groups: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
        let expected = PatternDb::<3, 9>::build(&groups, 1);
        thread_local!(static BUILT: Cell<Vec<u8>> = const { Cell::new(Vec::new()) });
        thread_local!(static CUT: Cell<bool> = const { Cell::new(true) });
        let build: Builder = |tiles, _, _| {
            // The second table's build is cut short, once.
            if tiles[0] == 5 && CUT.with(|cut| cut.replace(false)) {
                panic!("cut short");
            }
            BUILT.with(|built| {
                let mut firsts = built.take();
                firsts.push(tiles[0]);
                built.set(firsts);
            });
            build_table::<3, 9>(tiles)
        };
        let partition = Partition {
            groups: &groups,
            name: "test",
            at_once: 1,
            build,
        };
        let get = || saved::<3, 9, 2>(Some(&dir), 1, partition);
        let cut = std::panic::catch_unwind(get);
        assert!(cut.is_err());
        let alone = |group: &[u8]| saved::file(&dir, &[group]);
        assert!(alone(groups[0]).exists() && !alone(groups[1]).exists());
        assert!(!saved::file(&dir, &groups).exists());
        assert!(alike(&get(), &expected));
        assert_eq!(BUILT.with(Cell::take), [1, 5], "the first table built once");
        assert!(saved::file(&dir, &groups).exists());
        assert!(!alone(groups[0]).exists() && !alone(groups[1]).exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
