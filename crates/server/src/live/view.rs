//! The JSON view of a game: everything a client shows (GET /api/games/{id}, WebSocket messages).

use std::sync::Arc;

use hasami_core::{AnyGame, Side};
use serde::Serialize;
use tokio::sync::Mutex;

use crate::live::error::GameError;
use crate::live::game::{parse_side, side_word, LiveGame};
use crate::live::registry::AppState;
use crate::live::shogun_view::{shogun_view, ShogunView};

/// A move in the view.
#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    /// 1-based ply.
    pub ply: usize,
    /// Move text.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who played it.
    pub side: &'static str,
    /// Captured squares.
    pub captured: Vec<String>,
    /// Unix milliseconds.
    pub time: i64,
    /// The position text after it.
    pub position: String,
}

/// The names of the players.
#[derive(Debug, Clone, Serialize)]
pub struct Players {
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
}

/// Everything a client shows about a game (GET /api/games/{id}, WebSocket messages).
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    /// Id.
    pub id: i64,
    /// Canonical variant text.
    pub variant: String,
    /// The board: preset, size, sides' names, position, turn, ply, pieces, a winning five.
    #[serde(flatten)]
    pub board: BoardState,
    /// `engine`, `local` or `online`.
    pub opponent: &'static str,
    /// Engine level.
    pub level: u32,
    /// The engine's side.
    pub engine_side: Option<&'static str>,
    /// Names.
    pub players: Players,
    /// Shogun: `fair` (the engine does not know the numbers pieces will show) or `omniscient`.
    pub engine: &'static str,
    /// The clocks, when the game has a time control.
    pub clock: Option<ClockView>,
    /// Shogun only: the "Shogun!" warning, the magnet board, the learning view, refused moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shogun: Option<ShogunView>,
    /// Start position text.
    pub start: String,
    /// The moves.
    pub moves: Vec<MoveView>,
    /// Legal moves now (empty once the game is over).
    pub legal_moves: Vec<String>,
    /// `playing` or `over`.
    pub status: &'static str,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How the game ended, in words.
    pub reason: Option<String>,
    /// The winner.
    pub winner: Option<&'static str>,
    /// Who offers a draw.
    pub draw_offer: Option<&'static str>,
    /// Who asks to take back their last move (online games).
    pub takeback_offer: Option<&'static str>,
    /// The seat anyone may take from the lobby, until someone does (online games).
    pub open_seat: Option<&'static str>,
    /// The players were paired in the lobby (a seat taken there), not invited.
    pub paired: bool,
    /// The engine is thinking.
    pub thinking: bool,
    /// The rematch of this game, once a player asked for one (POST /api/games/{id}/rematch).
    pub rematch: Option<i64>,
    /// Whether each side's player has the game open (a WebSocket on this server; see presence.rs).
    pub connected: Connected,
    /// Shogun `setup=choose`, until the game starts: who has arranged, and the viewer's own
    /// arrangement (never the other side's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arranging: Option<crate::live::ArrangingView>,
    /// Which side the request's token plays: `black`, `white`, `both` or absent (spectator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub you: Option<&'static str>,
}

/// Whether each side's player is connected.
#[derive(Debug, Clone, Serialize)]
pub struct Connected {
    /// The first player.
    pub black: bool,
    /// The second player.
    pub white: bool,
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

/// The clocks of a game (times in ms, computed when the view was made).
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// Each side's starting time.
    pub initial_ms: i64,
    /// Added after each move.
    pub increment_ms: i64,
    /// Black's (the first player's) remaining time.
    pub black_ms: i64,
    /// White's (the second player's) remaining time.
    pub white_ms: i64,
    /// The side whose clock is running (none before each side's first move and after the end).
    pub running: Option<&'static str>,
    /// In a game paired through the lobby before each side has moved: the time left for the side
    /// to move's first move, after which the game is aborted.
    pub first_move_ms: Option<i64>,
}

impl LiveGame {
    /// The view, for a client holding `token`.
    pub fn view(&self, token: Option<&str>) -> GameView {
        let (result, reason) = self.result();
        let moves = self
            .game
            .history()
            .into_iter()
            .enumerate()
            .map(|(i, played)| MoveView {
                position: played.after,
                ply: i + 1,
                mv: played.mv.to_string(),
                side: side_word(self.mover_of(i)),
                captured: played.captured.iter().map(|s| s.to_string()).collect(),
                time: self.times.get(i).copied().unwrap_or(0),
            })
            .collect();
        let winner = match result.as_str() {
            "1-0" => Some("black"),
            "0-1" => Some("white"),
            _ => None,
        };
        GameView {
            id: self.meta.id,
            variant: self.meta.variant.clone(),
            board: BoardState::of(&self.game),
            opponent: self.opponent().as_str(),
            level: self.meta.level,
            engine_side: self.engine_side().map(side_word),
            players: Players {
                black: self.meta.black_name.clone(),
                white: self.meta.white_name.clone(),
            },
            engine: if self.meta.omniscient {
                "omniscient"
            } else {
                "fair"
            },
            clock: self.clock_view(tokio::time::Instant::now()),
            shogun: if self.ended.is_some() {
                shogun_view(&self.game).map(|mut v| {
                    v.arrivals.clear();
                    v.refused.clear();
                    v.attackers.clear();
                    v.attacked = false;
                    v
                })
            } else {
                shogun_view(&self.game)
            },
            start: self.meta.start.clone(),
            moves,
            legal_moves: if self.is_over() || self.arranging().is_some() {
                Vec::new()
            } else {
                self.game
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            },
            status: if self.is_over() { "over" } else { "playing" },
            result,
            reason,
            winner,
            draw_offer: self.draw_offer.map(side_word),
            takeback_offer: self.takeback_offer.map(side_word),
            open_seat: self
                .meta
                .open_seat
                .as_deref()
                .and_then(parse_side)
                .map(side_word),
            paired: self.meta.paired,
            thinking: self.thinking,
            rematch: self.meta.rematch,
            connected: Connected {
                black: self.connected(Side::First),
                white: self.connected(Side::Second),
            },
            arranging: self.arranging_view(token),
            you: self.you(token),
        }
    }

    /// The JSON message sent to WebSocket clients after a change.
    pub fn message(&self, token: Option<&str>) -> String {
        serde_json::json!({ "type": "game", "game": self.view(token) }).to_string()
    }

    fn clock_view(&self, now: tokio::time::Instant) -> Option<ClockView> {
        let initial_ms = self.meta.clock_initial?;
        Some(ClockView {
            initial_ms,
            increment_ms: self.meta.clock_increment,
            black_ms: self.remaining(Side::First, now)?.max(0),
            white_ms: self.remaining(Side::Second, now)?.max(0),
            running: self.clock_running().then(|| side_word(self.game.side())),
            first_move_ms: self
                .first_move_due()
                .then(|| (self.first_move_ms - self.turn.elapsed_ms(now)).max(0)),
        })
    }
}

impl AppState {
    /// The view of game `id` for a client holding `token`.
    pub async fn view(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
    ) -> Result<GameView, GameError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.looked_at(&live, &mut g).await;
        Ok(g.view(token))
    }

    /// Someone looks at the game (its view, a socket opening): a loss on time that is due, or an
    /// engine reply given up after the store refused it (live/retry.rs), is done now.
    pub(crate) async fn looked_at(self: &Arc<Self>, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let _ = self.check_clock(g).await;
        self.start_engine(live, g);
    }
}
