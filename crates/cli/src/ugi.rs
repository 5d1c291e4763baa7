//! The UGI engine protocol (../shared/INTERFACES.md section 2).
//!
//! Every malformed or illegal command is answered with one `info string error: …` line and changes
//! nothing: the position, the variant and the options stay as they were.

use std::io::{self, BufRead, Write};

use hasami_core::perft::divide;
use hasami_core::{Game, Position, Rules};

/// Engine options other than the variant.
#[derive(Debug, Clone, Copy)]
struct Options {
    hash_mib: u32,
    threads: u32,
    level: u32,
}

/// The protocol state: the variant, the current game and the options.
pub struct Session {
    rules: &'static Rules,
    game: Game,
    options: Options,
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
        let rules = Rules::preset(hasami_core::Preset::Hasami);
        Session {
            rules,
            game: Game::new(rules),
            options: Options {
                hash_mib: 16,
                threads: 1,
                level: 10,
            },
        }
    }
}

fn error(out: &mut Vec<String>, what: impl std::fmt::Display) {
    out.push(format!("info string error: {what}"));
}

impl Session {
    /// Handles one line, pushing the reply lines to `out`.
    pub fn handle(&mut self, line: &str, out: &mut Vec<String>) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return Flow::Continue;
        };
        match cmd {
            "ugi" => {
                out.push(format!("id name hasami {}", env!("CARGO_PKG_VERSION")));
                out.push("id author the hasami developers".into());
                out.push(format!(
                    "option name Variant type string default {}",
                    Rules::preset(hasami_core::Preset::Hasami)
                ));
                out.push("option name Hash type spin default 16 min 1 max 65536".into());
                out.push("option name Threads type spin default 1 min 1 max 256".into());
                out.push("option name Level type spin default 10 min 1 max 10".into());
                out.push("ugiok".into());
            }
            "isready" => out.push("readyok".into()),
            "uginewgame" => self.game = Game::new(self.rules),
            "setoption" => self.setoption(args, out),
            "position" => match self.position(args) {
                Ok(game) => self.game = game,
                Err(e) => error(out, e),
            },
            "go" => self.go(args, out),
            "stop" => {}
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
        let spin = |lo: u32, hi: u32| -> Result<u32, String> {
            match value.parse::<u32>() {
                Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                _ => Err(format!(
                    "bad value '{value}' for option {name}: expected a whole number from {lo} to {hi}"
                )),
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "variant" => match Rules::parse(&value) {
                Ok(rules) => {
                    self.rules = rules;
                    self.game = Game::new(rules);
                }
                Err(e) => error(out, format_args!("bad variant '{value}': {e}")),
            },
            "hash" => match spin(1, 65536) {
                Ok(v) => self.options.hash_mib = v,
                Err(e) => error(out, e),
            },
            "threads" => match spin(1, 256) {
                Ok(v) => self.options.threads = v,
                Err(e) => error(out, e),
            },
            "level" => match spin(1, 10) {
                Ok(v) => self.options.level = v,
                Err(e) => error(out, e),
            },
            _ => error(
                out,
                format_args!("unknown option '{name}'; options: Variant, Hash, Threads, Level"),
            ),
        }
    }

    /// Builds the game that a `position` command describes, without touching the current one.
    fn position(&self, args: &[&str]) -> Result<Game, String> {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut game = match head.split_first() {
            Some((&"startpos", [])) => Game::new(self.rules),
            Some((&"startpos", extra)) => {
                return Err(format!(
                    "unexpected '{}' after startpos (expected 'moves')",
                    extra.join(" ")
                ))
            }
            Some((&"fen", text)) if !text.is_empty() => {
                let pos = Position::from_text(&text.join(" "), self.rules)
                    .map_err(|e| format!("bad position text '{}': {e}", text.join(" ")))?;
                Game::from_position(pos)
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

    fn go(&mut self, args: &[&str], out: &mut Vec<String>) {
        match args {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(d) if d <= 64 => {
                    let pos = self.game.position();
                    let history = self.game.hashes();
                    let mut total = 0;
                    for (mv, n) in divide(pos, &history, d) {
                        out.push(format!("{mv}: {n}"));
                        total += n;
                    }
                    if d == 0 {
                        total = 1;
                    }
                    out.push(format!("nodes {total}"));
                }
                _ => error(
                    out,
                    format_args!("bad perft depth '{depth}': expected a whole number up to 64"),
                ),
            },
            ["perft", ..] => error(out, "expected 'go perft <depth>'"),
            _ => error(out, "search is not available yet"),
        }
    }

    fn query(&self, args: &[&str], out: &mut Vec<String>) {
        let reply = match args {
            ["p1turn"] => (self.game.position().side() == hasami_core::Side::Black).to_string(),
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
            ["fen"] => self.game.position().to_string(),
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

/// Runs the protocol until `quit` or the end of input.
pub fn run(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut session = Session::default();
    let mut out = Vec::new();
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                writeln!(output, "info string error: input is not valid UTF-8")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let flow = session.handle(&line, &mut out);
        for reply in out.drain(..) {
            writeln!(output, "{reply}")?;
        }
        output.flush()?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}
