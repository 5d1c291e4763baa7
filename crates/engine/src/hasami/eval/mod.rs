//! Static evaluation for the Hasami family, chosen from the variant's goals.
//!
//! The evaluation is linear in a fixed list of features ([`FEATURES`]): [`features`] gives their values
//! and [`evaluate`] their weighted sum, both from one function so that the tuner (`hasami-lab tune`,
//! docs/tuning.md) fits exactly what the engine plays with. Every feature is computed for the whole
//! board at once with shifts and masks. Which features a variant uses, and their weights, depend on its
//! goal family ([`Goal`]):
//! - capture goals (W1 pieces-left/captures, W2 lead, W5 most-captures; misère inverts): material,
//!   mobility, pieces the opponent can sandwich next move, edge / corner / pair structures, tempo;
//! - five in a row (W3): the same plus five-region windows, open threes, completion squares, threats
//!   and a static double-threat detector that knows a five can be broken by capturing one of its stones;
//! - AGON: both (five in a row and pieces-left);
//! - intervention (C4, mak-yek): the capture terms plus gaps between two pieces of a side, where an enemy
//!   landing takes both.
//!
//! Files: this one holds the features, weights and the sums; `goal.rs` the families (which weights and
//! press a variant uses); `terms.rs` computes every term of a position, from the capture patterns of
//! `captures.rs` and the five-in-a-row line data of `lines.rs`.

use hasami_core::{HasamiPosition, HasamiRules};

use crate::game::Press;

mod captures;
mod goal;
mod lines;
mod terms;
mod vector;

pub use goal::Goal;
pub(crate) use lines::{five_completions, five_threats, four_squares};
use terms::terms;
use vector::Sink;
pub use vector::{feature, FEATURES, N_FEATURES};

/// Evaluation weights in centi-pieces, one per feature ([`feature`]). Tuned by self-play: see
/// docs/tuning.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// The weight of each feature.
    pub w: [i32; N_FEATURES],
}

impl Weights {
    /// Capture goals (hasami, hasami-chess, dai-hasami-captures and their options). Texel-tuned (docs/tuning.md).
    pub const CAPTURE: Weights = Weights {
        w: [
            100, // material
            1,   // mobility
            3,   // tempo
            60,  // capture_ready
            -13, // hanging
            -27, // fork
            10,  // edge
            11,  // corner
            6,   // pair
            0,   // gap
            0,   // window2
            0,   // window3
            0,   // window4
            0,   // open3
            0,   // completions
            0,   // five_next
            0,   // five_against
            0,   // double_threat
        ],
    };
    /// Five in a row only (dai-hasami). Texel-tuned (docs/tuning.md).
    pub const FIVE: Weights = Weights {
        w: [
            67,    // material
            0,     // mobility
            16,    // tempo
            60,    // capture_ready
            -39,   // hanging
            8,     // fork
            -22,   // edge
            -51,   // corner
            -8,    // pair
            0,     // gap
            18,    // window2
            77,    // window3
            -18,   // window4
            -40,   // open3
            94,    // completions
            4000,  // five_next
            -150,  // five_against
            -1500, // double_threat
        ],
    };
    /// Five in a row and pieces-left (agon). Texel-tuned (docs/tuning.md).
    pub const AGON: Weights = Weights {
        w: [
            100,   // material
            -3,    // mobility
            46,    // tempo
            60,    // capture_ready
            -82,   // hanging
            62,    // fork
            -27,   // edge
            -80,   // corner
            -21,   // pair
            0,     // gap
            26,    // window2
            113,   // window3
            -57,   // window4
            -67,   // open3
            213,   // completions
            4000,  // five_next
            -143,  // five_against
            -1500, // double_threat
        ],
    };
    /// Intervention captures (mak-yek). Hand-set: the tuned set lost its validation match
    /// (docs/tuning.md).
    pub const INTERVENTION: Weights = Weights {
        w: [
            100, // material
            2,   // mobility
            0,   // tempo
            60,  // capture_ready
            -20, // hanging
            0,   // fork
            0,   // edge
            0,   // corner
            0,   // pair
            -30, // gap: own gaps are where the enemy intervenes (measured, docs/engine.md)
            0,   // window2
            0,   // window3
            0,   // window4
            0,   // open3
            0,   // completions
            0,   // five_next
            0,   // five_against
            0,   // double_threat
        ],
    };
    /// The weights used by default (capture goals).
    pub const DEFAULT: Weights = Weights::CAPTURE;

    /// The built-in weights of a family.
    pub const fn of(family: Goal) -> &'static Weights {
        match family {
            Goal::Capture => &Weights::CAPTURE,
            Goal::Five => &Weights::FIVE,
            Goal::Agon => &Weights::AGON,
            Goal::Intervention => &Weights::INTERVENTION,
        }
    }

    /// The built-in weights for a variant.
    #[inline]
    pub fn for_rules(rules: &HasamiRules) -> &'static Weights {
        Weights::of(Goal::of(rules))
    }
}

