//! The judge binaries end to end: several cases in one input, lenient layout, bad input,
//! `jiugong` on random start/goal pairs against the BFS table, the paths that `--path` prints,
//! and the command-line flags.

use crate::common;

use std::process::Output;

use common::{beyond_progress, line_of, run_with, stdout_of, Rng};
use engine::board::{Board, Move};
use engine::exact::bfs::{self, UNREACHABLE};
use engine::exact::cantor::{rank, unrank};

/// Runs `binary` on `input`; also says whether it took the whole input.
fn run(binary: &str, input: &[u8]) -> (Output, bool) {
    run_with(binary, &[], input)
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

/// Asserts a clean answer: exit 0, nothing on stderr but progress, and this stdout.
fn assert_answers(binary: &str, input: &[u8], expected: &str) {
    let (output, _) = run(binary, input);
    let said = beyond_progress(&output.stderr);
    assert_eq!(said, "", "input {:?}", text(input));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        text(&output.stdout),
        expected,
        "input {:?}",
        String::from_utf8_lossy(input)
    );
}

/// Asserts a bad-input failure: the answers before it, one `error:` line, exit status 2.
fn assert_error(binary: &str, input: &[u8], answers_before: &str, error: &str) {
    let (output, _) = run(binary, input);
    assert_eq!(
        text(&output.stdout),
        answers_before,
        "input {:?}",
        String::from_utf8_lossy(input)
    );
    assert_eq!(text(&output.stderr), format!("error: {}\n", error));
    assert_eq!(output.status.code(), Some(2));
}

const SLIDING: &str = env!("CARGO_BIN_EXE_sliding");
const JIUGONG: &str = env!("CARGO_BIN_EXE_jiugong");
const EIGHT: &str = env!("CARGO_BIN_EXE_eight");
const EIGHT_PATH: &str = env!("CARGO_BIN_EXE_eight_path");
const EIGHT_STEPS: &str = env!("CARGO_BIN_EXE_eight_steps");
const EIGHT_GRID: &str = env!("CARGO_BIN_EXE_eight_grid");
const EIGHT_GRAPH: &str = env!("CARGO_BIN_EXE_eight_graph");
const FIFTEEN_SCATTER: &str = env!("CARGO_BIN_EXE_fifteen_scatter");
const ELEVEN: &str = env!("CARGO_BIN_EXE_eleven");
const RECTANGLE: &str = env!("CARGO_BIN_EXE_rectangle");
const FIFTEEN: &str = env!("CARGO_BIN_EXE_fifteen");
const FIFTEEN_PATH: &str = env!("CARGO_BIN_EXE_fifteen_path");
const FIFTEEN_LEX: &str = env!("CARGO_BIN_EXE_fifteen_lex");
const EIGHT_TWO: &str = env!("CARGO_BIN_EXE_eight_two");

#[test]
fn sliding_reads_every_layout() {
    let input =
        "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n4 1 2\n5 0 3\n\n [[4, 1, 2], [5, 0, 3]] \n412503\n";
    assert_answers(SLIDING, input.as_bytes(), "1\n-1\n5\n5\n5\n");
}

#[test]
fn crlf_byte_order_mark_spaces_and_blank_lines() {
    let input = "\u{feff}  12345678. \r\n\r\n123.46758\r\n\r\n\r\n13524678.\r\n46758123.";
    assert_answers(JIUGONG, input.as_bytes(), "3\n22\n");
    assert_answers(EIGHT, b"283104765\r\n\r\n283\r\n104\r\n765\r\n", "4\n4\n");
}

#[test]
fn unsolvable_boards_answer_minus_one() {
    assert_answers(EIGHT, b"213804765\n123804765\n", "-1\n0\n");
    assert_answers(JIUGONG, b"12345678.\n21345678.\n", "-1\n");
}

