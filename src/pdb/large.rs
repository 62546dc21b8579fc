//! Pattern database tables too large for [`crate::pdb::by_sets::build_table`]: Korf and Felner's
//! 7-8 partition of the 4x4 board, whose group of eight tiles has 16·15·..·9 = 518,918,400
//! placements, their 6-6-6-6 partition of the 5x5 board, 127,512,000 placements a group, and
//! seven groups of five tiles on the 6x6 board, 45,239,040 placements a group. That builder
//! keeps three 16-bit masks of blank cells a placement, 3 GB for the 7-8 group; this one keeps a
//! byte and the table's own byte, about 1 GB, and shares each level out between the threads.
//!
//! The state is the same: a placement and the region of free cells the blank stands in. The
//! regions of a placement are numbered by their lowest cell, and a placement's byte holds which
//! regions are reached (low four bits) and which the level being expanded has just reached
//! (high four bits). Four bits hold four regions; a placement with more (eight tiles can wall
//! off single cells) counts its fourth and later regions as one, as if the blank could pass
//! between them: the table may then say fewer moves than the truth, never more, so it stays a
//! lower bound. Each level is two sweeps over the placements: the first expands the placements
//! marked in the table (its top bit) from the regions they reached since their last expansion,
//! marking the children's new regions with an atomic `or`, from any thread; the second turns
//! the marks into reached regions and marks the placements that gained one for the next level,
//! the first such level being the placement's entry. Until a placement's next expansion, its
//! byte keeps the regions expanded before in its high bits, where no mark lands, as those
//! regions are reached. The placements are walked grouped by the set of cells they take
//! ([`crate::pdb::by_sets`]): a set's regions and each step's child set and regions are looked
//! up once for its placements, not once a placement, and the finished table is put in rank
//! order. A flag for each chunk of placements says whether a mark landed there, and whether it
//! holds placements to expand: the levels near the first and the last, which reach few
//! placements, pass over the rest a chunk at a time.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

use crate::memory::{self, MORE_MEMORY};

use crate::pdb::by_sets::{next_set, set_rank, SetOrder};
use crate::pdb::placements::{
    mask, region, table_len, Masks, Ranking, Unranking, MAX_CELLS, MAX_RANKED,
};
use crate::threads::on_threads;

/// Korf and Felner's 7-8 partition of the 4x4 board, turned about for the goal `1 2 .. 15 0`:
/// the top two rows, and the bottom two but the blank (the larger first, as it is built first:
/// the other's table would stand beside its build). Its mirror about the main diagonal is the
/// left two columns and the right two, so the mirrored look-up adds knowledge.
pub const PARTITION_78: [&[u8]; 2] = [&[1, 2, 3, 4, 5, 6, 7, 8], &[9, 10, 11, 12, 13, 14, 15]];

/// Korf and Felner's 6-6-6-6 partition of the 5x5 board, turned about for the goal
/// `1 2 .. 24 0`: the top-left block of 2 rows by 3 columns, the top-right block of 3 rows by
/// 2, the bottom-left block of 3 rows by 2, and the six cells about the blank's. Each group has
/// 25·24·..·20 = 127,512,000 placements. The second and third groups are the first turned a
/// quarter right and left, so their tables are carried over from its table ([`carried_table`]):
/// two tables are built, not four. The partition is not its own mirror about the main diagonal,
/// so the mirrored look-up adds knowledge.
pub const PARTITION_6666: [&[u8]; 4] = [
    &[1, 2, 3, 6, 7, 8],
    &[4, 5, 9, 10, 14, 15],
    &[11, 12, 16, 17, 21, 22],
    &[13, 18, 19, 20, 23, 24],
];

