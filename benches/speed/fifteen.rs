//! 4. The 15-puzzle: Korf's 100 under each heuristic, the pattern databases' build, and the
//!    real `fifteen` binary on all 100 in one input and on each alone, and on 5,000 random boards
//!    in one input against GNU parallel's two processes; then (`eighty`) the 17
//!    boards that need 80 moves, each alone; both with the tables built inside and saved.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use engine::board::Board;
use engine::pdb::additive::PatternDb;
use engine::pdb::partitions::{PARTITION_4443, PARTITION_555, PARTITION_663};
use engine::search::ida_star::{Heuristic, Iterations};
use engine::search::linear_conflict::LinearConflict;
use engine::search::move_rules::{GrowingRules, MoveRules};

use crate::common::{eighty_move_boards, korf_100, random_solvable_board, Rng};
use crate::measure::{grouped, human, least_time, quantile, Shell};

/// Manhattan distance alone: the heuristic of the textbook 15-puzzle IDA*.
struct Manhattan([[u8; 16]; 16]);

impl Manhattan {
    fn new() -> Self {
        let mut distance = [[0; 16]; 16];
        for (tile, row) in distance.iter_mut().enumerate().skip(1) {
            for (cell, d) in row.iter_mut().enumerate() {
                let home = tile - 1;
                *d = ((cell / 4).abs_diff(home / 4) + (cell % 4).abs_diff(home % 4)) as u8;
            }
        }
        Manhattan(distance)
    }
}

impl Heuristic<4, 16> for Manhattan {
    type State = u32;

    fn state(&self, tiles: &[u8; 16]) -> u32 {
        let cells = tiles.iter().enumerate();
        cells
            .map(|(cell, &t)| u32::from(self.0[usize::from(t)][cell]))
            .sum()
    }

    fn estimate(&self, state: &u32) -> u32 {
        *state
    }

    fn after_slide(&self, tiles: &[u8; 16], state: &u32, from: usize, to: usize) -> u32 {
        let distance = &self.0[usize::from(tiles[from])];
        state + u32::from(distance[to]) - u32::from(distance[from])
    }
}

/// One row of the heuristics table: IDA* under `heuristic` and `rules` on `instances`, one
/// thread; the lengths are checked against the published ones. Returns the nodes and the time.
fn heuristic_row<H: Heuristic<4, 16>>(
    name: &str,
    heuristic: &H,
    rules: GrowingRules,
    instances: &[(usize, [u8; 16])],
    label: &str,
    literature: &str,
) -> (u64, Duration) {
    let started = Instant::now();
    let mut nodes = 0;
    for (length, tiles) in instances {
        let start = Board::<4, 16>::from_tiles(*tiles).unwrap();
        let search = Iterations::new(&start, heuristic, rules, u32::MAX);
        let solution = search.finish(1, u64::MAX).expect("no limit");
        assert_eq!(solution.moves.len(), *length, "{}: a wrong length", name);
        nodes += solution.nodes;
    }
    let time = started.elapsed();
    println!(
        "| {} | {} | {} | {} | {} | {} |",
        name,
        label,
        grouped(nodes / instances.len() as u64),
        human(time),
        human(time / nodes.max(1) as u32),
        literature
    );
    std::io::stdout().flush().ok();
    (nodes, time)
}

/// The runs whose least or median time is taken.
const RUNS: usize = 3;

/// The tables of `partition` built on two threads, printed with the least time of `RUNS`
/// builds on two threads and on one; returns that time on two.
fn built(name: &str, partition: &[&[u8]]) -> (Duration, PatternDb<4, 16>) {
    let (build_two, db) = least_time(RUNS, || PatternDb::build(partition, 2));
    let (build_one, _) = least_time(RUNS, || PatternDb::<4, 16>::build(partition, 1));
    println!(
        "Pattern databases {} built in {} on two threads, {} on one (best of {}); the tables \
         take {:.1} MiB by rank, two to three times that spread out for the search.\n",
        name,
        human(build_two),
        human(build_one),
        RUNS,
        db.table_bytes() as f64 / (1024.0 * 1024.0)
    );
    (build_two, db)
}

