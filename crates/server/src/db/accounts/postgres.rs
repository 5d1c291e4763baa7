//! The accounts' calls on the PostgreSQL store.

use tokio_postgres::Row;

use super::super::postgres::{summary_of, Postgres};
use super::{
    side_of, ChallengeAnswer, EngineResults, Leader, RatingPoint, RatingRules, SeatGame,
    StoredChallenge, StoredRating, User, CHALLENGE_LIFE_MS, HISTORY_POINTS, MAX_OPEN_CHALLENGES,
    MAX_SESSIONS, SESSION_LIFE_MS, SUMMARY_COLUMNS,
};
use crate::db::{now_ms, DbError, GameSummary};

fn user_of(r: &Row) -> User {
    User {
        id: r.get(0),
        name: r.get(1),
        hash: r.get(2),
        created: r.get(3),
    }
}

fn rating_of(r: &Row, at: usize) -> StoredRating {
    StoredRating {
        rating: r.get(at),
        rd: r.get(at + 1),
        volatility: r.get(at + 2),
        games: r.get(at + 3),
    }
}

const CHALLENGE_COLUMNS: &str = "c.id, c.from_user, f.name, c.to_user, t.name, c.variant, c.side,
    c.clock, c.rated, c.created, c.status, c.game_id";

fn challenge_of(r: &Row) -> StoredChallenge {
    StoredChallenge {
        id: r.get(0),
        from: (r.get(1), r.get(2)),
        to: (r.get(3), r.get(4)),
        variant: r.get(5),
        side: r.get(6),
        clock: r.get(7),
        rated: r.get(8),
        created: r.get(9),
        status: r.get(10),
        game: r.get(11),
    }
}

