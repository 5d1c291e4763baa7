//! The accounts' calls on the SQLite store.

use rusqlite::{params, Connection, OptionalExtension, Row};

use super::super::sqlite::{summary_of, Sqlite};
use super::{
    side_of, ChallengeAnswer, EngineResults, Leader, RatingPoint, RatingRules, SeatGame,
    StoredChallenge, StoredRating, User, CHALLENGE_LIFE_MS, HISTORY_POINTS, MAX_OPEN_CHALLENGES,
    MAX_SESSIONS, SESSION_LIFE_MS, SUMMARY_COLUMNS,
};
use crate::db::{now_ms, DbError, GameSummary};

fn user_of(r: &Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: r.get(0)?,
        name: r.get(1)?,
        hash: r.get(2)?,
        created: r.get(3)?,
    })
}

fn rating_of(r: &Row<'_>, at: usize) -> rusqlite::Result<StoredRating> {
    Ok(StoredRating {
        rating: r.get(at)?,
        rd: r.get(at + 1)?,
        volatility: r.get(at + 2)?,
        games: r.get(at + 3)?,
    })
}

const CHALLENGE_COLUMNS: &str = "c.id, c.from_user, f.name, c.to_user, t.name, c.variant, c.side,
    c.clock, c.rated, c.created, c.status, c.game_id";

fn challenge_of(r: &Row<'_>) -> rusqlite::Result<StoredChallenge> {
    Ok(StoredChallenge {
        id: r.get(0)?,
        from: (r.get(1)?, r.get(2)?),
        to: (r.get(3)?, r.get(4)?),
        variant: r.get(5)?,
        side: r.get(6)?,
        clock: r.get(7)?,
        rated: r.get(8)?,
        created: r.get(9)?,
        status: r.get(10)?,
        game: r.get(11)?,
    })
}

fn stored_rating(
    c: &Connection,
    user: i64,
    preset: &str,
) -> rusqlite::Result<Option<StoredRating>> {
    c.query_row(
        "SELECT rating, rd, volatility, games FROM ratings WHERE user_id = ?1 AND preset = ?2",
        params![user, preset],
        |r| rating_of(r, 0),
    )
    .optional()
}

fn write_rating(
    c: &Connection,
    user: i64,
    preset: &str,
    game: i64,
    r: &StoredRating,
    now: i64,
) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO ratings (user_id, preset, rating, rd, volatility, games, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (user_id, preset) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
            volatility = excluded.volatility, games = excluded.games, updated = excluded.updated",
        params![user, preset, r.rating, r.rd, r.volatility, r.games, now],
    )?;
    c.execute(
        "INSERT OR REPLACE INTO rating_history (user_id, preset, game_id, time, rating, rd)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![user, preset, game, now, r.rating, r.rd],
    )?;
    Ok(())
}

impl Sqlite {
    pub(in crate::db) async fn create_user(
        &self,
        name: String,
        key: String,
        hash: String,
    ) -> Result<Option<i64>, DbError> {
        self.call(move |c| {
            let n = c.execute(
                "INSERT INTO users (name, name_key, hash, created) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (name_key) DO NOTHING",
                params![name, key, hash, now_ms()],
            )?;
            Ok((n == 1).then(|| c.last_insert_rowid()))
        })
        .await
    }

    pub(in crate::db) async fn user_by_key(&self, key: String) -> Result<Option<User>, DbError> {
        self.call(move |c| {
            Ok(c.query_row(
                "SELECT id, name, hash, created FROM users WHERE name_key = ?1 AND deleted = 0",
                [key],
                user_of,
            )
            .optional()?)
        })
        .await
    }

    pub(in crate::db) async fn session_user(&self, key: String) -> Result<Option<User>, DbError> {
        self.call(move |c| {
            Ok(c.query_row(
                "SELECT u.id, u.name, u.hash, u.created FROM sessions s JOIN users u
                 ON u.id = s.user_id WHERE s.key = ?1 AND u.deleted = 0 AND s.created >= ?2",
                params![key, now_ms() - SESSION_LIFE_MS],
                user_of,
            )
            .optional()?)
        })
        .await
    }

