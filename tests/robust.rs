//! Nothing panics outside the boards either: help and answers into a full disk or a closed pipe,
//! errors when standard error cannot be written, arguments that are not UTF-8 or in any order,
//! a lone byte-order mark; on the built programs, on a compiled bundle, and on the bundler. A
//! closed pipe ends quietly with status 0, any other failed write with status 1, bad input or a
//! bad argument with status 2 even when the error cannot be reported.

use std::path::Path;
use std::process::{Command, Output};

const EIGHT: &str = env!("CARGO_BIN_EXE_eight");
const FIFTEEN_LEX: &str = env!("CARGO_BIN_EXE_fifteen_lex");
const MXN: &str = env!("CARGO_BIN_EXE_mxn");
const SQUARE_PATH: &str = env!("CARGO_BIN_EXE_square_path");
const BLANK_FIRST: &str = env!("CARGO_BIN_EXE_blank_first");
const BUNDLE: &str = env!("CARGO_BIN_EXE_bundle");

/// Runs `script` in bash with `$P` naming `program`; its status is the script's.
fn shell(program: &str, script: &str) -> Output {
    let output = Command::new("bash")
        .args(["-c", script])
        .env("P", program)
        .output()
        .unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!errors.contains("panicked"), "{}: {}", script, errors);
    output
}

fn assert_status(program: &str, script: &str, status: i32, stderr: &str) {
    let output = shell(program, script);
    assert_eq!(output.status.code(), Some(status), "{} {}", program, script);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(
        errors.starts_with(stderr),
        "{} {}: {}",
        program,
        script,
        errors
    );
}

/// The reader of the pipe is gone before the program starts: the reader closes its end, then
/// leaves a mark the program's side waits for.
const CLOSED_PIPE: &str = "mark=$(mktemp -u); \
    (until [ -e \"$mark\" ]; do sleep 0.01; done; exec \"$P\" ARGS) | (exec 0<&-; touch \"$mark\"); \
    status=${PIPESTATUS[0]}; rm -f \"$mark\"; exit $status";

/// Checks `program`, which answers `input` (in a file, to keep it out of the shell's quoting).
fn check_program(program: &str, input: &str) {
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "robust-input-{}",
        Path::new(program).file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(&file, input).unwrap();
    let answers_into_full_disk = format!("\"$P\" < '{}' > /dev/full", file.display());
    let full = "error: cannot write the output: ";
    assert_status(program, "\"$P\" --help > /dev/full", 1, full);
    assert_status(program, &CLOSED_PIPE.replace("ARGS", "--help"), 0, "");
    assert_status(program, &answers_into_full_disk, 1, full);
    let unknown = "error: unknown argument '\u{fffd}' (see --help)\n";
    assert_status(program, "echo 1 | \"$P\" $'\\xff'", 2, unknown);
    assert_status(program, "echo 1 | \"$P\" --show $'\\xff'", 2, unknown);
    assert_status(program, "echo y | \"$P\" 2> /dev/full", 2, "");
    assert_status(program, "\"$P\" --help 2> /dev/full > /dev/full", 1, "");
    // --help wins wherever it stands.
    for args in [
        "--foo --help",
        "--help --foo",
        "--threads --help",
        "-h --show",
    ] {
        let output = shell(program, &format!("\"$P\" {} < /dev/null", args));
        assert_eq!(output.status.code(), Some(0), "{}", args);
        assert!(String::from_utf8_lossy(&output.stdout).contains("Input:"));
    }
    assert_status(
        program,
        "printf '\\xef\\xbb\\xbf' | \"$P\"",
        2,
        "error: line 1: expected",
    );
}

#[test]
fn the_programs_never_panic() {
    check_program(EIGHT, &"283104765\n".repeat(10_000));
    let board = "\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n";
    check_program(FIFTEEN_LEX, &format!("1000\n{}", board.repeat(1000)));
    check_program(MXN, &("2 2\n1 2\n3 0\n".repeat(20_000) + "0 0\n"));
    check_program(SQUARE_PATH, &"2\n3 1\n2 0\n".repeat(20_000));
    check_program(BLANK_FIRST, &"2\n1\n0\n2\n3\n".repeat(20_000));
}

#[test]
fn a_compiled_bundle_never_panics() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robust");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("eight.rs");
    let bundle = Command::new(BUNDLE).arg("eight").output().unwrap();
    std::fs::write(&source, bundle.stdout).unwrap();
    let program = dir.join("eight");
    let compiled = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&program)
        .arg(&source)
        .status()
        .unwrap();
    assert!(compiled.success());
    check_program(program.to_str().unwrap(), &"283104765\n".repeat(10_000));
}

#[test]
fn the_bundler_never_panics_and_says_what_is_wrong() {
    let full = "error: cannot write the output: ";
    assert_status(BUNDLE, "\"$P\" eight > /dev/full", 1, full);
    assert_status(BUNDLE, "\"$P\" --help > /dev/full", 1, full);
    assert_status(BUNDLE, &CLOSED_PIPE.replace("ARGS", "eight"), 0, "");
    assert_status(BUNDLE, "\"$P\" nine 2> /dev/full", 2, "");
    for args in ["--help", "eight --help", "--help --all"] {
        let output = shell(BUNDLE, &format!("\"$P\" {}", args));
        assert_eq!(output.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&output.stdout).starts_with("bundle: "));
    }
    let cases = [
        (
            "",
            "error: name a program to bundle, or --all DIR (see --help)\n",
        ),
        (
            "--all",
            "error: --all needs a folder to write into, as in: bundle --all submit\n",
        ),
        (
            "eight --leetcode",
            "error: eight has no --leetcode form; the forms: sliding --leetcode, square_path --codewars\n",
        ),
        ("nine --leetcode", "error: no judge program 'nine'; known: "),
        (
            "eight fifteen",
            "error: unexpected arguments 'eight fifteen' (see --help)\n",
        ),
        (
            "$'\\xff'",
            "error: unexpected arguments '\u{fffd}' (see --help)\n",
        ),
    ];
    for (args, error) in cases {
        let output = shell(BUNDLE, &format!("\"$P\" {}", args));
        assert_eq!(output.status.code(), Some(2), "{}", args);
        let errors = String::from_utf8_lossy(&output.stderr);
        assert!(errors.starts_with(error), "{}: {}", args, errors);
        assert!(output.stdout.is_empty());
    }
}

/// A program started without standard output (`>&-`) says so and exits 1, rather than
/// answering into nothing with status 0; `> /dev/null` is still fine.
#[test]
fn a_closed_standard_output_is_an_error() {
    for (redirect, status, error) in [
        (
            ">&-",
            1,
            "error: cannot write the output: standard output is closed\n",
        ),
        ("> /dev/null", 0, ""),
    ] {
        for (program, args, input) in [
            (EIGHT, "", "283104765"),
            (EIGHT, "--help", ""),
            (MXN, "--path", "2 2\\n1 2\\n3 0\\n0 0"),
        ] {
            let script = format!("printf '{}\\n' | \"$0\" {} {}", input, args, redirect);
            let output = Command::new("sh")
                .args(["-c", &script, program])
                .output()
                .unwrap();
            assert_eq!(
                output.status.code(),
                Some(status),
                "{} {} {}",
                program,
                args,
                redirect
            );
            assert_eq!(String::from_utf8_lossy(&output.stderr), error);
        }
    }
}
