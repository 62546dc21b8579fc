//! Beam search, for boards too large to solve optimally (up to [`MAX_CELLS`] cells; 5x5 to 10x10 in
//! practice): breadth-first, one level of moves at a time, keeping of each level only the `width`
//! boards of the best rank (the estimate, ties broken as it sees fit), and no board seen in the
//! last `WINDOW` levels. The first level that holds the goal gives the path. The estimate is an
//! [`Estimate`]: Manhattan distance plus linear conflict ([`LinearConflict`]) on any board, or a
//! search's pattern databases on a board they serve ([`Tables`]). Time goes as `width` times the
//! path's length, memory as `width` times the board: no proof of quality, but on Korf and Felner's
//! 5x5 boards the paths come within a few moves in ten of the optimal ones under linear conflict,
//! and closer under their 6-6-6-6 tables; on 8x8 boards within twice the tiles' Manhattan distance
//! (see doc/performance.md).
//!
//! A level's boards lie in one arena of bytes, a tile a byte, each with a 64-bit Zobrist
//! fingerprint (a random number for each tile in each cell, XORed; a move changes four of them),
//! which is all the set of boards seen holds. Two boards of a few million share a fingerprint
//! with a chance of about one in ten million, and then one is left out, which costs at most a
//! longer path. The estimate follows each move from the one tile that slid. Each thread sorts
//! the children of its share of a level, and the runs are merged.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::Move;
use crate::pdb::additive::{PatternDb, PatternState};
use crate::search::ida_star::Heuristic;
use crate::search::linear_conflict::{column_conflict, home_distance, lower_bound, row_conflict};
use crate::threads::in_parallel;

/// The most cells of a board beam search takes: tiles are bytes.
pub const MAX_CELLS: usize = 256;

/// How many levels back a board counts as seen: repeats of the last dozen levels (undoing a
/// move, going round a 2x2 block three times) are all the search meets. Keeping every level
/// finds the same paths in about twice the time, as the set outgrows the caches.
const WINDOW: usize = 12;

/// How many levels a search goes on without a board nearer the goal, by the estimate, than any
/// before: a search that stalls that long has lost its way (on random 5x5 to 8x8 boards the best
/// estimate falls every level or two). Nor does it go past three times the start's estimate,
/// plus 100 levels: its paths come out at about twice that.
const STALL: usize = 100;

/// What beam search ranks a level's boards by: a lower bound on the moves to the goal, followed
/// from a board to its neighbour by the one tile that slid. Each thread works with its own
/// clone.
pub trait Estimate: Clone + Send + Sync {
    /// What is kept with a board to follow its estimate, and to read it from at a glance.
    type State: Copy + Send + Sync;
    /// The state of `board`, a tile a byte.
    fn state(&mut self, board: &[u8]) -> Self::State;
    /// The estimate: never more than the fewest moves to the goal, and 0 only at the goal.
    fn value(&self, state: &Self::State) -> u32;
    /// The order of a level's boards, the estimate first: by default the estimate alone.
    fn rank(&self, state: &Self::State) -> u64 {
        u64::from(self.value(state))
    }
    /// The state once the tile at `from` of `board`, whose state is `before`, slides into the
    /// blank at `to`; `board` is left as it was.
    fn after_slide(
        &mut self,
        board: &mut [u8],
        before: &Self::State,
        from: usize,
        to: usize,
    ) -> Self::State;
}

/// A board on a level, beside its tiles in the level's arena: its fingerprint, what its
/// estimate is read from, and the blank's cell.
#[derive(Clone, Copy)]
struct Node<S> {
    key: u64,
    state: S,
    blank: u16,
}

/// Where a beam search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The moves of the blank to the goal.
    Goal(Vec<Move>),
    /// The search gave up: the moves to the board with the lowest estimate it met, from which
    /// another method may go on.
    Nearest(Vec<Move>),
}

