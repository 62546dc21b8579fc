//! `cargo bench`: the engine's speed, printed as markdown tables (the README's "Performance").
//!
//! 1. Single instances: every solvable 2x3 and 3x3 start and 20,000 random `jiugong` pairs,
//!    solved in process as a judge's single case is (IDA*), parsing excluded.
//! 2. The classic approaches of the write-ups, written here as they describe them, on the same
//!    instances as the engine in the same run: the 100 hardest 3x3 starts and 1,000 random ones.
//! 3. A batch: all 362,880 3x3 arrangements through the real `eight` binary in one run.
//! 4. The 15-puzzle: Korf's 100 under each heuristic, the pattern databases' build, and the
//!    real `fifteen` binary on all 100 in one input.
//! 5. POJ 2893: three boards of about a million cells through `mxn`, beside a typical accepted C
//!    solution and a plain Rust one, both compiled here; and `mxn --path`'s constructive paths.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use engine::bfs::{self, UNREACHABLE};
use engine::board::Board;
use engine::cantor::{rank, unrank};
use engine::constructive;
use engine::ida_star::{self, Heuristic, Iterations};
use engine::linear_conflict::LinearConflict;
use engine::move_rules::MoveRules;
use engine::pattern_db::{PatternDb, PARTITION_555};

#[path = "../tests/common/mod.rs"]
mod common;

use common::{
    digits, korf_100, line_of, manhattan_sum, mxn_case, random_board, random_solvable_board,
    solvable_by_inversions, Rng,
};

type Board9 = Board<3, 9>;

/// Luogu P1379's goal, 1 2 3 / 8 0 4 / 7 6 5.
const P1379_GOAL: [u8; 9] = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// `cargo bench` runs every section; `cargo bench -- single classic batch` names some.
fn main() {
    // First, while this process is small: see `Shell`.
    let shell = Shell::start();
    let fifteen_shell = Shell::start();
    let mxn_shells = [
        Shell::start(),
        Shell::start(),
        Shell::start(),
        Shell::start(),
    ];
    // Cargo adds `--bench`; the other arguments name sections.
    let named: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    const SECTIONS: [&str; 5] = ["single", "classic", "batch", "fifteen", "mxn"];
    if let Some(unknown) = named.iter().find(|n| !SECTIONS.contains(&n.as_str())) {
        eprintln!(
            "error: no section '{}'; known: {}",
            unknown,
            SECTIONS.join(", ")
        );
        std::process::exit(2);
    }
    let wanted = |section: &str| named.is_empty() || named.iter().any(|n| n == section);
    println!(
        "Run on {} (UTC), CPU: {} ({} cores).\n",
        today(),
        cpu_model(),
        cores()
    );
    if wanted("single") {
        single_instances();
    }
    if wanted("classic") {
        classic_approaches();
    }
    if wanted("batch") {
        batch(shell);
    }
    if wanted("fifteen") {
        fifteen(fifteen_shell);
    }
    if wanted("mxn") {
        mxn(mxn_shells);
    }
}

/// Today's date, `YYYY-MM-DD` in UTC, from the days since 1970-01-01 (the proleptic Gregorian
/// calendar, counted in 400-year eras of 146,097 days that start on 1 March).
fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = seconds / 86_400 + 719_468; // days since 0000-03-01
    let (era, day_of_era) = (days / 146_097, days % 146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    format!("{:04}-{:02}-{:02}", year, month, day)
}

fn cpu_model() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo.lines().find(|l| l.starts_with("model name"));
    let name = model.and_then(|l| l.split(':').nth(1)).unwrap_or("unknown");
    name.trim().to_string()
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The least time of `runs` calls of `f`, and its last result: the least filters out the
/// moments the machine was busy elsewhere.
fn least_time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let started = Instant::now();
        result = Some(f());
        best = best.min(started.elapsed());
    }
    (best, result.expect("at least one run"))
}

/// A duration in the unit that suits it.
fn human(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{:.0} ns", ns)
    } else if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.1} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}

