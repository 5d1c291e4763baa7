//! Games in play, one file per concern (after lishogi's `round` module).
//!
//! [`AppState`] (`registry`) only finds, loads and evicts games: it holds the games in use and
//! loads a game from the store on first use. Beside the games it owns the `services` (`Services`:
//! the engine, the metrics, the reviews that may run at once, the lobby's allowances and the
//! settings), which are only handed on. A [`LiveGame`] (`game`) is one game in memory; its
//! fields are its own, changed only by the changes that keep it whole (a move, a takeback, the end
//! with its typed `End`, a draw offer, a takeback request, a reload).
//!
//! Each concern is a small type built with only what it needs, in the file of its concern:
//! `moves` ([`Mover`](moves::Mover): moves, stored before they are acknowledged or broadcast),
//! `finish` (`Finisher`: resignation, abort, loss on time), `draw` (`Drawer`: offers), `takeback`
//! (`Takebacker`: undo, and takeback requests online), `reply` (`Replier`: the engine's moves;
//! `retry` tries again what the store refused), `presence_sync` (`Presences`: who is connected,
//! and the lobby's grace for a creator who left). [`Round`] (`round`) is what an action on a game
//! goes through: it finds the game, checks its clock, hands the action to its concern and then runs
//! what the game needs next (the engine's reply, the clock's timer); no concern calls back into
//! the round. Around it, each built at the edge with the parts it uses (a round, the store, the
//! engine, …; only `create` adds to the registry): `create` and `import` (new games), `rematch`,
//! `lobby` (games open to anyone; `client_games` keeps the allowances per client), `names`, `hint`, `analysis_board` (a
//! position with moves of both sides, stored nowhere), `review` (post-game review), `record`
//! (export), `games_list` (the list of games), `arrange` (Shogun players placing their pieces
//! before the first move), `chat` (the players' chat in online games; `chat_room` is what a game
//! keeps of it in memory), `memory` (what the games in memory weigh, and the positions of online
//! games in progress) and `view` (the JSON view); `follow` keeps games in step with other servers
//! sharing a PostgreSQL store. `access` says who may do what, `clock` keeps the time (`turn` times
//! a turn; `days` keeps a correspondence game's days per move and gives more time, `overdue` ends
//! those whose deadline passed while no server held them), and every
//! refusal is a [`GameError`] (`error`), which knows nothing of HTTP: a request's words (a draw's
//! `offer`) are read at the edge into [`DrawAction`] and [`TakebackAction`].
//!
//! This module depends on the store (`crate::db`), the engine (`crate::engine`) and the game of either
//! family (`hasami_core::AnyGame`; `hasami_view::shogun_view` adds what the browser shows only for Shogun), never
//! on the HTTP edge.

mod access;
mod analysis_board;
mod arrange;
mod chat;
mod chat_room;
mod client_games;
mod clock;
#[cfg(test)]
mod clock_tests;
mod create;
mod days;
mod draw;
mod end;
mod error;
mod finish;
mod follow;
mod game;
mod games_list;
mod hint;
mod import;
mod lobby;
mod memory;
mod moves;
mod names;
mod opponent;
mod overdue;
mod presence;
mod presence_sync;
mod random;
mod record;
mod registry;
mod rematch;
mod reply;
mod retry;
#[cfg(test)]
mod retry_tests;
mod review;
mod round;
mod services;
mod status;
mod takeback;
mod timing;
mod turn;
mod view;

pub(crate) use analysis_board::{board_game, BoardRequest, BoardSearcher};
pub(crate) use arrange::Arranger;
pub(crate) use chat::Chatter;
pub(crate) use chat_room::ChatNote;
pub(crate) use clock::ClockRequest;
pub(crate) use create::{Creator, NewGame, SeatAccount};
pub(crate) use draw::DrawAction;
pub(crate) use error::GameError;
pub(crate) use follow::Follower;
pub(crate) use game::LiveGame;
pub(crate) use games_list::{turn_of, GamesList};
pub(crate) use hint::Hinter;
pub(crate) use import::{Import, Importer};
pub(crate) use lobby::Lobby;
pub use memory::game_bytes;
pub(crate) use names::Namer;
pub(crate) use overdue::Overdue;
pub(crate) use random::{random_token, random_u64};
pub(crate) use record::Recorder;
pub use registry::{AppState, Shared};
pub(crate) use registry::{MAX_LIVE_BYTES, MAX_LIVE_GAMES};
pub(crate) use rematch::Rematcher;
pub(crate) use review::Reviewer;
pub(crate) use round::Round;
pub(crate) use takeback::TakebackAction;
