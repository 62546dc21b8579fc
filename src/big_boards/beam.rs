//! Beam search, for boards too large to solve optimally (up to [`MAX_CELLS`] cells; 5x5 to 10x10 in
//! practice): breadth-first, one level of moves at a time, keeping of each level only the
//! `beam_width` boards of the best rank (by default the estimate, ties broken as it sees fit), and
//! no board seen in the last `WINDOW` levels. The first level that holds the goal gives the path.
//! The estimate is an [`Estimate`] ([`crate::big_boards::estimates`]): Manhattan distance plus
//! linear conflict on any board, or a search's pattern databases on a board they serve. Time goes
//! as `beam_width` times the path's length, memory as `beam_width` times the board: no proof of
//! quality, but on Korf and Felner's 5x5 boards the paths come within a few moves in ten of the
//! optimal ones under linear conflict, and closer under their 6-6-6-6 tables; on 8x8 boards within
//! twice the tiles' Manhattan distance (see doc/performance.md).
//!
//! A level's boards lie in one arena of bytes, a tile a byte, each with a 64-bit Zobrist
//! fingerprint (a random number for each tile in each cell, XORed; a move changes four of them).
//! The set of boards seen (`big_boards::seen`) holds 56 bits of each: a search of a
//! hundred levels of 80,000 boards takes a new board for one seen about once in a few thousand
//! searches, and two boards of a level share a fingerprint about once in ten million searches:
//! either costs at most a longer path. The estimate follows each move from the one tile that slid.
//! The search waits on memory more than it computes (the set of boards seen and the tables are far
//! larger than the caches), so a batch of children asks for what it will read before reading any
//! ([`crate::os::prefetch`]). Each thread picks the best `beam_width` children of its share of a
//! level and sorts them, and the runs are merged.

use crate::big_boards::estimates::Estimate;
use crate::big_boards::seen::Seen;
use crate::board::Move;
use crate::memory;
use crate::os::prefetch;
use crate::threads::in_parallel;

/// The most cells of a board beam search takes: tiles are bytes.
pub const MAX_CELLS: usize = 256;

/// How many levels back a board counts as seen: repeats of the last dozen levels (undoing a
/// move, going round a 2x2 block three times) are all the search meets. Keeping every level
/// finds the same paths in about twice the time, as the set outgrows the caches.
const WINDOW: usize = 12;

/// How many boards of a level ask for their memory together before any is read: enough to
/// keep the memory busy, few enough that what they ask for stays in the cache.
const BATCH: usize = 16;

/// How many levels a search goes on without a board nearer the goal, by the estimate, than any
/// before: a search that stalls that long has lost its way (on random 5x5 to 8x8 boards the best
/// estimate falls every level or two). Nor does it go past three times the start's estimate,
/// plus 100 levels: its paths come out at about twice that.
const STALL: usize = 100;

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

