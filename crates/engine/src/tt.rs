//! A lock-free transposition table shared by all search threads (XOR-checked entries).

use std::sync::atomic::{AtomicU64, Ordering};

/// Kind of score stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Exact score.
    Exact,
    /// At least this score (a beta cutoff).
    Lower,
    /// At most this score (no move raised alpha).
    Upper,
}

/// A probed entry.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// Key of the best move (see `Game::move_key`), 0xFFFF for none.
    pub mv: u16,
    /// Score (mate scores relative to this node).
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// Bound kind.
    pub bound: Bound,
}

/// The table: 2^k buckets of one entry, each two `AtomicU64` (key ^ data, data).
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of about `mib` MiB (rounded down to a power of two entries, at least 1024).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) * 1024 * 1024;
        let mut n = 1024usize;
        while n * 2 * 16 <= bytes {
            n *= 2;
        }
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let k = slot[0].load(Ordering::Relaxed);
        let d = slot[1].load(Ordering::Relaxed);
        if k ^ d != key || d == 0 {
            return None;
        }
        let bound = match (d >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            mv: d as u16,
            score: (d >> 16) as u16 as i16 as i32,
            depth: ((d >> 32) & 0xFF) as i32,
            bound,
        })
    }

    /// Stores an entry (always replaces, except a deeper entry of the same position without a move
    /// keeps its move).
    #[inline]
    pub fn store(&self, key: u64, mv: Option<u16>, score: i32, depth: i32, bound: Bound) {
        let slot = &self.slots[key as usize & self.mask];
        let mv = mv.unwrap_or_else(|| self.probe(key).map_or(0xFFFF, |e| e.mv));
        let b = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let d = u64::from(mv)
            | (u64::from(score.clamp(-32000, 32000) as i16 as u16) << 16)
            | ((depth.clamp(0, 255) as u64) << 32)
            | (b << 40);
        slot[0].store(key ^ d, Ordering::Relaxed);
        slot[1].store(d, Ordering::Relaxed);
    }
}
