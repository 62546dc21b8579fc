//! Helpers the integration tests share: an independent breadth-first search, a board written as
//! digits, a seeded random number generator, and running a program on an input.
#![allow(dead_code)]

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{BufRead, Read, Write};
use std::process::{Child, Command, ExitStatus, Output, Stdio};

use engine::board::Board;

/// The boards one move from `board` (tiles row by row, `width` to a row, 0 the blank), each with
/// the letter of the blank's move, in letter order: D, L, R, U.
pub fn slides(board: &[u8], width: usize) -> Vec<(char, Vec<u8>)> {
    let blank = board.iter().position(|&t| t == 0).unwrap();
    let next = |cell| {
        let mut next = board.to_vec();
        next.swap(blank, cell);
        next
    };
    let moves = blank_moves(blank, width, board.len());
    moves.map(|(letter, cell)| (letter, next(cell))).collect()
}

/// The blank's moves from `blank` on a board of `cells` cells, `width` to a row: each letter, in
/// letter order (D, L, R, U), with the cell the blank moves to.
fn blank_moves(blank: usize, width: usize, cells: usize) -> impl Iterator<Item = (char, usize)> {
    let step = move |&letter: &u8| {
        blank_step(width, cells, blank, letter).map(|to| (char::from(letter), to))
    };
    b"DLRU".iter().filter_map(step)
}

/// Every reachable board's distance to one goal, each board (at most 16 cells, tiles 0 to 15)
/// packed four bits a cell into one number, so a look-up neither allocates nor compares vectors.
pub struct Distances {
    cells: usize,
    by_board: HashMap<u64, u32, BuildHasherDefault<Multiplicative>>,
}

impl Distances {
    /// The distance of `board` to the goal, `None` if it cannot reach it.
    pub fn get(&self, board: &[u8]) -> Option<u32> {
        self.by_board.get(&packed(board)).copied()
    }

    /// How many boards reach the goal.
    pub fn len(&self) -> usize {
        self.by_board.len()
    }

    /// Every board that reaches the goal, with its distance.
    pub fn iter(&self) -> impl Iterator<Item = (Vec<u8>, u32)> + '_ {
        let cells = self.cells;
        let unpacked = move |key: u64| (0..cells).map(|i| (key >> (4 * i) & 15) as u8).collect();
        self.by_board
            .iter()
            .map(move |(&key, &d)| (unpacked(key), d))
    }
}

/// `board` four bits a cell, the first cell lowest.
fn packed(board: &[u8]) -> u64 {
    assert!(board.len() <= 16 && board.iter().all(|&t| t < 16));
    board
        .iter()
        .rev()
        .fold(0, |key, &t| key << 4 | u64::from(t))
}

/// A hash of one number by a multiplication: a packed board's bits mixed into the high ones, which
/// the table reads.
#[derive(Default)]
struct Multiplicative(u64);

impl Hasher for Multiplicative {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n ^ n >> 31).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Distances from `goal` (tiles row by row, `width` to a row, 0 the blank) to every reachable
/// arrangement, by a plain breadth-first search over a hash map. It shares no code with the
/// engine, so it can check the engine.
pub fn distances_by_hash_map(goal: &[u8], width: usize) -> Distances {
    let cells = goal.len();
    let mut by_board = HashMap::default();
    let mut queue = VecDeque::new();
    let blank = goal.iter().position(|&t| t == 0).unwrap();
    by_board.insert(packed(goal), 0);
    queue.push_back((packed(goal), blank));
    while let Some((board, blank)) = queue.pop_front() {
        let d = by_board[&board];
        for (_, cell) in blank_moves(blank, width, cells) {
            // The tile at `cell` slides into the blank's cell, whose four bits are 0.
            let tile = board >> (4 * cell) & 15;
            let next = board + (tile << (4 * blank)) - (tile << (4 * cell));
            if let Entry::Vacant(entry) = by_board.entry(next) {
                entry.insert(d + 1);
                queue.push_back((next, cell));
            }
        }
    }
    Distances { cells, by_board }
}

