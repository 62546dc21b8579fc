//! 5. POJ 2893: three boards of about a million cells through `mxn`, beside a typical accepted C
//!    solution and a plain Rust one, both compiled here; and `mxn --path`'s constructive paths.

use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use engine::big_boards::constructive;
use engine::big_boards::finishers::turn_last_block;

use crate::common::{
    manhattan_sum, mxn_case, random_board, random_solvable_board, solvable_by_inversions, Rng,
};
use crate::measure::{grouped, human, Shell};

/// A typical accepted C solution of POJ 2893: `scanf` every number, count inversions with a
/// Fenwick tree, add the blank's rows from the bottom when the width is even.
const POJ_2893_C: &str = r#"#include <stdio.h>
#include <string.h>
static int tree[1000000], a[1000000];
int main(void) {
    int m, n;
    while (scanf("%d %d", &m, &n) == 2 && (m || n)) {
        int cells = m * n, k = 0, blank_row = 0;
        for (int i = 0; i < cells; i++) {
            int x;
            scanf("%d", &x);
            if (x == 0) blank_row = i / n; else a[k++] = x;
        }
        memset(tree, 0, sizeof(int) * (cells + 1));
        long long inversions = 0;
        for (int i = k - 1; i >= 0; i--) {
            for (int j = a[i] - 1; j > 0; j -= j & -j) inversions += tree[j];
            for (int j = a[i]; j < cells; j += j & -j) tree[j]++;
        }
        if (n % 2 == 0) inversions += m - 1 - blank_row;
        puts(inversions % 2 == 0 ? "YES" : "NO");
    }
    return 0;
}
"#;

/// The same in Rust written the typical way: the whole input read into a string, split on
/// white space, each number parsed; a Fenwick tree.
const POJ_2893_RUST: &str = r#"use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut numbers = text.split_whitespace().map(|n| n.parse::<usize>().unwrap());
    let mut out = String::new();
    loop {
        let (m, n) = (numbers.next().unwrap(), numbers.next().unwrap());
        if m == 0 && n == 0 {
            break;
        }
        let cells = m * n;
        let mut tree = vec![0u32; cells + 1];
        let (mut inversions, mut seen, mut blank_row) = (0u64, 0u64, 0);
        for i in 0..cells {
            let x = numbers.next().unwrap();
            if x == 0 {
                blank_row = i / n;
                continue;
            }
            let mut not_greater = 0u64;
            let mut j = x;
            while j > 0 {
                not_greater += tree[j] as u64;
                j &= j - 1;
            }
            inversions += seen - not_greater;
            seen += 1;
            let mut j = x;
            while j <= cells {
                tree[j] += 1;
                j += j & j.wrapping_neg();
            }
        }
        if n % 2 == 0 {
            inversions += (m - 1 - blank_row) as u64;
        }
        out += if inversions % 2 == 0 { "YES\n" } else { "NO\n" };
    }
    print!("{}", out);
}
"#;

/// Compiles `source` (in `language`'s file extension) with `compiler` and `flags` into a
/// program in the temporary folder; `None`, with the reason, if that fails.
fn compile(
    name: &str,
    extension: &str,
    source: &str,
    compiler: &str,
    flags: &[&str],
) -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let source_path = dir.join(format!("{}.{}", name, extension));
    let program = dir.join(name);
    std::fs::write(&source_path, source).map_err(|e| e.to_string())?;
    let status = Command::new(compiler)
        .args(flags)
        .arg("-o")
        .arg(&program)
        .arg(&source_path)
        .status()
        .map_err(|e| format!("no `{}`: {}", compiler, e))?;
    if !status.success() {
        return Err(format!("`{}` failed", compiler));
    }
    Ok(program.to_string_lossy().into_owned())
}

