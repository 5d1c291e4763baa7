//! Games in play: loading from the store, checking who may do what, playing moves (stored before they
//! are acknowledged or broadcast), undo, resignation, draw offers, engine replies and the JSON view.

use std::collections::HashMap;
use std::sync::Arc;

use hasami_core::AnyRecord;
use hasami_core::{Move, RecordResult, Side, Square, Variant};
use hasami_core::{ShogunOptions, ShogunRules};
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, Mutex};

use crate::db::{self, Db, Status, StoredGame, StoredMove};
use crate::engine::{Engine, REPLY_TIME};
use crate::error::ApiError;
use crate::family::{AnyGame, ShogunView};

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
    fn as_str(self) -> &'static str {
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

fn parse_side(s: &str) -> Option<Side> {
    match s {
        "black" => Some(Side::First),
        "white" => Some(Side::Second),
        _ => None,
    }
}

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
    /// When the side to move's turn began, Unix ms (its clock runs from here).
    pub turn_started: i64,
    /// The timer that ends the game on time (replaced after every change).
    pub clock_timer: Option<tokio::task::AbortHandle>,
    /// An end not given by the rules: resignation or agreed draw (result token, reason).
    pub ended: Option<(String, String)>,
    /// The side that offers a draw.
    pub draw_offer: Option<Side>,
    /// The engine is searching its reply.
    pub thinking: bool,
    /// Goes up with every change; an engine reply for an older version is dropped.
    pub version: u64,
    /// Every change is sent here as a JSON message.
    pub updates: broadcast::Sender<Arc<str>>,
}

/// The shared state of the server.
pub struct AppState {
    /// The store.
    pub db: Db,
    /// Engine searches.
    pub engine: Arc<Engine>,
    games: std::sync::Mutex<HashMap<i64, Arc<Mutex<LiveGame>>>>,
    loading: Mutex<()>,
}

/// A handle to the state.
pub type Shared = Arc<AppState>;

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
    /// The preset the variant starts from.
    pub preset: &'static str,
    /// Board size (8 or 9).
    pub size: u8,
    /// `engine`, `local` or `online`.
    pub opponent: &'static str,
    /// Engine level.
    pub level: u32,
    /// The engine's side.
    pub engine_side: Option<&'static str>,
    /// Names.
    pub players: Players,
    /// What the sides are called in this game: Black/White, or White/Red in Shogun (the API's
    /// `black` is always the first player).
    pub side_names: Players,
    /// Shogun: `fair` (the engine does not know the numbers pieces will show) or `omniscient`.
    pub engine: &'static str,
    /// The clocks, when the game has a time control.
    pub clock: Option<ClockView>,
    /// Shogun only: the "Shogun!" warning, the magnet board, the learning view, refused moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shogun: Option<ShogunView>,
    /// Start position text.
    pub start: String,
    /// Current position text.
    pub position: String,
    /// Side to move.
    pub turn: &'static str,
    /// Plies played.
    pub ply: usize,
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
    /// The engine is thinking.
    pub thinking: bool,
    /// Pieces left per side.
    pub pieces: Players,
    /// Which side the request's token plays: `black`, `white`, `both` or absent (spectator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub you: Option<&'static str>,
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
}

/// A time control (POST /api/games `clock`).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    /// Each side's time in seconds (fractions allowed), 0.1 s to 3 hours.
    pub initial: f64,
    /// Seconds added after each move, 0 to 60 (default 0).
    #[serde(default)]
    pub increment: f64,
}

/// Player names given at a new game.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamesRequest {
    /// Black's (the first player's) name.
    #[serde(default)]
    pub black: Option<String>,
    /// White's (the second player's) name.
    #[serde(default)]
    pub white: Option<String>,
}

/// A new game (POST /api/games).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// Variant text (RULES.md A6); default `hasami`.
    #[serde(default)]
    pub variant: Option<String>,
    /// `engine` (default), `local` or `online`.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// Engine level 1–10 (default 3).
    #[serde(default)]
    pub level: Option<u32>,
    /// The creator's side: `black` (default), `white` or `random`.
    #[serde(default)]
    pub side: Option<String>,
    /// A start position in position text (RULES.md A7, S8).
    #[serde(default)]
    pub position: Option<String>,
    /// Shogun: draw the magnet board's seed and rotation at random (stored in the variant text).
    #[serde(default)]
    pub random_board: Option<bool>,
    /// Shogun: `fair` (default) or `omniscient` engine.
    #[serde(default)]
    pub engine: Option<String>,
    /// A time control; no clocks without it. Not for hot-seat games.
    #[serde(default)]
    pub clock: Option<ClockRequest>,
    /// Player names (the engine's side is named by the server).
    #[serde(default)]
    pub players: Option<NamesRequest>,
}

