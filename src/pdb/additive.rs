//! Additive disjoint pattern databases (Korf and Felner 2002) for boards of up to 16 cells,
//! built at run time: the strongest heuristic of IDA* on the 15-puzzle and on the other boards
//! of its size (2x8, 3x5 and the like).
//!
//! The tiles are split into disjoint groups. A group's table holds, for every placement of its
//! tiles, the fewest moves *of those tiles* that bring them home while the other tiles are
//! indistinct and free to be pushed around. Each move moves one tile, of one group, so the sum
//! over the groups never overestimates. On a square board the same tables are also looked up on
//! the board mirrored about the main diagonal (the goal `1 2 .. 15 0` mirrors onto itself once
//! tile `4r + c + 1` is renamed `4c + r + 1`), and the larger sum is the estimate (Felner, Korf
//! and Hanan 2004). A board that is not square has no such mirror; there a second partition
//! ([`crate::pdb::partitions`]) plays its part, with tables of its own. The tables are built
//! by [`crate::pdb::build`], on as many threads as asked, one table each.
//!
//! A table is indexed by a perfect rank of the group's cells, as Cantor ranks permutations: digit
//! `i` is the cell of the group's tile `i` counted among the cells its earlier tiles leave free, so
//! a 5-tile table of the 4x4 board has 16·15·14·13·12 = 524,160 one-byte entries. A tile stepping
//! to a neighbouring cell changes its own digit, and the digits of later tiles in the (at most `W -
//! 1`) cells it jumps over: the rank is updated in a few operations, never recomputed. The build
//! and the saved files use ranks. The search looks a table of up to six tiles up spread out
//! instead, indexed by the cells themselves read as a number in base `N` (16^5 entries for five
//! tiles, twice the memory): a tile's step just adds `to - from` times its digit's weight, and the
//! searches visit more nodes a second. Tables loaded from a saved file keep their ranks (spreading
//! 6-6-3's would cost a board alone more than it saves), as do partitions with a group over six
//! tiles (16^8 entries would take 4 GB).
//!
//! Measured figures are in doc/performance.md.

use crate::os::prefetch;
#[cfg(all(feature = "tables", target_os = "linux"))]
use crate::os::Mapping;
#[cfg(not(feature = "tables"))]
use crate::pdb::build::build_table;
#[cfg(feature = "tables")]
use crate::pdb::by_sets::build_table;
use crate::pdb::partitions::MAX_GROUP;
#[cfg(feature = "tables")]
use crate::pdb::placements::Ranking;
use crate::pdb::placements::{advance, mask, Masks, MAX_CELLS, MAX_RANKED, NO_TILE};
use crate::search::ida_star::Heuristic;
use crate::threads::in_parallel;

/// A group's table, built in memory.
#[cfg(not(feature = "tables"))]
type Table = Vec<u8>;

/// A group's table: built in memory, or mapped from a saved file ([`crate::pdb::saved`]).
#[cfg(feature = "tables")]
pub enum Table {
    Built(Vec<u8>),
    #[cfg(target_os = "linux")]
    Mapped(Mapping),
}

#[cfg(feature = "tables")]
impl std::ops::Deref for Table {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Table::Built(table) => table,
            #[cfg(target_os = "linux")]
            Table::Mapped(mapping) => mapping.bytes(),
        }
    }
}

#[cfg(feature = "tables")]
impl From<Vec<u8>> for Table {
    fn from(table: Vec<u8>) -> Table {
        Table::Built(table)
    }
}

/// `cell`'s mirror about the main diagonal of a square board `W` wide (cell `W·r + c` becomes
/// `W·c + r`).
#[inline]
fn transposed<const W: usize>(cell: usize) -> usize {
    cell % W * W + cell / W
}

/// A group's size, its table by rank, and how its placements are ranked, for a search that looks
/// the table up by rank: one loaded from a file, or of a group past `MAX_GROUP` tiles, both of the
/// `tables` feature.
struct Group {
    tiles: usize,
    #[cfg(feature = "tables")]
    ranking: Ranking,
    table: Table,
}

