//! 9. Boards of any size (`sizes`): square boards from 6x6 to 30x30, random ones and ones 300
//!    random moves from the goal, through `solve` at efforts 1 and 2 (one board a process) and
//!    built row by row as `mxn --path` builds them; moves over the lower bound, Manhattan distance
//!    plus linear conflict, with a chart of that against the side written to doc/sizes.svg;
//!    and SPOJ SOLVING's setting: 200 random boards of 3x3 to 10x10 in one input, scored as the
//!    judge scores them.

use engine::search::linear_conflict::lower_bound;

use crate::common::{random_solvable_board, random_walk, Rng};
use crate::measure::{grid_across, grid_up, human, svg_start, Shell};
use crate::mxn::built_moves;
use crate::solve::{solve_boards, solve_once};

/// The sides measured: where the beam search serves, where it starts from the whole board then
/// builds, and where the row-by-row construction serves alone.
const SIDES: [usize; 7] = [6, 8, 10, 12, 16, 20, 30];

/// Boards of each kind on each side.
const BOARDS: usize = 3;

/// The random moves that make a board near the goal, as a person shuffles a large puzzle.
const WALK: usize = 300;

/// SPOJ SOLVING's input: this many boards, each n x n with n uniform in `SPOJ_SIDES`.
const SPOJ_BOARDS: usize = 200;
const SPOJ_SIDES: std::ops::RangeInclusive<usize> = 3..=10;

/// The ways measured, and their arguments to `solve` (`None`: built row by row, in process).
const METHODS: [(&str, Option<&str>); 3] = [
    ("solve", Some("")),
    ("solve --effort 2", Some("--effort 2")),
    ("built row by row (mxn --path)", None),
];

pub fn sizes(mut shell: Shell) {
    let mut rng = Rng::new(84);
    println!("## Boards of any size: moves over the lower bound\n");
    println!(
        "Square boards, {} of each kind on each side: random solvable ones, and ones {} random \
         moves from the goal. Each through `solve` in a process of its own at efforts 1 and 2 \
         (wall time from process start, the moves replayed), and built row by row as `mxn \
         --path` builds them. Moves over the lower bound, Manhattan distance plus linear \
         conflict, summed over the boards.\n",
        BOARDS, WALK
    );
    print!("| Boards | Side |");
    for (name, args) in METHODS {
        match args {
            Some(_) => print!(" {}: moves / bound | median wall |", name),
            None => print!(" {}: moves / bound |", name),
        }
    }
    println!("\n|---|---:|---:|---:|---:|---:|---:|");
    // Each kind's ratios by method, a point per side, for the chart.
    let mut series: Vec<(String, Vec<(usize, f64)>)> = Vec::new();
    for walked in [false, true] {
        let kind = match walked {
            false => "random".to_string(),
            true => format!("{} moves", WALK),
        };
        let mut ratios = vec![Vec::new(); METHODS.len()];
        for side in SIDES {
            let boards: Vec<Vec<u32>> = (0..BOARDS)
                .map(|_| match walked {
                    false => random_solvable_board(side, side, &mut rng),
                    true => random_walk(side, WALK, &mut rng),
                })
                .collect();
            let bound: u64 = boards.iter().map(|b| lower_bound(side, b)).sum();
            print!("| {} | {} |", kind, side);
            for ((_, args), ratios) in METHODS.iter().zip(&mut ratios) {
                let (mut moves, mut walls) = (0, Vec::new());
                for board in &boards {
                    match args {
                        Some(args) => {
                            let (wall, path) = solve_once(&mut shell, args, side, board);
                            moves += path.len();
                            walls.push(wall);
                        }
                        None => moves += built_moves(side, board) as usize,
                    }
                }
                let ratio = moves as f64 / bound as f64;
                ratios.push((side, ratio));
                walls.sort_unstable();
                match walls.get(walls.len() / 2) {
                    Some(&median) => print!(" {:.2} | {} |", ratio, human(median)),
                    None => print!(" {:.2} |", ratio),
                }
            }
            println!();
        }
        for ((name, _), ratios) in METHODS.iter().zip(ratios) {
            series.push((format!("{}, {}", name, kind), ratios));
        }
    }
    std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/doc/sizes.svg"),
        svg(&series),
    )
    .expect("the chart is written");
    println!("\n![moves over the lower bound against the side](sizes.svg)\n");
    spoj_setting(&mut shell, &mut rng);
    println!("Peak memory of those: {}.\n", shell.finish());
}

