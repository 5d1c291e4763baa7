//! `hasami play`: a game in the terminal against the engine or between two people at one keyboard.
//!
//! The board is drawn with coordinates after every move (in colour on a terminal unless `NO_COLOR` is
//! set or `--no-color` is given); moves are typed as move text (RULES.md A3.5, e.g. `e1e5`), and a few
//! words are commands (`help` lists them). Bad input gets a message and changes nothing.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, ValueEnum};
use hasami_core::{
    BitBoard, HasamiGame, HasamiPosition, HasamiRecord, Move, Played, Side, Square, Variant,
};
use hasami_core::{ShogunGame, ShogunPosition};
use hasami_engine::{level, search_at_level, Limits, Searcher, WIN_BOUND};

use crate::commands::CliError;
use crate::play_shogun::ShogunSession;

/// Who plays the side the person at the keyboard does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Opponent {
    /// This program's engine at `--level`.
    Engine,
    /// Another person at the same keyboard (hot-seat).
    Human,
}

/// A side, as typed on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// The first player (moves first, home rows at the bottom).
    Black,
    /// The second player.
    White,
}

/// Arguments of `hasami play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Variant text (RULES.md A6), e.g. `hasami` or `dai-hasami+five=all`.
    #[arg(long, default_value = "hasami")]
    variant: String,
    /// Engine level, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=10))]
    level: u32,
    /// The side you play.
    #[arg(long, value_enum, default_value_t = SideArg::Black)]
    side: SideArg,
    /// The engine or another person.
    #[arg(long, value_enum, default_value_t = Opponent::Engine)]
    opponent: Opponent,
    /// Time the engine may think per move, in milliseconds (levels below 10 usually need less).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    movetime: u64,
    /// Start from this position text (RULES.md A7) instead of the variant's start.
    #[arg(long)]
    position: Option<String>,
    /// Draw the board without colours.
    #[arg(long)]
    no_color: bool,
    /// Shogun: let the engine read the magnet board (by default it plays fair, as a person would).
    #[arg(long)]
    omniscient: bool,
}

/// Runs `hasami play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let colour =
        !args.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    let human = match args.side {
        SideArg::Black => Side::First,
        SideArg::White => Side::Second,
    };
    let rules = match Variant::parse(&args.variant).map_err(|e| CliError::Usage(e.to_string()))? {
        Variant::Hasami(rules) => rules,
        Variant::Shogun(rules) => {
            // Shogun's first player is White: `--side black` (the default) plays it.
            let game = match &args.position {
                Some(text) => ShogunGame::from_position(
                    ShogunPosition::from_text(text, rules)
                        .map_err(|e| CliError::Usage(e.to_string()))?,
                ),
                None => ShogunGame::new(rules),
            };
            let opponent = (args.opponent == Opponent::Engine).then_some(human);
            let mut session = ShogunSession::new(
                game,
                opponent,
                args.level,
                Duration::from_millis(args.movetime),
            );
            session.colour = colour;
            session.omniscient = args.omniscient;
            let stdin = std::io::stdin();
            return session
                .play(stdin.lock(), &mut std::io::stdout())
                .map_err(CliError::Io);
        }
    };
    let game = match &args.position {
        Some(text) => HasamiGame::from_position(
            HasamiPosition::from_text(text, rules).map_err(|e| CliError::Usage(e.to_string()))?,
        ),
        None => HasamiGame::new(rules),
    };
    let mut session = Session {
        game,
        human,
        opponent: args.opponent,
        level: args.level,
        movetime: Duration::from_millis(args.movetime),
        colour,
        searcher: Searcher::new(64, 1),
        last: None,
        searches: 0,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    session.play(stdin.lock(), &mut out).map_err(CliError::Io)
}

struct Session {
    game: HasamiGame,
    human: Side,
    opponent: Opponent,
    level: u32,
    movetime: Duration,
    colour: bool,
    searcher: Searcher,
    /// The last move and what it captured, for highlighting.
    last: Option<Played<HasamiPosition>>,
    searches: u64,
}

