//! Judge input, each error naming its line: a board on one line or a row a line, or tiles however
//! the lines go (HDU). Up to ten cells, a line without separators has a tile a character
//! (`283104765`), else a run of digits is a tile; `0`, `.` or `x` is the blank; white space,
//! commas and brackets separate.

use std::fmt;
use std::io::{BufRead, BufReader, Read};

use crate::board::Board;
use crate::quote::{escaped, quoted};

/// The longest line accepted, in bytes: a row of 999 six-digit numbers takes 7 KB.
pub const MAX_LINE: usize = 1 << 16;

/// The most rows, and numbers in a row, of a board read (the fewest: 2).
pub const MAX_SIDE: usize = 999;

/// The error of a tile written `digits` on a board of `cells` cells (as [`Input::board`] says
/// it).
pub fn out_of_range(digits: &str, cells: usize) -> String {
    format!(
        "tile {} is out of range 0-{}",
        escaped(digits, 40),
        cells - 1
    )
}

/// `text` as a count or size: ASCII digits alone (no sign), no larger than `usize`.
pub fn parse_count(text: &str) -> Option<usize> {
    match text.bytes().all(|b| b.is_ascii_digit()) {
        true => text.parse().ok(),
        false => None,
    }
}

/// What is wrong with the input, and on which line (counted from 1).
#[derive(Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A reader of boards.
pub struct Input<R> {
    reader: BufReader<R>,
    /// The current line (UTF-8) and how much of it was read.
    line: Vec<u8>,
    taken: usize,
    line_number: usize,
    /// Whether the last line read ended with a line end (before any: true).
    line_ended: bool,
    /// Whether the current line has separators: then `7 8 10` names tile 10, even on 3x3.
    separated: bool,
}

impl<R: Read> Input<R> {
    pub fn new(reader: R) -> Self {
        Input {
            reader: BufReader::with_capacity(1 << 16, reader),
            line: Vec::new(),
            taken: 0,
            line_number: 0,
            line_ended: true,
            separated: false,
        }
    }

    /// The number of the last line read (0 before the first).
    pub fn line_number(&self) -> usize {
        self.line_number
    }

    /// The current line, without its line end and surrounding white space.
    pub fn line(&self) -> &str {
        // `read_line` checked that the line is UTF-8.
        std::str::from_utf8(&self.line).unwrap_or("")
    }

    /// The line where the input ends: after the last, or on it if it has no line end.
    pub fn end_line(&self) -> usize {
        self.line_number + usize::from(self.line_ended)
    }

    /// True when nothing read is left: the next read may wait.
    pub fn is_drained(&self) -> bool {
        self.reader.buffer().is_empty()
    }

    /// An error on line `line`.
    pub fn error(&self, line: usize, message: String) -> InputError {
        InputError { line, message }
    }

    /// The next board after any blank lines, on one line or a row a line; `None` at the end.
    pub fn board<const W: usize, const N: usize>(
        &mut self,
    ) -> Result<Option<Board<W, N>>, InputError> {
        if !self.next_filled_line()? {
            return Ok(None);
        }
        let first = self.line_number;
        let mut tiles = [0; N];
        let count = self.tiles_of_line(&mut tiles, N)?;
        if count == W && W < N {
            for row in 1..N / W {
                let (found, line) = match self.read_line()? {
                    true => match self.tiles_of_line(&mut tiles[row * W..], N)? {
                        count if count == W => continue,
                        count => (count.to_string(), self.line_number),
                    },
                    false => ("the end of the input".to_string(), self.end_line()),
                };
                let message = format!("expected a row of {} tiles, found {}", W, found);
                return Err(self.error(line, message));
            }
        } else if count != N {
            let expected = format!("{} tiles (or {} rows of {})", N, N / W, W);
            let message = format!("expected {}, found {}", expected, count);
            return Err(self.error(first, message));
        }
        // Each tile is below `N` (at most 16), or a digit. A tile twice is named on its row.
        let rows = usize::from(count == W && W < N);
        Board::from_tiles(tiles.map(|tile| tile as u8))
            .map(Some)
            .map_err(|(cell, message)| self.error(first + rows * cell / W, message))
    }

