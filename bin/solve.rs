//! A sliding puzzle of any shape, for a person with a board in hand: the fewest moves on boards
//! of up to 16 cells (2x2 to 4x4, 2x8, 3x5), and on 5x5 with `--optimal`; short solutions on
//! larger ones.

use std::any::Any;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use engine::board::{inversions, swap_to_solve, Move};
use engine::io::boards::board_by_rows;
use engine::io::cli::{self, Flag, Output, Run, EFFORT, QUIET, SHOW_UP_TO_100, THREADS};
#[cfg(feature = "tables")]
use engine::io::cli::{OPTIMAL, TABLES_UP_TO_6X6};
use engine::io::input::Input;
use engine::io::judge;
use engine::io::show::{self, Labels, Slides};
use engine::memory::{self, MORE_MEMORY};
use engine::progress;
use engine::quote::quoted_in_full;
use engine::solvers::any_goal::{solve_to, swap_to_reach};
use engine::solvers::any_shape::{AnyShape, Report};
use engine::terminal::is_terminal;
#[cfg(feature = "tables")]
use engine::{os::reporting_on_stop, solvers::any_goal::Aim, solvers::optimal_5x5::SoFar};

const HELP: &str = "\
solve: short solutions for a sliding puzzle of any shape
Prints, for each board, moves of the blank (D, L, R, U) that turn it into 1 2 .. N-1 with the
blank in the bottom-right cell, or into the goal of --goal: the fewest moves, and of those the
first in dictionary order, on boards of up to 16 cells (2x2 to 4x4, 2x8, 3x5, ...) and with
--optimal on 5x5; on boards of up to 100 cells (5x5 to 10x10, ...) short moves found by beam
search, not proven the fewest; up to 256 cells (16x16) the same, built row by row from where the
search stops if it gets lost; on larger boards moves built row by row, the last block of up to
100 cells by beam search. An empty line for a board already solved, and unsolvable when no
sequence of moves solves it (parity decides, before any search).

Input: each board as its rows, one a line, of numbers separated by spaces or commas (0, . or x
the blank); every row as long as the first, at least 2 rows of at least 2, at most 999 of 999; a
square board may come on one line (123405786, or 1 2 3 4 0 5 7 8 6); a blank line between
boards.
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
           conflict, or the pattern databases of --tables where they rank the
           board, if more), and the time taken",
};

/// The moves as the tiles that slide.
const TILES: Flag = Flag {
    name: "--tiles",
    value: None,
    help: "
  --tiles  print the moves as the tiles that slide, for a puzzle in hand: 5 up,
           8 left (where the blank moves D, R)",
};

/// Another goal than `1 2 .. N-1 0`.
const GOAL: Flag = Flag {
    name: "--goal",
    value: Some(|goal| goal_of(Input::new(goal.as_bytes())).map(boxed)),
    help: "
  --goal G aim at the goal G, a board on one line (\"1 2 3 8 0 4 7 6 5\", or
           123804765), for every board, of its shape: the fewest moves up to 16
           cells, short ones beyond (see doc/guide.md)",
};

/// [`GOAL`] read from a file.
const GOAL_FILE: Flag = Flag {
    name: "--goal-file",
    value: Some(|file| goal_in(file).map(boxed)),
    help: "
  --goal-file F
           aim at the goal in the file F, as rows or on one line (- for standard
           input, when the boards come from files named)",
};

/// A goal given: its width and tiles, and whether it was read from standard input.
struct Goal {
    width: usize,
    tiles: Vec<u32>,
    from_standard_input: bool,
}

fn boxed(goal: Goal) -> Box<dyn Any> {
    Box::new(goal)
}

/// The goal in the file `name` ([`GOAL_FILE`]; `-` standard input), read as boards are.
fn goal_in(name: &str) -> Result<Goal, String> {
    if name == "-" {
        let goal = goal_of(Input::new(std::io::stdin().lock()))?;
        return Ok(Goal {
            from_standard_input: true,
            ..goal
        });
    }
    let file = File::open(name).map_err(|e| match e.kind() {
        ErrorKind::NotFound => format!("{}: no such file", quoted_in_full(name)),
        _ => format!("cannot read {}: {}", quoted_in_full(name), e),
    })?;
    goal_of(Input::new(file)).map_err(|e| format!("{} {}", quoted_in_full(name), e))
}

/// The one board that `input` holds, a goal; else what is wrong with it.
fn goal_of(mut input: Input<impl Read>) -> Result<Goal, String> {
    let goal = board_by_rows(&mut input, None).map_err(|e| format!("is no board: {}", e))?;
    let (width, tiles) = goal.ok_or("needs a board")?;
    let goal = Goal {
        width,
        tiles,
        from_standard_input: false,
    };
    match input.at_end() {
        Ok(true) => Ok(goal),
        Ok(false) => Err("needs one board, not more".to_string()),
        Err(e) => Err(format!("is no board: {}", e)),
    }
}

