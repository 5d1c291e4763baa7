//! The PostgreSQL store: a pool of connections (deadpool-postgres over tokio-postgres), the same
//! schema and the same calls as the SQLite store. The schema version is the one row of the table
//! `schema_version`; migrations run in one transaction under an advisory lock, so several servers
//! starting at once migrate once. A move's row is keyed by game and ply, so two servers storing a
//! move for the same ply cannot both succeed: the second gets [`DbError::Conflict`].
//!
//! Every change of a stored game also sends `NOTIFY hasami_games, 'SERVER GAME'` in its transaction
//! (delivered when it commits; a move appended adds `PLY MOVE TIME CLOCK CAPTURED…`, so the other
//! servers can apply it without reading the store); [`Postgres::listen`] gives each server the
//! changes *other* servers made, so it can update its copies and tell its own sockets.

use std::time::Duration;

mod arrange;
mod chat;
mod days;
mod health;
mod lobby;
mod migrate;
mod notify;
mod owners;
mod presence;
mod puzzles;
mod settings;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres::{Client, NoTls, Row};

use super::{now_ms, Change, DbError, GameSummary, Listing, Status, StoredGame, StoredMove};
use migrate::migrate;
use migrate::version;
pub(super) use migrate::version_of;
use notify::listen_once;
pub(super) use settings::without_password;
use settings::{BACKLOG, CHANNEL, WAIT};

/// Connections the pool opens at most (every change is one short transaction).
const POOL_SIZE: usize = 16;
/// A PostgreSQL store.
#[derive(Clone)]
pub(super) struct Postgres {
    pool: Pool,
    config: tokio_postgres::Config,
    /// This server's id (random): in notifications, so it can ignore its own; in the `presence` and
    /// `game_owners` rows it writes; and the key of its liveness lock (owners.rs).
    server: u64,
    /// The games this server owns (owners.rs).
    owner: std::sync::Arc<owners::Owner>,
}

