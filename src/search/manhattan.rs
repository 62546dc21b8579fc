//! Manhattan distance, each tile's rows and columns from home, summed: IDA*'s heuristic up to
//! 3x3, as fast there as linear conflict's fewer but dearer nodes, and on boards past 4 wide.

use crate::board::Board;
use crate::search::ida_star::Heuristic;

/// `table(goal)[tile][cell]`: the tile's distance from `cell` to its cell in `goal` (blank: 0).
pub fn table<const W: usize, const N: usize>(goal: &Board<W, N>) -> [[u8; N]; N] {
    let mut table = [[0; N]; N];
    for (home, &tile) in goal.tiles().iter().enumerate().filter(|&(_, &t)| t != 0) {
        for (cell, d) in table[usize::from(tile)].iter_mut().enumerate() {
            *d = ((cell / W).abs_diff(home / W) + (cell % W).abs_diff(home % W)) as u8;
        }
    }
    table
}

/// The Manhattan distance towards one goal: its [`table`].
pub struct Manhattan<const W: usize, const N: usize>([[u8; N]; N]);

impl<const W: usize, const N: usize> Manhattan<W, N> {
    pub fn new(goal: &Board<W, N>) -> Self {
        Manhattan(table(goal))
    }
}

impl<const W: usize, const N: usize> Heuristic<W, N> for Manhattan<W, N> {
    type State = u32;

    fn state(&self, tiles: &[u8; N]) -> u32 {
        let each = tiles.iter().enumerate();
        each.map(|(cell, &tile)| u32::from(self.0[usize::from(tile)][cell]))
            .sum()
    }

    #[inline]
    fn estimate(&self, state: &u32) -> u32 {
        *state
    }

    #[inline]
    fn after_slide(&self, tiles: &[u8; N], state: &u32, from: usize, to: usize) -> u32 {
        let distance = &self.0[usize::from(tiles[from])];
        state + u32::from(distance[to]) - u32::from(distance[from])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each tile's rows and columns from home, counted by hand; and a slide's update agrees with
    /// the state worked out afresh, for every move of a few boards.
    #[test]
    fn counts_each_tile_and_follows_slides() {
        let goal = Board::<3, 9>::from_tiles([1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
        let heuristic = Manhattan::new(&goal);
        assert_eq!(heuristic.state(goal.tiles()), 0);
        // 2 8 3 / 1 6 4 / 7 0 5: 2 is a column from home, 8 a row and a column, 1 and 6 a row.
        let tiles = [[2, 8, 3, 1, 6, 4, 7, 0, 5], [8, 7, 6, 0, 4, 1, 2, 5, 3]];
        assert_eq!(heuristic.state(&tiles[0]), 5);
        for tiles in tiles {
            let board = Board::<3, 9>::from_tiles(tiles).unwrap();
            let state = heuristic.state(board.tiles());
            for (m, next) in board.neighbours() {
                let from = m.target(3, 9, board.blank()).unwrap();
                let slid = heuristic.after_slide(board.tiles(), &state, from, board.blank());
                assert_eq!(slid, heuristic.state(next.tiles()), "{:?}", m);
            }
        }
    }
}
