//! Breadth-first search from the goal over a Cantor-ranked table: the exact distance of every
//! arrangement in one pass. Moves are reversible, so the distance from the goal to a board is the
//! distance from that board to the goal. O(N! · N) time and N! bytes (362,880 for 3x3), plus a
//! queue of the N!/2 reachable boards with their distances; practical up to 3x3 (the 4x4 table would need 16! bytes).

use crate::board::Board;
use crate::cantor::{factorial, rank};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cantor::unrank;

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
