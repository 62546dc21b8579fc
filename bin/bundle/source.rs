//! The sources as a judge gets them: without the features for a person and without doc examples,
//! the version Cargo gives written in.

use std::fs;
use std::path::PathBuf;

use crate::tokens::{lex, matching, skip_attributes, Token};

/// The source at `path` as a judge gets it: without the features for a person
/// ([`without_features`]) and without doc examples ([`without_examples`]); the package's
/// version, which `rustc` alone does not know, written in as a string.
pub fn read(path: PathBuf) -> Result<String, String> {
    let source =
        fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {}", path.display(), e))?;
    let version = format!("{:?}", env!("CARGO_PKG_VERSION"));
    let source = source.replace(r#"env!("CARGO_PKG_VERSION")"#, &version);
    Ok(without_examples(&without_features(&source)))
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

/// The features for a person, which a judge never uses: `tables` (a judge keeps no files),
/// `show` (a judge reads no drawings), `progress` (nor what goes to standard error) and
/// `shares` (a judge reads whole inputs).
const LEFT_OUT: [&str; 4] = ["tables", "show", "progress", "shares"];

/// `source` without the features of [`LEFT_OUT`]: for each of them, F, each statement, item,
/// field or match arm under `#[cfg(feature = "F")]` left out with the comments right above it
/// (and a blank line, where it stood between two), and each `#[cfg(not(feature = "F"))]` and
/// `#[cfg_attr(feature = "F", ..)]` line.
/// Whole lines go, as rustfmt puts such an attribute on a line of its own and what it marks on
/// the lines after.
fn without_features(source: &str) -> String {
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
        let feature = |form: &str| LEFT_OUT.iter().any(|f| attribute == form.replace('F', f));
        match () {
            _ if feature(r#"[cfg(feature="F")]"#) => {
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
            _ if feature(r#"[cfg(not(feature="F"))]"#)
                || LEFT_OUT
                    .iter()
                    .any(|f| attribute.starts_with(&format!(r#"[cfg_attr(feature="{}","#, f))) =>
            {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What the features for a person mark goes, with the comments right above it: an item
    /// with generics, a field, a match arm with a block and one without, a statement with an
    /// `else`; the rest stays, another feature's items too, and a `cfg(not(...))` keeps what it
    /// marks. Generics' commas in an item, a `let` or a field's type end nothing.
    #[test]
    fn the_features_for_a_person_are_left_out() {
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
    #[cfg(feature = "show")]
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
    #[cfg(not(feature = "show"))]
    let x = 2;
    #[cfg(feature = "other")]
    let z = 3;
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
    let x = 2;
    #[cfg(feature = \"other\")]
    let z = 3;
}
";
        assert_eq!(without_features(source), expected);
    }
}
