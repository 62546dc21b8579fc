//! `solve` for a person with a puzzle in hand: any goal (`--goal`) against an independent
//! breadth-first search on every 3x3 start, against Korf's published lengths on 4x4, and
//! against itself the other way round; the tiles that slide (`--tiles`) replayed; why a board
//! cannot reach the goal, against an independent count.

use crate::common;

use common::{
    digits, distances_by_hash_map, first_shortest_path, korf_100, manhattan_sum, random_walk,
    replay, rows_of, run_with, solvable_by_inversions, stdout_of, Rng,
};

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");

/// Every arrangement of `0..9`, in lexicographic order.
fn arrangements_of_nine() -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    let mut p: Vec<u8> = (0..9).collect();
    loop {
        all.push(p.clone());
        let i = match (1..9).rev().find(|&i| p[i - 1] < p[i]) {
            Some(i) => i,
            None => return all,
        };
        let j = (i..9).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
    }
}

/// Whether the blank of `goal` (`columns` wide) is in a corner.
fn blank_in_corner(goal: &[u8], columns: usize) -> bool {
    let blank = goal.iter().position(|&t| t == 0).unwrap();
    let rows = goal.len() / columns;
    [0, rows - 1].contains(&(blank / columns)) && [0, columns - 1].contains(&(blank % columns))
}

/// `solve --goal` on every 3x3 start for a goal with the blank in the middle (Luogu P1379's), on
/// every other start for one with it in a corner, and on every ninth for one on an edge, against a
/// breadth-first search from each goal: `unsolvable` exactly where the goal is out of reach, else a
/// path of its length that replays to the goal; where nothing is mirrored, the first such path in
/// dictionary order.
#[test]
fn any_goal_on_every_3x3_start_against_breadth_first_search() {
    let every = arrangements_of_nine();
    for (goal, step) in [("123804765", 1), ("012345678", 2), ("123456708", 9)] {
        let boards: Vec<Vec<u8>> = every.iter().step_by(step).cloned().collect();
        let input: Vec<String> = boards.iter().map(|b| digits(b)).collect();
        let input = input.join("\n\n");
        let goal_tiles: Vec<u8> = goal.bytes().map(|b| b - b'0').collect();
        let distance = distances_by_hash_map(&goal_tiles, 3);
        let output = stdout_of(SOLVE, &["--goal", goal], &input);
        let answers: Vec<&str> = output.lines().collect();
        assert_eq!(answers.len(), boards.len(), "goal {}", goal);
        let goal_u32: Vec<u32> = goal_tiles.iter().map(|&t| u32::from(t)).collect();
        for (board, answer) in boards.iter().zip(answers) {
            let d = match distance.get(board) {
                None => {
                    assert_eq!(answer, "unsolvable", "{:?} to {}", board, goal);
                    continue;
                }
                Some(d) => d,
            };
            if !blank_in_corner(&goal_tiles, 3) {
                let first = first_shortest_path(board, 3, |b| distance.get(b));
                assert_eq!(Some(answer.to_string()), first, "{:?} to {}", board, goal);
                continue;
            }
            let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
            assert_eq!(answer.len() as u32, d, "{:?} to {}", board, goal);
            assert_eq!(replay(3, &tiles, answer), Some(goal_u32.clone()));
        }
    }
}

/// Korf's 100 boards as published, for their goal with the blank first (a corner: mirrored to
/// the standard goal, under the 4x4 tables): every path has the published length and replays
/// to that goal.
#[test]
fn korf_100_for_the_goal_with_the_blank_first() {
    // `korf_100` poses each board for the goal `1 2 .. 15 0` by turning it half round; turned
    // back, it is Korf's own.
    let boards: Vec<(usize, Vec<u32>)> = korf_100()
        .iter()
        .map(|(length, tiles)| {
            let turned = tiles
                .iter()
                .rev()
                .map(|&t| if t == 0 { 0 } else { 16 - u32::from(t) });
            (*length, turned.collect())
        })
        .collect();
    let input: Vec<String> = boards.iter().map(|(_, b)| rows_of(4, b)).collect();
    let goal: Vec<u32> = (0..16).collect();
    let goal_line = rows_of(16, &goal);
    let output = stdout_of(SOLVE, &["--goal", goal_line.trim()], &input.join("\n"));
    let paths: Vec<&str> = output.lines().collect();
    assert_eq!(paths.len(), 100);
    for ((length, board), path) in boards.iter().zip(paths) {
        assert_eq!(path.len(), *length, "{:?}", board);
        assert_eq!(replay(4, board, path), Some(goal.clone()), "{:?}", board);
    }
}

