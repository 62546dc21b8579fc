//! Bundles a judge binary and the engine items it reaches into one source file for a judge.
//!
//! `bundle NAME` prints the bundle of `bin/NAME.rs`; `bundle --all DIR` writes `DIR/NAME.rs` for
//! every judge binary; `bundle sliding --leetcode` prints LeetCode's form (an `impl Solution`
//! and no `main`); `bundle --help` prints the usage and the programs. Bad arguments are an
//! `error:` line and exit status 2, and output goes through the judge programs' writer, so a full
//! disk or a closed pipe ends as it does for them.
//!
//! The bundle is the binary's source, then each engine module it reaches as `mod NAME { ... }`
//! holding only the items reached: `engine::` paths become `crate::` paths, and tests
//! (`#[cfg(test)]` items, doc examples) go. Reaching is worked out on tokens, not types, erring
//! on the side of keeping: an item of a module is reached when reached code names it (in its own
//! module, through a `use` of it, or as `module::name`); a method or associated constant of an
//! inherent impl when its type is reached and reached code names it anywhere; a trait impl whole
//! when its type and its trait (or a std trait) are reached; and a `use` keeps the names its
//! module's kept code names. Every kept item keeps its doc comments and comments, and every line
//! is indented with a tab for each four spaces (string literals untouched), which makes the 3x3
//! bundles a seventh smaller. The sources must be formatted by rustfmt: an item's text is taken
//! as whole lines, from the line after the item before it.

use std::collections::{BTreeSet, HashSet};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use engine::input::quoted;
use engine::judge;

/// The crate name of the engine, as the binaries refer to it.
const ENGINE: &str = "engine";

/// The largest source judges take, in bytes: Codeforces, the strictest we know, takes under 64 KB.
const SOURCE_LIMIT: usize = 65_536;

/// LeetCode 773's entry point: LeetCode supplies `struct Solution` and calls this.
const LEETCODE_SLIDING: &str = r#"//! LeetCode 773 "Sliding Puzzle", in LeetCode's form: LeetCode supplies `struct Solution`.

use engine::bfs::Tables;
use engine::board::Board;

impl Solution {
    pub fn sliding_puzzle(board: Vec<Vec<i32>>) -> i32 {
        let mut tiles = [u8::MAX; 6];
        for (slot, &tile) in tiles.iter_mut().zip(board.iter().flatten()) {
            *slot = tile as u8;
        }
        let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).expect("the goal is an arrangement");
        match Board::<3, 6>::from_tiles(tiles) {
            Ok(start) => Tables::new().distance(&start, &goal).map_or(-1, |d| d as i32),
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

Programs: ";

fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if args
        .iter()
        .any(|arg| matches!(arg.to_str(), Some("--help" | "-h")))
    {
        match judge_names(root) {
            Ok(names) => judge::print_all(&format!("{}{}\n", HELP, names.join(", "))),
            Err(message) => judge::fail(&message),
        }
        return;
    }
    let text: Vec<Option<&str>> = args.iter().map(|arg| arg.to_str()).collect();
    let result = match text[..] {
        [Some("--all"), Some("")] => Err("--all needs a folder name, not an empty one".into()),
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
                "unexpected arguments {} (see --help)",
                quoted(&shown.join(" "))
            ))
        }
    };
    if let Err(message) = result {
        judge::fail(&message);
    }
}

/// The binaries that no judge takes: this bundler, and `solve`, a person's tool for boards of
/// every shape, which reaches most of the engine (more than 64 KB of it).
const NOT_FOR_JUDGES: [&str; 2] = ["bundle", "solve"];

/// The judge binaries: every `bin/*.rs` but those `NOT_FOR_JUDGES`, by name.
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

fn write_all(root: &Path, dir: &Path) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    for name in judge_names(root)? {
        let path = dir.join(format!("{}.rs", name));
        fs::write(&path, bundle(root, &name)?)
            .map_err(|e| format!("cannot write {}: {}", path.display(), e))?;
    }
    Ok(())
}

/// The source at `path` as a judge gets it: without the `tables` feature ([`without_tables`])
/// and without doc examples ([`without_examples`]).
fn read(path: PathBuf) -> Result<String, String> {
    let source =
        fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {}", path.display(), e))?;
    Ok(without_examples(&without_tables(&source)))
}

/// `source` without its doc examples: each `/// # Example` section, through the end of its
/// code block, and the empty doc line before it. They are the engine's doctests, which call it
/// by `engine::` paths, so a bundle could not run them; like `#[cfg(test)]` items, they go.
fn without_examples(source: &str) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut fences_left = 0;
    for line in source.lines() {
        let doc = line.trim_start().strip_prefix("///").map(str::trim);
        match doc {
            Some(doc) if fences_left > 0 => {
                fences_left -= usize::from(doc.starts_with("```"));
                continue;
            }
            _ => fences_left = 0,
        }
        if doc == Some("# Example") || doc == Some("# Examples") {
            if kept.last().map(|l| l.trim()) == Some("///") {
                kept.pop();
            }
            fences_left = 2;
            continue;
        }
        kept.push(line);
    }
    kept.iter().map(|line| format!("{}\n", line)).collect()
}

