//! `solve`, boards of any shape: every arrangement of the shapes small enough to enumerate
//! against an independent breadth-first search (the first shortest path in dictionary order, or
//! `unsolvable`); boards of every other shape of up to 16 cells against an independent IDA*;
//! larger boards' paths replayed to the goal, with their `--stats` lines checked against the
//! tiles' Manhattan distance, one of them a board whose first beam search loses its way.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use common::{
    blank_step, distances_by_hash_map, first_shortest_path, korf_felner_50, manhattan_sum,
    mxn_case, random_solvable_board, random_walk, random_walk_on, replay, rows_of, run_with,
    slides, solvable_by_inversions, stdout_of, Rng, SHAPES_UP_TO_16_CELLS,
};

const SOLVE: &str = env!("CARGO_BIN_EXE_solve");
const MXN: &str = env!("CARGO_BIN_EXE_mxn");

/// The goal `1 2 .. cells-1 0`.
fn goal(cells: usize) -> Vec<u8> {
    (1..cells as u8).chain([0]).collect()
}

/// The boards as `solve` reads them: rows of numbers, a blank line between boards.
fn input_of<T: std::fmt::Display>(columns: usize, boards: &[Vec<T>]) -> String {
    let boards: Vec<String> = boards.iter().map(|b| rows_of(columns, b)).collect();
    boards.join("\n")
}

/// Every arrangement of `0..n`, in lexicographic order.
fn arrangements(n: usize) -> Vec<Vec<u8>> {
    let mut p: Vec<u8> = (0..n as u8).collect();
    let mut all = vec![p.clone()];
    loop {
        let i = match (1..n).rev().find(|&i| p[i - 1] < p[i]) {
            Some(i) => i,
            None => return all,
        };
        let j = (i..n).rev().find(|&j| p[j] > p[i - 1]).unwrap();
        p.swap(i - 1, j);
        p[i..].reverse();
        all.push(p.clone());
    }
}

/// The answers `solve` must give, a line each, from each board's distance to the goal.
fn expected_answers(
    boards: &[Vec<u8>],
    columns: usize,
    distance: impl Fn(&[u8]) -> Option<u32>,
) -> Vec<String> {
    let answer = |board: &Vec<u8>| first_shortest_path(board, columns, &distance);
    let answers = boards.iter().map(answer);
    answers
        .map(|path| path.unwrap_or_else(|| "unsolvable".to_string()))
        .collect()
}

/// Compares `solve`'s answers for `boards` with `expected`, naming the first board that differs.
fn check_answers(boards: &[Vec<u8>], columns: usize, expected: &[String]) {
    let output = stdout_of(SOLVE, &[], &input_of(columns, boards));
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), boards.len());
    for ((board, answer), expected) in boards.iter().zip(answers).zip(expected) {
        assert_eq!(answer, expected, "{:?}, {} wide", board, columns);
    }
}

#[test]
fn every_arrangement_of_the_enumerable_shapes_gets_the_first_shortest_path() {
    for (rows, columns) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let distance = distances_by_hash_map(&goal(rows * columns), columns);
        let boards = arrangements(rows * columns);
        let expected = expected_answers(&boards, columns, |b| distance.get(b));
        check_answers(&boards, columns, &expected);
    }
}

#[test]
fn random_boards_of_two_by_five_against_breadth_first_search() {
    let mut rng = Rng::new(2510);
    for (rows, columns) in [(2, 5), (5, 2)] {
        let distance = distances_by_hash_map(&goal(rows * columns), columns);
        let boards: Vec<Vec<u8>> = (0..300).map(|_| rng.arrangement::<10>().to_vec()).collect();
        let expected = expected_answers(&boards, columns, |b| distance.get(b));
        check_answers(&boards, columns, &expected);
    }
}

/// The first shortest path in dictionary order from `board` to the goal, by a plain IDA* under
/// Manhattan distance that tries moves in letter order and never undoes one: it shares no code
/// with the engine. For boards a few dozen moves from the goal.
fn plain_ida_star(board: &[u8], columns: usize) -> String {
    fn manhattan(board: &[u8], columns: usize) -> u32 {
        let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
        manhattan_sum(columns, &tiles) as u32
    }
    fn dfs(board: &[u8], columns: usize, depth: u32, bound: u32, path: &mut String) -> Option<u32> {
        let h = manhattan(board, columns);
        if h == 0 {
            return None;
        }
        if depth + h > bound {
            return Some(depth + h);
        }
        let mut next_bound = u32::MAX;
        let undo = match path.chars().last() {
            Some('D') => 'U',
            Some('U') => 'D',
            Some('L') => 'R',
            Some('R') => 'L',
            _ => ' ',
        };
        for (letter, next) in slides(board, columns) {
            if letter == undo {
                continue;
            }
            path.push(letter);
            match dfs(&next, columns, depth + 1, bound, path) {
                None => return None,
                Some(over) => next_bound = next_bound.min(over),
            }
            path.pop();
        }
        Some(next_bound)
    }
    let mut bound = manhattan(board, columns);
    loop {
        let mut path = String::new();
        match dfs(board, columns, 0, bound, &mut path) {
            None => return path,
            Some(next) => bound = next,
        }
    }
}

