//! `eight_graph` (AtCoder ABC224 D) against a breadth-first search of the test's own over a hash
//! map, on graphs of every kind: none of its edges, trees, paths, cycles, the complete graph, the
//! 3x3 grid with and without a diagonal, random graphs connected or not.

use std::collections::{HashMap, VecDeque};

use crate::common::{grid_edges, stdout_of, Rng};

const EIGHT_GRAPH: &str = env!("CARGO_BIN_EXE_eight_graph");

/// Pieces on vertices 0..9, piece j on vertex j - 1 when solved, 0 the empty vertex.
type Placement = [u8; 9];

const SOLVED: Placement = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// Every arrangement within `depth` moves of `from` (each cell's piece, 0 an empty cell), with
/// its fewest moves, by a plain breadth-first search: a piece slides into an empty cell beside
/// it, along the cells' `next_to`. Moves can be undone, so these are also the fewest moves to
/// `from`.
fn within<const N: usize>(
    from: [u8; N],
    depth: u32,
    next_to: &[Vec<usize>],
) -> HashMap<[u8; N], u32> {
    let mut distance = HashMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(board) = queue.pop_front() {
        let d = distance[&board];
        if d == depth {
            continue;
        }
        for empty in (0..N).filter(|&c| board[c] == 0) {
            for &cell in next_to[empty].iter().filter(|&&c| board[c] != 0) {
                let mut next = board;
                next.swap(empty, cell);
                distance.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    distance
}

/// Each vertex's neighbours on the graph of `edges` between vertices `0..n`.
fn neighbours(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut next_to = vec![Vec::new(); n];
    for &(u, v) in edges {
        next_to[u].push(v);
        next_to[v].push(u);
    }
    next_to
}

/// The graphs: each as its edges between vertices 0..9.
fn graphs(rng: &mut Rng) -> Vec<(&'static str, Vec<(usize, usize)>)> {
    let grid = grid_edges();
    let mut diagonal = grid.clone();
    diagonal.push((0, 4));
    let path: Vec<_> = (0..8).map(|v| (v, v + 1)).collect();
    let mut cycle = path.clone();
    cycle.push((8, 0));
    // A cycle of five with a tail of four: the pieces turn on the cycle only.
    let mut lasso: Vec<_> = (0..4).map(|v| (v, v + 1)).collect();
    lasso.extend([(4, 0), (4, 5), (5, 6), (6, 7), (7, 8)]);
    let complete: Vec<_> = (0..9)
        .flat_map(|u| (u + 1..9).map(move |v| (u, v)))
        .collect();
    let tree: Vec<_> = (1..9).map(|v| (rng.below(v), v)).collect();
    let mut random = |p: usize| -> Vec<(usize, usize)> {
        let picked = complete.iter().filter(|_| rng.below(100) < p);
        picked.copied().collect()
    };
    let (sparse, dense, half) = (random(15), random(60), random(35));
    vec![
        ("no edges", Vec::new()),
        ("the 3x3 grid", grid),
        ("the grid and a diagonal", diagonal),
        ("a path", path),
        ("a cycle", cycle),
        ("a lasso", lasso),
        ("the complete graph", complete),
        ("a random tree", tree),
        ("a sparse random graph", sparse),
        ("a dense random graph", dense),
        ("a random graph", half),
    ]
}

/// Placements to ask about on a graph: random ones, which most graphs cannot solve, and the
/// ends of random walks from the solved placement, which they can.
fn placements(edges: &[(usize, usize)], rng: &mut Rng) -> Vec<Placement> {
    let mut found = vec![SOLVED, rng.arrangement::<9>(), rng.arrangement::<9>()];
    for steps in [3, 30, 300] {
        let mut placement = SOLVED;
        for _ in 0..steps {
            let empty = placement.iter().position(|&p| p == 0).unwrap();
            let next: Vec<usize> = edges
                .iter()
                .filter_map(|&(u, v)| match (u == empty, v == empty) {
                    (true, _) => Some(v),
                    (_, true) => Some(u),
                    _ => None,
                })
                .collect();
            if !next.is_empty() {
                placement.swap(empty, next[rng.below(next.len())]);
            }
        }
        found.push(placement);
    }
    found
}

/// The puzzle as the judge gives it: the edges' count and pairs (vertices from 1), then the
/// vertex of each piece, the edges in a shuffled order and turned round at random.
fn puzzle(edges: &[(usize, usize)], placement: &Placement, rng: &mut Rng) -> String {
    let mut edges = edges.to_vec();
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.below(i + 1));
    }
    let mut text = format!("{}\n", edges.len());
    for (u, v) in edges {
        let (u, v) = if rng.below(2) == 0 { (u, v) } else { (v, u) };
        text += &format!("{} {}\n", u + 1, v + 1);
    }
    let vertex_of = |piece: u8| placement.iter().position(|&p| p == piece).unwrap() + 1;
    let vertices: Vec<String> = (1..9).map(|piece| vertex_of(piece).to_string()).collect();
    text + &vertices.join(" ") + "\n"
}

#[test]
fn every_answer_is_the_fewest_moves_a_breadth_first_search_finds_or_minus_one() {
    let mut rng = Rng::new(224);
    let (mut input, mut expected) = (String::new(), String::new());
    let mut kinds = Vec::new();
    for (kind, edges) in graphs(&mut rng) {
        let distance = within(SOLVED, u32::MAX, &neighbours(9, &edges));
        for placement in placements(&edges, &mut rng) {
            input += &puzzle(&edges, &placement, &mut rng);
            expected += &match distance.get(&placement) {
                Some(d) => format!("{}\n", d),
                None => "-1\n".to_string(),
            };
            kinds.push((kind, placement));
        }
    }
    let answers = stdout_of(EIGHT_GRAPH, &[], &input);
    for ((kind, placement), (answer, truth)) in
        kinds.iter().zip(answers.lines().zip(expected.lines()))
    {
        assert_eq!(answer, truth, "{}, pieces {:?}", kind, placement);
    }
    assert_eq!(answers.lines().count(), kinds.len());
    // The cases cover both answers, and long ones.
    assert!(expected.lines().any(|d| d == "-1"));
    assert!(expected
        .lines()
        .any(|d| d.parse::<u32>().map_or(false, |d| d > 20)));
}

const ELEVEN: &str = env!("CARGO_BIN_EXE_eleven");

/// The Eleven puzzle's 13 cells row by row (rows of 1, 3, 5, 3 and 1, centred), 0 the blanks.
type Diamond = [u8; 13];

const ELEVEN_GOAL: Diamond = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0];