/// `n` with its digits in groups of three: 362,880.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn mean(times: &[Duration]) -> Duration {
    times.iter().sum::<Duration>() / times.len() as u32
}

fn max(times: &[Duration]) -> Duration {
    times.iter().copied().max().unwrap_or_default()
}

/// The time below which `fraction` of `sorted` falls.
fn quantile(sorted: &[Duration], fraction: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}

fn solvable<const W: usize, const N: usize>(start: &Board<W, N>, goal: &Board<W, N>) -> bool {
    start.parity() == goal.parity()
}

// ----- 1. Single instances ----------------------------------------------------------------

fn single_instances() {
    println!("## Single instances (IDA*, each case alone; least of 3 runs each)\n");
    println!("| Instances | Count | Mean | Median | p99 | Max | Mean nodes | Max nodes |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");

    let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
    let cases: Vec<_> = (0..720)
        .map(|r| (Board::from_tiles(unrank(r)).unwrap(), goal))
        .filter(|(start, goal)| solvable(start, goal))
        .collect();
    single_row("2x3, every solvable start, goal 123450", &cases);

    let goal = Board9::from_tiles(P1379_GOAL).unwrap();
    let cases: Vec<_> = (0..362_880)
        .map(|r| (Board9::from_tiles(unrank(r)).unwrap(), goal))
        .filter(|(start, goal)| solvable(start, goal))
        .collect();
    single_row("3x3, every solvable start, goal 123804765", &cases);

    let mut rng = Rng::new(2026);
    let mut cases = Vec::new();
    while cases.len() < 20_000 {
        let start = Board9::from_tiles(rng.arrangement()).unwrap();
        let goal = Board9::from_tiles(rng.arrangement()).unwrap();
        if solvable(&start, &goal) {
            cases.push((start, goal));
        }
    }
    single_row("`jiugong`, 20,000 random solvable pairs", &cases);
    println!();
}

fn single_row<const W: usize, const N: usize>(label: &str, cases: &[(Board<W, N>, Board<W, N>)]) {
    let mut times = Vec::with_capacity(cases.len());
    let mut nodes = Vec::with_capacity(cases.len());
    for (start, goal) in cases {
        let (time, solution) = least_time(3, || ida_star::solve(start, goal));
        times.push(time);
        nodes.push(solution.expect("a solvable case").nodes);
    }
    let mean_nodes = nodes.iter().sum::<u64>() / nodes.len() as u64;
    times.sort_unstable();
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} |",
        label,
        grouped(cases.len() as u64),
        human(mean(&times)),
        human(quantile(&times, 0.5)),
        human(quantile(&times, 0.99)),
        human(max(&times)),
        grouped(mean_nodes),
        grouped(*nodes.iter().max().unwrap())
    );
}

// ----- 2. The classic approaches ----------------------------------------------------------
//
// As the write-ups have them: a board is a string of nine digits, states are kept in hash maps
// keyed by those strings, and each move builds a new string.

/// A classic solver: the fewest moves between two boards written as strings.
type Classic = fn(&str, &str) -> Option<u32>;

/// The strings one move of the blank away from `board` (a 3x3 board, `'0'` the blank).
fn string_neighbours(board: &str) -> Vec<String> {
    let blank = board.find('0').expect("a blank");
    let (row, column) = (blank / 3, blank % 3);
    let mut cells = Vec::with_capacity(4);
    if row > 0 {
        cells.push(blank - 3);
    }
    if row < 2 {
        cells.push(blank + 3);
    }
    if column > 0 {
        cells.push(blank - 1);
    }
    if column < 2 {
        cells.push(blank + 1);
    }
    cells
        .into_iter()
        .map(|cell| {
            let mut bytes = board.as_bytes().to_vec();
            bytes.swap(blank, cell);
            String::from_utf8(bytes).expect("digits")
        })
        .collect()
}

