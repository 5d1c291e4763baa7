//! The players of a match: what a player spec names (`PlayerSpec`) and a player as a game holds it
//! (`Player`). Built-in players (`builtin.rs`) run inside the runner; UGI engines (`engine_process.rs`)
//! run as child processes.

use std::fmt;
use std::time::Duration;

use hasami_core::SplitMix64;
use hasami_core::{Game, Move, Position};

use super::builtin::{greedy_move, random_move};
use super::engine_process::{Engine, EngineError};

/// Engine options as (name, value), sent with `setoption`.
pub type EngineOptions = Vec<(String, String)>;

/// What `--player1`/`--player2` say: which player, with which engine options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Uniformly random legal moves.
    Random,
    /// Material-greedy search of this many plies (1–3).
    Greedy(u32),
    /// This program's engine (`hasami ugi`) at a level, with more options.
    Level {
        /// The `Level` option.
        level: u32,
        /// Other options, sent with `setoption`.
        options: EngineOptions,
    },
    /// An external UGI engine.
    Cmd {
        /// The program and its arguments.
        argv: Vec<String>,
        /// Options, sent with `setoption`.
        options: EngineOptions,
    },
}

/// The player specs `--player1`/`--player2` accept, for error messages.
pub const SPEC_HELP: &str = "random, greedy:N (N = 1-3), level:N[,Option=value…] (this program's \
     engine), cmd:COMMAND[,Option=value…] (an external UGI engine)";

/// Splits at commas that are not inside single or double quotes.
fn split_commas(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut quote = None;
    let mut escaped = false;
    let mut begin = 0;
    for (i, c) in text.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (_, '\\') => escaped = true,
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ',') => {
                parts.push(&text[begin..i]);
                begin = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[begin..]);
    parts
}

impl PlayerSpec {
    /// Reads a player spec; the error says what is wrong and what is allowed.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        let parts = split_commas(text.trim());
        let head = parts[0].trim();
        let mut options = Vec::new();
        for item in &parts[1..] {
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "'{item}' in '{text}' is not Option=value (options follow the player after commas, \
                     e.g. level:10,Hash=64)"
                ));
            };
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() {
                return Err(format!("empty option name in '{text}'"));
            }
            if name.eq_ignore_ascii_case("variant") {
                return Err("the Variant option is set by the match (use --variant)".into());
            }
            options.push((name.to_string(), value.to_string()));
        }
        let (kind, arg) = match head.split_once(':') {
            Some((k, a)) => (k.trim().to_ascii_lowercase(), Some(a.trim())),
            None => (head.to_ascii_lowercase(), None),
        };
        let no_options = |spec: PlayerSpec| {
            if options.is_empty() {
                Ok(spec)
            } else {
                Err(format!(
                    "'{head}' is a built-in player and takes no engine options"
                ))
            }
        };
        match (kind.as_str(), arg) {
            ("random", None) => no_options(PlayerSpec::Random),
            ("greedy", None) => no_options(PlayerSpec::Greedy(1)),
            ("greedy", Some(n)) => match n.parse() {
                Ok(d @ 1..=3) => no_options(PlayerSpec::Greedy(d)),
                _ => Err(format!(
                    "bad depth '{n}' in '{text}': greedy:N takes N = 1, 2 or 3"
                )),
            },
            ("level", Some(n)) => match n.parse() {
                Ok(level) => Ok(PlayerSpec::Level { level, options }),
                _ => Err(format!(
                    "bad level '{n}' in '{text}': level:N takes a number"
                )),
            },
            ("cmd", Some(line)) => {
                let argv = shlex::split(line)
                    .ok_or_else(|| format!("bad quoting in the command line '{line}'"))?;
                if argv.is_empty() {
                    return Err("cmd: needs a command line, e.g. cmd:./engine --ugi".into());
                }
                Ok(PlayerSpec::Cmd { argv, options })
            }
            _ => Err(format!("unknown player '{text}'; allowed: {SPEC_HELP}")),
        }
    }

    /// Whether the player runs as a child process.
    pub fn is_engine(&self) -> bool {
        matches!(self, PlayerSpec::Level { .. } | PlayerSpec::Cmd { .. })
    }

    /// The name used in reports and records (an engine's `id name` may replace it for `cmd:`).
    pub fn display_name(&self) -> String {
        let with_options = |base: String, options: &[(String, String)]| {
            if options.is_empty() {
                base
            } else {
                let o: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
                format!("{base} ({})", o.join(", "))
            }
        };
        match self {
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Greedy(d) => format!("greedy:{d}"),
            PlayerSpec::Level { level, options } => {
                with_options(format!("hasami level {level}"), options)
            }
            PlayerSpec::Cmd { argv, options } => {
                let program = std::path::Path::new(&argv[0])
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_else(|| argv[0].clone());
                with_options(program, options)
            }
        }
    }

    /// The command line and options to start the engine with (`None` for built-in players).
    fn command(&self) -> Option<(Vec<String>, EngineOptions)> {
        match self {
            PlayerSpec::Random | PlayerSpec::Greedy(_) => None,
            PlayerSpec::Level { level, options } => {
                let exe = std::env::current_exe()
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or_else(|_| "hasami-lab".into());
                let mut opts = vec![("Level".to_string(), level.to_string())];
                opts.extend(options.iter().cloned());
                Some((vec![exe, "ugi".into()], opts))
            }
            PlayerSpec::Cmd { argv, options } => Some((argv.clone(), options.clone())),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display_name())
    }
}