/// A goal with its blank off the corners on 4x4 (IDA* under linear conflict for that goal)
/// against the other way round: from the goal to the board, whose blank is in a corner (the
/// tables' search): both take the same number of moves, and both replay.
#[test]
fn a_4x4_goal_off_the_corners_against_the_way_back() {
    let mut rng = Rng::new(1379);
    for _ in 0..6 {
        let board = blank_walked_to(random_walk(4, 60, &mut rng), 15);
        let goal = fix_parity(blank_walked_to(random_walk(4, 40, &mut rng), 5), &board);
        let there = answer(&board, &goal);
        let back = answer(&goal, &board);
        assert_eq!(there.len(), back.len(), "{:?} to {:?}", board, goal);
        assert_eq!(replay(4, &board, &there), Some(goal.clone()));
        assert_eq!(replay(4, &goal, &back), Some(board.clone()));
    }
}

/// `tiles` (4x4) with the blank walked along its row, then its column, to `cell`.
fn blank_walked_to(mut tiles: Vec<u32>, cell: usize) -> Vec<u32> {
    let mut blank = tiles.iter().position(|&t| t == 0).unwrap();
    while blank % 4 != cell % 4 {
        let next = if blank % 4 < cell % 4 {
            blank + 1
        } else {
            blank - 1
        };
        tiles.swap(blank, next);
        blank = next;
    }
    while blank != cell {
        let next = if blank < cell { blank + 4 } else { blank - 4 };
        tiles.swap(blank, next);
        blank = next;
    }
    tiles
}

/// `goal`, with two of its tiles swapped if it cannot be reached from `board`.
fn fix_parity(mut goal: Vec<u32>, board: &[u32]) -> Vec<u32> {
    let solvable = |tiles: &[u32]| solvable_by_inversions(4, 4, tiles);
    if solvable(&goal) != solvable(board) {
        let tiles: Vec<usize> = (0..16).filter(|&c| goal[c] != 0).take(2).collect();
        goal.swap(tiles[0], tiles[1]);
    }
    goal
}

/// `solve --goal GOAL`'s path from the 4x4 board `board`.
fn answer(board: &[u32], goal: &[u32]) -> String {
    let goal_line = rows_of(16, goal);
    let output = stdout_of(SOLVE, &["--goal", goal_line.trim()], &rows_of(4, board));
    output.trim_end().to_string()
}

