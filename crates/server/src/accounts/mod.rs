//! Accounts (docs/web.md, "Accounts"): optional user names with passwords, sessions every server
//! sharing the store knows, Glicko-2 ratings per game preset, and challenges by name. Anonymous
//! play stays as it was: a game's seats are still opened by their tokens, and an account only
//! adds a name on the seats it holds (`black_user`/`white_user`), so its games follow it to every
//! browser.
//!
//! Each concern is a small type built with what it uses: [`Registrar`] (`registrar`: sign-up,
//! login, logout, password, deletion), `ratings` (the rated presets and how a result changes
//! ratings, applied by the store exactly once), `challenges` (`Challenger`), `players` (player
//! pages, leaderboards). [`Accounts`] holds what they share: the hashing pool, the login
//! throttle and whether cookies are `Secure`.

mod challenges;
mod error;
mod limiter;
mod name;
mod password;
mod players;
mod ratings;
mod registrar;
mod session;

use std::sync::atomic::{AtomicBool, Ordering};

pub(crate) use challenges::{ChallengeRequest, Challenger};
pub(crate) use error::AccountError;
pub(crate) use password::PasswordError;
pub(crate) use players::{Players, ACCOUNT_GAMES};
pub(crate) use ratings::{preset_of, settle_due, PRESETS, RULES};
pub(crate) use registrar::{Credentials, Registrar};
pub(crate) use session::{cleared_cookie, SessionToken};

/// What the account concerns share.
pub(crate) struct Accounts {
    /// The Argon2id pool.
    pub(crate) hasher: password::Hasher,
    /// Failed logins per address and per account and address.
    pub(crate) throttle: limiter::LoginThrottle,
    secure: AtomicBool,
}

impl Accounts {
    /// With a hashing pool of half the cores.
    pub(crate) fn new() -> Accounts {
        Accounts {
            hasher: password::Hasher::new(),
            throttle: limiter::LoginThrottle::default(),
            secure: AtomicBool::new(false),
        }
    }

    /// Whether the session cookie is `Secure` (the server is behind TLS: `Limits::behind_tls`).
    pub(crate) fn secure(&self) -> bool {
        self.secure.load(Ordering::Relaxed)
    }

    /// Sets whether the session cookie is `Secure`.
    pub(crate) fn set_secure(&self, secure: bool) {
        self.secure.store(secure, Ordering::Relaxed);
    }
}
