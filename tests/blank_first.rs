//! `blank_first` (HackerRank "N Puzzle") end to end: random boards of 2x2 to 5x5, each path
//! replayed to the goal `0 1 2 ..` by the tests' own moves, solvability against the inversion
//! rule; bad input. Run in release mode.

use crate::common;

use common::{random_board, replay, rows_of, solvable_by_inversions, stdout_of, Rng};

const BLANK_FIRST: &str = env!("CARGO_BIN_EXE_blank_first");

#[test]
fn paths_replay_to_the_goal_with_the_blank_first_and_unsolvable_boards_say_so() {
    let mut rng = Rng::new(5);
    let mut boards = Vec::new();
    let mut input = String::new();
    for side in [2, 3, 4, 5] {
        for _ in 0..20 {
            let tiles = random_board(side, side, &mut rng);
            // One number a line, as the judge gives them.
            input += &format!("{}\n{}", side, rows_of(1, &tiles));
            boards.push((side, tiles));
        }
    }
    let output = stdout_of(BLANK_FIRST, &[], &input);
    let mut lines = output.lines();
    let mut solved = 0;
    for (side, tiles) in boards {
        let goal: Vec<u32> = (0..(side * side) as u32).collect();
        // Two boards reach each other when the inversion rule says the same of both.
        let solvable =
            solvable_by_inversions(side, side, &tiles) == solvable_by_inversions(side, side, &goal);
        let first = lines.next().unwrap();
        if !solvable {
            assert_eq!(first, "unsolvable");
            continue;
        }
        let count: usize = first.parse().unwrap();
        let letters: String = (0..count)
            .map(|_| match lines.next().unwrap() {
                "UP" => 'U',
                "DOWN" => 'D',
                "LEFT" => 'L',
                "RIGHT" => 'R',
                other => panic!("not a move: {}", other),
            })
            .collect();
        assert_eq!(replay(side, &tiles, &letters), Some(goal), "{:?}", tiles);
        solved += 1;
    }
    assert_eq!(lines.next(), None);
    assert!(solved >= 25, "{} solved", solved);
}

/// A size past the judge's, or too few numbers: one error line naming the line, exit status 2,
/// the answers before it kept.
#[test]
fn bad_input_is_an_error_after_the_answers_before_it() {
    let first = "2\n1\n0\n2\n3\n";
    for (rest, error) in [
        ("6\n", "line 6: expected the size k, each 2 to 5, found '6'"),
        (
            "3 3\n",
            "line 6: expected the size k, each 2 to 5, found '3 3'",
        ),
        (
            "2\n1\n2\n0\n",
            "line 10: expected 4 tiles for a 2 x 2 board, found the end of the input after 3",
        ),
        (
            "2\n1\n1\n0\n3\n",
            "line 8: tile 1 appears twice and tile 2 is missing",
        ),
    ] {
        common::fails_after_answering(BLANK_FIRST, &(first.to_string() + rest), "1\nLEFT\n", error);
    }
}