/// One player as a worker holds it: a built-in player, or an engine started on first use (and again
/// after it failed).
pub struct Player {
    spec: PlayerSpec,
    name: String,
    engine: Option<Engine>,
    rng: SplitMix64,
}

impl Player {
    /// A player of a spec, shown as `name`.
    pub fn new(spec: PlayerSpec, name: String) -> Player {
        Player {
            spec,
            name,
            engine: None,
            rng: SplitMix64(0),
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Gets ready for a game: seeds a built-in player, (re)starts an engine and tells it the variant.
    pub fn new_game(&mut self, rules: &impl fmt::Display, seed: u64) -> Result<(), EngineError> {
        self.rng = SplitMix64(seed);
        let Some((argv, options)) = self.spec.command() else {
            return Ok(());
        };
        if self.engine.is_none() {
            self.engine = Some(Engine::start(&argv, &options)?);
        }
        let result = self.engine.as_mut().expect("started").new_game(rules);
        if result.is_err() {
            self.engine = None;
        }
        result
    }

    /// The player's move as text. An engine that fails is dropped (and restarted for the next game).
    pub fn think<P: Position>(
        &mut self,
        game: &Game<P>,
        go: &str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        match self.engine.as_mut() {
            None if self.spec.is_engine() => {
                Err(EngineError::Other("the engine is not running".into()))
            }
            None => builtin_move(&self.spec, game.position(), &mut self.rng)
                .map(|m| m.to_string())
                .ok_or_else(|| EngineError::Other("no legal move".into())),
            Some(engine) => {
                let result = engine.best_move(game, go, timeout);
                if let Err(e) = &result {
                    if !matches!(e, EngineError::Reported(_)) {
                        engine.kill();
                        self.engine = None;
                    }
                }
                result
            }
        }
    }
}

/// Starts a player's engine once to check that it runs, knows its options and accepts the variant;
/// returns the name to show (the engine's `id name` for `cmd:`). Built-in players pass at once.
pub fn check(spec: &PlayerSpec, rules: &impl fmt::Display) -> Result<String, String> {
    let Some((argv, options)) = spec.command() else {
        return Ok(spec.display_name());
    };
    let mut engine = Engine::start(&argv, &options).map_err(|e| e.to_string())?;
    engine.new_game(rules).map_err(|e| match e {
        EngineError::Reported(s) => format!("the engine rejected the variant {rules}: {s}"),
        e => e.to_string(),
    })?;
    Ok(match (spec, &engine.id_name) {
        (PlayerSpec::Cmd { options, .. }, Some(id)) if options.is_empty() => id.clone(),
        (PlayerSpec::Cmd { options, .. }, Some(id)) => {
            let o: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
            format!("{id} ({})", o.join(", "))
        }
        _ => spec.display_name(),
    })
}

/// A built-in player's move for the side to move, `None` when it has none.
pub fn builtin_move<P: Position>(spec: &PlayerSpec, pos: &P, rng: &mut SplitMix64) -> Option<Move> {
    match spec {
        PlayerSpec::Greedy(d) => greedy_move(pos, *d, rng),
        _ => random_move(pos, rng),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::engine_process::{position_command, reported_error};
    use hasami_core::{HasamiGame, HasamiPosition, HasamiRules};

    #[test]
    fn player_specs() {
        assert_eq!(PlayerSpec::parse("random"), Ok(PlayerSpec::Random));
        assert_eq!(PlayerSpec::parse("Greedy:2"), Ok(PlayerSpec::Greedy(2)));
        assert_eq!(PlayerSpec::parse("greedy"), Ok(PlayerSpec::Greedy(1)));
        assert_eq!(
            PlayerSpec::parse("level:10,Hash=64,Threads=1"),
            Ok(PlayerSpec::Level {
                level: 10,
                options: vec![("Hash".into(), "64".into()), ("Threads".into(), "1".into())]
            })
        );
        assert_eq!(
            PlayerSpec::parse("cmd:'./my engine' --mode \"a,b\",Hash=8"),
            Ok(PlayerSpec::Cmd {
                argv: vec!["./my engine".into(), "--mode".into(), "a,b".into()],
                options: vec![("Hash".into(), "8".into())]
            })
        );
        for bad in [
            "level:x",
            "greedy:4",
            "random,Hash=1",
            "cmd:",
            "cmd:'open",
            "stockfish",
            "level:3,Hash",
            "level:3,Variant=hasami",
        ] {
            assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
        }
        assert!(PlayerSpec::parse("nope").unwrap_err().contains("allowed"));
        assert_eq!(
            PlayerSpec::parse("level:5,Hash=64").unwrap().display_name(),
            "hasami level 5 (Hash=64)"
        );
        assert_eq!(
            PlayerSpec::parse("cmd:/usr/bin/eng -x")
                .unwrap()
                .display_name(),
            "eng"
        );
    }

    #[test]
    fn greedy_takes_material_and_avoids_losing_it() {
        let rules = HasamiRules::parse("hasami-chess").unwrap();
        // White d5 next to Black e5: Black a5→c5 captures it.
        let pos =
            HasamiPosition::from_text("wwwwwww1/8/8/b2wb3/8/8/8/2bbbbbb b 0 1", rules).unwrap();
        let mut rng = SplitMix64(3);
        for depth in 1..=2 {
            let mv = greedy_move(&pos, depth, &mut rng).unwrap();
            let mut p = pos;
            let captured = p.play(mv).unwrap();
            assert!(!captured.is_empty(), "depth {depth}: {mv}");
        }
        // Random moves are legal.
        for _ in 0..20 {
            let mv = random_move(&pos, &mut rng).unwrap();
            assert!(pos.check_move(mv).is_ok());
        }
    }

    #[test]
    fn error_lines_and_position_commands() {
        assert_eq!(
            reported_error("info string error: search is not available yet"),
            Some("search is not available yet".into())
        );
        assert_eq!(reported_error("info depth 3 score 10"), None);
        let mut game = HasamiGame::new(HasamiRules::parse("hasami").unwrap());
        assert_eq!(position_command(&game), "position startpos");
        game.play_text("e1e5").unwrap();
        assert_eq!(position_command(&game), "position startpos moves e1e5");
        let pos = *game.position();
        let game = HasamiGame::from_position(pos);
        assert_eq!(
            position_command(&game),
            "position fen wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1"
        );
    }
}