    pub(in crate::db) async fn create_session(
        &self,
        key: String,
        user: i64,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            tx.execute(
                "INSERT INTO sessions (key, user_id, created) VALUES (?1, ?2, ?3)",
                params![key, user, now_ms()],
            )?;
            // The oldest go beyond the most sessions one account keeps.
            tx.execute(
                "DELETE FROM sessions WHERE user_id = ?1 AND key NOT IN (
                    SELECT key FROM sessions WHERE user_id = ?1
                    ORDER BY created DESC, key LIMIT ?2)",
                params![user, MAX_SESSIONS],
            )?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    /// Deletes the sessions whose `column` (`key` or `user_id`) is `value`.
    pub(in crate::db) async fn end_sessions(
        &self,
        column: &'static str,
        value: String,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            c.execute(
                &format!("DELETE FROM sessions WHERE {column} = ?1"),
                [value],
            )?;
            Ok(())
        })
        .await
    }

    pub(in crate::db) async fn set_password(
        &self,
        user: i64,
        hash: String,
        keep: String,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            tx.execute(
                "UPDATE users SET hash = ?2 WHERE id = ?1",
                params![user, hash],
            )?;
            tx.execute(
                "DELETE FROM sessions WHERE user_id = ?1 AND key <> ?2",
                params![user, keep],
            )?;
            tx.commit()?;
            Ok(())
        })
        .await
    }

    pub(in crate::db) async fn delete_user(&self, user: i64) -> Result<Vec<i64>, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            let games = tx
                .prepare("SELECT id FROM games WHERE black_user = ?1 OR white_user = ?1")?
                .query_map([user], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<i64>>>()?;
            tx.execute(
                "UPDATE users SET hash = '', deleted = 1 WHERE id = ?1",
                [user],
            )?;
            tx.execute("DELETE FROM sessions WHERE user_id = ?1", [user])?;
            tx.execute("DELETE FROM ratings WHERE user_id = ?1", [user])?;
            tx.execute("DELETE FROM rating_history WHERE user_id = ?1", [user])?;
            tx.execute(
                "DELETE FROM challenges WHERE from_user = ?1 OR to_user = ?1",
                [user],
            )?;
            tx.execute(
                "UPDATE games SET black_name = 'deleted' WHERE black_user = ?1",
                [user],
            )?;
            tx.execute(
                "UPDATE games SET white_name = 'deleted' WHERE white_user = ?1",
                [user],
            )?;
            tx.commit()?;
            Ok(games)
        })
        .await
    }

    pub(in crate::db) async fn seat_games(
        &self,
        user: i64,
        limit: i64,
    ) -> Result<Vec<SeatGame>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(&format!(
                "SELECT {SUMMARY_COLUMNS}, g.black_user, g.white_user, g.black_token, g.white_token
                 FROM games g WHERE g.black_user = ?1 OR g.white_user = ?1
                 ORDER BY g.updated DESC, g.id DESC LIMIT ?2"
            ))?;
            let rows = st.query_map(params![user, limit], |r| {
                let summary = summary_of(r)?;
                let (black, white): (Option<i64>, Option<i64>) = (r.get(12)?, r.get(13)?);
                let side = side_of(user, black, white);
                let token: String = if side == "white" {
                    r.get(15)?
                } else {
                    r.get(14)?
                };
                Ok(SeatGame {
                    summary,
                    side,
                    token,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn claim_seat(
        &self,
        user: i64,
        id: i64,
        token: String,
    ) -> Result<bool, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            let black = tx.execute(
                "UPDATE games SET black_user = ?1 WHERE id = ?2 AND black_token = ?3
                    AND black_user IS NULL AND (engine_side IS NULL OR engine_side <> 'black')",
                params![user, id, token],
            )?;
            let white = tx.execute(
                "UPDATE games SET white_user = ?1 WHERE id = ?2 AND white_token = ?3
                    AND white_user IS NULL AND (engine_side IS NULL OR engine_side <> 'white')",
                params![user, id, token],
            )?;
            tx.commit()?;
            Ok(black + white > 0)
        })
        .await
    }

    pub(in crate::db) async fn seat_user(
        &self,
        id: i64,
        side: &'static str,
        user: i64,
        name: String,
    ) -> Result<(), DbError> {
        self.call(move |c| {
            c.execute(
                &format!("UPDATE games SET {side}_user = ?2, {side}_name = ?3 WHERE id = ?1"),
                params![id, user, name],
            )?;
            Ok(())
        })
        .await
    }

    pub(in crate::db) async fn ratings(
        &self,
        user: i64,
    ) -> Result<Vec<(String, StoredRating)>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(
                "SELECT preset, rating, rd, volatility, games FROM ratings WHERE user_id = ?1
                 ORDER BY preset",
            )?;
            let rows = st.query_map([user], |r| Ok((r.get(0)?, rating_of(r, 1)?)))?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn rating_history(
        &self,
        user: i64,
    ) -> Result<Vec<(String, RatingPoint)>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(
                "SELECT preset, time, rating, rd, game_id FROM (
                    SELECT *, ROW_NUMBER() OVER (PARTITION BY preset ORDER BY time DESC, game_id DESC) AS n
                    FROM rating_history WHERE user_id = ?1
                 ) WHERE n <= ?2 ORDER BY preset, time, game_id",
            )?;
            let rows = st.query_map(params![user, HISTORY_POINTS], |r| {
                Ok((
                    r.get(0)?,
                    RatingPoint {
                        time: r.get(1)?,
                        rating: r.get(2)?,
                        rd: r.get(3)?,
                        game: r.get(4)?,
                    },
                ))
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn leaderboard(
        &self,
        preset: String,
        min_games: i64,
        max_rd: f64,
        limit: i64,
    ) -> Result<Vec<Leader>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(
                "SELECT u.name, r.rating, r.rd, r.games FROM ratings r JOIN users u ON u.id = r.user_id
                 WHERE r.preset = ?1 AND r.games >= ?2 AND r.rd <= ?3 AND u.deleted = 0
                 ORDER BY r.rating DESC, u.name_key LIMIT ?4",
            )?;
            let rows = st.query_map(params![preset, min_games, max_rd, limit], |r| {
                Ok(Leader {
                    username: r.get(0)?,
                    rating: r.get(1)?,
                    rd: r.get(2)?,
                    games: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn engine_results(
        &self,
        user: i64,
    ) -> Result<Vec<EngineResults>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(
                "SELECT level,
                    SUM(CASE WHEN (result = '1-0' AND engine_side = 'white')
                        OR (result = '0-1' AND engine_side = 'black') THEN 1 ELSE 0 END),
                    SUM(CASE WHEN (result = '0-1' AND engine_side = 'white')
                        OR (result = '1-0' AND engine_side = 'black') THEN 1 ELSE 0 END),
                    SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END)
                 FROM games WHERE opponent = 'engine' AND result <> '*'
                    AND (black_user = ?1 OR white_user = ?1)
                 GROUP BY level ORDER BY level",
            )?;
            let rows = st.query_map([user], |r| {
                Ok(EngineResults {
                    level: r.get(0)?,
                    won: r.get(1)?,
                    lost: r.get(2)?,
                    drawn: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn now_playing(&self, limit: i64) -> Result<Vec<GameSummary>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(&format!(
                "SELECT {SUMMARY_COLUMNS} FROM games g WHERE g.opponent = 'online'
                    AND g.result = '*' AND g.open_seat IS NULL AND g.updated >= ?2
                 ORDER BY g.updated DESC LIMIT ?1"
            ))?;
            // Games untouched for a day are not "now".
            let since = now_ms() - 24 * 3600 * 1000;
            let rows = st.query_map(params![limit, since], summary_of)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn rate_game(
        &self,
        id: i64,
        rules: RatingRules,
    ) -> Result<bool, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            let due = tx
                .query_row(
                    "UPDATE games SET rating_applied = 1 WHERE id = ?1 AND rated = 1
                        AND rating_applied = 0 AND result IN ('1-0', '0-1', '1/2-1/2')
                     RETURNING variant, result, black_user, white_user",
                    [id],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, Option<i64>>(2)?,
                            r.get::<_, Option<i64>>(3)?,
                        ))
                    },
                )
                .optional()?;
            let Some((variant, result, Some(black), Some(white))) = due else {
                tx.commit()?;
                return Ok(false);
            };
            let Some(preset) = (rules.preset_of)(&variant).filter(|_| black != white) else {
                tx.commit()?;
                return Ok(false);
            };
            let old = (
                stored_rating(&tx, black, preset)?,
                stored_rating(&tx, white, preset)?,
            );
            let (b, w) = (rules.rate)(old.0, old.1, &result);
            let now = now_ms();
            write_rating(&tx, black, preset, id, &b, now)?;
            write_rating(&tx, white, preset, id, &w, now)?;
            tx.commit()?;
            Ok(true)
        })
        .await
    }

    pub(in crate::db) async fn ratings_due(&self, limit: i64) -> Result<Vec<i64>, DbError> {
        self.call(move |c| {
            let mut st = c.prepare(
                "SELECT id FROM games WHERE rated = 1 AND rating_applied = 0 AND result <> '*'
                 ORDER BY id LIMIT ?1",
            )?;
            let rows = st.query_map([limit], |r| r.get(0))?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
        .await
    }

    pub(in crate::db) async fn create_challenge(
        &self,
        ch: StoredChallenge,
    ) -> Result<Option<i64>, DbError> {
        self.call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let now = now_ms();
            let open: i64 = tx.query_row(
                "SELECT COUNT(*) FROM challenges WHERE from_user = ?1 AND status = 'open'
                    AND created >= ?2",
                params![ch.from.0, now - CHALLENGE_LIFE_MS],
                |r| r.get(0),
            )?;
            if open >= MAX_OPEN_CHALLENGES {
                return Ok(None);
            }
            tx.execute(
                "INSERT INTO challenges (from_user, to_user, variant, side, clock, rated, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![ch.from.0, ch.to.0, ch.variant, ch.side, ch.clock, ch.rated, now],
            )?;
            let id = tx.last_insert_rowid();
            tx.commit()?;
            Ok(Some(id))
        })
        .await
    }

    pub(in crate::db) async fn challenges_of(
        &self,
        user: i64,
    ) -> Result<Vec<StoredChallenge>, DbError> {
        self.call(move |c| {
            let since = now_ms() - CHALLENGE_LIFE_MS;
            let mut all = Vec::new();
            for column in ["to_user", "from_user"] {
                let mut st = c.prepare(&format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges c
                     JOIN users f ON f.id = c.from_user JOIN users t ON t.id = c.to_user
                     WHERE c.{column} = ?1 AND c.created >= ?2
                     ORDER BY c.created DESC, c.id DESC LIMIT 50"
                ))?;
                let rows = st.query_map(params![user, since], challenge_of)?;
                for row in rows {
                    all.push(row?);
                }
            }
            Ok(all)
        })
        .await
    }

    pub(in crate::db) async fn answer_challenge(
        &self,
        id: i64,
        user: i64,
        answer: ChallengeAnswer,
    ) -> Result<Option<StoredChallenge>, DbError> {
        self.call(move |c| {
            let tx = c.transaction()?;
            let who = if answer == ChallengeAnswer::Cancel {
                "from_user"
            } else {
                "to_user"
            };
            let found = tx
                .query_row(
                    &format!(
                        "SELECT {CHALLENGE_COLUMNS} FROM challenges c
                         JOIN users f ON f.id = c.from_user JOIN users t ON t.id = c.to_user
                         WHERE c.id = ?1 AND c.{who} = ?2 AND c.status = 'open' AND c.created >= ?3"
                    ),
                    params![id, user, now_ms() - CHALLENGE_LIFE_MS],
                    challenge_of,
                )
                .optional()?;
            if found.is_some() {
                tx.execute(
                    "UPDATE challenges SET status = ?2 WHERE id = ?1 AND status = 'open'",
                    params![id, answer.status()],
                )?;
            }
            tx.commit()?;
            Ok(found)
        })
        .await
    }

    pub(in crate::db) async fn challenge_game(&self, id: i64, game: i64) -> Result<(), DbError> {
        self.call(move |c| {
            c.execute(
                "UPDATE challenges SET game_id = ?2 WHERE id = ?1",
                params![id, game],
            )?;
            Ok(())
        })
        .await
    }
}
