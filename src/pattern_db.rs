//! Additive disjoint pattern databases for the 4x4 board (Korf and Felner 2002), built at run
//! time: the strongest heuristic of IDA* on the 15-puzzle.
//!
//! The tiles are split into disjoint groups. A group's table holds, for every placement of its
//! tiles, the fewest moves *of those tiles* that bring them home while the other tiles are
//! indistinct and free to be pushed around. Each move moves one tile, of one group, so the sum
//! over the groups never overestimates. The same tables are also looked up on the board mirrored
//! about the main diagonal (the goal `1 2 .. 15 0` mirrors onto itself once tile `4r + c + 1` is
//! renamed `4c + r + 1`), and the larger sum is the estimate (Felner, Korf and Hanan 2004).
//!
//! - **Partition 6-6-3**: `{1 5 6 9 10 13}`, `{7 8 11 12 14 15}`, `{2 3 4}`. Its mirror is a
//!   different partition, so the mirrored look-up adds knowledge. Two 6-tile tables are the
//!   largest that build within the time of the search they save (a 7-8 split needs a table of
//!   518 million entries).
//! - **Index**: a perfect rank of the group's cells, as Cantor ranks permutations: digit `i` is
//!   the cell of the group's tile `i` counted among the cells its earlier tiles leave free, so a
//!   6-tile table has 16·15·14·13·12·11 = 5,765,760 one-byte entries. A tile stepping to a
//!   neighbouring cell changes its own digit, and the digits of later tiles in the (at most 3)
//!   cells it jumps over: the rank is updated in a few operations, never recomputed.
//! - **Build**: breadth-first search backwards from the goal placement, over placements together
//!   with the region of free cells the blank stands in: the blank wanders a region for free, and
//!   a tile next to the region stepping into it costs one move and leaves the blank where the
//!   tile was. Each placement keeps a 16-bit mask of the blank cells already reached, so a state
//!   is queued at most once. The two 6-tile tables are built on two threads at once.
//!
//! Measured figures are in the README's Performance section.

use crate::ida_star::Heuristic;

/// Cells of the 4x4 board, and the blank's goal cell.
const CELLS: usize = 16;
const BLANK_HOME: usize = 15;
/// The most tiles in a group, and the number of groups.
const MAX_GROUP: usize = 6;
const GROUPS: usize = 3;

