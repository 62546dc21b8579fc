//! The engine's layers, as doc/engine.md orders its sections (the board and the process, exact
//! distances, search, pattern databases, big boards, solvers, input and output): a file of
//! `src/` uses only its own section and those before it, and a file of `src/` itself only the
//! files of `src/` the tour names before it, so nothing low imports the command line, the judge
//! loop or a solver. Paths are read as the compiler reads them: comments, strings and
//! characters left out, `use` trees with braces expanded, `self` and `super` resolved from the
//! file's module (and any module inside it), in `use` and in expressions alike; only a
//! `#[cfg(test)]` module is left out, whose tests may reach further than the code they test.
//! And the tour names every file of `src/`, and no other.

use std::fs;
use std::path::Path;

/// The layers of doc/engine.md: the files of `src/` itself in the tour's order (`board`,
/// `threads`, ...), then the folders of its later sections in order (`exact`, `search`, ...).
struct Layers {
    root_files: Vec<String>,
    folders: Vec<String>,
}

impl Layers {
    fn of(tour: &str) -> Layers {
        let (mut root_files, mut folders, mut section) = (Vec::new(), Vec::new(), String::new());
        for line in tour.lines() {
            if line.starts_with("## ") {
                section = line.split('`').nth(1).unwrap_or("").to_string();
                if let Some(folder) = section.strip_prefix("src/").filter(|f| !f.is_empty()) {
                    folders.push(folder.trim_end_matches('/').to_string());
                }
            } else if section == "src/" && line.starts_with("| `src/") {
                let file = line.split('`').nth(1).unwrap_or("");
                let name = file.trim_start_matches("src/").trim_end_matches(".rs");
                root_files.push(name.to_string());
            }
        }
        Layers {
            root_files,
            folders,
        }
    }

    /// Where the part `part` of the crate (its path's first name) stands: root files first, in
    /// order, then each folder; `None` for a name that is neither (a glob, an item of the root).
    fn rank(&self, part: &str) -> Option<usize> {
        let root = self.root_files.iter().position(|f| f == part);
        let folder = self.folders.iter().position(|f| f == part);
        root.or_else(|| folder.map(|i| self.root_files.len() + i))
    }
}

/// `text` with its comments (nested too), strings (raw and byte ones too) and character
/// literals blanked, a space for each of their characters, newlines kept: code alone.
fn blanked(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let blank = |code: &mut String, from: &[char]| {
        code.extend(from.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }))
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let after_ident = i > 0 && ident(chars[i - 1]);
        let end = if rest.starts_with(&['/', '/']) {
            rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            let (mut depth, mut j) = (0, 0);
            while j < rest.len() {
                if rest[j..].starts_with(&['/', '*']) {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(&['*', '/']) {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if !after_ident && raw_string_hashes(rest).is_some() {
            let (skip, hashes) = raw_string_hashes(rest).unwrap();
            let mut closing = vec!['"'];
            closing.extend(std::iter::repeat('#').take(hashes));
            let body = &rest[skip..];
            let close = (0..body.len()).find(|&j| body[j..].starts_with(&closing));
            skip + close.map_or(body.len(), |j| j + closing.len())
        } else if rest[0] == '"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != '"' {
                j += if rest[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if rest[0] == '\'' && rest.get(1) == Some(&'\\') {
            2 + rest[2..]
                .iter()
                .position(|&c| c == '\'')
                .map_or(0, |j| j + 1)
        } else if rest[0] == '\'' && rest.get(2) == Some(&'\'') {
            3
        } else {
            code.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(rest.len());
        blank(&mut code, &rest[..end]);
        i += end;
    }
    code
}

/// How many characters open a raw string at the start of `text` (`r"`, `r#"`, `br##"`, ...),
/// and its number of `#`.
fn raw_string_hashes(text: &[char]) -> Option<(usize, usize)> {
    let start = match text {
        ['b', 'r', ..] => 2,
        ['r', ..] => 1,
        _ => return None,
    };
    let hashes = text[start..].iter().take_while(|&&c| c == '#').count();
    (text.get(start + hashes) == Some(&'"')).then_some((start + hashes + 1, hashes))
}

/// The tokens of code: names, `::`, and every other character but white space alone.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let len = chars[i..]
                .iter()
                .take_while(|c| c.is_alphanumeric() || **c == '_')
                .count();
            tokens.push(chars[i..i + len].iter().collect());
            i += len;
        } else if chars[i..].starts_with(&[':', ':']) {
            tokens.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
            i += 1;
        }
    }
    tokens
}

/// The tokens with each `#[cfg(test)] mod name { ... }` left out.
fn without_test_modules(tokens: Vec<String>) -> Vec<String> {
    let attribute = ["#", "[", "cfg", "(", "test", ")", "]"];
    let mut kept = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let at = &tokens[i..];
        let module = at.len() > 10 && at[..7] == attribute && {
            let j = 7 + usize::from(at[7] == "pub");
            at[j] == "mod" && at[j + 2] == "{"
        };
        if !module {
            kept.push(tokens[i].clone());
            i += 1;
            continue;
        }
        let open = i + at.iter().position(|t| t == "{").unwrap();
        let mut depth = 0;
        i = open;
        while i < tokens.len() {
            depth += match tokens[i].as_str() {
                "{" => 1,
                "}" => -1,
                _ => 0,
            };
            i += 1;
            if depth == 0 {
                break;
            }
        }
    }
    kept
}