/// A partition of the 6x6 board into seven groups of five tiles, each five cells of a block of
/// 2 by 3, laid out as below (the blank's cell last): 45,239,040 placements a group. Among the
/// 48 ways to lay such groups out, the fewest tables to build is five: two of these groups are
/// others turned ([`carried_table`]). It is not its own mirror about the main diagonal, so the
/// mirrored look-up adds knowledge.
///
/// ```text
/// A B B B C C
/// A A B B C C
/// A A D D D C
/// E E D D F F
/// E E G G F F
/// E G G G F .
/// ```
pub const PARTITION_6X6: [&[u8]; 7] = [
    &[1, 7, 8, 13, 14],
    &[2, 3, 4, 9, 10],
    &[5, 6, 11, 12, 18],
    &[15, 16, 17, 21, 22],
    &[19, 20, 25, 26, 31],
    &[23, 24, 29, 30, 35],
    &[27, 28, 32, 33, 34],
];

/// The table entry's bit that marks a placement to expand at the current level.
const FRONTIER: u8 = 0x80;

/// The regions of a placement its byte tells apart.
const REGIONS: usize = 4;

/// The table of one group of tiles (up to eight) of a board `W` wide with `N` cells, as
/// [`crate::pdb::by_sets::build_table`] makes it, except that placements with more than four
/// regions may hold less; built on up to `threads` threads. `progress` hears, after each level,
/// its number of moves and how many placements (of the table's length) are reached so far.
///
/// # Complexity
/// O(levels · placements + placements · k · moves) time, a byte of marks and a byte of table
/// a placement: 518,918,400 of each and tens of seconds on two cores for the 7-8 tables.
pub fn build_large_table<const W: usize, const N: usize>(
    tiles: &[u8],
    threads: usize,
    progress: impl Fn(u8, u64),
) -> Vec<u8> {
    // Labels of two bits a cell: up to 32 cells fit a `u64`, and the build's look-ups of half
    // as much memory miss the cache less.
    match N <= 32 {
        true => build_labelled::<W, N, u64>(tiles, threads, progress),
        false => build_labelled::<W, N, u128>(tiles, threads, progress),
    }
}

/// [`build_large_table`] with region labels of type `L` ([`region_labels`]).
fn build_labelled<const W: usize, const N: usize, L: Label>(
    tiles: &[u8],
    threads: usize,
    progress: impl Fn(u8, u64),
) -> Vec<u8> {
    let k = tiles.len();
    let order = SetOrder::new(k);
    let what = || format!("the table of tiles {:?}", tiles);
    let len = table_len(N, k);
    let mut table = memory::filled::<u8>(len, what);
    let words = (len + 7) / 8;
    let mut words_of_marks: Vec<AtomicU64> = Vec::new();
    memory::reserve(&mut words_of_marks, words, what, MORE_MEMORY);
    words_of_marks.extend((0..words).map(|_| AtomicU64::new(0)));
    let chunks = (len + order.chunk - 1) / order.chunk;
    let flags = || {
        (0..chunks)
            .map(|_| AtomicBool::new(false))
            .collect::<Vec<_>>()
    };
    let marks = Marks {
        words: words_of_marks,
        landed: flags(),
        chunk: order.chunk,
    };
    // The chunks with placements to expand at this level.
    let open = flags();
    let labels = region_labels::<W, N, L>(k);
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    let goal_region = labels[set_rank(mask(&home))].region(N - 1);
    marks.mark(order.index(&home), goal_region);
    let mut reached = 0;
    for distance in 0u8.. {
        let [marked, first] = sweep(&mut table, order.chunk, threads, |base, entries| {
            let chunk = base / order.chunk;
            if !marks.landed[chunk].swap(false, Relaxed) {
                return [0, 0];
            }
            let [gained, first] = marks.settle(base, entries, distance);
            open[chunk].store(gained != 0, Relaxed);
            [gained, first]
        });
        if marked == 0 {
            break;
        }
        reached += first;
        progress(distance, reached);
        sweep(&mut table, order.chunk, threads, |base, entries| {
            if open[base / order.chunk].swap(false, Relaxed) {
                expand::<W, N, L>(&order, &labels, base, entries, &marks);
            }
            [0, 0]
        });
    }
    drop(marks);
    order.in_ranks::<N>(table, threads, what)
}

/// A turn or mirror of the board, as the cell each cell goes to.
pub type Symmetry = [u8; MAX_CELLS];

