//! A game held in memory while it is used: its stored row, the game with its history, the times and
//! clocks of its moves, how it ended when the rules did not end it, and the channel its changes are
//! broadcast on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hasami_core::{RecordResult, Side};
use tokio::sync::broadcast;

use crate::db::{Db, Status, StoredGame};
use crate::live::chat_room::ChatRoom;
use crate::live::end::{ply_limit_end, End};
use crate::live::error::GameError;
use crate::live::memory::{bytes_of, Ledger, Line};
use crate::live::opponent::{parse_side, Opponent};
use crate::live::presence::Presence;
use crate::live::timing::{Timing, DAY_MS};
use crate::live::turn::TurnClock;
use hasami_core::AnyGame;

/// The time for a paired player's first move unless the server sets another (`Limits::first_move`).
pub(crate) const FIRST_MOVE_MS: i64 = 30_000;

/// One game held in memory while it is used. Its fields are its own: it is read through its
/// methods, and changed only by the changes that keep it whole (a move, a takeback, the end, a draw
/// offer or a takeback request, a reload), each of which answers what it must (a move answers
/// offers and requests) and tells the watchers.
pub(crate) struct LiveGame {
    /// The stored row (moves are kept in `game` and `times`, not here).
    meta: StoredGame,
    /// The game with its history.
    game: AnyGame,
    /// When each move was played, Unix milliseconds.
    times: Vec<i64>,
    /// The mover's remaining time after each move, ms (`None` without clocks).
    clocks: Vec<Option<i64>>,
    /// How long the side to move has been on its turn (its clock runs from the turn's start).
    turn: TurnClock,
    /// The timer that ends the game on time (replaced after every change).
    clock_timer: Option<tokio::task::AbortHandle>,
    /// A paired player's time for its first move and a correspondence day (`Limits`, set by the
    /// server that loads or makes the game).
    timing: Timing,
    /// The timer that takes a lobby game out of the lobby when its creator does not come back.
    lobby_watch: Option<tokio::task::AbortHandle>,
    /// An end not given by the rules: resignation, agreed draw, time, abort.
    ended: Option<End>,
    /// The side that offers a draw.
    draw_offer: Option<Side>,
    /// The side that asks to take back its last move (online games; see `takeback.rs`).
    takeback_offer: Option<Side>,
    /// The engine is searching its reply.
    thinking: bool,
    /// The stop flag of the engine reply being searched, if any.
    reply_stop: Option<Arc<AtomicBool>>,
    /// The stop flag of the hint being searched, if any (a newer hint supersedes it).
    hint_stop: Option<Arc<AtomicBool>>,
    /// How long the side to move's turn had lasted when the game ended (ms), `None` while it goes
    /// on: that side's clock stopped there (at zero after a loss on time).
    stopped_after: Option<i64>,
    /// Goes up with every change; an engine reply for an older version is dropped.
    version: u64,
    /// Every change is sent here as a JSON message.
    updates: broadcast::Sender<Arc<str>>,
    /// Whether each side's player is connected, here or on another server: see `presence.rs`.
    presence: Presence,
    /// The chat's pace and the channel of its messages (online games): see `chat_room.rs`.
    chat: ChatRoom,
    /// What the game adds to the registry's ledger (its bytes, its position while it is an online
    /// game in progress): see `memory.rs`.
    line: Line,
}