#[test]
fn bad_input_is_one_error_line_after_the_answers_so_far() {
    assert_error(
        EIGHT,
        b"",
        "",
        "line 1: expected a board, found the end of the input",
    );
    assert_error(
        EIGHT,
        b"\n\n",
        "",
        "line 3: expected a board, found the end of the input",
    );
    assert_error(
        EIGHT,
        b"283104765\n28310476\n",
        "4\n",
        "line 2: expected 9 tiles (or 3 rows of 3), found 8",
    );
    assert_error(
        EIGHT,
        b"2831047655\n",
        "",
        "line 1: expected 9 tiles (or 3 rows of 3), found 10",
    );
    assert_error(
        EIGHT,
        b"283104763\n",
        "",
        "line 1: tile 3 appears twice and tile 5 is missing",
    );
    assert_error(
        EIGHT,
        b"283104769\n",
        "",
        "line 1: tile 9 is out of range 0-8",
    );
    assert_error(
        EIGHT,
        b"2831y4765\n",
        "",
        "line 1: unexpected character 'y'",
    );
    assert_error(EIGHT, b"28310476\xff\n", "", "line 1: not valid UTF-8");
    assert_error(
        EIGHT,
        b"283\n104\n",
        "",
        "line 3: expected a row of 3 tiles, found the end of the input",
    );
    assert_error(
        EIGHT,
        b"283\n\n104\n765\n",
        "",
        "line 2: expected a row of 3 tiles, found 0",
    );
    assert_error(
        SLIDING,
        b"[[1,2,3],[4,0,6]]\n",
        "",
        "line 1: tile 6 is out of range 0-5",
    );
    assert_error(
        SLIDING,
        b"1 2 3\n4 0 5\n-1\n",
        "1\n",
        "line 3: unexpected character '-'",
    );
    assert_error(
        JIUGONG,
        b"12345678.\n123.46758\n12345678.\n",
        "3\n",
        "line 3: a start board with no goal board after it",
    );
    assert_error(
        JIUGONG,
        "12345678。\n".as_bytes(),
        "",
        "line 1: unexpected character '。'",
    );
}

#[test]
fn show_labels_the_moves_as_the_answer_writes_them() {
    let out = stdout_of(EIGHT_PATH, &["--show"], "2 3 4 1 5 x 7 6 8\n");
    let mut lines = out.lines();
    let answer = lines.next().unwrap();
    // `0  1 d  2 l ...`: the letters above the first row of boards.
    let labels: String = lines
        .next()
        .unwrap()
        .split_whitespace()
        .skip(2)
        .step_by(2)
        .collect();
    assert!(labels.len() >= 3 && answer.starts_with(&labels), "{}", out);
}

#[test]
fn numbers_too_large_for_a_small_board_are_named() {
    assert_error(
        EIGHT,
        b"1 2 3\n4 5 6\n7 8 10\n",
        "",
        "line 3: tile 10 is out of range 0-8",
    );
    let huge = format!("{} 1 2 3 4 5 6 7 0\n", "9".repeat(60));
    let message = format!("line 1: tile {}... is out of range 0-8", "9".repeat(40));
    assert_error(EIGHT, huge.as_bytes(), "", &message);
    assert_error(
        EIGHT_PATH,
        b"1 2 3 4 5 6 7 8 12\n",
        "",
        "line 1: tile 12 is out of range 0-8",
    );
    // Without separators each digit is a tile, as Luogu writes its boards.
    assert_eq!(stdout_of(EIGHT, &[], "283104765\n"), "4\n");
    // Past ten cells a run of digits is one number: a 3x3 line given to a 4x4 program is one
    // huge tile, and the message says what to do.
    assert_error(
        FIFTEEN,
        b"283104765\n",
        "",
        "line 1: tile 283104765 is out of range 0-15: separate the numbers of a board over ten cells",
    );
    assert_error(
        FIFTEEN,
        b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n",
        "",
        "line 1: tile 16 is out of range 0-15",
    );
}

