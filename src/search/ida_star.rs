//! IDA*: depth-first search under a bound that rises to the smallest overshoot of an admissible
//! [`Heuristic`], so the first path found is optimal, and memory is the path. Moves are tried in
//! letter order: the path is the first optimal one in dictionary order. A [`Pruning`] skips the
//! move that undoes the last ([`NoUndo`]), or more (`move_rules`). The heuristic is updated
//! before the tile slides, so a child cut off costs no write. Threads may share an iteration.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::board::{Board, Move};
#[cfg(feature = "progress")]
use crate::progress::Progress;
use crate::search::manhattan::Manhattan;
use crate::threads::on_threads;

/// The fewest subtrees per thread of a parallel iteration: the threads finish nearly together.
const SUBTREES_PER_THREAD: usize = 32;

/// The fewest nodes forecast ([`Iterations::forecast`]) for an iteration to be shared out:
/// below this (milliseconds), starting threads would cost more than they save.
const PARALLEL_NODES: u64 = 100_000;

/// The most nodes a cut of the tree may visit: a tree thin that deep is cheap on one thread.
const CUT_NODES: u64 = 20_000;

/// An optimal solution and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves of the blank, in order; as few as possible.
    pub moves: Vec<Move>,
    /// Search nodes visited, over all iterations.
    pub nodes: u64,
}

/// An admissible estimate of the moves left to one goal, kept up to date as tiles slide.
pub trait Heuristic<const W: usize, const N: usize>: Sync {
    /// What it knows of one board: its estimate and what updates it.
    type State: Copy + Send + Sync;
    /// The state of the board `tiles`.
    fn state(&self, tiles: &[u8; N]) -> Self::State;
    /// The estimate: never more than the fewest moves to the goal, and 0 only at the goal.
    fn estimate(&self, state: &Self::State) -> u32;
    /// The state once the tile at `from` of `tiles` slides into the blank at `to`.
    fn after_slide(
        &self,
        tiles: &[u8; N],
        state: &Self::State,
        from: usize,
        to: usize,
    ) -> Self::State;
}

/// Which moves a search may make next: an automaton over the moves so far, from state 0, that
/// never forbids a move of the first shortest path in dictionary order.
pub trait Pruning: Copy + Send + Sync {
    /// The moves allowed in `state`, a bit per move of [`Move::ALL`].
    fn allowed(&self, state: u16) -> u8;
    /// The state after the allowed move of bit `bit` in `state`.
    fn after(&self, state: u16, bit: usize) -> u16;
}

/// Rules that may grow with a search: [`Growing::before_iteration`] is told the nodes so far
/// before each iteration (which starts from state 0).
pub trait Growing: Pruning {
    fn before_iteration(&mut self, _nodes: u64) {}
}

impl Growing for NoUndo {}

/// The least pruning: never undo the last move.
#[derive(Clone, Copy, Debug)]
pub struct NoUndo;

impl Pruning for NoUndo {
    #[inline]
    fn allowed(&self, state: u16) -> u8 {
        // State 1 + b follows bit b, whose opposite is bit 3 - b.
        match state {
            0 => 0b1111,
            last => 0b1111 & !(1 << (4 - last)),
        }
    }

    #[inline]
    fn after(&self, _state: u16, bit: usize) -> u16 {
        bit as u16 + 1
    }
}

/// The first shortest path from `start` to `goal` by IDA* with Manhattan distance; `None` if
/// parity forbids one (at once) or it is longer than `max_moves`.
///
/// # Example
/// ```
/// use engine::board::{Board, Move};
/// use engine::search::ida_star::solve;
/// let start = Board::<3, 6>::from_tiles([1, 2, 3, 4, 0, 5]).unwrap();
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// assert_eq!(solve(&start, &goal, 9).unwrap().moves, [Move::Right]);
/// assert_eq!(solve(&start, &goal, 0), None);
/// let swapped = Board::<3, 6>::from_tiles([1, 2, 3, 5, 4, 0]).unwrap();
/// assert_eq!(solve(&swapped, &goal, 99), None);
/// ```
pub fn solve<const W: usize, const N: usize>(
    start: &Board<W, N>,
    goal: &Board<W, N>,
    max_moves: u32,
) -> Option<Solution> {
    if start.parity() != goal.parity() {
        return None;
    }
    let heuristic = Manhattan::new(goal);
    let state = heuristic.state(start.tiles());
    let mut tree = Search::new(
        *start.tiles(),
        &heuristic,
        NoUndo,
        heuristic.estimate(&state),
    );
    while tree.bound <= max_moves {
        if tree.dfs::<false>(start.blank(), 0, state, 0) {
            return Some(Solution {
                moves: tree.path(),
                nodes: tree.nodes,
            });
        }
        tree.raise_bound();
    }
    None
}