impl LiveGame {
    /// A game not yet stored: no draw offer, the engine idle, the turn beginning now.
    pub(crate) fn new(
        meta: StoredGame,
        game: AnyGame,
        times: Vec<i64>,
        ended: Option<End>,
        timing: Timing,
    ) -> LiveGame {
        let plies = game.plies();
        LiveGame {
            meta,
            game,
            times,
            clocks: vec![None; plies],
            turn: TurnClock::start(),
            clock_timer: None,
            timing,
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
            chat: ChatRoom::default(),
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
        let stored = RecordResult::from_token(&meta.result).ok_or_else(|| GameError::Corrupt {
            id,
            reason: format!("unknown result {}", meta.result),
        })?;
        let reason = meta.reason.clone();
        let ended = match (game.outcome(), stored) {
            // An aborted game keeps the result `*` with its reason.
            (None, RecordResult::Unfinished) => reason.map(End::aborted),
            (Some(_), _) => None,
            (None, result) => Some(End {
                result,
                reason: reason.unwrap_or_default(),
            }),
        };
        let draw_offer = meta.draw_offer.as_deref().and_then(parse_side);
        let takeback_offer = meta.takeback_offer.as_deref().and_then(parse_side);
        let (updates, _) = broadcast::channel(64);
        let turn_began = meta
            .turn_started
            .or(times.last().copied())
            .unwrap_or(meta.created);
        // A stored end was written with the time it happened.
        let stopped_after = (stored != RecordResult::Unfinished || meta.reason.is_some())
            .then_some((meta.updated - turn_began).max(0));
        Ok(LiveGame {
            meta,
            game,
            times,
            clocks,
            turn: TurnClock::resumed(turn_began),
            clock_timer: None,
            timing: Timing {
                first_move_ms: FIRST_MOVE_MS,
                day_ms: DAY_MS,
            },
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
            chat: ChatRoom::default(),
            line: Line::default(),
        })
    }

    /// The stored row (its moves are in [`LiveGame::game`]).
    pub(crate) fn meta(&self) -> &StoredGame {
        &self.meta
    }

    /// The game with its history.
    pub(crate) fn game(&self) -> &AnyGame {
        &self.game
    }

    /// When each move was played, Unix milliseconds.
    pub(crate) fn times(&self) -> &[i64] {
        &self.times
    }

    /// The mover's remaining time after each move, ms (`None` without clocks).
    pub(crate) fn clocks(&self) -> &[Option<i64>] {
        &self.clocks
    }

    /// How long the side to move has been on its turn.
    pub(crate) fn turn(&self) -> &TurnClock {
        &self.turn
    }

    /// How long each player of a paired game has for its first move, ms.
    pub(crate) fn first_move_ms(&self) -> i64 {
        self.timing.first_move_ms
    }

    /// A paired player's time for its first move and a correspondence day.
    pub(crate) fn timing(&self) -> Timing {
        self.timing
    }

    /// Sets the times the server keeps besides the clocks (its settings).
    pub(crate) fn set_timing(&mut self, timing: Timing) {
        self.timing = timing;
    }

    /// An end not given by the rules, if the game ended so.
    pub(crate) fn ended(&self) -> Option<&End> {
        self.ended.as_ref()
    }

    /// The side that offers a draw.
    pub(crate) fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// The side that asks to take back its last move.
    pub(crate) fn takeback_offer(&self) -> Option<Side> {
        self.takeback_offer
    }

    /// Whether the engine is searching its reply.
    pub(crate) fn thinking(&self) -> bool {
        self.thinking
    }

    /// How long the side to move's turn had lasted when the game ended, ms.
    pub(crate) fn stopped_after(&self) -> Option<i64> {
        self.stopped_after
    }

    /// The version: goes up with every change of the game's course.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }

    /// The changes of the game, as JSON messages, from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.updates.subscribe()
    }

    /// Who plays against whom.
    pub(crate) fn opponent(&self) -> Opponent {
        Opponent::parse(&self.meta.opponent).unwrap_or(Opponent::Local)
    }

    /// The result and the reason.
    pub(crate) fn result(&self) -> (RecordResult, Option<String>) {
        if let Some(o) = self.game.outcome() {
            (RecordResult::of(Some(o)), self.game.outcome_words())
        } else if let Some(end) = &self.ended {
            (end.result, Some(end.reason.clone()))
        } else {
            (RecordResult::Unfinished, None)
        }
    }

