//! The trainer of the learned estimate ([`crate::big_boards::learned`]): approximate value
//! iteration, as DeepCubeA trains its estimate (Agostinelli, McAleer, Shmakov and Baldi, 2019).
//! Boards are drawn by random walks from the goal; a board's target is the least, over its
//! neighbours, of one move plus the estimate of a frozen copy of the network (the goal's is 0),
//! and the network learns it by Adam on the squared error; the copy takes the network's weights
//! every [`Training::sync_every`] steps, so the targets grow from the goal outwards. The network
//! learns the moves beyond Manhattan distance plus linear conflict, a lower bound the estimate
//! adds, never less than 0. In floats, then rounded to the integers of inference.
//!
//! The same seed and steps give the same weights on any number of threads: each board's walk has
//! a generator of its own, and the threads' sums are added in one order. O(steps x batch x
//! (cells + `SECOND`) x `HIDDEN`) time.

use crate::big_boards::beam::split_mix;
use crate::big_boards::learned::{after_slide, feature_row, first_layer, Network};
use crate::big_boards::learned::{HIDDEN, MOVE, ONE, SECOND, WEIGHT_SCALE};
use crate::board::Move;
use crate::search::linear_conflict::lower_bound;
use crate::threads::in_parallel;

/// The network's output times this is the moves it adds: its weights stay near 1 however far
/// the boards are.
const OUT_GAIN: f32 = 16.0;

/// The first layer's weights stay within this, so that no sum of a board's rows overflows 16
/// bits at inference (a row a cell, at most 49 cells, times `ONE`).
const W1_LIMIT: f32 = 2.0;

/// The boards a thread takes at a time: the threads' sums are added in the order of these
/// chunks, whatever thread did each.
const CHUNK: usize = 64;

/// What a training run does.
#[derive(Clone, Debug)]
pub struct Training {
    pub columns: usize,
    pub rows: usize,
    pub seed: u64,
    /// Steps of Adam, each on `batch` boards.
    pub steps: usize,
    pub batch: usize,
    /// A board is a walk from the goal of 1 to this many moves, each length as likely.
    pub longest_walk: usize,
    /// Steps between the frozen copy's updates.
    pub sync_every: usize,
    /// Adam's step size at the start; it falls in a straight line to a tenth at the end.
    pub learning_rate: f32,
}

/// The network in floats, its weights in one vector: `w1` (a row of `HIDDEN` for each tile and
/// cell), `b1`, `w2` (a row of `HIDDEN` for each of `SECOND`), `b2`, `w3`, `b3`.
#[derive(Clone)]
pub struct Floats {
    columns: usize,
    cells: usize,
    weights: Vec<f32>,
}

/// Where each layer's weights begin in [`Floats::weights`].
#[derive(Clone, Copy)]
struct Layout {
    b1: usize,
    w2: usize,
    b2: usize,
    w3: usize,
    b3: usize,
    len: usize,
}

impl Layout {
    fn of(cells: usize) -> Layout {
        let b1 = cells * cells * HIDDEN;
        let w2 = b1 + HIDDEN;
        let b2 = w2 + SECOND * HIDDEN;
        let w3 = b2 + SECOND;
        let b3 = w3 + SECOND;
        Layout {
            b1,
            w2,
            b2,
            w3,
            b3,
            len: b3 + 1,
        }
    }
}

/// A board's pass through [`Floats`]: what the backward pass needs.
struct Pass {
    sums: [f32; HIDDEN],
    first: [f32; HIDDEN],
    second_sums: [f32; SECOND],
    second: [f32; SECOND],
    out: f32,
}

impl Floats {
    /// Small random weights, the first layer's sums starting about half way into their range.
    fn new(columns: usize, cells: usize, rng: &mut Rng) -> Floats {
        let layout = Layout::of(cells);
        let mut weights = vec![0.0; layout.len];
        let mut fill = |range: std::ops::Range<usize>, spread: f32| {
            for w in &mut weights[range] {
                *w = spread * (2.0 * rng.unit() - 1.0);
            }
        };
        fill(0..layout.b1, 0.5 * (3.0 / cells as f32).sqrt());
        fill(layout.w2..layout.b2, (3.0 / HIDDEN as f32).sqrt());
        fill(layout.w3..layout.b3, (3.0 / SECOND as f32).sqrt());
        weights[layout.b1..layout.w2].fill(0.5);
        weights[layout.b2..layout.w3].fill(0.5);
        Floats {
            columns,
            cells,
            weights,
        }
    }

