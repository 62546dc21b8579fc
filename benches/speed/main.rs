//! `cargo bench`: the engine's speed, printed as markdown tables (doc/performance.md).
//!
//! 1. Single instances: every solvable 2x3 and 3x3 start and 20,000 random `jiugong` pairs,
//!    solved in process as a judge's single case is (IDA*), parsing excluded.
//! 2. The classic approaches of the write-ups, written here as they describe them, on the same
//!    instances as the engine in the same run: the 100 hardest 3x3 starts and 1,000 random ones.
//! 3. A batch: all 362,880 3x3 arrangements through the real `eight` binary in one run.
//! 4. The 15-puzzle: Korf's 100 under each heuristic, the pattern databases' build, and the
//!    real `fifteen` binary on all 100 in one input and on each alone, and on 5,000 random boards
//!    in one input against GNU parallel's two processes; then (`eighty`) the 17
//!    boards that need 80 moves, each alone (about 7 minutes); both with the tables built inside
//!    and with the set `--tables` saves (6-6-3 and 7-8, built once for both, about 5 minutes).
//! 5. POJ 2893: three boards of about a million cells through `mxn`, beside a typical accepted C
//!    solution and a plain Rust one, both compiled here; and `mxn --path`'s constructive paths.
//! 6. `solve`: every shape of up to 16 cells, Korf and Felner's 50 5x5 boards, larger boards,
//!    one board per process.
//! 7. The newer judge problems: `eight_two` on 200 random pairs, and IDA* beside tables;
//!    `eight_graph` on its slowest puzzle, beside a hash map of strings.
//! 8. `solve --optimal` on 5x5 (`optimal5x5`): the 6-6-6-6 tables' build, Korf and Felner's 50
//!    and random-walk boards with their nodes and seconds (about half an hour).
//! 9. Boards of any size (`sizes`): `solve` at two efforts and the row-by-row construction on
//!    square boards from 6x6 to 30x30, moves over the lower bound, with a chart; SPOJ SOLVING's
//!    200 boards of 3x3 to 10x10 as one input, scored as the judge scores them.
//!
//! One file a section (`single.rs`, `classic.rs`, `batch.rs`, `fifteen.rs`, `mxn.rs`,
//! `solve.rs`, `judges.rs`, `optimal_5x5.rs`, `sizes.rs`), the timing and process helpers they
//! share in `measure.rs`.

mod batch;
mod classic;
mod fifteen;
mod judges;
mod measure;
mod mxn;
mod optimal_5x5;
mod single;
mod sizes;
mod solve;

#[path = "../../tests/common/mod.rs"]
mod common;

use measure::{cores, cpu_model, today, Shell};

/// `cargo bench` runs every section; `cargo bench -- single classic batch` names some.
fn main() {
    // First, while this process is small: see `Shell`.
    let shell = Shell::start();
    let fifteen_shell = Shell::start();
    let eighty_shells = [Shell::start(), Shell::start()];
    let mut saved_tables = fifteen::SavedTables::new(Shell::start());
    let mxn_shells = [
        Shell::start(),
        Shell::start(),
        Shell::start(),
        Shell::start(),
    ];
    let solve_shells = [Shell::start(), Shell::start(), Shell::start()];
    let judges_shells = [Shell::start(), Shell::start(), Shell::start()];
    let optimal_5x5_shell = Shell::start();
    let sizes_shell = Shell::start();
    // Cargo adds `--bench`; the other arguments name sections.
    let named: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    const SECTIONS: [&str; 10] = [
        "single",
        "classic",
        "batch",
        "fifteen",
        "eighty",
        "mxn",
        "solve",
        "judges",
        "optimal5x5",
        "sizes",
    ];
    if let Some(unknown) = named.iter().find(|n| !SECTIONS.contains(&n.as_str())) {
        eprintln!(
            "error: no section '{}'; known: {}",
            unknown,
            SECTIONS.join(", ")
        );
        std::process::exit(2);
    }
    let wanted = |section: &str| named.is_empty() || named.iter().any(|n| n == section);
    println!(
        "Run on {} (UTC), CPU: {} ({} cores).\n",
        today(),
        cpu_model(),
        cores()
    );
    if wanted("single") {
        single::single_instances();
    }
    if wanted("classic") {
        classic::classic_approaches();
    }
    if wanted("batch") {
        batch::batch(shell);
    }
    if wanted("fifteen") {
        fifteen::fifteen(fifteen_shell, &mut saved_tables);
    }
    if wanted("eighty") {
        fifteen::eighty(eighty_shells, &mut saved_tables);
    }
    if wanted("mxn") {
        mxn::mxn(mxn_shells);
    }
    if wanted("solve") {
        solve::solve(solve_shells);
    }
    if wanted("judges") {
        judges::judges(judges_shells);
    }
    if wanted("optimal5x5") {
        optimal_5x5::optimal_5x5(optimal_5x5_shell);
    }
    if wanted("sizes") {
        sizes::sizes(sizes_shell);
    }
}
