//! Bundles a judge binary and the engine items it reaches into one source file for a judge.
//!
//! `bundle NAME` prints the bundle of `bin/NAME.rs`; `bundle --all DIR` writes `DIR/NAME.rs` for
//! every judge binary; `bundle sliding --leetcode` prints LeetCode's form (an `impl Solution`
//! and no `main`), `bundle square_path --codewars` Codewars' (`fn slide_puzzle`); `bundle
//! --help` prints the usage and the programs. Bad arguments are an `error:` line and exit status
//! 2, and output goes through the judge programs' writer, so a full disk or a closed pipe ends as
//! it does for them.
//!
//! The bundle is the binary's source, then each engine module it reaches as `mod NAME { ... }`
//! holding only the items reached: the modules of the engine's folders (`src/search/ida_star.rs`)
//! stand at the bundle's top level, by their own names, which are unique; `engine::` paths
//! become `crate::` paths, with the folder left out (`crate::ida_star::`); and tests
//! (`#[cfg(test)]` items, doc examples) go. Reaching is worked out on tokens, not types, erring
//! on the side of keeping: an item of a module is reached when reached code names it (in its own
//! module, through a `use` of it, or as `module::name`); a method or associated constant of an
//! inherent impl when its type is reached and reached code names it anywhere; a trait impl whole
//! when its type and its trait (or a std trait) are reached; and a `use` keeps the names its
//! module's kept code names. Every kept item keeps its doc comments and comments, and every line
//! is indented with a tab for each four spaces (string literals untouched), which makes the 3x3
//! bundles a seventh smaller. The sources must be formatted by rustfmt: an item's text is taken
//! as whole lines, from the line after the item before it.
//!
//! One file a stage: `source.rs` reads the sources as a judge gets them, `tokens.rs` lexes them,
//! `items.rs` parses their items, `reach.rs` finds what the binary reaches, `write.rs` writes
//! the bundle; `limits.rs` holds each program's limit, past which a bundle is refused.

mod items;
mod limits;
mod reach;
mod source;
mod tokens;
mod write;

use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::ExitCode;

use engine::io::cli::{self, usage, Run};
use engine::quote::quoted;

use items::Module;
use reach::reach;
use source::read;
use write::{renamed, render, LeftOut};

/// The crate name of the engine, as the binaries refer to it.
const ENGINE: &str = "engine";

/// LeetCode 773's entry point: LeetCode supplies `struct Solution` and calls this.
const LEETCODE_SLIDING: &str = r#"//! LeetCode 773 "Sliding Puzzle", in LeetCode's form: LeetCode supplies `struct Solution`.

use engine::exact::bfs::Distances;
use engine::board::Board;

impl Solution {
    pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
        let mut tiles = [u8::MAX; 6];
        for (slot, &tile) in tiles.iter_mut().zip(board.iter().flatten()) {
            *slot = tile as u8;
        }
        let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).expect("the goal is an arrangement");
        match Board::<3, 6>::from_tiles(tiles) {
            Ok(start) => Distances::new().distance(&start, &goal).map_or(-1, |d| d as i32),
            Err(_) => -1,
        }
    }
}
"#;

/// Codewars' "Sliding Puzzle Solver" (kata 5a20eeccee1aae3cbc000090) calls this: `square_path`'s
/// moves, as the tiles that slide.
const CODEWARS_SQUARE_PATH: &str = r#"//! Codewars "Sliding Puzzle Solver", in Codewars' form: the tiles that slide, in order, for a
//! square board, or `None` when no moves solve it (or it is no arrangement of `0..n*n`).

use engine::board::check_arrangement;
use engine::big_boards::finishers::turn_last_block;
use engine::big_boards::constructive;

pub fn slide_puzzle(arr: &[Vec<u8>]) -> Option<Vec<u8>> {
    let width = arr.len();
    let mut tiles: Vec<u32> = arr.iter().flatten().map(|&tile| u32::from(tile)).collect();
    if width < 2 || tiles.len() != width * width || check_arrangement(&tiles).is_err() {
        return None;
    }
    let start = tiles.clone();
    let cells = tiles.len();
    let mut blank = start.iter().position(|&tile| tile == 0)?;
    let mut slid = Vec::new();
    let solvable = constructive::solve(width, &start, 4, turn_last_block, |m| {
        let next = m.target(width, cells, blank).expect("a move on the board");
        slid.push(tiles[next] as u8);
        tiles.swap(blank, next);
        blank = next;
        true
    });
    match solvable {
        true => Some(slid),
        false => None,
    }
}
"#;

/// The judges that call a function, not a program: the program, the option that asks for the
/// form, and the form's source.
const FORMS: [(&str, &str, &str); 2] = [
    ("sliding", "--leetcode", LEETCODE_SLIDING),
    ("square_path", "--codewars", CODEWARS_SQUARE_PATH),
];

const HELP: &str = "\
bundle: one source file to submit to a judge, made from a program and the engine parts it uses

