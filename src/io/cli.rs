//! The command line, read once: options parsed and checked, files, `--help`, the [`Settings`];
//! and how a run ends ([`Exit`]): only `main` exits, with [`exit_code`]'s status.

use std::any::Any;
use std::io::{self, Write};
#[cfg(feature = "tables")]
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::quote::quoted;
#[cfg(feature = "tables")]
use crate::quote::quoted_in_full;
use crate::solvers::settings::{AnyShapeSettings, Settings};
use crate::terminal::opened;

/// Why a run ends before its input does.
pub enum Exit {
    /// `--help` was printed, or the output's reader has gone (`| head`): exit status 0.
    Done,
    /// With an `error:` line and an exit status: 2 for bad input or arguments, 1 for output
    /// that cannot be written.
    Failed { status: u8, message: String },
}

/// A run of a program, to the end of its input or to an [`Exit`].
pub type Run = Result<(), Exit>;

/// Bad input or a bad argument.
pub fn usage(message: String) -> Exit {
    Exit::Failed { status: 2, message }
}

impl From<io::Error> for Exit {
    fn from(e: io::Error) -> Exit {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Exit::Done,
            _ => Exit::Failed {
                status: 1,
                message: format!("cannot write the output: {}", e),
            },
        }
    }
}

/// The status `main` returns after a run that `ended` so, the `error:` line written first, whole.
pub fn exit_code(ended: Run) -> ExitCode {
    match ended {
        Err(Exit::Failed { status, message }) => {
            let _ = io::stderr().write_all(format!("error: {}\n", message).as_bytes());
            ExitCode::from(status)
        }
        _ => ExitCode::SUCCESS,
    }
}

/// An option: its name, its `--help` lines, and for one that takes a value, that value parsed
/// and checked (else what is wrong with it, said after the option's name).
#[derive(Clone, Copy)]
pub struct Flag {
    pub name: &'static str,
    pub help: &'static str,
    pub value: Option<Parse>,
}

/// An option's value parsed and checked, or what is wrong with it.
pub type Parse = fn(&str) -> Result<Box<dyn Any>, String>;

/// `value`, if any, as [`Flag::value`] gives it; else that the option `needs` another.
fn typed<T: 'static>(value: Option<T>, needs: &str) -> Result<Box<dyn Any>, String> {
    let wrong = || format!("needs {} (see --help)", needs);
    value
        .map(|value| Box::new(value) as Box<dyn Any>)
        .ok_or_else(wrong)
}

/// `value` parsed as a number within `range`, if it is one.
fn number_in(value: &str, range: std::ops::RangeInclusive<usize>) -> Option<usize> {
    value.parse().ok().filter(|n| range.contains(n))
}

/// `value` as a count of 1 or more, if it is one: digits alone, any number of them, a count past
/// `usize` taken as the largest (a bound that large is no bound).
fn at_least_one(value: &str) -> Option<usize> {
    let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    let count = value.parse().unwrap_or(usize::MAX);
    Some(count).filter(|&n| digits && n >= 1)
}

/// A judge program's count followed by its path.
pub const PATH: Flag = Flag {
    name: "--path",
    help: "
  --path   after each answer, the first shortest path in dictionary order: moves
           of the blank (D, L, R, U; an empty line for 0 moves, none for -1)",
    value: None,
};

/// The boards along each path (the judge programs have it with the `show` feature).
pub const SHOW: Flag = Flag {
    name: "--show",
    help: "
  --show   draw every board along the moves",
    value: None,
};

/// [`SHOW`] for boards of any size (`mxn` and `solve`), which draws those of up to
/// `show::MAX_CELLS`.
pub const SHOW_UP_TO_100: Flag = Flag {
    help: "
  --show   draw every board along the moves (boards of up to 100 cells)",
    ..SHOW
};

/// The options of a solver that searches on every core: [`THREADS`], and with the `tables`
/// feature [`TABLES`] and [`QUIET`], in the order every program lists its options in.
#[cfg(feature = "tables")]
pub const SEARCH: &[Flag] = &[TABLES, THREADS, QUIET];
#[cfg(not(feature = "tables"))]
pub const SEARCH: &[Flag] = &[THREADS];

