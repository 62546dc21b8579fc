//! The bundler: every judge binary's bundle is one file under 64 KB that keeps its items' docs
//! and compiles alone without warnings under editions 2015, 2018 and 2021, with the current
//! `rustc` and with `OLD_RUSTC` when that names an old compiler; the LeetCode form answers every
//! 2x3 board as the `sliding` binary does.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use common::{grouped, line_of, random_board, rows_of, run_with, solvable_by_inversions, Rng};

use engine::exact::cantor::{factorial, unrank};

const BUNDLE: &str = env!("CARGO_BIN_EXE_bundle");

/// The bundles' limits, as the bundler holds them.
#[path = "../bin/bundle/limits.rs"]
mod limits;
use limits::{LARGEST, LIMITS};

const SLIDING: &str = env!("CARGO_BIN_EXE_sliding");

/// The compilers to prove the bundles on: `rustc`, and `OLD_RUSTC` if set.
fn compilers() -> Vec<String> {
    let mut compilers = vec!["rustc".to_string()];
    compilers.extend(std::env::var("OLD_RUSTC").ok().filter(|c| !c.is_empty()));
    compilers
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `compiler` on `source` alone as `edition`, warnings denied, with `options`, writing
/// `output`; fails the test on any error or warning.
fn rustc(compiler: &str, edition: &str, source: &Path, options: &[&str], output: &Path) {
    let result = Command::new(compiler)
        .args(["--edition", edition, "-D", "warnings"])
        .args(options)
        .arg("-o")
        .arg(output)
        .arg(source)
        .output()
        .unwrap();
    let errors = String::from_utf8_lossy(&result.stderr);
    assert!(
        result.status.success() && errors.is_empty(),
        "{} --edition {} {}:\n{}",
        compiler,
        edition,
        source.display(),
        errors
    );
}

/// Compiles `source` into a program under edition 2021, unoptimised and overflow checked (the
/// tests give it small inputs); returns the program.
fn unoptimised(compiler: &str, source: &Path) -> PathBuf {
    let program = source.with_extension(format!("{}.bin", compiler.replace('/', "_")));
    rustc(compiler, "2021", source, &["-Copt-level=0"], &program);
    program
}

/// Checks `source` without building a program.
fn check(compiler: &str, edition: &str, source: &Path) {
    let compiled_by = compiler.replace('/', "_");
    let metadata = source.with_extension(format!("{}.{}.rmeta", compiled_by, edition));
    rustc(compiler, edition, source, &["--emit=metadata"], &metadata);
}

/// Whether `line` begins an item that may carry a doc comment.
fn is_item_head(line: &str) -> bool {
    let line = line.trim_start();
    let line = line.strip_prefix("pub ").unwrap_or(line);
    [
        "fn ", "struct ", "enum ", "trait ", "const ", "static ", "type ", "impl",
    ]
    .iter()
    .any(|start| line.starts_with(start))
}

/// `line` with each four spaces of its indent made a tab.
fn tabbed(line: &str) -> String {
    let spaces = line.len() - line.trim_start_matches(' ').len();
    "\t".repeat(spaces / 4) + &line[spaces - spaces % 4..]
}

/// The doc comment and attribute lines right above line `at` of `lines`.
fn docs_above<'a>(lines: &[&'a str], at: usize) -> Vec<&'a str> {
    let mut docs: Vec<&str> = lines[..at]
        .iter()
        .rev()
        .take_while(|line| {
            let line = line.trim_start();
            line.starts_with("///") || line.starts_with("#[")
        })
        .copied()
        .collect();
    docs.reverse();
    docs
}

/// `docs` as a bundle keeps them: without the example, which ends every doc that has one (its
/// heading, the empty doc line before that, and the code block after).
fn without_example(docs: Vec<String>) -> Vec<String> {
    match docs.iter().position(|d| d.trim_start() == "/// # Example") {
        Some(heading) => {
            let fences = docs[heading..]
                .iter()
                .filter(|d| d.contains("/// ```"))
                .count();
            assert_eq!(fences, 2, "an example is the end of its doc: {:?}", docs);
            let attributes = docs
                .iter()
                .skip_while(|d| !d.trim_start().starts_with("#["));
            let mut kept = docs[..heading - 1].to_vec();
            kept.extend(attributes.cloned());
            kept
        }
        None => docs,
    }
}

/// Runs the bundler with `args`; returns what it printed.
fn bundler(args: &[&str]) -> String {
    let output = Command::new(BUNDLE).args(args).output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "bundle {:?}: {}", args, errors);
    String::from_utf8(output.stdout).unwrap()
}

