//! Sessions: a random token given to the browser as the `hasami_session` cookie (`HttpOnly;
//! SameSite=Lax; Path=/`, `Secure` when the server is told it is behind TLS), stored in the database
//! only as its SHA-256, so that every server sharing the store knows it and a copy of the database
//! gives no one a session. A login always makes a new token (a cookie set before it is never the
//! session after), and a logout deletes the stored one.

use sha2::{Digest, Sha256};

/// The cookie's name.
pub const COOKIE: &str = "hasami_session";
/// How long a session lasts without use: a year, as the cookie's `Max-Age`.
pub const MAX_AGE_SECONDS: i64 = 365 * 24 * 3600;

/// A session token as the browser holds it (64 hex digits; its `Debug` hides it).
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl std::fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionToken(…)")
    }
}

impl SessionToken {
    /// A new random token.
    pub fn new() -> SessionToken {
        SessionToken(format!(
            "{}{}",
            crate::live::random_token(),
            crate::live::random_token()
        ))
    }

    /// The token of a request's `Cookie` header, if it has one of the right form.
    pub fn from_cookies(header: &str) -> Option<SessionToken> {
        header
            .split(';')
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == COOKIE)
            .map(|(_, value)| value.trim())
            .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(|v| SessionToken(v.to_ascii_lowercase()))
    }

    /// The key the store keeps: the token's SHA-256 in hex.
    pub fn key(&self) -> String {
        Sha256::digest(self.0.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The `Set-Cookie` value that gives the browser this token.
    pub fn cookie(&self, secure: bool) -> String {
        format!(
            "{COOKIE}={}; Path=/; Max-Age={MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax{}",
            self.0,
            if secure { "; Secure" } else { "" }
        )
    }
}

impl Default for SessionToken {
    fn default() -> SessionToken {
        SessionToken::new()
    }
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn cleared_cookie(secure: bool) -> String {
    format!(
        "{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{}",
        if secure { "; Secure" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back_from_cookies_and_are_stored_hashed() {
        let t = SessionToken::new();
        let header = format!(
            "theme=dark; {}; other=1",
            t.cookie(false).split(';').next().unwrap()
        );
        let back = SessionToken::from_cookies(&header).unwrap();
        assert_eq!(back, t);
        assert_eq!(t.key().len(), 64);
        assert_ne!(t.key(), t.0);
        assert_ne!(SessionToken::new(), t);
        assert!(SessionToken::from_cookies("hasami_session=short").is_none());
        assert!(SessionToken::from_cookies("x=1").is_none());
        assert!(t.cookie(true).ends_with("HttpOnly; SameSite=Lax; Secure"));
        assert!(!t.cookie(false).contains("Secure"));
        assert!(cleared_cookie(false).contains("Max-Age=0"));
        assert_eq!(format!("{t:?}"), "SessionToken(…)");
    }
}
