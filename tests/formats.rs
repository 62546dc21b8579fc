//! The 3x3 judge formats end to end, on every arrangement: `eight_path` prints the first
//! shortest path in dictionary order (HDU's tie-break, though HDU takes any shortest path) in
//! lower case, or `unsolvable`; `eight_steps` and `eight_grid` print the distance or -1;
//! `eight_two` prints `Case k: ` and the distance, then the first shortest path, for every start
//! to one goal and for random pairs; `eight_uva` prints `eight_path`'s answers with a blank line
//! between two; `distant` prints a board farthest from each start and the first shortest path to
//! it. Each is checked against an independent breadth-first search. Run in release mode.

use crate::common;

use common::{distances_by_hash_map, first_shortest_path, stdout_of, with_x, Distances, Rng};
use engine::exact::cantor::{factorial, unrank};

const EIGHT_PATH: &str = env!("CARGO_BIN_EXE_eight_path");
const EIGHT_STEPS: &str = env!("CARGO_BIN_EXE_eight_steps");
const EIGHT_GRID: &str = env!("CARGO_BIN_EXE_eight_grid");
const EIGHT_TWO: &str = env!("CARGO_BIN_EXE_eight_two");
const EIGHT_UVA: &str = env!("CARGO_BIN_EXE_eight_uva");
const DISTANT: &str = env!("CARGO_BIN_EXE_distant");

/// Every arrangement of the 3x3 board, and every board's distance to 1 2 3 / 4 5 6 / 7 8 0.
fn every_arrangement() -> (Vec<[u8; 9]>, Distances) {
    let boards = (0..factorial(9)).map(unrank::<9>).collect();
    (
        boards,
        distances_by_hash_map(&[1, 2, 3, 4, 5, 6, 7, 8, 0], 3),
    )
}

/// The boards as HDU writes them, symbols and `x` separated by spaces, but with as many spaces
/// and line breaks as `rng` likes between any two symbols: the programs read symbols, not lines.
fn symbols(boards: &[[u8; 9]], rng: &mut Rng) -> String {
    let mut text = String::new();
    for tiles in boards {
        for &tile in tiles {
            text.push(match tile {
                0 => 'x',
                t => char::from(b'0' + t),
            });
            text += [" ", " ", " ", "  ", "\n", " \r\n\n "][rng.below(6)];
        }
    }
    text
}

#[test]
fn eight_path_prints_the_first_shortest_path_of_every_arrangement() {
    let (boards, truth) = every_arrangement();
    let expected: String = boards
        .iter()
        .map(|tiles| {
            match first_shortest_path(tiles, 3, |b| truth.get(b)) {
                Some(path) => path.to_lowercase(),
                None => "unsolvable".to_string(),
            }
        } + "\n")
        .collect();
    let input = symbols(&boards, &mut Rng::new(1043));
    assert_eq!(stdout_of(EIGHT_PATH, &[], &input), expected);
}

#[test]
fn eight_steps_and_eight_grid_count_the_moves_of_every_arrangement() {
    let (boards, truth) = every_arrangement();
    let expected: String = boards
        .iter()
        .map(|tiles| match truth.get(&tiles[..]) {
            Some(distance) => format!("{}\n", distance),
            None => "-1\n".to_string(),
        })
        .collect();
    let input = symbols(&boards, &mut Rng::new(845));
    assert_eq!(stdout_of(EIGHT_STEPS, &[], &input), expected);
    let grids: String = boards
        .iter()
        .map(|tiles| {
            let rows: Vec<String> = tiles
                .chunks(3)
                .map(|row| format!("{} {} {}\n", row[0], row[1], row[2]))
                .collect();
            rows.concat()
        })
        .collect();
    assert_eq!(stdout_of(EIGHT_GRID, &[], &grids), expected);
}

/// `eight_two`'s input for `pairs` and the output an independent search expects: `Case k: d`,
/// then the first shortest path in dictionary order, in lower case.
fn eight_two_case(pairs: &[([u8; 9], [u8; 9], String)]) -> (String, String) {
    let mut input = format!("{}\n", pairs.len());
    let mut expected = String::new();
    for (k, (start, goal, path)) in pairs.iter().enumerate() {
        input += &format!("{}\n{}\n", with_x(start), with_x(goal));
        expected += &format!("Case {}: {}\n{}\n", k + 1, path.len(), path.to_lowercase());
    }
    (input, expected)
}

#[test]
fn eight_two_answers_every_start_to_one_goal() {
    let (boards, truth) = every_arrangement();
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let pairs: Vec<_> = boards
        .iter()
        .filter_map(|start| {
            let path = first_shortest_path(start, 3, |b| truth.get(b))?;
            Some((*start, goal, path))
        })
        .collect();
    assert_eq!(pairs.len(), 181_440);
    let (input, expected) = eight_two_case(&pairs);
    assert_eq!(stdout_of(EIGHT_TWO, &[], &input), expected);
}

