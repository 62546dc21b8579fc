//! The loop of every program: cases read, answered through [`Solve`], printed as judges ask.

use std::fs::File;
use std::io::{self, Read, Write};
#[cfg(feature = "progress")]
use std::panic::AssertUnwindSafe;
use std::process::ExitCode;
#[cfg(feature = "progress")]
use std::sync::Once;

use crate::big_boards::{constructive, finishers::turn_last_block};
use crate::board::{Board, Move};
use crate::io::cli;
#[cfg(feature = "show")]
use crate::io::cli::SHOW;
use crate::io::cli::{exit_code, output, usage, Exit, Flag, Options, Output, Run, PATH, SEARCH};
use crate::io::input::{Input, InputError};
#[cfg(feature = "show")]
use crate::io::show::{self, Labels};
#[cfg(feature = "progress")]
use crate::memory::Refused;
#[cfg(feature = "progress")]
use crate::progress;
use crate::quote::quoted_in_full;
use crate::solvers::up_to_16::Ladder;
use crate::solvers::up_to_9::{PathEach, Solver};
#[cfg(feature = "progress")]
use crate::terminal::is_terminal;

/// The most cases handed to a solver at once: memory stays bounded.
const BATCH: usize = 1024;

/// A solver the judge loop answers through.
pub trait Solve<const W: usize, const N: usize> {
    /// Hands `answered` each case's answer (`None` if none) once it and those before it are
    /// known: the fewest moves, or a shortest path if `with_path`.
    fn answer(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
        with_path: bool,
        answered: &mut Answered,
    );

    /// Whether answers take microseconds: a batch's go out together, not one by one.
    const QUICK: bool = false;

    /// Its options: none but for a solver on every core.
    fn flags(&self) -> &'static [Flag] {
        &[]
    }

    /// Takes what the options ask.
    fn configure(&mut self, _options: &Options) {}
}

/// Where [`Solve::answer`] hands each answer.
pub type Answered<'a> = dyn FnMut(Option<Answer>) + Send + 'a;

/// [`Solve::answer`] for a solver that takes each case alone, by `distance` or `path`.
pub fn each_alone<S, const W: usize, const N: usize>(
    solver: &mut S,
    cases: &[(Board<W, N>, Board<W, N>)],
    with_path: bool,
    answered: &mut Answered,
    distance: fn(&mut S, &Board<W, N>, &Board<W, N>) -> Option<usize>,
    path: fn(&mut S, &Board<W, N>, &Board<W, N>) -> Option<Vec<Move>>,
) {
    for (start, goal) in cases {
        answered(match with_path {
            true => path(solver, start, goal).map(Answer::Path),
            false => distance(solver, start, goal).map(Answer::Distance),
        });
    }
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

/// `Case k: ` and the first shortest path in upper case, or `This puzzle is not solvable.`
/// (LightOJ "15-Puzzle").
pub const CASES_PATH_OR_NOT_SOLVABLE: Format = Format {
    count: false,
    moves: true,
    lowercase: false,
    numbered: true,
    none: "This puzzle is not solvable.",
    between: "",
};

/// [`CASES_PATH_OR_NOT_SOLVABLE`]'s answers without `Case k: ` (UVa 10181).
pub const PATH_OR_NOT_SOLVABLE: Format = Format {
    numbered: false,
    ..CASES_PATH_OR_NOT_SOLVABLE
};

/// `Case k: ` and the fewest moves, then [`PATH_OF_X`]'s path on a line of its own, and nothing
/// where there is none (HDU 3567).
pub const CASES_COUNT_AND_PATH: Format = Format {
    count: true,
    numbered: true,
    none: "",
    ..PATH_OF_X
};

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
    // The output's options, then the search's.
    let mut flags = Vec::new();
    if !format.moves {
        flags.push(PATH);
    }
    #[cfg(feature = "show")]
    flags.push(SHOW);
    flags.extend_from_slice(solver.flags());
    let judged = |options: Options| {
        solver.configure(&options);
        let path = format.moves || options.has(&PATH);
        #[cfg(feature = "show")]
        let show = options.has(&SHOW);
        #[cfg(feature = "show")]
        let path = path || show;
        let mut answered = 0;
        each_case(&options, BATCH, next_case, |cases, out| {
            // Out as found, so that a run cut short keeps every answer it found.
            let (mut written, mut i) = (Ok(()), 0);
            let mut write = |answer: Option<Answer>| {
                i += 1;
                if written.is_ok() {
                    written = write_answer(out, format, answered + i, &answer);
                }
                #[cfg(feature = "show")]
                if let (true, Some(Answer::Path(moves)), Ok(())) = (show, &answer, &written) {
                    let tiles = cases[i - 1].0.tiles().map(u32::from);
                    let drawn = show::draw(
                        W,
                        &tiles,
                        moves,
                        Labels::Letters {
                            lowercase: format.lowercase,
                        },
                    );
                    written = writeln!(out, "{}", drawn);
                }
                if written.is_ok() && !S::QUICK {
                    written = out.flush();
                }
            };
            solver.answer(cases, path, &mut write);
            answered += cases.len();
            Ok(written?)
        })
    };
    exit_code(cli::options(help, &flags).and_then(judged))
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
        // A person at a terminal is told what the program waits for.
        #[cfg(feature = "progress")]
        if file.is_none() && is_terminal(0) {
            let waits = "reading boards from the terminal; end with Ctrl-D (see --help)";
            progress::tell(&format!("{}: {}\n", options.program, waits));
        }
        let mut input = open_input(file)?;
        loop {
            let read = read(&mut input).map(|case| case.map(|case| cases.push(case)));
            // Read on while input is at hand.
            if matches!(read, Ok(Some(()))) && !input.is_drained() && cases.len() < batch {
                continue;
            }
            if !cases.is_empty() {
                #[cfg(feature = "progress")]
                within_memory(|| respond(&cases, &mut out)).map_err(|e| {
                    // What was answered before stays answered.
                    let _ = out.flush();
                    e
                })?;
                #[cfg(not(feature = "progress"))]
                respond(&cases, &mut out)?;
                // Out at once, so that a run cut short keeps every answer it gave.
                out.flush()?;
                cases.clear();
                any = true;
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
            #[cfg(feature = "shares")]
            let e = InputError {
                line: e.line.saturating_add(options.first_line() - 1),
                ..e
            };
            out.flush()?;
            let named = file.map_or(String::new(), |path| format!("{}: ", quoted_in_full(path)));
            return Err(usage(format!("{}{}", named, e)));
        }
    }
    Ok(out.flush()?)
}

