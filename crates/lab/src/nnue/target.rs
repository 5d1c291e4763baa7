//! What the trainer fits a position to: `λ · result + (1 − λ) · sigmoid(K · score)`, with one λ
//! for positions where a side leads by [`LEAD`] pieces or more and another for the rest
//! (docs/eval.md, "Training"). A search's score says what a lead looks like to the search; the
//! game's result says whether the lead was turned into a win, which is what conversion asks of
//! the evaluation. Level positions gain little from the result: most of them are drawn.

use super::record::Record;

/// The material lead, in pieces, from which a position counts as a lead (as the conversion suites
/// count one).
pub const LEAD: u32 = 2;

/// The weight of the game's result in the target.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    /// Where neither side leads by [`LEAD`] pieces.
    pub lambda: f32,
    /// Where one side does.
    pub lead_lambda: f32,
}

impl Target {
    /// One weight for every position.
    #[cfg(test)]
    pub fn uniform(lambda: f32) -> Target {
        Target {
            lambda,
            lead_lambda: lambda,
        }
    }

    /// The weight of the result for `r`.
    pub fn lambda_of(&self, r: &Record) -> f32 {
        if r.pieces[0].len().abs_diff(r.pieces[1].len()) >= LEAD {
            self.lead_lambda
        } else {
            self.lambda
        }
    }

    /// The target of `r` at scale `k`.
    pub fn of(&self, r: &Record, k: f32) -> f32 {
        blend(self.lambda_of(r), r.result.points(), f32::from(r.score), k)
    }
}

/// `λ · result + (1 − λ) · sigmoid(K · score)`: result 0, ½ or 1, score in centi-pieces.
pub fn blend(lambda: f32, result: f32, score: f32, k: f32) -> f32 {
    lambda * result + (1.0 - lambda) * sigmoid(k * score)
}

/// The logistic.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::record::Result3;
    use hasami_core::{HasamiPosition, HasamiRules, Side};

    fn record(black: usize, white: usize, result: Result3, score: i32) -> Record {
        let rules = HasamiRules::parse("hasami").unwrap();
        let start = HasamiPosition::start(rules);
        let keep = |side: Side, n: usize| {
            let all = start.pieces(side);
            all.iter().skip(n).fold(all, |b, sq| b.without(sq))
        };
        let pieces = [keep(Side::First, black), keep(Side::Second, white)];
        let pos = HasamiPosition::from_pieces(rules, pieces, Side::First, 0);
        Record::new(&pos, result, score, 0)
    }

    #[test]
    fn a_lead_of_two_pieces_takes_the_lead_weight_and_a_smaller_one_the_other() {
        let t = Target {
            lambda: 0.0,
            lead_lambda: 1.0,
        };
        let k = 0.002;
        let level = record(9, 9, Result3::Won, 0);
        let one_up = record(9, 8, Result3::Won, 0);
        let two_up = record(9, 7, Result3::Drawn, 400);
        let two_down = record(7, 9, Result3::Lost, -400);
        assert_eq!(t.of(&level, k), 0.5);
        assert_eq!(t.of(&one_up, k), 0.5);
        assert_eq!(t.of(&two_up, k), 0.5);
        assert_eq!(t.of(&two_down, k), 0.0);
        let u = Target::uniform(0.0);
        assert!((u.of(&two_up, k) - sigmoid(0.8)).abs() < 1e-6);
        assert_eq!(Target::uniform(0.3).lambda_of(&two_up), 0.3);
    }
}
