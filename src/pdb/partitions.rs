//! The partitions of the tiles into groups whose tables add up, on boards of up to 16 cells.
//!
//! - **5-5-5** on the 4x4 board: `{1 5 6 9 13}`, `{2 3 4 7 8}`, `{10 11 12 14 15}`. Its mirror
//!   about the main diagonal is a different partition, so the mirrored look-up adds knowledge.
//!   Built at run time, the tables must pay for themselves: the 5-5-5 tables build in a tenth of
//!   a second, where Korf and Felner's 6-6-3 (`{1 5 6 9 10 13}`, `{7 8 11 12 14 15}`,
//!   `{2 3 4}`) save half the nodes but take about a second, more than a whole 5-5-5 search of
//!   Korf's 100 (doc/performance.md). Among 5-5-5 partitions this one did best on random boards:
//!   no swap of two tiles improves it there. Other boards take [`partition`]'s runs of tiles
//!   along the longer side.
//! - **4-4-4-3** on the 4x4 board: `{1 5 6 9}`, `{2 3 4 7}`, `{8 11 12 15}`, `{10 13 14}`, the
//!   first tables of a search that outgrows linear conflict: a tenth of the 5-5-5 tables' build,
//!   for a few times their nodes. Other boards take their runs of tiles in groups of at most
//!   four.
//! - A board that is not square has no mirror; there a second partition
//!   ([`second_partition`]) plays its part, with tables of its own.

use crate::pdb::placements::table_len;

/// The most tiles in a group looked up spread out, and the most groups (four in the small
/// tables, three in the others).
pub const MAX_GROUP: usize = 6;
const GROUPS: usize = 4;

/// The 4-4-4-3 partition of the 4x4 board, by tile (tile `t`'s goal cell is `t - 1`): the first
/// tables of a search that outgrows linear conflict ([`crate::solvers::up_to_16`]).
pub const PARTITION_4443: [&[u8]; 4] = [
    &[1, 5, 6, 9],
    &[2, 3, 4, 7],
    &[8, 11, 12, 15],
    &[10, 13, 14],
];

/// The largest group of the partitions of the first tables, which build in milliseconds.
pub const SMALL_GROUP: usize = 4;

/// The 5-5-5 partition of the 4x4 board.
pub const PARTITION_555: [&[u8]; 3] = [&[1, 5, 6, 9, 13], &[2, 3, 4, 7, 8], &[10, 11, 12, 14, 15]];

