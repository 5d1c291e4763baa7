//! The SQLite store: one file, one connection behind a mutex, used from blocking tasks so the async
//! workers never wait on the disk. WAL mode with `synchronous=FULL`: a committed change survives a
//! crash of the process or the machine. The schema version is `PRAGMA user_version`.

mod chat;
mod migrate;
mod puzzles;

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, OptionalExtension};

use super::{
    now_ms, DbError, GameSummary, Listing, OpenGame, StartOf, Status, StoredGame, StoredMove,
};

mod days;

use migrate::migrate;
pub(super) use migrate::version_of;

/// How long a call waits for another connection's write lock (then SQLite answers "busy").
const BUSY: std::time::Duration = std::time::Duration::from_secs(5);

/// An open SQLite store.
#[derive(Clone)]
pub(super) struct Sqlite {
    conn: Arc<Mutex<Connection>>,
}

impl Sqlite {
    /// Opens (creating if needed, with its directory) and migrates the database at `path`.
    pub(super) fn open(path: &Path) -> Result<Sqlite, DbError> {
        let unusable = |reason: String| DbError::Unusable {
            store: format!("file {}", path.display()),
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
            conn.busy_timeout(BUSY)?;
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            Ok(())
        };
        setup().map_err(|e| unusable(e.to_string()))?;
        migrate(&mut conn, path)?;
        Ok(Sqlite {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// Runs `f` on the connection in a blocking task.
    pub(super) async fn call<R, F>(&self, f: F) -> Result<R, DbError>
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

    /// The health check's write probe (db/health.rs): the `health` row rewritten, waiting at most
    /// `wait` for another connection's write lock.
    pub(super) async fn probe_write(&self, wait: std::time::Duration) -> Result<(), DbError> {
        self.call(move |c| {
            c.busy_timeout(wait)?;
            let wrote = c.execute(
                "INSERT INTO health (id, probed) VALUES (1, ?1)
                 ON CONFLICT (id) DO UPDATE SET probed = excluded.probed",
                params![now_ms()],
            );
            c.busy_timeout(BUSY)?;
            wrote?;
            Ok(())
        })
        .await
    }

    pub(super) async fn schema_version(&self) -> Result<i64, DbError> {
        self.call(|c| Ok(c.query_row("PRAGMA user_version", [], |r| r.get(0))?))
            .await
    }

    pub(super) async fn insert_game(&self, g: StoredGame) -> Result<i64, DbError> {
        self.call(move |c| insert_game(c, &g)).await
    }

    pub(super) async fn append_move(
        &self,
        id: i64,
        ply: u32,
        m: StoredMove,
        status: Status,
    ) -> Result<(), DbError> {
        self.call(move |c| append_move(c, id, ply, &m, &status))
            .await
    }

    pub(super) async fn truncate_moves(
        &self,
        id: i64,
        from: u32,
        keep: u32,
        status: Status,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            // Only from the ply the caller saw (schema step 5); dropping `tx` rolls back.
            let moved = tx.execute(
                "UPDATE games SET plies = ?3, turn_started = ?4, extensions = 0
                 WHERE id = ?1 AND plies = ?2",
                params![id, from, keep, now_ms()],
            )?;
            if moved == 0 {
                return Err(DbError::Conflict);
            }
            tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
                params![id, keep],
            )?;
            update_status(&tx, id, &status, now_ms(), false)?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    pub(super) async fn set_status(&self, id: i64, status: Status) -> Result<(), DbError> {
        self.call(move |c| update_status(c, id, &status, now_ms(), true))
            .await
    }

    pub(super) async fn set_names(
        &self,
        id: i64,
        black: String,
        white: String,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            c.execute(
                "UPDATE games SET black_name = ?2, white_name = ?3, updated = ?4 WHERE id = ?1",
                params![id, black, white, now_ms()],
            )?;
            Ok(())
        })
        .await
    }

    pub(super) async fn load_game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        self.call(move |c| load_game(c, id)).await
    }