/// The letters of the shortest path from `board` to the goal that comes first in dictionary
/// order, given each board's distance to the goal (`None` if unknown): at every step, the first
/// letter whose move leads one move nearer. `None` if `board`'s distance is unknown.
pub fn first_shortest_path(
    board: &[u8],
    width: usize,
    distance: impl Fn(&[u8]) -> Option<u32>,
) -> Option<String> {
    let mut board = board.to_vec();
    let mut left = distance(&board)?;
    let mut blank = board.iter().position(|&t| t == 0).unwrap();
    let mut path = String::new();
    while left > 0 {
        let nearer = blank_moves(blank, width, board.len()).find(|&(_, cell)| {
            board.swap(blank, cell);
            let nearer = distance(&board) == Some(left - 1);
            board.swap(blank, cell);
            nearer
        });
        let (letter, cell) = nearer.expect("a board off the goal has a neighbour one move nearer");
        board.swap(blank, cell);
        path.push(letter);
        blank = cell;
        left -= 1;
    }
    Some(path)
}

/// The tiles as digits, `0` the blank: a board as the judge programs read it.
pub fn digits(tiles: &[u8]) -> String {
    tiles.iter().map(|&t| char::from(b'0' + t)).collect()
}

/// A board as HDU 3567 writes it: its tiles as digits, `X` the blank.
pub fn with_x(tiles: &[u8]) -> String {
    let symbol = |&t: &u8| if t == 0 { 'X' } else { char::from(b'0' + t) };
    tiles.iter().map(symbol).collect()
}

/// The tiles as one line of digits: a board as the judge programs read it.
pub fn line_of(tiles: &[u8]) -> String {
    digits(tiles) + "\n"
}

/// `n` with its digits in groups of three: 362,880.
pub fn grouped(n: u64) -> String {
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

/// SplitMix64: a small seeded generator, so every run tests the same cases.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A uniformly random arrangement of `0..N`.
    pub fn arrangement<const N: usize>(&mut self) -> [u8; N] {
        let mut tiles: [u8; N] = std::array::from_fn(|i| i as u8);
        for i in (1..N).rev() {
            tiles.swap(i, self.below(i + 1));
        }
        tiles
    }
}

/// The edges of the 3x3 grid as a graph on cells 0..9, each cell joined to the one to its right
/// and the one below.
pub fn grid_edges() -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for cell in 0..9 {
        if cell % 3 < 2 {
            edges.push((cell, cell + 1));
        }
        if cell < 6 {
            edges.push((cell, cell + 3));
        }
    }
    edges
}

/// A board `side` x `side` reached from the goal by `tries` random moves, each of the four
/// directions alike, a move off the edge doing nothing: DeepCubeA's way of making boards, with
/// 1,000 to 10,000 tries.
pub fn random_walk(side: usize, tries: usize, rng: &mut Rng) -> Vec<u32> {
    random_walk_on(side, side, tries, rng)
}

/// [`random_walk`] on a board `rows` x `columns`.
pub fn random_walk_on(rows: usize, columns: usize, tries: usize, rng: &mut Rng) -> Vec<u32> {
    let cells = rows * columns;
    let mut tiles: Vec<u32> = (1..cells as u32).chain([0]).collect();
    let mut blank = cells - 1;
    for _ in 0..tries {
        if let Some(to) = blank_step(columns, cells, blank, b"DLRU"[rng.below(4)]) {
            tiles.swap(blank, to);
            blank = to;
        }
    }
    tiles
}

/// A uniformly random arrangement of `0..rows * columns`, as tiles of any board.
pub fn random_board(rows: usize, columns: usize, rng: &mut Rng) -> Vec<u32> {
    let mut tiles: Vec<u32> = (0..(rows * columns) as u32).collect();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, rng.below(i + 1));
    }
    tiles
}

/// A random arrangement that can reach the goal `1 2 .. N-1 0`: two tiles swapped if need be.
pub fn random_solvable_board(rows: usize, columns: usize, rng: &mut Rng) -> Vec<u32> {
    let mut tiles = random_board(rows, columns, rng);
    if !solvable_by_inversions(rows, columns, &tiles) {
        let (a, b) = if tiles[0] == 0 || tiles[1] == 0 {
            (2, 3)
        } else {
            (0, 1)
        };
        tiles.swap(a, b);
    }
    tiles
}

