//! `rectangle` (AtCoder indeednow 2015 qual A D) on every shape from 2x2 to 6x6: boards of up to
//! 9 cells against a breadth-first search over a hash map, larger boards made by random walks
//! against an IDA* under Manhattan distance written here; unsolvable boards get `-1`, and a board
//! past 24 moves is an error that keeps the answers before it.

use crate::common::{
    blank_step, distances_by_hash_map, manhattan_sum, random_board, random_walk_on, run_with,
    solvable_by_inversions, stdout_of, Rng,
};

const RECTANGLE: &str = env!("CARGO_BIN_EXE_rectangle");

/// The judge's promise: no board needs more moves.
const MAX_MOVES: u32 = 24;

/// The goal `1 2 .. N-1 0` of `cells` cells.
fn goal(cells: usize) -> Vec<u32> {
    (1..cells as u32).chain([0]).collect()
}

/// The fewest moves from `tiles` (`columns` wide) to the goal if at most `limit`, by IDA* under
/// Manhattan distance, each iteration's bound the least estimate past the last.
fn fewest_within(columns: usize, tiles: &[u32], limit: u32) -> Option<u32> {
    let mut board = tiles.to_vec();
    let blank = board.iter().position(|&t| t == 0).unwrap();
    let mut bound = manhattan_sum(columns, tiles) as u32;
    while bound <= limit {
        let mut next = u32::MAX;
        if depth_first(&mut board, columns, blank, None, 0, bound, &mut next) {
            return Some(bound);
        }
        bound = next;
    }
    None
}

/// Whether a path of `bound` moves in all from `board` (`moves` made, the blank at `blank`,
/// come from `back`) reaches the goal; `next` takes the least estimate past `bound`.
fn depth_first(
    board: &mut Vec<u32>,
    columns: usize,
    blank: usize,
    back: Option<usize>,
    moves: u32,
    bound: u32,
    next: &mut u32,
) -> bool {
    let estimate = moves + manhattan_sum(columns, board) as u32;
    if estimate > bound {
        *next = (*next).min(estimate);
        return false;
    }
    if estimate == moves {
        return true;
    }
    for letter in *b"DLRU" {
        let to = match blank_step(columns, board.len(), blank, letter) {
            Some(to) if Some(to) != back => to,
            _ => continue,
        };
        board.swap(blank, to);
        let found = depth_first(board, columns, to, Some(blank), moves + 1, bound, next);
        board.swap(blank, to);
        if found {
            return true;
        }
    }
    false
}

/// The case as the judge gives it: the size, then the rows.
fn case(rows: usize, columns: usize, tiles: &[u32]) -> String {
    let mut text = format!("{} {}\n", rows, columns);
    for row in tiles.chunks(columns) {
        let numbers: Vec<String> = row.iter().map(u32::to_string).collect();
        text += &(numbers.join(" ") + "\n");
    }
    text
}

#[test]
fn every_shape_from_2x2_to_6x6_gets_the_fewest_moves() {
    let mut rng = Rng::new(2015);
    let (mut input, mut expected, mut boards) = (String::new(), String::new(), Vec::new());
    for rows in 2..=6 {
        for columns in 2..=6 {
            let cells = rows * columns;
            // Up to 9 cells, the distance of every board; past that, none.
            let distances = (cells <= 9).then(|| {
                let goal: Vec<u8> = goal(cells).iter().map(|&t| t as u8).collect();
                distances_by_hash_map(&goal, columns)
            });
            let mut found = 0;
            while found < 8 {
                let tiles = match found {
                    // One board of any arrangement, most likely unsolvable or far.
                    0 => random_board(rows, columns, &mut rng),
                    _ => random_walk_on(rows, columns, rng.below(40), &mut rng),
                };
                let truth = match &distances {
                    Some(distances) => {
                        let key: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
                        distances.get(&key).filter(|&d| d <= MAX_MOVES)
                    }
                    None => fewest_within(columns, &tiles, MAX_MOVES),
                };
                let answer = match truth {
                    Some(moves) => moves.to_string(),
                    None if !solvable_by_inversions(rows, columns, &tiles) => "-1".to_string(),
                    // Past 24 moves: not a judge's board.
                    None => continue,
                };
                input += &case(rows, columns, &tiles);
                expected += &(answer + "\n");
                boards.push((rows, columns, tiles));
                found += 1;
            }
        }
    }
    let answers = stdout_of(RECTANGLE, &[], &input);
    for ((rows, columns, tiles), (answer, truth)) in
        boards.iter().zip(answers.lines().zip(expected.lines()))
    {
        assert_eq!(answer, truth, "{} x {}: {:?}", rows, columns, tiles);
    }
    assert_eq!(answers.lines().count(), boards.len());
    // Some answers are -1, some are the judge's longest.
    assert!(expected.lines().any(|a| a == "-1"));
    assert!(expected
        .lines()
        .any(|a| a.parse::<u32>().map_or(false, |d| d >= 20)));
}

/// A board past 24 moves is an error naming the line it ends on, after the answers before it;
/// in a share of a longer input, numbered from the share's first line (`--first-line`).
#[test]
fn a_board_past_the_judges_promise_is_an_error_after_the_answers_before_it() {
    let near = goal(36);
    let mut rng = Rng::new(24);
    let far = loop {
        let tiles = random_walk_on(6, 6, 400, &mut rng);
        if fewest_within(6, &tiles, MAX_MOVES).is_none() {
            break tiles;
        }
    };
    let input = case(6, 6, &near) + &case(6, 6, &far);
    for (args, line) in [(&[][..], 14), (&["--first-line", "101"][..], 114)] {
        let (output, _) = run_with(RECTANGLE, args, input.as_bytes());
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n");
        let said = format!(
            "error: line {}: the board that ends here needs more than 24 moves, which the judge \
             promises none does (solve answers it)\n",
            line
        );
        assert_eq!(String::from_utf8_lossy(&output.stderr), said);
    }
}
