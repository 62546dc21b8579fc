//! Puzzles on a graph of up to 9 cells (AtCoder ABC224 D): a tile slides along an edge into the
//! blank. The same breadth-first search as on a grid, over the same Cantor-ranked array of
//! arrangements, with the blank's neighbours read from the graph's edges, not the grid's.
//! O(N! · N · N) time at most and 3 · N! bytes (1.1 MB on 9 cells); no hash map.

use crate::exact::cantor::{factorial, rank, unrank};

/// The most cells of a graph: 9! arrangements stay an array of about a megabyte.
pub const MAX_CELLS: usize = 9;

/// An undirected graph on cells `0..N`: for each cell, the cells an edge joins it to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph<const N: usize> {
    next_to: [u16; N],
}

impl<const N: usize> Graph<N> {
    /// The graph of `edges`, pairs of cells below `N`.
    ///
    /// # Constraints
    /// `N <= MAX_CELLS`; each cell below `N`.
    ///
    /// # Panics
    /// If a cell is `N` or more.
    pub fn new(edges: &[(usize, usize)]) -> Self {
        assert!(N <= MAX_CELLS, "a graph of at most {} cells", MAX_CELLS);
        let mut next_to = [0u16; N];
        for &(a, b) in edges {
            next_to[a] |= 1 << b;
            next_to[b] |= 1 << a;
        }
        Graph { next_to }
    }
}

/// The fewest moves that turn `start` into `goal` on `graph`, or `None` when none do. An
/// arrangement gives each cell its tile, 0 the blank; both hold the same tiles `0..N`.
///
/// # Constraints
/// `start` and `goal` are permutations of `0..N`, `N <= MAX_CELLS`.
///
/// # Complexity
/// A breadth-first search from `start` until it meets `goal`: at most every arrangement of one
/// blank and `N - 1` tiles, each expanded along the blank's edges, O(N! · N²) time in all, an
/// array of N! distances and a queue of N! ranks.
///
/// # Example
/// ```
/// use engine::exact::graph::{fewest_moves, Graph};
/// // A triangle 0-1-2: the blank at 2 goes round it once to rotate the two tiles.
/// let triangle = Graph::<3>::new(&[(0, 1), (1, 2), (2, 0)]);
/// assert_eq!(fewest_moves(&triangle, &[2, 1, 0], &[1, 2, 0]), Some(3));
/// // On a path 0-1-2 the tiles never pass each other.
/// let path = Graph::<3>::new(&[(0, 1), (1, 2)]);
/// assert_eq!(fewest_moves(&path, &[2, 1, 0], &[1, 2, 0]), None);
/// ```
pub fn fewest_moves<const N: usize>(
    graph: &Graph<N>,
    start: &[u8; N],
    goal: &[u8; N],
) -> Option<usize> {
    const UNSEEN: u16 = u16::MAX;
    let goal_rank = rank(goal);
    let mut distance = vec![UNSEEN; factorial(N)];
    let mut queue = Vec::new();
    distance[rank(start)] = 0;
    queue.push(rank(start) as u32);
    let mut head = 0;
    while let Some(&at) = queue.get(head) {
        head += 1;
        let at = at as usize;
        if at == goal_rank {
            return Some(usize::from(distance[at]));
        }
        let mut cells = unrank::<N>(at);
        let blank = cells.iter().position(|&tile| tile == 0)?;
        let mut next_to = graph.next_to[blank];
        while next_to != 0 {
            let cell = next_to.trailing_zeros() as usize;
            next_to &= next_to - 1;
            cells.swap(blank, cell);
            let next = rank(&cells);
            if distance[next] == UNSEEN {
                distance[next] = distance[at] + 1;
                queue.push(next as u32);
            }
            cells.swap(blank, cell);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Move};
    use crate::exact::bfs;

    /// The 3x3 grid as a graph: each cell joined to those a move of the blank reaches.
    fn grid() -> Graph<9> {
        let reached = |cell| {
            Move::ALL
                .into_iter()
                .filter_map(move |m| m.target(3, 9, cell))
        };
        let edges: Vec<_> = (0..9)
            .flat_map(|cell| reached(cell).map(move |next| (cell, next)))
            .collect();
        Graph::new(&edges)
    }

    #[test]
    fn on_the_grid_it_agrees_with_the_grid_search() {
        let goal = Board::<3, 9>::canonical_goal(8);
        let array = bfs::distances(&goal);
        let graph = grid();
        // Every 9,000th arrangement: both parities, the far ones too.
        for r in (0..factorial(9)).step_by(9_001) {
            let start = unrank::<9>(r);
            let expected = match array[r] {
                bfs::UNREACHABLE => None,
                d => Some(usize::from(d)),
            };
            assert_eq!(
                fewest_moves(&graph, &start, goal.tiles()),
                expected,
                "{:?}",
                start
            );
        }
    }

    #[test]
    fn a_graph_without_edges_reaches_only_its_start() {
        let graph = Graph::<4>::new(&[]);
        assert_eq!(fewest_moves(&graph, &[1, 2, 3, 0], &[1, 2, 3, 0]), Some(0));
        assert_eq!(fewest_moves(&graph, &[1, 2, 0, 3], &[1, 2, 3, 0]), None);
    }
}