/// Searches from the board `tiles` (`columns` to a row, at most [`MAX_CELLS`] cells, able to
/// reach `1 2 .. N-1 0`) for the goal, keeping the `width` boards of each level of the best rank
/// by `estimate`, each level's boards expanded on up to `threads` threads. It gives up
/// after `STALL` levels without a new best estimate, past three times the start's estimate
/// plus 100 levels, or with no new board to go to. The outcome does not depend on the threads.
///
/// # Example
/// ```
/// use engine::big_boards::beam::{self, LinearConflict, Outcome};
/// use engine::board::Move;
/// let estimate = LinearConflict::new(3, 6);
/// let outcome = beam::solve(3, &[1, 2, 3, 4, 0, 5], 100, 1, estimate);
/// assert_eq!(outcome, Outcome::Goal(vec![Move::Right]));
/// ```
pub fn solve<E: Estimate>(
    columns: usize,
    tiles: &[u32],
    width: usize,
    threads: usize,
    mut estimate: E,
) -> Outcome {
    let (cells, threads) = (tiles.len(), threads.max(1));
    assert!(
        cells <= MAX_CELLS,
        "beam search takes up to {} cells",
        MAX_CELLS
    );
    // A random number for each tile in each cell: a board's fingerprint is those of its tiles'
    // places XORed, and a move changes four of them, two for the tile and two for the blank.
    let mut seed = 0x2024_1124_u64;
    let zobrist: Vec<u64> = (0..cells * cells).map(|_| split_mix(&mut seed)).collect();
    let z = |tile: u8, cell: usize| zobrist[usize::from(tile) * cells + cell];
    let board: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
    let key = board
        .iter()
        .enumerate()
        .fold(0, |key, (cell, &t)| key ^ z(t, cell));
    let blank = board.iter().position(|&t| t == 0).unwrap_or(0) as u16;
    let state = estimate.state(&board);
    let mut level = vec![Node { key, state, blank }];
    let mut arena = board;
    // Each level's boards' parents (their places on the level before) and last moves.
    let mut trail: Vec<Vec<(u32, Move)>> = Vec::new();
    // The boards of the last `WINDOW` levels, by fingerprint, with their levels.
    let mut seen: HashMap<u64, usize, BuildHasherDefault<Fingerprint>> =
        HashMap::with_capacity_and_hasher(2 * WINDOW * width, Default::default());
    seen.insert(key, 0);
    let mut found = level
        .iter()
        .position(|node| estimate.value(&node.state) == 0);
    let (mut best, mut best_depth) = (estimate.value(&level[0].state), 0);
    let max_levels = 3 * estimate.value(&level[0].state) as usize + 100;
    while found.is_none() {
        let depth = trail.len() + 1;
        // The new boards one move from a share of the level, from `first` on. The move back
        // to a board's parent is not tried: the parent is among the boards seen.
        let last_moves = trail.last();
        let expand = |(first, share): &(usize, &[Node<E::State>])| {
            let mut board = vec![0u8; cells];
            let mut own = estimate.clone();
            let mut children = Vec::with_capacity(3 * share.len());
            for (index, node) in (*first..).zip(share.iter()) {
                board.copy_from_slice(&arena[index * cells..(index + 1) * cells]);
                let blank = usize::from(node.blank);
                let back = last_moves.map(|moves| moves[index].1.opposite());
                for m in Move::ALL {
                    let cell = match m.target(columns, cells, blank) {
                        Some(cell) if Some(m) != back => cell,
                        _ => continue,
                    };
                    // The tile slides from `cell` into the blank's, the blank the other way.
                    let tile = board[cell];
                    let key = node.key ^ z(tile, cell) ^ z(tile, blank) ^ z(0, blank) ^ z(0, cell);
                    let last_seen = seen.get(&key);
                    if last_seen.map_or(false, |&level| depth - level <= WINDOW) {
                        continue; // the board before this one among them
                    }
                    let state = own.after_slide(&mut board, &node.state, cell, blank);
                    let child = Node {
                        key,
                        state,
                        blank: cell as u16,
                    };
                    children.push((child, index as u32, m));
                }
            }
            children.sort_unstable_by_key(|child| order(&own, child));
            children
        };
        let size = ((level.len() + threads - 1) / threads).max(1);
        let shares: Vec<(usize, &[Node<E::State>])> =
            (0..).step_by(size).zip(level.chunks(size)).collect();
        // The best `width` boards, each once: a board reached two ways holds one place.
        let runs = in_parallel(&shares, threads, expand);
        let next = merged(&runs, width, |child| order(&estimate, child));
        let nearest = next
            .first()
            .map_or(u32::MAX, |(node, _, _)| estimate.value(&node.state));
        if nearest < best {
            (best, best_depth) = (nearest, depth);
        }
        if next.is_empty() || depth - best_depth > STALL || depth > max_levels {
            // The nearest board met leads its level, whose sorting put it first.
            return Outcome::Nearest(path(&trail[..best_depth.min(trail.len())], 0));
        }
        seen.extend(next.iter().map(|(node, _, _)| (node.key, depth)));
        if depth % WINDOW == 0 {
            seen.retain(|_, level| depth - *level <= WINDOW);
        }
        // The next level's tiles: each parent's, with the one move made.
        let mut tiles = Vec::with_capacity(next.len() * cells);
        for &(node, parent, _) in &next {
            let parent = parent as usize;
            tiles.extend_from_slice(&arena[parent * cells..(parent + 1) * cells]);
            let blank = level[parent].blank;
            let at = tiles.len() - cells;
            tiles.swap(at + usize::from(blank), at + usize::from(node.blank));
        }
        arena = tiles;
        found = next
            .iter()
            .position(|(node, _, _)| estimate.value(&node.state) == 0);
        level = next.iter().map(|&(node, _, _)| node).collect();
        trail.push(next.into_iter().map(|(_, parent, m)| (parent, m)).collect());
    }
    Outcome::Goal(path(&trail, found.unwrap_or(0)))
}

