//! The store's accounts (schema step 14): users, their sessions, ratings with their history, and
//! challenges; and the accounts on games' seats. Each call is one transaction on either store, as
//! for games (`db/mod.rs`).
//!
//! A rated game's rating change is applied by [`Db::rate_game`] exactly once: the transaction that
//! applies it first flips the game's `rating_applied` under the game row's lock, so a second call
//! (another server racing on the same end) finds nothing to do.

mod postgres;
mod sqlite;

use super::{Backend, Db, DbError, GameSummary};

/// An account as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    /// Its id.
    pub id: i64,
    /// The name as its owner spelled it.
    pub name: String,
    /// The Argon2id PHC string (never sent anywhere).
    pub hash: String,
    /// Created, Unix ms.
    pub created: i64,
}

/// One rating of one account.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct StoredRating {
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub rd: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

/// A point of a rating's history: after game `game`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RatingPoint {
    /// When, Unix ms.
    pub time: i64,
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// The game.
    pub game: i64,
}

/// A line of a leaderboard.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Leader {
    /// The player.
    pub username: String,
    /// Rating.
    pub rating: f64,
    /// Deviation.
    pub rd: f64,
    /// Rated games.
    pub games: i64,
}

/// A game on an account's seat.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatGame {
    /// The game.
    pub summary: GameSummary,
    /// The account's sides: `black`, `white` or `both`.
    pub side: &'static str,
    /// The key to that seat (both seats: Black's, which is White's too in a hot-seat game).
    pub token: String,
}

/// An account's results against the engine at one level.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct EngineResults {
    /// The level.
    pub level: u32,
    /// Games won.
    pub won: i64,
    /// Games lost.
    pub lost: i64,
    /// Games drawn.
    pub drawn: i64,
}

/// A challenge as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredChallenge {
    /// Its id.
    pub id: i64,
    /// The challenger's account and name.
    pub from: (i64, String),
    /// The challenged account and name.
    pub to: (i64, String),
    /// Variant text.
    pub variant: String,
    /// The challenger's side: `black`, `white` or `random`.
    pub side: String,
    /// The clock as JSON (as a new game takes it), or none.
    pub clock: Option<String>,
    /// Rated.
    pub rated: bool,
    /// Created, Unix ms.
    pub created: i64,
    /// `open`, `accepted`, `declined` or `cancelled`.
    pub status: String,
    /// The game an accepted challenge made.
    pub game: Option<i64>,
}

/// What the challenged or the challenger does with an open challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeAnswer {
    /// The challenged accepts (the game is made next, [`Db::challenge_game`]).
    Accept,
    /// The challenged declines.
    Decline,
    /// The challenger takes it back.
    Cancel,
}

impl ChallengeAnswer {
    fn status(self) -> &'static str {
        match self {
            ChallengeAnswer::Accept => "accepted",
            ChallengeAnswer::Decline => "declined",
            ChallengeAnswer::Cancel => "cancelled",
        }
    }
}

/// How long a challenge stays open, ms (a week).
pub const CHALLENGE_LIFE_MS: i64 = 7 * 24 * 3600 * 1000;
/// Open challenges one account may have sent at once.
pub const MAX_OPEN_CHALLENGES: i64 = 10;
/// The most sessions one account keeps (browsers, devices); a login beyond ends the oldest.
pub const MAX_SESSIONS: i64 = 20;
/// How long a session lasts, ms (a year, as the cookie).
pub const SESSION_LIFE_MS: i64 = 365 * 24 * 3600 * 1000;
/// The most points of one rating's history a player page shows.
pub const HISTORY_POINTS: i64 = 500;

/// The game columns a [`GameSummary`] is read from, in order (`g` is the games table).
pub(super) const SUMMARY_COLUMNS: &str = "g.id, g.variant, g.opponent, g.level, g.black_name,
    g.white_name, g.result, g.reason, g.plies, g.created, g.updated, g.start";

