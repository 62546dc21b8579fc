//! 1. Single instances: every solvable 2x3 and 3x3 start and 20,000 random `jiugong` pairs,
//!    solved in process as a judge's single case is (IDA*), parsing excluded.

use engine::board::Board;
use engine::exact::cantor::unrank;
use engine::search::ida_star::{self};

use crate::common::Rng;
use crate::measure::{
    grouped, human, least_time, max, mean, quantile, solvable, Board9, P1379_GOAL,
};

pub fn single_instances() {
    println!("## Single instances (IDA*, each case alone; least of 3 runs each)\n");
    println!("| Instances | Count | Mean | Median | p99 | Max | Mean nodes | Max nodes |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");

    let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
    let cases: Vec<_> = (0..720)
        .map(|r| (Board::from_tiles(unrank(r)).unwrap(), goal))
        .filter(|(start, goal)| solvable(start, goal))
        .collect();
    single_row("2x3, every solvable start, goal 123450", &cases);

    let goal = Board9::from_tiles(P1379_GOAL).unwrap();
    let cases: Vec<_> = (0..362_880)
        .map(|r| (Board9::from_tiles(unrank(r)).unwrap(), goal))
        .filter(|(start, goal)| solvable(start, goal))
        .collect();
    single_row("3x3, every solvable start, goal 123804765", &cases);

    let mut rng = Rng::new(2026);
    let mut cases = Vec::new();
    while cases.len() < 20_000 {
        let start = Board9::from_tiles(rng.arrangement()).unwrap();
        let goal = Board9::from_tiles(rng.arrangement()).unwrap();
        if solvable(&start, &goal) {
            cases.push((start, goal));
        }
    }
    single_row("`jiugong`, 20,000 random solvable pairs", &cases);
    println!();
}

fn single_row<const W: usize, const N: usize>(label: &str, cases: &[(Board<W, N>, Board<W, N>)]) {
    let mut times = Vec::with_capacity(cases.len());
    let mut nodes = Vec::with_capacity(cases.len());
    for (start, goal) in cases {
        let (time, solution) = least_time(3, || ida_star::solve(start, goal, u32::MAX));
        times.push(time);
        nodes.push(solution.expect("a solvable case").nodes);
    }
    let mean_nodes = nodes.iter().sum::<u64>() / nodes.len() as u64;
    times.sort_unstable();
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} |",
        label,
        grouped(cases.len() as u64),
        human(mean(&times)),
        human(quantile(&times, 0.5)),
        human(quantile(&times, 0.99)),
        human(max(&times)),
        grouped(mean_nodes),
        grouped(*nodes.iter().max().unwrap())
    );
}
