//! Which moves IDA* may skip: those that end a sequence of moves whose state a shorter sequence,
//! or an equally long one earlier in dictionary order, also reaches (Taylor and Korf 1993).
//!
//! A depth-first search stores no visited states, so without rules it walks every way of
//! reaching a state: undoing the last move, but also going round a 2x2 square twice instead of
//! once the other way, and longer detours. The rules are an automaton over the moves made so far
//! (Aho and Corasick's, over the forbidden sequences): each state says which next moves are
//! allowed and where each leads, one table look-up a node.
//!
//! - **Found** by simulating, on a grid around the blank's start, every sequence of up to
//!   `max_len` moves that the rules found so far allow, shortest first and in dictionary order
//!   within a length. A sequence is forbidden when an earlier one reached the same arrangement
//!   within the box of cells it stayed in: wherever the forbidden one fits on the board, that
//!   one fits too. (Up to 12 moves on the 4x4 board the box never decides: the twins cover the
//!   same cells.) Sequences that do not fit on the board are never followed. The time goes as
//!   the sequences allowed: about 37,000 of 10 moves on the 4x4 board, 180,000 of 12.
//! - **Safe**: replacing a forbidden stretch of a path by its earlier twin gives a path no longer
//!   and earlier in dictionary order, so the first shortest path in dictionary order, the one
//!   IDA* returns, contains none and is still found.
//! - **Cost and gain**: rules of up to 10 moves build in milliseconds and cut a third of the
//!   nodes of a 15-puzzle search; those of up to 12, in tens of milliseconds, a little more
//!   (doc/performance.md has the figures). A search under [`GrowingRules`] builds the first once
//!   it is long, the 15-puzzle solver the second beside its tables
//!   ([`crate::solvers::up_to_16`]).

use std::collections::HashMap;
use std::sync::Mutex;

use crate::search::ida_star::{Growing, Pruning};

/// The longest move sequences whose repeats [`GrowingRules`] skip once the search has visited
/// `DEEP_RULES_COST` nodes (about as long as building the rules takes, milliseconds on the 4x4
/// board): a shorter search would lose more to building them than they save it.
const DEEP_RULES: usize = 10;
const DEEP_RULES_COST: u64 = 300_000;

/// One state of the automaton: the moves allowed next (a bit per move of
/// [`crate::board::Move::ALL`]) and the state each leads to.
#[derive(Clone, Copy)]
struct State {
    allowed: u8,
    next: [u16; 4],
}

/// The automaton of a board size; state 0 is the start, before any move.
pub struct MoveRules {
    states: Vec<State>,
}

