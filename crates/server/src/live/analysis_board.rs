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

use hasami_core::{AnyGame, RecordResult};
use serde::{Deserialize, Serialize};

use crate::engine::{timed, Analysis, Engine};
use crate::live::end::winner_of;
use crate::live::error::GameError;
use crate::live::game::position_hash;
use crate::live::memory::Ledger;
use crate::live::opponent::side_word;
use crate::live::random::random_u64;
use crate::live::refusal::Refusal;
use crate::live::shogun_view::{shogun_view, ShogunView};
use crate::live::view::BoardState;

/// The most moves an analysis board request may carry.
pub(crate) const MAX_BOARD_MOVES: usize = 1000;

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

/// A move on the analysis board.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BoardMove {
    /// 1-based ply.
    pub(crate) ply: usize,
    /// Move text.
    #[serde(rename = "move")]
    pub(crate) mv: String,
    /// Who played it: `black` (the first player) or `white`.
    pub(crate) side: &'static str,
    /// Captured squares.
    pub(crate) captured: Vec<String>,
    /// The position text after it.
    pub(crate) position: String,
}

/// The analysis board after the moves: shaped like the game view (`GameView`) so that the browser
/// draws it the same way.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BoardView {
    /// Canonical variant text.
    pub(crate) variant: String,
    /// The board: preset, size, sides' names, position, turn, ply, pieces, a winning five.
    #[serde(flatten)]
    pub(crate) board: BoardState,
    /// Start position text.
    pub(crate) start: String,
    /// The moves.
    pub(crate) moves: Vec<BoardMove>,
    /// Legal moves now (empty once the game is over by rule).
    pub(crate) legal_moves: Vec<String>,
    /// `playing` or `over`.
    pub(crate) status: &'static str,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    pub(crate) result: String,
    /// How the game ended, in words.
    pub(crate) reason: Option<String>,
    /// The winner.
    pub(crate) winner: Option<&'static str>,
    /// Shogun only: the "Shogun!" warning, the magnet board, the learning view, refused moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) shogun: Option<ShogunView>,
}

/// The game of `req`: its start with its moves played. A bad variant or position, too many moves, or
/// a move that does not parse or is illegal (named in the error) is refused.
pub(crate) fn board_game(req: &BoardRequest) -> Result<AnyGame, GameError> {
    if req.moves.len() > MAX_BOARD_MOVES {
        return Err(GameError::TooManyMoves {
            moves: req.moves.len(),
            max: MAX_BOARD_MOVES,
        });
    }
    let position = req
        .position
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let mut game = AnyGame::new(req.variant.trim(), position).map_err(GameError::BadPosition)?;
    for (i, mv) in req.moves.iter().enumerate() {
        // A refused move changes nothing: the game is the one the move came to.
        if let Err(error) = game.play_text(mv) {
            let why = Box::new(Refusal::of_move(&error));
            return Err(GameError::IllegalBoardMove {
                ply: i + 1,
                error,
                why,
            });
        }
    }
    Ok(game)
}

/// The view of `game` (an analysis board's game).
pub(crate) fn board_view(game: &AnyGame) -> BoardView {
    let start = game.start_side();
    let outcome = game.outcome();
    let moves = game
        .history()
        .into_iter()
        .enumerate()
        .map(|(i, played)| BoardMove {
            ply: i + 1,
            mv: played.mv.to_string(),
            side: side_word(if i % 2 == 0 { start } else { !start }),
            captured: played.captured.iter().map(|s| s.to_string()).collect(),
            position: played.after,
        })
        .collect();
    let result = RecordResult::of(outcome);
    let winner = winner_of(result).map(side_word);
    BoardView {
        variant: game.variant().to_string(),
        board: BoardState::of(game),
        start: game.start_text(),
        moves,
        legal_moves: if outcome.is_some() {
            Vec::new()
        } else {
            game.legal_moves().iter().map(ToString::to_string).collect()
        },
        status: if outcome.is_some() { "over" } else { "playing" },
        result: result.token().to_string(),
        reason: game.outcome_words(),
        winner,
        shogun: shogun_view(game),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn req(position: Option<&str>, moves: &[&str]) -> BoardRequest {
        BoardRequest {
            variant: "hasami".into(),
            position: position.map(Into::into),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ms: None,
            lines: None,
        }
    }

    #[test]
    fn the_view_follows_the_moves() {
        let v = board_view(&board_game(&req(None, &["e1e5", "a9a5"])).unwrap());
        assert_eq!(
            (v.board.ply, v.board.turn, v.status),
            (2, "black", "playing")
        );
        assert_eq!(v.moves[1].side, "white");
        assert_eq!(v.moves[1].position, v.board.position);
    }

    #[test]
    fn an_illegal_move_is_named_with_its_ply() {
        let e = board_game(&req(None, &["e1e5", "e5e9"])).unwrap_err();
        assert!(
            e.to_string().starts_with("move 2: illegal move e5e9"),
            "{e}"
        );
    }
}
