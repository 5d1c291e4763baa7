//! Creating a game: the request checked, the players' tokens and names, the game stored, and the
//! engine started when it moves first. Imports (`import`) are stored the same way.

use std::collections::HashMap;
use std::sync::Arc;

use hasami_core::shogun::Arranging;
use hasami_core::{RecordResult, Side, Variant};
use hasami_core::{ShogunOptions, ShogunRules};
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

use crate::db::{self, Db, StoredGame, StoredMove};
use crate::live::arrange::engine_arrangement;
use crate::live::clock::{ClockRequest, TimeControl};
use crate::live::end::End;
use crate::live::error::GameError;
use crate::live::game::LiveGame;
use crate::live::moves::captured_text;
use crate::live::names::NamesRequest;
use crate::live::opponent::{side_word, Opponent};
use crate::live::random::{random_token, random_u64};
use crate::live::registry::AppState;
use crate::live::round::Round;
use crate::live::timing::Timing;
use crate::live::view::GameView;
use crate::metrics::Metrics;
use hasami_core::AnyGame;

/// The name of the player of an engine game who gave none (the page shows it to that player).
pub(crate) const UNNAMED_PLAYER: &str = "You";

/// How many magnet boards (seeds, each in four rotations) `random_board` draws from.
pub(crate) const DRAWN_BOARDS: u64 = 256;

/// A new game (POST /api/games).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGame {
    /// Variant text (RULES.md A6); default `hasami`.
    #[serde(default)]
    pub(crate) variant: Option<String>,
    /// `engine` (default), `local` or `online`.
    #[serde(default)]
    pub(crate) opponent: Option<Opponent>,
    /// Engine level 1–10 (default 3).
    #[serde(default)]
    pub(crate) level: Option<u32>,
    /// The creator's side: `black` (default), `white` or `random`.
    #[serde(default)]
    pub(crate) side: Option<String>,
    /// A start position in position text (RULES.md A7, S8).
    #[serde(default)]
    pub(crate) position: Option<String>,
    /// Shogun: draw the magnet board's seed and rotation at random (stored in the variant text).
    #[serde(default)]
    pub(crate) random_board: Option<bool>,
    /// Shogun: `fair` (default) or `omniscient` engine.
    #[serde(default)]
    pub(crate) engine: Option<String>,
    /// Where the engine's moves are searched: `server` (default) or `page` (the player's page
    /// searches them and posts them with the player's key; the server never searches for the game).
    #[serde(default)]
    pub(crate) engine_in: Option<String>,
    /// A time control; no clocks without it. A hot-seat game's clock is a chess clock on the
    /// table: one device, both sides' times. Days per move (correspondence) only online.
    #[serde(default)]
    pub(crate) clock: Option<ClockRequest>,
    /// Player names (the engine's side is named by the server).
    #[serde(default)]
    pub(crate) players: Option<NamesRequest>,
    /// Online games: list the game in the lobby, where anyone may take the other seat.
    #[serde(default)]
    pub(crate) open: Option<bool>,
    /// Online games between two accounts: the end changes both players' ratings. Only a preset
    /// (no options), only for a logged-in creator, and only from the lobby (a challenge makes its
    /// own rated games).
    #[serde(default)]
    pub(crate) rated: Option<bool>,
    /// The creator's account, when logged in (set by the edge from the session, never read from
    /// the request).
    #[serde(skip)]
    pub(crate) account: Option<SeatAccount>,
    /// The other player's account, for a game made by accepting a challenge (set by the server).
    #[serde(skip)]
    pub(crate) other_account: Option<SeatAccount>,
}

/// An account on a seat: its id and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatAccount {
    /// The account's id.
    pub(crate) id: i64,
    /// Its name (the seat's name).
    pub(crate) name: String,
}

/// The accounts on a new game's seats.
#[derive(Debug, Clone, Default)]
pub(crate) enum SeatAccounts {
    /// Nobody's.
    #[default]
    None,
    /// The creator's account on the creator's seat (both seats of a hot-seat game), and the
    /// other player's on the other seat (a challenge).
    Creator(Option<SeatAccount>, Option<SeatAccount>),
    /// By colour (Black's, White's): a rematch keeps its players' accounts.
    ByColour([Option<i64>; 2]),
}