/// An imported record (POST /api/games/import).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Import {
    /// The record text (docs/records.md).
    pub record: String,
    /// How to continue it: `local` (default), `engine` or `online`.
    #[serde(default)]
    pub opponent: Option<Opponent>,
    /// Engine level.
    #[serde(default)]
    pub level: Option<u32>,
    /// The importer's side in engine and online games.
    #[serde(default)]
    pub side: Option<String>,
}

/// The answer to creating or importing a game.
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: i64,
    /// The creator's token (the human's side against the engine, both sides for local games, the
    /// creator's side online).
    pub token: String,
    /// The creator's side: `black`, `white` or `both`.
    pub side: &'static str,
    /// Links to open the game: `black`/`white` invite links (online), `play` (the creator's), and
    /// `spectator` (read-only).
    pub links: HashMap<&'static str, String>,
    /// The game.
    pub game: GameView,
}

fn random_token() -> String {
    let mut buf = [0u8; 16];
    if getrandom::fill(&mut buf).is_err() {
        // No OS randomness: fall back to hashing the time with std's randomly keyed hasher.
        use std::hash::{BuildHasher, Hasher};
        for chunk in buf.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_i64(db::now_ms());
            chunk.copy_from_slice(&h.finish().to_le_bytes()[..chunk.len()]);
        }
    }
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

fn random_u64() -> u64 {
    let mut buf = [0u8; 8];
    let _ = getrandom::fill(&mut buf);
    u64::from_le_bytes(buf) ^ db::now_ms() as u64
}

