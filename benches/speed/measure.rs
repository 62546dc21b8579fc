//! What the sections share: the date and machine for the report, timing, formatting, and the
//! shell that runs judge programs as whole processes with their peak memory.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use engine::board::Board;

pub type Board9 = Board<3, 9>;

/// Luogu P1379's goal, 1 2 3 / 8 0 4 / 7 6 5.
pub const P1379_GOAL: [u8; 9] = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// Today's date, `YYYY-MM-DD` in UTC, from the days since 1970-01-01 (the proleptic Gregorian
/// calendar, counted in 400-year eras of 146,097 days that start on 1 March).
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = seconds / 86_400 + 719_468; // days since 0000-03-01
    let (era, day_of_era) = (days / 146_097, days % 146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    format!("{:04}-{:02}-{:02}", year, month, day)
}

pub fn cpu_model() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo.lines().find(|l| l.starts_with("model name"));
    let name = model.and_then(|l| l.split(':').nth(1)).unwrap_or("unknown");
    name.trim().to_string()
}

pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The least time of `runs` calls of `f`, and its last result: the least filters out the
/// moments the machine was busy elsewhere.
pub fn least_time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..runs {
        let started = Instant::now();
        result = Some(f());
        best = best.min(started.elapsed());
    }
    (best, result.expect("at least one run"))
}

/// A duration in the unit that suits it.
pub fn human(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns < 1e3 {
        format!("{:.0} ns", ns)
    } else if ns < 1e6 {
        format!("{:.1} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.1} ms", ns / 1e6)
    } else if ns < 3600e9 {
        format!("{:.2} s", ns / 1e9)
    } else {
        format!("{:.1} h", ns / 3600e9)
    }
}

pub use crate::common::grouped;

pub fn mean(times: &[Duration]) -> Duration {
    times.iter().sum::<Duration>() / times.len() as u32
}

pub fn max(times: &[Duration]) -> Duration {
    times.iter().copied().max().unwrap_or_default()
}

/// The time below which `fraction` of `sorted` falls.
pub fn quantile(sorted: &[Duration], fraction: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * fraction).round() as usize]
}

pub fn solvable<const W: usize, const N: usize>(start: &Board<W, N>, goal: &Board<W, N>) -> bool {
    start.parity() == goal.parity()
}

/// A shell that runs a judge program for the benchmark. A new process is charged with its parent's
/// peak memory until it starts its program, so `eight` started straight from this process would be
/// charged with the benchmark's own tables; the shell is started before they exist.
pub struct Shell {
    process: Child,
    commands: ChildStdin,
    replies: BufReader<ChildStdout>,
}

impl Shell {
    pub fn start() -> Shell {
        let mut process = Command::new("sh")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh starts");
        let commands = process.stdin.take().expect("a piped stdin");
        let replies = BufReader::new(process.stdout.take().expect("a piped stdout"));
        Shell {
            process,
            commands,
            replies,
        }
    }

    /// Runs `command` and waits for it to end; true if it succeeded.
    pub fn run(&mut self, command: &str) -> bool {
        writeln!(self.commands, "{}; echo $?", command).expect("the shell reads");
        let mut status = String::new();
        self.replies
            .read_line(&mut status)
            .expect("the shell answers");
        status.trim() == "0"
    }

    /// Runs `binary` with `args` on `input` (through files) `runs` times, each time checking
    /// that it prints `expected`; the wall times, from process start, sorted.
    pub fn wall_times(
        &mut self,
        binary: &str,
        args: &str,
        input: &[u8],
        expected: &str,
        runs: usize,
    ) -> Vec<Duration> {
        let name = Path::new(binary)
            .file_name()
            .map_or(binary.into(), |n| n.to_string_lossy());
        let file = |suffix: &str| {
            let file = format!("{}-bench-{}.{}", name, std::process::id(), suffix);
            std::env::temp_dir().join(file)
        };
        let (input_path, output_path) = (file("in"), file("out"));
        std::fs::write(&input_path, input).expect("the input file is written");
        let command = format!(
            "'{}' {} < '{}' > '{}'",
            binary,
            args,
            input_path.display(),
            output_path.display()
        );
        let mut walls = Vec::with_capacity(runs);
        for _ in 0..runs {
            let (wall, succeeded) = least_time(1, || self.run(&command));
            assert!(succeeded, "{} failed", name);
            let output = std::fs::read_to_string(&output_path).expect("the program's output");
            assert!(
                output == expected,
                "{}'s answers are not the expected ones",
                name
            );
            walls.push(wall);
        }
        std::fs::remove_file(&input_path).ok();
        std::fs::remove_file(&output_path).ok();
        walls.sort_unstable();
        walls
    }

    /// Ends the shell; the largest peak memory of the shell and every command it ran.
    pub fn finish(self) -> String {
        drop(self.commands);
        wait_for_peak_memory(self.process)
    }
}

/// Waits for `process` to end; the largest peak resident memory of it and of the children it
/// waited for, from `wait4` (which reports the larger of a process's peak and its children's).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn wait_for_peak_memory(process: Child) -> String {
    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut [i64; 18]) -> i32;
    }
    let pid = process.id() as i32;
    // struct rusage on 64-bit Linux: two timevals (4 words), then ru_maxrss in KiB, 13 more.
    let (mut status, mut usage) = (0, [0i64; 18]);
    // SAFETY: `usage` is as large as, and laid out like, the `struct rusage` written into it;
    // `process` is our child, not yet waited for, and is not waited for again.
    if unsafe { wait4(pid, &mut status, 0, &mut usage) } != pid {
        return "unknown".to_string();
    }
    format!("{:.1} MiB", usage[4] as f64 / 1024.0)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn wait_for_peak_memory(mut process: Child) -> String {
    process.wait().ok();
    "unknown".to_string()
}

/// The start of an SVG chart `width` by `height`: a white ground, `title` at the top from `left`
/// across, and the across axis's name `axis` centred at `centre`, at the foot.
pub fn svg_start(
    width: f64,
    height: f64,
    left: f64,
    title: &str,
    centre: f64,
    axis: &str,
) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n\
         <text x=\"{left}\" y=\"24\" font-size=\"14\">{title}</text>\n\
         <text x=\"{centre}\" y=\"{by}\" text-anchor=\"middle\">{axis}</text>\n",
        w = width,
        h = height,
        by = height - 16.0,
    )
}

/// A grey grid line up the chart at `x`, from `top` to `bottom`, its `label` below it.
pub fn grid_up(x: f64, top: f64, bottom: f64, label: &str) -> String {
    format!(
        "<line x1=\"{x:.1}\" y1=\"{top}\" x2=\"{x:.1}\" y2=\"{bottom}\" stroke=\"#ddd\"/>\n\
         <text x=\"{x:.1}\" y=\"{l}\" text-anchor=\"middle\">{label}</text>\n",
        l = bottom + 18.0
    )
}

/// A grey grid line across the chart at `y`, from `left` to `right`, its `label` to the left.
pub fn grid_across(y: f64, left: f64, right: f64, label: &str) -> String {
    format!(
        "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{right}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\n\
         <text x=\"{l}\" y=\"{y:.1}\" text-anchor=\"end\">{label}</text>\n",
        l = left - 6.0
    )
}
