//! Shogun variant text (RULES.md S9): `shogun[+option[=value]…]` → [`ShogunRules`].

use std::fmt;

use thiserror::Error;

use super::magnets::Magnets;
use crate::interned::{Interned, TooManyRuleSets};
use crate::types::side::Side;

/// Names of all options, for error messages.
pub const OPTION_NAMES: &str = "capture, numbers, seed, rotation, setup, first, repetition, quiet";

/// Every option with its allowed values and what it does, for `hasami variants`.
pub const OPTION_HELP: &[(&str, &str)] = &[
    (
        "capture=allowed|forbidden",
        "1976 rules: the Shogun may be captured, which wins (default forbidden: 1979 rules, S5)",
    ),
    (
        "numbers=magnets|random",
        "numbers from the synthetic magnet board (default) or drawn at random after every move",
    ),
    ("seed=N", "64-bit seed of the magnet board (default 1979)"),
    (
        "rotation=0..3",
        "quarter-turns of the magnet board under the pieces (default 0)",
    ),
    (
        "setup=fixed|shuffle|choose",
        "pieces 1-7 in order on the first rank (default), shuffled by the seed, or arranged by each player before the first move",
    ),
    (
        "first=white|red",
        "who moves first (default White; the players decide, 004)",
    ),
    (
        "repetition=R",
        "draw when a position appears the R-th time (R >= 2, default 3; 0 = off)",
    ),
    (
        "quiet=P",
        "draw after P plies without a capture (default 100; 0 = off)",
    ),
];

/// Why Shogun variant text was rejected. Every message names the bad part and what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShogunVariantError {
    /// Nothing given.
    #[error("empty variant; expected shogun[+option...]")]
    Empty,
    /// The first part is not `shogun`.
    #[error("'{0}' is not the shogun preset (expected shogun[+option...])")]
    NotShogun(String),
    /// A variant not seen before, beyond the process's limit on distinct rules
    /// ([`crate::limit_rule_sets`]).
    #[error(transparent)]
    TooMany(TooManyRuleSets),
    /// An option name is unknown.
    #[error("unknown shogun option '{0}'; allowed options: {OPTION_NAMES}")]
    UnknownOption(String),
    /// `++` or a trailing `+`.
    #[error("empty option in '{0}' (options are separated by single '+')")]
    EmptyOption(String),
    /// An option needs a value.
    #[error("shogun option '{option}' needs a value; allowed: {allowed}")]
    MissingValue {
        /// The option.
        option: String,
        /// What may follow `=`.
        allowed: &'static str,
    },
    /// An option's value is not allowed.
    #[error("bad value '{value}' for shogun option '{option}'; allowed: {allowed}")]
    BadValue {
        /// The option.
        option: String,
        /// The value given.
        value: String,
        /// What is allowed.
        allowed: &'static str,
    },
    /// An option that the other options leave without effect (RULES.md A6: refused, not ignored).
    #[error("shogun option '{option}' changes nothing here: {why}")]
    NoEffect {
        /// The option as given.
        option: String,
        /// Why it has no effect.
        why: &'static str,
    },
}

/// How each side's seven pieces are placed on its first rank (S2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ShogunSetup {
    /// Pieces 1–7 in order from the owner's left (`setup=fixed`, the default).
    #[default]
    Fixed,
    /// Each side's ids permuted by the seed's generator (`setup=shuffle`).
    Shuffle,
    /// Each player arranges its own pieces before the first move (`setup=choose`, `004`: "as
    /// desired"); see [`crate::shogun::Arranging`].
    Choose,
}

impl ShogunSetup {
    /// The option value: `fixed`, `shuffle` or `choose`.
    pub const fn text(self) -> &'static str {
        match self {
            ShogunSetup::Fixed => "fixed",
            ShogunSetup::Shuffle => "shuffle",
            ShogunSetup::Choose => "choose",
        }
    }
}

