//! The 15-puzzle: Korf's 100 through `fifteen` against their published optimal lengths, every
//! path replayed; every board within 13 moves of the goal against breadth-first search, with the
//! pattern databases never overestimating; and parity against breadth-first search on every
//! arrangement of the 2x2, 2x4 and 4x2 boards. Run in release mode.

mod common;

use std::collections::HashMap;

use common::{distances_by_hash_map, korf_100, run_with};
use engine::board::{Board, Move};
use engine::cantor::{factorial, unrank};
use engine::fifteen::Solver;
use engine::ida_star::Heuristic;
use engine::pattern_db::{PatternDb, PARTITION_663};

const FIFTEEN: &str = env!("CARGO_BIN_EXE_fifteen");

type Board16 = Board<4, 16>;

fn replay(start: Board16, path: &str) -> Option<Board16> {
    path.chars().try_fold(start, |board, letter| {
        let m = Move::ALL.iter().find(|m| m.letter() == letter)?;
        board.moved(*m)
    })
}

#[test]
fn korf_100_optimal_through_the_binary_with_paths() {
    let instances = korf_100();
    let mut input = String::new();
    for (_, tiles) in &instances {
        for row in tiles.chunks(4) {
            let row: Vec<String> = row.iter().map(|t| t.to_string()).collect();
            input += &(row.join(" ") + "\n");
        }
        input += "\n";
    }
    let (output, _) = run_with(FIFTEEN, &["--path"], input.as_bytes());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 200);
    let goal = Board16::canonical_goal(15);
    for (i, ((length, tiles), answer)) in instances.iter().zip(lines.chunks(2)).enumerate() {
        assert_eq!(answer[0], length.to_string(), "instance {}", i + 1);
        assert_eq!(answer[1].len(), *length, "instance {}", i + 1);
        let start = Board16::from_tiles(*tiles).unwrap();
        assert_eq!(replay(start, answer[1]), Some(goal), "instance {}", i + 1);
    }
}

/// Every board within `depth` moves of the goal, with its distance.
fn near_the_goal(depth: u8) -> HashMap<[u8; 16], u8> {
    let goal = *Board16::canonical_goal(15).tiles();
    let mut distance = HashMap::from([(goal, 0)]);
    let mut layer = vec![goal];
    for d in 1..=depth {
        let mut next = Vec::new();
        for tiles in layer {
            let blank = tiles.iter().position(|&t| t == 0).unwrap();
            let (row, column) = (blank / 4, blank % 4);
            let cells = [
                (row > 0, blank.wrapping_sub(4)),
                (row < 3, blank + 4),
                (column > 0, blank.wrapping_sub(1)),
                (column < 3, blank + 1),
            ];
            for (on_board, cell) in cells {
                let mut moved = tiles;
                if on_board {
                    moved.swap(blank, cell);
                    if !distance.contains_key(&moved) {
                        distance.insert(moved, d);
                        next.push(moved);
                    }
                }
            }
        }
        layer = next;
    }
    distance
}

#[test]
fn boards_near_the_goal_against_breadth_first_search() {
    let truth = near_the_goal(13);
    let goal = Board16::canonical_goal(15);
    // The pattern databases, with and without the mirrored look-up, never overestimate.
    let mut db = PatternDb::build(&PARTITION_663, 2);
    for mirrored in [true, false] {
        db.set_mirrored(mirrored);
        for (tiles, &d) in &truth {
            let h = db.estimate(&db.state(tiles));
            assert!(h <= u32::from(d), "{:?}: estimate {} over {}", tiles, h, d);
        }
    }
    // Every 50th board, solved with and without the tables; paths replayed.
    let cases: Vec<(Board16, Board16)> = truth
        .keys()
        .step_by(50)
        .map(|tiles| (Board16::from_tiles(*tiles).unwrap(), goal))
        .collect();
    let mut without_tables = Solver::new(2);
    let paths = without_tables.paths(&cases);
    assert!(
        !without_tables.uses_tables(),
        "easy boards never pay for the tables"
    );
    for ((start, _), path) in cases.iter().zip(paths) {
        let path = path.expect("solvable");
        assert_eq!(path.len(), usize::from(truth[start.tiles()]));
        let end = path.iter().try_fold(*start, |b, &m| b.moved(m));
        assert_eq!(end, Some(goal));
    }
}

#[test]
fn a_hard_board_switches_to_the_tables_and_unsolvable_ones_answer_none() {
    // Korf's #88 needs 65 moves: far more search without the tables than they cost.
    let (length, tiles) = korf_100()[87];
    let start = Board16::from_tiles(tiles).unwrap();
    let goal = Board16::canonical_goal(15);
    let mut swapped = tiles;
    let (a, b) = (
        tiles.iter().position(|&t| t == 1).unwrap(),
        tiles.iter().position(|&t| t == 2).unwrap(),
    );
    swapped.swap(a, b);
    let swapped = Board16::from_tiles(swapped).unwrap();
    let mut solver = Solver::new(1);
    let paths = solver.paths(&[(swapped, goal), (start, goal), (swapped, goal)]);
    assert!(solver.uses_tables());
    assert_eq!(paths[0], None);
    assert_eq!(paths[1].as_ref().map(Vec::len), Some(length));
    assert_eq!(paths[2], None);
}

/// Parity against breadth-first search on every arrangement of the boards whose width is even
/// (where the blank's row counts) and of one whose width is odd.
#[test]
fn parity_decides_solvability_on_small_boards() {
    fn check<const W: usize, const N: usize>() {
        let goal = Board::<W, N>::canonical_goal(N - 1);
        let reachable = distances_by_hash_map(goal.tiles(), W);
        for r in 0..factorial(N) {
            let board = Board::<W, N>::from_tiles(unrank(r)).unwrap();
            let solvable = reachable.contains_key(&board.tiles()[..]);
            assert_eq!(board.parity() == goal.parity(), solvable, "{:?}", board);
        }
        assert_eq!(reachable.len(), factorial(N) / 2);
    }
    check::<2, 4>();
    check::<4, 8>();
    check::<2, 8>();
    check::<3, 6>();
}