impl Postgres {
    /// Checks `url`, migrates the database and makes the pool (which connects when first used).
    pub(super) fn connect(url: &str) -> Result<Postgres, DbError> {
        let unusable = |reason: String| DbError::Unusable {
            store: without_password(url),
            reason,
        };
        let mut config: tokio_postgres::Config =
            url.parse().map_err(|e| unusable(format!("{e}")))?;
        config.connect_timeout(WAIT);
        // The migration runs on a runtime of its own, on a thread of its own, so that this works
        // both outside and inside an async runtime.
        let for_migration = config.clone();
        let described = without_password(url);
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| DbError::Task(e.to_string()))?;
            runtime.block_on(migrate(&for_migration, &described))
        })
        .join()
        .map_err(|_| DbError::Task("the migration thread failed".into()))??;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(WAIT))
            .create_timeout(Some(WAIT))
            .runtime(Runtime::Tokio1)
            .build()
            .map_err(|e| unusable(e.to_string()))?;
        let mut id = [0u8; 8];
        getrandom::fill(&mut id).map_err(|e| DbError::Task(e.to_string()))?;
        Ok(Postgres {
            pool,
            config,
            server: u64::from_le_bytes(id),
            owner: Default::default(),
        })
    }

    /// The ids of games other servers change, as they commit; a dedicated connection that is made
    /// again (after a second) when it breaks. The task ends when the receiver is dropped.
    pub(super) fn listen(&self) -> tokio::sync::mpsc::Receiver<Change> {
        let (tx, rx) = tokio::sync::mpsc::channel(BACKLOG);
        let (config, me) = (self.config.clone(), self.server);
        tokio::spawn(async move {
            while !tx.is_closed() {
                // Errors end one connection; the loop makes the next.
                let _ = listen_once(&config, me, &tx).await;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
        rx
    }

    /// The notification of a change of game `id`, sent when `c`'s transaction commits.
    pub(in crate::db) async fn notify<C: deadpool_postgres::GenericClient>(
        &self,
        c: &C,
        id: i64,
    ) -> Result<(), DbError> {
        c.execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &format!("{} {id}", self.server)],
        )
        .await?;
        Ok(())
    }

    pub(in crate::db) async fn client(&self) -> Result<deadpool_postgres::Object, DbError> {
        self.pool
            .get()
            .await
            .map_err(|e| DbError::Unavailable(e.to_string()))
    }

    pub(super) async fn schema_version(&self) -> Result<i64, DbError> {
        let c = self.client().await?;
        let client: &Client = &c;
        Ok(version(client).await?)
    }

    pub(super) async fn insert_game(&self, g: StoredGame) -> Result<i64, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let row = tx
            .query_one(
                "INSERT INTO games (variant, start, created, updated, opponent, engine_side, level,
                    black_name, white_name, black_token, white_token, result, reason, draw_offer,
                    omniscient, clock_initial, clock_increment, takeback_offer, plies, open_seat,
                    arranging, arranged_black, arranged_white, black_user, white_user, rated,
                    clock_days, page_engine)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                    $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)
                 RETURNING id",
                &[
                    &g.variant,
                    &g.start,
                    &g.created,
                    &g.updated,
                    &g.opponent,
                    &g.engine_side,
                    &i64::from(g.level),
                    &g.black_name,
                    &g.white_name,
                    &g.black_token,
                    &g.white_token,
                    &g.result,
                    &g.reason,
                    &g.draw_offer,
                    &g.omniscient,
                    &g.clock_initial,
                    &g.clock_increment,
                    &g.takeback_offer,
                    &(g.moves.len() as i64),
                    &g.open_seat,
                    &g.arranging,
                    &g.arranged[0],
                    &g.arranged[1],
                    &g.users[0],
                    &g.users[1],
                    &g.rated,
                    &g.clock_days,
                    &g.page_engine,
                ],
            )
            .await?;
        let id: i64 = row.get(0);
        if !g.moves.is_empty() {
            let insert = tx
                .prepare(
                    "INSERT INTO moves (game_id, ply, mv, captured, time, clock)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .await?;
            for (ply, m) in g.moves.iter().enumerate() {
                let ply = ply as i64 + 1;
                tx.execute(&insert, &[&id, &ply, &m.mv, &m.captured, &m.time, &m.clock])
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(id)
    }

    pub(super) async fn append_move(
        &self,
        id: i64,
        ply: u32,
        m: StoredMove,
        status: Status,
    ) -> Result<(), DbError> {
        let c = self.client().await?;
        // One statement (one transaction, one round trip): the game's status and ply count, only
        // when the game stands at the ply before (schema step 5: the row lock makes a concurrent
        // writer wait and then see the new count), then the move and the notification.
        let row = c
            .query_one(
                "WITH upd AS (
                    UPDATE games SET plies = $2::BIGINT, result = $7, reason = $8, draw_offer = $9,
                        takeback_offer = $12, updated = $5, turn_started = $5, extensions = 0
                    WHERE id = $1 AND plies = $2::BIGINT - 1 AND result = '*' AND reason IS NULL
                    RETURNING 1
                 ), ins AS (
                    INSERT INTO moves (game_id, ply, mv, captured, time, clock)
                    SELECT $1, $2::BIGINT, $3::TEXT, $4::TEXT, $5, $6::BIGINT FROM upd RETURNING 1
                 )
                 SELECT (SELECT count(*) FROM ins),
                    (SELECT count(*) FROM (SELECT pg_notify($10, $11) FROM ins) AS n)",
                &[
                    &id,
                    &i64::from(ply),
                    &m.mv,
                    &m.captured,
                    &m.time,
                    &m.clock,
                    &status.result_text(),
                    &status.reason,
                    &status.draw_offer_text(),
                    &CHANNEL,
                    &format!(
                        "{} {id} {ply} {} {} {} {}",
                        self.server,
                        m.mv,
                        m.time,
                        m.clock.map_or("-".to_string(), |c| c.to_string()),
                        m.captured
                    )
                    .trim_end(),
                    &status.takeback_offer_text(),
                ],
            )
            .await?;
        if row.get::<_, i64>(0) == 0 {
            return Err(DbError::Conflict);
        }
        Ok(())
    }

    pub(super) async fn truncate_moves(
        &self,
        id: i64,
        from: u32,
        keep: u32,
        status: Status,
    ) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // Only from the ply the caller saw (schema step 5); dropping `tx` rolls back.
        let moved = tx
            .execute(
                "UPDATE games SET plies = $3, turn_started = $4, extensions = 0
                 WHERE id = $1 AND plies = $2",
                &[&id, &i64::from(from), &i64::from(keep), &now_ms()],
            )
            .await?;
        if moved == 0 {
            return Err(DbError::Conflict);
        }
        tx.execute(
            "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
            &[&id, &i64::from(keep)],
        )
        .await?;
        update_status(&tx, id, &status, now_ms(), false).await?;
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn set_status(&self, id: i64, status: Status) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        update_status(&tx, id, &status, now_ms(), true).await?;
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn set_names(
        &self,
        id: i64,
        black: String,
        white: String,
    ) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        tx.execute(
            "UPDATE games SET black_name = $2, white_name = $3, updated = $4 WHERE id = $1",
            &[&id, &black, &white, &now_ms()],
        )
        .await?;
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    pub(super) async fn set_rematch(&self, id: i64, new: i64) -> Result<i64, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // The row lock of the update makes a second rematch wait and then see the first.
        let row = tx
            .query_one(
                "UPDATE games SET rematch = COALESCE(rematch, $2), updated = $3 WHERE id = $1
                 RETURNING rematch",
                &[&id, &new, &now_ms()],
            )
            .await?;
        let stands: i64 = row.get(0);
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(stands)
    }

    pub(super) async fn save_review(
        &self,
        id: i64,
        plies: u32,
        body: String,
    ) -> Result<(), DbError> {
        let c = self.client().await?;
        c.execute(
            "INSERT INTO reviews (game_id, plies, body, created) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id) DO UPDATE SET plies = $2, body = $3, created = $4",
            &[&id, &i64::from(plies), &body, &now_ms()],
        )
        .await?;
        Ok(())
    }

    pub(super) async fn load_review(&self, id: i64) -> Result<Option<(u32, String)>, DbError> {
        let c = self.client().await?;
        let row = c
            .query_opt("SELECT plies, body FROM reviews WHERE game_id = $1", &[&id])
            .await?;
        Ok(row.map(|r| (small(&r, 0), r.get(1))))
    }

    pub(super) async fn load_game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        let c = self.client().await?;
        // One statement: one snapshot of the game and its moves, one round trip.
        let Some(r) = c
            .query_opt(
                "SELECT id, variant, start, created, updated, opponent, engine_side, level,
                    black_name, white_name, black_token, white_token, result, reason, draw_offer,
                    omniscient, clock_initial, clock_increment, rematch, takeback_offer, open_seat,
                    turn_started, paired, arranging, arranged_black, arranged_white,
                    black_user, white_user, rated, clock_days, extensions, page_engine,
                    ARRAY(SELECT mv FROM moves WHERE game_id = $1 ORDER BY ply),
                    ARRAY(SELECT captured FROM moves WHERE game_id = $1 ORDER BY ply),
                    ARRAY(SELECT time FROM moves WHERE game_id = $1 ORDER BY ply),
                    ARRAY(SELECT clock FROM moves WHERE game_id = $1 ORDER BY ply)
                 FROM games WHERE id = $1",
                &[&id],
            )
            .await?
        else {
            return Ok(None);
        };
        let mvs: Vec<String> = r.get(32);
        let captured: Vec<String> = r.get(33);
        let times: Vec<i64> = r.get(34);
        let clocks: Vec<Option<i64>> = r.get(35);
        let moves = mvs
            .into_iter()
            .zip(captured)
            .zip(times.into_iter().zip(clocks))
            .map(|((mv, captured), (time, clock))| StoredMove {
                mv,
                captured,
                time,
                clock,
            })
            .collect();
        Ok(Some(StoredGame {
            id: r.get(0),
            variant: r.get(1),
            start: r.get(2),
            created: r.get(3),
            updated: r.get(4),
            opponent: r.get(5),
            engine_side: r.get(6),
            level: small(&r, 7),
            black_name: r.get(8),
            white_name: r.get(9),
            black_token: r.get(10),
            white_token: r.get(11),
            result: r.get(12),
            reason: r.get(13),
            draw_offer: r.get(14),
            omniscient: r.get(15),
            clock_initial: r.get(16),
            clock_increment: r.get(17),
            rematch: r.get(18),
            takeback_offer: r.get(19),
            open_seat: r.get(20),
            turn_started: r.get(21),
            paired: r.get(22),
            arranging: r.get(23),
            arranged: [r.get(24), r.get(25)],
            users: [r.get(26), r.get(27)],
            rated: r.get(28),
            clock_days: r.get(29),
            extensions: r.get(30),
            page_engine: r.get(31),
            moves,
        }))
    }

    pub(super) async fn list_games(&self, which: Listing) -> Result<Vec<GameSummary>, DbError> {
        const COLUMNS: &str = "SELECT g.id, g.variant, g.opponent, g.level, g.black_name,
            g.white_name, g.result, g.reason, g.plies, g.created, g.updated, g.start FROM games g";
        const ORDER: &str = "ORDER BY g.updated DESC, g.id DESC";
        let c = self.client().await?;
        let rows = match which {
            Listing::Latest(limit) => {
                c.query(&format!("{COLUMNS} {ORDER} LIMIT $1"), &[&i64::from(limit)])
                    .await?
            }
            Listing::Ids(ids) => {
                c.query(
                    &format!("{COLUMNS} WHERE g.id = ANY($1::BIGINT[]) {ORDER}"),
                    &[&ids],
                )
                .await?
            }
        };
        Ok(rows.iter().map(summary_of).collect())
    }
}

