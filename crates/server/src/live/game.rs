//! A game held in memory while it is used: its stored row, the game with its history, the times and
//! clocks of its moves, how it ended when the rules did not end it, and the channel its changes are
//! broadcast on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hasami_core::Side;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::db::{Status, StoredGame};
use crate::live::error::GameError;
use crate::live::memory::{bytes_of, Ledger, Line};
use crate::live::presence::Presence;
use crate::live::turn::TurnClock;
use hasami_core::AnyGame;

/// The most plies a game may have: a game at the limit takes no further move (409), so no client
/// can make a game, its view or its record grow without end (variants without repetition and
/// quiet limits never end by rule). Real games end far sooner.
pub const MAX_PLIES: usize = 2_000;

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// One person against the engine.
    Engine,
    /// Two people on one device (hot-seat).
    Local,
    /// Two people in two browsers, each with an invite link.
    Online,
}

impl Opponent {
    /// The stored and shown word: `engine`, `local` or `online`.
    pub fn as_str(self) -> &'static str {
        match self {
            Opponent::Engine => "engine",
            Opponent::Local => "local",
            Opponent::Online => "online",
        }
    }

    fn parse(s: &str) -> Option<Opponent> {
        match s {
            "engine" => Some(Opponent::Engine),
            "local" => Some(Opponent::Local),
            "online" => Some(Opponent::Online),
            _ => None,
        }
    }
}

/// The side's name in the API: `black` or `white`.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

/// The end of a game that reaches [`MAX_PLIES`] without an end of its own (a variant with the
/// repetition and quiet-ply rules off): a draw, so that no game waits on a move it cannot make.
pub(crate) fn ply_limit_end(game: &AnyGame) -> Option<(String, String)> {
    (game.outcome().is_none() && game.plies() >= MAX_PLIES).then(|| {
        (
            "1/2-1/2".to_string(),
            format!("draw: the server's limit of {MAX_PLIES} plies"),
        )
    })
}

/// A side from its API name.
pub(crate) fn parse_side(s: &str) -> Option<Side> {
    match s {
        "black" => Some(Side::First),
        "white" => Some(Side::Second),
        _ => None,
    }
}

/// The time for a paired player's first move unless the server sets another (`Limits::first_move`).
pub(crate) const FIRST_MOVE_MS: i64 = 30_000;

/// One game held in memory while it is used.
pub struct LiveGame {
    /// The stored row (moves are kept in `game` and `times`, not here).
    pub meta: StoredGame,
    /// The game with its history.
    pub game: AnyGame,
    /// When each move was played, Unix milliseconds.
    pub times: Vec<i64>,
    /// The mover's remaining time after each move, ms (`None` without clocks).
    pub clocks: Vec<Option<i64>>,
    /// How long the side to move has been on its turn (its clock runs from the turn's start).
    pub turn: TurnClock,
    /// The timer that ends the game on time (replaced after every change).
    pub clock_timer: Option<tokio::task::AbortHandle>,
    /// How long each player of a paired game has for its first move, ms (`Limits::first_move`,
    /// set by the server that loads or makes the game).
    pub first_move_ms: i64,
    /// The timer that takes a lobby game out of the lobby when its creator does not come back.
    pub lobby_watch: Option<tokio::task::AbortHandle>,
    /// An end not given by the rules: resignation or agreed draw (result token, reason).
    pub ended: Option<(String, String)>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The side that asks to take back its last move (online games; see `takeback.rs`).
    pub takeback_offer: Option<Side>,
    /// The engine is searching its reply.
    pub thinking: bool,
    /// The stop flag of the engine reply being searched, if any.
    pub reply_stop: Option<Arc<AtomicBool>>,
    /// The stop flag of the hint being searched, if any (a newer hint supersedes it).
    pub hint_stop: Option<Arc<AtomicBool>>,
    /// How long the side to move's turn had lasted when the game ended (ms), `None` while it goes
    /// on: that side's clock stopped there (at zero after a loss on time).
    pub stopped_after: Option<i64>,
    /// Goes up with every change; an engine reply for an older version is dropped.
    pub version: u64,
    /// Every change is sent here as a JSON message.
    pub updates: broadcast::Sender<Arc<str>>,
    /// Whether each side's player is connected, here or on another server: see `presence.rs`.
    pub presence: Presence,
    /// What the game adds to the registry's ledger (its bytes, its position while it is an online
    /// game in progress): see `memory.rs`.
    pub(crate) line: Line,
}

