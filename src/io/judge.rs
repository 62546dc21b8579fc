//! The loop of every program: its command line read in one place ([`options`]), its cases read
//! from standard input or the files named and answered ([`each_case`]), a judge's answers
//! printed as the judge asks ([`run`]). Errors come back as an [`Exit`]; only `main` exits.

use std::fs::File;
use std::io::{self, BufWriter, Read, StdoutLock, Write};
use std::process::ExitCode;

use crate::board::{Board, Move};
use crate::io::input::{quoted, quoted_in_full, Input, InputError};
#[cfg(feature = "show")]
use crate::io::show;

/// The most cases handed to a solver at once: memory stays bounded.
const BATCH: usize = 1024;

/// Why a run ends before its input does.
pub enum Exit {
    /// `--help` was printed, or the output's reader has gone (`| head`): exit status 0.
    Done,
    /// With an `error:` line and an exit status: 2 for bad input or arguments, 1 for output
    /// that cannot be written.
    Failed { status: u8, message: String },
}

/// A run of a program, to the end of its input or to an [`Exit`].
pub type Run = Result<(), Exit>;

/// Bad input or a bad argument.
pub fn usage(message: String) -> Exit {
    Exit::Failed { status: 2, message }
}

impl From<io::Error> for Exit {
    fn from(e: io::Error) -> Exit {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Exit::Done,
            _ => Exit::Failed {
                status: 1,
                message: format!("cannot write the output: {}", e),
            },
        }
    }
}

