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
//! - **Partition 5-5-5**: `{1 5 6 9 13}`, `{2 3 4 7 8}`, `{10 11 12 14 15}`. Its mirror is a
//!   different partition, so the mirrored look-up adds knowledge. Built at run time, the tables
//!   must pay for themselves: on Korf's 100 (AMD EPYC, two threads, with the move rules of
//!   [`crate::move_rules`]) the 5-5-5 tables build in 0.12 s and the search visits 346,930
//!   nodes per instance, where Korf and Felner's 6-6-3 (`{1 5 6 9 10 13}`, `{7 8 11 12 14 15}`,
//!   `{2 3 4}`) visits half as many but takes 0.9 s to build, more than the whole 5-5-5 search
//!   (0.7 s). Among 5-5-5 partitions this one did best on random boards: no swap of two tiles
//!   improves it there.
//! - **Index**: a perfect rank of the group's cells, as Cantor ranks permutations: digit `i` is
//!   the cell of the group's tile `i` counted among the cells its earlier tiles leave free, so a
//!   5-tile table has 16·15·14·13·12 = 524,160 one-byte entries. A tile stepping to a
//!   neighbouring cell changes its own digit, and the digits of later tiles in the (at most 3)
//!   cells it jumps over: the rank is updated in a few operations, never recomputed.
//! - **Build**: breadth-first search backwards from the goal placement, over placements together
//!   with the region of free cells the blank stands in: the blank wanders a region for free, and
//!   a tile next to the region stepping into it costs one move and leaves the blank where the
//!   tile was. Each placement keeps a 16-bit mask of the blank cells already reached, so a state
//!   is expanded at most once. No queue: each level walks the ranks in order and a step just
//!   sets a bit for the next level, which nearly halved the build against a queue whose steps
//!   read the mask first. The tables are built on as many threads as asked, one table each.
//!
//! Measured figures are in the README's Performance section.

use crate::ida_star::Heuristic;
use crate::threads::in_parallel;

/// Cells of the 4x4 board, and the blank's goal cell.
const CELLS: usize = 16;
const BLANK_HOME: usize = 15;
/// The most tiles in a group, and the number of groups.
const MAX_GROUP: usize = 6;
const GROUPS: usize = 3;

/// The 5-5-5 partition, by tile (tile `t`'s goal cell is `t - 1`).
pub const PARTITION_555: [&[u8]; GROUPS] =
    [&[1, 5, 6, 9, 13], &[2, 3, 4, 7, 8], &[10, 11, 12, 14, 15]];