/// The `.rs` files in `dir` and the folders below it.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        match path.is_dir() {
            true => files.extend(sources(&path)),
            false => files.extend(Some(path).filter(|p| p.extension() == Some("rs".as_ref()))),
        }
    }
    files
}

#[test]
fn every_bundle_is_one_file_that_compiles_alone() {
    let dir = scratch_dir("bundles");
    bundler(&["--all", dir.to_str().unwrap()]);
    let mut names: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/bin"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|file| file.ends_with(".rs") && file != "solve.rs")
        .collect();
    names.sort();
    let expected = [
        "blank_first.rs",
        "distant.rs",
        "eight.rs",
        "eight_graph.rs",
        "eight_grid.rs",
        "eight_path.rs",
        "eight_steps.rs",
        "eight_two.rs",
        "eight_uva.rs",
        "eleven.rs",
        "fifteen.rs",
        "fifteen_lex.rs",
        "fifteen_path.rs",
        "fifteen_scatter.rs",
        "jiugong.rs",
        "mxn.rs",
        "rectangle.rs",
        "sliding.rs",
        "square_path.rs",
    ];
    assert_eq!(names, expected);
    // Every engine line that begins an item, with the docs above it, if it is found once, all
    // indented with tabs as bundles are.
    let mut engine_items: Vec<(String, Vec<String>)> = Vec::new();
    for path in sources(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))) {
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            if is_item_head(line) {
                // A `cfg(not(feature))` line goes from a bundle, the item it marks kept.
                let mut docs = docs_above(&lines, at);
                docs.retain(|d| !d.trim_start().starts_with("#[cfg(not(feature"));
                let docs = docs.iter().map(|d| tabbed(d)).collect();
                engine_items.push((tabbed(line), without_example(docs)));
            }
        }
    }
    let mut checks = Vec::new();
    for name in names {
        let path = dir.join(&name);
        let text = std::fs::read_to_string(&path).unwrap();
        // Doc examples are the engine's tests, which name the engine crate: they go.
        assert!(
            !text.contains("# Example") && !text.contains("```"),
            "{}",
            name
        );
        let code: String = text
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect();
        for banned in [
            "mod tests",
            "#[cfg(test)]",
            "engine::",
            "extern crate",
            "allow(dead_code)",
            // The `tables` feature: a judge keeps no files.
            "feature = \"tables\"",
            "mod saved {",
            "mod large {",
        ] {
            assert!(!code.contains(banned), "{} contains {:?}", name, banned);
        }
        // A header of whole sentences, `//!` docs only at the top of a module.
        assert!(text.starts_with("// "), "{} has no header comment", name);
        assert!(text.contains("\n// One file to submit to a judge, made by `cargo run"));
        let lines: Vec<&str> = text.lines().collect();
        for (at, pair) in lines.windows(2).enumerate() {
            let inner_doc_may_follow = pair[0].starts_with("mod ") || pair[0].starts_with("//!");
            assert!(
                !pair[1].starts_with("//!") || inner_doc_may_follow,
                "{}:{}: an inner doc outside a module's top",
                name,
                at + 2
            );
        }
        let (limit, may_leave_out) = limits::limit(name.trim_end_matches(".rs"));
        assert!(
            text.len() + limits::MARGIN <= limit,
            "{} is {} bytes, less than {} under its limit of {}",
            name,
            text.len(),
            limits::MARGIN,
            limit
        );
        // Below that, every item keeps its docs and attributes.
        let docs_kept = !text.contains(" are left out.");
        assert!(docs_kept || may_leave_out, "{} lost its docs", name);
        // Where the header says so, the engine's lines lose their tabs; else they keep them.
        let indented = !text.contains(" are not indented ");
        let flat = |line: &str| line.trim_start_matches('\t').to_string();
        if docs_kept {
            let mut compared = 0;
            for (at, line) in lines.iter().enumerate() {
                let source: Vec<_> = engine_items
                    .iter()
                    .filter(|(l, _)| flat(l) == flat(line))
                    .collect();
                if let [(_, docs)] = source[..] {
                    let docs: Vec<String> = docs.iter().map(|d| flat(d)).collect();
                    let above: Vec<String> =
                        docs_above(&lines, at).iter().map(|d| flat(d)).collect();
                    assert_eq!(above, docs, "{}: {}", name, line);
                    compared += 1;
                }
            }
            // Items at every depth were found, methods (a tab in) among them.
            assert!(compared >= 20, "{}: only {} items compared", name, compared);
        }
        assert_eq!(
            text.contains("\n\tpub fn "),
            indented,
            "{} is indented with tabs as its header says",
            name
        );
        for compiler in compilers() {
            for edition in ["2015", "2018", "2021"] {
                checks.push((compiler.clone(), edition, path.clone()));
            }
        }
    }
    // Every edition, old compiler and new, without a warning: a check on each core.
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some((compiler, edition, path)) = checks.get(next.fetch_add(1, Relaxed)) {
                    check(compiler, edition, path);
                }
            });
        }
    });
}

