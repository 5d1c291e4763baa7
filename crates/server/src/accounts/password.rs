//! Passwords: 8–256 characters, hashed with Argon2id (the `argon2` crate, PHC string format with
//! its own random salt) on a small bounded pool, so that a flood of sign-ups and logins cannot take
//! the cores moves and the engine need.
//!
//! The cost (docs/web.md, "Accounts"): 19 MiB of memory, 2 passes, 1 lane (the OWASP minimum for
//! Argon2id), measured at about 30–60 ms a hash on one core of the test machine. At most
//! `workers` hashes run at once ([`Hasher::new`]) (half the cores, at least one); at most
//! [`MAX_WAITING`] more wait for a turn, and one more is refused at once (503), so the waiting
//! requests are bounded too.

use std::sync::Arc;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

/// The fewest characters a password has.
pub const MIN_LEN: usize = 8;
/// The most characters a password has.
pub const MAX_LEN: usize = 256;
/// Hashes that may wait for a turn on the pool; one more is refused.
pub const MAX_WAITING: usize = 64;

/// Argon2id memory in KiB.
const MEMORY_KIB: u32 = 19 * 1024;
/// Argon2id passes.
const PASSES: u32 = 2;

/// Why a password is refused, or could not be hashed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Too short or too long.
    #[error("a password has {MIN_LEN} to {MAX_LEN} characters")]
    Length,
    /// The pool is full: too many sign-ups and logins at once.
    #[error("the server is busy checking passwords; try again in a moment")]
    Busy,
    /// Hashing failed (should not happen).
    #[error("the password could not be hashed")]
    Failed,
}

/// A password of an allowed length (never printed: its `Debug` hides it).
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(…)")
    }
}

impl Password {
    /// Checks the length of a password given.
    pub fn parse(text: &str) -> Result<Password, PasswordError> {
        if (MIN_LEN..=MAX_LEN).contains(&text.chars().count()) {
            Ok(Password(text.to_string()))
        } else {
            Err(PasswordError::Length)
        }
    }

    /// Any text given at a login, however long: only its first [`MAX_LEN`] characters plus one
    /// are kept (so a long text costs nothing and still fails).
    pub fn given(text: &str) -> Password {
        Password(text.chars().take(MAX_LEN + 1).collect())
    }
}

/// The hashing pool.
pub struct Hasher {
    argon: Argon2<'static>,
    turns: Arc<Semaphore>,
    waiting: Arc<Semaphore>,
    /// A hash of a random password, verified against when the name is unknown, so that an unknown
    /// name costs as much time as a wrong password.
    dummy: String,
}

impl Hasher {
    /// A pool of half the machine's cores (at least one).
    pub fn new() -> Hasher {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Hasher::with_workers((cores / 2).max(1))
    }

    /// A pool of `workers` threads.
    pub fn with_workers(workers: usize) -> Hasher {
        let params = Params::new(MEMORY_KIB, PASSES, 1, None).expect("valid Argon2 parameters");
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let dummy = hash_with(&argon, &crate::live::random_token()).unwrap_or_default();
        Hasher {
            argon,
            turns: Arc::new(Semaphore::new(workers.max(1))),
            waiting: Arc::new(Semaphore::new(MAX_WAITING)),
            dummy,
        }
    }

    /// The PHC string of `password` (Argon2id, a fresh random salt).
    pub async fn hash(&self, password: &Password) -> Result<String, PasswordError> {
        let text = password.0.clone();
        let argon = self.argon.clone();
        self.on_pool(move || hash_with(&argon, &text)).await?
    }

    /// Whether `password` matches the stored `hash`; with `None` (an unknown name, a deleted
    /// account) a hash of a random password is checked, so the answer takes as long and is false.
    pub async fn verify(
        &self,
        password: &Password,
        hash: Option<&str>,
    ) -> Result<bool, PasswordError> {
        let known = hash.is_some_and(|h| !h.is_empty());
        let hash = hash
            .filter(|h| !h.is_empty())
            .unwrap_or(&self.dummy)
            .to_string();
        let text = password.0.clone();
        let argon = self.argon.clone();
        let matches = self
            .on_pool(move || {
                PasswordHash::new(&hash)
                    .is_ok_and(|parsed| argon.verify_password(text.as_bytes(), &parsed).is_ok())
            })
            .await?;
        Ok(known && matches)
    }

    /// Runs `work` on a blocking thread once a turn is free; [`PasswordError::Busy`] when too many
    /// already wait.
    async fn on_pool<R: Send + 'static>(
        &self,
        work: impl FnOnce() -> R + Send + 'static,
    ) -> Result<R, PasswordError> {
        let _waiting = Arc::clone(&self.waiting)
            .try_acquire_owned()
            .map_err(|_| PasswordError::Busy)?;
        let turn = Arc::clone(&self.turns)
            .acquire_owned()
            .await
            .map_err(|_| PasswordError::Failed)?;
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            work()
        })
        .await
        .map_err(|_| PasswordError::Failed)
    }
}

impl Default for Hasher {
    fn default() -> Hasher {
        Hasher::new()
    }
}

fn hash_with(argon: &Argon2<'_>, text: &str) -> Result<String, PasswordError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|_| PasswordError::Failed)?;
    let salt = SaltString::encode_b64(&salt).map_err(|_| PasswordError::Failed)?;
    argon
        .hash_password(text.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|_| PasswordError::Failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_an_unknown_name_fails_alike() {
        let pool = Hasher::with_workers(1);
        let pw = Password::parse("correct horse").unwrap();
        let hash = pool.hash(&pw).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(!hash.contains("correct horse"));
        assert!(pool.verify(&pw, Some(&hash)).await.unwrap());
        let wrong = Password::given("correct horsE");
        assert!(!pool.verify(&wrong, Some(&hash)).await.unwrap());
        assert!(!pool.verify(&pw, None).await.unwrap());
        assert!(!pool.verify(&pw, Some("")).await.unwrap());
        assert!(!pool.verify(&pw, Some("not a hash")).await.unwrap());
        assert_eq!(Password::parse("short").unwrap_err(), PasswordError::Length);
        assert!(Password::parse(&"x".repeat(257)).is_err());
        assert_eq!(Password::given(&"x".repeat(10_000)).0.len(), 257);
        assert_eq!(format!("{pw:?}"), "Password(…)");
    }

    #[tokio::test]
    async fn a_full_pool_refuses_at_once() {
        let pool = Arc::new(Hasher::with_workers(1));
        let pw = Password::parse("a long enough one").unwrap();
        let tasks: Vec<_> = (0..MAX_WAITING + 20)
            .map(|_| {
                let pool = Arc::clone(&pool);
                let pw = pw.clone();
                tokio::spawn(async move { pool.verify(&pw, None).await })
            })
            .collect();
        let mut busy = 0;
        for t in tasks {
            if t.await.unwrap() == Err(PasswordError::Busy) {
                busy += 1;
            }
        }
        assert!(busy >= 20, "{busy} refused");
    }
}
