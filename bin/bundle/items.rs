//! Items: a source parsed into its `use`s, named items and impls, with their lines and the
//! names each refers to.

use std::collections::{BTreeSet, HashSet};

use crate::reach::{calls_method_of, Kept};
use crate::tokens::{lex, matching, skip_attributes, split_items, Kind, Token};
use crate::ENGINE;

/// The names one piece of code refers to: identifiers, method calls (`.name(`, `.name::<`),
/// and `a::b` pairs.
#[derive(Default)]
pub struct Refs {
    pub idents: BTreeSet<String>,
    pub calls: BTreeSet<String>,
    pub pairs: Vec<(String, String)>,
}

impl Refs {
    pub fn of(tokens: &[Token]) -> Refs {
        let mut refs = Refs::default();
        for (i, token) in tokens.iter().enumerate() {
            // A field or method after one dot; a struct's base after two (`..BASE`) is a name.
            let dot = |back: usize| i >= back && tokens[i - back].text == ".";
            let after_dot = dot(1) && !dot(2);
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
pub enum ItemKind {
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

pub struct Member {
    pub name: String,
    pub lines: (usize, usize),
    pub refs: Refs,
}

pub struct Item {
    pub kind: ItemKind,
    /// Its lines, from the line after the item before it.
    pub lines: (usize, usize),
    /// What it names: an impl's head alone, as its members are kept one by one.
    pub refs: Refs,
}

/// A source file: its inner doc, its items (`#[cfg(test)]` ones left out) and its lines.
pub struct Module {
    pub name: String,
    /// The `//!` lines at its top.
    pub doc: String,
    pub items: Vec<Item>,
    /// The lines, indented with a tab for each four spaces but within string literals.
    pub lines: Vec<String>,
    /// The path by which it names engine modules: `crate`, or `engine` in a binary.
    pub root: &'static str,
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
    // After a trailing comma in braces: nothing.
    if tokens.is_empty() {
        return;
    }
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
    pub fn parse(name: &str, text: &str, root: &'static str) -> Module {
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
    pub fn resolve(&self, name: &str, modules: &[&str]) -> Option<(String, String)> {
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
    pub fn kept_text(&self, i: usize, kept: &Kept, modules: &[&str]) -> Option<String> {
        let (items, uses) = kept;
        let item = &self.items[i];
        let whole = lines_between(&self.lines, item.lines.0, item.lines.1);
        match &item.kind {
            ItemKind::Use(imports) => {
                let names: Vec<&(Vec<String>, String)> = imports
                    .iter()
                    .filter(|(path, local)| self.import_kept(path, local, uses, modules))
                    .collect();
                match names.len() == imports.len() {
                    true => Some(whole),
                    false => regrouped(&whole, &names),
                }
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
                let mut text = lines_between(&self.lines, head.0, head.1);
                let mut first = true;
                for (m, member) in members.iter().enumerate() {
                    if items.contains(&(i, Some(m))) {
                        let member_text =
                            lines_between(&self.lines, member.lines.0, member.lines.1);
                        // The first member kept starts right after the head.
                        text += match first {
                            true => member_text.trim_start_matches('\n'),
                            false => &member_text,
                        };
                        first = false;
                    }
                }
                Some(text + &lines_between(&self.lines, tail.0, tail.1))
            }
            _ => Some(whole).filter(|_| items.contains(&(i, None))),
        }
    }

    /// Whether the import of `path` as `local` stays: the binary's imports all do, but those of
    /// a bare engine module (`use engine::judge;`, `use engine::judge::{self, ..}`), which the
    /// bundle makes a module of its own; a module's, if its kept code names them (`uses`), or
    /// calls a method of an imported std trait.
    fn import_kept(
        &self,
        path: &[String],
        local: &str,
        uses: &HashSet<String>,
        modules: &[&str],
    ) -> bool {
        let module_path = match path.last().map(String::as_str) {
            Some("self") => &path[..path.len() - 1],
            _ => path,
        };
        let bare_module = module_path.len() == 2
            && module_path[0] == self.root
            && modules.contains(&module_path[1].as_str());
        match self.root {
            ENGINE => !bare_module,
            _ => uses.contains(local) || calls_method_of(local, uses),
        }
    }
}

/// The imports `names` (each a path and the name it is used by) of the `use` item `whole`,
/// regrouped by parent path, one `use` a parent, after the comments before the item; `None` if
/// there are none.
fn regrouped(whole: &str, names: &[&(Vec<String>, String)]) -> Option<String> {
    let mut text: String = whole
        .lines()
        .take_while(|line| !line.starts_with("use "))
        .map(|line| format!("{}\n", line))
        .collect();
    let mut parents: Vec<String> = Vec::new();
    for (path, _) in names {
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
                Some(last) if last != local && last != "self" => format!("{} as {}", last, local),
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

/// Lines of a source from `from` (inclusive) to `to` (exclusive), each with its line end.
pub fn lines_between<S: AsRef<str>>(lines: &[S], from: usize, to: usize) -> String {
    lines[from..to]
        .iter()
        .map(|line| format!("{}\n", line.as_ref()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens::lex;

    #[test]
    fn a_struct_base_after_two_dots_is_a_name_a_field_after_one_is_not() {
        let refs = Refs::of(&lex("Format { count: a.len(), ..BASE }"));
        assert!(refs.idents.contains("BASE") && refs.idents.contains("a"));
        assert!(!refs.idents.contains("len") && refs.calls.contains("len"));
    }

    #[test]
    fn a_use_tree_imports_each_leaf_and_a_trailing_comma_nothing() {
        let mut found = Vec::new();
        use_tree(&lex("a::b::{c, d as e, self, f::{g},\n}"), &[], &mut found);
        let import = |path: &[&str], name: &str| {
            let path = path.iter().map(|s| s.to_string()).collect();
            (path, name.to_string())
        };
        let expected = [
            import(&["a", "b", "c"], "c"),
            import(&["a", "b", "d"], "e"),
            import(&["a", "b", "self"], "b"),
            import(&["a", "b", "f", "g"], "g"),
        ];
        assert_eq!(found, expected);
    }
}
