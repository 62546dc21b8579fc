//! 6. `solve`, boards of any shape, one board per process: random boards of every shape of up to
//!    16 cells (optimal), Korf and Felner's 50 5x5 boards (beam search) against their published
//!    optimal lengths, and larger random boards against the tiles' Manhattan distance.

use std::time::Duration;

use crate::common::{
    korf_felner_50, manhattan_sum, random_solvable_board, replay, rows_of, Rng,
    SHAPES_UP_TO_16_CELLS,
};
use crate::measure::{grouped, human, least_time, Shell};

/// Runs `solve` with `args` on the board `tiles` (`columns` wide) in `shell`, as a person does:
/// the wall time from process start, and the moves printed, checked to solve the board.
fn solve_once(shell: &mut Shell, args: &str, columns: usize, tiles: &[u32]) -> (Duration, String) {
    let file = |suffix: &str| {
        std::env::temp_dir().join(format!("solve-bench-{}.{}", std::process::id(), suffix))
    };
    let (input, output) = (file("in"), file("out"));
    std::fs::write(&input, rows_of(columns, tiles)).expect("the input file is written");
    let command = format!(
        "'{}' {} < '{}' > '{}'",
        env!("CARGO_BIN_EXE_solve"),
        args,
        input.display(),
        output.display()
    );
    let (wall, succeeded) = least_time(1, || shell.run(&command));
    assert!(succeeded, "solve failed");
    let moves = std::fs::read_to_string(&output).expect("solve's output");
    let moves = moves.lines().next().unwrap_or("").to_string();
    let goal: Vec<u32> = (1..tiles.len() as u32).chain([0]).collect();
    let reached = replay(columns, tiles, &moves);
    assert_eq!(reached, Some(goal), "solve's moves do not solve the board");
    std::fs::remove_file(&input).ok();
    std::fs::remove_file(&output).ok();
    (wall, moves)
}

pub fn solve(shells: [Shell; 3]) {
    let [mut shapes_shell, five_shell, mut large_shell] = shells;
    let mut rng = Rng::new(23);

    // The shapes of 16 cells, whose hardest boards take longest, get more boards: their slowest
    // of five is no guide to the slowest of many.
    let boards_of = |cells: usize| if cells == 16 { 24 } else { 5 };
    println!("## `solve`: boards of any shape, one board per process\n");
    println!(
        "Boards of up to 16 cells, optimal: {} random solvable boards of each shape ({} of the \
         shapes of 16 cells), each through `solve` in a process of its own (wall time from \
         process start; the moves checked to solve the board).\n",
        boards_of(0),
        boards_of(16)
    );
    println!("| Shape | Boards | Mean moves | Wall, median | Wall, worst |");
    println!("|---|---:|---:|---:|---:|");
    for (rows, columns) in SHAPES_UP_TO_16_CELLS {
        let (mut walls, mut moves, boards) = (Vec::new(), 0, boards_of(rows * columns));
        for _ in 0..boards {
            let tiles = random_solvable_board(rows, columns, &mut rng);
            let (wall, path) = solve_once(&mut shapes_shell, "", columns, &tiles);
            walls.push(wall);
            moves += path.len();
        }
        walls.sort_unstable();
        println!(
            "| {} x {} | {} | {:.1} | {} | {} |",
            rows,
            columns,
            boards,
            moves as f64 / boards as f64,
            human(walls[boards / 2]),
            human(walls[boards - 1])
        );
    }
    shapes_shell.finish();

    let mut shell = five_shell;
    let (mut walls, mut ratios) = (Vec::new(), Vec::new());
    for (optimal, tiles) in korf_felner_50() {
        let tiles: Vec<u32> = tiles.iter().map(|&t| u32::from(t)).collect();
        let (wall, path) = solve_once(&mut shell, "", 5, &tiles);
        assert!(path.len() >= optimal, "shorter than the published optimum");
        walls.push(wall);
        ratios.push(path.len() as f64 / optimal as f64);
    }
    walls.sort_unstable();
    println!(
        "\nKorf and Felner's 50 5x5 boards (optimal lengths 95 to 125, published), each through \
         `solve` in a process of its own: the paths' length over the optimal length, mean {:.3}, \
         worst {:.3}, best {:.3}; wall time median {}, worst {}; peak memory {}.\n",
        ratios.iter().sum::<f64>() / ratios.len() as f64,
        ratios.iter().cloned().fold(0.0, f64::max),
        ratios.iter().cloned().fold(f64::MAX, f64::min),
        human(walls[walls.len() / 2]),
        human(walls[walls.len() - 1]),
        shell.finish()
    );

    println!(
        "Larger random solvable boards, each through `solve` in a process of its own: moves \
         over the tiles' total Manhattan distance from home (a lower bound on any solution).\n"
    );
    println!("| Board | Boards | Mean moves | Moves / distance | Wall, median | Wall, worst |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (rows, columns, count) in [
        (6, 6, 3),
        (8, 8, 3),
        (10, 10, 3),
        (30, 30, 1),
        (100, 100, 1),
    ] {
        let (mut walls, mut moves, mut distance) = (Vec::new(), 0, 0);
        for _ in 0..count {
            let tiles = random_solvable_board(rows, columns, &mut rng);
            let (wall, path) = solve_once(&mut large_shell, "", columns, &tiles);
            walls.push(wall);
            moves += path.len() as u64;
            distance += manhattan_sum(columns, &tiles);
        }
        walls.sort_unstable();
        println!(
            "| {} x {} | {} | {} | {:.2} | {} | {} |",
            rows,
            columns,
            count,
            grouped(moves / count as u64),
            moves as f64 / distance as f64,
            human(walls[count / 2]),
            human(walls[count - 1])
        );
    }
    println!("\nPeak memory of those: {}.\n", large_shell.finish());
}
