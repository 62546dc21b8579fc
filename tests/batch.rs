//! Batch mode: a long input switches the judge programs from search to distance tables, and the
//! answers must stay those of single cases. A single case is what a fresh `Solver` answers (a
//! search), and what a binary prints for an input of one case; both are checked. Run in release
//! mode.

use crate::common;

use common::{line_of, replay_board, stdout_of, Rng};
use engine::board::Board;
use engine::exact::cantor::unrank;
use engine::solvers::up_to_9::Solver;

const EIGHT: &str = env!("CARGO_BIN_EXE_eight");
const JIUGONG: &str = env!("CARGO_BIN_EXE_jiugong");

/// What a judge program prints for `start` and `goal` as the only case of its input.
fn single_case_answer(start: &Board<3, 9>, goal: &Board<3, 9>) -> String {
    answer(Solver::new().distance(start, goal))
}

/// A distance as the judge programs print it: the number, or -1 when there is none.
fn answer(distance: Option<usize>) -> String {
    distance.map_or_else(|| "-1".to_string(), |d| d.to_string())
}

/// All 362,880 arrangements in a shuffled order, so that the switch falls at no special case.
fn every_arrangement_shuffled() -> Vec<Board<3, 9>> {
    let mut ranks: Vec<usize> = (0..362_880).collect();
    let mut rng = Rng::new(362_880);
    for i in (1..ranks.len()).rev() {
        ranks.swap(i, rng.below(i + 1));
    }
    ranks
        .into_iter()
        .map(|r| Board::from_tiles(unrank(r)).unwrap())
        .collect()
}

fn p1379_goal() -> Board<3, 9> {
    Board::from_tiles([1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap()
}

#[test]
fn a_binary_alone_on_one_case_answers_as_a_fresh_solver() {
    let goal = p1379_goal();
    let mut rng = Rng::new(1);
    for _ in 0..100 {
        let start = Board::from_tiles(rng.arrangement()).unwrap();
        let printed = stdout_of(EIGHT, &[], &line_of(start.tiles()));
        assert_eq!(printed, single_case_answer(&start, &goal) + "\n");
    }
}

#[test]
fn eight_answers_all_362880_arrangements_in_one_run_as_single_cases() {
    let goal = p1379_goal();
    let starts = every_arrangement_shuffled();
    let expected: String = starts
        .iter()
        .map(|start| single_case_answer(start, &goal) + "\n")
        .collect();
    // The same sequence in one solver switches to a table, and the binary runs the same rule.
    let mut solver = Solver::new();
    let in_one_solver: String = starts
        .iter()
        .map(|start| answer(solver.distance(start, &goal)) + "\n")
        .collect();
    assert!(solver.uses_distances_for(goal.blank()));
    assert_eq!(in_one_solver, expected);
    let input: String = starts.iter().map(|start| line_of(start.tiles())).collect();
    assert_eq!(stdout_of(EIGHT, &[], &input), expected);
}

#[test]
fn eight_paths_for_all_362880_arrangements_in_one_run() {
    let goal = p1379_goal();
    let starts = every_arrangement_shuffled();
    let input: String = starts.iter().map(|start| line_of(start.tiles())).collect();
    let printed = stdout_of(EIGHT, &["--path"], &input);
    let mut lines = printed.lines();
    for start in &starts {
        let expected = single_case_answer(start, &goal);
        assert_eq!(lines.next(), Some(expected.as_str()), "{:?}", start);
        if expected == "-1" {
            continue;
        }
        let path = lines.next().expect("a path line");
        assert_eq!(path.len().to_string(), expected, "{:?}", start);
        assert_eq!(
            replay_board(*start, path),
            Some(goal),
            "{:?} {}",
            start,
            path
        );
    }
    assert_eq!(lines.next(), None);
}

#[test]
fn jiugong_answers_random_pairs_for_every_goal_blank_in_one_run_as_single_cases() {
    let mut rng = Rng::new(9);
    let mut cases = Vec::new();
    for _ in 0..45_000 {
        let mut goal = rng.arrangement::<9>();
        // Goals rotate the blank through all nine cells, so every cell's table is built.
        let at = goal.iter().position(|&t| t == 0).unwrap();
        goal.swap(at, cases.len() % 9);
        let start = Board::from_tiles(rng.arrangement()).unwrap();
        cases.push((start, Board::from_tiles(goal).unwrap()));
    }
    let expected: String = cases
        .iter()
        .map(|(start, goal)| single_case_answer(start, goal) + "\n")
        .collect();
    let mut solver = Solver::new();
    for (start, goal) in &cases {
        solver.distance(start, goal);
    }
    assert!((0..9).all(|blank| solver.uses_distances_for(blank)));
    let input: String = cases
        .iter()
        .map(|(start, goal)| line_of(start.tiles()) + &line_of(goal.tiles()))
        .collect();
    assert_eq!(stdout_of(JIUGONG, &[], &input), expected);
}
