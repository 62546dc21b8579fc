//! The placements of a group of tiles walked by the set of cells they take (`SetOrder`), and
//! the exact table of a group on a board of up to 16 cells built in that order: the breadth-first
//! search of [`crate::pdb::build`], whose children of a step land in one block of `k`! entries
//! and whose regions and child sets are found once for a set's placements, not once a
//! placement, two to three times faster than walking the ranks; the table is put in rank order at
//! the end. The large tables' builder ([`crate::pdb::large`]) walks the same order.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};

use crate::memory::{self, MORE_MEMORY};
use crate::pdb::placements::{
    mask, region, table_len, Masks, Ranking, Unranking, MAX_CELLS, MAX_RANKED,
};
use crate::threads::on_threads;

/// About the entries a thread of the large tables' build takes at a time.
const CHUNK: usize = 1 << 16;

/// The table of one group of tiles of a board `W` wide with `N` cells (at most 16), the same as
/// the one [`crate::pdb::build`] builds by ranks: each level walks the sets of cells in order,
/// and for a set with placements the level before left the blank in, finds its regions and the
/// steps its tiles can take once, then sets, for each placement whose blank reached a new
/// region, the bit of the cell each step leaves in the child's entry of the next level.
///
/// # Complexity
/// O(levels · placements + placements · k · 4) time; one byte of table and six of bit sets a
/// placement: about half a second for a group of six tiles on 4x4.
pub fn build_table<const W: usize, const N: usize>(tiles: &[u8]) -> Vec<u8> {
    assert!(N <= 16, "16-bit masks");
    let k = tiles.len();
    let order = SetOrder::new(k);
    let (per_set, len) = (order.per_set, table_len(N, k));
    // Filled now: zeroed memory mapped lazily would be read, then written, a fault and a flush of
    // every core's mappings for each of its pages.
    let what = || format!("the table of tiles {:?}", tiles);
    let mut table = memory::filled::<u8>(len, what);
    let [mut reached, mut frontier, mut next] = [(); 3].map(|_| memory::filled::<u16>(len, what));
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    frontier[order.index(&home)] = 1 << (N - 1);
    let mut steps = Vec::new();
    for distance in 0u8.. {
        let mut expanded = false;
        for (index, set, left_in) in order.sets(0, &mut frontier) {
            if left_in.iter().all(|&cells| cells == 0) {
                continue;
            }
            let free = Masks::<W, N>::BOARD & !set;
            let region_of = regions_by_cell::<W, N>(free);
            order.steps::<W, N>(set, &mut steps);
            for (p, left_in) in left_in.iter_mut().enumerate() {
                let r = index * per_set + p;
                let mut new = *left_in & !reached[r];
                *left_in = 0;
                if new == 0 {
                    continue;
                }
                expanded = true;
                let mut cells = 0;
                while new != 0 {
                    cells |= region_of[new.trailing_zeros() as usize];
                    new &= !cells;
                }
                if reached[r] == 0 {
                    table[r] = distance;
                }
                reached[r] |= cells;
                for step in steps.iter().filter(|step| cells >> step.to & 1 != 0) {
                    next[step.child * per_set + usize::from(step.shifted[p])] |= 1 << step.from;
                }
            }
        }
        if !expanded {
            break;
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    order.in_ranks::<N>(table, 1, what)
}

/// For each free cell of `free`, the cells of its region.
fn regions_by_cell<const W: usize, const N: usize>(free: u64) -> [u16; 16] {
    let mut region_of = [0u16; 16];
    let mut rest = free;
    while rest != 0 {
        let found = region::<W, N>(rest.trailing_zeros() as usize, free);
        rest &= !found;
        let mut cells = found;
        while cells != 0 {
            region_of[cells.trailing_zeros() as usize] = found as u16;
            cells &= cells - 1;
        }
    }
    region_of
}

/// A step a tile of a set can take ([`SetOrder::steps`]): the cell it leaves and the one it
/// steps into, the rank of the set it leads to, and each placement's place in that set.
pub(crate) struct Step<'a> {
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) child: usize,
    pub(crate) shifted: &'a [u16],
}

