//! Rematches: the same game again with colours swapped, created by the first player to ask and
//! joined by the other with the same call.

use hasami_core::{AnyGame, Side};
use serde::Serialize;

use crate::db::Db;
use crate::live::clock::TimeControl;
use crate::live::create::Creator;
use crate::live::create::{NewOptions, SeatAccounts};
use crate::live::error::GameError;
use crate::live::opponent::{side_word, Opponent};
use crate::live::round::Round;

/// The answer to a rematch request: the new game and the caller's key to it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Rematch {
    /// The new game's id.
    pub(crate) id: i64,
    /// The caller's token in the new game.
    pub(crate) token: String,
    /// The caller's side in the new game: `black`, `white` or `both`.
    pub(crate) side: &'static str,
}

/// Rematcher: built over the round of the server's games, the creator of new games and the store.
pub(crate) struct Rematcher<'a> {
    round: Round,
    creator: Creator<'a>,
    db: &'a Db,
}

impl<'a> Rematcher<'a> {
    /// Over the `round`, the `creator` and the store `db`.
    pub(crate) fn new(round: Round, creator: Creator<'a>, db: &'a Db) -> Rematcher<'a> {
        Rematcher { round, creator, db }
    }
}

impl Rematcher<'_> {
    /// The rematch of finished game `id` for a player of it: the same variant, start position,
    /// opponent, level, clock and names, each side played by the other player (against the engine,
    /// the engine takes the other colour; hot-seat games just start again). The first call creates
    /// it and tells both players (the game's view names it in `rematch`); later calls by either
    /// player return the same game with their own key.
    pub(crate) async fn rematch(&self, id: i64, token: Option<&str>) -> Result<Rematch, GameError> {
        let live = self.round.game(id).await?;
        let mut g = live.lock().await;
        let sides = g.player_sides(token)?;
        if !g.is_over() {
            return Err(GameError::NotOver);
        }
        let old_side = (sides.len() == 1).then(|| sides[0]);
        let new_side = old_side.map(|s| !s);
        if g.meta().rematch.is_none() {
            let opponent = g.opponent();
            // A game whose players arranged their pieces is arranged anew.
            let arrange = g.meta().arranging || g.meta().arranged.iter().any(Option::is_some);
            let start = (!arrange).then_some(g.meta().start.as_str());
            let game = AnyGame::new(&g.meta().variant, start).map_err(GameError::BadPosition)?;
            // A name the server gave (a side's name, "You", the engine's) is given again by the
            // server; a player's own name goes with them to the other colour.
            let own = |side: Side, n: &str| {
                let given =
                    n == g.game().side_name(side) || n == "You" || n.starts_with("hasami level ");
                (!given).then(|| n.to_string())
            };
            let (black, white) = (
                own(Side::First, &g.meta().black_name),
                own(Side::Second, &g.meta().white_name),
            );
            let created = self
                .creator
                .store_new(
                    game,
                    Vec::new(),
                    None,
                    NewOptions {
                        opponent: Some(opponent),
                        level: (opponent == Opponent::Engine).then_some(g.meta().level),
                        side: new_side.map(side_word),
                        // Each name goes with its player to the other colour.
                        names: (white, black),
                        omniscient: g.meta().omniscient,
                        page_engine: g.meta().page_engine,
                        clock: time_control(g.meta()),
                        open: false,
                        arrange,
                        // Each account goes with its player to the other colour; a rated game's
                        // rematch is rated.
                        accounts: SeatAccounts::ByColour([g.meta().users[1], g.meta().users[0]]),
                        rated: g.meta().rated,
                    },
                )
                .await?;
            let stands = self.db.set_rematch(id, created.id).await?;
            g.set_rematch(stands);
        }
        let new_id = g.meta().rematch.unwrap_or_default();
        drop(g);
        let next = self.round.game(new_id).await?;
        let n = next.lock().await;
        let token = match new_side {
            Some(Side::Second) => n.meta().white_token.clone(),
            _ => n.meta().black_token.clone(),
        };
        Ok(Rematch {
            id: new_id,
            token,
            side: new_side.map_or("both", side_word),
        })
    }
}

/// The time control of a stored game, for its rematch: the same clocks or days per move.
fn time_control(meta: &crate::db::StoredGame) -> Option<TimeControl> {
    match (meta.clock_initial, meta.clock_days) {
        (Some(initial_ms), _) => Some(TimeControl::RealTime {
            initial_ms,
            increment_ms: meta.clock_increment,
        }),
        (None, Some(days)) => Some(TimeControl::Days(days)),
        (None, None) => None,
    }
}
