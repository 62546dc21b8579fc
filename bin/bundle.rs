//! Bundles a judge binary and the engine parts it uses into one source file for a judge.
//!
//! `bundle NAME` prints the bundle of `bin/NAME.rs`; `bundle --all DIR` writes `DIR/NAME.rs` for
//! every judge binary; `bundle sliding --leetcode` prints LeetCode's form (an `impl Solution`
//! and no `main`); `bundle --help` prints the usage. Bad arguments are an `error:` line and exit
//! status 2, and output goes through the judge programs' writer, so a full disk or a closed pipe
//! ends as it does for them. The bundle is the binary's source followed by each engine module
//! it needs, directly or through other modules, inlined as `mod NAME { ... }` at the module's
//! own indentation: `engine::` paths become `crate::` paths, `#[cfg(test)]` items are dropped,
//! inner doc comments become plain comments, and unused engine items are allowed. A bundle that
//! would reach 64 KB loses the engine's item doc comments (`///`), and if that is not enough,
//! the engine's other comment lines. The sources must be formatted by rustfmt, whose layout (a
//! `#[cfg(test)]` item ends at the first `}` at its own indentation) the bundler relies on.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use engine::judge;

/// The crate name of the engine, as the binaries refer to it.
const ENGINE: &str = "engine";

/// The largest source judges take, in bytes: Codeforces, the strictest we know, takes under 64 KB.
const SOURCE_LIMIT: usize = 65_536;

/// LeetCode 773's entry point: LeetCode supplies `struct Solution` and calls this.
const LEETCODE_SLIDING: &str = r#"//! LeetCode 773 "Sliding Puzzle", in LeetCode's form: LeetCode supplies `struct Solution`.

use engine::board::Board;
use engine::ida_star;

impl Solution {
    pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
        let mut tiles = [u8::MAX; 6];
        for (slot, &tile) in tiles.iter_mut().zip(board.iter().flatten()) {
            *slot = tile as u8;
        }
        let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).expect("the goal is an arrangement");
        match Board::<3, 6>::from_tiles(tiles) {
            Ok(start) => ida_star::solve(&start, &goal).map_or(-1, |s| s.moves.len() as i32),
            Err(_) => -1,
        }
    }
}
"#;

const HELP: &str = "\
bundle: one source file to submit to a judge, made from a program and the engine parts it uses

Usage:
  bundle NAME                print the bundle of program NAME (bin/NAME.rs)
  bundle sliding --leetcode  print LeetCode 773's form of sliding: impl Solution, no main
  bundle --all DIR           write DIR/NAME.rs for every program (git ignores submit/)
  bundle --help              print this help
";

fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args
        .iter()
        .any(|arg| matches!(arg.to_str(), Some("--help" | "-h")))
    {
        judge::print_all(HELP);
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text: Vec<Option<&str>> = args.iter().map(|arg| arg.to_str()).collect();
    let result = match text[..] {
        [Some("--all"), Some(_) | None] => write_all(root, Path::new(&args[1])),
        [Some("--all")] => {
            Err("--all needs a folder to write into, as in: bundle --all submit".into())
        }
        [Some("sliding"), Some("--leetcode")] | [Some("--leetcode"), Some("sliding")] => {
            let command = "cargo run -q --bin bundle -- sliding --leetcode";
            bundle_source(root, LEETCODE_SLIDING, command).map(|text| judge::print_all(&text))
        }
        [Some(name), Some("--leetcode")] | [Some("--leetcode"), Some(name)] => known(root, name)
            .and_then(|()| Err(format!("only sliding has a LeetCode form, not {}", name))),
        [Some(name)] if !name.starts_with('-') => {
            bundle(root, name).map(|text| judge::print_all(&text))
        }
        [] => Err("name a program to bundle, or --all DIR (see --help)".to_string()),
        _ => {
            let shown: Vec<_> = args.iter().map(|arg| arg.to_string_lossy()).collect();
            Err(format!(
                "unexpected arguments '{}' (see --help)",
                shown.join(" ")
            ))
        }
    };
    if let Err(message) = result {
        judge::fail(&message);
    }
}

/// The judge binaries: every `bin/*.rs` but this bundler, by name.
fn judge_names(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("bin");
    let entries =
        fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {}", dir.display(), e))?;
    let mut names: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter_map(|file| Some(file.strip_suffix(".rs")?.to_string()))
        .filter(|name| name != "bundle")
        .collect();
    names.sort();
    Ok(names)
}

fn write_all(root: &Path, dir: &Path) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    for name in judge_names(root)? {
        let path = dir.join(format!("{}.rs", name));
        fs::write(&path, bundle(root, &name)?)
            .map_err(|e| format!("cannot write {}: {}", path.display(), e))?;
    }
    Ok(())
}

fn read(path: PathBuf) -> Result<String, String> {
    fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {}", path.display(), e))
}

/// Whether `name` is a judge program; if not, an error listing those there are.
fn known(root: &Path, name: &str) -> Result<(), String> {
    let names = judge_names(root)?;
    if names.iter().any(|n| n == name) {
        return Ok(());
    }
    Err(format!(
        "no judge program '{}'; known: {}",
        name,
        names.join(", ")
    ))
}

/// The bundle of judge binary `name`.
fn bundle(root: &Path, name: &str) -> Result<String, String> {
    known(root, name)?;
    let source = read(root.join("bin").join(format!("{}.rs", name)))?;
    bundle_source(
        root,
        &source,
        &format!("cargo run -q --bin bundle -- {}", name),
    )
}

