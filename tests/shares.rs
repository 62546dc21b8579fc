//! `scripts/slurm-array.sh`: an input cut into shares, answered task by task, and merged, against
//! one process's answers to the whole input; and every way a merge could join the wrong answers
//! refused, with one line naming what is wrong.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const FIFTEEN: &str = env!("CARGO_BIN_EXE_fifteen");
const JIUGONG: &str = env!("CARGO_BIN_EXE_jiugong");

/// The script, from the repository.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm-array.sh")
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("shares")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Task `task` of `tasks` (as the variables give them, unchecked), answering `input` into
/// `out` with `program`, `per_case` lines a case.
fn task(
    task: &str,
    tasks: &str,
    program: &str,
    input: &Path,
    out: &Path,
    per_case: usize,
) -> Output {
    Command::new("bash")
        .arg(script())
        .args([Path::new(program), input, out])
        .env("SLURM_ARRAY_TASK_ID", task)
        .env("SLURM_ARRAY_TASK_COUNT", tasks)
        .env("LINES_PER_CASE", per_case.to_string())
        .output()
        .unwrap()
}

/// Every task of `tasks`, each expected to succeed.
fn all_tasks(tasks: usize, program: &str, input: &Path, out: &Path, per_case: usize) {
    for t in 0..tasks {
        let ran = task(
            &t.to_string(),
            &tasks.to_string(),
            program,
            input,
            out,
            per_case,
        );
        let said = String::from_utf8_lossy(&ran.stderr);
        assert!(ran.status.success(), "task {} of {}: {}", t, tasks, said);
    }
}

/// The merge of `out`'s `tasks` shares (`tasks` as given), against `input` if any.
fn merge(out: &Path, tasks: &str, input: Option<&Path>) -> Output {
    let mut command = Command::new("bash");
    command.arg(script()).arg("--merge").arg(out).arg(tasks);
    command.args(input);
    command.output().unwrap()
}

/// The one error line of a run that failed with status 2.
fn error(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{:?}", output);
    assert!(output.stdout.is_empty(), "{:?}", output);
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(said.lines().count(), 1, "{}", said);
    said.trim_end().to_string()
}

/// What a program prints for the whole of `input` in one process.
fn one_process(program: &str, input: &[u8]) -> Vec<u8> {
    let (output, _) = crate::common::run_with(program, &[], input);
    assert!(output.status.success());
    output.stdout
}

fn boards_4x4() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/boards-4x4.txt")).unwrap()
}

/// An input whose last line has no line end is answered whole, its last case too, in any
/// number of shares; and so with two lines a case.
#[test]
fn a_last_line_without_a_line_end_is_a_case() {
    let dir = folder("no-line-end");
    let mut text = boards_4x4();
    assert_eq!(text.pop(), Some(b'\n'));
    let input = dir.join("boards.txt");
    std::fs::write(&input, &text).unwrap();
    let expected = one_process(FIFTEEN, &text);
    assert_eq!(expected.iter().filter(|&&b| b == b'\n').count(), 1000);
    for tasks in [1, 3, 7] {
        let out = dir.join(format!("out-{}", tasks));
        all_tasks(tasks, FIFTEEN, &input, &out, 1);
        let merged = merge(&out, &tasks.to_string(), Some(&input));
        assert!(merged.status.success(), "{:?}", merged);
        assert_eq!(merged.stdout, expected, "{} tasks", tasks);
    }
    // Two lines a case, the start and the goal: 50 cases of 100 lines, the last one unended.
    let pairs: String = (0..50)
        .map(|i| {
            format!(
                "{}\n12345678.\n",
                ["12345.786", "1234567.8", "12345678."][i % 3]
            )
        })
        .collect();
    let pairs = pairs.trim_end();
    let input = dir.join("pairs.txt");
    std::fs::write(&input, pairs).unwrap();
    let out = dir.join("out-pairs");
    all_tasks(4, JIUGONG, &input, &out, 2);
    let merged = merge(&out, "4", Some(&input));
    assert!(merged.status.success(), "{:?}", merged);
    assert_eq!(merged.stdout, one_process(JIUGONG, pairs.as_bytes()));
    assert_eq!(merged.stdout.iter().filter(|&&b| b == b'\n').count(), 50);
}