/// `source` without the `tables` feature, which a judge, keeping no files, never uses: each
/// statement, item, field or match arm under `#[cfg(feature = "tables")]` left out with the
/// comments right above it (and a blank line, where it stood between two), and each
/// `#[cfg(not(feature = "tables"))]` line. Whole lines go, as rustfmt puts such an attribute on
/// a line of its own and what it marks on the lines after.
fn without_tables(source: &str) -> String {
    let tokens = lex(source);
    let lines: Vec<&str> = source.lines().collect();
    let mut dropped = vec![false; lines.len()];
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i].text != "#" || tokens.get(i + 1).map_or(true, |t| t.text != "[") {
            i += 1;
            continue;
        }
        let close = matching(&tokens, i + 1);
        let attribute: String = tokens[i + 1..close].iter().map(|t| &t.text[..]).collect();
        match attribute.as_str() {
            r#"[cfg(feature="tables")]"# => {
                let end = end_of_marked(&tokens, close);
                let mut first = tokens[i].line;
                while first > 0 && lines[first - 1].trim_start().starts_with("//") {
                    first -= 1;
                }
                let mut last = tokens[end.max(close) - 1].end_line;
                // Between blank lines, one of them goes too.
                let blank = |at: usize| lines.get(at).map_or(false, |l| l.trim().is_empty());
                if (first == 0 || blank(first - 1)) && blank(last + 1) {
                    last += 1;
                }
                dropped[first..=last].iter_mut().for_each(|d| *d = true);
                i = end.max(close);
            }
            r#"[cfg(not(feature="tables"))]"# => {
                dropped[tokens[i].line] = true;
                i = close;
            }
            _ => i = close,
        }
    }
    let kept = lines.iter().zip(dropped).filter(|(_, dropped)| !dropped);
    kept.map(|(line, _)| format!("{}\n", line)).collect()
}

/// The index just past what the attribute ending before `start` marks: a `;` outside brackets
/// ends it; so does a `,`, but in an item or a `let` (whose generics may hold one) and in a
/// field's type's generics; and so does a block closing at its level unless the expression goes
/// on (`else`, a method call, `?`); a bracket closing the level around it ends it before.
fn end_of_marked(tokens: &[Token], start: usize) -> usize {
    let (first, _) = skip_attributes(tokens, start);
    let word = |at: usize| tokens.get(at).map_or("", |t| t.text.as_str());
    let statement = ITEM_KEYWORDS.contains(&word(first)) || word(first) == "let";
    let field = word(first + 1) == ":";
    let (mut depth, mut angle) = (0usize, 0usize);
    let mut i = start;
    while i < tokens.len() {
        match tokens[i].text.as_str() {
            "<" if field => angle += 1,
            ">" if field => angle = angle.saturating_sub(1),
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" if depth == 0 => return i,
            ")" | "]" | "}" => {
                depth -= 1;
                let next = tokens.get(i + 1).map_or("", |t| t.text.as_str());
                if depth == 0 && tokens[i].text == "}" {
                    match next {
                        ";" | "," => return i + 2,
                        "else" | "." | "?" => {}
                        _ => return i + 1,
                    }
                }
            }
            ";" if depth == 0 => return i + 1,
            "," if depth == 0 && angle == 0 && !statement => return i + 1,
            _ => {}
        }
        i += 1;
    }
    tokens.len()
}

/// The words an item begins with, after its attributes and qualifiers.
const ITEM_KEYWORDS: [&str; 10] = [
    "fn", "struct", "enum", "impl", "mod", "const", "static", "use", "trait", "type",
];

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
    bundle_source(
        root,
        &source,
        &format!("cargo run -q --bin bundle -- {}", name),
    )
}

/// Bundles `source` with the engine items it reaches, under a header naming its problem.
fn bundle_source(root: &Path, source: &str, command: &str) -> Result<String, String> {
    let lib = read(root.join("src/lib.rs"))?;
    let mut modules = Vec::new();
    for name in lib
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
    {
        let text = read(root.join("src").join(format!("{}.rs", name)))?;
        modules.push(Module::parse(name, &text, "crate"));
    }
    let names: Vec<&str> = modules.iter().map(|m| m.name.as_str()).collect();
    let main = Module::parse("main", source, ENGINE);
    let kept = reach(&main, &modules, &names);

    // Judges cap a source's size: past the cap, the engine's item docs go, then its other
    // comment lines.
    let mut out = String::new();
    for dropped in [None, Some("///"), Some("//")] {
        out = render(&main, &modules, &names, &kept, command, dropped);
        if out.len() < SOURCE_LIMIT {
            break;
        }
    }
    Ok(out)
}