struct Score<'a> {
    w: &'a [i32; N_FEATURES],
    sum: i32,
}

impl Sink for Score<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, value: i32) {
        self.sum += self.w[feature] * value;
    }
    #[inline(always)]
    fn wants(&self, feature: usize) -> bool {
        self.w[feature] != 0
    }
}

impl Sink for [i32; N_FEATURES] {
    #[inline(always)]
    fn add(&mut self, feature: usize, value: i32) {
        self[feature] += value;
    }
    #[inline(always)]
    fn wants(&self, _: usize) -> bool {
        true
    }
}

/// The built-in weights of one family as a type, so that [`evaluate_builtin`] is compiled once per
/// family with its weights as constants (terms with weight 0 are not computed at all).
trait Fixed {
    /// The family: its weights and its press weight ([`Goal::press_weight`]).
    const GOAL: Goal;
    const W: [i32; N_FEATURES] = Weights::of(Self::GOAL).w;
}

macro_rules! fixed {
    ($name:ident, $goal:expr) => {
        struct $name;
        impl Fixed for $name {
            const GOAL: Goal = $goal;
        }
    };
}
fixed!(CaptureWeights, Goal::Capture);
fixed!(FiveWeights, Goal::Five);
fixed!(AgonWeights, Goal::Agon);
fixed!(InterventionWeights, Goal::Intervention);

struct FixedScore<F: Fixed> {
    sum: i32,
    family: std::marker::PhantomData<F>,
}

impl<F: Fixed> Sink for FixedScore<F> {
    #[inline(always)]
    fn add(&mut self, feature: usize, value: i32) {
        self.sum += F::W[feature] * value;
    }
    #[inline(always)]
    fn wants(&self, feature: usize) -> bool {
        F::W[feature] != 0
    }
}

#[inline(always)]
fn evaluate_fixed<F: Fixed, const PRESS: bool>(pos: &HasamiPosition, how: Press) -> i32 {
    let mut s = FixedScore::<F> {
        sum: 0,
        family: std::marker::PhantomData,
    };
    let (ours, theirs) = terms(pos, &mut s);
    if PRESS && super::press::applies(pos) {
        s.sum + super::press::press_with(pos, F::GOAL.press_weight(how), ours, theirs)
    } else {
        s.sum
    }
}

/// [`evaluate`] with the built-in weights of the variant's family ([`Weights::for_rules`]), the
/// weights compiled in as constants: the search's evaluation.
pub(crate) fn evaluate_builtin(pos: &HasamiPosition) -> i32 {
    evaluate_goal::<false>(pos, Press::Full)
}

/// [`evaluate_builtin`] plus the press term ([`crate::hasami::press::press`]) at the weight `how`,
/// computed from the landing squares the evaluation has already found: the search's evaluation.
pub(crate) fn evaluate_builtin_pressed(pos: &HasamiPosition, how: Press) -> i32 {
    evaluate_goal::<true>(pos, how)
}

#[inline(always)]
fn evaluate_goal<const PRESS: bool>(pos: &HasamiPosition, how: Press) -> i32 {
    // Five-in-a-row games never press, so their evaluation is compiled once.
    match Goal::of(pos.rules()) {
        Goal::Capture => evaluate_fixed::<CaptureWeights, PRESS>(pos, how),
        Goal::Five => evaluate_fixed::<FiveWeights, false>(pos, how),
        Goal::Agon => evaluate_fixed::<AgonWeights, false>(pos, how),
        Goal::Intervention => evaluate_fixed::<InterventionWeights, PRESS>(pos, how),
    }
}

/// Evaluates `pos` for the side to move: the weighted sum of its [`features`].
pub fn evaluate(pos: &HasamiPosition, w: &Weights) -> i32 {
    let mut s = Score { w: &w.w, sum: 0 };
    terms(pos, &mut s);
    s.sum
}

/// The feature values of `pos` from the side to move's point of view (the tuner's input).
pub fn features(pos: &HasamiPosition) -> [i32; N_FEATURES] {
    let mut f = [0; N_FEATURES];
    terms(pos, &mut f);
    f
}

#[cfg(test)]
mod tests {
    use super::feature::*;
    use super::*;
    use crate::game::SearchGame;
    use hasami_core::Preset;
    use hasami_core::SplitMix64;
    use hasami_core::{BitBoard, Side};

    fn pos(variant: &str, text: &str) -> HasamiPosition {
        HasamiPosition::from_text(text, HasamiRules::parse(variant).unwrap()).unwrap()
    }

