//! A lock-free transposition table shared by all search threads: buckets of four XOR-checked entries
//! (one 64-byte cache line), replacing the shallowest or oldest entry.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::score::WIN_BOUND;

/// Kind of score stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// Exact score.
    Exact,
    /// At least this score (a beta cutoff).
    Lower,
    /// At most this score (no move raised alpha).
    Upper,
}

/// A probed entry.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// Key of the best move (see `SearchGame::move_key`), 0xFFFF for none.
    pub mv: u16,
    /// Score (mate scores relative to this node).
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// Bound kind.
    pub bound: Bound,
    /// Plies without a capture that were left before the game's quiet limit (RULES.md D2) where the
    /// entry was stored ([`quiet_left`]).
    pub quiet_left: u8,
}

/// Quiet plies a search of some depth may play past that depth: quiescence's threat at its first ply
/// and the five-in-a-row games' threat-sequence search ([`Entry::holds_at`]).
pub(crate) const QUIET_PAST_DEPTH: i32 = 6;

impl Entry {
    /// Whether this entry's score may stand for a node with `quiet_left` quiet plies left before the
    /// limit ([`quiet_left`]): the same count, or a limit beyond the entry's search both where it was
    /// stored and here. The position's hash does not hold the quiet count, so without this an entry
    /// from a search far from the limit would cut a node near it, where the draw comes sooner than
    /// that search saw; its move is a good first try either way.
    #[inline]
    pub(crate) fn holds_at(&self, quiet_left: u8) -> bool {
        self.quiet_left == quiet_left
            || i32::from(self.quiet_left.min(quiet_left)) > self.depth + QUIET_PAST_DEPTH
    }
}

/// The plies without a capture left before the quiet limit, from
/// [`crate::game::SearchGame::quiet_window`], at most 255 (255 also for a game without a limit).
#[inline]
pub(crate) fn quiet_left(window: Option<(u32, u32)>) -> u8 {
    window.map_or(u8::MAX, |(quiet, limit)| {
        limit.saturating_sub(quiet).min(u32::from(u8::MAX)) as u8
    })
}

const WAYS: usize = 4;

/// One cache line: four entries of two words (key ^ data, data).
#[repr(C, align(64))]
struct Bucket([AtomicU64; 2 * WAYS]);

/// The table: 2^k buckets of four entries.
pub(crate) struct Table {
    buckets: Buckets,
    mask: usize,
    generation: AtomicU8,
}

// Data word layout: move 0..16, score 16..32, depth 32..40, bound 40..42 (never 0, so a stored data
// word is never 0), generation 42..48, quiet plies left 48..56; 56..64 unused.
const NO_MOVE: u64 = 0xFFFF;

/// The largest table, MiB: what the engine offers (UGI `Hash`) and accepts.
pub const MAX_MIB: usize = 4096;

/// A table that could not be made: more than [`MAX_MIB`], or memory the system would not give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashError {
    /// The size asked for, MiB.
    pub mib: usize,
}

impl std::fmt::Display for HashError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate a hash table of {} MiB (at most {MAX_MIB} MiB, and only what the system \
             can give)",
            self.mib
        )
    }
}

impl std::error::Error for HashError {}

