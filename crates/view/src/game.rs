//! A board's game from what a request names: a variant, a start position and the moves played from
//! it, each checked; the first refused move is named with its ply and why.

use hasami_core::AnyGame;
use hasami_core::AnyGameError;
use thiserror::Error;

use crate::refusal::Refusal;

/// The most moves a board request may carry.
pub const MAX_BOARD_MOVES: usize = 1000;

/// Why a board request names no game.
#[derive(Debug, Error)]
pub enum BoardError {
    /// The variant or the start position is not valid.
    #[error(transparent)]
    BadPosition(AnyGameError),
    /// More moves than a board request may carry.
    #[error("{moves} moves given; the analysis board takes at most {max} moves")]
    TooManyMoves {
        /// The moves given.
        moves: usize,
        /// The limit.
        max: usize,
    },
    /// A move that does not parse or is illegal (its 1-based ply).
    #[error("move {ply}: {error}")]
    IllegalMove {
        /// The move's ply.
        ply: usize,
        /// Why it is refused.
        error: AnyGameError,
        /// Why, for programs.
        why: Box<Refusal>,
    },
}

/// The game of `variant` from `position` (the variant's start when `None` or blank) with `moves`
/// played. A bad variant or position, too many moves, or a move that does not parse or is illegal
/// (named in the error) is refused.
pub fn board_game(
    variant: &str,
    position: Option<&str>,
    moves: &[impl AsRef<str>],
) -> Result<AnyGame, BoardError> {
    if moves.len() > MAX_BOARD_MOVES {
        return Err(BoardError::TooManyMoves {
            moves: moves.len(),
            max: MAX_BOARD_MOVES,
        });
    }
    let position = position.map(str::trim).filter(|p| !p.is_empty());
    let mut game = AnyGame::new(variant.trim(), position).map_err(BoardError::BadPosition)?;
    for (i, mv) in moves.iter().enumerate() {
        // A refused move changes nothing: the game is the one the move came to.
        if let Err(error) = game.play_text(mv.as_ref()) {
            let why = Box::new(Refusal::of_move(&error));
            return Err(BoardError::IllegalMove {
                ply: i + 1,
                error,
                why,
            });
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardView;

    #[test]
    fn the_view_follows_the_moves() {
        let v = BoardView::of(&board_game("hasami", None, &["e1e5", "a9a5"]).unwrap());
        assert_eq!(
            (v.board.ply, v.board.turn, v.status),
            (2, "black", "playing")
        );
        assert_eq!(v.moves[1].side, "white");
        assert_eq!(v.moves[1].position, v.board.position);
    }

    #[test]
    fn an_illegal_move_is_named_with_its_ply() {
        let e = board_game("hasami", None, &["e1e5", "e5e9"]).unwrap_err();
        assert!(
            e.to_string().starts_with("move 2: illegal move e5e9"),
            "{e}"
        );
        let many = vec!["e1e2"; MAX_BOARD_MOVES + 1];
        assert!(matches!(
            board_game("hasami", None, &many),
            Err(BoardError::TooManyMoves { .. })
        ));
    }
}