/// The options of a Shogun variant (S9), validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShogunOptions {
    /// S7: the Shogun may be captured (1976 rules); `false` is the 1979 rules with S5.
    pub capture_allowed: bool,
    /// S3 `numbers=random`: numbers drawn after every move instead of read from the magnets.
    pub random_numbers: bool,
    /// S3 seed.
    pub seed: u64,
    /// S3 rotation, 0–3.
    pub rotation: u8,
    /// S2 `setup=`.
    pub setup: ShogunSetup,
    /// S1 `first=`: the side that moves first ([`Side::First`] is White, the default).
    pub first: Side,
    /// D1: draw at the R-th appearance (0 = off).
    pub repetition: u32,
    /// D2: draw after P quiet plies (0 = off).
    pub quiet: u32,
}

impl Default for ShogunOptions {
    fn default() -> ShogunOptions {
        ShogunOptions {
            capture_allowed: false,
            random_numbers: false,
            seed: 1979,
            rotation: 0,
            setup: ShogunSetup::Fixed,
            first: Side::First,
            repetition: 3,
            quiet: 100,
        }
    }
}

/// A Shogun variant: its options and the magnet board they imply. Shared as `&'static`.
#[derive(Debug, PartialEq, Eq)]
pub struct ShogunRules {
    /// The options.
    pub options: ShogunOptions,
    /// The magnet board of the seed and rotation (also used for the setup and the generator start).
    pub magnets: Magnets,
}

/// One shared value per distinct variant, within the process's limit (`crate::interned`).
static INTERNED: Interned<ShogunOptions, ShogunRules> = Interned::new();

fn bad(option: &str, value: &str, allowed: &'static str) -> ShogunVariantError {
    ShogunVariantError::BadValue {
        option: option.to_string(),
        value: value.to_string(),
        allowed,
    }
}

fn number(
    option: &str,
    value: &str,
    hi: u32,
    allowed: &'static str,
) -> Result<u32, ShogunVariantError> {
    match value.parse::<u32>() {
        Ok(n) if n <= hi => Ok(n),
        _ => Err(bad(option, value, allowed)),
    }
}

