//! The analysis board: any position of any variant, moves played by both sides, and the engine's
//! analysis of the position reached. Nothing is stored: each request replays its moves from the
//! position it names.
//!
//! Fair play: the engine's analysis of the position an online game in progress on this server
//! stands at is refused, as hints are in that game (the registry keeps those positions,
//! `memory.rs`). The board itself (`POST /api/analysis`: the position, its legal moves, the end by
//! rule) says nothing a player does not see in the game, so it is answered for any position.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hasami_core::AnyGame;
use serde::Deserialize;

use crate::engine::{timed, Analysis, Engine};
use crate::live::error::GameError;
use crate::live::game::position_hash;
use crate::live::memory::Ledger;
use crate::live::random::random_u64;

/// What an analysis board request names: a variant, a start position and the moves played from it
/// (`POST /api/analysis`, and with `ms` `POST /api/analysis/search`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardRequest {
    /// Variant text (`hasami`, `dai-hasami+win=captures:5`, a Shogun variant, …).
    pub(crate) variant: String,
    /// The start position's text; the variant's start when absent.
    #[serde(default)]
    pub(crate) position: Option<String>,
    /// The moves played from the start, as text (`e1e5`).
    #[serde(default)]
    pub(crate) moves: Vec<String>,
    /// Search: the engine's time in milliseconds (default 1000, 50 to 5000); not read by the view.
    #[serde(default)]
    pub(crate) ms: Option<u64>,
    /// Search: how many best lines to report (default 1, 1 to [`MAX_LINES`]); not read by the view.
    #[serde(default)]
    pub(crate) lines: Option<u32>,
}

/// The most lines an analysis board search reports.
pub(crate) const MAX_LINES: u32 = 5;

/// The game of `req`: its start with its moves played (`hasami_view::board_game`).
pub(crate) fn board_game(req: &BoardRequest) -> Result<AnyGame, GameError> {
    hasami_view::board_game(&req.variant, req.position.as_deref(), &req.moves)
        .map_err(GameError::from)
}

/// BoardSearcher: built over the engine and the ledger of the games in memory (the positions of
/// the online games in progress).
pub(crate) struct BoardSearcher<'a> {
    engine: &'a Arc<Engine>,
    ledger: &'a Ledger,
}

impl<'a> BoardSearcher<'a> {
    /// Over the `engine` and the `ledger` of the games in memory.
    pub(crate) fn new(engine: &'a Arc<Engine>, ledger: &'a Ledger) -> BoardSearcher<'a> {
        BoardSearcher { engine, ledger }
    }
}

impl BoardSearcher<'_> {
    /// The engine's analysis of the analysis board's position after its moves, searched for `ms`
    /// milliseconds (default 1000, 50 to 5000), fairly in Shogun; a finished game's has no best
    /// move. The search stops when the request is dropped (its client went away). Refused for the
    /// position an online game in progress on this server stands at, as hints are in that game
    /// (whatever the variant's other rules: the position's pieces and side to move decide).
    pub(crate) async fn board_search(&self, req: &BoardRequest) -> Result<Analysis, GameError> {
        let game = board_game(req)?;
        if self.ledger.is_online_position(position_hash(&game)) {
            return Err(GameError::OnlinePosition);
        }
        if game.outcome().is_some() {
            // A finished game has nothing to search.
            return Ok(Analysis::nothing());
        }
        let time = std::time::Duration::from_millis(req.ms.unwrap_or(1000).clamp(50, 5000));
        let stop = Arc::new(AtomicBool::new(false));
        let lines = req.lines.unwrap_or(1).clamp(1, MAX_LINES);
        let mut request = timed(game.position(), game.hashes(), 10, time)
            .seed(random_u64())
            .stop(stop);
        request.limits.multipv = lines;
        Ok(self.engine.search(request).await)
    }
}
