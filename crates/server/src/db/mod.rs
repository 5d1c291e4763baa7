//! The game store: a `games` and a `moves` table, in an SQLite file (the default, embedded) or in a
//! PostgreSQL database (`--db postgres://…`, for several servers sharing one store). Both have the
//! same schema ([`schema`]) and answer the same calls on [`Db`]; the server does not know which one
//! it has.
//!
//! Every change is one transaction, committed before the call returns, and the server acknowledges a
//! move only after that (SQLite: `synchronous=FULL` in WAL mode; PostgreSQL: its default synchronous
//! commit), so an acknowledged move survives a crash of the process or the machine. A store written
//! by a newer `hasami` (a higher schema version than this build knows) is refused rather than
//! misread.

mod accounts;
mod chat;
mod health;
mod postgres;
mod presence;
mod puzzles;
pub mod schema;
mod sqlite;
mod status;
mod target;

use thiserror::Error;

pub use accounts::{
    ChallengeAnswer, EngineResults, Leader, RatingPoint, RatingRules, StoredChallenge,
    StoredRating, User, MAX_OPEN_CHALLENGES,
};
pub use chat::{ChatLine, MAX_CHAT};
pub use puzzles::PuzzleStanding;
pub use status::{side_from_text, side_text, Status};
pub use target::{default_path, Target};

/// What can go wrong with the store.
#[derive(Debug, Error)]
pub enum DbError {
    /// SQLite reported an error.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    /// PostgreSQL reported an error, or the connection to it failed.
    #[error("database error: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// No connection to PostgreSQL could be had from the pool.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// The store cannot be used (directory missing and not creatable, not a database, a server that
    /// does not answer, …).
    #[error("cannot use the database {store}: {reason}")]
    Unusable {
        /// The file or server.
        store: String,
        /// Why.
        reason: String,
    },
    /// The store was written by a newer version of hasami.
    #[error("the database {store} has schema version {found}, but this hasami knows only up to {known}; use a newer hasami or another --db")]
    TooNew {
        /// The file or server.
        store: String,
        /// Its version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// The stored game is not at the ply the write was made for: another request or another
    /// server stored a move or a takeback first. Nothing was written.
    #[error("the game changed meanwhile (a move or takeback was stored first); look again")]
    Conflict,
    /// A blocking task died.
    #[error("database task failed: {0}")]
    Task(String),
}

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// Its id.
    pub id: i64,
    /// Variant text (canonical).
    pub variant: String,
    /// Start position text.
    pub start: String,
    /// Created, Unix milliseconds.
    pub created: i64,
    /// Last change, Unix milliseconds.
    pub updated: i64,
    /// `engine`, `local` or `online`.
    pub opponent: String,
    /// The engine's side (`black`/`white`) in engine games.
    pub engine_side: Option<String>,
    /// The engine's level (engine games), else 0.
    pub level: u32,
    /// Black's name.
    pub black_name: String,
    /// White's name.
    pub white_name: String,
    /// The secret that lets its holder move Black.
    pub black_token: String,
    /// The secret that lets its holder move White.
    pub white_token: String,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended, in words.
    pub reason: Option<String>,
    /// The side that offers a draw, if any.
    pub draw_offer: Option<String>,
    /// The side that asks to take back its last move (online games), if any.
    pub takeback_offer: Option<String>,
    /// The seat anyone may take (`black`/`white`): an online game open in the lobby, until joined.
    pub open_seat: Option<String>,
    /// When the side to move's turn began (Unix ms), as the last move or takeback wrote it; `None`
    /// before the first (then the last move's time, or the creation, is the turn's start).
    pub turn_started: Option<i64>,
    /// The free seat was taken from the lobby (the players were paired there, not invited).
    pub paired: bool,
    /// Shogun: the engine reads the magnet board (else it plays fair).
    pub omniscient: bool,
    /// A game against the engine whose moves the player's page searches (the engine in the page,
    /// docs/wasm.md): the server never searches for it and takes the engine side's moves from the
    /// player's key.
    pub page_engine: bool,
    /// The time control: each side's starting time in ms (`None`: no clocks).
    pub clock_initial: Option<i64>,
    /// Milliseconds added to the mover's clock after each move.
    pub clock_increment: i64,
    /// A correspondence game: the days each move may take (`None`: not one; never with
    /// `clock_initial`).
    pub clock_days: Option<i64>,
    /// How many times the side to move was given another period of `clock_days` on this turn.
    pub extensions: i64,
    /// The game that follows this one (a rematch, colours swapped), once one is asked for.
    pub rematch: Option<i64>,
    /// Shogun `setup=choose`: the game waits for the players to arrange their pieces.
    pub arranging: bool,
    /// The arrangements given so far (seven piece ids each), first player's first.
    pub arranged: [Option<String>; 2],
    /// The accounts on the seats (Black's, White's), where a logged-in player holds one.
    pub users: [Option<i64>; 2],
    /// A rated game: its end changes both accounts' ratings (once).
    pub rated: bool,
    /// The moves in order.
    pub moves: Vec<StoredMove>,
}