/// `solve` learns a board's size from its rows: the range it names is the board's, whatever
/// the number and its line, and a line of digits alone is a row of one number.
#[test]
fn solve_names_the_range_of_the_board_read() {
    let solve = env!("CARGO_BIN_EXE_solve");
    assert_error(
        solve,
        b"1 2\n3 1000000\n",
        "",
        "line 2: tile 1000000 is out of range 0-3",
    );
    assert_error(
        solve,
        b"4294967294 2\n3 0\n",
        "",
        "line 1: tile 4294967294 is out of range 0-3",
    );
    for too_large in ["4294967295", "99999999999999999999"] {
        let input = format!("1 2\n0 {}\n", too_large);
        let message = format!("line 2: tile {} is out of range 0-3", too_large);
        assert_error(solve, input.as_bytes(), "", &message);
    }
    // A long number is cut in the message, on the line where it stands.
    let input = format!("\n1 2 3\n4 0 5\n7 8 {}\n", "9".repeat(50));
    let message = format!("line 4: tile {}... is out of range 0-8", "9".repeat(40));
    assert_error(solve, input.as_bytes(), "", &message);
    assert_error(
        solve,
        b"1 2\n3\n",
        "",
        "line 2: expected a row of 2 numbers like the board's first, found 1",
    );
    assert_error(
        solve,
        b"12\n30\n\n1\n2 0\n",
        "\n",
        "line 4: a row needs 2 to 999 numbers, separated by spaces or commas; found 1",
    );
    // A board on one line is square.
    let square = "a board on one line is square, of 4, 9, 16, ... 961 tiles";
    for (input, count) in [("2831047651", 10), ("1 2 3 4 5 0", 6), ("1", 1)] {
        let message = format!(
            "line 1: {}; found {}: give the board's rows one a line",
            square, count
        );
        assert_error(solve, format!("{}\n", input).as_bytes(), "", &message);
    }
}

/// A tile twice, or out of range, is named on the line it stands on, in every way of reading a
/// board: a row a line, tiles spread over lines, `mxn`'s cases, `solve`'s rows and single line.
#[test]
fn a_fault_is_named_on_its_own_line() {
    let twice = |line, tile, missing| {
        format!(
            "line {}: tile {} appears twice and tile {} is missing",
            line, tile, missing
        )
    };
    let fifteen = b"\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 14 0\n";
    assert_error(FIFTEEN, fifteen, "", &twice(5, 14, 15));
    assert_error(EIGHT, b"1 2 3\n4 5 6\n7 7 0\n", "", &twice(3, 7, 8));
    assert_error(EIGHT, b"1 2 3 4 5 6 7 7 0\n", "", &twice(1, 7, 8));
    assert_error(SLIDING, b"1 2 3\n4 4 0\n", "", &twice(2, 4, 5));
    assert_error(EIGHT_PATH, b"1 2 3 4\n\n5 6\n7 7 0\n", "", &twice(4, 7, 8));
    let mxn = b"3 3\n1 2 3\n\n4 5 6 7\n7 0\n0 0\n";
    let mxn_binary = env!("CARGO_BIN_EXE_mxn");
    assert_error(mxn_binary, mxn, "", &twice(5, 7, 8));
    let solve = env!("CARGO_BIN_EXE_solve");
    assert_error(solve, b"1 2 3\n4 5 6\n7 7 0\n", "", &twice(3, 7, 8));
    assert_error(solve, b"\n1 2 3 4 5 6 7 7 0\n", "", &twice(2, 7, 8));
    let out_of_range = "line 4: tile 16 is out of range 0-15";
    let sixteen = b"1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 16 0\n";
    assert_error(solve, sixteen, "", out_of_range);
}

