//! The board: `N` cells row by row, `W` to a row (3x3 is `Board<3, 9>`), each holding a tile
//! `1..N` or the blank `0`. Width and size are constants, so the cell arithmetic folds.

/// A direction the blank moves in; the tile on that side slides the opposite way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Down,
    Left,
    Right,
    Up,
}

impl Move {
    /// Every move in letter order: searches try them so, and find the first shortest path in
    /// dictionary order.
    pub const ALL: [Move; 4] = [Move::Down, Move::Left, Move::Right, Move::Up];

    /// The cell the blank reaches from `blank` on a board `width` wide of `cells` cells.
    #[inline]
    pub fn target(self, width: usize, cells: usize, blank: usize) -> Option<usize> {
        match self {
            Move::Up if blank >= width => Some(blank - width),
            Move::Down if blank + width < cells => Some(blank + width),
            Move::Left if blank % width != 0 => Some(blank - 1),
            Move::Right if blank % width != width - 1 => Some(blank + 1),
            _ => None,
        }
    }

    /// The move that takes the blank from `from` to `to`, its neighbour on a board `width` wide.
    pub fn between(from: usize, to: usize, width: usize) -> Move {
        match to.wrapping_sub(from) {
            1 => Move::Right,
            d if d == width => Move::Down,
            d if d == width.wrapping_neg() => Move::Up,
            _ => Move::Left,
        }
    }

    /// The move's letter: `D`, `L`, `R` or `U`.
    pub fn letter(self) -> char {
        ['D', 'L', 'R', 'U'][self as usize]
    }

    /// The move's letter, in lower case (as HDU writes them) if `lowercase`.
    pub fn letter_in(self, lowercase: bool) -> char {
        match lowercase {
            true => self.letter().to_ascii_lowercase(),
            false => self.letter(),
        }
    }

    /// The move that undoes this one.
    #[inline]
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }
}

/// An arrangement of the tiles `0..N` (0 the blank) on a board `W` wide, row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board<const W: usize, const N: usize> {
    tiles: [u8; N],
}

impl<const W: usize, const N: usize> Board<W, N> {
    /// The board with these tiles, if they hold each of `0..N` exactly once.
    pub fn from_tiles(tiles: [u8; N]) -> Result<Self, (usize, String)> {
        check_arrangement(&tiles.map(u32::from))?;
        Ok(Board { tiles })
    }

    /// The tiles, row by row.
    pub fn tiles(&self) -> &[u8; N] {
        &self.tiles
    }

    /// The cell of the blank.
    pub fn blank(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).unwrap_or(0)
    }

    /// The board after the blank moves `m`, or `None` if that would leave the board.
    pub fn moved(&self, m: Move) -> Option<Self> {
        let blank = self.blank();
        let cell = m.target(W, N, blank)?;
        let mut tiles = self.tiles;
        tiles.swap(blank, cell);
        Some(Board { tiles })
    }

    /// Each move the blank can make, with the board it leads to.
    pub fn neighbours(&self) -> impl Iterator<Item = (Move, Self)> {
        let (blank, tiles) = (self.blank(), self.tiles);
        // `iter`, not `into_iter`: the LeetCode form of a bundle may be built as edition 2018.
        Move::ALL.iter().filter_map(move |&m| {
            let mut tiles = tiles;
            tiles.swap(blank, m.target(W, N, blank)?);
            Some((m, Board { tiles }))
        })
    }

    /// The goal with the blank in cell `blank` and the tiles `1..N` in order in the others.
    pub fn canonical_goal(blank: usize) -> Self {
        let mut tiles = [0; N];
        for (cell, tile) in tiles.iter_mut().enumerate() {
            *tile = if cell < blank { cell + 1 } else { cell } as u8;
        }
        tiles[blank] = 0;
        Board { tiles }
    }

    /// This board with its tiles renamed so that `goal` becomes [`Board::canonical_goal`]: moves
    /// ignore labels, so one array of distances serves every goal with that blank cell.
    pub fn relabelled(&self, goal: &Self) -> Self {
        let canonical = Self::canonical_goal(goal.blank());
        let mut name = [0; N];
        for (&tile, &canonical_tile) in goal.tiles.iter().zip(&canonical.tiles) {
            name[usize::from(tile)] = canonical_tile;
        }
        Board {
            tiles: self.tiles.map(|tile| name[usize::from(tile)]),
        }
    }

    /// Two boards reach each other exactly when their parities are equal (see [`parity`]).
    pub fn parity(&self) -> bool {
        let tiles = self.tiles.map(u32::from);
        parity_of(W, &tiles, small_cycles(&tiles))
    }
}