/// The README gives each bundle limit the test holds the bundles to, in bytes.
#[test]
fn the_readme_gives_the_bundles_limits_in_bytes() {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let limits = LIMITS.iter().map(|&(_, bytes, _)| bytes).chain([LARGEST]);
    for bytes in limits {
        let stated = format!("{} bytes", grouped(bytes as u64));
        assert!(
            readme.contains(&stated),
            "the README does not say {}",
            stated
        );
    }
}

#[test]
fn an_unknown_name_lists_the_known_ones() {
    let output = Command::new(BUNDLE).arg("nine").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: no judge program 'nine'; known: blank_first, distant, eight, eight_graph, eight_grid, eight_path, eight_steps, eight_two, eight_uva, eleven, fifteen, fifteen_lex, fifteen_path, fifteen_scatter, jiugong, mxn, rectangle, sliding, square_path\n"
    );
    assert!(output.stdout.is_empty());
}

/// LeetCode supplies `struct Solution` and calls `sliding_puzzle`; a small `main` does that for
/// boards read from standard input, one line of six digits each.
const LEETCODE_CALLER: &str = r#"
pub struct Solution;

fn main() {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines() {
        let digits: Vec<i32> = line.unwrap().bytes().map(|b| i32::from(b - b'0')).collect();
        let board = vec![digits[..3].to_vec(), digits[3..].to_vec()];
        println!("{}", Solution::sliding_puzzle(board));
    }
}
"#;

#[test]
fn the_leetcode_form_answers_every_2x3_board_as_the_sliding_binary_does() {
    let text = bundler(&["sliding", "--leetcode"]);
    assert!(text.contains("impl Solution") && !text.contains("fn main"));
    let source = scratch_dir("leetcode").join("sliding_leetcode.rs");
    std::fs::write(&source, text + LEETCODE_CALLER).unwrap();
    let boards: String = (0..factorial(6))
        .map(|r| line_of(&unrank::<6>(r)))
        .collect();
    let expected = run_with(SLIDING, &[], boards.as_bytes()).0;
    assert!(expected.status.success());
    assert_eq!(expected.stdout.iter().filter(|&&b| b == b'\n').count(), 720);
    // LeetCode's Rust ran edition 2018 for years; the form must compile under both.
    for compiler in compilers() {
        check(&compiler, "2018", &source);
        let program = unoptimised(&compiler, &source);
        let answers = run_with(program.to_str().unwrap(), &[], boards.as_bytes()).0;
        assert!(answers.status.success());
        assert_eq!(answers.stdout, expected.stdout, "{}", compiler);
    }
}

/// Codewars calls `slide_puzzle`; a small `main` does that for boards read from standard input,
/// a board a line, its side then its tiles, and prints the tiles that slide, or `None`.
const CODEWARS_CALLER: &str = r#"
fn main() {
    use std::io::BufRead;
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let numbers: Vec<u8> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
        let side = usize::from(numbers[0]);
        let board: Vec<Vec<u8>> = numbers[1..].chunks(side).map(|row| row.to_vec()).collect();
        match slide_puzzle(&board) {
            Some(slid) => {
                let slid: Vec<String> = slid.iter().map(|tile| tile.to_string()).collect();
                println!("{}", slid.join(" "));
            }
            None => println!("None"),
        }
    }
}
"#;