impl LiveGame {
    fn from_stored(mut meta: StoredGame) -> Result<LiveGame, ApiError> {
        let corrupt = |what: String| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("stored game {} cannot be replayed: {what}", meta.id),
            )
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
            (None, "*") | (Some(_), _) => None,
            (None, r) => Some((r.to_string(), meta.reason.clone().unwrap_or_default())),
        };
        let draw_offer = meta.draw_offer.as_deref().and_then(parse_side);
        let (updates, _) = broadcast::channel(64);
        let turn_started = times.last().copied().unwrap_or(meta.created);
        Ok(LiveGame {
            meta,
            game,
            times,
            clocks,
            turn_started,
            clock_timer: None,
            ended,
            draw_offer,
            thinking: false,
            version: 0,
            updates,
        })
    }

    fn opponent(&self) -> Opponent {
        Opponent::parse(&self.meta.opponent).unwrap_or(Opponent::Local)
    }

    fn engine_side(&self) -> Option<Side> {
        self.meta.engine_side.as_deref().and_then(parse_side)
    }

    /// The sides a token may move (empty for no or a wrong token).
    pub fn sides_of(&self, token: Option<&str>) -> Vec<Side> {
        let Some(t) = token.filter(|t| !t.is_empty()) else {
            return Vec::new();
        };
        let engine = self.engine_side();
        Side::ALL
            .into_iter()
            .filter(|&s| Some(s) != engine)
            .filter(|&s| {
                let secret = match s {
                    Side::First => &self.meta.black_token,
                    Side::Second => &self.meta.white_token,
                };
                constant_time_eq(secret.as_bytes(), t.as_bytes())
            })
            .collect()
    }

    fn you(&self, token: Option<&str>) -> Option<&'static str> {
        match self.sides_of(token).as_slice() {
            [] => None,
            [s] => Some(side_word(*s)),
            _ => Some("both"),
        }
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

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.ended.is_some()
    }

    fn status(&self) -> Status {
        let (result, reason) = self.result();
        Status {
            result,
            reason,
            draw_offer: self.draw_offer.map(|s| side_word(s).to_string()),
        }
    }

    /// The side that made ply `i` (0-based).
    fn mover_of(&self, i: usize) -> Side {
        if i.is_multiple_of(2) {
            self.game.start_side()
        } else {
            !self.game.start_side()
        }
    }

    /// Whether the side to move's clock runs: clocks are on, the game goes on, and each side has made
    /// its first move.
    fn clock_running(&self) -> bool {
        self.meta.clock_initial.is_some() && !self.is_over() && self.game.plies() >= 2
    }

    /// A side's remaining time at `now` (ms), `None` without clocks.
    pub fn remaining(&self, side: Side, now: i64) -> Option<i64> {
        let initial = self.meta.clock_initial?;
        let stored = (0..self.clocks.len())
            .rev()
            .find(|&i| self.mover_of(i) == side)
            .and_then(|i| self.clocks[i])
            .unwrap_or(initial);
        if side == self.game.side() && self.clock_running() {
            Some(stored - (now - self.turn_started).max(0))
        } else {
            Some(stored)
        }
    }

    fn clock_view(&self, now: i64) -> Option<ClockView> {
        let initial_ms = self.meta.clock_initial?;
        Some(ClockView {
            initial_ms,
            increment_ms: self.meta.clock_increment,
            black_ms: self.remaining(Side::First, now)?.max(0),
            white_ms: self.remaining(Side::Second, now)?.max(0),
            running: self.clock_running().then(|| side_word(self.game.side())),
        })
    }

    /// When the side to move runs out of time (Unix ms), if its clock runs.
    fn deadline(&self) -> Option<i64> {
        if !self.clock_running() {
            return None;
        }
        let left = self.remaining(self.game.side(), self.turn_started)?;
        Some(self.turn_started + left)
    }

    /// The end "on time" for the side to move, when its time is up at `now`.
    fn flag(&self, now: i64) -> Option<(String, String)> {
        if !self.clock_running() || self.remaining(self.game.side(), now)? > 0 {
            return None;
        }
        let loser = self.game.side();
        let result = if loser == Side::First { "0-1" } else { "1-0" };
        Some((
            result.into(),
            format!(
                "{} wins on time: {} ran out of time",
                self.game.side_name(!loser),
                self.game.side_name(loser)
            ),
        ))
    }

    /// The view, for a client holding `token`.
    pub fn view(&self, token: Option<&str>) -> GameView {
        let (result, reason) = self.result();
        let moves = self
            .game
            .history()
            .into_iter()
            .enumerate()
            .map(|(i, (mv, captured, position))| MoveView {
                position,
                ply: i + 1,
                mv: mv.to_string(),
                side: side_word(self.mover_of(i)),
                captured: captured.iter().map(Square::to_string).collect(),
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
            preset: self.game.preset(),
            size: self.game.size(),
            opponent: self.opponent().as_str(),
            level: self.meta.level,
            engine_side: self.engine_side().map(side_word),
            players: Players {
                black: self.meta.black_name.clone(),
                white: self.meta.white_name.clone(),
            },
            side_names: Players {
                black: self.game.side_name(Side::First).into(),
                white: self.game.side_name(Side::Second).into(),
            },
            engine: if self.meta.omniscient {
                "omniscient"
            } else {
                "fair"
            },
            clock: self.clock_view(db::now_ms()),
            shogun: if self.ended.is_some() {
                self.game.shogun_view().map(|mut v| {
                    v.arrivals.clear();
                    v.refused.clear();
                    v.attackers.clear();
                    v.attacked = false;
                    v
                })
            } else {
                self.game.shogun_view()
            },
            start: self.meta.start.clone(),
            position: self.game.position_text(),
            turn: side_word(self.game.side()),
            ply: self.game.plies(),
            moves,
            legal_moves: if self.is_over() {
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
            thinking: self.thinking,
            pieces: Players {
                black: self.game.pieces(Side::First).to_string(),
                white: self.game.pieces(Side::Second).to_string(),
            },
            you: self.you(token),
        }
    }

    /// The JSON message sent to WebSocket clients after a change.
    pub fn message(&self, token: Option<&str>) -> String {
        serde_json::json!({ "type": "game", "game": self.view(token) }).to_string()
    }

    fn changed(&mut self) {
        self.version += 1;
        let msg: Arc<str> = self.message(None).into();
        // No receivers is fine.
        let _ = self.updates.send(msg);
    }

    /// The game record (docs/records.md): names in the Black/White tags (White/Red in Shogun).
    pub fn record(&self) -> String {
        self.game.record(
            [self.meta.black_name.clone(), self.meta.white_name.clone()],
            record_date(self.meta.created),
            self.ended.as_ref(),
        )
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `YYYY.MM.DD` (UTC) of a Unix time in milliseconds.
fn record_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

fn level_or_default(level: Option<u32>) -> Result<u32, ApiError> {
    match level {
        None => Ok(3),
        Some(l @ 1..=10) => Ok(l),
        Some(l) => Err(ApiError::bad_request(format!(
            "bad level {l}: levels are 1 to 10"
        ))),
    }
}

fn creator_side(side: Option<&str>) -> Result<Side, ApiError> {
    match side.unwrap_or("black") {
        "black" => Ok(Side::First),
        "white" => Ok(Side::Second),
        "random" => Ok(if random_u64() & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }),
        other => Err(ApiError::bad_request(format!(
            "bad side '{other}': allowed are black, white, random"
        ))),
    }
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

impl AppState {
    /// State over an open store, with at most `max_searches` engine searches at once.
    pub fn new(db: Db, max_searches: usize) -> Shared {
        Arc::new(AppState {
            db,
            engine: Arc::new(Engine::new(max_searches)),
            games: std::sync::Mutex::new(HashMap::new()),
            loading: Mutex::new(()),
        })
    }

    fn cached(&self, id: i64) -> Option<Arc<Mutex<LiveGame>>> {
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&id)
            .cloned()
    }

    /// The game with this id, loaded from the store on first use.
    pub async fn live(self: &Arc<Self>, id: i64) -> Result<Arc<Mutex<LiveGame>>, ApiError> {
        if let Some(g) = self.cached(id) {
            return Ok(g);
        }
        let _guard = self.loading.lock().await;
        if let Some(g) = self.cached(id) {
            return Ok(g);
        }
        let stored = self
            .db
            .call(move |c| db::load_game(c, id))
            .await?
            .ok_or_else(|| ApiError::not_found(format!("no game with id {id}")))?;
        let live = Arc::new(Mutex::new(LiveGame::from_stored(stored)?));
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id, Arc::clone(&live));
        // An engine game left on the engine's turn (e.g. by a restart) continues.
        {
            let mut g = live.lock().await;
            let _ = self.check_clock(&mut g).await;
            self.start_engine(&live, &mut g);
            self.watch_clock(&live, &mut g);
        }
        Ok(live)
    }

    /// Creates a game.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, ApiError> {
        let mut variant = req.variant.clone().unwrap_or_else(|| "hasami".into());
        let parsed = Variant::parse(&variant)
            .map_err(|e| ApiError::bad_request(format!("bad variant '{variant}': {e}")))?;
        let omniscient = match (req.engine.as_deref(), parsed) {
            (None | Some("fair"), _) => false,
            (Some("omniscient"), Variant::Shogun(_)) => true,
            (Some("omniscient"), Variant::Hasami(_)) => return Err(ApiError::bad_request(
                "engine 'omniscient' is for Shogun only (the Hasami family has no hidden numbers)",
            )),
            (Some(other), _) => {
                return Err(ApiError::bad_request(format!(
                    "bad engine '{other}': allowed are fair, omniscient"
                )))
            }
        };
        if req.random_board == Some(true) {
            let Variant::Shogun(rules) = parsed else {
                return Err(ApiError::bad_request(
                    "random_board is for Shogun only (it draws the magnet board's seed and rotation)",
                ));
            };
            let r = random_u64();
            variant = ShogunRules::intern(ShogunOptions {
                seed: random_u64(),
                rotation: (r % 4) as u8,
                ..rules.options
            })
            .to_string();
        }
        let start = req
            .position
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty());
        let game = AnyGame::new(&variant, start).map_err(ApiError::bad_request)?;
        let clock = clock_of(req.clock)?;
        let names = match &req.players {
            Some(n) => (
                n.black.as_deref().map(check_name).transpose()?,
                n.white.as_deref().map(check_name).transpose()?,
            ),
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
                names: Some(names),
                omniscient,
                clock,
            },
        )
        .await
    }

    /// Imports a record (of either family) as a new game.
    pub async fn import(self: &Arc<Self>, req: Import) -> Result<Created, ApiError> {
        let record = AnyRecord::parse(&req.record)
            .map_err(|e| ApiError::bad_request(format!("bad record: {e}")))?;
        let (game, result, termination, names) = match &record {
            AnyRecord::Hasami(r) => (
                AnyGame::Hasami(
                    r.to_game()
                        .map_err(|e| ApiError::bad_request(format!("bad record: {e}")))?,
                ),
                r.result,
                r.tag("Termination").map(str::to_string),
                (
                    r.tag("Black").map(str::to_string),
                    r.tag("White").map(str::to_string),
                ),
            ),
            AnyRecord::Shogun(r) => (
                AnyGame::Shogun(
                    r.to_game()
                        .map_err(|e| ApiError::bad_request(format!("bad record: {e}")))?,
                ),
                r.result,
                r.tag("Termination").map(str::to_string),
                (
                    r.tag("White").map(str::to_string),
                    r.tag("Red").map(str::to_string),
                ),
            ),
        };
        let ended = match (game.outcome(), result) {
            (None, RecordResult::Unfinished) | (Some(_), _) => None,
            (None, r) => Some((
                r.token().to_string(),
                termination.unwrap_or_else(|| format!("result {} given in the record", r.token())),
            )),
        };
        let opponent = Some(req.opponent.unwrap_or(Opponent::Local));
        let times = vec![db::now_ms(); game.plies()];
        self.store_new(
            game,
            times,
            ended,
            NewOptions {
                opponent,
                level: req.level,
                side: req.side.as_deref(),
                names: Some(names),
                omniscient: false,
                clock: None,
            },
        )
        .await
    }

    async fn store_new(
        self: &Arc<Self>,
        game: AnyGame,
        times: Vec<i64>,
        ended: Option<(String, String)>,
        o: NewOptions<'_>,
    ) -> Result<Created, ApiError> {
        let opponent = o.opponent.unwrap_or(Opponent::Engine);
        let level = match opponent {
            Opponent::Engine => level_or_default(o.level)?,
            _ => 0,
        };
        if o.clock.is_some() && opponent == Opponent::Local {
            return Err(ApiError::bad_request(
                "clocks are for online and engine games (a hot-seat game has no clocks)",
            ));
        }
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
        let names = o.names;
        let name = |side: Side| -> String {
            if engine_side == Some(side) {
                format!("hasami level {level}")
            } else if let Some(n) = names.as_ref().and_then(|n| match side {
                Side::First => n.0.clone(),
                Side::Second => n.1.clone(),
            }) {
                n
            } else if opponent == Opponent::Engine {
                "You".into()
            } else {
                game.side_name(side).to_string()
            }
        };
        let now = db::now_ms();
        let plies = game.plies();
        let mut meta = StoredGame {
            id: 0,
            variant: game.variant(),
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
            result: "*".into(),
            reason: None,
            draw_offer: None,
            omniscient: o.omniscient,
            clock_initial: o.clock.map(|c| c.0),
            clock_increment: o.clock.map_or(0, |c| c.1),
            moves: Vec::new(),
        };
        let mut live = LiveGame {
            meta: meta.clone(),
            game,
            times,
            clocks: vec![None; plies],
            turn_started: now,
            clock_timer: None,
            ended,
            draw_offer: None,
            thinking: false,
            version: 0,
            updates: broadcast::channel(64).0,
        };
        let status = live.status();
        meta.result = status.result;
        meta.reason = status.reason;
        meta.moves = live
            .game
            .history()
            .into_iter()
            .zip(&live.times)
            .map(|((mv, captured, _), &time)| StoredMove {
                mv: mv.to_string(),
                captured: captured_text(&captured),
                time,
                clock: None,
            })
            .collect();
        let id = self.db.call(move |c| db::insert_game(c, &meta)).await?;
        live.meta.id = id;
        let token = match mine {
            Some(Side::First) | None => live.meta.black_token.clone(),
            Some(Side::Second) => live.meta.white_token.clone(),
        };
        let live = Arc::new(Mutex::new(live));
        self.games
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id, Arc::clone(&live));
        let mut g = live.lock().await;
        self.start_engine(&live, &mut g);
        Ok(Created {
            id,
            links: links(id, &g.meta, opponent, &token),
            side: mine.map_or("both", side_word),
            game: g.view(Some(&token)),
            token,
        })
    }

    /// Plays `text` for the holder of `token`. The move is stored before this returns.
    pub async fn play(
        self: &Arc<Self>,
        id: i64,
        text: &str,
        token: Option<&str>,
    ) -> Result<GameView, ApiError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let mover = g.game.side();
        let sides = g.sides_of(token);
        check_turn(&g, &sides, mover, token)?;
        if g.is_over() {
            return Err(over_error(&g));
        }
        let mv = g.game.parse_move(text).map_err(ApiError::bad_request)?;
        self.commit_move(&mut g, mv).await?;
        self.start_engine(&live, &mut g);
        self.watch_clock(&live, &mut g);
        Ok(g.view(token))
    }

    /// Ends the game on time when the side to move's time is up (stored before anyone is told).
    async fn check_clock(&self, g: &mut LiveGame) -> Result<(), ApiError> {
        if let Some(end) = g.flag(db::now_ms()) {
            self.set_end(g, Some(end), None).await?;
        }
        Ok(())
    }

    /// Starts a timer that ends the game on time if the side to move does not move before its time
    /// runs out; a change of the game (a move, undo, the end) makes the timer do nothing.
    fn watch_clock(self: &Arc<Self>, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        if let Some(old) = g.clock_timer.take() {
            old.abort();
        }
        let Some(deadline) = g.deadline() else {
            return;
        };
        let version = g.version;
        let wait = (deadline - db::now_ms()).max(0) as u64 + 5;
        let state = Arc::clone(self);
        let live = Arc::clone(live);
        let task = tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let mut g = live.lock().await;
            if g.version == version {
                g.clock_timer = None;
                let _ = state.check_clock(&mut g).await;
            }
        });
        g.clock_timer = Some(task.abort_handle());
    }

    /// Checks and stores a move, then applies it and tells the watchers.
    async fn commit_move(&self, g: &mut LiveGame, mv: Move) -> Result<(), ApiError> {
        let mut next = g.game.clone();
        let captured = next.play(mv).map_err(ApiError::bad_request)?;
        let time = db::now_ms();
        let ply = next.plies() as u32;
        let mover = g.game.side();
        let clock = g
            .remaining(mover, time)
            .map(|left| left + g.meta.clock_increment);
        let stored = StoredMove {
            mv: mv.to_string(),
            captured: captured_text(&captured),
            time,
            clock,
        };
        let mut status = g.status();
        if let Some(o) = next.outcome() {
            status.result = o.result_token().into();
            status.reason = next.outcome_words();
        }
        status.draw_offer = None;
        let id = g.meta.id;
        self.db
            .call(move |c| db::append_move(c, id, ply, &stored, &status))
            .await?;
        g.game = next;
        g.times.push(time);
        g.clocks.push(clock);
        g.turn_started = time;
        g.draw_offer = None;
        g.thinking = false;
        g.changed();
        Ok(())
    }

    /// Starts the engine's reply if it is the engine's turn.
    fn start_engine(self: &Arc<Self>, live: &Arc<Mutex<LiveGame>>, g: &mut LiveGame) {
        let Some(engine_side) = g.engine_side() else {
            return;
        };
        if g.is_over() || g.thinking || g.game.side() != engine_side {
            return;
        }
        g.thinking = true;
        g.changed();
        let version = g.version;
        let pos = g.game.search_pos(g.meta.omniscient);
        let history = g.game.hashes();
        let level = g.meta.level;
        let seed = random_u64();
        // With a clock the engine spends about a twentieth of its time plus half the increment.
        let time = match g.remaining(engine_side, db::now_ms()) {
            Some(left) => REPLY_TIME.min(std::time::Duration::from_millis(
                (left / 20 + g.meta.clock_increment / 2).max(20) as u64,
            )),
            None => REPLY_TIME,
        };
        let state = Arc::clone(self);
        let live = Arc::clone(live);
        tokio::spawn(async move {
            let found = state.engine.search(pos, history, level, time, seed).await;
            let mut g = live.lock().await;
            if g.version != version {
                return; // the game changed meanwhile (undo, resignation, time)
            }
            let mv = found.best.and_then(|m| g.game.parse_move(&m).ok());
            let done = match mv {
                Some(mv) if state.check_clock(&mut g).await.is_ok() && !g.is_over() => {
                    state.commit_move(&mut g, mv).await.is_ok()
                }
                _ => false,
            };
            if done {
                state.watch_clock(&live, &mut g);
            } else if g.thinking {
                g.thinking = false;
                g.changed();
            }
        });
    }

    /// Takes back moves: against the engine the player's last move and the engine's reply to it
    /// (only the player's move while the engine is still thinking); in a local game one move.
    pub async fn undo(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
    ) -> Result<GameView, ApiError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let sides = g.sides_of(token);
        require_player(&g, &sides, token)?;
        if let Some((_, why)) = &g.ended {
            return Err(ApiError::conflict(format!(
                "the game is over ({why}); moves cannot be taken back"
            )));
        }
        let plies = g.game.plies();
        let take = match g.opponent() {
            Opponent::Online => {
                return Err(ApiError::conflict(
                    "moves cannot be taken back in an online game",
                ))
            }
            Opponent::Local => 1,
            Opponent::Engine => {
                if Some(g.game.side()) == g.engine_side() {
                    1
                } else {
                    2
                }
            }
        };
        if plies < take {
            return Err(ApiError::conflict("there is no move of yours to take back"));
        }
        let mut next = g.game.clone();
        for _ in 0..take {
            next.undo();
        }
        let keep = next.plies() as u32;
        let mut status = Status {
            result: "*".into(),
            reason: None,
            draw_offer: None,
        };
        if let Some(o) = next.outcome() {
            status.result = o.result_token().into();
            status.reason = next.outcome_words();
        }
        let gid = g.meta.id;
        self.db
            .call(move |c| db::truncate_moves(c, gid, keep, &status))
            .await?;
        g.game = next;
        g.times.truncate(keep as usize);
        g.clocks.truncate(keep as usize);
        g.turn_started = db::now_ms();
        g.draw_offer = None;
        g.thinking = false;
        g.changed();
        self.start_engine(&live, &mut g);
        self.watch_clock(&live, &mut g);
        Ok(g.view(token))
    }

    /// Resigns for the holder of `token` (in a local game, the side to move resigns).
    pub async fn resign(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
    ) -> Result<GameView, ApiError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let sides = g.sides_of(token);
        require_player(&g, &sides, token)?;
        if g.is_over() {
            return Err(over_error(&g));
        }
        let loser = if sides.len() == 2 {
            g.game.side()
        } else {
            sides[0]
        };
        let winner = !loser;
        let result = if winner == Side::First { "1-0" } else { "0-1" };
        let reason = format!(
            "{} wins: {} resigned",
            g.game.side_name(winner),
            g.game.side_name(loser)
        );
        self.set_end(&mut g, Some((result.into(), reason)), None)
            .await?;
        Ok(g.view(token))
    }

    /// Draw offers in online games: `offer` (accepts when the opponent has offered), `accept`,
    /// `decline`.
    pub async fn draw(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
        action: &str,
    ) -> Result<GameView, ApiError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        self.check_clock(&mut g).await?;
        let sides = g.sides_of(token);
        require_player(&g, &sides, token)?;
        if g.opponent() == Opponent::Engine {
            return Err(ApiError::conflict(
                "the engine does not take draw offers; resign or play on",
            ));
        }
        if g.is_over() {
            return Err(over_error(&g));
        }
        let me = if sides.len() == 2 {
            g.game.side()
        } else {
            sides[0]
        };
        let offered_to_me = g.draw_offer == Some(!me);
        match action {
            "offer" | "accept" if offered_to_me || sides.len() == 2 => {
                self.set_end(
                    &mut g,
                    Some(("1/2-1/2".into(), "draw: agreed".into())),
                    None,
                )
                .await?
            }
            "offer" => self.set_end(&mut g, None, Some(me)).await?,
            "accept" => return Err(ApiError::conflict("there is no draw offer to accept")),
            "decline" if offered_to_me => self.set_end(&mut g, None, None).await?,
            "decline" => return Err(ApiError::conflict("there is no draw offer to decline")),
            other => {
                return Err(ApiError::bad_request(format!(
                    "bad draw action '{other}': allowed are offer, accept, decline"
                )))
            }
        }
        Ok(g.view(token))
    }

    /// Sets a player's name: the token's side (`side` is needed when the token plays both, in a
    /// hot-seat game). The engine's name cannot be changed.
    pub async fn set_name(
        self: &Arc<Self>,
        id: i64,
        token: Option<&str>,
        name: &str,
        side: Option<&str>,
    ) -> Result<GameView, ApiError> {
        let live = self.live(id).await?;
        let mut g = live.lock().await;
        let sides = g.sides_of(token);
        require_player(&g, &sides, token)?;
        let name = check_name(name)?;
        let side = match (side, sides.as_slice()) {
            (None, [only]) => *only,
            (None, _) => {
                return Err(ApiError::bad_request(
                    "this token plays both sides: say which, with side black or white",
                ))
            }
            (Some(text), _) => {
                let s = parse_side(text).ok_or_else(|| {
                    ApiError::bad_request(format!("bad side '{text}': allowed are black, white"))
                })?;
                if !sides.contains(&s) {
                    return Err(ApiError::forbidden(format!(
                        "your token does not play {text}; you can only name your own side"
                    )));
                }
                s
            }
        };
        let (mut black, mut white) = (g.meta.black_name.clone(), g.meta.white_name.clone());
        match side {
            Side::First => black = name,
            Side::Second => white = name,
        }
        let gid = g.meta.id;
        let (b, w) = (black.clone(), white.clone());
        self.db.call(move |c| db::set_names(c, gid, &b, &w)).await?;
        g.meta.black_name = black;
        g.meta.white_name = white;
        g.changed();
        Ok(g.view(token))
    }

    async fn set_end(
        &self,
        g: &mut LiveGame,
        ended: Option<(String, String)>,
        offer: Option<Side>,
    ) -> Result<(), ApiError> {
        let (result, reason) = match &ended {
            Some((r, why)) => (r.clone(), Some(why.clone())),
            None => g.result(),
        };
        let status = Status {
            result,
            reason,
            draw_offer: offer.map(|s| side_word(s).to_string()),
        };
        let id = g.meta.id;
        self.db
            .call(move |c| db::set_status(c, id, &status))
            .await?;
        if ended.is_some() {
            g.ended = ended;
        }
        g.draw_offer = offer;
        g.thinking = false;
        g.changed();
        Ok(())
    }

    /// The engine's best move, score and principal variation for the current position. Not
    /// available in an online game in progress.
    pub async fn hint(
        self: &Arc<Self>,
        id: i64,
        ms: Option<u64>,
    ) -> Result<crate::engine::Analysis, ApiError> {
        let live = self.live(id).await?;
        let (pos, history) = {
            let g = live.lock().await;
            if g.opponent() == Opponent::Online && !g.is_over() {
                return Err(ApiError::forbidden(
                    "hints and analysis are off in an online game until it is over",
                ));
            }
            (g.game.search_pos(g.meta.omniscient), g.game.hashes())
        };
        let time = std::time::Duration::from_millis(ms.unwrap_or(700).clamp(50, 10_000));
        Ok(self
            .engine
            .search(pos, history, 10, time, random_u64())
            .await)
    }
}

