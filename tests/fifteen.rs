//! The 15-puzzle: Korf's 100 through `fifteen`, and a board of 80 moves (the most any board
//! needs) through the solver with the large tables, against their published optimal lengths,
//! every path replayed; every board within 13 moves of the goal against breadth-first search,
//! with the pattern databases never overestimating and every path the first shortest one in
//! dictionary order; `fifteen_lex` and its 35-move limit, `fifteen_path` on Korf's boards of at
//! most 45 moves; `fifteen_scatter`'s sums of distances; and parity against breadth-first search
//! on every arrangement of the 2x2, 2x4 and 4x2 boards. Run in release mode.

use crate::common;

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use common::{
    distances_by_hash_map, eighty_move_boards, first_shortest_path, korf_100, manhattan_sum,
    random_board, replay_board, rows_of, stdout_of, Rng,
};
use engine::board::{Board, Move};
use engine::exact::cantor::{factorial, unrank};
use engine::pdb::additive::PatternDb;
use engine::pdb::partitions::PARTITION_555;
use engine::search::ida_star::{search, Heuristic, Iterations, NoUndo, Stop};
use engine::search::linear_conflict::LinearConflict;
use engine::search::move_rules::{GrowingRules, MoveRules};
use engine::solvers::up_to_16::Ladder;

const FIFTEEN: &str = env!("CARGO_BIN_EXE_fifteen");
const FIFTEEN_LEX: &str = env!("CARGO_BIN_EXE_fifteen_lex");
const FIFTEEN_PATH: &str = env!("CARGO_BIN_EXE_fifteen_path");
const FIFTEEN_SCATTER: &str = env!("CARGO_BIN_EXE_fifteen_scatter");

type Board16 = Board<4, 16>;

/// The boards as four rows of four numbers, a blank line after each.
fn rows(boards: &[[u8; 16]]) -> String {
    boards
        .iter()
        .map(|tiles| rows_of(4, tiles) + "\n")
        .collect()
}

#[test]
fn korf_100_optimal_through_the_binary_with_paths() {
    let instances = korf_100();
    let boards: Vec<[u8; 16]> = instances.iter().map(|&(_, tiles)| tiles).collect();
    let text = stdout_of(FIFTEEN, &["--path"], &rows(&boards));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 200);
    let goal = Board16::canonical_goal(15);
    for (i, ((length, tiles), answer)) in instances.iter().zip(lines.chunks(2)).enumerate() {
        assert_eq!(answer[0], length.to_string(), "instance {}", i + 1);
        assert_eq!(answer[1].len(), *length, "instance {}", i + 1);
        let start = Board16::from_tiles(*tiles).unwrap();
        assert_eq!(
            replay_board(start, answer[1]),
            Some(goal),
            "instance {}",
            i + 1
        );
    }
}

/// The hardest boards of all: of the 17 that need 80 moves, the one answered soonest (about 7 s
/// on two cores), its length against the published one, its path replayed. Its search under the
/// 5-5-5 tables is forecast to cost several times the large tables, so a solver that takes that
/// step climbs to them.
#[test]
fn a_board_of_80_moves_the_most_any_board_needs_climbs_to_the_large_tables() {
    let start = Board16::from_tiles(eighty_move_boards()[11]).unwrap();
    let goal = Board16::canonical_goal(15);
    let mut solver = Ladder::new(2).with_large_tables();
    let paths = solver.paths(&[(start, goal)]);
    // Linear conflict, 4-4-4-3, 5-5-5, then 6-6-3.
    assert_eq!(solver.rungs_climbed(), 3);
    let path = paths[0].as_ref().expect("a path");
    assert_eq!(path.len(), 80);
    let letters: String = path.iter().map(|m| m.letter()).collect();
    assert_eq!(replay_board(start, &letters), Some(goal));
}

