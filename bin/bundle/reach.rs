//! What is reached: the items of the engine that a binary's code names, to a fixed point.

use std::collections::HashSet;

use crate::items::{Item, ItemKind, Module, Refs};

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
pub fn calls_method_of(name: &str, names: &HashSet<String>) -> bool {
    TRAIT_METHODS
        .iter()
        .any(|(t, methods)| *t == name && methods.iter().any(|m| names.contains(*m)))
}

/// What a module keeps: its items (with `None`) and impl members (with `Some(member)`), by
/// index, and the names its `use`s keep.
pub type Kept = (HashSet<(usize, Option<usize>)>, HashSet<String>);

/// What the binary `main` and each engine module keep, `main`'s first: the items reached from
/// `main`'s code, to a fixed point.
pub fn reach(main: &Module, modules: &[Module], names: &[&str]) -> Vec<Kept> {
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
                let (keep, self_name) = reached_parts(module, item, &found, names);
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

/// The parts of `item`, of `module`, that what is `found` so far reaches: the item itself (`None`)
/// or an impl's members (`Some(member)`), each with the references it makes; and the type an
/// impl's `Self` stands for.
fn reached_parts<'a>(
    module: &Module,
    item: &'a Item,
    found: &Found,
    names: &[&str],
) -> (Vec<(Option<usize>, &'a Refs)>, &'a str) {
    let is_reached = |name: &str| {
        module
            .resolve(name, names)
            .map_or(false, |key| found.reached.contains(&key))
    };
    let mut keep: Vec<(Option<usize>, &Refs)> = Vec::new();
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
                return (keep, "");
            }
            match trait_name {
                // A trait impl goes with its type and trait: a std trait, or one of the
                // engine's that is reached; `Default`, which a type with `new` has for Clippy's
                // sake, only where `default` is called.
                Some(name) => {
                    let called = name != "Default"
                        || found.calls.contains("default")
                        || found.pairs.iter().any(|(_, method)| method == "default");
                    let std_trait = module.resolve(name, names).is_none();
                    if called && (std_trait || is_reached(name)) {
                        keep.push((None, &item.refs));
                        for (k, member) in members.iter().enumerate() {
                            keep.push((Some(k), &member.refs));
                        }
                    }
                }
                // A member of an inherent impl goes with a call of its name or a path to it.
                None => {
                    for (k, member) in members.iter().enumerate() {
                        let pair = (self_type.clone(), member.name.clone());
                        if found.calls.contains(&member.name) || found.pairs.contains(&pair) {
                            keep.push((None, &item.refs));
                            keep.push((Some(k), &member.refs));
                        }
                    }
                }
            }
            return (keep, self_type);
        }
    }
    (keep, "")
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
    use crate::write::{render, LeftOut};

    /// The bundle of the binary `main` with the engine module `m`.
    fn bundle(main: &str, m: &str) -> String {
        let main = Module::parse("main", main, "engine");
        let modules = [Module::parse("m", m, "crate")];
        let kept = reach(&main, &modules, &["m"]);
        render(
            &main,
            &modules,
            &["m"],
            &kept,
            "bundle test",
            LeftOut::Nothing,
            true,
        )
    }

    #[test]
    fn only_what_main_reaches_is_kept_to_a_fixed_point() {
        let main = "//! A test.
use engine::m::{used, Thing};

fn main() {
    used();
    Thing::new().go();
}
";
        let m = "//! A module.

/// Used.
pub fn used() {
    helper()
}

fn helper() {}

pub fn unused() {}

/// A thing.
pub struct Thing;

impl Thing {
    pub fn new() -> Thing {
        Thing
    }

    pub fn go(&self) {
        println!(\"{}\", inner::deep(LIMIT));
    }

    pub fn idle(&self) {}
}

const LIMIT: u8 = 3;

const UNUSED: u8 = 4;

mod inner {
    pub fn deep(x: u8) -> u8 {
        x
    }
}

#[cfg(test)]
mod tests {
    fn unused_in_tests() {}
}
";
        let text = bundle(main, m);
        for kept in [
            "/// Used.\npub fn used() {",
            "fn helper() {}",
            "/// A thing.\npub struct Thing;",
            "pub fn new() -> Thing {",
            "pub fn go(&self) {",
            "const LIMIT: u8 = 3;",
            "mod inner {\n\tpub fn deep(x: u8) -> u8 {",
        ] {
            assert!(text.contains(kept), "{:?} not kept in:\n{}", kept, text);
        }
        for left in ["unused", "idle", "UNUSED", "mod tests"] {
            assert!(!text.contains(left), "{:?} kept in:\n{}", left, text);
        }
        assert!(text.starts_with("// A test.\n"), "{}", text);
    }

    #[test]
    fn a_name_in_a_format_string_reaches_its_item() {
        let main = "use engine::m::show;\n\nfn main() {\n    show();\n}\n";
        let m = "pub fn show() {\n    println!(\"{WIDTH}\");\n}\n\nconst WIDTH: u8 = 4;\n";
        assert!(bundle(main, m).contains("const WIDTH: u8 = 4;"));
    }
}
