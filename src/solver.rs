//! Answering case after case: IDA* for each, until the searches for goals with the blank in one
//! cell have cost about what a distance table for them costs; from then on, the table.
//!
//! This is the ski-rental rule: a single case, or a few, never pay for a table (a 3x3 table is
//! 362,880 bytes and about 20 ms of breadth-first search), and a long input pays at most about
//! twice what the better choice in hindsight would have. The rule counts search nodes, not time,
//! so it is deterministic. A table answers a distance with one Cantor rank, O(N²), and a path by
//! walking downhill through it. Goals that differ only in their tiles' labels share a table:
//! each case is relabelled so its goal becomes the canonical goal with the blank in that cell
//! ([`Board::relabelled`]).

use crate::bfs;
use crate::board::{Board, Move};
use crate::cantor::{factorial, rank};
use crate::ida_star;
use crate::judge::{Answer, Solve};

/// Search nodes that cost about what a table costs: the breadth-first search visits `N! / 2`
/// boards, each a few times dearer than a search node.
fn table_cost<const N: usize>() -> u64 {
    // 4x4 would need 16! / 2 entries: its searches never reach this cost in practice.
    2 * factorial(N) as u64
}

/// Answers cases one after another, switching from search to tables as described above.
///
/// # Example
/// ```
/// use engine::board::Board;
/// use engine::solver::Solver;
/// let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
/// let start = Board::<3, 6>::from_tiles([4, 1, 2, 5, 0, 3]).unwrap();
/// let mut solver = Solver::new();
/// assert_eq!(solver.distance(&start, &goal), Some(5));
/// assert_eq!(solver.path(&start, &goal).map(|path| path.len()), Some(5));
/// ```
pub struct Solver<const W: usize, const N: usize> {
    /// For each cell of the goal's blank: the search nodes spent on such goals so far, and the
    /// table once they pass [`table_cost`].
    by_goal_blank: Vec<(u64, Option<Vec<u8>>)>,
}

impl<const W: usize, const N: usize> Default for Solver<W, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, const N: usize> Solver<W, N> {
    pub fn new() -> Self {
        Solver {
            by_goal_blank: vec![(0, None); N],
        }
    }

    /// The fewest moves between `start` and `goal`, or `None` when no sequence joins them.
    pub fn distance(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<usize> {
        match self.table(goal) {
            Some(table) => match table[rank(start.relabelled(goal).tiles())] {
                bfs::UNREACHABLE => None,
                distance => Some(usize::from(distance)),
            },
            None => self.search(start, goal).map(|moves| moves.len()),
        }
    }

    /// A shortest sequence of moves of the blank from `start` to `goal`, the first of them in
    /// dictionary order (search and table agree on it), or `None` when there is none.
    pub fn path(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<Vec<Move>> {
        let table = match self.table(goal) {
            Some(table) => table,
            None => return self.search(start, goal),
        };
        // Moves do not look at labels: walk the relabelled board, whose goal is the table's,
        // taking the first move in letter order that leads one move nearer.
        let mut board = start.relabelled(goal);
        let mut distance = table[rank(board.tiles())];
        if distance == bfs::UNREACHABLE {
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

    /// Whether goals with the blank in cell `goal_blank` are answered from a table by now.
    pub fn uses_table_for(&self, goal_blank: usize) -> bool {
        self.by_goal_blank[goal_blank].1.is_some()
    }

    /// IDA*, with its nodes counted against the goal's table.
    fn search(&mut self, start: &Board<W, N>, goal: &Board<W, N>) -> Option<Vec<Move>> {
        let solution = ida_star::solve(start, goal)?;
        self.by_goal_blank[goal.blank()].0 += solution.nodes;
        Some(solution.moves)
    }

    /// The table for goals with `goal`'s blank cell, built first if searching has cost enough.
    fn table(&mut self, goal: &Board<W, N>) -> Option<&[u8]> {
        let blank = goal.blank();
        let (spent, table) = &mut self.by_goal_blank[blank];
        if table.is_none() && *spent >= table_cost::<N>() {
            *table = Some(bfs::distances(&Board::<W, N>::canonical_goal(blank)));
        }
        table.as_deref()
    }
}

impl<const W: usize, const N: usize> Solve<W, N> for Solver<W, N> {
    fn answer(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
        with_path: bool,
    ) -> Vec<Option<Answer>> {
        let answer = |(start, goal): &(Board<W, N>, Board<W, N>)| {
            if with_path {
                self.path(start, goal).map(Answer::Path)
            } else {
                self.distance(start, goal).map(Answer::Distance)
            }
        };
        cases.iter().map(answer).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cantor::unrank;

    /// Every 2x3 arrangement, for one goal of each blank cell, answered in one run: once the
    /// tables take over, the answers stay those of a fresh solver (a single case, searched).
    #[test]
    fn answers_as_single_cases_do_once_tables_take_over() {
        for blank in 0..6 {
            // The canonical goal with its tiles' labels reversed.
            let tiles = Board::<3, 6>::canonical_goal(blank)
                .tiles()
                .map(|t| (6 - t) % 6);
            let goal = Board::<3, 6>::from_tiles(tiles).unwrap();
            let mut solver = Solver::new();
            for r in 0..720 {
                let start = Board::from_tiles(unrank(r)).unwrap();
                let single = Solver::new().distance(&start, &goal);
                assert_eq!(solver.distance(&start, &goal), single);
                let path = solver.path(&start, &goal);
                assert_eq!(path.as_ref().map(|p| p.len()), single);
                let end = path.map(|p| p.iter().fold(start, |b, &m| b.moved(m).unwrap()));
                assert!(end.map_or(true, |end| end == goal));
            }
            assert!(solver.uses_table_for(blank));
        }
    }
}
