//! Every console example in `README.md` and `doc/*.md` runs and prints what the text says.
//!
//! An example is a fenced block marked `console`: lines `$ command`, each followed by what it
//! prints (standard output and standard error together, as a terminal shows them). Each block
//! runs in a fresh folder holding `testdata/`, `scripts/` and `target/release/` (links to the
//! samples, the scripts and the binaries this test was built with), each command through a
//! `bash` of its own, where `cargo run [-q] [--release] --bin NAME [--] ARGS` and `cargo build`
//! stand for the built binaries. Times (`0.1 ms`, `1.25 s`)
//! compare as any time, and a line `...` stands for any lines. A block whose first command is
//! `# not run by the tests: WHY` is skipped, and says why.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What `cargo` means inside an example: the built binaries, run at once.
const CARGO: &str = r#"#!/usr/bin/env bash
# `cargo run [-q] [--release] --bin NAME [--] ARGS` runs the built NAME; `cargo build` does nothing.
case "$1" in build) exit 0 ;; run) shift ;; *) echo "cargo $1: not in examples" >&2; exit 99 ;; esac
while [ $# -gt 0 ]; do
    case "$1" in
        -q | --release) shift ;;
        --bin) name=$2; shift 2 ;;
        --) shift; break ;;
        *) break ;;
    esac
done
exec "$BINARIES/$name" "$@"
"#;

/// One example: where it stands, its command, and what it prints.
struct Example {
    file: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The blocks of console examples in `text`, each a list of examples; skipped blocks left out.
fn blocks(file: &str, text: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        if line.trim_end() != "```console" {
            continue;
        }
        let mut block: Vec<Example> = Vec::new();
        for (at, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            match line.strip_prefix("$ ") {
                Some(command) => block.push(Example {
                    file: file.to_string(),
                    line: at + 1,
                    command: command.to_string(),
                    expected: Vec::new(),
                }),
                None => match block.last_mut() {
                    Some(example) => example.expected.push(line.to_string()),
                    None => panic!("{}:{}: output before any command", file, at + 1),
                },
            }
        }
        let skipped = block
            .first()
            .map_or(false, |e| e.command.starts_with("# not run by the tests: "));
        if !skipped {
            blocks.push(block);
        }
    }
    blocks
}

/// `line` with each time in it (a number before `µs`, `ms` or `s`) made `<time>`.
fn without_times(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let number = rest[start..]
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .map_or(rest.len(), |n| start + n);
        let unit = ["µs", "ms", "s"]
            .iter()
            .find(|unit| rest[number..].starts_with(&format!(" {}", unit)));
        let ends_word = |at: usize| {
            rest[at..]
                .chars()
                .next()
                .map_or(true, |c| !c.is_alphanumeric())
        };
        match unit {
            Some(unit) if ends_word(number + 1 + unit.len()) => {
                out += &rest[..start];
                out += "<time>";
                rest = &rest[number + 1 + unit.len()..];
            }
            _ => {
                out += &rest[..number];
                rest = &rest[number..];
            }
        }
    }
    out + rest
}

/// Whether `actual` matches `expected`, where a line `...` in `expected` stands for any lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual.split_first().map_or(false, |(line, actual_rest)| {
            without_times(first) == without_times(line) && matches(rest, actual_rest)
        }),
    }
}

