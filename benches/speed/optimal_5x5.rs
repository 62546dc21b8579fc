//! 8. `solve --optimal` on 5x5 (`optimal5x5`): first the guide's easy 43-move board, each run a
//!    process of its own without tables, which must end before a beam search would start; then
//!    the 6-6-6-6 tables built and saved by the program in a process of its own, with its peak memory and the file's size; then Korf and
//!    Felner's 50 and two sets of random-walk boards, each searched in this process under the
//!    saved tables on every core: Korf and Felner's until an iteration is forecast to pass a cap
//!    of nodes, the walks until their nodes pass one. A board solved shows its nodes and
//!    seconds; a board cut off, the bound it reached and, where its optimal length is published,
//!    an estimate of its nodes and time from the growth of its iterations.

use std::time::{Duration, Instant};

use engine::board::Board;
use engine::pdb::additive::PatternDb;
use engine::pdb::large::PARTITION_6666;
use engine::pdb::ready::saved_6666;
use engine::pdb::saved;
use engine::search::ida_star::Iterations;
use engine::solvers::any_shape::BEAM_AFTER;

use crate::common::{korf_felner_50, manhattan_sum, random_walk, Rng};
use crate::measure::{cores, grouped, human, Shell};
use crate::solve::solve_once;

/// The most nodes one of Korf and Felner's boards is searched for: about 30 s on two cores.
const KORF_CAP: u64 = 1_200_000_000;

/// The most nodes a random-walk board is searched for, within an iteration if need be: about a
/// minute, the target for the median board.
const WALK_CAP: u64 = 2_400_000_000;

/// The random-walk boards of each set, made as DeepCubeA made its test boards.
const WALKS: usize = 10;

/// The runs of the easy board, each a process.
const EASY_RUNS: usize = 9;

/// The guide's 43-move board (`testdata/solve-optimal.in`) under `solve --optimal` without
/// tables, a process a run: searched first, it ends before the beam search that a long search
/// starts meanwhile would ([`BEAM_AFTER`]).
fn easy_board_first(shell: &mut Shell) {
    let input = std::fs::read("testdata/solve-optimal.in").expect("the guide's board");
    let expected = std::fs::read_to_string("testdata/solve-optimal.out").expect("its path");
    let solve = env!("CARGO_BIN_EXE_solve");
    let walls = shell.wall_times(solve, "--optimal", &input, &expected, EASY_RUNS);
    let median = walls[EASY_RUNS / 2];
    assert!(
        median < BEAM_AFTER,
        "the easy board took {}, past the beam search's start",
        human(median)
    );
    println!(
        "The guide's 43-move board (`testdata/solve-optimal.in`), `solve --optimal` without \
         tables, a process a run: median {} of {} runs (fastest {}, slowest {}); a beam search \
         would start at {}.\n",
        human(median),
        EASY_RUNS,
        human(walls[0]),
        human(walls[EASY_RUNS - 1]),
        human(BEAM_AFTER)
    );
}

/// What the search of one board came to.
struct Searched {
    /// The path's length, if it was found within the cap.
    moves: Option<usize>,
    nodes: u64,
    time: Duration,
    /// The bound of the next iteration.
    bound: u32,
    /// How many times the nodes of the last iteration the next is likely to take.
    growth: f64,
    /// The nodes of the last iteration.
    last: u64,
}

impl Searched {
    /// The nodes and time the board would take to its optimal length `optimal`: those spent,
    /// and each iteration left, to the last one whole, grown by the last growth.
    fn estimate(&self, optimal: usize) -> (f64, Duration) {
        let left = (optimal as u32).saturating_sub(self.bound) / 2 + 1;
        let mut nodes = self.nodes as f64;
        let mut iteration = self.last as f64;
        for _ in 0..left {
            iteration *= self.growth;
            nodes += iteration;
        }
        let rate = self.nodes as f64 / self.time.as_secs_f64();
        (nodes, Duration::from_secs_f64(nodes / rate))
    }
}

/// Where a search of a board stops short of its path.
#[derive(Clone, Copy)]
enum Cap {
    /// Before an iteration forecast to take its nodes past this many: its iterations are whole,
    /// for the estimate of those left.
    Forecast(u64),
    /// Once its nodes pass this many, within an iteration if need be: the nodes a board is
    /// given to be proved in.
    Nodes(u64),
}

/// `tiles` searched under `db` and `rules` on every core until solved, or until `cap`.
fn search(
    db: &PatternDb<5, 25, 4>,
    rules: &'static engine::search::move_rules::MoveRules,
    tiles: &[u32],
    cap: Cap,
) -> Searched {
    let cells: [u8; 25] = std::array::from_fn(|i| tiles[i] as u8);
    let start = Board::<5, 25>::from_tiles(cells).expect("a board");
    let rules = engine::search::move_rules::GrowingRules::from(rules);
    let mut search = Iterations::new(&start, db, rules, u32::MAX);
    let (started, mut last, mut growth) = (Instant::now(), 0, 0.0);
    let node_limit = match cap {
        Cap::Forecast(_) => u64::MAX,
        Cap::Nodes(nodes) => nodes,
    };
    loop {
        let before = search.nodes();
        let end = search.run_iteration(cores(), node_limit);
        let cut = match (&end, cap) {
            (Some(end), _) => end.is_err(),
            (None, Cap::Forecast(nodes)) => {
                search.nodes().saturating_add(search.forecast()) > nodes
            }
            (None, Cap::Nodes(_)) => false,
        };
        if end.is_none() {
            last = search.nodes() - before;
            growth = search.forecast() as f64 / last.max(1) as f64;
        }
        if end.is_some() || cut {
            return Searched {
                moves: end
                    .and_then(Result::ok)
                    .map(|solution| solution.moves.len()),
                nodes: search.nodes(),
                time: started.elapsed(),
                bound: search.bound(),
                growth,
                last,
            };
        }
    }
}

