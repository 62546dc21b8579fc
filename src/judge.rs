//! The loop of every judge program: read cases (standard input, or the files named), answer
//! those at hand through one solver, print each in its judge's [`Format`]; bad input is one
//! `error:` line and exit status 2, after the answers so far.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Read, StdoutLock, Write};
use std::process;

use crate::board::{Board, Move};
use crate::input::{quoted, quoted_in_full, Input, InputError, MAX_LINE};
use crate::show;

/// The most cases handed to the solver at once: memory stays bounded.
const BATCH: usize = 1024;

/// A solver the judge loop answers through.
pub trait Solve<const W: usize, const N: usize> {
    /// For each case (start, goal): the fewest moves, or a shortest path if `with_path`.
    fn answer(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
        with_path: bool,
    ) -> Vec<Option<Answer>>;

    /// The `--help` lines of the solver's own options.
    fn options_help(&self) -> String {
        String::new()
    }

    /// Takes `arg` if it is the solver's own option, with any value from `args`.
    fn option(&mut self, _arg: &str, _args: &mut dyn Iterator<Item = String>) -> bool {
        false
    }
}

/// [`Solve::answer`] for a solver that takes each case alone, by `distance` or `path`.
pub fn each_alone<S, const W: usize, const N: usize>(
    solver: &mut S,
    cases: &[(Board<W, N>, Board<W, N>)],
    with_path: bool,
    distance: fn(&mut S, &Board<W, N>, &Board<W, N>) -> Option<usize>,
    path: fn(&mut S, &Board<W, N>, &Board<W, N>) -> Option<Vec<Move>>,
) -> Vec<Option<Answer>> {
    let answer = |(start, goal): &_| match with_path {
        true => path(solver, start, goal).map(Answer::Path),
        false => distance(solver, start, goal).map(Answer::Distance),
    };
    cases.iter().map(answer).collect()
}

/// The answer to one case.
pub enum Answer {
    Distance(usize),
    Path(Vec<Move>),
}

/// How a judge wants each answer printed.
#[derive(Clone, Copy)]
pub struct Format {
    /// The answer is the first shortest path, not the count (which `--path` adds).
    pub moves: bool,
    /// The moves' letters are `udlr`.
    pub lowercase: bool,
    /// `Case k: ` comes first.
    pub numbered: bool,
    /// The answer where there is no solution.
    pub none: &'static str,
    /// Its options' help (`--path`).
    pub options_help: &'static str,
    /// What comes between two answers (UVa's blank line).
    pub between: &'static str,
}

/// The fewest moves, or `-1`.
pub const DISTANCE: Format = Format {
    moves: false,
    lowercase: false,
    numbered: false,
    none: "-1",
    options_help: PATH_OPTION,
    between: "",
};

/// The first shortest path of `x` in lower case, or `unsolvable` (HDU 1043 and UVa 652).
pub const PATH_OF_X: Format = Format {
    moves: true,
    lowercase: true,
    numbered: false,
    none: "unsolvable",
    options_help: "",
    between: "",
};

const PATH_OPTION: &str = "
  --path   after each answer, the first shortest path in dictionary order: moves
           of the blank (D, L, R, U; an empty line for 0 moves, none for -1)";

const OPTIONS: &str = "
  --show   draw every board along the moves
  --help   print this help
Other arguments name files to read in turn instead of standard input (-).
";

/// Runs a judge program: `next_case` reads a case (start, goal), `None` at the end; `solver`
/// answers; `format` prints; `help` is `--help`'s text. No case at all is an error.
pub fn run<const W: usize, const N: usize, S, F>(
    help: &str,
    format: Format,
    mut solver: S,
    mut next_case: F,
) where
    S: Solve<W, N>,
    F: FnMut(&mut Reader) -> Result<Option<(Board<W, N>, Board<W, N>)>, InputError>,
{
    let (with_path, show, files) = options(help, format, &mut solver);
    let mut out = output();
    let mut cases = Vec::new();
    let mut answered = 0;
    for (f, file) in files.iter().enumerate() {
        let file = file.as_deref();
        let mut input = open_input(file, MAX_LINE, help);
        loop {
            let read = next_case(&mut input);
            if let Ok(Some(case)) = read {
                cases.push(case);
                // Read on while input is at hand.
                if !input.is_drained() && cases.len() < BATCH {
                    continue;
                }
            }
            let answers = solver.answer(&cases, with_path);
            for ((start, _), answer) in cases.iter().zip(answers) {
                answered += 1;
                written(write_answer(
                    &mut out, format, show, answered, start, answer,
                ));
            }
            cases.clear();
            written(out.flush());
            match read {
                Ok(Some(_)) => {}
                Ok(None) if answered == 0 && f + 1 == files.len() => {
                    let message = "expected a board, found the end of the input".to_string();
                    input_failed(file, &input.error(input.end_line(), message));
                }
                Ok(None) => break,
                Err(e) => input_failed(file, &e),
            }
        }
    }
}

/// What programs read: a file, or standard input.
pub type Reader = Input<Box<dyn Read>>;

