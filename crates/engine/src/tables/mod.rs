//! Endgame tables: every position of small material solved exactly by retrograde analysis
//! (docs/tables.md).
//!
//! A table holds, for one variant and one material signature (pieces of the side to move v pieces of
//! the other side, e.g. `3v2`), the value of every placement: win, loss or draw for the side to move
//! with the distance in plies to the next capture that keeps the result (DTZ; in `2v2` of `hasami`
//! every capture ends the game, so it is the distance to the end). [`index`] numbers the placements
//! (by default one of each family of the board's eight images, [`symmetry`]), [`build`] solves them, [`mod@file`] stores them, [`Tables`] look positions up for the search with the
//! quiet-ply rule (D2) applied, and [`verify`] checks a table against a brute-force search.

pub mod build;
pub(crate) mod colex;
pub mod file;
pub mod index;
pub(crate) mod probe;
pub mod symmetry;
pub mod verify;

use std::fmt;
use std::str::FromStr;

use hasami_core::{BitBoard, HasamiPosition, HasamiRules, Side};
use thiserror::Error;

use index::Indexer;
pub use probe::{set_default, Tables};
use symmetry::Symmetry;

/// A material signature: pieces of the side to move, pieces of the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    /// Pieces of the side to move.
    pub stm: u8,
    /// Pieces of the other side.
    pub opp: u8,
}

impl Signature {
    /// The same material with the other side to move.
    pub fn swapped(self) -> Signature {
        Signature {
            stm: self.opp,
            opp: self.stm,
        }
    }

    /// The signature of a position.
    pub fn of(pos: &HasamiPosition) -> Signature {
        Signature {
            stm: pos.pieces(pos.side()).len() as u8,
            opp: pos.pieces(!pos.side()).len() as u8,
        }
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.stm, self.opp)
    }
}

impl FromStr for Signature {
    type Err = TableError;

    /// `AvB`, e.g. `3v2`: A pieces for the side to move, B for the other, each 1 to
    /// [`index::MAX_SIDE`].
    fn from_str(s: &str) -> Result<Signature, TableError> {
        let bad = || TableError::BadSignature(s.to_string());
        let (a, b) = s.split_once(['v', 'V']).ok_or_else(bad)?;
        let (stm, opp) = (
            a.trim().parse::<u8>().map_err(|_| bad())?,
            b.trim().parse::<u8>().map_err(|_| bad())?,
        );
        if !(1..=index::MAX_SIDE).contains(&stm) || !(1..=index::MAX_SIDE).contains(&opp) {
            return Err(bad());
        }
        Ok(Signature { stm, opp })
    }
}

/// The value of a table position for the side to move, with the distance in plies to the next capture
/// that keeps the result (or to the end of the game), not counting the quiet-ply rule (D2; see
/// [`Tables`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// Neither side can force a win.
    Draw,
    /// The side to move wins; the winning capture is made at this ply (1 = its own move now).
    Win(u8),
    /// The side to move loses; the deciding capture is made at this ply (0 = it has no move now, W6).
    Loss(u8),
}

/// Largest distance a table byte can hold.
pub const MAX_DISTANCE: u8 = 127;

impl Value {
    /// One byte: 0 draw, 1–127 a win at that distance, 128–255 a loss at distance byte − 128.
    #[inline]
    pub fn from_byte(b: u8) -> Value {
        match b {
            0 => Value::Draw,
            1..=127 => Value::Win(b),
            _ => Value::Loss(b - 128),
        }
    }

    /// The byte of [`Value::from_byte`] (distances above [`MAX_DISTANCE`] must not be given).
    #[inline]
    pub fn to_byte(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => d.clamp(1, MAX_DISTANCE),
            Value::Loss(d) => 128 + d.min(MAX_DISTANCE),
        }
    }

    /// The value for the other side.
    pub fn negate(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win(d) => Value::Loss(d),
            Value::Loss(d) => Value::Win(d),
        }
    }

    /// The value when `quiet` plies without a capture have been played and `limit` of them draw
    /// (D2, 0 = no limit): a win or loss whose capture comes after the limit is a draw.
    #[inline]
    pub fn with_quiet(self, quiet: u32, limit: u32) -> Value {
        match self {
            Value::Win(d) | Value::Loss(d) if limit > 0 && u32::from(d) + quiet > limit => {
                Value::Draw
            }
            v => v,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Draw => f.write_str("draw"),
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
        }
    }
}

