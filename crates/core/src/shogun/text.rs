//! Shogun position text (RULES.md S8). The grammar (fields separated by spaces):
//!
//! ```text
//! position = ranks " " side " " seed " " rotation [" " state] [" " quiet " " move]
//! ranks    = rank "/" rank "/" … "/" rank        8 ranks, rank 8 first, each 8 squares
//! rank     = { piece | shogun | empty }
//! piece    = ("P" | "p") id ":" number           id 1–7, number 1–4 (P White, p Red)
//! shogun   = ("S" | "s") ":" number              number 1–2
//! empty    = "1"…"8"                             that many empty squares
//! side     = "w" | "r"                           White or Red to move
//! seed     = 0…18446744073709551615              the magnet board's seed (S3)
//! rotation = "0"…"3"                             its rotation
//! state    = 0…18446744073709551615              the generator state; given exactly with numbers=random
//! quiet    = 0…4294967295                        plies since the last capture (D2), default 0
//! move     = 1…4294967295                        full-move number, default 1
//! ```
//!
//! The start of `shogun`: `p7:1p6:2p5:4s:1p4:3p3:3p2:1p1:2/8/8/8/8/8/8/P1:1P2:4P3:3P4:1S:2P5:4P6:3P7:1 w 1979 0 0 1`
//! (numbers as the magnets of seed 1979 give them). Writing always gives all fields, so a position
//! round-trips. The seed and rotation of the text choose the magnet board of the position (the other
//! options come from the variant). With magnets every number must be the one the magnet board gives
//! that piece on that square. The 1979 rules need both Shoguns; the 1976 rules accept one missing
//! (a finished game). Errors name what is wrong and the column (1-based, in characters) where.

use std::fmt;

use thiserror::Error;

use super::magnets::{self, SHOGUN};
use super::position::{ShogunPiece, ShogunPosition};
use super::rules::ShogunRules;
use super::side_name;
use crate::types::side::Side;
use crate::types::square::Square;

/// What is wrong with Shogun position text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShogunTextErrorKind {
    /// Not the right number of fields.
    #[error("{found} field{} but expected {expected} (ranks, side, seed, rotation{}, then optionally quiet plies and move number)", if *found == 1 { "" } else { "s" }, if *random { ", generator state" } else { "" })]
    FieldCount {
        /// Fields given.
        found: usize,
        /// Allowed counts, in words.
        expected: &'static str,
        /// Whether the variant has `numbers=random` (the state field).
        random: bool,
    },
    /// Not 8 ranks.
    #[error("{0} ranks, but the board has 8")]
    RankCount(usize),
    /// A rank with more than 8 squares.
    #[error("rank {0} has more than 8 squares")]
    RankTooLong(u8),
    /// A rank with fewer than 8 squares.
    #[error("rank {rank} has {found} squares, but the board has 8")]
    RankTooShort {
        /// The rank (1–8).
        rank: u8,
        /// Squares given.
        found: u8,
    },
    /// A character that starts no token.
    #[error("unexpected '{0}' (expected P, p, S, s, a digit 1-8 or '/')")]
    BadChar(char),
    /// A piece token cut short or malformed.
    #[error("bad piece token '{token}': expected {expected}")]
    BadToken {
        /// The text read.
        token: String,
        /// What it should look like.
        expected: &'static str,
    },
    /// A side or piece given twice.
    #[error("{0} appears twice")]
    Duplicate(String),
    /// A number the magnets do not give.
    #[error("{token} on {square} shows {shown}, but the magnet board (seed {seed}, rotation {rotation}) gives {expected} there")]
    MagnetMismatch {
        /// The token.
        token: String,
        /// Its square.
        square: Square,
        /// The number in the text.
        shown: u8,
        /// The magnets' number.
        expected: u8,
        /// Seed of the board.
        seed: u64,
        /// Rotation of the board.
        rotation: u8,
    },
    /// A magnet board not seen before, beyond the process's limit on distinct rules
    /// ([`crate::limit_rule_sets`]).
    #[error(transparent)]
    TooMany(crate::TooManyRuleSets),
    /// A side without a Shogun where the rules need it.
    #[error("{} has no Shogun (the 1979 rules never capture it; capture=allowed gives the 1976 rules)", side_name(*.0))]
    MissingShogun(Side),
    /// Neither side has a Shogun.
    #[error("neither side has a Shogun")]
    NoShogun,
    /// A bad side to move.
    #[error("bad side '{0}' (expected w for White or r for Red)")]
    BadSide(String),
    /// A bad number field.
    #[error("bad {field} '{text}' (expected {expected})")]
    BadField {
        /// Which field.
        field: &'static str,
        /// The text.
        text: String,
        /// What is allowed.
        expected: &'static str,
    },
}

