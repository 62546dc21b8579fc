//! The placements of a group of tiles on a board of up to 36 cells, as a pattern database's
//! build walks them: each ranked by a perfect index, as Cantor ranks permutations, and kept up
//! to date as a tile steps ([`Ranking`]); the ranks taken in order ([`advance`]); and the
//! region of free cells the blank wanders in for nothing ([`region`]).

/// The most cells of a board: the 6x6 board's 36, a bit of a `u64` mask each.
pub const MAX_CELLS: usize = 36;

/// The most tiles of a group whose placements are ranked: eight, for the 7-8 tables of
/// [`crate::pdb::large`].
pub const MAX_RANKED: usize = 8;

/// The entries of the table of a group of `tiles` tiles on a board of `cells` cells: its
/// placements, `cells`·(`cells` - 1)·..., `tiles` factors.
pub fn table_len(cells: usize, tiles: usize) -> usize {
    (0..tiles).map(|j| cells - j).product()
}

/// How the placements of a group of `k` tiles are ranked, and how a rank follows a step.
#[derive(Clone, Copy)]
pub struct Ranking {
    /// `weights[i]`: the value of a unit of digit `i`: the placements of the tiles after it.
    weights: [u32; MAX_RANKED],
    /// `passed[s][o]`: how much the rank's change grows when tile `s`, stepping along a column
    /// towards higher cells, passes over a cell holding tile `o` (`NO_TILE`: none). An earlier
    /// tile there takes one from `s`'s digit; a later one's digit grows by one.
    passed: [[i32; MAX_RANKED + 1]; MAX_RANKED],
}

/// `NTH_BIT[byte][n]`: the place of the set bit of `byte` that has `n` set bits below it.
const NTH_BIT: [[u8; 8]; 256] = nth_bits();

