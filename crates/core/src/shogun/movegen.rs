//! Moves (S4), Shogun safety (S5; not with the 1976 rules of S7), checked play.
//!
//! A piece showing n reaches the squares at distance n ([`RING`]) whose file-first or rank-first path
//! passes only empty squares ([`clear`]), landing on an empty square or an enemy piece. Under the 1979
//! rules a move may not land on the enemy Shogun, and it is legal only if afterwards no enemy piece has
//! a clear path of its current number to the mover's Shogun ([`ShogunPosition::safe_after`]).

use thiserror::Error;

use super::magnets::{self, SHOGUN};
use super::paths::{clear, RING};
use super::position::{to_bitboard, ShogunPiece, ShogunPosition, NONE};
use super::side_name;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::piece_moves::PieceMoves;
use crate::types::side::Side;
use crate::types::square::Square;

/// Why a move cannot be played in Shogun. The position is left as it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ShogunMoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The from-square holds no piece of the side to move.
    #[error("no {} piece on {square}", side_name(*side))]
    NotYourPiece {
        /// The from-square.
        square: Square,
        /// The side to move.
        side: Side,
    },
    /// No clear path of the piece's number leads there (S4), or the side's own piece stands there.
    #[error("the piece on {from} shows {number} and has no clear path of exactly {number} squares to {to} (S4)")]
    Unreachable {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The number the piece shows.
        number: u8,
    },
    /// The landing square holds the mover's own piece.
    #[error("{to} holds a piece of the same side")]
    OwnPiece {
        /// To.
        to: Square,
    },
    /// Under the 1979 rules the Shogun is never captured (S5).
    #[error("the Shogun on {to} may not be captured under the 1979 rules (S5; capture=allowed gives the 1976 rules)")]
    ShogunCapture {
        /// To.
        to: Square,
    },
    /// The move would leave the mover's Shogun capturable (S5).
    #[error("Shogun! the move would leave the {} Shogun capturable by the piece on {by} (S5)", side_name(*side))]
    ShogunInDanger {
        /// The mover.
        side: Side,
        /// An enemy piece that could then capture it.
        by: Square,
    },
}

#[inline(always)]
fn bit(q: u8) -> u64 {
    1u64 << (q & 63)
}

impl ShogunPosition {
    /// Bit of a side's Shogun, 0 when it is not on the board.
    #[inline(always)]
    fn shogun_bit(&self, s: usize) -> u64 {
        let q = self.sq[s][SHOGUN];
        if q == NONE {
            0
        } else {
            bit(q)
        }
    }

    /// Landing squares (S3 indices) of the piece in `slot` of side `s` by S4 alone, minus the enemy
    /// Shogun under the 1979 rules.
    #[inline(always)]
    pub(crate) fn pseudo_dests(&self, s: usize, slot: usize) -> u64 {
        let from = self.sq[s][slot];
        let n = self.num[s][slot];
        let occ = self.occ[0] | self.occ[1];
        let mut cand = RING[from as usize][n as usize] & !self.occ[s];
        if !self.rules.options.capture_allowed {
            cand &= !self.shogun_bit(1 - s);
        }
        let mut out = 0;
        while cand != 0 {
            let t = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            if clear(from, t, occ) {
                out |= bit(t);
            }
        }
        out
    }

    /// The pieces of side `opp` whose current number reaches square `k` (S3 index) by distance: the only
    /// ones that can threaten a Shogun there (S5), found once however many moves are then tested.
    #[inline(always)]
    fn reaching(&self, opp: usize, k: u8) -> ([u8; 8], usize) {
        let mut found = [0u8; 8];
        let mut n = 0;
        for e_slot in 0..8 {
            let e = self.sq[opp][e_slot];
            if e != NONE && RING[e as usize][self.num[opp][e_slot] as usize] & bit(k) != 0 {
                found[n] = e;
                n += 1;
            }
        }
        (found, n)
    }

    /// The first of `enemies` (from [`ShogunPosition::reaching`] for `k`) with a clear path to the
    /// Shogun on `k` after a move from `from` to `to`; an enemy standing on `to` is captured by it.
    #[inline(always)]
    fn first_clear(&self, enemies: &[u8], k: u8, from: u8, to: u8) -> Option<u8> {
        let occ = ((self.occ[0] | self.occ[1]) & !bit(from)) | bit(to);
        enemies
            .iter()
            .copied()
            .find(|&e| e != to && clear(e, k, occ))
    }