/// The input `file` (`None`: standard input; a terminal is told what the program waits for),
/// refusing lines over `max_line` bytes; a file that cannot be opened is a usage error.
pub fn open_input(file: Option<&str>, max_line: usize, help: &str) -> Reader {
    let reader: Box<dyn Read> = match file {
        Some(path) => match File::open(path) {
            Ok(file) => Box::new(file),
            Err(e) => fail(&format!("cannot open {}: {}", quoted_in_full(path), e)),
        },
        None => {
            if is_terminal(0) {
                let name = help.split(':').next().unwrap_or("");
                let waits = "reading boards from the terminal; end with Ctrl-D (see --help)";
                let _ = writeln!(io::stderr(), "{}: {}", name, waits);
            }
            Box::new(io::stdin())
        }
    };
    Input::with_max_line(reader, max_line)
}

/// Whether the descriptor `fd` is a terminal (std's `IsTerminal` came after Rust 1.63).
pub fn is_terminal(fd: u32) -> bool {
    let to = opened(fd);
    to.starts_with("/dev/pts/") || to.starts_with("/dev/tty")
}

/// What the descriptor `fd` has open, as Linux's `/proc` tells.
fn opened(fd: u32) -> String {
    let to = std::fs::read_link(format!("/proc/self/fd/{}", fd));
    to.map_or(String::new(), |to| to.to_string_lossy().into_owned())
}

/// Reports bad input `e`, naming `file` if any.
pub fn input_failed(file: Option<&str>, e: &InputError) -> ! {
    match file {
        Some(path) => fail(&format!("{}: {}", quoted_in_full(path), e)),
        None => fail(&e.to_string()),
    }
}

/// The files named before `--` (an option-like name is a usage error) and after it, `-` (standard
/// input) as `None`; or standard input alone.
pub fn files(named: Vec<String>, after_dashes: Vec<String>) -> Vec<Option<String>> {
    if let Some(option) = named.iter().find(|arg| arg.starts_with('-') && *arg != "-") {
        unknown(option);
    }
    let files = named.into_iter().chain(after_dashes);
    let files: Vec<_> = files
        .map(|arg| Some(arg).filter(|arg| arg != "-"))
        .collect();
    match files.is_empty() {
        true => vec![None],
        false => files,
    }
}

/// The arguments; `--help` before any `--` prints `help` and ends the program.
pub fn args(help: &str) -> Vec<String> {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut before_dashes = args.iter().take_while(|arg| *arg != "--");
    if before_dashes.any(|arg| arg == "--help" || arg == "-h") {
        print_all(help);
        process::exit(0);
    }
    let text = |arg: OsString| {
        arg.into_string()
            .unwrap_or_else(|a| unknown(&a.to_string_lossy()))
    };
    args.into_iter().map(text).collect()
}

/// Reports an unknown argument.
pub fn unknown(arg: &str) -> ! {
    fail(&format!("unknown argument {} (see --help)", quoted(arg)))
}

/// The flags for paths and drawings, and the files named; the solver takes its own options.
fn options<const W: usize, const N: usize, S: Solve<W, N>>(
    help: &str,
    format: Format,
    solver: &mut S,
) -> (bool, bool, Vec<Option<String>>) {
    let own = solver.options_help();
    let all = format!(
        "{}\nOptions:{}{}{}",
        help, format.options_help, own, OPTIONS
    );
    let mut args = args(&all).into_iter();
    let (mut with_path, mut show, mut named) = (format.moves, false, vec![]);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--path" if !format.moves => with_path = true,
            "--show" => (with_path, show) = (true, true),
            "--" => break,
            _ if solver.option(&arg, &mut args) => {}
            _ => named.push(arg),
        }
    }
    (with_path, show, files(named, args.collect()))
}

/// The value of the option `arg`: after its `=` (`--threads=2`), else the next of `args`.
pub fn value_of(arg: &str, args: &mut dyn Iterator<Item = String>) -> Option<String> {
    match arg.split_once('=') {
        Some((_, value)) => Some(value.to_string()),
        None => args.next(),
    }
}

/// The number the option `arg` (`--threads`) gives: 1 or more, else a usage error.
pub fn threads_argument(arg: &str, args: &mut dyn Iterator<Item = String>) -> usize {
    match value_of(arg, args).and_then(|n| n.parse::<usize>().ok()) {
        Some(threads) if threads > 0 => threads,
        _ => fail("--threads needs a number of threads, 1 or more (see --help)"),
    }
}

/// The folder the option `arg` (`--tables`) gives, else a usage error.
pub fn table_dir_argument(arg: &str, args: &mut dyn Iterator<Item = String>) -> std::path::PathBuf {
    match value_of(arg, args) {
        Some(dir) if !dir.is_empty() => dir.into(),
        _ => fail("--tables needs a folder to keep the tables in (see --help)"),
    }
}