    pub(super) async fn set_rematch(&self, id: i64, new: i64) -> Result<i64, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            tx.execute(
                "UPDATE games SET rematch = ?2, updated = ?3 WHERE id = ?1 AND rematch IS NULL",
                params![id, new, now_ms()],
            )?;
            let stands: Option<i64> =
                tx.query_row("SELECT rematch FROM games WHERE id = ?1", [id], |r| {
                    r.get(0)
                })?;
            tx.commit()?;
            Ok(stands.unwrap_or(new))
        })
        .await
    }

    pub(super) async fn save_review(
        &self,
        id: i64,
        plies: u32,
        body: String,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            c.execute(
                "INSERT INTO reviews (game_id, plies, body, created) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id) DO UPDATE SET plies = ?2, body = ?3, created = ?4",
                params![id, plies, body, now_ms()],
            )?;
            Ok(())
        })
        .await
    }

    pub(super) async fn load_review(&self, id: i64) -> Result<Option<(u32, String)>, DbError> {
        self.call(move |c| {
            Ok(c.query_row(
                "SELECT plies, body FROM reviews WHERE game_id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })
        .await
    }

    pub(super) async fn list_games(&self, which: Listing) -> Result<Vec<GameSummary>, DbError> {
        self.call(move |c| list_games(c, which)).await
    }

    pub(super) async fn take_seat(
        &self,
        id: i64,
        seat: String,
        name: String,
        token: String,
        user: Option<i64>,
    ) -> Result<bool, DbError> {
        self.call(move |c| {
            let taken = c.execute(
                "UPDATE games SET open_seat = NULL, updated = ?4, turn_started = ?4, paired = 1,
                    black_name = CASE WHEN ?2 = 'black' THEN ?3 ELSE black_name END,
                    white_name = CASE WHEN ?2 = 'white' THEN ?3 ELSE white_name END,
                    black_token = CASE WHEN ?2 = 'black' THEN ?5 ELSE black_token END,
                    white_token = CASE WHEN ?2 = 'white' THEN ?5 ELSE white_token END,
                    black_user = CASE WHEN ?2 = 'black' THEN ?6 ELSE black_user END,
                    white_user = CASE WHEN ?2 = 'white' THEN ?6 ELSE white_user END
                 WHERE id = ?1 AND open_seat = ?2 AND result = '*' AND reason IS NULL",
                params![id, seat, name, now_ms(), token, user],
            )?;
            Ok(taken == 1)
        })
        .await
    }

    pub(super) async fn arrange(
        &self,
        id: i64,
        seat: String,
        arrangement: String,
        start: StartOf,
    ) -> Result<Option<[Option<String>; 2]>, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            let now = now_ms();
            let given = tx.execute(
                "UPDATE games SET updated = ?4,
                    arranged_black = CASE WHEN ?2 = 'black' THEN ?3 ELSE arranged_black END,
                    arranged_white = CASE WHEN ?2 = 'white' THEN ?3 ELSE arranged_white END
                 WHERE id = ?1 AND arranging = 1 AND result = '*' AND reason IS NULL
                    AND CASE WHEN ?2 = 'black' THEN arranged_black ELSE arranged_white END IS NULL",
                params![id, seat, arrangement, now],
            )?;
            if given == 0 {
                return Ok(None);
            }
            let both: [Option<String>; 2] = tx.query_row(
                "SELECT arranged_black, arranged_white FROM games WHERE id = ?1",
                [id],
                |r| Ok([r.get(0)?, r.get(1)?]),
            )?;
            if let [Some(black), Some(white)] = &both {
                if let Some(text) = start(black, white) {
                    tx.execute(
                        "UPDATE games SET start = ?2, arranging = 0, turn_started = ?3 WHERE id = ?1",
                        params![id, text, now],
                    )?;
                }
            }
            tx.commit()?;
            Ok(Some(both))
        })
        .await
    }

    pub(super) async fn close_seat(&self, id: i64, seat: String) -> Result<bool, DbError> {
        self.call(move |c| {
            let closed = c.execute(
                "UPDATE games SET open_seat = NULL, updated = ?3 WHERE id = ?1 AND open_seat = ?2",
                params![id, seat, now_ms()],
            )?;
            Ok(closed == 1)
        })
        .await
    }

    pub(super) async fn list_open(&self, limit: u32, since: i64) -> Result<Vec<OpenGame>, DbError> {
        self.call(move |c| {
            let mut stmt = c.prepare(
                "SELECT g.id, g.variant,
                    CASE g.open_seat WHEN 'black' THEN g.white_name ELSE g.black_name END,
                    g.open_seat, g.clock_initial, g.clock_increment, g.created, g.rated, r.rating,
                    g.clock_days
                 FROM games g LEFT JOIN ratings r
                    ON r.user_id = CASE g.open_seat WHEN 'black' THEN g.white_user ELSE g.black_user END
                    AND r.preset = CASE WHEN instr(g.variant, '+') > 0 THEN substr(g.variant, 1, instr(g.variant, '+') - 1) ELSE g.variant END
                 WHERE g.open_seat IS NOT NULL AND g.result = '*' AND g.reason IS NULL
                    AND g.created >= ?2
                 ORDER BY g.created DESC, g.id DESC LIMIT ?1",
            )?;
            let rows = stmt
                .query_map(params![limit, since], |r| {
                    Ok(OpenGame {
                        id: r.get(0)?,
                        variant: r.get(1)?,
                        creator: r.get(2)?,
                        seat: r.get(3)?,
                        clock_initial: r.get(4)?,
                        clock_increment: r.get(5)?,
                        created: r.get(6)?,
                        rated: r.get(7)?,
                        rating: r.get(8)?,
                        clock_days: r.get(9)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }
}

fn insert_game(conn: &mut Connection, g: &StoredGame) -> Result<i64, DbError> {
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO games (variant, start, created, updated, opponent, engine_side, level,
            black_name, white_name, black_token, white_token, result, reason, draw_offer,
            omniscient, clock_initial, clock_increment, takeback_offer, plies, open_seat,
            arranging, arranged_black, arranged_white, black_user, white_user, rated,
            clock_days, page_engine)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
            ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28)",
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
            g.clock_increment,
            g.takeback_offer,
            g.moves.len() as i64,
            g.open_seat,
            g.arranging,
            g.arranged[0],
            g.arranged[1],
            g.users[0],
            g.users[1],
            g.rated,
            g.clock_days,
            g.page_engine
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

fn append_move(
    conn: &mut Connection,
    id: i64,
    ply: u32,
    m: &StoredMove,
    status: &Status,
) -> Result<(), DbError> {
    let tx = conn.transaction()?;
    // Only on top of the ply before it (schema step 5); dropping `tx` rolls back.
    let moved = tx.execute(
        "UPDATE games SET plies = ?2, turn_started = ?3, extensions = 0
         WHERE id = ?1 AND plies = ?2 - 1",
        params![id, ply, m.time],
    )?;
    if moved == 0 {
        return Err(DbError::Conflict);
    }
    // OR IGNORE: a ply already stored is a conflict, told apart from other errors.
    let inserted = tx.execute(
        "INSERT OR IGNORE INTO moves (game_id, ply, mv, captured, time, clock)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, ply, m.mv, m.captured, m.time, m.clock],
    )?;
    if inserted == 0 {
        return Err(DbError::Conflict);
    }
    update_status(&tx, id, status, m.time, true)?;
    tx.commit()?;
    Ok(())
}

/// Writes the status of a game; with `going_on`, only of one that goes on in the store, else
/// [`DbError::Conflict`] (nothing written: another request or server ended it first). A takeback
/// writes without (a hot-seat game may be taken back past its end).
fn update_status(
    conn: &Connection,
    id: i64,
    s: &Status,
    time: i64,
    going_on: bool,
) -> Result<(), DbError> {
    let written = conn.execute(
        "UPDATE games SET result = ?2, reason = ?3, draw_offer = ?4, takeback_offer = ?6,
            updated = ?5 WHERE id = ?1 AND (NOT ?7 OR (result = '*' AND reason IS NULL))",
        params![
            id,
            s.result_text(),
            s.reason,
            s.draw_offer_text(),
            time,
            s.takeback_offer_text(),
            going_on
        ],
    )?;
    if written == 0 {
        return Err(DbError::Conflict);
    }
    Ok(())
}

fn load_game(conn: &Connection, id: i64) -> Result<Option<StoredGame>, DbError> {
    let game = conn
        .query_row(
            "SELECT id, variant, start, created, updated, opponent, engine_side, level, black_name,
                white_name, black_token, white_token, result, reason, draw_offer, omniscient,
                clock_initial, clock_increment, rematch, takeback_offer, open_seat, turn_started,
                paired, arranging, arranged_black, arranged_white, black_user, white_user, rated,
                clock_days, extensions, page_engine
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
                    rematch: r.get(18)?,
                    takeback_offer: r.get(19)?,
                    open_seat: r.get(20)?,
                    turn_started: r.get(21)?,
                    paired: r.get(22)?,
                    arranging: r.get(23)?,
                    arranged: [r.get(24)?, r.get(25)?],
                    users: [r.get(26)?, r.get(27)?],
                    rated: r.get(28)?,
                    clock_days: r.get(29)?,
                    extensions: r.get(30)?,
                    page_engine: r.get(31)?,
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

fn list_games(conn: &Connection, which: Listing) -> Result<Vec<GameSummary>, DbError> {
    const COLUMNS: &str = "SELECT g.id, g.variant, g.opponent, g.level, g.black_name, g.white_name,
        g.result, g.reason, g.plies, g.created, g.updated, g.start FROM games g";
    const ORDER: &str = "ORDER BY g.updated DESC, g.id DESC";
    let summary = summary_of;
    let rows = match which {
        Listing::Latest(limit) => conn
            .prepare(&format!("{COLUMNS} {ORDER} LIMIT ?1"))?
            .query_map([limit], summary)?
            .collect::<Result<_, _>>()?,
        Listing::Ids(ids) => {
            let ids = serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into());
            conn.prepare(&format!(
                "{COLUMNS} WHERE g.id IN (SELECT value FROM json_each(?1)) {ORDER}"
            ))?
            .query_map([ids], summary)?
            .collect::<Result<_, _>>()?
        }
    };
    Ok(rows)
}

/// A [`GameSummary`] from a row of `db::accounts::SUMMARY_COLUMNS`.
pub(super) fn summary_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameSummary> {
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
        start: r.get(11)?,
        turn: None,
    })
}