const HELP: &str = "\
Type a move as from-square and to-square, e.g. e1e5. Commands:
  moves         list the legal moves
  hint          ask the engine for a move
  undo          take back your last move (and the engine's reply)
  save FILE     write the game record (docs/records.md) to FILE
  position      print the position text
  help          this list
  quit          leave (also end of input)";

impl Session {
    fn play(&mut self, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            out,
            "hasami play: {} — you are {}{}. Type 'help' for commands.",
            self.game.rules(),
            side_name(self.human),
            match self.opponent {
                Opponent::Engine => format!(" against the engine at level {}", self.level),
                Opponent::Human => " (hot-seat: both sides typed here)".into(),
            }
        )?;
        let mut lines = input.lines();
        // The board is drawn again only when the game changed.
        let mut shown = None;
        loop {
            if self.engine_to_move() {
                self.engine_move(out)?;
                continue;
            }
            let now = (self.game.played().len(), self.game.position().hash());
            if shown != Some(now) {
                shown = Some(now);
                self.draw(out)?;
                if let Some(o) = self.game.outcome() {
                    writeln!(out, "Game over: {o}.")?;
                }
            }
            let to_move = side_name(self.game.position().side());
            if self.game.outcome().is_some() {
                write!(out, "(undo, save FILE or quit)> ")?;
            } else {
                write!(out, "{to_move} to move> ")?;
            }
            out.flush()?;
            let Some(line) = lines.next() else {
                writeln!(out)?;
                return Ok(());
            };
            let line = line?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                ["quit" | "exit" | "q"] => return Ok(()),
                ["help" | "?"] => writeln!(out, "{HELP}")?,
                ["moves"] => {
                    let moves: Vec<String> = self
                        .game
                        .legal_moves()
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    writeln!(out, "{} legal moves: {}", moves.len(), moves.join(" "))?;
                }
                ["position"] => writeln!(out, "{}", self.game.position())?,
                ["hint"] => self.hint(out)?,
                ["undo"] => self.undo(out)?,
                ["save", file] => self.save(file, out)?,
                ["save"] => writeln!(out, "error: save needs a file name, e.g. 'save game.hrec'")?,
                [text] => match self.game.play_text(text) {
                    Ok(played) => {
                        self.last = Some(played);
                        self.say_move(out, "", played)?;
                    }
                    Err(e) => writeln!(out, "error: {e} (type 'moves' for the legal moves)")?,
                },
                _ => writeln!(out, "error: unknown command '{line}' (type 'help')")?,
            }
        }
    }

    fn engine_to_move(&self) -> bool {
        self.opponent == Opponent::Engine
            && self.game.outcome().is_none()
            && self.game.position().side() != self.human
    }

    fn search(&mut self, level_number: u32) -> hasami_engine::SearchResult<Move> {
        let pos = *self.game.position();
        self.searches += 1;
        let limits = Limits {
            movetime: Some(self.movetime),
            ..Limits::default()
        };
        search_at_level(
            &self.searcher,
            level(level_number),
            &pos,
            &self.game.hashes(),
            &limits,
            Arc::new(AtomicBool::new(false)),
            pos.hash() ^ self.searches,
            |_| {},
        )
    }

    fn engine_move(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        self.draw(out)?;
        writeln!(out, "The engine is thinking…")?;
        let result = self.search(self.level);
        let Some(mv) = result.best else {
            // No legal move: the rules already judged the game (W6), so this does not happen.
            writeln!(out, "The engine has no move.")?;
            return Ok(());
        };
        match self.game.play(mv) {
            Ok(played) => {
                self.last = Some(played);
                self.say_move(out, "The engine plays ", played)
            }
            Err(e) => writeln!(out, "error: the engine chose {mv}: {e}"),
        }
    }

    fn say_move(
        &self,
        out: &mut impl Write,
        prefix: &str,
        played: Played<HasamiPosition>,
    ) -> std::io::Result<()> {
        let caught: Vec<String> = played.captured.iter().map(|s| s.to_string()).collect();
        if caught.is_empty() {
            writeln!(out, "{prefix}{}", played.mv)
        } else {
            writeln!(out, "{prefix}{}, capturing {}", played.mv, caught.join(" "))
        }
    }

    fn hint(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if self.game.outcome().is_some() {
            return writeln!(out, "error: the game is over");
        }
        let result = self.search(10);
        match result.best {
            Some(mv) => writeln!(out, "Hint: {mv} ({})", score_words(result.score)),
            None => writeln!(out, "Hint: there is no legal move"),
        }
    }

    fn undo(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        // Against the engine, take back the engine's reply too, so that it is the player's turn again.
        let mut taken = Vec::new();
        while let Some(p) = self.game.undo() {
            taken.push(p.mv.to_string());
            if self.opponent == Opponent::Human || self.game.position().side() == self.human {
                break;
            }
        }
        self.last = self.game.played().last().copied();
        if taken.is_empty() {
            writeln!(out, "error: nothing to undo")
        } else {
            writeln!(out, "Took back {}", taken.join(" and "))
        }
    }

    fn save(&self, file: &str, out: &mut impl Write) -> std::io::Result<()> {
        let (black, white) = match (self.opponent, self.human) {
            (Opponent::Human, _) => ("player".to_string(), "player".to_string()),
            (Opponent::Engine, Side::First) => {
                ("player".into(), format!("hasami level {}", self.level))
            }
            (Opponent::Engine, Side::Second) => {
                (format!("hasami level {}", self.level), "player".into())
            }
        };
        let record = HasamiRecord::from_game(&self.game, [("Black", black), ("White", white)]);
        match std::fs::write(file, record.to_string()) {
            Ok(()) => writeln!(out, "Saved the game to {file}"),
            Err(e) => writeln!(out, "error: cannot write {file}: {e}"),
        }
    }

    /// Draws the board: rank numbers on both sides, file letters below and above, Black `●` (`b`
    /// without colour), White `○` (`w`), the last move's squares and captured squares marked (without
    /// colour: the moved piece in capitals, its old square `:`, captured squares `x`).
    fn draw(&self, out: &mut impl Write) -> std::io::Result<()> {
        let pos = self.game.position();
        let size = pos.rules().size();
        let (from, to, caught) = match self.last {
            Some(p) => (Some(p.mv.from), Some(p.mv.to), p.captured),
            None => (None, None, BitBoard::EMPTY),
        };
        let files: String = (0..size)
            .map(|f| format!(" {}", (b'a' + f) as char))
            .collect();
        writeln!(out)?;
        writeln!(out, "   {files}")?;
        for rank in (0..size).rev() {
            let mut row = format!("{:>2} ", rank + 1);
            for file in 0..size {
                let sq = Square::new(file, rank);
                let piece = if pos.pieces(Side::First).has(sq) {
                    Some(Side::First)
                } else if pos.pieces(Side::Second).has(sq) {
                    Some(Side::Second)
                } else {
                    None
                };
                let marked = Some(sq) == from || Some(sq) == to;
                let symbol = match (piece, self.colour) {
                    (Some(Side::First), true) => "●",
                    (Some(Side::Second), true) => "○",
                    (Some(Side::First), false) if marked => "B",
                    (Some(Side::Second), false) if marked => "W",
                    (Some(Side::First), false) => "b",
                    (Some(Side::Second), false) => "w",
                    (None, _) if caught.has(sq) => "x",
                    (None, false) if marked => ":",
                    (None, _) => ".",
                };
                if self.colour {
                    let style = if caught.has(sq) {
                        "\x1b[41;97m" // captured: red background
                    } else if marked {
                        "\x1b[43;30m" // last move: yellow background
                    } else {
                        "\x1b[100;97m"
                    };
                    row.push_str(&format!("{style} {symbol}\x1b[0m"));
                } else {
                    row.push_str(&format!(" {symbol}"));
                }
            }
            writeln!(out, "{row}  {}", rank + 1)?;
        }
        writeln!(out, "   {files}")?;
        let (b, w) = (
            pos.pieces(Side::First).len(),
            pos.pieces(Side::Second).len(),
        );
        writeln!(
            out,
            "Black {b} pieces, White {w} pieces; move {}",
            pos.fullmove()
        )?;
        Ok(())
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}

/// A search score in words for the side to move.
fn score_words(score: i32) -> String {
    if score.abs() >= WIN_BOUND {
        let plies = hasami_engine::WIN - score.abs();
        let moves = (plies + 1) / 2;
        if score > 0 {
            format!("wins in {moves}")
        } else {
            format!("loses in {moves}")
        }
    } else {
        format!("{:+.2} pieces", f64::from(score) / 100.0)
    }
}