/// What is printed of each board beside its moves.
#[derive(Clone, Copy)]
struct Wanted {
    /// The boards along the moves (`--show`).
    show: bool,
    /// The statistics line (`--stats`).
    stats: bool,
    /// The moves as the tiles that slide (`--tiles`).
    slides: bool,
    /// Why a board cannot reach the goal, on standard error: with `--stats`, or on a terminal.
    why: bool,
}

fn main() -> ExitCode {
    cli::exit_code(solve())
}

/// Solves each board of the files named, or of standard input.
fn solve() -> Run {
    #[cfg(feature = "tables")]
    let flags = [
        SHOW_UP_TO_100,
        TILES,
        STATS,
        GOAL,
        GOAL_FILE,
        OPTIMAL,
        EFFORT,
        TABLES_UP_TO_6X6,
        THREADS,
        QUIET,
    ];
    #[cfg(not(feature = "tables"))]
    let flags = [
        SHOW_UP_TO_100,
        TILES,
        STATS,
        GOAL,
        GOAL_FILE,
        EFFORT,
        THREADS,
        QUIET,
    ];
    let options = cli::options(HELP, &flags)?;
    let goal: Option<&Goal> = match (options.value(&GOAL), options.value(&GOAL_FILE)) {
        (Some(_), Some(_)) => {
            return Err(cli::usage("give --goal or --goal-file, not both".into()))
        }
        (goal, file) => goal.or(file),
    };
    if goal.map_or(false, |goal| goal.from_standard_input) && options.files.contains(&None) {
        let message = "--goal-file - reads standard input: name the files of the boards";
        return Err(cli::usage(message.into()));
    }
    let goal = goal.map(|goal| (goal.width, &goal.tiles[..]));
    let shape = goal.map(|(width, tiles)| (width, tiles.len()));
    let mut solver = AnyShape::new(options.any_shape_settings());
    let stats = options.has(&STATS);
    let wanted = Wanted {
        show: options.has(&SHOW_UP_TO_100),
        stats,
        slides: options.has(&TILES),
        why: stats || is_terminal(2),
    };
    let mut number = 0;
    let read = |input: &mut judge::Reader| board_by_rows(input, shape);
    judge::each_case(&options, 1, read, |boards, out| {
        for (width, tiles) in boards {
            number += 1;
            if wanted.show && tiles.len() > show::MAX_CELLS {
                let why = format!("--show draws boards of up to {} cells", show::MAX_CELLS);
                let cells = format!("it has {}", tiles.len());
                let note = format!("solve: board {} is not drawn: {}, {}", number, why, cells);
                progress::tell(&format!("{}\n", note));
            }
            let goal = goal.map(|(_, goal)| goal);
            let solved_by =
                |solver: &mut AnyShape| answer(solver, (*width, tiles, goal), number, wanted);
            // A search of hours: Ctrl-C, SIGTERM or SIGHUP gives the path known so far, and so
            // does memory refused.
            #[cfg(feature = "tables")]
            if let Some(so_far) = solver.so_far(*width, tiles.len()) {
                let board = (number, Instant::now());
                let report = || stopped(&so_far, (*width, tiles, goal), board, wanted);
                let work = || memory::reporting_on_refusal(report, || solved_by(&mut solver));
                let text = reporting_on_stop(report, work);
                write_now(out, &text)?;
                continue;
            }
            // A search for the fewest moves tells its own progress; beam search and
            // construction, a line naming the board, wiped however the board ends: once its
            // answer is written, as a slow reader makes the write part of the board's time.
            let method = solver.method(*width, tiles.len());
            let mut solved_and_written = || write_now(out, &solved_by(&mut solver));
            match method {
                Some(how) => {
                    let shape = format!("{} x {}", tiles.len() / width, width);
                    let what = format!("board {} ({}): {}", number, shape, how);
                    progress::telling(&what, solved_and_written)?
                }
                None => solved_and_written()?,
            }
        }
        Ok(())
    })
}

/// Writes a board's answer at once, as soon as it is known: a board is done once it is out.
fn write_now(out: &mut Output, text: &[u8]) -> Run {
    out.write_all(text)?;
    Ok(out.flush()?)
}

/// Solves the board `tiles`, `width` to a row, the input's board `number`, for the `goal` given
/// or else the standard one: its line of moves and what else is `wanted`, to be written.
fn answer(
    solver: &mut AnyShape,
    (width, tiles, goal): (usize, &[u32], Option<&[u32]>),
    number: usize,
    wanted: Wanted,
) -> Vec<u8> {
    let started = Instant::now();
    let mut written = Written::new(width, tiles, wanted);
    let emit = &mut |m| written.push(m);
    let report = match goal {
        Some(goal) => solve_to(solver, width, tiles, goal, emit),
        None => solver.solve(width, tiles, emit),
    };
    match report {
        Some(report) => written.text(&report, started),
        None => {
            if wanted.why {
                let why = why_unsolvable(width, tiles, goal);
                progress::tell(&format!(
                    "solve: board {} cannot reach the goal: {}\n",
                    number, why
                ));
            }
            b"unsolvable\n".to_vec()
        }
    }
}