    /// A start board and its goal board; `None` at the end.
    pub fn pair<const W: usize, const N: usize>(
        &mut self,
    ) -> Result<Option<(Board<W, N>, Board<W, N>)>, InputError> {
        let start = match self.board()? {
            Some(start) => start,
            None => return Ok(None),
        };
        let line = self.line_number;
        let no_goal = "a start board with no goal board after it";
        match self.board()? {
            Some(goal) => Ok(Some((start, goal))),
            None => Err(self.error(line, no_goal.to_string())),
        }
    }

    /// The next `N` tiles however they spread over lines (HDU 1043); `None` at the end.
    pub fn board_of_tiles<const W: usize, const N: usize>(
        &mut self,
    ) -> Result<Option<Board<W, N>>, InputError> {
        // Each tile's line, to name the line of a tile twice.
        let (mut tiles, mut lines) = ([0; N], [0; N]);
        for (count, slot) in tiles.iter_mut().enumerate() {
            loop {
                if let Some(tile) = self.next_tile(N)? {
                    *slot = tile as u8; // below `N` (at most 16), or a digit
                    break;
                }
                if !self.read_line()? {
                    if count == 0 {
                        return Ok(None);
                    }
                    let message = format!(
                        "expected {} tiles, found the end of the input after {}",
                        N, count
                    );
                    return Err(self.error(self.end_line(), message));
                }
            }
            lines[count] = self.line_number;
        }
        Board::from_tiles(tiles)
            .map(Some)
            .map_err(|(cell, message)| self.error(lines[cell], message))
    }

    /// The count of cases (`what`: boards, pairs) on the first filled line (UVa, LightOJ),
    /// with that line's number.
    pub fn number_of(&mut self, what: &str) -> Result<(usize, usize), InputError> {
        let (found, line) = if self.next_filled_line()? {
            (quoted(self.line()), self.line_number)
        } else {
            ("the end of the input".to_string(), self.end_line())
        };
        let what = format!("the number of {}", what);
        let message = match parse_count(self.line()) {
            Some(count) if count > 0 => return Ok((count, line)),
            // Digits that overflow.
            None if self.line().len() > 19 && self.line().bytes().all(|b| b.is_ascii_digit()) => {
                format!("{} {} is too large: at most {}", what, found, usize::MAX)
            }
            _ => format!("expected {}, 1 or more, found {}", what, found),
        };
        Err(self.error(line, message))
    }

    /// Whether only blank lines are left; if not, the first line that is not blank is current.
    pub fn at_end(&mut self) -> Result<bool, InputError> {
        Ok(!self.next_filled_line()?)
    }

