//! Who plays a game and the sides' names in the API.

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

pub(crate) use hasami_view::{parse_side, side_word};
