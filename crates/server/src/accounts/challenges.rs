//! Challenges by name: an account asks another for a game (variant, clock, colour, rated or not);
//! the other sees it on any page and accepts (the game is made with both accounts on their seats)
//! or declines; the challenger may cancel. A challenge stays open for a week; one account may have
//! ten open at once. Only one answer counts, also between servers (the store decides).

use serde::{Deserialize, Serialize};

use super::error::AccountError;
use super::name::lookup_key;
use super::ratings::preset_of;
use crate::db::{ChallengeAnswer, Db, StoredChallenge, User};
use crate::live::{ClockRequest, Creator, NewGame, SeatAccount};

/// The most bytes of a challenge's clock as stored.
const MAX_CLOCK_JSON: usize = 200;

/// A challenge as asked (`POST /api/challenges`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ChallengeRequest {
    /// The challenged player's name.
    pub(crate) to: String,
    /// Variant text (default `hasami`).
    #[serde(default)]
    pub(crate) variant: Option<String>,
    /// The challenger's side: `black`, `white` or `random` (default).
    #[serde(default)]
    pub(crate) side: Option<String>,
    /// The clock, as a new game takes it.
    #[serde(default)]
    pub(crate) clock: Option<serde_json::Value>,
    /// Rated.
    #[serde(default)]
    pub(crate) rated: Option<bool>,
}

/// A challenge as shown to either player.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChallengeView {
    /// Id.
    pub(crate) id: i64,
    /// The challenger.
    pub(crate) from: String,
    /// The challenged.
    pub(crate) to: String,
    /// Variant text.
    pub(crate) variant: String,
    /// The challenger's side.
    pub(crate) side: String,
    /// The clock.
    pub(crate) clock: Option<serde_json::Value>,
    /// Rated.
    pub(crate) rated: bool,
    /// Created, Unix ms.
    pub(crate) created: i64,
    /// `open`, `accepted`, `declined` or `cancelled`.
    pub(crate) status: String,
    /// The game an accepted challenge made.
    pub(crate) game: Option<i64>,
}

impl From<StoredChallenge> for ChallengeView {
    fn from(c: StoredChallenge) -> ChallengeView {
        ChallengeView {
            id: c.id,
            from: c.from.1,
            to: c.to.1,
            variant: c.variant,
            side: c.side,
            clock: c.clock.and_then(|t| serde_json::from_str(&t).ok()),
            rated: c.rated,
            created: c.created,
            status: c.status,
            game: c.game,
        }
    }
}

/// An account's challenges, both ways.
#[derive(Debug, Serialize)]
pub(crate) struct ChallengeLists {
    /// Sent to the account.
    pub(crate) incoming: Vec<ChallengeView>,
    /// Sent by the account.
    pub(crate) outgoing: Vec<ChallengeView>,
}

/// The challenged player's seat of an accepted challenge's game.
#[derive(Debug, Serialize)]
pub(crate) struct Accepted {
    /// The game.
    pub(crate) game: i64,
    /// The accepter's side.
    pub(crate) side: &'static str,
    /// The accepter's token.
    pub(crate) token: String,
}

/// Challenges: built with the store and the creator of new games.
pub(crate) struct Challenger<'a> {
    db: &'a Db,
    creator: Creator<'a>,
}