/// Shogun position text that could not be read, with the column (1-based, in characters) where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: {kind}")]
pub struct ShogunTextError {
    /// Where (1-based character column).
    pub column: usize,
    /// What.
    pub kind: ShogunTextErrorKind,
}

fn err(column: usize, kind: ShogunTextErrorKind) -> ShogunTextError {
    ShogunTextError { column, kind }
}

/// Splits into whitespace-separated fields with their 1-based starting columns.
fn fields(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (i, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            if let Some(f) = cur.take() {
                out.push(f);
            }
        } else {
            cur.get_or_insert_with(|| (i + 1, String::new())).1.push(c);
        }
    }
    out.extend(cur);
    out
}

/// A piece read from the ranks, with the column of its token.
struct Placed {
    piece: ShogunPiece,
    column: usize,
    token: String,
}

fn parse_ranks(text: &str, column0: usize) -> Result<Vec<Placed>, ShogunTextError> {
    let chars: Vec<char> = text.chars().collect();
    let mut placed = Vec::new();
    let mut rank_index = 0u8; // 0 = rank 8
    let mut file = 0u8;
    let mut i = 0;
    let end_rank = |rank_index: u8, file: u8, col: usize| {
        if file < 8 {
            Err(err(
                col,
                ShogunTextErrorKind::RankTooShort {
                    rank: 8 - rank_index,
                    found: file,
                },
            ))
        } else {
            Ok(())
        }
    };
    let ranks = text.split('/').count();
    if ranks != 8 {
        return Err(err(column0, ShogunTextErrorKind::RankCount(ranks)));
    }
    while i < chars.len() {
        let col = column0 + i;
        let c = chars[i];
        match c {
            '/' => {
                end_rank(rank_index, file, col)?;
                rank_index += 1;
                file = 0;
                i += 1;
            }
            '1'..='8' => {
                file += c as u8 - b'0';
                if file > 8 {
                    return Err(err(col, ShogunTextErrorKind::RankTooLong(8 - rank_index)));
                }
                i += 1;
            }
            'P' | 'p' | 'S' | 's' => {
                let shogun = matches!(c, 'S' | 's');
                let len = if shogun { 3 } else { 4 };
                let token: String = chars[i..(i + len).min(chars.len())].iter().collect();
                let t: Vec<char> = token.chars().collect();
                let expected = if shogun {
                    "S:N or s:N with N 1-2"
                } else {
                    "PI:N or pI:N with id I 1-7 and number N 1-4"
                };
                let bad = || {
                    err(
                        col,
                        ShogunTextErrorKind::BadToken {
                            token: token.clone(),
                            expected,
                        },
                    )
                };
                if t.len() < len {
                    return Err(bad());
                }
                let (id, colon, n) = if shogun {
                    (Some(0), t[1], t[2])
                } else {
                    (
                        t[1].to_digit(10).filter(|d| (1..=7).contains(d)),
                        t[2],
                        t[3],
                    )
                };
                let max = if shogun { 2 } else { 4 };
                let number = n.to_digit(10).filter(|d| (1..=max).contains(d));
                let (Some(id), ':', Some(number)) = (id, colon, number) else {
                    return Err(bad());
                };
                if file >= 8 {
                    return Err(err(col, ShogunTextErrorKind::RankTooLong(8 - rank_index)));
                }
                let side = if c.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                placed.push(Placed {
                    piece: ShogunPiece {
                        side,
                        id: id as u8,
                        square: Square::new(file, 7 - rank_index),
                        number: number as u8,
                    },
                    column: col,
                    token,
                });
                file += 1;
                i += len;
            }
            _ => return Err(err(col, ShogunTextErrorKind::BadChar(c))),
        }
    }
    end_rank(rank_index, file, column0 + chars.len())?;
    Ok(placed)
}

fn number_field<T: std::str::FromStr>(
    (column, text): &(usize, String),
    field: &'static str,
    expected: &'static str,
) -> Result<T, ShogunTextError> {
    let ok = text.bytes().all(|b| b.is_ascii_digit());
    match text.parse::<T>() {
        Ok(v) if ok => Ok(v),
        _ => Err(err(
            *column,
            ShogunTextErrorKind::BadField {
                field,
                text: text.clone(),
                expected,
            },
        )),
    }
}