/// Past 16 cells, a goal with its blank off the corners (the blank walked to a corner and back)
/// and one with it in the top-left corner (mirrored): the paths replay to the goal, and the
/// `--stats` line's lower bound lies between the tiles' Manhattan distance from their homes in
/// the goal and the path's length.
#[test]
fn larger_boards_reach_any_goal() {
    let mut rng = Rng::new(2024);
    for (side, blank) in [(5, 12), (5, 0), (7, 24), (6, 35)] {
        let board = random_walk(side, 3000, &mut rng);
        let mut goal = random_walk(side, 3000, &mut rng);
        let at = goal.iter().position(|&t| t == 0).unwrap();
        goal.swap(at, blank);
        if solvable_by_inversions(side, side, &goal) != solvable_by_inversions(side, side, &board) {
            let tiles: Vec<usize> = (0..goal.len()).filter(|&c| goal[c] != 0).take(2).collect();
            goal.swap(tiles[0], tiles[1]);
        }
        let goal_line = rows_of(goal.len(), &goal);
        let args = ["--goal", goal_line.trim(), "--stats"];
        let output = stdout_of(SOLVE, &args, &rows_of(side, &board));
        let (path, stats) = output.split_once('\n').unwrap();
        assert_eq!(
            replay(side, &board, path),
            Some(goal.clone()),
            "{}x{}",
            side,
            side
        );
        let undone = ["LR", "RL", "UD", "DU"];
        let pairs = path.as_bytes().windows(2);
        assert!(
            pairs
                .clone()
                .all(|pair| !undone.iter().any(|u| u.as_bytes() == pair)),
            "a move and its reverse side by side: {}",
            path
        );
        // The goal itself takes no move, whatever its blank.
        let itself = stdout_of(SOLVE, &args, &rows_of(side, &goal));
        assert!(itself.starts_with("\n0 moves, optimal"), "{}", itself);
        let renamed = named_by_homes(&board, &goal);
        let manhattan = manhattan_sum(side, &renamed);
        let words: Vec<&str> = stats.split([' ', ',']).collect();
        let at = words.iter().position(|&w| w == "bound").unwrap();
        let bound: u64 = words[at + 1].parse().unwrap();
        assert!(
            manhattan <= bound && bound <= path.len() as u64,
            "{}",
            stats
        );
    }
}

/// A goal that is no board, or more than one, or a board of another shape than the goal's, is
/// one error line naming what is wrong and where; answers before it stay.
#[test]
fn a_bad_goal_or_a_board_of_another_shape_is_named() {
    let error = |args: &[&str], input: &str| {
        let (output, _) = run_with(SOLVE, args, input.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{:?}", args);
        let stdout = String::from_utf8(output.stdout).unwrap();
        (stdout, String::from_utf8(output.stderr).unwrap())
    };
    let square = "a board on one line is square, of 4, 9, 16, ... 961 tiles; found 8";
    let message = format!(
        "error: --goal is no board: line 1: {}: give the board's rows one a line\n",
        square
    );
    assert_eq!(error(&["--goal", "12345678"], ""), (String::new(), message));
    let message = "error: --goal is no board: line 1: tile 9 is out of range 0-8\n";
    assert_eq!(error(&["--goal", "123456789"], "").1, message);
    let message = "error: --goal is no board: line 1: tile 8 appears twice and tile 0 is missing\n";
    assert_eq!(error(&["--goal", "1 2 3 4 5 6 7 8 8"], "").1, message);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("goals");
    std::fs::create_dir_all(&dir).unwrap();
    let two = dir.join("two-goals.txt");
    std::fs::write(&two, "1 2\n3 0\n\n1 2\n0 3\n").unwrap();
    let message = format!(
        "error: --goal-file '{}' needs one board, not more\n",
        two.display()
    );
    assert_eq!(
        error(&["--goal-file", two.to_str().unwrap()], "").1,
        message
    );
    let (answers, message) = error(&["--goal", "123804765"], "283104765\n\n1 2\n3 0\n");
    assert_eq!(answers, "ULDR\n");
    let expected = "error: line 3: the board is 2 x 2, where the goal is 3 x 3\n";
    assert_eq!(message, expected);
    // A goal in a file, as rows.
    let one = dir.join("goal.txt");
    std::fs::write(&one, "1 2 3\n8 0 4\n7 6 5\n").unwrap();
    let path = stdout_of(
        SOLVE,
        &["--goal-file", one.to_str().unwrap()],
        "283104765\n",
    );
    assert_eq!(path, "ULDR\n");
}

/// `--goal` is a board and `--goal-file` a file, never a guess between them: a file named as a
/// goal is not read for `--goal`, a missing file is no such file, a file past the line limit
/// is refused at the limit, and a pipe (process substitution) or standard input serves, the
/// boards then coming from a file named.
#[test]
fn goal_is_a_board_and_goal_file_a_file() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("goal-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str], input: &str| {
        let output = std::process::Command::new("bash")
            .arg("-c")
            .arg(format!("cd '{}' && exec \"$@\"", dir.display()))
            .arg("bash")
            .arg(SOLVE)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                // A run that fails before it reads has closed the pipe: nothing to write then.
                let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
                child.wait_with_output()
            })
            .unwrap();
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        (
            output.status.code(),
            text(output.stdout),
            text(output.stderr),
        )
    };
    // A file in the folder named as the inline goal, holding another goal.
    std::fs::write(dir.join("123804765"), "1 2 3\n4 5 6\n7 8 0\n").unwrap();
    let answered = |path: &str| (Some(0), format!("{}\n", path), String::new());
    assert_eq!(
        run(&["--goal", "123804765"], "283104765\n"),
        answered("ULDR")
    );
    assert_eq!(
        run(&["--goal-file", "123804765"], "283104765\n"),
        (Some(0), "unsolvable\n".to_string(), String::new())
    );
    assert_eq!(
        run(&["--goal-file", "nothing-here"], "283104765\n"),
        (
            Some(2),
            String::new(),
            "error: --goal-file 'nothing-here': no such file\n".to_string()
        )
    );
    assert_eq!(
        run(&["--goal", "nothing-here"], "283104765\n").2,
        "error: --goal is no board: line 1: unexpected character 'n'\n"
    );
    let long = format!("{}\n", "1 ".repeat(50_000));
    std::fs::write(dir.join("long.txt"), long).unwrap();
    assert_eq!(
        run(&["--goal-file", "long.txt"], "283104765\n").2,
        "error: --goal-file 'long.txt' is no board: line 1: longer than 65536 bytes\n"
    );
    let by_pipe = std::process::Command::new("bash")
        .arg("-c")
        .arg("echo 283104765 | \"$0\" --goal-file <(echo 123804765)")
        .arg(SOLVE)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(by_pipe.stdout).unwrap(), "ULDR\n");
    std::fs::write(dir.join("board.txt"), "283104765\n").unwrap();
    assert_eq!(
        run(&["--goal-file", "-", "board.txt"], "123804765\n"),
        answered("ULDR")
    );
    assert_eq!(
        run(&["--goal-file", "-"], "123804765\n").2,
        "error: --goal-file - reads standard input: name the files of the boards\n"
    );
    assert_eq!(
        run(&["--goal", "123804765", "--goal-file", "board.txt"], "").2,
        "error: give --goal or --goal-file, not both\n"
    );
}

