//! The loop every judge program runs: read the cases on standard input, solve each (one
//! [`Solver`] for the whole input: search first, tables on long inputs), and print its answer in
//! order as it comes; on bad input print one `error: line N: ...` line on standard
//! error and exit with status 2, keeping the answers already printed.
//!
//! With no arguments a program prints only what its judge wants: the fewest moves, or -1. For a
//! person, `--path` adds a line with an optimal sequence of moves of the blank, and `--show`
//! adds the boards along it (see [`crate::show`]); `--help` prints the program's help.

use std::io::{self, BufWriter, Stdin, Write};
use std::process;

use crate::board::{Board, Move};
use crate::input::{Input, InputError};
use crate::show;
use crate::solver::Solver;

/// What to print for each case; each detail includes the ones before it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Detail {
    Distance,
    Path,
    Show,
}

const OPTIONS: &str = "
Options:
  --path   after each answer, print an optimal sequence of moves of the blank
           (U, D, L, R; an empty line for 0 moves, nothing for -1)
  --show   print that sequence and draw every board along it
  --help   print this help
";

/// Runs a judge program: `next_case` reads one case, a start and its goal, or returns `Ok(None)`
/// at the end of the input; `help` describes the problem and its input for `--help`. Input with
/// no case at all is an error too.
pub fn run<const W: usize, const N: usize, F>(help: &str, mut next_case: F)
where
    F: FnMut(&mut Input<Stdin>) -> Result<Option<(Board<W, N>, Board<W, N>)>, InputError>,
{
    let detail = detail_from_args(help);
    let mut input = Input::new(io::stdin());
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut solver = Solver::new();
    let mut answered = 0;
    loop {
        // Answers reach an interactive user before the program waits for the next case.
        if input.is_drained() {
            flush(&mut out);
        }
        match next_case(&mut input) {
            Ok(Some((start, goal))) => {
                let written = if detail == Detail::Distance {
                    write_distance(&mut out, solver.distance(&start, &goal))
                } else {
                    let moves = solver.path(&start, &goal);
                    write_path(&mut out, detail, &start, moves.as_deref())
                };
                if let Err(e) = written {
                    write_failed(e);
                }
                answered += 1;
            }
            Ok(None) if answered == 0 => {
                let line = input.line_number() + 1;
                let message = "expected a board, found the end of the input".to_string();
                fail(&input.error(line, message).to_string());
            }
            Ok(None) => break,
            Err(e) => {
                flush(&mut out);
                fail(&e.to_string());
            }
        }
    }
    flush(&mut out);
}

/// The detail the command-line arguments ask for; `--help` prints the help and exits.
fn detail_from_args(help: &str) -> Detail {
    let mut detail = Detail::Distance;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--path" => detail = detail.max(Detail::Path),
            "--show" => detail = Detail::Show,
            "--help" | "-h" => {
                print!("{}{}", help, OPTIONS);
                process::exit(0);
            }
            _ => fail(&format!("unknown argument '{}' (see --help)", arg)),
        }
    }
    detail
}

fn write_distance(out: &mut impl Write, distance: Option<usize>) -> io::Result<()> {
    match distance {
        Some(distance) => writeln!(out, "{}", distance),
        None => writeln!(out, "-1"),
    }
}

fn write_path<const W: usize, const N: usize>(
    out: &mut impl Write,
    detail: Detail,
    start: &Board<W, N>,
    moves: Option<&[Move]>,
) -> io::Result<()> {
    write_distance(out, moves.map(|moves| moves.len()))?;
    let moves = match moves {
        Some(moves) => moves,
        None => return Ok(()),
    };
    let letters: String = moves.iter().map(|m| m.letter()).collect();
    writeln!(out, "{}", letters)?;
    if detail == Detail::Show {
        writeln!(out, "{}", show::draw(start, moves))?;
    }
    Ok(())
}

fn flush(out: &mut impl Write) {
    if let Err(e) = out.flush() {
        write_failed(e);
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {}", message);
    process::exit(2);
}

/// A reader that has gone away (`| head`) wants no more; any other failure is reported.
fn write_failed(e: io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        process::exit(0);
    }
    eprintln!("error: cannot write the output: {}", e);
    process::exit(1);
}
