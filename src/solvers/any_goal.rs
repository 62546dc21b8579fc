//! Any goal of a board's shape (`solve --goal`), by renaming tiles so that it is the standard goal
//! `1 2 .. N-1 0`, which every solver and table serves:
//!
//! - a goal with its blank in a corner is mirrored (its columns, its rows or both) to put the
//!   blank in the bottom-right one, and its tiles renamed; the board goes the same way, and its
//!   moves come back mirrored. Every solver and table serves it as the standard goal: the fewest
//!   moves up to 16 cells and with `--optimal` on 5x5, as fast; of those, the first in
//!   dictionary order only where nothing is mirrored.
//! - a goal with its blank elsewhere, on a board of up to 16 cells: IDA* for that goal, without
//!   tables, under Manhattan distance up to 9 cells and linear conflict above (the fewest moves,
//!   slower on the hardest 4x4 boards).
//! - past 16 cells, such a goal's blank walks to the bottom-right corner (right, then down), the
//!   board is solved for that arrangement, and the blank walks back, a move and its reverse
//!   where the two meet cancelled: a short path, not proven the fewest, at most one board's
//!   width and height longer than the path to the corner (so the goal itself takes none).
//!
//! Each renaming is O(cells).

use std::collections::VecDeque;

use crate::board::{parity, swap_to_solve, Move};
use crate::search::linear_conflict::lower_bound;
use crate::solvers::any_shape::{AnyShape, Report, OPTIMAL_CELLS};

/// A goal whose blank is in a corner, as the standard goal: which of the board's lines are
/// mirrored, and each tile's name in the standard goal.
struct Renaming {
    width: usize,
    mirror_columns: bool,
    mirror_rows: bool,
    /// The name of each tile in the standard goal, by its name in the goal given.
    names: Vec<u32>,
}

impl Renaming {
    /// The renaming of `goal` (`width` to a row), whose blank is in a corner.
    fn of(width: usize, goal: &[u32]) -> Renaming {
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let mut renaming = Renaming {
            width,
            mirror_columns: blank % width == 0,
            mirror_rows: blank < width,
            names: vec![0; goal.len()],
        };
        for (cell, &tile) in renaming.turned(goal).iter().enumerate() {
            renaming.names[tile as usize] = (cell as u32 + 1) % goal.len() as u32;
        }
        renaming
    }

    /// `tiles` with its columns or rows mirrored as the goal's are.
    fn turned(&self, tiles: &[u32]) -> Vec<u32> {
        let (width, height) = (self.width, tiles.len() / self.width);
        let cell = |to: usize| {
            let (row, column) = (to / width, to % width);
            let row = if self.mirror_rows {
                height - 1 - row
            } else {
                row
            };
            let column = match self.mirror_columns {
                true => width - 1 - column,
                false => column,
            };
            row * width + column
        };
        (0..tiles.len()).map(|to| tiles[cell(to)]).collect()
    }

    /// The board `tiles` mirrored and renamed: the standard goal's problem.
    fn board(&self, tiles: &[u32]) -> Vec<u32> {
        let turned = self.turned(tiles);
        turned.iter().map(|&t| self.names[t as usize]).collect()
    }

    /// A move of the blank on the mirrored board, on the board as given.
    fn move_back(&self, m: Move) -> Move {
        match m {
            Move::Left | Move::Right if self.mirror_columns => m.opposite(),
            Move::Up | Move::Down if self.mirror_rows => m.opposite(),
            _ => m,
        }
    }

    /// The tile given the name `name` in the standard goal.
    fn tile(&self, name: u32) -> u32 {
        self.names.iter().position(|&n| n == name).unwrap_or(0) as u32
    }
}

/// `goal` (`width` to a row) with its blank walked right to the last column, then down to the
/// last row; and the moves that walk it back.
fn blank_to_corner(width: usize, goal: &[u32]) -> (Vec<u32>, Vec<Move>) {
    let (mut board, height) = (goal.to_vec(), goal.len() / width);
    let mut blank = board.iter().position(|&t| t == 0).unwrap_or(0);
    let (right, down) = (width - 1 - blank % width, height - 1 - blank / width);
    for step in std::iter::repeat(1)
        .take(right)
        .chain(std::iter::repeat(width).take(down))
    {
        board.swap(blank, blank + step);
        blank += step;
    }
    let back = [(Move::Up, down), (Move::Left, right)];
    let back = back.iter().flat_map(|&(m, n)| std::iter::repeat(m).take(n));
    (board, back.collect())
}

/// Whether the blank of `goal` (`width` to a row) is in a corner of the board.
fn in_corner(width: usize, goal: &[u32]) -> bool {
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let (row, column) = (blank / width, blank % width);
    (row == 0 || row == goal.len() / width - 1) && (column == 0 || column == width - 1)
}

/// A goal as the standard goal's problem: the goal with its blank walked to a corner, if it is
/// not in one, then mirrored and renamed; the moves of the problem's path come back mirrored,
/// then the walk back, a move and its reverse side by side cancelled where the two meet.
pub struct Aim {
    renaming: Renaming,
    /// The moves that walk the blank back from the corner to the goal's cell.
    back: Vec<Move>,
    /// The bound of the goal itself: each tile's name, its cell in the goal counted from 1.
    home: Vec<u32>,
}