/// What `respond` returns, or memory refused under it ([`crate::memory::refused`]) as its
/// error, exit status 1; any other panic goes on as it was. A refusal's panic says nothing
/// itself. It tells a person (the `progress` feature); under a judge's memory limit a run
/// ends either way.
#[cfg(feature = "progress")]
fn within_memory(respond: impl FnOnce() -> Run) -> Run {
    static QUIET: Once = Once::new();
    QUIET.call_once(|| {
        let told = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !info.payload().is::<Refused>() {
                told(info)
            }
        }));
    });
    match std::panic::catch_unwind(AssertUnwindSafe(respond)) {
        Ok(run) => run,
        Err(payload) => match payload.downcast::<Refused>() {
            Ok(refused) => Err(Exit::Failed {
                status: 1,
                message: refused.to_string(),
            }),
            Err(other) => std::panic::resume_unwind(other),
        },
    }
}

/// What programs read: a file, or standard input.
pub type Reader = Input<Box<dyn Read>>;

/// The input `file` (`None`: standard input).
fn open_input(file: Option<&str>) -> Result<Reader, Exit> {
    let reader: Box<dyn Read> = match file {
        Some(path) => Box::new(
            File::open(path)
                .map_err(|e| usage(format!("cannot open {}: {}", quoted_in_full(path), e)))?,
        ),
        None => Box::new(io::stdin()),
    };
    Ok(Input::new(reader))
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

/// Writes a line of moves that solve the solvable board `tiles` (`width` to a row), built row by
/// row and out as found ([`constructive::solve`]): O(moves) time, O(cells) memory.
pub fn built_path_line(out: &mut Output, width: usize, tiles: &[u32]) -> io::Result<()> {
    cli::in_pieces(out, |out| {
        let mut written = Ok(());
        constructive::solve(width, tiles, 4, turn_last_block, |m| {
            written = out.write_all(&[m.letter() as u8]);
            written.is_ok()
        });
        written.and_then(|()| writeln!(out))
    })
}

impl<const W: usize, const N: usize> Solve<W, N> for Solver<W, N> {
    const QUICK: bool = true;

    fn answer(
        &mut self,
        cases: &[(Board<W, N>, Board<W, N>)],
        with_path: bool,
        answered: &mut Answered,
    ) {
        each_alone(self, cases, with_path, answered, Self::distance, Self::path)
    }
}

/// Each case's path, whatever the options ask.
impl<const W: usize, const N: usize> Solve<W, N> for PathEach {
    const QUICK: bool = true;

    fn answer(&mut self, cases: &[(Board<W, N>, Board<W, N>)], _: bool, answered: &mut Answered) {
        let distance = |_: &mut Self, start: &_, goal: &_| Some(PathEach::path(start, goal)?.len());
        let path = |_: &mut Self, start: &_, goal: &_| PathEach::path(start, goal);
        each_alone(self, cases, true, answered, distance, path)
    }
}

/// The cases of 4x4 boards, all at once, on the threads the options allow. Not generic, so
/// the library compiles its searches once for the three 4x4 programs, not each program anew.
impl Solve<4, 16> for Ladder<4, 16> {
    fn answer(
        &mut self,
        cases: &[(Board<4, 16>, Board<4, 16>)],
        with_path: bool,
        answered: &mut Answered,
    ) {
        let answer = |moves: Vec<Move>| match with_path {
            true => Answer::Path(moves),
            false => Answer::Distance(moves.len()),
        };
        self.hand_on_paths(cases, &mut |path| answered(path.map(answer)));
    }

    fn flags(&self) -> &'static [Flag] {
        SEARCH
    }

    fn configure(&mut self, options: &Options) {
        self.apply(&options.settings());
    }
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
        let options = Options::reading(files);
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
