//! POJ 2893 "M × N Puzzle": whether each board, up to 999 x 999, can reach 1 2 .. M*N-1 0;
//! with `--path`, moves that do it.

use std::io::Write;
use std::process::ExitCode;

use engine::big_boards::constructive;
use engine::big_boards::finishers::turn_last_block;
use engine::board::{check_arrangement, reaches_goal};
#[cfg(feature = "show")]
use engine::io::cli::SHOW;
use engine::io::cli::{self, Flag, Run};
use engine::io::input::{parse_count, InputError, MAX_SIDE};
use engine::io::judge::{self, Reader};
#[cfg(feature = "show")]
use engine::io::show;
use engine::quote::quoted;

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
";

/// POJ's `--path`: moves that solve a board, not the fewest.
const PATH: Flag = Flag {
    name: "--path",
    value: None,
    help: "
  --path   after each YES, print moves of the blank (D, L, R, U) that solve the board: not
           the fewest, but found in time proportional to their number, about 3.1 to 3.3
           times the tiles' total distance from home (see doc/guide.md; the solve program
           finds shorter ones)",
};

fn main() -> ExitCode {
    cli::exit_code(mxn())
}

/// Answers each case of the files named, or of standard input: whether it can be solved, and
/// with `--path` moves that solve it, with `--show` the boards along them too.
fn mxn() -> Run {
    #[cfg(feature = "show")]
    let flags = [PATH, SHOW];
    #[cfg(not(feature = "show"))]
    let flags = [PATH];
    let options = cli::options(HELP, &flags)?;
    let with_path = options.has(&PATH);
    #[cfg(feature = "show")]
    let show = options.has(&SHOW);
    #[cfg(feature = "show")]
    let with_path = with_path || show;
    judge::each_case(&options, 1, read_case, |cases, out| {
        for (columns, tiles) in cases {
            let solvable = reaches_goal(*columns, tiles);
            writeln!(out, "{}", if solvable { "YES" } else { "NO" })?;
            #[cfg(feature = "show")]
            if solvable && show && tiles.len() <= show::MAX_CELLS {
                let mut moves = Vec::new();
                let keep = |m| {
                    moves.push(m);
                    true
                };
                constructive::solve(*columns, tiles, 4, turn_last_block, keep);
                let drawing = show::draw(*columns, tiles, &moves, false);
                writeln!(out, "{}\n{}", judge::letters(&moves, false), drawing)?;
                continue;
            }
            if solvable && with_path {
                // Streamed as found: a large board's path can take gigabytes. Once the output
                // is gone (`| head`), the work stops.
                let mut written = Ok(());
                constructive::solve(*columns, tiles, 4, turn_last_block, |m| {
                    written = out.write_all(&[m.letter() as u8]);
                    written.is_ok()
                });
                written?;
                writeln!(out)?;
            }
        }
        Ok(())
    })
}

/// Reads the next case: its number of columns and its tiles, or `None` at the `0 0` that ends
/// the input, which only blank lines may follow (as the counted programs refuse what follows
/// their last case: `cat a.in b.in` must not answer `a.in` alone in silence).
fn read_case(input: &mut Reader) -> Result<Option<(usize, Vec<u32>)>, InputError> {
    if !input.next_filled_line()? {
        let message = "expected a case or the 0 0 that ends the input, found the end of the input";
        return Err(input.error(input.end_line(), message.to_string()));
    }
    let size: Vec<Option<usize>> = input.line().split_whitespace().map(parse_count).collect();
    let (rows, columns) = match size[..] {
        [Some(0), Some(0)] => {
            let end = input.line_number();
            if input.at_end()? {
                return Ok(None);
            }
            let message = format!(
                "expected the end of the input after the 0 0 of line {}, found {}",
                end,
                quoted(input.line())
            );
            return Err(input.error(input.line_number(), message));
        }
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
    let mut tiles = vec![0; cells];
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
    check_arrangement(&tiles).map_err(|message| input.error(first_row, message))?;
    Ok(Some((columns, tiles)))
}