/// [`Settings::threads`].
pub const THREADS: Flag = Flag {
    name: "--threads",
    help: "
  --threads N
           use at most N threads, never more than one per core (the default)",
    value: Some(|n| typed(at_least_one(n), "a number of threads, 1 or more")),
};

/// The number of the input's first line, which errors count from: a share of a longer input
/// names that input's line. Every program has it with the `shares` feature.
#[cfg(feature = "shares")]
pub const FIRST_LINE: Flag = Flag {
    name: "--first-line",
    help: "
  --first-line N
           number the input's lines from N in errors, for a share of a longer input
           that starts at its line N (as scripts/slurm-array.sh gives each share)",
    value: Some(|n| {
        let line = number_in(n, 1..=MAX_FIRST_LINE);
        typed(line, &format!("a line number from 1 to {}", MAX_FIRST_LINE))
    }),
};

/// The largest `--first-line`: half of `usize`, room to count the lines after it.
#[cfg(feature = "shares")]
const MAX_FIRST_LINE: usize = usize::MAX / 2;

/// [`Settings::tables`]: the folder of the 4x4 board's saved tables.
#[cfg(feature = "tables")]
pub const TABLES: Flag = Flag {
    name: "--tables",
    help: "
  --tables DIR
           keep the 4x4 board's pattern databases in the folder DIR: the first
           board that needs them builds Korf and Felner's 6-6-3 tables (11 MiB,
           about a second), the first that needs more their 7-8 tables (576 MB, a
           minute or two and 1 GB of memory, with progress on standard error);
           each set is saved there once and loaded by later runs; a damaged or
           foreign file there is built again",
    value: Some(|dir| folder(dir).map(|dir| Box::new(dir) as Box<dyn Any>)),
};

/// [`TABLES`] for `solve`, which keeps the 5x5 and 6x6 boards' tables there too.
#[cfg(feature = "tables")]
pub const TABLES_UP_TO_6X6: Flag = Flag {
    help: "
  --tables DIR
           keep pattern databases in the folder DIR, each set built by the first
           board that needs it, saved there once and loaded by later runs (a
           damaged or foreign file there is built again): the 4x4 board's 6-6-3
           (11 MiB, about a second) and 7-8 tables (576 MB, a minute or two and 1
           GB of memory); the 5x5 board's 6-6-6-6 (510 MB, about a minute), which
           with --optimal prove the fewest moves and without it rank the beam's
           boards, for paths a few moves shorter in about two seconds; the 6x6
           board's tables of five tiles (317 MB, about half a minute), for paths
           about a twentieth shorter in a few seconds",
    ..TABLES
};

/// Silence on standard error for long work.
pub const QUIET: Flag = Flag {
    name: "--quiet",
    help: "
  --quiet  say nothing on standard error of long work: tables built and saved, their
           progress, and a search's past two seconds (by default a line redrawn on a
           terminal, elsewhere a line now and then)",
    value: None,
};

/// [`AnyShapeSettings::optimal_5x5`].
#[cfg(feature = "tables")]
pub const OPTIMAL: Flag = Flag {
    name: "--optimal",
    value: None,
    help: "
  --optimal
           on 5x5 boards, the fewest moves too, by pattern databases of 510 MB that
           take about a minute to build (saved with --tables DIR): seconds to days
           a board, hours for many random ones; a path by beam search comes first,
           and Ctrl-C prints it with the fewest moves proven needed so far",
};

/// [`AnyShapeSettings::effort`].
pub const EFFORT: Flag = Flag {
    name: "--effort",
    value: Some(|n| typed(number_in(n, 1..=MAX_EFFORT), "a number from 1 to 8")),
    help: "
  --effort N
           on boards past 16 cells, search N times as wide as by default (1 to 8):
           about N times the time and memory, for paths as short or shorter",
};

/// The most `--effort` asks: the beam search keeps the parents of every level, so a 10 x 10
/// board takes about 8 times the default memory at 8, under a gigabyte.
const MAX_EFFORT: usize = 8;

const OPTIONS: &str = "
  --help   print this help
  --version
           print the program's name and version
Other arguments name files to read in turn instead of standard input (-); after --, every
argument names a file.
";