/// How a new game is set up (beyond its position).
struct NewOptions<'a> {
    opponent: Option<Opponent>,
    level: Option<u32>,
    side: Option<&'a str>,
    names: Option<(Option<String>, Option<String>)>,
    omniscient: bool,
    clock: Option<(i64, i64)>,
}

/// A time control in ms, checked.
fn clock_of(req: Option<ClockRequest>) -> Result<Option<(i64, i64)>, ApiError> {
    let Some(c) = req else {
        return Ok(None);
    };
    if !(c.initial.is_finite() && (0.1..=10_800.0).contains(&c.initial)) {
        return Err(ApiError::bad_request(format!(
            "bad clock initial time {}: seconds from 0.1 to 10800 (3 hours)",
            c.initial
        )));
    }
    if !(c.increment.is_finite() && (0.0..=60.0).contains(&c.increment)) {
        return Err(ApiError::bad_request(format!(
            "bad clock increment {}: seconds from 0 to 60",
            c.increment
        )));
    }
    Ok(Some((
        (c.initial * 1000.0).round() as i64,
        (c.increment * 1000.0).round() as i64,
    )))
}

/// A player's name, trimmed: 1–40 characters, no control characters.
fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "bad name: 1 to 40 characters, no line breaks or control characters",
        ));
    }
    Ok(name.to_string())
}

