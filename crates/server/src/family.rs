//! One game of either family (the Hasami family or Shogun) behind one interface, as `hasami ugi`
//! does with its `AnyGame`: the server stores, replays, shows and searches both the same way.

use std::collections::BTreeMap;

use hasami_core::shogun::{describe, side_name};
use hasami_core::ShogunRecord;
use hasami_core::{
    HasamiGame, HasamiPosition, HasamiRecord, Move, Outcome, RecordResult, Side, Square, Variant,
};
use hasami_core::{ShogunGame, ShogunMoveError, ShogunPosition};
use serde::Serialize;

/// A game of either family.
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// A Hasami-family game.
    Hasami(HasamiGame),
    /// A Shogun game.
    Shogun(ShogunGame),
}

/// A position to search, with how the engine sees it.
#[derive(Debug, Clone, Copy)]
pub enum SearchPos {
    /// A Hasami-family position.
    Hasami(HasamiPosition),
    /// A Shogun position searched fairly (numbers after a move are chance) or omnisciently.
    Shogun {
        /// The position.
        pos: ShogunPosition,
        /// Whether the engine reads the magnet board.
        omniscient: bool,
    },
}

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

/// `$body` with `$g` bound to the game of either family: for the methods whose code reads the same
/// for both (the types differ, so it is written out once per arm).
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Hasami($g) => $body,
            AnyGame::Shogun($g) => $body,
        }
    };
}

impl AnyGame {
    /// A game of `variant` from `start` (position text) or the variant's start.
    pub fn new(variant: &str, start: Option<&str>) -> Result<AnyGame, String> {
        match Variant::parse(variant).map_err(|e| format!("bad variant '{variant}': {e}"))? {
            Variant::Hasami(rules) => {
                let pos = match start {
                    Some(text) => HasamiPosition::from_text(text, rules)
                        .map_err(|e| format!("bad position text '{text}': {e}"))?,
                    None => HasamiPosition::start(rules),
                };
                Ok(AnyGame::Hasami(HasamiGame::from_position(pos)))
            }
            Variant::Shogun(rules) => {
                let pos = match start {
                    Some(text) => ShogunPosition::from_text(text, rules)
                        .map_err(|e| format!("bad position text '{text}': {e}"))?,
                    None => ShogunPosition::start(rules),
                };
                Ok(AnyGame::Shogun(ShogunGame::from_position(pos)))
            }
        }
    }

    /// Whether this is Shogun.
    pub fn is_shogun(&self) -> bool {
        matches!(self, AnyGame::Shogun(_))
    }

    /// Canonical variant text (for Shogun with the start's seed and rotation).
    pub fn variant(&self) -> String {
        each!(self, g => g.rules().to_string())
    }