/// The bundle's text: a header, the binary's kept items, then each engine module's (`names`),
/// without the engine's lines that start with `dropped`.
fn render(
    main: &Module,
    modules: &[Module],
    names: &[&str],
    kept: &[Kept],
    command: &str,
    dropped: Option<&str>,
) -> String {
    // The first paragraph of the binary's doc names its problem: it heads the file, as plain
    // comments, so that the file may be pasted below whatever a judge puts first.
    let doc: Vec<&str> = main
        .doc
        .lines()
        .map(|line| line.trim_start_matches("//!"))
        .collect();
    let first = doc
        .iter()
        .position(|line| line.trim().is_empty())
        .unwrap_or(doc.len());
    let mut out: String = doc[..first]
        .iter()
        .map(|line| format!("//{}\n", line))
        .collect();
    out += "//\n";
    out += &format!(
        "// This is one file to submit to a judge, made by `{}` from the\n// program below and \
         the parts of the engine that it uses, each kept as a module. It is\n// indented with \
         tabs to keep it small.\n",
        command
    );
    if let Some(start) = dropped {
        let which = match start {
            "///" => "doc comments",
            _ => "comments",
        };
        out += &format!(
            "// To keep it under 64 KB, which most judges take, the engine's {} are left out.\n",
            which
        );
    }
    for line in &doc[first..] {
        out += &format!("//{}\n", line);
    }
    for i in 0..main.items.len() {
        if let Some(text) = main.kept_text(i, &kept[0], names) {
            out += &rename_engine(&text);
        }
    }
    for (m, module) in modules.iter().enumerate() {
        if kept[m + 1].0.is_empty() {
            continue;
        }
        let mut text = format!("\nmod {} {{\n{}", module.name, module.doc);
        for i in 0..module.items.len() {
            text += &module.kept_text(i, &kept[m + 1], names).unwrap_or_default();
        }
        for line in text.lines() {
            if !dropped.map_or(false, |start| line.trim_start().starts_with(start)) {
                out += line;
                out += "\n";
            }
        }
        out += "}\n";
    }
    out
}

/// Lines of a source from `from` (inclusive) to `to` (exclusive), each with its line end.
fn lines_between<S: AsRef<str>>(lines: &[S], from: usize, to: usize) -> String {
    lines[from..to]
        .iter()
        .map(|line| format!("{}\n", line.as_ref()))
        .collect()
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

// ---------------------------------------------------------------------------------------------
// Tokens

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Ident,
    Punct,
    Literal,
}

/// A token of the code (comments are not tokens), with the line it starts on and ends on.
#[derive(Clone, Debug)]
struct Token {
    kind: Kind,
    text: String,
    line: usize,
    end_line: usize,
}

/// The tokens of `source`. Names in braces inside string literals (`"{name}"`, which a format
/// string may capture) come as identifiers too, after the literal.
fn lex(source: &str) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line = 0;
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    while i < bytes.len() {
        let b = bytes[i];
        let start_line = line;
        let start = i;
        let mut kind = Kind::Punct;
        match b {
            b'\n' => {
                line += 1;
                i += 1;
                continue;
            }
            _ if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < bytes.len() {
                    if bytes[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if bytes[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(bytes[i] == b'\n');
                        i += 1;
                    }
                }
                continue;
            }
            b'"' => {
                kind = Kind::Literal;
                i = skip_string(bytes, i + 1, &mut line);
            }
            b'\'' => {
                kind = Kind::Literal;
                i = skip_char_or_lifetime(source, i);
            }
            _ if b.is_ascii_digit() => {
                kind = Kind::Literal;
                while i < bytes.len()
                    && (is_ident(bytes[i])
                        || bytes[i] == b'.' && bytes.get(i + 1).map_or(false, u8::is_ascii_digit))
                {
                    i += 1;
                }
            }
            _ if is_ident(b) => {
                while i < bytes.len() && is_ident(bytes[i]) {
                    i += 1;
                }
                let word = &source[start..i];
                let quote = bytes.get(i).copied();
                if matches!(word, "b" | "r" | "br") && matches!(quote, Some(b'"' | b'#' | b'\'')) {
                    kind = Kind::Literal;
                    i = match (word, quote) {
                        ("b", Some(b'\'')) => skip_char_or_lifetime(source, i),
                        ("b", _) => skip_string(bytes, i + 1, &mut line),
                        _ => {
                            // A raw string: r#"..."#, as many hashes at each end.
                            let hashes = bytes[i..].iter().take_while(|&&c| c == b'#').count();
                            let close = format!("\"{}", "#".repeat(hashes));
                            let body = i + hashes + 1;
                            let end = source[body..]
                                .find(&close)
                                .map_or(bytes.len(), |e| body + e);
                            line += source[body..end].matches('\n').count();
                            end + close.len()
                        }
                    };
                } else {
                    kind = Kind::Ident;
                }
            }
            _ if bytes[i..].starts_with(b"::")
                || bytes[i..].starts_with(b"->")
                || bytes[i..].starts_with(b"=>") =>
            {
                i += 2
            }
            _ if b.is_ascii() => i += 1,
            _ => {
                i += 1;
                continue;
            }
        }
        let text = &source[start..i.min(bytes.len())];
        tokens.push(Token {
            kind,
            text: text.to_string(),
            line: start_line,
            end_line: line,
        });
        if kind == Kind::Literal && text.contains('"') {
            for name in text.split('{').skip(1) {
                let end = name.find(|c: char| !c.is_alphanumeric() && c != '_');
                let name = &name[..end.unwrap_or(name.len())];
                if name.starts_with(|c: char| c.is_alphabetic() || c == '_') {
                    tokens.push(Token {
                        kind: Kind::Ident,
                        text: name.to_string(),
                        line,
                        end_line: line,
                    });
                }
            }
        }
    }
    tokens
}