    /// The first enemy piece (S3 index) that could capture side `s`'s Shogun after its piece in `slot`
    /// moves from `from` to `to` (S5), or `None` when the Shogun is safe.
    #[inline(always)]
    pub(crate) fn threat_after(&self, s: usize, slot: usize, from: u8, to: u8) -> Option<u8> {
        let k = if slot == SHOGUN {
            to
        } else {
            self.sq[s][SHOGUN]
        };
        if k == NONE {
            return None;
        }
        let (enemies, n) = self.reaching(1 - s, k);
        self.first_clear(&enemies[..n], k, from, to)
    }

    /// S5: whether side `s`'s Shogun is safe after the move (always true with the 1976 rules).
    #[inline(always)]
    pub(crate) fn safe_after(&self, s: usize, slot: usize, from: u8, to: u8) -> bool {
        self.rules.options.capture_allowed || self.threat_after(s, slot, from, to).is_none()
    }

    /// Legal landing squares (S3 indices) of the piece in `slot` of side `s`.
    #[inline]
    pub(crate) fn legal_dests(&self, s: usize, slot: usize) -> u64 {
        self.legal_dests_in(s, slot, u64::MAX)
    }

    /// Legal landing squares (S3 indices) of the piece in `slot` of side `s` inside `mask`.
    #[inline]
    pub(crate) fn legal_dests_in(&self, s: usize, slot: usize, mask: u64) -> u64 {
        let d = self.pseudo_dests(s, slot) & mask;
        if self.rules.options.capture_allowed || d == 0 {
            return d;
        }
        let opp = 1 - s;
        let from = self.sq[s][slot];
        // Only enemy pieces whose number reaches the Shogun's square can threaten it (S5): find them
        // once for the piece instead of once per landing square.
        let mut out = 0;
        if slot == SHOGUN {
            // The Shogun itself moves: a landing square is unsafe only if some enemy's ring holds it.
            let mut cover = 0u64;
            for e_slot in 0..8 {
                let e = self.sq[opp][e_slot];
                if e != NONE {
                    cover |= RING[e as usize][self.num[opp][e_slot] as usize];
                }
            }
            let mut rest = d;
            while rest != 0 {
                let t = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if cover & bit(t) == 0 || self.threat_after(s, slot, from, t).is_none() {
                    out |= bit(t);
                }
            }
            return out;
        }
        let k = self.sq[s][SHOGUN];
        if k == NONE {
            return d;
        }
        let (enemies, n) = self.reaching(opp, k);
        if n == 0 {
            return d;
        }
        let mut rest = d;
        while rest != 0 {
            let t = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if self.first_clear(&enemies[..n], k, from, t).is_none() {
                out |= bit(t);
            }
        }
        out
    }

    /// The enemy pieces that could capture `side`'s Shogun now, with their current numbers (the
    /// "Shogun!" warning). Empty when the Shogun is not on the board.
    pub fn attackers(&self, side: Side) -> BitBoard {
        to_bitboard(self.attackers_s3(side.index()))
    }

    /// [`ShogunPosition::attackers`] as S3 bits.
    #[inline]
    fn attackers_s3(&self, s: usize) -> u64 {
        let k = self.sq[s][SHOGUN];
        if k == NONE {
            return 0;
        }
        let occ = self.occ[0] | self.occ[1];
        let (enemies, n) = self.reaching(1 - s, k);
        enemies[..n]
            .iter()
            .filter(|&&e| clear(e, k, occ))
            .fold(0, |out, &e| out | bit(e))
    }

    /// Whether `side`'s Shogun could be captured by an enemy piece now.
    pub fn shogun_attacked(&self, side: Side) -> bool {
        self.attackers_s3(side.index()) != 0
    }

