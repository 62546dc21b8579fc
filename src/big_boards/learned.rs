//! A learned estimate of the moves to the goal, for beam search on boards too large for tables
//! that tell enough (6x6, 7x7): a small network in the manner of chess engines' NNUE. Its input
//! is one-hot, a feature for each (tile, cell) the board holds, the blank a tile too, so its first
//! layer is the sum of one row of weights per tile: kept as a board's state (the accumulator), a
//! slide updates it by four rows (the tile and the blank each leave a cell and enter another),
//! O([`HIDDEN`]). Then two small layers, each clipped to 0..=1, give the moves the board needs
//! beyond Manhattan distance plus linear conflict, a lower bound, which the estimate adds. All
//! integer at inference: weights of 16 bits, activations of 7, O(`HIDDEN` x [`SECOND`]) a board.
//! The weights come from the project's own trainer ([`crate::big_boards::training`]).

use std::ops::{Add, Sub};

use crate::big_boards::estimates::{Estimate, LinearConflict};

/// The first layer's outputs (the accumulator's), and the second's.
pub const HIDDEN: usize = 128;
pub const SECOND: usize = 16;

/// An activation of 1 in the integer arithmetic: the first two layers' outputs are clipped to
/// `0..=ONE`, and the first layer's weights are the real ones times `ONE`.
pub const ONE: i32 = 127;

/// The second layer's weights are the real ones times this, and the output's too.
pub const WEIGHT_SCALE: i32 = 64;

/// One move in the output's integers.
pub const MOVE: i32 = ONE * WEIGHT_SCALE;

/// What a saved network's bytes begin with.
const MAGIC: &[u8] = b"sliding-puzzle network 1\n";

/// The first layer's sums for one board.
pub type Accumulator = [i16; HIDDEN];

/// Where the first layer's weights of the feature of `tile` in `cell`, on a board of `cells`
/// cells, stand among them all.
pub fn feature_row(tile: u8, cell: usize, cells: usize) -> std::ops::Range<usize> {
    let start = (usize::from(tile) * cells + cell) * HIDDEN;
    start..start + HIDDEN
}

/// The first layer's sums of `board` (a tile a byte, 0 the blank): `bias` plus the row of each
/// tile in its cell, `row(tile, cell)`. In the integers of inference and the floats of training.
pub fn first_layer<'a, T: Copy + Add<Output = T> + 'a>(
    bias: &[T],
    board: &[u8],
    row: impl Fn(u8, usize) -> &'a [T],
) -> [T; HIDDEN] {
    let mut sums: [T; HIDDEN] = bias.try_into().expect("a bias for each sum");
    for (cell, &tile) in board.iter().enumerate() {
        sums.iter_mut().zip(row(tile, cell)).for_each(|(s, &w)| *s = *s + w);
    }
    sums
}

/// The first layer's `sums` once `tile` slides from `from` into the blank at `to`: the tile and
/// the blank each leave a cell and enter another, four rows (`row(tile, cell)`).
#[inline]
pub fn after_slide<'a, T: Copy + Add<Output = T> + Sub<Output = T> + 'a>(
    sums: &[T; HIDDEN],
    row: impl Fn(u8, usize) -> &'a [T],
    tile: u8,
    (from, to): (usize, usize),
) -> [T; HIDDEN] {
    let (left, entered) = (row(tile, from), row(tile, to));
    let (blank_left, blank_entered) = (row(0, to), row(0, from));
    let mut after = *sums;
    for i in 0..HIDDEN {
        after[i] = after[i] + (entered[i] - left[i] + blank_entered[i] - blank_left[i]);
    }
    after
}

/// A trained network for one shape of board, in integers.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub columns: usize,
    pub cells: usize,
    /// Row `tile * cells + cell`, `HIDDEN` long: the feature of `tile` in `cell`.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// Row `j`, `HIDDEN` long, for the second layer's output `j`.
    pub w2: Vec<i16>,
    pub b2: Vec<i32>,
    pub w3: Vec<i32>,
    pub b3: i32,
}

impl Network {
    /// The accumulator of `board` (a tile a byte, 0 the blank).
    pub fn accumulate(&self, board: &[u8]) -> Accumulator {
        first_layer(&self.b1, board, |tile, cell| self.row(tile, cell))
    }

