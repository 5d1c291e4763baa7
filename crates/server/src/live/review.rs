//! Post-game review: the engine's view of every position of a game, each move judged by how much
//! it lost, computed once and stored with the game.
//!
//! Each position is searched at full strength for a share of [`REVIEW_BUDGET`] (between
//! [`MIN_MS`] and [`MAX_MS`] per position), one position at a time through the engine's own
//! limit, and at most as many reviews run at once as full-strength searches (one more gets
//! [`GameError::ReviewsBusy`]). A review whose requester goes away stops and stores nothing.
//!
//! A move is judged by the mover's expected score before and after it, from the evaluation in
//! centi-pieces: `E = 1 / (1 + e^(−cp/250))` (a forced win is 1, a forced loss 0; the analysis bar
//! uses the same curve). A drop of at least 0.10 is an inaccuracy, 0.20 a mistake, 0.30 a blunder;
//! the engine's own best move is never marked.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use hasami_core::{AnyGame, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::db::Db;
use crate::engine::{timed, Analysis, Engine};
use crate::live::error::GameError;
use crate::live::opponent::{side_word, Opponent};
use crate::live::random::random_u64;
use crate::live::round::Round;

/// The time a whole review may take, shared among its positions.
pub(crate) const REVIEW_BUDGET: Duration = Duration::from_secs(15);
/// The least time per position, ms.
pub(crate) const MIN_MS: u64 = 8;
/// The most time per position, ms.
pub(crate) const MAX_MS: u64 = 300;
/// The longest line kept per position.
const PV_KEPT: usize = 6;

/// The drops of expected score that mark a move: inaccuracy, mistake, blunder.
pub(crate) const THRESHOLDS: [(f64, &str); 3] =
    [(0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy")];

/// One position's evaluation, from the first player's side.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct PositionReview {
    /// Centi-pieces for the first player (clamped to ±3000 for a forced result).
    pub(crate) score: i32,
    /// Moves to a forced win (positive: the first player wins), when proved.
    pub(crate) mate: Option<i32>,
    /// The first player's expected score, 0 to 1.
    pub(crate) expected: f64,
    /// The engine's best move here (none at the end).
    pub(crate) best: Option<String>,
    /// The engine's line from here.
    pub(crate) pv: Vec<String>,
}

/// One move judged.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct MoveReview {
    /// 1-based ply.
    pub(crate) ply: usize,
    /// The mover: `black` or `white`.
    pub(crate) side: String,
    /// The move played.
    pub(crate) played: String,
    /// The engine's best move in the position before.
    pub(crate) best: Option<String>,
    /// The mover's loss of expected score, 0 to 1.
    pub(crate) loss: f64,
    /// `inaccuracy`, `mistake` or `blunder`, or none.
    pub(crate) judgement: Option<String>,
}

/// A side's counts.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct SideSummary {
    /// Moves marked inaccuracy.
    pub(crate) inaccuracies: u32,
    /// Moves marked mistake.
    pub(crate) mistakes: u32,
    /// Moves marked blunder.
    pub(crate) blunders: u32,
    /// Mean loss of expected score per move, in percent.
    pub(crate) average_loss: f64,
}

/// The review of a game (GET/POST /api/games/{id}/review).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct GameReview {
    /// The plies reviewed.
    pub(crate) plies: usize,
    /// Milliseconds searched per position.
    pub(crate) ms_per_position: u64,
    /// The start position and the position after each ply (`plies + 1` entries).
    pub(crate) positions: Vec<PositionReview>,
    /// Each move judged (`plies` entries).
    pub(crate) moves: Vec<MoveReview>,
    /// Counts per side.
    pub(crate) black: SideSummary,
    /// Counts per side.
    pub(crate) white: SideSummary,
}

/// The first player's expected score for `a` searched with `mover` to move.
fn expected(score_first: i32, mate_first: Option<i32>) -> f64 {
    match mate_first {
        Some(m) if m > 0 => 1.0,
        Some(m) if m < 0 => 0.0,
        Some(_) => 0.5,
        None => 1.0 / (1.0 + (-f64::from(score_first) / 250.0).exp()),
    }
}

/// What a move's loss makes it.
pub(crate) fn judgement(loss: f64) -> Option<&'static str> {
    THRESHOLDS.iter().find(|t| loss >= t.0).map(|t| t.1)
}

fn position_review(a: &Analysis, to_move: Side) -> PositionReview {
    let sign = if to_move == Side::First { 1 } else { -1 };
    let mate = a.mate.map(|m| m * sign);
    let score = (a.score * sign).clamp(-3000, 3000);
    PositionReview {
        score,
        mate,
        expected: expected(score, mate),
        best: a.best.clone(),
        pv: a.pv.iter().take(PV_KEPT).cloned().collect(),
    }
}

/// The review of a finished position: the winner's side at 1.
fn ended_review(game: &AnyGame) -> Option<PositionReview> {
    let o = game.outcome()?;
    let (score, mate) = match o.winner() {
        Some(Side::First) => (3000, Some(0)),
        Some(Side::Second) => (-3000, Some(0)),
        None => (0, None),
    };
    let expected = match o.winner() {
        Some(Side::First) => 1.0,
        Some(Side::Second) => 0.0,
        None => 0.5,
    };
    Some(PositionReview {
        score,
        mate,
        expected,
        best: None,
        pv: Vec::new(),
    })
}

/// Reviewer: built over the round of the server's games, the store, the engine and the reviews
/// that may run at once.
pub(crate) struct Reviewer<'a> {
    round: Round,
    db: &'a Db,
    engine: &'a Arc<Engine>,
    reviews: &'a Semaphore,
}