/// Breadth-first search from the start until the goal comes out of the queue.
fn bfs_strings(start: &str, goal: &str) -> Option<u32> {
    let mut seen: HashMap<String, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    seen.insert(start.to_string(), 0);
    queue.push_back(start.to_string());
    while let Some(board) = queue.pop_front() {
        let distance = seen[&board];
        if board == goal {
            return Some(distance);
        }
        for next in string_neighbours(&board) {
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), distance + 1);
                queue.push_back(next);
            }
        }
    }
    None
}

/// Breadth-first search from both ends, a whole level at a time from the smaller frontier,
/// until the two meet.
fn bidirectional_bfs_strings(start: &str, goal: &str) -> Option<u32> {
    if start == goal {
        return Some(0);
    }
    let mut seen = [HashMap::new(), HashMap::new()];
    let mut frontier = [vec![start.to_string()], vec![goal.to_string()]];
    seen[0].insert(start.to_string(), 0u32);
    seen[1].insert(goal.to_string(), 0u32);
    while !frontier[0].is_empty() && !frontier[1].is_empty() {
        let side = usize::from(frontier[1].len() < frontier[0].len());
        let mut best = None;
        let mut next_frontier = Vec::new();
        for board in std::mem::take(&mut frontier[side]) {
            let distance = seen[side][&board] + 1;
            for next in string_neighbours(&board) {
                if let Some(&other) = seen[1 - side].get(&next) {
                    best = Some(best.map_or(distance + other, |b: u32| b.min(distance + other)));
                }
                if !seen[side].contains_key(&next) {
                    seen[side].insert(next.clone(), distance);
                    next_frontier.push(next);
                }
            }
        }
        if best.is_some() {
            return best;
        }
        frontier[side] = next_frontier;
    }
    None
}

/// Tiles (not the blank) away from their goal cell.
fn misplaced(board: &str, goal: &str) -> u32 {
    let pairs = board.bytes().zip(goal.bytes());
    pairs.filter(|&(a, b)| a != b'0' && a != b).count() as u32
}

/// The sum over the tiles of their row and column distances to their goal cells.
fn manhattan(board: &str, goal: &str) -> u32 {
    let mut sum = 0;
    for (cell, tile) in board.bytes().enumerate() {
        if tile != b'0' {
            let home = goal
                .find(char::from(tile))
                .expect("the tile is in the goal");
            sum += (cell / 3).abs_diff(home / 3) + (cell % 3).abs_diff(home % 3);
        }
    }
    sum as u32
}

/// A* with a binary heap ordered by f = g + h; stale heap entries are skipped when popped.
fn a_star_strings(start: &str, goal: &str, h: fn(&str, &str) -> u32) -> Option<u32> {
    let mut best_g: HashMap<String, u32> = HashMap::new();
    let mut open = BinaryHeap::new();
    best_g.insert(start.to_string(), 0);
    open.push(Reverse((h(start, goal), 0, start.to_string())));
    while let Some(Reverse((_, g, board))) = open.pop() {
        if board == goal {
            return Some(g);
        }
        if g > best_g[&board] {
            continue;
        }
        for next in string_neighbours(&board) {
            if best_g.get(&next).map_or(true, |&known| g + 1 < known) {
                best_g.insert(next.clone(), g + 1);
                open.push(Reverse((g + 1 + h(&next, goal), g + 1, next)));
            }
        }
    }
    None
}