pub fn mxn(shells: [Shell; 4]) {
    const RUNS: usize = 5;
    let mut rng = Rng::new(2893);
    let mut input = String::new();
    let mut expected = String::new();
    for (rows, columns) in [(999, 999), (999, 998), (998, 999)] {
        let tiles = random_board(rows, columns, &mut rng);
        input += &mxn_case(rows, columns, &tiles);
        expected += if solvable_by_inversions(rows, columns, &tiles) {
            "YES\n"
        } else {
            "NO\n"
        };
    }
    input += "0 0\n";
    println!("## POJ 2893: boards of about a million cells\n");
    println!(
        "Three random boards, 999 x 999, 999 x 998 and 998 x 999, in one file of {:.1} MB; every \
         program's answers are checked against inversions counted here. Wall time from process \
         start, median of {} runs.\n",
        input.len() as f64 / 1e6,
        RUNS
    );
    println!("| Program | Wall, median | Wall, best | Peak memory |");
    println!("|---|---:|---:|---:|");
    let [mxn_shell, c_shell, rust_shell, path_shell] = shells;
    let programs = [
        (
            "`mxn`: parity from cycles, O(cells)",
            Ok(env!("CARGO_BIN_EXE_mxn").to_string()),
            mxn_shell,
        ),
        (
            "C, `scanf` and a Fenwick tree (`cc -O2`)",
            compile("poj2893_c", "c", POJ_2893_C, "cc", &["-O2"]),
            c_shell,
        ),
        (
            "Rust, `split_whitespace`, `parse` and a Fenwick tree (`rustc -O`)",
            compile(
                "poj2893_rust",
                "rs",
                POJ_2893_RUST,
                "rustc",
                &["-O", "--edition", "2021"],
            ),
            rust_shell,
        ),
    ];
    for (name, program, mut shell) in programs {
        match program {
            Ok(program) => {
                let walls = shell.wall_times(&program, "", input.as_bytes(), &expected, RUNS);
                let peak = shell.finish();
                println!(
                    "| {} | {} | {} | {} |",
                    name,
                    human(walls[RUNS / 2]),
                    human(walls[0]),
                    peak
                );
            }
            Err(why) => {
                shell.finish();
                println!("| {} | not run: {} | | |", name, why);
            }
        }
    }

    println!(
        "\n`mxn --path` builds a solution instead of searching: moves over the tiles' total \
         Manhattan distance from home (a lower bound on any solution), mean over random solvable \
         boards, solved in process.\n"
    );
    println!("| Board | Boards | Mean moves | Moves / distance | Time per board |");
    println!("|---|---:|---:|---:|---:|");
    for (rows, columns, count) in [
        (3, 3, 1000),
        (4, 4, 1000),
        (10, 10, 100),
        (30, 30, 20),
        (100, 100, 5),
        (300, 300, 2),
    ] {
        let (mut moves, mut distance, mut time) = (0u64, 0u64, Duration::ZERO);
        for _ in 0..count {
            let tiles = random_solvable_board(rows, columns, &mut rng);
            distance += manhattan_sum(columns, &tiles);
            let start = Instant::now();
            moves += built_moves(columns, &tiles);
            time += start.elapsed();
        }
        println!(
            "| {} x {} | {} | {} | {:.2} | {} |",
            rows,
            columns,
            count,
            grouped(moves / count),
            moves as f64 / distance as f64,
            human(time / count as u32)
        );
    }
    let tiles = random_solvable_board(100, 100, &mut rng);
    let mut path = String::new();
    constructive::solve(100, &tiles, 4, turn_last_block, |m| {
        path.push(m.letter());
        true
    });
    let input = mxn_case(100, 100, &tiles) + "0 0\n";
    let expected = format!("YES\n{}\n", path);
    let mut shell = path_shell;
    let walls = shell.wall_times(
        env!("CARGO_BIN_EXE_mxn"),
        "--path",
        input.as_bytes(),
        &expected,
        RUNS,
    );
    println!(
        "\n`mxn --path` on one random solvable 100 x 100 board, whole process ({} moves printed): \
         median {}, best {}; peak memory {}.\n",
        grouped(path.len() as u64),
        human(walls[RUNS / 2]),
        human(walls[0]),
        shell.finish()
    );
    std::io::stdout().flush().ok();
}

/// How many moves `mxn --path` builds for the solvable board `tiles` (`columns` to a row).
pub fn built_moves(columns: usize, tiles: &[u32]) -> u64 {
    let mut moves = 0;
    let tally = |_| {
        moves += 1;
        true
    };
    assert!(constructive::solve(
        columns,
        tiles,
        4,
        turn_last_block,
        tally
    ));
    moves
}