/// The rows of one partition's tables: alone, mirrored, and mirrored with the move rules
/// (`rules`: undoing alone skipped, and the 12-move rules), on the short instances and on all
/// 100, but for the small tables without the rules, which would take minutes there.
fn table_rows(
    partition: &str,
    db: &mut PatternDb<4, 16>,
    [undo_only, rules_12]: [GrowingRules; 2],
    short: &[(usize, [u8; 16])],
    short_label: &str,
    korf: &[(usize, [u8; 16])],
) {
    let literature = match partition {
        "6-6-3" => "617,555",
        _ => "",
    };
    for (mirrored, rules, with, literature) in [
        (false, undo_only, "", literature),
        (true, undo_only, ", and mirrored", ""),
        (true, rules_12, ", mirrored, move rules", ""),
    ] {
        db.set_mirrored(mirrored);
        let name = format!("{} pattern databases{}", partition, with);
        heuristic_row(&name, db, rules, short, short_label, "");
        if partition != "4-4-4-3" || with.contains("rules") {
            heuristic_row(&name, db, rules, korf, "all 100", literature);
        }
    }
}

pub fn fifteen(mut shell: Shell, saved_tables: &mut SavedTables) {
    /// Manhattan distance alone takes minutes on the longer instances: those two heuristics
    /// run on the instances of at most this many moves.
    const SHORT: usize = 48;
    let korf = korf_100();
    let short: Vec<_> = korf.iter().copied().filter(|&(l, _)| l <= SHORT).collect();

    println!("## The 15-puzzle: Korf's 100\n");
    // The 4-4-4-3 and 5-5-5 partitions of `fifteen`'s ladder, and the 6-6-3 of Korf and
    // Felner's comparison.
    let (small_build, mut small) = built("4-4-4-3", &PARTITION_4443);
    let mut tables = Vec::new();
    for (name, partition) in [("5-5-5", &PARTITION_555), ("6-6-3", &PARTITION_663)] {
        let (build_two, db) = built(name, partition);
        tables.push((name, build_two, db));
    }
    let (build_10, _) = least_time(RUNS, || MoveRules::build(4, 4, 10));
    let (build_12, _) = least_time(RUNS, || MoveRules::build(4, 4, 12));
    // The same rules, as the searches follow them.
    let rules = |max_len| GrowingRules::from(MoveRules::shared(4, 4, max_len));
    let (undo_only, rules_10, rules_12) = (rules(2), rules(10), rules(12));
    println!(
        "IDA* on one thread, each answer checked against the published length. The literature's \
         mean nodes over all 100 are Korf and Felner's (2002), whose search skips only the move \
         that undoes the last, as ours does here but in the rows with move rules, which also \
         skip sequences that repeat an earlier one: of up to 10 moves under linear conflict (what \
         a long search builds for itself, in {}), of up to 12 under the pattern databases (what \
         `fifteen` builds beside the tables, in {}).\n",
        human(build_10),
        human(build_12)
    );
    println!(
        "| Heuristic | Instances | Mean nodes | Search time | Per node | Literature, all 100 |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    let short_label = format!("{} of at most {} moves", short.len(), SHORT);
    let goal = Board::<4, 16>::canonical_goal(15);
    heuristic_row(
        "Manhattan",
        &Manhattan::new(),
        undo_only,
        &short,
        &short_label,
        "401,189,630",
    );
    let linear_conflict = LinearConflict::new(&goal);
    let name = "Manhattan + linear conflict";
    let (lc_nodes, lc_time) =
        heuristic_row(name, &linear_conflict, undo_only, &short, &short_label, "");
    let name = "Manhattan + linear conflict, move rules";
    heuristic_row(name, &linear_conflict, rules_10, &short, &short_label, "");
    let rules = [undo_only, rules_12];
    table_rows("4-4-4-3", &mut small, rules, &short, &short_label, &korf);
    for (partition, _, db) in &mut tables {
        table_rows(partition, db, rules, &short, &short_label, &korf);
    }
    let lc_per_node = lc_time.as_secs_f64() / lc_nodes as f64;
    println!();
    let builds = tables
        .iter()
        .map(|(partition, build_two, _)| (partition, build_two));
    for (partition, build_two) in std::iter::once((&"4-4-4-3", &small_build)).chain(builds) {
        println!(
            "The {} build on two threads costs as much time as {} nodes of linear conflict.",
            partition,
            grouped((build_two.as_secs_f64() / lc_per_node) as u64)
        );
    }
    println!();

    // The real program, with the tables built inside or saved by an earlier run (`--tables`).
    let fifteen = env!("CARGO_BIN_EXE_fifteen");
    let saved = saved_tables.argument();

    // All 100 in one input.
    let (input, expected) = in_one_input(&korf);
    println!("`fifteen` on all 100 boards in one input, every answer checked; wall time from process start, median of {}.\n", RUNS);
    println!("| Threads | Tables | Wall, median | Wall, best |");
    println!("|---:|---|---:|---:|");
    for (threads, tables) in [(2, ""), (1, ""), (2, saved.as_str())] {
        let args = format!("--threads {} {}", threads, tables);
        let walls = shell.wall_times(fifteen, &args, input.as_bytes(), &expected, RUNS);
        let tables = if tables.is_empty() {
            "built inside"
        } else {
            "saved, 6-6-3 and 7-8"
        };
        println!(
            "| {} | {} | {} | {} |",
            threads,
            tables,
            human(walls[RUNS / 2]),
            human(walls[0])
        );
    }

    throughput(&mut shell, fifteen, &saved);

    // One board a process, as a judge runs a case and a person solves a puzzle.
    const BOARD_RUNS: usize = 3;
    println!(
        "\n`fifteen` on each of the 100 boards alone, one process a board (the median of {} runs \
         each, every answer checked), with the tables built inside and with those saved by an \
         earlier run (`--tables`); over the boards of each length:\n",
        BOARD_RUNS
    );
    println!("| Boards | Count | Median | 90th percentile | Worst | Saved: median | 90th percentile | Worst |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut by_board: Vec<(usize, Duration, Duration)> = Vec::new();
    for (length, tiles) in &korf {
        let (input, expected) = (board_input(tiles), format!("{}\n", length));
        let mut median = |args: &str| {
            shell.wall_times(fifteen, args, input.as_bytes(), &expected, BOARD_RUNS)[BOARD_RUNS / 2]
        };
        let (inside, loaded) = (median(""), median(&saved));
        by_board.push((*length, inside, loaded));
    }
    for (label, lengths) in [
        ("up to 45 moves", 0..=45),
        ("46 to 50 moves", 46..=50),
        ("51 to 55 moves", 51..=55),
        ("56 moves or more", 56..=usize::MAX),
        ("all 100", 0..=usize::MAX),
    ] {
        let chosen: Vec<_> = by_board.iter().filter(|b| lengths.contains(&b.0)).collect();
        let mut row = format!("| {} | {} |", label, chosen.len());
        for column in [
            |b: &&(usize, Duration, Duration)| b.1,
            |b: &&(usize, Duration, Duration)| b.2,
        ] {
            let mut walls: Vec<Duration> = chosen.iter().map(column).collect();
            walls.sort_unstable();
            let (median, worst) = (walls[walls.len() / 2], walls[walls.len() - 1]);
            let p90 = quantile(&walls, 0.9);
            row += &format!(" {} | {} | {} |", human(median), human(p90), human(worst));
        }
        println!("{}", row);
    }
    println!("\nPeak memory of `fifteen`: {}.", shell.finish());
    std::io::stdout().flush().ok();
}

/// Boards a second on a long input of random boards, with saved tables: one process on two
/// threads against GNU parallel running two processes of one thread each (`doc/scale.md`), each
/// output checked equal, byte for byte, to that of one process run before them.
fn throughput(shell: &mut Shell, fifteen: &str, saved: &str) {
    const BOARDS: usize = 5_000;
    let mut rng = Rng::new(15);
    let boards: Vec<[u8; 16]> = (0..BOARDS)
        .map(|_| {
            let tiles = random_solvable_board(4, 4, &mut rng);
            std::array::from_fn(|cell| tiles[cell] as u8)
        })
        .collect();
    let input: String = boards.iter().map(board_input).collect();
    // The truth the timed runs are checked against: one process's answers.
    let file = |suffix: &str| {
        std::env::temp_dir().join(format!("throughput-{}.{}", std::process::id(), suffix))
    };
    let (input_path, output_path) = (file("in"), file("out"));
    std::fs::write(&input_path, &input).expect("the input file is written");
    let command = format!(
        "'{}' {} < '{}' > '{}'",
        fifteen,
        saved,
        input_path.display(),
        output_path.display()
    );
    assert!(shell.run(&command), "fifteen failed");
    let expected = std::fs::read_to_string(&output_path).expect("fifteen's answers");
    std::fs::remove_file(&input_path).ok();
    std::fs::remove_file(&output_path).ok();
    println!(
        "\n`fifteen` on {} random boards (uniform over the solvable ones) in one input, with the \
         saved tables, every output checked equal to one process's; boards a second, from the \
         median wall time of {}:\n",
        grouped(BOARDS as u64),
        RUNS
    );
    println!("| Run | Wall, median | Boards a second |");
    println!("|---|---:|---:|");
    let parallel = format!("--pipe -N 500 --keep-order -j 2 '{}' --threads 1", fifteen);
    let runs = [
        (
            "one process, `--threads 2`",
            fifteen,
            "--threads 2".to_string(),
        ),
        (
            "GNU parallel, two processes of `--threads 1`",
            "parallel",
            parallel,
        ),
    ];
    for (label, program, args) in runs {
        if program == "parallel" && !shell.run("command -v parallel > /dev/null") {
            println!(
                "| {} | not measured: GNU parallel is not installed | |",
                label
            );
            continue;
        }
        let args = format!("{} {}", args, saved);
        let walls = shell.wall_times(program, &args, input.as_bytes(), &expected, RUNS);
        let median = walls[RUNS / 2];
        let rate = BOARDS as f64 / median.as_secs_f64();
        println!("| {} | {} | {:.0} |", label, human(median), rate);
    }
}

/// `board`'s input to `fifteen`: its sixteen numbers on one line.
fn board_input(tiles: &[u8; 16]) -> String {
    let numbers: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    numbers.join(" ") + "\n"
}

/// `boards` (each with its length) as one input to `fifteen`, and the answers expected.
fn in_one_input(boards: &[(usize, [u8; 16])]) -> (String, String) {
    let input = boards.iter().map(|(_, tiles)| board_input(tiles)).collect();
    let expected = boards
        .iter()
        .map(|(length, _)| format!("{}\n", length))
        .collect();
    (input, expected)
}

/// The folder of this run where `fifteen --tables` keeps its tables: built and saved by the
/// first section that asks for them, in a run on all of Korf's 100 in one input, which climbs
/// to both the 6-6-3 and the 7-8 tables, timed with its peak memory and reported; removed at
/// the end.
pub struct SavedTables {
    folder: PathBuf,
    /// The shell of the run that builds them, until it has run.
    shell: Option<Shell>,
}

impl SavedTables {
    pub fn new(shell: Shell) -> Self {
        let folder =
            std::env::temp_dir().join(format!("fifteen-bench-tables-{}", std::process::id()));
        SavedTables {
            folder,
            shell: Some(shell),
        }
    }

    /// `fifteen`'s argument naming the folder, once the tables are there.
    pub fn argument(&mut self) -> String {
        let argument = format!("--tables '{}'", self.folder.display());
        if let Some(mut shell) = self.shell.take() {
            let (input, expected) = in_one_input(&korf_100());
            let fifteen = env!("CARGO_BIN_EXE_fifteen");
            let built = shell.wall_times(fifteen, &argument, input.as_bytes(), &expected, 1)[0];
            println!(
                "`fifteen --tables` built and saved the 6-6-3 and 7-8 tables on Korf's 100 in one \
                 input, which climb to both, and answered them in {}, in a peak memory of {}; the \
                 rows with saved tables load them.\n",
                human(built),
                shell.finish()
            );
        }
        argument
    }
}

impl Drop for SavedTables {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.folder).ok();
    }
}

