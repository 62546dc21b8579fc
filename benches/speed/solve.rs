//! 6. `solve`, boards of any shape, one board per process: random boards of every shape of up to
//!    16 cells (optimal); past 16 cells by beam search at three efforts, Korf and Felner's 50 5x5
//!    boards against their published optimal lengths, ten 5x5 boards 1,000 random moves from the
//!    goal against theirs, and random-walk 5x5, 6x6 and 7x7 boards against the tiles' Manhattan
//!    distance, the 5x5 and 6x6 boards under their saved tables too (`--tables`, at two efforts),
//!    with a chart of length against time on Korf and Felner's boards written to
//!    doc/solve-5x5.svg; larger random boards against that distance.

use std::time::Duration;

use crate::common::{
    korf_felner_50, manhattan_sum, random_solvable_board, random_walk, replay, rows_of,
    walks_1000_5x5, Rng, SHAPES_UP_TO_16_CELLS,
};
use crate::measure::{grid_across, grid_up, grouped, human, least_time, mean, svg_start, Shell};

/// Runs `solve` with `args` on the board `tiles` (`columns` wide) in `shell`, as a person does:
/// the wall time from process start, and the moves printed, checked to solve the board.
pub fn solve_once(
    shell: &mut Shell,
    args: &str,
    columns: usize,
    tiles: &[u32],
) -> (Duration, String) {
    let (wall, mut paths) = solve_boards(shell, args, &[(columns, tiles.to_vec())]);
    (wall, paths.remove(0))
}