fn classic_approaches() {
    let goal = Board9::from_tiles(P1379_GOAL).unwrap();
    let table = bfs::distances(&goal);
    let mut by_distance: Vec<usize> = (0..table.len())
        .filter(|&r| table[r] != UNREACHABLE)
        .collect();
    by_distance.sort_by_key(|&r| (Reverse(table[r]), r));
    let hardest: Vec<Board9> = by_distance[..100]
        .iter()
        .map(|&r| Board9::from_tiles(unrank(r)).unwrap())
        .collect();
    let mut rng = Rng::new(1000);
    let mut random = Vec::new();
    while random.len() < 1000 {
        let start = Board9::from_tiles(rng.arrangement()).unwrap();
        if solvable(&start, &goal) {
            random.push(start);
        }
    }
    let sets = [("100 hardest", &hardest), ("1,000 random", &random)];

    println!("## Beside the classic approaches (3x3, goal 123804765)\n");
    println!(
        "The 100 hardest starts need {} moves; the 1,000 random ones {}. Each approach \
         solves every instance once; its answers are checked against the engine's.\n",
        distance_range(&hardest, &table),
        distance_range(&random, &table)
    );
    println!(
        "| Approach | {0}: mean | max | × engine | {1}: mean | max | × engine |",
        sets[0].0, sets[1].0
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");

    let engine_times: Vec<Vec<Duration>> = sets
        .iter()
        .map(|(_, starts)| {
            let solve = |start: &Board9| ida_star::solve(start, &goal).map(|s| s.moves.len());
            starts
                .iter()
                .map(|s| least_time(3, || solve(s)).0)
                .collect()
        })
        .collect();
    let engine_means: Vec<Duration> = engine_times.iter().map(|times| mean(times)).collect();
    print!("| Engine: IDA*, Manhattan + linear conflict (least of 3 runs)");
    for times in &engine_times {
        print!(" | {} | {} | 1", human(mean(times)), human(max(times)));
    }
    println!(" |");

    let classics: [(&str, Classic); 4] = [
        ("BFS, `HashMap<String, _>`", bfs_strings),
        (
            "Bidirectional BFS, two hash maps",
            bidirectional_bfs_strings,
        ),
        ("A*, misplaced tiles, binary heap", |s, g| {
            a_star_strings(s, g, misplaced)
        }),
        ("A*, Manhattan distance, binary heap", |s, g| {
            a_star_strings(s, g, manhattan)
        }),
    ];
    let goal_string = digits(goal.tiles());
    for (name, solve) in classics {
        // The row is printed whole once measured; meanwhile a dot on standard error per set,
        // on a line of its own, shows progress.
        let mut row = format!("| {}", name);
        eprint!("{}: ", name);
        for ((_, starts), engine_mean) in sets.iter().zip(&engine_means) {
            let mut times = Vec::with_capacity(starts.len());
            for start in starts.iter() {
                let (time, answer) = least_time(1, || solve(&digits(start.tiles()), &goal_string));
                assert_eq!(
                    answer,
                    Some(u32::from(table[rank(start.tiles())])),
                    "{}",
                    name
                );
                times.push(time);
            }
            let ratio = mean(&times).as_secs_f64() / engine_mean.as_secs_f64();
            row += &format!(
                " | {} | {} | {:.0}",
                human(mean(&times)),
                human(max(&times)),
                ratio
            );
            eprint!(".");
        }
        eprintln!();
        println!("{} |", row);
    }
    println!();
}

/// "30" when every start needs the same number of moves, else "6 to 30".
fn distance_range(starts: &[Board9], table: &[u8]) -> String {
    let distances = starts.iter().map(|s| table[rank(s.tiles())]);
    let (least, most) = (distances.clone().min().unwrap(), distances.max().unwrap());
    if least == most {
        least.to_string()
    } else {
        format!("{} to {}", least, most)
    }
}

// ----- 3. Batch ----------------------------------------------------------------------------

/// A shell that runs a judge program for the benchmark. A new process is charged with its parent's peak
/// memory until it starts its program, so `eight` started straight from this process would be
/// charged with the benchmark's own tables; the shell is started before they exist.
struct Shell {
    process: Child,
    commands: ChildStdin,
    replies: BufReader<ChildStdout>,
}

impl Shell {
    fn start() -> Shell {
        let mut process = Command::new("sh")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh starts");
        let commands = process.stdin.take().expect("a piped stdin");
        let replies = BufReader::new(process.stdout.take().expect("a piped stdout"));
        Shell {
            process,
            commands,
            replies,
        }
    }

    /// Runs `command` and waits for it to end; true if it succeeded.
    fn run(&mut self, command: &str) -> bool {
        writeln!(self.commands, "{}; echo $?", command).expect("the shell reads");
        let mut status = String::new();
        self.replies
            .read_line(&mut status)
            .expect("the shell answers");
        status.trim() == "0"
    }

    /// Runs `binary` with `args` on `input` (through files) `runs` times, each time checking
    /// that it prints `expected`; the wall times, from process start, sorted.
    fn wall_times(
        &mut self,
        binary: &str,
        args: &str,
        input: &[u8],
        expected: &str,
        runs: usize,
    ) -> Vec<Duration> {
        let name = Path::new(binary)
            .file_name()
            .map_or(binary.into(), |n| n.to_string_lossy());
        let file = |suffix: &str| {
            let file = format!("{}-bench-{}.{}", name, std::process::id(), suffix);
            std::env::temp_dir().join(file)
        };
        let (input_path, output_path) = (file("in"), file("out"));
        std::fs::write(&input_path, input).expect("the input file is written");
        let command = format!(
            "'{}' {} < '{}' > '{}'",
            binary,
            args,
            input_path.display(),
            output_path.display()
        );
        let mut walls = Vec::with_capacity(runs);
        for _ in 0..runs {
            let (wall, succeeded) = least_time(1, || self.run(&command));
            assert!(succeeded, "{} failed", name);
            let output = std::fs::read_to_string(&output_path).expect("the program's output");
            assert!(
                output == expected,
                "{}'s answers are not the expected ones",
                name
            );
            walls.push(wall);
        }
        std::fs::remove_file(&input_path).ok();
        std::fs::remove_file(&output_path).ok();
        walls.sort_unstable();
        walls
    }

    /// Ends the shell; the largest peak memory of the shell and every command it ran.
    fn finish(self) -> String {
        drop(self.commands);
        wait_for_peak_memory(self.process)
    }
}

fn batch(mut shell: Shell) {
    const RUNS: usize = 5;
    let goal = Board9::from_tiles(P1379_GOAL).unwrap();
    let table = bfs::distances(&goal);
    let mut input = Vec::with_capacity(362_880 * 10);
    let mut expected = String::with_capacity(362_880 * 3);
    for (r, &distance) in table.iter().enumerate() {
        input.extend_from_slice(line_of(&unrank::<9>(r)).as_bytes());
        match distance {
            UNREACHABLE => expected.push_str("-1\n"),
            distance => expected.push_str(&format!("{}\n", distance)),
        }
    }
    let walls = shell.wall_times(env!("CARGO_BIN_EXE_eight"), "", &input, &expected, RUNS);
    let peak = shell.finish();

    println!("## Batch: all 362,880 3x3 arrangements through `eight` in one run\n");
    println!(
        "Half are unsolvable. The input is a file of {:.1} MB; the answers are checked against a \
         BFS table. Wall time includes starting the process.\n",
        input.len() as f64 / 1e6
    );
    println!("| Runs | Wall, median | Wall, best | Per case, median | Peak memory |");
    println!("|---:|---:|---:|---:|---:|");
    let median = walls[RUNS / 2];
    println!(
        "| {} | {} | {} | {} | {} |",
        RUNS,
        human(median),
        human(walls[0]),
        human(median / 362_880),
        peak
    );
    std::io::stdout().flush().ok();
}

// ----- 4. The 15-puzzle ------------------------------------------------------------------------

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
    rules: &MoveRules,
    instances: &[(usize, [u8; 16])],
    label: &str,
    literature: &str,
) -> (u64, Duration) {
    let started = Instant::now();
    let mut nodes = 0;
    for (length, tiles) in instances {
        let start = Board::<4, 16>::from_tiles(*tiles).unwrap();
        let search = Iterations::new(&start, heuristic, rules, u32::MAX);
        let solution = search.finish(u64::MAX).expect("no limit");
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

fn fifteen(mut shell: Shell) {
    const RUNS: usize = 3;
    /// Manhattan distance alone takes minutes on the longer instances: those two heuristics
    /// run on the instances of at most this many moves.
    const SHORT: usize = 48;
    let korf = korf_100();
    let short: Vec<_> = korf.iter().copied().filter(|&(l, _)| l <= SHORT).collect();

    println!("## The 15-puzzle: Korf's 100\n");
    // The 6-6-3 partition of Korf and Felner's comparison, beside the 5-5-5 that `fifteen` uses.
    const PARTITION_663: [&[u8]; 3] = [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];
    let mut tables = Vec::new();
    for (name, partition) in [("5-5-5", &PARTITION_555), ("6-6-3", &PARTITION_663)] {
        let (build_two, db) = least_time(RUNS, || PatternDb::build(partition, 2));
        let (build_one, _) = least_time(RUNS, || PatternDb::build(partition, 1));
        println!(
            "Pattern databases {} built in {} on two threads, {} on one (best of {}); the tables \
             take {:.1} MiB.\n",
            name,
            human(build_two),
            human(build_one),
            RUNS,
            db.table_bytes() as f64 / (1024.0 * 1024.0)
        );
        tables.push((name, build_two, db));
    }
    let undo_only = MoveRules::build(4, 4, 2);
    let (build_10, rules_10) = least_time(RUNS, || MoveRules::build(4, 4, 10));
    let (build_12, rules_12) = least_time(RUNS, || MoveRules::build(4, 4, 12));
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
        &undo_only,
        &short,
        &short_label,
        "401,189,630",
    );
    let linear_conflict = LinearConflict::new(&goal);
    let name = "Manhattan + linear conflict";
    let (lc_nodes, lc_time) =
        heuristic_row(name, &linear_conflict, &undo_only, &short, &short_label, "");
    let name = "Manhattan + linear conflict, move rules";
    heuristic_row(name, &linear_conflict, &rules_10, &short, &short_label, "");
    for (partition, _, db) in &mut tables {
        let literature = match *partition {
            "6-6-3" => "617,555",
            _ => "",
        };
        for (mirrored, rules, with, literature) in [
            (false, &undo_only, "", literature),
            (true, &undo_only, ", and mirrored", ""),
            (true, &rules_12, ", mirrored, move rules", ""),
        ] {
            db.set_mirrored(mirrored);
            let name = format!("{} pattern databases{}", partition, with);
            heuristic_row(&name, db, rules, &short, &short_label, "");
            heuristic_row(&name, db, rules, &korf, "all 100", literature);
        }
    }
    let lc_per_node = lc_time.as_secs_f64() / lc_nodes as f64;
    println!();
    for (partition, build_two, _) in &tables {
        println!(
            "The {} build on two threads costs as much time as {} nodes of linear conflict.",
            partition,
            grouped((build_two.as_secs_f64() / lc_per_node) as u64)
        );
    }
    println!();

    // The real program on all 100 in one input.
    let mut input = String::new();
    let mut expected = String::new();
    for (length, tiles) in &korf {
        let numbers: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
        input += &(numbers.join(" ") + "\n");
        expected += &format!("{}\n", length);
    }
    println!("`fifteen` on all 100 boards in one input, every answer checked; wall time from process start, median of {}.\n", RUNS);
    println!("| Threads | Wall, median | Wall, best |");
    println!("|---:|---:|---:|");
    for threads in [2, 1] {
        let args = format!("--threads {}", threads);
        let walls = shell.wall_times(
            env!("CARGO_BIN_EXE_fifteen"),
            &args,
            input.as_bytes(),
            &expected,
            RUNS,
        );
        println!(
            "| {} | {} | {} |",
            threads,
            human(walls[RUNS / 2]),
            human(walls[0])
        );
    }
    println!("\nPeak memory of `fifteen`: {}.", shell.finish());
    std::io::stdout().flush().ok();
}

/// Waits for `process` to end; the largest peak resident memory of it and of the children it
/// waited for, from `wait4` (which reports the larger of a process's peak and its children's).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn wait_for_peak_memory(process: Child) -> String {
    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut [i64; 18]) -> i32;
    }
    let pid = process.id() as i32;
    // struct rusage on 64-bit Linux: two timevals (4 words), then ru_maxrss in KiB, 13 more.
    let (mut status, mut usage) = (0, [0i64; 18]);
    // SAFETY: `usage` is as large as, and laid out like, the `struct rusage` written into it;
    // `process` is our child, not yet waited for, and is not waited for again.
    if unsafe { wait4(pid, &mut status, 0, &mut usage) } != pid {
        return "unknown".to_string();
    }
    format!("{:.1} MiB", usage[4] as f64 / 1024.0)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn wait_for_peak_memory(mut process: Child) -> String {
    process.wait().ok();
    "unknown".to_string()
}