/// The rules built so far, by board width, height and longest sequence.
static BUILT: Mutex<Vec<(RulesKey, &'static MoveRules)>> = Mutex::new(Vec::new());
type RulesKey = (usize, usize, usize);

/// The rules of `key` among those built.
fn find(built: &[(RulesKey, &'static MoveRules)], key: RulesKey) -> Option<&'static MoveRules> {
    built
        .iter()
        .find(|(k, _)| *k == key)
        .map(|&(_, rules)| rules)
}

/// How the blank's cell shifts along x and y for each move of `Move::ALL`: down, left, right, up.
const SHIFT: [(i32, i32); 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];

impl MoveRules {
    /// The rules of a board `width` by `height` that forbid every sequence of up to `max_len`
    /// moves that repeats an earlier one (at least 2: undoing a move). Past 16 cells they are the
    /// 4x4 board's: a rule holds on any larger board, as a sequence is forbidden only where its
    /// twin stays within its own cells.
    pub fn build(width: usize, height: usize, max_len: usize) -> MoveRules {
        let mut finder = Finder::new(width, height);
        let mut forbidden: Vec<Vec<u8>> = Vec::new();
        let mut rules = automaton(&forbidden);
        for len in 1..=max_len {
            finder.len = len;
            let (at, bounds) = finder.start();
            finder.search(&rules, 0, at, bounds);
            forbidden.append(&mut finder.found);
            rules = automaton(&forbidden);
        }
        rules
    }

    /// The rules of a board `width` by `height` for sequences of up to `max_len` moves, built at
    /// the first call and shared by every later one. They are built outside the lock, so a
    /// thread that wants other rules meanwhile does not wait (two threads may build the same
    /// rules at once; the first to finish is kept).
    pub fn shared(width: usize, height: usize, max_len: usize) -> &'static MoveRules {
        if let Some(rules) = MoveRules::built(width, height, max_len) {
            return rules;
        }
        let rules = MoveRules::build(width, height, max_len);
        let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
        let key = (width, height, max_len);
        match find(&built, key) {
            Some(rules) => rules,
            None => {
                let rules = Box::leak(Box::new(rules));
                built.push((key, rules));
                rules
            }
        }
    }

    /// Those rules if [`MoveRules::shared`] has built them already.
    pub fn built(width: usize, height: usize, max_len: usize) -> Option<&'static MoveRules> {
        let built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
        find(&built, (width, height, max_len))
    }
}

/// The rules a search follows. Those of one that does not know how long it will be grow: undoing
/// alone is skipped until it has visited `DEEP_RULES_COST` nodes, then the rules of up to
/// `DEEP_RULES` moves (from the start, if some search has built them already). Rules built
/// beside tables are followed as they are (`from`), under the same type, so that a board's
/// searches under either share their code.
#[derive(Clone, Copy)]
pub struct GrowingRules {
    width: usize,
    height: usize,
    rules: &'static MoveRules,
    deep: bool,
}

impl GrowingRules {
    /// The rules of a search on a board `width` by `height`, before its first iteration.
    pub fn new(width: usize, height: usize) -> GrowingRules {
        let deep = MoveRules::built(width, height, DEEP_RULES);
        GrowingRules {
            width,
            height,
            rules: deep.unwrap_or_else(|| MoveRules::shared(width, height, 2)),
            deep: deep.is_some(),
        }
    }
}

impl From<&'static MoveRules> for GrowingRules {
    fn from(rules: &'static MoveRules) -> GrowingRules {
        // Deep already, they never grow: no board to grow them for.
        GrowingRules {
            width: 0,
            height: 0,
            rules,
            deep: true,
        }
    }
}

impl Pruning for GrowingRules {
    #[inline]
    fn allowed(&self, state: u16) -> u8 {
        self.rules.states[usize::from(state)].allowed
    }

    #[inline]
    fn after(&self, state: u16, bit: usize) -> u16 {
        self.rules.states[usize::from(state)].next[bit]
    }
}

impl Growing for GrowingRules {
    fn before_iteration(&mut self, nodes: u64) {
        if !self.deep && nodes >= DEEP_RULES_COST {
            self.rules = MoveRules::shared(self.width, self.height, DEEP_RULES);
            self.deep = true;
        }
    }
}

/// The automaton that allows exactly the sequences containing none of `forbidden`: a trie of
/// the sequences, each state's missing moves filled in from its longest proper suffix that is
/// also in the trie (Aho-Corasick), a state whose suffix is forbidden being forbidden too.
fn automaton(forbidden: &[Vec<u8>]) -> MoveRules {
    const NONE: u16 = u16::MAX;
    let mut next = vec![[NONE; 4]];
    let mut ends = vec![false];
    for sequence in forbidden {
        let mut state = 0;
        for &bit in sequence {
            if next[state][usize::from(bit)] == NONE {
                next[state][usize::from(bit)] = next.len() as u16;
                next.push([NONE; 4]);
                ends.push(false);
            }
            state = usize::from(next[state][usize::from(bit)]);
        }
        ends[state] = true;
    }
    assert!(
        next.len() < usize::from(NONE),
        "too many rules for 16-bit states"
    );
    // Breadth-first, so that each state's suffix is complete before the state itself.
    let mut suffix = vec![0u16; next.len()];
    let mut order = vec![0u16];
    let mut i = 0;
    while i < order.len() {
        let state = usize::from(order[i]);
        i += 1;
        ends[state] |= ends[usize::from(suffix[state])];
        // Where each move leads from the state's longest proper suffix in the trie.
        let via_suffix = match state {
            0 => [0; 4],
            _ => next[usize::from(suffix[state])],
        };
        for (bit, &via_suffix) in via_suffix.iter().enumerate() {
            let child = next[state][bit];
            if child == NONE {
                next[state][bit] = via_suffix;
            } else {
                suffix[usize::from(child)] = via_suffix;
                order.push(child);
            }
        }
    }
    let states = next
        .iter()
        .map(|next| {
            let allowed = (0..4).filter(|&bit| !ends[usize::from(next[bit])]);
            State {
                allowed: allowed.fold(0, |bits, bit| bits | 1 << bit),
                next: *next,
            }
        })
        .collect();
    MoveRules { states }
}

/// The sequences of one board size, simulated on a grid big enough for the blank to reach every
/// cell of the board from any start, each cell holding the cell its tile started in.
struct Finder {
    board: (i32, i32),
    grid_width: i32,
    cells: Vec<u8>,
    /// For each arrangement reached (its [`Finder::key`]), the first of the boxes of cells of
    /// the sequences that reached it, a list threaded through `boxes`.
    reached: HashMap<u128, u32>,
    /// Each box (least x, least y, greatest x, greatest y) and the next of its arrangement's.
    boxes: Vec<([i32; 4], u32)>,
    /// The sequence so far, the length of those examined in this pass, and those found
    /// forbidden.
    moves: Vec<u8>,
    len: usize,
    found: Vec<Vec<u8>>,
}

/// The end of a list of boxes.
const NO_BOX: u32 = u32::MAX;

impl Finder {
    fn new(width: usize, height: usize) -> Finder {
        // A key names up to 16 cells of a board-sized window, 4 bits each: larger boards take
        // the 4x4 board's rules (see `MoveRules::build`).
        let (width, height) = match width * height {
            0..=16 => (width as i32, height as i32),
            _ => (4, 4),
        };
        let grid_width = 2 * width - 1;
        let size = (grid_width * (2 * height - 1)) as usize;
        let mut finder = Finder {
            board: (width, height),
            grid_width,
            cells: (0..size as u8).collect(),
            reached: HashMap::new(),
            boxes: Vec::new(),
            moves: Vec::new(),
            len: 0,
            found: Vec::new(),
        };
        let (_, bounds) = finder.start();
        finder.reached.insert(finder.key(bounds), 0);
        finder.boxes.push((bounds, NO_BOX));
        finder
    }

    /// The start: the blank at the middle of the grid, no move made.
    fn start(&self) -> ((i32, i32), [i32; 4]) {
        let start = (self.board.0 - 1, self.board.1 - 1);
        (start, [start.0, start.1, start.0, start.1])
    }

    /// The arrangement, in 88 bits, from the box the moves so far stayed in: the tiles out of
    /// their start cells (the blank among them) all lie in a board-sized window whose corner is
    /// the least x and least y of their cells, and each is named by where it started within
    /// that window.
    fn key(&self, bounds: [i32; 4]) -> u128 {
        let moved = |x: i32, y: i32| {
            let cell = self.cell((x, y));
            usize::from(self.cells[cell]) != cell
        };
        let (mut left, mut top) = (i32::MAX, i32::MAX);
        for y in bounds[1]..=bounds[3] {
            for x in (bounds[0]..=bounds[2]).filter(|&x| moved(x, y)) {
                left = left.min(x);
                top = top.min(y);
            }
        }
        if left == i32::MAX {
            return 0; // every tile back where it started
        }
        let mut key = (left as u128) << 80 | (top as u128) << 84;
        for y in top..=bounds[3] {
            for x in (left..=bounds[2]).filter(|&x| moved(x, y)) {
                let from = i32::from(self.cells[self.cell((x, y))]);
                let (from_x, from_y) =
                    (from % self.grid_width - left, from / self.grid_width - top);
                let i = (x - left) + self.board.0 * (y - top);
                key |= 1 << (64 + i) | ((from_x + self.board.0 * from_y) as u128) << (4 * i);
            }
        }
        key
    }

    /// Follows every sequence the rules allow from `state`, the blank at `at`, having visited the
    /// box `bounds` (least x, least y, greatest x, greatest y), up to `self.len` moves; a
    /// sequence of that length is forbidden, or its box recorded.
    fn search(&mut self, rules: &MoveRules, state: u16, at: (i32, i32), bounds: [i32; 4]) {
        if self.moves.len() == self.len {
            let first = self.reached.entry(self.key(bounds)).or_insert(NO_BOX);
            let mut i = *first;
            while i != NO_BOX {
                let (b, next) = self.boxes[i as usize];
                if b[0] >= bounds[0] && b[1] >= bounds[1] && b[2] <= bounds[2] && b[3] <= bounds[3]
                {
                    self.found.push(self.moves.clone());
                    return;
                }
                i = next;
            }
            self.boxes.push((bounds, *first));
            *first = self.boxes.len() as u32 - 1;
            return;
        }
        let here = rules.states[usize::from(state)];
        for (bit, (dx, dy)) in SHIFT.iter().enumerate() {
            let to = (at.0 + dx, at.1 + dy);
            let reach = [
                bounds[0].min(to.0),
                bounds[1].min(to.1),
                bounds[2].max(to.0),
                bounds[3].max(to.1),
            ];
            let fits = reach[2] - reach[0] < self.board.0 && reach[3] - reach[1] < self.board.1;
            if here.allowed & 1 << bit == 0 || !fits {
                continue;
            }
            let (blank, tile) = (self.cell(at), self.cell(to));
            self.cells.swap(blank, tile);
            self.moves.push(bit as u8);
            self.search(rules, here.next[bit], to, reach);
            self.moves.pop();
            self.cells.swap(blank, tile);
        }
    }

    fn cell(&self, (x, y): (i32, i32)) -> usize {
        (y * self.grid_width + x) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Move};
    use crate::search::ida_star::NoUndo;
    use std::collections::HashSet;

    /// The rules' state after `moves`, or `None` once one of them is not allowed.
    fn follow(rules: impl Pruning, moves: &str) -> Option<u16> {
        moves.chars().try_fold(0, |state, letter| {
            let bit = Move::ALL.iter().position(|m| m.letter() == letter).unwrap();
            Some(rules.after(state, bit)).filter(|_| rules.allowed(state) & 1 << bit != 0)
        })
    }

    #[test]
    fn two_moves_forbid_only_undoing() {
        let rules = GrowingRules::from(MoveRules::shared(4, 4, 2));
        for first in "DLRU".chars() {
            for second in "DLRU".chars() {
                let undo = matches!(
                    (first, second),
                    ('D', 'U') | ('U', 'D') | ('L', 'R') | ('R', 'L')
                );
                let moves = format!("{}{}", first, second);
                assert_eq!(follow(rules, &moves).is_none(), undo, "{}", moves);
                assert_eq!(follow(NoUndo, &moves).is_none(), undo, "{}", moves);
            }
        }
    }

    #[test]
    fn going_round_a_square_twice_is_once_the_other_way() {
        // Round a 2x2 square (DRUL) twice is once the other way (RDLU): seven moves of it are
        // RDLUR, five.
        let rules = |max_len| GrowingRules::from(MoveRules::shared(4, 4, max_len));
        assert!(follow(rules(8), "DRULDR").is_some());
        assert!(follow(rules(8), "DRULDRU").is_none());
        assert!(follow(rules(6), "DRULDRU").is_some());
    }

    /// Breadth-first search from each cell of the blank, each level in dictionary order of the
    /// paths, so each arrangement is first reached by its first shortest path: the rules must
    /// allow every such path (those up to `depth` moves), and forbid some other paths.
    fn first_paths_are_allowed<const W: usize, const N: usize>(depth: usize) {
        let rules = GrowingRules::from(MoveRules::shared(W, N / W, 12));
        let mut pruned = 0;
        for blank in 0..N {
            let mut tiles = [0u8; N];
            for (cell, tile) in tiles.iter_mut().enumerate() {
                *tile = ((cell + N - blank) % N) as u8;
            }
            let start = Board::<W, N>::from_tiles(tiles).unwrap();
            let mut seen = HashSet::from([start]);
            let mut level = vec![(start, 0u16)];
            for _ in 0..depth {
                let mut next = Vec::new();
                for &(board, state) in &level {
                    for (bit, &m) in Move::ALL.iter().enumerate() {
                        let child = match board.moved(m) {
                            Some(child) => child,
                            None => continue,
                        };
                        let allowed = rules.allowed(state) & 1 << bit != 0;
                        if seen.insert(child) {
                            assert!(allowed, "{:?} then {:?}", board, m);
                            next.push((child, rules.after(state, bit)));
                        } else if !allowed {
                            pruned += 1;
                        }
                    }
                }
                level = next;
            }
        }
        assert!(pruned > 0);
    }

    #[test]
    fn every_first_shortest_path_is_allowed() {
        first_paths_are_allowed::<4, 16>(14);
        first_paths_are_allowed::<3, 9>(20);
        first_paths_are_allowed::<3, 6>(21);
    }
}