/// `--tiles`: each move as the tile that slides and its way, the blank's own letter the
/// opposite; replayed as a person slides them, the tiles reach the goal.
#[test]
fn the_tiles_that_slide_replay_to_the_goal() {
    let mut rng = Rng::new(8);
    for (rows, columns) in [(3, 3), (4, 4), (2, 5), (6, 6)] {
        let board = common::random_solvable_board(rows, columns, &mut rng);
        let input = rows_of(columns, &board);
        let letters = stdout_of(SOLVE, &[], &input);
        let slides = stdout_of(SOLVE, &["--tiles"], &input);
        let slides: Vec<&str> = slides.trim_end().split(", ").collect();
        assert_eq!(slides.len(), letters.trim_end().len());
        let mut tiles = board.clone();
        for (slide, letter) in slides.iter().zip(letters.chars()) {
            let (tile, way) = slide.split_once(' ').unwrap();
            let tile: u32 = tile.parse().unwrap();
            let from = tiles.iter().position(|&t| t == tile).unwrap();
            let blank = tiles.iter().position(|&t| t == 0).unwrap();
            // The tile's way, and where the blank stands from it.
            let (expected_blank, opposite) = match way {
                "up" => (from.wrapping_sub(columns), 'D'),
                "down" => (from + columns, 'U'),
                "left" => (from.wrapping_sub(1), 'R'),
                "right" => (from + 1, 'L'),
                other => panic!("no way {:?}", other),
            };
            assert_eq!(blank, expected_blank, "{} on {:?}", slide, tiles);
            assert_eq!(letter, opposite);
            tiles.swap(from, blank);
        }
        let goal: Vec<u32> = (1..board.len() as u32).chain([0]).collect();
        assert_eq!(tiles, goal);
    }
}