impl LiveGame {
    /// A game not yet stored: no draw offer, the engine idle, the turn beginning now.
    pub(crate) fn new(
        meta: StoredGame,
        game: AnyGame,
        times: Vec<i64>,
        ended: Option<(String, String)>,
    ) -> LiveGame {
        let plies = game.plies();
        LiveGame {
            meta,
            game,
            times,
            clocks: vec![None; plies],
            turn: TurnClock::start(),
            clock_timer: None,
            first_move_ms: FIRST_MOVE_MS,
            lobby_watch: None,
            ended,
            draw_offer: None,
            takeback_offer: None,
            thinking: false,
            reply_stop: None,
            hint_stop: None,
            stopped_after: None,
            version: 0,
            updates: broadcast::channel(64).0,
            presence: Presence::default(),
            line: Line::default(),
        }
    }

    /// Replays a stored game.
    pub(crate) fn from_stored(mut meta: StoredGame) -> Result<LiveGame, GameError> {
        let id = meta.id;
        let corrupt = |e: hasami_core::AnyGameError| GameError::Corrupt {
            id,
            reason: e.to_string(),
        };
        let mut game = AnyGame::new(&meta.variant, Some(&meta.start)).map_err(corrupt)?;
        let mut times = Vec::new();
        let mut clocks = Vec::new();
        for m in std::mem::take(&mut meta.moves) {
            let mv = game.parse_move(&m.mv).map_err(corrupt)?;
            game.play(mv).map_err(corrupt)?;
            times.push(m.time);
            clocks.push(m.clock);
        }
        let ended = match (game.outcome(), meta.result.as_str()) {
            // An aborted game keeps the result `*` with its reason.
            (None, "*") if meta.reason.is_some() => {
                Some(("*".to_string(), meta.reason.clone().unwrap_or_default()))
            }
            (None, "*") | (Some(_), _) => None,
            (None, r) => Some((r.to_string(), meta.reason.clone().unwrap_or_default())),
        };
        let draw_offer = meta.draw_offer.as_deref().and_then(parse_side);
        let takeback_offer = meta.takeback_offer.as_deref().and_then(parse_side);
        let (updates, _) = broadcast::channel(64);
        let turn_began = meta
            .turn_started
            .or(times.last().copied())
            .unwrap_or(meta.created);
        // A stored end was written with the time it happened.
        let stopped_after = (meta.result != "*" || meta.reason.is_some())
            .then_some((meta.updated - turn_began).max(0));
        Ok(LiveGame {
            meta,
            game,
            times,
            clocks,
            turn: TurnClock::resumed(turn_began),
            clock_timer: None,
            first_move_ms: FIRST_MOVE_MS,
            lobby_watch: None,
            ended,
            draw_offer,
            takeback_offer,
            thinking: false,
            reply_stop: None,
            hint_stop: None,
            stopped_after,
            version: 0,
            updates,
            presence: Presence::default(),
            line: Line::default(),
        })
    }

    /// Who plays against whom.
    pub fn opponent(&self) -> Opponent {
        Opponent::parse(&self.meta.opponent).unwrap_or(Opponent::Local)
    }

    /// The engine's side, in a game against the engine.
    pub fn engine_side(&self) -> Option<Side> {
        self.meta.engine_side.as_deref().and_then(parse_side)
    }

    /// Result token and reason.
    pub fn result(&self) -> (String, Option<String>) {
        if let Some(o) = self.game.outcome() {
            (o.result_token().to_string(), self.game.outcome_words())
        } else if let Some((r, why)) = &self.ended {
            (r.clone(), Some(why.clone()))
        } else {
            ("*".into(), None)
        }
    }