pub fn optimal_5x5(mut shell: Shell) {
    println!("## `solve --optimal`: the fewest moves on 5x5\n");
    easy_board_first(&mut shell);
    let folder = std::env::temp_dir().join(format!("solve-bench-5x5-{}", std::process::id()));
    let korf: Vec<(usize, Vec<u32>)> = korf_felner_50()
        .into_iter()
        .map(|(optimal, tiles)| (optimal, tiles.iter().map(|&t| u32::from(t)).collect()))
        .collect();
    // Board 40 needs the tables, and takes under a second with them.
    let (optimal, tiles) = &korf[39];
    let args = format!("--optimal --quiet --tables '{}'", folder.display());
    let (built, moves) = solve_once(&mut shell, &args, 5, tiles);
    assert_eq!(moves.len(), *optimal);
    let file = saved::file(&folder, &PARTITION_6666);
    let size = std::fs::metadata(&file).expect("the saved tables").len();
    println!(
        "`solve --optimal --tables` built and saved the 6-6-6-6 tables ({} MB on disk) and \
         answered Korf and Felner's board 40 ({} moves) in {}, in a peak memory of {}.\n",
        size / 1_000_000,
        optimal,
        human(built),
        shell.finish()
    );

    let started = Instant::now();
    let (db, rules) = saved_6666(Some(&folder), cores());
    println!(
        "Loaded in this process in {}. Each board below is searched under them on {} threads, \
         until the next iteration is forecast to pass {} nodes; a board cut off there shows the \
         bound reached and, from its optimal length and the growth of its last iteration over \
         the one before, its nodes and time to the end of the last iteration.\n",
        human(started.elapsed()),
        cores(),
        grouped(KORF_CAP)
    );
    println!("| Board | Moves | Nodes | Time | Nodes a second |");
    println!("|---|---:|---:|---:|---:|");
    let (mut solved, mut longer, mut times) = (0, Vec::new(), Vec::new());
    for (i, (optimal, tiles)) in korf.iter().enumerate() {
        let searched = search(&db, rules, tiles, Cap::Forecast(KORF_CAP));
        let rate = searched.nodes as f64 / searched.time.as_secs_f64() / 1e6;
        match searched.moves {
            Some(moves) => {
                assert_eq!(moves, *optimal, "Korf and Felner's board {}", i + 1);
                solved += 1;
                times.push(searched.time);
                println!(
                    "| Korf and Felner {} | {} | {} | {} | {:.1} million |",
                    i + 1,
                    moves,
                    grouped(searched.nodes),
                    human(searched.time),
                    rate
                );
            }
            None => {
                let (nodes, time) = searched.estimate(*optimal);
                times.push(time);
                if time > Duration::from_secs(3600) {
                    longer.push(i + 1);
                }
                println!(
                    "| Korf and Felner {} | {} (cut off at bound {}) | about {:.1e} | about {} | {:.1} million |",
                    i + 1,
                    optimal,
                    searched.bound,
                    nodes,
                    human(time),
                    rate
                );
            }
        }
    }
    times.sort_unstable();
    println!(
        "\nKorf and Felner's 50: {} solved within the cap; the median board, solved or \
         estimated, {}; estimated over an hour: {:?}.\n",
        solved,
        human(times[times.len() / 2]),
        longer
    );

    let mut rng = Rng::new(1912);
    let sets = [
        ("1,000 to 10,000", 1000, 10_000),
        (
            "1,000 (a mean Manhattan distance near DeepCubeA's boards' 65)",
            1000,
            1000,
        ),
    ];
    for (what, least, most) in sets {
        let boards: Vec<Vec<u32>> = (0..WALKS)
            .map(|_| random_walk(5, least + rng.below(most - least + 1), &mut rng))
            .collect();
        let distance: u64 = boards.iter().map(|tiles| manhattan_sum(5, tiles)).sum();
        println!(
            "{} random-walk boards of {} random moves from the goal (each of the four alike, a \
             move off the edge doing nothing), a mean Manhattan distance of {:.1}, each searched \
             until solved or past {} nodes, within an iteration if need be:\n",
            WALKS,
            what,
            distance as f64 / WALKS as f64,
            grouped(WALK_CAP)
        );
        println!("| Board | Moves | Nodes | Time |");
        println!("|---|---:|---:|---:|");
        let mut results = Vec::new();
        for (i, tiles) in boards.iter().enumerate() {
            let searched = search(&db, rules, tiles, Cap::Nodes(WALK_CAP));
            let moves = match searched.moves {
                Some(moves) => moves.to_string(),
                None => format!("cut off at bound {}", searched.bound),
            };
            // A board cut off counts as slower than any solved.
            let time = match searched.moves {
                Some(_) => searched.time,
                None => Duration::MAX,
            };
            results.push((time, searched.nodes));
            println!(
                "| walk {} | {} | {} | {} |",
                i + 1,
                moves,
                grouped(searched.nodes),
                human(searched.time)
            );
        }
        results.sort_unstable();
        let median = match results[WALKS / 2] {
            (Duration::MAX, _) => "beyond the cap".to_string(),
            (time, nodes) => format!("{} and {} nodes", human(time), grouped(nodes)),
        };
        println!("\nThe median board: {}.\n", median);
    }
    std::fs::remove_dir_all(&folder).ok();
}