/// Why [`search`] stopped without a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It gave up after visiting `nodes` nodes: one past `node_limit`, or fewer when its next
    /// iteration would have passed the limit.
    NodeLimit { nodes: u64 },
    /// Every path is longer than `max_moves`: the search proved it after visiting `nodes` nodes.
    MoveLimit { nodes: u64 },
}

/// An optimal path from `start` to the goal of `heuristic`, which `start` must be able to reach
/// (see [`Board::parity`]); among the optimal paths, the one whose letters come first in
/// dictionary order, since moves are tried in the order of [`Move::ALL`] and `rules` skip none
/// of its moves. The search stops without a path after `node_limit` nodes, or once it has
/// proved that no path of at most `max_moves` moves exists.
///
/// It also gives up before an iteration that would pass `node_limit` if it grew by the same
/// factor as the last one did ([`Iterations::forecast`]): such an iteration would most likely be
/// cut off, its nodes wasted.
pub fn search<const W: usize, const N: usize, H: Heuristic<W, N>, P: Growing>(
    start: &Board<W, N>,
    heuristic: &H,
    rules: P,
    node_limit: u64,
    max_moves: u32,
) -> Result<Solution, Stop> {
    Iterations::new(start, heuristic, rules, max_moves).finish(1, node_limit)
}

/// The search of [`search`], one iteration at a time, for a caller that shares one budget of
/// nodes between several searches and needs to know what each would cost next.
pub struct Iterations<'a, const W: usize, const N: usize, H: Heuristic<W, N>, P> {
    tree: Search<'a, W, N, H, P>,
    blank: usize,
    state: H::State,
    max_moves: u32,
    /// The nodes of the last iteration and of the one before (0 before there was one).
    last: u64,
    before_last: u64,
}

impl<'a, const W: usize, const N: usize, H: Heuristic<W, N>, P: Growing>
    Iterations<'a, W, N, H, P>
{
    /// The search from `start` (which must be able to reach the goal of `heuristic`) under
    /// `rules` for paths of at most `max_moves` moves, before its first iteration.
    pub fn new(start: &Board<W, N>, heuristic: &'a H, rules: P, max_moves: u32) -> Self {
        let state = heuristic.state(start.tiles());
        let tree = Search::new(*start.tiles(), heuristic, rules, heuristic.estimate(&state));
        Iterations {
            tree,
            blank: start.blank(),
            state,
            max_moves,
            last: 0,
            before_last: 0,
        }
    }

    /// Runs the next iteration, unless the search has proved that no path of at most
    /// `max_moves` moves exists. `Some` when the search is over: with the path, with that proof,
    /// or with `Stop::NodeLimit` when the nodes of all iterations so far passed `node_limit` (the
    /// search cannot go on after that); `None` when the iteration found no path.
    ///
    /// An iteration forecast to visit `PARALLEL_NODES` or more is shared out between up to
    /// `threads` threads: the tree is cut at the shallowest depth that gives
    /// `SUBTREES_PER_THREAD` subtrees a thread, and each thread takes the next subtree left, in
    /// the order of their paths. The path found is the one of the first subtree that holds one
    /// (the threads finish every subtree before it), so it is the path one thread finds; only
    /// the nodes counted may differ. The node limit holds across the threads: none starts a
    /// subtree once the nodes of all have passed it, and each stops within a subtree where its
    /// own nodes would pass what was left of it when the subtree began; so the nodes pass the
    /// limit by at most one subtree on each other thread.
    pub fn run_iteration(
        &mut self,
        threads: usize,
        node_limit: u64,
    ) -> Option<Result<Solution, Stop>> {
        let alone = threads == 1 || self.forecast() < PARALLEL_NODES;
        let tree = &mut self.tree;
        tree.rules.before_iteration(tree.nodes);
        if tree.bound > self.max_moves {
            return Some(Err(Stop::MoveLimit { nodes: tree.nodes }));
        }
        let before = tree.nodes;
        tree.node_limit = node_limit;
        let found = match alone {
            true => tree
                .dfs::<false>(self.blank, 0, self.state, 0)
                .then(|| tree.path()),
            false => tree.shared_out(threads, self.blank, self.state),
        };
        if tree.nodes > node_limit {
            return Some(Err(Stop::NodeLimit { nodes: tree.nodes }));
        }
        if let Some(moves) = found {
            return Some(Ok(Solution {
                moves,
                nodes: tree.nodes,
            }));
        }
        self.before_last = self.last;
        self.last = tree.nodes - before;
        tree.raise_bound();
        None
    }

    /// The iterations left, each on up to `threads` threads, run as [`search`] runs them: to the
    /// end, or until the nodes pass `node_limit`, or until the next iteration is forecast to
    /// pass it.
    pub fn finish(mut self, threads: usize, node_limit: u64) -> Result<Solution, Stop> {
        loop {
            if let Some(end) = self.run_iteration(threads, node_limit) {
                return end;
            }
            let nodes = self.nodes();
            if nodes.saturating_add(self.forecast()) > node_limit {
                return Err(Stop::NodeLimit { nodes });
            }
        }
    }

    /// The nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.tree.nodes
    }

    /// The bound of the next iteration: no path is shorter.
    pub fn bound(&self) -> u32 {
        self.tree.bound
    }

    /// The nodes the next iteration will likely visit: the last iteration's, grown by the same
    /// factor as the last grew over the one before (on a given board each iteration costs about
    /// the same multiple of the one before: about 7 on the 15-puzzle with linear conflict). 0
    /// until two iterations have run: one tells no growth.
    pub fn forecast(&self) -> u64 {
        match self.before_last {
            0 => 0,
            before_last => self.last.saturating_mul(self.last) / before_last,
        }
    }
}