    /// Takes on a stored move (played here or on another server): `next` is the game after it,
    /// played at `time` (Unix ms) leaving the mover `clock`, the next turn timed by `turn`. The move
    /// answers any draw offer and takeback request; the game ends drawn at [`MAX_PLIES`] unless it
    /// ended by rule, and an ended game's clocks stop at the move.
    pub(crate) fn take_move(
        &mut self,
        next: AnyGame,
        time: i64,
        clock: Option<i64>,
        turn: TurnClock,
    ) {
        self.game = next;
        self.times.push(time);
        self.clocks.push(clock);
        self.turn = turn;
        self.draw_offer = None;
        self.takeback_offer = None;
        if let Some(end) = ply_limit_end(&self.game) {
            self.ended = Some(end);
        }
        if self.is_over() {
            self.stopped_after = Some(0);
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.ended.is_some()
    }

    /// The end state as stored.
    pub(crate) fn status(&self) -> Status {
        let (result, reason) = self.result();
        Status {
            result,
            reason,
            draw_offer: self.draw_offer.map(|s| side_word(s).to_string()),
            takeback_offer: self.takeback_offer.map(|s| side_word(s).to_string()),
        }
    }

    /// The side that made ply `i` (0-based).
    pub(crate) fn mover_of(&self, i: usize) -> Side {
        if i.is_multiple_of(2) {
            self.game.start_side()
        } else {
            !self.game.start_side()
        }
    }

    /// Stops the engine reply being searched, if any: the game was taken back or ended, so its
    /// result would be dropped anyway.
    pub(crate) fn cancel_reply(&mut self) {
        if let Some(stop) = self.reply_stop.take() {
            stop.store(true, Ordering::Relaxed);
        }
        self.thinking = false;
    }

    /// Records a change of the game's course (a move, a takeback, the end): a new version, so
    /// engine replies and clock timers started before it are dropped, and the new game sent to
    /// every watcher.
    pub(crate) fn changed(&mut self) {
        self.version += 1;
        self.tell();
    }

    /// Sends the game to every watcher without a new version: for what leaves the position and
    /// the clocks as they are (a name, a draw offer, a player coming or going, the engine giving
    /// up a reply), so an engine reply or clock timer in flight goes on. Every change is told, so
    /// the game's line in the registry's ledger is brought up to date here.
    pub(crate) fn tell(&mut self) {
        self.recount();
        let msg: Arc<str> = self.message(None).into();
        // No receivers is fine.
        let _ = self.updates.send(msg);
    }

    /// Opens the game's line in the registry's `ledger` (once) and brings it up to date.
    pub(crate) fn enter(&mut self, ledger: &Arc<Ledger>) {
        if !self.line.is_open() {
            self.line = Line::open(ledger);
        }
        self.recount();
    }

    /// Brings the game's line in the ledger up to date: its weight, and its position while it is an
    /// online game in progress.
    pub(crate) fn recount(&mut self) {
        let bytes = bytes_of(&self.game);
        let position = self.fair_play_position();
        self.line.set(bytes, position);
    }

    /// The current position (its Zobrist hash) while this is an online game in progress, where
    /// hints and analysis of it are refused (`hint.rs`, `analysis_board.rs`). Not its variant's own
    /// start before the first move: every game of the variant starts there, the analysis board
    /// opens there, and what the engine says of it is no secret of this game.
    fn fair_play_position(&self) -> Option<u64> {
        if self.opponent() != Opponent::Online || self.is_over() {
            return None;
        }
        let hash = position_hash(&self.game);
        let own_start = self.game.plies() == 0
            && AnyGame::new(&self.meta.variant, None).is_ok_and(|s| position_hash(&s) == hash);
        (!own_start).then_some(hash)
    }
}

/// The Zobrist hash of `game`'s current position (pieces and the side to move; in Shogun the
/// pieces' numbers too), the same for the same position whatever the variant's other rules.
pub(crate) fn position_hash(game: &AnyGame) -> u64 {
    match game.position() {
        hasami_core::AnyPosition::Hasami(p) => p.hash(),
        hasami_core::AnyPosition::Shogun(p) => p.hash(),
    }
}
