//! Why a move was refused, for programs: a stable `code` and the facts a sentence about it needs
//! (the move, a square, a number, the rule), so that a client can say it in its player's language
//! instead of showing the rules library's English (docs/web.md, "Refusal codes").
//!
//! For a Hasami-family piece that cannot reach a square the rules library says why
//! (`hasami_core::Unreachable`: the square is taken, not on one line, a piece stands between …).

use hasami_core::{AnyGameError, IllegalMoveError, ShogunMoveError, Unreachable};

/// A refusal's code and its facts, each a field of the JSON error answer beside `error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The stable machine-readable reason (`shogun_exposed`, `occupied`, …).
    pub code: &'static str,
    /// The facts: `move`, `square`, `number`, `rule`, `ply`, as far as the reason has them.
    pub fields: Vec<(&'static str, String)>,
}

impl Refusal {
    /// A refusal with `code` and no facts yet.
    pub fn new(code: &'static str) -> Refusal {
        Refusal {
            code,
            fields: Vec::new(),
        }
    }

    /// This refusal with the fact `name` = `value`.
    pub fn with(mut self, name: &'static str, value: impl ToString) -> Refusal {
        self.fields.push((name, value.to_string()));
        self
    }

    /// Why `game` (the game as it stood when the move came) refuses a move with `error`.
    pub fn of_move(error: &AnyGameError) -> Refusal {
        match error {
            AnyGameError::IllegalHasami { mv, error } => hasami(error).with("move", mv),
            AnyGameError::IllegalShogun { mv, error } => shogun(error).with("move", mv),
            AnyGameError::MoveText(_) => Refusal::new("bad_move_text"),
            _ => Refusal::new("illegal_move"),
        }
    }
}

/// A Hasami-family refusal: for an unreachable square, what the rules library says stops the piece.
fn hasami(error: &IllegalMoveError) -> Refusal {
    match error {
        IllegalMoveError::GameOver => Refusal::new("game_over"),
        IllegalMoveError::NotYourPiece { square, .. } => {
            Refusal::new("not_your_piece").with("square", square)
        }
        IllegalMoveError::Unreachable { why, .. } => match why {
            Unreachable::SameSquare => Refusal::new("same_square"),
            Unreachable::OffBoard { to } => Refusal::new("off_board").with("square", to),
            Unreachable::Occupied { to } => Refusal::new("occupied").with("square", to),
            Unreachable::NotInLine { .. } => Refusal::new("not_straight"),
            Unreachable::InTheWay { at } => Refusal::new("blocked").with("square", at),
            Unreachable::TooFar { jump: false } => Refusal::new("too_far"),
            Unreachable::TooFar { jump: true } => Refusal::new("too_far_jump"),
            Unreachable::NothingToJump { over } => {
                Refusal::new("nothing_to_jump").with("square", over)
            }
            Unreachable::OpponentsHome => Refusal::new("opponents_home").with("rule", "A3.4"),
            Unreachable::BackHome => Refusal::new("back_home").with("rule", "A3.4"),
        },
    }
}

/// A Shogun refusal (RULES.md S4, S5).
fn shogun(error: &ShogunMoveError) -> Refusal {
    match error {
        ShogunMoveError::GameOver => Refusal::new("game_over"),
        ShogunMoveError::NotYourPiece { square, .. } => {
            Refusal::new("not_your_piece").with("square", square)
        }
        ShogunMoveError::Unreachable { from, number, .. } => Refusal::new("no_path")
            .with("square", from)
            .with("number", number)
            .with("rule", "S4"),
        ShogunMoveError::OwnPiece { to } => Refusal::new("occupied").with("square", to),
        ShogunMoveError::ShogunCapture { to } => Refusal::new("shogun_capture")
            .with("square", to)
            .with("rule", "S5"),
        ShogunMoveError::ShogunInDanger { by, .. } => Refusal::new("shogun_exposed")
            .with("square", by)
            .with("rule", "S5"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::AnyGame;

    fn refused(variant: &str, position: Option<&str>, mv: &str) -> Refusal {
        let game = AnyGame::new(variant, position).unwrap();
        let error = game.clone().play_text(mv).unwrap_err();
        Refusal::of_move(&error)
    }

    fn fields(r: &Refusal) -> Vec<(&str, &str)> {
        r.fields.iter().map(|(k, v)| (*k, v.as_str())).collect()
    }

    #[test]
    fn a_hasami_move_says_what_stops_the_piece() {
        let r = refused("hasami", None, "e1e9");
        assert_eq!(
            (r.code, fields(&r)),
            ("occupied", vec![("square", "e9"), ("move", "e1e9")])
        );
        let r = refused("hasami", None, "e1f2");
        assert_eq!(
            (r.code, fields(&r)),
            ("not_straight", vec![("move", "e1f2")])
        );
        let r = refused(
            "hasami",
            Some("wwww1wwww/9/9/9/4w4/9/9/9/bbbbbbbbb b 0 1"),
            "e1e7",
        );
        assert_eq!(
            (r.code, fields(&r)),
            ("blocked", vec![("square", "e5"), ("move", "e1e7")])
        );
        let r = refused("hasami", None, "e9e5");
        assert_eq!(
            (r.code, fields(&r)),
            ("not_your_piece", vec![("square", "e9"), ("move", "e9e5")])
        );
        let r = refused("hasami", None, "e1");
        assert_eq!((r.code, fields(&r)), ("bad_move_text", vec![]));
    }

    #[test]
    fn step_movement_and_houses_have_their_own_codes() {
        let r = refused("hasami+movement=step", None, "e1e3");
        assert_eq!((r.code, fields(&r)), ("too_far", vec![("move", "e1e3")]));
        let r = refused("hasami", None, "e1e1");
        assert_eq!(r.code, "same_square");
    }
}
