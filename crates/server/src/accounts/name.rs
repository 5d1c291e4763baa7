//! A player's user name: 3–20 of `A–Z a–z 0–9 _ -`, unique without regard to case, and not a name
//! that would pass for the engine, the site or a deleted account.

use std::fmt;

/// The fewest characters a user name has.
pub const MIN_LEN: usize = 3;
/// The most characters a user name has.
pub const MAX_LEN: usize = 20;

/// Names (lower case) nobody may take: the site's own words, the name deleted accounts get, and
/// names that would pass for the engine. Names starting with `hasami` are refused as well.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "bot",
    "deleted",
    "engine",
    "ghost",
    "guest",
    "lobby",
    "mod",
    "moderator",
    "null",
    "root",
    "server",
    "system",
    "undefined",
    "you",
];

/// A checked user name as its owner spelled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserName(String);

/// Why a user name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Too short or too long.
    #[error("a user name has {MIN_LEN} to {MAX_LEN} characters")]
    Length,
    /// A character outside the allowed ones.
    #[error("a user name has only letters A–Z and a–z, digits, '_' and '-'")]
    Characters,
    /// Reserved, or looks like the engine.
    #[error("that user name is reserved; choose another")]
    Reserved,
}

impl UserName {
    /// Checks a name given at sign-up.
    pub fn parse(text: &str) -> Result<UserName, NameError> {
        if !(MIN_LEN..=MAX_LEN).contains(&text.chars().count()) {
            return Err(NameError::Length);
        }
        if !text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(NameError::Characters);
        }
        let key = text.to_ascii_lowercase();
        let engine_like = key.starts_with("hasami")
            || key.starts_with("level")
            || key.starts_with("stockfish")
            || key.ends_with("bot")
            || key.ends_with("engine");
        if RESERVED.contains(&key.as_str()) || engine_like {
            return Err(NameError::Reserved);
        }
        Ok(UserName(text.to_string()))
    }

    /// The key names are unique by (lower case).
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// The name as spelled.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The key of any text given as a name to look up (a login, a player page): lower case, or `None`
/// when it cannot be a name (so nothing is looked up).
pub fn lookup_key(text: &str) -> Option<String> {
    let ok = (MIN_LEN..=MAX_LEN).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    ok.then(|| text.to_ascii_lowercase())
}

impl fmt::Display for UserName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(UserName::parse("Kaito_99").unwrap().key(), "kaito_99");
        assert_eq!(UserName::parse("ab"), Err(NameError::Length));
        assert_eq!(UserName::parse(&"a".repeat(21)), Err(NameError::Length));
        assert!(UserName::parse(&"a".repeat(20)).is_ok());
        assert_eq!(UserName::parse("bad name"), Err(NameError::Characters));
        assert_eq!(UserName::parse("ünï"), Err(NameError::Characters));
        assert_eq!(UserName::parse("<script>"), Err(NameError::Characters));
        for reserved in [
            "Deleted",
            "ADMIN",
            "hasami-level-3",
            "Level10",
            "CoolBot",
            "myengine",
        ] {
            assert_eq!(
                UserName::parse(reserved),
                Err(NameError::Reserved),
                "{reserved}"
            );
        }
        assert_eq!(lookup_key("Kaito_99").as_deref(), Some("kaito_99"));
        assert_eq!(lookup_key("a b c"), None);
        assert_eq!(lookup_key(&"x".repeat(300)), None);
    }
}