/// The turns and mirrors of a board `W` wide with `N` cells that keep its shape, the identity
/// first: eight on a square board, four on another.
fn symmetries<const W: usize, const N: usize>() -> Vec<Symmetry> {
    let height = N / W;
    let mut maps = Vec::new();
    for turn in [false, true].into_iter().filter(|&t| !t || W == height) {
        for (flip_rows, flip_columns) in
            [(false, false), (true, false), (false, true), (true, true)]
        {
            let mut map = [0u8; MAX_CELLS];
            for (cell, to) in map.iter_mut().enumerate().take(N) {
                let (mut row, mut column) = (cell / W, cell % W);
                if turn {
                    std::mem::swap(&mut row, &mut column);
                }
                if flip_rows {
                    row = height - 1 - row;
                }
                if flip_columns {
                    column = W - 1 - column;
                }
                *to = (row * W + column) as u8;
            }
            maps.push(map);
        }
    }
    maps
}

/// The turn or mirror of the board that carries the homes of the group `tiles` onto those of
/// the group `onto`, and the region of free cells the blank ends in onto the one it ends in
/// there: then placements it pairs need the same moves, and one table serves both groups. `None`
/// if there is none.
pub fn symmetry_onto<const W: usize, const N: usize>(
    tiles: &[u8],
    onto: &[u8],
) -> Option<Symmetry> {
    // Each group's homes, and the region the blank ends in.
    let goal = |tiles: &[u8]| {
        let homes = tiles.iter().fold(0u64, |m, &t| m | 1 << (t - 1));
        (homes, region::<W, N>(N - 1, Masks::<W, N>::BOARD & !homes))
    };
    let carried = |cells: u64, map: &Symmetry| {
        (0..N)
            .filter(|&c| cells >> c & 1 != 0)
            .fold(0u64, |m, c| m | 1 << map[c])
    };
    let ((homes, region), theirs) = (goal(tiles), goal(onto));
    symmetries::<W, N>()
        .into_iter()
        .find(|map| (carried(homes, map), carried(region, map)) == theirs)
}

/// The table of the group `tiles` read off `table`, that of the group `from`, through `map`
/// ([`symmetry_onto`] from `tiles` onto `from`): each placement's entry is that of the placement
/// `map` carries it to, on up to `threads` threads. Korf and Felner's 6-6-6-6 partition holds
/// one group turned a quarter each way, so two of its four tables are carried over, not built.
///
/// # Constraints
/// Groups of up to six tiles: a table of (6!)² numbers says what each rank takes off.
///
/// # Complexity
/// O(placements · k) time, walked by sets: a second for the 127,512,000 placements of six tiles
/// on the 5x5 board.
pub fn carried_table<const N: usize>(
    table: &[u8],
    from: &[u8],
    tiles: &[u8],
    map: &Symmetry,
    threads: usize,
) -> Vec<u8> {
    let k = tiles.len();
    assert!(k <= 6, "groups of up to six tiles are carried over");
    // The digit in `from`'s ranks of the tile where `map` carries each tile of `tiles`.
    let digits: Vec<u8> = tiles
        .iter()
        .map(|&t| from.iter().position(|&f| f - 1 == map[usize::from(t) - 1]))
        .map(|digit| digit.map(|d| d as u8))
        .collect::<Option<_>>()
        .expect("a symmetry onto the group");
    let order = SetOrder::new(k);
    let weights = Ranking::new(k, N).weights();
    let mut by_tile = [0u32; MAX_RANKED];
    for (weight, &digit) in by_tile.iter_mut().zip(&digits) {
        *weight = weights[usize::from(digit)];
    }
    // Where a placement of a set stands in `from`'s ranks: its tiles' weights there times the
    // cells `map` carries theirs to, less a number that depends on the order those cells come
    // in (`to`, whose rank picks a row of `less`).
    let from_weights = order.place_weights(&by_tile);
    let unranking = Unranking::new(&order.places, k);
    let less: Vec<Vec<u32>> = (0..order.per_set as u32)
        .map(|to| order.less(&weights, &digits, &unranking.placement(to)[..k]))
        .collect();
    let (from_weights, what) = (&from_weights, || {
        format!("the table of tiles {:?}, carried over", tiles)
    });
    order.ranked::<N, _, _>(table.len(), threads, what, |_, cells| {
        let mut carried = [0u32; MAX_RANKED];
        for (to, &cell) in carried.iter_mut().zip(&cells[..k]) {
            *to = u32::from(map[cell as usize]);
        }
        let mut to = [0u8; MAX_RANKED];
        for (place, &cell) in to.iter_mut().zip(&carried[..k]) {
            *place = carried[..k].iter().filter(|&&c| c < cell).count() as u8;
        }
        let less = &less[order.places.rank(&to[..k]) as usize];
        move |p| {
            let sum: u32 = carried
                .iter()
                .zip(&from_weights[p])
                .map(|(c, w)| c * w)
                .sum();
            table[(sum - less[p]) as usize]
        }
    })
}

