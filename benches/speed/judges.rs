//! 7. The newer judge problems: `eight_two` (HDU 3567) on 200 random pairs, the judge's largest
//!    input, as a whole process; and the two ways to answer them, side by side in process: IDA*
//!    for each pair, or a breadth-first table for each cell of the goal's blank. `distant`
//!    (UVa 10085) on 100 random starts, as a whole process. `eight_graph` (AtCoder ABC224 D) on
//!    its slowest puzzle, as a whole process and in process beside the hash map of strings the
//!    write-ups search. `eleven` (HDU 3095) on 100 boards of 19 to 20 moves or just past, as a
//!    whole process and in process beside the write-ups' hash maps of 10 levels from each end.

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::time::Duration;

use engine::board::Move;
use engine::exact::bfs::{Distances, Farthest};
use engine::exact::graph::{fewest_moves, Graph};
use engine::io::judge;
use engine::search::bidirectional::NearGoal;
use engine::search::ida_star;

use crate::common::{grid_edges, with_x, Rng};
use crate::measure::{human, least_time, solvable, Board9, Shell};

/// Whole-process runs of each program.
const RUNS: usize = 9;

pub fn judges([mut shell, mut graph_shell, mut eleven_shell]: [Shell; 3]) {
    let (pairs, by_search, by_tables) = eight_two(&mut shell);
    let starts = distant(&mut shell);
    let peak = shell.finish();
    let graph = eight_graph(&mut graph_shell);
    let graph_peak = graph_shell.finish();
    let eleven = eleven(&mut eleven_shell);
    let eleven_peak = eleven_shell.finish();
    println!("## The newer judge problems, one process a run\n");
    println!(
        "`eight_two` (HDU 3567) on 200 random solvable start and goal pairs, the judge's largest \
         input, and `distant` (UVa 10085) on 100 random starts; every answer is checked. Wall \
         time from process start over {} runs; the two ways to answer `eight_two`'s pairs in \
         process, the least of 3 runs each.\n",
        RUNS
    );
    println!("| What | Median | Best |");
    println!("|---|---:|---:|");
    let row = |what: &str, walls: &[Duration]| {
        println!(
            "| {} | {} | {} |",
            what,
            human(walls[RUNS / 2]),
            human(walls[0])
        );
    };
    row("`eight_two`, 200 pairs, whole process", &pairs);
    row("`distant`, 100 starts, whole process", &starts);
    println!(
        "| In process: IDA* for each of the 200 pairs (what `eight_two` does) | | {} |",
        human(by_search)
    );
    println!(
        "| In process: a breadth-first table for each cell of the goals' blank | | {} |",
        human(by_tables)
    );
    println!("\nPeak memory of the two programs: {}.\n", peak);
    println!(
        "`eight_graph` (AtCoder ABC224 D) on its slowest puzzle: the 3x3 grid \
         joined also by one diagonal, on which every arrangement is reachable, the start the \
         farthest from the solved placement ({} moves), so the search meets all 9! \
         arrangements. Whole process over {} runs; in process, the least of 3 runs each.\n",
        graph.moves, RUNS
    );
    println!("| What | Median | Best |");
    println!("|---|---:|---:|");
    row("`eight_graph`, whole process", &graph.walls);
    println!(
        "| In process: breadth-first search over the array of Cantor ranks (what `eight_graph` \
         does) | | {} |",
        human(graph.by_array)
    );
    println!(
        "| In process: breadth-first search over a hash map of strings, as the write-ups do | | \
         {} |",
        human(graph.by_hash_map)
    );
    println!("\nPeak memory of `eight_graph`: {}.\n", graph_peak);
    println!(
        "`eleven` (HDU 3095: 5 s, 32 MB) on 100 boards from random walks, the judge's hardest: \
         50 of 19 or 20 moves and 50 past 20, every answer checked. Whole process over {} \
         runs; in process, the least of 3 runs each.\n",
        RUNS
    );
    println!("| What | Median | Best |");
    println!("|---|---:|---:|");
    row("`eleven`, 100 boards, whole process", &eleven.walls);
    println!(
        "| In process: breadth-first search from both ends, 12 moves from the goal once and 8 \
         from each board, arrangements packed in a number (what `eleven` does) | | {} |",
        human(eleven.by_search)
    );
    println!(
        "| In process: breadth-first searches of 10 levels from the goal and from each board, \
         over hash maps of strings, as the write-ups do | | {} |",
        human(eleven.by_hash_maps)
    );
    println!("\nPeak memory of `eleven`: {}.\n", eleven_peak);
    std::io::stdout().flush().ok();
}

/// What `eleven` was measured at: its wall times, sorted, the least in-process times of its
/// search and of the write-ups'.
struct ElevenTimes {
    walls: Vec<Duration>,
    by_search: Duration,
    by_hash_maps: Duration,
}

/// The diamond's cells, row by row, on a grid five columns wide.
const DIAMOND: [(usize, usize); 13] = [
    (0, 2),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 2),
];