/// `moves_from[cell]`: one bit for each move in [`Move::ALL`] a blank at `cell` can make.
fn moves_from<const W: usize, const N: usize>() -> [u8; N] {
    let mut moves_from = [0; N];
    for (blank, bits) in moves_from.iter_mut().enumerate() {
        for (bit, m) in Move::ALL.iter().enumerate() {
            if m.target(W, N, blank).is_some() {
                *bits |= 1 << bit;
            }
        }
    }
    moves_from
}

struct Search<'a, const W: usize, const N: usize, H: Heuristic<W, N>, P> {
    tiles: [u8; N],
    heuristic: &'a H,
    rules: P,
    moves_from: [u8; N],
    bound: u32,
    next_bound: u32,
    /// The path found, last move first; empty while searching.
    moves: Vec<Move>,
    nodes: u64,
    node_limit: u64,
    /// When the search began: its iterations' progress tells the seconds since.
    #[cfg(feature = "progress")]
    started: std::time::Instant,
    /// For a search that cuts its tree: the cut's depth, the moves so far, the subtrees left.
    split_depth: u32,
    trail: Vec<Move>,
    subtrees: Vec<Subtree<N, H::State>>,
}

/// A subtree to share out: board, blank, heuristic's and rules' states, moves to it.
type Subtree<const N: usize, S> = ([u8; N], usize, S, u16, Vec<Move>);

impl<'a, const W: usize, const N: usize, H: Heuristic<W, N>, P: Pruning> Search<'a, W, N, H, P> {
    /// A search of the board `tiles`, its first bound `bound`.
    fn new(tiles: [u8; N], heuristic: &'a H, rules: P, bound: u32) -> Self {
        Search {
            tiles,
            heuristic,
            rules,
            moves_from: moves_from::<W, N>(),
            bound,
            next_bound: u32::MAX,
            moves: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            #[cfg(feature = "progress")]
            started: std::time::Instant::now(),
            split_depth: 0,
            trail: Vec::new(),
            subtrees: Vec::new(),
        }
    }

    /// Readies the next iteration: its bound is the smallest estimate the last one cut off.
    fn raise_bound(&mut self) {
        self.bound = self.next_bound;
        self.next_bound = u32::MAX;
    }

    /// The path found, in order (it was pushed last move first).
    fn path(&mut self) -> Vec<Move> {
        let mut moves = std::mem::take(&mut self.moves);
        moves.reverse();
        moves
    }