/// Searches from the board `tiles` (`width` to a row, able to reach `1 2 .. N-1 0`) for the
/// goal, keeping the `beam_width` boards of each level of the best rank by `estimate`, each
/// level's boards expanded on up to `threads` threads. It gives up after `STALL` levels without
/// a new best estimate, past three times the start's estimate plus 100 levels, or with no new
/// board to go to. The outcome does not depend on the threads.
///
/// # Panics
/// If `tiles` has more than [`MAX_CELLS`] cells.
///
/// # Complexity
/// O(`beam_width` · levels · cells) time, O(`beam_width` · cells) memory.
///
/// # Example
/// ```
/// use engine::big_boards::beam::{self, Outcome};
/// use engine::big_boards::estimates::LinearConflict;
/// use engine::board::Move;
/// let estimate = LinearConflict::new(3, 6);
/// let outcome = beam::solve(3, &[1, 2, 3, 4, 0, 5], 100, 1, estimate);
/// assert_eq!(outcome, Outcome::Goal(vec![Move::Right]));
/// ```
pub fn solve<E: Estimate>(
    width: usize,
    tiles: &[u32],
    beam_width: usize,
    threads: usize,
    mut estimate: E,
) -> Outcome {
    let (cells, threads) = (tiles.len(), threads.max(1));
    assert!(
        cells <= MAX_CELLS,
        "beam search takes up to {} cells",
        MAX_CELLS
    );
    let what = named(beam_width);
    let zobrist = Zobrist::new(cells);
    let board: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
    let key = zobrist.key(&board);
    let blank = board.iter().position(|&t| t == 0).unwrap_or(0) as u16;
    let state = estimate.state(&board);
    let mut level = vec![Node { key, state, blank }];
    let mut arena = board;
    // Each level's boards' parents (their places on the level before) and last moves.
    let mut trail: Vec<Vec<(u32, Move)>> = Vec::new();
    // The boards of the last `WINDOW` levels, by fingerprint, with their levels.
    let mut seen = Seen::new(2 * WINDOW * beam_width, what);
    seen.insert_all(&[key], 0);
    let mut found = level
        .iter()
        .position(|node| estimate.value(&node.state) == 0);
    // The board of the lowest estimate so far: its estimate, level and place there.
    let (mut best, mut best_depth, mut best_place) = (estimate.value(&level[0].state), 0, 0);
    let max_levels = estimate.most_levels(estimate.value(&level[0].state));
    while found.is_none() {
        let depth = trail.len() + 1;
        // Each child and its sort key, then the next level and its tiles: the room asked for
        // first, as the level asks for it in many pieces.
        let level_bytes =
            3 * level.len() * child_bytes::<E>() + beam_width * (child_bytes::<E>() + cells);
        memory::room(2 * level_bytes, what, LESS_EFFORT);
        let expansion = Expansion {
            width,
            arena: &arena,
            last_moves: trail.last(),
            seen: &seen,
            zobrist: &zobrist,
            depth,
            beam_width,
        };
        let size = ((level.len() + threads - 1) / threads).max(1);
        let shares: Vec<(usize, &[Node<E::State>])> =
            (0..).step_by(size).zip(level.chunks(size)).collect();
        // The best `beam_width` boards, each once: a board reached two ways holds one place.
        let runs = in_parallel(&shares, threads, |&(first, share)| {
            expansion.best_children(first, share, estimate.clone())
        });
        let next = merged(&runs, beam_width, |(rank, (node, parent, _))| {
            (*rank, node.key, *parent)
        });
        let next: Vec<_> = next.into_iter().map(|(_, child)| child).collect();
        let values = next.iter().map(|(node, _, _)| estimate.value(&node.state));
        if let Some((nearest, place)) = values.zip(0..).min() {
            if nearest < best {
                (best, best_depth, best_place) = (nearest, depth, place);
            }
        }
        if next.is_empty() || depth - best_depth > STALL || depth > max_levels {
            return Outcome::Nearest(path(&trail[..best_depth.min(trail.len())], best_place));
        }
        let keys: Vec<u64> = next.iter().map(|(node, _, _)| node.key).collect();
        seen.insert_all(&keys, depth);
        if depth % WINDOW == 0 {
            seen.keep_within(depth, WINDOW);
        }
        arena = next_arena(&next, (&arena, &level), cells, what);
        found = next
            .iter()
            .position(|(node, _, _)| estimate.value(&node.state) == 0);
        level = next.iter().map(|&(node, _, _)| node).collect();
        let mut moves = Vec::new();
        memory::reserve(&mut moves, next.len(), what, LESS_EFFORT);
        moves.extend(next.into_iter().map(|(_, parent, m)| (parent, m)));
        trail.push(moves);
    }
    Outcome::Goal(path(&trail, found.unwrap_or(0)))
}

/// What a beam search `beam_width` boards wide is named in a refusal of memory.
fn named(beam_width: usize) -> impl Fn() -> String + Copy {
    move || format!("a beam search {} boards wide", beam_width)
}

/// A child: its node, its parent's place on the level before, and the move that made it.
type Child<S> = (Node<S>, u32, Move);

/// The memory a child and its sort key take.
fn child_bytes<E: Estimate>() -> usize {
    std::mem::size_of::<Child<E::State>>() + 16
}

/// A random number for each tile in each cell: a board's fingerprint is those of its tiles'
/// places XORed, and a move changes four of them, two for the tile and two for the blank.
struct Zobrist {
    numbers: Vec<u64>,
    cells: usize,
}

impl Zobrist {
    fn new(cells: usize) -> Self {
        let mut seed = 0x2024_1124_u64;
        let numbers = (0..cells * cells).map(|_| split_mix(&mut seed)).collect();
        Zobrist { numbers, cells }
    }

    /// The number of `tile` in `cell`.
    fn of(&self, tile: u8, cell: usize) -> u64 {
        self.numbers[usize::from(tile) * self.cells + cell]
    }

    /// The fingerprint of `board`.
    fn key(&self, board: &[u8]) -> u64 {
        let places = board.iter().enumerate();
        places.fold(0, |key, (cell, &tile)| key ^ self.of(tile, cell))
    }
}

