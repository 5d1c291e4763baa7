//! The game store: one SQLite file with a `games` and a `moves` table.
//!
//! The schema is versioned with `PRAGMA user_version`: [`MIGRATIONS`] lists the steps in order, and
//! opening a database runs every step past its version in one transaction. A file written by a newer
//! `hasami` (a higher version than this build knows) is refused rather than misread.
//!
//! Every write is one transaction; the server acknowledges a move only after its transaction has
//! committed (`synchronous=FULL` in WAL mode, so a committed move survives a crash of the process or
//! the machine).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, OptionalExtension};
use thiserror::Error;

/// The schema steps; step `i` takes the database from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: games and their moves.
    "CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        variant     TEXT    NOT NULL,
        start       TEXT    NOT NULL,
        created     INTEGER NOT NULL,
        updated     INTEGER NOT NULL,
        opponent    TEXT    NOT NULL CHECK (opponent IN ('engine', 'local', 'online')),
        engine_side TEXT    CHECK (engine_side IN ('black', 'white')),
        level       INTEGER NOT NULL DEFAULT 0,
        black_name  TEXT    NOT NULL,
        white_name  TEXT    NOT NULL,
        black_token TEXT    NOT NULL,
        white_token TEXT    NOT NULL,
        result      TEXT    NOT NULL DEFAULT '*',
        reason      TEXT,
        draw_offer  TEXT    CHECK (draw_offer IN ('black', 'white'))
    );
    CREATE TABLE moves (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        mv       TEXT    NOT NULL,
        captured TEXT    NOT NULL DEFAULT '',
        time     INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;
    CREATE INDEX games_updated ON games(updated);",
    // 2: Shogun engine mode, clocks (time control per game, remaining time per move).
    "ALTER TABLE games ADD COLUMN omniscient INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN clock_initial INTEGER;
    ALTER TABLE games ADD COLUMN clock_increment INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE moves ADD COLUMN clock INTEGER;",
];

/// What can go wrong with the store.
#[derive(Debug, Error)]
pub enum DbError {
    /// SQLite reported an error.
    #[error("database error: {0}")]
    Sql(#[from] rusqlite::Error),
    /// The file cannot be used (directory missing and not creatable, not a database, …).
    #[error("cannot use the database file {path}: {reason}")]
    Unusable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file was written by a newer version of hasami.
    #[error("the database {path} has schema version {found}, but this hasami knows only up to {known}; use a newer hasami or another --db file")]
    TooNew {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
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
    /// Shogun: the engine reads the magnet board (else it plays fair).
    pub omniscient: bool,
    /// The time control: each side's starting time in ms (`None`: no clocks).
    pub clock_initial: Option<i64>,
    /// Milliseconds added to the mover's clock after each move.
    pub clock_increment: i64,
    /// The moves in order.
    pub moves: Vec<StoredMove>,
}

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
    /// Created, Unix milliseconds.
    pub created: i64,
    /// Last change, Unix milliseconds.
    pub updated: i64,
}

/// The store: one connection used from blocking tasks.
#[derive(Clone)]
pub struct Db {
    conn: Arc<Mutex<Connection>>,
}

/// The default database file: `hasami/games.sqlite3` in the platform's data directory
/// (`~/.local/share` on Linux), or the current directory when there is none.
pub fn default_path() -> PathBuf {
    dirs::data_dir()
        .map(|d| d.join("hasami"))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("games.sqlite3")
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Db {
    /// Opens (creating if needed, with its directory) and migrates the database at `path`.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let unusable = |reason: String| DbError::Unusable {
            path: path.to_path_buf(),
            reason,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| unusable(format!("cannot create {}: {e}", dir.display())))?;
        }
        if path.is_dir() {
            return Err(unusable("it is a directory".into()));
        }
        let mut conn = Connection::open(path).map_err(|e| unusable(e.to_string()))?;
        let setup = || -> rusqlite::Result<()> {
            conn.busy_timeout(std::time::Duration::from_secs(5))?;
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            Ok(())
        };
        setup().map_err(|e| unusable(e.to_string()))?;
        migrate(&mut conn, path)?;
        Ok(Db {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// Runs `f` on the connection in a blocking task.
    pub async fn call<R, F>(&self, f: F) -> Result<R, DbError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<R, DbError> + Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut guard = conn.lock().unwrap_or_else(|p| p.into_inner());
            f(&mut guard)
        })
        .await
        .map_err(|e| DbError::Task(e.to_string()))?
    }
}

fn migrate(conn: &mut Connection, path: &Path) -> Result<(), DbError> {
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| DbError::Unusable {
            path: path.to_path_buf(),
            reason: format!("not a database file? {e}"),
        })?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(DbError::TooNew {
            path: path.to_path_buf(),
            found: version,
            known,
        });
    }
    if version == known {
        return Ok(());
    }
    let tx = conn.transaction()?;
    for step in &MIGRATIONS[version as usize..] {
        tx.execute_batch(step)?;
    }
    tx.pragma_update(None, "user_version", known)?;
    tx.commit()?;
    Ok(())
}