/// A child's place in its level: by rank, then by fingerprint (a board's duplicates side by
/// side), then by its parent's place.
fn order<E: Estimate>(estimate: &E, child: &(Node<E::State>, u32, Move)) -> (u64, u64, u32) {
    let (node, parent, _) = child;
    (estimate.rank(&node.state), node.key, *parent)
}

/// The first `width` children of `runs`, each sorted by `rank` ([`order`]), the first of a
/// board's duplicates alone: the same children however the level was shared out.
fn merged<C: Copy>(runs: &[Vec<C>], width: usize, rank: impl Fn(&C) -> (u64, u64, u32)) -> Vec<C> {
    let mut heads = vec![0; runs.len()];
    let mut next: Vec<C> = Vec::with_capacity(width);
    let mut last_key = None;
    while next.len() < width {
        let first = (0..runs.len())
            .filter_map(|r| runs[r].get(heads[r]).map(|child| (rank(child), r)))
            .min();
        let ((_, key, _), r) = match first {
            Some(first) => first,
            None => break,
        };
        if last_key != Some(key) {
            next.push(runs[r][heads[r]]);
            last_key = Some(key);
        }
        heads[r] += 1;
    }
    next
}

/// The moves to the board at `index` on the last level of `trail`, back through the parents.
fn path(trail: &[Vec<(u32, Move)>], mut index: usize) -> Vec<Move> {
    let mut moves = Vec::with_capacity(trail.len());
    for step in trail.iter().rev() {
        let (parent, m) = step[index];
        moves.push(m);
        index = parent as usize;
    }
    moves.reverse();
    moves
}

/// SplitMix64: the next of a stream of well-spread numbers.
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Manhattan distance plus linear conflict, on a board of any shape: a slide changes the tile's
/// Manhattan distance by one, and the conflict of the line it belongs in, if it left or entered
/// it, is counted again (each line's conflict is twice the tiles that belong in it less its
/// longest run in goal order).
#[derive(Clone)]
pub struct LinearConflict {
    columns: usize,
    /// Room for a line's increasing runs ([`crate::search::linear_conflict::line_conflict`]), kept
    /// from one count to the next (a fresh array of `MAX_CELLS` each time meant clearing 1 KB).
    tails: Vec<u32>,
}

impl LinearConflict {
    /// The estimate on a board `columns` wide with `cells` cells.
    pub fn new(columns: usize, cells: usize) -> LinearConflict {
        let longest = columns.max(cells / columns);
        LinearConflict {
            columns,
            tails: vec![0; longest],
        }
    }

    /// The tile's Manhattan distance from `cell` to its home (0 for the blank).
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        home_distance(self.columns, u32::from(tile), cell)
    }

    /// The conflict of row `line` of `board` if `row`, else of column `line`.
    fn conflict(&mut self, board: &[u8], row: bool, line: usize) -> u32 {
        match row {
            true => row_conflict(self.columns, board, line, &mut self.tails),
            false => column_conflict(self.columns, board, line, &mut self.tails),
        }
    }
}

impl Estimate for LinearConflict {
    type State = u32;

    fn state(&mut self, board: &[u8]) -> u32 {
        let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
        lower_bound(self.columns, &tiles) as u32
    }

    fn value(&self, state: &u32) -> u32 {
        *state
    }

    /// Only a line the tile leaves or enters can change its conflict (rows for a vertical
    /// slide, columns for a horizontal one), and only if the tile belongs in it: at most one
    /// line is counted again.
    #[inline]
    fn after_slide(&mut self, board: &mut [u8], before: &u32, from: usize, to: usize) -> u32 {
        let tile = board[from];
        let distance = before + self.distance(tile, to) - self.distance(tile, from);
        let (columns, home) = (self.columns, tile as usize - 1);
        // A vertical slide moves the tile between rows: its own row is the line to count again.
        let vertical = from / columns != to / columns;
        let (line, touched) = match vertical {
            true => (home / columns, [from / columns, to / columns]),
            false => (home % columns, [from % columns, to % columns]),
        };
        if !touched.contains(&line) {
            return distance;
        }
        let was = self.conflict(board, vertical, line);
        board.swap(from, to);
        let now = self.conflict(board, vertical, line);
        board.swap(from, to);
        distance + now - was
    }
}