#[test]
fn boards_of_every_other_shape_of_up_to_16_cells_against_a_plain_ida_star() {
    let mut rng = Rng::new(16);
    // Those larger than the 2x5 and 5x2 boards, which breadth-first search checks above.
    let shapes = SHAPES_UP_TO_16_CELLS
        .iter()
        .filter(|&&(rows, columns)| rows * columns > 10);
    for &(rows, columns) in shapes {
        // Random walks of 36 moves from the goal, none undoing the one before.
        let boards: Vec<Vec<u8>> = (0..6)
            .map(|_| {
                let (mut board, mut last) = (goal(rows * columns), ' ');
                for _ in 0..36 {
                    let options = slides(&board, columns);
                    let (letter, next) = loop {
                        let (letter, next) = &options[rng.below(options.len())];
                        if !matches!(
                            (last, letter),
                            ('D', 'U') | ('U', 'D') | ('L', 'R') | ('R', 'L')
                        ) {
                            break (*letter, next.clone());
                        }
                    };
                    board = next;
                    last = letter;
                }
                board
            })
            .collect();
        let expected: Vec<String> = boards.iter().map(|b| plain_ida_star(b, columns)).collect();
        check_answers(&boards, columns, &expected);
    }
}

/// The words of a `--stats` line, "N moves, not proven optimal, lower bound B (R times), T ms":
/// the length first, the lower bound eighth.
fn stats_words(stats: &str) -> Vec<&str> {
    stats.split([' ', ',']).filter(|w| !w.is_empty()).collect()
}

/// Up to 256 cells, beam search on the whole board comes first: a 12x12 board a few hundred
/// moves from the goal gets a path that replays to it, at most three times the tiles' distance
/// from home, where the one built row by row (`mxn --path`), which walks every tile home however
/// near the goal the board is, takes more.
#[test]
fn a_large_board_near_the_goal_gets_a_shorter_path_than_construction_alone() {
    let mut rng = Rng::new(144);
    let board = random_walk_on(12, 12, 3000, &mut rng);
    let path = stdout_of(SOLVE, &[], &input_of(12, std::slice::from_ref(&board)));
    let path = path.trim_end();
    let goal: Vec<u32> = (1..144).chain([0]).collect();
    assert_eq!(replay(12, &board, path), Some(goal));
    let built = stdout_of(MXN, &["--path"], &(mxn_case(12, 12, &board) + "0 0\n"));
    let built = built.lines().nth(1).unwrap();
    let distance = manhattan_sum(12, &board) as usize;
    assert!(
        path.len() <= 3 * distance && 3 * distance < built.len(),
        "{} moves, {} built, distance {}",
        path.len(),
        built.len(),
        distance
    );
}

/// A board whose tiles astray lie in a corner away from the blank, home: the blank walks there
/// and back, and the block around them is solved alone. Made by such a walk on a 12x12 board (in
/// along the last column and the fourth row, 40 random moves in the top-left 4x4 block, back the
/// way it came), it gets a path that replays to the goal and is no longer than that walk.
#[test]
fn tiles_astray_away_from_the_blank_are_solved_in_their_block() {
    let (side, cells, corner) = (12, 144, 3 * 12 + 3);
    let mut rng = Rng::new(12);
    let mut walk = "UUUUUUUULLLLLLLL".to_string();
    let mut blank = corner;
    for _ in 0..40 {
        let letter = b"DLRU"[rng.below(4)];
        match blank_step(side, cells, blank, letter) {
            Some(to) if to / side < 4 && to % side < 4 => {
                walk.push(char::from(letter));
                blank = to;
            }
            _ => {}
        }
    }
    while blank != corner {
        let letter = if blank / side < 3 { b'D' } else { b'R' };
        walk.push(char::from(letter));
        blank = blank_step(side, cells, blank, letter).unwrap();
    }
    walk.push_str("RRRRRRRRDDDDDDDD");
    let goal: Vec<u32> = (1..cells as u32).chain([0]).collect();
    let board = replay(side, &goal, &walk).unwrap();
    let path = stdout_of(SOLVE, &[], &input_of(side, std::slice::from_ref(&board)));
    let path = path.trim_end();
    assert_eq!(replay(side, &board, path), Some(goal));
    assert!(
        path.len() <= walk.len(),
        "{} moves, walked {}",
        path.len(),
        walk.len()
    );
}

