//! The board after a game's moves, as the browser draws it: the position and what it shows (the
//! sides' names, pieces left, a winning five), the moves with their captures, the legal moves and
//! the end by rule. The server's game view and analysis board and the page's engine answer it alike.

use hasami_core::{AnyGame, RecordResult, Side};
use serde::Serialize;

use crate::shogun::{shogun_view, ShogunView};

/// The side's name in the API: `black` (the first player) or `white`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

/// A side from its API name.
pub fn parse_side(s: &str) -> Option<Side> {
    match s {
        "black" => Some(Side::First),
        "white" => Some(Side::Second),
        _ => None,
    }
}

/// The winner of a result, if any.
pub fn winner_of(result: RecordResult) -> Option<Side> {
    match result {
        RecordResult::FirstWins => Some(Side::First),
        RecordResult::SecondWins => Some(Side::Second),
        RecordResult::Draw | RecordResult::Unfinished => None,
    }
}

/// Something said of each side: the first player's (`black`) and the second's (`white`).
#[derive(Debug, Clone, Serialize)]
pub struct Players {
    /// The first player's.
    pub black: String,
    /// The second player's.
    pub white: String,
}

/// What every view of a board shows (a game's, the analysis board's), from its [`AnyGame`].
#[derive(Debug, Clone, Serialize)]
pub struct BoardState {
    /// The preset the variant starts from.
    pub preset: &'static str,
    /// Board size (8 or 9).
    pub size: u8,
    /// What the sides are called in this game: Black/White, or White/Red in Shogun (the API's
    /// `black` is always the first player).
    pub side_names: Players,
    /// Current position text.
    pub position: String,
    /// Side to move.
    pub turn: &'static str,
    /// Plies played.
    pub ply: usize,
    /// Pieces left per side.
    pub pieces: Players,
    /// The squares of a winning five in a row, end to end (empty for any other end).
    pub winning_line: Vec<String>,
}

impl BoardState {
    /// The board of `game`.
    pub fn of(game: &AnyGame) -> BoardState {
        let both = |f: &dyn Fn(Side) -> String| Players {
            black: f(Side::First),
            white: f(Side::Second),
        };
        BoardState {
            preset: game.preset(),
            size: game.size(),
            side_names: both(&|s| game.side_name(s).to_string()),
            position: game.position_text(),
            turn: side_word(game.side()),
            ply: game.plies(),
            pieces: both(&|s| game.pieces(s).to_string()),
            winning_line: game
                .outcome()
                .map(|o| o.winning_line().iter().map(|q| q.to_string()).collect())
                .unwrap_or_default(),
        }
    }
}

/// A move of a board's game.
#[derive(Debug, Clone, Serialize)]
pub struct BoardMove {
    /// 1-based ply.
    pub ply: usize,
    /// Move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who played it: `black` (the first player) or `white`.
    pub side: &'static str,
    /// Captured squares.
    pub captured: Vec<String>,
    /// The position text after it.
    pub position: String,
}

/// A board after its moves (`POST /api/analysis`, the page's engine): shaped like the server's game
/// view so that the browser draws it the same way.
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    /// Canonical variant text.
    pub variant: String,
    /// The board: preset, size, sides' names, position, turn, ply, pieces, a winning five.
    #[serde(flatten)]
    pub board: BoardState,
    /// Start position text.
    pub start: String,
    /// The moves.
    pub moves: Vec<BoardMove>,
    /// Legal moves now (empty once the game is over by rule).
    pub legal_moves: Vec<String>,
    /// `playing` or `over`.
    pub status: &'static str,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How the game ended, in words.
    pub reason: Option<String>,
    /// The winner.
    pub winner: Option<&'static str>,
    /// Shogun only: the "Shogun!" warning, the magnet board, the learning view, refused moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shogun: Option<ShogunView>,
}

impl BoardView {
    /// The view of `game`.
    pub fn of(game: &AnyGame) -> BoardView {
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
            winner: winner_of(result).map(side_word),
            shogun: shogun_view(game),
        }
    }
}