fn captured_text(squares: &[Square]) -> String {
    squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn over_error(g: &LiveGame) -> ApiError {
    let (_, why) = g.result();
    ApiError::conflict(format!(
        "the game is over: {}",
        why.unwrap_or_else(|| "ended".into())
    ))
}

fn require_player(g: &LiveGame, sides: &[Side], token: Option<&str>) -> Result<(), ApiError> {
    if sides.is_empty() {
        return Err(no_token(g, token));
    }
    Ok(())
}

fn no_token(g: &LiveGame, token: Option<&str>) -> ApiError {
    if token.is_some_and(|t| !t.is_empty()) {
        ApiError::forbidden(format!(
            "this token does not play in game {}; spectators can only watch",
            g.meta.id
        ))
    } else {
        ApiError::unauthorized(
            "a player's token is needed (the token from your game link); spectators can only watch",
        )
    }
}

fn check_turn(
    g: &LiveGame,
    sides: &[Side],
    mover: Side,
    token: Option<&str>,
) -> Result<(), ApiError> {
    require_player(g, sides, token)?;
    if !sides.contains(&mover) {
        let who = if g.engine_side() == Some(mover) {
            "the engine's"
        } else {
            "the other player's"
        };
        return Err(ApiError::forbidden(format!(
            "not your turn: {} is to move ({who} side), and your token plays {}",
            g.game.side_name(mover),
            g.game.side_name(sides[0])
        )));
    }
    Ok(())
}