impl ShogunRules {
    /// Parses variant text (`shogun+seed=42+rotation=1`, S9; any case, a repeated option takes the
    /// last value) and returns the shared rules for it.
    pub fn parse(text: &str) -> Result<&'static ShogunRules, ShogunVariantError> {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() {
            return Err(ShogunVariantError::Empty);
        }
        let mut parts = text.split('+');
        let head = parts.next().unwrap_or_default();
        if head != "shogun" {
            return Err(ShogunVariantError::NotShogun(head.to_string()));
        }
        let mut o = ShogunOptions::default();
        for part in parts {
            if part.is_empty() {
                return Err(ShogunVariantError::EmptyOption(text.clone()));
            }
            let (name, value) = match part.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (part, None),
            };
            let need = |allowed: &'static str| {
                value.ok_or(ShogunVariantError::MissingValue {
                    option: name.to_string(),
                    allowed,
                })
            };
            match name {
                "capture" => {
                    const A: &str = "allowed, forbidden";
                    o.capture_allowed = match need(A)? {
                        "allowed" => true,
                        "forbidden" => false,
                        v => return Err(bad(name, v, A)),
                    }
                }
                "numbers" => {
                    const A: &str = "magnets, random";
                    o.random_numbers = match need(A)? {
                        "random" => true,
                        "magnets" => false,
                        v => return Err(bad(name, v, A)),
                    }
                }
                "seed" => {
                    const A: &str = "a whole number from 0 to 18446744073709551615";
                    let v = need(A)?;
                    o.seed = v.parse::<u64>().map_err(|_| bad(name, v, A))?;
                }
                "rotation" => {
                    const A: &str = "0, 1, 2, 3";
                    o.rotation = number(name, need(A)?, 3, A)? as u8;
                }
                "setup" => {
                    const A: &str = "fixed, shuffle, choose";
                    o.setup = match need(A)? {
                        "fixed" => ShogunSetup::Fixed,
                        "shuffle" => ShogunSetup::Shuffle,
                        "choose" => ShogunSetup::Choose,
                        v => return Err(bad(name, v, A)),
                    }
                }
                "first" => {
                    const A: &str = "white, red";
                    o.first = match need(A)? {
                        "white" => Side::First,
                        "red" => Side::Second,
                        v => return Err(bad(name, v, A)),
                    }
                }
                "repetition" => {
                    const A: &str = "0 (off) or a count from 2 to 1000000";
                    let v = need(A)?;
                    let r = number(name, v, 1_000_000, A)?;
                    if r == 1 {
                        return Err(bad(name, v, A));
                    }
                    o.repetition = r;
                }
                "quiet" => {
                    const A: &str = "0 (off) or a number of plies up to 1000000";
                    o.quiet = number(name, need(A)?, 1_000_000, A)?;
                }
                _ => return Err(ShogunVariantError::UnknownOption(name.to_string())),
            }
        }
        if o.random_numbers && o.rotation != 0 {
            return Err(ShogunVariantError::NoEffect {
                option: format!("rotation={}", o.rotation),
                why: "with numbers=random no number is read from the magnet board, so turning it changes nothing",
            });
        }
        ShogunRules::intern(o).map_err(ShogunVariantError::TooMany)
    }

    /// The rules with no options: 1979 rules, magnets, seed 1979, rotation 0.
    pub fn standard() -> &'static ShogunRules {
        match ShogunRules::intern(ShogunOptions::default()) {
            Ok(rules) => rules,
            Err(_) => unreachable!("the standard rules are never counted against the limit"),
        }
    }

    /// Builds (or finds) the shared rules for validated options (a rotation above 3 is taken mod 4);
    /// a variant not seen before is refused beyond the process's limit ([`crate::limit_rule_sets`]),
    /// the standard rules never.
    pub fn intern(mut options: ShogunOptions) -> Result<&'static ShogunRules, TooManyRuleSets> {
        options.rotation %= 4;
        let counted = options != ShogunOptions::default();
        INTERNED.get(options, counted, || ShogunRules {
            options,
            magnets: Magnets::new(
                options.seed,
                options.rotation,
                options.setup == ShogunSetup::Shuffle,
            ),
        })
    }

    /// The same rules with another magnet board (a position text names its own seed and rotation).
    /// With `numbers=random` the rotation changes nothing and is kept at 0.
    pub fn with_board(
        &'static self,
        seed: u64,
        rotation: u8,
    ) -> Result<&'static ShogunRules, TooManyRuleSets> {
        let rotation = if self.options.random_numbers {
            0
        } else {
            rotation
        };
        if self.options.seed == seed && self.options.rotation == rotation {
            return Ok(self);
        }
        ShogunRules::intern(ShogunOptions {
            seed,
            rotation,
            ..self.options
        })
    }

    /// Board side: 8.
    #[inline]
    pub const fn size(&self) -> u8 {
        8
    }
}

impl fmt::Display for ShogunRules {
    /// Canonical variant text: `shogun`, then every option that differs from the default, in the order
    /// capture, numbers, seed, rotation, setup, first, repetition, quiet.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = &self.options;
        let d = ShogunOptions::default();
        f.write_str("shogun")?;
        if o.capture_allowed {
            f.write_str("+capture=allowed")?;
        }
        if o.random_numbers {
            f.write_str("+numbers=random")?;
        }
        if o.seed != d.seed {
            write!(f, "+seed={}", o.seed)?;
        }
        if o.rotation != d.rotation {
            write!(f, "+rotation={}", o.rotation)?;
        }
        if o.setup != d.setup {
            write!(f, "+setup={}", o.setup.text())?;
        }
        if o.first != d.first {
            f.write_str("+first=red")?;
        }
        if o.repetition != d.repetition {
            write!(f, "+repetition={}", o.repetition)?;
        }
        if o.quiet != d.quiet {
            write!(f, "+quiet={}", o.quiet)?;
        }
        Ok(())
    }
}