impl Aim {
    /// The aim of `goal` (`width` to a row), whose blank may be anywhere.
    pub fn new(width: usize, goal: &[u32]) -> Aim {
        let (corner, back) = match in_corner(width, goal) {
            true => (goal.to_vec(), Vec::new()),
            false => blank_to_corner(width, goal),
        };
        let mut home = vec![0; goal.len()];
        for (cell, &tile) in goal.iter().enumerate() {
            home[tile as usize] = cell as u32 + 1;
        }
        Aim {
            renaming: Renaming::of(width, &corner),
            back,
            home,
        }
    }

    /// The board `tiles` of the standard goal's problem.
    pub fn board(&self, tiles: &[u32]) -> Vec<u32> {
        self.renaming.board(tiles)
    }

    /// The path to the goal from the standard goal's `path`.
    pub fn path(&self, path: &[Move]) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut kept = |m| moves.push(m);
        let mut back = Backing::new(self, &mut kept);
        path.iter().for_each(|&m| back.push(m));
        back.end();
        moves
    }

    /// The fewest moves proven needed to reach the goal from `tiles`, the standard goal's problem
    /// needing at least `proven`: the walk back undoes at most its own length of them.
    pub fn bound(&self, tiles: &[u32], proven: u64) -> u64 {
        let named: Vec<u32> = tiles
            .iter()
            .map(|&t| if t == 0 { 0 } else { self.home[t as usize] })
            .collect();
        let width = self.renaming.width;
        lower_bound(width, &named).max(proven.saturating_sub(self.back.len() as u64))
    }
}

/// The moves of the standard goal's path handed on as moves to the goal: the last few held, as
/// many as the walk back has, so that one it undoes is cancelled, not handed on.
struct Backing<'a> {
    aim: &'a Aim,
    emit: &'a mut dyn FnMut(Move),
    held: VecDeque<Move>,
}

impl<'a> Backing<'a> {
    fn new(aim: &'a Aim, emit: &'a mut dyn FnMut(Move)) -> Self {
        Backing {
            aim,
            emit,
            held: VecDeque::with_capacity(aim.back.len() + 1),
        }
    }

    /// A move of the blank on the goal's board, after the last held one, or cancelling it.
    fn held_after(&mut self, m: Move) {
        match self.held.back() {
            Some(&last) if last == m.opposite() => {
                self.held.pop_back();
            }
            _ => self.held.push_back(m),
        }
        // One more held than the walk back can cancel: none handed on is ever cancelled.
        if self.held.len() > self.aim.back.len() {
            if let Some(first) = self.held.pop_front() {
                (self.emit)(first);
            }
        }
    }

    /// The next move of the standard goal's path.
    fn push(&mut self, m: Move) {
        self.held_after(self.aim.renaming.move_back(m));
    }

    /// The walk back, and what is still held; the moves handed on in all.
    fn end(mut self) {
        for &m in &self.aim.back {
            self.held_after(m);
        }
        self.held.drain(..).for_each(|m| (self.emit)(m));
    }
}

/// Solves the board `tiles` for `goal` (arrangements of the same tiles, `width` to a row): each
/// move of the blank goes to `emit`, in order, and the report follows. `None`, with no move,
/// when parity says `tiles` cannot reach `goal`.
///
/// # Complexity
/// That of [`AnyShape::solve`] on the board renamed for the standard goal, plus O(cells) for the
/// renaming and the goal's walk back to its blank's cell.
pub fn solve_to(
    solver: &mut AnyShape,
    width: usize,
    tiles: &[u32],
    goal: &[u32],
    emit: &mut dyn FnMut(Move),
) -> Option<Report> {
    if parity(width, tiles) != parity(width, goal) {
        return None;
    }
    if !in_corner(width, goal) && tiles.len() <= OPTIMAL_CELLS {
        let moves = solver.fewest_moves_to(width, tiles, goal)?;
        return Some(Report::shortest(&moves, emit));
    }
    let aim = Aim::new(width, goal);
    let mut length = 0;
    let mut counted = |m| {
        length += 1;
        emit(m)
    };
    let mut backing = Backing::new(&aim, &mut counted);
    let there = solver.solve(width, &aim.board(tiles), &mut |m| backing.push(m))?;
    backing.end();
    if aim.back.is_empty() {
        return Some(there);
    }
    let lower_bound = aim.bound(tiles, 0);
    Some(Report {
        length,
        optimal: length == lower_bound,
        lower_bound,
    })
}

/// Two tiles whose swap lets the board `tiles`, which cannot reach `goal` (`width` to a row),
/// reach it ([`swap_to_solve`] on the standard goal's problem, the tiles named as given).
pub fn swap_to_reach(width: usize, tiles: &[u32], goal: &[u32]) -> (u32, u32) {
    let aim = Aim::new(width, goal);
    let (a, b) = swap_to_solve(width, &aim.board(tiles));
    let (a, b) = (aim.renaming.tile(a), aim.renaming.tile(b));
    (a.min(b), a.max(b))
}