/// Answers go out as they are found: of a board one move from the goal and a board of 80 moves
/// in one input (one batch), the first answer is out while the second board is searched for
/// seconds, and a run killed then keeps it.
#[test]
fn each_answer_is_printed_as_soon_as_it_and_those_before_it_are_known() {
    let goal = Board16::canonical_goal(15);
    let near = *goal.moved(Move::Up).unwrap().tiles();
    let input = rows(&[near, eighty_move_boards()[11]]);
    common::prints_the_first_answer_alone_first(FIFTEEN, &[], &input, "1\n");
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
                    if let Entry::Vacant(e) = distance.entry(moved) {
                        e.insert(d);
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
    let mut db = PatternDb::<4, 16>::build(&PARTITION_555, 2);
    for mirrored in [true, false] {
        db.set_mirrored(mirrored);
        for (tiles, &d) in &truth {
            let h = db.estimate(&db.state(tiles));
            assert!(h <= u32::from(d), "{:?}: estimate {} over {}", tiles, h, d);
        }
    }
    // Every 50th board, solved without the tables (by the solver, as the binaries do) and with
    // them: each path is the first shortest one in dictionary order, and so replays to the goal.
    let cases: Vec<(Board16, Board16)> = truth
        .keys()
        .step_by(50)
        .map(|tiles| (Board16::from_tiles(*tiles).unwrap(), goal))
        .collect();
    let mut without_tables = Ladder::new(2);
    let paths = without_tables.paths(&cases);
    assert_eq!(
        without_tables.rungs_climbed(),
        0,
        "easy boards never pay for any tables"
    );
    let letters = |moves: &[Move]| moves.iter().map(|m| m.letter()).collect::<String>();
    let mut lex_input = format!("{}\n", cases.len());
    let mut lex_expected = String::new();
    for (case, ((start, _), path)) in cases.iter().zip(paths).enumerate() {
        let first = first_shortest_path(start.tiles(), 4, |b| truth.get(b).map(|&d| u32::from(d)));
        assert_eq!(path.map(|p| letters(&p)), first, "{:?}", start);
        let with_tables = search(start, &db, NoUndo, u64::MAX, u32::MAX).unwrap();
        assert_eq!(Some(letters(&with_tables.moves)), first, "{:?}", start);
        lex_input += &rows(&[*start.tiles()]);
        lex_expected += &format!("Case {}: {}\n", case + 1, first.unwrap());
    }
    assert_eq!(stdout_of(FIFTEEN_LEX, &[], &lex_input), lex_expected);
}

/// `fifteen_lex` answers a board only if it needs at most 35 moves: Korf's 100 need 41 to 80,
/// and boards of random walks, whose lengths `fifteen` gives, fall on both sides of the limit.
#[test]
fn fifteen_lex_refuses_boards_of_more_than_35_moves() {
    let mut rng = Rng::new(35);
    let mut walks = Vec::new();
    for walk in 0..40 {
        // Walks that never undo their last step, from 20 to 215 steps long.
        let (mut board, mut last) = (Board16::canonical_goal(15), Move::Up);
        for _ in 0..20 + 5 * walk {
            let m = Move::ALL[rng.below(4)];
            if m != last.opposite() {
                if let Some(next) = board.moved(m) {
                    board = next;
                    last = m;
                }
            }
        }
        walks.push(*board.tiles());
    }
    let mut lengths: Vec<usize> = stdout_of(FIFTEEN, &[], &rows(&walks))
        .lines()
        .map(|length| length.parse().unwrap())
        .collect();
    let mut boards = walks;
    for (length, tiles) in korf_100() {
        lengths.push(length);
        boards.push(tiles);
    }
    let input = format!("{}\n\n{}", boards.len(), rows(&boards));
    let answers = stdout_of(FIFTEEN_LEX, &[], &input);
    let goal = Board16::canonical_goal(15);
    let (mut short, mut long) = (0, 0);
    for (case, ((tiles, length), answer)) in
        boards.iter().zip(lengths).zip(answers.lines()).enumerate()
    {
        let path = answer
            .strip_prefix(&format!("Case {}: ", case + 1))
            .unwrap();
        if length > 35 {
            assert_eq!(path, "This puzzle is not solvable.", "{:?}", tiles);
            long += 1;
        } else {
            assert_eq!(path.len(), length, "{:?}", tiles);
            let start = Board16::from_tiles(*tiles).unwrap();
            assert_eq!(replay_board(start, path), Some(goal), "{:?}", tiles);
            short += 1;
        }
    }
    assert_eq!(short + long, boards.len());
    assert!(short >= 10 && long >= 105, "{} short, {} long", short, long);
}

/// `fifteen_path` on the boards of Korf's 100 that UVa would set (at most 45 moves), and one
/// that cannot be solved.
#[test]
fn fifteen_path_on_korf_boards_of_at_most_45_moves() {
    let mut instances: Vec<(usize, [u8; 16])> = korf_100()
        .into_iter()
        .filter(|&(length, _)| length <= 45)
        .collect();
    let (_, mut loyd) = instances[0];
    loyd.swap(0, 1);
    instances.push((0, loyd));
    let boards: Vec<[u8; 16]> = instances.iter().map(|&(_, tiles)| tiles).collect();
    let input = format!("{}\n{}", boards.len(), rows(&boards));
    let answers = stdout_of(FIFTEEN_PATH, &[], &input);
    assert_eq!(answers.lines().count(), instances.len());
    let goal = Board16::canonical_goal(15);
    for ((length, tiles), path) in instances.iter().zip(answers.lines()) {
        let start = Board16::from_tiles(*tiles).unwrap();
        if start.parity() != goal.parity() {
            assert_eq!(path, "This puzzle is not solvable.");
            continue;
        }
        assert_eq!(path.len(), *length, "{:?}", tiles);
        assert_eq!(replay_board(start, path), Some(goal), "{:?}", tiles);
    }
}

#[test]
fn hard_boards_climb_to_the_strongest_tables_one_alone_stays_and_unsolvable_ones_answer_none() {
    // Korf's #88 and #60 need 65 and 66 moves: together, far more search under linear conflict,
    // and under the small tables, than the 5-5-5 tables cost. Alone, #88's search under the
    // small tables spends and forecasts 21 times their cost, short of the 24 times a board alone
    // waits for, and ends there; unsolvable boards beside it take no search.
    let (length, tiles) = korf_100()[87];
    let (other_length, other_tiles) = korf_100()[59];
    let start = Board16::from_tiles(tiles).unwrap();
    let other = Board16::from_tiles(other_tiles).unwrap();
    let goal = Board16::canonical_goal(15);
    let mut swapped = tiles;
    let (a, b) = (
        tiles.iter().position(|&t| t == 1).unwrap(),
        tiles.iter().position(|&t| t == 2).unwrap(),
    );
    swapped.swap(a, b);
    let swapped = Board16::from_tiles(swapped).unwrap();
    // On one thread and on two, which share the budget before the switch; with the large
    // tables offered, which a board of Korf's does not search long enough to pay for.
    let mut answers = Vec::new();
    for threads in [1, 2] {
        let mut solver = Ladder::new(threads).with_large_tables();
        let paths = solver.paths(&[(swapped, goal), (start, goal), (other, goal)]);
        assert_eq!(solver.rungs_climbed(), 2, "5-5-5");
        assert_eq!(paths[0], None);
        assert_eq!(paths[1].as_ref().map(Vec::len), Some(length));
        assert_eq!(paths[2].as_ref().map(Vec::len), Some(other_length));
        let mut alone = Ladder::new(threads).with_large_tables();
        let paths_alone = alone.paths(&[(swapped, goal), (start, goal), (swapped, goal)]);
        assert_eq!(alone.rungs_climbed(), 1, "4-4-4-3, {} threads", threads);
        assert_eq!(paths_alone, [None, paths[1].clone(), None]);
        answers.push(paths);
    }
    assert_eq!(answers[0], answers[1]);
}

#[test]
fn a_board_solved_under_the_small_tables_never_pays_for_the_strongest() {
    // Korf's #81 needs 53 moves: about half a million nodes of linear conflict (with the move
    // rules), its last iteration forecast at 1.2 million, more than the small tables cost, and
    // far fewer nodes under them than the 5-5-5 tables cost. Among easy boards,
    // which linear conflict answers, its search must climb one step and no further.
    let (length, tiles) = korf_100()[80];
    let start = Board16::from_tiles(tiles).unwrap();
    let goal = Board16::canonical_goal(15);
    let mut near = *goal.tiles();
    near.swap(14, 15);
    let near = Board16::from_tiles(near).unwrap();
    for threads in [1, 2] {
        let mut solver = Ladder::new(threads);
        let paths = solver.paths(&[(near, goal), (near, goal)]);
        assert_eq!(solver.rungs_climbed(), 0, "{} threads", threads);
        assert_eq!(paths, [Some(vec![Move::Right]), Some(vec![Move::Right])]);
        let paths = solver.paths(&[(near, goal), (start, goal), (near, goal)]);
        assert_eq!(solver.rungs_climbed(), 1, "{} threads", threads);
        assert_eq!(paths[0], Some(vec![Move::Right]));
        assert_eq!(paths[1].as_ref().map(Vec::len), Some(length));
        assert_eq!(paths[2], Some(vec![Move::Right]));
        // Alone, as a judge's single case, on every thread.
        let mut solver = Ladder::new(threads);
        let alone = solver.paths(&[(start, goal)]);
        assert_eq!(solver.rungs_climbed(), 1, "{} threads", threads);
        assert_eq!(alone[0], paths[1]);
    }
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
            let solvable = reachable.get(&board.tiles()[..]).is_some();
            assert_eq!(board.parity() == goal.parity(), solvable, "{:?}", board);
        }
        assert_eq!(reachable.len(), factorial(N) / 2);
    }
    check::<2, 4>();
    check::<4, 8>();
    check::<2, 8>();
    check::<3, 6>();
}

