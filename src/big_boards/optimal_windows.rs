//! A path with stretches of it made optimal: IDA* under the board's pattern databases (or Manhattan
//! distance, where it has none) solves windows of the path that end at a board whose blank is in a
//! corner, the goal first. Flipping the board top to bottom, left to right or both carries that
//! corner onto the goal's blank cell, and renaming the tiles then makes that board the goal: so an
//! estimate made for the goal estimates the distance to it too, and every window ending there is a
//! search towards the goal. For each such board, from the last back to the first, windows `STEP`
//! moves long, then `2 * STEP`, and so on back to the start are searched while each search stays
//! within a budget of nodes; the longest window that has a shorter path gives way to a shortest
//! one. A search's cost grows about tenfold with every few moves of depth, so the windows searched
//! end near where the budget runs out, and all of them cost about as much as the last.

use crate::board::{Board, Move};
use crate::search::ida_star::{Heuristic, Iterations, Stop};
use crate::search::move_rules::GrowingRules;

/// How much longer each window tried is than the one before.
const STEP: usize = 8;

/// `moves` (a path from `start` to the goal of `heuristic`) with windows ending at boards whose
/// blank is in a corner replaced by shortest paths, each the longest window across which IDA* under
/// `heuristic` finds a shorter path within `nodes` nodes: never longer, and the same on any number
/// of `threads`, since a search goes on only while its nodes so far and its next iteration's
/// forecast, which no thread count changes, fit the budget.
///
/// # Complexity
/// O(`nodes`) for each window tried: a few windows for each board with its blank in a corner.
pub fn shortened<const W: usize, const N: usize, H: Heuristic<W, N>>(
    start: &Board<W, N>,
    moves: Vec<Move>,
    heuristic: &H,
    nodes: u64,
    threads: usize,
) -> Vec<Move> {
    let mut moves = moves;
    let mut boards = replayed(start, &moves);
    // Windows end at boards before this one: those after it are done.
    let mut end = boards.len();
    while let Some(to) = (0..end)
        .rev()
        .find(|&i| in_corner::<W, N>(boards[i].blank()))
    {
        end = to;
        if let Some((from, shortest)) = longest_window(&boards, to, heuristic, nodes, threads) {
            end = from + shortest.len();
            moves.splice(from..to, shortest);
            boards = replayed(start, &moves);
        }
    }
    moves
}

/// The boards along `moves` from `start`, `start` first.
fn replayed<const W: usize, const N: usize>(
    start: &Board<W, N>,
    moves: &[Move],
) -> Vec<Board<W, N>> {
    let mut boards = vec![*start];
    for &m in moves {
        let next = boards[boards.len() - 1]
            .moved(m)
            .expect("a move on the board");
        boards.push(next);
    }
    boards
}

/// Whether `cell` is a corner of a board `W` wide with `N` cells.
fn in_corner<const W: usize, const N: usize>(cell: usize) -> bool {
    [0, W - 1, N - W, N - 1].contains(&cell)
}

/// Which flips carry the corner `cell` onto the last cell: of the rows (top to bottom), of the
/// columns (left to right).
#[derive(Clone, Copy)]
struct Flips {
    rows: bool,
    columns: bool,
}

impl Flips {
    fn onto_last<const W: usize>(cell: usize) -> Self {
        Flips {
            rows: cell / W == 0,
            columns: cell % W == 0,
        }
    }

    /// `board` flipped.
    fn board<const W: usize, const N: usize>(self, board: &Board<W, N>) -> Board<W, N> {
        let mut tiles = [0; N];
        for (cell, &tile) in board.tiles().iter().enumerate() {
            let (row, column) = (cell / W, cell % W);
            let row = if self.rows { N / W - 1 - row } else { row };
            let column = if self.columns { W - 1 - column } else { column };
            tiles[row * W + column] = tile;
        }
        Board::from_tiles(tiles).expect("a board flipped")
    }

    /// The move on the board before the flips that the move `m` on the flipped board is.
    fn unflipped(self, m: Move) -> Move {
        match m {
            Move::Up | Move::Down if self.rows => m.opposite(),
            Move::Left | Move::Right if self.columns => m.opposite(),
            _ => m,
        }
    }
}

/// The longest window of `boards` ending at `boards[to]`, whose blank is in a corner, across
/// which IDA* under `heuristic` finds a shorter path within `nodes` nodes: where it starts, and a
/// shortest path across it.
fn longest_window<const W: usize, const N: usize, H: Heuristic<W, N>>(
    boards: &[Board<W, N>],
    to: usize,
    heuristic: &H,
    nodes: u64,
    threads: usize,
) -> Option<(usize, Vec<Move>)> {
    let flips = Flips::onto_last::<W>(boards[to].blank());
    let end = flips.board(&boards[to]);
    let mut best = None;
    let mut window = 0;
    while window < to {
        window = (window + STEP).min(to);
        let from = to - window;
        let start = flips.board(&boards[from]).relabelled(&end);
        match shorter(&start, window, heuristic, nodes, threads) {
            Some(Some(moves)) => best = Some((from, moves)),
            Some(None) => {}
            None => break,
        }
    }
    let unflipped = |(from, moves): (usize, Vec<Move>)| {
        (
            from,
            moves.into_iter().map(|m| flips.unflipped(m)).collect(),
        )
    };
    best.map(unflipped)
}

