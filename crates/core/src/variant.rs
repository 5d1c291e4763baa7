//! One entry point for both families: variant text → [`Variant`].

use std::fmt;

use thiserror::Error;

use crate::hasami::rules::{HasamiRules, Preset, VariantError};
use crate::shogun::{ShogunRules, ShogunVariantError};

/// A game of either family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// A Hasami-family variant (RULES.md Part A).
    Hasami(&'static HasamiRules),
    /// A Shogun variant (RULES.md Part B).
    Shogun(&'static ShogunRules),
}

/// Why variant text was rejected by [`Variant::parse`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseVariantError {
    /// Nothing given.
    #[error("empty variant; allowed presets: {}", all_presets())]
    Empty,
    /// The first part is no preset of either family.
    #[error("unknown preset '{0}'; allowed presets: {names}", names = all_presets())]
    UnknownPreset(String),
    /// A bad Hasami-family option.
    #[error(transparent)]
    Hasami(VariantError),
    /// A bad Shogun option.
    #[error(transparent)]
    Shogun(ShogunVariantError),
}

impl ParseVariantError {
    /// The limit on distinct rules, when that is why the text was refused (a server's capacity, not
    /// a mistake in the text).
    pub fn too_many_rule_sets(&self) -> Option<crate::TooManyRuleSets> {
        match self {
            ParseVariantError::Hasami(VariantError::TooMany(e))
            | ParseVariantError::Shogun(ShogunVariantError::TooMany(e)) => Some(*e),
            _ => None,
        }
    }
}

/// Every preset name of both families (the Hasami family's aliases after its presets).
pub fn all_presets() -> String {
    let mut names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    names.extend(crate::ALIASES.iter().map(|a| a.name));
    names.push("shogun");
    names.join(", ")
}

impl Variant {
    /// Parses variant text of either family: `shogun…` (S9) or a Hasami preset with options (A6).
    pub fn parse(text: &str) -> Result<Variant, ParseVariantError> {
        let head = text.trim().split('+').next().unwrap_or_default();
        if head.eq_ignore_ascii_case("shogun") {
            return ShogunRules::parse(text)
                .map(Variant::Shogun)
                .map_err(ParseVariantError::Shogun);
        }
        HasamiRules::parse(text)
            .map(Variant::Hasami)
            .map_err(|e| match e {
                VariantError::Empty => ParseVariantError::Empty,
                VariantError::UnknownPreset(p) => ParseVariantError::UnknownPreset(p),
                e => ParseVariantError::Hasami(e),
            })
    }

    /// Board side (9 or 8).
    pub fn size(&self) -> u8 {
        match self {
            Variant::Hasami(r) => r.size(),
            Variant::Shogun(r) => r.size(),
        }
    }
}

impl fmt::Display for Variant {
    /// Canonical variant text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Hasami(r) => r.fmt(f),
            Variant::Shogun(r) => r.fmt(f),
        }
    }
}