/// One level of a beam search being expanded: what every thread reads.
struct Expansion<'a> {
    width: usize,
    /// The level's tiles, a board after another.
    arena: &'a [u8],
    /// The moves that made the level's boards (none on the first level).
    last_moves: Option<&'a Vec<(u32, Move)>>,
    seen: &'a Seen,
    zobrist: &'a Zobrist,
    /// The next level's.
    depth: usize,
    beam_width: usize,
}

impl Expansion<'_> {
    /// The best `beam_width` new boards one move from `share`, the boards of the level from
    /// place `first` on, each with its rank, sorted: their moves followed by `own`. The move back
    /// to a board's parent is not tried: the parent is among the boards seen.
    fn best_children<E: Estimate>(
        &self,
        first: usize,
        share: &[Node<E::State>],
        mut own: E,
    ) -> Vec<(u32, Child<E::State>)> {
        let children = self.children(first, share, &mut own);
        // Sorted by compact keys (rank, fingerprint, place), children moved once.
        let mut keys: Vec<u128> = children
            .iter()
            .enumerate()
            .map(|(place, (node, _, _))| {
                let (rank, key) = (own.rank(&node.state), node.key);
                u128::from(rank) << 96 | u128::from(key) << 32 | place as u128
            })
            .collect();
        let best = first_boards(&mut keys, self.beam_width);
        let place = |key: u128| key as u32 as usize;
        // Each with its rank, which the merge reads again and need not work out again.
        best.iter()
            .map(|&key| ((key >> 96) as u32, children[place(key)]))
            .collect()
    }

    /// The new boards one move from `share` (from place `first` on), a batch of boards at a
    /// time: the batch's children by fingerprint, each one's place among the boards seen asked
    /// for; then those not among them, their estimates' memory asked for; then their estimates.
    fn children<E: Estimate>(
        &self,
        first: usize,
        share: &[Node<E::State>],
        own: &mut E,
    ) -> Vec<Child<E::State>> {
        let cells = self.zobrist.cells;
        let what = named(self.beam_width);
        memory::room(2 * 3 * share.len() * child_bytes::<E>(), what, LESS_EFFORT);
        let mut children = Vec::new();
        memory::reserve(&mut children, 3 * share.len(), what, LESS_EFFORT);
        let mut board = vec![0u8; cells];
        let mut batch_children = Vec::with_capacity(4 * BATCH);
        let parent_of = |index: usize| &self.arena[index * cells..(index + 1) * cells];
        let z = |tile: u8, cell: usize| self.zobrist.of(tile, cell);
        for (batch_first, batch) in (first..).step_by(BATCH).zip(share.chunks(BATCH)) {
            batch_children.clear();
            for (index, node) in (batch_first..).zip(batch.iter()) {
                let (parent, blank) = (parent_of(index), usize::from(node.blank));
                let back = self.last_moves.map(|moves| moves[index].1.opposite());
                for m in Move::ALL {
                    let cell = match m.target(self.width, cells, blank) {
                        Some(cell) if Some(m) != back => cell,
                        _ => continue,
                    };
                    // The tile slides from `cell` into the blank's, the blank the other way.
                    let tile = parent[cell];
                    let key = node.key ^ z(tile, cell) ^ z(tile, blank) ^ z(0, blank) ^ z(0, cell);
                    self.seen.prefetch(key);
                    batch_children.push((index, key, cell, m));
                }
            }
            batch_children.retain(|&(index, key, cell, _)| {
                if self.seen.within(key, self.depth, WINDOW) {
                    return false; // the board before this one among them
                }
                let node = &share[index - first];
                own.prefetch(parent_of(index), &node.state, cell, usize::from(node.blank));
                true
            });
            for &(index, key, cell, m) in &batch_children {
                let node = &share[index - first];
                board.copy_from_slice(parent_of(index));
                let blank = usize::from(node.blank);
                let state = own.after_slide(&mut board, &node.state, cell, blank);
                let child = Node {
                    key,
                    state,
                    blank: cell as u16,
                };
                children.push((child, index as u32, m));
            }
        }
        children
    }
}

/// The tiles of the level `next`: each parent's (on `level`, in `arena`), with the one move made;
/// the parents a few boards ahead asked for. `what` names the search, should memory be refused.
fn next_arena<S>(
    next: &[Child<S>],
    (arena, level): (&[u8], &[Node<S>]),
    cells: usize,
    what: impl Fn() -> String,
) -> Vec<u8> {
    let mut tiles = Vec::new();
    memory::reserve(&mut tiles, next.len() * cells, what, LESS_EFFORT);
    for (place, (node, parent, _)) in next.iter().enumerate() {
        if let Some(&(_, ahead, _)) = next.get(place + BATCH) {
            let ahead = ahead as usize;
            prefetch(&arena[ahead * cells]);
            prefetch(&arena[(ahead + 1) * cells - 1]);
            prefetch(&level[ahead]);
        }
        let parent = *parent as usize;
        tiles.extend_from_slice(&arena[parent * cells..(parent + 1) * cells]);
        let at = tiles.len() - cells;
        tiles.swap(
            at + usize::from(level[parent].blank),
            at + usize::from(node.blank),
        );
    }
    tiles
}