    /// A network of random weights, as a training starts from, on a board `columns` wide with
    /// `cells` cells.
    pub fn random(columns: usize, cells: usize, seed: u64) -> Floats {
        Floats::new(columns, cells, &mut Rng(seed))
    }

    fn layout(&self) -> Layout {
        Layout::of(self.cells)
    }

    /// The weights of the feature of `tile` in `cell`.
    fn row(&self, tile: u8, cell: usize) -> &[f32] {
        &self.weights[feature_row(tile, cell, self.cells)]
    }

    /// The first layer's sums of `board`.
    fn sums(&self, board: &[u8]) -> [f32; HIDDEN] {
        let layout = self.layout();
        let bias = &self.weights[layout.b1..layout.w2];
        first_layer(bias, board, |tile, cell| self.row(tile, cell))
    }

    /// The rest of the pass from the first layer's `sums`.
    fn pass(&self, sums: [f32; HIDDEN]) -> Pass {
        let layout = self.layout();
        let first = sums.map(|s| s.clamp(0.0, 1.0));
        let w = &self.weights;
        let mut second_sums = [0.0; SECOND];
        for (j, s) in second_sums.iter_mut().enumerate() {
            let row = &w[layout.w2 + j * HIDDEN..layout.w2 + (j + 1) * HIDDEN];
            *s = w[layout.b2 + j] + row.iter().zip(&first).map(|(w, a)| w * a).sum::<f32>();
        }
        let second = second_sums.map(|s| s.clamp(0.0, 1.0));
        let dot: f32 = w[layout.w3..layout.b3]
            .iter()
            .zip(&second)
            .map(|(w, a)| w * a)
            .sum();
        let out = OUT_GAIN * (w[layout.b3] + dot);
        Pass {
            sums,
            first,
            second_sums,
            second,
            out,
        }
    }

    /// The first layer's sums once the tile at `from` of `board`, whose sums are `sums`, slides
    /// into the blank at `to`.
    fn sums_after(
        &self,
        sums: &[f32; HIDDEN],
        board: &[u8],
        from: usize,
        to: usize,
    ) -> [f32; HIDDEN] {
        let row = |tile, cell| self.row(tile, cell);
        after_slide(sums, row, board[from], (from, to))
    }

    /// The network in the integers of inference.
    pub fn rounded(&self) -> Network {
        let layout = self.layout();
        let w = &self.weights;
        let round16 = |x: f32| x.round().clamp(-32767.0, 32767.0) as i16;
        let scaled16 = |range: std::ops::Range<usize>, scale: f32| -> Vec<i16> {
            w[range].iter().map(|&x| round16(x * scale)).collect()
        };
        let (one, weight_scale) = (ONE as f32, WEIGHT_SCALE as f32);
        let scaled32 = |range: std::ops::Range<usize>, scale: f32| -> Vec<i32> {
            w[range]
                .iter()
                .map(|&x| (x * scale).round() as i32)
                .collect()
        };
        Network {
            columns: self.columns,
            cells: self.cells,
            w1: scaled16(0..layout.b1, one),
            b1: scaled16(layout.b1..layout.w2, one),
            w2: scaled16(layout.w2..layout.b2, weight_scale),
            b2: scaled32(layout.b2..layout.w3, one * weight_scale),
            w3: scaled32(layout.w3..layout.b3, OUT_GAIN * weight_scale),
            b3: (w[layout.b3] * OUT_GAIN * MOVE as f32).round() as i32,
        }
    }
}

/// Linear conflict of `board`, a lower bound on its moves to the goal.
fn bound(columns: usize, board: &[u8]) -> f32 {
    let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
    lower_bound(columns, &tiles) as f32
}

/// What one chunk of a batch gives: the error summed, the gradients of all but the first
/// layer's rows, and for each board its first layer's gradient, which goes to its tiles' rows.
struct Gradients {
    error: f64,
    dense: Vec<f32>,
    boards: Vec<(Vec<u8>, [f32; HIDDEN])>,
}