    /// The preset's name (`shogun` for Shogun).
    pub fn preset(&self) -> &'static str {
        match self {
            AnyGame::Hasami(g) => g.rules().preset.name(),
            AnyGame::Shogun(_) => "shogun",
        }
    }

    /// Board side.
    pub fn size(&self) -> u8 {
        match self {
            AnyGame::Hasami(g) => g.rules().size(),
            AnyGame::Shogun(_) => 8,
        }
    }

    /// The side's name in this game: Black/White, or White/Red in Shogun.
    pub fn side_name(&self, side: Side) -> &'static str {
        match self {
            AnyGame::Hasami(_) => side.name(),
            AnyGame::Shogun(_) => side_name(side),
        }
    }

    /// Start position text.
    pub fn start_text(&self) -> String {
        each!(self, g => g.start().to_string())
    }

    /// Current position text.
    pub fn position_text(&self) -> String {
        each!(self, g => g.position().to_string())
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        each!(self, g => g.position().side())
    }

    /// The side that moved first.
    pub fn start_side(&self) -> Side {
        each!(self, g => g.start().side())
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        each!(self, g => g.played().len())
    }

    /// Every move played with the squares it captured and the position text after it.
    pub fn history(&self) -> Vec<(Move, Vec<Square>, String)> {
        match self {
            AnyGame::Hasami(g) => {
                let mut at = *g.start();
                g.played()
                    .iter()
                    .map(|p| {
                        at.play_unchecked(p.mv);
                        (p.mv, p.captured.iter().collect(), at.to_string())
                    })
                    .collect()
            }
            AnyGame::Shogun(g) => {
                let mut at = *g.start();
                g.played()
                    .iter()
                    .map(|p| {
                        at.play_unchecked(p.mv);
                        (
                            p.mv,
                            p.captured.map(|c| c.square).into_iter().collect(),
                            at.to_string(),
                        )
                    })
                    .collect()
            }
        }
    }

    /// The legal moves (none once the game is over by rule).
    pub fn legal_moves(&self) -> Vec<Move> {
        each!(self, g => g.legal_moves())
    }

    /// The end by rule.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }

    /// The end by rule in words (Shogun's own names in Shogun).
    pub fn outcome_words(&self) -> Option<String> {
        match self {
            AnyGame::Hasami(g) => g.outcome().map(|o| o.to_string()),
            AnyGame::Shogun(g) => g.outcome().map(describe),
        }
    }

    /// Parses move text for this board.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        Move::parse(text.trim(), self.size()).map_err(|e| e.to_string())
    }

    /// Checks and plays a move; returns the captured squares, or why the move is illegal (in words,
    /// with the rule: `Shogun! the move would leave …`). Nothing changes on error.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Square>, String> {
        match self {
            AnyGame::Hasami(g) => g
                .play(mv)
                .map(|p| p.captured.iter().collect())
                .map_err(|e| format!("illegal move {mv}: {e}")),
            AnyGame::Shogun(g) => g
                .play(mv)
                .map(|p| p.captured.map(|c| c.square).into_iter().collect())
                .map_err(|e| format!("illegal move {mv}: {e}")),
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        each!(self, g => {
            g.undo();
        })
    }

    /// The Zobrist hashes of the game's positions (for repetition in the search).
    pub fn hashes(&self) -> Vec<u64> {
        each!(self, g => g.hashes())
    }

    /// Pieces of a side on the board (the Shogun included).
    pub fn pieces(&self, side: Side) -> u32 {
        match self {
            AnyGame::Hasami(g) => g.position().pieces(side).len(),
            AnyGame::Shogun(g) => g.position().piece_count(side),
        }
    }

    /// The current position for the engine.
    pub fn search_pos(&self, omniscient: bool) -> SearchPos {
        match self {
            AnyGame::Hasami(g) => SearchPos::Hasami(*g.position()),
            AnyGame::Shogun(g) => SearchPos::Shogun {
                pos: *g.position(),
                omniscient,
            },
        }
    }

    /// The Shogun part of the view (`None` for the Hasami family).
    pub fn shogun_view(&self) -> Option<ShogunView> {
        let AnyGame::Shogun(g) = self else {
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

    /// The game record (docs/records.md): players (`Black`/`White`, in Shogun `White`/`Red`), the
    /// date, and an end that is not by rule (`ended`: result token and reason).
    pub fn record(
        &self,
        names: [String; 2],
        date: String,
        ended: Option<&(String, String)>,
    ) -> String {
        let [first, second] = names;
        // The end that is not by rule, the same for both record types.
        macro_rules! with_end {
            ($record:expr) => {{
                let mut record = $record;
                if let Some((result, why)) = ended {
                    if let Some(r) = RecordResult::from_token(result) {
                        record.result = r;
                    }
                    record.set_tag("Termination", why.clone());
                }
                record.to_string()
            }};
        }
        match self {
            AnyGame::Hasami(g) => with_end!(HasamiRecord::from_game(
                g,
                [("Black", first), ("White", second), ("Date", date)]
            )),
            AnyGame::Shogun(g) => with_end!(ShogunRecord::from_game(
                g,
                [("White", first), ("Red", second), ("Date", date)]
            )),
        }
    }
}
