//! The lobby: online games open to anyone. The creator waits in one seat; the first player to join
//! takes the other (the store decides who was first, also between servers). A game is listed for
//! [`LOBBY_TTL_MS`] after its creation while the seat is free and the game goes on. One client may
//! have at most [`OPEN_PER_CLIENT`] games waiting there at once, so nobody can fill the lobby, and
//! hold at most [`JOINED_PER_CLIENT`] joined seats in games that have not begun, so nobody can take
//! every seat and play none.

use std::net::IpAddr;

use serde::Serialize;

use crate::db::{self, Db, OpenGame};
use crate::live::client_games::ClientGames;
pub(crate) use crate::live::client_games::LOBBY_TTL_MS;
use crate::live::create::Creator;
use crate::live::create::{Created, NewGame, SeatAccount};
use crate::live::error::GameError;
use crate::live::finish::Finisher;
use crate::live::names::check_name;
use crate::live::opponent::{parse_side, side_word};
use crate::live::random::random_token;
use crate::live::round::Round;

/// Games one client may have waiting in the lobby at once.
pub(crate) const OPEN_PER_CLIENT: usize = 3;
/// Seats one client may hold, taken from the lobby, in games where it has not moved yet.
pub(crate) const JOINED_PER_CLIENT: usize = 3;
/// The most games the lobby lists.
pub(crate) const LOBBY_SIZE: u32 = 50;

/// What a client's remembered lobby games count for: its games waiting in the lobby, or the seats it
/// took in games that have not begun.
#[derive(Debug, Clone, Copy)]
enum Counted {
    Waiting,
    NotBegun,
}

/// The answer to joining a game: the game and the joiner's key to it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Joined {
    /// The game's id.
    pub(crate) id: i64,
    /// The joiner's token.
    pub(crate) token: String,
    /// The joiner's side: `black` or `white`.
    pub(crate) side: &'static str,
}

/// Lobby: built over the round of the server's games, the creator of new games, the store and the
/// allowances per client (the games each client created, and the seats each took).
pub(crate) struct Lobby<'a> {
    round: Round,
    creator: Creator<'a>,
    db: &'a Db,
    created: &'a ClientGames,
    joined: &'a ClientGames,
}

impl<'a> Lobby<'a> {
    /// Over the `round`, the `creator`, the store `db` and the lobby games each client `created`
    /// and `joined`.
    pub(crate) fn new(
        round: Round,
        creator: Creator<'a>,
        db: &'a Db,
        created: &'a ClientGames,
        joined: &'a ClientGames,
    ) -> Lobby<'a> {
        Lobby {
            round,
            creator,
            db,
            created,
            joined,
        }
    }
}