Usage:
  bundle NAME                print the bundle of program NAME (bin/NAME.rs)
  bundle sliding --leetcode  print LeetCode 773's form of sliding: impl Solution, no main
  bundle square_path --codewars
                             print Codewars' form of square_path: fn slide_puzzle, no main
  bundle --all DIR           write DIR/NAME.rs for every program (git ignores submit/)
  bundle --help              print this help
  bundle --version           print the bundler's version

Programs:";

fn main() -> ExitCode {
    cli::exit_code(run())
}

/// `names`, comma-separated, in lines of at most 80 columns indented by two.
fn listed(names: &[String]) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for (i, name) in names.iter().enumerate() {
        let item = match i + 1 == names.len() {
            true => name.clone(),
            false => format!("{},", name),
        };
        if !line.is_empty() && line.len() + 1 + item.len() > 80 {
            text += &format!("{}\n", line);
            line.clear();
        }
        line += if line.is_empty() { "  " } else { " " };
        line += &item;
    }
    format!("\n{}{}", text, line)
}

/// The bundler's run: what it prints, or why it cannot.
fn run() -> Run {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if args
        .iter()
        .any(|arg| matches!(arg.to_str(), Some("--help" | "-h")))
    {
        let names = judge_names(root).map_err(usage)?;
        return cli::print_all(&format!("{}{}\n", HELP, listed(&names)));
    }
    let text: Vec<Option<&str>> = args.iter().map(|arg| arg.to_str()).collect();
    let result = match text[..] {
        [Some("--version" | "-V")] => Ok(Some(format!("bundle {}\n", env!("CARGO_PKG_VERSION")))),
        [Some("--all"), Some("")] => Err("--all needs a folder name, not an empty one".into()),
        [Some("--all"), Some(_) | None] => write_all(root, Path::new(&args[1])).map(|()| None),
        [Some("--all")] => {
            Err("--all needs a folder to write into, as in: bundle --all submit".into())
        }
        [Some(name), Some(option)] | [Some(option), Some(name)]
            if option.starts_with("--") && !name.starts_with('-') =>
        {
            match FORMS.iter().find(|form| (form.0, form.1) == (name, option)) {
                Some(&(_, _, source)) => {
                    let command = format!("cargo run -q --bin bundle -- {} {}", name, option);
                    bundle_source(root, source, &command, name).map(Some)
                }
                None => known(root, name).and_then(|()| {
                    let forms: Vec<String> =
                        FORMS.iter().map(|f| format!("{} {}", f.0, f.1)).collect();
                    Err(format!(
                        "{} has no {} form; the forms: {}",
                        name,
                        option,
                        forms.join(", ")
                    ))
                }),
            }
        }
        [Some(name)] if !name.starts_with('-') => bundle(root, name).map(Some),
        [] => Err("name a program to bundle, or --all DIR (see --help)".to_string()),
        _ => {
            let shown: Vec<_> = args.iter().map(|arg| arg.to_string_lossy()).collect();
            Err(format!(
                "unexpected arguments {} (see --help)",
                quoted(&shown.join(" "))
            ))
        }
    };
    match result.map_err(usage)? {
        Some(text) => cli::print_all(&text),
        None => Ok(()),
    }
}

/// The programs in `bin/*.rs` that no judge takes: `solve`, a person's tool for boards of every
/// shape, which reaches most of the engine (more than 64 KB of it). This bundler is
/// `bin/bundle/`.
const NOT_FOR_JUDGES: [&str; 1] = ["solve"];

/// The judge binaries: every `bin/*.rs` but [`NOT_FOR_JUDGES`], by name.
fn judge_names(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("bin");
    let entries =
        fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {}", dir.display(), e))?;
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|file| Some(file.strip_suffix(".rs")?.to_string()))
        .filter(|name| !NOT_FOR_JUDGES.contains(&name.as_str()))
        .collect();
    names.sort();
    Ok(names)
}

/// Writes every judge program's bundle into `dir`: all of them made, and every place checked,
/// before any is written; each written under a temporary name, then renamed over the old one,
/// so that a failure (a full disk) leaves each file whole, old or new, never cut.
fn write_all(root: &Path, dir: &Path) -> Result<(), String> {
    let bundles = judge_names(root)?
        .into_iter()
        .map(|name| Ok((dir.join(format!("{}.rs", name)), bundle(root, &name)?)))
        .collect::<Result<Vec<_>, String>>()?;
    for (path, _) in &bundles {
        if fs::symlink_metadata(path).map_or(false, |found| !found.is_file()) {
            return Err(format!(
                "{} is in the way: it is not a file",
                path.display()
            ));
        }
    }
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    for (path, text) in bundles {
        let temporary = path.with_extension("rs.part");
        let written = fs::write(&temporary, text).and_then(|()| fs::rename(&temporary, &path));
        if let Err(e) = written {
            let _ = fs::remove_file(&temporary);
            return Err(format!("cannot write {}: {}", path.display(), e));
        }
    }
    Ok(())
}

/// Whether `name` is a judge program; if not, an error listing those there are.
fn known(root: &Path, name: &str) -> Result<(), String> {
    let names = judge_names(root)?;
    if names.iter().any(|n| n == name) {
        return Ok(());
    }
    Err(format!(
        "no judge program {}; known: {}",
        quoted(name),
        names.join(", ")
    ))
}