/// Codewars' form of `square_path` compiles as a library under every edition on both compilers,
/// warnings denied, and solves the kata's three sample boards and random boards of 3x3 to
/// 10x10: the tiles it names, slid in turn into the blank beside them, reach the goal; `None`
/// where the inversion rule says no moves do.
#[test]
fn the_codewars_form_names_the_tiles_that_slide_to_the_goal() {
    let text = bundler(&["square_path", "--codewars"]);
    let entry = "pub fn slide_puzzle(arr: &[Vec<u8>]) -> Option<Vec<u8>>";
    assert!(text.contains(entry) && !text.contains("fn main"));
    let dir = scratch_dir("codewars");
    let library = dir.join("square_path_codewars.rs");
    std::fs::write(&library, &text).unwrap();
    let source = dir.join("square_path_codewars_called.rs");
    std::fs::write(&source, text + CODEWARS_CALLER).unwrap();
    let mut boards: Vec<Vec<u32>> = vec![
        vec![4, 1, 3, 2, 8, 0, 7, 6, 5],
        vec![10, 3, 6, 4, 1, 5, 8, 0, 2, 13, 7, 15, 14, 9, 12, 11],
        vec![
            3, 7, 14, 15, 10, 1, 0, 5, 9, 4, 16, 2, 11, 12, 8, 17, 6, 13, 18, 20, 21, 22, 23, 19,
            24,
        ],
    ];
    let mut rng = Rng::new(773);
    for side in 3..=10 {
        for _ in 0..3 {
            boards.push(random_board(side, side, &mut rng));
        }
    }
    let side_of = |board: &[u32]| (2..).find(|side| side * side == board.len()).unwrap();
    let input: String = boards
        .iter()
        .map(|board| format!("{} {}", side_of(board), rows_of(board.len(), board)))
        .collect();
    for compiler in compilers() {
        let compiled_by = compiler.replace('/', "_");
        for edition in ["2015", "2018", "2021"] {
            let rlib = library.with_extension(format!("{}.{}.rmeta", compiled_by, edition));
            rustc(
                &compiler,
                edition,
                &library,
                &["--crate-type=lib", "--emit=metadata"],
                &rlib,
            );
        }
        let program = unoptimised(&compiler, &source);
        let output = run_with(program.to_str().unwrap(), &[], input.as_bytes()).0;
        assert!(output.status.success());
        let answers = String::from_utf8(output.stdout).unwrap();
        assert_eq!(answers.lines().count(), boards.len());
        let mut solved = 0;
        for (board, answer) in boards.iter().zip(answers.lines()) {
            let side = side_of(board);
            if !solvable_by_inversions(side, side, board) {
                assert_eq!(answer, "None");
                continue;
            }
            let goal: Vec<u32> = (1..board.len() as u32).chain([0]).collect();
            assert_eq!(after_slides(side, board, answer), Some(goal), "{:?}", board);
            solved += 1;
        }
        assert!(solved >= 14, "{} solved", solved);
    }
}

/// The board `tiles`, `side` wide, once the tiles `slid` (numbers separated by spaces) slide in
/// turn into the blank; `None` if one is not beside it.
fn after_slides(side: usize, tiles: &[u32], slid: &str) -> Option<Vec<u32>> {
    let mut board = tiles.to_vec();
    for tile in slid.split_whitespace() {
        let tile: u32 = tile.parse().ok().filter(|&tile| tile != 0)?;
        let at = board.iter().position(|&t| t == tile)?;
        let blank = board.iter().position(|&t| t == 0)?;
        let in_a_row = at / side == blank / side && (at + 1 == blank || blank + 1 == at);
        if !in_a_row && at + side != blank && blank + side != at {
            return None;
        }
        board.swap(at, blank);
    }
    Some(board)
}

/// A bundle compiled alone answers `--version` as its program does: Cargo's version, which the
/// bundler writes in.
#[test]
fn a_bundle_answers_version_as_its_program_does() {
    let source = scratch_dir("version").join("sliding.rs");
    std::fs::write(&source, bundler(&["sliding"])).unwrap();
    let program = unoptimised("rustc", &source);
    let bundled = run_with(program.to_str().unwrap(), &["--version"], b"").0;
    let expected = run_with(SLIDING, &["--version"], b"").0;
    assert!(bundled.status.success() && expected.status.success());
    let version = format!("sliding {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(String::from_utf8_lossy(&expected.stdout), version);
    assert_eq!(bundled.stdout, expected.stdout);
}

/// `--all` checks every place before it writes any: a folder where a bundle goes is named, and
/// nothing is written; with it gone, every bundle is written whole, no temporary file left.
#[test]
fn all_bundles_are_written_whole_or_not_at_all() {
    let dir = scratch_dir("bundles-in-the-way");
    let _ = std::fs::remove_dir_all(&dir);
    let in_the_way = dir.join("fifteen.rs");
    std::fs::create_dir_all(&in_the_way).unwrap();
    let output = Command::new(BUNDLE)
        .args(["--all", dir.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let expected = format!(
        "error: {} is in the way: it is not a file\n",
        in_the_way.display()
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), expected);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "nothing written"
    );
    std::fs::remove_dir(&in_the_way).unwrap();
    bundler(&["--all", dir.to_str().unwrap()]);
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    assert_eq!(written.len(), 19, "{:?}", written);
    assert!(
        written.iter().all(|name| name.ends_with(".rs")),
        "{:?}",
        written
    );
    let fifteen = std::fs::read_to_string(in_the_way).unwrap();
    assert_eq!(fifteen, bundler(&["fifteen"]));
}
