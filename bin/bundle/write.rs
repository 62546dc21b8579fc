//! Writing: the bundle's text from the items kept, under a header naming the problem.

use crate::items::Module;
use crate::reach::Kept;
use crate::ENGINE;

/// What a bundle leaves out of the engine's comments to fit a judge's limit; each level leaves
/// out what the ones before it do too.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LeftOut {
    Nothing,
    /// Doc comments.
    Docs,
    /// Every comment and blank line.
    Comments,
}

/// The bundle's text: a header, the binary's kept items, then each engine module's (`names`),
/// without what `left` leaves out of the engine's comments, and with its lines `indented` or
/// not (rustfmt indents them again).
pub fn render(
    main: &Module,
    modules: &[Module],
    names: &[&str],
    kept: &[Kept],
    command: &str,
    left: LeftOut,
    indented: bool,
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
        "// One file to submit to a judge, made by `{}`:\n// the program, then \
         each engine module it uses, indented with tabs to keep it small.\n",
        command
    );
    let mut which = Vec::new();
    if !indented {
        which.push("lines are not indented (rustfmt indents them again)");
    }
    match left {
        LeftOut::Nothing => {}
        LeftOut::Docs => which.push("doc comments are left out"),
        LeftOut::Comments => which.push("comments and blank lines are left out"),
    }
    if !which.is_empty() {
        let which = which.join(",\n// and its ");
        out += &format!("// To fit its judge's limit, the engine's {}.\n", which);
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
        let comment = match left {
            LeftOut::Nothing => None,
            LeftOut::Docs => Some("///"),
            LeftOut::Comments => Some("//"),
        };
        for line in text.lines() {
            // With every comment, the blank lines between items go too.
            let blank = left >= LeftOut::Comments && line.is_empty();
            if blank || comment.map_or(false, |start| line.trim_start().starts_with(start)) {
                continue;
            }
            // String literals' lines begin with no tab, and keep their spaces.
            let depth = line.len() - line.trim_start_matches('\t').len();
            out += match indented {
                true => line,
                false => &line[depth..],
            };
            out += "\n";
        }
        out += "}\n";
    }
    out
}

/// `source` with every `engine::` path made a `crate::` path.
fn rename_engine(source: &str) -> String {
    renamed(source, &format!("{}::", ENGINE), "crate::")
}

/// `source` with each `from` that starts a word made `to`.
pub fn renamed(source: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while let Some(at) = rest.find(from) {
        let whole_word = !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        out += &rest[..at];
        out += if whole_word { to } else { from };
        rest = &rest[at + from.len()..];
    }
    out + rest
}