/// Bundles `source` with the engine modules it needs, under a header naming its problem.
fn bundle_source(root: &Path, source: &str, command: &str) -> Result<String, String> {
    let lib = read(root.join("src/lib.rs"))?;
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
        .collect();
    let mut sources = Vec::new();
    for &module in &modules {
        sources.push(strip_tests(&read(
            root.join("src").join(format!("{}.rs", module)),
        )?));
    }
    // The modules `source` names, then those they name, until nothing new comes in.
    let main = strip_tests(source);
    let mut needed = used_modules(&main, ENGINE);
    let mut i = 0;
    while let Some(module) = needed.get(i).cloned() {
        let index = modules.iter().position(|&m| m == module).ok_or_else(|| {
            format!(
                "'{}' is not an engine module ({})",
                module,
                modules.join(", ")
            )
        })?;
        for next in used_modules(&sources[index], "crate") {
            if !needed.contains(&next) {
                needed.push(next);
            }
        }
        i += 1;
    }
    // The binary's first doc line names its problem: it heads the file.
    let (summary, rest) = main.split_once('\n').unwrap_or((&main, ""));
    let main = format!(
        "{}\n//! One file for a judge, made by `{}`.\n{}",
        summary, command, rest
    );
    let header = plain_comments(&rename_engine(&drop_module_imports(&main)));
    // The engine's lines that start with any of `dropped`, trimmed, are left out.
    let inline = |dropped: &[&str]| {
        let mut out = header.clone();
        for (module, text) in modules.iter().zip(&sources) {
            if needed.iter().any(|n| n == module) {
                out += &format!("\n#[allow(dead_code)]\nmod {} {{\n", module);
                // Lines keep their own indentation: four more spaces on each would cost a
                // 4x4 bundle about 7 KB of its 64.
                for line in plain_comments(&rename_engine(text)).lines() {
                    let trimmed = line.trim_start();
                    if !dropped.iter().any(|start| trimmed.starts_with(start)) {
                        out += line;
                        out += "\n";
                    }
                }
                out += "}\n";
            }
        }
        out
    };
    // Judges cap a source's size: past the cap, the engine's item docs go, then its other
    // comment lines.
    let mut out = String::new();
    for dropped in [&[][..], &["///"], &["//"]] {
        out = inline(dropped);
        if out.len() < SOURCE_LIMIT {
            break;
        }
    }
    Ok(out)
}

/// `source` without its `#[cfg(test)]` items.
fn strip_tests(source: &str) -> String {
    let mut out = String::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            out += line;
            out += "\n";
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        let item = lines.next().unwrap_or("");
        if !item.trim_end().ends_with(';') {
            let end = format!("{}}}", indent);
            for rest in lines.by_ref() {
                if rest.trim_end() == end {
                    break;
                }
            }
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// The modules that `source`'s code (comments aside) reaches through `PREFIX::`, in order.
fn used_modules(source: &str, prefix: &str) -> Vec<String> {
    let code: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let pattern = format!("{}::", prefix);
    let mut found = Vec::new();
    for (at, _) in code.match_indices(&pattern) {
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = code[at + pattern.len()..].trim_start();
        let names: Vec<&str> = match rest.strip_prefix('{') {
            // `prefix::{a, b::C}`: the first segment of each path in the braces.
            Some(list) => list[..list.find('}').unwrap_or(list.len())]
                .split(',')
                .collect(),
            None => vec![rest],
        };
        for name in names {
            let name = name.trim_start();
            let end = name
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(name.len());
            let name = name[..end].to_string();
            if !name.is_empty() && !found.contains(&name) {
                found.push(name);
            }
        }
    }
    found
}

/// `source` without imports of bare engine modules (`use engine::{ida_star, judge};`): in the
/// bundle those modules stand at the crate root already, where importing them again clashes.
fn drop_module_imports(source: &str) -> String {
    let prefix = format!("use {}::", ENGINE);
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let items = match line.strip_prefix(&prefix).and_then(|l| l.strip_suffix(';')) {
            // `use engine::{a, b::C};`: a list, from which the bare modules go.
            Some(items) if items.starts_with('{') => {
                items.trim_start_matches('{').trim_end_matches('}')
            }
            // `use engine::judge;`: a bare module, which goes.
            Some(module) if !module.contains("::") => continue,
            // `use engine::board::{X, y};`: a path, which stays.
            _ => {
                out += line;
                out += "\n";
                continue;
            }
        };
        let paths: Vec<&str> = items
            .split(',')
            .map(str::trim)
            .filter(|p| p.contains("::"))
            .collect();
        match paths.len() {
            0 => {}
            1 => out += &format!("{}{};\n", prefix, paths[0]),
            _ => out += &format!("{}{{{}}};\n", prefix, paths.join(", ")),
        }
    }
    out
}

/// `source` with every `engine::` path made a `crate::` path.
fn rename_engine(source: &str) -> String {
    let pattern = format!("{}::", ENGINE);
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while let Some(at) = rest.find(&pattern) {
        let whole_word = !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        out += &rest[..at];
        out += if whole_word { "crate::" } else { &pattern };
        rest = &rest[at + pattern.len()..];
    }
    out + rest
}

/// `source` with inner doc comments (`//!`), legal only at the top of a file or module, made
/// plain comments.
fn plain_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        match line.trim_start().strip_prefix("//!") {
            Some(text) => {
                let indent = &line[..line.len() - line.trim_start().len()];
                out += &format!("{}//{}\n", indent, text);
            }
            None => {
                out += line;
                out += "\n";
            }
        }
    }
    out
}