/// The answer to creating or importing a game.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Created {
    /// The game's id.
    pub(crate) id: i64,
    /// The creator's token (the human's side against the engine, both sides for local games, the
    /// creator's side online).
    pub(crate) token: String,
    /// The creator's side: `black`, `white` or `both`.
    pub(crate) side: &'static str,
    /// Links to open the game: `black`/`white` invite links (online), `play` (the creator's), and
    /// `spectator` (read-only).
    pub(crate) links: HashMap<&'static str, String>,
    /// The game.
    pub(crate) game: GameView,
    /// The other seat's token (online games; given to the other player only, as a challenge's
    /// answer, never in this answer).
    #[serde(skip)]
    pub(crate) other_token: Option<String>,
}

/// How a new game is set up (beyond its position).
pub(crate) struct NewOptions<'a> {
    /// Who plays against whom (default: the engine).
    pub(crate) opponent: Option<Opponent>,
    /// The engine's level, against the engine.
    pub(crate) level: Option<u32>,
    /// The creator's side, as given.
    pub(crate) side: Option<&'a str>,
    /// The players' names given (Black's, White's).
    pub(crate) names: (Option<String>, Option<String>),
    /// Shogun: the engine knows the numbers pieces will show.
    pub(crate) omniscient: bool,
    /// Against the engine: the player's page searches the engine's moves.
    pub(crate) page_engine: bool,
    /// The time control: clocks, or days per move (online games only).
    pub(crate) clock: Option<TimeControl>,
    /// Listed in the lobby: the seat other than the creator's is open to anyone (online games).
    pub(crate) open: bool,
    /// Shogun `setup=choose` from the start: the players arrange their pieces first (`arrange.rs`).
    pub(crate) arrange: bool,
    /// The accounts on the seats.
    pub(crate) accounts: SeatAccounts,
    /// Rated (checked here: an online game of a rated preset with accounts on both seats, or an
    /// open seat only an account may take).
    pub(crate) rated: bool,
}

fn level_or_default(level: Option<u32>) -> Result<u32, GameError> {
    match level {
        None => Ok(3),
        Some(l @ 1..=10) => Ok(l),
        Some(l) => Err(GameError::BadLevel(l)),
    }
}

fn creator_side(side: Option<&str>) -> Result<Side, GameError> {
    match side.unwrap_or("black") {
        "black" => Ok(Side::First),
        "white" => Ok(Side::Second),
        "random" => Ok(if random_u64() & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }),
        other => Err(GameError::BadCreatorSide(other.to_string())),
    }
}

/// The account ids on the seats (Black's, White's) and the names they give the seats.
fn seat_accounts(
    accounts: SeatAccounts,
    mine: Option<Side>,
    engine_side: Option<Side>,
) -> ([Option<i64>; 2], [Option<String>; 2]) {
    match accounts {
        SeatAccounts::None => ([None, None], [None, None]),
        SeatAccounts::ByColour(users) => (users, [None, None]),
        SeatAccounts::Creator(creator, other) => {
            let mut ids = [None, None];
            let mut names = [None, None];
            let mut put = |side: Side, a: &Option<SeatAccount>| {
                if let Some(a) = a.as_ref().filter(|_| engine_side != Some(side)) {
                    ids[side.index()] = Some(a.id);
                    names[side.index()] = Some(a.name.clone());
                }
            };
            match mine {
                // Hot seat: the creator plays both sides.
                None => {
                    put(Side::First, &creator);
                    put(Side::Second, &creator);
                }
                Some(side) => {
                    put(side, &creator);
                    put(!side, &other);
                }
            }
            (ids, names)
        }
    }
}

/// Checks that a game asked to be rated can be: online, a rated preset, the creator logged in, and
/// the other seat either an account's or open in the lobby (where only an account may take it).
fn check_rated(
    rated: bool,
    opponent: Opponent,
    game: &AnyGame,
    users: &[Option<i64>; 2],
    mine: Option<Side>,
    open: bool,
) -> Result<(), GameError> {
    if !rated {
        return Ok(());
    }
    if opponent != Opponent::Online {
        return Err(GameError::Rated("only online games are rated"));
    }
    if crate::accounts::preset_of(&game.variant().to_string()).is_none() {
        return Err(GameError::Rated(
            "only the presets are rated; variants with options play casual",
        ));
    }
    let Some(side) = mine else {
        return Err(GameError::Rated("only online games are rated"));
    };
    if users[side.index()].is_none() {
        return Err(GameError::Rated("log in to play rated games"));
    }
    if users[(!side).index()].is_none() && !open {
        return Err(GameError::Rated(
            "a rated game is played from the lobby or a challenge",
        ));
    }
    Ok(())
}