impl Postgres {
    pub(in crate::db) async fn create_user(
        &self,
        name: String,
        key: String,
        hash: String,
    ) -> Result<Option<i64>, DbError> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "INSERT INTO users (name, name_key, hash, created) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (name_key) DO NOTHING RETURNING id",
                &[&name, &key, &hash, &now_ms()],
            )
            .await?;
        Ok(row.map(|r| r.get(0)))
    }

    pub(in crate::db) async fn user_by_key(&self, key: String) -> Result<Option<User>, DbError> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT id, name, hash, created FROM users WHERE name_key = $1 AND NOT deleted",
                &[&key],
            )
            .await?;
        Ok(row.as_ref().map(user_of))
    }

    pub(in crate::db) async fn session_user(&self, key: String) -> Result<Option<User>, DbError> {
        let c = self.client().await?;
        let row = c
            .query_opt(
                "SELECT u.id, u.name, u.hash, u.created FROM sessions s JOIN users u
                 ON u.id = s.user_id WHERE s.key = $1 AND NOT u.deleted AND s.created >= $2",
                &[&key, &(now_ms() - SESSION_LIFE_MS)],
            )
            .await?;
        Ok(row.as_ref().map(user_of))
    }

    pub(in crate::db) async fn create_session(
        &self,
        key: String,
        user: i64,
    ) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        tx.execute(
            "INSERT INTO sessions (key, user_id, created) VALUES ($1, $2, $3)",
            &[&key, &user, &now_ms()],
        )
        .await?;
        // The oldest go beyond the most sessions one account keeps.
        tx.execute(
            "DELETE FROM sessions WHERE user_id = $1 AND key NOT IN (
                SELECT key FROM sessions WHERE user_id = $1
                ORDER BY created DESC, key LIMIT $2)",
            &[&user, &MAX_SESSIONS],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes the sessions whose `column` (`key` or `user_id`) is `value`.
    pub(in crate::db) async fn end_sessions(
        &self,
        column: &'static str,
        value: String,
    ) -> Result<(), DbError> {
        let c = self.client().await?;
        c.execute(
            &format!("DELETE FROM sessions WHERE {column}::TEXT = $1"),
            &[&value],
        )
        .await?;
        Ok(())
    }

    pub(in crate::db) async fn set_password(
        &self,
        user: i64,
        hash: String,
        keep: String,
    ) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        tx.execute("UPDATE users SET hash = $2 WHERE id = $1", &[&user, &hash])
            .await?;
        tx.execute(
            "DELETE FROM sessions WHERE user_id = $1 AND key <> $2",
            &[&user, &keep],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub(in crate::db) async fn delete_user(&self, user: i64) -> Result<Vec<i64>, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let games: Vec<i64> = tx
            .query(
                "SELECT id FROM games WHERE black_user = $1 OR white_user = $1",
                &[&user],
            )
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
        for statement in [
            "UPDATE users SET hash = '', deleted = TRUE WHERE id = $1",
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM ratings WHERE user_id = $1",
            "DELETE FROM rating_history WHERE user_id = $1",
            "DELETE FROM challenges WHERE from_user = $1 OR to_user = $1",
            "UPDATE games SET black_name = 'deleted' WHERE black_user = $1",
            "UPDATE games SET white_name = 'deleted' WHERE white_user = $1",
        ] {
            tx.execute(statement, &[&user]).await?;
        }
        for id in &games {
            self.notify(&tx, *id).await?;
        }
        tx.commit().await?;
        Ok(games)
    }

    pub(in crate::db) async fn seat_games(
        &self,
        user: i64,
        limit: i64,
    ) -> Result<Vec<SeatGame>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT {SUMMARY_COLUMNS}, g.black_user, g.white_user, g.black_token,
                        g.white_token
                     FROM games g WHERE g.black_user = $1 OR g.white_user = $1
                     ORDER BY g.updated DESC, g.id DESC LIMIT $2"
                ),
                &[&user, &limit],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| {
                let side = side_of(user, r.get(12), r.get(13));
                SeatGame {
                    summary: summary_of(r),
                    side,
                    token: r.get(if side == "white" { 15 } else { 14 }),
                }
            })
            .collect())
    }

    pub(in crate::db) async fn claim_seat(
        &self,
        user: i64,
        id: i64,
        token: String,
    ) -> Result<bool, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        let mut took = 0;
        for side in ["black", "white"] {
            took += tx
                .execute(
                    &format!(
                        "UPDATE games SET {side}_user = $1 WHERE id = $2 AND {side}_token = $3
                            AND {side}_user IS NULL
                            AND (engine_side IS NULL OR engine_side <> '{side}')"
                    ),
                    &[&user, &id, &token],
                )
                .await?;
        }
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(took > 0)
    }

    pub(in crate::db) async fn seat_user(
        &self,
        id: i64,
        side: &'static str,
        user: i64,
        name: String,
    ) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        tx.execute(
            &format!("UPDATE games SET {side}_user = $2, {side}_name = $3 WHERE id = $1"),
            &[&id, &user, &name],
        )
        .await?;
        self.notify(&tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    pub(in crate::db) async fn ratings(
        &self,
        user: i64,
    ) -> Result<Vec<(String, StoredRating)>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT preset, rating, rd, volatility, games FROM ratings WHERE user_id = $1
                 ORDER BY preset",
                &[&user],
            )
            .await?;
        Ok(rows.iter().map(|r| (r.get(0), rating_of(r, 1))).collect())
    }

    pub(in crate::db) async fn rating_history(
        &self,
        user: i64,
    ) -> Result<Vec<(String, RatingPoint)>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT preset, time, rating, rd, game_id FROM (
                    SELECT *, ROW_NUMBER() OVER (PARTITION BY preset ORDER BY time DESC, game_id DESC) AS n
                    FROM rating_history WHERE user_id = $1
                 ) h WHERE n <= $2 ORDER BY preset, time, game_id",
                &[&user, &HISTORY_POINTS],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| {
                (
                    r.get(0),
                    RatingPoint {
                        time: r.get(1),
                        rating: r.get(2),
                        rd: r.get(3),
                        game: r.get(4),
                    },
                )
            })
            .collect())
    }

    pub(in crate::db) async fn leaderboard(
        &self,
        preset: String,
        min_games: i64,
        max_rd: f64,
        limit: i64,
    ) -> Result<Vec<Leader>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT u.name, r.rating, r.rd, r.games FROM ratings r JOIN users u ON u.id = r.user_id
                 WHERE r.preset = $1 AND r.games >= $2 AND r.rd <= $3 AND NOT u.deleted
                 ORDER BY r.rating DESC, u.name_key LIMIT $4",
                &[&preset, &min_games, &max_rd, &limit],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| Leader {
                username: r.get(0),
                rating: r.get(1),
                rd: r.get(2),
                games: r.get(3),
            })
            .collect())
    }

    pub(in crate::db) async fn engine_results(
        &self,
        user: i64,
    ) -> Result<Vec<EngineResults>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT level,
                    SUM(CASE WHEN (result = '1-0' AND engine_side = 'white')
                        OR (result = '0-1' AND engine_side = 'black') THEN 1 ELSE 0 END)::BIGINT,
                    SUM(CASE WHEN (result = '0-1' AND engine_side = 'white')
                        OR (result = '1-0' AND engine_side = 'black') THEN 1 ELSE 0 END)::BIGINT,
                    SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END)::BIGINT
                 FROM games WHERE opponent = 'engine' AND result <> '*'
                    AND (black_user = $1 OR white_user = $1)
                 GROUP BY level ORDER BY level",
                &[&user],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| EngineResults {
                level: u32::try_from(r.get::<_, i64>(0)).unwrap_or(0),
                won: r.get(1),
                lost: r.get(2),
                drawn: r.get(3),
            })
            .collect())
    }

    pub(in crate::db) async fn now_playing(&self, limit: i64) -> Result<Vec<GameSummary>, DbError> {
        let c = self.client().await?;
        let since = now_ms() - 24 * 3600 * 1000;
        let rows = c
            .query(
                &format!(
                    "SELECT {SUMMARY_COLUMNS} FROM games g WHERE g.opponent = 'online'
                        AND g.result = '*' AND g.open_seat IS NULL AND g.updated >= $2
                     ORDER BY g.updated DESC LIMIT $1"
                ),
                &[&limit, &since],
            )
            .await?;
        Ok(rows.iter().map(summary_of).collect())
    }

    pub(in crate::db) async fn rate_game(
        &self,
        id: i64,
        rules: RatingRules,
    ) -> Result<bool, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // The game row's lock makes a racing server wait here, then find the change applied.
        let due = tx
            .query_opt(
                "UPDATE games SET rating_applied = TRUE WHERE id = $1 AND rated
                    AND NOT rating_applied AND result IN ('1-0', '0-1', '1/2-1/2')
                 RETURNING variant, result, black_user, white_user",
                &[&id],
            )
            .await?;
        let Some(row) = due else {
            return Ok(false);
        };
        let (variant, result): (String, String) = (row.get(0), row.get(1));
        let (Some(black), Some(white)) = (row.get::<_, Option<i64>>(2), row.get(3)) else {
            tx.commit().await?;
            return Ok(false);
        };
        let Some(preset) = (rules.preset_of)(&variant).filter(|_| black != white) else {
            tx.commit().await?;
            return Ok(false);
        };
        // Both players' rows locked in id order (two games of one player ending at once wait
        // for each other instead of losing an update; the order rules out a deadlock).
        let rows = tx
            .query(
                "SELECT user_id, rating, rd, volatility, games FROM ratings
                 WHERE preset = $1 AND user_id IN ($2, $3) ORDER BY user_id FOR UPDATE",
                &[&preset, &black, &white],
            )
            .await?;
        let old = |user: i64| {
            rows.iter()
                .find(|r| r.get::<_, i64>(0) == user)
                .map(|r| rating_of(r, 1))
        };
        let (b, w) = (rules.rate)(old(black), old(white), &result);
        let now = now_ms();
        for (user, r) in [(black, b), (white, w)] {
            tx.execute(
                "INSERT INTO ratings (user_id, preset, rating, rd, volatility, games, updated)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (user_id, preset) DO UPDATE SET rating = excluded.rating,
                    rd = excluded.rd, volatility = excluded.volatility, games = excluded.games,
                    updated = excluded.updated",
                &[
                    &user,
                    &preset,
                    &r.rating,
                    &r.rd,
                    &r.volatility,
                    &r.games,
                    &now,
                ],
            )
            .await?;
            tx.execute(
                "INSERT INTO rating_history (user_id, preset, game_id, time, rating, rd)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (user_id, game_id) DO NOTHING",
                &[&user, &preset, &id, &now, &r.rating, &r.rd],
            )
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    pub(in crate::db) async fn ratings_due(&self, limit: i64) -> Result<Vec<i64>, DbError> {
        let c = self.client().await?;
        let rows = c
            .query(
                "SELECT id FROM games WHERE rated AND NOT rating_applied AND result <> '*'
                 ORDER BY id LIMIT $1",
                &[&limit],
            )
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub(in crate::db) async fn create_challenge(
        &self,
        ch: StoredChallenge,
    ) -> Result<Option<i64>, DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        // The challenger's row locked: two challenges sent at once are counted one after the other.
        tx.execute(
            "SELECT 1 FROM users WHERE id = $1 FOR UPDATE",
            &[&ch.from.0],
        )
        .await?;
        let now = now_ms();
        let open: i64 = tx
            .query_one(
                "SELECT COUNT(*) FROM challenges WHERE from_user = $1 AND status = 'open'
                    AND created >= $2",
                &[&ch.from.0, &(now - CHALLENGE_LIFE_MS)],
            )
            .await?
            .get(0);
        if open >= MAX_OPEN_CHALLENGES {
            return Ok(None);
        }
        let id: i64 = tx
            .query_one(
                "INSERT INTO challenges (from_user, to_user, variant, side, clock, rated, created)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                &[
                    &ch.from.0,
                    &ch.to.0,
                    &ch.variant,
                    &ch.side,
                    &ch.clock,
                    &ch.rated,
                    &now,
                ],
            )
            .await?
            .get(0);
        tx.commit().await?;
        Ok(Some(id))
    }

    pub(in crate::db) async fn challenges_of(
        &self,
        user: i64,
    ) -> Result<Vec<StoredChallenge>, DbError> {
        let c = self.client().await?;
        let since = now_ms() - CHALLENGE_LIFE_MS;
        let mut all = Vec::new();
        for column in ["to_user", "from_user"] {
            let rows = c
                .query(
                    &format!(
                        "SELECT {CHALLENGE_COLUMNS} FROM challenges c
                         JOIN users f ON f.id = c.from_user JOIN users t ON t.id = c.to_user
                         WHERE c.{column} = $1 AND c.created >= $2
                         ORDER BY c.created DESC, c.id DESC LIMIT 50"
                    ),
                    &[&user, &since],
                )
                .await?;
            all.extend(rows.iter().map(challenge_of));
        }
        Ok(all)
    }

    pub(in crate::db) async fn answer_challenge(
        &self,
        id: i64,
        user: i64,
        answer: ChallengeAnswer,
    ) -> Result<Option<StoredChallenge>, DbError> {
        let c = self.client().await?;
        let who = if answer == ChallengeAnswer::Cancel {
            "from_user"
        } else {
            "to_user"
        };
        // One statement: only the caller whose update finds the challenge open gets it back.
        let row = c
            .query_opt(
                &format!(
                    "WITH upd AS (
                        UPDATE challenges SET status = $4 WHERE id = $1 AND {who} = $2
                            AND status = 'open' AND created >= $3 RETURNING *
                     )
                     SELECT {CHALLENGE_COLUMNS} FROM upd c
                     JOIN users f ON f.id = c.from_user JOIN users t ON t.id = c.to_user"
                ),
                &[
                    &id,
                    &user,
                    &(now_ms() - CHALLENGE_LIFE_MS),
                    &answer.status(),
                ],
            )
            .await?;
        Ok(row.as_ref().map(|r| {
            let mut ch = challenge_of(r);
            ch.status = "open".into();
            ch
        }))
    }

    pub(in crate::db) async fn challenge_game(&self, id: i64, game: i64) -> Result<(), DbError> {
        let c = self.client().await?;
        c.execute(
            "UPDATE challenges SET game_id = $2 WHERE id = $1",
            &[&id, &game],
        )
        .await?;
        Ok(())
    }
}