/// The tables of one partition of the tiles `1..N` of a board `W` wide towards the goal
/// `1 2 .. N-1 0`, into at most `G` groups: four on up to 25 cells (the small tables' 4-4-4-3,
/// 6-6-6-6 on 5x5), so that both rungs of a ladder share one type and its code is compiled once
/// a shape (a partition of three groups leaves a rank unused, at no cost its search measures);
/// seven on 6x6.
pub struct PatternDb<const W: usize, const N: usize, const G: usize = 4> {
    groups: Vec<Group>,
    /// The tables of `groups` spread out by cells ([`spread`]), which the search looks up; none
    /// when it looks them up by rank (tables loaded from a file, or a group over `MAX_GROUP`
    /// tiles).
    by_cells: Vec<Vec<u8>>,
    /// `group_of[side][tile]`: the group of `tile` in the partition (side 0), and in the second
    /// partition or of the tile it becomes on the mirrored board (side 1); `G` for the blank.
    group_of: [[u8; MAX_CELLS]; 2],
    /// `slot_of[side][g][tile]`: likewise, the tile's digit in group `g`'s rank, or `NO_TILE`.
    slot_of: [[[u8; MAX_CELLS]; G]; 2],
    /// `power_of[side][tile]`: what the tile's cell counts in its group's index spread out by
    /// cells ([`spread`]): `N^(k - 1 - i)` for digit `i` of a group of `k` tiles.
    power_of: [[u32; MAX_CELLS]; 2],
    /// `table_of[side][g]`: the index in `groups` of the table of the side's group `g`, of
    /// `group_count` groups on either side.
    table_of: [[u8; G]; 2],
    group_count: usize,
    /// How many sums the estimate takes the larger of: 2 with the mirror or a second partition.
    sides: usize,
    /// Whether side 1 is the mirrored board (square boards only).
    mirrored: bool,
}

impl<const W: usize, const N: usize, const G: usize> PatternDb<W, N, G> {
    /// Builds the tables of the partition `groups` (at most `G` disjoint groups covering the
    /// tiles 1 to `N - 1`, each of at most six tiles), on up to `threads` threads.
    ///
    /// # Complexity
    /// That of [`build_table`] for each group: milliseconds for groups of four on 4x4, about a
    /// second for Korf and Felner's 6-6-3.
    pub fn build<T: AsRef<[u8]> + Sync>(groups: &[T], threads: usize) -> Self {
        let tables = in_parallel(groups, threads, |tiles| build_table::<W, N>(tiles.as_ref()));
        PatternDb::from_tables(groups, tables)
    }

    /// The pattern databases of the partition `groups` from the groups' tables, each built by
    /// [`build_table`], in order: mirrored on a square board.
    pub fn from_tables<T: AsRef<[u8]>>(groups: &[T], tables: Vec<impl Into<Table>>) -> Self {
        PatternDb::of_partitions(&[groups], groups, tables)
    }

    /// As [`PatternDb::from_tables`], for tables loaded from a saved file: looked up by rank,
    /// not spread out, since spreading the 6-6-3 tables takes tens of milliseconds, more than a
    /// board alone saves by it.
    #[cfg(feature = "tables")]
    pub fn from_saved_tables<T: AsRef<[u8]>>(groups: &[T], tables: Vec<Table>) -> Self {
        PatternDb::ranked(&[groups], groups, tables)
    }

    /// The pattern databases of `partitions`, one (mirrored on a square board) or two (on a
    /// board that is not square: [`crate::pdb::partitions::second_partition`]), from the tables of `groups`, each built
    /// by [`build_table`], in order; every group of the partitions is among `groups`.
    pub fn of_partitions<T: AsRef<[u8]>>(
        partitions: &[&[T]],
        groups: &[T],
        tables: Vec<impl Into<Table>>,
    ) -> Self {
        let mut db = PatternDb::ranked(partitions, groups, tables);
        // Spread out, a group of six on the 5x5 board would take 25^6 bytes, 244 MB.
        if N <= 16 && db.groups.iter().all(|g| g.tiles <= MAX_GROUP) {
            db.by_cells = db
                .groups
                .iter()
                .map(|g| spread::<N>(&g.table, g.tiles))
                .collect();
        }
        db
    }

