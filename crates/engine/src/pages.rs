//! Large arrays on the processor's 2 MiB pages where the system offers them (Linux transparent huge
//! pages, `madvise` mode). The transposition table and the endgame tables are read at random over
//! megabytes to gigabytes: with 4 KiB pages nearly every such read also misses the address
//! translation cache, with 2 MiB pages few do (docs/engine.md, docs/tables.md). Reads that are known
//! ahead can also be asked for early ([`prefetch`]).

/// The size of a large page.
pub(crate) const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// Asks the system to back `len` bytes at `ptr` with large pages. Only advice: nothing happens where
/// the system has no such pages or the range is smaller than one; the pages it covers should not
/// have been touched yet.
#[inline]
pub(crate) fn advise(ptr: *const u8, len: usize) {
    #[cfg(target_os = "linux")]
    if len >= HUGE_PAGE {
        // madvise wants a page-aligned start: the part of the range from its first 4 KiB page on.
        let start = (ptr as usize).next_multiple_of(4096);
        let end = ptr as usize + len;
        if end > start {
            // SAFETY: the range lies inside the caller's allocation; the advice does not change its
            // contents, only how the pages not yet touched will be backed.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

/// Asks the processor to start loading the cache line of `item` (a hint: nothing happens where the
/// processor has no such instruction).
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint and never faults; the pointer comes from a reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            (item as *const T).cast::<i8>(),
            std::arch::x86_64::_MM_HINT_T0,
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// A vector of `n` elements made by `make`, its memory advised ([`advise`]) before it is filled, or
/// `None` when the memory cannot be had.
pub(crate) fn filled<T>(n: usize, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut v = with_capacity(n)?;
    v.resize_with(n, make);
    Some(v)
}

/// An empty vector with room for `n` elements, its memory advised ([`advise`]) before anything is
/// written to it, or `None` when the memory cannot be had.
pub(crate) fn with_capacity<T>(n: usize) -> Option<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n).ok()?;
    advise(v.as_ptr().cast(), n * std::mem::size_of::<T>());
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_hold_what_was_asked_for() {
        let v = filled(3 * HUGE_PAGE + 5, || 7u8).unwrap();
        assert_eq!(v.len(), 3 * HUGE_PAGE + 5);
        assert!(v.iter().all(|&b| b == 7));
        let b = with_capacity::<u8>(HUGE_PAGE).unwrap();
        assert!(b.is_empty() && b.capacity() >= HUGE_PAGE);
        assert!(filled(usize::MAX / 2, || 0u16).is_none());
    }
}