    /// The accumulator once `tile` slides from `from` into the blank at `to`.
    #[inline]
    pub fn after_slide(&self, sums: &Accumulator, tile: u8, from: usize, to: usize) -> Accumulator {
        after_slide(sums, |tile, cell| self.row(tile, cell), tile, (from, to))
    }

    /// The weights of the feature of `tile` in `cell`.
    #[inline]
    fn row(&self, tile: u8, cell: usize) -> &[i16] {
        &self.w1[feature_row(tile, cell, self.cells)]
    }

    /// The moves beyond linear conflict that the network sees in the board of `sums`, in units
    /// of [`MOVE`].
    pub fn output(&self, sums: &Accumulator) -> i32 {
        // Products of 16 bits summed in 32, as the processor's multiply-add does them.
        let first = sums.map(|s| s.clamp(0, ONE as i16));
        let mut out = self.b3;
        for j in 0..SECOND {
            let row = &self.w2[j * HIDDEN..(j + 1) * HIDDEN];
            let products = row
                .iter()
                .zip(&first)
                .map(|(&w, &a)| i32::from(w) * i32::from(a));
            let dot: i32 = products.sum();
            let second = ((self.b2[j] + dot) / WEIGHT_SCALE).clamp(0, ONE);
            out += second * self.w3[j];
        }
        out
    }

    /// The network as bytes: [`MAGIC`], the shape, the weights little-endian, and a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for n in [self.columns, self.cells, HIDDEN, SECOND] {
            bytes.extend((n as u32).to_le_bytes());
        }
        for &w in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            bytes.extend(w.to_le_bytes());
        }
        for &w in self.b2.iter().chain(&self.w3).chain([&self.b3]) {
            bytes.extend(w.to_le_bytes());
        }
        let sum = checksum(&bytes);
        bytes.extend(sum.to_le_bytes());
        bytes
    }

    /// The network that `bytes` hold ([`Network::to_bytes`]), for a board `columns` wide with
    /// `cells` cells; else what is wrong with them.
    pub fn from_bytes(bytes: &[u8], columns: usize, cells: usize) -> Result<Network, String> {
        let w1_len = cells * cells * HIDDEN;
        let len = MAGIC.len() + 16 + 2 * (w1_len + HIDDEN + SECOND * HIDDEN) + 4 * (2 * SECOND + 1);
        if bytes.len() != len + 8 || !bytes.starts_with(MAGIC) {
            return Err(format!(
                "are no network of this build's shape ({} bytes)",
                bytes.len()
            ));
        }
        let (body, sum) = bytes.split_at(len);
        if checksum(body).to_le_bytes() != sum {
            return Err("fail their checksum: a byte has changed".to_string());
        }
        let mut rest = &body[MAGIC.len()..];
        let shape: Vec<usize> = (0..4)
            .map(|_| u32_of(take(&mut rest, 4)) as usize)
            .collect();
        if shape != [columns, cells, HIDDEN, SECOND] {
            let want = format!(
                "{} wide, {} cells, {} and {} hidden",
                columns, cells, HIDDEN, SECOND
            );
            return Err(format!(
                "are for another board or build: {:?}, not {}",
                shape, want
            ));
        }
        let mut i16s = |n: usize| -> Vec<i16> {
            let bytes = take(&mut rest, 2 * n).chunks_exact(2);
            bytes.map(|w| i16::from_le_bytes([w[0], w[1]])).collect()
        };
        let (w1, b1, w2) = (i16s(w1_len), i16s(HIDDEN), i16s(SECOND * HIDDEN));
        let mut i32s = |n: usize| -> Vec<i32> {
            let bytes = take(&mut rest, 4 * n).chunks_exact(4);
            bytes.map(|w| u32_of(w) as i32).collect()
        };
        let (b2, w3, b3) = (i32s(SECOND), i32s(SECOND), i32s(1)[0]);
        Ok(Network {
            columns,
            cells,
            w1,
            b1,
            w2,
            b2,
            w3,
            b3,
        })
    }
}

/// The first `n` bytes of `rest`, which goes on after them.
fn take<'a>(rest: &mut &'a [u8], n: usize) -> &'a [u8] {
    let (head, tail) = rest.split_at(n);
    *rest = tail;
    head
}

/// The little-endian number of four bytes.
fn u32_of(bytes: &[u8]) -> u32 {
    u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
}