    /// Takes on a stored move (played here or on another server): `next` is the game after it,
    /// played at `time` (Unix ms) leaving the mover `clock`, the next turn timed by `turn`. The move
    /// answers any draw offer and takeback request; the game ends drawn at [`MAX_PLIES`] unless it
    /// ended by rule, and an ended game's clocks stop at the move. The watchers are told.
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
        self.meta.extensions = 0;
        self.draw_offer = None;
        self.takeback_offer = None;
        if let Some(end) = ply_limit_end(&self.game) {
            self.ended = Some(end);
        }
        if self.is_over() {
            self.stopped_after = Some(0);
        }
        self.changed();
    }

    /// Takes on a takeback (stored first): `next` is the game with the moves taken back. Offers and
    /// requests are answered, the engine's reply stops, and the side to move's clock runs from now.
    pub(crate) fn take_back(&mut self, next: AnyGame) {
        let keep = next.plies();
        self.game = next;
        self.times.truncate(keep);
        self.clocks.truncate(keep);
        self.turn = TurnClock::start();
        self.meta.extensions = 0;
        self.stopped_after = self.game.outcome().map(|_| 0);
        self.draw_offer = None;
        self.takeback_offer = None;
        self.cancel_reply();
        self.changed();
    }

    /// Takes on an end (stored first): it answers any offer and request, stops the clocks and the
    /// engine.
    pub(crate) fn end(&mut self, end: End) {
        self.draw_offer = None;
        self.takeback_offer = None;
        self.ended = Some(end);
        self.stopped_after = Some(self.turn.elapsed_ms(tokio::time::Instant::now()));
        self.cancel_reply();
        self.changed();
    }

    /// Takes on a draw offer made, withdrawn or declined (stored first). The position and the
    /// clocks stay: an engine reply or clock timer in flight goes on.
    pub(crate) fn set_draw_offer(&mut self, side: Option<Side>) {
        self.draw_offer = side;
        self.tell();
    }

    /// Takes on a takeback request made or declined (stored first). The position and the clocks
    /// stay: an engine reply or clock timer in flight goes on.
    pub(crate) fn set_takeback_offer(&mut self, side: Option<Side>) {
        self.takeback_offer = side;
        self.tell();
    }

    /// Replaces the game with `fresh`, the same game as stored (its watchers stay and are told).
    pub(crate) fn replace_with(&mut self, fresh: LiveGame) {
        self.cancel_reply();
        self.meta = fresh.meta;
        self.game = fresh.game;
        self.times = fresh.times;
        self.clocks = fresh.clocks;
        self.turn = fresh.turn;
        self.ended = fresh.ended;
        self.draw_offer = fresh.draw_offer;
        self.takeback_offer = fresh.takeback_offer;
        self.stopped_after = fresh.stopped_after;
        self.changed();
    }

    /// Reads the game again from the store `db` and replaces it with what is stored (its watchers
    /// stay and get the new game).
    pub(crate) async fn reread(&mut self, db: &Db) -> Result<(), GameError> {
        let id = self.meta.id;
        let stored = db.load_game(id).await?.ok_or(GameError::NotFound(id))?;
        self.replace_with(LiveGame::from_stored(stored)?);
        Ok(())
    }

    /// Takes on another period given to the side to move (stored first): its deadline moves.
    pub(crate) fn take_extension(&mut self) {
        self.meta.extensions += 1;
        self.changed();
    }

    /// Names the rematch of this game (stored first).
    pub(crate) fn set_rematch(&mut self, id: i64) {
        self.meta.rematch = Some(id);
        self.changed();
    }

    /// Takes on new names of the players (stored first); not a change of the game's course.
    pub(crate) fn set_names(&mut self, black: String, white: String) {
        self.meta.black_name = black;
        self.meta.white_name = white;
        self.tell();
    }

    /// Takes on the id the store gave a new game.
    pub(crate) fn set_id(&mut self, id: i64) {
        self.meta.id = id;
    }

    /// Seats a player who joined from the lobby on `seat` (stored first): the game leaves the
    /// lobby, and its first move is timed from the join. The course of the game is unchanged: the
    /// creator and the watchers are told.
    pub(crate) fn seat(&mut self, seat: Side, name: String, token: String, user: Option<i64>) {
        self.meta.open_seat = None;
        self.meta.users[seat.index()] = user;
        self.meta.paired = true;
        self.turn = TurnClock::start();
        match seat {
            Side::First => {
                self.meta.black_name = name;
                self.meta.black_token = token;
            }
            Side::Second => {
                self.meta.white_name = name;
                self.meta.white_token = token;
            }
        }
        self.tell();
    }

    /// Takes the game out of the lobby (stored first).
    pub(crate) fn close_seat(&mut self) {
        self.meta.open_seat = None;
        self.tell();
    }

    /// Takes on the stored arrangements (stored first): the game starts (its clocks with it) when
    /// both are in.
    pub(crate) fn take_arrangements(&mut self, both: [Option<String>; 2]) {
        self.meta.arranged = both;
        if let Some(start) = self.arranging().and_then(|a| a.start()) {
            self.meta.start = start.to_string();
            self.meta.arranging = false;
            self.meta.turn_started = Some(crate::db::now_ms());
            self.game = AnyGame::Shogun(hasami_core::ShogunGame::from_position(start));
            self.turn = TurnClock::start();
        }
        self.changed();
    }

    /// The engine begins its reply, stopped by `stop` when the game is taken back or ends; the
    /// version the reply is for.
    pub(crate) fn begin_reply(&mut self, stop: Arc<AtomicBool>) -> u64 {
        self.thinking = true;
        self.changed();
        self.reply_stop = Some(stop);
        self.version
    }

    /// The engine's reply is over (played, or given up): it no longer shows as thinking.
    pub(crate) fn reply_done(&mut self) {
        self.thinking = false;
        self.reply_stop = None;
    }

    /// The engine gave its reply up (the store refused it): it no longer shows as thinking, and the
    /// watchers are told; the clock timer of the engine's turn goes on.
    pub(crate) fn reply_given_up(&mut self) {
        self.reply_done();
        self.tell();
    }

    /// Replaces the hint being searched (its stop flag), stopping the one before, if any.
    pub(crate) fn replace_hint(&mut self, stop: Arc<AtomicBool>) {
        if let Some(old) = self.hint_stop.replace(stop) {
            old.store(true, Ordering::Relaxed);
        }
    }

    /// Replaces the timer that ends the game on time (none: no timer), stopping the one before.
    pub(crate) fn set_clock_timer(&mut self, timer: Option<tokio::task::AbortHandle>) {
        if let Some(old) = std::mem::replace(&mut self.clock_timer, timer) {
            old.abort();
        }
    }

    /// The timer that ended the game on time (or gave up) is done.
    pub(crate) fn clock_timer_done(&mut self) {
        self.clock_timer = None;
    }

    /// Replaces the timer that takes the game out of the lobby (none: no timer), stopping the one
    /// before.
    pub(crate) fn set_lobby_watch(&mut self, timer: Option<tokio::task::AbortHandle>) {
        if let Some(old) = std::mem::replace(&mut self.lobby_watch, timer) {
            old.abort();
        }
    }

    /// The timer that takes the game out of the lobby is done.
    pub(crate) fn lobby_watch_done(&mut self) {
        self.lobby_watch = None;
    }

    /// Whether each side's player is connected.
    pub(crate) fn presence(&self) -> &Presence {
        &self.presence
    }

    /// The chat's pace and channel (the chat itself is stored, `chat.rs`).
    pub(crate) fn chat(&self) -> &ChatRoom {
        &self.chat
    }

    /// The chat's pace and channel, to count a message against.
    pub(crate) fn chat_mut(&mut self) -> &mut ChatRoom {
        &mut self.chat
    }

    /// Changes whether each side's player is connected (see `presence_sync.rs`); tells the
    /// watchers when a player came or went.
    pub(crate) fn change_presence<T>(&mut self, change: impl FnOnce(&mut Presence) -> T) -> T {
        let before = self.presence.both();
        let out = change(&mut self.presence);
        if before != self.presence.both() {
            self.tell();
        }
        out
    }

    /// Whether the game has ended.
    pub(crate) fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.ended.is_some()
    }

    /// The end state as stored.
    pub(crate) fn status(&self) -> Status {
        let (result, reason) = self.result();
        Status {
            result,
            reason,
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
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
    fn changed(&mut self) {
        self.version += 1;
        self.tell();
    }

    /// Sends the game to every watcher without a new version: for what leaves the position and
    /// the clocks as they are (a name, a draw offer, a player coming or going, the engine giving
    /// up a reply), so an engine reply or clock timer in flight goes on. Every change is told, so
    /// the game's line in the registry's ledger is brought up to date here.
    fn tell(&mut self) {
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
    fn recount(&mut self) {
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
