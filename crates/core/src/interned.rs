//! Rules values shared by every position of a variant, with a bound on how many a process keeps.
//!
//! A position carries a `&'static` reference to its rules, so that it stays small and `Copy` and the
//! engine copies it freely. Such a value can never be freed, so the number of distinct rules values
//! is what bounds their memory: every distinct variant text (a Shogun seed or a quiet limit is enough
//! to make one) takes a few hundred bytes, a Shogun magnet board about 1.3 KB. A program that takes
//! variant texts from strangers (the web server) sets a limit with [`limit_rule_sets`]; once that
//! many distinct rules values exist, a variant not seen before is refused with [`TooManyRuleSets`],
//! while every preset and every variant already in use goes on working. Presets themselves are never
//! counted. Without a limit (the default, for the command line and the engine) nothing is refused.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use thiserror::Error;

/// The most distinct rules values (presets aside) this process keeps; `usize::MAX` for no limit.
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Distinct rules values (presets aside) of both families made so far.
static COUNTED: AtomicUsize = AtomicUsize::new(0);

/// Sets the most distinct rules values, presets aside, that this process will make (both families
/// together). Values made before stay; a new one beyond the limit is refused.
pub fn limit_rule_sets(limit: usize) {
    LIMIT.store(limit, Ordering::Relaxed);
}

/// Distinct rules values made so far, presets aside (both families together).
pub fn rule_sets() -> usize {
    COUNTED.load(Ordering::Relaxed)
}

/// A variant not seen before, refused because the process keeps as many distinct rules as it may.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error(
    "this program already keeps {limit} distinct rule sets, its most; play a listed variant or one \
     already in use"
)]
pub struct TooManyRuleSets {
    /// The limit set with [`limit_rule_sets`].
    pub limit: usize,
}

/// One family's table of shared rules values by key.
pub(crate) struct Interned<K: 'static, V: 'static> {
    table: OnceLock<Mutex<HashMap<K, &'static V>>>,
}

impl<K: Eq + Hash + Copy, V> Interned<K, V> {
    /// An empty table.
    pub(crate) const fn new() -> Interned<K, V> {
        Interned {
            table: OnceLock::new(),
        }
    }

    /// The shared value for `key`, made with `make` when there is none yet. A value for a preset
    /// (`counted` false) is always made; any other counts against the limit.
    pub(crate) fn get(
        &self,
        key: K,
        counted: bool,
        make: impl FnOnce() -> V,
    ) -> Result<&'static V, TooManyRuleSets> {
        let mut table = self
            .table
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(v) = table.get(&key) {
            return Ok(v);
        }
        if counted {
            let limit = LIMIT.load(Ordering::Relaxed);
            // Both families' tables count here; each holds its own lock, so take the slot atomically.
            if COUNTED
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                    (n < limit).then_some(n + 1)
                })
                .is_err()
            {
                return Err(TooManyRuleSets { limit });
            }
        }
        let value: &'static V = Box::leak(Box::new(make()));
        table.insert(key, value);
        Ok(value)
    }
}