/// Whether `tiles` hold each of `0..tiles.len()` once; if not, the cell where the fault shows (a
/// tile out of range, the second of a tile twice) and what it is.
pub fn check_arrangement(tiles: &[u32]) -> Result<(), (usize, String)> {
    let cells = tiles.len();
    let mut seen = vec![false; cells];
    let mut repeated = None;
    for (cell, &tile) in tiles.iter().enumerate() {
        match seen.get_mut(tile as usize) {
            Some(&mut true) => repeated = repeated.or(Some((cell, tile))),
            Some(slot) => *slot = true,
            None => {
                return Err((
                    cell,
                    format!("tile {} is out of range 0-{}", tile, cells - 1),
                ))
            }
        }
    }
    match (repeated, seen.iter().position(|&s| !s)) {
        (Some((cell, tile)), Some(missing)) => Err((
            cell,
            format!(
                "tile {} appears twice and tile {} is missing",
                tile, missing
            ),
        )),
        _ => Ok(()),
    }
}

/// The solvability parity of the arrangement `tiles` on a board `width` wide, any shape: two
/// arrangements reach each other exactly when their parities are equal.
///
/// A move is a swap, flipping the permutation's parity, and takes the blank to a cell of the
/// other chessboard colour; so their sum is kept, and it is all that is kept. The permutation's
/// parity comes from its cycles (a cycle of `k` cells is `k - 1` swaps): O(cells), where
/// counting inversions is O(n log n).
pub fn parity(width: usize, tiles: &[u32]) -> bool {
    parity_of(width, tiles, cycles(tiles))
}

/// The parity of `tiles`, `width` wide, whose permutation has `cycle_count` cycles.
fn parity_of(width: usize, tiles: &[u32], cycle_count: usize) -> bool {
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let swaps = tiles.len() - cycle_count;
    (swaps + blank / width + blank % width) % 2 == 1
}

/// The number of cycles of the permutation `p` of at most 64 cells, allocating nothing.
fn small_cycles(p: &[u32]) -> usize {
    let (mut visited, mut count) = (0u64, 0);
    for start in 0..p.len() {
        if visited & 1 << start == 0 {
            count += 1;
            let mut cell = start;
            while visited & 1 << cell == 0 {
                visited |= 1 << cell;
                cell = p[cell] as usize;
            }
        }
    }
    count
}

/// The arrangement `tiles` (`width` to a row) after the blank's `moves`, or `None` if one would
/// leave the board or `tiles` has no blank: how tests and the engine check a path.
///
/// # Example
/// ```
/// use engine::board::{replay, Move};
/// assert_eq!(replay(2, &[1, 2, 0, 3], &[Move::Right]), Some(vec![1, 2, 3, 0]));
/// assert_eq!(replay(2, &[1, 2, 0, 3], &[Move::Left]), None);
/// ```
pub fn replay(width: usize, tiles: &[u32], moves: &[Move]) -> Option<Vec<u32>> {
    let mut board = tiles.to_vec();
    let mut blank = board.iter().position(|&t| t == 0)?;
    for m in moves {
        let cell = m.target(width, board.len(), blank)?;
        board.swap(blank, cell);
        blank = cell;
    }
    Some(board)
}