/// The paths from `crate`, `super` or `self` in `tokens`, a `use` tree's braces expanded, each
/// with the module it was written in (which names inline modules add to `module`).
fn paths(tokens: &[String], module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    // The inline modules open at the place read, each with the depth of braces it opened at.
    let (mut inline, mut depth): (Vec<(String, usize)>, usize) = (Vec::new(), 0);
    let mut i = 0;
    while i < tokens.len() {
        let here: Vec<String> = module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(name, _)| name.clone()))
            .collect();
        let t = tokens[i].as_str();
        let follows_path = i > 0 && tokens[i - 1] == "::";
        match t {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if inline.last().map_or(false, |&(_, at)| at == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).map(String::as_str) == Some("{") => {
                inline.push((tokens[i + 1].clone(), depth));
            }
            "crate" | "super" | "self"
                if !follows_path && tokens.get(i + 1).map(String::as_str) == Some("::") =>
            {
                let mut trees = Vec::new();
                i = tree(tokens, i, Vec::new(), &mut trees);
                found.extend(trees.into_iter().filter_map(|path| resolved(&path, &here)));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Reads the path or `use` tree at `tokens[i]` onto `prefix`, each whole path into `out`;
/// returns where it ends.
fn tree(
    tokens: &[String],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        match tokens.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                while i < tokens.len() && tokens[i] != "}" {
                    i = tree(tokens, i, prefix.clone(), out);
                    if tokens.get(i).map(String::as_str) == Some(",") {
                        i += 1;
                    }
                }
                return i + 1;
            }
            Some(name) if name == "*" || name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                prefix.push(name.to_string());
                i += 1;
                if tokens.get(i).map(String::as_str) != Some("::") {
                    out.push(prefix);
                    return i;
                }
                i += 1;
            }
            _ => {
                out.push(prefix);
                return i;
            }
        }
    }
}

/// `path` as a path from the crate's root, written in the module `here`; `None` where `super`
/// would climb past the root.
fn resolved(path: &[String], here: &[String]) -> Option<Vec<String>> {
    let mut at: Vec<String> = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        _ => here.to_vec(),
    };
    for name in path {
        match name.as_str() {
            "crate" => {}
            "self" => {}
            "super" => {
                at.pop()?;
            }
            _ => at.push(name.clone()),
        }
    }
    Some(at)
}

/// The module of the file at `path` below `src/`: `io/cli.rs` is `io::cli`, `io/mod.rs` is
/// `io`, `lib.rs` the root.
fn module_of(path: &str) -> Vec<String> {
    let path = path.trim_end_matches(".rs");
    let mut names: Vec<String> = path.split('/').map(str::to_string).collect();
    if matches!(names.last().map(String::as_str), Some("mod") | Some("lib")) {
        names.pop();
    }
    names
}