/// Pattern databases as beam search's estimate, on the boards they serve (`W` wide with `N`
/// cells); boards of equal estimate ranked by [`PatternDb::second_opinion`]. On Korf and
/// Felner's 5x5 boards under the 6-6-6-6 tables, that brought paths about a fifth nearer the
/// optimum at no cost: the estimates take few values, so a level holds many boards of each.
#[derive(Clone)]
pub struct Tables<'a, const W: usize, const N: usize, const G: usize>(pub &'a PatternDb<W, N, G>);

impl<const W: usize, const N: usize, const G: usize> Estimate for Tables<'_, W, N, G> {
    type State = PatternState<G>;

    fn state(&mut self, board: &[u8]) -> PatternState<G> {
        self.0.state(cells_of(board))
    }

    fn value(&self, state: &PatternState<G>) -> u32 {
        self.0.estimate(state)
    }

    fn rank(&self, state: &PatternState<G>) -> u64 {
        u64::from(self.value(state)) << 32 | u64::from(self.0.second_opinion(state))
    }

    fn after_slide(
        &mut self,
        board: &mut [u8],
        before: &PatternState<G>,
        from: usize,
        to: usize,
    ) -> PatternState<G> {
        self.0.after_slide(cells_of(board), before, from, to)
    }
}

/// `board` as the array of a board of `N` cells.
fn cells_of<const N: usize>(board: &[u8]) -> &[u8; N] {
    board.try_into().expect("a board of the heuristic's size")
}

/// The hasher of fingerprints, which are spread over their bits already.
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
    use crate::board::replay;

    #[test]
    fn paths_reach_the_goal_whatever_the_threads_and_widths() {
        // Korf and Felner's first 5x5 board, posed for the goal 1 2 .. 24 0.
        let board = [
            12, 3, 9, 22, 1, 18, 24, 4, 14, 19, 21, 5, 15, 0, 10, 8, 13, 6, 2, 17, 7, 23, 16, 20,
            11,
        ];
        let goal: Vec<u32> = (1..25).chain([0]).collect();
        let estimate = LinearConflict::new(5, 25);
        let solve =
            |board: &[u32], width, threads| solve(5, board, width, threads, estimate.clone());
        let one = solve(&board, 2000, 1);
        match &one {
            Outcome::Goal(moves) => assert_eq!(replay(5, &board, moves), Some(goal.clone())),
            lost => panic!("a beam of 2,000 lost its way: {:?}", lost),
        }
        assert_eq!(solve(&board, 2000, 2), one);
        // A narrow beam may wander and give up: its moves must still lead, on the board, to
        // the nearest board it met, no farther by the estimate than the start.
        let start = lower_bound(5, &board);
        let mut lost = 0;
        for width in [1, 2, 5, 20] {
            match solve(&board, width, 1) {
                Outcome::Goal(moves) => {
                    assert_eq!(replay(5, &board, &moves), Some(goal.clone()))
                }
                Outcome::Nearest(moves) => {
                    let nearest = replay(5, &board, &moves).expect("moves on the board");
                    assert!(lower_bound(5, &nearest) <= start, "width {}", width);
                    assert_ne!(nearest, goal, "width {}", width);
                    lost += 1;
                }
            }
        }
        assert!(lost > 0, "no narrow beam gave up, so none was checked");
        let two = LinearConflict::new(2, 4);
        assert_eq!(
            super::solve(2, &[1, 2, 3, 0], 10, 2, two),
            Outcome::Goal(Vec::new())
        );
    }

    #[test]
    fn merged_runs_keep_the_first_of_each_board_up_to_the_width() {
        // (rank, fingerprint, parent), each run sorted: board 7 reached from parents 4 and 2.
        let runs = [
            vec![(1, 5, 0), (2, 7, 4), (9, 1, 5)],
            vec![(2, 7, 2), (3, 8, 3)],
        ];
        let all = merged(&runs, 10, |&child| child);
        assert_eq!(all, [(1, 5, 0), (2, 7, 2), (3, 8, 3), (9, 1, 5)]);
        assert_eq!(merged(&runs, 2, |&child| child), all[..2]);
        assert_eq!(merged(&[runs.concat()], 0, |&child| child), []);
    }

    #[test]
    fn the_estimate_follows_each_slide() {
        let mut lines = LinearConflict::new(5, 25);
        let mut board: Vec<u8> = (1..25).chain([0]).collect();
        let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
        let mut estimate = lower_bound(5, &tiles) as u32;
        assert_eq!(estimate, 0);
        let (mut blank, mut seed) = (24usize, 12345u64);
        for _ in 0..3000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = Move::ALL[(seed >> 33) as usize % 4];
            if let Some(cell) = m.target(5, 25, blank) {
                estimate = lines.after_slide(&mut board, &estimate, cell, blank);
                board.swap(cell, blank);
                blank = cell;
                let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
                assert_eq!(u64::from(estimate), lower_bound(5, &tiles));
            }
        }
    }
}
