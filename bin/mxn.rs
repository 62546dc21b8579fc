//! POJ 2893 "M × N Puzzle": whether each board, up to 999 x 999, can reach 1 2 .. M*N-1 0;
//! with `--path`, moves that do it.

use std::io::Write;

use engine::board::{check_arrangement, reaches_goal};
use engine::constructive;
use engine::finishers::turn_last_block;
use engine::input::{parse_count, quoted, InputError, MAX_ROW_LINE, MAX_SIDE};
use engine::judge::{self, Reader};
use engine::show;

const HELP: &str = "\
mxn: POJ 2893 \"M × N Puzzle\"
Prints, for each board of M rows and N columns (2 to 999 each), YES if it can be turned into
1 2 .. M*N-1 with the blank 0 in the bottom-right cell, else NO. Parity decides, in time
proportional to the board's size.

Input: per case a line M N, then the M rows of N numbers (any white space between numbers),
0 the blank; a line 0 0 ends the input.
  3 3
  1 0 3
  4 2 5
  7 8 6
  0 0
Output: one line per case.
  YES

Options:
  --path   after each YES, print moves of the blank (D, L, R, U) that solve the board: not
           the fewest, but found in time proportional to their number, about 3.1 to 3.3
           times the tiles' total distance from home (see doc/guide.md; the solve program
           finds shorter ones)
  --show   as --path, and draw every board along the moves (boards of up to 100
           cells; larger ones get the moves alone)
  --help   print this help
Other arguments name files to read in turn instead of standard input (-).
";

fn main() {
    let (mut with_path, mut show) = (false, false);
    let mut named = Vec::new();
    let mut args = judge::args(HELP).into_iter();
    for arg in args.by_ref() {
        match arg.as_str() {
            "--path" => with_path = true,
            "--show" => (with_path, show) = (true, true),
            "--" => break,
            _ => named.push(arg),
        }
    }
    let mut out = judge::output();
    for file in judge::files(named, args.collect()) {
        let file = file.as_deref();
        let mut input = judge::open_input(file, MAX_ROW_LINE, HELP);
        answer_all(&mut input, file, &mut out, with_path, show);
    }
}

/// Answers the cases of `input` (read from `file`, `None` for standard input) up to its `0 0`.
fn answer_all(
    input: &mut Reader,
    file: Option<&str>,
    out: &mut impl Write,
    with_path: bool,
    show: bool,
) {
    let mut tiles = Vec::new();
    loop {
        let case = read_case(input, &mut tiles);
        if let Ok(Some((columns, solvable))) = case {
            judge::written(writeln!(out, "{}", if solvable { "YES" } else { "NO" }));
            if solvable && show && tiles.len() <= show::MAX_CELLS {
                let mut moves = Vec::new();
                constructive::solve(columns, &tiles, 4, turn_last_block, |m| moves.push(m));
                let drawing = show::draw(columns, &tiles, &moves, false);
                let letters = judge::letters(&moves, false);
                judge::written(writeln!(out, "{}\n{}", letters, drawing));
            } else if solvable && with_path {
                // Streamed as found: a large board's path can take gigabytes.
                constructive::solve(columns, &tiles, 4, turn_last_block, |m| {
                    judge::written(out.write_all(&[m.letter() as u8]));
                });
                judge::written(writeln!(out));
            }
            // Answer before waiting for more input.
            if !input.is_drained() {
                continue;
            }
        }
        judge::written(out.flush());
        match case {
            Ok(Some(_)) => {}
            Ok(None) => return,
            Err(e) => judge::input_failed(file, &e),
        }
    }
}

/// Reads the next case into `tiles`: its number of columns and whether it can be solved, or
/// `None` at the `0 0` that ends the input.
fn read_case(
    input: &mut Reader,
    tiles: &mut Vec<u32>,
) -> Result<Option<(usize, bool)>, InputError> {
    if !input.next_filled_line()? {
        let message = "expected a case or the 0 0 that ends the input, found the end of the input";
        return Err(input.error(input.end_line(), message.to_string()));
    }
    let size: Vec<Option<usize>> = input.line().split_whitespace().map(parse_count).collect();
    let (rows, columns) = match size[..] {
        [Some(0), Some(0)] => return Ok(None),
        [Some(rows), Some(columns)]
            if (2..=MAX_SIDE).contains(&rows) && (2..=MAX_SIDE).contains(&columns) =>
        {
            (rows, columns)
        }
        _ => {
            let message = format!(
                "expected the size M N, each 2 to {}, or 0 0 to end, found {}",
                MAX_SIDE,
                quoted(input.line())
            );
            return Err(input.error(input.line_number(), message));
        }
    };
    let cells = rows * columns;
    let first_row = input.line_number() + 1;
    tiles.clear();
    tiles.resize(cells, 0);
    // The tiles, spread over the lines in any way: POJ promises only white space between them.
    let expected = || {
        format!(
            "expected {} tiles for a {} x {} board",
            cells, rows, columns
        )
    };
    let mut filled = 0;
    while filled < cells {
        if !input.read_line()? {
            let message = format!(
                "{}, found the end of the input after {}",
                expected(),
                filled
            );
            return Err(input.error(input.end_line(), message));
        }
        filled += input.tiles_of_line(&mut tiles[filled..], cells)?;
        if filled > cells {
            let message = format!("{}, found {} by the end of this line", expected(), filled);
            return Err(input.error(input.line_number(), message));
        }
    }
    check_arrangement(tiles).map_err(|message| input.error(first_row, message))?;
    Ok(Some((columns, reaches_goal(columns, tiles))))
}
