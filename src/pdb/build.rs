//! A group's table on a board of up to 16 cells, built at run time: breadth-first search
//! backwards from the goal placement, over placements together with the region of free cells
//! the blank stands in. The blank wanders a region for free, and a tile next to the region
//! stepping into it costs one move and leaves the blank where the tile was. Each placement keeps
//! a 16-bit mask of the blank cells already reached, so a state is expanded at most once. No
//! queue: each level walks the ranks in order and a step just sets a bit for the next level,
//! where a queue's steps would read the mask first. That takes six bytes a placement: Korf and
//! Felner's 7-8 tables, of 518,918,400 placements in their larger group, have a builder of
//! their own ([`crate::pdb::large`]). O(placements x levels) time.

#[cfg_attr(feature = "tables", cfg(test))]
use crate::pdb::partitions::MAX_GROUP;
#[cfg_attr(feature = "tables", cfg(test))]
use crate::pdb::placements::{
    advance, mask, region, table_len, Masks, Ranking, MAX_CELLS, NO_TILE,
};

/// The table of one group of tiles (at most six) of a board `W` wide with `N` cells (at most
/// 16): for each placement's rank, the fewest moves of the group's tiles that bring them home,
/// the blank ending in its goal cell's region. The bundles' builder: with the `tables` feature
/// the programs build the same table by sets of cells ([`crate::pdb::by_sets::build_table`]),
/// two to three times faster, and this one is the tests' reference.
///
/// Breadth-first search, one level at a time, over ranks in order. `reached[rank]` holds the
/// blank cells of the regions already expanded for the placement, and `frontier[rank]` the cells
/// the blank was left in by the level before: those outside `reached` lie in new regions, which
/// are expanded now. A step only sets a bit in `next`, without reading anything first, so
/// nothing waits for memory, and the children of ranks taken in order are written in a few
/// forward streams, as the hardware prefetches best.
///
/// # Complexity
/// O(levels · placements · k) time for `k` tiles, a level's pass over every rank; one byte of
/// table and six of bit sets a placement: hundredths of a second for 5 tiles on 4x4.
#[cfg_attr(feature = "tables", cfg(test))]
pub fn build_table<const W: usize, const N: usize>(tiles: &[u8]) -> Vec<u8> {
    assert!(N <= 16, "16-bit masks: larger boards have `large`");
    let k = tiles.len();
    let ranking = Ranking::new(k, N);
    let size = table_len(N, k);
    let (neighbours, board) = (Masks::<W, N>::NEIGHBOURS, Masks::<W, N>::BOARD);
    // The ranks come in blocks of one placement of all tiles but the last, the last tile's
    // choices of free cell in a row: the blocks are walked with `advance`.
    let block = N - (k - 1);
    let mut table = vec![0u8; size];
    let mut reached = vec![0u16; size];
    let mut frontier = vec![0u16; size];
    let mut next = vec![0u16; size];
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    frontier[ranking.rank(&home) as usize] = 1 << (N - 1);
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
                let used = mask(&prefix[..k - 1]);
                const FREE: u8 = NO_TILE as u8;
                let mut slot_at = [FREE; MAX_CELLS];
                for (slot, &cell) in prefix[..k - 1].iter().enumerate() {
                    slot_at[usize::from(cell)] = slot as u8;
                }
                let mut last_cells = board & !used;
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
                    let mut regions = 0u64;
                    let mut rest = u64::from(new);
                    while rest != 0 {
                        regions |=
                            region::<W, N>(rest.trailing_zeros() as usize, board & !occupied);
                        rest &= !regions;
                    }
                    if reached[r] == 0 {
                        table[r] = distance;
                    }
                    reached[r] |= regions as u16;
                    slot_at[last] = (k - 1) as u8;
                    let mut cells = prefix;
                    cells[k - 1] = last as u8;
                    for (slot, &from) in cells[..k].iter().enumerate() {
                        let from = usize::from(from);
                        let mut targets = neighbours[from] & regions;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as usize;
                            targets &= targets - 1;
                            let child = ranking.after_step::<W, N>(r as u32, slot, from, to, |c| {
                                usize::from(slot_at[c])
                            });
                            next[child as usize] |= 1 << from;
                        }
                    }
                    slot_at[last] = FREE;
                }
            }
            base += block;
            if !advance(&mut prefix[..k - 1], board) {
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    /// A group's table against a plain search; with the `tables` feature, the one by sets of
    /// cells ([`crate::pdb::by_sets`]) against it too.
    fn check_table<const W: usize, const N: usize>(tiles: &[u8]) {
        let table = build_table::<W, N>(tiles);
        assert_eq!(
            table,
            plain_table::<W, N>(tiles),
            "{}x{} {:?}",
            N / W,
            W,
            tiles
        );
        #[cfg(feature = "tables")]
        assert!(
            crate::pdb::by_sets::build_table::<W, N>(tiles) == table,
            "by sets {:?}",
            tiles
        );
    }

    /// The table of the group `tiles` by a plain search that knows nothing of regions or ranks:
    /// 0-1 breadth-first search over the group's cells and the blank's cell, in a hash map, the
    /// blank stepping onto a free cell for nothing and swapping with a group tile for one move.
    pub(crate) fn plain_table<const W: usize, const N: usize>(tiles: &[u8]) -> Vec<u8> {
        let neighbours = Masks::<W, N>::NEIGHBOURS;
        let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
        let mut cost: HashMap<(Vec<u8>, usize), u8> = HashMap::new();
        let mut queue = VecDeque::from([(home, N - 1, 0u8)]);
        while let Some((cells, blank, d)) = queue.pop_front() {
            if cost.contains_key(&(cells.clone(), blank)) {
                continue;
            }
            let mut next = neighbours[blank];
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
        // Placements the plain search never reaches (a group of every tile keeps parity, as on
        // the 2x2 board) stay 0 in the table: no solvable board has them.
        let mut best = vec![u8::MAX; table_len(N, tiles.len())];
        let ranking = Ranking::new(tiles.len(), N);
        for ((cells, _), d) in cost {
            let r = ranking.rank(&cells) as usize;
            best[r] = best[r].min(d);
        }
        best.iter()
            .map(|&d| if d == u8::MAX { 0 } else { d })
            .collect()
    }

    #[test]
    fn a_table_matches_a_plain_search() {
        // Three tiles in a row, and four apart, whose tiles wall off the blank more often.
        check_table::<4, 16>(&[2, 3, 4]);
        check_table::<4, 16>(&[1, 4, 6, 11]);
        // Boards of other shapes: narrow ones, where the blank is walled off most often.
        check_table::<8, 16>(&[1, 9, 2, 10]);
        check_table::<2, 16>(&[3, 4, 6, 9]);
        check_table::<5, 15>(&[1, 6, 11, 7]);
        check_table::<3, 9>(&[1, 2, 4, 8]);
        check_table::<2, 4>(&[1, 2, 3]);
    }
}
