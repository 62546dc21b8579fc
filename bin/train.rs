//! Trains the learned estimate of a board's moves to the goal for one shape of board, and saves
//! its network ([`engine::big_boards::training`]): the same seed and steps give the same bytes on
//! any number of threads.

use std::process::ExitCode;

use engine::big_boards::training::{train, Training};
use engine::io::cli::{self, usage, Flag, Run, THREADS};
use engine::progress::Progress;

const HELP: &str = "\
train: trains the learned estimate of the moves to the goal for one shape of board
Draws boards by random walks from the goal and teaches a small network the moves each needs
beyond linear conflict, by approximate value iteration; saves the network to the file of --out.
The same seed and steps give the same file on any number of threads.
";

const SHAPE: Flag = Flag {
    name: "--shape",
    value: Some(|text| shape_of(text).map(|shape| Box::new(shape) as Box<dyn std::any::Any>)),
    help: "
  --shape RxC
           the board's rows and columns, as 6x6 (at least 2 of each, at most 49
           cells)",
};

const OUT: Flag = Flag {
    name: "--out",
    value: Some(|text| Ok(Box::new(text.to_string()))),
    help: "
  --out FILE
           where the network is saved",
};

const STEPS: Flag = Flag {
    name: "--steps",
    value: Some(|text| number(text).map(|n| Box::new(n) as Box<dyn std::any::Any>)),
    help: "
  --steps N
           steps of training, each on 1,024 boards (default 10,000)",
};

const SEED: Flag = Flag {
    name: "--seed",
    value: Some(|text| number(text).map(|n| Box::new(n as u64) as Box<dyn std::any::Any>)),
    help: "
  --seed S the seed of the walks and of the first weights (default 1)",
};

/// `RxC`, rows by columns.
fn shape_of(text: &str) -> Result<(usize, usize), String> {
    let (rows, columns) = text
        .split_once('x')
        .ok_or("must be rows x columns, as 6x6")?;
    let (rows, columns) = (number(rows)?, number(columns)?);
    match rows >= 2 && columns >= 2 && rows * columns <= 49 {
        true => Ok((rows, columns)),
        false => Err("must have at least 2 rows and 2 columns, at most 49 cells".to_string()),
    }
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| "must be a whole number".to_string())
}

fn main() -> ExitCode {
    cli::exit_code(run())
}

fn run() -> Run {
    let options = cli::tool_options(HELP, &[SHAPE, OUT, STEPS, SEED, THREADS])?;
    let &(rows, columns) = options
        .value(&SHAPE)
        .ok_or_else(|| usage("--shape is needed".into()))?;
    let out: &String = options
        .value(&OUT)
        .ok_or_else(|| usage("--out is needed".into()))?;
    let training = Training {
        columns,
        rows,
        seed: options.value(&SEED).copied().unwrap_or(1),
        steps: options.value(&STEPS).copied().unwrap_or(10_000),
        batch: 1024,
        longest_walk: 40 * rows * columns,
        sync_every: 50,
        learning_rate: 1e-3,
    };
    let progress = Progress::new();
    let mut mean = 0.0;
    let tell = |step: usize, error: f64| {
        mean = 0.99 * mean + 0.01 * error;
        progress.update(|| {
            format!(
                "step {} of {}: squared error {:.3}",
                step + 1,
                training.steps,
                mean
            )
        });
    };
    let network = train(&training, options.settings().threads(), tell).rounded();
    std::fs::write(out, network.to_bytes())?;
    Ok(())
}