/// A path does not depend on the tiles' labels, only on where they go: a pair whose goal has its
/// blank in cell `b` is relabelled so that the goal is the board of 1 to 8 in order around the
/// blank in `b`, whose distances one search per cell gives.
#[test]
fn eight_two_answers_10000_random_pairs() {
    let (goals, truths) = canonical_boards();
    let mut rng = Rng::new(3567);
    let mut pairs = Vec::new();
    while pairs.len() < 10_000 {
        let (start, goal) = (rng.arrangement::<9>(), rng.arrangement::<9>());
        let blank = goal.iter().position(|&t| t == 0).unwrap();
        let relabelled = relabelled(&start, &goal, &goals[blank]);
        let truth = &truths[blank];
        if let Some(path) = first_shortest_path(&relabelled, 3, |b| truth.get(b)) {
            pairs.push((start, goal, path));
        }
    }
    let (input, expected) = eight_two_case(&pairs);
    assert_eq!(stdout_of(EIGHT_TWO, &[], &input), expected);
}

#[test]
fn eight_uva_prints_the_first_shortest_path_of_every_arrangement_a_blank_line_between() {
    let (boards, truth) = every_arrangement();
    let answers: Vec<String> = boards
        .iter()
        .map(
            |tiles| match first_shortest_path(tiles, 3, |b| truth.get(b)) {
                Some(path) => path.to_lowercase(),
                None => "unsolvable".to_string(),
            },
        )
        .collect();
    let mut input = format!("{}\n", boards.len());
    for tiles in &boards {
        let symbols: Vec<String> = tiles
            .iter()
            .map(|&t| match t {
                0 => "x".to_string(),
                t => t.to_string(),
            })
            .collect();
        input += &format!("\n{}\n", symbols.join(" "));
    }
    assert_eq!(
        stdout_of(EIGHT_UVA, &[], &input),
        answers.join("\n\n") + "\n"
    );
}

/// For each cell of the blank, the board of 1 to 8 in order around it, and every board's
/// distance to it.
fn canonical_boards() -> (Vec<[u8; 9]>, Vec<Distances>) {
    let goals: Vec<[u8; 9]> = (0..9)
        .map(|blank| {
            let mut next = 1;
            std::array::from_fn(|cell| match cell == blank {
                true => 0,
                false => {
                    next += 1;
                    next - 1
                }
            })
        })
        .collect();
    let truths = goals
        .iter()
        .map(|goal| distances_by_hash_map(goal, 3))
        .collect();
    (goals, truths)
}

/// `board` with each tile renamed to the one `canonical` has where `goal` has it: distances and
/// paths between `board` and `goal` are those between the result and `canonical`.
fn relabelled(board: &[u8], goal: &[u8], canonical: &[u8]) -> Vec<u8> {
    let mut label = [0u8; 9];
    for (cell, &tile) in goal.iter().enumerate() {
        label[tile as usize] = canonical[cell];
    }
    board.iter().map(|&t| label[t as usize]).collect()
}

/// Every arrangement as a start: the board printed is as far from it as any board (the largest
/// distance from the canonical board of its blank cell), the first of those by its numbers read
/// row by row, and the path printed is the first shortest one to it in dictionary order.
#[test]
fn distant_prints_a_farthest_board_and_the_first_shortest_path_for_every_start() {
    let (goals, truths) = canonical_boards();
    let farthest: Vec<u32> = truths
        .iter()
        .map(|t| t.iter().map(|(_, d)| d).max().unwrap())
        .collect();
    // For each cell of the blank, the boards farthest from its canonical board.
    let far_sets: Vec<Vec<Vec<u8>>> = truths
        .iter()
        .zip(&farthest)
        .map(|(truth, &most)| {
            truth
                .iter()
                .filter(|&(_, d)| d == most)
                .map(|(b, _)| b)
                .collect()
        })
        .collect();
    let (boards, _) = every_arrangement();
    let mut input = format!("{}\n", boards.len());
    for tiles in &boards {
        for row in tiles.chunks(3) {
            input += &format!("{} {} {}\n", row[0], row[1], row[2]);
        }
    }
    let output = stdout_of(DISTANT, &[], &input);
    let answers: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(answers.len(), boards.len());
    for (k, (start, answer)) in boards.iter().zip(answers).enumerate() {
        let lines: Vec<&str> = answer.lines().collect();
        assert_eq!(lines[0], format!("Puzzle #{}", k + 1));
        let far: Vec<u8> = lines[1..4]
            .iter()
            .flat_map(|row| row.split(' ').map(|n| n.parse::<u8>().unwrap()))
            .collect();
        let blank = start.iter().position(|&t| t == 0).unwrap();
        // The farthest boards from `start`, named as it names its tiles.
        let most = farthest[blank];
        let first = far_sets[blank]
            .iter()
            .map(|board| relabelled(board, &goals[blank], start))
            .min()
            .unwrap();
        assert_eq!(far, first, "start {:?}", start);
        let far_blank = far.iter().position(|&t| t == 0).unwrap();
        let truth = &truths[far_blank];
        let from = relabelled(start, &far, &goals[far_blank]);
        let path = first_shortest_path(&from, 3, |b| truth.get(b)).unwrap();
        assert_eq!(path.len() as u32, most);
        assert_eq!(lines[4], path, "start {:?}", start);
    }
}
