//! What the browser shows only for Shogun: the "Shogun!" warning and its attackers, the magnet board,
//! the learning view (the number each legal move lands with) and the moves refused by Shogun safety (S5).

use std::collections::BTreeMap;

use hasami_core::{AnyGame, Move, ShogunMoveError, Square};
use serde::Serialize;

/// What the browser shows only for Shogun (part of the game view).
#[derive(Debug, Clone, Serialize)]
pub struct ShogunView {
    /// The side to move's Shogun is attacked ("Shogun!").
    pub attacked: bool,
    /// The enemy pieces that attack it.
    pub attackers: Vec<String>,
    /// `magnets` or `random` (S3).
    pub numbers: &'static str,
    /// The magnet board's seed (a string: it may not fit a JavaScript number).
    pub seed: String,
    /// The magnet board's rotation, 0–3.
    pub rotation: u8,
    /// The 1976 rules (S7): the Shogun may be captured.
    pub capture_allowed: bool,
    /// The learning view: for each legal move, the number the piece will show on arrival (empty with
    /// `numbers=random`).
    pub arrivals: BTreeMap<String, u8>,
    /// Moves the piece's number allows (S4) but Shogun safety forbids (S5), with the reason.
    pub refused: BTreeMap<String, String>,
}

/// The Shogun part of the view of `game` (`None` for the Hasami family).
pub fn shogun_view(game: &AnyGame) -> Option<ShogunView> {
    let AnyGame::Shogun(g) = game else {
        return None;
    };
    let pos = g.position();
    let side = pos.side();
    let over = g.outcome().is_some();
    let options = pos.rules().options;
    let mut arrivals = BTreeMap::new();
    let mut refused = BTreeMap::new();
    if !over {
        for mv in g.legal_moves() {
            if let Some(piece) = pos.piece_at(mv.from) {
                if let Some(n) = pos.number_on(side, piece.id, mv.to) {
                    arrivals.insert(mv.to_string(), n);
                }
            }
        }
        for piece in pos.piece_list().into_iter().filter(|p| p.side == side) {
            for to in (0..8).flat_map(|r| (0..8).map(move |f| Square::new(f, r))) {
                let mv = Move::new(piece.square, to);
                if let Err(
                    e @ (ShogunMoveError::ShogunInDanger { .. }
                    | ShogunMoveError::ShogunCapture { .. }),
                ) = pos.check_move(mv)
                {
                    refused.insert(mv.to_string(), e.to_string());
                }
            }
        }
    }
    let attackers = if over {
        Vec::new()
    } else {
        pos.attackers(side).iter().map(|s| s.to_string()).collect()
    };
    Some(ShogunView {
        attacked: !attackers.is_empty(),
        attackers,
        numbers: if options.random_numbers {
            "random"
        } else {
            "magnets"
        },
        seed: options.seed.to_string(),
        rotation: options.rotation,
        capture_allowed: options.capture_allowed,
        arrivals,
        refused,
    })
}
