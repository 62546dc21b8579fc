//! The loop every judge program runs: answer the cases on standard input one line each, in
//! order, as they come; on bad input print one `error: line N: ...` line on standard error and
//! exit with status 2, keeping the answers already printed.

use std::fmt::Display;
use std::io::{self, BufWriter, Stdin, Write};
use std::process;

use crate::input::{Input, InputError};

/// Runs `answer` on standard input until it returns `Ok(None)` (the end of the input) and
/// prints each answer on its own line. Input with no case at all is an error too.
pub fn run<T, F>(mut answer: F)
where
    T: Display,
    F: FnMut(&mut Input<Stdin>) -> Result<Option<T>, InputError>,
{
    let mut input = Input::new(io::stdin());
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut answered = 0;
    loop {
        // Answers reach an interactive user before the program waits for the next case.
        if input.is_drained() {
            flush(&mut out);
        }
        match answer(&mut input) {
            Ok(Some(line)) => {
                if let Err(e) = writeln!(out, "{}", line) {
                    write_failed(e);
                }
                answered += 1;
            }
            Ok(None) if answered == 0 => {
                let line = input.line_number() + 1;
                fail(input.error(
                    line,
                    "expected a board, found the end of the input".to_string(),
                ));
            }
            Ok(None) => break,
            Err(e) => {
                flush(&mut out);
                fail(e);
            }
        }
    }
    flush(&mut out);
}

fn flush(out: &mut impl Write) {
    if let Err(e) = out.flush() {
        write_failed(e);
    }
}

fn fail(e: InputError) -> ! {
    eprintln!("error: {}", e);
    process::exit(2);
}

/// A reader that has gone away (`| head`) wants no more; any other failure is reported.
fn write_failed(e: io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        process::exit(0);
    }
    eprintln!("error: cannot write the output: {}", e);
    process::exit(1);
}