    /// Searches below the blank at `blank`, `depth` moves in; true when the search is over (the
    /// goal reached, its path pushed onto `self.moves`, or the node limit passed). `SPLIT` leaves
    /// the nodes at `self.split_depth`, in order, in `self.subtrees`.
    fn dfs<const SPLIT: bool>(
        &mut self,
        blank: usize,
        depth: u32,
        state: H::State,
        rule: u16,
    ) -> bool {
        self.nodes += 1;
        if self.heuristic.estimate(&state) == 0 || self.nodes > self.node_limit {
            return true;
        }
        if SPLIT && depth == self.split_depth {
            let trail = self.trail.clone();
            self.subtrees.push((self.tiles, blank, state, rule, trail));
            return false;
        }
        // The blank's shift for each move of `Move::ALL`.
        let shift = [W, usize::MAX, 1, W.wrapping_neg()];
        let allowed = self.moves_from[blank] & self.rules.allowed(rule);
        // A fixed loop the compiler unrolls: faster than walking the allowed bits.
        for (bit, &step) in shift.iter().enumerate() {
            if allowed & 1 << bit == 0 {
                continue;
            }
            let cell = blank.wrapping_add(step);
            let child = self.heuristic.after_slide(&self.tiles, &state, cell, blank);
            let f = depth + 1 + self.heuristic.estimate(&child);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            self.tiles.swap(cell, blank);
            if SPLIT {
                self.trail.push(Move::ALL[bit]);
            }
            if self.dfs::<SPLIT>(cell, depth + 1, child, self.rules.after(rule, bit)) {
                self.moves.push(Move::ALL[bit]);
                return true;
            }
            if SPLIT {
                self.trail.pop();
            }
            self.tiles.swap(cell, blank);
        }
        false
    }
}