/// The 17 boards that need 80 moves, the most any board needs, each through `fifteen` in a
/// process of its own, once with the tables built inside and once with those an earlier run
/// saved; every answer checked. One shell each, so each peak memory is its own.
pub fn eighty(shells: [Shell; 2], tables: &mut SavedTables) {
    let [mut inside_shell, mut saved_shell] = shells;
    let fifteen = env!("CARGO_BIN_EXE_fifteen");
    let boards = eighty_move_boards();
    let saved = tables.argument();
    let expected = "80\n";
    println!("\n## The 15-puzzle: the 17 boards of 80 moves\n");
    println!(
        "`fifteen` on each of the 17 boards that need 80 moves, the most any 4x4 board needs, \
         one process a board (one run each, every answer checked), with the tables built inside \
         and with those saved by an earlier run (`--tables`: 6-6-3, then 7-8).\n"
    );
    println!("| Tables | Median | Best | Worst | All 17 |");
    println!("|---|---:|---:|---:|---:|");
    for (label, args, shell) in [
        ("built inside", "", &mut inside_shell),
        ("saved, 6-6-3 and 7-8", saved.as_str(), &mut saved_shell),
    ] {
        let mut walls: Vec<Duration> = boards
            .iter()
            .map(|tiles| {
                shell.wall_times(fifteen, args, board_input(tiles).as_bytes(), expected, 1)[0]
            })
            .collect();
        walls.sort_unstable();
        println!(
            "| {} | {} | {} | {} | {} |",
            label,
            human(walls[walls.len() / 2]),
            human(walls[0]),
            human(walls[walls.len() - 1]),
            human(walls.iter().sum())
        );
        std::io::stdout().flush().ok();
    }
    println!(
        "\nPeak memory of `fifteen`: {} with the tables built inside, {} with the saved ones.\n",
        inside_shell.finish(),
        saved_shell.finish()
    );
}
