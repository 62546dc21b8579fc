//! Every arrangement of the 2x3 and 3x3 boards: the engine's BFS table against an independent
//! breadth-first search, and IDA* and the parity test against the table; the paths of IDA* and
//! of the table are the shortest ones that come first in dictionary order. Run in release mode.

use crate::common;

use common::{distances_by_hash_map, first_shortest_path, Rng};
use engine::board::{Board, Move};
use engine::exact::bfs::{self, UNREACHABLE};
use engine::exact::cantor::{factorial, rank, unrank};
use engine::search::ida_star;
use engine::solvers::up_to_9::Solver;

/// Checks the BFS table for `goal` against the independent search, then IDA* and parity on
/// every arrangement against the table, and the paths of IDA* and of a solver that switches to
/// the table against the independent search's first shortest path. Returns the table.
fn check_every_arrangement<const W: usize, const N: usize>(goal: [u8; N]) -> Vec<u8> {
    let goal = Board::<W, N>::from_tiles(goal).unwrap();
    let table = bfs::distances(&goal);
    let truth = distances_by_hash_map(goal.tiles(), W);
    assert_eq!(table.len(), factorial(N));
    assert_eq!(truth.len(), factorial(N) / 2);
    let mut reachable = 0;
    let mut solver = Solver::new();
    for (r, &distance) in table.iter().enumerate() {
        let tiles = unrank::<N>(r);
        assert_eq!(rank(&tiles), r);
        let start = Board::<W, N>::from_tiles(tiles).unwrap();
        let expected = truth.get(&tiles[..]);
        let solution = ida_star::solve(&start, &goal, u32::MAX);
        if distance == UNREACHABLE {
            assert_eq!(expected, None, "{:?}", tiles);
            assert_ne!(start.parity(), goal.parity(), "{:?}", tiles);
            assert_eq!(solution, None, "{:?}", tiles);
            continue;
        }
        reachable += 1;
        assert_eq!(expected, Some(u32::from(distance)), "{:?}", tiles);
        assert_eq!(start.parity(), goal.parity(), "{:?}", tiles);
        let moves = solution.expect("a solvable board is solved").moves;
        assert_eq!(moves.len(), usize::from(distance), "{:?}", tiles);
        let end = moves
            .iter()
            .try_fold(start, |board, &m| board.moved(m))
            .expect("every move stays on the board");
        assert_eq!(end, goal, "{:?}", tiles);
        let first = first_shortest_path(&tiles, W, |b| truth.get(b));
        let letters = |moves: Vec<_>| moves.iter().map(|m: &Move| m.letter()).collect();
        assert_eq!(Some(letters(moves)), first, "{:?}", tiles);
        assert_eq!(
            solver.path(&start, &goal).map(letters),
            first,
            "{:?}",
            tiles
        );
    }
    assert_eq!(reachable, truth.len());
    assert!(solver.uses_distances_for(goal.blank()));
    table
}

#[test]
fn every_2x3_arrangement_leetcode_773() {
    let table = check_every_arrangement::<3, 6>([1, 2, 3, 4, 5, 0]);
    assert_eq!(table.iter().filter(|&&d| d != UNREACHABLE).max(), Some(&21));
}

#[test]
fn every_3x3_arrangement_luogu_p1379() {
    let table = check_every_arrangement::<3, 9>([1, 2, 3, 8, 0, 4, 7, 6, 5]);
    assert_eq!(table.iter().filter(|&&d| d != UNREACHABLE).max(), Some(&30));
}

#[test]
fn every_3x3_arrangement_blank_last() {
    let table = check_every_arrangement::<3, 9>([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(table.iter().filter(|&&d| d != UNREACHABLE).max(), Some(&31));
}

/// Random start/goal pairs as `jiugong` gets them, with the goal's blank in every cell.
#[test]
fn random_3x3_pairs_with_the_goal_blank_in_every_cell() {
    let mut rng = Rng::new(9);
    for blank in 0..9 {
        for _ in 0..3 {
            let mut goal = rng.arrangement::<9>();
            let at = goal.iter().position(|&t| t == 0).unwrap();
            goal.swap(at, blank);
            let goal = Board::<3, 9>::from_tiles(goal).unwrap();
            let table = bfs::distances(&goal);
            for _ in 0..300 {
                let start = Board::<3, 9>::from_tiles(rng.arrangement()).unwrap();
                let expected = table[rank(start.tiles())];
                let found = ida_star::solve(&start, &goal, u32::MAX).map(|s| s.moves.len());
                let expected = Some(usize::from(expected)).filter(|_| expected != UNREACHABLE);
                assert_eq!(found, expected, "{:?} -> {:?}", start, goal);
            }
        }
    }
}
