//! Breadth-first search from the goal over a Cantor-ranked array: the exact distance of every
//! arrangement in one pass (moves are reversible). O(N! · N) time, N! bytes (362,880 for 3x3)
//! and a queue of the N!/2 reachable boards: up to 3x3. [`Distances`] answers cases from them.

use crate::board::{Board, Move};
use crate::exact::cantor::{factorial, rank, unrank};

/// The distance of a board the goal cannot reach (the other parity).
pub const UNREACHABLE: u8 = u8::MAX;

/// `distances(goal)[rank(board.tiles())]`: the fewest moves from `board` to `goal`.
///
/// # Example
/// ```
/// use engine::board::Board;
/// use engine::exact::{bfs, cantor::rank};
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// let array = bfs::distances(&goal);
/// assert_eq!(array[rank(&[4, 1, 2, 5, 0, 3])], 5);
/// assert_eq!(array[rank(&[1, 2, 3, 5, 4, 0])], bfs::UNREACHABLE);
/// ```
pub fn distances<const W: usize, const N: usize>(goal: &Board<W, N>) -> Vec<u8> {
    let mut array = vec![UNREACHABLE; factorial(N)];
    let mut queue = Vec::with_capacity(array.len() / 2);
    array[rank(goal.tiles())] = 0;
    queue.push((*goal, 0));
    let mut head = 0;
    while let Some(&(board, distance)) = queue.get(head) {
        head += 1;
        let distance = distance + 1;
        for (_, next_board) in board.neighbours() {
            let next = rank(next_board.tiles());
            if array[next] == UNREACHABLE {
                array[next] = distance;
                queue.push((next_board, distance));
            }
        }
    }
    array
}

/// The distances to the goals of each cell of the blank, worked out when first needed: a
/// distance is one look-up, a path a walk downhill ([`Board::relabelled`] serves every label).
///
/// # Example
/// ```
/// use engine::{board::Board, exact::bfs::Distances};
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// let start = Board::<3, 6>::from_tiles([4, 1, 2, 5, 0, 3]).unwrap();
/// let mut distances = Distances::new();
/// assert_eq!(distances.distance(&start, &goal), Some(5));
/// assert_eq!(distances.path(&start, &goal).map(|path| path.len()), Some(5));
/// ```
pub struct Distances<const W: usize, const N: usize> {
    by_goal_blank: Vec<Option<Vec<u8>>>,
}

impl<const W: usize, const N: usize> Default for Distances<W, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, const N: usize> Distances<W, N> {
    pub fn new() -> Self {
        Distances {
            by_goal_blank: vec![None; N],
        }
    }

    /// Whether the distances to goals with the blank in cell `goal_blank` are built.
    pub fn built(&self, goal_blank: usize) -> bool {
        self.by_goal_blank[goal_blank].is_some()
    }

    /// The fewest moves between `start` and `goal`, or `None` when no sequence joins them.
    pub fn distance(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<usize> {
        match self.of_goal(goal)[rank(start.relabelled(goal).tiles())] {
            UNREACHABLE => None,
            distance => Some(usize::from(distance)),
        }
    }

    /// The first shortest path from `start` to `goal` in dictionary order, or `None` when there
    /// is none.
    pub fn path(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<Vec<Move>> {
        let array = self.of_goal(goal);
        // Walk the relabelled board downhill, by the first move in letter order.
        let mut board = start.relabelled(goal);
        let mut distance = array[rank(board.tiles())];
        if distance == UNREACHABLE {
            return None;
        }
        let mut moves = Vec::with_capacity(usize::from(distance));
        while distance > 0 {
            distance -= 1;
            let (m, next) = board
                .neighbours()
                .find(|(_, next)| array[rank(next.tiles())] == distance)
                .expect("a board off the goal has a neighbour one move nearer");
            moves.push(m);
            board = next;
        }
        Some(moves)
    }

    /// The distances to goals with `goal`'s blank cell, worked out if need be.
    fn of_goal(&mut self, goal: &Board<W, N>) -> &[u8] {
        let blank = goal.blank();
        self.by_goal_blank[blank]
            .get_or_insert_with(|| distances(&Board::<W, N>::canonical_goal(blank)))
    }
}

/// The boards farthest from a start (UVa 10085), from the distances: the farthest from the start
/// are, relabelled, those farthest from the canonical board of its blank cell, found once a cell.
pub struct Farthest<const W: usize, const N: usize> {
    distances: Distances<W, N>,
    /// For each cell of the blank: the ranks of the boards farthest from its canonical board.
    ranks: Vec<Vec<usize>>,
}

impl<const W: usize, const N: usize> Farthest<W, N> {
    pub fn new() -> Self {
        Farthest {
            distances: Distances::new(),
            ranks: vec![Vec::new(); N],
        }
    }

    /// A board as far from `start` as any, the first of them by its tiles read row by row (0 the
    /// blank), and the first shortest path to it in dictionary order.
    pub fn from(&mut self, start: &Board<W, N>) -> (Board<W, N>, Vec<Move>) {
        let blank = start.blank();
        if self.ranks[blank].is_empty() {
            let array = self.distances.of_goal(start);
            let most = array.iter().filter(|&&d| d != UNREACHABLE).max();
            let most = most.copied().unwrap_or(0);
            self.ranks[blank] = (0..array.len()).filter(|&r| array[r] == most).collect();
        }
        // `label[t]` is the start's tile where the canonical board has tile `t`.
        let mut label = [0u8; N];
        let canonical = Board::<W, N>::canonical_goal(blank);
        for (&t, &tile) in canonical.tiles().iter().zip(start.tiles()) {
            label[usize::from(t)] = tile;
        }
        let relabelled = |&r: &usize| unrank::<N>(r).map(|t| label[usize::from(t)]);
        let far = self.ranks[blank].iter().map(relabelled).min();
        let far = far.and_then(|tiles| Board::from_tiles(tiles).ok());
        let far = far.expect("a board at the greatest distance");
        let path = self.distances.path(start, &far).expect("a board reached");
        (far, path)
    }
}

impl<const W: usize, const N: usize> Default for Farthest<W, N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reaches_exactly_one_parity_class_of_the_2x3_board() {
        let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
        let array = distances(&goal);
        for (r, &d) in array.iter().enumerate() {
            let board = Board::<3, 6>::from_tiles(unrank(r)).unwrap();
            assert_eq!(d != UNREACHABLE, board.parity() == goal.parity());
        }
        // LeetCode 773's hardest 2x3 starts need 21 moves.
        assert_eq!(array.iter().filter(|&&d| d != UNREACHABLE).max(), Some(&21));
    }
}