/// Korf and Felner's 6-6-3 partition: half the nodes of 5-5-5, and eight times the build.
pub const PARTITION_663: [&[u8]; GROUPS] =
    [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

/// The entries of the table of a group of `tiles` tiles: its placements, 16·15·..., `tiles`
/// factors.
pub fn table_len(tiles: usize) -> usize {
    (0..tiles).map(|j| CELLS - j).product()
}

/// `cell`'s mirror about the main diagonal (cell `4r + c` becomes `4c + r`).
const fn transposed(cell: usize) -> usize {
    cell % 4 * 4 + cell / 4
}

/// A group's size, how its placements are ranked, and its table.
struct Group {
    tiles: usize,
    ranking: Ranking,
    table: Vec<u8>,
}

/// The tables of one partition of the tiles `1..16` towards the goal `1 2 .. 15 0`.
pub struct PatternDb {
    groups: Vec<Group>,
    /// `group_of[side][tile]`: the group of `tile` on the board (side 0) or of the tile it
    /// becomes on the mirrored board (side 1); `GROUPS` for the blank, in no group.
    group_of: [[u8; CELLS]; 2],
    /// `slot_of[side][g][tile]`: likewise, the tile's digit in group `g`'s rank, or `NO_TILE`.
    slot_of: [[[u8; CELLS]; GROUPS]; 2],
    /// Whether the estimate also looks the mirrored board up.
    mirrored: bool,
}

impl PatternDb {
    /// Builds the tables of `partition` (disjoint groups covering the tiles 1 to 15, each of at
    /// most six tiles), on up to `threads` threads.
    pub fn build(partition: &[&[u8]; GROUPS], threads: usize) -> PatternDb {
        let tables = in_parallel(partition, threads, |tiles| build_table(tiles));
        PatternDb::from_tables(partition, tables)
    }

    /// The pattern databases of `partition` from its groups' tables, each built by
    /// [`build_table`], in order.
    pub fn from_tables(partition: &[&[u8]; GROUPS], tables: Vec<Vec<u8>>) -> PatternDb {
        let mut db = PatternDb {
            groups: Vec::new(),
            group_of: [[GROUPS as u8; CELLS]; 2],
            slot_of: [[[NO_TILE as u8; CELLS]; GROUPS]; 2],
            mirrored: true,
        };
        for ((g, tiles), table) in partition.iter().enumerate().zip(tables) {
            for (slot, &tile) in tiles.iter().enumerate() {
                let mirror = transposed(usize::from(tile) - 1) + 1;
                for (side, &tile) in [usize::from(tile), mirror].iter().enumerate() {
                    db.group_of[side][tile] = g as u8;
                    db.slot_of[side][g][tile] = slot as u8;
                }
            }
            db.groups.push(Group {
                tiles: tiles.len(),
                ranking: Ranking::new(tiles.len()),
                table,
            });
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

/// How the placements of a group of `k` tiles are ranked, and how a rank follows a step.
#[derive(Clone, Copy)]
struct Ranking {
    /// `weights[i]`: the value of a unit of digit `i`: the placements of the tiles after it.
    weights: [u32; MAX_GROUP],
    /// `passed[s][o]`: how much the rank's change grows when tile `s`, stepping along a column
    /// towards higher cells, passes over a cell holding tile `o` (`NO_TILE`: none). An earlier
    /// tile there takes one from `s`'s digit; a later one's digit grows by one.
    passed: [[i32; MAX_GROUP + 1]; MAX_GROUP],
}

/// `slot_at`'s answer for a cell that holds none of the group's tiles.
const NO_TILE: usize = MAX_GROUP;

impl Ranking {
    fn new(k: usize) -> Ranking {
        let mut weights = [0; MAX_GROUP];
        for (i, weight) in weights[..k].iter_mut().enumerate() {
            *weight = ((i + 1)..k).map(|j| (CELLS - j) as u32).product();
        }
        let mut passed = [[0; MAX_GROUP + 1]; MAX_GROUP];
        for (s, row) in passed[..k].iter_mut().enumerate() {
            for (o, change) in row[..k].iter_mut().enumerate() {
                *change = if o < s {
                    -(weights[s] as i32)
                } else {
                    weights[o] as i32
                };
            }
        }
        Ranking { weights, passed }
    }

    /// The rank of a placement: `cells[i]` is the cell of the group's tile `i`.
    fn rank(&self, cells: &[u8]) -> u32 {
        let mut used = 0u32;
        let mut rank = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let free_below = u32::from(cell) - (used & ((1 << cell) - 1)).count_ones();
            rank += free_below * self.weights[i];
            used |= 1 << cell;
        }
        rank
    }

    /// The rank once the group's tile `slot` steps from cell `from` to the free neighbouring
    /// cell `to`; `slot_at(cell)` names the group's tile in a cell, or `NO_TILE`. Only tiles in
    /// the cells between `from` and `to` (none for a step along a row, three for a step along a
    /// column) see their digits change, each by one, and so does the stepping tile's. Written
    /// without branches: in the build the kind of step is unpredictable.
    #[inline]
    fn after_step(
        &self,
        rank: u32,
        slot: usize,
        from: usize,
        to: usize,
        slot_at: impl Fn(usize) -> usize,
    ) -> u32 {
        let (low, high) = (from.min(to), from.max(to));
        let passed = &self.passed[slot];
        let over: i32 = (1..4).map(|i| passed[slot_at((low + i) % CELLS)]).sum();
        let change = (high - low) as i32 * self.weights[slot] as i32
            + if high - low == 4 { over } else { 0 };
        if from < to {
            rank + change as u32
        } else {
            rank - change as u32
        }
    }
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

/// The next placement of `cells.len()` tiles in rank order: the last tile to the next free cell
/// above its own, or else the one before it, and so on, the tiles after it on the lowest free
/// cells. False after the last placement.
fn advance(cells: &mut [u8]) -> bool {
    for i in (0..cells.len()).rev() {
        let used = cells[..i].iter().fold(0u16, |m, &c| m | 1 << c);
        let above = !used & !((2u32 << cells[i]) - 1) as u16;
        if above != 0 {
            cells[i] = above.trailing_zeros() as u8;
            let mut used = used | 1 << cells[i];
            for cell in &mut cells[i + 1..] {
                *cell = (!used).trailing_zeros() as u8;
                used |= 1 << *cell;
            }
            return true;
        }
    }
    false
}

/// The table of one group of tiles (at most six): for each placement's rank, the fewest moves of
/// the group's tiles that bring them home, the blank ending in its goal cell's region.
///
/// Breadth-first search, one level at a time, over ranks in order. `reached[rank]` holds the
/// blank cells of the regions already expanded for the placement, and `frontier[rank]` the cells
/// the blank was left in by the level before: those outside `reached` lie in new regions, which
/// are expanded now. A step only sets a bit in `next`, without reading anything first, so
/// nothing waits for memory, and the children of ranks taken in order are written in a few
/// forward streams, as the hardware prefetches best.
pub fn build_table(tiles: &[u8]) -> Vec<u8> {
    let k = tiles.len();
    let ranking = Ranking::new(k);
    let size = table_len(k);
    // The ranks come in blocks of one placement of all tiles but the last, the last tile's
    // choices of free cell in a row: the blocks are walked with `advance`.
    let block = CELLS - (k - 1);
    let mut table = vec![0u8; size];
    let mut reached = vec![0u16; size];
    let mut frontier = vec![0u16; size];
    let mut next = vec![0u16; size];
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    frontier[ranking.rank(&home) as usize] = 1 << BLANK_HOME;
    let mut distance = 0u8;
    loop {
        let mut expanded = false;
        let mut prefix = [0u8; MAX_GROUP];
        for (i, cell) in prefix[..k - 1].iter_mut().enumerate() {
            *cell = i as u8;
        }
        let mut base = 0;
        loop {
            let left_in = &mut frontier[base..base + block];
            if left_in.iter().any(|&cells| cells != 0) {
                let used = prefix[..k - 1].iter().fold(0u16, |m, &c| m | 1 << c);
                const FREE: u8 = NO_TILE as u8;
                let mut slot_at = [FREE; CELLS];
                for (slot, &cell) in prefix[..k - 1].iter().enumerate() {
                    slot_at[usize::from(cell)] = slot as u8;
                }
                let mut last_cells = !used;
                for (j, left_in) in left_in.iter_mut().enumerate() {
                    let last = last_cells.trailing_zeros() as usize;
                    last_cells &= last_cells - 1;
                    let r = base + j;
                    let new = *left_in & !reached[r];
                    *left_in = 0;
                    if new == 0 {
                        continue;
                    }
                    expanded = true;
                    let occupied = used | 1 << last;
                    // The new regions' cells, expanded together: a tile next to any of them
                    // steps in, leaving the blank where the tile was.
                    let mut regions = 0u16;
                    let mut rest = new;
                    while rest != 0 {
                        regions |= region(rest.trailing_zeros() as usize, !occupied);
                        rest &= !regions;
                    }
                    if reached[r] == 0 {
                        table[r] = distance;
                    }
                    reached[r] |= regions;
                    slot_at[last] = (k - 1) as u8;
                    let mut cells = prefix;
                    cells[k - 1] = last as u8;
                    for (slot, &from) in cells[..k].iter().enumerate() {
                        let from = usize::from(from);
                        let mut targets = NEIGHBOURS[from] & regions;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as usize;
                            targets &= targets - 1;
                            let child = ranking
                                .after_step(r as u32, slot, from, to, |c| usize::from(slot_at[c]));
                            next[child as usize] |= 1 << from;
                        }
                    }
                    slot_at[last] = FREE;
                }
            }
            base += block;
            if !advance(&mut prefix[..k - 1]) {
                break;
            }
        }
        if !expanded {
            return table;
        }
        std::mem::swap(&mut frontier, &mut next);
        distance += 1;
    }
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
        let g = usize::from(self.group_of[side][tile]);
        (g, usize::from(self.slot_of[side][g][tile]))
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
        let slot_of = &self.slot_of[side][g];
        let rank = group
            .ranking
            .after_step(state.ranks[side][g], slot, from, to, |c| {
                usize::from(slot_of[usize::from(tile_at(c))])
            });
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
                let rank = group.ranking.rank(&cells[g][..group.tiles]);
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
        let three = Ranking::new(3);
        let mut seen = vec![false; 16 * 15 * 14];
        for a in 0..16u8 {
            for b in (0..16u8).filter(|&b| b != a) {
                for c in (0..16u8).filter(|&c| c != a && c != b) {
                    let r = three.rank(&[a, b, c]) as usize;
                    assert!(!seen[r], "rank {} twice", r);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        // Every step of every tile of a few six-tile placements, against a fresh rank.
        let six = Ranking::new(6);
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
                    let slot_at = |c: usize| {
                        let slot = cells.iter().position(|&x| usize::from(x) == c);
                        slot.unwrap_or(NO_TILE)
                    };
                    let mut after = cells;
                    after[slot] = to as u8;
                    let stepped = six.after_step(six.rank(&cells), slot, from, to, slot_at);
                    assert_eq!(stepped, six.rank(&after), "{:?} {} -> {}", cells, from, to);
                }
            }
        }
    }

    /// A group's table against a plain search that knows nothing of regions or ranks: 0-1
    /// breadth-first search over the group's cells and the blank's cell, in a hash map, the
    /// blank stepping onto a free cell for nothing and swapping with a group tile for one move.
    #[test]
    fn a_table_matches_a_plain_search() {
        // Three tiles in a row, and four apart, whose tiles wall off the blank more often.
        for tiles in [&[2u8, 3, 4][..], &[1, 4, 6, 11]] {
            let table = build_table(tiles);
            let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
            let mut cost: HashMap<(Vec<u8>, usize), u8> = HashMap::new();
            let mut queue = VecDeque::from([(home, BLANK_HOME, 0u8)]);
            while let Some((cells, blank, d)) = queue.pop_front() {
                if cost.contains_key(&(cells.clone(), blank)) {
                    continue;
                }
                let mut next = NEIGHBOURS[blank];
                while next != 0 {
                    let cell = next.trailing_zeros() as usize;
                    next &= next - 1;
                    let mut moved = cells.clone();
                    match cells.iter().position(|&c| usize::from(c) == cell) {
                        Some(slot) => {
                            moved[slot] = blank as u8;
                            queue.push_back((moved, cell, d + 1));
                        }
                        None => queue.push_front((moved, cell, d)),
                    }
                }
                cost.insert((cells, blank), d);
            }
            let mut best = vec![u8::MAX; table.len()];
            let ranking = Ranking::new(tiles.len());
            for ((cells, _), d) in cost {
                let r = ranking.rank(&cells) as usize;
                best[r] = best[r].min(d);
            }
            assert_eq!(table, best, "{:?}", tiles);
        }
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
