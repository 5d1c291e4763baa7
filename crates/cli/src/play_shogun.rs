//! `hasami play --variant shogun…`: Shogun in the terminal. Every piece shows the number it must move
//! (the Shogun with a crown mark), a "Shogun!" warning comes when the side to move's Shogun is attacked,
//! and a move that would leave one's own Shogun capturable is refused with that reason (S5). The engine
//! plays fair (it does not read the magnets) unless `--omniscient` is given.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use hasami_core::shogun::{describe, side_name};
use hasami_core::ShogunRecord;
use hasami_core::{ShogunGame, ShogunPosition};
use hasami_core::{Side, Square};
use hasami_engine::shogun::Fair;
use hasami_engine::{level, search_at_level, Limits, Searcher};

const HELP: &str = "\
Type a move as from-square and to-square, e.g. d1d5 (the piece must move exactly the number it shows,
with at most one turn). Commands:
  moves         list the legal moves
  hint          ask the engine for a move
  go            let the engine make this move for you (at its level)
  undo          take back your last move (and the engine's reply)
  learn SQUARE  the number the piece on SQUARE would show on each square (the magnets; a learning aid)
  position      print the position text
  save FILE     write the game record (docs/records.md)
  help          this list
  quit          leave (also end of input)";

/// A Shogun game at the terminal.
pub struct ShogunSession {
    /// The game.
    pub game: ShogunGame,
    /// The side the person plays; `None` for hot-seat.
    pub human: Option<Side>,
    /// Engine level.
    pub level: u32,
    /// Engine time per move.
    pub movetime: Duration,
    /// Whether the engine reads the magnet board.
    pub omniscient: bool,
    /// Draw with ANSI colours.
    pub colour: bool,
    searcher: Searcher,
    searches: u64,
}

impl ShogunSession {
    /// A session for `game`.
    pub fn new(game: ShogunGame, human: Option<Side>, level: u32, movetime: Duration) -> Self {
        ShogunSession {
            game,
            human,
            level,
            movetime,
            omniscient: false,
            colour: false,
            searcher: Searcher::new(64, 1),
            searches: 0,
        }
    }

    /// Plays until the input ends or `quit`.
    pub fn play(&mut self, input: impl BufRead, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(
            out,
            "hasami play: {} — {}. Type 'help' for commands.",
            self.game.position().rules(),
            match self.human {
                Some(s) => format!(
                    "you are {} against the engine at level {}",
                    side_name(s),
                    self.level
                ),
                None => "hot-seat: both sides typed here".into(),
            }
        )?;
        let mut lines = input.lines();
        let mut shown = None;
        loop {
            if self.engine_to_move() {
                self.draw(out)?;
                self.engine_move(out)?;
                continue;
            }
            let now = self.game.position().hash() ^ self.game.played().len() as u64;
            if shown != Some(now) {
                shown = Some(now);
                self.draw(out)?;
                if let Some(o) = self.game.outcome() {
                    writeln!(out, "Game over: {}.", describe(o))?;
                }
            }
            let side = side_name(self.game.position().side());
            if self.game.outcome().is_some() {
                write!(out, "(undo or quit)> ")?;
            } else {
                write!(out, "{side} to move> ")?;
            }
            out.flush()?;
            let Some(line) = lines.next() else {
                writeln!(out)?;
                return Ok(());
            };
            let line = line?;
            match line.split_whitespace().collect::<Vec<_>>().as_slice() {
                [] => {}
                ["quit" | "exit" | "q"] => return Ok(()),
                ["help" | "?"] => writeln!(out, "{HELP}")?,
                ["moves"] => {
                    let moves: Vec<String> = self
                        .game
                        .legal_moves()
                        .iter()
                        .map(|m| m.to_string())
                        .collect();
                    writeln!(out, "{} legal moves: {}", moves.len(), moves.join(" "))?;
                }
                ["position"] => writeln!(out, "{}", self.game.position())?,
                ["learn", square] => self.learn(square, out)?,
                ["hint"] => self.hint(out)?,
                ["go"] => self.go(out)?,
                ["undo"] => self.undo(out)?,
                ["save", file] => self.save(file, out)?,
                ["save"] => writeln!(out, "error: save needs a file name, e.g. 'save game.hrec'")?,
                [text] => match self.game.play_text(text) {
                    Ok(p) => writeln!(out, "{}", played_words(p.mv, p.captured.map(|c| c.square)))?,
                    Err(e) => writeln!(out, "error: {e} (type 'moves' for the legal moves)")?,
                },
                _ => writeln!(out, "error: unknown command '{line}' (type 'help')")?,
            }
        }
    }

    /// Writes the game record (docs/records.md, Shogun records) to `file`.
    fn save(&self, file: &str, out: &mut impl Write) -> std::io::Result<()> {
        let name = |side: Side| match self.human {
            Some(h) if h != side => format!("hasami level {}", self.level),
            _ => "player".to_string(),
        };
        let record = ShogunRecord::from_game(
            &self.game,
            [("White", name(Side::First)), ("Red", name(Side::Second))],
        );
        match std::fs::write(file, record.to_string()) {
            Ok(()) => writeln!(out, "Saved the game to {file}"),
            Err(e) => writeln!(out, "error: cannot write {file}: {e}"),
        }
    }

    /// The learning view: for the piece on `square`, the number it would show on every square.
    fn learn(&self, square: &str, out: &mut impl Write) -> std::io::Result<()> {
        let pos = self.game.position();
        let piece = Square::parse(square, 8)
            .ok()
            .and_then(|sq| pos.piece_at(sq));
        let Some(piece) = piece else {
            return writeln!(out, "error: no piece on '{square}' (e.g. 'learn d1')");
        };
        if pos.rules().options.random_numbers {
            return writeln!(
                out,
                "numbers=random: the number after a move is drawn at random"
            );
        }
        writeln!(
            out,
            "The {} piece on {} would show, on each square:",
            side_name(piece.side),
            piece.square
        )?;
        for rank in (0..8).rev() {
            let mut row = format!("{} ", rank + 1);
            for file in 0..8 {
                let n = pos.number_on(piece.side, piece.id, Square::new(file, rank));
                row.push_str(&n.map_or("  ?".into(), |n| format!("  {n}")));
            }
            writeln!(out, "{row}")?;
        }
        writeln!(out, "    a  b  c  d  e  f  g  h")
    }

    fn engine_to_move(&self) -> bool {
        self.human
            .is_some_and(|h| self.game.outcome().is_none() && self.game.position().side() != h)
    }

    fn search(&mut self, level_number: u32) -> hasami_engine::SearchResult<hasami_core::Move> {
        let pos = *self.game.position();
        self.searches += 1;
        let limits = Limits {
            movetime: Some(self.movetime),
            ..Limits::default()
        };
        let (lvl, history, seed) = (
            level(level_number),
            self.game.hashes(),
            pos.hash() ^ self.searches,
        );
        let stop = Arc::new(AtomicBool::new(false));
        if self.omniscient {
            search_at_level(
                &self.searcher,
                lvl,
                &pos,
                &history,
                &limits,
                stop,
                seed,
                |_| {},
            )
        } else {
            search_at_level(
                &self.searcher,
                lvl,
                &Fair(pos),
                &history,
                &limits,
                stop,
                seed,
                |_| {},
            )
        }
    }

    fn engine_move(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "The engine is thinking…")?;
        let Some(mv) = self.search(self.level).best else {
            return writeln!(out, "The engine has no move.");
        };
        match self.game.play(mv) {
            Ok(p) => writeln!(
                out,
                "The engine plays {}",
                played_words(p.mv, p.captured.map(|c| c.square))
            ),
            Err(e) => writeln!(out, "error: the engine chose {mv}: {e}"),
        }
    }

    fn hint(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if self.game.outcome().is_some() {
            return writeln!(out, "error: the game is over");
        }
        match self.search(10).best {
            Some(mv) => writeln!(out, "Hint: {mv}"),
            None => writeln!(out, "Hint: there is no legal move"),
        }
    }

    fn go(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        if self.game.outcome().is_some() {
            return writeln!(out, "error: the game is over");
        }
        let Some(mv) = self.search(self.level).best else {
            return writeln!(out, "error: there is no legal move");
        };
        match self.game.play(mv) {
            Ok(p) => writeln!(
                out,
                "The engine plays for you: {}",
                played_words(p.mv, p.captured.map(|c| c.square))
            ),
            Err(e) => writeln!(out, "error: the engine chose {mv}: {e}"),
        }
    }

    fn undo(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        let mut taken = Vec::new();
        while let Some(p) = self.game.undo() {
            taken.push(p.mv.to_string());
            if self.human.is_none_or(|h| self.game.position().side() == h) {
                break;
            }
        }
        if taken.is_empty() {
            writeln!(out, "error: nothing to undo")
        } else {
            writeln!(out, "Took back {}", taken.join(" and "))
        }
    }

    /// The board, rank 8 at the top: each piece as its number with the owner's letter (`W`/`R`; in
    /// colour: white or red), the Shogun as `♔`/`K` with its number, and the "Shogun!" warning.
    fn draw(&self, out: &mut impl Write) -> std::io::Result<()> {
        let pos: &ShogunPosition = self.game.position();
        writeln!(out)?;
        writeln!(out, "    a  b  c  d  e  f  g  h")?;
        for rank in (0..8).rev() {
            let mut row = format!("{} ", rank + 1);
            for file in 0..8 {
                let cell = match pos.piece_at(Square::new(file, rank)) {
                    None => " . ".to_string(),
                    Some(p) => {
                        let mark = match (p.is_shogun(), p.side, self.colour) {
                            (true, _, true) => "♔",
                            (true, Side::First, false) => "K",
                            (true, Side::Second, false) => "k",
                            (false, Side::First, _) => "W",
                            (false, Side::Second, _) => "R",
                        };
                        if self.colour {
                            let style = if p.side == Side::First {
                                "\x1b[1;97m"
                            } else {
                                "\x1b[1;91m"
                            };
                            format!(" {style}{mark}{}\x1b[0m", p.number)
                        } else {
                            format!(" {mark}{}", p.number)
                        }
                    }
                };
                row.push_str(&cell);
            }
            writeln!(out, "{row}  {}", rank + 1)?;
        }
        writeln!(out, "    a  b  c  d  e  f  g  h")?;
        writeln!(
            out,
            "White (W, shogun K) {} pieces, Red (R, shogun k) {} pieces; the number is how far a piece must move",
            pos.piece_count(Side::First),
            pos.piece_count(Side::Second)
        )?;
        let to_move = pos.side();
        if self.game.outcome().is_none() && pos.shogun_attacked(to_move) {
            writeln!(out, "Shogun! {}'s Shogun is attacked.", side_name(to_move))?;
        }
        Ok(())
    }
}

fn played_words(mv: hasami_core::Move, captured: Option<Square>) -> String {
    match captured {
        Some(sq) => format!("{mv}, capturing on {sq}"),
        None => mv.to_string(),
    }
}