#[test]
fn larger_boards_are_solved_by_paths_that_replay_to_the_goal_with_true_statistics() {
    let mut rng = Rng::new(25);
    for (rows, columns) in [(5, 5), (4, 6), (7, 3), (10, 10), (2, 30), (40, 3)] {
        let solvable = random_solvable_board(rows, columns, &mut rng);
        let mut unsolvable = solvable.clone();
        let (a, b) = if unsolvable[0] == 0 || unsolvable[1] == 0 {
            (2, 3)
        } else {
            (0, 1)
        };
        unsolvable.swap(a, b);
        assert!(!solvable_by_inversions(rows, columns, &unsolvable));
        let boards = [solvable, unsolvable];
        let (output, _) = run_with(SOLVE, &["--stats"], input_of(columns, &boards).as_bytes());
        assert!(output.status.success());
        // The second board, which cannot reach the goal, says why on standard error.
        let said = common::beyond_progress(&output.stderr);
        let why = "solve: board 2 cannot reach the goal: ";
        assert!(
            said.starts_with(why) && said.lines().count() == 1,
            "{}",
            said
        );
        let output = String::from_utf8(output.stdout).unwrap();
        let mut lines = output.lines();
        for board in &boards[..1] {
            let path = lines.next().unwrap();
            let goal: Vec<u32> = goal(rows * columns).iter().map(|&t| u32::from(t)).collect();
            assert_eq!(
                replay(columns, board, path),
                Some(goal),
                "{}x{}",
                rows,
                columns
            );
            let stats = lines.next().unwrap();
            let words = stats_words(stats);
            assert_eq!(
                words[..2],
                [path.len().to_string().as_str(), "moves"],
                "{}",
                stats
            );
            let bound: u64 = words[7].parse().unwrap();
            assert!(stats.contains(", lower bound "), "{}", stats);
            assert!(bound >= manhattan_sum(columns, board), "{}", stats);
            assert!(bound <= path.len() as u64, "{}", stats);
            assert!(stats.ends_with(" ms"), "{}", stats);
        }
        assert_eq!(lines.next(), Some("unsolvable"));
        assert_eq!(lines.next(), None);
    }
}

/// Beam search on Korf and Felner's 5x5 boards: every path replays to the goal, none is shorter
/// than the published optimal length (which would prove the replay or the data wrong), and none
/// is more than 1.3 times longer. Ten of the fifty, the rest being the benchmark's.
#[test]
fn five_by_five_paths_against_published_optimal_lengths() {
    let korf: Vec<_> = korf_felner_50().into_iter().step_by(5).collect();
    let output = korf_felner_paths(&korf, &[]);
    for ((optimal, _), path) in korf.iter().zip(output.lines()) {
        assert!(
            path.len() * 10 <= optimal * 13,
            "{} moves, {} optimal",
            path.len(),
            optimal
        );
    }
}

/// Each board's line is printed as soon as it is found: of a 2x2 board and one of Korf and
/// Felner's 5x5 boards under `--optimal` (a search of seconds at least), the first line is out
/// while the second board is searched, and a run killed then keeps it.
#[test]
fn each_line_is_printed_as_soon_as_it_is_found() {
    let hard = korf_felner_50()[0].1;
    let input = format!("1 2\n0 3\n\n{}", rows_of(5, &hard));
    common::prints_the_first_answer_alone_first(SOLVE, &["--optimal"], &input, "R\n");
}

/// A run interrupted while it writes a long answer leaves it whole: of a 2x2 board and a
/// 300 x 300 one (a line of tens of megabytes), SIGINT comes while the second line is written.
/// The run ends by the signal once both lines are out whole, the second a path that replays.
#[test]
fn a_long_answer_interrupted_while_written_is_left_whole() {
    use std::os::unix::process::ExitStatusExt;
    let board = random_solvable_board(300, 300, &mut Rng::new(70));
    let input = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solve-300x300.txt");
    std::fs::write(&input, format!("1 2\n0 3\n\n{}", rows_of(300, &board))).unwrap();
    let (written, status) = common::signalled_while_writing(&[SOLVE, "--quiet"], &input, "INT");
    assert_eq!(status.signal(), Some(2), "{:?}", status);
    let lines: Vec<&str> = written.split_inclusive('\n').collect();
    assert_eq!(lines.len(), 2, "{} bytes", written.len());
    assert_eq!(lines[0], "R\n");
    assert!(lines[1].ends_with('\n'), "the long line cut short");
    let goal: Vec<u32> = (1..300 * 300).chain([0]).collect();
    assert_eq!(replay(300, &board, lines[1].trim_end()), Some(goal));
}

