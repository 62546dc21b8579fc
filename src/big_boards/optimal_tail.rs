//! A beam search's path with its last stretch made optimal: IDA* under the board's pattern
//! databases solves ever longer tails of the path, from the board `STEP` moves before the goal,
//! then `2 * STEP`, and so on up to the whole path, while each search stays within a budget of
//! nodes; the longest
//! tail solved gives way to a shortest path from its first board. A search's cost grows about
//! tenfold with every few moves of depth, so the tails solved end near where the budget runs out,
//! and all of them cost about as much as the last.

use crate::board::{Board, Move};
use crate::search::ida_star::{Heuristic, Iterations};
use crate::search::move_rules::GrowingRules;

/// How much longer each tail tried is than the one before.
const STEP: usize = 8;

/// `moves` (a path from `start` to the goal of `heuristic`) with its longest tail that IDA*
/// under `heuristic` solves within `nodes` nodes a tail replaced by a shortest path: never
/// longer, and the same on any number of `threads`, since a search goes on only while its
/// nodes so far and its next iteration's forecast, which no thread count changes, fit the budget.
pub fn shortened<const W: usize, const N: usize, H: Heuristic<W, N>>(
    start: &Board<W, N>,
    moves: Vec<Move>,
    heuristic: &H,
    nodes: u64,
    threads: usize,
) -> Vec<Move> {
    let mut boards = vec![*start];
    for &m in &moves {
        let next = boards[boards.len() - 1]
            .moved(m)
            .expect("a move on the board");
        boards.push(next);
    }
    let mut best = None;
    let mut tail = 0;
    while tail < moves.len() {
        tail = (tail + STEP).min(moves.len());
        let from = moves.len() - tail;
        let rules = GrowingRules::new(W, N / W);
        let mut search = Iterations::new(&boards[from], heuristic, rules, tail as u32);
        let solved = loop {
            match search.run_iteration(threads, u64::MAX) {
                Some(end) => break end.ok(),
                None if search.nodes().saturating_add(search.forecast()) > nodes => break None,
                None => {}
            }
        };
        match solved {
            Some(solution) => best = Some((from, solution.moves)),
            None => break,
        }
    }
    match best {
        Some((from, shortest)) => moves[..from].iter().copied().chain(shortest).collect(),
        None => moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::bfs::Distances;
    use crate::exact::cantor::unrank;
    use crate::search::manhattan::Manhattan;

    /// Shortest paths of 3x3 boards (by breadth-first search) with a detour of two moves at the
    /// start, at the end, or none: with room for every search, the result is a shortest path;
    /// with none, never longer than what it was given; a path to the goal either way, the same on
    /// one thread and two.
    #[test]
    fn tails_solved_within_the_budget_give_way_to_shortest_paths() {
        let goal = Board::<3, 9>::canonical_goal(8);
        let manhattan = Manhattan::new(&goal);
        let mut distances = Distances::new();
        let replayed = |start: &Board<3, 9>, moves: &[Move]| {
            moves.iter().fold(*start, |b, &m| b.moved(m).unwrap())
        };
        for r in (0..362_880).step_by(3_637) {
            let start = Board::<3, 9>::from_tiles(unrank(r)).unwrap();
            let shortest = match distances.path(&start, &goal) {
                Some(path) => path,
                None => continue,
            };
            let there_and_back = |board: &Board<3, 9>| {
                let m = Move::ALL
                    .into_iter()
                    .find(|&m| board.moved(m).is_some())
                    .unwrap();
                [m, m.opposite()]
            };
            let detoured_first = [&there_and_back(&start)[..], &shortest].concat();
            let detoured_last = [&shortest[..], &there_and_back(&goal)].concat();
            for given in [shortest.clone(), detoured_first, detoured_last] {
                let ample = shortened(&start, given.clone(), &manhattan, u64::MAX, 1);
                assert_eq!(ample.len(), shortest.len());
                assert_eq!(replayed(&start, &ample), goal);
                let none = shortened(&start, given.clone(), &manhattan, 0, 1);
                assert!(none.len() <= given.len());
                assert_eq!(replayed(&start, &none), goal);
                assert_eq!(shortened(&start, given.clone(), &manhattan, 0, 2), none);
                assert_eq!(shortened(&start, given, &manhattan, u64::MAX, 2), ample);
            }
        }
    }
}
