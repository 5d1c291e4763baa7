//! Who may do what: the sides a token plays, and the checks before a player's action.

use hasami_core::Side;

use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::opponent::{parse_side, side_word};

impl LiveGame {
    /// The engine's side, in a game against the engine.
    pub(crate) fn engine_side(&self) -> Option<Side> {
        self.meta().engine_side.as_deref().and_then(parse_side)
    }

    /// The engine's side when the server's engine plays it (not when the player's page searches
    /// its moves): the side the server replies for.
    pub(crate) fn server_engine_side(&self) -> Option<Side> {
        self.engine_side().filter(|_| !self.meta().page_engine)
    }

    /// The sides a token may move (empty for no or a wrong token).
    pub(crate) fn sides_of(&self, token: Option<&str>) -> Vec<Side> {
        let Some(t) = token.filter(|t| !t.is_empty()) else {
            return Vec::new();
        };
        let engine = self.engine_side();
        Side::ALL
            .into_iter()
            .filter(|&s| Some(s) != engine)
            .filter(|&s| {
                let secret = match s {
                    Side::First => &self.meta().black_token,
                    Side::Second => &self.meta().white_token,
                };
                constant_time_eq(secret.as_bytes(), t.as_bytes())
            })
            .collect()
    }

    /// The token's sides in words: `black`, `white`, `both` or `None` (a spectator).
    pub(crate) fn you(&self, token: Option<&str>) -> Option<&'static str> {
        match self.sides_of(token).as_slice() {
            [] => None,
            [s] => Some(side_word(*s)),
            _ => Some("both"),
        }
    }

    /// The sides of a token that plays in this game; an error for a spectator.
    pub(crate) fn player_sides(&self, token: Option<&str>) -> Result<Vec<Side>, GameError> {
        let sides = self.sides_of(token);
        if sides.is_empty() {
            return Err(if token.is_some_and(|t| !t.is_empty()) {
                GameError::NotAPlayer(self.meta().id)
            } else {
                GameError::TokenNeeded
            });
        }
        Ok(sides)
    }

    /// The side a player acts for: the side to move when the token plays both (hot-seat).
    pub(crate) fn acting_side(&self, sides: &[Side]) -> Side {
        if sides.len() == 2 {
            self.game().side()
        } else {
            sides[0]
        }
    }

    /// The side of the player holding `token` in an offer to the other player (a draw, a
    /// takeback), and whether the token plays both sides: a player (checked first), a game of a
    /// kind that has such offers (`refused` holds the error when it has not), and a game that goes
    /// on.
    pub(crate) fn offering_side(
        &self,
        token: Option<&str>,
        refused: Option<GameError>,
    ) -> Result<(Side, bool), GameError> {
        let sides = self.player_sides(token)?;
        if let Some(e) = refused {
            return Err(e);
        }
        self.check_playing()?;
        self.check_arranged()?;
        Ok((self.acting_side(&sides), sides.len() == 2))
    }

    /// Checks that the token may move `mover` now: a side it plays, or the engine's side of a game
    /// whose engine searches in the player's page.
    pub(crate) fn check_turn(&self, token: Option<&str>, mover: Side) -> Result<(), GameError> {
        let sides = self.player_sides(token)?;
        let page_engine = self.meta().page_engine && self.engine_side() == Some(mover);
        if !sides.contains(&mover) && !page_engine {
            let whose = if self.engine_side() == Some(mover) {
                "the engine's"
            } else {
                "the other player's"
            };
            return Err(GameError::NotYourTurn {
                to_move: self.game().side_name(mover),
                whose,
                yours: self.game().side_name(sides[0]),
            });
        }
        Ok(())
    }

    /// An error unless the game goes on.
    pub(crate) fn check_playing(&self) -> Result<(), GameError> {
        if self.is_over() {
            let (_, why) = self.result();
            return Err(GameError::GameOver(why.unwrap_or_else(|| "ended".into())));
        }
        Ok(())
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
