//! Beam search, for boards too large to solve optimally (up to [`MAX_CELLS`] cells, 5x5 and the
//! like): breadth-first, one level of moves at a time, keeping of each level only the `width`
//! boards with the smallest Manhattan distance plus linear conflict, and never a board seen at
//! an earlier level. The first level that holds the goal gives the path. Time and memory go as
//! `width` times the path's length: no proof of quality, but on Korf and Felner's 5x5 boards the
//! paths come within a few moves in ten of the optimal ones (see the README's Performance
//! section).
//!
//! A board is packed into a `u128`, five bits a cell, so a level is a vector of keys and the
//! boards seen are one hash set of integers. The estimate follows each move from the one tile
//! that slid: its Manhattan distance changes by one, and the conflicts of the two lines it left
//! and entered are counted again (each line's conflict is twice the tiles that belong in it less
//! its longest run in goal order).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::Move;

/// The most cells of a board beam search takes: a cell packs into five bits of a `u128`.
pub const MAX_CELLS: usize = 25;

/// A board on a level: its key, its estimate, the blank's cell, and where it came from (its
/// parent's index on the level before, and the move that led here).
#[derive(Clone, Copy)]
struct Node {
    key: u128,
    estimate: u32,
    blank: u8,
    parent: u32,
    last: Move,
}

/// Moves of the blank that turn the board `tiles` (`columns` to a row, at most [`MAX_CELLS`]
/// cells, able to reach `1 2 .. N-1 0`) into the goal, found by beam search of `width` boards
/// a level.
///
/// # Example
/// ```
/// use engine::beam;
/// use engine::board::Move;
/// let moves = beam::solve(3, &[1, 2, 3, 4, 0, 5], 100);
/// assert_eq!(moves, [Move::Right]);
/// ```
pub fn solve(columns: usize, tiles: &[u32], width: usize) -> Vec<Move> {
    assert!(tiles.len() <= MAX_CELLS, "beam search takes up to {} cells", MAX_CELLS);
    let lines = Lines::new(columns, tiles.len());
    let start = pack(tiles);
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let goal = pack(&(1..tiles.len() as u32).chain([0]).collect::<Vec<_>>());
    let estimate = lines.estimate(tiles);
    let start = Node { key: start, estimate, blank: blank as u8, parent: 0, last: Move::Up };
    if start.key == goal {
        return Vec::new();
    }
    let mut levels = vec![vec![start]];
    // Room for a few hundred levels at once, instead of growing the set step by step.
    let mut seen: HashSet<u64, BuildHasherDefault<Fingerprint>> =
        HashSet::with_capacity_and_hasher(width.saturating_mul(256), Default::default());
    seen.insert(fingerprint(start.key));
    let mut board = vec![0u32; tiles.len()];
    let mut found = None;
    while found.is_none() {
        let level = levels.last().expect("the start's level at the least");
        let mut next = Vec::new();
        for (index, node) in level.iter().enumerate() {
            unpack(node.key, &mut board);
            let blank = usize::from(node.blank);
            for m in Move::ALL {
                let cell = match m.target(columns, tiles.len(), blank) {
                    Some(cell) => cell,
                    None => continue,
                };
                // The tile slides from `cell` into the blank's: both cells' bits change.
                let tile = u128::from(board[cell]);
                let key = node.key ^ tile << (5 * cell) ^ tile << (5 * blank);
                if seen.contains(&fingerprint(key)) {
                    continue; // the board before this one among them
                }
                let estimate = lines.after_slide(&mut board, node.estimate, cell, blank);
                let parent = index as u32;
                next.push(Node { key, estimate, blank: cell as u8, parent, last: m });
            }
        }
        // The best `width` boards, each once: a board reached two ways holds one place.
        next.sort_unstable_by_key(|node| (node.estimate, node.key));
        next.dedup_by_key(|node| node.key);
        next.truncate(width);
        seen.extend(next.iter().map(|node| fingerprint(node.key)));
        assert!(!next.is_empty(), "a board that can reach the goal always has a new neighbour");
        found = next.iter().position(|node| node.key == goal);
        levels.push(next);
    }
    // The moves, from the goal back through the parents.
    let mut index = found.unwrap_or(0);
    let mut moves = Vec::with_capacity(levels.len());
    for level in levels[1..].iter().rev() {
        moves.push(level[index].last);
        index = level[index].parent as usize;
    }
    moves.reverse();
    moves
}

/// The board `tiles` packed five bits a cell.
fn pack(tiles: &[u32]) -> u128 {
    let cells = tiles.iter().enumerate();
    cells.fold(0, |key, (cell, &tile)| key | u128::from(tile) << (5 * cell))
}

/// The tiles of the packed board `key` into `board`.
fn unpack(key: u128, board: &mut [u32]) {
    for (cell, tile) in board.iter_mut().enumerate() {
        *tile = (key >> (5 * cell)) as u32 & 31;
    }
}

/// The rows and columns of a board, and each tile's home.
struct Lines {
    columns: usize,
    rows: usize,
}