    /// Reads lines until one is not blank; false at the end of the input.
    pub fn next_filled_line(&mut self) -> Result<bool, InputError> {
        while self.read_line()? {
            if !self.line.is_empty() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The next word (what white space separates) however lines hold the words, read from the
    /// current line on; `None` at the end of the input. [`Input::line_number`] is then its line.
    pub fn next_word(&mut self) -> Result<Option<String>, InputError> {
        loop {
            let rest = &self.line()[self.taken..];
            let start = rest.len() - rest.trim_start().len();
            let word = rest[start..].split_whitespace().next().unwrap_or("");
            if !word.is_empty() {
                let word = word.to_string();
                self.taken += start + word.len();
                return Ok(Some(word));
            }
            if !self.read_line()? {
                return Ok(None);
            }
        }
    }

    /// Reads the current line's tiles (of `cells` cells) into `tiles`; counts them all.
    pub fn tiles_of_line(&mut self, tiles: &mut [u32], cells: usize) -> Result<usize, InputError> {
        let mut count = 0;
        while let Some(tile) = self.next_tile(cells)? {
            if let Some(slot) = tiles.get_mut(count) {
                *slot = tile as u32; // below `cells`, at most 999 * 999
            }
            count += 1;
        }
        Ok(count)
    }

    /// Reads the current line's numbers into `numbers` as [`Input::tiles_of_line`] does, for a
    /// board whose size is not known yet: counts them all, and gives the first too large for any
    /// board (past `u32::MAX - 1`, read as `u32::MAX`), for an error once the board's range is
    /// known.
    pub fn numbers_of_line(
        &mut self,
        numbers: &mut [u32],
    ) -> Result<(usize, Option<String>), InputError> {
        let (mut count, mut too_large) = (0, None);
        // A line of up to ten characters without separators holds a tile a character, as a
        // judge's board of up to ten cells does: `123405786`.
        let most = match !self.separated && self.line.len() <= 10 {
            true => 10,
            false => usize::MAX,
        };
        while let Some(number) = self.next_tile(most)? {
            let number = match u32::try_from(number) {
                Ok(number) if number < u32::MAX => number,
                _ => {
                    let read = &self.line()[..self.taken];
                    let digits = read.rsplit(|c: char| !c.is_ascii_digit()).next();
                    too_large = too_large.or_else(|| digits.map(String::from));
                    u32::MAX
                }
            };
            if let Some(slot) = numbers.get_mut(count) {
                *slot = number;
            }
            count += 1;
        }
        Ok((count, too_large))
    }

    /// The current line's next tile, `None` at its end; with `cells` `usize::MAX`, any number,
    /// that for one past it.
    fn next_tile(&mut self, cells: usize) -> Result<Option<usize>, InputError> {
        while let Some(&byte) = self.line.get(self.taken) {
            match byte {
                b',' | b'[' | b']' => self.taken += 1,
                byte if byte.is_ascii_whitespace() => self.taken += 1,
                b'0'..=b'9' if cells > 10 || self.separated => {
                    let rest = &self.line[self.taken..];
                    let digits = &rest[..rest.iter().take_while(|b| b.is_ascii_digit()).count()];
                    self.taken += digits.len();
                    let tile = digits.iter().fold(0, |n: usize, &d| {
                        n.saturating_mul(10).saturating_add(usize::from(d - b'0'))
                    });
                    if tile >= cells && cells < usize::MAX {
                        let digits = escaped(&String::from_utf8_lossy(digits), 40);
                        let mut message =
                            format!("tile {} is out of range 0-{}", digits, cells - 1);
                        if !self.separated {
                            message += ": separate the numbers of a board over ten cells";
                        }
                        return Err(self.error(self.line_number, message));
                    }
                    return Ok(Some(tile));
                }
                b'0'..=b'9' => {
                    self.taken += 1;
                    return Ok(Some(usize::from(byte - b'0')));
                }
                b'.' | b'x' | b'X' => {
                    self.taken += 1;
                    return Ok(Some(0));
                }
                _ => {
                    // Past ASCII: `taken` stands at the start of a character.
                    let c = self.line()[self.taken..].chars().next().unwrap_or(' ');
                    if !c.is_whitespace() {
                        let message = format!("unexpected character {:?}", c);
                        return Err(self.error(self.line_number, message));
                    }
                    self.taken += c.len_utf8();
                }
            }
        }
        Ok(None)
    }

    /// Reads the next line, trimmed and without a byte-order mark; false at the end.
    pub fn read_line(&mut self) -> Result<bool, InputError> {
        self.line.clear();
        self.taken = 0;
        let number = self.line_number + 1;
        let mut limited = (&mut self.reader).take(MAX_LINE as u64 + 1);
        match limited.read_until(b'\n', &mut self.line) {
            Ok(0) => return Ok(false),
            Ok(_) => {}
            Err(e) => return Err(self.error(number, format!("cannot read input: {}", e))),
        }
        self.line_number = number;
        self.line_ended = self.line.last() == Some(&b'\n');
        if self.line.len() - usize::from(self.line_ended) > MAX_LINE {
            return Err(self.error(number, format!("longer than {} bytes", MAX_LINE)));
        }
        if number == 1 && self.line.starts_with("\u{feff}".as_bytes()) {
            self.line.drain(..3);
        }
        let filled = |b: &u8| !b.is_ascii_whitespace();
        let end = self.line.iter().rposition(filled).map_or(0, |i| i + 1);
        self.line.truncate(end);
        let start = self.line.iter().position(filled).unwrap_or(0);
        self.line.drain(..start);
        self.separated = self.line.iter().any(|&b| b == b',' || !filled(&b));
        if std::str::from_utf8(&self.line).is_err() {
            return Err(self.error(number, "not valid UTF-8".to_string()));
        }
        Ok(true)
    }
}

/// Cases after a line giving their number, as UVa 10181 and LightOJ set them: fewer cases, or
/// more, than announced is an error.
#[derive(Default)]
pub struct Counted {
    /// What the cases are, for messages, if not boards: pairs.
    pub what: Option<&'static str>,
    /// The number announced and its line, once read.
    announced: Option<(usize, usize)>,
    read: usize,
}

impl Counted {
    /// The next case of `input`, as `case` reads it (a board: [`Input::board`]); `None` after
    /// the last one announced, when nothing but blank lines follows it. A new input (the next
    /// file) announces its own.
    pub fn next<R: Read, T>(
        &mut self,
        input: &mut Input<R>,
        case: impl FnOnce(&mut Input<R>) -> Result<Option<T>, InputError>,
    ) -> Result<Option<T>, InputError> {
        if input.line_number() == 0 {
            (self.announced, self.read) = (None, 0);
        }
        let what = self.what.unwrap_or("boards");
        let (count, line) = match self.announced {
            Some(announced) => announced,
            None => *self.announced.insert(input.number_of(what)?),
        };
        if self.read == count {
            if input.at_end()? {
                return Ok(None);
            }
            let message = format!(
                "expected the end of the input, as line {} announces a count of {}, found {}",
                line,
                count,
                quoted(input.line())
            );
            return Err(input.error(input.line_number(), message));
        }
        let found = case(input)?;
        if found.is_none() {
            let message = format!(
                "found the end of the input after {} of the {} cases that line {} announces",
                self.read, count, line
            );
            return Err(input.error(input.end_line(), message));
        }
        self.read += 1;
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards(text: &[u8]) -> Result<Vec<[u8; 6]>, InputError> {
        let mut input = Input::new(text);
        let mut found = Vec::new();
        while let Some(board) = input.board::<3, 6>()? {
            found.push(*board.tiles());
        }
        Ok(found)
    }

    #[test]
    fn reads_every_layout_and_skips_blank_lines() {
        let text = b"\xef\xbb\xbf[[1,2,3],[4,0,5]]\r\n\r\n 4 1 2 \n5 . 3\n412503";
        let expected = [[1, 2, 3, 4, 0, 5], [4, 1, 2, 5, 0, 3], [4, 1, 2, 5, 0, 3]];
        assert_eq!(boards(text), Ok(expected.to_vec()));
    }

    #[test]
    fn reads_numbers_on_boards_of_more_than_ten_cells() {
        let mut input = Input::new(
            &b"1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 . 15\n 15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0"[..],
        );
        let first: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
        assert_eq!(
            input.board::<4, 16>().unwrap().map(|b| *b.tiles()),
            Some(first)
        );
        let second: [u8; 16] = std::array::from_fn(|i| 15 - i as u8);
        assert_eq!(
            input.board::<4, 16>().unwrap().map(|b| *b.tiles()),
            Some(second)
        );
        let mut input =
            Input::new(&b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 99999999999999999999999"[..]);
        let error = input.board::<4, 16>().map(|_| ());
        let message = "tile 99999999999999999999999 is out of range 0-15".to_string();
        assert_eq!(error, Err(InputError { line: 1, message }));
    }

    #[test]
    fn words_are_read_across_lines_each_with_its_line() {
        let mut input = Input::new(&b"\xef\xbb\xbf2\r\n\n 1  9\t3\n-1"[..]);
        let mut words = Vec::new();
        while let Some(word) = input.next_word().unwrap() {
            words.push((word, input.line_number()));
        }
        let expected = [("2", 1), ("1", 3), ("9", 3), ("3", 3), ("-1", 4)];
        let expected: Vec<_> = expected.iter().map(|&(w, l)| (w.to_string(), l)).collect();
        assert_eq!(words, expected);
        assert_eq!(input.end_line(), 4);
    }

    #[test]
    fn errors_name_the_line() {
        let error = |line, message: &str| {
            Err(InputError {
                line,
                message: message.to_string(),
            })
        };
        assert_eq!(
            boards(b"123405\n\n12345\n"),
            error(3, "expected 6 tiles (or 2 rows of 3), found 5")
        );
        assert_eq!(
            boards(b"123\n45\n"),
            error(2, "expected a row of 3 tiles, found 2")
        );
        assert_eq!(
            boards(&[b'1'; MAX_LINE + 1]),
            error(1, &format!("longer than {} bytes", MAX_LINE))
        );
        assert_eq!(
            boards(&[b'1'; MAX_LINE]),
            error(
                1,
                &format!("expected 6 tiles (or 2 rows of 3), found {}", MAX_LINE)
            )
        );
    }
}