/// The tiles' total Manhattan distance from home, for the goal `1 2 .. N-1 0`: a lower bound on
/// the moves of any solution.
pub fn manhattan_sum(columns: usize, tiles: &[u32]) -> u64 {
    let distance = |(cell, &tile): (usize, &u32)| {
        let home = tile as usize - 1;
        ((cell / columns).abs_diff(home / columns) + (cell % columns).abs_diff(home % columns))
            as u64
    };
    tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(distance)
        .sum()
}

/// The classic solvability rule, independent of the engine's: the inversions among the tiles
/// (the blank left out), counted with a Fenwick tree, must be even on an odd width; on an even
/// width, the inversions plus the rows between the blank and the bottom row.
pub fn solvable_by_inversions(rows: usize, columns: usize, tiles: &[u32]) -> bool {
    let mut tree = vec![0u32; tiles.len() + 1];
    let (mut inversions, mut seen) = (0u64, 0u64);
    for &tile in tiles.iter().filter(|&&t| t != 0) {
        // Tiles seen so far that are not greater than this one.
        let (mut i, mut not_greater) = (tile as usize, 0u64);
        while i > 0 {
            not_greater += u64::from(tree[i]);
            i &= i - 1;
        }
        inversions += seen - not_greater;
        seen += 1;
        let mut i = tile as usize;
        while i < tree.len() {
            tree[i] += 1;
            i += i & i.wrapping_neg();
        }
    }
    let blank_row = tiles.iter().position(|&t| t == 0).unwrap_or(0) / columns;
    let rows_below = if columns % 2 == 1 {
        0
    } else {
        rows - 1 - blank_row
    };
    (inversions + rows_below as u64) % 2 == 0
}

/// What `binary` with `args` prints for `input`; it must succeed with nothing on stderr but
/// progress.
pub fn stdout_of(binary: &str, args: &[&str], input: &str) -> String {
    let (output, _) = run_with(binary, args, input.as_bytes());
    let said = beyond_progress(&output.stderr);
    assert!(output.status.success() && said.is_empty(), "{}", said);
    String::from_utf8(output.stdout).unwrap()
}

/// Standard error less its lines of progress (`..., N s`), which long work writes once it has
/// run two seconds: on a slow or busy machine, work of a second here writes some, so what a
/// test asserts on standard error must not depend on them.
pub fn beyond_progress(stderr: &[u8]) -> String {
    let is_progress = |line: &str| match line.rsplit_once(", ") {
        Some((_, time)) => time.strip_suffix(" s").map_or(false, |s| {
            !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
        }),
        None => false,
    };
    let text = String::from_utf8_lossy(stderr);
    let lines = text.split_inclusive('\n');
    lines.filter(|line| !is_progress(line.trim_end())).collect()
}

/// Every shape of board of at most 16 cells, as rows and columns, smallest first: those `solve`
/// answers optimally.
pub const SHAPES_UP_TO_16_CELLS: [(usize, usize); 19] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (5, 2),
    (2, 6),
    (6, 2),
    (3, 4),
    (4, 3),
    (2, 7),
    (7, 2),
    (3, 5),
    (5, 3),
    (2, 8),
    (8, 2),
    (4, 4),
];

/// Runs `binary` on `input`, which holds bad input after good: exit status 2, `answered` on
/// standard output (the answers before the fault) and the one line `error: ERROR` on standard
/// error.
pub fn fails_after_answering(binary: &str, input: &str, answered: &str, error: &str) {
    let (output, _) = run_with(binary, &[], input.as_bytes());
    assert_eq!(output.status.code(), Some(2), "{:?}", input);
    assert_eq!(String::from_utf8_lossy(&output.stdout), answered);
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("error: {}\n", error)
    );
}

/// The board `tiles`, `columns` wide, after the blank's moves `path` (letters `D`, `L`, `R`, `U`);
/// `None` if a move leaves the board or a letter is none of those. Written here, apart from the
/// engine's moves, so that a path is checked by code that shares nothing with what found it.
pub fn replay(columns: usize, tiles: &[u32], path: &str) -> Option<Vec<u32>> {
    let mut board = tiles.to_vec();
    let mut blank = board.iter().position(|&t| t == 0)?;
    for letter in path.bytes() {
        let to = blank_step(columns, board.len(), blank, letter)?;
        board.swap(blank, to);
        blank = to;
    }
    Some(board)
}

