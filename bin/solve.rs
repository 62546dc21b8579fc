//! A sliding puzzle of any shape, for a person with a board in hand: the fewest moves on boards
//! of up to 16 cells (2x2 to 4x4, 2x8, 3x5), and on 5x5 with `--optimal`; short solutions on
//! larger ones.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use engine::board::{check_arrangement, Move};
use engine::io::cli::{self, Flag, Output, Run, EFFORT, QUIET, SHOW, THREADS};
#[cfg(feature = "tables")]
use engine::io::cli::{OPTIMAL, TABLES};
use engine::io::input::{out_of_range, InputError, MAX_SIDE};
use engine::io::judge::{self, Reader};
use engine::io::show;
use engine::progress;
use engine::solvers::any_shape::{AnyShape, Report};

const HELP: &str = "\
solve: short solutions for a sliding puzzle of any shape
Prints, for each board, moves of the blank (D, L, R, U) that turn it into 1 2 .. N-1 with the
blank in the bottom-right cell: the fewest moves, and of those the first in dictionary order,
on boards of up to 16 cells (2x2 to 4x4, 2x8, 3x5, ...) and with --optimal on 5x5; on boards of
up to 100 cells (5x5 to 10x10, ...) short moves found by beam search, not proven the fewest; on
larger boards moves built row by row, the last block of up to 100 cells by beam search. An empty
line for a board already solved, and unsolvable when no sequence of moves solves it (parity
decides, before any search).

Input: each board as its rows, one a line, of numbers separated by spaces or commas (0, . or x
the blank); every row as long as the first, at least 2 rows of at least 2, at most 999 of 999; a
blank line between boards.
  1 2 3
  4 0 5
  7 8 6

  2 1
  3 .
Output: one line per board.
  RD
  unsolvable

";

/// The statistics line after each solution.
const STATS: Flag = Flag {
    name: "--stats",
    value: None,
    help: "
  --stats  after each solution, a line with its length, whether it is proven the
           shortest, the best lower bound known (Manhattan distance plus linear
           conflict), and the time taken",
};

fn main() -> ExitCode {
    cli::exit_code(solve())
}

/// Solves each board of the files named, or of standard input.
fn solve() -> Run {
    #[cfg(feature = "tables")]
    let flags = [SHOW, STATS, OPTIMAL, TABLES, EFFORT, THREADS, QUIET];
    #[cfg(not(feature = "tables"))]
    let flags = [SHOW, STATS, EFFORT, THREADS, QUIET];
    let options = cli::options(HELP, &flags)?;
    let mut solver = AnyShape::new(options.any_shape_settings());
    let (show, stats) = (options.has(&SHOW), options.has(&STATS));
    let mut solved = 0;
    judge::each_case(&options, 1, read_board, |boards, out| {
        for (width, tiles) in boards {
            solved += 1;
            if show && tiles.len() > show::MAX_CELLS {
                let why = format!("--show draws boards of up to {} cells", show::MAX_CELLS);
                let cells = format!("it has {}", tiles.len());
                let note = format!("solve: board {} is not drawn: {}, {}", solved, why, cells);
                progress::tell(&format!("{}\n", note));
            }
            // Each answer written as soon as it is known: a board is done once it is out.
            let mut solved_by = |solver: &mut AnyShape| -> Run {
                answer(solver, *width, tiles, out, show, stats)?;
                Ok(out.flush()?)
            };
            // A search for the fewest moves tells its own progress; beam search and
            // construction, a line naming the board, wiped however the board ends.
            match solver.method(*width, tiles.len()) {
                Some(how) => {
                    let shape = format!("{} x {}", tiles.len() / width, width);
                    let what = format!("board {} ({}): {}", solved, shape, how);
                    progress::telling(&what, || solved_by(&mut solver))?
                }
                None => solved_by(&mut solver)?,
            }
        }
        Ok(())
    })
}

/// Solves the board `tiles`, `width` to a row, and prints its line of moves, and with `show` the
/// boards along them, with `stats` the statistics line.
fn answer(
    solver: &mut AnyShape,
    width: usize,
    tiles: &[u32],
    out: &mut Output,
    show: bool,
    stats: bool,
) -> Run {
    let started = Instant::now();
    let drawn = show && tiles.len() <= show::MAX_CELLS;
    // The line whole before any of it is written (a board of 999 x 999 takes about 160 MB), so
    // that a run cut short leaves no half of it.
    let (mut moves, mut line) = (Vec::new(), Vec::new());
    let report = solver.solve(width, tiles, &mut |m: Move| {
        line.push(m.letter() as u8);
        if drawn {
            moves.push(m);
        }
    });
    let report = match report {
        None => return Ok(writeln!(out, "unsolvable")?),
        Some(report) => report,
    };
    line.push(b'\n');
    out.write_all(&line)?;
    if stats {
        writeln!(out, "{}", statistics(&report, started))?;
    }
    if drawn {
        writeln!(out, "{}", show::draw(width, tiles, &moves, false))?;
    }
    Ok(())
}

/// The `--stats` line of a solution found from `started` until now.
fn statistics(report: &Report, started: Instant) -> String {
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let proof = match (report.optimal, report.length == report.lower_bound) {
        (true, true) => "optimal".to_string(),
        (true, false) => format!("optimal, lower bound {}", report.lower_bound),
        (false, _) => format!(
            "not proven optimal, lower bound {} ({:.2} times)",
            report.lower_bound,
            report.length as f64 / report.lower_bound.max(1) as f64
        ),
    };
    let noun = if report.length == 1 { "move" } else { "moves" };
    format!("{} {}, {}, {:.1} ms", report.length, noun, proof, ms)
}

/// Reads the next board, after any blank lines: its width and its tiles, or `None` at the end of
/// the input.
fn read_board(input: &mut Reader) -> Result<Option<(usize, Vec<u32>)>, InputError> {
    if !input.next_filled_line()? {
        return Ok(None);
    }
    let first_line = input.line_number();
    let (mut tiles, mut row) = (Vec::new(), [0; MAX_SIDE + 1]);
    let (mut width, mut first_too_large) = (0, None);
    loop {
        // Any number: the board's range is known once it is read, and checked then.
        let (count, too_large) = input.numbers_of_line(&mut row)?;
        if let (None, Some(digits)) = (&first_too_large, too_large) {
            first_too_large = Some((input.line_number(), digits));
        }
        if width == 0 && !(2..=MAX_SIDE).contains(&count) {
            let message = format!(
                "a row needs 2 to {} numbers, separated by spaces or commas; found {}",
                MAX_SIDE, count
            );
            return Err(input.error(input.line_number(), message));
        }
        if width != 0 && count != width {
            let message = format!(
                "expected a row of {} numbers like the board's first, found {}",
                width, count
            );
            return Err(input.error(input.line_number(), message));
        }
        width = count;
        if tiles.len() / width == MAX_SIDE {
            let message = format!("a board has at most {} rows", MAX_SIDE);
            return Err(input.error(input.line_number(), message));
        }
        tiles.extend_from_slice(&row[..count]);
        if !input.read_line()? || input.line().is_empty() {
            break;
        }
    }
    if tiles.len() == width {
        let message = "a board needs at least 2 rows, found 1".to_string();
        return Err(input.error(first_line, message));
    }
    if let Some((line, digits)) = first_too_large {
        return Err(input.error(line, out_of_range(&digits, tiles.len())));
    }
    check_arrangement(&tiles).map_err(|message| input.error(first_line, message))?;
    Ok(Some((width, tiles)))
}