impl<'a> Challenger<'a> {
    /// Over the store and the creator of games.
    pub(crate) fn new(db: &'a Db, creator: Creator<'a>) -> Challenger<'a> {
        Challenger { db, creator }
    }

    /// Sends a challenge from `from`; its id.
    pub(crate) async fn send(
        &self,
        from: &User,
        req: ChallengeRequest,
    ) -> Result<i64, AccountError> {
        let missing = || AccountError::NoPlayer(req.to.chars().take(40).collect());
        let key = lookup_key(&req.to).ok_or_else(missing)?;
        let to = self.db.user_by_key(key).await?.ok_or_else(missing)?;
        if to.id == from.id {
            return Err(AccountError::SelfChallenge);
        }
        let text = req.variant.clone().unwrap_or_else(|| "hasami".into());
        let variant = hasami_core::Variant::parse(&text)
            .map_err(|e| AccountError::Bad(format!("bad variant '{}': {e}", short(&text))))?
            .to_string();
        let rated = req.rated == Some(true);
        if rated && preset_of(&variant).is_none() {
            return Err(AccountError::Bad(
                "only the presets are rated; variants with options play casual".into(),
            ));
        }
        let side = req.side.clone().unwrap_or_else(|| "random".into());
        if !["black", "white", "random"].contains(&side.as_str()) {
            return Err(AccountError::Bad(format!(
                "bad side '{}': black, white or random",
                short(&side)
            )));
        }
        let clock = match &req.clock {
            None | Some(serde_json::Value::Null) => None,
            Some(value) => {
                let parsed: ClockRequest = serde_json::from_value(value.clone())
                    .map_err(|e| AccountError::Bad(format!("bad clock: {e}")))?;
                parsed
                    .control()
                    .map_err(|e| AccountError::Bad(e.to_string()))?;
                let text = value.to_string();
                if text.len() > MAX_CLOCK_JSON {
                    return Err(AccountError::Bad("bad clock: too long".into()));
                }
                Some(text)
            }
        };
        self.db
            .create_challenge(StoredChallenge {
                id: 0,
                from: (from.id, from.name.clone()),
                to: (to.id, to.name),
                variant,
                side,
                clock,
                rated,
                created: 0,
                status: "open".into(),
                game: None,
            })
            .await?
            .ok_or(AccountError::TooManyChallenges(
                crate::db::MAX_OPEN_CHALLENGES,
            ))
    }

    /// `user`'s challenges both ways, newest first.
    pub(crate) async fn list(&self, user: &User) -> Result<ChallengeLists, AccountError> {
        let (incoming, outgoing) = self
            .db
            .challenges_of(user.id)
            .await?
            .into_iter()
            .partition::<Vec<_>, _>(|c| c.to.0 == user.id);
        Ok(ChallengeLists {
            incoming: incoming.into_iter().map(ChallengeView::from).collect(),
            outgoing: outgoing.into_iter().map(ChallengeView::from).collect(),
        })
    }

    /// Declines (the challenged) or cancels (the challenger) open challenge `id`.
    pub(crate) async fn refuse(
        &self,
        user: &User,
        id: i64,
        answer: ChallengeAnswer,
    ) -> Result<(), AccountError> {
        self.db
            .answer_challenge(id, user.id, answer)
            .await?
            .map(|_| ())
            .ok_or(AccountError::NoChallenge(id))
    }

    /// Accepts open challenge `id` for the challenged `user`: the game is made, with both
    /// accounts on their seats; the accepter's seat.
    pub(crate) async fn accept(&self, user: &User, id: i64) -> Result<Accepted, AccountError> {
        let c = self
            .db
            .answer_challenge(id, user.id, ChallengeAnswer::Accept)
            .await?
            .ok_or(AccountError::NoChallenge(id))?;
        let mut req: NewGame = serde_json::from_value(serde_json::json!({
            "variant": c.variant,
            "opponent": "online",
            "side": c.side,
            "rated": c.rated,
        }))
        .map_err(|e| AccountError::Bad(e.to_string()))?;
        req.clock = match &c.clock {
            Some(text) => Some(
                serde_json::from_str(text)
                    .map_err(|e| AccountError::Bad(format!("bad clock: {e}")))?,
            ),
            None => None,
        };
        req.account = Some(SeatAccount {
            id: c.from.0,
            name: c.from.1.clone(),
        });
        req.other_account = Some(SeatAccount {
            id: user.id,
            name: user.name.clone(),
        });
        let created = self.creator.create(req).await?;
        self.db.challenge_game(id, created.id).await?;
        let side = if created.side == "black" {
            "white"
        } else {
            "black"
        };
        Ok(Accepted {
            game: created.id,
            side,
            token: created.other_token.unwrap_or_default(),
        })
    }
}

fn short(text: &str) -> String {
    text.chars().take(40).collect()
}