    #[test]
    fn a_piece_that_can_be_sandwiched_next_move_counts_against_its_owner() {
        // C1: White on h4 can slide to e4 and take e5 against e6.
        let hanging = pos("hasami", "8w/9/9/4w4/4b4/7w1/9/9/bb7 b 0 1");
        // The same with h4 on h3: nothing reaches e4.
        let safe = pos("hasami", "8w/9/9/4w4/4b4/9/7w1/9/bb7 b 0 1");
        assert_eq!(features(&hanging)[HANGING], 1);
        assert_eq!(features(&safe)[HANGING], 0);
        assert!(Weights::CAPTURE.w[HANGING] < 0);
        let w = Weights::CAPTURE.w[HANGING] + Weights::CAPTURE.w[MOBILITY];
        assert!(
            evaluate(&hanging, &Weights::CAPTURE)
                < evaluate(&safe, &Weights::CAPTURE) - w.abs() / 2
        );
    }

    #[test]
    fn a_corner_piece_next_to_an_enemy_hangs() {
        // C2: a1 is taken when White lands on a2 with b1 already White; h2 can slide to a2.
        let p = pos("hasami", "7w1/9/9/9/9/9/9/7w1/bw7 b 0 1");
        assert_eq!(features(&p)[HANGING], 1);
        assert_eq!(features(&p)[CORNER], 1);
        let off = pos("hasami+corner=off", "7w1/9/9/9/9/9/9/7w1/bw7 b 0 1");
        assert_eq!(features(&off)[HANGING], 0);
    }

    #[test]
    fn misere_flips_material() {
        // W1 misère: the side reduced to few pieces wins, so pieces count against their owner.
        let text = "www6/9/9/9/9/9/9/9/bbbbb4 b 0 1";
        assert_eq!(features(&pos("hasami", text))[MATERIAL], 2);
        assert_eq!(features(&pos("hasami+misere", text))[MATERIAL], -2);
        assert!(evaluate(&pos("hasami+misere", text), &Weights::CAPTURE) < 0);
        assert!(evaluate(&pos("hasami", text), &Weights::CAPTURE) > 0);
    }

    // Dai-hasami (W3, five orthogonal outside the home rows), White to move, Black has four on rank 5.
    const OPEN_FOUR: &str = "w7w/w8/9/9/2bbbb3/9/9/9/1b4b2 w 0 1";
    const CLOSED_FOUR: &str = "w7w/9/9/9/1wbbbb3/9/9/9/1b4b2 w 0 1";
    // As OPEN_FOUR with White on c6 and i4: i4 slides to c4 and takes c5, a stone of the four (C1).
    const BREAKABLE: &str = "w7w/9/9/2w6/2bbbb3/8w/9/9/1b4b2 w 0 1";

    #[test]
    fn an_open_four_scores_above_a_closed_one() {
        let open = pos("dai-hasami", OPEN_FOUR);
        let closed = pos("dai-hasami", CLOSED_FOUR);
        assert_eq!(features(&open)[COMPLETIONS], -2);
        assert_eq!(features(&closed)[COMPLETIONS], -1);
        // From White's (the side to move's) point of view the open four is worse.
        assert!(evaluate(&open, &Weights::FIVE) < evaluate(&closed, &Weights::FIVE) - 100);
    }

    #[test]
    fn an_unstoppable_double_threat_is_recognised() {
        // W3: Black reaches both b5 and g5 next move; one White move cannot stop both.
        let open = pos("dai-hasami", OPEN_FOUR);
        assert_eq!(features(&open)[FIVE_AGAINST], 2);
        assert_eq!(features(&open)[DOUBLE_THREAT], 1);
        assert_eq!(features(&pos("dai-hasami", CLOSED_FOUR))[DOUBLE_THREAT], 0);
    }

    #[test]
    fn a_five_threat_that_a_capture_breaks_is_not_unstoppable() {
        // C1 on a stone of the four removes both threats at once.
        let p = pos("dai-hasami", BREAKABLE);
        assert_eq!(features(&p)[FIVE_AGAINST], 2);
        assert_eq!(features(&p)[CAPTURE_READY], 1);
        assert_eq!(features(&p)[DOUBLE_THREAT], 0);
    }

    #[test]
    fn completing_a_five_at_once_is_a_win_term() {
        // W3: Black to move reaches b5 or g5.
        let p = pos("dai-hasami", &OPEN_FOUR.replace(" w ", " b "));
        assert_eq!(features(&p)[FIVE_NEXT], 1);
        assert!(evaluate(&p, &Weights::FIVE) > 1000);
    }