/// Each cell's neighbours on the diamond: cells a step apart in a row or a column of the grid of
/// five columns it is drawn on.
fn diamond_neighbours() -> Vec<Vec<usize>> {
    let at: Vec<(i32, i32)> = [(0, 2), (1, 1), (1, 2), (1, 3)]
        .into_iter()
        .chain((0..5).map(|c| (2, c)))
        .chain([(3, 1), (3, 2), (3, 3), (4, 2)])
        .collect();
    let apart = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs() + (a.1 - b.1).abs();
    at.iter()
        .map(|&a| (0..13).filter(|&b| apart(a, at[b]) == 1).collect())
        .collect()
}

/// `board` as the judges write it: its five rows.
fn diamond_rows(board: &Diamond) -> String {
    let rows = [0..1, 1..4, 4..9, 9..12, 12..13];
    let line = |row: std::ops::Range<usize>| {
        let numbers: Vec<String> = board[row].iter().map(u8::to_string).collect();
        numbers.join(" ") + "\n"
    };
    rows.into_iter().map(line).collect()
}

/// `eleven` against the test's own search, the two halves meeting in the middle: the fewest
/// moves from a board are those through the best arrangement that its own breadth-first search
/// reaches within 8 moves and the goal's within 12, exact up to 20. Three boards of every depth
/// 0 to 20 (from the goal's search up to 12, from random walks beyond), ten past 20 and ten
/// random arrangements; in HDU's form and in AOJ's.
#[test]
fn every_eleven_puzzle_answer_is_the_fewest_moves_up_to_20() {
    let next_to = diamond_neighbours();
    let from_goal = within(ELEVEN_GOAL, 12, &next_to);
    let fewest = |board: Diamond| -> Option<u32> {
        let from_board = within(board, 8, &next_to);
        let through = from_board
            .iter()
            .filter_map(|(b, d)| Some(d + from_goal.get(b)?));
        through.min()
    };
    let mut rng = Rng::new(3095);
    let mut boards: Vec<(Diamond, Option<u32>)> = Vec::new();
    let mut by_depth = [0; 21];
    let mut near: Vec<(&Diamond, &u32)> = from_goal.iter().collect();
    near.sort(); // the hash map's order differs from run to run
    for (&board, &d) in near {
        if by_depth[d as usize] < 3 {
            by_depth[d as usize] += 1;
            boards.push((board, Some(d)));
        }
    }
    let mut past = 0;
    for _ in 0..4000 {
        if (by_depth, past) == ([3; 21], 10) {
            break;
        }
        // A random walk of either blank, of 11 to 50 moves.
        let mut board = ELEVEN_GOAL;
        for _ in 0..11 + rng.below(40) {
            let blanks: Vec<usize> = (0..13).filter(|&c| board[c] == 0).collect();
            let blank = blanks[rng.below(blanks.len())];
            let cell = next_to[blank][rng.below(next_to[blank].len())];
            board.swap(blank, cell);
        }
        let d = fewest(board);
        match d {
            Some(d) if by_depth[d as usize] < 3 => by_depth[d as usize] += 1,
            None if past < 10 => past += 1,
            _ => continue,
        }
        boards.push((board, d));
    }
    assert_eq!((by_depth, past), ([3; 21], 10), "every depth sampled");
    for _ in 0..10 {
        let mut board = ELEVEN_GOAL;
        for i in (1..13).rev() {
            board.swap(i, rng.below(i + 1));
        }
        boards.push((board, fewest(board)));
    }
    let hdu: String = format!("{}\n", boards.len())
        + &boards
            .iter()
            .map(|(b, _)| diamond_rows(b))
            .collect::<String>();
    let aoj = boards
        .iter()
        .map(|(b, _)| diamond_rows(b))
        .collect::<String>()
        + "-1\n";
    for (args, input, none) in [(&[][..], hdu, "No solution!"), (&["--aoj"][..], aoj, "NA")] {
        let output = stdout_of(ELEVEN, args, &input);
        let expected: String = boards
            .iter()
            .map(|(_, d)| d.map_or(none.to_string(), |d| d.to_string()) + "\n")
            .collect();
        assert_eq!(output, expected, "{:?}", args);
    }
}
