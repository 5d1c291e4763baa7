//! The squares the moves of a line capture, so that a client writes an engine's moves as it writes
//! the moves played (`e1–e5×d5`, docs/web.md "Move notation").

use hasami_core::{AnyPosition, Move};

/// The squares each move of `line` captures, played in turn from `position` (each list in the
/// order `a1` … `i9`, empty for a quiet move). A move that does not play there ends the lists
/// early; a search of the real position never gives one, but a fair Shogun search of hidden
/// numbers may.
pub fn captures_along(position: AnyPosition, line: &[Move]) -> Vec<Vec<String>> {
    let mut out = Vec::with_capacity(line.len());
    let mut pos = position;
    for &mv in line {
        let taken = match &mut pos {
            AnyPosition::Hasami(p) => match p.play(mv) {
                Ok(squares) => squares.iter().map(|s| s.to_string()).collect(),
                Err(_) => break,
            },
            AnyPosition::Shogun(p) => match p.play(mv) {
                Ok(piece) => piece.map(|_| mv.to.to_string()).into_iter().collect(),
                Err(_) => break,
            },
        };
        out.push(taken);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::AnyGame;

    #[test]
    fn a_line_names_what_each_move_captures() {
        let game =
            AnyGame::new("hasami", Some("wwwwwwww1/9/9/9/3bw4/9/9/9/1bbbbbbbb b 0 1")).unwrap();
        let line = |moves: &[&str]| -> Vec<Move> {
            moves.iter().map(|m| game.parse_move(m).unwrap()).collect()
        };
        let got = captures_along(game.position(), &line(&["f1f5", "a9a8", "d5d6"]));
        assert_eq!(got, vec![vec!["e5".to_string()], vec![], vec![]]);
        // e5 was taken: a move from it does not play, and the lists end there.
        let got = captures_along(game.position(), &line(&["f1f5", "a9a8", "e5e1", "a8a9"]));
        assert_eq!(got, vec![vec!["e5".to_string()], vec![]]);
    }
}
