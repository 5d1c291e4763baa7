//! The board as `hasami play` draws it, one function per family: what really differs between them.

use std::io::Write;

use hasami_core::{AnyGame, BitBoard, HasamiPosition, Move, ShogunPosition, Side, Square};

use super::text::quote;

/// The last move and the squares it captured, marked on the board.
pub type LastMove = Option<(Move, BitBoard)>;

/// Draws the current position of `game` with the last move marked (in colour when `colour`), and
/// the piece counts below it (and Shogun's "Shogun!" warning).
pub fn draw(
    out: &mut impl Write,
    game: &AnyGame,
    last: LastMove,
    colour: bool,
) -> std::io::Result<()> {
    match game {
        AnyGame::Hasami(g) => hasami(out, g.position(), last, colour),
        AnyGame::Shogun(g) => shogun(out, g.position(), g.outcome().is_none(), colour),
    }
}

/// The Hasami family: rank numbers on both sides, file letters below and above, Black `●` (`b`
/// without colour), White `○` (`w`), the last move's squares and captured squares marked (without
/// colour: the moved piece in capitals, its old square `:`, captured squares `x`).
fn hasami(
    out: &mut impl Write,
    pos: &HasamiPosition,
    last: LastMove,
    colour: bool,
) -> std::io::Result<()> {
    let size = pos.rules().size();
    let (from, to, caught) = match last {
        Some((mv, captured)) => (Some(mv.from), Some(mv.to), captured),
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
            let marked = Some(sq) == from || Some(sq) == to;
            let symbol = match (pos.piece_at(sq), colour) {
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
            if colour {
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
    writeln!(
        out,
        "Black {} pieces, White {} pieces; move {}",
        pos.pieces(Side::First).len(),
        pos.pieces(Side::Second).len(),
        pos.fullmove()
    )
}

/// The mark drawn before a Shogun piece's number, the same on the board and in the legend under it:
/// `W`/`R` for pieces, the Shogun `K` (White) and `k` (Red); in colour (white or red text) White's
/// Shogun is `♔` and Red's `♚`.
fn shogun_mark(side: Side, shogun: bool, colour: bool) -> &'static str {
    match (shogun, side, colour) {
        (true, Side::First, true) => "♔",
        (true, Side::Second, true) => "♚",
        (true, Side::First, false) => "K",
        (true, Side::Second, false) => "k",
        (false, Side::First, _) => "W",
        (false, Side::Second, _) => "R",
    }
}

/// Shogun, rank 8 at the top: each piece as its number after its mark ([`shogun_mark`]; in colour:
/// white or red), a legend with the same marks, and the "Shogun!" warning while `playing`.
fn shogun(
    out: &mut impl Write,
    pos: &ShogunPosition,
    playing: bool,
    colour: bool,
) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(out, "    a  b  c  d  e  f  g  h")?;
    for rank in (0..8).rev() {
        let mut row = format!("{} ", rank + 1);
        for file in 0..8 {
            let cell = match pos.piece_at(Square::new(file, rank)) {
                None => " . ".to_string(),
                Some(p) => {
                    let mark = shogun_mark(p.side, p.is_shogun(), colour);
                    if colour {
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
    let legend = |side: Side| {
        format!(
            "{} ({}, Shogun {}) {} pieces",
            hasami_core::shogun::side_name(side),
            shogun_mark(side, false, colour),
            shogun_mark(side, true, colour),
            pos.piece_count(side)
        )
    };
    writeln!(out, "{}, {}", legend(Side::First), legend(Side::Second))?;
    writeln!(out, "The number beside a piece is how far it must move.")?;
    let to_move = pos.side();
    if playing && pos.shogun_attacked(to_move) {
        let name = hasami_core::shogun::side_name(to_move);
        writeln!(out, "Shogun! {name}'s Shogun is attacked.")?;
    }
    Ok(())
}

/// Shogun's learning view: for the piece on `square`, the number it would show on every square.
pub fn learn(out: &mut impl Write, game: &AnyGame, square: &str) -> std::io::Result<()> {
    let AnyGame::Shogun(g) = game else {
        return writeln!(
            out,
            "error: 'learn' is for Shogun (it shows the numbers of the magnet board)"
        );
    };
    let pos = g.position();
    let piece = Square::parse(square, 8)
        .ok()
        .and_then(|sq| pos.piece_at(sq));
    let Some(piece) = piece else {
        let square = quote(square, 8);
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
        hasami_core::shogun::side_name(piece.side),
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
