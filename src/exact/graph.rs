//! Puzzles on a graph (AtCoder ABC224 D, the Eleven puzzle): a tile slides along an edge into a
//! blank. The graph knows each cell's neighbours, and works out the fewest edges between any two
//! cells when asked. On up to 9 cells, the same breadth-first search as on a grid, over the same
//! Cantor-ranked array of arrangements, the blank's neighbours read from the graph's edges, not
//! the grid's: O(N! · N · N) time at most and 3 · N! bytes (1.1 MB on 9 cells); no hash map.

use crate::exact::cantor::{factorial, rank, unrank};

/// The most cells of a graph: a cell's neighbours are the bits of a `u16`.
pub const MAX_CELLS: usize = 16;

/// The most cells of a graph searched over every arrangement: 9! stay an array of about a
/// megabyte.
pub const MAX_ARRANGED_CELLS: usize = 9;

/// The edges between two cells no path joins.
pub const APART: u8 = u8::MAX;

/// An undirected graph on cells `0..N`: for each cell, the cells an edge joins it to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph<const N: usize> {
    next_to: [u16; N],
}

impl<const N: usize> Graph<N> {
    /// The graph of `edges`, pairs of cells below `N`.
    ///
    /// # Panics
    /// If `N` is more than [`MAX_CELLS`], or a cell is `N` or more.
    pub fn new(edges: &[(usize, usize)]) -> Self {
        assert!(N <= MAX_CELLS, "a graph of at most {} cells", MAX_CELLS);
        let mut next_to = [0u16; N];
        for &(a, b) in edges {
            next_to[a] |= 1 << b;
            next_to[b] |= 1 << a;
        }
        Graph { next_to }
    }

    /// The cells an edge joins `cell` to.
    pub fn next_to(&self, cell: usize) -> impl Iterator<Item = usize> {
        cells_of(self.next_to[cell])
    }

    /// The fewest edges between any two cells, `[a][b]`; [`APART`] where no path joins them.
    ///
    /// # Complexity
    /// O(N²): a breadth-first search from each cell.
    pub fn fewest_edges(&self) -> [[u8; N]; N] {
        let mut apart = [[APART; N]; N];
        for (from, row) in apart.iter_mut().enumerate() {
            row[from] = 0;
            let mut queue = vec![from];
            let mut head = 0;
            while let Some(&cell) = queue.get(head) {
                head += 1;
                for next in self.next_to(cell) {
                    if row[next] == APART {
                        row[next] = row[cell] + 1;
                        queue.push(next);
                    }
                }
            }
        }
        apart
    }
}

/// The cells of the bit set `set`.
fn cells_of(mut set: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let cell = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        (cell < 16).then_some(cell)
    })
}

/// The fewest moves that turn `start` into `goal` on `graph`, or `None` when none do. An
/// arrangement gives each cell its tile, 0 the blank; both hold the same tiles `0..N`.
///
/// # Constraints
/// `start` and `goal` are permutations of `0..N`, `N <= MAX_ARRANGED_CELLS`.
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
    assert!(
        N <= MAX_ARRANGED_CELLS,
        "at most {} cells",
        MAX_ARRANGED_CELLS
    );
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
        for cell in graph.next_to(blank) {
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
    fn distances_are_the_fewest_edges() {
        // A cycle of five: opposite cells two edges apart either way.
        let cycle = Graph::<5>::new(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
        assert_eq!(cycle.fewest_edges()[0], [0, 1, 2, 2, 1]);
        assert_eq!(grid().fewest_edges()[0][8], 4);
        let apart = Graph::<3>::new(&[(0, 1)]);
        assert_eq!(apart.fewest_edges()[0][2], APART);
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