/// `eleven` on 100 boards from random walks: 50 of 19 or 20 moves, 50 past 20.
fn eleven(shell: &mut Shell) -> ElevenTimes {
    let mut edges = Vec::new();
    for (a, &(row, column)) in DIAMOND.iter().enumerate() {
        for (b, &next) in DIAMOND.iter().enumerate() {
            if next == (row, column + 1) || next == (row + 1, column) {
                edges.push((a, b));
            }
        }
    }
    let goal: [u8; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];
    let diamond = Graph::<13>::new(&edges);
    let near_goal = NearGoal::new(&diamond, goal, 20);
    let fewest = |board: &[u8; 13]| near_goal.fewest_moves(board);
    // The judge's hardest: 50 boards of 19 or 20 moves, 50 just past 20, from random walks.
    let mut rng = Rng::new(3095);
    let (mut boards, mut at_20, mut past) = (Vec::new(), 0, 0);
    while at_20 + past < 100 {
        let mut board = goal;
        for _ in 0..25 + rng.below(16) {
            let blanks: Vec<usize> = (0..13).filter(|&c| board[c] == 0).collect();
            let blank = blanks[rng.below(2)];
            let next: Vec<usize> = diamond.next_to(blank).collect();
            board.swap(blank, next[rng.below(next.len())]);
        }
        match fewest(&board) {
            Some(19 | 20) if at_20 < 50 => at_20 += 1,
            None if past < 50 => past += 1,
            _ => continue,
        }
        boards.push(board);
    }
    let (by_search, answers) = least_time(3, || boards.iter().map(fewest).collect::<Vec<_>>());
    let (by_hash_maps, theirs) = least_time(3, || meet_in_the_middle(&edges, &boards, &goal));
    assert_eq!(answers, theirs, "the two searches agree");
    let text = |board: &[u8; 13]| {
        let numbers: Vec<String> = board.iter().map(u8::to_string).collect();
        numbers.join(" ") + "\n"
    };
    let input = format!("{}\n", boards.len()) + &boards.iter().map(text).collect::<String>();
    let expected: String = answers
        .iter()
        .map(|a| a.map_or("No solution!".to_string(), |moves| moves.to_string()) + "\n")
        .collect();
    let binary = env!("CARGO_BIN_EXE_eleven");
    let walls = shell.wall_times(binary, "", input.as_bytes(), &expected, RUNS);
    ElevenTimes {
        walls,
        by_search,
        by_hash_maps,
    }
}

/// As the write-ups answer the Eleven puzzle: arrangements as strings in hash maps, 10 levels of
/// breadth-first search from the goal once, then 10 from each board, the fewest moves through
/// an arrangement both reach; `None` past 20.
fn meet_in_the_middle(
    edges: &[(usize, usize)],
    boards: &[[u8; 13]],
    goal: &[u8; 13],
) -> Vec<Option<u32>> {
    // Tile t as the letter `a` + t: `a` the blanks.
    let as_text = |board: &[u8; 13]| {
        board
            .iter()
            .map(|&t| (b'a' + t) as char)
            .collect::<String>()
    };
    let from_goal = bfs_of_strings(edges, &as_text(goal), b'a', None, 10);
    boards
        .iter()
        .map(|board| {
            let from_board = bfs_of_strings(edges, &as_text(board), b'a', None, 10);
            let through = from_board
                .iter()
                .filter_map(|(t, d)| Some(d + from_goal.get(t)?));
            through.min()
        })
        .collect()
}

/// What `eight_graph` was measured at: its wall times, sorted, the least in-process times of
/// its search and of the write-ups', and the moves of the puzzle.
struct GraphTimes {
    walls: Vec<Duration>,
    by_array: Duration,
    by_hash_map: Duration,
    moves: u32,
}

/// `eight_graph` on the grid and a diagonal, from the placement farthest from the solved one.
fn eight_graph(shell: &mut Shell) -> GraphTimes {
    let mut edges = grid_edges();
    edges.push((0, 4));
    // Piece j on vertex j - 1, '0' the empty vertex.
    let solved = "123456780";
    let from_solved = bfs_of_strings(&edges, solved, b'0', None, u32::MAX);
    let (start, moves) = from_solved
        .iter()
        .max_by_key(|&(placement, &d)| (d, std::cmp::Reverse(placement.clone())))
        .map(|(placement, &d)| (placement.clone(), d))
        .expect("the solved placement");
    let (by_hash_map, found) = least_time(3, || {
        bfs_of_strings(&edges, &start, b'0', Some(solved), u32::MAX)
    });
    assert_eq!(found.get(solved), Some(&moves));
    let graph = Graph::<9>::new(&edges);
    let arrangement = |text: &str| -> [u8; 9] {
        let mut tiles = [0; 9];
        for (tile, digit) in tiles.iter_mut().zip(text.bytes()) {
            *tile = digit - b'0';
        }
        tiles
    };
    let (by_array, found) = least_time(3, || {
        fewest_moves(&graph, &arrangement(&start), &arrangement(solved))
    });
    assert_eq!(found, Some(moves as usize));
    let mut input = format!("{}\n", edges.len());
    for (u, v) in &edges {
        input += &format!("{} {}\n", u + 1, v + 1);
    }
    let vertex_of = |piece: char| start.find(piece).expect("every piece") + 1;
    let vertices: Vec<String> = "12345678"
        .chars()
        .map(|p| vertex_of(p).to_string())
        .collect();
    input += &(vertices.join(" ") + "\n");
    let binary = env!("CARGO_BIN_EXE_eight_graph");
    let walls = shell.wall_times(binary, "", input.as_bytes(), &format!("{}\n", moves), RUNS);
    GraphTimes {
        walls,
        by_array,
        by_hash_map,
        moves,
    }
}