/// The marks of a build: a byte a placement, eight to a word, and a flag a chunk of placements
/// that says whether a mark landed there since it was last settled.
struct Marks {
    words: Vec<AtomicU64>,
    landed: Vec<AtomicBool>,
    chunk: usize,
}

impl Marks {
    /// Marks region `index` of the placement of rank `rank` as just reached.
    #[inline]
    fn mark(&self, rank: usize, index: usize) {
        let bits = 0x11u64 << (index + 8 * (rank % 8));
        let word = &self.words[rank / 8];
        if word.load(Relaxed) & bits == 0 {
            word.fetch_or(bits & 0xf0f0_f0f0_f0f0_f0f0, Relaxed);
            let landed = &self.landed[rank / self.chunk];
            if !landed.load(Relaxed) {
                landed.store(true, Relaxed);
            }
        }
    }

    /// The regions just reached of the placements from rank `base` on (a multiple of 8), whose
    /// entries are `entries`, made reached; a placement that gained a region is marked for the
    /// next expansion, its entry set to `distance` if it had none, its regions reached before
    /// kept in its high bits for [`expand`] to leave. Returns how many were marked, and how many
    /// of those were reached for the first time.
    fn settle(&self, base: usize, entries: &mut [u8], distance: u8) -> [u64; 2] {
        let (mut gained, mut first) = (0, 0);
        for (w, entries) in entries.chunks_mut(8).enumerate() {
            let word = &self.words[base / 8 + w];
            let bytes = word.load(Relaxed);
            if bytes & 0xf0f0_f0f0_f0f0_f0f0 == 0 {
                continue;
            }
            let mut settled = 0u64;
            for (i, entry) in entries.iter_mut().enumerate() {
                let byte = (bytes >> (8 * i)) as u8;
                let (reached, new) = (byte & 0xf, byte >> 4 & !byte);
                let mut expanded = 0;
                if new != 0 {
                    if reached == 0 {
                        *entry = distance;
                        first += 1;
                    }
                    *entry |= FRONTIER;
                    gained += 1;
                    expanded = reached;
                }
                settled |= u64::from(reached | new | expanded << 4) << (8 * i);
            }
            word.store(settled, Relaxed);
        }
        [gained, first]
    }

    /// The regions of the placement at `index` reached since its last expansion, as
    /// [`Marks::settle`] left them; those expanded before are taken out of its high bits, so
    /// marks can land there.
    fn newly_reached(&self, index: usize) -> u8 {
        let (word, shift) = (&self.words[index / 8], 8 * (index % 8));
        let byte = (word.load(Relaxed) >> shift) as u8;
        // The regions expanded at an earlier level stand in the high bits, where no mark lands, as
        // they are reached: only the others are expanded now.
        let expanded = byte >> 4 & byte & 0xf;
        if expanded != 0 {
            word.fetch_and(!(u64::from(expanded) << (shift + 4)), Relaxed);
        }
        byte & 0xf & !expanded
    }
}

