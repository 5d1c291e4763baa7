//! Ratings: Glicko-2 (`crate::glicko`, τ = 0.75; a new player 1500, RD 350, volatility 0.06), one
//! rating per game preset, each rated game a rating period of its own for both players (as
//! lichess). Variants with options play casual. The store applies a change exactly once
//! ([`Db::rate_game`](crate::db::Db::rate_game)); a server that stopped between a game's end and
//! its rating settles it when it starts ([`settle_due`]).

use crate::db::{Db, RatingRules, StoredRating};
use crate::glicko::{Rating, TAU};

/// The rated presets, as the API names them.
pub(crate) const PRESETS: [&str; 7] = [
    "hasami",
    "hasami-chess",
    "dai-hasami",
    "dai-hasami-captures",
    "agon",
    "mak-yek",
    "shogun",
];

/// Shogun options that leave the game the standard one: the magnet board drawn, and the players
/// arranging their pieces.
const SHOGUN_STANDARD_OPTIONS: [&str; 3] = ["seed", "rotation", "setup"];

/// The rating preset of a canonical variant text: a preset without options (Shogun: with only its
/// board and set-up), else `None` (casual).
pub(crate) fn preset_of(variant: &str) -> Option<&'static str> {
    let mut parts = variant.split('+');
    let name = parts.next()?;
    let preset = PRESETS.iter().copied().find(|p| *p == name)?;
    let standard = if preset == "shogun" {
        parts.all(|option| {
            let key = option.split('=').next().unwrap_or(option);
            SHOGUN_STANDARD_OPTIONS.contains(&key)
        })
    } else {
        parts.next().is_none()
    };
    standard.then_some(preset)
}

fn glicko(r: Option<StoredRating>) -> Rating {
    r.map_or(Rating::NEW, |r| Rating {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
    })
}

fn stored(r: Rating, games: i64) -> StoredRating {
    StoredRating {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
        games,
    }
}

/// Black's and White's ratings after one game with result token `result`.
pub(crate) fn rate(
    black: Option<StoredRating>,
    white: Option<StoredRating>,
    result: &str,
) -> (StoredRating, StoredRating) {
    let score = match result {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    let (b, w) = (glicko(black), glicko(white));
    let games = |r: Option<StoredRating>| r.map_or(0, |r| r.games) + 1;
    (
        stored(b.after(&[(w, score)], TAU), games(black)),
        stored(w.after(&[(b, 1.0 - score)], TAU), games(white)),
    )
}

/// The rules the store applies.
pub(crate) const RULES: RatingRules = RatingRules { preset_of, rate };

/// Settles the rated games whose end was stored but whose change was not (at most 1,000 at a
/// time); how many this server settled.
pub(crate) async fn settle_due(db: &Db) -> usize {
    let Ok(due) = db.ratings_due(1_000).await else {
        return 0;
    };
    let mut settled = 0;
    for id in due {
        if db.rate_game(id, RULES).await.unwrap_or(false) {
            settled += 1;
        }
    }
    settled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_without_options_are_rated() {
        assert_eq!(preset_of("hasami"), Some("hasami"));
        assert_eq!(
            preset_of("dai-hasami-captures"),
            Some("dai-hasami-captures")
        );
        assert_eq!(preset_of("hasami+win=captures:5"), None);
        assert_eq!(preset_of("shogun+seed=3+rotation=1"), Some("shogun"));
        assert_eq!(preset_of("shogun+setup=choose"), Some("shogun"));
        assert_eq!(preset_of("shogun+numbers=random"), None);
        assert_eq!(preset_of("apit-sodok"), None);
        assert_eq!(preset_of(""), None);
    }

    #[test]
    fn a_win_between_new_players_moves_both_alike() {
        let (b, w) = rate(None, None, "1-0");
        assert!(b.rating > 1500.0 && w.rating < 1500.0);
        assert!((b.rating - 1500.0 - (1500.0 - w.rating)).abs() < 1e-9);
        assert_eq!((b.games, w.games), (1, 1));
        let (d1, d2) = rate(None, None, "1/2-1/2");
        assert!((d1.rating - 1500.0).abs() < 1e-9 && (d2.rating - 1500.0).abs() < 1e-9);
        assert!(d1.rd < 350.0);
    }
}