    /// [`PatternDb::of_partitions`], every table looked up by rank.
    fn ranked<T: AsRef<[u8]>>(
        partitions: &[&[T]],
        groups: &[T],
        tables: Vec<impl Into<Table>>,
    ) -> Self {
        let count = partitions[0].len();
        assert!(N <= MAX_CELLS && partitions.iter().all(|p| p.len() == count && count <= G));
        let mirrored = W * W == N;
        assert!(partitions.len() == 1 || (partitions.len() == 2 && !mirrored));
        let mut db = PatternDb {
            groups: Vec::new(),
            by_cells: Vec::new(),
            group_of: [[G as u8; MAX_CELLS]; 2],
            slot_of: [[[NO_TILE as u8; MAX_CELLS]; G]; 2],
            power_of: [[0; MAX_CELLS]; 2],
            table_of: [[0; G]; 2],
            group_count: count,
            sides: 1 + usize::from(mirrored || partitions.len() == 2),
            mirrored,
        };
        for side in 0..db.sides {
            let side_groups = partitions[side.min(partitions.len() - 1)];
            for (g, tiles) in side_groups.iter().enumerate() {
                let tiles = tiles.as_ref();
                let table = groups.iter().position(|group| group.as_ref() == tiles);
                db.table_of[side][g] = table.expect("a group with a table") as u8;
                for (slot, &tile) in tiles.iter().enumerate() {
                    let tile = match side == 1 && mirrored {
                        true => transposed::<W>(usize::from(tile) - 1) + 1,
                        false => usize::from(tile),
                    };
                    db.group_of[side][tile] = g as u8;
                    db.slot_of[side][g][tile] = slot as u8;
                    db.power_of[side][tile] = N.pow((tiles.len() - 1 - slot) as u32) as u32;
                }
            }
        }
        for (tiles, table) in groups.iter().zip(tables) {
            let tiles = tiles.as_ref().len();
            db.groups.push(Group {
                tiles,
                #[cfg(feature = "tables")]
                ranking: Ranking::new(tiles, N),
                table: table.into(),
            });
        }
        db
    }

    /// Turns the mirrored look-up on or off (on after [`PatternDb::build`] on a square board;
    /// never on another).
    pub fn set_mirrored(&mut self, mirrored: bool) {
        self.sides = 1 + usize::from(mirrored && self.mirrored);
    }

    /// The bytes of the tables by rank, as built and saved (the search's copies, spread out by
    /// cells, take two to three times as many).
    pub fn table_bytes(&self) -> usize {
        self.groups.iter().map(|g| g.table.len()).sum()
    }

    /// The groups' tables, in the order they were given.
    pub fn into_tables(self) -> Vec<Table> {
        self.groups.into_iter().map(|g| g.table).collect()
    }
}

/// The index of the placement `cells` (the cell of the group's tile `i` at `i`) in a table
/// spread out by cells: the cells read as a number in base `N`, the first its leading digit.
fn by_cells_index<const N: usize>(cells: &[u8]) -> usize {
    cells.iter().fold(0, |index, &c| index * N + usize::from(c))
}

/// `table`, of a group of `k` tiles on a board of `N` cells, spread out to be indexed by
/// [`by_cells_index`] (entries no placement has stay 0).
fn spread<const N: usize>(table: &[u8], k: usize) -> Vec<u8> {
    let board = Masks::<1, N>::BOARD;
    let mut by_cells = vec![0u8; N.pow(k as u32)];
    // As in `build_table`: ranks in order come in blocks, one placement of all tiles but the
    // last, that tile on each free cell in turn.
    let mut first = [0u8; MAX_GROUP];
    let prefix = &mut first[..k - 1];
    for (i, cell) in prefix.iter_mut().enumerate() {
        *cell = i as u8;
    }
    for block in table.chunks(N - (k - 1)) {
        let used = mask(prefix);
        let base = N * by_cells_index::<N>(prefix);
        let mut free = board & !used;
        for &entry in block {
            by_cells[base + free.trailing_zeros() as usize] = entry;
            free &= free - 1;
        }
        advance(prefix, board);
    }
    by_cells
}