/// What a beam search refused its memory can do instead.
const LESS_EFFORT: &str = "search with a smaller --effort, or give the run more memory (ulimit -v, or a job's memory limit)";

/// The first `beam_width` children of `runs`, each sorted by `rank` (a child's place in its
/// level: by its estimate's rank, then by fingerprint, a board's duplicates side by side, then by
/// its parent's place), the first of a board's duplicates alone: the same children however the
/// level was shared out.
fn merged<C: Copy>(
    runs: &[Vec<C>],
    beam_width: usize,
    rank: impl Fn(&C) -> (u32, u64, u32),
) -> Vec<C> {
    let mut heads = vec![0; runs.len()];
    let mut next: Vec<C> = Vec::with_capacity(beam_width);
    let mut last_key = None;
    while next.len() < beam_width {
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

/// The first `beam_width` boards of `keys` (a child each: rank, fingerprint, place), each board
/// once, in order: selected before they are sorted, since a level keeps about a third of its
/// children.
fn first_boards(mut keys: &mut [u128], beam_width: usize) -> Vec<u128> {
    let board = |key: u128| (key >> 32) as u64;
    let mut first: Vec<u128> = Vec::with_capacity(beam_width.min(keys.len()));
    while first.len() < beam_width && !keys.is_empty() {
        let wanted = (beam_width - first.len()).min(keys.len());
        if wanted < keys.len() {
            keys.select_nth_unstable(wanted);
        }
        let (chosen, rest) = keys.split_at_mut(wanted);
        chosen.sort_unstable();
        for &key in chosen.iter() {
            if first.last().map_or(true, |&last| board(last) != board(key)) {
                first.push(key);
            }
        }
        keys = rest;
    }
    first
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::big_boards::estimates::LinearConflict;
    use crate::board::replay;
    use crate::search::linear_conflict::lower_bound;

    #[test]
    fn paths_reach_the_goal_whatever_the_threads_and_widths() {
        // Korf and Felner's first 5x5 board, posed for the goal 1 2 .. 24 0.
        let board = [
            12, 3, 9, 22, 1, 18, 24, 4, 14, 19, 21, 5, 15, 0, 10, 8, 13, 6, 2, 17, 7, 23, 16, 20,
            11,
        ];
        let goal: Vec<u32> = (1..25).chain([0]).collect();
        let estimate = LinearConflict::new(5, 25);
        let solve = |board: &[u32], beam_width, threads| {
            solve(5, board, beam_width, threads, estimate.clone())
        };
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
        for beam_width in [1, 2, 5, 20] {
            match solve(&board, beam_width, 1) {
                Outcome::Goal(moves) => {
                    assert_eq!(replay(5, &board, &moves), Some(goal.clone()))
                }
                Outcome::Nearest(moves) => {
                    let nearest = replay(5, &board, &moves).expect("moves on the board");
                    assert!(
                        lower_bound(5, &nearest) <= start,
                        "beam width {}",
                        beam_width
                    );
                    assert_ne!(nearest, goal, "beam width {}", beam_width);
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

    /// A stream of pseudo-random numbers below `below`.
    fn numbers(seed: u64, below: u64) -> impl Iterator<Item = u64> {
        let mut seed = seed;
        std::iter::repeat_with(move || split_mix(&mut seed) % below)
    }

    #[test]
    fn the_first_boards_are_those_of_a_whole_sort() {
        // Children of few ranks and few boards, so that a board's duplicates often straddle the
        // beam width; the truth is every child sorted, each board's first kept, cut to the width.
        let mut draws = numbers(7, 1 << 20);
        for beam_width in [0, 1, 2, 5, 50, 299, 300, 301, 1000] {
            let keys: Vec<u128> = (0..300u128)
                .map(|place| {
                    let board = u128::from(draws.next().unwrap() % 40);
                    (board % 3) << 96 | board << 32 | place
                })
                .collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            sorted.dedup_by_key(|key| *key >> 32);
            sorted.truncate(beam_width);
            assert_eq!(
                first_boards(&mut keys.clone(), beam_width),
                sorted,
                "beam width {}",
                beam_width
            );
        }
    }
}