/// The cell the blank at `blank` goes to by the move `letter` (`D`, `L`, `R` or `U`) on a board
/// of `cells` cells, `columns` to a row; `None` off the board or for another letter.
pub fn blank_step(columns: usize, cells: usize, blank: usize, letter: u8) -> Option<usize> {
    let (row, column) = (blank / columns, blank % columns);
    match letter {
        b'U' if row > 0 => Some(blank - columns),
        b'D' if blank + columns < cells => Some(blank + columns),
        b'L' if column > 0 => Some(blank - 1),
        b'R' if column + 1 < columns => Some(blank + 1),
        _ => None,
    }
}

/// [`replay`] on a board of the engine's type.
pub fn replay_board<const W: usize, const N: usize>(
    start: Board<W, N>,
    path: &str,
) -> Option<Board<W, N>> {
    let tiles: Vec<u32> = start.tiles().iter().map(|&t| u32::from(t)).collect();
    let end = replay(W, &tiles, path)?;
    Board::from_tiles(std::array::from_fn(|cell| end[cell] as u8)).ok()
}

/// The tiles as rows of `columns` numbers, a line each.
pub fn rows_of<T: std::fmt::Display>(columns: usize, tiles: &[T]) -> String {
    let mut text = String::new();
    for row in tiles.chunks(columns) {
        let row: Vec<String> = row.iter().map(|t| t.to_string()).collect();
        text += &(row.join(" ") + "\n");
    }
    text
}

/// A case as `mxn` (POJ 2893) reads it: `M N`, then the rows.
pub fn mxn_case(rows: usize, columns: usize, tiles: &[u32]) -> String {
    format!("{} {}\n{}", rows, columns, rows_of(columns, tiles))
}

/// `binary` started with `args`, its standard input, output and error piped.
fn piped(binary: &str, args: &[&str]) -> Child {
    Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs `binary` with `args` on `input`; also says whether it took the whole input.
pub fn run_with(binary: &str, args: &[&str], input: &[u8]) -> (Output, bool) {
    let mut child = piped(binary, args);
    let mut stdin = child.stdin.take().unwrap();
    // Written from a thread while the output is read, so neither pipe fills up and blocks. A
    // binary that stops reading early closes the pipe, and the write fails.
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input).is_ok());
    let output = child.wait_with_output().unwrap();
    let took_all = writer.join().unwrap();
    (output, took_all)
}

/// `binary` started with `args` on `input`, its standard output and error piped.
pub fn started_on(binary: &str, args: &[&str], input: &str) -> Child {
    let mut child = piped(binary, args);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child
}

/// Runs `binary` with `args` on `input` until its first line of output, then does `then` to
/// the process (kills it, say) and waits for its end: that line, what it wrote after it, its
/// standard error beyond progress ([`beyond_progress`]), and its exit status.
pub fn after_first_line(
    binary: &str,
    args: &[&str],
    input: &str,
    then: impl FnOnce(&mut Child),
) -> (String, String, String, ExitStatus) {
    let mut child = started_on(binary, args, input);
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    then(&mut child);
    let (mut rest, mut err) = (String::new(), Vec::new());
    out.read_to_string(&mut rest).unwrap();
    child.stderr.take().unwrap().read_to_end(&mut err).unwrap();
    let status = child.wait().unwrap();
    (first, rest, beyond_progress(&err), status)
}

