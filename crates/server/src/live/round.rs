//! One game's round: what a player's action goes through, and what the game needs next.
//!
//! [`Round`] finds the game (loading it on first use), takes its lock, checks its clock, hands the
//! action to the concern that keeps its rules ([`Mover`], [`Finisher`], [`Drawer`],
//! [`Takebacker`]), and then runs what the game needs next (`act`): the engine's reply
//! ([`Replier`]) and the timer that ends the game on time. A concern never calls back into the
//! round: when it changed the game's course (a new version: a move, a takeback, an end, a reload of
//! a stale copy), the round acts on it.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::live::days::Extender;
use crate::live::draw::{DrawAction, Drawer};
use crate::live::error::GameError;
use crate::live::finish::Finisher;
use crate::live::game::LiveGame;
use crate::live::moves::Mover;
use crate::live::presence_sync::Presences;
use crate::live::registry::{Found, Shared};
use crate::live::reply::{Replier, Stored};
use crate::live::takeback::{TakebackAction, Takebacker};
use crate::live::view::GameView;

/// The round of the games of one server: built over its state (the registry of games, the store,
/// the engine).
#[derive(Clone)]
pub(crate) struct Round {
    state: Shared,
}

impl Round {
    /// The round over `state`.
    pub(crate) fn new(state: &Shared) -> Round {
        Round {
            state: Arc::clone(state),
        }
    }