/// One board's search shared out between threads finds the path the search on one thread finds,
/// the first shortest in dictionary order, whatever the number of threads: Korf's boards of at
/// most 52 moves under the tables and the move rules, and under linear conflict the 3x3 boards
/// of random walks.
#[test]
fn a_search_shared_out_between_threads_finds_the_path_of_one_thread() {
    let db = PatternDb::<4, 16>::build(&PARTITION_555, 2);
    let rules = GrowingRules::from(MoveRules::shared(4, 4, 12));
    let mut checked = 0;
    for (length, tiles) in korf_100().into_iter().filter(|&(length, _)| length <= 52) {
        let start = Board16::from_tiles(tiles).unwrap();
        let alone = Iterations::new(&start, &db, rules, u32::MAX)
            .finish(1, u64::MAX)
            .unwrap();
        assert_eq!(alone.moves.len(), length);
        for threads in [1, 2, 3] {
            let shared = Iterations::new(&start, &db, rules, u32::MAX);
            let shared = shared.finish(threads, u64::MAX).unwrap();
            assert_eq!(
                shared.moves, alone.moves,
                "{:?} on {} threads",
                tiles, threads
            );
            // Short of the nodes the search needs, it gives up.
            let limited = Iterations::new(&start, &db, rules, u32::MAX);
            let end = limited.finish(threads, alone.nodes / 2);
            assert!(
                matches!(end, Err(Stop::NodeLimit { .. })),
                "{:?} on {} threads",
                tiles,
                threads
            );
        }
        checked += 1;
    }
    assert!(checked >= 20, "{} boards", checked);
    let goal = Board::<3, 9>::canonical_goal(8);
    let heuristic = LinearConflict::new(&goal);
    let mut rng = Rng::new(21);
    for _ in 0..200 {
        let mut start = goal;
        for _ in 0..rng.below(60) {
            let moves: Vec<_> = start.neighbours().collect();
            start = moves[rng.below(moves.len())].1;
        }
        let alone = search(&start, &heuristic, NoUndo, u64::MAX, u32::MAX).unwrap();
        for threads in [2, 4] {
            let shared = Iterations::new(&start, &heuristic, NoUndo, u32::MAX);
            assert_eq!(shared.finish(threads, u64::MAX).unwrap().moves, alone.moves);
        }
    }
}

