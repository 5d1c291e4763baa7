//! `hasami play`: a game of either family in the terminal, against the engine or between two people
//! at one keyboard. One loop over [`AnyGame`] serves both; `board` draws each family's board.
//!
//! The board is drawn with coordinates after every move (in colour on a terminal unless `NO_COLOR` is
//! set or `--no-color` is given); moves are typed as move text (RULES.md A3.5, e.g. `e1e5`), and a few
//! words are commands (`help` lists them). Bad input gets a message and changes nothing; a refused
//! move says why in players' words (`words`). Everything fits 80 columns (`text`). In Shogun every
//! piece shows the number it must move (the Shoguns `♔` and `♚` in colour, `K` and `k` without, as
//! the legend says), "Shogun!" warns when the side to move's Shogun is attacked, a move that would
//! leave one's own Shogun capturable is refused, naming the piece that could capture it (S5), and
//! `learn SQUARE` shows the magnet board's numbers for one piece. The
//! engine plays Shogun fair (it does not read the magnets) unless `--omniscient` is given; `go` lets
//! the engine make the move for the side to move in either family.

mod board;
mod text;
mod words;

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use clap::{Args, ValueEnum};
use hasami_core::shogun::{Arrangement, Arranging};
use hasami_core::{AnyGame, ShogunGame, Side, SplitMix64};
use hasami_engine::{level_for, Limits, SearchRequest, SearchResult, Searcher, WIN_BOUND};

use self::board::LastMove;
use self::text::{quote, say};
use crate::commands::CliError;
use hasami_engine::line::read_line;

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
    /// The first player (moves first, home rows at the bottom; White in Shogun).
    Black,
    /// The second player (Red in Shogun).
    White,
}

/// Arguments of `hasami play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Variant text (RULES.md A6 / S9), e.g. `hasami`, `dai-hasami+five=all` or `shogun`.
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
    /// Start from this position text (RULES.md A7 / S8) instead of the variant's start.
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
    // The first player is Black, in Shogun White: `--side black` (the default) plays it.
    let human = match args.side {
        SideArg::Black => Side::First,
        SideArg::White => Side::Second,
    };
    let game = AnyGame::new(&args.variant, args.position.as_deref())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    // `setup=choose` (S2): the players arrange their pieces first, unless a position was given.
    let arranging = Arranging::of(game.variant()).filter(|_| args.position.is_none());
    let mut session = Session {
        game,
        arranging,
        engine: (args.opponent == Opponent::Engine).then_some(!human),
        human,
        level: args.level,
        movetime: Duration::from_millis(args.movetime),
        omniscient: args.omniscient,
        colour,
        searcher: Searcher::new(64, 1),
        last: None,
        searches: 0,
        ended: None,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    session.play(stdin.lock(), &mut out).map_err(CliError::Io)
}

/// A game at the terminal.
struct Session {
    game: AnyGame,
    /// Shogun `setup=choose`: the pieces are being arranged (until both sides have).
    arranging: Option<Arranging>,
    /// The side the person plays (against the engine).
    human: Side,
    /// The engine's side; `None` for hot-seat.
    engine: Option<Side>,
    level: u32,
    movetime: Duration,
    /// Shogun: the engine reads the magnet board.
    omniscient: bool,
    colour: bool,
    searcher: Searcher,
    /// The last move and what it captured, for highlighting.
    last: LastMove,
    searches: u64,
    /// An end not given by the rules: a resignation (result token, reason).
    ended: Option<(String, String)>,
}