/// Shares left from an earlier run are never joined: a task clears its own before it starts;
/// one that did not run this time, a share beyond the tasks asked, a count that is not the run's
/// and an input that is not the shares' are each refused.
#[test]
fn shares_of_another_run_are_refused() {
    let dir = folder("stale");
    let whole = boards_4x4();
    let (old, new) = (dir.join("old.txt"), dir.join("new.txt"));
    std::fs::write(&old, &whole).unwrap();
    std::fs::write(&new, &whole[..whole.len() / 2]).unwrap();
    let out = dir.join("out");
    all_tasks(4, FIFTEEN, &old, &out, 1);
    // A run of 3 over the new input: task 1 never runs.
    for t in ["0", "2"] {
        assert!(task(t, "3", FIFTEEN, &new, &out, 1).status.success());
    }
    let share = |t: usize| out.join(format!("{}.out", t)).display().to_string();
    // What a merge of three shares says, the input not given.
    let refused = || error(&merge(&out, "3", None));
    assert_eq!(
        refused(),
        format!(
            "error: {} lies beyond the 3 shares asked: was the run of more tasks?",
            share(3)
        )
    );
    std::fs::remove_file(out.join("3.out")).unwrap();
    std::fs::remove_file(out.join("3.share")).unwrap();
    assert_eq!(
        refused(),
        format!("error: {} is a share of a run of 4 tasks, not 3", share(1))
    );
    // Task 1 fails on a bad board: its old share is gone, and the error names the input's line.
    let half = String::from_utf8(whole[..whole.len() / 2].to_vec()).unwrap();
    let mut lines: Vec<&str> = half.lines().collect();
    lines[199] = "1 2 3 4 5";
    let bad = lines.join("\n") + "\n";
    std::fs::write(&new, &bad).unwrap();
    assert_eq!(
        error(&task("1", "3", FIFTEEN, &new, &out, 1)),
        "error: line 200: expected 16 tiles (or 4 rows of 4), found 5"
    );
    assert!(!out.join("1.out").exists() && !out.join("1.share").exists());
    assert_eq!(
        refused(),
        format!(
            "error: share 1 is cut short: task 1 failed or was killed ({}); run it again",
            out.join("1.part").display()
        )
    );
    // The bad board mended, task 1 again: the merge is one process's answers.
    std::fs::write(&new, &whole[..whole.len() / 2]).unwrap();
    assert!(task("1", "3", FIFTEEN, &new, &out, 1).status.success());
    let merged = merge(&out, "3", Some(&new));
    assert!(merged.status.success(), "{:?}", merged);
    assert_eq!(
        merged.stdout,
        one_process(FIFTEEN, &whole[..whole.len() / 2])
    );
    // The input changed since; task 1 over another input of as many lines; over a longer one.
    std::fs::write(&new, &bad).unwrap();
    assert_eq!(
        error(&merge(&out, "3", Some(&new))),
        format!(
            "error: {} answers another input than {} (or it has changed since)",
            share(0),
            new.display()
        )
    );
    std::fs::write(&new, &whole[whole.len() / 2..]).unwrap();
    assert!(task("1", "3", FIFTEEN, &new, &out, 1).status.success());
    assert_eq!(
        refused(),
        format!(
            "error: {} answers another input than share 0: shares of other runs",
            share(1)
        )
    );
    assert!(task("1", "3", FIFTEEN, &old, &out, 1).status.success());
    assert_eq!(
        refused(),
        format!(
            "error: {} answers lines 334 to 666, not from line 167: shares of other runs",
            share(1)
        )
    );
    // A task that never ran, or whose statement is gone.
    std::fs::remove_file(out.join("1.share")).unwrap();
    assert_eq!(
        refused(),
        format!("error: share 1 is missing: {} (run task 1)", share(1))
    );
    for wrong in ["0", "-3", "x", ""] {
        let said = error(&merge(&out, wrong, None));
        assert!(said.starts_with("error: TASKS is "), "{}", said);
    }
    assert_eq!(
        error(&merge(&dir.join("none"), "3", None)),
        format!(
            "error: {} is not a folder of shares",
            dir.join("none").display()
        )
    );
}

/// A task number or count that is not a task of the array is one line naming it, before any work.
#[test]
fn a_task_outside_the_array_is_named() {
    let dir = folder("task-numbers");
    let input = dir.join("boards.txt");
    std::fs::write(&input, boards_4x4()).unwrap();
    let out = dir.join("out");
    for (t, tasks, said) in [
        ("3", "3", "SLURM_ARRAY_TASK_ID is 3: the tasks of an array of 3 are 0 to 2 (--array=0-2)"),
        ("-1", "3", "SLURM_ARRAY_TASK_ID is '-1': expected a whole number"),
        ("0", "0", "SLURM_ARRAY_TASK_COUNT is 0: an array has 1 task or more"),
        ("0", "two", "SLURM_ARRAY_TASK_COUNT is 'two': expected a whole number"),
        ("", "3", "SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not set: run under sbatch --array, or set them"),
    ] {
        assert_eq!(error(&task(t, tasks, FIFTEEN, &input, &out, 1)), format!("error: {}", said));
    }
    assert!(!out.exists(), "no work before the check");
}