/// The start position text of a game from both arrangements (first player's first), `None` when
/// they do not make one: what [`Db::arrange`] writes when the second arrangement arrives.
pub type StartOf = Box<dyn FnOnce(&str, &str) -> Option<String> + Send>;

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMove {
    /// Move text.
    pub mv: String,
    /// Captured squares, space-separated.
    pub captured: String,
    /// When it was played, Unix milliseconds.
    pub time: i64,
    /// The mover's remaining time after the move (increment included), ms; `None` without clocks.
    pub clock: Option<i64>,
}

/// A line of the list of games.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct GameSummary {
    /// Id.
    pub id: i64,
    /// Variant text.
    pub variant: String,
    /// `engine`, `local` or `online`.
    pub opponent: String,
    /// Engine level (engine games).
    pub level: u32,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Result token.
    pub result: String,
    /// Why it ended.
    pub reason: Option<String>,
    /// Number of moves (plies) played.
    pub plies: u32,
    /// The start position (for whose turn it is; not sent).
    #[serde(skip)]
    pub start: String,
    /// Whose turn it is (`black`/`white`) while the game goes on (filled by `GamesList::games`).
    pub turn: Option<&'static str>,
    /// Created, Unix milliseconds.
    pub created: i64,
    /// Last change, Unix milliseconds.
    pub updated: i64,
}

/// An online game open in the lobby: its free seat and what a player choosing it sees.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct OpenGame {
    /// Id.
    pub id: i64,
    /// Variant text.
    pub variant: String,
    /// The waiting player's name.
    pub creator: String,
    /// The free seat: `black` or `white`.
    pub seat: String,
    /// Each side's starting time in ms, `None` without clocks.
    pub clock_initial: Option<i64>,
    /// The increment in ms.
    pub clock_increment: i64,
    /// A correspondence game's days per move, `None` for any other.
    pub clock_days: Option<i64>,
    /// Created, Unix milliseconds.
    pub created: i64,
    /// A rated game (only a logged-in player may join).
    pub rated: bool,
    /// The waiting player's rating in the game's preset, when it has one.
    pub rating: Option<f64>,
}

/// Which games a list of games holds ([`Db::list_games`]); newest change first either way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listing {
    /// The latest this many.
    Latest(u32),
    /// These (ids of games that do not exist are left out).
    Ids(Vec<i64>),
}

/// A change another server made to a stored game (PostgreSQL notifications).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The game.
    pub game: i64,
    /// What changed.
    pub what: Changed,
}

/// What another server changed of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    /// Anything stored: the game is to be read again.
    Stored,
    /// One move appended: its ply (1-based) and the move, so that a server holding the game at the
    /// ply before can apply it without reading the store.
    Appended(u32, StoredMove),
    /// Which players that server holds sockets of (the `presence` table).
    Presence,
    /// A chat message that server stored, and whether both players let spectators read the chat.
    Chat(ChatLine, bool),
    /// Whether each player (first, second) lets spectators read the chat, as that server wrote it.
    ChatPublic([bool; 2]),
    /// Not a change of one game (the game is 0): this server has just begun listening, at its
    /// start or after its listening connection broke, and changes made before may have gone
    /// untold, so every game in memory is to be read again.
    Listening,
}

