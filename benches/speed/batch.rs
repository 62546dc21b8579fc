//! 3. A batch: all 362,880 3x3 arrangements through the real `eight` binary in one run.

use std::io::Write;

use engine::exact::bfs::{self, UNREACHABLE};
use engine::exact::cantor::unrank;

use crate::common::line_of;
use crate::measure::{human, Board9, Shell, P1379_GOAL};

pub fn batch(mut shell: Shell) {
    const RUNS: usize = 5;
    let goal = Board9::from_tiles(P1379_GOAL).unwrap();
    let table = bfs::distances(&goal);
    let mut input = Vec::with_capacity(362_880 * 10);
    let mut expected = String::with_capacity(362_880 * 3);
    for (r, &distance) in table.iter().enumerate() {
        input.extend_from_slice(line_of(&unrank::<9>(r)).as_bytes());
        match distance {
            UNREACHABLE => expected.push_str("-1\n"),
            distance => expected.push_str(&format!("{}\n", distance)),
        }
    }
    let walls = shell.wall_times(env!("CARGO_BIN_EXE_eight"), "", &input, &expected, RUNS);
    let peak = shell.finish();

    println!("## Batch: all 362,880 3x3 arrangements through `eight` in one run\n");
    println!(
        "Half are unsolvable. The input is a file of {:.1} MB; the answers are checked against a \
         BFS table. Wall time includes starting the process.\n",
        input.len() as f64 / 1e6
    );
    println!("| Runs | Wall, median | Wall, best | Per case, median | Peak memory |");
    println!("|---:|---:|---:|---:|---:|");
    let median = walls[RUNS / 2];
    println!(
        "| {} | {} | {} | {} | {} |",
        RUNS,
        human(median),
        human(walls[0]),
        human(median / 362_880),
        peak
    );
    println!();
    std::io::stdout().flush().ok();
}