#[test]
fn counted_and_streamed_inputs_name_what_is_wrong() {
    const BOARD: &str = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
    let expected = "expected the number of boards, 1 or more, found";
    assert_error(
        FIFTEEN_PATH,
        b"",
        "",
        &format!("line 1: {} the end of the input", expected),
    );
    assert_error(
        FIFTEEN_PATH,
        b"\n0\n",
        "",
        &format!("line 2: {} '0'", expected),
    );
    let input = format!("two\n{}", BOARD);
    assert_error(
        FIFTEEN_LEX,
        input.as_bytes(),
        "",
        &format!("line 1: {} 'two'", expected),
    );
    // A sign, or a line of control characters, is no count; the line is shown escaped.
    let input = format!("+1\n{}", BOARD);
    let message = format!("line 1: {} '+1'", expected);
    assert_error(FIFTEEN_PATH, input.as_bytes(), "", &message);
    let input = format!("\u{1b}[2J\r1\0\n{}", BOARD);
    let message = format!("line 1: {} '\\u{{1b}}[2J\\r1\\0'", expected);
    assert_error(FIFTEEN_PATH, input.as_bytes(), "", &message);
    let input = format!("1\n{}\n{}", BOARD, BOARD);
    assert_error(
        FIFTEEN_PATH,
        input.as_bytes(),
        "LLLDRDRDR\n",
        "line 7: expected the end of the input, as line 1 announces a count of 1, found '2 3 4 0'",
    );
    // A stray byte after the last board is named as such.
    let input = format!("1\n{}\0", BOARD);
    assert_error(
        FIFTEEN_PATH,
        input.as_bytes(),
        "LLLDRDRDR\n",
        "line 6: expected the end of the input, as line 1 announces a count of 1, found '\\0'",
    );
    let input = format!("2\n\n{}\n\n", BOARD);
    assert_error(
        FIFTEEN_LEX,
        input.as_bytes(),
        "Case 1: LLLDRDRDR\n",
        "line 9: found the end of the input after 1 of the 2 cases that line 1 announces",
    );
    // A count too large for any input says so, and the most.
    let input = format!("99999999999999999999\n{}", BOARD);
    let message = format!(
        "line 1: the number of boards '99999999999999999999' is too large: at most {}",
        usize::MAX
    );
    assert_error(FIFTEEN_PATH, input.as_bytes(), "", &message);
    // HDU 3567 counts pairs, and a pair on one line is told to take two.
    let message = "line 1: expected the number of pairs, 1 or more, found 'x'";
    assert_error(EIGHT_TWO, b"x\n", "", message);
    assert_error(
        EIGHT_TWO,
        b"2\n12X453786\n12345678X\n12X453786 12345678X\n",
        "Case 1: 2\ndd\n",
        "line 4: expected a board a line: the start, then the goal on the next line",
    );
    assert_error(
        EIGHT_PATH,
        b"1 2 3\n4 5",
        "",
        "line 2: expected 9 tiles, found the end of the input after 5",
    );
    assert_error(
        EIGHT_STEPS,
        b"1 2 3 4 5 6 7 8 x 1 2 3\n4 5 6 7 8 8",
        "0\n",
        "line 2: tile 8 appears twice and tile 0 is missing",
    );
}