/// Korf and Felner's 6-6-3 partition of the 4x4 board: half the nodes of 5-5-5, and eight times
/// the build.
pub const PARTITION_663: [&[u8]; 3] = [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

/// The most table entries of a partition [`partition`] makes: those of the 4x4 board's 5-5-5.
const MAX_ENTRIES: usize = 3 * 16 * 15 * 14 * 13 * 12;

/// The partition of the tiles of a board `width` wide with `cells` cells (at most 16) into
/// groups of at most `largest` tiles: the 5-5-5 or 4-4-4-3 above on the 4x4 board; otherwise
/// runs of the tiles taken column by column (row by row on a board taller than wide), so each
/// group is a compact block along the longer side, in groups as large as the tables of the 4x4
/// board's 5-5-5 allow in all: 6-2 on 3x3, 6-5 on 3x4, 5-5-4 on 3x5, 5-5-5 on 2x8 (4-4, 4-4-3,
/// 4-4-4-2 and 4-4-4-3 with groups of at most four).
pub fn partition(width: usize, cells: usize, largest: usize) -> Vec<Vec<u8>> {
    if (width, cells) == (4, 16) {
        let groups: &[&[u8]] = match largest {
            0..=4 => &PARTITION_4443,
            _ => &PARTITION_555,
        };
        return groups.iter().map(|group| group.to_vec()).collect();
    }
    let height = cells / width;
    let mut tiles: Vec<u8> = (1..cells as u8).collect();
    if width >= height {
        tiles.sort_by_key(|&tile| across(width, tile));
    }
    let entries = |size: usize| -> usize {
        let groups = tiles.chunks(size);
        groups.map(|group| table_len(cells, group.len())).sum()
    };
    let size = (1..=largest.min(MAX_GROUP))
        .rev()
        .find(|&size| tiles.len() <= GROUPS * size && entries(size) <= MAX_ENTRIES)
        .unwrap_or(largest);
    tiles.chunks(size).map(|group| group.to_vec()).collect()
}

/// The column and row of `tile`'s home on a board `width` wide.
fn across(width: usize, tile: u8) -> (usize, usize) {
    (usize::from(tile - 1) % width, usize::from(tile - 1) / width)
}

/// The partition whose sum the 2x8 and 8x2 boards look up beside `groups`' ([`partition`]'s), where
/// a square board looks up the mirror: the tiles of the first two groups taken the other way, row
/// by row (column by column on a board taller than wide), in groups of the same sizes; the other
/// groups as they are, sharing their tables. On 8x2, `1 2 3 4 5` and `6 7 8 9 10` become
/// `1 3 5 7 9` and `2 4 6 8 10`. There one partition knows little: on the hardest boards of the
/// two shapes, the larger of the two sums searches several times fewer nodes. The two more tables
/// are bought only by the searches that outgrow the first partition (the last rung of
/// `up_to_16::Ladder`); on the smaller boards, which build more than they search, they cost more
/// than they save.
pub fn second_partition(width: usize, cells: usize, groups: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let height = cells / width;
    let mut tiles = groups[..2].concat();
    match width >= height {
        true => tiles.sort_unstable(),
        false => tiles.sort_by_key(|&tile| across(width, tile)),
    }
    let (first, second) = tiles.split_at(groups[0].len());
    let mut second_groups = vec![first.to_vec(), second.to_vec()];
    second_groups.extend_from_slice(&groups[2..]);
    second_groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_tile_once_in_at_most_four_groups() {
        for (width, cells) in [
            (4, 16),
            (8, 2 * 8),
            (2, 16),
            (5, 15),
            (4, 12),
            (3, 9),
            (2, 4),
        ] {
            for largest in [SMALL_GROUP, MAX_GROUP] {
                let groups = partition(width, cells, largest);
                let most = if largest == SMALL_GROUP { 4 } else { 3 };
                assert!(groups.len() <= most && groups.iter().all(|g| g.len() <= largest));
                let mut tiles: Vec<u8> = groups.concat();
                tiles.sort_unstable();
                assert_eq!(
                    tiles,
                    (1..cells as u8).collect::<Vec<_>>(),
                    "{} {}",
                    width,
                    cells
                );
            }
        }
        assert_eq!(partition(8, 16, MAX_GROUP)[0], [1, 9, 2, 10, 3]);
        assert_eq!(
            partition(3, 9, MAX_GROUP),
            [vec![1, 4, 7, 2, 5, 8], vec![3, 6]]
        );
        let sizes = |width, cells, largest| {
            partition(width, cells, largest)
                .iter()
                .map(Vec::len)
                .collect::<Vec<_>>()
        };
        assert_eq!(sizes(4, 12, MAX_GROUP), [6, 5]);
        assert_eq!(sizes(5, 15, MAX_GROUP), [5, 5, 4]);
        assert_eq!(sizes(5, 15, SMALL_GROUP), [4, 4, 4, 2]);
        assert_eq!(sizes(8, 16, SMALL_GROUP), [4, 4, 4, 3]);
        assert_eq!(sizes(3, 9, SMALL_GROUP), [4, 4]);
        assert_eq!(partition(4, 16, MAX_GROUP)[0], PARTITION_555[0]);
        assert_eq!(partition(4, 16, SMALL_GROUP)[3], PARTITION_4443[3]);
    }
}