/// The index of each group's placement (spread out by cells, `spread`, or else its rank) and
/// their table entries, on the board (`[0]`) and on the mirrored board (`[1]`), and the two sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternState<const G: usize> {
    indices: [[u32; G]; 2],
    values: [[u8; G]; 2],
    sums: [u32; 2],
}

impl<const W: usize, const N: usize, const G: usize> PatternDb<W, N, G> {
    /// What else the tables tell of a board's distance, beside the estimate (the larger sum):
    /// the smaller sum where the mirror is looked up too, else 0.
    pub fn smaller_sum(&self, state: &PatternState<G>) -> u32 {
        state.sums[0].min(state.sums[1])
    }

    /// The group and digit of `tile` on the board (`side` 0) or the mirrored board (`side` 1).
    #[inline]
    fn place(&self, side: usize, tile: u8) -> (usize, usize) {
        let tile = usize::from(tile);
        let g = usize::from(self.group_of[side][tile]);
        (g, usize::from(self.slot_of[side][g][tile]))
    }

    /// The group, new index and new table entry of one side (`side` 1 the mirrored board, if
    /// mirrored) once the tile at `from` of `tiles` slides to `to`. Always inlined: as a call
    /// for each side, it slows the 15-puzzle's search by about a third.
    #[inline(always)]
    fn step_side(
        &self,
        state: &PatternState<G>,
        side: usize,
        tiles: &[u8; N],
        from: usize,
        to: usize,
    ) -> (usize, u32, &u8) {
        let tile = tiles[from];
        let flip = side == 1 && self.mirrored;
        let on_side = |cell| if flip { transposed::<W>(cell) } else { cell };
        let (from, to) = (on_side(from), on_side(to));
        let g = usize::from(self.group_of[side][usize::from(tile)]);
        let (table, index) = (usize::from(self.table_of[side][g]), state.indices[side][g]);
        match self.by_cells.get(table) {
            Some(by_cells) => {
                let step = (to as u32).wrapping_sub(from as u32);
                let power = self.power_of[side][usize::from(tile)];
                let index = index.wrapping_add(step.wrapping_mul(power));
                (g, index, &by_cells[index as usize])
            }
            #[cfg(feature = "tables")]
            None => {
                let (group, slot_of) = (&self.groups[table], &self.slot_of[side][g]);
                let slot = usize::from(slot_of[usize::from(tile)]);
                let rank = group
                    .ranking
                    .after_step::<W, N>(index, slot, from, to, |c| {
                        usize::from(slot_of[usize::from(tiles[on_side(c)])])
                    });
                (g, rank, &group.table[rank as usize])
            }
            #[cfg(not(feature = "tables"))]
            None => unreachable!("a table spread out by cells"),
        }
    }

    /// Asks the memory for the table entries [`Heuristic::after_slide`] will read once the tile
    /// at `from` slides to `to`, without waiting for them ([`crate::os::prefetch`]).
    #[inline]
    pub fn prefetch_slide(&self, tiles: &[u8; N], state: &PatternState<G>, from: usize, to: usize) {
        for side in 0..self.sides {
            prefetch(self.step_side(state, side, tiles, from, to).2);
        }
    }
}

impl<const W: usize, const N: usize, const G: usize> Heuristic<W, N> for PatternDb<W, N, G> {
    type State = PatternState<G>;

