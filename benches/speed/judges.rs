//! 7. The newer judge problems: `eight_two` (HDU 3567) on 200 random pairs, the judge's largest
//!    input, as a whole process; and the two ways to answer them, side by side in process: IDA*
//!    for each pair, or a breadth-first table for each cell of the goal's blank.

use std::io::Write;

use engine::bfs::Tables;
use engine::board::Move;
use engine::ida_star;

use crate::common::Rng;
use crate::measure::{human, least_time, solvable, Board9, Shell};

pub fn judges(mut shell: Shell) {
    const RUNS: usize = 9;
    let mut rng = Rng::new(3567);
    let mut pairs = Vec::new();
    while pairs.len() < 200 {
        let start = Board9::from_tiles(rng.arrangement()).expect("an arrangement");
        let goal = Board9::from_tiles(rng.arrangement()).expect("an arrangement");
        if solvable(&start, &goal) {
            pairs.push((start, goal));
        }
    }
    let letters = |moves: &[Move]| -> String { moves.iter().map(|m| m.letter_in(true)).collect() };
    let with_x = |board: &Board9| -> String {
        let symbol = |&t: &u8| if t == 0 { 'X' } else { char::from(b'0' + t) };
        board.tiles().iter().map(symbol).collect()
    };
    // The table's answers check the program's and the search's.
    let (by_tables, paths) = least_time(3, || {
        let mut tables = Tables::new();
        let paths: Vec<Vec<Move>> = pairs
            .iter()
            .map(|(start, goal)| tables.path(start, goal).expect("a solvable pair"))
            .collect();
        paths
    });
    let (by_search, searched) = least_time(3, || {
        let paths: Vec<Vec<Move>> = pairs
            .iter()
            .map(|(start, goal)| ida_star::solve(start, goal).expect("a solvable pair").moves)
            .collect();
        paths
    });
    assert_eq!(searched, paths, "IDA* and the tables give the same paths");
    let mut input = format!("{}\n", pairs.len());
    let mut expected = String::new();
    for (k, ((start, goal), path)) in pairs.iter().zip(&paths).enumerate() {
        input += &format!("{}\n{}\n", with_x(start), with_x(goal));
        expected += &format!("Case {}: {}\n{}\n", k + 1, path.len(), letters(path));
    }
    let binary = env!("CARGO_BIN_EXE_eight_two");
    let walls = shell.wall_times(binary, "", input.as_bytes(), &expected, RUNS);
    let peak = shell.finish();

    println!("## HDU 3567: 200 random pairs through `eight_two`\n");
    println!(
        "200 random solvable start and goal pairs, the judge's largest input; the answers are \
         checked against the breadth-first tables'. Wall time from process start, median of {}; \
         the two ways to answer them in process, the least of 3 runs each.\n",
        RUNS
    );
    println!("| What | Time |");
    println!("|---|---:|");
    println!(
        "| `eight_two`, whole process: median | {} |",
        human(walls[RUNS / 2])
    );
    println!("| `eight_two`, whole process: best | {} |", human(walls[0]));
    println!(
        "| In process: IDA* for each pair (what `eight_two` does) | {} |",
        human(by_search)
    );
    println!(
        "| In process: a breadth-first table for each cell of the goal's blank | {} |",
        human(by_tables)
    );
    println!("\nPeak memory of `eight_two`: {}.\n", peak);
    std::io::stdout().flush().ok();
}
