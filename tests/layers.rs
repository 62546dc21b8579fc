//! The engine's layers, as doc/engine.md orders its sections (the board and the process, exact
//! distances, search, pattern databases, big boards, solvers, input and output): a file of
//! `src/` uses only its own section and those before it, so nothing low imports the command
//! line, the judge loop or a solver. And the tour names every file of `src/`, and no other.

use std::fs;
use std::path::Path;

/// The sections of doc/engine.md, in order, each as its folder: `src/`, `src/exact/`, ...
fn sections(tour: &str) -> Vec<String> {
    tour.lines()
        .filter(|line| line.starts_with("## "))
        .filter_map(|line| line.split('`').nth(1))
        .filter(|folder| folder.starts_with("src/"))
        .map(str::to_string)
        .collect()
}

/// The section (an index into `order`) of the part `part` of the crate (`board`, `search`, ...):
/// its folder's, or the root's for a file of `src/` itself.
fn section_of(order: &[String], part: &str) -> usize {
    let folder = format!("src/{}/", part);
    order
        .iter()
        .position(|section| *section == folder)
        .unwrap_or(0)
}

/// The section of the file at `path` below `src/`.
fn section_of_file(order: &[String], path: &str) -> usize {
    match path.split_once('/') {
        Some((folder, _)) => section_of(order, folder),
        None => 0,
    }
}

/// The code of a source file, without comments and without its unit tests (which may reach
/// further than the code they test).
fn code(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let next = lines.peek().map_or("", |next| next.trim_start());
        if line.trim() == "#[cfg(test)]" && next.contains("mod tests") {
            break;
        }
        code += line.split("//").next().unwrap_or("");
        code.push('\n');
    }
    code
}

/// Each use of another part of the crate, in `text` of the file at `path` (below `src/`), that
/// reaches a section after the file's own: `"path: crate::part"`.
fn violations(order: &[String], path: &str, text: &str) -> Vec<String> {
    let own = section_of_file(order, path);
    let code = code(text);
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let part: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if section_of(order, &part) > own {
            found.push(format!("{}: crate::{}", path, part));
        }
    }
    found
}

/// Every `.rs` file below `dir`, by its path below `src/`.
fn sources(dir: &Path, below: &str, files: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            sources(&path, &format!("{}{}/", below, name), files);
        } else if name.ends_with(".rs") {
            files.push(format!("{}{}", below, name));
        }
    }
}

fn tour() -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/engine.md")).unwrap()
}

fn source_files() -> Vec<String> {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "",
        &mut files,
    );
    files.sort();
    files
}

#[test]
fn every_file_uses_only_its_layer_and_those_below() {
    let tour = tour();
    let order = sections(&tour);
    assert_eq!(order[0], "src/");
    assert_eq!(order.len(), 7, "{:?}", order);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for path in source_files() {
        let text = fs::read_to_string(src.join(&path)).unwrap();
        found.extend(violations(&order, &path, &text));
    }
    assert!(
        found.is_empty(),
        "uses against the layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_use_that_looks_up_and_not_one_in_a_comment_or_test() {
    let order = sections(&tour());
    let up = "use crate::board::Board;\nfn f() { crate::io::cli::options(); }\n";
    assert_eq!(
        violations(&order, "search/a.rs", up),
        ["search/a.rs: crate::io"]
    );
    assert_eq!(
        violations(
            &order,
            "progress.rs",
            "use crate::solvers::up_to_9::Solver;\n"
        ),
        ["progress.rs: crate::solvers"]
    );
    let down = "use crate::search::ida_star::Heuristic;\n// see crate::io::cli\n\
                #[cfg(test)]\nmod tests {\n    use crate::solvers::up_to_16::Ladder;\n}\n";
    assert!(violations(&order, "pdb/a.rs", down).is_empty());
    assert!(violations(&order, "io/a.rs", "use crate::threads::cores;\n").is_empty());
}

#[test]
fn the_tour_names_every_source_file_and_no_other() {
    let tour = tour();
    let mut named: Vec<String> = tour
        .lines()
        .filter(|line| line.starts_with("| `src/"))
        .filter_map(|line| line.split('`').nth(1))
        .map(|path| path.trim_start_matches("src/").to_string())
        .collect();
    named.sort();
    let files: Vec<String> = source_files()
        .into_iter()
        .filter(|path| !path.ends_with("mod.rs") && path != "lib.rs")
        .collect();
    assert_eq!(named, files);
}