/// A shortest path from `start` to the goal of `heuristic` if shorter than `moves`, the length
/// of a path known between them; `Some(None)` if none is shorter; `None` if IDA* under
/// `heuristic` cannot tell within `nodes` nodes. A shorter path is shorter by two moves at
/// least (each move takes the blank to a cell of the other colour of a chessboard), so the
/// search never runs the iteration that would find the path known, which would cost more than
/// all before it.
fn shorter<const W: usize, const N: usize, H: Heuristic<W, N>>(
    start: &Board<W, N>,
    moves: usize,
    heuristic: &H,
    nodes: u64,
    threads: usize,
) -> Option<Option<Vec<Move>>> {
    let rules = GrowingRules::new(W, N / W);
    let max_moves = moves.saturating_sub(2) as u32;
    let mut search = Iterations::new(start, heuristic, rules, max_moves);
    loop {
        match search.run_iteration(threads, u64::MAX) {
            Some(Ok(solution)) => return Some(Some(solution.moves)),
            Some(Err(Stop::MoveLimit { .. })) => return Some(None),
            Some(Err(Stop::NodeLimit { .. })) => return None,
            None if search.nodes().saturating_add(search.forecast()) > nodes => return None,
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::bfs::Distances;
    use crate::exact::cantor::unrank;
    use crate::search::manhattan::Manhattan;

    /// A detour of two moves from `board`: the blank's first move there, and back.
    fn there_and_back(board: &Board<3, 9>) -> [Move; 2] {
        let m = Move::ALL
            .into_iter()
            .find(|&m| board.moved(m).is_some())
            .unwrap();
        [m, m.opposite()]
    }

    /// Shortest paths of 3x3 boards (by breadth-first search) with a detour of two moves at the
    /// start, at the end, or none: with room for every search, the result is a shortest path;
    /// with none, never longer than what it was given; a path to the goal either way, the same on
    /// one thread and two.
    #[test]
    fn windows_solved_within_the_budget_give_way_to_shortest_paths() {
        let goal = Board::<3, 9>::canonical_goal(8);
        let manhattan = Manhattan::new(&goal);
        let mut distances = Distances::new();
        let reached = |start: &Board<3, 9>, moves: &[Move]| *replayed(start, moves).last().unwrap();
        for r in (0..362_880).step_by(3_637) {
            let start = Board::<3, 9>::from_tiles(unrank(r)).unwrap();
            let shortest = match distances.path(&start, &goal) {
                Some(path) => path,
                None => continue,
            };
            let detoured_first = [&there_and_back(&start)[..], &shortest].concat();
            let detoured_last = [&shortest[..], &there_and_back(&goal)].concat();
            for given in [shortest.clone(), detoured_first, detoured_last] {
                let ample = shortened(&start, given.clone(), &manhattan, u64::MAX, 1);
                assert_eq!(ample.len(), shortest.len());
                assert_eq!(reached(&start, &ample), goal);
                let none = shortened(&start, given.clone(), &manhattan, 0, 1);
                assert!(none.len() <= given.len());
                assert_eq!(reached(&start, &none), goal);
                assert_eq!(shortened(&start, given.clone(), &manhattan, 0, 2), none);
                assert_eq!(shortened(&start, given, &manhattan, u64::MAX, 2), ample);
            }
        }
    }

    /// Against breadth-first distances on 3x3 boards: no path is shorter than a shortest one, and
    /// when the length known is two moves more, a shortest path is found.
    #[test]
    fn a_shorter_path_is_found_or_proved_absent() {
        let goal = Board::<3, 9>::canonical_goal(8);
        let manhattan = Manhattan::new(&goal);
        let mut distances = Distances::new();
        for r in (0..362_880).step_by(7_919) {
            let start = Board::<3, 9>::from_tiles(unrank(r)).unwrap();
            let fewest = match distances.path(&start, &goal) {
                Some(path) => path.len(),
                None => continue,
            };
            assert_eq!(shorter(&start, fewest, &manhattan, u64::MAX, 1), Some(None));
            let found = shorter(&start, fewest + 2, &manhattan, u64::MAX, 1);
            let found = found.flatten().expect("a shorter path");
            assert_eq!(found.len(), fewest);
            assert_eq!(replayed(&start, &found).last(), Some(&goal));
        }
    }

    /// A window ending at a board whose blank is in any of the four corners: the search under
    /// tables towards the goal, on the boards flipped and renamed, finds a shortest path to that
    /// board (its length by breadth-first search from it), and the path, flipped back, reaches
    /// it. The window is a shortest path after a two-move detour.
    #[test]
    fn a_window_ending_in_any_corner_is_solved_towards_its_last_board() {
        let manhattan = Manhattan::new(&Board::<3, 9>::canonical_goal(8));
        let mut distances = Distances::new();
        let mut corners = [0; 9];
        for r in (0..362_880).step_by(1_009) {
            let start = Board::<3, 9>::from_tiles(unrank(r)).unwrap();
            let end = Board::<3, 9>::from_tiles(unrank((r * 7 + 11) % 362_880)).unwrap();
            if !in_corner::<3, 9>(end.blank()) {
                continue;
            }
            let shortest = match distances.path(&start, &end) {
                Some(path) => path,
                None => continue,
            };
            let given = [&there_and_back(&start)[..], &shortest].concat();
            let boards = replayed(&start, &given);
            let (from, path) =
                longest_window(&boards, given.len(), &manhattan, u64::MAX, 1).unwrap();
            assert_eq!((from, path.len()), (0, shortest.len()));
            assert_eq!(replayed(&start, &path).last(), Some(&end));
            corners[end.blank()] += 1;
        }
        assert!(
            [0, 2, 6, 8].iter().all(|&corner| corners[corner] > 0),
            "{:?}",
            corners
        );
    }
}