/// Whether the arrangement `tiles`, on a board `width` cells wide, can reach the goal
/// `1 2 .. N-1 0` (the blank in the last cell).
pub fn reaches_goal(width: usize, tiles: &[u32]) -> bool {
    // The goal, as a permutation, is one cycle through every cell: N - 1 swaps.
    let last = tiles.len() - 1;
    parity(width, tiles) == ((last + last / width + last % width) % 2 == 1)
}

/// The pairs of tiles, the blank left out, that stand in the other order from the goal's when
/// the board `tiles` is read row by row: O(cells log cells), counted in a Fenwick tree of the
/// tiles seen so far.
pub fn inversions(tiles: &[u32]) -> u64 {
    let mut seen = vec![0u32; tiles.len() + 1];
    let mut count = 0;
    for (read, &tile) in tiles.iter().filter(|&&t| t != 0).enumerate() {
        // The tiles read before this one that are not larger than it.
        let (mut below, mut at) = (0, tile as usize);
        while at > 0 {
            below += u64::from(seen[at]);
            at &= at - 1;
        }
        count += read as u64 - below;
        let mut at = tile as usize;
        while at < seen.len() {
            seen[at] += 1;
            at += at & at.wrapping_neg();
        }
    }
    count
}

/// The Manhattan distance of `tile` from `cell` to its home in the goal `1 2 .. N-1 0`, on a
/// board `width` wide (0 for the blank).
#[inline]
pub fn home_distance(width: usize, tile: u32, cell: usize) -> u32 {
    match tile {
        0 => 0,
        tile => {
            let home = tile as usize - 1;
            let (row, column) = (cell / width, cell % width);
            (row.abs_diff(home / width) + column.abs_diff(home % width)) as u32
        }
    }
}

/// Two tiles whose swap lets the board `tiles` (`width` to a row), which cannot reach the goal
/// `1 2 .. N-1 0`, reach it: a swap of any two tiles flips the parity. Of the swaps that bring a
/// tile home, the one that lowers the tiles' Manhattan distance most (two tiles swapped on a
/// solved board are swapped back), else tiles 1 and 2; O(cells).
pub fn swap_to_solve(width: usize, tiles: &[u32]) -> (u32, u32) {
    let distance = |tile, cell| home_distance(width, tile, cell);
    let mut best = (0, (1, 2));
    for (cell, &tile) in tiles.iter().enumerate() {
        let home = (tile as usize).wrapping_sub(1);
        let other = match tiles.get(home) {
            Some(&other) if tile != 0 && home != cell && other != 0 => other,
            _ => continue,
        };
        let before = distance(tile, cell) + distance(other, home);
        let gain = before - distance(other, cell);
        let pair = (tile.min(other), tile.max(other));
        if gain > best.0 || gain == best.0 && best.0 > 0 && pair < best.1 {
            best = (gain, pair);
        }
    }
    best.1
}

