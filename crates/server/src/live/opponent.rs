//! Who plays a game and the sides' names in the API.

use hasami_core::Side;
use serde::{Deserialize, Serialize};

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Opponent {
    /// One person against the engine.
    Engine,
    /// Two people on one device (hot-seat).
    Local,
    /// Two people in two browsers, each with an invite link.
    Online,
}

impl Opponent {
    /// The stored and shown word: `engine`, `local` or `online`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Opponent::Engine => "engine",
            Opponent::Local => "local",
            Opponent::Online => "online",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Opponent> {
        match s {
            "engine" => Some(Opponent::Engine),
            "local" => Some(Opponent::Local),
            "online" => Some(Opponent::Online),
            _ => None,
        }
    }
}

/// The side's name in the API: `black` or `white`.
pub(crate) fn side_word(side: Side) -> &'static str {
    crate::db::side_text(side)
}

/// A side from its API name.
pub(crate) fn parse_side(s: &str) -> Option<Side> {
    crate::db::side_from_text(s)
}