    fn state(&self, tiles: &[u8; N]) -> PatternState<G> {
        let mut state = PatternState {
            indices: [[0; G]; 2],
            values: [[0; G]; 2],
            sums: [0; 2],
        };
        for side in 0..self.sides {
            let mut cells = [[0u8; MAX_RANKED]; G];
            for (cell, &tile) in tiles.iter().enumerate().filter(|&(_, &t)| t != 0) {
                let (g, slot) = self.place(side, tile);
                let cell = match side == 1 && self.mirrored {
                    true => transposed::<W>(cell),
                    false => cell,
                };
                cells[g][slot] = cell as u8;
            }
            for (g, cells) in cells.iter().enumerate().take(self.group_count) {
                let table = usize::from(self.table_of[side][g]);
                let group = &self.groups[table];
                let cells = &cells[..group.tiles];
                let (index, value) = match self.by_cells.get(table) {
                    Some(by_cells) => {
                        let index = by_cells_index::<N>(cells);
                        (index as u32, by_cells[index])
                    }
                    #[cfg(feature = "tables")]
                    None => {
                        let rank = group.ranking.rank(cells);
                        (rank, group.table[rank as usize])
                    }
                    #[cfg(not(feature = "tables"))]
                    None => unreachable!("a table spread out by cells"),
                };
                state.indices[side][g] = index;
                state.values[side][g] = value;
                state.sums[side] += u32::from(value);
            }
        }
        state
    }

    #[inline]
    fn estimate(&self, state: &PatternState<G>) -> u32 {
        if self.sides == 2 {
            state.sums[0].max(state.sums[1])
        } else {
            state.sums[0]
        }
    }