/// The index just past the char literal ('x', '\n', '\'', '九') or lifetime ('a) at `i`.
fn skip_char_or_lifetime(source: &str, i: usize) -> usize {
    let bytes = source.as_bytes();
    if bytes.get(i + 1) == Some(&b'\\') {
        // The escaped character, then up to the closing quote.
        return source[i + 3..]
            .find('\'')
            .map_or(bytes.len(), |end| i + 3 + end + 1);
    }
    let next = source[i + 1..].chars().next().map_or(1, char::len_utf8);
    if bytes.get(i + 1 + next) == Some(&b'\'') {
        return i + 2 + next;
    }
    let name = source[i + 1..].find(|c: char| !(c.is_alphanumeric() || c == '_'));
    name.map_or(bytes.len(), |end| i + 1 + end)
}

/// The index just past the string literal whose body starts at `i`, counting its line ends.
fn skip_string(bytes: &[u8], mut i: usize, line: &mut usize) -> usize {
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' {
            i += 1;
        }
        *line += usize::from(bytes.get(i) == Some(&b'\n'));
        i += 1;
    }
    i + 1
}

/// The items of `tokens`, as index ranges: each ends at a `;` outside brackets, or at the `}`
/// that closes its body (with a `;` right after it, if there is one).
fn split_items(tokens: &[Token]) -> Vec<(usize, usize)> {
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        match text {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            _ => {}
        }
        let ends = depth == 0 && (text == ";" || text == "}");
        if ends {
            if text == "}" && tokens.get(i + 1).map_or(false, |t| t.text == ";") {
                i += 1;
            }
            items.push((start, i + 1));
            start = i + 1;
        }
        i += 1;
    }
    items
}

// ---------------------------------------------------------------------------------------------
// Items

/// The names one piece of code refers to: identifiers, method calls (`.name(`, `.name::<`),
/// and `a::b` pairs.
#[derive(Default)]
struct Refs {
    idents: BTreeSet<String>,
    calls: BTreeSet<String>,
    pairs: Vec<(String, String)>,
}

impl Refs {
    fn of(tokens: &[Token]) -> Refs {
        let mut refs = Refs::default();
        for (i, token) in tokens.iter().enumerate() {
            let after_dot = i > 0 && tokens[i - 1].text == ".";
            // A name being defined (`fn name`) refers to nothing.
            let defined = i > 0
                && matches!(
                    tokens[i - 1].text.as_str(),
                    "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod"
                );
            if defined {
                continue;
            }
            let next = tokens.get(i + 1).map_or("", |t| t.text.as_str());
            if token.kind == Kind::Ident && !after_dot {
                refs.idents.insert(token.text.clone());
            }
            if token.kind == Kind::Ident && after_dot && (next == "(" || next == "::") {
                refs.calls.insert(token.text.clone());
            }
            if token.kind == Kind::Ident && i >= 2 && tokens[i - 1].text == "::" {
                if let Some(a) = path_segment_before(tokens, i - 2) {
                    refs.pairs.push((a.text.clone(), token.text.clone()));
                }
            }
        }
        refs
    }
}

/// The path segment that ends at token `at`, generics aside: `Board` in `Board::<3, 6>::new`.
fn path_segment_before(tokens: &[Token], mut at: usize) -> Option<&Token> {
    if tokens[at].text == ">" {
        let mut depth = 0;
        loop {
            match tokens[at].text.as_str() {
                ">" => depth += 1,
                "<" => depth -= 1,
                _ => {}
            }
            if depth == 0 || at == 0 {
                break;
            }
            at -= 1;
        }
        at = at.checked_sub(1)?;
        if tokens[at].text == "::" {
            at = at.checked_sub(1)?;
        }
    }
    Some(&tokens[at]).filter(|t| t.kind == Kind::Ident)
}