// ----- 5. POJ 2893 -----------------------------------------------------------------------------

/// A typical accepted C solution of POJ 2893: `scanf` every number, count inversions with a
/// Fenwick tree, add the blank's rows from the bottom when the width is even.
const POJ_2893_C: &str = r#"#include <stdio.h>
#include <string.h>
static int tree[1000000], a[1000000];
int main(void) {
    int m, n;
    while (scanf("%d %d", &m, &n) == 2 && (m || n)) {
        int cells = m * n, k = 0, blank_row = 0;
        for (int i = 0; i < cells; i++) {
            int x;
            scanf("%d", &x);
            if (x == 0) blank_row = i / n; else a[k++] = x;
        }
        memset(tree, 0, sizeof(int) * (cells + 1));
        long long inversions = 0;
        for (int i = k - 1; i >= 0; i--) {
            for (int j = a[i] - 1; j > 0; j -= j & -j) inversions += tree[j];
            for (int j = a[i]; j < cells; j += j & -j) tree[j]++;
        }
        if (n % 2 == 0) inversions += m - 1 - blank_row;
        puts(inversions % 2 == 0 ? "YES" : "NO");
    }
    return 0;
}
"#;

/// The same in Rust written the typical way: the whole input read into a string, split on
/// white space, each number parsed; a Fenwick tree.
const POJ_2893_RUST: &str = r#"use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_whitespace().map(|n| n.parse::<usize>().unwrap());
    let mut out = String::new();
    loop {
        let (m, n) = (numbers.next().unwrap(), numbers.next().unwrap());
        if m == 0 && n == 0 {
            break;
        }
        let cells = m * n;
        let mut tree = vec![0u32; cells + 1];
        let (mut inversions, mut seen, mut blank_row) = (0u64, 0u64, 0);
        for i in 0..cells {
            let x = numbers.next().unwrap();
            if x == 0 {
                blank_row = i / n;
                continue;
            }
            let mut not_greater = 0u64;
            let mut j = x;
            while j > 0 {
                not_greater += tree[j] as u64;
                j &= j - 1;
            }
            inversions += seen - not_greater;
            seen += 1;
            let mut j = x;
            while j <= cells {
                tree[j] += 1;
                j += j & j.wrapping_neg();
            }
        }
        if n % 2 == 0 {
            inversions += (m - 1 - blank_row) as u64;
        }
        out += if inversions % 2 == 0 { "YES\n" } else { "NO\n" };
    }
    print!("{}", out);
}
"#;

