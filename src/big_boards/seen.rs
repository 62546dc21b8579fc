//! The boards a beam search met on its last levels, by 64-bit fingerprint: an open-addressing
//! table of at most half its slots, one probe a look-up (O(1) expected), which a batch of boards
//! can ask the memory for before any is looked up.

use crate::memory;
use crate::os::prefetch;

/// How many boards ahead of the one noted its slot is asked for: enough to keep the memory busy,
/// few enough that what is asked for stays in the cache.
const AHEAD: usize = 16;

/// The boards of the last levels by fingerprint, each with the last level it was on (as a byte,
/// in the fingerprint's low byte): an open-addressing table, at most half full, each board's
/// probe starting at its fingerprint's top bits, so that a batch of children can ask for their
/// slots before any is looked up.
pub struct Seen {
    slots: Vec<u64>,
    shift: u32,
}

impl Seen {
    /// Room for `boards` boards, memory that `what` needs (refused: [`memory::refused`]).
    pub fn new(boards: usize, what: impl FnOnce() -> String) -> Seen {
        let len = (2 * boards).next_power_of_two().max(2);
        Seen {
            slots: memory::filled(len, what),
            shift: 64 - len.trailing_zeros(),
        }
    }

    /// The slot where the probe for `key` starts.
    fn first_slot(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    /// Asks the memory for the slot where the probe for `key` starts.
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.slots[self.first_slot(key)]);
    }

    /// The slot that holds `key`, or the empty one where it would go.
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = self.first_slot(key);
        while self.slots[slot] != 0 && self.slots[slot] >> 8 != key >> 8 {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// Whether the board `key` was on a level at most `levels` before `depth`.
    pub fn within(&self, key: u64, depth: usize, levels: usize) -> bool {
        recent(self.slots[self.slot(key)], depth, levels)
    }

    /// Notes the boards `keys` on level `depth`, asking for each one's slot a few boards ahead.
    pub fn insert_all(&mut self, keys: &[u64], depth: usize) {
        for (place, &key) in keys.iter().enumerate() {
            if let Some(&ahead) = keys.get(place + AHEAD) {
                self.prefetch(ahead);
            }
            // A board whose 56 bits are all 0 (one in 2^56) is never noted: 0 is an empty slot.
            if key >> 8 != 0 {
                let slot = self.slot(key);
                self.slots[slot] = key & !0xff | u64::from(depth as u8);
            }
        }
    }

    /// Forgets the boards last on a level more than `levels` before `depth`.
    pub fn keep_within(&mut self, depth: usize, levels: usize) {
        // A probe stops at an empty slot, so each board kept goes again to the first empty slot
        // of its probe: slot by slot from an empty one on, a board moves only back, into a slot
        // no board before it needs, and the boards after it have yet to move.
        let len = self.slots.len();
        let empty = self.slots.iter().position(|&entry| entry == 0).unwrap_or(0);
        for at in (empty..len).chain(0..empty) {
            let entry = std::mem::take(&mut self.slots[at]);
            if recent(entry, depth, levels) {
                let slot = self.slot(entry);
                self.slots[slot] = entry;
            }
        }
    }
}

/// Whether the slot `entry` holds a board last on a level at most `levels` before `depth`: its
/// level is kept as a byte, so boards are forgotten ([`Seen::keep_within`]) long before 256
/// levels.
fn recent(entry: u64, depth: usize, levels: usize) -> bool {
    entry != 0 && usize::from((depth as u8).wrapping_sub(entry as u8)) <= levels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many levels back the tests count a board as seen, as the beam does.
    const WINDOW: usize = 12;

    /// A stream of pseudo-random numbers below `below`.
    fn numbers(seed: u64, below: u64) -> impl Iterator<Item = u64> {
        let mut state = seed;
        std::iter::repeat_with(move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % below
        })
    }

    #[test]
    fn boards_seen_are_those_of_the_last_levels() {
        // Fingerprints drawn from a few hundred, noted level after level and forgotten as the
        // search forgets them, against a map of each one's last level. A board's low byte is
        // the table's own, so the fingerprints differ above it, and all in their top bits, so
        // that they share their first slot.
        let mut seen = Seen::new(1000, String::new);
        let mut truth = std::collections::HashMap::new();
        let mut draws = numbers(11, 600);
        for depth in 0..100 {
            let keys: Vec<u64> = (0..50)
                .map(|_| (draws.next().unwrap() + 1) << 40 | 0x77)
                .collect();
            for key in &keys {
                assert_eq!(
                    seen.within(*key, depth, WINDOW),
                    truth
                        .get(key)
                        .map_or(false, |&level| depth - level <= WINDOW),
                );
            }
            seen.insert_all(&keys, depth);
            truth.extend(keys.iter().map(|&key| (key, depth)));
            if depth % WINDOW == 0 {
                seen.keep_within(depth, WINDOW);
                truth.retain(|_, level| depth - *level <= WINDOW);
            }
        }
        let held = seen.slots.iter().filter(|&&entry| entry != 0).count();
        assert_eq!(held, truth.len());
    }
}