/// The order the build walks the placements of a group of `k` tiles in: by the set of cells
/// they take ([`set_rank`]), then by the place of each tile among those cells, lowest first,
/// ranked as a placement of `k` tiles on `k` cells. A set's regions, and the set each step
/// leads to, are then looked up once for all of its `k`! placements, not once a placement, and
/// the children of one step land in one block of `k`! entries.
pub(crate) struct SetOrder {
    pub(crate) k: usize,
    /// `k`!, the placements on a set.
    pub(crate) per_set: usize,
    /// The entries a thread takes at a time: whole sets, and a multiple of 8, so each thread
    /// owns whole words of marks while it turns them into reached regions.
    pub(crate) chunk: usize,
    pub(crate) places: Ranking,
    /// `shifted[(a * k + b) * per_set + p]`: the placement `p` of a set once the tile at place
    /// `a` steps to a cell at place `b` of the new set, the tiles between moving one place.
    shifted: Vec<u16>,
}

impl SetOrder {
    pub(crate) fn new(k: usize) -> SetOrder {
        let per_set = (1..=k).product::<usize>();
        let chunk = (CHUNK / per_set + 1 + 7) / 8 * 8 * per_set;
        let places = Ranking::new(k, k);
        let unranking = Unranking::new(&places, k);
        let mut shifted = Vec::with_capacity(k * k * per_set);
        for (a, b) in (0..k).flat_map(|a| (0..k).map(move |b| (a, b))) {
            for p in 0..per_set as u32 {
                let mut at = unranking.placement(p);
                for place in &mut at[..k] {
                    let from = usize::from(*place);
                    *place = match from {
                        _ if from == a => b,
                        _ if a < from && from <= b => from - 1,
                        _ if b <= from && from < a => from + 1,
                        _ => from,
                    } as u8;
                }
                shifted.push(places.rank(&at[..k]) as u16);
            }
        }
        SetOrder {
            k,
            per_set,
            chunk,
            places,
            shifted,
        }
    }

    /// Where the placement `cells` (the cell of each tile) stands in this order.
    pub(crate) fn index(&self, cells: &[u8]) -> usize {
        let occupied = mask(cells);
        let mut at = [0u8; MAX_RANKED];
        for (place, &cell) in at.iter_mut().zip(cells) {
            *place = (occupied & ((1 << cell) - 1)).count_ones() as u8;
        }
        set_rank(occupied) * self.per_set + self.places.rank(&at[..self.k]) as usize
    }