impl Lines {
    fn new(columns: usize, cells: usize) -> Self {
        Lines { columns, rows: cells / columns }
    }

    /// Manhattan distance plus linear conflict of `board`.
    fn estimate(&self, board: &[u32]) -> u32 {
        let manhattan: u32 = (0..board.len()).map(|cell| self.distance(board[cell], cell)).sum();
        let rows: u32 = (0..self.rows).map(|row| self.row_conflict(board, row)).sum();
        let columns: u32 = (0..self.columns).map(|c| self.column_conflict(board, c)).sum();
        manhattan + rows + columns
    }

    /// The estimate once the tile at `from` of `board`, whose estimate is `before`, slides
    /// into the blank at `to`; `board` is left as it was. Only a line the tile leaves or enters
    /// can change its conflict (rows for a vertical slide, columns for a horizontal one), and
    /// only if the tile belongs in it: at most one line is counted again.
    fn after_slide(&self, board: &mut [u32], before: u32, from: usize, to: usize) -> u32 {
        let tile = board[from];
        let distance = before + self.distance(tile, to) - self.distance(tile, from);
        let (columns, home) = (self.columns, tile as usize - 1);
        let (line, conflict): (usize, fn(&Self, &[u32], usize) -> u32) =
            match from / columns == to / columns {
                true => (home % columns, Self::column_conflict),
                false => (home / columns, Self::row_conflict),
            };
        let touched = match from / columns == to / columns {
            true => line == from % columns || line == to % columns,
            false => line == from / columns || line == to / columns,
        };
        if !touched {
            return distance;
        }
        let was = conflict(self, board, line);
        board.swap(from, to);
        let now = conflict(self, board, line);
        board.swap(from, to);
        distance + now - was
    }

    /// The tile's Manhattan distance from `cell` to its home (0 for the blank).
    fn distance(&self, tile: u32, cell: usize) -> u32 {
        match tile {
            0 => 0,
            tile => {
                let home = tile as usize - 1;
                let (row, column) = (cell / self.columns, cell % self.columns);
                (row.abs_diff(home / self.columns) + column.abs_diff(home % self.columns)) as u32
            }
        }
    }

    fn row_conflict(&self, board: &[u32], row: usize) -> u32 {
        let cells = row * self.columns..(row + 1) * self.columns;
        let homes = cells.map(|cell| board[cell]).filter(|&t| t != 0);
        let belong = homes.filter(|&t| (t as usize - 1) / self.columns == row);
        conflict(belong)
    }

    fn column_conflict(&self, board: &[u32], column: usize) -> u32 {
        let tiles = (0..self.rows).map(|row| board[row * self.columns + column]);
        let belong = tiles.filter(|&t| t != 0 && (t as usize - 1) % self.columns == column);
        conflict(belong)
    }
}

/// Twice the tiles of `line` (in order along it, each belonging to it, in goal order by number)
/// less its longest increasing run.
fn conflict(line: impl Iterator<Item = u32>) -> u32 {
    // `longest[k]`: the longest increasing run ending at the k-th tile, over at most 25 tiles.
    let mut tiles = [0u32; MAX_CELLS];
    let mut longest = [0u32; MAX_CELLS];
    let (mut count, mut best) = (0, 0);
    for tile in line {
        let run = 1 + (0..count)
            .filter(|&j| tiles[j] < tile)
            .map(|j| longest[j])
            .max()
            .unwrap_or(0);
        tiles[count] = tile;
        longest[count] = run;
        count += 1;
        best = best.max(run);
    }
    2 * (count as u32 - best)
}

/// A 64-bit fingerprint of a packed board, for the set of boards seen: half the memory of the
/// keys, which matters as the set outgrows the caches. Two boards of a few million share one
/// with a chance of about one in ten million, and then a board is left out of the search, which
/// costs at most a longer path.
fn fingerprint(key: u128) -> u64 {
    let high = (key >> 64) as u64;
    let mixed = (key as u64).wrapping_add(high.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mixed = (mixed ^ mixed >> 31).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed ^ mixed >> 29
}

/// The hasher of fingerprints, which are hashes already.
#[derive(Default)]
struct Fingerprint(u64);

impl Hasher for Fingerprint {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8 | u64::from(byte)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, fingerprint: u64) {
        self.0 = fingerprint;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::any_shape::lower_bound;

    #[test]
    fn the_estimate_follows_each_slide() {
        let lines = Lines::new(5, 25);
        let mut board: Vec<u32> = (1..25).chain([0]).collect();
        let mut estimate = lines.estimate(&board);
        assert_eq!(estimate, 0);
        let (mut blank, mut seed) = (24usize, 12345u64);
        for _ in 0..3000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let m = Move::ALL[(seed >> 33) as usize % 4];
            if let Some(cell) = m.target(5, 25, blank) {
                estimate = lines.after_slide(&mut board, estimate, cell, blank);
                board.swap(cell, blank);
                blank = cell;
                assert_eq!(estimate, lines.estimate(&board));
                assert_eq!(u64::from(estimate), lower_bound(5, &board));
            }
        }
    }
}