/// A command line: the options given, with their values, and the files to read (`None`:
/// standard input).
pub struct Options {
    /// Its name, for what a terminal is told.
    #[cfg(feature = "progress")]
    pub program: &'static str,
    given: Vec<(&'static str, Box<dyn Any>)>,
    pub files: Vec<Option<String>>,
}

impl Options {
    /// The options to read the files `files` with, none given (for tests).
    #[cfg(test)]
    pub(crate) fn reading(files: Vec<Option<String>>) -> Options {
        Options {
            #[cfg(feature = "progress")]
            program: "test",
            given: Vec::new(),
            files,
        }
    }

    /// Whether `flag` was given.
    pub fn has(&self, flag: &Flag) -> bool {
        self.given.iter().any(|(name, _)| *name == flag.name)
    }

    /// The value given to `flag`, of the type it parses to.
    pub fn value<T: 'static>(&self, flag: &Flag) -> Option<&T> {
        let given = self.given.iter().find(|(name, _)| *name == flag.name);
        given.and_then(|(_, value)| value.downcast_ref())
    }

    /// The number the input's first line has in errors ([`FIRST_LINE`]).
    #[cfg(feature = "shares")]
    pub fn first_line(&self) -> usize {
        self.value(&FIRST_LINE).copied().unwrap_or(1)
    }

    /// The settings of a solver that searches on every core ([`SEARCH`]).
    pub fn settings(&self) -> Settings {
        Settings {
            threads: self.value(&THREADS).copied(),
            #[cfg(feature = "tables")]
            tables: self.value(&TABLES).cloned(),
        }
    }

    /// The settings of `solve`'s solver of any shape: [`Options::settings`], and its own.
    pub fn any_shape_settings(&self) -> AnyShapeSettings {
        AnyShapeSettings {
            search: self.settings(),
            effort: self.value(&EFFORT).copied(),
            #[cfg(feature = "tables")]
            optimal_5x5: self.has(&OPTIMAL),
        }
    }
}

/// `dir`, `--tables`'s folder, if it is a folder or can be made one (what stands in its place,
/// or in the place of a folder above it, is not a file); else what is wrong with it.
#[cfg(feature = "tables")]
fn folder(dir: &str) -> Result<PathBuf, String> {
    let path = Path::new(dir);
    // The path itself, or the nearest folder above it that exists (none for a relative path
    // none of whose parts exist: the empty path does not).
    let leads_nowhere = |p: &Path| p.symlink_metadata().is_ok() && !p.exists();
    match path.ancestors().find(|p| p.exists() || leads_nowhere(p)) {
        _ if dir.is_empty() => Err("needs a folder to keep the tables in (see --help)".into()),
        Some(p) if leads_nowhere(p) => Err(format!(
            "{} cannot be made a folder: {} is a symbolic link that leads nowhere",
            quoted_in_full(dir),
            quoted_in_full(&p.to_string_lossy())
        )),
        Some(p) if !p.is_dir() && p == path => {
            Err(format!("{} is not a folder", quoted_in_full(dir)))
        }
        Some(p) if !p.is_dir() => Err(format!(
            "{} cannot be made a folder: {} is not one",
            quoted_in_full(dir),
            quoted_in_full(&p.to_string_lossy())
        )),
        _ => Ok(path.to_path_buf()),
    }
}

/// The command line of a program whose options are `flags`, a value after `=` or next; after
/// `--`, files alone. The first `--help` (or `-h`) or `--version` (`-V`) before any `--` prints
/// `help` and the options' lines, or the program's name (`help`'s first word) and version.
pub fn options(help: &'static str, flags: &[Flag]) -> Result<Options, Exit> {
    #[cfg(feature = "progress")]
    crate::progress::start_clock();
    let args = std::env::args_os()
        .skip(1)
        .map(|arg| arg.into_string().map_err(|a| unknown(&a.to_string_lossy())));
    let args = args.collect::<Result<Vec<_>, _>>()?;
    #[cfg(feature = "shares")]
    let flags = &[flags, &[FIRST_LINE]].concat();
    let name = help.split(':').next().unwrap_or("");
    let asked = args.iter().take_while(|arg| *arg != "--");
    let text = match asked
        .map(String::as_str)
        .find(|a| ["--help", "-h", "--version", "-V"].contains(a))
    {
        Some("--version" | "-V") => format!("{} {}\n", name, env!("CARGO_PKG_VERSION")),
        Some(_) => {
            let lines: String = flags.iter().map(|flag| flag.help).collect();
            format!("{}\nOptions:{}{}", help, lines, OPTIONS)
        }
        None => {
            let options = parse(flags, args)?;
            #[cfg(feature = "progress")]
            let options = Options {
                program: name,
                ..options
            };
            #[cfg(feature = "progress")]
            if options.has(&QUIET) {
                crate::progress::silence();
            }
            return Ok(options);
        }
    };
    print_all(&text)?;
    Err(Exit::Done)
}

