//! Randomness: players' tokens and the seeds of engine searches and Shogun boards.

use crate::db;

/// A secret token: 32 hex digits from the OS's randomness.
pub(crate) fn random_token() -> String {
    let mut buf = [0u8; 16];
    if getrandom::fill(&mut buf).is_err() {
        // No OS randomness: fall back to hashing the time with std's randomly keyed hasher.
        use std::hash::{BuildHasher, Hasher};
        for chunk in buf.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_i64(db::now_ms());
            chunk.copy_from_slice(&h.finish().to_le_bytes()[..chunk.len()]);
        }
    }
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A random number (not secret).
pub(crate) fn random_u64() -> u64 {
    let mut buf = [0u8; 8];
    let _ = getrandom::fill(&mut buf);
    u64::from_le_bytes(buf) ^ db::now_ms() as u64
}
