//! The JSON view of a game: everything a client shows (GET /api/games/{id}, WebSocket messages).

use hasami_core::Side;
use serde::Serialize;

use crate::live::days::DaysView;
use hasami_view::{shogun_view, winner_of, BoardState, Players, ShogunView};

use crate::live::game::LiveGame;
use crate::live::opponent::{parse_side, side_word};

/// What the view shows of the arranging: who is done, and the viewer's own arrangement.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ArrangingView {
    /// The first player has arranged.
    pub(crate) black: bool,
    /// The second player has arranged.
    pub(crate) white: bool,
    /// The arrangement the viewer gave (a player of one side only; never the other side's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) yours: Option<String>,
}

/// A move in the view.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct MoveView {
    /// 1-based ply.
    pub(crate) ply: usize,
    /// Move text.
    #[serde(rename = "move")]
    pub(crate) mv: String,
    /// Who played it.
    pub(crate) side: &'static str,
    /// Captured squares.
    pub(crate) captured: Vec<String>,
    /// Unix milliseconds.
    pub(crate) time: i64,
    /// The position text after it.
    pub(crate) position: String,
}

/// The accounts on a game's seats.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Accounts {
    /// Black's account name.
    pub(crate) black: Option<String>,
    /// White's account name.
    pub(crate) white: Option<String>,
}

/// Everything a client shows about a game (GET /api/games/{id}, WebSocket messages).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameView {
    /// Id.
    pub(crate) id: i64,
    /// Canonical variant text.
    pub(crate) variant: String,
    /// The board: preset, size, sides' names, position, turn, ply, pieces, a winning five.
    #[serde(flatten)]
    pub(crate) board: BoardState,
    /// `engine`, `local` or `online`.
    pub(crate) opponent: &'static str,
    /// Engine level.
    pub(crate) level: u32,
    /// The engine's side.
    pub(crate) engine_side: Option<&'static str>,
    /// Where the engine's moves are searched: `server`, or `page` (the player's page searches and
    /// posts them; docs/wasm.md).
    pub(crate) engine_in: &'static str,
    /// Names.
    pub(crate) players: Players,
    /// The account names on the seats (a link to the player's page), `null` for a seat no
    /// account holds.
    pub(crate) accounts: Accounts,
    /// A rated game.
    pub(crate) rated: bool,
    /// Shogun: `fair` (the engine does not know the numbers pieces will show) or `omniscient`.
    pub(crate) engine: &'static str,
    /// The clocks, or the days per move, when the game has a time control.
    pub(crate) clock: Option<ClockShown>,
    /// Shogun only: the "Shogun!" warning, the magnet board, the learning view, refused moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) shogun: Option<ShogunView>,
    /// Start position text.
    pub(crate) start: String,
    /// The moves.
    pub(crate) moves: Vec<MoveView>,
    /// Legal moves now (empty once the game is over).
    pub(crate) legal_moves: Vec<String>,
    /// `playing` or `over`.
    pub(crate) status: &'static str,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    pub(crate) result: String,
    /// How the game ended, in words.
    pub(crate) reason: Option<String>,
    /// The winner.
    pub(crate) winner: Option<&'static str>,
    /// Who offers a draw.
    pub(crate) draw_offer: Option<&'static str>,
    /// Who asks to take back their last move (online games).
    pub(crate) takeback_offer: Option<&'static str>,
    /// The seat anyone may take from the lobby, until someone does (online games).
    pub(crate) open_seat: Option<&'static str>,
    /// The players were paired in the lobby (a seat taken there), not invited.
    pub(crate) paired: bool,
    /// The engine is thinking.
    pub(crate) thinking: bool,
    /// The rematch of this game, once a player asked for one (POST /api/games/{id}/rematch).
    pub(crate) rematch: Option<i64>,
    /// Whether each side's player has the game open (a WebSocket on this server; see presence.rs).
    pub(crate) connected: Connected,
    /// Shogun `setup=choose`, until the game starts: who has arranged, and the viewer's own
    /// arrangement (never the other side's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) arranging: Option<ArrangingView>,
    /// Which side the request's token plays: `black`, `white`, `both` or absent (spectator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) you: Option<&'static str>,
}

/// Whether each side's player is connected.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Connected {
    /// The first player.
    pub(crate) black: bool,
    /// The second player.
    pub(crate) white: bool,
}

