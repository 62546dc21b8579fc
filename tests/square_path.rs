//! `square_path` (POJ 3240, eolymp 4609 with `--eolymp`) end to end: random square boards of 2x2
//! to 50x50 in both forms, each path replayed to the goal by the tests' own moves, solvability
//! against the inversion rule; bad sizes. Run in release mode.

use crate::common;

use common::{random_board, random_solvable_board, replay, rows_of, Rng};
use common::{solvable_by_inversions, stdout_of};

const SQUARE_PATH: &str = env!("CARGO_BIN_EXE_square_path");

/// eolymp's most moves.
const EOLYMP_MOST_MOVES: usize = 2_500_000;

#[test]
fn paths_replay_to_the_goal_in_both_forms_and_unsolvable_boards_get_the_judges_word() {
    let mut rng = Rng::new(3240);
    let mut boards = Vec::new();
    let mut input = String::new();
    for side in [2, 3, 4, 5, 7, 10, 11, 50] {
        for board in 0..4 {
            // One of each four of either parity, the rest solvable.
            let tiles = match board {
                0 => random_board(side, side, &mut rng),
                _ => random_solvable_board(side, side, &mut rng),
            };
            input += &format!("{}\n{}", side, rows_of(side, &tiles));
            boards.push((side, tiles));
        }
    }
    // The goal itself: an empty path.
    let goal: Vec<u32> = (1..16).chain([0]).collect();
    input += &format!("4\n{}", rows_of(4, &goal));
    boards.push((4, goal));

    let poj = stdout_of(SQUARE_PATH, &[], &input);
    let eolymp = stdout_of(SQUARE_PATH, &["--eolymp"], &input);
    let (mut poj, mut eolymp) = (poj.lines(), eolymp.lines());
    let mut solved = 0;
    for (side, tiles) in boards {
        let solvable = solvable_by_inversions(side, side, &tiles);
        let word = eolymp.next().unwrap();
        assert_eq!(word, if solvable { "Yes" } else { "No" });
        let path = poj.next().unwrap();
        if !solvable {
            assert_eq!(path, "No Answer!");
            continue;
        }
        assert_eq!(eolymp.next(), Some(path), "the same moves in both forms");
        let goal: Vec<u32> = (1..(side * side) as u32).chain([0]).collect();
        assert_eq!(replay(side, &tiles, path), Some(goal), "{}x{}", side, side);
        assert!(path.len() <= EOLYMP_MOST_MOVES, "{} moves", path.len());
        solved += 1;
    }
    assert_eq!((poj.next(), eolymp.next()), (None, None));
    assert!(solved >= 25, "{} solved", solved);
}

/// A size that is not one number from 2 to 999, or too few tiles: one error line naming the line,
/// exit status 2, the answers before it kept.
#[test]
fn bad_sizes_are_errors_after_the_answers_before_them() {
    let first = "2\n3 1\n2 0\n";
    for (rest, error) in [
        (
            "1\n0\n",
            "line 4: expected the size n, each 2 to 999, found '1'",
        ),
        (
            "1000\n",
            "line 4: expected the size n, each 2 to 999, found '1000'",
        ),
        (
            "3 3\n",
            "line 4: expected the size n, each 2 to 999, found '3 3'",
        ),
        (
            "-3\n",
            "line 4: expected the size n, each 2 to 999, found '-3'",
        ),
        (
            "3\n1 2 3\n4 5 6\n",
            "line 7: expected 9 tiles for a 3 x 3 board, found the end of the input after 6",
        ),
    ] {
        common::fails_after_answering(SQUARE_PATH, &(first.to_string() + rest), "LURD\n", error);
    }
}