/// As the write-ups search a puzzle on a graph: arrangements as strings in a hash map, a
/// character a cell, from `start` by breadth (a piece slides along an edge into a cell holding
/// `blank`) until `goal` comes out of the queue or for `depth` moves; the distance of each
/// arrangement reached.
fn bfs_of_strings(
    edges: &[(usize, usize)],
    start: &str,
    blank: u8,
    goal: Option<&str>,
    depth: u32,
) -> HashMap<String, u32> {
    let mut next_to = vec![Vec::new(); start.len()];
    for &(u, v) in edges {
        next_to[u].push(v);
        next_to[v].push(u);
    }
    let mut distance = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert(start.to_string(), 0);
    queue.push_back(start.to_string());
    while let Some(text) = queue.pop_front() {
        if Some(text.as_str()) == goal {
            break;
        }
        let d = distance[&text];
        if d == depth {
            continue;
        }
        let bytes = text.as_bytes();
        for empty in (0..bytes.len()).filter(|&c| bytes[c] == blank) {
            for &cell in next_to[empty].iter().filter(|&&c| bytes[c] != blank) {
                let mut next = bytes.to_vec();
                next.swap(empty, cell);
                let next = String::from_utf8(next).expect("ASCII");
                if !distance.contains_key(&next) {
                    distance.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

/// `eight_two` on 200 random pairs: its wall times, sorted; and the least in-process times of
/// IDA* for each pair and of the breadth-first tables.
fn eight_two(shell: &mut Shell) -> (Vec<Duration>, Duration, Duration) {
    let mut rng = Rng::new(3567);
    let mut pairs = Vec::new();
    while pairs.len() < 200 {
        let start = Board9::from_tiles(rng.arrangement()).expect("an arrangement");
        let goal = Board9::from_tiles(rng.arrangement()).expect("an arrangement");
        if solvable(&start, &goal) {
            pairs.push((start, goal));
        }
    }
    // The tables' answers check the program's and the search's.
    let (by_tables, paths) = least_time(3, || {
        let mut tables = Distances::new();
        let path = |(start, goal): &_| tables.path(start, goal).expect("a solvable pair");
        pairs.iter().map(path).collect::<Vec<Vec<Move>>>()
    });
    let (by_search, searched) = least_time(3, || {
        let path =
            |(start, goal): &_| ida_star::solve(start, goal, u32::MAX).expect("a solvable pair");
        pairs
            .iter()
            .map(|pair| path(pair).moves)
            .collect::<Vec<_>>()
    });
    assert_eq!(searched, paths, "IDA* and the tables give the same paths");
    let mut input = format!("{}\n", pairs.len());
    let mut expected = String::new();
    for (k, ((start, goal), path)) in pairs.iter().zip(&paths).enumerate() {
        input += &format!("{}\n{}\n", with_x(start.tiles()), with_x(goal.tiles()));
        let letters = judge::letters(path, true);
        expected += &format!("Case {}: {}\n{}\n", k + 1, path.len(), letters);
    }
    let binary = env!("CARGO_BIN_EXE_eight_two");
    let walls = shell.wall_times(binary, "", input.as_bytes(), &expected, RUNS);
    (walls, by_search, by_tables)
}

/// `distant` on 100 random starts: its wall times, sorted.
fn distant(shell: &mut Shell) -> Vec<Duration> {
    let mut rng = Rng::new(10085);
    let mut farthest = Farthest::<3, 9>::new();
    let (mut input, mut expected) = ("100\n".to_string(), String::new());
    for puzzle in 1..=100 {
        let start = Board9::from_tiles(rng.arrangement()).expect("an arrangement");
        let rows = |board: &Board9| -> String {
            let row = |r: &[u8]| format!("{} {} {}\n", r[0], r[1], r[2]);
            board.tiles().chunks(3).map(row).collect()
        };
        input += &rows(&start);
        let (far, path) = farthest.from(&start);
        let letters = judge::letters(&path, false);
        expected += &format!("Puzzle #{}\n{}{}\n\n", puzzle, rows(&far), letters);
    }
    let binary = env!("CARGO_BIN_EXE_distant");
    shell.wall_times(binary, "", input.as_bytes(), &expected, RUNS)
}
