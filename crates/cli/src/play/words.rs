//! Why a move is refused, in players' words: the rules library's messages cite rule ids for
//! developers ("(S5)"); the terminal says what the rule means instead.

use hasami_core::{AnyGameError, ShogunMoveError};

/// The message for a move that could not be played (the text after `error: `).
pub fn refusal(error: &AnyGameError) -> String {
    match error {
        AnyGameError::IllegalShogun { mv, error } => {
            format!("illegal move {mv}: {}", shogun_refusal(error))
        }
        other => other.to_string(),
    }
}

/// A Shogun refusal without rule ids.
fn shogun_refusal(error: &ShogunMoveError) -> String {
    match *error {
        ShogunMoveError::Unreachable { from, to, number } => format!(
            "the piece on {from} shows {number} and has no clear path of exactly {number} square{} \
             to {to} (at most one turn, only over empty squares)",
            if number == 1 { "" } else { "s" }
        ),
        ShogunMoveError::ShogunCapture { to } => format!(
            "the Shogun on {to} may not be captured: no piece may land on a Shogun in this game"
        ),
        ShogunMoveError::ShogunInDanger { by, .. } => format!(
            "after that move the piece on {by} could capture your Shogun, so it is not allowed"
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::{Side, Square};

    #[test]
    fn shogun_refusals_cite_no_rule_ids() {
        let sq = |t: &str| Square::parse(t, 8).unwrap();
        let mv = hasami_core::Move {
            from: sq("d1"),
            to: sq("d5"),
        };
        for error in [
            ShogunMoveError::GameOver,
            ShogunMoveError::NotYourPiece {
                square: sq("d1"),
                side: Side::First,
            },
            ShogunMoveError::Unreachable {
                from: sq("d1"),
                to: sq("d5"),
                number: 3,
            },
            ShogunMoveError::OwnPiece { to: sq("d5") },
            ShogunMoveError::ShogunCapture { to: sq("d5") },
            ShogunMoveError::ShogunInDanger {
                side: Side::First,
                by: sq("b5"),
            },
        ] {
            let words = refusal(&AnyGameError::IllegalShogun { mv, error });
            assert!(words.starts_with("illegal move d1d5: "), "{words}");
            assert!(!words.contains("(S") && !words.contains("S5"), "{words}");
        }
        let danger = ShogunMoveError::ShogunInDanger {
            side: Side::First,
            by: sq("b5"),
        };
        // The library's own message cites the rule (the reason for this module).
        assert!(danger.to_string().contains("(S5)"));
        assert_eq!(
            refusal(&AnyGameError::IllegalShogun { mv, error: danger }),
            "illegal move d1d5: after that move the piece on b5 could capture your Shogun, so it \
             is not allowed"
        );
    }
}
