//! HDU 3095 and AOJ 0190 "Eleven puzzle": the fewest moves, up to 20, on a diamond of 13 cells
//! with tiles 1 to 11 and two blanks.

use std::io::Write;
use std::process::ExitCode;

use engine::exact::graph::Graph;
use engine::io::cli::{self, Flag, Run};
use engine::io::input::{parse_count, Counted, InputError};
use engine::io::judge::{self, Reader};
use engine::quote::quoted;
use engine::search::bidirectional::NearGoal;

const HELP: &str = "\
eleven: HDU 3095 \"Eleven puzzle\" (and AOJ 0190 with --aoj)
Prints, for each board, the fewest moves that turn it into the goal below, a move sliding one
tile into a blank next to it (across a side); \"No solution!\" when more than 20 are needed.

Input: the number of boards, then each board as its five rows of 1, 3, 5, 3 and 1 numbers, 0
the two blanks, tiles 1 to 11 once each (numbers may also share lines or spread over more).
  1
  2
  1 0 3
  4 5 6 7 8
  9 0 11
  10
Output: one line per board.
  2
The goal:
      0
    1 2 3
  4 5 6 7 8
    9 10 11
      0
";

/// AOJ 0190's form.
const AOJ: Flag = Flag {
    name: "--aoj",
    value: None,
    help: "
  --aoj    AOJ 0190's form: no count first, the boards until a line -1, and NA
           when more than 20 moves are needed",
};

/// The diamond's cells, row by row.
const CELLS: usize = 13;

/// Each row's first column and length, on a grid five columns wide.
const ROWS: [(usize, usize); 5] = [(2, 1), (1, 3), (0, 5), (1, 3), (2, 1)];

/// The most moves the judges ask for.
const MAX_MOVES: u32 = 20;

fn main() -> ExitCode {
    cli::exit_code(eleven())
}

/// Answers each board of the files named, or of standard input.
fn eleven() -> Run {
    let options = cli::options(HELP, &[AOJ])?;
    let aoj = options.has(&AOJ);
    let diamond = Graph::<CELLS>::new(&edges());
    let goal = NearGoal::new(
        &diamond,
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0],
        MAX_MOVES,
    );
    let mut boards = Counted::default();
    let read = |input: &mut Reader| match aoj {
        true => board(input, true),
        false => boards.next(input, |input| board(input, false)),
    };
    let none = if aoj { "NA" } else { "No solution!" };
    judge::each_case(&options, 1, read, |starts, out| {
        for start in starts {
            match goal.fewest_moves(start) {
                Some(moves) => writeln!(out, "{}", moves)?,
                None => writeln!(out, "{}", none)?,
            }
        }
        Ok(())
    })
}

/// The diamond's edges: cells side by side in a row, or one above the other.
fn edges() -> Vec<(usize, usize)> {
    let mut place = Vec::new();
    for (row, &(first, length)) in ROWS.iter().enumerate() {
        place.extend((first..first + length).map(|column| (row, column)));
    }
    let mut edges = Vec::new();
    for (a, &(row, column)) in place.iter().enumerate() {
        for (b, &next) in place.iter().enumerate() {
            if next == (row, column + 1) || next == (row + 1, column) {
                edges.push((a, b));
            }
        }
    }
    edges
}

/// The next board, row by row, from the next line that is not blank to the line its 13th number
/// ends; `None` at the end of the input, and with `ends_at_minus_one` at its line `-1`.
fn board(input: &mut Reader, ends_at_minus_one: bool) -> Result<Option<[u8; CELLS]>, InputError> {
    let mut cells = Vec::with_capacity(CELLS);
    while cells.len() < CELLS {
        if !input.next_filled_line()? {
            if cells.is_empty() {
                return Ok(None);
            }
            let message = format!(
                "found the end of the input after {} of a board's 13 numbers",
                cells.len()
            );
            return Err(input.error(input.end_line(), message));
        }
        if cells.is_empty() && ends_at_minus_one && input.line().trim() == "-1" {
            return Ok(None);
        }
        for word in input.line().split_whitespace() {
            let message = match parse_count(word) {
                _ if cells.len() == CELLS => format!(
                    "a board is 13 numbers, and its last line holds more: {}",
                    quoted(word)
                ),
                Some(number) if number <= 11 => {
                    cells.push(number as u8);
                    continue;
                }
                _ => format!(
                    "expected number {} of 13 of a board, 0 to 11, found {}",
                    cells.len() + 1,
                    quoted(word)
                ),
            };
            return Err(input.error(input.line_number(), message));
        }
    }
    let mut board = [0u8; CELLS];
    board.copy_from_slice(&cells);
    for tile in (1..=11).chain([0u8]) {
        let times = board.iter().filter(|&&t| t == tile).count();
        let wanted = if tile == 0 { 2 } else { 1 };
        if times != wanted {
            let message = match tile {
                0 => format!("the board has {} blanks (0), not two", times),
                _ => format!("tile {} is on {} cells of the board, not one", tile, times),
            };
            return Err(input.error(input.line_number(), message));
        }
    }
    Ok(Some(board))
}
