//! What an account action refuses, in words (the edge gives each a status, `http/error.rs`).

use crate::db::DbError;

/// An account action refused.
#[derive(Debug, thiserror::Error)]
pub(crate) enum AccountError {
    /// A user name that cannot be taken.
    #[error("{0}")]
    BadName(#[from] super::name::NameError),
    /// A password of the wrong length, or the pool is full.
    #[error("{0}")]
    Password(#[from] super::password::PasswordError),
    /// The name is taken.
    #[error("that user name is taken; choose another")]
    NameTaken,
    /// Wrong name or password (the same answer for both).
    #[error("wrong user name or password")]
    WrongCredentials,
    /// Too many failed logins from this address (for this account): seconds to wait.
    #[error("too many tries from your address; wait {0} seconds and try again")]
    Throttled(u64),
    /// Not logged in (no session, or an ended one).
    #[error("not logged in")]
    NotLoggedIn,
    /// No such player.
    #[error("no player named '{0}'")]
    NoPlayer(String),
    /// No such rating preset.
    #[error("no rated game '{0}' (rated games: hasami, hasami-chess, dai-hasami, dai-hasami-captures, agon, mak-yek, shogun)")]
    NoPreset(String),
    /// A challenge to oneself.
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    /// Too many open challenges.
    #[error("you have {0} open challenges; wait for answers or cancel some")]
    TooManyChallenges(i64),
    /// No open challenge with that id for this account.
    #[error("no open challenge {0} for you")]
    NoChallenge(i64),
    /// A request field is wrong, in words.
    #[error("{0}")]
    Bad(String),
    /// A game could not be made.
    #[error("{0}")]
    Game(#[from] crate::live::GameError),
    /// The store failed.
    #[error("{0}")]
    Store(#[from] DbError),
}