/// SPOJ SOLVING's setting: `SPOJ_BOARDS` random solvable boards, n x n with n uniform in
/// `SPOJ_SIDES`, as one input; each way's score as the judge gives it (n³ / (moves + 1) a board,
/// summed), its moves over the lower bound on the boards of 6x6 and more, its longest path
/// (the judge takes at most 10,000 moves), and `solve`'s time for the whole input, one process
/// on one thread (the judge gives 1 s).
fn spoj_setting(shell: &mut Shell, rng: &mut Rng) {
    let boards: Vec<(usize, Vec<u32>)> = (0..SPOJ_BOARDS)
        .map(|_| {
            let n = SPOJ_SIDES.start() + rng.below(SPOJ_SIDES.count());
            (n, random_solvable_board(n, n, rng))
        })
        .collect();
    println!(
        "SPOJ SOLVING's setting: {} random solvable boards, n x n with n uniform in {} to {}, \
         as one input. The score is the judge's, n³ / (moves + 1) a board, summed; moves over \
         the lower bound on the boards of 6x6 and more; `solve` as one process on one thread, \
         as the judge runs it (the judge gives 1 s).\n",
        SPOJ_BOARDS,
        SPOJ_SIDES.start(),
        SPOJ_SIDES.end()
    );
    println!("| Way | Score | Moves / bound, 6x6 and more | Longest path | Wall, whole input |");
    println!("|---|---:|---:|---:|---:|");
    let (wall, paths) = solve_boards(shell, "--threads 1", &boards);
    let solved: Vec<u64> = paths.iter().map(|p| p.len() as u64).collect();
    let built: Vec<u64> = boards.iter().map(|(n, b)| built_moves(*n, b)).collect();
    // The boards of 6x6 and more, whose moves are set against their lower bound, once.
    let large: Vec<bool> = boards.iter().map(|(n, _)| *n >= 6).collect();
    let bound: u64 = boards
        .iter()
        .zip(&large)
        .filter(|(_, &large)| large)
        .map(|((n, b), _)| lower_bound(*n, b))
        .sum();
    for (way, moves, wall) in [
        ("solve --threads 1", solved, Some(wall)),
        ("built row by row (mxn --path)", built, None),
    ] {
        let score: f64 = boards
            .iter()
            .zip(&moves)
            .map(|((n, _), &m)| (n * n * n) as f64 / (m + 1) as f64)
            .sum();
        let sum: u64 = moves
            .iter()
            .zip(&large)
            .filter(|(_, &l)| l)
            .map(|(&m, _)| m)
            .sum();
        let longest = moves.iter().max().expect("boards");
        let wall = wall.map_or("(in process)".to_string(), human);
        println!(
            "| {} | {:.1} | {:.2} | {} | {} |",
            way,
            score,
            sum as f64 / bound as f64,
            longest,
            wall
        );
    }
    println!();
}

/// The chart in SVG: the side across, moves over the bound up from 1 on a log scale, a line for
/// each series (solid for random boards, dashed for boards near the goal), each labelled at its
/// right end.
fn svg(series: &[(String, Vec<(usize, f64)>)]) -> String {
    let (width, height, margin, right) = (760.0, 440.0, 60.0, 250.0);
    let (first, last) = (SIDES[0] as f64, SIDES[SIDES.len() - 1] as f64);
    let high = series
        .iter()
        .flat_map(|(_, points)| points.iter().map(|p| p.1))
        .fold(2.0, f64::max)
        .ceil();
    let x = |side: f64| margin + (side - first) / (last - first) * (width - margin - right);
    // A log scale: the random boards' ratios near 2 and 3 stay apart from those near the goal.
    let y = |ratio: f64| height - margin - ratio.ln() / high.ln() * (height - 2.0 * margin);
    let title = "Square boards: moves over the lower bound (Manhattan distance plus linear \
                 conflict), log scale";
    let centre = (width - right) / 2.0;
    let mut svg = svg_start(width, height, margin, title, centre, "side of the board");
    for side in SIDES {
        svg += &grid_up(x(side as f64), margin, height - margin, &side.to_string());
    }
    for ratio in [
        1.0, 1.25, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0, 32.0,
    ] {
        if ratio > high {
            break;
        }
        svg += &grid_across(y(ratio), margin, width - right, &ratio.to_string());
    }
    let colours = ["#1f77b4", "#2ca02c", "#d62728"];
    // Labels at the right, each at least a line below the one above.
    let mut ends: Vec<(f64, usize)> = series
        .iter()
        .enumerate()
        .map(|(i, (_, points))| (y(points[points.len() - 1].1), i))
        .collect();
    ends.sort_by(|a, b| a.0.partial_cmp(&b.0).expect("positions are numbers"));
    let mut last_label = f64::MIN;
    for (end, i) in ends {
        let (label, points) = &series[i];
        let colour = colours[i % colours.len()];
        let dashes = match i < METHODS.len() {
            true => "",
            false => " stroke-dasharray=\"6 4\"",
        };
        let line: Vec<String> = points
            .iter()
            .map(|&(side, ratio)| format!("{:.1},{:.1}", x(side as f64), y(ratio)))
            .collect();
        last_label = (end + 4.0).max(last_label + 14.0);
        svg += &format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"2\"{d}/>\n\
             <text x=\"{lx:.1}\" y=\"{ly:.1}\" fill=\"{c}\">{label}</text>\n",
            line.join(" "),
            c = colour,
            d = dashes,
            lx = width - right + 8.0,
            ly = last_label
        );
    }
    svg + "</svg>\n"
}
