//! The UGI engine protocol (docs/INTERFACES.md section 2).
//!
//! Every malformed or illegal command is answered with one `info string error: …` line and changes
//! nothing: the position, the variant and the options stay as they were.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::line::{read_line, BadLine, PROTOCOL_LINE};
use crate::tables::Tables;
use crate::{level_for, Ladder, Learned, Level, Limits, SearchRequest, Searcher};
use hasami_core::{AnyGame, AnyPosition, HasamiRules, Side, Variant};

/// How long a `go perft` runs before `stop`, `quit` or the end of input can stop it.
const PERFT_GRACE: Duration = Duration::from_millis(200);

/// Where replies go: shared with the search thread, one whole line at a time.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one reply line and flushes it.
fn say(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// The most lines `MultiPV` may ask for (each costs a search of the moves after the lines before).
const MAX_MULTIPV: u32 = 16;

/// Engine options other than the variant.
#[derive(Debug, Clone, Copy)]
struct Options {
    hash_mib: u32,
    threads: u32,
    level: u32,
    /// `LevelSettings`: the level's depth, margin, focus, guard and slip instead of its table's (for
    /// calibrating the tables); its number and slip move are the game's level's.
    settings: Option<Level>,
    /// Shogun: read the magnet board instead of treating landing numbers as chance.
    omniscient: bool,
    /// `MultiPV`: how many best lines each search reports (`info … multipv N …`).
    multipv: u32,
    /// `LearnedEval`: which evaluation a search at full strength uses (docs/eval.md).
    learned: Learned,
}

/// A search running on its own thread.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    endless: bool,
}

/// The protocol state: the variant, the current game, the options and a running search.
pub struct Session {
    variant: Variant,
    game: AnyGame,
    options: Options,
    searcher: Arc<Searcher>,
    running: Option<Running>,
    searches: u64,
    /// Endgame tables from the `TablePath` option (docs/tables.md).
    tables: Option<Arc<Tables>>,
}

/// What one input line asks the loop to do after replying.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Stop reading.
    Quit,
}

impl Default for Session {
    fn default() -> Self {
        let variant = Variant::Hasami(HasamiRules::preset(hasami_core::Preset::Hasami));
        Session {
            variant,
            game: AnyGame::from_variant(variant),
            options: Options {
                hash_mib: 16,
                threads: 1,
                level: 10,
                settings: None,
                omniscient: false,
                multipv: 1,
                learned: Learned::Confirmed,
            },
            searcher: Arc::new(Searcher::new(16, 1)),
            running: None,
            searches: 0,
            tables: None,
        }
    }
}

fn error(out: &mut Vec<String>, what: impl std::fmt::Display) {
    out.push(format!("info string error: {what}"));
}