/// The schema version of an open database.
pub fn schema_version(conn: &Connection) -> Result<i64, DbError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Stores a new game with its moves (an import may bring moves); returns its id.
pub fn insert_game(conn: &mut Connection, g: &StoredGame) -> Result<i64, DbError> {
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO games (variant, start, created, updated, opponent, engine_side, level,
            black_name, white_name, black_token, white_token, result, reason, draw_offer,
            omniscient, clock_initial, clock_increment)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        params![
            g.variant,
            g.start,
            g.created,
            g.updated,
            g.opponent,
            g.engine_side,
            g.level,
            g.black_name,
            g.white_name,
            g.black_token,
            g.white_token,
            g.result,
            g.reason,
            g.draw_offer,
            g.omniscient,
            g.clock_initial,
            g.clock_increment
        ],
    )?;
    let id = tx.last_insert_rowid();
    for (ply, m) in g.moves.iter().enumerate() {
        tx.execute(
            "INSERT INTO moves (game_id, ply, mv, captured, time, clock)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![id, ply as i64 + 1, m.mv, m.captured, m.time, m.clock],
        )?;
    }
    tx.commit()?;
    Ok(id)
}

/// The end state written with every change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// Result token.
    pub result: String,
    /// Why it ended.
    pub reason: Option<String>,
    /// Who offers a draw.
    pub draw_offer: Option<String>,
}

/// Appends move number `ply` (1-based) and the new status in one transaction.
pub fn append_move(
    conn: &mut Connection,
    id: i64,
    ply: u32,
    m: &StoredMove,
    status: &Status,
) -> Result<(), DbError> {
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO moves (game_id, ply, mv, captured, time, clock)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, ply, m.mv, m.captured, m.time, m.clock],
    )?;
    update_status(&tx, id, status, m.time)?;
    tx.commit()?;
    Ok(())
}

/// Deletes the moves after ply `keep` and writes the new status, in one transaction.
pub fn truncate_moves(
    conn: &mut Connection,
    id: i64,
    keep: u32,
    status: &Status,
) -> Result<(), DbError> {
    let tx = conn.transaction()?;
    tx.execute(
        "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
        params![id, keep],
    )?;
    update_status(&tx, id, status, now_ms())?;
    tx.commit()?;
    Ok(())
}

/// Writes a new status (resignation, draw offer or agreement).
pub fn set_status(conn: &mut Connection, id: i64, status: &Status) -> Result<(), DbError> {
    update_status(conn, id, status, now_ms())
}

fn update_status(conn: &Connection, id: i64, s: &Status, time: i64) -> Result<(), DbError> {
    conn.execute(
        "UPDATE games SET result = ?2, reason = ?3, draw_offer = ?4, updated = ?5 WHERE id = ?1",
        params![id, s.result, s.reason, s.draw_offer, time],
    )?;
    Ok(())
}

/// Writes the players' names.
pub fn set_names(conn: &mut Connection, id: i64, black: &str, white: &str) -> Result<(), DbError> {
    conn.execute(
        "UPDATE games SET black_name = ?2, white_name = ?3, updated = ?4 WHERE id = ?1",
        params![id, black, white, now_ms()],
    )?;
    Ok(())
}

/// Loads a game with its moves.
pub fn load_game(conn: &Connection, id: i64) -> Result<Option<StoredGame>, DbError> {
    let game = conn
        .query_row(
            "SELECT id, variant, start, created, updated, opponent, engine_side, level, black_name,
                white_name, black_token, white_token, result, reason, draw_offer, omniscient,
                clock_initial, clock_increment
             FROM games WHERE id = ?1",
            [id],
            |r| {
                Ok(StoredGame {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    start: r.get(2)?,
                    created: r.get(3)?,
                    updated: r.get(4)?,
                    opponent: r.get(5)?,
                    engine_side: r.get(6)?,
                    level: r.get(7)?,
                    black_name: r.get(8)?,
                    white_name: r.get(9)?,
                    black_token: r.get(10)?,
                    white_token: r.get(11)?,
                    result: r.get(12)?,
                    reason: r.get(13)?,
                    draw_offer: r.get(14)?,
                    omniscient: r.get(15)?,
                    clock_initial: r.get(16)?,
                    clock_increment: r.get(17)?,
                    moves: Vec::new(),
                })
            },
        )
        .optional()?;
    let Some(mut game) = game else {
        return Ok(None);
    };
    let mut stmt = conn
        .prepare("SELECT mv, captured, time, clock FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    game.moves = stmt
        .query_map([id], |r| {
            Ok(StoredMove {
                mv: r.get(0)?,
                captured: r.get(1)?,
                time: r.get(2)?,
                clock: r.get(3)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(Some(game))
}

/// The most recently changed games first, at most `limit`.
pub fn list_games(conn: &Connection, limit: u32) -> Result<Vec<GameSummary>, DbError> {
    let mut stmt = conn.prepare(
        "SELECT g.id, g.variant, g.opponent, g.level, g.black_name, g.white_name, g.result, g.reason,
            (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id), g.created, g.updated
         FROM games g ORDER BY g.updated DESC, g.id DESC LIMIT ?1",
    )?;
    let rows = stmt
        .query_map([limit], |r| {
            Ok(GameSummary {
                id: r.get(0)?,
                variant: r.get(1)?,
                opponent: r.get(2)?,
                level: r.get(3)?,
                black: r.get(4)?,
                white: r.get(5)?,
                result: r.get(6)?,
                reason: r.get(7)?,
                plies: r.get(8)?,
                created: r.get(9)?,
                updated: r.get(10)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}
