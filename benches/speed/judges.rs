//! 7. The newer judge problems: `eight_two` (HDU 3567) on 200 random pairs, the judge's largest
//!    input, as a whole process; and the two ways to answer them, side by side in process: IDA*
//!    for each pair, or a breadth-first table for each cell of the goal's blank. `distant`
//!    (UVa 10085) on 100 random starts, as a whole process.

use std::io::Write;
use std::time::Duration;

use engine::board::Move;
use engine::exact::bfs::{Distances, Farthest};
use engine::io::judge;
use engine::search::ida_star;

use crate::common::{with_x, Rng};
use crate::measure::{human, least_time, solvable, Board9, Shell};

/// Whole-process runs of each program.
const RUNS: usize = 9;

pub fn judges(mut shell: Shell) {
    let (pairs, by_search, by_tables) = eight_two(&mut shell);
    let starts = distant(&mut shell);
    let peak = shell.finish();
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
    std::io::stdout().flush().ok();
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
        let path = |(start, goal): &_| ida_star::solve(start, goal).expect("a solvable pair");
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