/// Runs `command` (a program and its arguments) on the file `input`, its output read through a
/// pipe: once a megabyte is read, the program (in the middle of a long answer) waits on this
/// reader, and gets `signal` (`INT`, `TERM`, its default action restored); then the rest is
/// read. What it printed, and how it ended.
pub fn signalled_while_writing(
    command: &[&str],
    input: &std::path::Path,
    signal: &str,
) -> (String, ExitStatus) {
    let default = format!("--default-signal={}", signal);
    let mut child = Command::new("env")
        .arg(default)
        .args(command)
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut printed = vec![0; 1 << 20];
    out.read_exact(&mut printed).unwrap();
    let sent = Command::new("kill")
        .args([&format!("-{}", signal), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    out.read_to_end(&mut printed).unwrap();
    let status = child.wait().unwrap();
    (String::from_utf8(printed).unwrap(), status)
}

/// Whether a program that prints each answer as soon as it and those before it are known does
/// so on `input`, whose first answer is quick and whose next is slow (seconds at least): its
/// first line is out while it still searches, and a run killed then keeps that line alone.
pub fn prints_the_first_answer_alone_first(binary: &str, args: &[&str], input: &str, first: &str) {
    let kill = |child: &mut Child| {
        let _ = child.kill();
    };
    let (printed, rest, _, status) = after_first_line(binary, args, input, kill);
    assert_eq!((printed.as_str(), rest.as_str()), (first, ""));
    assert_eq!(status.code(), None, "killed while it searched");
}

/// Korf's 100 (`testdata/korf100.txt`), each an optimal length and a board posed for the goal
/// 1 2 .. 15 0: turned 180 degrees, tile t renamed 16 - t, as that file's header says.
pub fn korf_100() -> Vec<(usize, [u8; 16])> {
    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/korf100.txt"));
    // The published lengths sum to 5305.
    instances(text, 100, 5305)
}

/// The 17 positions of the 15-puzzle that need 80 moves, the most of any
/// (`testdata/fifteen-80.txt`), already posed for the goal 1 2 .. 15 0.
pub fn eighty_move_boards() -> Vec<[u8; 16]> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/fifteen-80.txt"
    ));
    let boards: Vec<[u8; 16]> = number_lines(text)
        .iter()
        .map(|numbers| {
            assert_eq!(numbers[0], 80, "{:?}", numbers);
            numbers[1..].try_into().unwrap()
        })
        .collect();
    let mut distinct = boards.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 17);
    boards
}

/// Korf and Felner's 50 5x5 boards (`testdata/korf50-5x5.txt`), posed for the goal
/// 1 2 .. 24 0 in the same way.
pub fn korf_felner_50() -> Vec<(usize, [u8; 25])> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/korf50-5x5.txt"
    ));
    // The published lengths sum to 5039.
    instances(text, 50, 5039)
}

/// Ten 5x5 boards 1,000 random moves from the goal, about as far from it as DeepCubeA's test
/// boards, each with its fewest moves (`testdata/walks1000-5x5.txt`), checked against their sum:
/// (fewest moves, tiles row by row, goal `1 2 .. 24 0`).
pub fn walks_1000_5x5() -> Vec<(usize, Vec<u32>)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/walks1000-5x5.txt"
    ));
    let boards: Vec<(usize, Vec<u32>)> = number_lines(text)
        .iter()
        .map(|numbers| {
            let tiles = numbers[1..].iter().map(|&t| u32::from(t)).collect();
            (usize::from(numbers[0]), tiles)
        })
        .collect();
    assert_eq!(boards.len(), 10);
    assert_eq!(boards.iter().map(|(length, _)| length).sum::<usize>(), 892);
    boards
}

/// The numbers of each line of a data file, its `#` comment lines left out.
fn number_lines(text: &str) -> Vec<Vec<u8>> {
    let lines = text.lines().filter(|line| !line.starts_with('#'));
    lines
        .map(|line| {
            line.split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect()
}

/// The `count` instances of a file in Korf's form (`id length tiles`, goal `0 1 2 ..`), each
/// turned 180 degrees with tile t renamed N - t, checked against their lengths' published sum.
fn instances<const N: usize>(text: &str, count: usize, sum: usize) -> Vec<(usize, [u8; N])> {
    let instances: Vec<(usize, [u8; N])> = number_lines(text)
        .iter()
        .map(|numbers| {
            let korf = &numbers[2..];
            let tiles = std::array::from_fn(|q| match korf[N - 1 - q] {
                0 => 0,
                t => N as u8 - t,
            });
            (usize::from(numbers[1]), tiles)
        })
        .collect();
    assert_eq!(instances.len(), count);
    assert_eq!(
        instances.iter().map(|(length, _)| length).sum::<usize>(),
        sum
    );
    instances
}
