//! What judges take: the most bytes of each program's bundle, one table for the bundler, which
//! refuses a bundle over its limit, and for the tests.

/// The most bytes of any bundle: Codeforces, the strictest judge we know, takes sources under
/// 64 KB, and 64,000 bytes is under 64 KB however a judge counts a kilobyte. The 4x4 programs'
/// bundles are held to it, leaving out the engine's comments where they must to fit.
pub const LARGEST: usize = 64_000;

/// The bytes a bundle keeps free under its limit where it can, so that the engine can grow.
pub const MARGIN: usize = 1024;

/// The bundles held to less: the 2x3 and 3x3 programs, the graphs' (9 and 13 cells), the 4x4
/// scatter's, `rectangle` and the any-path programs 40 KB, `mxn` 48 KB; and whether each keeps
/// every comment (the any-path programs, which reach most of `mxn`'s engine, leave out the
/// engine's comments where they must to fit).
pub const LIMITS: [(&str, usize, bool); 16] = [
    ("sliding", 40 * 1024, true),
    ("jiugong", 40 * 1024, true),
    ("eight", 40 * 1024, true),
    ("eight_path", 40 * 1024, true),
    ("eight_uva", 40 * 1024, true),
    ("eight_steps", 40 * 1024, true),
    ("eight_two", 40 * 1024, true),
    ("eight_grid", 40 * 1024, true),
    ("eight_graph", 40 * 1024, true),
    ("eleven", 40 * 1024, true),
    ("fifteen_scatter", 40 * 1024, true),
    ("rectangle", 40 * 1024, true),
    ("distant", 40 * 1024, true),
    ("square_path", 40 * 1024, false),
    ("blank_first", 40 * 1024, false),
    ("mxn", 48 * 1024, true),
];

/// The most bytes of program `name`'s bundle, and whether it may leave out comments to fit.
pub fn limit(name: &str) -> (usize, bool) {
    let held = LIMITS.iter().find(|(program, _, _)| *program == name);
    held.map_or((LARGEST, true), |&(_, bytes, every_comment)| {
        (bytes, !every_comment)
    })
}
