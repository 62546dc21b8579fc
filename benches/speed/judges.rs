//! 7. The newer judge problems: `eight_two` (HDU 3567) on 200 random pairs, the judge's largest
//!    input, as a whole process; and the two ways to answer them, side by side in process: IDA*
//!    for each pair, or a breadth-first table for each cell of the goal's blank. `distant`
//!    (UVa 10085) on 100 random starts, as a whole process. `eight_graph` (AtCoder ABC224 D) on
//!    its slowest puzzle, as a whole process and in process beside the hash map of strings the
//!    write-ups search.

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::time::Duration;

use engine::board::Move;
use engine::exact::bfs::{Distances, Farthest};
use engine::exact::graph::{fewest_moves, Graph};
use engine::io::judge;
use engine::search::ida_star;

use crate::common::{grid_edges, with_x, Rng};
use crate::measure::{human, least_time, solvable, Board9, Shell};

/// Whole-process runs of each program.
const RUNS: usize = 9;

pub fn judges([mut shell, mut graph_shell]: [Shell; 2]) {
    let (pairs, by_search, by_tables) = eight_two(&mut shell);
    let starts = distant(&mut shell);
    let peak = shell.finish();
    let graph = eight_graph(&mut graph_shell);
    let graph_peak = graph_shell.finish();
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
    std::io::stdout().flush().ok();
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
    let from_solved = bfs_of_strings(&edges, solved, None);
    let (start, moves) = from_solved
        .iter()
        .max_by_key(|&(placement, &d)| (d, std::cmp::Reverse(placement.clone())))
        .map(|(placement, &d)| (placement.clone(), d))
        .expect("the solved placement");
    let (by_hash_map, found) = least_time(3, || bfs_of_strings(&edges, &start, Some(solved)));
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

/// As the write-ups search a puzzle on a graph: placements as strings of digits in a hash map,
/// from `start` by breadth until `goal` comes out of the queue (every placement reached, if no
/// goal); the distance of each placement reached.
fn bfs_of_strings(
    edges: &[(usize, usize)],
    start: &str,
    goal: Option<&str>,
) -> HashMap<String, u32> {
    let mut next_to = vec![Vec::new(); 9];
    for &(u, v) in edges {
        next_to[u].push(v);
        next_to[v].push(u);
    }
    let mut distance = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert(start.to_string(), 0);
    queue.push_back(start.to_string());
    while let Some(placement) = queue.pop_front() {
        if Some(placement.as_str()) == goal {
            break;
        }
        let d = distance[&placement];
        let empty = placement.find('0').expect("an empty vertex");
        for &vertex in &next_to[empty] {
            let mut bytes = placement.clone().into_bytes();
            bytes.swap(empty, vertex);
            let next = String::from_utf8(bytes).expect("digits");
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), d + 1);
                queue.push_back(next);
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
