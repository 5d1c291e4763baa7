//! Shogun `setup=choose` (RULES.md S2): before the first move each player arranges its seven pieces
//! on its first rank, and the game starts from both arrangements.
//!
//! An arrangement is stored as soon as it is given (`Db::arrange`); the write that completes the
//! second also writes the start position, so every server sharing the store sees one start. Until
//! both are in, nobody sees the other side's arrangement: the view shows each player only its own
//! (spectators and WebSocket broadcasts none), and the board stays in the fixed order. Moves,
//! hints and offers wait for the start (409); resigning and aborting do not. The engine arranges
//! its own pieces at random when the game is made (`create.rs`); the clocks start with the game.

use hasami_core::shogun::{Arrangement, Arranging};
use hasami_core::{ShogunPosition, Side, Variant};

use crate::db::{Db, StartOf};
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::opponent::{parse_side, side_word};
use crate::live::random::random_u64;
use crate::live::round::Round;
use crate::live::view::{ArrangingView, GameView};

/// A random arrangement: how the engine places its pieces.
pub(crate) fn engine_arrangement() -> String {
    Arrangement::random(&mut hasami_core::SplitMix64(random_u64())).to_string()
}

fn parse_stored(text: &Option<String>) -> Option<Arrangement> {
    text.as_deref().and_then(|t| t.parse().ok())
}

impl LiveGame {
    /// The arranging, while the game waits for it: read from the stored row (`arranging` and the
    /// arrangements given), so every copy of the game, reloaded or not, sees the same.
    pub(crate) fn arranging(&self) -> Option<Arranging> {
        match self.game().variant() {
            Variant::Shogun(rules) if self.meta().arranging && self.game().plies() == 0 => Some(
                Arranging::resumed(rules, self.meta().arranged.each_ref().map(parse_stored)),
            ),
            _ => None,
        }
    }

    /// An error while the players are still arranging their pieces.
    pub(crate) fn check_arranged(&self) -> Result<(), GameError> {
        match self.arranging() {
            Some(_) => Err(GameError::Arranging),
            None => Ok(()),
        }
    }

    /// The arranging as the holder of `token` may see it.
    pub(crate) fn arranging_view(&self, token: Option<&str>) -> Option<ArrangingView> {
        let a = self.arranging()?;
        let yours = match self.sides_of(token).as_slice() {
            [side] => a.arrangement(*side).map(|x| x.to_string()),
            _ => None,
        };
        Some(ArrangingView {
            black: a.has_arranged(Side::First),
            white: a.has_arranged(Side::Second),
            yours,
        })
    }
}

/// Arrangements: built over the round of the server's games and the store they are written to.
pub(crate) struct Arranger {
    round: Round,
    db: Db,
}

impl Arranger {
    /// Over the `round` and the store `db`.
    pub(crate) fn new(round: Round, db: &Db) -> Arranger {
        Arranger {
            round,
            db: db.clone(),
        }
    }
}

impl Arranger {
    /// Arranges the pieces of the player holding `token` (`side` names which, for a token that
    /// plays both; else the first side still to arrange, White before Red) as `text` says: seven
    /// piece ids from the player's left.
    pub(crate) async fn arrange(
        &self,
        id: i64,
        token: Option<&str>,
        side: Option<&str>,
        text: &str,
    ) -> Result<GameView, GameError> {
        let live = self.round.game(id).await?;
        let mut g = live.lock().await;
        let sides = g.player_sides(token)?;
        g.check_playing()?;
        let Some(arranging) = g.arranging() else {
            return Err(GameError::NotArranging);
        };
        let arrangement: Arrangement = text.parse().map_err(GameError::BadArrangement)?;
        let side = match side {
            Some(word) => {
                let s = parse_side(word).ok_or_else(|| GameError::BadSide(word.to_string()))?;
                if !sides.contains(&s) {
                    return Err(GameError::NotYourSide(word.to_string()));
                }
                s
            }
            None => sides
                .iter()
                .copied()
                .find(|&s| !arranging.has_arranged(s))
                .unwrap_or(sides[0]),
        };
        if arranging.has_arranged(side) {
            return Err(GameError::ArrangedAlready(g.game().side_name(side)));
        }
        let Variant::Shogun(rules) = g.game().variant() else {
            return Err(GameError::NotArranging);
        };
        let start: StartOf = Box::new(move |black, white| {
            let both = [black.parse().ok()?, white.parse().ok()?];
            Some(ShogunPosition::arranged(rules, both).to_string())
        });
        let stored = self
            .db
            .arrange(id, side_word(side), arrangement.to_string(), start)
            .await?;
        let Some(both) = stored else {
            // Another server took an arrangement or an end meanwhile: this copy is stale.
            let _ = self.round.reload(&live, &mut g).await;
            return Err(match g.arranging() {
                Some(a) if !a.has_arranged(side) => GameError::Arranging,
                Some(_) => GameError::ArrangedAlready(g.game().side_name(side)),
                None => GameError::NotArranging,
            });
        };
        g.take_arrangements(both);
        self.round.act(&live, &mut g).await;
        Ok(g.view(token))
    }
}