const HELP: &str = "\
Type a move as from-square and to-square, e.g. e1e5 (in Shogun the piece must
move exactly the number it shows, with at most one turn). Commands:
  moves         list the legal moves
  hint          ask the engine for a move
  go            let the engine make this move (at its level)
  undo          take back your last move (and the engine's reply)
  resign        give up the game (hot-seat: the side to move)
  learn SQUARE  Shogun: the number the piece on SQUARE would show on each square
  arrange IDS   Shogun with setup=choose, before the first move: your seven
                pieces' numbers on your first rank from your left, e.g.
                arrange 3142576 (the Shogun keeps its square)
  save FILE     write the game record (docs/records.md) to FILE
  position      print the position text
  help          this list
  quit          leave (also end of input)";

impl Session {
    fn play(&mut self, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        say(
            out,
            format!(
                "hasami play: {} — you are {}{}. Type 'help' for commands.",
                self.game.variant(),
                self.game.side_name(self.human),
                match self.engine {
                    Some(_) => format!(" against the engine at level {}", self.level),
                    None => " (hot-seat: both sides typed here)".into(),
                }
            ),
        )?;
        let mut input = input;
        // The board is drawn again only when the game changed.
        let mut shown = None;
        loop {
            if self.arranging.is_some() {
                self.engine_arranges(out)?;
            }
            if self.engine_to_move() {
                self.draw(out)?;
                writeln!(out, "The engine is thinking…")?;
                self.engine_move(out, "The engine plays ")?;
                continue;
            }
            let now = (
                self.game.plies(),
                self.game.position_text(),
                self.ended.is_some(),
            );
            if shown.as_ref() != Some(&now) {
                shown = Some(now);
                self.draw(out)?;
                if let Some(words) = self.end_words() {
                    say(out, format!("Game over: {words}."))?;
                }
            }
            if let Some(side) = self.to_arrange() {
                write!(
                    out,
                    "{} arranges (arrange IDS, e.g. arrange 1234567)> ",
                    self.game.side_name(side)
                )?;
            } else if self.ended.is_some() {
                // A resignation stands: nothing to take back.
                write!(out, "(save FILE or quit)> ")?;
            } else if self.is_over() {
                write!(out, "(undo, save FILE or quit)> ")?;
            } else {
                write!(out, "{} to move> ", self.game.side_name(self.game.side()))?;
            }
            out.flush()?;
            let line = match read_line(&mut input, MAX_LINE)? {
                None => {
                    writeln!(out)?;
                    return Ok(());
                }
                Some(Ok(line)) => line,
                Some(Err(e)) => {
                    say(out, format!("error: {e} (type 'help')"))?;
                    continue;
                }
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                ["quit" | "exit" | "q"] => return Ok(()),
                ["help" | "?"] => writeln!(out, "{HELP}")?,
                [first, ..]
                    if self.to_arrange().is_some()
                        && !matches!(*first, "arrange" | "position" | "learn") =>
                {
                    say(
                        out,
                        "error: the pieces are not arranged yet: type arrange and your seven piece numbers from your left, e.g. arrange 3142576",
                    )?
                }
                ["moves"] => {
                    let moves: Vec<String> = self
                        .game
                        .legal_moves()
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    say(out, format!("{} legal moves: {}", moves.len(), moves.join(" ")))?;
                }
                ["position"] => writeln!(out, "{}", self.game.position_text())?,
                ["learn", square] => board::learn(out, &self.game, square)?,
                ["hint"] => self.hint(out)?,
                ["go"] => self.go(out)?,
                ["undo"] => self.undo(out)?,
                ["resign"] => self.resign(out)?,
                ["save", file] => self.save(file, out)?,
                ["arrange", ids] => self.arrange(ids, out)?,

                ["save"] => writeln!(out, "error: save needs a file name, e.g. 'save game.hrec'")?,
                [_] if self.is_over() => writeln!(out, "error: the game is over")?,
                [text] => match self.game.parse_move(text) {
                    Ok(mv) => match self.game.play(mv) {
                        Ok(captured) => {
                            self.last = Some((mv, captured));
                            say(out, played_words(mv, captured))?;
                        }
                        Err(e) => say(
                            out,
                            format!(
                                "error: {} (type 'moves' for the legal moves)",
                                words::refusal(&e)
                            ),
                        )?,
                    },
                    Err(e) => say(
                        out,
                        format!("error: {e} (type 'moves' for the legal moves)"),
                    )?,
                },
                _ => say(
                    out,
                    format!("error: unknown command '{}' (type 'help')", quote(&line, 40)),
                )?,
            }
        }
    }

    /// The side whose pieces are still to be arranged (White first in hot-seat), if any.
    fn to_arrange(&self) -> Option<Side> {
        let a = self.arranging.as_ref()?;
        Side::ALL.into_iter().find(|&s| !a.has_arranged(s))
    }

    /// The engine arranges its own pieces at random (docs/shogun.md).
    fn engine_arranges(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if let (Some(side), Some(a)) = (self.engine, self.arranging.as_mut()) {
            if !a.has_arranged(side) {
                let seed = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1979, |d| d.as_nanos() as u64);
                let _ = a.arrange(side, Arrangement::random(&mut SplitMix64(seed)));
                writeln!(out, "The engine has arranged its pieces.")?;
            }
        }
        self.start_when_arranged();
        Ok(())
    }

    /// `arrange IDS`: the next side to arrange (the person's, against the engine) places its pieces.
    fn arrange(&mut self, ids: &str, out: &mut impl Write) -> std::io::Result<()> {
        let Some(side) = self.to_arrange() else {
            return writeln!(out, "error: the pieces are already arranged");
        };
        let arrangement = match ids.parse::<Arrangement>() {
            Ok(a) => a,
            Err(e) => return say(out, format!("error: {e}")),
        };
        if let Some(a) = self.arranging.as_mut() {
            if let Err(e) = a.arrange(side, arrangement) {
                return say(out, format!("error: {e}"));
            }
        }
        writeln!(
            out,
            "{} has arranged its pieces.",
            self.game.side_name(side)
        )?;
        self.start_when_arranged();
        Ok(())
    }

    /// Once both sides have arranged, the game starts from their arrangement.
    fn start_when_arranged(&mut self) {
        if let Some(start) = self.arranging.as_ref().and_then(Arranging::start) {
            self.game = AnyGame::Shogun(ShogunGame::from_position(start));
            self.arranging = None;
        }
    }

    fn draw(&self, out: &mut impl Write) -> std::io::Result<()> {
        board::draw(out, &self.game, self.last, self.colour)
    }

    fn engine_to_move(&self) -> bool {
        self.arranging.is_none() && !self.is_over() && self.engine == Some(self.game.side())
    }

    /// Whether the game has ended, by the rules or by resignation.
    fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.ended.is_some()
    }

    /// How the game ended, if it has.
    fn end_words(&self) -> Option<String> {
        self.game
            .outcome_words()
            .or_else(|| self.ended.as_ref().map(|(_, why)| why.clone()))
    }

    /// The person resigns (hot-seat: the side to move).
    fn resign(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if let Some(words) = self.end_words() {
            return say(out, format!("error: the game ended: {words}"));
        }
        let loser = if self.engine.is_some() {
            self.human
        } else {
            self.game.side()
        };
        let result = if loser == Side::First { "0-1" } else { "1-0" };
        let why = format!(
            "{} wins: {} resigned",
            self.game.side_name(!loser),
            self.game.side_name(loser)
        );
        self.ended = Some((result.to_string(), why));
        Ok(())
    }

    /// The engine's search of the current position at `level_number`.
    fn search(&mut self, level_number: u32) -> SearchResult<hasami_core::Move> {
        self.searches += 1;
        let history = self.game.hashes();
        let limits = Limits {
            movetime: Some(self.movetime),
            ..Limits::default()
        };
        let seed = history.last().copied().unwrap_or_default() ^ self.searches;
        self.searcher.search(
            &SearchRequest::new(self.game.position(), history)
                .level(level_for(&self.game.position(), level_number))
                .omniscient(self.omniscient)
                .limits(limits)
                .seed(seed),
            |_| {},
        )
    }

    /// The engine plays the side to move at its level; `prefix` introduces the move.
    fn engine_move(&mut self, out: &mut impl Write, prefix: &str) -> std::io::Result<()> {
        let Some(mv) = self.search(self.level).best else {
            // No legal move: the rules already judged the game (W6, S6), so this does not happen.
            return writeln!(out, "The engine has no move.");
        };
        match self.game.play(mv) {
            Ok(captured) => {
                self.last = Some((mv, captured));
                say(out, format!("{prefix}{}", played_words(mv, captured)))
            }
            Err(e) => say(out, format!("error: the engine chose {mv}: {e}")),
        }
    }

    fn hint(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if self.is_over() {
            return writeln!(out, "error: the game is over");
        }
        let result = self.search(10);
        match result.best {
            Some(mv) => writeln!(out, "Hint: {mv} ({})", score_words(result.score)),
            None => writeln!(out, "Hint: there is no legal move"),
        }
    }

    fn go(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if self.is_over() {
            return writeln!(out, "error: the game is over");
        }
        self.engine_move(out, "The engine plays for you: ")
    }

    fn undo(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        // A resignation stands, as in the web app.
        if let Some((_, why)) = &self.ended {
            return say(out, format!("error: the game ended: {why}"));
        }
        // Against the engine, take back the engine's reply too, so that it is the player's turn again.
        let mut taken = Vec::new();
        while let Some(mv) = self.game.undo() {
            taken.push(mv.to_string());
            if self.engine.is_none() || self.game.side() == self.human {
                break;
            }
        }
        self.last = self
            .game
            .history()
            .last()
            .map(|played| (played.mv, played.captured));
        if taken.is_empty() {
            writeln!(out, "error: nothing to undo")
        } else {
            say(out, format!("Took back {}", taken.join(" and ")))
        }
    }

    /// Writes the game record (docs/records.md): the players `player` and `hasami level N`.
    fn save(&self, file: &str, out: &mut impl Write) -> std::io::Result<()> {
        let name = |side: Side| match self.engine {
            Some(engine) if engine == side => format!("hasami level {}", self.level),
            _ => "player".to_string(),
        };
        let ended = self
            .ended
            .as_ref()
            .map(|(r, why)| (r.as_str(), why.as_str()));
        let record = self
            .game
            .record([name(Side::First), name(Side::Second)], None, ended);
        match std::fs::write(file, record) {
            Ok(()) => say(out, format!("Saved the game to {file}")),
            Err(e) => say(out, format!("error: cannot write {file}: {e}")),
        }
    }
}

/// The longest line read, in bytes; the rest of a longer line is skipped.
const MAX_LINE: u64 = 4096;

/// A move and what it captured: `f1f5` or `f1f5, capturing e5`.
fn played_words(mv: hasami_core::Move, captured: hasami_core::BitBoard) -> String {
    if captured.is_empty() {
        return mv.to_string();
    }
    let squares: Vec<String> = captured.iter().map(|s| s.to_string()).collect();
    format!("{mv}, capturing {}", squares.join(" "))
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