impl Table {
    /// A table of about `mib` MiB (rounded down to a power of two buckets of 64 bytes, at least 256).
    /// Panics when the memory cannot be had; [`Table::try_new`] says so instead.
    #[cfg(test)]
    pub fn new(mib: usize) -> Table {
        Table::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mib` MiB, or why there is none: more than [`MAX_MIB`], or the allocation
    /// failed. Nothing is left allocated on error.
    pub(crate) fn try_new(mib: usize) -> Result<Table, HashError> {
        if mib > MAX_MIB {
            return Err(HashError { mib });
        }
        let bytes = mib.max(1) * 1024 * 1024;
        let mut n = 256usize;
        while n * 2 * 64 <= bytes {
            n *= 2;
        }
        Ok(Table {
            buckets: Buckets::new(n).ok_or(HashError { mib })?,
            mask: n - 1,
            generation: AtomicU8::new(0),
        })
    }

    /// Forgets everything.
    pub(crate) fn clear(&self) {
        for b in self.buckets.iter() {
            for w in &b.0 {
                w.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new search: entries of earlier searches become the first to be replaced.
    pub(crate) fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high bits pick the bucket; the low bits are checked by the XOR with the key.
        &self.buckets[((key >> 32) as usize ^ key as usize) & self.mask]
    }

    /// Asks the processor to start loading the bucket of `key`.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        crate::pages::prefetch(self.bucket(key));
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for i in 0..WAYS {
            let k = b.0[2 * i].load(Ordering::Relaxed);
            let d = b.0[2 * i + 1].load(Ordering::Relaxed);
            if k ^ d == key && d != 0 {
                return Some(decode(d));
            }
        }
        None
    }

    /// Stores an entry searched with `quiet_left` quiet plies left ([`quiet_left`]): over the same
    /// position (keeping its move when the new entry has none), else over the entry of an older search
    /// or the shallowest one.
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<u16>,
        score: i32,
        depth: i32,
        bound: Bound,
        quiet_left: u8,
    ) {
        let b = self.bucket(key);
        let gen = u64::from(self.generation.load(Ordering::Relaxed));
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = NO_MOVE;
        for i in 0..WAYS {
            let k = b.0[2 * i].load(Ordering::Relaxed);
            let d = b.0[2 * i + 1].load(Ordering::Relaxed);
            if k ^ d == key && d != 0 {
                let e = decode(d);
                // Keep a deeper exact result of this search unless the new one is exact too.
                if e.depth > depth + 2 && (d >> 42) & 63 == gen && bound != Bound::Exact {
                    return;
                }
                victim = i;
                old_move = u64::from(e.mv);
                break;
            }
            let age = ((gen + 64 - ((d >> 42) & 63)) & 63) as i32;
            let worth = if d == 0 {
                i32::MIN
            } else {
                ((d >> 32) & 0xFF) as i32 - 8 * age
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let mv = mv.map_or(old_move, u64::from);
        let bnd = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let d = mv
            | (u64::from(score.clamp(-32000, 32000) as i16 as u16) << 16)
            | ((depth.clamp(0, 255) as u64) << 32)
            | (bnd << 40)
            | (gen << 42)
            | (u64::from(quiet_left) << 48);
        b.0[2 * victim].store(key ^ d, Ordering::Relaxed);
        b.0[2 * victim + 1].store(d, Ordering::Relaxed);
    }
}

/// The buckets, in memory aligned to 2 MiB and (on Linux) backed by huge pages where the system
/// allows it: a table of many MiB is probed at random, and with 4 KiB pages most probes would also miss
/// the address translation cache.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
    layout: std::alloc::Layout,
}

// SAFETY: the buckets are atomics, shared and mutated only through atomic operations.
unsafe impl Send for Buckets {}
// SAFETY: as above.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` zeroed buckets, or `None` when the allocation fails.
    fn new(len: usize) -> Option<Buckets> {
        let size = len * std::mem::size_of::<Bucket>();
        let align = if size >= crate::pages::HUGE_PAGE {
            crate::pages::HUGE_PAGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        let layout = std::alloc::Layout::from_size_align(size, align).ok()?;
        // SAFETY: `size` is not zero (at least 256 buckets).
        let raw = unsafe { std::alloc::alloc(layout) };
        let ptr = std::ptr::NonNull::new(raw.cast::<Bucket>())?;
        crate::pages::advise(raw, size);
        // SAFETY: zero bytes are valid `AtomicU64`s; the pages are touched after the advice.
        unsafe { std::ptr::write_bytes(raw, 0, size) };
        Some(Buckets { ptr, len, layout })
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `ptr` holds `len` initialised buckets for the life of `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `Buckets::new` with this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) };
    }
}

fn decode(d: u64) -> Entry {
    let bound = match (d >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv: d as u16,
        score: (d >> 16) as u16 as i16 as i32,
        depth: ((d >> 32) & 0xFF) as i32,
        bound,
        quiet_left: (d >> 48) as u8,
    }
}

/// A score as stored in the table: win distances counted from the node, not the root.
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score read from the table at `ply`: win distances counted from the root again.
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let t = Table::new(1);
        t.store(0x1234_5678_9abc_def0, Some(77), -250, 6, Bound::Lower, 40);
        let e = t.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound, e.quiet_left),
            (77, -250, 6, Bound::Lower, 40)
        );
        assert!(t.probe(0x1234_5678_9abc_def1).is_none());
        // A store without a move keeps the known move.
        t.store(0x1234_5678_9abc_def0, None, 10, 7, Bound::Exact, u8::MAX);
        assert_eq!(t.probe(0x1234_5678_9abc_def0).unwrap().mv, 77);
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_entries() {
        let t = Table::new(1);
        // Keys with the same bucket index: only the low bits (checked by the XOR) differ.
        let keys: Vec<u64> = (0..5u64).map(|i| (i << 32) | i).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, Some(i as u16), 0, 10 - i as i32, Bound::Exact, u8::MAX);
        }
        // The fifth (shallowest) store replaced the shallowest of the first four.
        assert!(t.probe(keys[0]).is_some());
        assert!(t.probe(keys[4]).is_some());
        assert!(t.probe(keys[3]).is_none());
    }

    #[test]
    fn an_entry_holds_where_the_quiet_limit_is_as_far_or_beyond_its_search() {
        let entry = |depth, quiet_left| Entry {
            mv: NO_MOVE as u16,
            score: 0,
            depth,
            bound: Bound::Exact,
            quiet_left,
        };
        // The same count: always.
        assert!(entry(10, 5).holds_at(5));
        // Both beyond the search's reach (its depth and what it plays past it): either way round.
        let far = 10 + QUIET_PAST_DEPTH as u8 + 1;
        assert!(entry(10, far).holds_at(u8::MAX));
        assert!(entry(10, u8::MAX).holds_at(far));
        // Stored far from the limit, asked near it (or the other way): the limit was not in sight.
        assert!(!entry(10, u8::MAX).holds_at(far - 1));
        assert!(!entry(10, far - 1).holds_at(u8::MAX));
        assert!(!entry(3, 60).holds_at(2));
        // The count left, from the game's window.
        assert_eq!(quiet_left(None), u8::MAX);
        assert_eq!(quiet_left(Some((30, 100))), 70);
        assert_eq!(quiet_left(Some((120, 100))), 0);
        assert_eq!(quiet_left(Some((0, 1000))), u8::MAX);
    }
}