/// The store.
#[derive(Clone)]
pub struct Db {
    backend: Backend,
    /// How a rated game's end changes ratings, applied with every stored end ([`Db::rating_with`]).
    rating: Option<RatingRules>,
    /// The health check's last write probe (health.rs).
    probe: std::sync::Arc<health::Probe>,
}

#[derive(Clone)]
enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(Box<postgres::Postgres>),
}

/// Milliseconds since the Unix epoch: the wall clock, for the times stored with games and moves.
/// Game clocks measure a turn with the monotonic clock instead (`live/clock.rs`), so a step of the
/// system clock moves no running clock.
pub fn now_ms() -> i64 {
    let wall = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    #[cfg(test)]
    let wall = wall + wall_shift::get();
    wall
}

impl Db {
    /// Opens (creating if needed, with its directory) and migrates the SQLite file at `path`.
    pub fn open(path: &std::path::Path) -> Result<Db, DbError> {
        Ok(Db {
            backend: Backend::Sqlite(sqlite::Sqlite::open(path)?),
            rating: None,
            probe: Default::default(),
        })
    }

    /// Connects to the PostgreSQL database at `url` and migrates it. Call it outside an async
    /// runtime (it runs its own for the migration); the pool connects lazily in the server's.
    pub fn connect(url: &str) -> Result<Db, DbError> {
        Ok(Db {
            backend: Backend::Postgres(Box::new(postgres::Postgres::connect(url)?)),
            rating: None,
            probe: Default::default(),
        })
    }

    /// The schema version of the store `target` names and the one this build writes, without
    /// changing anything (`hasami db check`). A file that does not exist is an error.
    pub fn inspect(target: &Target) -> Result<(i64, i64), DbError> {
        let found = match target {
            Target::File(path) => sqlite::version_of(path)?,
            Target::Postgres(url) => postgres::version_of(url)?,
        };
        Ok((found, schema::current()))
    }

    /// Opens the store `target` names.
    pub fn open_target(target: &Target) -> Result<Db, DbError> {
        match target {
            Target::File(path) => Db::open(path),
            Target::Postgres(url) => Db::connect(url),
        }
    }

    /// This store, applying `rules` to every rated game whose end it stores (the server's store
    /// does; a store used only to read and write games, as in tests of the store, need not).
    pub fn rating_with(mut self, rules: RatingRules) -> Db {
        self.rating = Some(rules);
        self
    }

    /// Applies the rating change of game `id` when `status` ends it (once: [`Db::rate_game`]). A
    /// failure leaves the change due; the next start settles it.
    async fn rate_if_ended(&self, id: i64, status: &Status) {
        if let (Some(rules), false) = (
            self.rating,
            status.result == hasami_core::RecordResult::Unfinished,
        ) {
            let _ = self.rate_game(id, rules).await;
        }
    }

    /// The changes other servers sharing this store make, as they commit (PostgreSQL); `None` for
    /// a store only this server uses (SQLite). Call within the server's runtime.
    pub fn changes(&self) -> Option<tokio::sync::mpsc::Receiver<Change>> {
        match &self.backend {
            Backend::Sqlite(_) => None,
            Backend::Postgres(p) => Some(p.listen()),
        }
    }

    /// Whether this server owns game `id` now: it alone runs the game's engine replies and clock
    /// timers. A store only this server uses: always.
    pub fn owns(&self, id: i64) -> bool {
        match &self.backend {
            Backend::Sqlite(_) => true,
            Backend::Postgres(p) => p.owns(id),
        }
    }

    /// Makes this server the owner of game `id` unless a live server sharing the store is;
    /// whether it is now. When an owner dies, its games can be claimed within moments.
    pub async fn claim(&self, id: i64) -> bool {
        match &self.backend {
            Backend::Sqlite(_) => true,
            Backend::Postgres(p) => p.claim(id).await,
        }
    }