/// [`options`] from the arguments `args`, the help aside.
fn parse(flags: &[Flag], args: Vec<String>) -> Result<Options, Exit> {
    let mut options = Options {
        #[cfg(feature = "progress")]
        program: "",
        given: Vec::new(),
        files: Vec::new(),
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (&arg[..], None),
        };
        let flag = match flags.iter().find(|flag| flag.name == name) {
            _ if arg == "--" => {
                let files = args.by_ref().map(|file| Some(file).filter(|f| f != "-"));
                options.files.extend(files);
                break;
            }
            Some(flag) => flag,
            None if arg.starts_with('-') && arg != "-" => return Err(unknown(&arg)),
            None => {
                options.files.push(Some(arg).filter(|f| f != "-"));
                continue;
            }
        };
        let value: Box<dyn Any> = match (flag.value, inline) {
            (None, None) => Box::new(()),
            (None, Some(_)) => return Err(usage(format!("{} takes no value", flag.name))),
            (Some(parse), inline) => {
                match parse(&inline.or_else(|| args.next()).unwrap_or_default()) {
                    Ok(value) => value,
                    Err(wrong) => return Err(usage(format!("{} {}", flag.name, wrong))),
                }
            }
        };
        // Given twice, the last counts.
        options.given.retain(|(earlier, _)| *earlier != flag.name);
        options.given.push((flag.name, value));
    }
    if options.files.is_empty() {
        options.files.push(None);
    }
    Ok(options)
}

/// An unknown argument.
fn unknown(arg: &str) -> Exit {
    usage(format!("unknown argument {} (see --help)", quoted(arg)))
}

/// What programs write: standard output, in whole answers.
#[cfg(feature = "shares")]
pub use crate::io::output::Output;
/// What programs write: standard output, buffered.
#[cfg(not(feature = "shares"))]
pub type Output = io::BufWriter<io::Stdout>;

/// Runs `write`, whose answer on `out` may be too long to keep, a path of gigabytes: it goes
/// out in pieces, whole all the same ([`Output::in_pieces`]).
#[cfg(feature = "shares")]
pub fn in_pieces<T>(
    out: &mut Output,
    write: impl FnOnce(&mut Output) -> io::Result<T>,
) -> io::Result<T> {
    out.in_pieces(write)
}

/// Runs `write`, whose answer on `out` may be too long to keep: buffered, it goes out as it
/// comes.
#[cfg(not(feature = "shares"))]
pub fn in_pieces<T>(
    out: &mut Output,
    write: impl FnOnce(&mut Output) -> io::Result<T>,
) -> io::Result<T> {
    write(out)
}

/// Standard output, buffered; a closed one is an error (Rust's runtime opens `/dev/null`
/// read-write for it, where a shell's `> /dev/null` is write-only).
pub fn output() -> Result<Output, Exit> {
    if stdout_was_closed() {
        let message = "cannot write the output: standard output is closed".to_string();
        return Err(Exit::Failed { status: 1, message });
    }
    Ok(Output::new(io::stdout()))
}

fn stdout_was_closed() -> bool {
    let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
    let flags = info.lines().find_map(|line| line.strip_prefix("flags:"));
    let flags = flags.and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    opened(1) == "/dev/null" && flags.map_or(false, |f| f & 3 == 2)
}