/// `--tables DIR`: the first run builds the tables and saves them, saying so on standard error;
/// later runs load them in silence; a changed file is built again (a cut one too, in the
/// guide's example, which the docs' test runs); of three processes at once one builds and the
/// others wait; what a killed build left is cleared, and a build killed while it runs holds back
/// none after it, whose build with `--quiet` says nothing. The answers are Korf's published
/// lengths every time.
#[test]
fn tables_kept_in_a_folder() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("kept-tables");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let korf = korf_100();
    let chosen: Vec<[u8; 16]> = [0, 74, 87].iter().map(|&i| korf[i].1).collect();
    let input = rows(&chosen);
    let expected: String = [0, 74, 87]
        .iter()
        .map(|&i| format!("{}\n", korf[i].0))
        .collect();
    let run = || {
        let (output, _) = common::run_with(FIFTEEN, &["--tables", dir_arg], input.as_bytes());
        assert!(output.status.success());
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
        common::beyond_progress(&output.stderr)
    };
    let files = || -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        files.sort();
        files
    };
    let built = run();
    assert!(
        built.starts_with("building the 6-6-3 pattern databases"),
        "{}",
        built
    );
    let saved = files();
    assert_eq!(saved.len(), 1, "{:?}", saved);
    assert_eq!(run(), "", "the second run loads them");
    // A changed byte: named with what is wrong, built again, and loaded after.
    let whole = std::fs::read(&saved[0]).unwrap();
    let mut changed = whole.clone();
    changed[whole.len() / 2] ^= 1;
    std::fs::write(&saved[0], changed).unwrap();
    let said = run();
    let first = format!(
        "{} fails its checksum: a byte has changed; it is built again\n",
        saved[0].display()
    );
    assert!(said.starts_with(&first), "{}", said);
    assert!(said[first.len()..].starts_with("building"), "{}", said);
    assert_eq!(std::fs::read(&saved[0]).unwrap(), whole);
    assert_eq!(run(), "");
    // Three processes at once on a fresh folder: one builds, the others wait for it (or load
    // what it saved, if they start late), and the tables alone are left.
    std::fs::remove_dir_all(&dir).unwrap();
    let said: Vec<String> = std::thread::scope(|scope| {
        let all: Vec<_> = (0..3).map(|_| scope.spawn(run)).collect();
        all.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let builders = said.iter().filter(|s| s.starts_with("building")).count();
    // A waiter names the builder once it can read its id: "another process" until then.
    let waited = "waiting for ";
    let others = said
        .iter()
        .filter(|s| s.is_empty() || s.starts_with(waited));
    assert_eq!((builders, others.count()), (1, 2), "{:?}", said);
    assert_eq!(files(), saved, "one file, no part or claim left");
    assert_eq!(std::fs::read(&saved[0]).unwrap(), whole);
    assert_eq!(run(), "");
    // What a process killed while it built and saved leaves, its claim and its temporary file,
    // is cleared by the next that builds, and the claim does not hold it back.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir(&dir).unwrap();
    let mut gone = std::process::Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let name = saved[0].file_name().unwrap().to_str().unwrap();
    let left = [
        dir.join(format!(".{}.lock", name)),
        dir.join(format!(".{}.{}.part", name, gone.id())),
    ];
    for file in &left {
        std::fs::write(file, gone.id().to_string()).unwrap();
    }
    assert!(run().starts_with("building"));
    assert_eq!(files(), saved, "the leftovers cleared");
    assert_eq!(std::fs::read(&saved[0]).unwrap(), whole);
    // A process killed while it builds, its claim held: the next run is not held back by it,
    // builds, answers, and leaves the tables alone.
    std::fs::remove_dir_all(&dir).unwrap();
    let mut killed = std::process::Command::new(FIFTEEN)
        .args(["--tables", dir_arg])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = killed.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
    drop(stdin);
    while !left[0].exists() {
        assert!(
            killed.try_wait().unwrap().is_none(),
            "it ended before it built"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    killed.kill().unwrap();
    killed.wait().unwrap();
    // The next, with --quiet, builds without a word: the same file, the claim cleared.
    let quiet = ["--tables", dir_arg, "--quiet"];
    let (output, _) = common::run_with(FIFTEEN, &quiet, input.as_bytes());
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(files(), saved, "the killed build's claim cleared");
    assert_eq!(std::fs::read(&saved[0]).unwrap(), whole);
    // A dead process's temporary file beside whole tables: a run that only loads clears it.
    std::fs::write(&left[1], gone.id().to_string()).unwrap();
    assert_eq!(run(), "");
    assert_eq!(files(), saved, "the temporary file cleared");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Only regular files are opened in a tables folder: a pipe (`mkfifo`) where the tables, their
/// claim or a leftover temporary file should be is named or passed by, never waited on, and the
/// run answers Korf's published length; a pipe in the tables' place is left there, the tables
/// not saved over it.
#[test]
fn a_pipe_in_a_tables_folder_is_named_never_waited_on() {
    let base = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pipes-in-tables");
    let (moves, board) = korf_100()[87];
    let input = rows(&[board]);
    let name = "pdb-1.5.6.9.10.13-7.8.11.12.14.15-2.3.4.bin";
    let in_place = format!(
        "building the 6-6-3 pattern databases for this run alone, not saved: {} is not a regular file\n",
        base.join("tables").join(name).display()
    );
    let lock = format!(
        "building the 6-6-3 pattern databases for this run alone: no claim on their build can be had ({}: is not a regular file)\n",
        base.join("lock").join(format!(".{}.lock", name)).display()
    );
    let leftover = format!(
        "building the 6-6-3 pattern databases in {}, once\n",
        base.join("part").display()
    );
    for (folder, pipe, first) in [
        ("tables", name.to_string(), in_place),
        ("lock", format!(".{}.lock", name), lock),
        ("part", format!(".{}.1.part", name), leftover),
    ] {
        let dir = base.join(folder);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join(&pipe))
            .status()
            .unwrap();
        assert!(made.success());
        let args = ["60", FIFTEEN, "--tables", dir.to_str().unwrap()];
        let (output, _) = common::run_with("timeout", &args, input.as_bytes());
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}: timed out or failed",
            folder
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            format!("{}\n", moves)
        );
        let said = common::beyond_progress(&output.stderr);
        assert!(said.starts_with(&first), "{}", said);
        let kind = std::fs::symlink_metadata(dir.join(&pipe)).map(|m| m.file_type());
        if folder == "tables" {
            use std::os::unix::fs::FileTypeExt;
            assert!(kind.unwrap().is_fifo(), "the pipe left in place");
        }
    }
}

/// `--tables` needs a folder, or a path that can be made one, before any work; and only the 4x4
/// programs and `solve` take it.
#[test]
fn tables_needs_a_folder_and_a_4x4_program() {
    let (output, _) = common::run_with(FIFTEEN, &["--tables"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --tables needs a folder to keep the tables in (see --help)\n"
    );
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("tables-a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let file = file.to_str().unwrap();
    let below = format!("{}/below", file);
    let hard = rows(&[korf_100()[87].1]);
    for program in [FIFTEEN, env!("CARGO_BIN_EXE_solve")] {
        for (dir, error) in [
            (file.to_string(), format!("'{}' is not a folder", file)),
            (
                below.clone(),
                format!("'{}' cannot be made a folder: '{}' is not one", below, file),
            ),
        ] {
            let (output, _) = common::run_with(program, &["--tables", &dir], hard.as_bytes());
            assert_eq!(output.status.code(), Some(2), "{} {}", program, dir);
            assert_eq!(String::from_utf8_lossy(&output.stdout), "");
            let expected = format!("error: --tables {}\n", error);
            assert_eq!(String::from_utf8_lossy(&output.stderr), expected);
        }
    }
    let eight = env!("CARGO_BIN_EXE_eight");
    let (output, _) = common::run_with(eight, &["--tables", "x"], b"283104765\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: unknown argument '--tables' (see --help)\n"
    );
}

/// A claim on a build is a lock the kernel holds for its process, not an id to be judged alive:
/// a lock file left holding the id of a live process unrelated to the tables (`sleep`), or the
/// run's own id, holds no run back (ids of no process are `claim`'s unit tests); each builds the
/// tables once and answers.
/// A builder that holds the lock and hangs is waited on up to the limit only, then the run
/// builds on its own; a folder where the lock file should be is named, and the run answers
/// without saving. The waits here are a guard against a hang, not a measure of time.
#[test]
fn a_claim_never_hangs_a_run() {
    use std::process::{Command, Stdio};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("claimed-tables");
    let dir_arg = dir.to_str().unwrap();
    let korf = korf_100();
    let input = rows(&[korf[87].1]);
    let expected = format!("{}\n", korf[87].0);
    let file = dir.join("pdb-1.5.6.9.10.13-7.8.11.12.14.15-2.3.4.bin");
    let lock = dir.join(".pdb-1.5.6.9.10.13-7.8.11.12.14.15-2.3.4.bin.lock");
    // A run on the hard board, its lock file written with `id` (the run's own, for `None`)
    // after it starts: what it says beyond progress.
    let run = |id: Option<u32>, wait: &str| -> String {
        let mut child = Command::new(FIFTEEN)
            .args(["--tables", dir_arg])
            .env("SLIDING_PUZZLE_TABLES_WAIT", wait)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        if lock.symlink_metadata().map_or(true, |m| m.is_file()) {
            std::fs::write(&lock, id.unwrap_or(child.id()).to_string()).unwrap();
        }
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap();
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{:?}", output);
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
        common::beyond_progress(&output.stderr)
    };
    let mut sleeping = Command::new("sleep")
        .arg("600")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    for id in [Some(sleeping.id()), None] {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let said = run(id, "600");
        assert!(said.starts_with("building the 6-6-3"), "{:?}: {}", id, said);
        assert!(
            file.exists() && !lock.exists(),
            "{:?}: saved, the claim let go",
            id
        );
        assert_eq!(run(id, "600"), "", "{:?}: loaded", id);
    }
    sleeping.kill().unwrap();
    sleeping.wait().unwrap();
    // A holder that hangs: this test holds the lock.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let held = std::fs::File::create(&lock).unwrap();
    assert!(engine::os::try_lock(&held).unwrap());
    let said = run(Some(0), "1");
    drop(held);
    let expected_said = format!(
        "waiting for process 0 to build the 6-6-3 pattern databases\n\
         building the 6-6-3 pattern databases in {} too: another process has held their \
         build for over 1 s\n  saved ",
        dir.display()
    );
    assert!(said.starts_with(&expected_said), "{}", said);
    assert!(file.exists(), "saved");
    // A folder in the lock file's place.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&lock).unwrap();
    let said = run(None, "600");
    let expected_said = format!(
        "building the 6-6-3 pattern databases for this run alone: no claim on their build can \
         be had ({}: is not a regular file)\n",
        lock.display()
    );
    assert!(said.starts_with(&expected_said), "{}", said);
    assert!(!file.exists(), "not saved");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder whose name holds a newline is shown with it escaped: each line of standard error
/// stays one line.
#[test]
fn a_folder_name_with_a_newline_stays_on_one_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("two\nlines");
    let _ = std::fs::remove_dir_all(&dir);
    let korf = korf_100();
    let input = rows(&[korf[87].1]);
    let args = ["--tables", dir.to_str().unwrap()];
    let (output, _) = common::run_with(FIFTEEN, &args, input.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", korf[87].0)
    );
    let said = common::beyond_progress(&output.stderr);
    let shown = dir.to_str().unwrap().replace('\n', "\\n");
    let first = format!("building the 6-6-3 pattern databases in {}, once\n", shown);
    assert!(said.starts_with(&first), "{}", said);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `fifteen_scatter` (Kattis "npuzzle") on 2,000 random arrangements, solvable or not, lettered
/// `A` to `O` with `.` the blank, in one input: each answer is the tiles' Manhattan distance
/// from home that the test sums itself.
#[test]
fn fifteen_scatter_sums_the_distances_of_random_boards() {
    let mut rng = Rng::new(2006);
    let (mut input, mut expected) = (String::new(), String::new());
    for _ in 0..2000 {
        let tiles = random_board(4, 4, &mut rng);
        let letter = |&tile: &u32| match tile {
            0 => '.',
            tile => char::from(b'@' + tile as u8),
        };
        let letters: Vec<char> = tiles.iter().map(letter).collect();
        for row in letters.chunks(4) {
            input.extend(row);
            input.push('\n');
        }
        input.push('\n');
        expected += &format!("{}\n", manhattan_sum(4, &tiles));
    }
    assert_eq!(stdout_of(FIFTEEN_SCATTER, &[], &input), expected);
}
