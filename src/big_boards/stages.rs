//! A board solved a line at a time by beam search: each stage brings home the top row of the
//! block left (or its left column, when the block is wider than tall), ranked by
//! [`LineStage`], which also sends the other tiles home on the way; a row-by-row construction
//! pays for each tile's walk alone, and a beam search over the whole of a board of 8x8 or more
//! loses its way mid-board. Each stage's beam search is over the block left, renamed as a board of
//! its own ([`block`]); a line already home costs nothing. A search that loses its way is tried
//! again from the nearest board it met on half as many of the line's tiles, down to two.

use crate::big_boards::beam::{self, Outcome};
use crate::big_boards::estimates::LineStage;
use crate::big_boards::finishers::block;
use crate::board::{replay, Move};

/// Where the stages stopped: their moves, and the block left at the bottom-right corner, with
/// its width and its tiles renamed for its own goal.
pub struct Staged {
    pub moves: Vec<Move>,
    pub width: usize,
    pub block: Vec<u32>,
}

/// Brings home the lines of `tiles` (`width` to a row, able to reach the goal, at most
/// [`beam::MAX_CELLS`] cells), a beam search `beam_width` boards wide on up to `threads` threads
/// a stage, until the block left has at most `last_cells` cells, or a search on two of a line's
/// tiles loses its way (the block left then holds that line, as the search left it).
///
/// # Complexity
/// O(`beam_width` · cells) time a level (each board kept is copied), a level a move of the
/// path; O(`beam_width` · cells) memory.
pub fn solve(
    width: usize,
    tiles: &[u32],
    beam_width: usize,
    threads: usize,
    last_cells: usize,
) -> Staged {
    let (mut block_width, mut tiles) = (width, tiles.to_vec());
    let mut moves = Vec::new();
    while tiles.len() > last_cells {
        let height = tiles.len() / block_width;
        // The top row, or the left column of a block wider than tall.
        let row = height >= block_width;
        let line: Vec<u8> = match row {
            true => (1..=block_width as u8).collect(),
            false => (0..height).map(|r| (1 + r * block_width) as u8).collect(),
        };
        // The line's tiles from the first astray, all of them, or half as many at each time
        // a search loses its way (the last two of a line always together).
        let mut chunk = line.len();
        loop {
            let home = |t: &&u8| tiles[usize::from(**t) - 1] == u32::from(**t);
            let placed = line.iter().take_while(home).count();
            if placed == line.len() {
                break;
            }
            let upto = match (placed + chunk).min(line.len()) {
                upto if upto + 1 == line.len() => line.len(),
                upto => upto,
            };
            let stage = LineStage::new(block_width, tiles.len(), &line[..upto]);
            let outcome = beam::solve(block_width, &tiles, beam_width, threads, stage);
            let (found, lost) = match outcome {
                Outcome::Goal(found) => (found, false),
                Outcome::Nearest(found) => (found, true),
            };
            tiles = replay(block_width, &tiles, &found).expect("moves on the board");
            moves.extend(found);
            if lost {
                if chunk <= 2 {
                    return Staged {
                        moves,
                        width: block_width,
                        block: tiles,
                    };
                }
                chunk /= 2;
            }
        }
        let (top, left) = if row { (1, 0) } else { (0, 1) };
        let corner = (height - 1, block_width - 1);
        tiles = block(&tiles, block_width, (top, left), corner);
        block_width -= left;
    }
    Staged {
        moves,
        width: block_width,
        block: tiles,
    }
}
