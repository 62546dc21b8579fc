//! `eight_graph` (AtCoder ABC224 D) against a breadth-first search of the test's own over a hash
//! map, on graphs of every kind: none of its edges, trees, paths, cycles, the complete graph, the
//! 3x3 grid with and without a diagonal, random graphs connected or not.

use std::collections::{HashMap, VecDeque};

use crate::common::{grid_edges, stdout_of, Rng};

const EIGHT_GRAPH: &str = env!("CARGO_BIN_EXE_eight_graph");

/// Pieces on vertices 0..9, piece j on vertex j - 1 when solved, 0 the empty vertex.
type Placement = [u8; 9];

const SOLVED: Placement = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// The fewest moves from every placement the solved one reaches on the graph of `edges`
/// (vertices from 0), by a plain breadth-first search from it: moves can be undone, so it is
/// also the fewest moves to it.
fn moves_to_solved(edges: &[(usize, usize)]) -> HashMap<Placement, u32> {
    let mut distance = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert(SOLVED, 0);
    queue.push_back(SOLVED);
    while let Some(placement) = queue.pop_front() {
        let d = distance[&placement];
        let empty = placement.iter().position(|&p| p == 0).unwrap();
        for &(u, v) in edges {
            let other = match (u == empty, v == empty) {
                (true, _) => v,
                (_, true) => u,
                _ => continue,
            };
            let mut next = placement;
            next.swap(empty, other);
            distance.entry(next).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    distance
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
        let distance = moves_to_solved(&edges);
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
