//! Breadth-first search from the goal over a Cantor-ranked table: the exact distance of every
//! arrangement in one pass (moves are reversible). O(N! · N) time, N! bytes (362,880 for 3x3)
//! and a queue of the N!/2 reachable boards: up to 3x3. [`Tables`] answers cases from them.

use crate::board::{Board, Move};
use crate::cantor::{factorial, rank, unrank};

/// The table entry of a board the goal cannot reach (the other parity).
pub const UNREACHABLE: u8 = u8::MAX;

/// `table[rank(board.tiles())]` is the fewest moves between `board` and `goal`, or [`UNREACHABLE`].
///
/// # Example
/// ```
/// use engine::{bfs, board::Board, cantor::rank};
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// let table = bfs::distances(&goal);
/// assert_eq!(table[rank(&[4, 1, 2, 5, 0, 3])], 5);
/// assert_eq!(table[rank(&[1, 2, 3, 5, 4, 0])], bfs::UNREACHABLE);
/// ```
pub fn distances<const W: usize, const N: usize>(goal: &Board<W, N>) -> Vec<u8> {
    let mut table = vec![UNREACHABLE; factorial(N)];
    let mut queue = Vec::with_capacity(table.len() / 2);
    table[rank(goal.tiles())] = 0;
    queue.push((*goal, 0));
    let mut head = 0;
    while let Some(&(board, distance)) = queue.get(head) {
        head += 1;
        let distance = distance + 1;
        for (_, next_board) in board.neighbours() {
            let next = rank(next_board.tiles());
            if table[next] == UNREACHABLE {
                table[next] = distance;
                queue.push((next_board, distance));
            }
        }
    }
    table
}

/// A distance table for each cell of the goal's blank, built when first needed: a distance is
/// one look-up, a path a walk downhill. Goals that differ only in labels share a table
/// ([`Board::relabelled`]).
///
/// # Example
/// ```
/// use engine::{bfs::Tables, board::Board};
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// let start = Board::<3, 6>::from_tiles([4, 1, 2, 5, 0, 3]).unwrap();
/// let mut tables = Tables::new();
/// assert_eq!(tables.distance(&start, &goal), Some(5));
/// assert_eq!(tables.path(&start, &goal).map(|path| path.len()), Some(5));
/// ```
pub struct Tables<const W: usize, const N: usize> {
    by_goal_blank: Vec<Option<Vec<u8>>>,
}

impl<const W: usize, const N: usize> Default for Tables<W, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, const N: usize> Tables<W, N> {
    pub fn new() -> Self {
        Tables {
            by_goal_blank: vec![None; N],
        }
    }

    /// Whether the table of goals with the blank in cell `goal_blank` is built.
    pub fn has(&self, goal_blank: usize) -> bool {
        self.by_goal_blank[goal_blank].is_some()
    }

    /// The fewest moves between `start` and `goal`, or `None` when no sequence joins them.
    pub fn distance(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<usize> {
        match self.table(goal)[rank(start.relabelled(goal).tiles())] {
            UNREACHABLE => None,
            distance => Some(usize::from(distance)),
        }
    }

    /// The first shortest path from `start` to `goal` in dictionary order, or `None` when there
    /// is none.
    pub fn path(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<Vec<Move>> {
        let table = self.table(goal);
        // Walk the relabelled board downhill, by the first move in letter order.
        let mut board = start.relabelled(goal);
        let mut distance = table[rank(board.tiles())];
        if distance == UNREACHABLE {
            return None;
        }
        let mut moves = Vec::with_capacity(usize::from(distance));
        while distance > 0 {
            distance -= 1;
            let (m, next) = board
                .neighbours()
                .find(|(_, next)| table[rank(next.tiles())] == distance)
                .expect("a board off the goal has a neighbour one move nearer");
            moves.push(m);
            board = next;
        }
        Some(moves)
    }

    /// The table for goals with `goal`'s blank cell, built first if need be.
    fn table(&mut self, goal: &Board<W, N>) -> &[u8] {
        let blank = goal.blank();
        self.by_goal_blank[blank]
            .get_or_insert_with(|| distances(&Board::<W, N>::canonical_goal(blank)))
    }
}

/// The boards farthest from a start (UVa 10085), from the tables: the farthest from the start
/// are, relabelled, those farthest from the canonical board of its blank cell, found once a cell.
pub struct Farthest<const W: usize, const N: usize> {
    tables: Tables<W, N>,
    /// For each cell of the blank: the ranks of the boards farthest from its canonical board.
    ranks: Vec<Vec<usize>>,
}

impl<const W: usize, const N: usize> Farthest<W, N> {
    pub fn new() -> Self {
        Farthest {
            tables: Tables::new(),
            ranks: vec![Vec::new(); N],
        }
    }

    /// A board as far from `start` as any, the first of them by its tiles read row by row (0 the
    /// blank), and the first shortest path to it in dictionary order.
    pub fn from(&mut self, start: &Board<W, N>) -> (Board<W, N>, Vec<Move>) {
        let blank = start.blank();
        if self.ranks[blank].is_empty() {
            let table = self.tables.table(start);
            let most = table.iter().filter(|&&d| d != UNREACHABLE).max();
            let most = most.copied().unwrap_or(0);
            self.ranks[blank] = (0..table.len()).filter(|&r| table[r] == most).collect();
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
        let path = self.tables.path(start, &far).expect("a board reached");
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
        let table = distances(&goal);
        for (r, &d) in table.iter().enumerate() {
            let board = Board::<3, 6>::from_tiles(unrank(r)).unwrap();
            assert_eq!(d != UNREACHABLE, board.parity() == goal.parity());
        }
        // LeetCode 773's hardest 2x3 starts need 21 moves.
        assert_eq!(table.iter().filter(|&&d| d != UNREACHABLE).max(), Some(&21));
    }
}