impl Session {
    /// Stops a running search and waits for its `bestmove`.
    pub fn stop_search(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            let _ = r.handle.join();
        }
    }

    /// Waits for a running search to end by itself (its limits), stopping an endless one when asked.
    pub fn finish_search(&mut self, endless_too: bool) {
        if let Some(r) = self.running.take() {
            if endless_too && r.endless {
                r.stop.store(true, Ordering::Relaxed);
            }
            let _ = r.handle.join();
        }
    }

    /// Handles one line, pushing the reply lines to `out` (a search thread writes to `live`).
    pub fn handle(&mut self, line: &str, out: &mut Vec<String>, live: &Output) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Flow::Continue;
        };
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.finish_search(false);
        }
        if !matches!(cmd, "isready" | "stop" | "query" | "ugi") {
            // Anything that changes state, or another go, ends the running search first.
            self.stop_search();
        }
        match cmd {
            "ugi" => {
                out.push(format!("id name hasami {}", env!("CARGO_PKG_VERSION")));
                out.push("id author the hasami developers".into());
                out.push(format!(
                    "option name Variant type string default {}",
                    HasamiRules::preset(hasami_core::Preset::Hasami)
                ));
                out.push(format!(
                    "option name Hash type spin default 16 min 1 max {}",
                    crate::MAX_MIB
                ));
                out.push("option name Threads type spin default 1 min 1 max 256".into());
                out.push("option name Level type spin default 10 min 1 max 10".into());
                out.push("option name Omniscient type check default false".into());
                out.push(
                    "option name LearnedEval type combo default confirmed var confirmed var true \
                     var false"
                        .into(),
                );
                out.push("option name LevelSettings type string default <empty>".into());
                out.push("option name TablePath type string default <empty>".into());
                out.push(format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                out.push("ugiok".into());
            }
            "isready" => out.push("readyok".into()),
            "uginewgame" => {
                self.game = AnyGame::from_variant(self.variant);
                self.searcher.clear();
            }
            "setoption" => self.setoption(args, out),
            "position" => match self.position(args) {
                Ok(game) => self.game = game,
                Err(e) => error(out, e),
            },
            "go" => self.go(args, out, live),
            "stop" => self.stop_search(),
            "query" => self.query(args, out),
            "quit" => return Flow::Quit,
            _ => error(out, format_args!("unknown command '{cmd}'")),
        }
        Flow::Continue
    }

    fn setoption(&mut self, args: &[&str], out: &mut Vec<String>) {
        // setoption name <name…> [value <value…>]
        if args.first() != Some(&"name") {
            return error(out, "expected 'setoption name <name> value <value>'");
        }
        let rest = &args[1..];
        let split = rest.iter().position(|w| *w == "value");
        let (name, value) = match split {
            Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        if name.is_empty() {
            return error(out, "missing option name");
        }
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!(
                    "bad value '{value}' for option {name}: expected true or false"
                )),
            }
        };
        let spin = |lo: u32, hi: u32| -> Result<u32, String> {
            match value.parse::<u32>() {
                Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                _ => Err(format!(
                    "bad value '{value}' for option {name}: expected a whole number from {lo} to {hi}"
                )),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "variant" => match Variant::parse(&value) {
                Ok(variant) => {
                    self.variant = variant;
                    self.game = AnyGame::from_variant(variant);
                }
                Err(e) => error(out, format_args!("bad variant '{value}': {e}")),
            },
            "omniscient" => match check() {
                Ok(v) => self.options.omniscient = v,
                Err(e) => error(out, e),
            },
            "learnedeval" => match value.parse::<Learned>() {
                Ok(v) => self.options.learned = v,
                Err(e) => error(out, format_args!("bad value for option {name}: {e}")),
            },
            "hash" => match spin(1, crate::MAX_MIB as u32) {
                // The old table stays until the new one is had; a refused size changes nothing.
                Ok(v) => match Searcher::try_new(v as usize, self.options.threads as usize) {
                    Ok(mut searcher) => {
                        self.options.hash_mib = v;
                        searcher.tables = self.tables.clone();
                        self.searcher = Arc::new(searcher);
                    }
                    Err(e) => error(out, e),
                },
                Err(e) => error(out, e),
            },
            "threads" => match spin(1, 256) {
                Ok(v) => {
                    // The same table: nothing new to allocate.
                    self.options.threads = v;
                    self.searcher =
                        Arc::new(self.searcher.reshaped(v as usize, self.tables.clone()));
                }
                Err(e) => error(out, e),
            },
            "tablepath" => {
                // An empty value (or <empty>) unloads the tables; a directory that cannot be read
                // changes nothing.
                let tables = if value.is_empty() || value == "<empty>" {
                    Ok(None)
                } else {
                    Tables::load_dir(std::path::Path::new(&value)).map(|t| Some(Arc::new(t)))
                };
                match tables {
                    Ok(tables) => {
                        let n = tables.as_ref().map_or(0, |t| t.tables().len());
                        out.push(format!("info string {n} endgame tables loaded"));
                        self.tables = tables;
                        self.searcher = Arc::new(
                            self.searcher
                                .reshaped(self.options.threads as usize, self.tables.clone()),
                        );
                    }
                    Err(e) => error(out, e),
                }
            }
            "multipv" => match spin(1, MAX_MULTIPV) {
                Ok(v) => self.options.multipv = v,
                Err(e) => error(out, e),
            },
            "level" => match spin(1, 10) {
                Ok(v) => self.options.level = v,
                Err(e) => error(out, e),
            },
            "levelsettings" => match parse_settings(&value) {
                Ok(v) => self.options.settings = v,
                Err(e) => error(out, e),
            },
            _ => error(
                out,
                format_args!(
                    "unknown option '{name}'; options: Variant, Hash, Threads, Level, Omniscient, \
                     LearnedEval, LevelSettings, TablePath, MultiPV"
                ),
            ),
        }
    }

    /// Builds the game that a `position` command describes, without touching the current one.
    fn position(&self, args: &[&str]) -> Result<AnyGame, String> {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut game = match head.split_first() {
            Some((&"startpos", [])) => AnyGame::from_variant(self.variant),
            Some((&"startpos", extra)) => {
                return Err(format!(
                    "unexpected '{}' after startpos (expected 'moves')",
                    extra.join(" ")
                ))
            }
            Some((&"fen", text)) if !text.is_empty() => {
                AnyGame::from_text(self.variant, &text.join(" ")).map_err(|e| e.to_string())?
            }
            Some((&"fen", _)) => return Err("missing position text after 'fen'".into()),
            _ => return Err("expected 'position startpos' or 'position fen <text>'".into()),
        };
        for (i, mv) in moves.iter().enumerate() {
            game.play_text(mv)
                .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
        }
        Ok(game)
    }

    fn go(&mut self, args: &[&str], out: &mut Vec<String>, live: &Output) {
        match args {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(d) if d <= 64 => self.start_perft(d, live),
                _ => error(
                    out,
                    format_args!("bad perft depth '{depth}': expected a whole number up to 64"),
                ),
            },
            ["perft", ..] => error(out, "expected 'go perft <depth>'"),
            _ => match parse_go(args, self.game.side() == Side::First) {
                Ok(limits) => self.start_search(limits, out, live),
                Err(e) => error(out, e),
            },
        }
    }

    /// Runs `go perft` on its own thread, as a search runs: `stop`, `quit` and the end of input stop
    /// it (honoured once it has run [`PERFT_GRACE`], so a quick count asked for just before `quit`
    /// still prints). A stopped perft prints the counts it finished and says so, without a total.
    fn start_perft(&mut self, depth: u32, live: &Output) {
        let game = self.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let live = Arc::clone(live);
        let handle = std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let stopped = || flag.load(Ordering::Relaxed) && started.elapsed() >= PERFT_GRACE;
            let moves = game.legal_moves().len();
            let (counts, complete) = game.divide_until(depth, &stopped);
            let mut total = 0;
            for (mv, n) in &counts {
                say(&live, &format!("{mv}: {n}"));
                total += n;
            }
            if !complete {
                say(
                    &live,
                    &format!(
                        "info string perft stopped: {} of {moves} moves counted",
                        counts.len()
                    ),
                );
            } else {
                say(
                    &live,
                    &format!("nodes {}", if depth == 0 { 1 } else { total }),
                );
            }
        });
        self.running = Some(Running {
            stop,
            handle,
            endless: true,
        });
    }

    fn start_search(&mut self, mut limits: Limits, out: &mut Vec<String>, live: &Output) {
        limits.multipv = self.options.multipv;
        if let Some(o) = self.game.outcome_words() {
            out.push(format!("info string game over: {o}"));
            out.push("bestmove 0000".into());
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let searcher = Arc::clone(&self.searcher);
        let history = self.game.hashes();
        let mut lvl = level_for(&self.game.position(), self.options.level);
        if let Some(settings) = self.options.settings {
            lvl = lvl.overridden_by(settings);
        }
        self.searches += 1;
        let seed = history.last().copied().unwrap_or_default()
            ^ self.searches.wrapping_mul(0x2545_F491_4F6C_DD1D);
        let live = Arc::clone(live);
        let stop2 = Arc::clone(&stop);
        let request = SearchRequest::new(self.game.position(), history)
            .level(lvl)
            .omniscient(self.options.omniscient)
            .learned(self.options.learned)
            .limits(limits)
            .stop(stop2)
            .seed(seed);
        let handle = spawn_search(searcher, request, live);
        let endless = limits.infinite
            || (limits.time.is_none()
                && limits.movetime.is_none()
                && limits.depth.is_none()
                && limits.nodes.is_none());
        self.running = Some(Running {
            stop,
            handle,
            endless,
        });
    }

    fn query(&self, args: &[&str], out: &mut Vec<String>) {
        let reply = match args {
            ["p1turn"] => (self.game.side() == Side::First).to_string(),
            ["gameover"] => self.game.outcome().is_some().to_string(),
            ["result"] => self
                .game
                .outcome()
                .map_or("none", |o| o.ugi_result())
                .to_string(),
            ["moves"] => {
                let moves: Vec<String> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                if moves.is_empty() {
                    out.push("response".into());
                    return;
                }
                moves.join(" ")
            }
            ["fen"] => self.game.position_text(),
            _ => {
                return error(
                    out,
                    format_args!(
                        "unknown query '{}'; queries: p1turn, gameover, result, moves, fen",
                        args.join(" ")
                    ),
                )
            }
        };
        out.push(format!("response {reply}"));
    }
}

