//! The evaluations already made while one turn is planned, so that a position reached again
//! (by another order of the same actions, by another candidate's reply, by evolution's next
//! generation) is not evaluated again. An evaluation is a pure function of the position and the
//! evaluator's settings, so a value found here is the one the evaluation would give, bit for
//! bit: a planner that counts a found value as a node (as [`crate::Evaluator::score`] does)
//! plays the same turns under a node budget with the table as without it, and more of them
//! under a time budget (docs/BENCHMARKS.md, "The evaluations of a turn remembered").
//!
//! A fixed table of slots, each written whole by whoever evaluates a position last (no locks:
//! the islands of one turn share it from several threads). A slot keeps the value and the key
//! XOR the value, so a slot that two threads wrote at once, half by each, does not match its
//! key (the lockless transposition table of chess engines).

use std::sync::atomic::{AtomicU64, Ordering};

/// The slots of a table: 2^16, a megabyte, some four times the evaluations of a 100 ms turn on
/// the 16x12 battle boards.
pub const SLOTS_LOG2: u32 = 16;

/// One slot: the key XOR the value's bits, and the value's bits.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    value: AtomicU64,
}

/// The evaluations of one turn's planning, by the key of the position and the evaluator
/// ([`crate::Evaluator::score`] makes the key).
pub struct ScoreCache {
    slots: Box<[Slot]>,
}

impl std::fmt::Debug for ScoreCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ScoreCache({} slots)", self.slots.len())
    }
}

impl Default for ScoreCache {
    fn default() -> ScoreCache {
        ScoreCache::with_slots_log2(SLOTS_LOG2)
    }
}

impl ScoreCache {
    /// An empty table of 2^`log2` slots.
    #[must_use]
    pub fn with_slots_log2(log2: u32) -> ScoreCache {
        ScoreCache { slots: (0..1usize << log2).map(|_| Slot::default()).collect() }
    }

    /// The slot of a key (already made nonzero by [`nonzero`]).
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// The value kept for `key`, if its slot holds it.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<f64> {
        let key = nonzero(key);
        let slot = self.slot(key);
        let value = slot.value.load(Ordering::Relaxed);
        (slot.check.load(Ordering::Relaxed) ^ value == key).then(|| f64::from_bits(value))
    }

    /// Keeps `value` for `key`, in place of whatever its slot held.
    pub fn insert(&self, key: u64, value: f64) {
        let key = nonzero(key);
        let slot = self.slot(key);
        let bits = value.to_bits();
        slot.check.store(key ^ bits, Ordering::Relaxed);
        slot.value.store(bits, Ordering::Relaxed);
    }
}

/// An empty slot (both words 0) matches the key 0 with the value 0: the key 0 is kept as 1.
fn nonzero(key: u64) -> u64 {
    key.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_found_under_its_key_until_another_key_takes_its_slot() {
        let cache = ScoreCache::with_slots_log2(4);
        assert_eq!(cache.get(5), None);
        cache.insert(5, 0.25);
        assert_eq!(cache.get(5), Some(0.25));
        // 21 = 5 + 16 shares the slot of 5 in a table of 16: the later key wins it.
        assert_eq!(cache.get(21), None);
        cache.insert(21, 0.75);
        assert_eq!(cache.get(21), Some(0.75));
        assert_eq!(cache.get(5), None);
    }

    #[test]
    fn an_empty_slot_matches_no_key_not_even_zero() {
        let cache = ScoreCache::with_slots_log2(2);
        for key in [0, 1, 4, u64::MAX] {
            assert_eq!(cache.get(key), None, "{key}");
        }
        cache.insert(0, 0.5);
        assert_eq!(cache.get(0), Some(0.5));
    }

    #[test]
    fn a_slot_written_half_by_one_key_and_half_by_another_matches_neither() {
        let cache = ScoreCache::with_slots_log2(1);
        cache.insert(2, 0.25);
        // The check word of key 4 with the value word of key 2, as two threads writing at once
        // could leave it.
        let slot = cache.slot(4);
        slot.check.store(4 ^ 0.75f64.to_bits(), Ordering::Relaxed);
        assert_eq!(cache.get(2), None);
        assert_eq!(cache.get(4), None);
    }
}