/// A saved tables file cut short under a running search (here by this test, as another program
/// might) ends the run with an `error:` line that names the file, and status 1, not a silent
/// crash; what was printed stays printed. On a copy of the saved 5x5 tables, `solve --optimal`
/// answers a board of some 60 moves, which loads them, then searches one of Korf and Felner's
/// (for seconds at least) until the file is cut.
#[test]
fn a_tables_file_cut_short_under_a_search_is_named_and_ends_the_run() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables-cut-short");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir(&dir).unwrap();
    let saved = std::fs::read_dir(tables_5x5())
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let copy = dir.join(saved.file_name());
    std::fs::copy(saved.path(), &copy).unwrap();
    let near = random_walk(5, 200, &mut Rng::new(1));
    let hard = korf_felner_50()[0].1.map(u32::from).to_vec();
    let input = input_of(5, &[near.clone(), hard]);
    let args = ["--optimal", "--tables", dir.to_str().unwrap()];
    let cut = |_: &mut std::process::Child| {
        let file = std::fs::OpenOptions::new().write(true).open(&copy);
        file.unwrap().set_len(1000).unwrap();
    };
    let (first, rest, said, status) = common::after_first_line(SOLVE, &args, &input, cut);
    let goal: Vec<u32> = (1..25).chain([0]).collect();
    assert_eq!(replay(5, &near, first.trim_end()), Some(goal));
    let expected = format!(
        "error: {} was cut short while this process read it (a saved tables file must be \
         replaced whole, by a rename, never cut or written in place)\n",
        copy.display()
    );
    assert_eq!(
        (rest.as_str(), said, status.code()),
        ("", expected, Some(1))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve`'s paths, with `args`, for Korf and Felner's boards `korf`: a line for each, checked
/// to replay to the goal in no fewer moves than the published optimum.
fn korf_felner_paths(korf: &[(usize, [u8; 25])], args: &[&str]) -> String {
    let boards: Vec<Vec<u32>> = korf
        .iter()
        .map(|(_, tiles)| tiles.iter().map(|&t| u32::from(t)).collect())
        .collect();
    let output = stdout_of(SOLVE, args, &input_of(5, &boards));
    assert_eq!(output.lines().count(), boards.len(), "{:?}", args);
    let goal: Vec<u32> = (1..25).chain([0]).collect();
    for (((optimal, _), board), path) in korf.iter().zip(&boards).zip(output.lines()) {
        assert_eq!(replay(5, board, path), Some(goal.clone()), "{:?}", args);
        assert!(
            path.len() >= *optimal,
            "{:?}: {} moves, {} optimal",
            args,
            path.len(),
            optimal
        );
    }
    output
}

/// `--effort`: on a fixed pair of 5x5 boards (two of Korf and Felner's), twice the effort gives
/// paths no longer on the whole, each replayed and never shorter than the optimum, and the same
/// paths on one thread and on two; out of its range, a usage error.
#[test]
fn more_effort_gives_paths_no_longer_the_same_on_any_threads() {
    let korf: Vec<_> = korf_felner_50().into_iter().skip(2).step_by(40).collect();
    let total = |args: &[&str]| -> (usize, String) {
        let output = korf_felner_paths(&korf, args);
        (output.lines().map(str::len).sum(), output)
    };
    let (default, _) = total(&["--threads", "2"]);
    let (twice, paths) = total(&["--effort", "2", "--threads", "2"]);
    assert!(
        twice <= default,
        "{} moves at effort 2, {} at 1",
        twice,
        default
    );
    assert_eq!(total(&["--effort=2", "--threads=1"]).1, paths);
    for effort in ["0", "9", "x"] {
        let (output, _) = run_with(SOLVE, &["--effort", effort], b"1 2\n3 0\n");
        let message = "error: --effort needs a number from 1 to 8 (see --help)\n";
        assert_eq!(String::from_utf8_lossy(&output.stderr), message);
        assert_eq!(output.status.code(), Some(2));
    }
}

/// `--show` draws boards of up to 100 cells; a larger one gets its moves, and a line on standard
/// error saying why it is not drawn.
#[test]
fn show_says_why_a_large_board_is_not_drawn() {
    let mut large: Vec<u32> = (1..110).chain([0]).collect();
    large.swap(108, 109);
    let input = format!("{}\n1 2\n0 3\n", rows_of(10, &large));
    let (output, _) = run_with(SOLVE, &["--show"], input.as_bytes());
    assert!(output.status.success());
    let note = "solve: board 1 is not drawn: --show draws boards of up to 100 cells, it has 110\n";
    assert_eq!(common::beyond_progress(&output.stderr), note);
    let printed = String::from_utf8_lossy(&output.stdout);
    let mut lines = printed.lines();
    let goal: Vec<u32> = (1..110).chain([0]).collect();
    assert_eq!(replay(10, &large, lines.next().unwrap()), Some(goal));
    // The small board is drawn after its moves.
    assert_eq!(lines.next(), Some("R"));
    assert!(lines.next().unwrap().starts_with("0 "), "{}", printed);
}

#[test]
fn statistics_of_optimal_paths_and_solved_boards() {
    let input = "1 2 3\n4 0 5\n7 8 6\n\n1 2\n3 0\n\n1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24\n";
    let output = stdout_of(SOLVE, &["--stats"], input);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 6, "{}", output);
    assert_eq!(lines[0], "RD");
    assert!(lines[1].starts_with("2 moves, optimal, "), "{}", lines[1]);
    assert_eq!(lines[2], "");
    assert!(lines[3].starts_with("0 moves, optimal, "), "{}", lines[3]);
    // A 5x5 board one move from the goal: beam search finds that move, which meets the bound.
    assert_eq!(lines[4], "R");
    assert!(lines[5].starts_with("1 move, optimal, "), "{}", lines[5]);
}

/// Commas and white space separate numbers, as `--help` says.
#[test]
fn blanks_separators_and_line_ends_as_people_write_them() {
    let input = "1, 2, 3\r\n4 . 5\r\n7 8 6\r\n\r\n\r\n 1 2\t3\n4 x 5\n7 8 6\n";
    assert_eq!(stdout_of(SOLVE, &[], input), "RD\nRD\n");
    let help = stdout_of(SOLVE, &["--help"], "");
    assert!(
        help.contains("numbers separated by spaces or commas"),
        "{}",
        help
    );
}

/// A board that takes over two seconds gets a line on standard error: on a terminal (a
/// pseudo-terminal, through `script`), which board, how it is solved and the seconds so far,
/// redrawn in place and wiped once the board is done; elsewhere, the same as a line of its own,
/// now and then. The board takes over two seconds on any machine: its moves' reader waits four
/// seconds, then reads a byte and goes, which also ends the answer's write, the board's last
/// step.
#[test]
fn a_long_board_shows_its_progress() {
    let mut rng = Rng::new(300);
    let board = random_solvable_board(100, 100, &mut rng);
    let file = std::env::temp_dir().join(format!("solve-progress-{}.in", std::process::id()));
    std::fs::write(&file, rows_of(100, &board)).unwrap();
    let slow_reader = "| (sleep 4; head -c 1 > /dev/null)";
    let command = format!("{} {} {}", SOLVE, file.display(), slow_reader);
    let (output, _) = run_with("script", &["-qec", &command, "/dev/null"], b"");
    let shown = String::from_utf8_lossy(&output.stdout).to_string();
    let what = "board 1 (100 x 100): building the moves down to 256 cells, then beam search, ";
    assert!(shown.contains(&format!("\r{}", what)), "{:?}", shown);
    assert!(shown.ends_with("\r\u{1b}[K"), "{:?}", shown);
    let command = format!("\"$0\" '{}' {}", file.display(), slow_reader);
    let output = std::process::Command::new("bash")
        .args(["-c", &command, SOLVE])
        .output()
        .unwrap();
    assert!(output.status.success());
    let told = String::from_utf8_lossy(&output.stderr);
    assert!(told.starts_with(what), "{:?}", told);
    assert_eq!(common::beyond_progress(&output.stderr), "");
    std::fs::remove_file(&file).ok();
}

/// Two 10 x 10 boards on which a beam search over the whole board loses its way (finished from
/// the nearest board it met, their paths were 2.75 and 2.34 times the lower bound), solved a line
/// at a time: their paths, replayed to the goal, stay within 2.0 and 1.85 times the bound.
#[test]
fn boards_whose_whole_board_beam_search_loses_its_way_are_solved_a_line_at_a_time() {
    let boards: [(Vec<u32>, usize); 2] = [
        (
            [
                [41, 35, 45, 4, 76, 12, 0, 64, 42, 11],
                [81, 39, 7, 48, 78, 15, 53, 62, 9, 52],
                [68, 55, 63, 65, 61, 67, 95, 18, 58, 86],
                [99, 92, 10, 17, 72, 21, 14, 44, 37, 91],
                [22, 59, 83, 32, 26, 98, 40, 27, 43, 96],
                [13, 31, 57, 2, 6, 23, 56, 71, 28, 36],
                [51, 46, 25, 54, 73, 79, 34, 3, 38, 5],
                [20, 90, 88, 49, 66, 89, 84, 19, 50, 82],
                [85, 97, 87, 24, 29, 70, 33, 93, 1, 94],
                [8, 74, 80, 60, 77, 47, 16, 69, 75, 30],
            ]
            .concat(),
            200,
        ),
        (
            [
                [42, 43, 26, 21, 65, 66, 32, 97, 1, 78],
                [28, 10, 92, 0, 93, 96, 20, 83, 70, 55],
                [49, 74, 29, 53, 23, 71, 16, 46, 69, 72],
                [24, 87, 31, 79, 6, 54, 18, 73, 60, 98],
                [45, 75, 7, 61, 39, 81, 91, 50, 47, 2],
                [77, 25, 67, 68, 56, 5, 82, 38, 14, 34],
                [59, 22, 80, 8, 63, 99, 88, 33, 3, 94],
                [36, 44, 62, 4, 11, 12, 95, 84, 35, 40],
                [64, 9, 51, 30, 48, 52, 85, 27, 76, 90],
                [86, 19, 13, 41, 17, 57, 58, 89, 37, 15],
            ]
            .concat(),
            185,
        ),
    ];
    let goal: Vec<u32> = goal(100).iter().map(|&t| u32::from(t)).collect();
    for (board, most_hundredths) in boards {
        let output = stdout_of(
            SOLVE,
            &["--stats"],
            &input_of(10, std::slice::from_ref(&board)),
        );
        let mut lines = output.lines();
        let path = lines.next().unwrap();
        assert_eq!(replay(10, &board, path), Some(goal.clone()));
        let stats = lines.next().unwrap();
        let bound = stats_words(stats)[7].parse::<usize>().unwrap();
        assert!(bound >= manhattan_sum(10, &board) as usize, "{}", stats);
        assert!(path.len() * 100 <= bound * most_hundredths, "{}", stats);
    }
}

/// `solve --tables DIR` needs a folder, and keeps the 4x4 board's tables there as `fifteen
/// --tables` does: a 3x3 board writes nothing; three of Korf's boards, whose searches outgrow
/// linear conflict, build the 6-6-3 tables and save them, and none needs the 7-8 tables (their
/// build takes minutes, so `cargo bench -- eighty` exercises them, not this test; their builder
/// is checked against the 5-5-5 tables' on smaller groups in `pdb::large`'s tests). Every
/// length is the published one, and every path replays.
#[test]
fn tables_are_kept_for_the_4x4_board_as_fifteen_keeps_them() {
    let (output, _) = run_with(SOLVE, &["--tables"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --tables needs a folder to keep the tables in (see --help)\n"
    );
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("solve-tables");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    // One of the two 3x3 boards that need 31 moves, the most any needs.
    let small = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let (output, _) = run_with(SOLVE, &["--tables", dir_arg], rows_of(3, &small).as_bytes());
    let path = String::from_utf8_lossy(&output.stdout);
    assert_eq!(path.trim_end().len(), 31);
    let goal = |cells: u32| -> Vec<u32> { (1..cells).chain([0]).collect() };
    assert_eq!(replay(3, &small, path.trim_end()), Some(goal(9)));
    assert!(!dir.exists(), "nothing written for a 3x3 board");

    let korf = common::korf_100();
    let chosen: Vec<(usize, Vec<u32>)> = [0, 74, 87]
        .iter()
        .map(|&i| (korf[i].0, korf[i].1.iter().map(|&t| u32::from(t)).collect()))
        .collect();
    let boards: Vec<String> = chosen.iter().map(|(_, tiles)| rows_of(4, tiles)).collect();
    let (output, _) = run_with(SOLVE, &["--tables", dir_arg], boards.join("\n").as_bytes());
    assert!(output.status.success());
    let said = common::beyond_progress(&output.stderr);
    assert!(
        said.starts_with("building the 6-6-3 pattern databases"),
        "{}",
        said
    );
    assert!(!said.contains("7-8"), "{}", said);
    let paths = String::from_utf8_lossy(&output.stdout);
    let paths: Vec<&str> = paths.lines().collect();
    assert_eq!(paths.len(), 3);
    for ((length, tiles), path) in chosen.iter().zip(&paths) {
        assert_eq!(path.len(), *length);
        assert_eq!(replay(4, tiles, path), Some(goal(16)));
    }
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(files, ["pdb-1.5.6.9.10.13-7.8.11.12.14.15-2.3.4.bin"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--optimal` on 5x5 boards, under the tables of [`tables_5x5`]. Korf and Felner's two boards
/// that take seconds get their published lengths, and their paths replay. Boards of short
/// random walks, searched under the tables alone, get the path a plain IDA* finds: the first
/// shortest in dictionary order.
#[test]
fn five_by_five_boards_in_the_fewest_moves_with_saved_tables() {
    let dir = tables_5x5();
    let korf = korf_felner_50();
    let chosen: Vec<(usize, Vec<u32>)> = [39, 37]
        .iter()
        .map(|&i| (korf[i].0, korf[i].1.iter().map(|&t| u32::from(t)).collect()))
        .collect();
    assert_eq!([chosen[0].0, chosen[1].0], [82, 96]);
    let boards: Vec<Vec<u32>> = chosen.iter().map(|(_, tiles)| tiles.clone()).collect();
    let args = [
        "--optimal",
        "--stats",
        "--quiet",
        "--tables",
        dir.to_str().unwrap(),
    ];
    let output = stdout_of(SOLVE, &args, &input_of(5, &boards));
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 4, "{}", output);
    let goal: Vec<u32> = (1..25).chain([0]).collect();
    for ((length, tiles), answer) in chosen.iter().zip(lines.chunks(2)) {
        assert_eq!(answer[0].len(), *length);
        assert_eq!(replay(5, tiles, answer[0]), Some(goal.clone()));
        let stats = stats_words(answer[1]);
        assert_eq!(stats[..3], [&length.to_string()[..], "moves", "optimal"]);
    }

    let (db, rules) = engine::pdb::ready::saved_6666(Some(&dir), 2);
    let mut rng = Rng::new(24);
    for _ in 0..12 {
        let walk = common::random_walk(5, 60, &mut rng);
        let tiles: [u8; 25] = std::array::from_fn(|i| walk[i] as u8);
        let start = engine::board::Board::<5, 25>::from_tiles(tiles).unwrap();
        let rules = engine::search::move_rules::GrowingRules::from(rules);
        let search = engine::search::ida_star::Iterations::new(&start, &db, rules, u32::MAX);
        let moves = search.finish(2, u64::MAX).unwrap().moves;
        let path: String = moves.iter().map(|m| m.letter()).collect();
        assert_eq!(path, plain_ida_star(&tiles, 5), "{:?}", tiles);
    }
}

/// The folder of the 5x5 board's 6-6-6-6 tables ([`saved_tables`]), tens of seconds to build.
fn tables_5x5() -> PathBuf {
    saved_tables("tables-5x5", |dir| {
        engine::pdb::ready::saved_6666_alone(dir, 2);
    })
}

/// The folder of the 6x6 board's tables ([`saved_tables`]), tens of seconds to build.
fn tables_6x6() -> PathBuf {
    saved_tables("tables-6x6", |dir| {
        engine::pdb::ready::saved_6x6_alone(dir, 2);
    })
}

/// The folder `name` of saved tables, which later runs of the tests reuse: filled by `fill` in
/// the first test that needs it while any other waits (the builder is checked against a plain
/// search on smaller groups in `pdb::large`'s tests).
fn saved_tables(name: &str, fill: fn(&Path)) -> PathBuf {
    static READY: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let mut ready = READY.lock().unwrap_or_else(|e| e.into_inner());
    if !ready.iter().any(|done| done == name) {
        fill(&dir);
        ready.push(name.to_string());
    }
    dir
}

/// `solve --tables DIR` on a 6x6 board: beam search under the 6x6 board's tables. On a board of a
/// random walk the path replays to the goal and is shorter than under linear conflict without
/// the tables. (The beam under tables is the 5x5 board's, whose test runs it on one thread and
/// on two.)
#[test]
fn six_by_six_paths_under_saved_tables() {
    let dir = tables_6x6();
    let mut rng = Rng::new(36);
    let boards: Vec<Vec<u32>> = (0..1)
        .map(|_| random_walk(6, 1000 + rng.below(9001), &mut rng))
        .collect();
    let paths = |args: &[&str]| {
        let output = stdout_of(SOLVE, args, &input_of(6, &boards));
        assert_eq!(output.lines().count(), boards.len(), "{:?}", args);
        let goal: Vec<u32> = (1..36).chain([0]).collect();
        for (board, path) in boards.iter().zip(output.lines()) {
            assert_eq!(replay(6, board, path), Some(goal.clone()), "{:?}", args);
        }
        output
    };
    shorter_under_tables(&dir, paths);
}

/// The paths `paths` gives with the arguments it is handed, under the tables of `dir` on two
/// threads: fewer moves in all than without the tables. Returns them.
fn shorter_under_tables(dir: &Path, paths: impl Fn(&[&str]) -> String) -> String {
    let two = paths(&["--tables", dir.to_str().unwrap(), "--threads", "2"]);
    let plain = paths(&["--threads", "2"]);
    let moves = |paths: &str| paths.lines().map(str::len).sum::<usize>();
    assert!(
        moves(&two) < moves(&plain),
        "{} moves, {} without the tables",
        moves(&two),
        moves(&plain)
    );
    two
}

/// The 6x6 board's tables never estimate more moves than the fewest, nor fewer than Manhattan
/// distance: checked on every board along the first shortest path, by a plain IDA* that shares
/// no code with the engine, from boards of short random walks.
#[test]
fn six_by_six_tables_estimate_between_manhattan_distance_and_the_fewest_moves() {
    use engine::search::ida_star::Heuristic;
    let db = engine::pdb::ready::saved_6x6_alone(&tables_6x6(), 2);
    let mut rng = Rng::new(6);
    for _ in 0..8 {
        let mut board: Vec<u8> = random_walk(6, 40, &mut rng)
            .iter()
            .map(|&t| t as u8)
            .collect();
        let path = plain_ida_star(&board, 6);
        for (done, letter) in path.chars().chain([' ']).enumerate() {
            let cells: [u8; 36] = board.clone().try_into().unwrap();
            let estimate = db.estimate(&db.state(&cells)) as usize;
            let tiles: Vec<u32> = board.iter().map(|&t| u32::from(t)).collect();
            let manhattan = manhattan_sum(6, &tiles) as usize;
            let left = path.len() - done;
            assert!(manhattan <= estimate && estimate <= left, "{:?}", board);
            if let Some((_, next)) = slides(&board, 6).into_iter().find(|(l, _)| *l == letter) {
                board = next;
            }
        }
        assert_eq!(board, goal(36));
    }
}

/// `solve --tables DIR` on a 5x5 board: beam search under the 6-6-6-6 tables. On one of Korf and
/// Felner's boards the path replays to the goal and is no shorter than the published optimum;
/// it is the same on one thread and on two, and shorter than under linear conflict without the
/// tables.
#[test]
fn five_by_five_paths_under_saved_tables() {
    let dir = tables_5x5();
    let korf: Vec<_> = korf_felner_50().into_iter().skip(11).take(1).collect();
    let paths = |args: &[&str]| korf_felner_paths(&korf, args);
    let two = shorter_under_tables(&dir, paths);
    assert_eq!(
        paths(&["--tables", dir.to_str().unwrap(), "--threads", "1"]),
        two
    );
}

/// `--stats` under `--tables` names the strongest bound it used: on the first of Korf and
/// Felner's boards (95 moves), the 6-6-6-6 tables' sum, above linear conflict's bound and not
/// above the published optimum.
#[test]
fn stats_under_tables_name_the_tables_bound() {
    let (optimal, tiles) = korf_felner_50()[0];
    let board: Vec<u32> = tiles.iter().map(|&t| u32::from(t)).collect();
    let dir = tables_5x5();
    let args = ["--stats", "--tables", dir.to_str().unwrap()];
    let output = stdout_of(SOLVE, &args, &rows_of(5, &board));
    let stats = output.lines().nth(1).unwrap();
    let words = stats_words(stats);
    let at = words.iter().position(|&w| w == "bound").unwrap();
    let bound: usize = words[at + 1].parse().unwrap();
    let conflicts = engine::search::linear_conflict::lower_bound(5, &board) as usize;
    assert!(conflicts < bound && bound <= optimal, "{}", stats);
}

/// A tall board is solved as the same puzzle turned on its side: a board and its transpose,
/// each past 16 cells, get paths of one length, each replaying to its goal.
#[test]
fn a_board_and_its_transpose_get_paths_of_one_length() {
    let mut rng = Rng::new(90);
    // Solved by beam search, and (20 x 2) by construction.
    for (rows, columns) in [(9, 2), (7, 3), (8, 3), (20, 2)] {
        let board = random_solvable_board(rows, columns, &mut rng);
        // Tile at row r and column c to row c and column r, renamed for the turned goal.
        let rename = |t: u32| match t {
            0 => 0,
            t => (t - 1) % columns as u32 * rows as u32 + (t - 1) / columns as u32 + 1,
        };
        let turned: Vec<u32> = (0..board.len())
            .map(|cell| rename(board[cell % rows * columns + cell / rows]))
            .collect();
        let tall = stdout_of(SOLVE, &[], &rows_of(columns, &board));
        let wide = stdout_of(SOLVE, &[], &rows_of(rows, &turned));
        let goal =
            |cells: usize| -> Vec<u32> { (1..=cells as u32).map(|t| t % cells as u32).collect() };
        assert_eq!(
            replay(columns, &board, tall.trim_end()),
            Some(goal(board.len()))
        );
        assert_eq!(
            replay(rows, &turned, wide.trim_end()),
            Some(goal(board.len()))
        );
        assert_eq!(tall.len(), wide.len(), "{} x {}", rows, columns);
    }
}

/// Memory refused is one `error:` line naming what needed how much, exit status 1, the answers
/// before it kept, nothing left in the tables folder: under `ulimit -v` in a child shell, the
/// 5x5 tables' build (a fresh folder), the mapping of the saved tables (a sound file, not
/// called damaged) and a 10x10 beam search at `--effort 8`.
#[test]
fn memory_refused_is_an_error_not_an_abort() {
    let mut rng = Rng::new(41);
    let (_, hard) = korf_felner_50()[0];
    let hard: Vec<u32> = hard.iter().map(|&t| u32::from(t)).collect();
    let big = random_solvable_board(10, 10, &mut rng);
    let fresh = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables-refused");
    let _ = std::fs::remove_dir_all(&fresh);
    let saved = tables_5x5();
    // The limit in KiB, the arguments, the second board and its width, what is named.
    type Case<'a> = (&'a str, Vec<String>, &'a Vec<u32>, usize, &'a str);
    let cases: [Case; 3] = [
        (
            "200000",
            vec!["--tables".into(), fresh.display().to_string()],
            &hard,
            5,
            "the table of tiles [1, 2, 3, 6, 7, 8] needs ",
        ),
        (
            "300000",
            vec!["--tables".into(), saved.display().to_string()],
            &hard,
            5,
            "mapping the tables of ",
        ),
        (
            "250000",
            vec!["--effort".into(), "8".into()],
            &big,
            10,
            "a beam search 40000 boards wide needs ",
        ),
    ];
    for (limit, args, board, width, what) in cases {
        let input = format!("1 2 3\n4 0 5\n7 8 6\n\n{}", rows_of(width, board));
        let script = format!("ulimit -v {}; exec \"$0\" \"$@\"", limit);
        let mut words = vec!["-c", &script, SOLVE];
        words.extend(args.iter().map(String::as_str));
        let (output, _) = run_with("bash", &words, input.as_bytes());
        let said = common::beyond_progress(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{:?}: {}", args, said);
        assert_eq!(String::from_utf8_lossy(&output.stdout), "RD\n");
        let lines: Vec<&str> = said.lines().filter(|l| l.starts_with("error: ")).collect();
        assert_eq!(lines.len(), 1, "{}", said);
        assert!(
            lines[0].starts_with(&format!("error: out of memory: {}", what)),
            "{}",
            said
        );
        assert!(said.ends_with("which the system refused; give the run more memory (ulimit -v, or a job's memory limit)\n")
            || said.ends_with("(ulimit -v, or a job's memory limit)\n"), "{}", said);
        assert!(
            !said.contains("built again") && !said.contains("panicked"),
            "{}",
            said
        );
    }
    let left: Vec<_> =
        std::fs::read_dir(&fresh).map_or(Vec::new(), |d| d.flatten().map(|e| e.path()).collect());
    assert!(left.is_empty(), "left behind: {:?}", left);
}
