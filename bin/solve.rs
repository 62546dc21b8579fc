//! A sliding puzzle of any shape, for a person with a board in hand: the fewest moves on boards
//! of up to 16 cells (2x2 to 4x4, 2x8, 3x5), and on 5x5 with `--optimal`; short solutions on
//! larger ones.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use engine::board::Move;
use engine::io::boards::board_by_rows;
use engine::io::cli::{self, Flag, Output, Run, EFFORT, QUIET, SHOW, THREADS};
#[cfg(feature = "tables")]
use engine::io::cli::{OPTIMAL, TABLES};
use engine::io::judge;
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
    judge::each_case(&options, 1, board_by_rows, |boards, out| {
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
