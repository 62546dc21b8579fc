//! The fewest moves up to a bound on a graph's cells with any number of blanks (the Eleven
//! puzzle of HDU 3095 and AOJ 0190: 13 cells, two blanks, at most 20 moves): a move slides a tile
//! along an edge into a blank, and the blanks are alike; tiles below 16, on at most 16 cells. A
//! board whose estimate, the graph's Manhattan distance (each tile's fewest edges home, summed: a
//! move takes one tile one edge), passes the bound is answered at once; any other by
//! breadth-first search from both ends, the goal's side searched once for every board and so
//! deeper, the board's meeting it.

use std::collections::HashMap;

use crate::exact::graph::Graph;

/// An arrangement (each cell's tile, 0 a blank) as a number, four bits a cell.
fn key(tiles: &[u8]) -> u64 {
    tiles
        .iter()
        .rev()
        .fold(0, |key, &tile| key << 4 | u64::from(tile))
}

/// The arrangements within `depth` moves of `from` on `graph`, by breadth-first search, each
/// with its fewest moves; `meets` hears each as it is found, and ends the search by returning
/// true.
fn around<const N: usize>(
    graph: &Graph<N>,
    from: [u8; N],
    depth: u32,
    mut meets: impl FnMut(u64, u32) -> bool,
) -> HashMap<u64, u8> {
    let first = key(&from);
    let mut moves = HashMap::from([(first, 0u8)]);
    if meets(first, 0) {
        return moves;
    }
    let mut level = vec![from];
    for d in 1..=depth {
        let mut next_level = Vec::new();
        for tiles in &level {
            for blank in (0..N).filter(|&cell| tiles[cell] == 0) {
                for cell in graph.next_to(blank).filter(|&cell| tiles[cell] != 0) {
                    let mut next = *tiles;
                    next.swap(blank, cell);
                    let next_key = key(&next);
                    if moves.contains_key(&next_key) {
                        continue;
                    }
                    moves.insert(next_key, d as u8);
                    if meets(next_key, d) {
                        return moves;
                    }
                    next_level.push(next);
                }
            }
        }
        level = next_level;
    }
    moves
}

/// The fewest moves to one goal on a graph, up to a bound, for board after board: the
/// arrangements near the goal, found once.
///
/// # Example
/// ```
/// use engine::exact::graph::Graph;
/// use engine::search::bidirectional::NearGoal;
/// // A path 0-1-2-3 with blanks at both ends: tile 1 slides two edges, tile 2 one.
/// let path = Graph::<4>::new(&[(0, 1), (1, 2), (2, 3)]);
/// let near = NearGoal::new(&path, [1, 0, 0, 2], 9);
/// assert_eq!(near.fewest_moves(&[0, 1, 2, 0]), Some(2));
/// // Tiles never pass each other on a path.
/// assert_eq!(NearGoal::new(&path, [2, 0, 0, 1], 9).fewest_moves(&[0, 1, 2, 0]), None);
/// ```
pub struct NearGoal<'a, const N: usize> {
    graph: &'a Graph<N>,
    /// The fewest edges from each cell to each tile's goal cell, `[cell][tile]`.
    to_home: [[u8; 16]; N],
    max_moves: u32,
    /// The moves each board takes to search from its own side: the goal's side takes the rest.
    board_side: u32,
    /// The arrangements within `max_moves - board_side` moves of the goal, with their moves.
    goal_side: HashMap<u64, u8>,
}

impl<'a, const N: usize> NearGoal<'a, N> {
    /// The arrangements of `graph` near `goal` (each cell's tile, 0 a blank, tiles below 16 and
    /// each but 0 once), for answers up to `max_moves`.
    ///
    /// # Complexity
    /// A breadth-first search of three fifths of `max_moves` from the goal: its arrangements
    /// grow about as the branching factor to that power (37,000 for 12 moves on the Eleven
    /// puzzle), each in a hash map.
    pub fn new(graph: &'a Graph<N>, goal: [u8; N], max_moves: u32) -> Self {
        let fewest_edges = graph.fewest_edges();
        let mut to_home = [[0; 16]; N];
        for (cell, row) in to_home.iter_mut().enumerate() {
            for (home, &tile) in goal.iter().enumerate() {
                row[usize::from(tile)] = fewest_edges[cell][home];
            }
        }
        let board_side = max_moves * 2 / 5;
        let goal_side = around(graph, goal, max_moves - board_side, |_, _| false);
        NearGoal {
            graph,
            to_home,
            max_moves,
            board_side,
            goal_side,
        }
    }

    /// The fewest moves that turn `start` (the same tiles as the goal) into the goal, if at most
    /// the bound; else `None`, as when no moves do.
    ///
    /// # Complexity
    /// O(N) for a board whose estimate passes the bound; else a breadth-first search of two
    /// fifths of the bound from the board, which ends once no further arrangement can meet the
    /// goal's side sooner: a few thousand arrangements for 8 moves on the Eleven puzzle.
    pub fn fewest_moves(&self, start: &[u8; N]) -> Option<u32> {
        let tiles = start.iter().enumerate().filter(|(_, &tile)| tile != 0);
        let estimate = tiles.map(|(cell, &tile)| u32::from(self.to_home[cell][usize::from(tile)]));
        if estimate.sum::<u32>() > self.max_moves {
            return None;
        }
        let mut best = None;
        around(self.graph, *start, self.board_side, |key, moves| {
            if let Some(&rest) = self.goal_side.get(&key) {
                let total = moves + u32::from(rest);
                best = Some(best.map_or(total, |best: u32| best.min(total)));
            }
            // Arrangements found later are no nearer the board, so none is nearer the goal.
            best.map_or(false, |best| best <= moves)
        });
        best.filter(|&moves| moves <= self.max_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_that_cannot_reach_home_has_no_path() {
        let apart = Graph::<3>::new(&[(0, 1)]);
        let far = NearGoal::new(&apart, [0, 0, 1], 99);
        assert_eq!(far.fewest_moves(&[1, 0, 0]), None);
        let near = NearGoal::new(&apart, [0, 1, 0], 99);
        assert_eq!(near.fewest_moves(&[1, 0, 0]), Some(1));
        let none = NearGoal::new(&apart, [0, 1, 0], 0);
        assert_eq!(none.fewest_moves(&[1, 0, 0]), None);
    }
}