/// Compiles `source` (in `language`'s file extension) with `compiler` and `flags` into a
/// program in the temporary folder; `None`, with the reason, if that fails.
fn compile(
    name: &str,
    extension: &str,
    source: &str,
    compiler: &str,
    flags: &[&str],
) -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let source_path = dir.join(format!("{}.{}", name, extension));
    let program = dir.join(name);
    std::fs::write(&source_path, source).map_err(|e| e.to_string())?;
    let status = Command::new(compiler)
        .args(flags)
        .arg("-o")
        .arg(&program)
        .arg(&source_path)
        .status()
        .map_err(|e| format!("no `{}`: {}", compiler, e))?;
    if !status.success() {
        return Err(format!("`{}` failed", compiler));
    }
    Ok(program.to_string_lossy().into_owned())
}

fn mxn(shells: [Shell; 4]) {
    const RUNS: usize = 5;
    let mut rng = Rng::new(2893);
    let mut input = String::new();
    let mut expected = String::new();
    for (rows, columns) in [(999, 999), (999, 998), (998, 999)] {
        let tiles = random_board(rows, columns, &mut rng);
        input += &mxn_case(rows, columns, &tiles);
        expected += if solvable_by_inversions(rows, columns, &tiles) {
            "YES\n"
        } else {
            "NO\n"
        };
    }
    input += "0 0\n";
    println!("## POJ 2893: boards of about a million cells\n");
    println!(
        "Three random boards, 999 x 999, 999 x 998 and 998 x 999, in one file of {:.1} MB; every \
         program's answers are checked against inversions counted here. Wall time from process \
         start, median of {} runs.\n",
        input.len() as f64 / 1e6,
        RUNS
    );
    println!("| Program | Wall, median | Wall, best | Peak memory |");
    println!("|---|---:|---:|---:|");
    let [mxn_shell, c_shell, rust_shell, path_shell] = shells;
    let programs = [
        (
            "`mxn`: parity from cycles, O(cells)",
            Ok(env!("CARGO_BIN_EXE_mxn").to_string()),
            mxn_shell,
        ),
        (
            "C, `scanf` and a Fenwick tree (`cc -O2`)",
            compile("poj2893_c", "c", POJ_2893_C, "cc", &["-O2"]),
            c_shell,
        ),
        (
            "Rust, `split_whitespace`, `parse` and a Fenwick tree (`rustc -O`)",
            compile(
                "poj2893_rust",
                "rs",
                POJ_2893_RUST,
                "rustc",
                &["-O", "--edition", "2021"],
            ),
            rust_shell,
        ),
    ];
    for (name, program, mut shell) in programs {
        match program {
            Ok(program) => {
                let walls = shell.wall_times(&program, "", input.as_bytes(), &expected, RUNS);
                let peak = shell.finish();
                println!(
                    "| {} | {} | {} | {} |",
                    name,
                    human(walls[RUNS / 2]),
                    human(walls[0]),
                    peak
                );
            }
            Err(why) => {
                shell.finish();
                println!("| {} | not run: {} | | |", name, why);
            }
        }
    }

    println!(
        "\n`mxn --path` builds a solution instead of searching: moves over the tiles' total \
         Manhattan distance from home (a lower bound on any solution), mean over random solvable \
         boards, solved in process.\n"
    );
    println!("| Board | Boards | Mean moves | Moves / distance | Time per board |");
    println!("|---|---:|---:|---:|---:|");
    for (rows, columns, count) in [
        (3, 3, 1000),
        (4, 4, 1000),
        (10, 10, 100),
        (30, 30, 20),
        (100, 100, 5),
        (300, 300, 2),
    ] {
        let (mut moves, mut distance, mut time) = (0u64, 0u64, Duration::ZERO);
        for _ in 0..count {
            let tiles = random_solvable_board(rows, columns, &mut rng);
            distance += manhattan_sum(columns, &tiles);
            let start = Instant::now();
            assert!(constructive::solve(columns, &tiles, |_| moves += 1));
            time += start.elapsed();
        }
        println!(
            "| {} x {} | {} | {} | {:.2} | {} |",
            rows,
            columns,
            count,
            grouped(moves / count),
            moves as f64 / distance as f64,
            human(time / count as u32)
        );
    }
    let tiles = random_solvable_board(100, 100, &mut rng);
    let mut path = String::new();
    constructive::solve(100, &tiles, |m| path.push(m.letter()));
    let input = mxn_case(100, 100, &tiles) + "0 0\n";
    let expected = format!("YES\n{}\n", path);
    let mut shell = path_shell;
    let walls = shell.wall_times(
        env!("CARGO_BIN_EXE_mxn"),
        "--path",
        input.as_bytes(),
        &expected,
        RUNS,
    );
    println!(
        "\n`mxn --path` on one random solvable 100 x 100 board, whole process ({} moves printed): \
         median {}, best {}; peak memory {}.",
        grouped(path.len() as u64),
        human(walls[RUNS / 2]),
        human(walls[0]),
        shell.finish()
    );
    std::io::stdout().flush().ok();
}