impl Lobby<'_> {
    /// The games open to join, newest first.
    pub(crate) async fn lobby(&self) -> Result<Vec<OpenGame>, GameError> {
        let since = db::now_ms() - LOBBY_TTL_MS;
        Ok(self.db.list_open(LOBBY_SIZE, since).await?)
    }

    /// Creates a game open in the lobby for `client`, within its allowance of open games.
    pub(crate) async fn create_open(
        &self,
        req: NewGame,
        client: IpAddr,
    ) -> Result<Created, GameError> {
        self.within_allowance(Counted::Waiting, client, async {
            let created = self.creator.create(req).await?;
            Ok((created.id, created))
        })
        .await
    }

    /// Takes the free seat of open game `id` for `client`, a player named `name` (the side's own
    /// name when none is given; an account's name when logged in, and then the seat is the
    /// account's; a rated game's seat only an account other than the creator's may take): the
    /// first caller gets the seat's key, every later one 409; a
    /// client already holding [`JOINED_PER_CLIENT`] seats in games that have not begun gets 429.
    pub(crate) async fn join(
        &self,
        id: i64,
        name: Option<&str>,
        account: Option<SeatAccount>,
        client: IpAddr,
    ) -> Result<Joined, GameError> {
        let name = name.map(check_name).transpose()?;
        self.within_allowance(Counted::NotBegun, client, async {
            Ok((id, self.take_seat(id, name, account).await?))
        })
        .await
    }

    /// Runs `work` (which makes or joins a lobby game and gives its id) when `client` has fewer
    /// than its allowance of games that still count as `what`, and remembers the game. Such
    /// requests take turns on this server (they are rare and quick), so two at once from one
    /// client cannot both pass the count.
    async fn within_allowance<T>(
        &self,
        what: Counted,
        client: IpAddr,
        work: impl std::future::Future<Output = Result<(i64, T), GameError>>,
    ) -> Result<T, GameError> {
        let (book, max, over) = match what {
            Counted::Waiting => (
                self.created,
                OPEN_PER_CLIENT,
                GameError::TooManyOpen {
                    max: OPEN_PER_CLIENT,
                },
            ),
            Counted::NotBegun => (
                self.joined,
                JOINED_PER_CLIENT,
                GameError::TooManyJoined {
                    max: JOINED_PER_CLIENT,
                },
            ),
        };
        let mut by_client = book.lock().await;
        let mut kept = Vec::new();
        for (id, at) in by_client.of(client) {
            if self.still_counts(id, at, what).await {
                kept.push((id, at));
            }
        }
        let result = if kept.len() >= max {
            Err(over)
        } else {
            work.await.map(|(id, done)| {
                kept.push((id, db::now_ms()));
                done
            })
        };
        by_client.set(client, kept);
        result
    }

    /// Whether game `id`, created or joined at `at`, still counts as `what` for its client: at most
    /// [`LOBBY_TTL_MS`] ago, the game goes on, and it still waits in the lobby (`Waiting`) or has
    /// fewer than two plies (`NotBegun`).
    async fn still_counts(&self, id: i64, at: i64, what: Counted) -> bool {
        if db::now_ms() - at > LOBBY_TTL_MS {
            return false;
        }
        let Ok(live) = self.round.game(id).await else {
            return false;
        };
        let g = live.lock().await;
        !g.is_over()
            && match what {
                Counted::Waiting => g.meta().open_seat.is_some(),
                Counted::NotBegun => g.game().plies() < 2,
            }
    }

    /// Takes the free seat of game `id` for a player named `name`, if it is still free.
    async fn take_seat(
        &self,
        id: i64,
        name: Option<String>,
        account: Option<SeatAccount>,
    ) -> Result<Joined, GameError> {
        let live = self.round.game(id).await?;
        let mut g = live.lock().await;
        Finisher::new(self.db).check_clock(&mut g).await?;
        let seat = match (&g.meta().open_seat, g.is_over()) {
            (Some(seat), false) => parse_side(seat).ok_or(GameError::NotOpen)?,
            _ => return Err(GameError::NotOpen),
        };
        if g.meta().rated && account.is_none() {
            return Err(GameError::AccountNeeded);
        }
        if account.is_some() && account.as_ref().map(|a| a.id) == g.meta().users[(!seat).index()] {
            return Err(GameError::OwnGame);
        }
        let user = account.as_ref().map(|a| a.id);
        let name = account
            .map(|a| a.name)
            .or(name)
            .unwrap_or_else(|| g.game().side_name(seat).to_string());
        let word = side_word(seat);
        // The seat gets a key of its own: the invite link the creator was given for it stops
        // working here and on every server sharing the store.
        let token = random_token();
        if !self
            .db
            .take_seat(id, word, name.clone(), token.clone(), user)
            .await?
        {
            // Another server's player was first: this copy is stale.
            let _ = self.round.reload(&live, &mut g).await;
            return Err(GameError::NotOpen);
        }
        // The store counts the first move's time from the join (`turn_started`), and so does this
        // copy; each side's first move is free of the clocks, so nothing else changes. The course
        // of the game is unchanged: the creator and the watchers are told.
        g.seat(seat, name, token.clone(), user);
        self.round.act(&live, &mut g).await;
        Ok(Joined {
            id,
            token,
            side: word,
        })
    }
}
