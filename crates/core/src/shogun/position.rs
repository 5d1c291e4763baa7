//! A Shogun position: pieces with owner, id, square and number shown; side to move; counters; the
//! generator state of `numbers=random`; the rules (which carry the seed and rotation).

use std::fmt;

use super::magnets::{self, SETUP_SQUARES, SHOGUN, SHOGUN_SQUARES};
use super::rules::ShogunRules;
use crate::types::bitboard::BitBoard;
use crate::types::mv::Move;
use crate::types::rng::SplitMix64;
use crate::types::side::Side;
use crate::types::square::Square;

/// Marks an absent piece in the per-slot square arrays.
pub(crate) const NONE: u8 = 64;

/// One piece as a player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShogunPiece {
    /// Owner: [`Side::First`] is Shogun's White (first, rank 1), [`Side::Second`] is Red.
    pub side: Side,
    /// Disc id 1–7, or 0 for the Shogun.
    pub id: u8,
    /// Where it stands.
    pub square: Square,
    /// The number it shows (1–4; the Shogun 1–2).
    pub number: u8,
}

impl ShogunPiece {
    /// Whether this is the Shogun.
    pub const fn is_shogun(&self) -> bool {
        self.id as usize == SHOGUN
    }
}

/// A position of Shogun. It is `Copy` (about 150 bytes); history for repetition (D1) is kept by the
/// caller, as for the Hasami family ([`crate::ShogunGame`]).
#[derive(Clone, Copy)]
pub struct ShogunPosition {
    /// Occupancy per side, S3 indices.
    pub(crate) occ: [u64; 2],
    /// Square (S3 index) per side and slot (0 = Shogun, 1–7 = piece id), [`NONE`] when absent.
    pub(crate) sq: [[u8; 8]; 2],
    /// Number shown per side and slot.
    pub(crate) num: [[u8; 8]; 2],
    /// Per square: 0 empty, else 1 + side × 8 + slot.
    pub(crate) board: [u8; 64],
    pub(crate) hash: u64,
    pub(crate) rng: u64,
    pub(crate) rules: &'static ShogunRules,
    pub(crate) side: Side,
    pub(crate) quiet: u32,
    pub(crate) fullmove: u32,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

type Keys = [[[[u64; 4]; 64]; 8]; 2];

const fn keys() -> (Keys, u64) {
    let mut state = 0x5348_4F47_554E_u64; // "SHOGUN"
    let mut t = [[[[0u64; 4]; 64]; 8]; 2];
    let mut s = 0;
    while s < 2 {
        let mut slot = 0;
        while slot < 8 {
            let mut q = 0;
            while q < 64 {
                let mut n = 0;
                while n < 4 {
                    t[s][slot][q][n] = splitmix(&mut state);
                    n += 1;
                }
                q += 1;
            }
            slot += 1;
        }
        s += 1;
    }
    (t, splitmix(&mut state))
}

/// Zobrist keys by owner, slot, square and number shown, and the key for Red to move.
static KEYS: (Keys, u64) = keys();

#[inline(always)]
fn key(side: usize, slot: usize, sq: u8, number: u8) -> u64 {
    KEYS.0[side][slot][sq as usize][(number - 1) as usize & 3]
}

/// Converts an S3-indexed 64-bit set to a [`BitBoard`].
pub(crate) fn to_bitboard(mut m: u64) -> BitBoard {
    let mut b = 0u128;
    let mut rank = 0;
    while m != 0 {
        b |= u128::from(m & 0xff) << (10 * rank);
        m >>= 8;
        rank += 1;
    }
    BitBoard(b)
}

impl ShogunPosition {
    /// The start position (S1, S2, S3): the side of `first=` to move (White by default), the pieces
    /// in the order of `setup=` (with `setup=choose`, before the players arrange them, in the fixed
    /// order), numbers of the starting squares (or drawn, with `numbers=random`).
    pub fn start(rules: &'static ShogunRules) -> ShogunPosition {
        ShogunPosition::start_with(rules, rules.magnets.setup)
    }

