//! Choosing a puzzle to solve: one of a preset (and theme), not one of those just seen, near the
//! solver's rating when it is given: the closest band of ratings that holds any, widening.

use hasami_core::SplitMix64;

use super::puzzle::Puzzle;
use super::set::PuzzleSet;
use hasami_core::puzzle::Theme;

/// The most ids a request may exclude.
pub(crate) const MAX_EXCLUDED: usize = 100;

/// The half-widths of the rating bands tried in turn around the solver's rating; beyond the last,
/// any rating.
const BANDS: [u32; 5] = [100, 200, 400, 800, 1600];

/// What a solver asks for.
#[derive(Debug, Clone)]
pub(crate) struct Pick<'a> {
    /// The preset.
    pub(crate) preset: &'static str,
    /// Only puzzles with this theme.
    pub(crate) theme: Option<Theme>,
    /// The solver's rating: a puzzle near it.
    pub(crate) rating: Option<u32>,
    /// Ids not to give (at most [`MAX_EXCLUDED`], the caller's check).
    pub(crate) exclude: &'a [String],
}

impl Pick<'_> {
    /// A puzzle of `set` that fits, chosen by `random` among the nearest; `None` when none fits.
    pub(crate) fn choose<'s>(&self, set: &'s PuzzleSet, random: u64) -> Option<&'s Puzzle> {
        let fits: Vec<&Puzzle> = set
            .of(self.preset, self.theme)
            .filter(|p| !self.exclude.contains(&p.id))
            .collect();
        let near = match self.rating {
            None => fits,
            Some(r) => BANDS
                .iter()
                .map(|&w| {
                    fits.iter()
                        .copied()
                        .filter(|p| p.rating.abs_diff(r) <= w)
                        .collect::<Vec<_>>()
                })
                .find(|band| !band.is_empty())
                .unwrap_or(fits),
        };
        if near.is_empty() {
            return None;
        }
        let at = SplitMix64(random).below(near.len() as u64) as usize;
        near.get(at).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of hasami puzzles with these ratings (ids hasami-0001, …).
    fn set(ratings: &[u32]) -> PuzzleSet {
        let mut text = String::from("variant hasami\n");
        for (i, r) in ratings.iter().enumerate() {
            text.push_str(&format!(
                "hasami-{:04} ; w7w/9/9/b8/4w4/4b4/9/9/b7b b 0 1 ; a6e6 ; capture,in1 ; {r} ; 1\n",
                i + 1
            ));
        }
        let (set, errors) = PuzzleSet::read(&[("hasami", &text)]);
        assert!(errors.is_empty(), "{errors:?}");
        set
    }

    fn pick<'a>(rating: Option<u32>, exclude: &'a [String]) -> Pick<'a> {
        Pick {
            preset: "hasami",
            theme: None,
            rating,
            exclude,
        }
    }

    #[test]
    fn near_the_rating_first() {
        let set = set(&[800, 1500, 2300]);
        for random in 0..50 {
            let p = pick(Some(1450), &[]).choose(&set, random).unwrap();
            assert_eq!(p.rating, 1500);
            let p = pick(Some(100), &[]).choose(&set, random).unwrap();
            assert_eq!(p.rating, 800, "the closest band that holds any");
        }
    }

    #[test]
    fn excluded_and_other_games_are_not_given() {
        let set = set(&[1500, 1500]);
        let exclude = vec!["hasami-0001".to_string()];
        for random in 0..20 {
            let p = pick(Some(1500), &exclude).choose(&set, random).unwrap();
            assert_eq!(p.id, "hasami-0002");
        }
        let all = vec!["hasami-0001".to_string(), "hasami-0002".to_string()];
        assert!(pick(None, &all).choose(&set, 1).is_none());
        let agon = Pick {
            preset: "agon",
            ..pick(None, &[])
        };
        assert!(agon.choose(&set, 1).is_none());
        let theme = Pick {
            theme: Some(Theme::Win),
            ..pick(None, &[])
        };
        assert!(theme.choose(&set, 1).is_none());
    }
}
