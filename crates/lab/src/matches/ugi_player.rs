//! `hasami-lab match --as-ugi MODE` (hidden): a built-in player, or a deliberately faulty engine, speaking
//! a small part of UGI on standard input and output. It lets other programs play the baseline players,
//! and lets the tests drive the runner's engine code over real pipes: time-outs, crashes, illegal
//! moves and error replies.
//!
//! Modes: `random`, `greedy:N` (play), `illegal` (answers every `go` with a move from an empty
//! square), `silent` (never answers `go`), `crash` (exits on `go`), `error` (answers `go` with
//! `info string error: …` as an engine without search does).

use std::io::{self, Write};

use hasami_core::SplitMix64;
use hasami_core::{AnyGame, AnyPosition, HasamiRules, Move, Variant};

use super::players::{builtin_move, PlayerSpec};
use hasami_engine::line::{read_line, PROTOCOL_LINE};

/// What the fake engine does on `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Plays a built-in player's moves.
    Play(PlayerSpec),
    /// Answers with an illegal move.
    Illegal,
    /// Never answers.
    Silent,
    /// Exits with status 3.
    Crash,
    /// Answers with an error line and no move.
    Error,
}

impl Mode {
    /// Reads a mode.
    pub fn parse(text: &str) -> Result<Mode, String> {
        match text.trim() {
            "illegal" => Ok(Mode::Illegal),
            "silent" => Ok(Mode::Silent),
            "crash" => Ok(Mode::Crash),
            "error" => Ok(Mode::Error),
            other => match PlayerSpec::parse(other) {
                Ok(spec @ (PlayerSpec::Random | PlayerSpec::Greedy(_))) => Ok(Mode::Play(spec)),
                _ => Err(format!(
                    "bad --as-ugi mode '{other}' (allowed: random, greedy:N, illegal, silent, crash, error)"
                )),
            },
        }
    }
}

/// Reads `position startpos|fen <text> [moves …]` of a game of `variant` (either family).
fn parse_position(args: &str, variant: Variant) -> Result<AnyGame, String> {
    let (head, moves) = match args.split_once("moves") {
        Some((h, m)) => (h.trim(), m.trim()),
        None => (args.trim(), ""),
    };
    let mut game = if head == "startpos" {
        AnyGame::from_variant(variant)
    } else if let Some(text) = head.strip_prefix("fen") {
        AnyGame::from_text(variant, text.trim()).map_err(|e| e.to_string())?
    } else {
        return Err(format!("expected 'startpos' or 'fen', got '{head}'"));
    };
    for m in moves.split_whitespace() {
        game.play_text(m).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// Runs the fake engine until `quit` or the end of the input.
pub fn run(mode: &Mode, seed: u64) -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut variant = Variant::Hasami(HasamiRules::parse("hasami").expect("a preset"));
    let mut game = AnyGame::from_variant(variant);
    let mut rng = SplitMix64(seed);
    let mut input = stdin.lock();
    while let Some(line) = read_line(&mut input, PROTOCOL_LINE)? {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                writeln!(out, "info string error: {e}")?;
                continue;
            }
        };
        let line = line.trim();
        let (cmd, args) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "ugi" => {
                writeln!(out, "id name hasami-lab match --as-ugi {}", describe(mode))?;
                writeln!(out, "id author the hasami authors")?;
                writeln!(
                    out,
                    "option name Hash type spin default 16 min 1 max {}",
                    hasami_engine::MAX_MIB
                )?;
                writeln!(out, "option name Threads type spin default 1 min 1 max 256")?;
                writeln!(out, "ugiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "setoption" => {
                if let Some(v) = args.strip_prefix("name Variant value ") {
                    match Variant::parse(v.trim()) {
                        Ok(r) => {
                            variant = r;
                            game = AnyGame::from_variant(r);
                        }
                        Err(e) => writeln!(out, "info string error: {e}")?,
                    }
                }
            }
            "uginewgame" => game = AnyGame::from_variant(variant),
            "position" => match parse_position(args, variant) {
                Ok(g) => game = g,
                Err(e) => writeln!(out, "info string error: {e}")?,
            },
            "go" => match mode {
                Mode::Play(spec) => match builtin_any(spec, game.position(), &mut rng) {
                    Some(mv) => writeln!(out, "bestmove {mv}")?,
                    None => writeln!(out, "info string error: no legal move")?,
                },
                Mode::Illegal => match game.legal_moves().first() {
                    // To-square and from-square swapped: the from-square is empty.
                    Some(mv) => writeln!(out, "bestmove {}{}", mv.to, mv.from)?,
                    None => writeln!(out, "bestmove a1a2")?,
                },
                Mode::Silent => {}
                Mode::Crash => std::process::exit(3),
                Mode::Error => writeln!(out, "info string error: search is not available yet")?,
            },
            "quit" => break,
            _ => {}
        }
        out.flush()?;
    }
    Ok(())
}

/// A built-in player's move in a position of either family.
fn builtin_any(spec: &PlayerSpec, pos: AnyPosition, rng: &mut SplitMix64) -> Option<Move> {
    match pos {
        AnyPosition::Hasami(p) => builtin_move(spec, &p, rng),
        AnyPosition::Shogun(p) => builtin_move(spec, &p, rng),
    }
}

fn describe(mode: &Mode) -> String {
    match mode {
        Mode::Play(spec) => spec.display_name(),
        Mode::Illegal => "illegal".into(),
        Mode::Silent => "silent".into(),
        Mode::Crash => "crash".into(),
        Mode::Error => "error".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes() {
        assert_eq!(Mode::parse("random"), Ok(Mode::Play(PlayerSpec::Random)));
        assert_eq!(
            Mode::parse("greedy:2"),
            Ok(Mode::Play(PlayerSpec::Greedy(2)))
        );
        assert_eq!(Mode::parse("crash"), Ok(Mode::Crash));
        assert!(Mode::parse("level:3").is_err());
    }

    #[test]
    fn positions() {
        let rules = Variant::parse("hasami").unwrap();
        let g = parse_position("startpos moves e1e5 e9e6", rules).unwrap();
        assert_eq!(g.plies(), 2);
        let g = parse_position("fen wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1", rules).unwrap();
        assert_eq!(g.plies(), 0);
        assert!(parse_position("startpos moves e1e1", rules).is_err());
        assert!(parse_position("nonsense", rules).is_err());
        // Shogun games too: the built-in players play either family.
        let shogun = Variant::parse("shogun").unwrap();
        let g = parse_position("startpos", shogun).unwrap();
        assert!(g.is_shogun());
        let mv = g.legal_moves()[0];
        assert_eq!(
            parse_position(&format!("startpos moves {mv}"), shogun)
                .unwrap()
                .plies(),
            1
        );
    }
}