/// Writes `text` to standard output.
pub fn print_all(text: &str) -> Run {
    let mut out = output()?;
    out.write_all(text.as_bytes())?;
    Ok(out.flush()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options given, the settings they ask and the files to read from the command line
    /// `args` of `solve`, or the error's message.
    fn parsed(args: &[&str]) -> Result<Options, String> {
        let args = args.iter().map(|arg| arg.to_string()).collect();
        #[cfg(feature = "tables")]
        let flags = [PATH, THREADS, EFFORT, TABLES, OPTIMAL];
        #[cfg(not(feature = "tables"))]
        let flags = [PATH, THREADS, EFFORT];
        parse(&flags, args).map_err(|exit| match exit {
            Exit::Failed { status: 2, message } => message,
            _ => "another end".to_string(),
        })
    }

    #[test]
    fn options_take_values_after_an_equals_sign_or_next_and_files_come_after_two_dashes() {
        let file = |name: &str| Some(name.to_string());
        let none = parsed(&[]).unwrap();
        assert_eq!((none.given.len(), none.files), (0, vec![None]));
        let given = parsed(&["--threads=2", "a", "--path", "-", "--threads", "3"]).unwrap();
        assert!(given.has(&PATH) && given.has(&THREADS) && !given.has(&EFFORT));
        assert_eq!(given.settings().threads, Some(3));
        assert_eq!(given.files, vec![file("a"), None]);
        let after_dashes = parsed(&["b", "--", "--path", "-", "--"]).unwrap();
        let files = vec![file("b"), file("--path"), None, file("--")];
        assert_eq!(
            (after_dashes.has(&PATH), after_dashes.files),
            (false, files)
        );
        let needs = "--threads needs a number of threads, 1 or more (see --help)";
        for wrong in [
            &["--threads"][..],
            &["--threads=0"],
            &["--threads", "x"],
            &["--threads=+2"],
        ] {
            assert_eq!(parsed(wrong).err(), Some(needs.to_string()));
        }
        // More threads than there are cores, however many, is every core.
        let huge = parsed(&["--threads", "99999999999999999999"]).unwrap();
        assert_eq!(huge.settings().threads, Some(usize::MAX));
        let needs = "--effort needs a number from 1 to 8 (see --help)";
        for wrong in ["--effort=0", "--effort=9", "--effort=-1", "--effort=1.5"] {
            assert_eq!(parsed(&[wrong]).err(), Some(needs.to_string()));
        }
        let effort = parsed(&["--effort=8"]).unwrap().any_shape_settings().effort;
        assert_eq!(effort, Some(8));
        for unknown in ["-x", "--paths"] {
            let message = format!("unknown argument '{}' (see --help)", unknown);
            assert_eq!(parsed(&[unknown]).err(), Some(message));
        }
        for valued in ["--path=1", "--path="] {
            let message = "--path takes no value".to_string();
            assert_eq!(parsed(&[valued]).err(), Some(message));
        }
    }

    #[cfg(feature = "tables")]
    #[test]
    fn tables_name_a_folder_or_what_can_be_made_one() {
        let given = parsed(&["--tables", "target/none/yet", "--optimal"]).unwrap();
        let settings = given.any_shape_settings();
        let dir = PathBuf::from("target/none/yet");
        assert_eq!(
            (settings.search.tables, settings.optimal_5x5),
            (Some(dir), true)
        );
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
        let not_a_folder = format!("--tables '{}' is not a folder", file);
        assert_eq!(parsed(&["--tables", file]).err(), Some(not_a_folder));
        let below = format!("{}/tables", file);
        let cannot = format!(
            "--tables '{}' cannot be made a folder: '{}' is not one",
            below, file
        );
        assert_eq!(parsed(&["--tables", &below]).err(), Some(cannot));
        let needs = "--tables needs a folder to keep the tables in (see --help)";
        assert_eq!(parsed(&["--tables="]).err(), Some(needs.to_string()));
        // A link to nothing, and a loop of links, in its place or above it.
        let links = std::env::temp_dir().join(format!("tables-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&links);
        std::fs::create_dir(&links).unwrap();
        let (dangling, looped) = (links.join("dangling"), links.join("loop"));
        std::os::unix::fs::symlink(links.join("none"), &dangling).unwrap();
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        for link in [&dangling, &looped] {
            let link = link.to_str().unwrap();
            for dir in [link.to_string(), format!("{}/below", link)] {
                let nowhere = format!(
                    "--tables '{}' cannot be made a folder: '{}' is a symbolic link that leads nowhere",
                    dir, link
                );
                assert_eq!(parsed(&["--tables", &dir]).err(), Some(nowhere));
            }
        }
        std::fs::remove_dir_all(&links).unwrap();
    }
}
