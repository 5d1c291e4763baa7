//! A lock-free transposition table shared by all search threads: buckets of four XOR-checked entries
//! (one 64-byte cache line), replacing the shallowest or oldest entry.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::score::WIN_BOUND;

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
    /// Key of the best move (see `SearchGame::move_key`), 0xFFFF for none.
    pub mv: u16,
    /// Score (mate scores relative to this node).
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// Bound kind.
    pub bound: Bound,
}

const WAYS: usize = 4;

/// One cache line: four entries of two words (key ^ data, data).
#[repr(C, align(64))]
struct Bucket([AtomicU64; 2 * WAYS]);

/// The table: 2^k buckets of four entries.
pub struct Table {
    buckets: Buckets,
    mask: usize,
    generation: AtomicU8,
}

// Data word layout: move 0..16, score 16..32, depth 32..40, bound 40..42 (never 0, so a stored data
// word is never 0), generation 42..48; 48..64 unused.
const NO_MOVE: u64 = 0xFFFF;

/// The largest table, MiB: what the engine offers (UGI `Hash`) and accepts.
pub const MAX_MIB: usize = 4096;

/// A table that could not be made: more than [`MAX_MIB`], or memory the system would not give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableError {
    /// The size asked for, MiB.
    pub mib: usize,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate a hash table of {} MiB (at most {MAX_MIB} MiB, and only what the system \
             can give)",
            self.mib
        )
    }
}

impl std::error::Error for TableError {}

impl Table {
    /// A table of about `mib` MiB (rounded down to a power of two buckets of 64 bytes, at least 256).
    /// Panics when the memory cannot be had; [`Table::try_new`] says so instead.
    pub fn new(mib: usize) -> Table {
        Table::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mib` MiB, or why there is none: more than [`MAX_MIB`], or the allocation
    /// failed. Nothing is left allocated on error.
    pub fn try_new(mib: usize) -> Result<Table, TableError> {
        if mib > MAX_MIB {
            return Err(TableError { mib });
        }
        let bytes = mib.max(1) * 1024 * 1024;
        let mut n = 256usize;
        while n * 2 * 64 <= bytes {
            n *= 2;
        }
        Ok(Table {
            buckets: Buckets::new(n).ok_or(TableError { mib })?,
            mask: n - 1,
            generation: AtomicU8::new(0),
        })
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for b in self.buckets.iter() {
            for w in &b.0 {
                w.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new search: entries of earlier searches become the first to be replaced.
    pub fn new_search(&self) {
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
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetching is a hint and never faults; `p` points into the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
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

    /// Stores an entry: over the same position (keeping its move when the new entry has none), else over
    /// the entry of an older search or the shallowest one.
    #[inline]
    pub fn store(&self, key: u64, mv: Option<u16>, score: i32, depth: i32, bound: Bound) {
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
            | (gen << 42);
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

const HUGE_PAGE: usize = 2 * 1024 * 1024;

impl Buckets {
    /// `len` zeroed buckets, or `None` when the allocation fails.
    fn new(len: usize) -> Option<Buckets> {
        let size = len * std::mem::size_of::<Bucket>();
        let align = if size >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        let layout = std::alloc::Layout::from_size_align(size, align).ok()?;
        // SAFETY: `size` is not zero (at least 256 buckets).
        let raw = unsafe { std::alloc::alloc(layout) };
        let ptr = std::ptr::NonNull::new(raw.cast::<Bucket>())?;
        #[cfg(target_os = "linux")]
        // SAFETY: the range is the allocation just made; the advice only changes how it is backed.
        unsafe {
            libc::madvise(raw.cast(), size, libc::MADV_HUGEPAGE);
        }
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
        t.store(0x1234_5678_9abc_def0, Some(77), -250, 6, Bound::Lower);
        let e = t.probe(0x1234_5678_9abc_def0).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (77, -250, 6, Bound::Lower)
        );
        assert!(t.probe(0x1234_5678_9abc_def1).is_none());
        // A store without a move keeps the known move.
        t.store(0x1234_5678_9abc_def0, None, 10, 7, Bound::Exact);
        assert_eq!(t.probe(0x1234_5678_9abc_def0).unwrap().mv, 77);
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest_entries() {
        let t = Table::new(1);
        // Keys with the same bucket index: only the low bits (checked by the XOR) differ.
        let keys: Vec<u64> = (0..5u64).map(|i| (i << 32) | i).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, Some(i as u16), 0, 10 - i as i32, Bound::Exact);
        }
        // The fifth (shallowest) store replaced the shallowest of the first four.
        assert!(t.probe(keys[0]).is_some());
        assert!(t.probe(keys[4]).is_some());
        assert!(t.probe(keys[3]).is_none());
    }
}