    #[test]
    fn an_intervention_landing_square_counts_both_ways() {
        // C4: White on e8 slides to e4 between d4 and f4 and takes both.
        let text = "8/4w3/8/8/3b1b2/8/8/8 b 0 1";
        let black = pos("mak-yek", text);
        let f = features(&black);
        assert_eq!(f[HANGING], 2);
        assert_eq!(f[FORK], 1);
        assert_eq!(f[GAP], 1);
        // With White to move the same square is White's capture.
        let white = pos("mak-yek", &text.replace(" b ", " w "));
        assert_eq!(features(&white)[CAPTURE_READY], 1);
        assert_eq!(features(&white)[GAP], -1);
        // Without C4 (plain hasami-chess) nothing hangs.
        assert_eq!(features(&pos("hasami-chess", text))[HANGING], 0);
    }

    #[test]
    fn families_follow_the_goals() {
        let fam = |v: &str| Goal::of(HasamiRules::parse(v).unwrap());
        assert_eq!(fam("hasami"), Goal::Capture);
        assert_eq!(
            fam("hasami-chess+rows=1,2+win=most-captures"),
            Goal::Capture
        );
        assert_eq!(fam("hasami+misere"), Goal::Capture);
        assert_eq!(fam("dai-hasami"), Goal::Five);
        assert_eq!(fam("agon"), Goal::Agon);
        assert_eq!(fam("mak-yek"), Goal::Intervention);
    }

    /// Random positions of every preset (and diagonal captures and fives).
    fn random_positions() -> Vec<HasamiPosition> {
        let mut rng = SplitMix64(7);
        let mut out = Vec::new();
        let mut variants: Vec<String> = Preset::ALL.iter().map(|p| p.name().to_string()).collect();
        variants.push("dai-hasami+five=all+diagonal-capture".into());
        variants.push("hasami+max-run=1".into());
        for v in &variants {
            let start = HasamiPosition::start(HasamiRules::parse(v).unwrap());
            for _ in 0..6 {
                out.extend(hasami_core::random_game(&start, &mut rng, 120));
            }
        }
        out
    }

    #[test]
    fn evaluate_is_the_weighted_sum_of_the_features() {
        for p in random_positions() {
            let w = Weights::for_rules(p.rules());
            let f = features(&p);
            let dot: i32 = f.iter().zip(w.w).map(|(a, b)| a * b).sum();
            assert_eq!(evaluate(&p, w), dot, "{p:?}");
            assert_eq!(evaluate_builtin(&p), dot, "{p:?}: the search's evaluation");
        }
    }

    #[test]
    fn the_pressed_evaluation_is_the_evaluation_plus_press() {
        let mut leads = 0;
        for p in random_positions() {
            for how in [Press::Ladder, Press::Full] {
                let press = SearchGame::press(&p, how);
                leads += usize::from(press != 0);
                assert_eq!(
                    evaluate_builtin_pressed(&p, how),
                    evaluate_builtin(&p) + press,
                    "{p:?}"
                );
            }
        }
        assert!(leads > 100, "only {leads} positions with a press term");
    }

    #[test]
    fn the_full_weight_presses_harder_in_the_sandwich_games_only() {
        // Four against two in hasami; four against one in mak-yek.
        let at = |p: &HasamiPosition, how| SearchGame::press(p, how);
        let hasami = pos("hasami", "8w/9/9/9/4w4/9/9/9/b1b3b1b b 0 1");
        assert!(at(&hasami, Press::Full) > at(&hasami, Press::Ladder));
        assert!(at(&hasami, Press::Ladder) > 0);
        let mak_yek = pos("mak-yek", "8/8/8/8/3w4/8/8/b1b2b1b b 0 1");
        assert!(at(&mak_yek, Press::Ladder) > 0);
        assert_eq!(at(&mak_yek, Press::Full), at(&mak_yek, Press::Ladder));
    }

    #[test]
    fn five_completions_are_the_squares_that_make_a_five() {
        // W3: placing a piece on the square gives the side five in a row inside its region.
        for p in random_positions() {
            if !p.rules().five {
                continue;
            }
            for side in [Side::First, Side::Second] {
                if p.pieces(side).len() >= u32::from(p.rules().start_pieces)
                    || p.five_line(side).is_some()
                {
                    continue;
                }
                let mut want = BitBoard::EMPTY;
                for sq in p.rules().board & !p.occupied() {
                    let mut s = p.to_setup();
                    let n = p.rules().size() as usize;
                    s.ranks[n - 1 - sq.rank() as usize][sq.file() as usize] = Some(side);
                    if let Ok(q) = HasamiPosition::from_setup(&s, p.rules()) {
                        if q.five_line(side).is_some() {
                            want = want.with(sq);
                        }
                    }
                }
                assert_eq!(five_completions(&p, side), want, "{p:?} {side:?}");
            }
        }
    }
}
