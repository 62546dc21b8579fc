//! Construction's finishers: a line's last two tiles, the last block handed on, and a last 2x2
//! block.

use std::collections::VecDeque;

use crate::board::Move;

/// Solves a solvable 2x2 block by turning the blank round it the shorter way.
pub fn turn_last_block(block_width: usize, block: &[u32]) -> Vec<Move> {
    assert_eq!((block_width, block.len()), (2, 4), "a 2x2 block");
    // The block's cells clockwise, and the move that leads from each to the next.
    let ring = [0, 1, 3, 2];
    let clockwise = [Move::Right, Move::Down, Move::Left, Move::Up];
    let start = ring.iter().position(|&cell| block[cell] == 0).unwrap_or(0);
    let (mut probe, mut at, mut turns) = (block.to_vec(), start, 0);
    while probe != [1, 2, 3, 0] && turns < 12 {
        let next = (at + 1) % 4;
        probe.swap(ring[at], ring[next]);
        at = next;
        turns += 1;
    }
    match turns <= 6 {
        true => (0..turns).map(|i| clockwise[(start + i) % 4]).collect(),
        false => (0..12 - turns)
            .map(|i| clockwise[(start + 11 - i) % 4].opposite())
            .collect(),
    }
}

/// The cells the blank (at `at[2]`) steps through in `window` (a 2 x 3 block: three pairs of
/// neighbours, each beside the last) to bring the tiles at `at[0]` and `at[1]` to `to`, by
/// breadth-first search.
pub fn window_route(window: &[usize], at: [usize; 3], to: [usize; 2]) -> Vec<usize> {
    let n = window.len();
    let place = |cell: usize| window.iter().position(|&w| w == cell);
    let index = |a: usize, b: usize, blank: usize| (a * n + b) * n + blank;
    let start = match (place(at[0]), place(at[1]), place(at[2])) {
        (Some(a), Some(b), Some(blank)) => index(a, b, blank),
        _ => unreachable!("both tiles and the blank are in the window"),
    };
    let goal = (place(to[0]), place(to[1]));
    let mut came_from = vec![usize::MAX; n * n * n];
    came_from[start] = start;
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let (a, b, blank) = (state / n / n, state / n % n, state % n);
        if (Some(a), Some(b)) == goal {
            let mut route = Vec::new();
            let mut state = state;
            while state != start {
                route.push(window[state % n]);
                state = came_from[state];
            }
            route.reverse();
            return route;
        }
        for next in 0..n {
            let along = next % 2 == blank % 2 && (next / 2).abs_diff(blank / 2) == 1;
            if next / 2 != blank / 2 && !along {
                continue;
            }
            // The blank and whatever stands at `next` trade places.
            let swap = |tile: usize| if tile == next { blank } else { tile };
            let following = index(swap(a), swap(b), next);
            if came_from[following] == usize::MAX {
                came_from[following] = state;
                queue.push_back(following);
            }
        }
    }
    unreachable!("with three alike tiles in the window, any places can be reached")
}

/// The tiles of `board` (`width` to a row) from cell `(top, left)` to `(bottom, right)`, homed
/// there, row by row, renamed for the block's own goal `1 2 .. n-1 0`.
pub fn block(
    board: &[u32],
    width: usize,
    (top, left): (usize, usize),
    (bottom, right): (usize, usize),
) -> Vec<u32> {
    let block_width = right + 1 - left;
    let renamed = |tile: u32| match tile {
        0 => 0,
        _ => {
            let home = tile as usize - 1;
            ((home / width - top) * block_width + home % width - left + 1) as u32
        }
    };
    let cells =
        (top..=bottom).flat_map(|row| (left..=right).map(move |column| row * width + column));
    cells.map(|cell| renamed(board[cell])).collect()
}