/// A [`GameSummary`] from a row of `db::accounts::SUMMARY_COLUMNS`.
pub(in crate::db) fn summary_of(r: &Row) -> GameSummary {
    GameSummary {
        id: r.get(0),
        variant: r.get(1),
        opponent: r.get(2),
        level: small(r, 3),
        black: r.get(4),
        white: r.get(5),
        result: r.get(6),
        reason: r.get(7),
        plies: small(r, 8),
        created: r.get(9),
        updated: r.get(10),
        start: r.get(11),
        turn: None,
    }
}

/// A BIGINT column that holds a small count.
fn small(r: &Row, i: usize) -> u32 {
    u32::try_from(r.get::<_, i64>(i)).unwrap_or(u32::MAX)
}

async fn update_status<C: deadpool_postgres::GenericClient>(
    c: &C,
    id: i64,
    s: &Status,
    time: i64,
    going_on: bool,
) -> Result<(), DbError> {
    let written = c
        .execute(
            "UPDATE games SET result = $2, reason = $3, draw_offer = $4, takeback_offer = $6,
            updated = $5 WHERE id = $1 AND (NOT $7 OR (result = '*' AND reason IS NULL))",
            &[
                &id,
                &s.result_text(),
                &s.reason,
                &s.draw_offer_text(),
                &time,
                &s.takeback_offer_text(),
                &going_on,
            ],
        )
        .await?;
    if written == 0 {
        return Err(DbError::Conflict);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_urls_keep_no_password() {
        assert_eq!(
            without_password("postgres://ann:secret@db:5432/hasami?sslmode=disable"),
            "postgres://ann@db:5432/hasami"
        );
        assert_eq!(
            without_password("postgres://db/hasami"),
            "postgres://db/hasami"
        );
    }
}
