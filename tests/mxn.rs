//! `mxn` (POJ 2893) end to end: every arrangement of the 2x2, 2x3, 3x2, 2x4, 4x2 and 3x3 boards
//! against breadth-first search, and random boards up to 999 x 999 against the inversion rule,
//! counted independently with a Fenwick tree. Run in release mode.

use std::os::unix::process::ExitStatusExt;
use std::path::Path;

use crate::common;

use common::{
    distances_by_hash_map, manhattan_sum, mxn_case, random_board, random_solvable_board, replay,
    run_with, solvable_by_inversions, stdout_of, Rng,
};
use engine::exact::cantor::{factorial, unrank};

const MXN: &str = env!("CARGO_BIN_EXE_mxn");

#[test]
fn every_small_board_against_breadth_first_search() {
    let mut input = String::new();
    let mut expected = String::new();
    fn add<const N: usize>(rows: usize, input: &mut String, expected: &mut String) {
        let columns = N / rows;
        let goal: Vec<u8> = (1..N as u8).chain([0]).collect();
        let reachable = distances_by_hash_map(&goal, columns);
        assert_eq!(reachable.len(), factorial(N) / 2);
        for r in 0..factorial(N) {
            let tiles = unrank::<N>(r);
            let wide: Vec<u32> = tiles.iter().map(|&t| u32::from(t)).collect();
            *input += &mxn_case(rows, columns, &wide);
            let solvable = reachable.get(&tiles[..]).is_some();
            *expected += if solvable { "YES\n" } else { "NO\n" };
        }
    }
    add::<4>(2, &mut input, &mut expected);
    add::<6>(2, &mut input, &mut expected);
    add::<6>(3, &mut input, &mut expected);
    add::<8>(2, &mut input, &mut expected);
    add::<8>(4, &mut input, &mut expected);
    add::<9>(3, &mut input, &mut expected);
    input += "0 0\n";
    assert_eq!(stdout_of(MXN, &[], &input), expected);
}

#[test]
fn random_boards_up_to_999_by_999_against_the_inversion_rule() {
    let mut rng = Rng::new(2893);
    let mut input = String::new();
    let mut expected = String::new();
    let shapes = [
        (999, 999),
        (999, 998),
        (998, 999),
        (2, 999),
        (999, 2),
        (100, 100),
        (5, 7),
    ];
    for (rows, columns) in shapes {
        for _ in 0..2 {
            let tiles = random_board(rows, columns, &mut rng);
            input += &mxn_case(rows, columns, &tiles);
            let solvable = solvable_by_inversions(rows, columns, &tiles);
            expected += if solvable { "YES\n" } else { "NO\n" };
        }
    }
    input += "0 0\n";
    let printed = stdout_of(MXN, &[], &input);
    assert_eq!(printed, expected);
    assert!(printed.contains("YES") && printed.contains("NO"));
}

/// `mxn --path` on random boards from 2 x 2 to 100 x 100: every path replays to the goal, and on
/// 100 x 100 it takes at most four times the tiles' total distance from home (its lower bound).
#[test]
fn paths_replay_to_the_goal_on_random_boards() {
    let mut rng = Rng::new(6);
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (4, 4),
        (2, 17),
        (17, 2),
        (5, 9),
        (9, 5),
        (100, 100),
    ];
    let mut boards = Vec::new();
    let mut input = String::new();
    for (rows, columns) in shapes {
        for board in 0..4 {
            // Three of each four solvable.
            let tiles = match board {
                0 => random_board(rows, columns, &mut rng),
                _ => random_solvable_board(rows, columns, &mut rng),
            };
            input += &mxn_case(rows, columns, &tiles);
            boards.push((rows, columns, tiles));
        }
    }
    input += "0 0\n";
    let (output, _) = run_with(MXN, &["--path"], input.as_bytes());
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let mut lines = text.lines();
    let (mut solved, mut large) = (0, 0);
    for (rows, columns, tiles) in boards {
        let answer = lines.next().unwrap();
        assert_eq!(
            answer == "YES",
            solvable_by_inversions(rows, columns, &tiles)
        );
        if answer == "NO" {
            continue;
        }
        let path = lines.next().unwrap();
        let goal: Vec<u32> = (1..(rows * columns) as u32).chain([0]).collect();
        assert_eq!(
            replay(columns, &tiles, path),
            Some(goal),
            "{}x{}",
            rows,
            columns
        );
        solved += 1;
        if rows == 100 {
            let distance = manhattan_sum(columns, &tiles) as usize;
            assert!(
                path.len() <= 4 * distance,
                "{} moves, distance {}",
                path.len(),
                distance
            );
            large += 1;
        }
    }
    assert_eq!(lines.next(), None);
    assert!(
        solved >= 30 && large >= 3,
        "{} solved, {} of 100 x 100",
        solved,
        large
    );
}