/// Links for a created game.
fn links(
    id: i64,
    meta: &StoredGame,
    opponent: Opponent,
    mine: &str,
) -> HashMap<&'static str, String> {
    let mut l = HashMap::new();
    l.insert("spectator", format!("/#/game/{id}"));
    l.insert("play", format!("/#/game/{id}?token={mine}"));
    if opponent == Opponent::Online {
        l.insert("black", format!("/#/game/{id}?token={}", meta.black_token));
        l.insert("white", format!("/#/game/{id}?token={}", meta.white_token));
    }
    l
}

/// Creator: built over the registry the new game enters, the store, the metrics, the server's
/// timing (a first move's time, a correspondence day) and the round that runs what the new game
/// needs next.
pub(crate) struct Creator<'a> {
    games: &'a AppState,
    db: &'a Db,
    metrics: &'a Metrics,
    timing: Timing,
    round: Round,
}

impl<'a> Creator<'a> {
    /// Over the registry `games`, the store `db`, the `metrics`, the server's `timing` and the
    /// `round`.
    pub(crate) fn new(
        games: &'a AppState,
        db: &'a Db,
        metrics: &'a Metrics,
        timing: Timing,
        round: Round,
    ) -> Creator<'a> {
        Creator {
            games,
            db,
            metrics,
            timing,
            round,
        }
    }

    /// Over the server's state: its registry, store, counts and timing (the wiring the edge and the
    /// tests use).
    pub(crate) fn over(state: &'a Arc<AppState>) -> Creator<'a> {
        Creator::new(
            state,
            &state.db,
            &state.services.metrics,
            state.services.timing(),
            Round::new(state),
        )
    }
}