/// A board's answer as it is written: its line of moves (or of the tiles that slide), and what
/// else is `wanted`.
struct Written<'a> {
    width: usize,
    tiles: &'a [u32],
    wanted: Wanted,
    /// Whether the board is drawn (`--show`, up to its most cells), and its moves, if so.
    drawn: bool,
    moves: Vec<Move>,
    /// The line so far: the moves' letters, or else the tiles that slide.
    line: Vec<u8>,
    slides: Option<Slides>,
}

impl<'a> Written<'a> {
    fn new(width: usize, tiles: &'a [u32], wanted: Wanted) -> Self {
        Written {
            width,
            tiles,
            wanted,
            drawn: wanted.show && tiles.len() <= show::MAX_CELLS,
            moves: Vec::new(),
            line: Vec::new(),
            slides: wanted.slides.then(|| Slides::new(width, tiles)),
        }
    }

    /// How the drawing labels the moves: as the line writes them.
    fn labels(&self) -> Labels {
        match self.slides {
            Some(_) => Labels::Tiles,
            None => Labels::Letters { lowercase: false },
        }
    }

    /// The next move. The line is kept whole until it is written (a board of 999 x 999 takes
    /// about 160 MB), so that a run cut short leaves no half of it.
    fn push(&mut self, m: Move) {
        let what = || "the line of moves".to_string();
        match &mut self.slides {
            Some(slides) => {
                memory::reserve(&mut slides.text, 16, what, MORE_MEMORY);
                slides.push(m)
            }
            None => {
                memory::reserve(&mut self.line, 1, what, MORE_MEMORY);
                self.line.push(m.letter() as u8)
            }
        }
        if self.drawn {
            self.moves.push(m);
        }
    }

    /// All that is written of a solution found from `started` until now, as `report` tells it.
    fn text(self, report: &Report, started: Instant) -> Vec<u8> {
        let labels = self.labels();
        let mut text = match self.slides {
            Some(slides) => slides.text,
            None => self.line,
        };
        text.push(b'\n');
        if self.wanted.stats {
            text.extend(format!("{}\n", statistics(report, started)).bytes());
        }
        if self.drawn {
            let drawing = show::draw(self.width, self.tiles, &self.moves, labels);
            text.extend(format!("{}\n", drawing).bytes());
        }
        text
    }
}

/// What `solve` prints when a signal stops the search for the fewest moves on the input's board
/// `number`, `tiles` (`width` to a row), begun at `started`: the path known `so_far`, as an
/// answer (to the `goal` given, whose search runs on a board renamed), and on standard error
/// how far it is from proven the fewest.
#[cfg(feature = "tables")]
fn stopped(
    so_far: &SoFar,
    (width, tiles, goal): (usize, &[u32], Option<&[u32]>),
    (number, started): (usize, Instant),
    wanted: Wanted,
) {
    let aim = goal.map(|goal| Aim::new(width, goal));
    let proven = u64::from(so_far.proven());
    let proven = aim.as_ref().map_or(proven, |aim| aim.bound(tiles, proven));
    let path = so_far.path();
    let path = match &aim {
        Some(aim) => path.map(|path| aim.path(&path)),
        None => path,
    };
    let said = match path {
        Some(path) => {
            let mut written = Written::new(width, tiles, wanted);
            path.iter().for_each(|&m| written.push(m));
            let length = path.len() as u64;
            let report = Report {
                length,
                optimal: length == proven,
                lower_bound: proven,
            };
            let mut out = std::io::stdout().lock();
            let text = written.text(&report, started);
            let _ = out.write_all(&text).and_then(|()| out.flush());
            match report.optimal {
                true => format!("its path of {} moves is the fewest", length),
                false => format!(
                    "its path of {} moves is the shortest found, not proven the fewest: at \
                     least {} are needed",
                    length, proven
                ),
            }
        }
        None => format!(
            "no path was found yet: at least {} moves are needed",
            proven
        ),
    };
    progress::interject(&format!("solve: stopped on board {}: {}\n", number, said));
}

/// Why the board `tiles` (`width` to a row) cannot reach the goal, in a line: the rule of its
/// width, what the board gives, and two tiles whose swap would let it; for a `goal` given, that
/// parity sets them apart.
fn why_unsolvable(width: usize, tiles: &[u32], goal: Option<&[u32]>) -> String {
    if let Some(goal) = goal {
        let (a, b) = swap_to_reach(width, tiles, goal);
        return format!(
            "the moves reach half of all arrangements, and parity puts the board and the goal \
             in different halves; swapping tiles {} and {} would let it",
            a, b
        );
    }
    let pairs = format!(
        "on a board {} wide, the pairs of tiles in the wrong order",
        width
    );
    let count = inversions(tiles);
    let rule = match width % 2 {
        1 => format!("{} must be even, here {}", pairs, count),
        _ => {
            let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
            let from_bottom = tiles.len() / width - blank / width;
            let counts = format!("here {} + {}", count, from_bottom);
            format!(
                "{} plus the blank's row from the bottom must be odd, {}",
                pairs, counts
            )
        }
    };
    let (a, b) = swap_to_solve(width, tiles);
    format!("{}; swapping tiles {} and {} would let it", rule, a, b)
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