/// The 6-6-3 partition, by tile (tile `t`'s goal cell is `t - 1`).
pub const PARTITION_663: [&[u8]; GROUPS] =
    [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

/// `cell`'s mirror about the main diagonal (cell `4r + c` becomes `4c + r`).
const fn transposed(cell: usize) -> usize {
    cell % 4 * 4 + cell / 4
}

/// A group's size, the weights of its rank's digits, and its table.
struct Group {
    tiles: usize,
    /// `weights[i]`: the value of a unit of digit `i` in the rank.
    weights: [u32; MAX_GROUP],
    table: Vec<u8>,
}

/// The tables of one partition of the tiles `1..16` towards the goal `1 2 .. 15 0`.
pub struct PatternDb {
    groups: Vec<Group>,
    /// `group_of[tile]` and `slot_of[tile]`: the tile's group and its digit in the group's rank
    /// (the blank: `GROUPS`, in no group).
    group_of: [u8; CELLS],
    slot_of: [u8; CELLS],
    /// The same for the tile that `tile` becomes on the mirrored board.
    mirror_group_of: [u8; CELLS],
    mirror_slot_of: [u8; CELLS],
    /// Whether the estimate also looks the mirrored board up.
    mirrored: bool,
}

impl PatternDb {
    /// Builds the tables of `partition` (disjoint groups covering the tiles 1 to 15, each of at
    /// most six tiles), on up to `threads` threads.
    pub fn build(partition: &[&[u8]; GROUPS], threads: usize) -> PatternDb {
        let tables = build_tables(partition, threads);
        let mut db = PatternDb {
            groups: Vec::new(),
            group_of: [GROUPS as u8; CELLS],
            slot_of: [0; CELLS],
            mirror_group_of: [GROUPS as u8; CELLS],
            mirror_slot_of: [0; CELLS],
            mirrored: true,
        };
        for ((g, tiles), table) in partition.iter().enumerate().zip(tables) {
            for (slot, &tile) in tiles.iter().enumerate() {
                db.group_of[usize::from(tile)] = g as u8;
                db.slot_of[usize::from(tile)] = slot as u8;
            }
            db.groups.push(Group {
                tiles: tiles.len(),
                weights: weights(tiles.len()),
                table,
            });
        }
        for tile in 1..CELLS {
            let mirror = transposed(tile - 1) + 1;
            db.mirror_group_of[tile] = db.group_of[mirror];
            db.mirror_slot_of[tile] = db.slot_of[mirror];
        }
        db
    }

    /// Turns the mirrored look-up on or off (on after [`PatternDb::build`]).
    pub fn set_mirrored(&mut self, mirrored: bool) {
        self.mirrored = mirrored;
    }

    /// The bytes the tables take.
    pub fn table_bytes(&self) -> usize {
        self.groups.iter().map(|g| g.table.len()).sum()
    }
}

/// The weight of each digit of a rank of `k` cells out of 16: digit `i` counts in units of the
/// placements of the tiles after it.
fn weights(k: usize) -> [u32; MAX_GROUP] {
    let mut weights = [0; MAX_GROUP];
    for i in 0..k {
        weights[i] = ((i + 1)..k).map(|j| (CELLS - j) as u32).product();
    }
    weights
}

/// The rank of a placement: `cells[i]` is the cell of the group's tile `i`.
fn rank(cells: &[u8], weights: &[u32; MAX_GROUP]) -> u32 {
    let mut used = 0u32;
    let mut rank = 0;
    for (i, &cell) in cells.iter().enumerate() {
        let free_below = u32::from(cell) - (used & ((1 << cell) - 1)).count_ones();
        rank += free_below * weights[i];
        used |= 1 << cell;
    }
    rank
}

/// The rank once the group's tile `slot` steps from cell `from` to the free neighbouring cell
/// `to`; `slot_at(cell)` names the group's tile in a cell, if any. Only tiles in the cells
/// between `from` and `to` (row by row: none for a step along a row, up to three for a step
/// along a column) see their digits change, each by one, and so does the stepping tile's.
#[inline]
fn rank_after_step(
    rank: u32,
    weights: &[u32; MAX_GROUP],
    slot: usize,
    from: usize,
    to: usize,
    slot_at: impl Fn(usize) -> Option<usize>,
) -> u32 {
    let (low, high, step) = if from < to {
        (from, to, 1)
    } else {
        (to, from, -1)
    };
    let mut own_digit = to as i32 - from as i32;
    let mut change = 0i32;
    for cell in low + 1..high {
        match slot_at(cell) {
            Some(other) if other < slot => own_digit -= step,
            Some(other) => change += step * weights[other] as i32,
            None => {}
        }
    }
    (rank as i32 + change + own_digit * weights[slot] as i32) as u32
}

/// The cells next to each cell, as bit masks.
const NEIGHBOURS: [u16; CELLS] = neighbour_masks();

const fn neighbour_masks() -> [u16; CELLS] {
    let mut masks = [0u16; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        if cell >= 4 {
            masks[cell] |= 1 << (cell - 4);
        }
        if cell + 4 < CELLS {
            masks[cell] |= 1 << (cell + 4);
        }
        if cell % 4 != 0 {
            masks[cell] |= 1 << (cell - 1);
        }
        if cell % 4 != 3 {
            masks[cell] |= 1 << (cell + 1);
        }
        cell += 1;
    }
    masks
}

/// The cells the blank reaches from `start` through the free cells `free`.
fn region(start: usize, free: u16) -> u16 {
    const NOT_LEFT: u16 = 0xeeee;
    const NOT_RIGHT: u16 = 0x7777;
    let mut region = 1u16 << start;
    loop {
        let grown = (region
            | region << 4
            | region >> 4
            | (region << 1) & NOT_LEFT
            | (region >> 1) & NOT_RIGHT)
            & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Builds each group's table, the largest on threads of their own when `threads` allows.
fn build_tables(partition: &[&[u8]; GROUPS], threads: usize) -> Vec<Vec<u8>> {
    let build_rest = || -> Vec<Vec<u8>> {
        let rest = partition[1..].iter();
        rest.map(|tiles| build_table(tiles)).collect()
    };
    std::thread::scope(|scope| {
        // The first group on this thread, the others on another (6-6-3: one 6-tile table each),
        // or all on this one when one thread is asked for or no other can be had.
        let rest = match threads {
            1 => None,
            _ => std::thread::Builder::new()
                .spawn_scoped(scope, build_rest)
                .ok(),
        };
        let first = build_table(partition[0]);
        let rest = match rest {
            Some(handle) => handle
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            None => build_rest(),
        };
        std::iter::once(first).chain(rest).collect()
    })
}

/// The table of one group: for each placement's rank, the fewest moves of the group's tiles
/// that bring them home, the blank ending in its goal cell's region.
fn build_table(tiles: &[u8]) -> Vec<u8> {
    const UNSEEN: u8 = u8::MAX;
    /// Queued states go to buckets by rank, 2^15 ranks each, and a level is expanded bucket by
    /// bucket: the states a bucket leads to cluster at a few fixed offsets, so the tables are
    /// read in a few streams instead of at random, about twice as fast.
    const BUCKET_BITS: u32 = 15;
    let k = tiles.len();
    let weights = weights(k);
    let size: usize = (0..k).map(|j| CELLS - j).product();
    let mut table = vec![UNSEEN; size];
    // `reached[rank]`: the blank cells of every region the blank has been queued in.
    let mut reached = vec![0u16; size];
    // A queued state packed in a u64: the rank, then 4 bits for the blank, then 4 a tile's cell.
    let pack = |rank: u32, blank: usize, cells: &[u8]| {
        let mut packed = u64::from(rank) << 4 | blank as u64;
        for &cell in cells {
            packed = packed << 4 | u64::from(cell);
        }
        packed
    };
    let buckets = (size >> BUCKET_BITS) + 1;
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    let home_rank = rank(&home, &weights);
    let mut occupied = home.iter().fold(0u16, |mask, &cell| mask | 1 << cell);
    reached[home_rank as usize] = region(BLANK_HOME, !occupied);
    table[home_rank as usize] = 0;
    let mut frontier = vec![Vec::new(); buckets];
    frontier[0].push(pack(home_rank, BLANK_HOME, &home));
    let mut distance = 0;
    while frontier.iter().any(|bucket| !bucket.is_empty()) {
        let mut next = vec![Vec::new(); buckets];
        for &packed in frontier.iter().flatten() {
            let mut cells = [0u8; MAX_GROUP];
            let mut rest = packed;
            for cell in cells[..k].iter_mut().rev() {
                *cell = (rest & 15) as u8;
                rest >>= 4;
            }
            let blank = (rest & 15) as usize;
            let rank = (rest >> 4) as u32;
            // `slot_at[cell]`: the group's tile in the cell, in a byte: this loop runs for
            // each of the 11.8 million states of a 6-tile table.
            const FREE: u8 = u8::MAX;
            let mut slot_at = [FREE; CELLS];
            occupied = 0;
            for (slot, &cell) in cells[..k].iter().enumerate() {
                slot_at[usize::from(cell)] = slot as u8;
                occupied |= 1 << cell;
            }
            let reach = region(blank, !occupied);
            for slot in 0..k {
                let from = usize::from(cells[slot]);
                let mut targets = NEIGHBOURS[from] & reach;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let next_rank =
                        rank_after_step(rank, &weights, slot, from, to, |c| match slot_at[c] {
                            FREE => None,
                            slot => Some(usize::from(slot)),
                        });
                    let seen = &mut reached[next_rank as usize];
                    if *seen & 1 << from != 0 {
                        continue;
                    }
                    if *seen == 0 {
                        table[next_rank as usize] = distance + 1;
                    }
                    // The tile leaves `from` free and takes `to`.
                    *seen |= region(from, !(occupied ^ 1 << from ^ 1 << to));
                    cells[slot] = to as u8;
                    next[(next_rank >> BUCKET_BITS) as usize].push(pack(
                        next_rank,
                        from,
                        &cells[..k],
                    ));
                    cells[slot] = from as u8;
                }
            }
        }
        frontier = next;
        distance += 1;
    }
    table
}

/// The ranks of each group's placement and their table entries, on the board (`[0]`) and on
/// the mirrored board (`[1]`), and the two sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternState {
    ranks: [[u32; GROUPS]; 2],
    values: [[u8; GROUPS]; 2],
    sums: [u32; 2],
}

impl PatternDb {
    /// The group and slot of `tile` on the board (`side` 0) or the mirrored board (`side` 1).
    #[inline]
    fn place(&self, side: usize, tile: u8) -> (usize, usize) {
        let tile = usize::from(tile);
        if side == 0 {
            (
                usize::from(self.group_of[tile]),
                usize::from(self.slot_of[tile]),
            )
        } else {
            (
                usize::from(self.mirror_group_of[tile]),
                usize::from(self.mirror_slot_of[tile]),
            )
        }
    }

    /// `state` with one side updated for the tile at `from` (of that side's board) stepping to
    /// `to`; `tile_at(cell)` reads that side's board.
    #[inline]
    fn step_side(
        &self,
        state: &mut PatternState,
        side: usize,
        tile: u8,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
    ) {
        let (g, slot) = self.place(side, tile);
        let group = &self.groups[g];
        let rank =
            rank_after_step(
                state.ranks[side][g],
                &group.weights,
                slot,
                from,
                to,
                |c| match self.place(side, tile_at(c)) {
                    (other, slot) if other == g => Some(slot),
                    _ => None,
                },
            );
        let value = group.table[rank as usize];
        state.sums[side] = state.sums[side] + u32::from(value) - u32::from(state.values[side][g]);
        state.ranks[side][g] = rank;
        state.values[side][g] = value;
    }
}

impl Heuristic<4, 16> for PatternDb {
    type State = PatternState;

    fn state(&self, tiles: &[u8; 16]) -> PatternState {
        let mut state = PatternState {
            ranks: [[0; GROUPS]; 2],
            values: [[0; GROUPS]; 2],
            sums: [0; 2],
        };
        for side in 0..2 {
            let mut cells = [[0u8; MAX_GROUP]; GROUPS];
            for (cell, &tile) in tiles.iter().enumerate().filter(|&(_, &t)| t != 0) {
                let (g, slot) = self.place(side, tile);
                let cell = if side == 0 { cell } else { transposed(cell) };
                cells[g][slot] = cell as u8;
            }
            for (g, group) in self.groups.iter().enumerate() {
                let rank = rank(&cells[g][..group.tiles], &group.weights);
                state.ranks[side][g] = rank;
                state.values[side][g] = group.table[rank as usize];
                state.sums[side] += u32::from(state.values[side][g]);
            }
        }
        state
    }

    #[inline]
    fn estimate(&self, state: &PatternState) -> u32 {
        if self.mirrored {
            state.sums[0].max(state.sums[1])
        } else {
            state.sums[0]
        }
    }

    #[inline]
    fn after_slide(
        &self,
        tiles: &[u8; 16],
        state: &PatternState,
        from: usize,
        to: usize,
    ) -> PatternState {
        let mut next = *state;
        let tile = tiles[from];
        self.step_side(&mut next, 0, tile, from, to, |c| tiles[c]);
        if self.mirrored {
            let (from, to) = (transposed(from), transposed(to));
            self.step_side(&mut next, 1, tile, from, to, |c| tiles[transposed(c)]);
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use std::collections::{HashMap, VecDeque};

    #[test]
    fn ranks_number_the_placements_and_steps_keep_them_up_to_date() {
        let three = weights(3);
        let mut seen = vec![false; 16 * 15 * 14];
        for a in 0..16u8 {
            for b in (0..16u8).filter(|&b| b != a) {
                for c in (0..16u8).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c], &three) as usize;
                    assert!(!seen[r], "rank {} twice", r);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        // Every step of every tile of a few six-tile placements, against a fresh rank.
        let six = weights(6);
        for cells in [
            [0u8, 1, 2, 3, 4, 5],
            [15, 9, 6, 12, 3, 0],
            [5, 10, 1, 14, 7, 11],
        ] {
            for slot in 0..6 {
                let from = usize::from(cells[slot]);
                let occupied = cells.iter().fold(0u16, |m, &c| m | 1 << c);
                let mut targets = NEIGHBOURS[from] & !occupied;
                while targets != 0 {
                    let to = targets.trailing_zeros() as usize;
                    targets &= targets - 1;
                    let slot_at = |c: usize| cells.iter().position(|&x| usize::from(x) == c);
                    let mut after = cells;
                    after[slot] = to as u8;
                    let stepped =
                        rank_after_step(rank(&cells, &six), &six, slot, from, to, slot_at);
                    assert_eq!(
                        stepped,
                        rank(&after, &six),
                        "{:?} {} -> {}",
                        cells,
                        from,
                        to
                    );
                }
            }
        }
    }

    /// A group's table against a plain search that knows nothing of regions or ranks: 0-1
    /// breadth-first search over the group's cells and the blank's cell, in a hash map, the
    /// blank stepping onto a free cell for nothing and swapping with a group tile for one move.
    #[test]
    fn a_table_matches_a_plain_search() {
        let tiles = [2u8, 3, 4];
        let table = build_table(&tiles);
        let home = [1u8, 2, 3];
        let mut cost: HashMap<([u8; 3], usize), u8> = HashMap::new();
        let mut queue = VecDeque::from([(home, BLANK_HOME, 0u8)]);
        while let Some((cells, blank, d)) = queue.pop_front() {
            if cost.contains_key(&(cells, blank)) {
                continue;
            }
            cost.insert((cells, blank), d);
            let mut next = NEIGHBOURS[blank];
            while next != 0 {
                let cell = next.trailing_zeros() as usize;
                next &= next - 1;
                let mut moved = cells;
                match cells.iter().position(|&c| usize::from(c) == cell) {
                    Some(slot) => {
                        moved[slot] = blank as u8;
                        queue.push_back((moved, cell, d + 1));
                    }
                    None => queue.push_front((moved, cell, d)),
                }
            }
        }
        let mut best = vec![u8::MAX; table.len()];
        for ((cells, _), d) in cost {
            let r = rank(&cells, &weights(3)) as usize;
            best[r] = best[r].min(d);
        }
        assert_eq!(table, best);
    }

    #[test]
    fn incremental_state_matches_a_full_recount() {
        // Small groups build fast; the look-ups work alike for any partition.
        let partition: [&[u8]; GROUPS] =
            [&[1, 2, 5, 6, 9], &[3, 4, 7, 8, 12], &[10, 11, 13, 14, 15]];
        let db = PatternDb::build(&partition, 2);
        let mut tiles = *Board::<4, 16>::canonical_goal(BLANK_HOME).tiles();
        let mut state = db.state(&tiles);
        assert_eq!(db.estimate(&state), 0);
        let mut blank = BLANK_HOME;
        let mut seed = 7u64;
        for _ in 0..2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let choices = NEIGHBOURS[blank];
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
        }
    }
}