    /// The ender of games over this server's store.
    fn finisher(&self) -> Finisher<'_> {
        Finisher::new(&self.state.db)
    }

    /// The game with this id, loaded from the store on first use: a game just loaded is brought up
    /// to date (when another server changed it meanwhile), ends on time if its time ran out, and
    /// runs what it needs (an engine game left on the engine's turn, e.g. by a restart, continues)
    /// before anyone else uses it.
    pub(crate) async fn game(&self, id: i64) -> Result<Arc<Mutex<LiveGame>>, GameError> {
        match self.state.find(id).await? {
            Found::InMemory(live) => Ok(live),
            Found::Loaded {
                live,
                mut guard,
                missed,
            } => {
                let g = &mut *guard;
                if missed {
                    let _ = self.reload(&live, g).await;
                    self.refresh_presence(&live, g).await;
                }
                let _ = self.finisher().check_clock(g).await;
                self.act(&live, g).await;
                drop(guard);
                Ok(live)
            }
        }
    }

    /// Runs an action on game `id` for the holder of `token` with the game's lock held, its clock
    /// checked first; then runs what the game needs next when the action changed its course (also
    /// when it failed after reading a stale copy again), and answers the game's view.
    async fn on(
        &self,
        id: i64,
        token: Option<&str>,
        action: impl AsyncFnOnce(&mut LiveGame) -> Result<(), GameError>,
    ) -> Result<GameView, GameError> {
        let live = self.game(id).await?;
        let mut g = live.lock().await;
        let version = g.version();
        let done = match self.finisher().check_clock(&mut g).await {
            Ok(()) => action(&mut g).await,
            Err(e) => Err(e),
        };
        if g.version() != version {
            self.act(&live, &mut g).await;
        }
        done.map(|()| g.view(token))
    }

    /// Plays `text` for the holder of `token`. The move is stored before this returns.
    pub(crate) async fn play(
        &self,
        id: i64,
        text: &str,
        token: Option<&str>,
    ) -> Result<GameView, GameError> {
        let mover = Mover::new(&self.state.db, &self.state.services.metrics);
        self.on(id, token, async |g: &mut LiveGame| {
            mover.play(g, text, token).await
        })
        .await
    }

    /// Resigns for the holder of `token` (in a local game, the side to move resigns).
    pub(crate) async fn resign(&self, id: i64, token: Option<&str>) -> Result<GameView, GameError> {
        let finisher = self.finisher();
        self.on(id, token, async |g: &mut LiveGame| {
            finisher.resign(g, token).await
        })
        .await
    }

    /// Aborts the game for a player before each side has moved.
    pub(crate) async fn abort(&self, id: i64, token: Option<&str>) -> Result<GameView, GameError> {
        let finisher = self.finisher();
        self.on(id, token, async |g: &mut LiveGame| {
            finisher.abort(g, token).await
        })
        .await
    }

    /// A draw offer made, accepted or declined by the holder of `token`.
    pub(crate) async fn draw(
        &self,
        id: i64,
        token: Option<&str>,
        action: DrawAction,
    ) -> Result<GameView, GameError> {
        let drawer = Drawer::new(&self.state.db);
        self.on(id, token, async |g: &mut LiveGame| {
            drawer.answer(g, token, action).await
        })
        .await
    }

    /// The waiting player (holder of `token`) gives the side to move another period of a
    /// correspondence game's days.
    pub(crate) async fn extend(&self, id: i64, token: Option<&str>) -> Result<GameView, GameError> {
        let extender = Extender::new(&self.state.db);
        self.on(id, token, async |g: &mut LiveGame| {
            extender.extend(g, token).await
        })
        .await
    }

    /// Takes back moves at once (engine and hot-seat games).
    pub(crate) async fn undo(&self, id: i64, token: Option<&str>) -> Result<GameView, GameError> {
        let takebacker = Takebacker::new(&self.state.db);
        self.on(id, token, async |g: &mut LiveGame| {
            takebacker.undo(g, token).await
        })
        .await
    }

    /// A takeback request made, accepted or declined by the holder of `token` (online games).
    pub(crate) async fn takeback(
        &self,
        id: i64,
        token: Option<&str>,
        action: TakebackAction,
    ) -> Result<GameView, GameError> {
        let takebacker = Takebacker::new(&self.state.db);
        self.on(id, token, async |g: &mut LiveGame| {
            takebacker.answer(g, token, action).await
        })
        .await
    }

    /// The view of game `id` for a client holding `token`.
    pub(crate) async fn view(&self, id: i64, token: Option<&str>) -> Result<GameView, GameError> {
        let live = self.game(id).await?;
        let mut g = live.lock().await;
        self.looked_at(&live, &mut g).await;
        Ok(g.view(token))
    }

    /// Someone looks at the game (its view, a socket opening): a loss on time that is due, or an
    /// engine reply given up after the store refused it (live/retry.rs), is done now.
    pub(crate) async fn looked_at(&self, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let _ = self.finisher().check_clock(g).await;
        self.start_engine(live, g);
    }

    /// Runs what the game needs next (the engine's reply, the clock's timer), claiming the game
    /// first when it needs an owner and this server is not it yet.
    pub(crate) async fn act(&self, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let engine_to_move = g.server_engine_side() == Some(g.game().side());
        if !g.is_over() && (engine_to_move || g.deadline().is_some()) {
            self.state.db.claim(g.meta().id).await;
        }
        self.start_engine(live, g);
        self.watch_clock(live, g);
    }

    /// Replaces `g` with the game as stored (its watchers stay and get the new game), then runs
    /// what it needs next here if this server owns it (or can claim it).
    pub(crate) async fn reload(
        &self,
        live: &Arc<Mutex<LiveGame>>,
        g: &mut LiveGame,
    ) -> Result<(), GameError> {
        self.state.reread(g).await?;
        self.act(live, g).await;
        Ok(())
    }

    /// Reads which sides other servers hold sockets of for `g`: a lobby game whose creator has
    /// gone from every server starts the lobby's grace.
    pub(crate) async fn refresh_presence(&self, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let presences = self.presences();
        if presences.read(g).await {
            presences.watch_creator(live, g);
        }
    }

    /// Presence over this server's store.
    pub(crate) fn presences(&self) -> Presences {
        Presences::new(&self.state.db, self.state.services.lobby_grace())
    }

    /// Starts the engine's reply if it is the engine's turn: searched in a task of its own, played
    /// when it finishes unless the game changed meanwhile.
    pub(crate) fn start_engine(&self, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        // Stopped when the game is taken back or ends meanwhile (LiveGame::cancel_reply).
        let stop = Arc::new(AtomicBool::new(false));
        let Some(search) =
            Replier::new(&self.state.db, &self.state.services.metrics).begin(g, &stop)
        else {
            return;
        };
        let round = self.clone();
        let live = Arc::clone(live);
        tokio::spawn(async move {
            let version = search.version;
            let found = search.run(&round.state.services.engine, stop).await;
            // A store in trouble is tried again (live/retry.rs); meanwhile the engine still shows as
            // thinking, and a takeback or an end stops it.
            let mut backoff = round.state.services.backoff();
            loop {
                let mut g = live.lock().await;
                if g.version() != version {
                    return; // the game changed meanwhile (undo, resignation, time)
                }
                let replier = Replier::new(&round.state.db, &round.state.services.metrics);
                match replier.store(&mut g, found.best.as_deref()).await {
                    Stored::Played => {
                        round.watch_clock(&live, &mut g);
                        return;
                    }
                    Stored::Conflict => {
                        // Another server replied first: show what is stored.
                        let _ = round.reload(&live, &mut g).await;
                        return;
                    }
                    Stored::Refused if backoff.again() => {}
                    Stored::Refused | Stored::Dropped => {
                        // Given up; the clock timer of the engine's turn goes on.
                        replier.give_up(&mut g);
                        return;
                    }
                }
                drop(g);
                backoff.wait().await;
            }
        });
    }

    /// Starts a timer that ends the game on time if the side to move does not move before its time
    /// runs out; a change of the game (a move, undo, the end) makes the timer do nothing.
    pub(crate) fn watch_clock(&self, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        g.set_clock_timer(None);
        let Some(deadline) = g.deadline() else {
            return;
        };
        if !self.state.db.owns(g.meta().id) {
            return; // the owner's timer ends the game; this server follows (live/follow.rs)
        }
        let version = g.version();
        // A few ms past the deadline, so that the flag is certain when the timer looks.
        let wake = deadline + std::time::Duration::from_millis(5);
        let state = Arc::clone(&self.state);
        let live = Arc::clone(live);
        let task = tokio::spawn(async move {
            tokio::time::sleep_until(wake).await;
            // An end the store refuses is tried again (live/retry.rs).
            let mut backoff = state.services.backoff();
            loop {
                let mut g = live.lock().await;
                if g.version() != version {
                    return;
                }
                if Finisher::new(&state.db).check_clock(&mut g).await.is_ok() || !backoff.again() {
                    g.clock_timer_done();
                    return;
                }
                drop(g);
                backoff.wait().await;
            }
        });
        g.set_clock_timer(Some(task.abort_handle()));
    }
}