    #[inline]
    fn after_slide(
        &self,
        tiles: &[u8; N],
        state: &PatternState<G>,
        from: usize,
        to: usize,
    ) -> PatternState<G> {
        let board = self.step_side(state, 0, tiles, from, to);
        let other = (self.sides == 2).then(|| self.step_side(state, 1, tiles, from, to));
        // Written only after both look-ups: a byte written before them would make the copy that
        // returns the state wait for it (a failed store forwarding).
        let mut next = *state;
        for (side, (g, index, value)) in std::iter::once(board).chain(other).enumerate() {
            next.sums[side] =
                state.sums[side] + u32::from(*value) - u32::from(state.values[side][g]);
            next.indices[side][g] = index;
            next.values[side][g] = *value;
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::pdb::build::build_table;
    use crate::pdb::partitions::{partition, second_partition, SMALL_GROUP};
    use crate::pdb::placements::{table_len, Ranking, Unranking};

    /// Every placement's entry, looked up spread out by its cells, against the table by rank.
    fn check_spread<const N: usize>(k: usize) {
        let table: Vec<u8> = (0..table_len(N, k)).map(|r| (r * 7 % 251) as u8).collect();
        let by_cells = spread::<N>(&table, k);
        let unranking = Unranking::new(&Ranking::new(k, N), k);
        let mut seen = vec![false; by_cells.len()];
        for (r, &entry) in table.iter().enumerate() {
            let cells = unranking.placement(r as u32);
            let index = cells[..k].iter().fold(0, |i, &c| i * N + usize::from(c));
            assert!(!seen[index], "two placements at index {}", index);
            seen[index] = true;
            assert_eq!(
                by_cells[index], entry,
                "{} tiles on {} cells, rank {}",
                k, N, r
            );
        }
    }

    #[test]
    fn a_spread_table_holds_each_placement_at_its_cells() {
        check_spread::<16>(5);
        check_spread::<16>(3);
        check_spread::<15>(4);
        check_spread::<9>(6);
        check_spread::<4>(1);
    }

    /// A random walk of the blank from the goal, checking the updated state against a fresh
    /// one at every step, and that the estimate is at most the moves walked, the way back.
    fn check_updates<const W: usize, const N: usize, const G: usize>(partition: &[Vec<u8>]) {
        check_walk(&PatternDb::<W, N, G>::build(partition, 2));
    }

    fn check_walk<const W: usize, const N: usize, const G: usize>(db: &PatternDb<W, N, G>) {
        let neighbours = Masks::<W, N>::NEIGHBOURS;
        let mut tiles = *Board::<W, N>::canonical_goal(N - 1).tiles();
        let mut state = db.state(&tiles);
        assert_eq!(db.estimate(&state), 0);
        let mut blank = N - 1;
        let mut seed = 7u64;
        for walked in 1..=2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let choices = neighbours[blank];
            let pick = (seed >> 33) as u32 % choices.count_ones();
            let mut cell = choices;
            for _ in 0..pick {
                cell &= cell - 1;
            }
            let cell = cell.trailing_zeros() as usize;
            state = db.after_slide(&tiles, &state, cell, blank);
            tiles.swap(cell, blank);
            blank = cell;
            assert_eq!(state, db.state(&tiles));
            assert!(db.estimate(&state) <= walked);
        }
    }

    /// A partition with a group of more than `MAX_GROUP` tiles, as in the saved 7-8 tables, is
    /// looked up by rank, and so is every table loaded from a file.
    #[cfg(feature = "tables")]
    #[test]
    fn large_groups_and_saved_tables_are_looked_up_by_rank() {
        let groups: [&[u8]; 2] = [&[1, 2, 3, 4, 5, 6, 7], &[8]];
        let large = crate::pdb::large::build_large_table::<3, 9>(groups[0], 2, |_, _| {});
        let db = PatternDb::<3, 9>::from_tables(&groups, vec![large, build_table::<3, 9>(&[8])]);
        assert!(db.by_cells.is_empty());
        check_walk(&db);
        let groups = partition(3, 9, MAX_GROUP);
        let tables = groups
            .iter()
            .map(|g| build_table::<3, 9>(g).into())
            .collect();
        let saved = PatternDb::<3, 9>::from_saved_tables(&groups, tables);
        assert!(saved.by_cells.is_empty());
        check_walk(&saved);
    }

    /// The pattern databases of a board that is not square: its partition and the second.
    fn two_partitions<const W: usize, const N: usize>() -> PatternDb<W, N> {
        let first = partition(W, N, MAX_GROUP);
        let second = second_partition(W, N, &first);
        let mut groups = first.clone();
        groups.extend(second.iter().filter(|&g| !first.contains(g)).cloned());
        let tables = groups.iter().map(|g| build_table::<W, N>(g)).collect();
        PatternDb::of_partitions(&[&first[..], &second[..]], &groups, tables)
    }

    #[test]
    fn a_second_partition_regroups_the_first_two_groups_across_the_board() {
        for width in [2, 8] {
            let mut tiles = second_partition(width, 16, &partition(width, 16, MAX_GROUP)).concat();
            tiles.sort_unstable();
            assert_eq!(tiles, (1..16).collect::<Vec<u8>>());
        }
        let groups = partition(2, 16, MAX_GROUP);
        assert_eq!(
            second_partition(2, 16, &groups),
            [vec![1, 3, 5, 7, 9], vec![2, 4, 6, 8, 10], groups[2].clone()]
        );
        let groups = partition(8, 16, MAX_GROUP);
        assert_eq!(
            second_partition(8, 16, &groups),
            [
                vec![1, 2, 3, 4, 5],
                vec![9, 10, 11, 12, 13],
                groups[2].clone()
            ]
        );
        // Five tables, the third group's shared; the estimate is the larger sum.
        let db = two_partitions::<2, 16>();
        assert_eq!(db.groups.len(), 5);
        check_walk(&db);
        check_walk(&two_partitions::<8, 16>());
        let tiles = [3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
        let state = db.state(&tiles);
        assert_eq!(db.estimate(&state), state.sums[0].max(state.sums[1]));
    }

    #[test]
    fn incremental_state_matches_a_full_recount() {
        // Small groups build fast; the look-ups work alike for any partition.
        let small = [
            vec![1, 2, 5, 6, 9],
            vec![3, 4, 7, 8, 12],
            vec![10, 11, 13, 14, 15],
        ];
        check_updates::<4, 16, 3>(&small);
        check_updates::<4, 16, 4>(&partition(4, 16, SMALL_GROUP));
        check_updates::<8, 16, 3>(&partition(8, 16, MAX_GROUP));
        check_updates::<8, 16, 4>(&partition(8, 16, SMALL_GROUP));
        check_updates::<2, 14, 3>(&partition(2, 14, MAX_GROUP));
        check_updates::<5, 15, 3>(&partition(5, 15, MAX_GROUP));
        check_updates::<3, 9, 3>(&partition(3, 9, MAX_GROUP));
    }
}