/// What an item is, for reaching it.
enum ItemKind {
    /// A `use`: each imported path and the name it brings in.
    Use(Vec<(Vec<String>, String)>),
    /// A named item: function, type, trait, constant or static.
    Named(String),
    /// An impl of `self_type`, of `trait_name` if any; its head's and its members' lines.
    Impl {
        self_type: String,
        trait_name: Option<String>,
        head: (usize, usize),
        members: Vec<Member>,
        tail: (usize, usize),
    },
}

struct Member {
    name: String,
    lines: (usize, usize),
    refs: Refs,
}

struct Item {
    kind: ItemKind,
    /// Its lines, from the line after the item before it.
    lines: (usize, usize),
    /// What it names: an impl's head alone, as its members are kept one by one.
    refs: Refs,
}

/// A source file: its inner doc, its items (`#[cfg(test)]` ones left out) and its lines.
struct Module {
    name: String,
    /// The `//!` lines at its top.
    doc: String,
    items: Vec<Item>,
    /// The lines, indented with a tab for each four spaces but within string literals.
    lines: Vec<String>,
    /// The path by which it names engine modules: `crate`, or `engine` in a binary.
    root: &'static str,
}

/// The index of the token after the attributes and qualifiers (`pub(crate)`, `const`, ...) at
/// `i`; and whether an attribute was `#[cfg(test)]`.
fn skip_attributes(tokens: &[Token], mut i: usize) -> (usize, bool) {
    let mut test = false;
    while i < tokens.len() {
        match tokens[i].text.as_str() {
            "#" => {
                let close = matching(tokens, i + 1);
                let attribute: Vec<&str> =
                    tokens[i + 1..close].iter().map(|t| &t.text[..]).collect();
                test |= attribute.concat() == "[cfg(test)]";
                i = close;
            }
            "pub" if tokens.get(i + 1).map_or(false, |t| t.text == "(") => {
                i = matching(tokens, i + 1)
            }
            "pub" | "unsafe" | "async" | "extern" => i += 1,
            "const" if tokens.get(i + 1).map_or(false, |t| t.text == "fn") => i += 1,
            _ => break,
        }
    }
    (i, test)
}