/// The bundle of judge binary `name`.
fn bundle(root: &Path, name: &str) -> Result<String, String> {
    known(root, name)?;
    let source = read(root.join("bin").join(format!("{}.rs", name)))?;
    let command = format!("cargo run -q --bin bundle -- {}", name);
    bundle_source(root, &source, &command, name)
}

/// Bundles `source`, program `name`'s, with the engine items it reaches, under a header naming
/// its problem; an error, naming the bundle and the bytes over, past `name`'s limit.
fn bundle_source(root: &Path, source: &str, command: &str, name: &str) -> Result<String, String> {
    let (leaves, folders) = engine_modules(root)?;
    let mut modules = Vec::new();
    for (name, path) in &leaves {
        let text = flattened(&read(root.join(path))?, "crate", &folders);
        modules.push(Module::parse(name, &text, "crate"));
    }
    let names: Vec<&str> = modules.iter().map(|m| m.name.as_str()).collect();
    let main = Module::parse("main", &flattened(source, ENGINE, &folders), ENGINE);
    let kept = reach(&main, &modules, &names);

    // Judges cap a source's size. Past the cap less a margin for the engine to grow, a bundle
    // held to every comment leaves out its engine's indentation; one that may leave out
    // comments, its engine's doc comments, then its other comments and blank lines, then its
    // indentation. The margin is a goal; the cap, a rule.
    let (most, may_leave_out) = limits::limit(name);
    let ladder: &[(LeftOut, bool)] = match may_leave_out {
        true => &[
            (LeftOut::Nothing, true),
            (LeftOut::Docs, true),
            (LeftOut::Comments, true),
            (LeftOut::Comments, false),
        ],
        false => &[(LeftOut::Nothing, true), (LeftOut::Nothing, false)],
    };
    let mut out = String::new();
    for &(left, indented) in ladder {
        out = render(&main, &modules, &names, &kept, command, left, indented);
        if out.len() + limits::MARGIN <= most {
            return Ok(out);
        }
    }
    if out.len() <= most {
        return Ok(out);
    }
    Err(format!(
        "the bundle of {} is {} bytes, {} over its limit of {}",
        name,
        out.len(),
        out.len() - most,
        most
    ))
}

/// An engine module that holds items: its name and its file.
type Leaf = (String, String);

/// The engine's modules that hold items, by name with their files (`src/board.rs`,
/// `src/search/ida_star.rs`), and the folders that hold them (`search`): `src/lib.rs` and each
/// folder's `mod.rs` declare their modules and nothing else.
fn engine_modules(root: &Path) -> Result<(Vec<Leaf>, Vec<String>), String> {
    let (mut leaves, mut folders) = (Vec::new(), Vec::new());
    for name in declared(&read(root.join("src/lib.rs"))?) {
        let folder = format!("src/{}/mod.rs", name);
        if !root.join(&folder).exists() {
            leaves.push((name.clone(), format!("src/{}.rs", name)));
            continue;
        }
        for leaf in declared(&read(root.join(&folder))?) {
            leaves.push((leaf.clone(), format!("src/{}/{}.rs", name, leaf)));
        }
        folders.push(name);
    }
    // The bundle holds every module at its top level, by its own name.
    for (i, (name, _)) in leaves.iter().enumerate() {
        if leaves[..i].iter().any(|(n, _)| n == name) || folders.contains(name) {
            return Err(format!("two engine modules are named {}", name));
        }
    }
    Ok((leaves, folders))
}

/// The modules `pub mod NAME;` declares in `source`.
fn declared(source: &str) -> Vec<String> {
    let names = source
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'));
    names.map(String::from).collect()
}

/// `source` with each path through a folder of the engine, `ROOT::folder::module`, made
/// `ROOT::module` (`root` being `crate`, or `engine` in a binary), as the bundle holds each
/// module at its top level.
fn flattened(source: &str, root: &str, folders: &[String]) -> String {
    let through = |folder| format!("{}::{}::", root, folder);
    let to = format!("{}::", root);
    let fold = |source: String, folder| renamed(&source, &through(folder), &to);
    folders.iter().fold(source.to_string(), fold)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bundle past its program's limit is refused, naming the bytes over: held to 40 KB with
    /// every comment, or to 64,000 bytes even without them.
    #[test]
    fn a_bundle_past_its_limit_is_refused() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let program =
            |bytes: usize| format!("fn main() {{\n    let _ = \"{}\";\n}}\n", "x".repeat(bytes));
        assert!(bundle_source(root, &program(30_000), "cmd", "jiugong").is_ok());
        let over = bundle_source(root, &program(50_000), "cmd", "jiugong").unwrap_err();
        assert!(over.starts_with("the bundle of jiugong is "), "{}", over);
        assert!(over.ends_with(" over its limit of 40960"), "{}", over);
        let over = bundle_source(root, &program(70_000), "cmd", "fifteen").unwrap_err();
        assert!(over.starts_with("the bundle of fifteen is "), "{}", over);
        assert!(over.ends_with(" over its limit of 64000"), "{}", over);
    }
}
