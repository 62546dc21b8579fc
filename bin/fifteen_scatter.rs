//! Kattis "npuzzle" (COCI 2006/07): the scatter of a 15-puzzle lettered `A` to `O`, the sum of
//! its tiles' Manhattan distances from their places in `ABCD / EFGH / IJKL / MNO.`.

use std::io::Write;
use std::process::ExitCode;

use engine::board::home_distance;
use engine::io::cli::{self, Run};
use engine::io::input::InputError;
use engine::io::judge::{self, Reader};
use engine::quote::quoted;

const HELP: &str = "\
fifteen_scatter: Kattis \"npuzzle\" (COCI 2006/07 \"N-puzzle\")
Prints, for each 4x4 board, its scatter: the sum over its tiles of the rows and columns between
each tile and its place in A B C D / E F G H / I J K L / M N O . (the blank's not counted).

Input: one board per case, four rows of four characters, the letters A to O and . the blank.
  ABCD
  EFGH
  IJKL
  M.NO
Output: one line per case.
  2
";

/// The board's side, and its cells.
const SIDE: usize = 4;
const CELLS: usize = SIDE * SIDE;

fn main() -> ExitCode {
    cli::exit_code(fifteen_scatter())
}

/// Answers each board of the files named, or of standard input.
fn fifteen_scatter() -> Run {
    let options = cli::options(HELP, &[])?;
    judge::each_case(&options, 1024, read_board, |boards, out| {
        for board in boards {
            let scatter: u32 = board
                .iter()
                .enumerate()
                .map(|(cell, &tile)| home_distance(SIDE, u32::from(tile), cell))
                .sum();
            writeln!(out, "{}", scatter)?;
        }
        Ok(())
    })
}

/// The next board after any blank lines, its letters read as tiles 1 to 15 and `.` as the
/// blank, cell by cell; `None` at the end of the input.
fn read_board(input: &mut Reader) -> Result<Option<[u8; CELLS]>, InputError> {
    if !input.next_filled_line()? {
        return Ok(None);
    }
    let first = input.line_number();
    let mut tiles = [0u8; CELLS];
    for (row, tiles) in tiles.chunks_mut(SIDE).enumerate() {
        if row > 0 && !input.read_line()? {
            let message = format!("expected row {} of 4, found the end of the input", row + 1);
            return Err(input.error(input.end_line(), message));
        }
        let line = input.line();
        let message = match line
            .chars()
            .find(|&c| c != '.' && !('A'..='O').contains(&c))
        {
            Some(c) => format!(
                "expected the letters A to O and ., found {}",
                quoted(&c.to_string())
            ),
            None if line.len() != SIDE => {
                format!("expected a row of 4 letters, found {}", quoted(line))
            }
            None => {
                for (tile, letter) in tiles.iter_mut().zip(line.bytes()) {
                    *tile = match letter {
                        b'.' => 0,
                        letter => letter - b'A' + 1,
                    };
                }
                continue;
            }
        };
        return Err(input.error(input.line_number(), message));
    }
    let letter = |tile: u8| {
        if tile == 0 {
            '.'
        } else {
            (b'A' + tile - 1) as char
        }
    };
    for (cell, &tile) in tiles.iter().enumerate() {
        if tiles[..cell].contains(&tile) {
            let missing = (0..CELLS as u8)
                .find(|t| !tiles.contains(t))
                .unwrap_or(tile);
            let message = format!(
                "{} appears twice and {} is missing",
                letter(tile),
                letter(missing)
            );
            return Err(input.error(first + cell / SIDE, message));
        }
    }
    Ok(Some(tiles))
}
