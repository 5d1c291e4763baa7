//! What the games in memory weigh, and which positions are online games' in progress: a ledger
//! that the registry owns and that every game in memory keeps its own line of up to date (on every
//! change it tells its watchers, `LiveGame::tell`, and when it leaves memory), so that the registry
//! reads the total and answers "is this the position of an online game in progress?" in O(1),
//! without looking at the games.
//!
//! **The weight of a game** is an estimate in bytes, measured (docs/web.md, "Games in memory are
//! sized"): about 4 KB that every game holds (its stored row with names and tokens, the broadcast
//! channel of its watchers, its clocks) and, per ply, a position and the move played (Hasami family
//! 64 + 32 bytes, Shogun 152 + 6) with the move's time and clock (24 bytes). The vectors that hold
//! them grow by doubling, so the plies are counted as the vectors' room: a game of 2,000 plies
//! weighs 4 KB + 2,048 × 120 bytes ≈ 250 KB in the Hasami family (measured: 249,491 bytes).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use hasami_core::{AnyGame, HasamiPosition, Played, ShogunPosition};

/// What every game in memory holds besides its plies, in bytes (measured: 3,706 bytes for a game
/// with no moves; rounded up).
pub(crate) const GAME_BYTES: usize = 4_096;

/// What each ply of a game holds in memory, in bytes: a position, the move played, its time and
/// the mover's clock.
pub(crate) fn ply_bytes(shogun: bool) -> usize {
    let times = std::mem::size_of::<i64>() + std::mem::size_of::<Option<i64>>();
    if shogun {
        std::mem::size_of::<ShogunPosition>()
            + std::mem::size_of::<Played<ShogunPosition>>()
            + times
    } else {
        std::mem::size_of::<HasamiPosition>()
            + std::mem::size_of::<Played<HasamiPosition>>()
            + times
    }
}

/// The estimated bytes a game of `plies` plies holds in memory (a Shogun game's when `shogun`):
/// `GAME_BYTES` and `ply_bytes` for each place of the vectors, which grow by doubling.
pub fn game_bytes(plies: usize, shogun: bool) -> usize {
    GAME_BYTES + ply_bytes(shogun) * (plies + 1).next_power_of_two()
}

/// The estimated bytes `game` holds in memory.
pub(crate) fn bytes_of(game: &AnyGame) -> usize {
    game_bytes(game.plies(), matches!(game, AnyGame::Shogun(_)))
}

/// The sum of the games' lines: their bytes, and the current positions (Zobrist hashes) of the
/// online games in progress with how many games stand at each.
#[derive(Default)]
pub(crate) struct Ledger {
    bytes: AtomicUsize,
    online: Mutex<HashMap<u64, u32>>,
}

impl Ledger {
    /// The estimated bytes of the games in memory.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Whether an online game in progress in memory stands at the position with this hash.
    pub(crate) fn is_online_position(&self, hash: u64) -> bool {
        self.online
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(&hash)
    }

    /// How many online games' positions are listed (one entry per position).
    #[cfg(test)]
    pub(crate) fn online_positions(&self) -> usize {
        self.online.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// One game's line in the [`Ledger`]: what it adds to the sums now. A game not (yet) in the registry
/// has none; the line is taken out when the game leaves memory (it is dropped).
#[derive(Default)]
pub(crate) struct Line {
    ledger: Option<Arc<Ledger>>,
    bytes: usize,
    position: Option<u64>,
}

impl Line {
    /// A line in `ledger` that adds nothing yet.
    pub(crate) fn open(ledger: &Arc<Ledger>) -> Line {
        Line {
            ledger: Some(Arc::clone(ledger)),
            bytes: 0,
            position: None,
        }
    }

    /// Whether this line is in a ledger.
    pub(crate) fn is_open(&self) -> bool {
        self.ledger.is_some()
    }

    /// The game now weighs `bytes` and stands, as an online game in progress, at `position` (or is
    /// none, or is over).
    pub(crate) fn set(&mut self, bytes: usize, position: Option<u64>) {
        let Some(ledger) = &self.ledger else {
            return;
        };
        if bytes != self.bytes {
            ledger.bytes.fetch_add(bytes, Ordering::Relaxed);
            ledger.bytes.fetch_sub(self.bytes, Ordering::Relaxed);
            self.bytes = bytes;
        }
        if position != self.position {
            let mut online = ledger.online.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(old) = self.position {
                if let Some(n) = online.get_mut(&old) {
                    *n -= 1;
                    if *n == 0 {
                        online.remove(&old);
                    }
                }
            }
            if let Some(new) = position {
                *online.entry(new).or_insert(0) += 1;
            }
            self.position = position;
        }
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        self.set(0, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_add_up_and_leave_with_their_games() {
        let ledger = Arc::new(Ledger::default());
        let mut a = Line::open(&ledger);
        let mut b = Line::open(&ledger);
        a.set(100, Some(7));
        b.set(50, Some(7));
        assert_eq!(ledger.bytes(), 150);
        assert!(ledger.is_online_position(7));
        a.set(120, Some(8));
        assert_eq!(ledger.bytes(), 170);
        assert!(ledger.is_online_position(7) && ledger.is_online_position(8));
        drop(b);
        assert!(!ledger.is_online_position(7));
        a.set(120, None);
        assert_eq!((ledger.bytes(), ledger.online_positions()), (120, 0));
        drop(a);
        assert_eq!(ledger.bytes(), 0);
    }

    #[test]
    fn a_long_game_weighs_what_was_measured() {
        // Measured with a counting allocator: 249,491 bytes for a 2,000-ply Hasami game loaded from
        // the store, 3,706 bytes for one with no moves.
        let long = game_bytes(2_000, false);
        assert!((249_491..260_000).contains(&long), "{long}");
        assert!((3_706..5_000).contains(&game_bytes(0, false)));
    }
}