impl<'a, const W: usize, const N: usize, H: Heuristic<W, N>, P: Pruning> Search<'a, W, N, H, P> {
    /// One iteration from the blank at `blank`, the board's heuristic state being `state`,
    /// shared out between up to `threads` threads as [`Iterations::run_iteration`] says: the
    /// path, if one is found. Past the node limit, the count of nodes says so.
    fn shared_out(&mut self, threads: usize, blank: usize, state: H::State) -> Option<Vec<Move>> {
        let subtrees = match self.cut(threads, blank, state) {
            Ok(subtrees) => subtrees,
            Err(moves) => return Some(moves),
        };
        let (next, first) = (AtomicUsize::new(0), AtomicUsize::new(usize::MAX));
        // The nodes of every thread so far, whole subtrees at a time: past the limit, no thread
        // starts another subtree, and a thread stops within one where it would pass the limit
        // alone.
        let spent = AtomicU64::new(self.nodes);
        // An iteration of a 5x5 search can take hours: its progress, a subtree at a time.
        #[cfg(feature = "progress")]
        let progress = Progress::since(self.started);
        let shared = &*self;
        let worker = || {
            let mut helper =
                Search::new(shared.tiles, shared.heuristic, shared.rules, shared.bound);
            let mut found = None;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let (tiles, blank, state, rule, trail) = match subtrees.get(i) {
                    Some(subtree) if i < first.load(Ordering::Relaxed) => subtree,
                    _ => break,
                };
                let (before, all) = (helper.nodes, spent.load(Ordering::Relaxed));
                if all > shared.node_limit {
                    break;
                }
                helper.node_limit = before.saturating_add(shared.node_limit - all);
                helper.tiles = *tiles;
                let ended = helper.dfs::<false>(*blank, trail.len() as u32, *state, *rule);
                spent.fetch_add(helper.nodes - before, Ordering::Relaxed);
                if helper.nodes > helper.node_limit {
                    break;
                }
                if ended {
                    first.fetch_min(i, Ordering::Relaxed);
                    // The moves to the subtree, then those within it.
                    found = found.or(Some((i, [trail.clone(), helper.path()].concat())));
                }
                #[cfg(feature = "progress")]
                progress.update(|| {
                    let subtree = format!("subtree {} of {}", i + 1, subtrees.len());
                    let (bound, nodes) = (shared.bound, spent.load(Ordering::Relaxed));
                    format!(
                        "searching under bound {}: {}, {} nodes",
                        bound, subtree, nodes
                    )
                });
            }
            (found, helper.nodes, helper.next_bound)
        };
        let mut first_found: Option<(usize, Vec<Move>)> = None;
        for (found, nodes, next_bound) in on_threads(threads, worker) {
            self.nodes += nodes;
            self.next_bound = self.next_bound.min(next_bound);
            if let Some((i, moves)) = found {
                if first_found.as_ref().map_or(true, |(j, _)| i < *j) {
                    first_found = Some((i, moves));
                }
            }
        }
        first_found.map(|(_, moves)| moves)
    }

    /// The tree of this iteration from the blank at `blank` (the heuristic's state `state`) cut
    /// into subtrees for `threads` threads, in the order of their paths: at depth 1, deeper while
    /// that gives too few subtrees and cutting is cheap. A path short enough ends the search while
    /// cutting (`Err`); a tree with nothing at the cut depth was searched whole.
    fn cut(
        &mut self,
        threads: usize,
        blank: usize,
        state: H::State,
    ) -> Result<Vec<Subtree<N, H::State>>, Vec<Move>> {
        self.split_depth = 1;
        loop {
            self.subtrees.clear();
            self.next_bound = u32::MAX;
            let before = self.nodes;
            if self.dfs::<true>(blank, 0, state, 0) {
                return Err(self.path());
            }
            let cut = self.subtrees.len();
            if cut == 0 || cut >= SUBTREES_PER_THREAD * threads || self.nodes - before > CUT_NODES {
                return Ok(std::mem::take(&mut self.subtrees));
            }
            self.split_depth += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::linear_conflict::LinearConflict;

    fn board(tiles: [u8; 9]) -> Board<3, 9> {
        Board::from_tiles(tiles).unwrap()
    }

    #[test]
    fn solves_the_p1379_sample_in_four_moves() {
        let goal = board([1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let start = board([2, 8, 3, 1, 0, 4, 7, 6, 5]);
        let solution = solve(&start, &goal, 4).unwrap();
        assert_eq!(solution.moves.len(), 4);
        assert_eq!(solve(&start, &goal, 3), None);
    }

    #[test]
    fn gives_up_past_the_node_limit() {
        let goal = board([1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let start = board([2, 8, 3, 6, 0, 4, 1, 7, 5]);
        let heuristic = LinearConflict::new(&goal);
        let solution = search(&start, &heuristic, NoUndo, u64::MAX, u32::MAX).unwrap();
        let limit = solution.nodes - 1;
        assert!(matches!(
            search(&start, &heuristic, NoUndo, limit, u32::MAX),
            Err(Stop::NodeLimit { nodes }) if nodes <= solution.nodes
        ));
    }

    #[test]
    fn does_not_begin_an_iteration_that_would_pass_the_limit() {
        // A 3x3 board 31 moves from its goal: the bound rises by 2 from the estimate.
        let goal = Board::<3, 9>::canonical_goal(8);
        let start = board([8, 6, 7, 2, 5, 4, 3, 0, 1]);
        let heuristic = LinearConflict::new(&goal);
        // The nodes of all iterations up to each bound, from searches stopped at that bound.
        let first_bound = heuristic.estimate(&heuristic.state(start.tiles()));
        let through: Vec<u64> = (first_bound..31)
            .step_by(2)
            .map(
                |bound| match search(&start, &heuristic, NoUndo, u64::MAX, bound) {
                    Err(Stop::MoveLimit { nodes }) => nodes,
                    other => panic!("{:?} within {} moves", other, bound),
                },
            )
            .collect();
        assert!(through.len() >= 3, "{:?}", through);
        for k in 1..through.len() {
            let last = through[k] - through[k - 1];
            let before = match k {
                1 => through[0],
                _ => through[k - 1] - through[k - 2],
            };
            let next = through[k] + last * last / before;
            // Below the estimate of the next iteration's end it gives up before beginning it;
            // at that estimate it goes on.
            assert_eq!(
                search(&start, &heuristic, NoUndo, next - 1, u32::MAX),
                Err(Stop::NodeLimit { nodes: through[k] }),
                "after the iteration to bound {}",
                first_bound + 2 * k as u32
            );
            assert!(!matches!(
                search(&start, &heuristic, NoUndo, next, u32::MAX),
                Err(Stop::NodeLimit { nodes }) if nodes == through[k]
            ));
        }
    }

    #[test]
    fn iterations_one_at_a_time_forecast_and_end_as_one_search() {
        let goal = Board::<3, 9>::canonical_goal(8);
        let start = board([8, 6, 7, 2, 5, 4, 3, 0, 1]);
        let heuristic = LinearConflict::new(&goal);
        let whole = search(&start, &heuristic, NoUndo, u64::MAX, u32::MAX).unwrap();
        let mut iterations = Iterations::new(&start, &heuristic, NoUndo, u32::MAX);
        // Each iteration's nodes, and after two of them the forecast: the last grown by the
        // factor it grew over the one before.
        let mut sizes: Vec<u64> = Vec::new();
        let end = loop {
            let before = iterations.nodes();
            if let Some(end) = iterations.run_iteration(1, u64::MAX) {
                break end;
            }
            sizes.push(iterations.nodes() - before);
            let forecast = match sizes[..] {
                [.., before_last, last] => last * last / before_last,
                _ => 0,
            };
            assert_eq!(iterations.forecast(), forecast, "after {:?}", sizes);
        };
        assert!(sizes.len() >= 3, "{:?}", sizes);
        assert_eq!(end, Ok(whole));
    }

    #[test]
    fn stops_at_the_move_limit() {
        let goal = board([1, 2, 3, 8, 0, 4, 7, 6, 5]);
        let start = board([2, 8, 3, 1, 0, 4, 7, 6, 5]);
        let heuristic = LinearConflict::new(&goal);
        assert_eq!(
            search(&start, &heuristic, NoUndo, u64::MAX, 4)
                .unwrap()
                .moves
                .len(),
            4
        );
        assert!(matches!(
            search(&start, &heuristic, NoUndo, u64::MAX, 3),
            Err(Stop::MoveLimit { .. })
        ));
    }

    /// A 4x4 board 50 moves from the goal, whose last iteration under Manhattan distance visits
    /// millions of nodes.
    fn hard_4x4() -> (Board<4, 16>, Manhattan<4, 16>) {
        let tiles = [6, 4, 7, 15, 12, 10, 14, 1, 2, 9, 13, 8, 5, 0, 11, 3];
        let start = Board::from_tiles(tiles).unwrap();
        (start, Manhattan::new(&Board::canonical_goal(15)))
    }

    /// Runs `search`'s iterations on `threads` threads within `node_limit` to its end; returns
    /// it, and the nodes when its last iteration began.
    fn ended<P: Growing>(
        mut search: Iterations<4, 16, Manhattan<4, 16>, P>,
        threads: usize,
        node_limit: u64,
    ) -> (Result<Solution, Stop>, u64) {
        loop {
            let before = search.nodes();
            if let Some(end) = search.run_iteration(threads, node_limit) {
                return (end, before);
            }
        }
    }

    #[test]
    fn iterations_shared_out_between_threads_find_the_path_one_thread_finds() {
        let (start, heuristic) = hard_4x4();
        let search = || Iterations::new(&start, &heuristic, NoUndo, u32::MAX);
        let (alone, _) = ended(search(), 1, u64::MAX);
        for threads in [2, 3, 4] {
            let (shared, _) = ended(search(), threads, u64::MAX);
            assert_eq!(shared.unwrap().moves, alone.clone().unwrap().moves);
        }
    }

    /// A limit halfway through the last iteration of a search shared out between threads: the
    /// search gives up, and the nodes counted pass the limit by at most the largest subtree on
    /// each other thread (and a node a thread), never by the allowance again on each.
    #[test]
    fn a_node_limit_holds_across_threads_within_a_subtree_a_thread() {
        let (start, heuristic) = hard_4x4();
        let search = || Iterations::new(&start, &heuristic, NoUndo, u32::MAX);
        for threads in [2, 3] {
            let (whole, before) = ended(search(), threads, u64::MAX);
            let last = whole.unwrap().nodes - before;
            assert!(last > 2 * PARALLEL_NODES, "{} nodes", last);
            // The last iteration's subtrees, cut as the threads cut them, and the largest.
            let mut iterations = search();
            while iterations.nodes() < before {
                assert!(iterations.run_iteration(threads, u64::MAX).is_none());
            }
            let tree = &mut iterations.tree;
            let (blank, state) = (iterations.blank, iterations.state);
            let subtrees = tree.cut(threads, blank, state).unwrap();
            let size = |(tiles, blank, state, rule, trail): &Subtree<16, _>| {
                let mut one = Search::new(*tiles, &heuristic, NoUndo, tree.bound);
                one.dfs::<false>(*blank, trail.len() as u32, *state, *rule);
                one.nodes
            };
            let largest = subtrees.iter().map(size).max().unwrap();
            assert!(largest < last / 4, "{} of {}", largest, last);
            let limit = before + last / 2;
            let most = limit + (threads as u64 - 1) * largest + threads as u64;
            match ended(search(), threads, limit) {
                (Err(Stop::NodeLimit { nodes }), _) => {
                    assert!(limit < nodes && nodes <= most, "{} nodes", nodes)
                }
                other => panic!("{:?}", other.0),
            }
        }
    }
}