#[test]
fn a_gigantic_line_is_refused_without_reading_it_whole() {
    let line = vec![b'1'; 64 << 20];
    let (output, took_all) = run(EIGHT, &line);
    assert!(!took_all, "the binary read all 64 MiB");
    assert_eq!(
        text(&output.stderr),
        "error: line 1: longer than 65536 bytes\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), "");
}

#[test]
fn jiugong_random_pairs_match_the_bfs_table() {
    let mut rng = Rng::new(99);
    let (mut input, mut expected) = (String::new(), String::new());
    for blank in 0..9 {
        let mut goal = rng.arrangement::<9>();
        let at = goal.iter().position(|&t| t == 0).unwrap();
        goal.swap(at, blank);
        let table = bfs::distances(&Board::<3, 9>::from_tiles(goal).unwrap());
        for _ in 0..60 {
            let start = rng.arrangement::<9>();
            let line = |tiles: &[u8; 9]| -> String {
                tiles
                    .iter()
                    .map(|&t| if t == 0 { '.' } else { (b'0' + t) as char })
                    .collect()
            };
            input += &format!("{}\n{}\n", line(&start), line(&goal));
            let distance = table[rank(&start)];
            let answer = if distance == UNREACHABLE {
                -1
            } else {
                i64::from(distance)
            };
            expected += &format!("{}\n", answer);
        }
    }
    assert_answers(JIUGONG, input.as_bytes(), &expected);
}

/// Runs `binary --path` on the boards `cases` (start, goal), one case each, and checks every
/// answer: the number is the path's length, the path replayed from the start is legal at every
/// step and reaches the goal, and its length is the BFS distance (or -1 with no path line).
fn check_paths<const W: usize, const N: usize>(
    binary: &str,
    cases: &[(Board<W, N>, Board<W, N>)],
    input: &str,
) {
    let (output, _) = run_with(binary, &["--path"], input.as_bytes());
    assert_eq!(beyond_progress(&output.stderr), "");
    let mut lines = text(&output.stdout).lines();
    let mut tables = std::collections::HashMap::new();
    for (start, goal) in cases {
        let table = tables.entry(*goal).or_insert_with(|| bfs::distances(goal));
        let distance = table[rank(start.tiles())];
        let number = lines.next().expect("an answer line");
        if distance == UNREACHABLE {
            assert_eq!(number, "-1");
            continue;
        }
        let path = lines.next().expect("a path line");
        assert_eq!(number, path.len().to_string());
        assert_eq!(path.len(), usize::from(distance), "{:?}", start);
        let mut board = *start;
        for letter in path.chars() {
            let m = Move::ALL
                .iter()
                .copied()
                .find(|m| m.letter() == letter)
                .expect("a move letter");
            board = board.moved(m).expect("the move stays on the board");
        }
        assert_eq!(board, *goal, "{:?} {}", start, path);
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn sliding_paths_for_every_2x3_board() {
    let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
    let cases: Vec<_> = (0..720)
        .map(|r| (Board::from_tiles(unrank(r)).unwrap(), goal))
        .collect();
    let input: String = cases
        .iter()
        .map(|(start, _)| line_of(start.tiles()))
        .collect();
    check_paths(SLIDING, &cases, &input);
}

#[test]
fn eight_paths_for_20000_random_boards() {
    let goal = Board::<3, 9>::from_tiles([1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap();
    let mut rng = Rng::new(8);
    let cases: Vec<_> = (0..20_000)
        .map(|_| (Board::from_tiles(rng.arrangement()).unwrap(), goal))
        .collect();
    let input: String = cases
        .iter()
        .map(|(start, _)| line_of(start.tiles()))
        .collect();
    check_paths(EIGHT, &cases, &input);
}

#[test]
fn jiugong_paths_for_20000_random_pairs() {
    let mut rng = Rng::new(20);
    // 20 goals, and 1,000 random starts for each.
    let cases: Vec<_> = (0..20)
        .flat_map(|_| {
            let goal = Board::<3, 9>::from_tiles(rng.arrangement()).unwrap();
            (0..1000)
                .map(|_| (Board::from_tiles(rng.arrangement()).unwrap(), goal))
                .collect::<Vec<_>>()
        })
        .collect();
    let input: String = cases
        .iter()
        .map(|(start, goal)| line_of(start.tiles()) + &line_of(goal.tiles()))
        .collect();
    check_paths(JIUGONG, &cases, &input);
}

#[test]
fn flags_help_and_unknown_arguments() {
    let counts = [SLIDING, JIUGONG, EIGHT, EIGHT_STEPS, EIGHT_GRID, FIFTEEN];
    let paths = [EIGHT_PATH, FIFTEEN_PATH, FIFTEEN_LEX, EIGHT_TWO];
    for binary in counts.into_iter().chain(paths) {
        let (output, _) = run_with(binary, &["--help"], b"");
        assert_eq!(output.status.code(), Some(0));
        let help = text(&output.stdout);
        assert!(
            help.contains("Input:") && help.contains("--show"),
            "{}",
            binary
        );
        // A program that prints paths anyway has no --path.
        let prints_counts = counts.contains(&binary);
        assert_eq!(help.contains("--path"), prints_counts, "{}", binary);
        // Only the 4x4 programs use threads, so only they take --threads.
        let threaded = [FIFTEEN, FIFTEEN_PATH, FIFTEEN_LEX].contains(&binary);
        assert_eq!(help.contains("--threads N"), threaded, "{}", binary);
        let unknown = if prints_counts { "--paths" } else { "--path" };
        let refused = if threaded {
            vec![unknown]
        } else {
            vec![unknown, "--threads"]
        };
        for unknown in refused {
            let (output, _) = run_with(binary, &[unknown, "1"], b"");
            assert_eq!(output.status.code(), Some(2));
            assert_eq!(
                text(&output.stderr),
                format!("error: unknown argument '{}' (see --help)\n", unknown)
            );
            assert_eq!(text(&output.stdout), "");
        }
    }
    // A graph's puzzle has no board to draw and no letters for its moves; a scatter, no moves;
    // a count on any shape, neither.
    for binary in [EIGHT_GRAPH, ELEVEN, FIFTEEN_SCATTER, RECTANGLE] {
        let help = stdout_of(binary, &["--help"], "");
        assert!(help.contains("Input:") && !help.contains("--show") && !help.contains("--path"));
        for unknown in ["--path", "--show", "--threads"] {
            let (output, _) = run_with(binary, &[unknown], b"");
            assert_eq!(output.status.code(), Some(2));
            let refused = format!("error: unknown argument '{}' (see --help)\n", unknown);
            assert_eq!(text(&output.stderr), refused);
        }
    }
    let (output, _) = run_with(EIGHT, &["--path"], b"123804765\n213804765\n");
    assert_eq!(text(&output.stdout), "0\n\n-1\n");
}

/// Every program, and the bundler, answers `--version` (or `-V`) with its name and Cargo's
/// version, whatever else is given before `--`; after `--` it names a file.
#[test]
fn every_program_answers_version() {
    let counts = [
        SLIDING,
        JIUGONG,
        EIGHT,
        EIGHT_STEPS,
        EIGHT_GRID,
        EIGHT_GRAPH,
        ELEVEN,
        FIFTEEN,
        FIFTEEN_SCATTER,
        RECTANGLE,
    ];
    let paths = [EIGHT_PATH, FIFTEEN_PATH, FIFTEEN_LEX, EIGHT_TWO];
    let others = [
        env!("CARGO_BIN_EXE_eight_uva"),
        env!("CARGO_BIN_EXE_distant"),
        env!("CARGO_BIN_EXE_mxn"),
        env!("CARGO_BIN_EXE_square_path"),
        env!("CARGO_BIN_EXE_blank_first"),
        env!("CARGO_BIN_EXE_solve"),
        env!("CARGO_BIN_EXE_bundle"),
    ];
    for binary in counts.into_iter().chain(paths).chain(others) {
        let name = std::path::Path::new(binary).file_name().unwrap();
        let version = format!("{} {}\n", name.to_string_lossy(), env!("CARGO_PKG_VERSION"));
        for flag in ["--version", "-V"] {
            let (output, _) = run_with(binary, &[flag], b"");
            assert_eq!(output.status.code(), Some(0), "{} {}", binary, flag);
            assert_eq!(text(&output.stdout), version);
        }
        if binary != env!("CARGO_BIN_EXE_bundle") {
            let (output, _) = run_with(binary, &["--threads", "1", "--version"], b"");
            assert_eq!(text(&output.stdout), version);
            let (output, _) = run_with(binary, &["--", "--version"], b"");
            assert_eq!(output.status.code(), Some(2), "{}", binary);
        }
    }
}

/// Every program's `--help` lists its options in one order, and says of each what is true of
/// that program: a judge's `--show` draws its own board, whatever its size; the 4x4 programs'
/// `--tables` keeps the 4x4 board's tables alone. No two blank lines follow each other.
#[test]
fn help_lists_options_in_one_order_true_to_each_program() {
    const ORDER: [&str; 16] = [
        "aoj",
        "eolymp",
        "path",
        "show",
        "tiles",
        "stats",
        "goal",
        "goal-file",
        "optimal",
        "effort",
        "tables",
        "threads",
        "quiet",
        "first-line",
        "help",
        "version",
    ];
    let (mxn, solve) = (env!("CARGO_BIN_EXE_mxn"), env!("CARGO_BIN_EXE_solve"));
    let judges = [
        SLIDING,
        JIUGONG,
        EIGHT,
        EIGHT_STEPS,
        EIGHT_GRID,
        EIGHT_PATH,
        EIGHT_TWO,
    ];
    let fifteens = [FIFTEEN, FIFTEEN_PATH, FIFTEEN_LEX];
    let others = [
        env!("CARGO_BIN_EXE_eight_uva"),
        env!("CARGO_BIN_EXE_distant"),
        EIGHT_GRAPH,
        ELEVEN,
        FIFTEEN_SCATTER,
        RECTANGLE,
        env!("CARGO_BIN_EXE_square_path"),
        env!("CARGO_BIN_EXE_blank_first"),
    ];
    for binary in judges
        .into_iter()
        .chain(fifteens)
        .chain(others)
        .chain([mxn, solve])
    {
        let help = stdout_of(binary, &["--help"], "");
        assert!(!help.contains("\n\n\n"), "{}", binary);
        let options = help.lines().skip_while(|line| *line != "Options:");
        let names = options.filter_map(|line| line.strip_prefix("  --"));
        let names: Vec<&str> = names.map(|l| l.split(' ').next().unwrap()).collect();
        let places: Vec<usize> = names
            .iter()
            .map(|name| ORDER.iter().position(|o| o == name).unwrap())
            .collect();
        assert!(
            places.windows(2).all(|w| w[0] < w[1]),
            "{}: {:?}",
            binary,
            names
        );
        let sized = [mxn, solve].contains(&binary);
        assert_eq!(
            help.contains("(boards of up to 100 cells)"),
            sized,
            "{}",
            binary
        );
        if fifteens.contains(&binary) {
            assert!(!help.contains("5x5") && !help.contains("6x6"), "{}", binary);
        }
    }
}

/// Every program's `--help` gives times as orders of magnitude ("about a minute"), which stay
/// true on any machine, never as figures ("45 s"), which a slower machine makes wrong.
#[test]
fn help_gives_no_measured_times() {
    let units = [
        "s", "ms", "µs", "second", "seconds", "minute", "minutes", "hours",
    ];
    let programs = [
        SLIDING,
        JIUGONG,
        EIGHT,
        EIGHT_PATH,
        EIGHT_STEPS,
        EIGHT_GRID,
        EIGHT_GRAPH,
        ELEVEN,
        EIGHT_TWO,
        FIFTEEN,
        FIFTEEN_SCATTER,
        RECTANGLE,
        FIFTEEN_PATH,
        FIFTEEN_LEX,
        env!("CARGO_BIN_EXE_eight_uva"),
        env!("CARGO_BIN_EXE_distant"),
        env!("CARGO_BIN_EXE_mxn"),
        env!("CARGO_BIN_EXE_square_path"),
        env!("CARGO_BIN_EXE_blank_first"),
        env!("CARGO_BIN_EXE_solve"),
    ];
    for program in programs {
        let help = stdout_of(program, &["--help"], "");
        let words: Vec<&str> = help.split_whitespace().collect();
        for pair in words.windows(2) {
            let number = pair[0]
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b',');
            let unit = pair[1].trim_end_matches(|c: char| c.is_ascii_punctuation());
            assert!(
                !(number && units.contains(&unit)),
                "{} --help says {} {}",
                program,
                pair[0],
                pair[1]
            );
        }
    }
}

/// An option's value may follow `=`; after `--` every argument names a file (`-` still standard
/// input), and `--help` there is a file too; a flag given a value is refused.
#[test]
fn option_values_after_equals_and_files_after_two_dashes() {
    let board = b"1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    for binary in [FIFTEEN, env!("CARGO_BIN_EXE_solve")] {
        let (output, _) = run_with(binary, &["--threads=1"], board);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let (output, _) = run_with(binary, &["--threads="], board);
        assert_eq!(
            text(&output.stderr),
            "error: --threads needs a number of threads, 1 or more (see --help)\n"
        );
    }
    let dir = format!("{}/equals-tables", env!("CARGO_TARGET_TMPDIR"));
    let (output, _) = run_with(FIFTEEN, &[&format!("--tables={}", dir), "--", "-"], board);
    assert_eq!(text(&output.stdout), "1\n");
    let (output, _) = run_with(EIGHT, &["--", &sample("8.in"), "--help"], b"");
    assert_eq!(
        text(&output.stderr),
        "error: cannot open '--help': No such file or directory (os error 2)\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stdout),
        std::fs::read_to_string(sample("8.out")).unwrap()
    );
    // A first line past half of the largest count is refused, not wrapped round in errors.
    let largest = usize::MAX / 2;
    let (output, _) = run_with(EIGHT, &["--first-line", &largest.to_string()], b"12\n");
    let message = format!(
        "error: line {}: expected 9 tiles (or 3 rows of 3), found 2\n",
        largest
    );
    assert_eq!(text(&output.stderr), message);
    for past in [
        (largest + 1).to_string(),
        "99999999999999999999".to_string(),
    ] {
        let (output, _) = run_with(EIGHT, &["--first-line", &past], b"12\n");
        let message = format!(
            "error: --first-line needs a line number from 1 to {} (see --help)\n",
            largest
        );
        assert_eq!(text(&output.stderr), message);
        assert_eq!(output.status.code(), Some(2));
    }
    for (flag, name) in [("--path=1", "--path"), ("--show=yes", "--show")] {
        let (output, _) = run_with(EIGHT, &[flag], b"283104765\n");
        let message = format!("error: {} takes no value\n", name);
        assert_eq!(text(&output.stderr), message);
        assert_eq!(output.status.code(), Some(2));
    }
}

/// A sample of `testdata/`, by name.
fn sample(name: &str) -> String {
    format!("{}/testdata/{}", env!("CARGO_MANIFEST_DIR"), name)
}

/// Files named as arguments are read one after another, `-` standard input, as `cat` joins
/// them; a counted input's files announce their own boards; an error names its file.
#[test]
fn files_named_as_arguments_are_read_one_after_another() {
    let read = |name: &str| std::fs::read_to_string(sample(name)).unwrap();
    let (output, _) = run_with(
        EIGHT,
        &[&sample("8.in"), "-", &sample("11.in")],
        b"283104765\n",
    );
    assert_eq!(
        text(&output.stdout),
        read("8.out") + "4\n" + &read("11.out")
    );
    assert!(output.status.success() && output.stderr.is_empty());
    let path_sample = sample("fifteen-path-1.in");
    let (output, _) = run_with(FIFTEEN_PATH, &[&path_sample, &path_sample], b"");
    assert_eq!(text(&output.stdout), read("fifteen-path-1.out").repeat(2));
    // The file's name is given whole, however long.
    let bad = format!(
        "{}/a-sample-whose-name-is-longer-than-forty-characters.in",
        env!("CARGO_TARGET_TMPDIR")
    );
    std::fs::copy(sample("bad-short.in"), &bad).unwrap();
    let (output, _) = run_with(EIGHT, &[&bad], b"");
    assert_eq!(text(&output.stdout), read("bad-short.out"));
    let error = read("bad-short.err").replacen("error: ", &format!("error: '{}': ", bad), 1);
    assert_eq!(text(&output.stderr), error);
    assert_eq!(output.status.code(), Some(2));
    let (output, _) = run_with(EIGHT, &["no-such-file"], b"");
    assert_eq!(
        text(&output.stderr),
        "error: cannot open 'no-such-file': No such file or directory (os error 2)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

/// Standard input from a terminal (a pseudo-terminal, through `script`) first gets one line on
/// standard error saying what the program waits for; a pipe does not.
#[test]
fn a_terminal_is_told_what_the_program_waits_for() {
    let hint = "eight: reading boards from the terminal; end with Ctrl-D (see --help)";
    let (output, _) = run_with("script", &["-qec", EIGHT, "/dev/null"], b"283104765\n");
    // The terminal echoes the board typed wherever the timing puts it: taken out, the hint and
    // the answer stand on lines of their own, in that order.
    let shown = text(&output.stdout)
        .replace('\r', "")
        .replace("283104765", "");
    let lines: Vec<&str> = shown.lines().collect();
    let hint_at = lines.iter().position(|&line| line == hint);
    let answer_at = lines.iter().position(|&line| line == "4");
    assert!(hint_at.is_some() && hint_at < answer_at, "{:?}", shown);
    let (output, _) = run_with(EIGHT, &[], b"283104765\n");
    assert!(output.stderr.is_empty());
}