    /// The sets whose entries are `entries`, whole sets from index `base` on: each set's rank,
    /// its cells, and its entries.
    pub(crate) fn sets<'a, T>(
        &self,
        base: usize,
        entries: &'a mut [T],
    ) -> impl Iterator<Item = (usize, u64, &'a mut [T])> + 'a {
        let (first, per_set) = (base / self.per_set, self.per_set);
        let start = nth_set(first, self.k);
        let walk = entries.chunks_mut(per_set).enumerate();
        walk.scan(None, move |last: &mut Option<u64>, (s, entries)| {
            let occupied = last.map_or(start, next_set);
            *last = Some(occupied);
            Some((first + s, occupied, entries))
        })
    }

    /// Into `steps`, each step a tile of the set `set` can take into a free cell of a board `W`
    /// wide with `N` cells.
    pub(crate) fn steps<'a, const W: usize, const N: usize>(
        &'a self,
        set: u64,
        steps: &mut Vec<Step<'a>>,
    ) {
        steps.clear();
        let mut rest = set;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let a = (set & ((1 << from) - 1)).count_ones() as usize;
            let mut targets = Masks::<W, N>::NEIGHBOURS[from] & !set;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let moved = set & !(1 << from) | 1 << to;
                let b = (moved & ((1 << to) - 1)).count_ones() as usize;
                let (child, shifted) = (set_rank(moved), self.shifted(a, b));
                steps.push(Step {
                    from,
                    to,
                    child,
                    shifted,
                });
            }
        }
    }

    /// [`SetOrder::shifted`] for a step from place `a` to place `b`.
    fn shifted(&self, a: usize, b: usize) -> &[u16] {
        let start = (a * self.k + b) * self.per_set;
        &self.shifted[start..start + self.per_set]
    }

    /// The table `table`, in this order, put in rank order ([`Ranking`]) on a board of `N`
    /// cells, on up to `threads` threads.
    pub(crate) fn in_ranks<const N: usize>(
        &self,
        table: Vec<u8>,
        threads: usize,
        what: impl FnOnce() -> String,
    ) -> Vec<u8> {
        let per_set = self.per_set;
        self.ranked::<N, _, _>(table.len(), threads, what, |set, _| {
            let entries = &table[set * per_set..(set + 1) * per_set];
            move |p| entries[p]
        })
    }

    /// A table of `len` entries in rank order ([`Ranking`]) on a board of `N` cells, built on up
    /// to `threads` threads a set at a time: `entries(set, cells)`, given a set's index in this
    /// order and its cells lowest first, gives the entry of each of its placements. A
    /// placement's rank is a sum over its tiles (the tile's weight times its cell, less the
    /// weight for each earlier tile on a lower cell), so each placement of a set is the set's
    /// cells times weights of its own, less a number of its own: no placement is unranked.
    pub(crate) fn ranked<const N: usize, F, G>(
        &self,
        len: usize,
        threads: usize,
        what: impl FnOnce() -> String,
        entries: F,
    ) -> Vec<u8>
    where
        F: Fn(usize, &[u32; MAX_RANKED]) -> G + Sync,
        G: FnMut(usize) -> u8,
    {
        let (k, weights) = (self.k, Ranking::new(self.k, N).weights());
        let place_weights = self.place_weights(&weights);
        let less = self.less(&weights, &IDENTITY[..k], &IDENTITY[..k]);
        let mut ranked: Vec<AtomicU8> = Vec::new();
        memory::reserve(&mut ranked, len, what, MORE_MEMORY);
        ranked.extend((0..len).map(|_| AtomicU8::new(0)));
        let (sets, per_chunk) = (len / self.per_set, self.chunk / self.per_set);
        let next = AtomicUsize::new(0);
        on_threads(threads, || loop {
            let first = next.fetch_add(per_chunk, Relaxed);
            if first >= sets {
                return;
            }
            let mut occupied = nth_set(first, k);
            for set in first..sets.min(first + per_chunk) {
                let mut cells = [0u32; MAX_RANKED];
                let mut rest = occupied;
                for cell in &mut cells[..k] {
                    *cell = rest.trailing_zeros();
                    rest &= rest - 1;
                }
                let mut entry = entries(set, &cells);
                for (p, (by_place, less)) in place_weights.iter().zip(&less).enumerate() {
                    let sum: u32 = cells.iter().zip(by_place).map(|(c, w)| c * w).sum();
                    ranked[(sum - less) as usize].store(entry(p), Relaxed);
                }
                occupied = next_set(occupied);
            }
        });
        ranked.into_iter().map(AtomicU8::into_inner).collect()
    }

    /// For each placement of a set, the weight of the tile at each place, tile `i` weighing
    /// `by_tile[i]`.
    pub(crate) fn place_weights(&self, by_tile: &[u32; MAX_RANKED]) -> Vec<[u32; MAX_RANKED]> {
        let unranking = Unranking::new(&self.places, self.k);
        (0..self.per_set as u32)
            .map(|p| {
                let mut by_place = [0u32; MAX_RANKED];
                for (tile, &place) in unranking.placement(p)[..self.k].iter().enumerate() {
                    by_place[usize::from(place)] = by_tile[tile];
                }
                by_place
            })
            .collect()
    }

    /// For each placement of a set, what its rank takes off the sum of its tiles' weights times
    /// their cells, once tile `i` is the ranked tile `digits[i]` and each place `q` is the place
    /// `to[q]` of the ranked set: the weight of each tile for each earlier one on a lower cell.
    pub(crate) fn less(&self, weights: &[u32; MAX_RANKED], digits: &[u8], to: &[u8]) -> Vec<u32> {
        let unranking = Unranking::new(&self.places, self.k);
        (0..self.per_set as u32)
            .map(|p| {
                let at = unranking.placement(p);
                let place = |i: usize| to[usize::from(at[i])];
                let tiles = 0..self.k;
                tiles.clone().fold(0, |sum, i| {
                    let lower = tiles
                        .clone()
                        .filter(|&j| digits[j] < digits[i] && place(j) < place(i));
                    sum + weights[usize::from(digits[i])] * lower.count() as u32
                })
            })
            .collect()
    }
}