const fn nth_bits() -> [[u8; 8]; 256] {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// The cell of the set bit of `cells` that has `n` set bits below it: a look-up a byte, not a
/// loop of `n` steps.
fn nth_cell(mut cells: u64, mut n: u32) -> u8 {
    let mut base = 0;
    loop {
        let byte = cells as u8;
        match n.checked_sub(byte.count_ones()) {
            None => return base + NTH_BIT[usize::from(byte)][n as usize],
            Some(left) => (n, cells, base) = (left, cells >> 8, base + 8),
        }
    }
}

/// Placements from their ranks, [`Ranking::rank`] undone, by multiplications, not divisions.
pub struct Unranking {
    k: usize,
    weights: [u32; MAX_RANKED],
    /// `2^64 / weights[i]`, rounded up: a rank's digit `i` is the high word of the rank times
    /// it (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019: exact for
    /// every 32-bit rank); 0 for the last digit, whose weight is 1.
    reciprocals: [u64; MAX_RANKED],
}

impl Unranking {
    /// The placements of `ranking`'s group of `k` tiles.
    pub fn new(ranking: &Ranking, k: usize) -> Unranking {
        let weights = ranking.weights;
        let reciprocals = weights.map(|w| match w {
            0 | 1 => 0,
            w => u64::MAX / u64::from(w) + 1,
        });
        Unranking {
            k,
            weights,
            reciprocals,
        }
    }

    /// The placement of rank `rank`: `cells[i]` is the cell of the group's tile `i`.
    pub fn placement(&self, mut rank: u32) -> [u8; MAX_RANKED] {
        let (mut cells, mut used) = ([0u8; MAX_RANKED], 0u64);
        for (i, cell) in cells.iter_mut().enumerate().take(self.k) {
            let digit = self.digit(i, rank);
            rank -= digit * self.weights[i];
            *cell = nth_cell(!used, digit);
            used |= 1 << *cell;
        }
        cells
    }

    /// `rank / weights[i]`, by a multiplication: digit `i` of a rank once the digits before it
    /// are taken off.
    fn digit(&self, i: usize, rank: u32) -> u32 {
        match self.reciprocals[i] {
            0 => rank,
            reciprocal => ((u128::from(reciprocal) * u128::from(rank)) >> 64) as u32,
        }
    }
}

/// `slot_at`'s answer for a cell that holds none of the group's tiles.
pub const NO_TILE: usize = MAX_RANKED;

impl Ranking {
    /// The ranking of `k` tiles on a board of `cells` cells.
    pub fn new(k: usize, cells: usize) -> Ranking {
        let mut weights = [0; MAX_RANKED];
        for (i, weight) in weights[..k].iter_mut().enumerate() {
            *weight = ((i + 1)..k).map(|j| (cells - j) as u32).product();
        }
        let mut passed = [[0; MAX_RANKED + 1]; MAX_RANKED];
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

    /// The value of a unit of each tile's digit of a rank.
    pub fn weights(&self) -> [u32; MAX_RANKED] {
        self.weights
    }

    /// The rank of a placement: `cells[i]` is the cell of the group's tile `i`.
    pub fn rank(&self, cells: &[u8]) -> u32 {
        let mut used = 0u64;
        let mut rank = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let free_below = u32::from(cell) - (used & ((1 << cell) - 1)).count_ones();
            rank += free_below * self.weights[i];
            used |= 1 << cell;
        }
        rank
    }

    /// The rank once the group's tile `slot` steps from cell `from` to the free neighbouring
    /// cell `to` of a board `W` wide with `N` cells; `slot_at(cell)` names the group's tile in a
    /// cell, or `NO_TILE`. Only tiles in the cells between `from` and `to` (none for a step
    /// along a row, `W - 1` for a step along a column) see their digits change, each by one, and
    /// so does the stepping tile's. Written without branches: in the build the kind of step is
    /// unpredictable.
    #[inline]
    pub fn after_step<const W: usize, const N: usize>(
        &self,
        rank: u32,
        slot: usize,
        from: usize,
        to: usize,
        slot_at: impl Fn(usize) -> usize,
    ) -> u32 {
        let (low, high) = (from.min(to), from.max(to));
        let passed = &self.passed[slot];
        let over: i32 = (1..W).map(|i| passed[slot_at((low + i) % N)]).sum();
        let change = (high - low) as i32 * self.weights[slot] as i32
            + if high - low == W { over } else { 0 };
        if from < to {
            rank + change as u32
        } else {
            rank - change as u32
        }
    }
}

/// The cells next to each cell of a board `width` wide with `cells` cells, as bit masks.
const fn neighbour_masks(width: usize, cells: usize) -> [u64; MAX_CELLS] {
    let mut masks = [0u64; MAX_CELLS];
    let mut cell = 0;
    while cell < cells {
        if cell >= width {
            masks[cell] |= 1 << (cell - width);
        }
        if cell + width < cells {
            masks[cell] |= 1 << (cell + width);
        }
        if cell % width != 0 {
            masks[cell] |= 1 << (cell - 1);
        }
        if cell % width != width - 1 {
            masks[cell] |= 1 << (cell + 1);
        }
        cell += 1;
    }
    masks
}

/// The cells of a board `width` wide with `cells` cells that are not in column `column`.
const fn outside_column(width: usize, cells: usize, column: usize) -> u64 {
    let (mut mask, mut cell) = (0u64, 0);
    while cell < cells {
        if cell % width != column {
            mask |= 1 << cell;
        }
        cell += 1;
    }
    mask
}

/// The cell masks of a board `W` wide with `N` cells, worked out at compile time.
pub struct Masks<const W: usize, const N: usize>;

impl<const W: usize, const N: usize> Masks<W, N> {
    pub const NEIGHBOURS: [u64; MAX_CELLS] = neighbour_masks(W, N);
    pub const BOARD: u64 = (1 << N) - 1;
    const NOT_LEFT: u64 = outside_column(W, N, 0);
    const NOT_RIGHT: u64 = outside_column(W, N, W - 1);
}

/// The set of the cells `cells`, a bit a cell.
#[inline]
pub fn mask(cells: &[u8]) -> u64 {
    cells.iter().fold(0, |m, &c| m | 1 << c)
}

/// The cells the blank reaches from `start` through the free cells `free` of a board `W` wide
/// with `N` cells.
pub fn region<const W: usize, const N: usize>(start: usize, free: u64) -> u64 {
    let (not_left, not_right) = (Masks::<W, N>::NOT_LEFT, Masks::<W, N>::NOT_RIGHT);
    let mut region = 1u64 << start;
    loop {
        let grown = (region
            | region << W
            | region >> W
            | (region << 1) & not_left
            | (region >> 1) & not_right)
            & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The next placement of `cells.len()` tiles on the cells of `board` in rank order: the last
/// tile to the next free cell above its own, or else the one before it, and so on, the tiles
/// after it on the lowest free cells. False after the last placement.
pub fn advance(cells: &mut [u8], board: u64) -> bool {
    for i in (0..cells.len()).rev() {
        let used = mask(&cells[..i]);
        let above = board & !used & !((2u64 << cells[i]) - 1);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_the_placements_and_steps_keep_them_up_to_date() {
        let three = Ranking::new(3, 16);
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
        // Every step of every tile of a few six-tile placements, against a fresh rank, on the
        // 4x4 board and on the 2x8 board, whose vertical steps pass over seven cells.
        fn check_steps<const W: usize, const N: usize>(placements: &[[u8; 6]]) {
            let six = Ranking::new(6, N);
            let neighbours = neighbour_masks(W, N);
            for cells in placements {
                for slot in 0..6 {
                    let from = usize::from(cells[slot]);
                    let occupied = mask(cells);
                    let mut targets = neighbours[from] & !occupied;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as usize;
                        targets &= targets - 1;
                        let slot_at = |c: usize| {
                            let slot = cells.iter().position(|&x| usize::from(x) == c);
                            slot.unwrap_or(NO_TILE)
                        };
                        let mut after = *cells;
                        after[slot] = to as u8;
                        let rank = six.rank(cells);
                        let stepped = six.after_step::<W, N>(rank, slot, from, to, slot_at);
                        assert_eq!(stepped, six.rank(&after), "{:?} {} -> {}", cells, from, to);
                    }
                }
            }
        }
        let placements = [
            [0, 1, 2, 3, 4, 5],
            [15, 9, 6, 12, 3, 0],
            [5, 10, 1, 14, 7, 11],
        ];
        check_steps::<4, 16>(&placements);
        check_steps::<8, 16>(&placements);
        check_steps::<5, 15>(&[
            [0, 1, 2, 3, 4, 5],
            [14, 9, 6, 12, 3, 0],
            [5, 10, 1, 13, 7, 11],
        ]);
    }
}