impl ShogunPosition {
    /// Reads position text (S8; grammar in the module docs) for a Shogun variant. The text's seed and
    /// rotation choose the magnet board; the rest of the rules come from `rules`.
    pub fn from_text(
        text: &str,
        rules: &'static ShogunRules,
    ) -> Result<ShogunPosition, ShogunTextError> {
        let random = rules.options.random_numbers;
        let f = fields(text);
        let (ok, expected) = if random {
            (f.len() == 5 || f.len() == 7, "5 or 7")
        } else {
            (f.len() == 4 || f.len() == 6, "4 or 6")
        };
        if !ok {
            let column = f.last().map_or(1, |(c, t)| c + t.chars().count());
            return Err(err(
                column,
                ShogunTextErrorKind::FieldCount {
                    found: f.len(),
                    expected,
                    random,
                },
            ));
        }
        let placed = parse_ranks(&f[0].1, f[0].0)?;
        let side = match f[1].1.as_str() {
            "w" | "W" => Side::First,
            "r" | "R" => Side::Second,
            s => return Err(err(f[1].0, ShogunTextErrorKind::BadSide(s.to_string()))),
        };
        let seed: u64 = number_field(&f[2], "seed", "a whole number up to 18446744073709551615")?;
        let rotation: u8 = number_field(&f[3], "rotation", "0, 1, 2 or 3")?;
        if rotation > 3 {
            return Err(err(
                f[3].0,
                ShogunTextErrorKind::BadField {
                    field: "rotation",
                    text: f[3].1.clone(),
                    expected: "0, 1, 2 or 3",
                },
            ));
        }
        let rules = rules
            .with_board(seed, rotation)
            .map_err(|e| err(f[2].0, ShogunTextErrorKind::TooMany(e)))?;
        let mut next = 4;
        let rng = if random {
            next += 1;
            number_field(
                &f[4],
                "generator state",
                "a whole number up to 18446744073709551615",
            )?
        } else {
            rules.magnets.state
        };
        let (quiet, fullmove) = if f.len() > next {
            let q: u32 = number_field(&f[next], "quiet plies", "a whole number up to 4294967295")?;
            let m: u32 = number_field(&f[next + 1], "move number", "a whole number from 1")?;
            if m == 0 {
                return Err(err(
                    f[next + 1].0,
                    ShogunTextErrorKind::BadField {
                        field: "move number",
                        text: f[next + 1].1.clone(),
                        expected: "a whole number from 1",
                    },
                ));
            }
            (q, m)
        } else {
            (0, 1)
        };
        // Each side has each id at most once; numbers fit the magnets.
        let mut seen = [[false; 8]; 2];
        for p in &placed {
            let (s, slot) = (p.piece.side.index(), p.piece.id as usize);
            if seen[s][slot] {
                let what = if slot == SHOGUN {
                    format!("the {} Shogun", side_name(p.piece.side))
                } else {
                    format!("{} piece {}", side_name(p.piece.side), slot)
                };
                return Err(err(p.column, ShogunTextErrorKind::Duplicate(what)));
            }
            seen[s][slot] = true;
            if !random {
                let q = magnets::index(p.piece.square) as usize;
                let expected = rules.magnets.number[s][slot][q];
                if expected != p.piece.number {
                    return Err(err(
                        p.column,
                        ShogunTextErrorKind::MagnetMismatch {
                            token: p.token.clone(),
                            square: p.piece.square,
                            shown: p.piece.number,
                            expected,
                            seed,
                            rotation,
                        },
                    ));
                }
            }
        }
        match (seen[0][SHOGUN], seen[1][SHOGUN]) {
            (false, false) => return Err(err(f[0].0, ShogunTextErrorKind::NoShogun)),
            (true, true) => {}
            (w, _) if !rules.options.capture_allowed => {
                let missing = if w { Side::Second } else { Side::First };
                return Err(err(f[0].0, ShogunTextErrorKind::MissingShogun(missing)));
            }
            _ => {}
        }
        let pieces: Vec<ShogunPiece> = placed.into_iter().map(|p| p.piece).collect();
        Ok(ShogunPosition::from_pieces(
            rules, &pieces, side, quiet, fullmove, rng,
        ))
    }
}

impl fmt::Display for ShogunPosition {
    /// Position text (S8), every field written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let c = self.board[(rank * 8 + file) as usize];
                if c == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                let s = ((c - 1) / 8) as usize;
                let slot = ((c - 1) % 8) as usize;
                let n = self.num[s][slot];
                let letter = match (s, slot == SHOGUN) {
                    (0, false) => 'P',
                    (0, true) => 'S',
                    (_, false) => 'p',
                    (_, true) => 's',
                };
                if slot == SHOGUN {
                    write!(f, "{letter}:{n}")?;
                } else {
                    write!(f, "{letter}{slot}:{n}")?;
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = if self.side == Side::First { 'w' } else { 'r' };
        let o = &self.rules.options;
        write!(f, " {side} {} {}", o.seed, o.rotation)?;
        if o.random_numbers {
            write!(f, " {}", self.rng)?;
        }
        write!(f, " {} {}", self.quiet, self.fullmove)
    }
}
