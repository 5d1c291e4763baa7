//! Players' names: given at a new game, or changed later by each player for their own side.

use std::sync::Arc;

use hasami_core::Side;
use serde::Deserialize;

use crate::db;
use crate::live::error::GameError;
use crate::live::game::parse_side;
use crate::live::registry::AppState;
use crate::live::view::GameView;

/// Player names given at a new game.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamesRequest {
    /// Black's (the first player's) name.
    #[serde(default)]
    pub black: Option<String>,
    /// White's (the second player's) name.
    #[serde(default)]
    pub white: Option<String>,
}

impl NamesRequest {
    /// The names given (Black's, White's), checked.
    pub(crate) fn checked(&self) -> Result<(Option<String>, Option<String>), GameError> {
        Ok((
            self.black.as_deref().map(check_name).transpose()?,
            self.white.as_deref().map(check_name).transpose()?,
        ))
    }
}

/// A player's name, trimmed: 1–40 characters, no control characters.
fn check_name(name: &str) -> Result<String, GameError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(GameError::BadName);
    }
    Ok(name.to_string())
}

impl AppState {
    /// Sets a player's name: the token's side (`side` is needed when the token plays both, in a
    /// hot-seat game). The engine's name cannot be changed.
    pub async fn set_name(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
        name: &str,
        side: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        let sides = g.player_sides(token)?;
        let name = check_name(name)?;
        let side = match (side, sides.as_slice()) {
            (None, [only]) => *only,
            (None, _) => return Err(GameError::SideNeeded),
            (Some(text), _) => {
                let s = parse_side(text).ok_or_else(|| GameError::BadSide(text.to_string()))?;
                if !sides.contains(&s) {
                    return Err(GameError::NotYourSide(text.to_string()));
                }
                s
            }
        };
        let (mut black, mut white) = (g.meta.black_name.clone(), g.meta.white_name.clone());
        match side {
            Side::First => black = name,
            Side::Second => white = name,
        }
        let gid = g.meta.id;
        let (b, w) = (black.clone(), white.clone());
        self.db.call(move |c| db::set_names(c, gid, &b, &w)).await?;
        g.meta.black_name = black;
        g.meta.white_name = white;
        g.changed();
        Ok(g.view(token))
    }
}
