//! What anyone may read of the players: a player's page (ratings, their history, recent games,
//! results against the engine), the leaderboards, the online games now playing; and what an
//! account reads of its own: the games on its seats, and the claim of games played anonymously.

use std::collections::BTreeMap;

use serde::Serialize;

use super::error::AccountError;
use super::name::lookup_key;
use super::ratings::PRESETS;
use crate::db::{Db, EngineResults, GameSummary, Leader, RatingPoint, StoredRating, User};
use crate::live::turn_of;

/// Games a player page lists.
pub(crate) const PAGE_GAMES: i64 = 50;
/// Games an account's list holds.
pub(crate) const ACCOUNT_GAMES: i64 = 200;
/// Games one claim may name.
pub(crate) const MAX_CLAIM: usize = 200;
/// Players a leaderboard lists.
pub(crate) const LEADERS: i64 = 100;
/// Rated games a player needs to be on a leaderboard.
pub(crate) const LEADER_GAMES: i64 = 10;
/// The largest deviation a player on a leaderboard may have.
pub(crate) const LEADER_RD: f64 = crate::glicko::PROVISIONAL_RD;
/// Games the "now playing" list holds.
pub(crate) const NOW_PLAYING: i64 = 50;

/// A player's page (`GET /api/players/{name}`).
#[derive(Debug, Serialize)]
pub(crate) struct PlayerPage {
    /// The name as spelled.
    pub(crate) username: String,
    /// Created, Unix ms.
    pub(crate) created: i64,
    /// Ratings by preset (unrounded).
    pub(crate) ratings: BTreeMap<String, StoredRating>,
    /// Rating histories by preset, oldest first.
    pub(crate) history: BTreeMap<String, Vec<RatingPoint>>,
    /// Recent games, latest change first.
    pub(crate) games: Vec<GameSummary>,
    /// Results against the engine's levels.
    pub(crate) engine: Vec<EngineResults>,
}

/// A game on the account's seats with the key to them (`GET /api/account/games`).
#[derive(Debug, Serialize)]
pub(crate) struct OwnGame {
    /// The game.
    #[serde(flatten)]
    pub(crate) summary: GameSummary,
    /// `black`, `white` or `both`.
    pub(crate) side: &'static str,
    /// The seat's token.
    pub(crate) token: String,
}

/// Player pages, leaderboards, an account's games: built with the store.
pub(crate) struct Players<'a> {
    db: &'a Db,
}

impl<'a> Players<'a> {
    /// Over the store.
    pub(crate) fn new(db: &'a Db) -> Players<'a> {
        Players { db }
    }

    /// `user`'s ratings by preset.
    pub(crate) async fn ratings(
        &self,
        user: i64,
    ) -> Result<BTreeMap<String, StoredRating>, AccountError> {
        Ok(self.db.ratings(user).await?.into_iter().collect())
    }

    /// The page of the player named `name`.
    pub(crate) async fn page(&self, name: &str) -> Result<PlayerPage, AccountError> {
        let missing = || AccountError::NoPlayer(name.chars().take(40).collect());
        let key = lookup_key(name).ok_or_else(missing)?;
        let user = self.db.user_by_key(key).await?.ok_or_else(missing)?;
        let mut history: BTreeMap<String, Vec<RatingPoint>> = BTreeMap::new();
        for (preset, point) in self.db.rating_history(user.id).await? {
            history.entry(preset).or_default().push(point);
        }
        let games = self
            .games(&user, PAGE_GAMES)
            .await?
            .into_iter()
            .map(|g| g.summary)
            .collect();
        Ok(PlayerPage {
            ratings: self.ratings(user.id).await?,
            history,
            games,
            engine: self.db.engine_results(user.id).await?,
            username: user.name,
            created: user.created,
        })
    }

    /// The games on `user`'s seats, latest change first, with whose turn it is.
    pub(crate) async fn games(
        &self,
        user: &User,
        limit: i64,
    ) -> Result<Vec<OwnGame>, AccountError> {
        Ok(self
            .db
            .seat_games(user.id, limit)
            .await?
            .into_iter()
            .map(|g| {
                let mut summary = g.summary;
                summary.turn = turn_of(&summary);
                OwnGame {
                    summary,
                    side: g.side,
                    token: g.token,
                }
            })
            .collect())
    }

    /// Puts `user` on the seats the given `(game, token)` pairs open that no account holds; the
    /// games it took a seat of.
    pub(crate) async fn claim(
        &self,
        user: &User,
        games: Vec<(i64, String)>,
    ) -> Result<Vec<i64>, AccountError> {
        if games.len() > MAX_CLAIM {
            return Err(AccountError::Bad(format!(
                "at most {MAX_CLAIM} games at once"
            )));
        }
        let mut claimed = Vec::new();
        for (id, token) in games {
            if token.len() <= 64 && self.db.claim_seat(user.id, id, token).await? {
                claimed.push(id);
            }
        }
        Ok(claimed)
    }

    /// The leaderboard of `preset`.
    pub(crate) async fn leaderboard(&self, preset: &str) -> Result<Vec<Leader>, AccountError> {
        let preset = PRESETS
            .iter()
            .find(|p| **p == preset)
            .ok_or_else(|| AccountError::NoPreset(preset.chars().take(40).collect()))?;
        Ok(self
            .db
            .leaderboard(preset.to_string(), LEADER_GAMES, LEADER_RD, LEADERS)
            .await?)
    }

    /// Online games between two players going on now, latest move first.
    pub(crate) async fn now_playing(&self) -> Result<Vec<GameSummary>, AccountError> {
        let mut games = self.db.now_playing(NOW_PLAYING).await?;
        for g in &mut games {
            g.turn = turn_of(g);
        }
        Ok(games)
    }
}