/// Prints the answer to case number `case` (from 1).
fn write_answer<const W: usize, const N: usize>(
    out: &mut impl Write,
    format: Format,
    show: bool,
    case: usize,
    start: &Board<W, N>,
    answer: Option<Answer>,
) -> io::Result<()> {
    if case > 1 {
        write!(out, "{}", format.between)?;
    }
    if let Some(Answer::Distance(distance)) = answer {
        return writeln!(out, "{}", distance);
    }
    if format.numbered {
        write!(out, "Case {}: ", case)?;
    }
    let moves = match answer {
        Some(Answer::Path(moves)) => moves,
        _ => return writeln!(out, "{}", format.none),
    };
    if !format.moves {
        writeln!(out, "{}", moves.len())?;
    }
    writeln!(out, "{}", letters(&moves, format.lowercase))?;
    if show {
        let tiles = start.tiles().map(u32::from);
        writeln!(out, "{}", show::draw(W, &tiles, &moves, format.lowercase))?;
    }
    Ok(())
}

/// The letters of `moves`.
pub fn letters(moves: &[Move], lowercase: bool) -> String {
    moves.iter().map(|m| m.letter_in(lowercase)).collect()
}

/// Standard output, buffered; a closed one is an error (Rust's runtime opens `/dev/null`
/// read-write for it, where a shell's `> /dev/null` is write-only).
pub fn output() -> BufWriter<StdoutLock<'static>> {
    if stdout_was_closed() {
        exit_with_error(1, "cannot write the output: standard output is closed");
    }
    BufWriter::new(io::stdout().lock())
}

fn stdout_was_closed() -> bool {
    let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
    let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
    let flags = flags.and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    opened(1) == "/dev/null" && flags.map_or(false, |f| f & 3 == 2)
}

/// Writes `text` to standard output, or fails as [`write_failed`] does.
pub fn print_all(text: &str) {
    let mut out = output();
    written(out.write_all(text.as_bytes()).and_then(|()| out.flush()));
}

/// Fails as [`write_failed`] does if a write failed.
pub fn written(result: io::Result<()>) {
    if let Err(e) = result {
        write_failed(e);
    }
}

/// Reports bad input or a bad argument: one `error:` line, exit status 2.
pub fn fail(message: &str) -> ! {
    exit_with_error(2, message)
}

/// A reader gone away (`| head`) is exit status 0; any other failure to write, status 1.
pub fn write_failed(e: io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        process::exit(0);
    }
    exit_with_error(1, &format!("cannot write the output: {}", e))
}

/// Writes `error: message` on standard error and exits with `status`.
fn exit_with_error(status: i32, message: &str) -> ! {
    let _ = writeln!(io::stderr(), "error: {}", message);
    process::exit(status);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `write_answer` prints for `answers` in turn, under `format`.
    fn printed(format: Format, show: bool, answers: Vec<Option<Answer>>) -> String {
        let start = Board::<2, 4>::from_tiles([1, 2, 0, 3]).unwrap();
        let mut out = Vec::new();
        for (case, answer) in (1..).zip(answers) {
            write_answer(&mut out, format, show, case, &start, answer).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_format_prints_as_its_judge_asks() {
        let right = || Some(Answer::Path(vec![Move::Right]));
        let answers = || vec![Some(Answer::Distance(3)), None, right()];
        assert_eq!(printed(DISTANCE, false, answers()), "3\n-1\n1\nR\n");
        assert_eq!(
            printed(PATH_OF_X, false, vec![right(), None]),
            "r\nunsolvable\n"
        );
        let lex = Format {
            moves: true,
            numbered: true,
            none: "This puzzle is not solvable.",
            ..DISTANCE
        };
        let expected = "Case 1: R\nCase 2: This puzzle is not solvable.\n";
        assert_eq!(printed(lex, false, vec![right(), None]), expected);
        let uva = Format {
            between: "\n",
            ..PATH_OF_X
        };
        assert_eq!(printed(uva, false, vec![right(), right()]), "r\n\nr\n");
        // The path, then the boards along it, the last one solved.
        let drawn = printed(DISTANCE, true, vec![right()]);
        assert!(drawn.starts_with("1\nR\n"), "{}", drawn);
        let start = show::draw(2, &[1, 2, 0, 3], &[Move::Right], false);
        assert!(drawn.ends_with(&format!("{}\n", start)), "{}", drawn);
    }

    #[test]
    fn files_are_named_before_and_after_dashes_and_a_lone_dash_is_standard_input() {
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(files(vec![], vec![]), [None]);
        let named = files(strings(&["a", "-"]), strings(&["-b", "-"]));
        let expected = [Some("a"), None, Some("-b"), None];
        assert_eq!(named, expected.map(|f| f.map(String::from)));
    }

    #[test]
    fn an_option_value_comes_after_its_equals_sign_or_as_the_next_argument() {
        let mut rest = vec!["4".to_string(), "x".to_string()].into_iter();
        assert_eq!(value_of("--threads=2", &mut rest), Some("2".to_string()));
        assert_eq!(value_of("--threads", &mut rest), Some("4".to_string()));
        assert_eq!(value_of("--threads=", &mut rest), Some(String::new()));
        assert_eq!(rest.next(), Some("x".to_string()));
        assert_eq!(value_of("--threads", &mut rest), None);
        assert_eq!(threads_argument("--threads=3", &mut rest), 3);
    }
}