/// A share's `.out` is joined only as its task wrote it, and only with shares of the same
/// command: a line taken out, a line added, an emptied file, and a task rerun with other
/// arguments are each refused by name before a byte is written.
#[test]
fn a_share_changed_since_or_run_otherwise_is_refused() {
    let dir = folder("changed");
    let input = dir.join("boards.txt");
    let boards: Vec<u8> = boards_4x4()
        .split_inclusive(|&b| b == b'\n')
        .take(20)
        .flatten()
        .copied()
        .collect();
    std::fs::write(&input, &boards).unwrap();
    let out = dir.join("out");
    let share = |t: usize| out.join(format!("{}.out", t));
    let wrote = |t: usize| std::fs::read(share(t)).unwrap();
    let named = |t: usize| share(t).display().to_string();
    all_tasks(3, FIFTEEN, &input, &out, 1);
    let whole: Vec<Vec<u8>> = (0..3).map(wrote).collect();
    let lines = |t: usize| whole[t].iter().filter(|&&b| b == b'\n').count();
    let refused = || error(&merge(&out, "3", Some(&input)));
    let mut second_line_gone: Vec<&[u8]> = whole[1].split_inclusive(|&b| b == b'\n').collect();
    second_line_gone.remove(1);
    let cases: [(usize, Vec<u8>, String); 3] = [
        (
            1,
            second_line_gone.concat(),
            format!("{} lines where its task wrote {}", lines(1) - 1, lines(1)),
        ),
        (
            2,
            [&whole[2][..], b"7\n"].concat(),
            format!("{} lines where its task wrote {}", lines(2) + 1, lines(2)),
        ),
        (
            2,
            Vec::new(),
            format!("0 lines where its task wrote {}", lines(2)),
        ),
    ];
    for (t, text, said) in cases {
        std::fs::write(share(t), text).unwrap();
        assert_eq!(
            refused(),
            format!(
                "error: {} holds {}: it has changed since; run task {} again",
                named(t),
                said,
                t
            )
        );
        std::fs::write(share(t), &whole[t]).unwrap();
    }
    // As many lines, one answer changed.
    let mut changed = whole[0].clone();
    let digit = changed.iter().position(u8::is_ascii_digit).unwrap();
    changed[digit] = if changed[digit] == b'9' { b'8' } else { b'9' };
    std::fs::write(share(0), changed).unwrap();
    assert_eq!(
        refused(),
        format!(
            "error: {} is not what its task wrote (its checksum differs): it has changed since; run task 0 again",
            named(0)
        )
    );
    std::fs::write(share(0), &whole[0]).unwrap();
    // Task 1 again with --path: its lines are whole, but of another command.
    let ran = Command::new("bash")
        .arg(script())
        .args([Path::new(FIFTEEN), &input, &out])
        .arg("--path")
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .output()
        .unwrap();
    assert!(ran.status.success(), "{:?}", ran);
    assert_eq!(
        refused(),
        format!(
            "error: {} was answered by '{} --path', share 0 by '{}': shares of other runs",
            named(1),
            FIFTEEN,
            FIFTEEN
        )
    );
    assert!(task("1", "3", FIFTEEN, &input, &out, 1).status.success());
    let merged = merge(&out, "3", Some(&input));
    assert!(merged.status.success(), "{:?}", merged);
    assert_eq!(merged.stdout, one_process(FIFTEEN, &boards));
}

/// An input without a case fails its task as one process fails on it, so the merge has nothing
/// to join and says so; a program that cannot run, or an input that cannot be read, is one
/// line and leaves nothing behind.
#[test]
fn nothing_to_answer_is_an_error() {
    let dir = folder("nothing");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let out = dir.join("out");
    let (alone, _) = crate::common::run_with(FIFTEEN, &[], b"");
    assert_eq!(alone.status.code(), Some(2));
    let ran = task("0", "2", FIFTEEN, &empty, &out, 1);
    assert_eq!(ran.status.code(), Some(2));
    assert_eq!(ran.stderr, alone.stderr);
    assert_eq!(
        error(&merge(&out, "2", None)),
        format!(
            "error: share 0 is cut short: task 0 failed or was killed ({}); run it again",
            out.join("0.part").display()
        )
    );
    let nowhere = dir.join("nowhere");
    let missing = dir.join("missing.txt");
    assert_eq!(
        error(&task("0", "1", FIFTEEN, &missing, &nowhere, 1)),
        format!(
            "error: {} is not a file that can be read",
            missing.display()
        )
    );
    let no_program = dir.join("no-such-program");
    assert_eq!(
        error(&task(
            "0",
            "1",
            &no_program.display().to_string(),
            &empty,
            &nowhere,
            1
        )),
        format!(
            "error: {} is not a program that can be run",
            no_program.display()
        )
    );
    assert!(!nowhere.exists(), "nothing written before the checks");
    assert_eq!(
        error(&merge(&out, "2", Some(&missing))),
        format!(
            "error: {} is not a file that can be read",
            missing.display()
        )
    );
}
