//! The login throttle: failed logins counted per client address, and per account *and* address,
//! in fixed windows. An address with [`PER_ADDRESS`] failures in a window gets 429 for every
//! account until the window ends; an address with [`PER_ACCOUNT_ADDRESS`] failures against one
//! account gets 429 for that account. Failures from one address never lock the account for its
//! owner at another address. A name is counted whether it exists or not, so a 429 tells nothing
//! about which names exist. Each server counts its own (several servers multiply the allowance).
//!
//! Sign-ups are counted per address too: [`SIGNUPS_PER_ADDRESS`] in a window.
//!
//! Memory is bounded: at most [`REMEMBERED`] keys per table; when one is full, expired windows are
//! dropped, and if that frees nothing the oldest window goes.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failed logins one address may make in a window, over all names.
pub const PER_ADDRESS: u32 = 20;
/// Failed logins one address may make against one name in a window.
pub const PER_ACCOUNT_ADDRESS: u32 = 8;
/// Sign-ups one address may make in a window (each costs a hash, and names are not to be hoarded).
pub const SIGNUPS_PER_ADDRESS: u32 = 10;
/// The window.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// The most keys each table remembers.
pub const REMEMBERED: usize = 20_000;

/// The throttle.
#[derive(Debug, Default)]
pub struct LoginThrottle {
    by_address: Mutex<Windows<IpAddr>>,
    by_account: Mutex<Windows<(String, IpAddr)>>,
    signups: Mutex<Windows<IpAddr>>,
}

#[derive(Debug)]
struct Windows<K> {
    counts: HashMap<K, (Instant, u32)>,
}

impl<K> Default for Windows<K> {
    fn default() -> Self {
        Windows {
            counts: HashMap::new(),
        }
    }
}

impl<K: std::hash::Hash + Eq + Clone> Windows<K> {
    fn count(&self, key: &K, now: Instant) -> u32 {
        match self.counts.get(key) {
            Some((start, n)) if now.duration_since(*start) < WINDOW => *n,
            _ => 0,
        }
    }

    /// Seconds until `key`'s window ends.
    fn wait(&self, key: &K, now: Instant) -> u64 {
        self.counts.get(key).map_or(1, |(start, _)| {
            WINDOW.saturating_sub(now.duration_since(*start)).as_secs() + 1
        })
    }

    fn fail(&mut self, key: K, now: Instant) {
        if !self.counts.contains_key(&key) && self.counts.len() >= REMEMBERED {
            self.counts
                .retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
            if self.counts.len() >= REMEMBERED {
                if let Some(oldest) = self
                    .counts
                    .iter()
                    .min_by_key(|(_, (start, _))| *start)
                    .map(|(k, _)| k.clone())
                {
                    self.counts.remove(&oldest);
                }
            }
        }
        let entry = self.counts.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= WINDOW {
            *entry = (now, 0);
        }
        entry.1 += 1;
    }

    fn forget(&mut self, key: &K) {
        self.counts.remove(key);
    }
}

impl LoginThrottle {
    /// `Err(seconds to wait)` when `address` may not try to log in as `name` (lower case) now.
    pub fn check(&self, address: IpAddr, name: &str) -> Result<(), u64> {
        let now = Instant::now();
        let by_address = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
        if by_address.count(&address, now) >= PER_ADDRESS {
            return Err(by_address.wait(&address, now));
        }
        drop(by_address);
        let key = (name.to_string(), address);
        let by_account = self.by_account.lock().unwrap_or_else(|p| p.into_inner());
        if by_account.count(&key, now) >= PER_ACCOUNT_ADDRESS {
            return Err(by_account.wait(&key, now));
        }
        Ok(())
    }

    /// Counts a failed login.
    pub fn failed(&self, address: IpAddr, name: &str) {
        let now = Instant::now();
        self.by_address
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .fail(address, now);
        self.by_account
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .fail((name.to_string(), address), now);
    }

    /// Counts a sign-up from `address`; `Err(seconds to wait)` when it has made
    /// [`SIGNUPS_PER_ADDRESS`] in the window already.
    pub fn sign_up(&self, address: IpAddr) -> Result<(), u64> {
        let now = Instant::now();
        let mut signups = self.signups.lock().unwrap_or_else(|p| p.into_inner());
        if signups.count(&address, now) >= SIGNUPS_PER_ADDRESS {
            return Err(signups.wait(&address, now));
        }
        signups.fail(address, now);
        Ok(())
    }

    /// A successful login forgets that address's failures against that name.
    pub fn succeeded(&self, address: IpAddr, name: &str) {
        self.by_account
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .forget(&(name.to_string(), address));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_limited_but_not_the_owner_elsewhere() {
        let t = LoginThrottle::default();
        let stranger: IpAddr = "10.0.0.9".parse().unwrap();
        let owner: IpAddr = "10.0.0.1".parse().unwrap();
        for _ in 0..PER_ACCOUNT_ADDRESS {
            assert!(t.check(stranger, "aiko").is_ok());
            t.failed(stranger, "aiko");
        }
        assert!(t.check(stranger, "aiko").is_err());
        assert!(t.check(owner, "aiko").is_ok(), "the owner elsewhere");
        for i in 0..PER_ADDRESS {
            t.failed(stranger, &format!("name{i}"));
        }
        let wait = t.check(stranger, "someone").unwrap_err();
        assert!(wait > 0 && wait <= WINDOW.as_secs() + 1);
        assert!(t.check(owner, "aiko").is_ok());
    }

    #[test]
    fn sign_ups_are_limited_per_address() {
        let t = LoginThrottle::default();
        let a: IpAddr = "10.0.0.9".parse().unwrap();
        for _ in 0..SIGNUPS_PER_ADDRESS {
            assert!(t.sign_up(a).is_ok());
        }
        assert!(t.sign_up(a).is_err());
        assert!(t.sign_up("10.0.0.8".parse().unwrap()).is_ok());
    }

    #[test]
    fn memory_stays_bounded() {
        let t = LoginThrottle::default();
        let a: IpAddr = "10.0.0.9".parse().unwrap();
        for i in 0..(REMEMBERED + 100) {
            t.failed(a, &format!("n{i}"));
        }
        assert!(t.by_account.lock().unwrap().counts.len() <= REMEMBERED);
    }
}