    /// Calls `f` with the legal moves of each piece of the side to move (slots in order: Shogun, then
    /// ids 1–7); stops early and returns `true` when `f` does. Does not look at whether the game is over.
    pub fn generate_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_moves_in(u64::MAX, f)
    }

    /// [`ShogunPosition::generate_moves`] limited to the moves that capture (`captures` true) or to
    /// those that do not (false): each is checked for S5 only when it is wanted.
    pub fn generate_captures(&self, captures: bool, f: impl FnMut(PieceMoves) -> bool) -> bool {
        let enemy = self.occ[1 - self.side.index()];
        self.generate_moves_in(if captures { enemy } else { !enemy }, f)
    }

    fn generate_moves_in(&self, mask: u64, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        let s = self.side.index();
        for slot in 0..8 {
            let from = self.sq[s][slot];
            if from == NONE {
                continue;
            }
            let d = self.legal_dests_in(s, slot, mask);
            if d != 0
                && f(PieceMoves {
                    from: magnets::square(from),
                    to: to_bitboard(d),
                })
            {
                return true;
            }
        }
        false
    }

    /// Every legal move of the side to move, in board order (from-square, then to-square).
    pub fn moves(&self) -> Vec<Move> {
        <Self as crate::position::Position>::moves(self)
    }

    /// Number of legal moves of the side to move.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let s = self.side.index();
        let mut n = 0;
        for slot in 0..8 {
            if self.sq[s][slot] != NONE {
                n += u64::from(self.legal_dests(s, slot).count_ones());
            }
        }
        n
    }

    /// The number of legal moves of the side to move and of enemy pieces it can capture (each counted
    /// once, however many pieces can take it), without listing the moves.
    pub fn mobility(&self) -> (u32, u32) {
        let s = self.side.index();
        let (mut n, mut targets) = (0, 0u64);
        for slot in 0..8 {
            if self.sq[s][slot] != NONE {
                let d = self.legal_dests(s, slot);
                n += d.count_ones();
                targets |= d;
            }
        }
        (n, (targets & self.occ[1 - s]).count_ones())
    }

    /// Whether the side to move has a legal move.
    #[inline]
    pub fn has_moves(&self) -> bool {
        let s = self.side.index();
        for slot in 0..8 {
            let from = self.sq[s][slot];
            if from == NONE {
                continue;
            }
            let mut d = self.pseudo_dests(s, slot);
            while d != 0 {
                let t = d.trailing_zeros() as u8;
                d &= d - 1;
                if self.safe_after(s, slot, from, t) {
                    return true;
                }
            }
        }
        false
    }

    /// A legal move chosen uniformly: `choose(k)` returns an index below `k` (e.g. a random one). The
    /// pseudo-legal moves (S4) are listed once; a pick that breaks S5 is dropped and the choice is
    /// repeated among the rest, which keeps it uniform over the legal moves. `None` without moves.
    pub fn pick_move(&self, mut choose: impl FnMut(u64) -> u64) -> Option<Move> {
        let s = self.side.index();
        let mut list = [(0u8, 0u8, 0u8); 128];
        let mut len = 0usize;
        for slot in 0..8 {
            let from = self.sq[s][slot];
            if from == NONE {
                continue;
            }
            let mut d = self.pseudo_dests(s, slot);
            while d != 0 {
                let t = d.trailing_zeros() as u8;
                d &= d - 1;
                list[len] = (slot as u8, from, t);
                len += 1;
            }
        }
        while len > 0 {
            let i = (choose(len as u64) as usize).min(len - 1);
            let (slot, from, to) = list[i];
            if self.safe_after(s, slot as usize, from, to) {
                return Some(Move::new(magnets::square(from), magnets::square(to)));
            }
            len -= 1;
            list[i] = list[len];
        }
        None
    }

    /// Checks a move for the side to move: S4, the Shogun capture ban and S5 (1979 rules).
    pub fn check_move(&self, mv: Move) -> Result<(), ShogunMoveError> {
        let on_board = |q: Square| q.file() < 8 && q.rank() < 8;
        let s = self.side.index();
        let mine = on_board(mv.from)
            .then(|| self.board[magnets::index(mv.from) as usize])
            .filter(|&c| c != 0 && (c - 1) as usize / 8 == s);
        let Some(code) = mine else {
            return Err(ShogunMoveError::NotYourPiece {
                square: mv.from,
                side: self.side,
            });
        };
        let slot = ((code - 1) % 8) as usize;
        let from = magnets::index(mv.from);
        let number = self.num[s][slot];
        if !on_board(mv.to) {
            return Err(ShogunMoveError::Unreachable {
                from: mv.from,
                to: mv.to,
                number,
            });
        }
        let to = magnets::index(mv.to);
        if self.occ[s] & bit(to) != 0 {
            return Err(ShogunMoveError::OwnPiece { to: mv.to });
        }
        let occ = self.occ[0] | self.occ[1];
        if RING[from as usize][number as usize] & bit(to) == 0 || !clear(from, to, occ) {
            return Err(ShogunMoveError::Unreachable {
                from: mv.from,
                to: mv.to,
                number,
            });
        }
        if !self.rules.options.capture_allowed {
            if self.shogun_bit(1 - s) & bit(to) != 0 {
                return Err(ShogunMoveError::ShogunCapture { to: mv.to });
            }
            if let Some(e) = self.threat_after(s, slot, from, to) {
                return Err(ShogunMoveError::ShogunInDanger {
                    side: self.side,
                    by: magnets::square(e),
                });
            }
        }
        Ok(())
    }

    /// Checks and plays a move; returns the captured piece. On error nothing changes. (Whether the game
    /// is already over is the caller's business, see [`crate::ShogunGame`].)
    pub fn play(&mut self, mv: Move) -> Result<Option<ShogunPiece>, ShogunMoveError> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }
}