/// The placements marked in `entries`, those of whole sets from `base` on in `order`,
/// expanded: each tile next to a region a placement reached since its last expansion steps into
/// it, and the region of the child that leaves, the one of the cell the tile left, is marked.
fn expand<const W: usize, const N: usize, L: Label>(
    order: &SetOrder,
    labels: &[L],
    base: usize,
    entries: &mut [u8],
    marks: &Marks,
) {
    let per_set = order.per_set;
    // The set's marked placements by the regions they reached since their last expansion.
    let mut marked: [Vec<u16>; REGIONS] = Default::default();
    let mut steps = Vec::new();
    for (set, occupied, entries) in order.sets(base, entries) {
        marked.iter_mut().for_each(Vec::clear);
        for (p, entry) in entries.iter_mut().enumerate() {
            if *entry & FRONTIER != 0 {
                *entry &= !FRONTIER;
                let mut reached = marks.newly_reached(set * per_set + p);
                while reached != 0 {
                    marked[reached.trailing_zeros() as usize].push(p as u16);
                    reached &= reached - 1;
                }
            }
        }
        if marked.iter().all(Vec::is_empty) {
            continue;
        }
        let own = labels[set];
        order.steps::<W, N>(occupied, &mut steps);
        for step in &steps {
            let open = &marked[own.region(step.to)];
            if open.is_empty() {
                continue;
            }
            let (left, first) = (labels[step.child].region(step.from), step.child * per_set);
            for &p in open {
                marks.mark(first + usize::from(step.shifted[usize::from(p)]), left);
            }
        }
    }
}

/// The regions of the free cells `free`, by lowest cell, the fourth and later as one.
fn regions<const W: usize, const N: usize>(free: u64) -> [u64; REGIONS] {
    let mut regions = [0u64; REGIONS];
    let (mut rest, mut i) = (free, 0);
    while rest != 0 {
        let found = region::<W, N>(rest.trailing_zeros() as usize, free);
        regions[i] |= found;
        rest &= !found;
        i = (i + 1).min(REGIONS - 1);
    }
    regions
}

/// For each set of `k` occupied cells of a board `W` wide with `N` cells, at its [`set_rank`],
/// the number of each free cell's region as [`regions`] numbers them, two bits a cell: 1.4 MB
/// for six tiles on 25 cells, 6 MB for five on 36.
fn region_labels<const W: usize, const N: usize, L: Label>(k: usize) -> Vec<L> {
    let labels = |occupied: u64| {
        let regions = regions::<W, N>(Masks::<W, N>::BOARD & !occupied);
        let index = |cell: usize| (0..REGIONS).find(|&i| regions[i] >> cell & 1 != 0);
        let labels = (0..N).fold(0, |labels, cell| {
            labels | (index(cell).unwrap_or(0) as u128) << (2 * cell)
        });
        L::try_from(labels).ok().expect("two bits a cell")
    };
    let (mut all, mut occupied) = (Vec::new(), (1u64 << k) - 1);
    while occupied & !Masks::<W, N>::BOARD == 0 {
        all.push(labels(occupied));
        occupied = next_set(occupied);
    }
    all
}

/// The region labels of a set of occupied cells, two bits a cell: a `u64` or a `u128`, 0 when
/// every free cell is in one region.
trait Label: Copy + Send + Sync + TryFrom<u128> + Default + PartialEq {
    /// The number of `cell`'s region.
    fn region(self, cell: usize) -> usize;
}

impl Label for u64 {
    fn region(self, cell: usize) -> usize {
        (self >> (2 * cell) & 3) as usize
    }
}

impl Label for u128 {
    fn region(self, cell: usize) -> usize {
        (self >> (2 * cell) & 3) as usize
    }
}

