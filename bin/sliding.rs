//! LeetCode 773 "Sliding Puzzle": the fewest moves that turn a 2x3 board into 1 2 3 / 4 5 0.

use std::process::ExitCode;

use engine::board::Board;
use engine::exact::bfs::Distances;
use engine::io::judge::{self, each_alone, Answered, Solve};

const HELP: &str = "\
sliding: LeetCode 773 \"Sliding Puzzle\"
Prints the fewest moves that turn each 2x3 board into 1 2 3 / 4 5 0, or -1 if none does.

Input: one board per case, 0 the blank: the LeetCode literal, two rows, or one line.
  [[4,1,2],[5,0,3]]        4 1 2          412503
                           5 0 3
Output: one line per case.
  5
";

fn main() -> ExitCode {
    let goal = Board::<3, 6>::from_tiles([1, 2, 3, 4, 5, 0]).expect("the goal is an arrangement");
    judge::run(
        HELP,
        judge::DISTANCE,
        DistancesAlone(Distances::new()),
        |input| Ok(input.board()?.map(|start| (start, goal))),
    )
}

/// The 2x3 board has 720 arrangements: one breadth-first search answers every case by a table
/// look-up, with none of the searches that `Solver` runs first on larger boards.
struct DistancesAlone(Distances<3, 6>);

impl Solve<3, 6> for DistancesAlone {
    const QUICK: bool = true;

    fn answer(
        &mut self,
        cases: &[(Board<3, 6>, Board<3, 6>)],
        path: bool,
        answered: &mut Answered,
    ) {
        each_alone(
            &mut self.0,
            cases,
            path,
            answered,
            Distances::distance,
            Distances::path,
        )
    }
}