/// With `--stats`, a board that cannot reach the goal says why on standard error: its width's
/// rule with the count of pairs in the wrong order (against an independent count) and, on an
/// even width, the blank's row from the bottom; and two tiles whose swap lets it, which it does.
/// The answer stays `unsolvable`.
#[test]
fn an_unsolvable_board_says_why() {
    let mut rng = Rng::new(5);
    for (rows, columns) in [(3, 3), (4, 4), (3, 4), (5, 5)] {
        let mut board = common::random_solvable_board(rows, columns, &mut rng);
        let tiles: Vec<usize> = (0..board.len())
            .filter(|&c| board[c] != 0)
            .take(2)
            .collect();
        board.swap(tiles[0], tiles[1]);
        let (output, _) = run_with(SOLVE, &["--stats"], rows_of(columns, &board).as_bytes());
        assert_eq!(String::from_utf8_lossy(&output.stdout), "unsolvable\n");
        let said = String::from_utf8(output.stderr).unwrap();
        let prefix = "solve: board 1 cannot reach the goal: on a board ";
        assert!(
            said.starts_with(prefix) && said.ends_with(" would let it\n"),
            "{}",
            said
        );
        let pairs = (0..board.len())
            .flat_map(|i| (i + 1..board.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| board[i] != 0 && board[j] != 0 && board[i] > board[j])
            .count();
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let counted = match columns % 2 {
            1 => format!("must be even, here {};", pairs),
            _ => format!("must be odd, here {} + {};", pairs, rows - blank / columns),
        };
        assert!(said.contains(&counted), "{} lacks {}", said, counted);
        let words: Vec<&str> = said.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "swapping").unwrap();
        let (a, b): (u32, u32) = (
            words[at + 2].parse().unwrap(),
            words[at + 4].parse().unwrap(),
        );
        let (i, j) = (
            board.iter().position(|&t| t == a).unwrap(),
            board.iter().position(|&t| t == b).unwrap(),
        );
        board.swap(i, j);
        assert!(solvable_by_inversions(rows, columns, &board), "{}", said);
    }
}

/// A square board on one line, in numbers or a tile a character, is the board of its rows.
#[test]
fn a_square_board_on_one_line_is_its_rows() {
    let rows = "1 2 3\n4 0 5\n7 8 6\n\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
    let lines = "123405786\n\n2 3 4 0 1 5 7 8 9 6 10 12 13 14 11 15\n";
    let answers = stdout_of(SOLVE, &[], rows);
    assert_eq!(answers, "RD\nLLLDRDRDR\n");
    assert_eq!(stdout_of(SOLVE, &[], lines), answers);
}

/// `solve --optimal` on a 5x5 board tells what it knows: its progress names the path found
/// first, and a signal that stops it (SIGINT from Ctrl-C, SIGTERM from `kill` or a job's time
/// limit, SIGHUP from a closed terminal) prints that path with the bound proven so far,
/// labelled not proven the fewest, and ends with status 128 + the signal; the board answered
/// before it stays answered. Checked on the first of Korf and Felner's boards (95 moves,
/// minutes of search): the path replays to the goal, and the bound lies between the linear
/// conflict bound and 95; with `--goal`, a goal with its blank in the middle (the walk back
/// from the corner) and one with it in the top-left corner (mirrored), where the path replays
/// to that goal and the bound lies between that goal's linear conflict bound and the path's
/// length. The child starts with the signal's default action (`env --default-signal`), as
/// from a terminal, whatever a background job's shell gave this test.
#[test]
fn a_stop_during_an_optimal_search_prints_the_path_known_and_the_bound_proven() {
    let (fewest, hard) = common::korf_felner_50()[0];
    let hard: Vec<u32> = hard.iter().map(|&t| u32::from(t)).collect();
    let standard: Vec<u32> = (1..=25).map(|t| t % 25).collect();
    // The blank walked up twice and left twice, to the middle cell.
    let mut middle = standard.clone();
    for (from, to) in [(24, 19), (19, 14), (14, 13), (13, 12)] {
        middle.swap(from, to);
    }
    let corner: Vec<u32> = (0..25).collect();
    stopped_by("INT", 2, &hard, None, Some(fewest));
    stopped_by("TERM", 15, &hard, Some(&middle), None);
    stopped_by("HUP", 1, &hard, Some(&corner), None);
}