/// Runs `solve` with `args` on `boards` (each its width and tiles) in one process in `shell`:
/// the wall time from process start, and each board's moves, checked to solve it.
pub fn solve_boards(
    shell: &mut Shell,
    args: &str,
    boards: &[(usize, Vec<u32>)],
) -> (Duration, Vec<String>) {
    let file = |suffix: &str| {
        std::env::temp_dir().join(format!("solve-bench-{}.{}", std::process::id(), suffix))
    };
    let (input, output) = (file("in"), file("out"));
    let rows: Vec<String> = boards.iter().map(|(w, tiles)| rows_of(*w, tiles)).collect();
    std::fs::write(&input, rows.join("\n")).expect("the input file is written");
    let command = format!(
        "'{}' {} < '{}' > '{}'",
        env!("CARGO_BIN_EXE_solve"),
        args,
        input.display(),
        output.display()
    );
    let (wall, succeeded) = least_time(1, || shell.run(&command));
    assert!(succeeded, "solve failed");
    let printed = std::fs::read_to_string(&output).expect("solve's output");
    let paths: Vec<String> = printed.lines().map(str::to_string).collect();
    assert_eq!(paths.len(), boards.len(), "a line of moves for each board");
    for ((columns, tiles), moves) in boards.iter().zip(&paths) {
        let goal: Vec<u32> = (1..tiles.len() as u32).chain([0]).collect();
        let reached = replay(*columns, tiles, moves);
        assert_eq!(reached, Some(goal), "solve's moves do not solve the board");
    }
    std::fs::remove_file(&input).ok();
    std::fs::remove_file(&output).ok();
    (wall, paths)
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
    let folder = std::env::temp_dir().join(format!("solve-bench-beam-{}", std::process::id()));
    let tables = format!("--quiet --tables '{}'", folder.display());
    // The wall time of a first run on `side`'s boards under `--tables`, which builds the tables.
    let mut first_run = |side: usize| {
        let tiles = random_walk(side, 1000, &mut Rng::new(side as u64));
        human(solve_once(&mut shell, &tables, side, &tiles).0)
    };
    let (built_5x5, built_6x6) = (first_run(5), first_run(6));
    println!(
        "\nBoards past 16 cells by beam search at `--effort` 1 (the default), 2 and 4, each \
         through `solve` in a process of its own: Korf and Felner's 50 5x5 boards against their \
         published optimal lengths (81 to 114), ten 5x5 boards 1,000 random moves from the goal \
         (as far from it as DeepCubeA's boards) against theirs (80 to 96, proved by `solve \
         --optimal`), and random-walk boards (from the goal, 1,000 to 10,000 random moves, a move \
         off the edge doing nothing) against the tiles' Manhattan distance, a lower bound on any \
         path. The 5x5 and 6x6 boards also with `--tables`, under the tables saved by a first run \
         of each size, which built them and answered a board: the 5x5 board's 6-6-6-6 tables in \
         {}, the 6x6 board's seven tables of five tiles in {}.\n",
        built_5x5, built_6x6
    );
    println!(
        "| Boards | Estimate | Effort | Mean moves | Mean ratio | Worst ratio | Wall, median | \
         Wall, worst |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    let korf: Vec<(usize, Vec<u32>)> = korf_felner_50()
        .into_iter()
        .map(|(optimal, tiles)| (optimal, tiles.iter().map(|&t| u32::from(t)).collect()))
        .collect();
    let mut walk_rng = Rng::new(2019);
    let walks = [(5, 10), (6, 5), (7, 5)].map(|(side, count)| {
        let boards: Vec<(usize, Vec<u32>)> = (0..count)
            .map(|_| {
                let tiles = random_walk(side, 1000 + walk_rng.below(9001), &mut walk_rng);
                (manhattan_sum(side, &tiles) as usize, tiles)
            })
            .collect();
        (side, boards)
    });
    let sets = [
        (
            "Korf and Felner's 50, 5x5; ratio to the optimum".to_string(),
            5,
            korf,
        ),
        (
            "10 walks of 1,000 moves, 5x5, like DeepCubeA's boards; ratio to the optimum"
                .to_string(),
            5,
            walks_1000_5x5(),
        ),
    ]
    .into_iter()
    .chain(walks.into_iter().map(|(side, boards)| {
        let what = format!(
            "{} random walks, {}x{}; ratio to the bound",
            boards.len(),
            side,
            side
        );
        (what, side, boards)
    }));
    let mut charts = Vec::new();
    for (what, side, boards) in sets {
        let korf = what.starts_with("Korf");
        let mut points = Vec::new();
        // (estimate, effort, the arguments beside --effort)
        let mut runs = vec![
            ("linear conflict", 1, ""),
            ("linear conflict", 2, ""),
            ("linear conflict", 4, ""),
        ];
        let under_tables = match side {
            5 => "6-6-6-6 tables",
            6 => "5-tile tables",
            _ => "",
        };
        if !under_tables.is_empty() {
            runs.extend([
                (under_tables, 1, tables.as_str()),
                (under_tables, 2, tables.as_str()),
            ]);
        }
        for (estimate, effort, more) in runs {
            let args = format!("--effort {} {}", effort, more);
            let (mut walls, mut ratios, mut moves) = (Vec::new(), Vec::new(), 0);
            for (bound, tiles) in &boards {
                let (wall, path) = solve_once(&mut shell, &args, side, tiles);
                assert!(path.len() >= *bound, "shorter than a lower bound");
                walls.push(wall);
                ratios.push(path.len() as f64 / *bound as f64);
                moves += path.len();
            }
            walls.sort_unstable();
            let mean_ratio = ratios.iter().sum::<f64>() / ratios.len() as f64;
            println!(
                "| {} | {} | {} | {:.1} | {:.3} | {:.3} | {} | {} |",
                what,
                estimate,
                effort,
                moves as f64 / boards.len() as f64,
                mean_ratio,
                ratios.iter().cloned().fold(0.0, f64::max),
                human(walls[walls.len() / 2]),
                human(walls[walls.len() - 1])
            );
            let label = format!("{}, effort {}", estimate, effort);
            let length = match korf {
                true => mean_ratio,
                false => moves as f64 / boards.len() as f64,
            };
            points.push((label, mean(&walls).as_secs_f64(), length));
        }
        // The 5x5 chart is of Korf and Felner's boards, against their optimal lengths.
        let bounds = boards.iter().map(|(bound, _)| *bound as f64).sum::<f64>();
        let (title, axis, bound) = match korf {
            true => (
                "Korf and Felner's 50 5x5 boards: mean length over the optimum".to_string(),
                "mean length / optimum",
                None,
            ),
            false => (
                format!(
                    "{} random walks, {}x{}: mean length",
                    boards.len(),
                    side,
                    side
                ),
                "mean moves",
                Some(bounds / boards.len() as f64),
            ),
        };
        if korf || side > 5 {
            charts.push(Chart {
                side,
                title,
                axis,
                points,
                bound,
            });
        }
    }
    println!("\nPeak memory of those: {}.\n", shell.finish());
    std::fs::remove_dir_all(&folder).ok();
    println!(
        "Each size's chart puts those means against the mean seconds a board, beside \
         DeepCubeA's published figures on its own held-out boards (a GPU): on 6x6 and 7x7 other \
         boards than these, whose Manhattan distance alone (the dashed line) may lie above \
         DeepCubeA's mean.\n"
    );
    for mut chart in charts {
        // DeepCubeA's published point: its own boards, a GPU; its mean over the optimum on
        // 5x5, its mean length past it.
        let (seconds, length) = match chart.side {
            5 => (22.9, 1.0001),
            6 => (45.4, 124.65),
            _ => (144.1, 255.67),
        };
        let deepcubea = "DeepCubeA (its own boards, GPU)".to_string();
        chart.points.push((deepcubea, seconds, length));
        let name = format!("solve-{0}x{0}.svg", chart.side);
        let svg = format!("{}/doc/{}", env!("CARGO_MANIFEST_DIR"), name);
        std::fs::write(&svg, chart.svg()).expect("the chart is written");
        println!(
            "![solve on {}, against mean seconds a board]({})\n",
            chart.title, name
        );
    }

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

/// A chart of mean length against mean seconds a board on one size of board.
struct Chart {
    side: usize,
    /// Which boards, and what length.
    title: String,
    /// What length: the axis's name.
    axis: &'static str,
    /// Each estimate and effort (label, mean seconds a board, mean length).
    points: Vec<(String, f64, f64)>,
    /// The boards' mean lower bound, under which no path of theirs goes, if not the optimum.
    bound: Option<f64>,
}

impl Chart {
    /// The chart in SVG: time on a log scale from 0.1 s to 1,000 s across, length up, a dot and
    /// its label for each point, and the bound as a dashed line.
    fn svg(&self) -> String {
        let Chart {
            title,
            axis,
            points,
            bound,
            ..
        } = self;
        let bound = *bound;
        let (width, height, margin) = (720.0, 420.0, 60.0);
        let lengths = points.iter().map(|p| p.2).chain(bound);
        let low = lengths.clone().fold(f64::MAX, f64::min);
        let high = lengths.fold(f64::MIN, f64::max);
        // Grid lines 1, 2 or 5 times a power of ten apart, about five over the range.
        let rough = (high - low).max(1e-3) / 5.0;
        let power = 10f64.powf(rough.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0]
            .iter()
            .map(|m| m * power)
            .find(|&step| step >= rough)
            .unwrap_or(10.0 * power);
        let (bottom, top) = (
            (low / step).floor() * step,
            (high / step).ceil() * step + step / 2.0,
        );
        let decimals = (-step.log10().floor()).max(0.0) as usize;
        let x = |seconds: f64| margin + (seconds.log10() + 1.0) / 4.0 * (width - 2.0 * margin);
        let y = |length: f64| {
            height - margin - (length - bottom) / (top - bottom) * (height - 2.0 * margin)
        };
        let name = format!("solve on {}", title);
        let centre = width / 2.0;
        let across = "mean seconds a board, log scale";
        let mut svg = svg_start(width, height, margin, &name, centre, across);
        svg += &format!(
            "<text x=\"16\" y=\"{cy}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {cy})\">\
             {axis}</text>\n",
            cy = height / 2.0
        );
        for seconds in [0.1, 1.0, 10.0, 100.0, 1000.0] {
            let label = format!("{} s", seconds);
            svg += &grid_up(x(seconds), margin, height - margin, &label);
        }
        let lines = ((top - bottom) / step).floor() as usize;
        for line in 0..=lines {
            let length = bottom + step * line as f64;
            let label = format!("{:.*}", decimals, length);
            svg += &grid_across(y(length), margin, width - margin, &label);
        }
        if let Some(bound) = bound {
            let at = y(bound);
            svg += &format!(
                "<line x1=\"{m}\" y1=\"{at:.1}\" x2=\"{r}\" y2=\"{at:.1}\" stroke=\"#555\" \
                 stroke-dasharray=\"6 4\"/>\n\
                 <text x=\"{l}\" y=\"{ty:.1}\" fill=\"#555\">these boards' mean lower bound \
                 (Manhattan distance): {bound:.1}</text>\n",
                m = margin,
                r = width - margin,
                l = margin + 6.0,
                ty = at - 6.0
            );
        }
        // Labels from the top down, each at least a line below the one before.
        let mut order: Vec<&(String, f64, f64)> = points.iter().collect();
        order.sort_by(|a, b| b.2.partial_cmp(&a.2).expect("lengths are numbers"));
        let mut last_label = f64::MIN;
        for (label, seconds, length) in order {
            let (px, py) = (x(*seconds), y(*length));
            last_label = (py + 4.0).max(last_label + 14.0);
            let colour = match label.as_str() {
                l if l.starts_with("linear") => "#1f77b4",
                l if l.starts_with("DeepCubeA") => "#d62728",
                _ => "#2ca02c",
            };
            // A label to the right of its dot, or to the left past the middle.
            let (lx, anchor) = match px < width / 2.0 {
                true => (px + 7.0, "start"),
                false => (px - 7.0, "end"),
            };
            svg += &format!(
                "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"4\" fill=\"{colour}\"/>\n\
                 <text x=\"{lx:.1}\" y=\"{ty:.1}\" fill=\"{colour}\" text-anchor=\"{anchor}\">\
                 {label} ({length:.prec$}, {seconds:.2} s)</text>\n",
                ty = last_label,
                prec = decimals + 1
            );
        }
        svg + "</svg>\n"
    }
}
