//! The puzzle of the day: the same for every server on the same UTC day, cycling through the games
//! that have puzzles (one game a day, in the order they are listed), a puzzle of that game drawn by
//! the day's number.

use hasami_core::SplitMix64;

use super::puzzle::Puzzle;
use super::set::PuzzleSet;

/// Seconds in a day.
const DAY_S: u64 = 86_400;

/// The UTC day number of `unix_s` seconds since 1970 (day 0 is 1970-01-01).
pub(crate) fn day_of(unix_s: u64) -> u64 {
    unix_s / DAY_S
}

/// The puzzle of UTC day `day` (see [`day_of`]); `None` when the set is empty.
pub(crate) fn daily(set: &PuzzleSet, day: u64) -> Option<&Puzzle> {
    let presets = set.presets();
    if presets.is_empty() {
        return None;
    }
    let games = presets.len() as u64;
    let preset = presets[(day % games) as usize];
    let puzzles: Vec<&Puzzle> = set.of(preset, None).collect();
    // The round of the cycle seeds the draw, so each game's puzzle changes from round to round.
    let at = SplitMix64(day / games).below(puzzles.len() as u64) as usize;
    puzzles.get(at).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_puzzle_all_day_and_games_in_turn() {
        let line = |p: &str, pos: &str, mv: &str| {
            format!("{p}-0001 ; {pos} ; {mv} ; capture,in1 ; 900 ; 1\n")
        };
        let hasami = format!(
            "variant hasami\n{}",
            line("hasami", "w7w/9/9/b8/4w4/4b4/9/9/b7b b 0 1", "a6e6")
        );
        let chess = format!(
            "variant hasami-chess\n{}",
            line("hasami-chess", "w6w/8/b7/4w3/4b3/8/8/b6b b 0 1", "a6e6")
        );
        let (set, errors) = PuzzleSet::read(&[("hasami", &hasami), ("hasami-chess", &chess)]);
        assert!(errors.is_empty(), "{errors:?}");
        let day = day_of(1_800_000_000);
        assert_eq!(
            day,
            day_of(1_800_000_000 - 1_800_000_000 % DAY_S + DAY_S - 1)
        );
        let today = daily(&set, day).unwrap();
        assert_eq!(daily(&set, day).unwrap().id, today.id);
        assert_ne!(daily(&set, day + 1).unwrap().preset, today.preset);
        assert!(daily(&PuzzleSet::default(), day).is_none());
    }
}