/// `solve --optimal --stats` on an easy board then `hard`, towards `goal` if given, stopped by
/// the signal `name` (number `signal`) once its progress names a path: see the test above.
fn stopped_by(name: &str, signal: i32, hard: &[u32], goal: Option<&[u32]>, fewest: Option<usize>) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Command;
    let standard: Vec<u32> = (1..=25).map(|t| t % 25).collect();
    let target = goal.unwrap_or(&standard).to_vec();
    // One move from the goal: its blank and the tile beside it in its row.
    let mut easy = target.clone();
    let blank = target.iter().position(|&t| t == 0).unwrap();
    easy.swap(blank, if blank % 5 == 4 { blank - 1 } else { blank + 1 });
    let input = format!("{}\n{}", rows_of(5, &easy), rows_of(5, hard));
    let default = format!("--default-signal={}", name);
    let goal_line = rows_of(25, &target);
    let mut args = vec![&default[..], SOLVE, "--optimal", "--stats"];
    if goal.is_some() {
        args.extend(["--goal", goal_line.trim()]);
    }
    let mut child = common::started_on("env", &args, &input);
    // Its progress, two seconds on, names the path known: then the search is under way.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    loop {
        let mut line = String::new();
        assert_ne!(stderr.read_line(&mut line).unwrap(), 0, "ended: {}", said);
        said.push_str(&line);
        if line.contains("moves known, ") {
            break;
        }
    }
    let killed = Command::new("kill")
        .args([&format!("-{}", name), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    stderr.read_to_string(&mut said).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(128 + signal),
        "{}: {}",
        name,
        said
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", stdout);
    assert!(
        lines[0].len() == 1 && lines[1].starts_with("1 move, optimal"),
        "{}",
        stdout
    );
    let path = lines[2];
    assert_eq!(replay(5, hard, path), Some(target.clone()), "{}", name);
    // `N moves, not proven optimal, lower bound B (R times), T ms`
    let words: Vec<&str> = lines[3]
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(
        words[..7],
        [
            &path.len().to_string()[..],
            "moves",
            "not",
            "proven",
            "optimal",
            "lower",
            "bound"
        ]
    );
    let bound: usize = words[7].parse().unwrap();
    let named = named_by_homes(hard, &target);
    let linear_conflict = engine::search::linear_conflict::lower_bound(5, &named) as usize;
    let most = fewest.unwrap_or(path.len());
    assert!(
        linear_conflict <= bound && bound <= most && most <= path.len(),
        "{}",
        stdout
    );
    let stopped = format!(
        "solve: stopped on board 2: its path of {} moves is the shortest found, not proven the \
         fewest: at least {} are needed\n",
        path.len(),
        bound
    );
    assert!(said.ends_with(&stopped), "{}", said);
}

/// The tiles of `board` renamed by their homes in `goal` (cell + 1, the blank 0), so that the
/// standard goal's distance and bounds are the goal's.
fn named_by_homes(board: &[u32], goal: &[u32]) -> Vec<u32> {
    let mut home = vec![0; goal.len()];
    for (cell, &tile) in goal.iter().enumerate() {
        home[tile as usize] = cell as u32 + 1;
    }
    board
        .iter()
        .map(|&t| if t == 0 { 0 } else { home[t as usize] })
        .collect()
}