impl<'a> Reviewer<'a> {
    /// Over the `round`, the store `db`, the `engine` and the `reviews` that may run at once.
    pub(crate) fn new(
        round: Round,
        db: &'a Db,
        engine: &'a Arc<Engine>,
        reviews: &'a Semaphore,
    ) -> Reviewer<'a> {
        Reviewer {
            round,
            db,
            engine,
            reviews,
        }
    }
}

impl Reviewer<'_> {
    /// The stored review of game `id`, if it covers the game's moves.
    pub(crate) async fn stored_review(&self, id: i64) -> Result<Option<GameReview>, GameError> {
        let live = self.round.game(id).await?;
        let plies = live.lock().await.game().plies();
        Ok(self.db.load_review(id).await?.and_then(|(p, body)| {
            let r: GameReview = serde_json::from_str(&body).ok()?;
            (p as usize == plies && r.plies == plies).then_some(r)
        }))
    }

    /// Reviews game `id` (or answers the stored review when it covers the game's moves). An
    /// online game is reviewed once it is over; other games at any time.
    pub(crate) async fn review(&self, id: i64) -> Result<GameReview, GameError> {
        if let Some(r) = self.stored_review(id).await? {
            return Ok(r);
        }
        let live = self.round.game(id).await?;
        let (game, omniscient) = {
            let g = live.lock().await;
            if g.opponent() == Opponent::Online && !g.is_over() {
                return Err(GameError::NoReviewWhilePlaying);
            }
            (g.game().clone(), g.meta().omniscient)
        };
        let Ok(_permit) = self.reviews.try_acquire() else {
            return Err(GameError::ReviewsBusy);
        };
        let plies = game.plies();
        let ms = (REVIEW_BUDGET.as_millis() as u64 / (plies as u64 + 1)).clamp(MIN_MS, MAX_MS);
        // Replay from the start: each position with its history, for repetitions.
        let mut replay = game.clone();
        while replay.undo().is_some() {}
        let played = game.history();
        let mut positions = Vec::with_capacity(plies + 1);
        for i in 0..=plies {
            if i > 0 {
                replay
                    .play(played[i - 1].mv)
                    .map_err(GameError::BadPosition)?;
            }
            let review = match ended_review(&replay) {
                Some(r) => r,
                None => {
                    let stop = Arc::new(AtomicBool::new(false));
                    let a = self
                        .engine
                        .search(
                            timed(
                                replay.position(),
                                replay.hashes(),
                                10,
                                Duration::from_millis(ms),
                            )
                            .omniscient(omniscient)
                            .seed(random_u64())
                            .stop(stop),
                        )
                        .await;
                    position_review(&a, replay.side())
                }
            };
            positions.push(review);
        }
        let review = judge(&game, positions, ms);
        let body = serde_json::to_string(&review).unwrap_or_default();
        self.db.save_review(id, plies as u32, body).await?;
        Ok(review)
    }
}

/// Judges every move of `game` from the evaluations of its positions.
fn judge(game: &AnyGame, positions: Vec<PositionReview>, ms: u64) -> GameReview {
    let mut moves = Vec::new();
    let mut sums = [
        (SideSummary::default(), 0.0, 0u32),
        (SideSummary::default(), 0.0, 0u32),
    ];
    let mut replay = game.clone();
    while replay.undo().is_some() {}
    for (i, p) in game.history().into_iter().enumerate() {
        let mover = replay.side();
        let _ = replay.play(p.mv);
        let (before, after) = (&positions[i], &positions[i + 1]);
        let mine = |e: f64| if mover == Side::First { e } else { 1.0 - e };
        let played = p.mv.to_string();
        let loss = if before.best.as_deref() == Some(played.as_str()) {
            0.0
        } else {
            (mine(before.expected) - mine(after.expected)).max(0.0)
        };
        let loss = (loss * 1000.0).round() / 1000.0;
        let j = judgement(loss);
        let s = &mut sums[usize::from(mover == Side::Second)];
        match j {
            Some("blunder") => s.0.blunders += 1,
            Some("mistake") => s.0.mistakes += 1,
            Some(_) => s.0.inaccuracies += 1,
            None => {}
        }
        s.1 += loss;
        s.2 += 1;
        moves.push(MoveReview {
            ply: i + 1,
            side: side_word(mover).to_string(),
            played,
            best: before.best.clone(),
            loss,
            judgement: j.map(str::to_string),
        });
    }
    let [black, white] = sums.map(|(mut s, total, n)| {
        s.average_loss = if n == 0 {
            0.0
        } else {
            (total / f64::from(n) * 1000.0).round() / 10.0
        };
        s
    });
    GameReview {
        plies: game.plies(),
        ms_per_position: ms,
        positions,
        moves,
        black,
        white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drop_of_a_third_is_a_blunder_a_tenth_an_inaccuracy() {
        assert_eq!(judgement(0.35), Some("blunder"));
        assert_eq!(judgement(0.30), Some("blunder"));
        assert_eq!(judgement(0.25), Some("mistake"));
        assert_eq!(judgement(0.12), Some("inaccuracy"));
        assert_eq!(judgement(0.05), None);
    }

    #[test]
    fn expected_score_follows_the_bar_curve() {
        assert!((expected(0, None) - 0.5).abs() < 1e-9);
        // One piece up: about 60 %.
        assert!((expected(100, None) - 0.599).abs() < 0.01);
        assert_eq!(expected(-50, Some(-3)), 0.0);
        assert_eq!(expected(50, Some(2)), 1.0);
    }
}