    /// Claims the games of `ids` that no live server owns; the ones claimed.
    pub async fn claim_many(&self, ids: &[i64]) -> Vec<i64> {
        match &self.backend {
            Backend::Sqlite(_) => ids.to_vec(),
            Backend::Postgres(p) => p.claim_many(ids).await,
        }
    }

    /// The games this server owns (a store only this server uses: none are tracked).
    pub fn owned(&self) -> Vec<i64> {
        match &self.backend {
            Backend::Sqlite(_) => Vec::new(),
            Backend::Postgres(p) => p.owned(),
        }
    }

    /// Gives up owning game `id`.
    pub async fn release(&self, id: i64) {
        if let Backend::Postgres(p) = &self.backend {
            p.release(id).await;
        }
    }

    /// The schema version of the store.
    pub async fn schema_version(&self) -> Result<i64, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.schema_version().await,
            Backend::Postgres(p) => p.schema_version().await,
        }
    }

    /// Stores a new game with its moves (an import may bring moves); returns its id.
    pub async fn insert_game(&self, g: StoredGame) -> Result<i64, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.insert_game(g).await,
            Backend::Postgres(p) => p.insert_game(g).await,
        }
    }

    /// Appends move number `ply` (1-based) and the new status in one transaction;
    /// [`DbError::Conflict`] (and nothing written) unless the stored game has `ply - 1` plies.
    pub async fn append_move(
        &self,
        id: i64,
        ply: u32,
        m: StoredMove,
        status: Status,
    ) -> Result<(), DbError> {
        let ended = status.clone();
        match &self.backend {
            Backend::Sqlite(s) => s.append_move(id, ply, m, status).await,
            Backend::Postgres(p) => p.append_move(id, ply, m, status).await,
        }?;
        self.rate_if_ended(id, &ended).await;
        Ok(())
    }

    /// Takes a game of `from` plies back to ply `keep` (its later moves deleted) and writes the new
    /// status, in one transaction; [`DbError::Conflict`] when the stored game has not `from` plies
    /// (another server changed it meanwhile), and then nothing is written.
    pub async fn truncate_moves(
        &self,
        id: i64,
        from: u32,
        keep: u32,
        status: Status,
    ) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.truncate_moves(id, from, keep, status).await,
            Backend::Postgres(p) => p.truncate_moves(id, from, keep, status).await,
        }
    }

    /// Writes a new status (resignation, draw offer or agreement, loss on time).
    pub async fn set_status(&self, id: i64, status: Status) -> Result<(), DbError> {
        let ended = status.clone();
        match &self.backend {
            Backend::Sqlite(s) => s.set_status(id, status).await,
            Backend::Postgres(p) => p.set_status(id, status).await,
        }?;
        self.rate_if_ended(id, &ended).await;
        Ok(())
    }

    /// Gives the side to move of game `id` one more period (its `extensions` on this turn go from
    /// `before` to `before + 1`): false, and nothing written, unless the stored game goes on at
    /// `plies` plies with `before` extensions.
    pub async fn extend(&self, id: i64, plies: u32, before: i64) -> Result<bool, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.extend(id, plies, before).await,
            Backend::Postgres(p) => p.extend(id, plies, before).await,
        }
    }

    /// Up to `limit` correspondence games going on whose side to move's deadline passed before
    /// `now` (Unix ms), a day lasting `day_ms`: those a server must end though nobody loaded them.
    pub async fn overdue(&self, now: i64, day_ms: i64, limit: u32) -> Result<Vec<i64>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.overdue(now, day_ms, limit).await,
            Backend::Postgres(p) => p.overdue(now, day_ms, limit).await,
        }
    }

    /// Writes the players' names.
    pub async fn set_names(&self, id: i64, black: String, white: String) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.set_names(id, black, white).await,
            Backend::Postgres(p) => p.set_names(id, black, white).await,
        }
    }

    /// Takes the open seat `seat` of game `id` for a player named `name`, whose key to the seat
    /// becomes `token` (the invite link's key stops working), with the account `user` on it if the
    /// player is logged in: true for the one caller that finds it
    /// still free in a game that goes on, false for every other.
    pub async fn take_seat(
        &self,
        id: i64,
        seat: &str,
        name: String,
        token: String,
        user: Option<i64>,
    ) -> Result<bool, DbError> {
        let seat = seat.to_string();
        match &self.backend {
            Backend::Sqlite(s) => s.take_seat(id, seat, name, token, user).await,
            Backend::Postgres(p) => p.take_seat(id, seat, name, token, user).await,
        }
    }

    /// Takes game `id` out of the lobby (its seat `seat` no longer open to anyone); false when it
    /// was not open there.
    pub async fn close_seat(&self, id: i64, seat: &str) -> Result<bool, DbError> {
        let seat = seat.to_string();
        match &self.backend {
            Backend::Sqlite(s) => s.close_seat(id, seat).await,
            Backend::Postgres(p) => p.close_seat(id, seat).await,
        }
    }

    /// The open games created at `since` (Unix ms) or later that go on with their seat free, newest
    /// first, at most `limit`.
    pub async fn list_open(&self, limit: u32, since: i64) -> Result<Vec<OpenGame>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.list_open(limit, since).await,
            Backend::Postgres(p) => p.list_open(limit, since).await,
        }
    }

    /// Stores side `seat`'s arrangement of game `id` (a game that is arranging, goes on, and has
    /// none from that side yet); when that completes both, `start` (given both arrangements, first
    /// player's first) gives the start position written in the same transaction, which ends the
    /// arranging. The arrangements after the write, or `None` when it was refused.
    pub async fn arrange(
        &self,
        id: i64,
        seat: &str,
        arrangement: String,
        start: StartOf,
    ) -> Result<Option<[Option<String>; 2]>, DbError> {
        let seat = seat.to_string();
        match &self.backend {
            Backend::Sqlite(s) => s.arrange(id, seat, arrangement, start).await,
            Backend::Postgres(p) => p.arrange(id, seat, arrangement, start).await,
        }
    }

    /// Loads a game with its moves.
    pub async fn load_game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.load_game(id).await,
            Backend::Postgres(p) => p.load_game(id).await,
        }
    }
    /// Records game `new` as the rematch of game `id` unless one is recorded already; the rematch
    /// that stands (`new`, or the one recorded first).
    pub async fn set_rematch(&self, id: i64, new: i64) -> Result<i64, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.set_rematch(id, new).await,
            Backend::Postgres(p) => p.set_rematch(id, new).await,
        }
    }

    /// Stores the post-game review of game `id` (JSON `body`, over its first `plies` plies),
    /// replacing an older one.
    pub async fn save_review(&self, id: i64, plies: u32, body: String) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.save_review(id, plies, body).await,
            Backend::Postgres(p) => p.save_review(id, plies, body).await,
        }
    }

    /// The stored post-game review of game `id`: the plies it covers and its JSON.
    pub async fn load_review(&self, id: i64) -> Result<Option<(u32, String)>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.load_review(id).await,
            Backend::Postgres(p) => p.load_review(id).await,
        }
    }

    /// The games `which` names, the most recently changed first.
    pub async fn list_games(&self, which: Listing) -> Result<Vec<GameSummary>, DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.list_games(which).await,
            Backend::Postgres(p) => p.list_games(which).await,
        }
    }
}

/// A step of the wall clock on the calling thread, for tests of what a step of the system clock does
/// (a test on a single-threaded runtime runs the server's game logic on its own thread).
#[cfg(test)]
pub(crate) mod wall_shift {
    use std::cell::Cell;

    thread_local! {
        static SHIFT: Cell<i64> = const { Cell::new(0) };
    }

    /// Moves this thread's wall clock by `ms` (negative: back).
    pub(crate) fn step(ms: i64) {
        SHIFT.with(|s| s.set(s.get() + ms));
    }

    pub(super) fn get() -> i64 {
        SHIFT.with(Cell::get)
    }
}