/// The index after the bracket that closes the one at `open`.
fn matching(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.text.as_str() {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The name a type path in `tokens` ends with, generics aside: `Iterations<'a, W>` and
/// `&MoveRules` give `Iterations` and `MoveRules`.
fn path_name(tokens: &[Token]) -> String {
    let mut angle = 0;
    let mut name = String::new();
    for token in tokens {
        match token.text.as_str() {
            "<" => angle += 1,
            ">" => angle -= 1,
            "->" => {}
            _ if angle == 0 && token.kind == Kind::Ident && token.text != "mut" => {
                name = token.text.clone()
            }
            _ => {}
        }
    }
    name
}

/// The imports of a `use` tree in `tokens` (after `use`, before `;`), under `prefix`.
fn use_tree(tokens: &[Token], prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < tokens.len() {
        let text = tokens[i].text.as_str();
        match text {
            "::" => {}
            "{" => {
                let close = matching(tokens, i) - 1;
                // Each comma-separated tree at the top of the braces.
                let mut start = i + 1;
                let mut depth = 0;
                for j in i + 1..=close {
                    match tokens[j].text.as_str() {
                        "{" => depth += 1,
                        "}" if depth > 0 => depth -= 1,
                        "," | "}" if depth == 0 => {
                            use_tree(&tokens[start..j], &path, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            "as" => {
                if let Some(alias) = tokens.get(i + 1) {
                    out.push((path.clone(), alias.text.clone()));
                }
                return;
            }
            _ => path.push(text.to_string()),
        }
        i += 1;
    }
    if let Some(last) = path.last() {
        let name = match last.as_str() {
            "self" => path[path.len() - 2].clone(),
            _ => last.clone(),
        };
        out.push((path.clone(), name));
    }
}

impl Module {
    fn parse(name: &str, text: &str, root: &'static str) -> Module {
        let lines: Vec<&str> = text.lines().collect();
        let doc_lines = lines
            .iter()
            .take_while(|line| line.starts_with("//!"))
            .count();
        let tokens = lex(text);
        let mut items = Vec::new();
        let mut first_line = doc_lines;
        for (start, end) in split_items(&tokens) {
            let item_tokens = &tokens[start..end];
            let last_line = item_tokens[item_tokens.len() - 1].end_line + 1;
            let lines_span = (first_line, last_line);
            first_line = last_line;
            let (at, test) = skip_attributes(item_tokens, 0);
            if test {
                continue;
            }
            let body = &item_tokens[at..];
            let keyword = body.first().map_or("", |t| t.text.as_str());
            let (kind, refs) = match keyword {
                "use" => {
                    let mut imports = Vec::new();
                    use_tree(&body[1..body.len() - 1], &[], &mut imports);
                    (ItemKind::Use(imports), Refs::default())
                }
                "impl" => Module::parse_impl(body, lines_span),
                _ => {
                    let name = body.get(1).map_or(String::new(), |t| t.text.clone());
                    (ItemKind::Named(name), Refs::of(body))
                }
            };
            items.push(Item {
                kind,
                lines: lines_span,
                refs,
            });
        }
        // Lines that go on a string literal keep their spaces; others may indent with tabs.
        let mut in_literal = vec![false; lines.len()];
        for token in tokens.iter().filter(|t| t.kind == Kind::Literal) {
            let last = token.end_line.min(lines.len().saturating_sub(1));
            for inside in in_literal.iter_mut().take(last + 1).skip(token.line + 1) {
                *inside = true;
            }
        }
        let tabbed: Vec<String> = lines
            .iter()
            .zip(in_literal)
            .map(|(line, literal)| {
                let indent = line.len() - line.trim_start_matches(' ').len();
                match literal {
                    true => line.to_string(),
                    false => "\t".repeat(indent / 4) + &line[indent - indent % 4..],
                }
            })
            .collect();
        Module {
            name: name.to_string(),
            doc: lines_between(&lines, 0, doc_lines),
            items,
            lines: tabbed,
            root,
        }
    }

    /// An impl: its type, its trait, and its members, each with its lines; and what its head
    /// (bounds included) names.
    fn parse_impl(body: &[Token], lines: (usize, usize)) -> (ItemKind, Refs) {
        let open = body
            .iter()
            .position(|t| t.text == "{")
            .unwrap_or(body.len() - 1);
        // The generics right after `impl`, then the trait and `for`, or the type alone.
        let mut at = 1;
        if body.get(1).map_or(false, |t| t.text == "<") {
            let mut angle = 0;
            for (i, token) in body.iter().enumerate().skip(1) {
                match token.text.as_str() {
                    "<" => angle += 1,
                    ">" => angle -= 1,
                    _ => {}
                }
                if angle == 0 {
                    at = i + 1;
                    break;
                }
            }
        }
        let head = &body[at..open];
        let end = head
            .iter()
            .position(|t| t.text == "where")
            .unwrap_or(head.len());
        let head = &head[..end];
        let (trait_name, self_type) = match head.iter().position(|t| t.text == "for") {
            Some(f) => (Some(path_name(&head[..f])), path_name(&head[f + 1..])),
            None => (None, path_name(head)),
        };
        let inner = &body[open + 1..body.len() - 1];
        let mut members = Vec::new();
        let mut first_line = body[open].line + 1;
        for (start, end) in split_items(inner) {
            let member = &inner[start..end];
            let last_line = member[member.len() - 1].end_line + 1;
            let (at, test) = skip_attributes(member, 0);
            if !test {
                let name = member[at..]
                    .iter()
                    .skip(1)
                    .find(|t| t.kind == Kind::Ident)
                    .map_or(String::new(), |t| t.text.clone());
                members.push(Member {
                    name,
                    lines: (first_line, last_line),
                    refs: Refs::of(&member[at..]),
                });
            }
            first_line = last_line;
        }
        let close_line = body[body.len() - 1].line;
        let kind = ItemKind::Impl {
            self_type,
            trait_name,
            head: (lines.0, body[open].line + 1),
            members,
            tail: (close_line, lines.1),
        };
        (kind, Refs::of(&body[..open]))
    }

    /// The module and name that `name`, named in this module's code, stands for among the
    /// engine modules `modules`: its own item, or one it imports.
    fn resolve(&self, name: &str, modules: &[&str]) -> Option<(String, String)> {
        let defines = self
            .items
            .iter()
            .any(|item| matches!(&item.kind, ItemKind::Named(n) if n == name));
        if defines {
            return Some((self.name.clone(), name.to_string()));
        }
        for item in &self.items {
            if let ItemKind::Use(imports) = &item.kind {
                for (path, local) in imports {
                    let from_module = path.len() == 3 && path[0] == self.root;
                    if local == name && from_module && modules.contains(&path[1].as_str()) {
                        return Some((path[1].clone(), path[2].clone()));
                    }
                }
            }
        }
        None
    }

    /// The text of item `i` as kept in the bundle, if it is: whole, or an impl with the members
    /// kept, or a `use` with the names kept.
    fn kept_text(&self, i: usize, kept: &Kept, modules: &[&str]) -> Option<String> {
        let (items, uses) = kept;
        let lines = &self.lines;
        let item = &self.items[i];
        let whole = lines_between(lines, item.lines.0, item.lines.1);
        match &item.kind {
            ItemKind::Use(imports) => {
                let names: Vec<&(Vec<String>, String)> = imports
                    .iter()
                    .filter(|(path, local)| {
                        // `use engine::judge;` or `use engine::judge::{self, ..}`.
                        let module_path = match path.last().map(String::as_str) {
                            Some("self") => &path[..path.len() - 1],
                            _ => &path[..],
                        };
                        let bare_module = module_path.len() == 2
                            && module_path[0] == self.root
                            && modules.contains(&module_path[1].as_str());
                        // The binary's imports are all used; a module's, if its kept code
                        // names them, or calls a method of an imported std trait.
                        match self.root {
                            ENGINE => !bare_module,
                            _ => uses.contains(local) || calls_method_of(local, uses),
                        }
                    })
                    .collect();
                if names.len() == imports.len() {
                    return Some(whole);
                }
                // Regrouped by parent path, one `use` a parent, after the comments before it.
                let mut text: String = whole
                    .lines()
                    .take_while(|line| !line.starts_with("use "))
                    .map(|line| format!("{}\n", line))
                    .collect();
                let mut parents: Vec<String> = Vec::new();
                for (path, _) in &names {
                    let parent = path[..path.len() - 1].join("::");
                    if !parents.contains(&parent) {
                        parents.push(parent);
                    }
                }
                if parents.is_empty() {
                    return None;
                }
                for parent in parents {
                    let leaves: Vec<String> = names
                        .iter()
                        .filter(|(path, _)| path[..path.len() - 1].join("::") == parent)
                        .map(|(path, local)| match path.last() {
                            Some(last) if last != local && last != "self" => {
                                format!("{} as {}", last, local)
                            }
                            last => last.cloned().unwrap_or_default(),
                        })
                        .collect();
                    text += &match leaves.len() {
                        1 => format!("use {}::{};\n", parent, leaves[0]),
                        _ => format!("use {}::{{{}}};\n", parent, leaves.join(", ")),
                    };
                }
                Some(text)
            }
            ItemKind::Impl {
                head,
                members,
                tail,
                trait_name,
                ..
            } if trait_name.is_none() => {
                if !items.contains(&(i, None)) {
                    return None;
                }
                let mut text = lines_between(lines, head.0, head.1);
                let mut first = true;
                for (m, member) in members.iter().enumerate() {
                    if items.contains(&(i, Some(m))) {
                        let member_text = lines_between(lines, member.lines.0, member.lines.1);
                        // The first member kept starts right after the head.
                        text += match first {
                            true => member_text.trim_start_matches('\n'),
                            false => &member_text,
                        };
                        first = false;
                    }
                }
                Some(text + &lines_between(lines, tail.0, tail.1))
            }
            _ => Some(whole).filter(|_| items.contains(&(i, None))),
        }
    }
}

/// The std traits the engine imports for their methods alone, with those methods (and macros).
const TRAIT_METHODS: &[(&str, &[&str])] = &[
    (
        "BufRead",
        &["fill_buf", "consume", "read_line", "read_until"],
    ),
    (
        "Read",
        &["read", "read_exact", "read_to_end", "read_to_string"],
    ),
    (
        "Write",
        &["write", "write_all", "flush", "write_fmt", "writeln"],
    ),
];

/// Whether `name` is a std trait of `TRAIT_METHODS` some method of which is in `names`.
fn calls_method_of(name: &str, names: &HashSet<String>) -> bool {
    TRAIT_METHODS
        .iter()
        .any(|(t, methods)| *t == name && methods.iter().any(|m| names.contains(*m)))
}

/// What a module keeps: its items (with `None`) and impl members (with `Some(member)`), by
/// index, and the names its `use`s keep.
type Kept = (HashSet<(usize, Option<usize>)>, HashSet<String>);

/// What the binary `main` and each engine module keep, `main`'s first: the items reached from
/// `main`'s code, to a fixed point.
fn reach(main: &Module, modules: &[Module], names: &[&str]) -> Vec<Kept> {
    let all: Vec<&Module> = std::iter::once(main).chain(modules).collect();
    let mut kept: Vec<Kept> = all.iter().map(|_| Kept::default()).collect();
    let mut found = Found {
        named: all.iter().map(|_| HashSet::new()).collect(),
        ..Found::default()
    };
    // The binary's own items are all kept, impls with all their members.
    for (i, item) in main.items.iter().enumerate() {
        match &item.kind {
            ItemKind::Use(_) => continue,
            ItemKind::Impl {
                self_type, members, ..
            } => {
                for (k, member) in members.iter().enumerate() {
                    kept[0].0.insert((i, Some(k)));
                    found.note(&all, 0, &member.refs, self_type, names);
                }
            }
            ItemKind::Named(_) => {}
        }
        kept[0].0.insert((i, None));
        found.note(&all, 0, &item.refs, "", names);
    }
    loop {
        let mut changed = false;
        for (m, module) in all.iter().enumerate() {
            for (i, item) in module.items.iter().enumerate() {
                let is_reached = |name: &str| {
                    module
                        .resolve(name, names)
                        .map_or(false, |key| found.reached.contains(&key))
                };
                let mut keep: Vec<(Option<usize>, &Refs)> = Vec::new();
                let mut self_name = "";
                match &item.kind {
                    ItemKind::Use(_) => {}
                    ItemKind::Named(name) => {
                        if found.reached.contains(&(module.name.clone(), name.clone())) {
                            keep.push((None, &item.refs));
                        }
                    }
                    ItemKind::Impl {
                        self_type,
                        trait_name,
                        members,
                        ..
                    } => {
                        if !is_reached(self_type) {
                            continue;
                        }
                        self_name = self_type;
                        match trait_name {
                            // A trait impl goes with its type and trait: a std trait, or one
                            // of the engine's that is reached.
                            Some(name) => {
                                if module.resolve(name, names).is_none() || is_reached(name) {
                                    keep.push((None, &item.refs));
                                    for (k, member) in members.iter().enumerate() {
                                        keep.push((Some(k), &member.refs));
                                    }
                                }
                            }
                            // A member of an inherent impl goes with a call of its name or a
                            // path to it.
                            None => {
                                for (k, member) in members.iter().enumerate() {
                                    let pair = (self_type.clone(), member.name.clone());
                                    if found.calls.contains(&member.name)
                                        || found.pairs.contains(&pair)
                                    {
                                        keep.push((None, &item.refs));
                                        keep.push((Some(k), &member.refs));
                                    }
                                }
                            }
                        }
                    }
                }
                for (member, refs) in keep {
                    if kept[m].0.insert((i, member)) {
                        changed = true;
                        found.note(&all, m, refs, self_name, names);
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    for (m, named) in found.named.into_iter().enumerate() {
        kept[m].1 = named;
    }
    kept
}

/// What the kept code refers to, so far.
#[derive(Default)]
struct Found {
    /// Named items reached, as (module, name).
    reached: HashSet<(String, String)>,
    /// Methods called.
    calls: HashSet<String>,
    /// `Type::name` pairs named (`Self` being the type of the impl the code is in).
    pairs: HashSet<(String, String)>,
    /// The names each module's kept code names, for its `use`s.
    named: Vec<HashSet<String>>,
}

impl Found {
    /// Notes what `refs`, kept code of module `all[m]` (in an impl of `self_type`, if not
    /// empty), refers to.
    fn note(&mut self, all: &[&Module], m: usize, refs: &Refs, self_type: &str, names: &[&str]) {
        for ident in refs.idents.iter().chain(&refs.calls) {
            self.named[m].insert(ident.clone());
        }
        for ident in &refs.idents {
            self.reached.extend(all[m].resolve(ident, names));
        }
        self.calls.extend(refs.calls.iter().cloned());
        for (a, b) in &refs.pairs {
            if names.contains(&a.as_str()) {
                self.reached.insert((a.clone(), b.clone()));
            }
            let a = if a == "Self" { self_type } else { a };
            self.pairs.insert((a.to_string(), b.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the `tables` feature marks goes, with the comments right above it: an item with
    /// generics, a field, a match arm with a block and one without, a statement with an `else`;
    /// the rest stays, and a `cfg(not(...))` keeps what it marks. Generics' commas in an item,
    /// a `let` or a field's type end nothing.
    #[test]
    fn the_tables_feature_is_left_out() {
        let source = r#"use std::fmt;
/// Kept.
struct Solver {
    threads: usize,
    /// Where the tables are kept.
    #[cfg(feature = "tables")]
    dirs: HashMap<usize, String>,
    #[cfg(feature = "tables")]
    dir: Option<String>,
}

/// Saves a table.
#[cfg(feature = "tables")]
fn save<const W: usize, const N: usize>(a: u8, b: u8) -> Vec<u8> {
    vec![a, b]
}

fn main() {
    match Some(1) {
        #[cfg(feature = "tables")]
        Some(2) => {
            save::<1, 2>(1, 2);
        }
        // Loaded.
        #[cfg(feature = "tables")]
        Some(3) => fmt::sleep(),
        _ => {}
    }
    #[cfg(feature = "tables")]
    if true {
        save::<1, 2>(3, 4);
    } else {
        save::<1, 2>(5, 6);
    }
    #[cfg(feature = "tables")]
    let y: HashMap<u8, u8> = [(1, 2), (3, 4)]
        .into_iter()
        .collect();
    #[cfg(not(feature = "tables"))]
    let x = 1;
}
"#;
        let expected = "use std::fmt;
/// Kept.
struct Solver {
    threads: usize,
}

fn main() {
    match Some(1) {
        _ => {}
    }
    let x = 1;
}
";
        assert_eq!(without_tables(source), expected);
    }
}
