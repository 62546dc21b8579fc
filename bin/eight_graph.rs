//! AtCoder ABC224 D "8 Puzzle on Graph": the fewest moves that bring pieces 1..8 home on a graph
//! of nine vertices, each piece sliding along an edge into the empty vertex.

use std::io::Write;
use std::process::ExitCode;

use engine::exact::graph::{fewest_moves, Graph};
use engine::io::cli::{self, Run};
use engine::io::input::{parse_count, InputError};
use engine::io::judge::{self, Reader};
use engine::quote::quoted;

const HELP: &str = "\
eight_graph: AtCoder ABC224 D \"8 Puzzle on Graph\"
Prints, for each puzzle, the fewest moves that put piece j on vertex j for j = 1..8 (vertex 9
left empty), a move sliding a piece along an edge into the empty vertex; -1 if none do.

Input: the number of edges M (0 to 36), then M lines of two vertices u v (1 to 9) that an edge
joins, then a line of the vertices p1 .. p8 (1 to 9, all different) that pieces 1 .. 8 are on.
Numbers may also share lines or spread over more. Puzzles may follow one another.
  5
  1 2
  1 3
  1 9
  2 9
  3 9
  3 9 2 4 5 6 7 8
Output: one line per puzzle.
  5
";

/// The graph's vertices.
const VERTICES: usize = 9;

/// The most edges: every pair of vertices joined.
const MAX_EDGES: usize = VERTICES * (VERTICES - 1) / 2;

fn main() -> ExitCode {
    cli::exit_code(eight_graph())
}

/// Answers each puzzle of the files named, or of standard input.
fn eight_graph() -> Run {
    let options = cli::options(HELP, &[])?;
    let goal: [u8; VERTICES] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    judge::each_case(&options, 1, read_puzzle, |puzzles, out| {
        for (graph, start) in puzzles {
            match fewest_moves(graph, start, &goal) {
                Some(moves) => writeln!(out, "{}", moves)?,
                None => writeln!(out, "-1")?,
            }
        }
        Ok(())
    })
}

/// The next puzzle: its graph, and the piece on each vertex (0 on the empty one); `None` at the
/// end of the input.
fn read_puzzle(
    input: &mut Reader,
) -> Result<Option<(Graph<VERTICES>, [u8; VERTICES])>, InputError> {
    let edges = match input.next_word()? {
        None => return Ok(None),
        Some(text) => match parse_count(&text) {
            Some(m) if m <= MAX_EDGES => m,
            _ => {
                let message = format!(
                    "expected the number of edges M, 0 to {}, found {}",
                    MAX_EDGES,
                    quoted(&text)
                );
                return Err(input.error(input.line_number(), message));
            }
        },
    };
    let mut joined = Vec::with_capacity(edges);
    for edge in 1..=edges {
        let what = format!("edge {} of {}", edge, edges);
        let u = vertex(input, &what)?;
        let v = vertex(input, &what)?;
        let message = if u == v {
            format!("an edge joins vertex {} to itself", u + 1)
        } else if joined.contains(&(u, v)) || joined.contains(&(v, u)) {
            format!("the edge {} {} is given twice", u + 1, v + 1)
        } else {
            joined.push((u, v));
            continue;
        };
        return Err(input.error(input.line_number(), message));
    }
    let mut start = [0u8; VERTICES];
    for piece in 1..VERTICES as u8 {
        let vertex = vertex(input, &format!("the vertex of piece {}", piece))?;
        if start[vertex] != 0 {
            let message = format!(
                "pieces {} and {} are both on vertex {}",
                start[vertex],
                piece,
                vertex + 1
            );
            return Err(input.error(input.line_number(), message));
        }
        start[vertex] = piece;
    }
    Ok(Some((Graph::new(&joined), start)))
}

/// The next word as a vertex, from 0; `what` names it in the error where it is not one.
fn vertex(input: &mut Reader, what: &str) -> Result<usize, InputError> {
    let (found, line) = match input.next_word()? {
        Some(text) => match parse_count(&text) {
            Some(v) if (1..=VERTICES).contains(&v) => return Ok(v - 1),
            _ => (quoted(&text), input.line_number()),
        },
        None => ("the end of the input".to_string(), input.end_line()),
    };
    let message = format!("expected {}, a vertex 1 to 9, found {}", what, found);
    Err(input.error(line, message))
}