/// The number of cycles of the permutation `p` (each of `0..p.len()` once).
///
/// A cycle walk is a chain of cache misses on a large board, so several walks run at once. A
/// walk stops at the first visited cell, which is where some walk started: each walk leads into
/// exactly one, and the cycles of that small "leads into" permutation are those of `p`.
fn cycles(p: &[u32]) -> usize {
    if p.len() <= 64 {
        return small_cycles(p);
    }
    const WALKS: usize = 16;
    const UNVISITED: u32 = u32::MAX;
    // The walk that visited each cell.
    let mut walk_of = vec![UNVISITED; p.len()];
    let mut leads_into: Vec<u32> = Vec::new();
    // The walks under way: the next cell each visits, and the walk's number.
    let mut walks: Vec<(usize, u32)> = Vec::with_capacity(WALKS);
    let mut unvisited = 0;
    loop {
        while walks.len() < WALKS {
            while unvisited < p.len() && walk_of[unvisited] != UNVISITED {
                unvisited += 1;
            }
            if unvisited == p.len() {
                break;
            }
            let walk = leads_into.len() as u32;
            leads_into.push(walk);
            walk_of[unvisited] = walk;
            walks.push((p[unvisited] as usize, walk));
        }
        if walks.is_empty() {
            break;
        }
        let mut i = 0;
        while i < walks.len() {
            let (cell, walk) = walks[i];
            match walk_of[cell] {
                UNVISITED => {
                    walk_of[cell] = walk;
                    walks[i].0 = p[cell] as usize;
                    i += 1;
                }
                other => {
                    leads_into[walk as usize] = other;
                    walks.swap_remove(i);
                }
            }
        }
    }
    // The cycles of `leads_into`, a permutation of the few walks.
    let mut seen = vec![false; leads_into.len()];
    let mut cycles = 0;
    for start in 0..leads_into.len() {
        if !seen[start] {
            cycles += 1;
            let mut walk = start;
            while !seen[walk] {
                seen[walk] = true;
                walk = leads_into[walk] as usize;
            }
        }
    }
    cycles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_goes_to_the_neighbouring_cell_on_every_board_up_to_10x10() {
        for (width, height) in (2..=10).flat_map(|w| (2..=10).map(move |h| (w, h))) {
            let cells = width * height;
            for blank in 0..cells {
                let (row, column) = (blank / width, blank % width);
                let expected = [
                    (Move::Down, (row + 1 < height).then(|| blank + width)),
                    (Move::Left, (column > 0).then(|| blank - 1)),
                    (Move::Right, (column + 1 < width).then(|| blank + 1)),
                    (Move::Up, (row > 0).then(|| blank - width)),
                ];
                for (m, cell) in expected {
                    assert_eq!(m.target(width, cells, blank), cell, "{:?} {}", m, blank);
                }
            }
        }
    }

    #[test]
    fn from_tiles_names_what_is_wrong() {
        assert!(Board::<3, 6>::from_tiles([1, 2, 3, 4, 0, 5]).is_ok());
        let bad = |cell, message: &str| Err((cell, message.to_string()));
        assert_eq!(
            Board::<3, 6>::from_tiles([1, 2, 3, 4, 0, 6]),
            bad(5, "tile 6 is out of range 0-5")
        );
        assert_eq!(
            Board::<3, 6>::from_tiles([1, 2, 3, 3, 0, 5]),
            bad(3, "tile 3 appears twice and tile 4 is missing")
        );
        assert_eq!(
            Board::<3, 6>::from_tiles([5, 2, 3, 4, 0, 5]),
            bad(5, "tile 5 appears twice and tile 1 is missing")
        );
    }

    #[test]
    fn moves_stay_on_the_board() {
        // 1 2 3
        // 4 0 5
        let board = Board::<3, 6>::from_tiles([1, 2, 3, 4, 0, 5]).unwrap();
        let after = |m| board.moved(m).map(|b| *b.tiles());
        assert_eq!(after(Move::Up), Some([1, 0, 3, 4, 2, 5]));
        assert_eq!(after(Move::Down), None);
        assert_eq!(after(Move::Left), Some([1, 2, 3, 0, 4, 5]));
        assert_eq!(after(Move::Right), Some([1, 2, 3, 4, 5, 0]));
        for m in Move::ALL {
            if let Some(next) = board.moved(m) {
                assert_eq!(next.moved(m.opposite()), Some(board));
            }
        }
    }

    /// The cycles, counted by the interleaved walks (and by the bit mask on small boards),
    /// against a plain count, on permutations of every length up to 300 and a few large ones.
    #[test]
    fn cycles_match_a_plain_count() {
        let mut state = 773_u64;
        for n in (1..=300).chain([1000, 4096, 100_000]) {
            let mut p: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                p.swap(i, (state >> 33) as usize % (i + 1));
            }
            let mut seen = vec![false; n];
            let mut plain = 0;
            for start in 0..n {
                if !seen[start] {
                    plain += 1;
                    let mut cell = start;
                    while !seen[cell] {
                        seen[cell] = true;
                        cell = p[cell] as usize;
                    }
                }
            }
            assert_eq!(cycles(&p), plain, "length {}", n);
        }
        let identity: Vec<u32> = (0..5000).collect();
        assert_eq!(cycles(&identity), 5000);
        let pairs: Vec<u32> = (0..5000).map(|i| i ^ 1).collect();
        assert_eq!(cycles(&pairs), 2500);
    }

    #[test]
    fn parity_matches_known_solvability() {
        let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).unwrap();
        let swapped = Board::<3, 6>::from_tiles([1, 2, 3, 5, 4, 0]).unwrap();
        assert_ne!(goal.parity(), swapped.parity());
        // The 15-puzzle with 14 and 15 swapped (Sam Loyd's) is unsolvable; even width counts the
        // blank row.
        let mut tiles: [u8; 16] = std::array::from_fn(|i| ((i + 1) % 16) as u8);
        let goal = Board::<4, 16>::from_tiles(tiles).unwrap();
        tiles.swap(13, 14);
        assert_ne!(
            Board::<4, 16>::from_tiles(tiles).unwrap().parity(),
            goal.parity()
        );
        let up = goal.moved(Move::Up).unwrap();
        assert_eq!(up.parity(), goal.parity());
    }

    /// A random arrangement of `n` tiles, from `state`.
    fn shuffled(n: usize, state: &mut u64) -> Vec<u32> {
        let mut p: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            *state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            p.swap(i, (*state >> 33) as usize % (i + 1));
        }
        p
    }

    /// The inversions against a plain count of pairs, and the textbook rule they give (odd
    /// width: an even count; even width: the count plus the blank's row from the bottom odd)
    /// against parity, on random boards of many shapes.
    #[test]
    fn inversions_give_the_textbook_rule_of_solvability() {
        let mut state = 1043_u64;
        for (width, height) in [
            (2, 2),
            (3, 2),
            (2, 3),
            (3, 3),
            (4, 4),
            (5, 3),
            (4, 7),
            (9, 9),
        ] {
            for _ in 0..200 {
                let tiles = shuffled(width * height, &mut state);
                let plain = (0..tiles.len())
                    .flat_map(|i| (i + 1..tiles.len()).map(move |j| (i, j)))
                    .filter(|&(i, j)| tiles[i] != 0 && tiles[j] != 0 && tiles[i] > tiles[j])
                    .count() as u64;
                assert_eq!(inversions(&tiles), plain);
                let blank = tiles.iter().position(|&t| t == 0).unwrap();
                let from_bottom = (height - blank / width) as u64;
                let rule = match width % 2 {
                    1 => plain % 2 == 0,
                    _ => (plain + from_bottom) % 2 == 1,
                };
                assert_eq!(rule, reaches_goal(width, &tiles), "{:?}", tiles);
            }
        }
    }

    /// The swap offered for a board that cannot reach the goal lets it reach the goal; two tiles
    /// swapped on a solved board are the two offered.
    #[test]
    fn the_swap_offered_makes_a_board_solvable() {
        let mut state = 652_u64;
        for (width, height) in [(2, 2), (3, 3), (4, 4), (3, 5), (10, 10)] {
            let cells = width * height;
            for _ in 0..100 {
                let mut tiles = shuffled(cells, &mut state);
                if reaches_goal(width, &tiles) {
                    continue;
                }
                let (a, b) = swap_to_solve(width, &tiles);
                assert!(a != b && a != 0 && b != 0);
                let at = |t| tiles.iter().position(|&x| x == t).unwrap();
                let (i, j) = (at(a), at(b));
                tiles.swap(i, j);
                assert!(reaches_goal(width, &tiles), "{:?}", tiles);
            }
            let mut solved: Vec<u32> = (1..cells as u32).chain([0]).collect();
            solved.swap(cells - 3, cells / 2);
            let (a, b) = (solved[cells / 2], solved[cells - 3]);
            assert_eq!(swap_to_solve(width, &solved), (a.min(b), a.max(b)));
        }
    }
}