/// The value of `LevelSettings` ([`Level::with_settings`]); empty for the level's own settings.
fn parse_settings(value: &str) -> Result<Option<Level>, String> {
    let value = value.trim();
    if value.is_empty() || value == "<empty>" {
        return Ok(None);
    }
    Ladder::Capture.level(1).with_settings(value).map(Some)
}

/// Runs `request` on its own thread, writing `info` lines and the `bestmove` to `live`.
fn spawn_search(
    searcher: Arc<Searcher>,
    request: SearchRequest<AnyPosition>,
    live: Output,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let result = searcher.search(&request, |info| say(&live, &info.to_ugi()));
        match result.best {
            Some(mv) => say(&live, &format!("bestmove {mv}")),
            None => say(&live, "bestmove 0000"),
        }
    })
}

/// Parses the arguments of `go` (times in milliseconds; p1 is the first player).
fn parse_go(args: &[&str], p1_to_move: bool) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut p1time, mut p2time, mut p1inc, mut p2inc) = (None, None, 0, 0);
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" {
            limits.infinite = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("'go {key}' needs a value"))?;
        let num = value
            .parse::<u64>()
            .map_err(|_| format!("bad value '{value}' for '{key}': expected a whole number"))?;
        match key {
            "p1time" => p1time = Some(num),
            "p2time" => p2time = Some(num),
            "p1inc" => p1inc = num,
            "p2inc" => p2inc = num,
            "movetime" => limits.movetime = Some(Duration::from_millis(num)),
            "depth" => limits.depth = Some(num.clamp(1, 100) as u32),
            "nodes" => limits.nodes = Some(num.max(1)),
            _ => {
                return Err(format!(
                "unknown go parameter '{key}'; allowed: p1time p2time p1inc p2inc movetime depth \
                     nodes infinite perft"
            ))
            }
        }
        i += 2;
    }
    let (time, inc) = if p1_to_move {
        (p1time, p1inc)
    } else {
        (p2time, p2inc)
    };
    limits.time = time.map(Duration::from_millis);
    limits.inc = Duration::from_millis(inc);
    Ok(limits)
}

/// Runs the protocol until `quit` or the end of input (waiting for a running search to finish).
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let live: Output = Arc::new(Mutex::new(Box::new(output)));
    let mut session = Session::default();
    let mut out = Vec::new();
    while let Some(line) = read_line(&mut input, PROTOCOL_LINE)? {
        let line = match line {
            Ok(l) => l,
            Err(BadLine::NotText) => {
                say(&live, "info string error: input is not valid UTF-8");
                continue;
            }
            Err(BadLine::TooLong(max)) => {
                say(
                    &live,
                    &format!("info string error: line longer than {max} bytes, ignored"),
                );
                continue;
            }
        };
        let flow = session.handle(&line, &mut out, &live);
        for reply in out.drain(..) {
            say(&live, &reply);
        }
        if flow == Flow::Quit {
            session.stop_search();
            return Ok(());
        }
    }
    session.finish_search(true);
    Ok(())
}