    /// The start position with `setup[side]` the ids on that side's setup squares (S2 order).
    pub(crate) fn start_with(rules: &'static ShogunRules, setup: [[u8; 7]; 2]) -> ShogunPosition {
        let m = &rules.magnets;
        let mut pieces = Vec::with_capacity(16);
        let mut rng = SplitMix64(m.state);
        for side in Side::ALL {
            let s = side.index();
            let mut place = [NONE; 8];
            place[SHOGUN] = SHOGUN_SQUARES[s];
            for (k, &id) in setup[s].iter().enumerate() {
                place[id as usize] = SETUP_SQUARES[s][k];
            }
            // Setup order of S3: pieces by id 1–7, then the Shogun.
            for slot in (1..8).chain([SHOGUN]) {
                let q = place[slot];
                let number = if rules.options.random_numbers {
                    1 + (rng.next() % if slot == SHOGUN { 2 } else { 4 }) as u8
                } else {
                    m.number[s][slot][q as usize]
                };
                pieces.push(ShogunPiece {
                    side,
                    id: slot as u8,
                    square: magnets::square(q),
                    number,
                });
            }
        }
        ShogunPosition::from_pieces(rules, &pieces, rules.options.first, 0, 1, rng.0)
    }

    /// Builds a position from pieces already checked (distinct squares and slots, numbers in range).
    pub(crate) fn from_pieces(
        rules: &'static ShogunRules,
        pieces: &[ShogunPiece],
        side: Side,
        quiet: u32,
        fullmove: u32,
        rng: u64,
    ) -> ShogunPosition {
        let mut pos = ShogunPosition {
            occ: [0; 2],
            sq: [[NONE; 8]; 2],
            num: [[0; 8]; 2],
            board: [0; 64],
            hash: 0,
            rng,
            rules,
            side,
            quiet,
            fullmove,
        };
        for p in pieces {
            let s = p.side.index();
            let q = magnets::index(p.square);
            pos.occ[s] |= 1 << q;
            pos.sq[s][p.id as usize] = q;
            pos.num[s][p.id as usize] = p.number;
            pos.board[q as usize] = 1 + (s * 8) as u8 + p.id;
        }
        pos.hash = pos.fresh_hash();
        pos
    }

    /// The Zobrist hash (pieces with owner, id, square and number; side to move). The generator
    /// state is left out, as D1 compares positions without it (S6).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`Self::hash`]; for tests).
    pub fn fresh_hash(&self) -> u64 {
        let mut h = if self.side == Side::Second { KEYS.1 } else { 0 };
        for s in 0..2 {
            for slot in 0..8 {
                let q = self.sq[s][slot];
                if q != NONE {
                    h ^= key(s, slot, q, self.num[s][slot]);
                }
            }
        }
        h
    }

    /// The rules, including the seed and rotation of this position's magnet board.
    #[inline]
    pub fn rules(&self) -> &'static ShogunRules {
        self.rules
    }

    /// The side to move ([`Side::First`] is White, [`Side::Second`] is Red; see [`super::side_name`]).
    #[inline]
    pub fn side(&self) -> Side {
        self.side
    }

    /// Plies since the last capture (D2).
    #[inline]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Full-move number, starting at 1 and going up after Red's move.
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The state of the number generator (used by `numbers=random`).
    #[inline]
    pub fn rng_state(&self) -> u64 {
        self.rng
    }

    /// The squares of a side's pieces, Shogun included.
    pub fn pieces(&self, side: Side) -> BitBoard {
        to_bitboard(self.occ[side.index()])
    }

    /// All occupied squares.
    pub fn occupied(&self) -> BitBoard {
        to_bitboard(self.occ[0] | self.occ[1])
    }

    /// How many pieces a side has, Shogun included.
    #[inline]
    pub fn piece_count(&self, side: Side) -> u32 {
        self.occ[side.index()].count_ones()
    }

    /// The square of a side's Shogun, if it is on the board.
    pub fn shogun(&self, side: Side) -> Option<Square> {
        let q = self.sq[side.index()][SHOGUN];
        (q != NONE).then(|| magnets::square(q))
    }

    /// The piece on a square of the 8×8 board.
    pub fn piece_at(&self, sq: Square) -> Option<ShogunPiece> {
        if sq.file() >= 8 || sq.rank() >= 8 {
            return None;
        }
        let c = self.board[magnets::index(sq) as usize];
        (c != 0).then(|| self.piece_of_code(c))
    }

