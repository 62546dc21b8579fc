//! Boards whose shape the input gives, of up to 999 x 999 cells: `solve`'s, a row a line and a
//! blank line between boards; `mxn`'s (POJ 2893), a line `M N` and then the tiles, the input
//! ended by `0 0`. Each error names its line. O(cells) time and memory a board.

use std::io::Read;

use crate::board::check_arrangement;
use crate::io::input::{out_of_range, parse_count, Input, InputError, MAX_SIDE};
use crate::quote::quoted;

/// Reads the next board of `solve`, its rows one a line, after any blank lines: its width and its
/// tiles, or `None` at the end of the input.
pub fn board_by_rows<R: Read>(
    input: &mut Input<R>,
) -> Result<Option<(usize, Vec<u32>)>, InputError> {
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

/// Reads the next case of `mxn` (POJ 2893), a line `M N` and then the tiles: its number of columns
/// and its tiles, or `None` at the `0 0` that ends the input, which only blank lines may follow (as
/// the counted programs refuse what follows their last case: `cat a.in b.in` must not answer `a.in`
/// alone in silence).
pub fn board_after_size<R: Read>(
    input: &mut Input<R>,
) -> Result<Option<(usize, Vec<u32>)>, InputError> {
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