/// Trains a network as `training` says, on up to `threads` threads, telling `progress` after
/// each step its number and the mean squared error of the batch, in moves.
pub fn train(training: &Training, threads: usize, mut progress: impl FnMut(usize, f64)) -> Floats {
    let (columns, cells) = (training.columns, training.columns * training.rows);
    let goal: Vec<u8> = (1..=cells).map(|t| (t % cells) as u8).collect();
    let mut rng = Rng(training.seed);
    let mut net = Floats::new(columns, cells, &mut rng);
    let mut frozen = net.clone();
    let layout = net.layout();
    let mut adam = Adam::new(layout.len);
    let chunks: Vec<usize> = (0..training.batch / CHUNK).collect();
    for step in 0..training.steps {
        if step % training.sync_every == 0 {
            frozen = net.clone();
        }
        let seed = training.seed ^ (step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let work = |&chunk: &usize| {
            let mut rng = Rng(seed ^ (chunk as u64 + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
            let boards: Vec<(Vec<u8>, usize)> = (0..CHUNK)
                .map(|_| {
                    let length = 1 + rng.below(training.longest_walk);
                    (walk(columns, &goal, length, &mut rng), length)
                })
                .collect();
            gradients(&net, &frozen, boards, &goal)
        };
        let mut error = 0.0;
        let mut grad = vec![0.0f32; layout.len];
        for chunk in in_parallel(&chunks, threads, work) {
            error += chunk.error;
            grad.iter_mut().zip(&chunk.dense).for_each(|(g, d)| *g += d);
            for (board, first) in &chunk.boards {
                for (cell, &tile) in board.iter().enumerate() {
                    let row = &mut grad[feature_row(tile, cell, cells)];
                    row.iter_mut().zip(first).for_each(|(g, d)| *g += d);
                }
            }
        }
        let samples = (chunks.len() * CHUNK) as f32;
        grad.iter_mut().for_each(|g| *g /= samples);
        let left = 1.0 - step as f32 / training.steps as f32;
        adam.step(
            &mut net.weights,
            &grad,
            training.learning_rate * (0.1 + 0.9 * left),
        );
        net.weights[..layout.b1]
            .iter_mut()
            .for_each(|w| *w = w.clamp(-W1_LIMIT, W1_LIMIT));
        progress(step, error / f64::from(samples));
    }
    net
}

/// The squared error's gradients over `boards`, each with the moves of its walk: a board's target
/// is one move plus the least estimate of `frozen` over its neighbours (0 at the goal), or the
/// walk's moves if fewer.
fn gradients(
    net: &Floats,
    frozen: &Floats,
    boards: Vec<(Vec<u8>, usize)>,
    goal: &[u8],
) -> Gradients {
    let layout = net.layout();
    let w = &net.weights;
    let mut dense = vec![0.0f32; layout.len];
    let (mut error, mut rows) = (0.0, Vec::with_capacity(boards.len()));
    for (board, walked) in boards {
        // The walk back is a path: no board needs more moves than its walk took.
        let target = target(frozen, &board, goal).min(walked as f32);
        let pass = net.pass(net.sums(&board));
        let miss = pass.out - (target - bound(net.columns, &board));
        error += f64::from(miss * miss);
        // The gradient of miss² / 2, back through each layer; a clipped unit passes none.
        let d_out = miss * OUT_GAIN;
        dense[layout.b3] += d_out;
        let mut d_first = [0.0f32; HIDDEN];
        for j in 0..SECOND {
            dense[layout.w3 + j] += d_out * pass.second[j];
            if !(0.0..1.0).contains(&pass.second_sums[j]) {
                continue;
            }
            let d_second = d_out * w[layout.w3 + j];
            dense[layout.b2 + j] += d_second;
            let row = layout.w2 + j * HIDDEN;
            for i in 0..HIDDEN {
                dense[row + i] += d_second * pass.first[i];
                d_first[i] += d_second * w[row + i];
            }
        }
        for i in 0..HIDDEN {
            if !(0.0..1.0).contains(&pass.sums[i]) {
                d_first[i] = 0.0;
            }
            dense[layout.b1 + i] += d_first[i];
        }
        rows.push((board, d_first));
    }
    Gradients {
        error,
        dense,
        boards: rows,
    }
}

/// One move plus the least estimate of `frozen` over the neighbours of `board`; 0 at the goal.
/// A neighbour's estimate is 0 at the goal, else linear conflict plus what the network adds.
fn target(frozen: &Floats, board: &[u8], goal: &[u8]) -> f32 {
    if board == goal {
        return 0.0;
    }
    let (columns, cells) = (frozen.columns, board.len());
    let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
    let sums = frozen.sums(board);
    let mut neighbour = board.to_vec();
    let mut least = f32::INFINITY;
    for m in Move::ALL {
        if let Some(cell) = m.target(columns, cells, blank) {
            let after = frozen.sums_after(&sums, board, cell, blank);
            neighbour.swap(blank, cell);
            let estimate = match neighbour == goal {
                true => 0.0,
                false => bound(columns, &neighbour) + frozen.pass(after).out.max(0.0),
            };
            least = least.min(estimate);
            neighbour.swap(blank, cell);
        }
    }
    1.0 + least
}

/// The board `length` random moves of the blank from `goal`, none undoing the one before.
fn walk(columns: usize, goal: &[u8], length: usize, rng: &mut Rng) -> Vec<u8> {
    let mut board = goal.to_vec();
    let (mut blank, mut last) = (board.len() - 1, None);
    for _ in 0..length {
        let choices: Vec<(Move, usize)> = Move::ALL
            .iter()
            .filter(|&&m| Some(m.opposite()) != last)
            .filter_map(|&m| m.target(columns, board.len(), blank).map(|cell| (m, cell)))
            .collect();
        let (m, cell) = choices[rng.below(choices.len())];
        board.swap(blank, cell);
        blank = cell;
        last = Some(m);
    }
    board
}

/// Adam (Kingma and Ba, 2015): each weight's step scaled by its gradients' running mean over
/// their running root mean square.
struct Adam {
    mean: Vec<f32>,
    square: Vec<f32>,
    steps: i32,
}

impl Adam {
    fn new(len: usize) -> Adam {
        Adam {
            mean: vec![0.0; len],
            square: vec![0.0; len],
            // Counted from 4,000, where both bias corrections are about 1: the first steps stay
            // small while the running means fill from 0, a warm-up.
            steps: 4000,
        }
    }

    fn step(&mut self, weights: &mut [f32], grad: &[f32], rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.steps += 1;
        let (c1, c2) = (1.0 - B1.powi(self.steps), 1.0 - B2.powi(self.steps));
        for i in 0..weights.len() {
            self.mean[i] = B1 * self.mean[i] + (1.0 - B1) * grad[i];
            self.square[i] = B2 * self.square[i] + (1.0 - B2) * grad[i] * grad[i];
            let step = (self.mean[i] / c1) / ((self.square[i] / c2).sqrt() + 1e-8);
            weights[i] -= rate * step;
        }
    }
}

/// A generator of SplitMix64 ([`split_mix`]), enough to draw walks and first weights.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (split_mix(&mut self.0) % n as u64) as usize
    }

    /// A number in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (split_mix(&mut self.0) >> 40) as f32 / (1u64 << 24) as f32
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::exact::bfs::{distances, UNREACHABLE};
    use crate::exact::cantor::unrank;

    /// The 3x3 board's training of these tests: seconds.
    fn on_3x3(steps: usize) -> Training {
        Training {
            columns: 3,
            rows: 3,
            seed: 1,
            steps,
            batch: 256,
            longest_walk: 60,
            sync_every: 50,
            learning_rate: 1e-3,
        }
    }

    /// A short training on the 3x3 board brings the estimate, rounded to the integers of
    /// inference, within 2.5 moves on average of the true distance of the boards the goal reaches
    /// (breadth-first search), where linear conflict is 6.85 short on average.
    #[test]
    fn a_short_training_on_3x3_comes_near_every_true_distance() {
        let network = train(&on_3x3(4000), 2, |_, _| ()).rounded();
        let goal = Board::<3, 9>::canonical_goal(8);
        let (mut learned_error, mut bound_error, mut boards) = (0.0, 0.0, 0);
        for (rank, &distance) in distances(&goal).iter().enumerate() {
            if distance == UNREACHABLE {
                continue;
            }
            let board = unrank::<9>(rank);
            let bound = bound(3, &board);
            let beyond = network.output(&network.accumulate(&board)).max(0);
            let learned = match distance {
                0 => 0.0,
                _ => bound + beyond as f32 / MOVE as f32,
            };
            learned_error += f64::from((learned - f32::from(distance)).abs());
            bound_error += f64::from(f32::from(distance) - bound);
            boards += 1;
        }
        let boards = f64::from(boards);
        let (learned_error, bound_error) = (learned_error / boards, bound_error / boards);
        assert!((6.8..6.9).contains(&bound_error), "{}", bound_error);
        assert!(
            learned_error < 2.5,
            "{} moves off on average",
            learned_error
        );
    }

    /// The same seed and steps give the same weights on one thread and on two.
    #[test]
    fn the_weights_are_the_same_on_any_number_of_threads() {
        let two = train(&on_3x3(100), 2, |_, _| ());
        let one = train(&on_3x3(100), 1, |_, _| ());
        assert!(one.weights == two.weights);
    }
}