/// The places of a set in their own order, the first `k` of them for a set of `k`.
const IDENTITY: [u8; MAX_RANKED] = [0, 1, 2, 3, 4, 5, 6, 7];

/// `BINOMIAL[n][k]`: n choose k, for the ranks of sets of cells.
const BINOMIAL: [[u32; MAX_RANKED + 1]; MAX_CELLS] = binomials();

const fn binomials() -> [[u32; MAX_RANKED + 1]; MAX_CELLS] {
    let mut table = [[0; MAX_RANKED + 1]; MAX_CELLS];
    let mut n = 0;
    while n < MAX_CELLS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_RANKED && n > 0 {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

/// The rank of the set of cells `occupied` among the sets of as many cells in the order of
/// their masks: the sum over its cells, lowest first, of (cell choose how many come before,
/// plus one).
pub(crate) fn set_rank(occupied: u64) -> usize {
    let (mut rest, mut below, mut rank) = (occupied, 1, 0);
    while rest != 0 {
        rank += BINOMIAL[rest.trailing_zeros() as usize][below];
        rest &= rest - 1;
        below += 1;
    }
    rank as usize
}

/// The set of `k` cells of rank `rank` ([`set_rank`] undone).
pub(crate) fn nth_set(mut rank: usize, k: usize) -> u64 {
    let mut set = 0;
    for below in (1..=k).rev() {
        let cell = (below - 1..MAX_CELLS)
            .take_while(|&c| BINOMIAL[c][below] as usize <= rank)
            .last()
            .unwrap_or(below - 1);
        rank -= BINOMIAL[cell][below] as usize;
        set |= 1 << cell;
    }
    set
}

/// The set of as many cells as `set` next in the order of their masks: the lowest run of cells
/// carried one up, the rest of the run back to the bottom.
pub(crate) fn next_set(set: u64) -> u64 {
    let carry = set + (set & set.wrapping_neg());
    carry | ((set ^ carry) >> 2) >> set.trailing_zeros()
}

#[cfg(test)]
mod tests {
    /// Groups of five tiles, too many placements for the plain search: the table by sets of
    /// cells is the one by ranks (both are checked against that search on smaller groups of
    /// every shape in [`crate::pdb::build`]'s tests).
    #[test]
    fn by_sets_as_by_ranks_on_groups_of_five() {
        fn check<const W: usize, const N: usize>(tiles: &[u8]) {
            let by_ranks = crate::pdb::build::build_table::<W, N>(tiles);
            assert!(super::build_table::<W, N>(tiles) == by_ranks, "{:?}", tiles);
        }
        for tiles in [
            &[1, 2, 3, 5, 6][..],
            &[7, 8, 11, 12, 15],
            &[1, 6, 11, 4, 13],
        ] {
            check::<4, 16>(tiles);
        }
        check::<8, 16>(&[1, 2, 9, 10, 3]);
    }
}
