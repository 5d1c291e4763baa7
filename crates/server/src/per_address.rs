//! Counting what each client address holds at once (connections, WebSockets, hints), with a cap per
//! address. A [`Held`] slot is given back when it is dropped, so a slot cannot outlive what it counts.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Slots per address, at most `max` each (0: no limit, only counted).
#[derive(Debug)]
pub struct PerAddress {
    held: Mutex<HashMap<IpAddr, usize>>,
    max: usize,
}

/// One slot of one address; freed when dropped.
#[derive(Debug)]
pub struct Held {
    owner: Arc<PerAddress>,
    address: IpAddr,
}

impl PerAddress {
    /// A counter with at most `max` slots per address (0: no limit).
    pub fn new(max: usize) -> Arc<PerAddress> {
        Arc::new(PerAddress {
            held: Mutex::new(HashMap::new()),
            max,
        })
    }

    /// A slot for `address`, or `None` when it already holds `max`.
    pub fn take(self: &Arc<Self>, address: IpAddr) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let count = held.entry(address).or_insert(0);
        if self.max != 0 && *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Held {
            owner: Arc::clone(self),
            address,
        })
    }

    /// The slots `address` holds now.
    #[cfg(test)]
    pub fn count(&self, address: IpAddr) -> usize {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.get(&address).copied().unwrap_or(0)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.owner.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = held.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                // Only addresses holding something are remembered.
                held.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_capped_per_address_and_freed_when_dropped() {
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let counter = PerAddress::new(2);
        let one = counter.take(a).unwrap();
        let _two = counter.take(a).unwrap();
        assert!(counter.take(a).is_none(), "a third slot for one address");
        assert!(
            counter.take(b).is_some(),
            "another address has its own slots"
        );
        drop(one);
        assert_eq!(counter.count(a), 1);
        assert!(counter.take(a).is_some());
        let unlimited = PerAddress::new(0);
        let all: Vec<Held> = (0..100).filter_map(|_| unlimited.take(a)).collect();
        assert_eq!(all.len(), 100);
        drop(all);
        assert!(unlimited.held.lock().unwrap().is_empty(), "nothing kept");
    }
}