/// A long path goes out in pieces as it is found: under `ulimit -v` well below its length it is
/// printed whole, and SIGTERM while it is written ends the run only once its line is whole.
#[test]
fn a_long_path_goes_out_whole_within_bounded_memory() {
    let mut rng = Rng::new(12);
    let tiles = random_solvable_board(300, 300, &mut rng);
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mxn-300x300.txt");
    std::fs::write(&file, mxn_case(300, 300, &tiles) + "0 0\n").unwrap();
    let limit = 40_000;
    let script = format!("ulimit -v {}; exec \"$0\" \"$@\"", limit);
    let command = ["bash", "-c", &script, MXN, "--path"];
    let (text, status) = common::signalled_while_writing(&command, &file, "TERM");
    assert_eq!(status.signal(), Some(15));
    let path = text
        .strip_prefix("YES\n")
        .and_then(|t| t.strip_suffix('\n'));
    let path = path.unwrap_or_else(|| panic!("not one whole path: {} bytes", text.len()));
    assert!(path.len() > 1024 * limit, "{} moves", path.len());
    let goal: Vec<u32> = (1..300 * 300).chain([0]).collect();
    assert_eq!(replay(300, &tiles, path), Some(goal));
}

/// The tiles may be spread over the lines in any way, as POJ's own data does; a board short of
/// tiles, or with too many, names the count it wanted.
#[test]
fn tiles_are_read_whatever_the_lines() {
    let one_line = "3 3\n1 0 3 4 2 5 7 8 6\n0 0\n";
    let spread = "3 3\n1 0\n3 4 2 5\n\n7\n8 6\n0 0\n";
    let rows = "3 3\n1 0 3\n4 2 5\n7 8 6\n0 0\n";
    for input in [one_line, spread] {
        assert_eq!(
            stdout_of(MXN, &["--path"], input),
            stdout_of(MXN, &["--path"], rows)
        );
    }
    let (output, _) = run_with(MXN, &[], b"2 3\n1 2 3\n4 5\n0 0\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: line 4: expected 6 tiles for a 2 x 3 board, found 7 by the end of this line\n"
    );
    let (output, _) = run_with(MXN, &[], b"2 2\n1 0\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: line 3: expected 4 tiles for a 2 x 2 board, found the end of the input after 2\n"
    );
}

/// Only blank lines may follow the `0 0` that ends the input: two inputs run together answer
/// the first and name the rest, exit 2.
#[test]
fn nothing_but_blank_lines_follows_the_end() {
    let one = "2 2\n1 2\n3 0\n0 0\n";
    assert_eq!(stdout_of(MXN, &[], &format!("{}\n \n", one)), "YES\n");
    let (output, _) = run_with(MXN, &[], format!("{}\n{}", one, one).as_bytes());
    assert_eq!(String::from_utf8_lossy(&output.stdout), "YES\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: line 6: expected the end of the input after the 0 0 of line 4, found '2 2'\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

/// A size is digits alone, and a bad size line is shown escaped and cut.
#[test]
fn sizes_are_digits_and_bad_ones_are_shown_escaped() {
    let long = format!("3 {}", "7".repeat(60_000));
    for (size, shown) in [
        ("+3 3", "'+3 3'".to_string()),
        ("3\u{0}3", "'3\\03'".to_string()),
        ("\u{1b}[31m3 3", "'\\u{1b}[31m3 3'".to_string()),
        (long.as_str(), format!("'3 {}...'", "7".repeat(38))),
    ] {
        let input = format!("{}\n1 0 3\n4 2 5\n7 8 6\n0 0\n", size);
        let (output, _) = run_with(MXN, &[], input.as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!(
                "error: line 1: expected the size M N, each 2 to 999, or 0 0 to end, found {}\n",
                shown
            )
        );
    }
}

/// `--show` prints the path as `--path` does, then every board along it, the last the goal.
#[test]
fn show_draws_the_boards_along_the_path() {
    let input = "3 3\n1 0 3\n4 2 5\n7 8 6\n0 0\n";
    let path = stdout_of(MXN, &["--path"], input);
    let shown = stdout_of(MXN, &["--show"], input);
    assert!(shown.starts_with(&path), "{}", shown);
    let moves = path.lines().nth(1).unwrap().len();
    let labels = shown.lines().nth(2).unwrap();
    assert_eq!(labels.split_whitespace().count(), 1 + 2 * moves);
    // The boards stand in one row here, each 9 characters wide and 2 apart: the last one's.
    assert!(moves < 7);
    let goal: Vec<Vec<String>> = shown
        .lines()
        .skip(3)
        .take(3)
        .map(|row| {
            let last = row.get(11 * moves..).unwrap_or("");
            last.replace(['[', ']'], " ")
                .split_whitespace()
                .map(String::from)
                .collect()
        })
        .collect();
    assert_eq!(goal, [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "."]]);
}