impl Db {
    /// Stores a new account; `None` when the name (its `key`) is taken.
    pub async fn create_user(
        &self,
        name: String,
        key: String,
        hash: String,
    ) -> Result<Option<i64>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.create_user(name, key, hash).await,
            Backend::Postgres(p) => p.create_user(name, key, hash).await,
        }
    }

    /// The live (not deleted) account named `key` (lower case).
    pub async fn user_by_key(&self, key: String) -> Result<Option<User>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.user_by_key(key).await,
            Backend::Postgres(p) => p.user_by_key(key).await,
        }
    }

    /// The account of the session stored as `key`.
    pub async fn session_user(&self, key: String) -> Result<Option<User>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.session_user(key).await,
            Backend::Postgres(p) => p.session_user(key).await,
        }
    }

    /// Stores a session of `user` as `key`.
    pub async fn create_session(&self, key: String, user: i64) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.create_session(key, user).await,
            Backend::Postgres(p) => p.create_session(key, user).await,
        }
    }

    /// Ends the session stored as `key`.
    pub async fn end_session(&self, key: String) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.end_sessions("key", key).await,
            Backend::Postgres(p) => p.end_sessions("key", key).await,
        }
    }

    /// Ends every session of `user`.
    pub async fn end_all_sessions(&self, user: i64) -> Result<(), DbError> {
        let user = user.to_string();
        match &self.backend {
            Backend::Sqlite(s) => s.end_sessions("user_id", user).await,
            Backend::Postgres(p) => p.end_sessions("user_id", user).await,
        }
    }

    /// Writes a new password hash for `user` and ends its sessions but `keep`, in one transaction.
    pub async fn set_password(&self, user: i64, hash: String, keep: String) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.set_password(user, hash, keep).await,
            Backend::Postgres(p) => p.set_password(user, hash, keep).await,
        }
    }

    /// Deletes `user`: its sessions, ratings and challenges go, its name on its games becomes
    /// `deleted`, and its row stays (hash emptied) so that nobody takes the name again. The games
    /// whose names changed (other servers sharing the store are told of each).
    pub async fn delete_user(&self, user: i64) -> Result<Vec<i64>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.delete_user(user).await,
            Backend::Postgres(p) => p.delete_user(user).await,
        }
    }

    /// The games on `user`'s seats, latest change first, at most `limit`, with the seats' tokens.
    pub async fn seat_games(&self, user: i64, limit: i64) -> Result<Vec<SeatGame>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.seat_games(user, limit).await,
            Backend::Postgres(p) => p.seat_games(user, limit).await,
        }
    }

    /// Puts `user` on the seats of game `id` that `token` opens and no account holds yet; whether
    /// it took any.
    pub async fn claim_seat(&self, user: i64, id: i64, token: String) -> Result<bool, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.claim_seat(user, id, token).await,
            Backend::Postgres(p) => p.claim_seat(user, id, token).await,
        }
    }

    /// `user`'s ratings by preset.
    pub async fn ratings(&self, user: i64) -> Result<Vec<(String, StoredRating)>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.ratings(user).await,
            Backend::Postgres(p) => p.ratings(user).await,
        }
    }

    /// `user`'s rating histories by preset, oldest first, the latest `HISTORY_POINTS` of each.
    pub async fn rating_history(&self, user: i64) -> Result<Vec<(String, RatingPoint)>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.rating_history(user).await,
            Backend::Postgres(p) => p.rating_history(user).await,
        }
    }

    /// The best `limit` players of `preset` with at least `min_games` rated games and a deviation
    /// of at most `max_rd`.
    pub async fn leaderboard(
        &self,
        preset: String,
        min_games: i64,
        max_rd: f64,
        limit: i64,
    ) -> Result<Vec<Leader>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.leaderboard(preset, min_games, max_rd, limit).await,
            Backend::Postgres(p) => p.leaderboard(preset, min_games, max_rd, limit).await,
        }
    }

    /// `user`'s results against the engine, by level.
    pub async fn engine_results(&self, user: i64) -> Result<Vec<EngineResults>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.engine_results(user).await,
            Backend::Postgres(p) => p.engine_results(user).await,
        }
    }

    /// Online games in progress between two players (seats taken), latest change first.
    pub async fn now_playing(&self, limit: i64) -> Result<Vec<GameSummary>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.now_playing(limit).await,
            Backend::Postgres(p) => p.now_playing(limit).await,
        }
    }

    /// Applies the rating change of game `id` if it is a rated game between two accounts that
    /// ended, and whose change was not applied yet; whether this call applied it.
    pub async fn rate_game(&self, id: i64, rate: RatingRules) -> Result<bool, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.rate_game(id, rate).await,
            Backend::Postgres(p) => p.rate_game(id, rate).await,
        }
    }

    /// Rated games that ended with their change not applied (a server stopped in between).
    pub async fn ratings_due(&self, limit: i64) -> Result<Vec<i64>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.ratings_due(limit).await,
            Backend::Postgres(p) => p.ratings_due(limit).await,
        }
    }

    /// Stores a challenge (its id and the names are ignored); `None` when the challenger has
    /// `MAX_OPEN_CHALLENGES` open already.
    pub async fn create_challenge(&self, c: StoredChallenge) -> Result<Option<i64>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.create_challenge(c).await,
            Backend::Postgres(p) => p.create_challenge(c).await,
        }
    }

    /// The challenges sent to or by `user` in the last `CHALLENGE_LIFE_MS`, newest first, at
    /// most 50 each way.
    pub async fn challenges_of(&self, user: i64) -> Result<Vec<StoredChallenge>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.challenges_of(user).await,
            Backend::Postgres(p) => p.challenges_of(user).await,
        }
    }

    /// Answers open challenge `id` for `user` (the challenged accepts or declines, the challenger
    /// cancels); the challenge as it was when it was open, or `None` for every caller but the one
    /// that changed it.
    pub async fn answer_challenge(
        &self,
        id: i64,
        user: i64,
        answer: ChallengeAnswer,
    ) -> Result<Option<StoredChallenge>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.answer_challenge(id, user, answer).await,
            Backend::Postgres(p) => p.answer_challenge(id, user, answer).await,
        }
    }

    /// Records the game an accepted challenge made.
    pub async fn challenge_game(&self, id: i64, game: i64) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.challenge_game(id, game).await,
            Backend::Postgres(p) => p.challenge_game(id, game).await,
        }
    }

    /// Puts the account `user` named `name` on seat `side` (`black`/`white`) of game `id`.
    pub async fn seat_user(
        &self,
        id: i64,
        side: &'static str,
        user: i64,
        name: String,
    ) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.seat_user(id, side, user, name).await,
            Backend::Postgres(p) => p.seat_user(id, side, user, name).await,
        }
    }
}

/// How a game's end changes ratings (`accounts/ratings.rs` gives them; the store only applies).
#[derive(Debug, Clone, Copy)]
pub struct RatingRules {
    /// The rating preset of a variant text, `None` for a game that is not rated by its rules.
    pub preset_of: fn(&str) -> Option<&'static str>,
    /// Black's and White's new ratings from their old ones (`None`: no rating yet) and the
    /// result token (`1-0`, `0-1`, `1/2-1/2`).
    pub rate: RateFn,
}

/// Black's and White's new ratings from their old ones (`None`: no rating yet) and the result token.
pub type RateFn =
    fn(Option<StoredRating>, Option<StoredRating>, &str) -> (StoredRating, StoredRating);

/// The side words of an account's seats from the two seats' accounts.
pub(super) fn side_of(user: i64, black: Option<i64>, white: Option<i64>) -> &'static str {
    match (black == Some(user), white == Some(user)) {
        (true, true) => "both",
        (true, false) => "black",
        _ => "white",
    }
}