/// A game's time control as the view shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub(crate) enum ClockShown {
    /// Real-time clocks.
    RealTime(ClockView),
    /// Days per move (correspondence).
    Days(DaysView),
}

/// The clocks of a game (times in ms, computed when the view was made).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClockView {
    /// Each side's starting time.
    pub(crate) initial_ms: i64,
    /// Added after each move.
    pub(crate) increment_ms: i64,
    /// Black's (the first player's) remaining time.
    pub(crate) black_ms: i64,
    /// White's (the second player's) remaining time.
    pub(crate) white_ms: i64,
    /// The side whose clock is running (none before each side's first move and after the end).
    pub(crate) running: Option<&'static str>,
    /// In a game paired through the lobby before each side has moved: the time left for the side
    /// to move's first move, after which the game is aborted.
    pub(crate) first_move_ms: Option<i64>,
}

impl LiveGame {
    /// The view, for a client holding `token`.
    pub(crate) fn view(&self, token: Option<&str>) -> GameView {
        let (result, reason) = self.result();
        let moves = self
            .game()
            .history()
            .into_iter()
            .enumerate()
            .map(|(i, played)| MoveView {
                position: played.after,
                ply: i + 1,
                mv: played.mv.to_string(),
                side: side_word(self.mover_of(i)),
                captured: played.captured.iter().map(|s| s.to_string()).collect(),
                time: self.times().get(i).copied().unwrap_or(0),
            })
            .collect();
        let winner = winner_of(result).map(side_word);
        GameView {
            id: self.meta().id,
            variant: self.meta().variant.clone(),
            board: BoardState::of(self.game()),
            opponent: self.opponent().as_str(),
            level: self.meta().level,
            engine_side: self.engine_side().map(side_word),
            engine_in: if self.meta().page_engine {
                "page"
            } else {
                "server"
            },
            players: Players {
                black: self.meta().black_name.clone(),
                white: self.meta().white_name.clone(),
            },
            accounts: Accounts {
                black: self.meta().users[0].map(|_| self.meta().black_name.clone()),
                white: self.meta().users[1].map(|_| self.meta().white_name.clone()),
            },
            rated: self.meta().rated,
            engine: if self.meta().omniscient {
                "omniscient"
            } else {
                "fair"
            },
            clock: self.clock_view(tokio::time::Instant::now()),
            shogun: if self.ended().is_some() {
                shogun_view(self.game()).map(|mut v| {
                    v.arrivals.clear();
                    v.refused.clear();
                    v.attackers.clear();
                    v.attacked = false;
                    v
                })
            } else {
                shogun_view(self.game())
            },
            start: self.meta().start.clone(),
            moves,
            legal_moves: if self.is_over() || self.arranging().is_some() {
                Vec::new()
            } else {
                self.game()
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect()
            },
            status: if self.is_over() { "over" } else { "playing" },
            result: result.token().to_string(),
            reason,
            winner,
            draw_offer: self.draw_offer().map(side_word),
            takeback_offer: self.takeback_offer().map(side_word),
            open_seat: self
                .meta()
                .open_seat
                .as_deref()
                .and_then(parse_side)
                .map(side_word),
            paired: self.meta().paired,
            thinking: self.thinking(),
            rematch: self.meta().rematch,
            connected: Connected {
                black: self.connected(Side::First),
                white: self.connected(Side::Second),
            },
            arranging: self.arranging_view(token),
            you: self.you(token),
        }
    }

    /// The JSON message sent to WebSocket clients after a change.
    pub(crate) fn message(&self, token: Option<&str>) -> String {
        serde_json::json!({ "type": "game", "game": self.view(token) }).to_string()
    }

    fn clock_view(&self, now: tokio::time::Instant) -> Option<ClockShown> {
        if let Some(days) = self.days_view(now) {
            return Some(ClockShown::Days(days));
        }
        let initial_ms = self.meta().clock_initial?;
        Some(ClockShown::RealTime(ClockView {
            initial_ms,
            increment_ms: self.meta().clock_increment,
            black_ms: self.remaining(Side::First, now)?.max(0),
            white_ms: self.remaining(Side::Second, now)?.max(0),
            running: self.clock_running().then(|| side_word(self.game().side())),
            first_move_ms: self
                .first_move_due()
                .then(|| (self.first_move_ms() - self.turn().elapsed_ms(now)).max(0)),
        }))
    }
}