/// FNV-1a over `bytes`: any one changed byte changes it.
fn checksum(bytes: &[u8]) -> u64 {
    let step = |sum: u64, &byte: &u8| (sum ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, step)
}

/// The learned estimate as beam search's: its value is linear conflict's, a lower bound that is 0
/// only at the goal; boards are ranked by that plus what the network adds (never less than 0).
#[derive(Clone)]
pub struct Learned<'a> {
    network: &'a Network,
    conflict: LinearConflict,
}

impl<'a> Learned<'a> {
    pub fn new(network: &'a Network) -> Self {
        let conflict = LinearConflict::new(network.columns, network.cells);
        Learned { network, conflict }
    }
}

/// A board's state under [`Learned`]: its accumulator, and its linear conflict.
#[derive(Clone, Copy)]
pub struct LearnedState {
    sums: Accumulator,
    bound: u32,
}

impl Estimate for Learned<'_> {
    type State = LearnedState;

    fn state(&mut self, board: &[u8]) -> LearnedState {
        LearnedState {
            sums: self.network.accumulate(board),
            bound: self.conflict.state(board),
        }
    }

    fn value(&self, state: &LearnedState) -> u32 {
        state.bound
    }

    fn rank(&self, state: &LearnedState) -> u32 {
        let beyond = self.network.output(&state.sums).max(0) as u32;
        state.bound * MOVE as u32 + beyond
    }

    #[inline]
    fn after_slide(
        &mut self,
        board: &mut [u8],
        before: &LearnedState,
        from: usize,
        to: usize,
    ) -> LearnedState {
        LearnedState {
            sums: self
                .network
                .after_slide(&before.sums, board[from], from, to),
            bound: self.conflict.after_slide(board, &before.bound, from, to),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::big_boards::training::{Floats, Rng};
    use crate::board::Move;

    /// A network of random weights on a board `columns` wide with `cells` cells.
    fn random_network(columns: usize, cells: usize, seed: u64) -> Network {
        Floats::random(columns, cells, seed).rounded()
    }

    /// After any sequence of moves, the state followed move by move is the state of the board
    /// made afresh: the accumulator, the bound, and the rank.
    #[test]
    fn the_state_followed_move_by_move_is_the_state_made_afresh() {
        for (columns, cells) in [(3, 9), (6, 36), (7, 49)] {
            let network = random_network(columns, cells, cells as u64);
            let mut estimate = Learned::new(&network);
            let mut board: Vec<u8> = (1..=cells).map(|t| (t % cells) as u8).collect();
            let mut state = estimate.state(&board);
            let (mut blank, mut rng) = (cells - 1, Rng(7));
            for _ in 0..2000 {
                let m = Move::ALL[rng.below(4)];
                let cell = match m.target(columns, cells, blank) {
                    Some(cell) => cell,
                    None => continue,
                };
                state = estimate.after_slide(&mut board, &state, cell, blank);
                board.swap(cell, blank);
                blank = cell;
                let fresh = estimate.state(&board);
                assert_eq!(state.sums, fresh.sums);
                assert_eq!(state.bound, fresh.bound);
                assert_eq!(estimate.rank(&state), estimate.rank(&fresh));
            }
        }
    }

    /// Saved and loaded, a network is the same; a changed byte, another board's network, or
    /// bytes cut short are refused, saying why.
    #[test]
    fn a_network_saved_loads_as_it_was_and_a_damaged_one_is_refused() {
        let network = random_network(6, 36, 1);
        let bytes = network.to_bytes();
        assert_eq!(Network::from_bytes(&bytes, 6, 36), Ok(network));
        let mut changed = bytes.clone();
        changed[bytes.len() / 2] ^= 1;
        let refused = Network::from_bytes(&changed, 6, 36).unwrap_err();
        assert_eq!(refused, "fail their checksum: a byte has changed");
        let refused = Network::from_bytes(&bytes[..bytes.len() - 1], 6, 36).unwrap_err();
        assert!(
            refused.starts_with("are no network of this build's shape"),
            "{}",
            refused
        );
        let refused = Network::from_bytes(&bytes, 7, 49).unwrap_err();
        assert!(
            refused.starts_with("are no network of this build's shape"),
            "{}",
            refused
        );
        let refused = Network::from_bytes(&bytes, 4, 36).unwrap_err();
        assert!(refused.starts_with("are for another board"), "{}", refused);
    }
}
