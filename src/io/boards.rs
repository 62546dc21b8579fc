//! Boards whose shape the input gives, of up to 999 x 999 cells: `solve`'s, a row a line and a
//! blank line between boards; the judges', a line of the size, then the tiles. Errors name their
//! line. O(cells) time and memory a board.

use std::io::Read;

use crate::board::check_arrangement;
use crate::io::input::{out_of_range, parse_count, Input, InputError, MAX_SIDE};
use crate::quote::quoted;

/// Reads the next board of `solve` after any blank lines: its rows one a line, or a square
/// board's tiles on one line (`1 2 3 4 0 5 7 8 6`, or a tile a character up to ten cells:
/// `123405786`), of the `shape` (width, cells) given, if one is. Gives its width and its tiles,
/// or `None` at the end of the input.
pub fn board_by_rows<R: Read>(
    input: &mut Input<R>,
    shape: Option<(usize, usize)>,
) -> Result<Option<(usize, Vec<u32>)>, InputError> {
    if !input.next_filled_line()? {
        return Ok(None);
    }
    let first_line = input.line_number();
    let mut numbers = [0; MAX_SIDE + 1];
    let (mut tiles, mut width, mut first_too_large) = (Vec::new(), 0, None);
    let mut lines = 0;
    loop {
        lines += 1;
        // Any number: the board's range is known once it is read, and checked then.
        let (count, too_large) = input.numbers_of_line(&mut numbers)?;
        if let (None, Some(digits)) = (&first_too_large, too_large) {
            first_too_large = Some((input.line_number(), digits));
        }
        if width != 0 && count != width {
            let message = format!(
                "expected a row of {} numbers like the board's first, found {}",
                width, count
            );
            return Err(input.error(input.line_number(), message));
        }
        if width != 0 && tiles.len() / width == MAX_SIDE {
            let message = format!("a board has at most {} rows", MAX_SIDE);
            return Err(input.error(input.line_number(), message));
        }
        tiles.extend_from_slice(&numbers[..count.min(numbers.len())]);
        let ended = !input.read_line()? || input.line().is_empty();
        if width == 0 {
            width =
                first_width(count, ended).map_err(|message| input.error(first_line, message))?;
        }
        if ended {
            break;
        }
    }
    if let Some((line, digits)) = first_too_large {
        return Err(input.error(line, out_of_range(&digits, tiles.len())));
    }
    match shape {
        Some((columns, cells)) if (columns, cells) != (width, tiles.len()) => {
            let message = format!(
                "the board is {} x {}, where the goal is {} x {}",
                tiles.len() / width,
                width,
                cells / columns,
                columns
            );
            return Err(input.error(first_line, message));
        }
        _ => {}
    }
    // A board on one line has its faults there; else each row has its line.
    let row_of = |cell: usize| if lines == 1 { 0 } else { cell / width };
    check_arrangement(&tiles)
        .map_err(|(cell, message)| input.error(first_line + row_of(cell), message))?;
    Ok(Some((width, tiles)))
}

/// The width of a board whose first line holds `count` numbers: a row's, or if that line is
/// `alone`, the side of a square board (of at most `MAX_SIDE` tiles: 31 x 31); else why it is
/// no board.
fn first_width(count: usize, alone: bool) -> Result<usize, String> {
    let side = (1..).find(|side| side * side >= count).unwrap_or(0);
    match alone {
        true if side >= 2 && side * side == count && count <= MAX_SIDE => Ok(side),
        true => Err(format!(
            "a board on one line is square, of 4, 9, 16, ... 961 tiles; found {}: give the \
             board's rows one a line",
            count
        )),
        false if (2..=MAX_SIDE).contains(&count) => Ok(count),
        false => Err(format!(
            "a row needs 2 to {} numbers, separated by spaces or commas; found {}",
            MAX_SIDE, count
        )),
    }
}

/// The size before a board's tiles: its numbers' names, the largest side, whether `0 0` ends,
/// whether it is a square's one side.
pub struct Sizes {
    pub named: &'static str,
    pub max_side: usize,
    pub zeros_end: bool,
    pub square: bool,
}

/// `mxn`'s (POJ 2893).
pub const POJ_2893: Sizes = Sizes {
    named: "M N",
    max_side: MAX_SIDE,
    zeros_end: true,
    square: false,
};

/// Reads the next case, a line of `sizes` (rows, columns), then the tiles however lines hold
/// them: its columns and tiles, or `None` past the last case. Only blank lines may follow a `0 0`
/// (`cat a.in b.in` must not answer `a.in` alone in silence).
pub fn board_after_size<R: Read>(
    input: &mut Input<R>,
    sizes: &Sizes,
) -> Result<Option<(usize, Vec<u32>)>, InputError> {
    if !input.next_filled_line()? {
        if !sizes.zeros_end {
            return Ok(None);
        }
        let message = "expected a case or the 0 0 that ends the input, found the end of the input";
        return Err(input.error(input.end_line(), message.to_string()));
    }
    let mut size: Vec<Option<usize>> = input.line().split_whitespace().map(parse_count).collect();
    // A square's one side is its rows and columns.
    if sizes.square {
        size.extend(size.first().copied());
    }
    let sides = 2..=sizes.max_side;
    let (rows, columns) = match size[..] {
        [Some(0), Some(0)] if sizes.zeros_end => {
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
        [Some(rows), Some(columns)] if sides.contains(&rows) && sides.contains(&columns) => {
            (rows, columns)
        }
        _ => {
            let message = format!(
                "expected the size {}, each 2 to {}{}, found {}",
                sizes.named,
                sizes.max_side,
                if sizes.zeros_end {
                    ", or 0 0 to end"
                } else {
                    ""
                },
                quoted(input.line())
            );
            return Err(input.error(input.line_number(), message));
        }
    };
    let cells = rows * columns;
    let mut tiles = vec![0; cells];
    // Where each line's tiles start, and its number, to name the line of a tile twice.
    let mut lines = Vec::new();
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
        let found = input.tiles_of_line(&mut tiles[filled..], cells)?;
        // At most a line a tile: blank lines between tiles take no room.
        if found > 0 {
            lines.push((filled, input.line_number()));
        }
        filled += found;
        if filled > cells {
            let message = format!("{}, found {} by the end of this line", expected(), filled);
            return Err(input.error(input.line_number(), message));
        }
    }
    check_arrangement(&tiles).map_err(|(cell, message)| {
        let (_, line) = lines[lines.partition_point(|&(start, _)| start <= cell) - 1];
        input.error(line, message)
    })?;
    Ok(Some((columns, tiles)))
}