/// Each use of another part of the crate in `text`, the file at `path` (below `src/`), that
/// reaches a layer after the file's own: `"path: crate::part"`.
fn violations(layers: &Layers, path: &str, text: &str) -> Vec<String> {
    let module = module_of(path);
    let own = match module.first() {
        Some(part) => layers.rank(part),
        None => return Vec::new(),
    };
    let tokens = without_test_modules(tokens(&blanked(text)));
    let mut found: Vec<String> = paths(&tokens, &module)
        .into_iter()
        .filter_map(|used| {
            let part = used.first()?;
            (layers.rank(part)? > own?).then(|| format!("{}: crate::{}", path, part))
        })
        .collect();
    found.dedup();
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
    let layers = Layers::of(&tour());
    assert_eq!(layers.root_files[0], "board");
    assert_eq!(layers.folders.len(), 6, "{:?}", layers.folders);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for path in source_files() {
        let text = fs::read_to_string(src.join(&path)).unwrap();
        found.extend(violations(&layers, &path, &text));
    }
    assert!(
        found.is_empty(),
        "uses against the layers:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_every_way_up_and_nothing_in_comments_strings_or_tests() {
    let layers = Layers::of(&tour());
    let up = |path: &str, text: &str| violations(&layers, path, text);
    let io = ["search/a.rs: crate::io"];
    // A grouped import, whose part after the brace is another layer.
    assert_eq!(
        up(
            "search/a.rs",
            "use crate::{board::Board, io::cli::options};"
        ),
        io
    );
    assert_eq!(
        up("search/a.rs", "use crate::{board::{self, Board}, io};"),
        io
    );
    // Up through `super`, from a file and from a module inside one.
    assert_eq!(up("search/a.rs", "use super::super::io::cli;"), io);
    assert_eq!(
        up("search/a.rs", "mod inner { use super::super::super::io; }"),
        io
    );
    // After a string holding `//`, or a raw string holding a quote.
    assert_eq!(
        up(
            "search/a.rs",
            "let s = \"a//b\"; crate::io::cli::options();"
        ),
        io
    );
    assert_eq!(
        up(
            "search/a.rs",
            "let s = r#\"\"\"#; let c = '\"'; crate::io::f();"
        ),
        io
    );
    // After a test-only item that is not the tests' module, and after that module.
    let after_tests = "#[cfg(test)]\nfn helper() {}\nuse crate::io::cli;\n";
    assert_eq!(up("search/a.rs", after_tests), io);
    let module_then = "#[cfg(test)]\nmod tests {\n use crate::io::cli;\n}\nuse crate::io::cli;\n";
    assert_eq!(up("search/a.rs", module_then), io);
    // A root file that uses one the tour names after it.
    assert_eq!(
        up("board.rs", "use crate::progress::Progress;"),
        ["board.rs: crate::progress"]
    );
    assert_eq!(
        up("progress.rs", "use crate::solvers::up_to_9::Solver;"),
        ["progress.rs: crate::solvers"]
    );
    // Down, beside, or not code at all.
    let down = "use crate::search::ida_star::Heuristic;\n// see crate::io::cli\n\
                /* crate::io /* nested */ crate::io */ let s = \"crate::io\";\n\
                fn f<'a>(x: &'a str) -> char { 'x' }\npub(crate) fn g() {}\n\
                use super::{additive, claim};\n\
                #[cfg(test)]\nmod tests {\n    use crate::solvers::up_to_16::Ladder;\n}\n";
    assert_eq!(up("pdb/a.rs", down), Vec::<String>::new());
    assert_eq!(
        up("io/a.rs", "use crate::threads::cores;\n"),
        Vec::<String>::new()
    );
    assert_eq!(
        up("progress.rs", "use crate::{quote::escaped, threads};"),
        Vec::<String>::new()
    );
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