/// What can go wrong building, reading or using tables.
#[derive(Debug, Error)]
pub enum TableError {
    /// The variant's rules make tables unfit.
    #[error("no endgame tables for {variant}: {reason}")]
    Unsupported {
        /// Variant text.
        variant: String,
        /// Why.
        reason: &'static str,
    },
    /// Not `AvB`.
    #[error("bad material '{0}': write pieces of the side to move v pieces of the other side, e.g. 3v2 (1 to 6 each)")]
    BadSignature(String),
    /// Positions of this material have already ended.
    #[error(
        "{signature} in {variant} is already decided by the rules (a side has too few pieces)"
    )]
    Decided {
        /// Variant text.
        variant: String,
        /// Material.
        signature: Signature,
    },
    /// A smaller table needed for captures is missing.
    #[error("the {signature} table of {variant} is needed first")]
    MissingLower {
        /// Variant text.
        variant: String,
        /// Material.
        signature: Signature,
    },
    /// The memory for a build's working arrays could not be had.
    #[error("not enough memory to build {signature} ({positions} positions, 3 bytes each)")]
    NoMemory {
        /// Material.
        signature: Signature,
        /// Its positions.
        positions: u64,
    },
    /// A distance does not fit the format.
    #[error("a distance above {MAX_DISTANCE} plies does not fit the table format")]
    TooDeep,
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// A file is not a table of this version, variant or material, or is damaged.
    #[error("{path}: {reason}")]
    BadFile {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

/// Why tables cannot be made for these rules, if they cannot: the value of a position must depend
/// only on the two sides' pieces (not their colour) and the game must be decided by material.
pub fn unsupported(rules: &HasamiRules) -> Option<&'static str> {
    if rules.five {
        Some("five in a row (W3) is decided by lines of many pieces, which small material cannot make; the tables would only say draw")
    } else if rules.most_captures {
        Some("most captures (W5) is decided by the piece count when the quiet limit (D2) ends the game, so a value would depend on the quiet-ply count too (a side ahead only has to wait)")
    } else if rules.options.house {
        Some("houses (A3.4) make the sides' moves differ by colour")
    } else {
        None
    }
}

/// One solved table: a variant, a signature and the value byte of every placement.
#[derive(Debug, Clone)]
pub struct Table {
    rules: &'static HasamiRules,
    index: Indexer,
    values: Vec<u8>,
}

impl Table {
    /// A table from its values (one byte per index of the signature's index with or without the
    /// board's symmetries, see [`Value::from_byte`]). `None` when the count is not the index's.
    pub fn from_values(
        rules: &'static HasamiRules,
        signature: Signature,
        symmetry: Symmetry,
        values: Vec<u8>,
    ) -> Option<Table> {
        let index = Indexer::new(rules.size(), signature.stm, signature.opp, symmetry)?;
        (values.len() as u64 == index.count()).then_some(Table {
            rules,
            index,
            values,
        })
    }

    /// The variant.
    pub fn rules(&self) -> &'static HasamiRules {
        self.rules
    }

    /// The material.
    pub fn signature(&self) -> Signature {
        Signature {
            stm: self.index.stm,
            opp: self.index.opp,
        }
    }

    /// The index.
    pub fn indexer(&self) -> &Indexer {
        &self.index
    }

    /// The value bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.values
    }

    /// The value with `stm` to move against `opp` (the signature's counts), ignoring D2.
    #[inline]
    pub fn value(&self, stm: BitBoard, opp: BitBoard) -> Value {
        Value::from_byte(self.values[self.index.index(stm, opp) as usize])
    }

    /// The value of `pos` for its side to move ignoring D2, if `pos` is of this table's material.
    #[inline]
    pub fn value_of(&self, pos: &HasamiPosition) -> Option<Value> {
        let (s, o) = (pos.pieces(pos.side()), pos.pieces(!pos.side()));
        (s.len() == u32::from(self.index.stm) && o.len() == u32::from(self.index.opp))
            .then(|| self.value(s, o))
    }

    /// Counts of wins, losses and draws and the longest win and loss.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for &b in &self.values {
            match Value::from_byte(b) {
                Value::Draw => c.draws += 1,
                Value::Win(d) => {
                    c.wins += 1;
                    c.longest_win = c.longest_win.max(d);
                }
                Value::Loss(d) => {
                    c.losses += 1;
                    c.longest_loss = c.longest_loss.max(d);
                }
            }
        }
        c
    }

    /// A position of this table (Black to move), for tools and tests.
    pub fn position(&self, index: u64) -> HasamiPosition {
        let (s, o) = self.index.position(index);
        HasamiPosition::from_pieces(self.rules, [s, o], Side::First, 0)
    }
}

/// How a table's positions divide.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Wins for the side to move.
    pub wins: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// The longest win, in plies.
    pub longest_win: u8,
    /// The longest loss, in plies.
    pub longest_loss: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for b in 0..=255u8 {
            assert_eq!(Value::from_byte(b).to_byte(), b);
        }
    }

    #[test]
    fn a_capture_after_the_quiet_limit_does_not_count() {
        // Win at ply 5 with 95 quiet plies of 100: the capture is the 100th ply, in time.
        assert_eq!(Value::Win(5).with_quiet(95, 100), Value::Win(5));
        assert_eq!(Value::Win(5).with_quiet(96, 100), Value::Draw);
        assert_eq!(Value::Loss(4).with_quiet(97, 100), Value::Draw);
        assert_eq!(Value::Loss(0).with_quiet(99, 100), Value::Loss(0));
        assert_eq!(Value::Win(120).with_quiet(1000, 0), Value::Win(120));
    }

    #[test]
    fn signatures_parse() {
        assert_eq!(
            "3v2".parse::<Signature>().unwrap(),
            Signature { stm: 3, opp: 2 }
        );
        for bad in ["3", "0v2", "3v", "av2", "3v7"] {
            assert!(bad.parse::<Signature>().is_err(), "{bad}");
        }
    }
}
