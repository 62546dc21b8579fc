//! The 3x3 judge formats end to end, on every arrangement: `eight_path` prints the first
//! shortest path in dictionary order (HDU's tie-break, though HDU takes any shortest path) in
//! lower case, or `unsolvable`; `eight_steps` and `eight_grid` print the distance or -1. Each is
//! checked against an independent breadth-first search. Run in release mode.

mod common;

use std::collections::HashMap;

use common::{distances_by_hash_map, first_shortest_path, stdout_of, Rng};
use engine::cantor::{factorial, unrank};

const EIGHT_PATH: &str = env!("CARGO_BIN_EXE_eight_path");
const EIGHT_STEPS: &str = env!("CARGO_BIN_EXE_eight_steps");
const EIGHT_GRID: &str = env!("CARGO_BIN_EXE_eight_grid");

/// Every arrangement of the 3x3 board, and every board's distance to 1 2 3 / 4 5 6 / 7 8 0.
fn every_arrangement() -> (Vec<[u8; 9]>, HashMap<Vec<u8>, u32>) {
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
            match first_shortest_path(tiles, 3, |b| truth.get(b).copied()) {
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