impl Creator<'_> {
    /// Creates a game.
    pub(crate) async fn create(&self, req: NewGame) -> Result<Created, GameError> {
        let mut variant = req.variant.clone().unwrap_or_else(|| "hasami".into());
        let parsed = Variant::parse(&variant).map_err(|e| match e.too_many_rule_sets() {
            Some(limit) => GameError::TooManyRuleSets(limit),
            None => GameError::BadVariant {
                text: variant.clone(),
                reason: e.to_string(),
            },
        })?;
        let omniscient = match (req.engine.as_deref(), parsed) {
            (None | Some("fair"), _) => false,
            (Some("omniscient"), Variant::Shogun(_)) => true,
            (Some("omniscient"), Variant::Hasami(_)) => return Err(GameError::OmniscientNotShogun),
            (Some(other), _) => return Err(GameError::BadEngine(other.to_string())),
        };
        let page_engine = match (req.engine_in.as_deref(), req.opponent) {
            (None | Some("server"), _) => false,
            (Some("page"), None | Some(Opponent::Engine)) => true,
            (Some(other), _) => return Err(GameError::BadEngineIn(other.to_string())),
        };
        if req.random_board == Some(true) {
            let Variant::Shogun(rules) = parsed else {
                return Err(GameError::RandomBoardNotShogun);
            };
            // With numbers=random the rotation changes nothing (and variant text may not give it).
            let rotation = if rules.options.random_numbers {
                0
            } else {
                (random_u64() % 4) as u8
            };
            // One of a fixed set of boards: rules are kept for good, so random boards must not be
            // a new rule set per game (`Limits::rule_sets`).
            variant = ShogunRules::intern(ShogunOptions {
                seed: random_u64() % DRAWN_BOARDS,
                rotation,
                ..rules.options
            })
            .map_err(GameError::TooManyRuleSets)?
            .to_string();
        }
        let start = req
            .position
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty());
        let game = AnyGame::new(&variant, start).map_err(GameError::BadPosition)?;
        let clock = req.clock.map(ClockRequest::control).transpose()?;
        let names = match &req.players {
            Some(n) => n.checked()?,
            None => (None, None),
        };
        self.store_new(
            game,
            Vec::new(),
            None,
            NewOptions {
                opponent: req.opponent,
                level: req.level,
                side: req.side.as_deref(),
                names,
                omniscient,
                page_engine,
                clock,
                open: req.open == Some(true),
                arrange: Arranging::of(parsed).is_some() && start.is_none(),
                accounts: SeatAccounts::Creator(req.account, req.other_account),
                rated: req.rated == Some(true),
            },
        )
        .await
    }

    /// Stores a new game (with the moves of `game`, played at `times`, and an end not given by the
    /// rules) and keeps it live; the engine starts when it is to move.
    pub(crate) async fn store_new(
        &self,
        game: AnyGame,
        times: Vec<i64>,
        ended: Option<End>,
        o: NewOptions<'_>,
    ) -> Result<Created, GameError> {
        let opponent = o.opponent.unwrap_or(Opponent::Engine);
        let level = match opponent {
            Opponent::Engine => level_or_default(o.level)?,
            _ => 0,
        };
        if o.open && opponent != Opponent::Online {
            return Err(GameError::OpenNotOnline);
        }
        let (clock_initial, clock_increment, clock_days) = match o.clock {
            None => (None, 0, None),
            Some(TimeControl::RealTime {
                initial_ms,
                increment_ms,
            }) => (Some(initial_ms), increment_ms, None),
            // The engine answers at once and a hot-seat game has one device: days are for online
            // games.
            Some(TimeControl::Days(_)) if opponent != Opponent::Online => {
                return Err(GameError::DaysNotOnline)
            }
            Some(TimeControl::Days(days)) => (None, 0, Some(days)),
        };
        let mine = match opponent {
            Opponent::Local => None,
            _ => Some(creator_side(o.side)?),
        };
        let engine_side = match opponent {
            Opponent::Engine => mine.map(|s| !s),
            _ => None,
        };
        let black_token = random_token();
        let white_token = if opponent == Opponent::Local {
            black_token.clone()
        } else {
            random_token()
        };
        let (users, account_names) = seat_accounts(o.accounts, mine, engine_side);
        check_rated(o.rated, opponent, &game, &users, mine, o.open)?;
        let names = o.names;
        let name = |side: Side| -> String {
            let given = match side {
                Side::First => names.0.clone(),
                Side::Second => names.1.clone(),
            };
            let given = account_names[side.index()].clone().or(given);
            if engine_side == Some(side) {
                format!("hasami level {level}")
            } else if let Some(n) = given {
                n
            } else if opponent == Opponent::Engine {
                UNNAMED_PLAYER.into()
            } else {
                game.side_name(side).to_string()
            }
        };
        let now = db::now_ms();
        let mut meta = StoredGame {
            id: 0,
            variant: game.variant().to_string(),
            start: game.start_text(),
            created: now,
            updated: now,
            opponent: opponent.as_str().into(),
            engine_side: engine_side.map(|s| side_word(s).to_string()),
            level,
            black_name: name(Side::First),
            white_name: name(Side::Second),
            black_token,
            white_token,
            result: RecordResult::Unfinished.token().into(),
            reason: None,
            draw_offer: None,
            takeback_offer: None,
            turn_started: None,
            paired: false,
            open_seat: mine.filter(|_| o.open).map(|s| side_word(!s).to_string()),
            omniscient: o.omniscient,
            page_engine: o.page_engine && engine_side.is_some(),
            clock_initial,
            clock_increment,
            clock_days,
            extensions: 0,
            rematch: None,
            arranging: o.arrange,
            arranged: [None, None],
            users,
            rated: o.rated,
            moves: Vec::new(),
        };
        if let (true, Some(engine)) = (o.arrange, engine_side) {
            meta.arranged[engine.index()] = Some(engine_arrangement());
        }
        let mut live = LiveGame::new(meta.clone(), game, times, ended, self.timing);
        // Refused before anything is stored when the games in use fill the server's memory.
        self.games.make_room(&mut live)?;
        let status = live.status();
        meta.result = status.result.token().to_string();
        meta.reason = status.reason;
        meta.moves = live
            .game()
            .history()
            .into_iter()
            .zip(live.times())
            .map(|(played, &time)| StoredMove {
                mv: played.mv.to_string(),
                captured: captured_text(played.captured),
                time,
                clock: None,
            })
            .collect();
        let id = self.db.insert_game(meta).await?;
        self.metrics.started();
        live.set_id(id);
        let token = match mine {
            Some(Side::First) | None => live.meta().black_token.clone(),
            Some(Side::Second) => live.meta().white_token.clone(),
        };
        let live = Arc::new(Mutex::new(live));
        self.games.insert(id, &live);
        let mut g = live.lock().await;
        self.round.act(&live, &mut g).await;
        let other_token = match (opponent, mine) {
            (Opponent::Online, Some(Side::First)) => Some(g.meta().white_token.clone()),
            (Opponent::Online, Some(Side::Second)) => Some(g.meta().black_token.clone()),
            _ => None,
        };
        Ok(Created {
            id,
            other_token,
            links: links(id, g.meta(), opponent, &token),
            side: mine.map_or("both", side_word),
            game: g.view(Some(&token)),
            token,
        })
    }
}
