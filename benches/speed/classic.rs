//! 2. The classic approaches of the write-ups, written here as they describe them, on the same
//!    instances as the engine in the same run: the 100 hardest 3x3 starts and 1,000 random ones.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::time::Duration;

use engine::exact::bfs::{self, UNREACHABLE};
use engine::exact::cantor::{rank, unrank};
use engine::search::ida_star::{self};

use crate::common::{digits, Rng};
use crate::measure::{human, least_time, max, mean, solvable, Board9, P1379_GOAL};

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

pub fn classic_approaches() {
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
            let solve =
                |start: &Board9| ida_star::solve(start, &goal, u32::MAX).map(|s| s.moves.len());
            starts
                .iter()
                .map(|s| least_time(3, || solve(s)).0)
                .collect()
        })
        .collect();
    let engine_means: Vec<Duration> = engine_times.iter().map(|times| mean(times)).collect();
    print!("| Engine: IDA*, Manhattan distance (least of 3 runs)");
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