    fn piece_of_code(&self, c: u8) -> ShogunPiece {
        let s = ((c - 1) / 8) as usize;
        let slot = ((c - 1) % 8) as usize;
        ShogunPiece {
            side: Side::ALL[s],
            id: slot as u8,
            square: magnets::square(self.sq[s][slot]),
            number: self.num[s][slot],
        }
    }

    /// Every piece, from `a1` to `h8`.
    pub fn piece_list(&self) -> Vec<ShogunPiece> {
        self.board
            .iter()
            .filter(|&&c| c != 0)
            .map(|&c| self.piece_of_code(c))
            .collect()
    }

    /// The number the magnets would make `side`'s piece `id` (0 = Shogun) show on `sq` (the learning
    /// view); `None` with `numbers=random`, where numbers are drawn, or for a bad id or square.
    pub fn number_on(&self, side: Side, id: u8, sq: Square) -> Option<u8> {
        if self.rules.options.random_numbers || id >= 8 || sq.file() >= 8 || sq.rank() >= 8 {
            return None;
        }
        Some(self.rules.magnets.number[side.index()][id as usize][magnets::index(sq) as usize])
    }

    /// The same position with the piece on `sq` showing `number` instead (for a search that treats the
    /// number a piece will show as unknown and tries each). `None` when `sq` is empty or `number` is out
    /// of range for the piece (1–4; the Shogun 1–2).
    pub fn with_number(&self, sq: Square, number: u8) -> Option<ShogunPosition> {
        if sq.file() >= 8 || sq.rank() >= 8 {
            return None;
        }
        let q = magnets::index(sq);
        let code = self.board[q as usize];
        if code == 0 {
            return None;
        }
        let s = ((code - 1) / 8) as usize;
        let slot = ((code - 1) % 8) as usize;
        let max = if slot == SHOGUN { 2 } else { 4 };
        if number == 0 || number > max {
            return None;
        }
        let mut p = *self;
        p.hash ^= key(s, slot, q, self.num[s][slot]) ^ key(s, slot, q, number);
        p.num[s][slot] = number;
        Some(p)
    }

    /// Plays a move known to be legal (or at least pseudo-legal: a piece of the side to move on
    /// `from`, `to` not its own). Returns the captured piece. The moved piece then shows the number of
    /// its landing square (or a drawn one, `numbers=random`).
    pub fn play_unchecked(&mut self, mv: Move) -> Option<ShogunPiece> {
        let from = magnets::index(mv.from);
        let to = magnets::index(mv.to);
        let me = self.side.index();
        let opp = 1 - me;
        let code = self.board[from as usize];
        debug_assert!(code != 0 && (code - 1) as usize / 8 == me);
        let slot = ((code - 1) % 8) as usize;
        let mut captured = None;
        let victim = self.board[to as usize];
        if victim != 0 {
            let p = self.piece_of_code(victim);
            let vslot = p.id as usize;
            self.hash ^= key(opp, vslot, to, p.number);
            self.occ[opp] &= !(1 << to);
            self.sq[opp][vslot] = NONE;
            self.num[opp][vslot] = 0;
            captured = Some(p);
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        let old = self.num[me][slot];
        let new = if self.rules.options.random_numbers {
            let mut rng = SplitMix64(self.rng);
            let n = 1 + (rng.next() % if slot == SHOGUN { 2 } else { 4 }) as u8;
            self.rng = rng.0;
            n
        } else {
            self.rules.magnets.number[me][slot][to as usize]
        };
        self.hash ^= key(me, slot, from, old) ^ key(me, slot, to, new) ^ KEYS.1;
        self.occ[me] ^= (1 << from) | (1 << to);
        self.sq[me][slot] = to;
        self.num[me][slot] = new;
        self.board[from as usize] = 0;
        self.board[to as usize] = code;
        if self.side == Side::Second {
            self.fullmove += 1;
        }
        self.side = !self.side;
        captured
    }
}

impl fmt::Debug for ShogunPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ShogunPosition({self})")
    }
}

impl PartialEq for ShogunPosition {
    /// Equal when everything the position text shows is equal.
    fn eq(&self, other: &ShogunPosition) -> bool {
        self.sq == other.sq
            && self.num == other.num
            && self.side == other.side
            && self.quiet == other.quiet
            && self.fullmove == other.fullmove
            && self.rng == other.rng
            && std::ptr::eq(self.rules, other.rules)
    }
}

impl Eq for ShogunPosition {}