/// The status `main` returns after a run that `ended` so, with the `error:` line written first.
pub fn exit_code(ended: Run) -> ExitCode {
    match ended {
        Err(Exit::Failed { status, message }) => {
            let _ = writeln!(io::stderr(), "error: {}", message);
            ExitCode::from(status)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// A solver the judge loop answers through.
pub trait Solve<const W: usize, const N: usize> {
    /// For each case (start, goal): the fewest moves, or a shortest path if `with_path`.
    fn answer(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
        with_path: bool,
    ) -> Vec<Option<Answer>>;

    /// The solver's own options.
    fn own_flags(&self) -> Vec<Flag> {
        Vec::new()
    }

    /// Takes the solver's own options from `options`.
    fn configure(&mut self, _options: &Options) {}
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
    /// The fewest moves come first, on a line of their own.
    pub count: bool,
    /// The first shortest path is always printed; else `--path` adds it after the count.
    pub moves: bool,
    /// The moves' letters are `udlr`.
    pub lowercase: bool,
    /// `Case k: ` comes first.
    pub numbered: bool,
    /// The answer where there is no solution.
    pub none: &'static str,
    /// What comes between two answers (UVa's blank line).
    pub between: &'static str,
}

/// The fewest moves, or `-1`.
pub const DISTANCE: Format = Format {
    count: true,
    moves: false,
    lowercase: false,
    numbered: false,
    none: "-1",
    between: "",
};

/// The first shortest path of `x` in lower case, or `unsolvable` (HDU 1043 and UVa 652).
pub const PATH_OF_X: Format = Format {
    count: false,
    moves: true,
    lowercase: true,
    numbered: false,
    none: "unsolvable",
    between: "",
};

/// An option: its name and `--help` lines, and the value it takes, if any.
#[derive(Clone, Copy)]
pub struct Flag {
    pub name: &'static str,
    pub help: &'static str,
    pub value: Option<Value>,
}

/// The value an option takes: what it must be, for the error when it is not, and the check.
#[derive(Clone, Copy)]
pub struct Value {
    pub needs: &'static str,
    pub check: fn(&str) -> bool,
}

/// A judge program's count followed by its path.
pub const PATH: Flag = Flag {
    name: "--path",
    help: "
  --path   after each answer, the first shortest path in dictionary order: moves
           of the blank (D, L, R, U; an empty line for 0 moves, none for -1)",
    value: None,
};

/// The boards along each path (the judge programs and `mxn` have it with the `show` feature).
pub const SHOW: Flag = Flag {
    name: "--show",
    help: "
  --show   draw every board along the moves (boards of up to 100 cells)",
    value: None,
};

/// The threads of the programs that search on every core.
pub const THREADS: Flag = Flag {
    name: "--threads",
    help: "
  --threads N
           use at most N threads, never more than one per core (the default)",
    value: Some(Value {
        needs: "a number of threads, 1 or more",
        check: |n| n.parse().map_or(false, |n: usize| n > 0),
    }),
};

/// The folder of the 4x4 board's saved tables.
pub const TABLES: Flag = Flag {
    name: "--tables",
    help: "
  --tables DIR
           keep the 4x4 board's pattern databases in the folder DIR: the first
           board that needs them builds Korf and Felner's 6-6-3 tables (11 MiB,
           about a second), the first that needs more their 7-8 tables (576 MB, a
           minute or two and 1 GB of memory, with progress on standard error);
           each set is saved there once and loaded by later runs; a damaged or
           foreign file there is built again (solve --optimal keeps the 5x5 board's
           there too)",
    value: Some(Value {
        needs: "a folder to keep the tables in",
        check: |dir| !dir.is_empty(),
    }),
};

/// `--tables`'s folder, if given: an error unless it is a folder or can be made one (what
/// stands in its place, or in the place of a folder above it, is not a file).
#[cfg(feature = "tables")]
pub fn tables_folder(options: &Options) -> Result<Option<&str>, Exit> {
    let dir = match options.value(&TABLES) {
        Some(dir) => dir,
        None => return Ok(None),
    };
    let path = std::path::Path::new(dir);
    // The path itself, or the nearest folder above it that exists (none for a relative path
    // none of whose parts exist: the empty path does not).
    match path.ancestors().find(|p| p.exists()) {
        Some(p) if !p.is_dir() => {
            let named = quoted_in_full(dir);
            let message = match p == path {
                true => format!("--tables {} is not a folder", named),
                false => format!(
                    "--tables {} cannot be made a folder: {} is not one",
                    named,
                    quoted_in_full(&p.to_string_lossy())
                ),
            };
            Err(usage(message))
        }
        _ => Ok(Some(dir)),
    }
}

/// Silence on standard error for long work.
pub const QUIET: Flag = Flag {
    name: "--quiet",
    help: "
  --quiet  say nothing on standard error of long work: tables built and saved, their
           progress, and a search's past two seconds (by default a line redrawn on a
           terminal, elsewhere a line now and then)",
    value: None,
};

const OPTIONS: &str = "
  --help   print this help
Other arguments name files to read in turn instead of standard input (-); after --, every
argument names a file.
";

/// A command line: the program's name, the options given with their values, and the files to
/// read in turn (`None` for standard input).
pub struct Options {
    program: &'static str,
    given: Vec<(&'static str, String)>,
    files: Vec<Option<String>>,
}

impl Options {
    /// The value of `flag` ("" for an option without one) if it was given.
    pub fn value(&self, flag: &Flag) -> Option<&str> {
        let given = self.given.iter().find(|(name, _)| *name == flag.name);
        given.map(|(_, value)| &value[..])
    }
}

/// The command line of a program whose options are `flags`, a value after `=` or next; after
/// `--`, files alone. `--help` (or `-h`) before any `--` prints `help` and the options' lines.
pub fn options(help: &'static str, flags: &[Flag]) -> Result<Options, Exit> {
    let mut args = Vec::new();
    for arg in std::env::args_os().skip(1) {
        args.push(
            arg.into_string()
                .map_err(|a| unknown(&a.to_string_lossy()))?,
        );
    }
    let mut before_dashes = args.iter().take_while(|arg| *arg != "--");
    if !before_dashes.any(|arg| arg == "--help" || arg == "-h") {
        return parse(help, flags, args);
    }
    let lines: String = flags.iter().map(|flag| flag.help).collect();
    print_all(&format!("{}\nOptions:{}{}", help, lines, OPTIONS))?;
    Err(Exit::Done)
}

/// [`options`] from the arguments `args`, the help aside.
pub(crate) fn parse(
    help: &'static str,
    flags: &[Flag],
    args: Vec<String>,
) -> Result<Options, Exit> {
    let mut options = Options {
        program: help.split(':').next().unwrap_or(""),
        given: Vec::new(),
        files: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (&arg[..], None),
        };
        let (name, value) = match flags.iter().find(|flag| flag.name == name) {
            _ if arg == "--" => {
                let files = args.by_ref().map(|file| Some(file).filter(|f| f != "-"));
                options.files.extend(files);
                break;
            }
            Some(&Flag {
                name, value: None, ..
            }) => match inline {
                None => (name, String::new()),
                Some(_) => return Err(usage(format!("{} takes no value", name))),
            },
            Some(&Flag {
                name,
                value: Some(Value { needs, check }),
                ..
            }) => match inline.or_else(|| args.next()) {
                Some(value) if check(&value) => (name, value),
                _ => return Err(usage(format!("{} needs {} (see --help)", name, needs))),
            },
            _ if arg.starts_with('-') && arg != "-" => return Err(unknown(&arg)),
            _ => {
                options.files.push(Some(arg).filter(|f| f != "-"));
                continue;
            }
        };
        // Given twice, the last counts.
        options.given.retain(|(earlier, _)| *earlier != name);
        options.given.push((name, value));
    }
    if options.files.is_empty() {
        options.files.push(None);
    }
    Ok(options)
}

/// An unknown argument.
fn unknown(arg: &str) -> Exit {
    usage(format!("unknown argument {} (see --help)", quoted(arg)))
}

/// Runs a judge program: `next_case` reads a case (start, goal), `None` at the end; `solver`
/// answers; `format` prints; `help` is `--help`'s text.
pub fn run<const W: usize, const N: usize, S, F>(
    help: &'static str,
    format: Format,
    mut solver: S,
    next_case: F,
) -> ExitCode
where
    S: Solve<W, N>,
    F: FnMut(&mut Reader) -> Result<Option<(Board<W, N>, Board<W, N>)>, InputError>,
{
    let mut flags = solver.own_flags();
    if !format.moves {
        flags.insert(0, PATH);
    }
    #[cfg(feature = "show")]
    flags.push(SHOW);
    let judged = |options: Options| {
        #[cfg(feature = "tables")]
        tables_folder(&options)?;
        solver.configure(&options);
        let path = format.moves || options.value(&PATH).is_some();
        #[cfg(feature = "show")]
        let show = options.value(&SHOW).is_some();
        #[cfg(feature = "show")]
        let path = path || show;
        let mut answered = 0;
        each_case(&options, BATCH, next_case, |cases, out| {
            for (i, answer) in solver.answer(cases, path).iter().enumerate() {
                write_answer(out, format, answered + i + 1, answer)?;
                #[cfg(feature = "show")]
                if let (true, Some(Answer::Path(moves))) = (show, answer) {
                    let tiles = cases[i].0.tiles().map(u32::from);
                    writeln!(out, "{}", show::draw(W, &tiles, moves, format.lowercase))?;
                }
            }
            answered += cases.len();
            Ok(())
        })
    };
    exit_code(options(help, &flags).and_then(judged))
}

/// Hands `respond` the cases `read` reads (`None` at the end) from each file of `options` in
/// turn, up to `batch` at a time and no more than input at hand holds. Bad input ends the run
/// after the answers so far; so does no case at all.
pub fn each_case<C>(
    options: &Options,
    batch: usize,
    mut read: impl FnMut(&mut Reader) -> Result<Option<C>, InputError>,
    mut respond: impl FnMut(&[C], &mut Output) -> Run,
) -> Run {
    let (mut out, mut cases, mut any) = (output()?, Vec::new(), false);
    for (f, file) in options.files.iter().enumerate() {
        let file = file.as_deref();
        let mut input = open_input(file, options.program)?;
        loop {
            let read = read(&mut input).map(|case| case.map(|case| cases.push(case)));
            // Read on while input is at hand.
            if matches!(read, Ok(Some(()))) && !input.is_drained() && cases.len() < batch {
                continue;
            }
            if !cases.is_empty() {
                respond(&cases, &mut out)?;
                cases.clear();
                any = true;
            }
            if input.is_drained() {
                out.flush()?;
            }
            let e = match read {
                Ok(Some(_)) => continue,
                Ok(None) if any || f + 1 < options.files.len() => break,
                Ok(None) => {
                    let message = "expected a board, found the end of the input".to_string();
                    input.error(input.end_line(), message)
                }
                Err(e) => e,
            };
            out.flush()?;
            let named = file.map_or(String::new(), |path| format!("{}: ", quoted_in_full(path)));
            return Err(usage(format!("{}{}", named, e)));
        }
    }
    Ok(out.flush()?)
}

/// What programs read: a file, or standard input.
pub type Reader = Input<Box<dyn Read>>;

/// What programs write: standard output, buffered.
pub type Output = BufWriter<StdoutLock<'static>>;

/// The input `file` (`None`: standard input, where a terminal is told what `program` waits for).
fn open_input(file: Option<&str>, program: &str) -> Result<Reader, Exit> {
    let reader: Box<dyn Read> = match file {
        Some(path) => match File::open(path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                return Err(usage(format!(
                    "cannot open {}: {}",
                    quoted_in_full(path),
                    e
                )))
            }
        },
        None => {
            if is_terminal(0) {
                let waits = "reading boards from the terminal; end with Ctrl-D (see --help)";
                let _ = writeln!(io::stderr(), "{}: {}", program, waits);
            }
            Box::new(io::stdin())
        }
    };
    Ok(Input::new(reader))
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

/// Prints the answer to case number `case` (from 1).
fn write_answer(
    out: &mut impl Write,
    format: Format,
    case: usize,
    answer: &Option<Answer>,
) -> io::Result<()> {
    if case > 1 {
        write!(out, "{}", format.between)?;
    }
    if let Some(Answer::Distance(distance)) = *answer {
        return writeln!(out, "{}", distance);
    }
    if format.numbered {
        write!(out, "Case {}: ", case)?;
    }
    let moves = match answer {
        Some(Answer::Path(moves)) => moves,
        _ => return writeln!(out, "{}", format.none),
    };
    if format.count {
        writeln!(out, "{}", moves.len())?;
    }
    writeln!(out, "{}", letters(moves, format.lowercase))
}

/// The letters of `moves`.
pub fn letters(moves: &[Move], lowercase: bool) -> String {
    moves.iter().map(|m| m.letter_in(lowercase)).collect()
}

/// Standard output, buffered; a closed one is an error (Rust's runtime opens `/dev/null`
/// read-write for it, where a shell's `> /dev/null` is write-only).
fn output() -> Result<Output, Exit> {
    if stdout_was_closed() {
        let message = "cannot write the output: standard output is closed".to_string();
        return Err(Exit::Failed { status: 1, message });
    }
    Ok(BufWriter::new(io::stdout().lock()))
}

fn stdout_was_closed() -> bool {
    let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
    let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
    let flags = flags.and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    opened(1) == "/dev/null" && flags.map_or(false, |f| f & 3 == 2)
}

/// Writes `text` to standard output.
pub fn print_all(text: &str) -> Run {
    let mut out = output()?;
    out.write_all(text.as_bytes())?;
    Ok(out.flush()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `write_answer` prints for `answers` in turn, under `format`.
    fn printed(format: Format, answers: Vec<Option<Answer>>) -> String {
        let mut out = Vec::new();
        for (case, answer) in (1..).zip(answers) {
            write_answer(&mut out, format, case, &answer).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_format_prints_as_its_judge_asks() {
        let right = || Some(Answer::Path(vec![Move::Right]));
        let answers = || vec![Some(Answer::Distance(3)), None, right()];
        assert_eq!(printed(DISTANCE, answers()), "3\n-1\n1\nR\n");
        assert_eq!(printed(PATH_OF_X, vec![right(), None]), "r\nunsolvable\n");
        let lex = Format {
            count: false,
            moves: true,
            numbered: true,
            none: "This puzzle is not solvable.",
            ..DISTANCE
        };
        let expected = "Case 1: R\nCase 2: This puzzle is not solvable.\n";
        assert_eq!(printed(lex, vec![right(), None]), expected);
        let uva = Format {
            between: "\n",
            ..PATH_OF_X
        };
        assert_eq!(printed(uva, vec![right(), right()]), "r\n\nr\n");
    }

    /// The message of a usage error, or what else ended the run.
    fn failure(exit: Exit) -> String {
        match exit {
            Exit::Failed { status: 2, message } => message,
            Exit::Failed { status, message } => format!("status {}: {}", status, message),
            Exit::Done => "done".to_string(),
        }
    }

    /// The values given to `--path` and `--threads`, and the files to read.
    type Parsed = (Option<String>, Option<String>, Vec<Option<String>>);

    /// The command line `args` of a program with `--path` and `--threads`, or the error's
    /// message.
    fn parsed(args: &[&str]) -> Result<Parsed, String> {
        let args = args.iter().map(|arg| arg.to_string()).collect();
        let options = parse("test: a program", &[PATH, THREADS], args).map_err(failure)?;
        let value = |flag| options.value(flag).map(String::from);
        Ok((value(&PATH), value(&THREADS), options.files.clone()))
    }

    #[test]
    fn options_take_values_after_an_equals_sign_or_next_and_files_come_after_two_dashes() {
        let file = |name: &str| Some(name.to_string());
        assert_eq!(parsed(&[]), Ok((None, None, vec![None])));
        let given = parsed(&["--threads=2", "a", "--path", "-", "--threads", "3"]);
        assert_eq!(given, Ok((file(""), file("3"), vec![file("a"), None])));
        let after_dashes = parsed(&["b", "--", "--path", "-", "--"]);
        assert_eq!(
            after_dashes,
            Ok((
                None,
                None,
                vec![file("b"), file("--path"), None, file("--")]
            ))
        );
        let needs = "--threads needs a number of threads, 1 or more (see --help)";
        for wrong in [&["--threads"][..], &["--threads=0"], &["--threads", "x"]] {
            assert_eq!(parsed(wrong), Err(needs.to_string()));
        }
        for unknown in ["-x", "--paths"] {
            let message = format!("unknown argument '{}' (see --help)", unknown);
            assert_eq!(parsed(&[unknown]), Err(message));
        }
        for valued in ["--path=1", "--path="] {
            let message = "--path takes no value".to_string();
            assert_eq!(parsed(&[valued]), Err(message));
        }
    }

    /// A file named `name` holding `text`, in a folder of this test's own.
    fn file(name: &str, text: &str) -> Option<String> {
        let dir = std::env::temp_dir().join(format!("judge-loop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        Some(path.to_string_lossy().into_owned())
    }

    /// The batches of boards (by their first tile) that [`each_case`] hands on from `files`, up
    /// to `batch` at a time, and how the run ended.
    fn batches(files: Vec<Option<String>>, batch: usize) -> (Vec<Vec<u8>>, Result<(), String>) {
        let options = Options {
            program: "test",
            given: Vec::new(),
            files,
        };
        let mut handed = Vec::new();
        let read = |input: &mut Reader| input.board::<2, 4>();
        let ended = each_case(&options, batch, read, |boards, _| {
            handed.push(boards.iter().map(|board| board.tiles()[0]).collect());
            Ok(())
        });
        (handed, ended.map_err(failure))
    }

    #[test]
    fn the_loop_hands_on_the_cases_of_each_file_in_batches_and_stops_at_bad_input() {
        let (first, second) = (
            file("first", "1230\n2130\n3210\n"),
            file("second", "0123\n"),
        );
        let whole = batches(vec![first.clone(), second.clone()], 2);
        assert_eq!(whole, (vec![vec![1, 2], vec![3], vec![0]], Ok(())));
        let bad = file("bad", "1230\n\n123\n");
        let (handed, ended) = batches(vec![second, bad.clone()], 8);
        assert_eq!(handed, [vec![0], vec![1]]);
        let named = quoted_in_full(bad.as_deref().unwrap());
        let expected = format!(
            "{}: line 3: expected 4 tiles (or 2 rows of 2), found 3",
            named
        );
        assert_eq!(ended, Err(expected));
        let empty = file("empty", "\n\n");
        let expected = format!(
            "{}: line 3: expected a board, found the end of the input",
            quoted_in_full(empty.as_deref().unwrap())
        );
        assert_eq!(batches(vec![empty.clone()], 8), (vec![], Err(expected)));
        assert_eq!(batches(vec![empty, first], 8).1, Ok(()));
    }
}