/// A fresh folder for one block: `testdata/`, `scripts/`, `target/release/`, and `cargo` on the
/// `PATH`.
fn folder(name: &str, binaries: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("docs")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("target")).unwrap();
    fs::create_dir_all(dir.join(".bin")).unwrap();
    std::os::unix::fs::symlink(root.join("testdata"), dir.join("testdata")).unwrap();
    std::os::unix::fs::symlink(root.join("scripts"), dir.join("scripts")).unwrap();
    std::os::unix::fs::symlink(binaries, dir.join("target/release")).unwrap();
    let cargo = dir.join(".bin/cargo");
    fs::write(&cargo, CARGO).unwrap();
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// The markdown files whose examples are checked: the README and every file of `doc/`.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let docs = fs::read_dir(root.join("doc")).unwrap();
    let mut docs: Vec<PathBuf> = docs.map(|entry| entry.unwrap().path()).collect();
    docs.retain(|path| path.extension().map_or(false, |e| e == "md"));
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn every_console_example_prints_what_the_docs_say() {
    let binaries = Path::new(env!("CARGO_BIN_EXE_solve")).parent().unwrap();
    let mut failures = Vec::new();
    let mut run = 0;
    for path in documents() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap();
        for (b, block) in blocks(&name, &text).into_iter().enumerate() {
            let dir = folder(&format!("{}-{}", name, b), binaries);
            for example in block {
                let output = Command::new("bash")
                    .args(["-c", &format!("{} 2>&1", example.command)])
                    .current_dir(&dir)
                    .env(
                        "PATH",
                        format!("{}:/usr/bin:/bin", dir.join(".bin").display()),
                    )
                    .env("BINARIES", binaries)
                    .output()
                    .unwrap();
                let printed = String::from_utf8_lossy(&output.stdout);
                let actual: Vec<String> = printed.lines().map(str::to_string).collect();
                run += 1;
                if !matches(&example.expected, &actual) {
                    failures.push(format!(
                        "{}:{}: $ {}\n--- the docs say:\n{}\n--- it printed:\n{}",
                        example.file,
                        example.line,
                        example.command,
                        example.expected.join("\n"),
                        printed.trim_end()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
    assert!(run >= 10, "only {} examples found", run);
}

/// The anchor GitHub gives a heading: lower case, spaces as hyphens, punctuation but `-` and `_`
/// gone.
fn anchor(heading: &str) -> String {
    let kept = heading
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_');
    kept.flat_map(char::to_lowercase)
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every link from a document to a file of the repository, `](path)` or `](path#anchor)`,
/// reaches that file, and that heading in it.
#[test]
fn every_link_between_the_docs_reaches_its_file_and_heading() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for path in documents() {
        let text = fs::read_to_string(&path).unwrap();
        for link in text.split("](").skip(1) {
            let target = &link[..link.find(')').unwrap_or(link.len())];
            if target.contains("://") {
                continue;
            }
            let (file, heading) = target.split_once('#').unwrap_or((target, ""));
            let file = match file {
                "" => path.clone(),
                file => path.parent().unwrap().join(file),
            };
            checked += 1;
            let headings: Vec<String> = match fs::read_to_string(&file) {
                Ok(text) => text
                    .lines()
                    .filter_map(|line| {
                        Some(anchor(
                            line.strip_prefix('#')?.trim_start_matches('#').trim(),
                        ))
                    })
                    .collect(),
                Err(_) => {
                    broken.push(format!("{}: {} (no such file)", path.display(), target));
                    continue;
                }
            };
            if !heading.is_empty() && !headings.iter().any(|h| h == heading) {
                broken.push(format!("{}: {} (no such heading)", path.display(), target));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(checked >= 10, "only {} links found", checked);
}

#[test]
fn times_and_elided_lines_match_and_nothing_else_does() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(str::to_string).collect() };
    assert_eq!(
        without_times("103 moves, lower bound 77 (1.34 times), 630.2 ms"),
        "103 moves, lower bound 77 (1.34 times), <time>"
    );
    assert_eq!(
        without_times("0.8 µs, 2 s, 3 steps, 4 sx"),
        "<time>, <time>, 3 steps, 4 sx"
    );
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb")));
    assert!(!matches(
        &lines("2 moves, 0.1 ms"),
        &lines("3 moves, 0.1 ms")
    ));
    assert!(matches(
        &lines("2 moves, 0.1 ms"),
        &lines("2 moves, 12.5 ms")
    ));
    assert!(!matches(&lines("a"), &lines("a\nb")));
    let text = "```console\n$ echo 1\n1\n$ true\n```\n\n```console\n$ # not run by the tests: slow\n$ sleep 100\n```\n";
    let found = blocks("x.md", text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 2);
    assert_eq!(found[0][0].expected, ["1"]);
    assert!(found[0][1].expected.is_empty());
    assert_eq!(
        anchor("Batch: all 362,880 3x3 arrangements through `eight` in one run"),
        "batch-all-362880-3x3-arrangements-through-eight-in-one-run"
    );
    assert_eq!(
        anchor("Saved tables: `--tables DIR`"),
        "saved-tables---tables-dir"
    );
}