/// `work` run over `table` in chunks of `chunk` entries, each given its first index, shared
/// out between up to `threads` threads; the sums of the two counts it returns.
fn sweep(
    table: &mut [u8],
    chunk: usize,
    threads: usize,
    work: impl Fn(usize, &mut [u8]) -> [u64; 2] + Sync,
) -> [u64; 2] {
    let chunks = Mutex::new(table.chunks_mut(chunk).enumerate());
    let add = |[a, b]: [u64; 2], [c, d]: [u64; 2]| [a + c, b + d];
    let worker = || {
        let mut sum = [0, 0];
        loop {
            let next = chunks.lock().unwrap_or_else(|e| e.into_inner()).next();
            match next {
                Some((i, entries)) => sum = add(sum, work(i * chunk, entries)),
                None => return sum,
            }
        }
    };
    on_threads(threads, worker).into_iter().fold([0, 0], add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::build::build_table;
    use crate::pdb::by_sets::nth_set;

    /// Against the tested builder: equal where no placement has more than four regions, else
    /// never more; `equal` says which the group is expected to be.
    fn check<const W: usize, const N: usize>(tiles: &[u8], equal: bool) {
        let exact = build_table::<W, N>(tiles);
        let unranking = Unranking::new(&Ranking::new(tiles.len(), N), tiles.len());
        let most_regions = (0..exact.len() as u32)
            .map(|rank| {
                let cells = unranking.placement(rank);
                let taken = mask(&cells[..tiles.len()]);
                let free = Masks::<W, N>::BOARD & !taken;
                let mut rest = free;
                let mut count = 0;
                while rest != 0 {
                    rest &= !region::<W, N>(rest.trailing_zeros() as usize, free);
                    count += 1;
                }
                count
            })
            .max();
        assert_eq!(most_regions <= Some(REGIONS), equal, "{:?}", tiles);
        for threads in [1, 2] {
            let (levels, reached) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
            let large = build_large_table::<W, N>(tiles, threads, |_, placements| {
                levels.set(levels.get() + 1);
                reached.set(placements);
            });
            assert!(levels.get() > usize::from(*large.iter().max().unwrap()));
            // Every placement is reached, or half of them where parity rules (no cell free
            // but the blank's).
            let reachable = large.len() as u64 / if tiles.len() + 1 == N { 2 } else { 1 };
            assert_eq!(reached.get(), reachable, "{:?}", tiles);
            match equal {
                true => assert_eq!(large, exact, "{:?}", tiles),
                false => assert!(large.iter().zip(&exact).all(|(l, e)| l <= e)),
            }
        }
    }

    #[test]
    fn agrees_with_the_small_tables_builder() {
        check::<4, 16>(&[2, 3, 4], true);
        check::<4, 16>(&[1, 4, 6, 11], true);
        check::<4, 16>(&[1, 5, 6, 9, 13], true);
        check::<8, 16>(&[1, 9, 2, 10], true);
        check::<2, 4>(&[1, 2, 3], true);
        // Four tiles on the 3x3 board can wall off five single cells.
        check::<3, 9>(&[1, 2, 4, 8], false);
        check::<4, 16>(&[1, 3, 6, 8, 9, 11], false);
    }

    #[test]
    fn builds_tables_of_the_5x5_and_6x6_boards_as_a_plain_search_does() {
        use crate::pdb::build::tests::plain_table;
        // Three tiles of a row, and three that wall off a corner's cells.
        for tiles in [&[1, 2, 3][..], &[4, 10, 15], &[19, 23, 24]] {
            assert_eq!(
                build_large_table::<5, 25>(tiles, 2, |_, _| {}),
                plain_table::<5, 25>(tiles)
            );
        }
        // Past 32 cells, whose labels take a `u128`: three tiles of a 2-by-2 block, and two
        // tiles that wall off the corner cell, or the blank's.
        for tiles in [&[15, 16, 21][..], &[2, 7], &[30, 35]] {
            assert_eq!(
                build_large_table::<6, 36>(tiles, 2, |_, _| {}),
                plain_table::<6, 36>(tiles)
            );
        }
    }

    /// A table read off the table of a group a turn or mirror carries onto, checked against the
    /// one built for the group itself; `build` builds a group's table.
    fn check_carried<const W: usize, const N: usize>(
        from: &[u8],
        tiles: &[u8],
        build: impl Fn(&[u8]) -> Vec<u8>,
    ) {
        let (table, own) = (build(from), build(tiles));
        let map = symmetry_onto::<W, N>(tiles, from).expect("a symmetry");
        for threads in [1, 2] {
            let carried = carried_table::<N>(&table, from, tiles, &map, threads);
            assert_eq!(carried, own, "{:?} from {:?}", tiles, from);
        }
    }

    #[test]
    fn a_table_carried_over_to_a_turned_or_mirrored_group_is_the_one_built_for_it() {
        // The top row's first three tiles turned a quarter right and left, mirrored about the
        // main diagonal, and upside down, their tiles in other orders than their images'.
        let large = |tiles: &[u8]| build_large_table::<5, 25>(tiles, 2, |_, _| {});
        for tiles in [&[5, 10, 15][..], &[11, 21, 16], &[6, 1, 11], &[23, 22, 21]] {
            check_carried::<5, 25>(&[1, 2, 3], tiles, large);
        }
        check_carried::<4, 16>(&[1, 2, 5, 6], &[4, 8, 3, 7], build_table::<4, 16>);
        check_carried::<3, 9>(&[1, 2, 3, 4], &[2, 7, 4, 1], build_table::<3, 9>);
        // Korf and Felner's 6-6-6-6: the second and third groups are the first turned.
        let groups = PARTITION_6666;
        assert!(symmetry_onto::<5, 25>(groups[1], groups[0]).is_some());
        assert!(symmetry_onto::<5, 25>(groups[2], groups[0]).is_some());
        assert!(symmetry_onto::<5, 25>(groups[3], groups[0]).is_none());
    }

    #[test]
    fn a_turn_that_carries_the_homes_but_not_the_blanks_goal_region_carries_no_table() {
        // Tiles 6 and 8 wall the blank's goal cell off; tiles 2 and 4, half a turn away, wall
        // off the opposite corner, where the blank does not end.
        assert_eq!(symmetry_onto::<3, 9>(&[6, 8], &[2, 4]), None);
        assert_eq!(symmetry_onto::<3, 9>(&[2, 4], &[6, 8]), None);
        let identity: Vec<u8> = (0..9).collect();
        let map = symmetry_onto::<3, 9>(&[4, 2], &[2, 4]).expect("the identity");
        assert_eq!(map[..9], identity[..]);
    }

    #[test]
    fn labels_tell_regions_apart_in_order_of_their_lowest_cells() {
        /// The sets of `k` of the cells `0..n`, as masks, in increasing order.
        fn sets(n: usize, k: usize) -> Vec<u64> {
            match k {
                0 => vec![0],
                _ => {
                    let more = |c: usize| sets(c, k - 1).into_iter().map(move |s| s | 1 << c);
                    (0..n).flat_map(more).collect()
                }
            }
        }
        fn check<const W: usize, const N: usize>(k: usize) {
            let labels = region_labels::<W, N, u128>(k);
            for (rank, occupied) in sets(N, k).into_iter().enumerate() {
                assert_eq!((set_rank(occupied), nth_set(rank, k)), (rank, occupied));
                let free = Masks::<W, N>::BOARD & !occupied;
                let cells: Vec<usize> = (0..N).filter(|&c| free >> c & 1 != 0).collect();
                let lowest: Vec<usize> = cells
                    .iter()
                    .filter(|&&c| region::<W, N>(c, free).trailing_zeros() as usize == c)
                    .copied()
                    .collect();
                for &a in &cells {
                    let own = region::<W, N>(a, free).trailing_zeros() as usize;
                    let order = lowest.iter().position(|&c| c == own).unwrap();
                    let expected = order.min(REGIONS - 1);
                    assert_eq!(labels[rank].region(a), expected, "{:b}", free);
                }
            }
        }
        for k in 1..=8 {
            check::<3, 9>(k);
        }
        for k in 1..=4 {
            check::<5, 25>(k);
        }
        check::<3, 18>(5);
        check::<6, 36>(3);
    }

    #[test]
    fn placements_rank_back_to_their_ranks() {
        for (k, step) in [(1, 1), (5, 1), (7, 997), (8, 99_991)] {
            let ranking = Ranking::new(k, 16);
            let unranking = Unranking::new(&ranking, k);
            for rank in (0..table_len(16, k) as u32).step_by(step) {
                let placement = unranking.placement(rank);
                assert_eq!(ranking.rank(&placement[..k]), rank);
            }
        }
    }
}
