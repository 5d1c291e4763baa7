//! Playing levels as a player notices them: the weakest level still plays legal moves and takes an
//! immediate win, low levels vary their play with the seed (reproducibly), every level honours its
//! depth cap, and level 10 is exactly the plain search.

use std::time::Duration;

use hasami_core::SplitMix64;
use hasami_core::{AnyPosition, Side};
use hasami_core::{HasamiPosition, HasamiRules, Move};
use hasami_engine::{
    level_for, level_words, Ladder, Level, Limits, SearchRequest, SearchResult, Searcher, WIN,
};

/// The level of a Hasami-family variant, as the apps choose it.
fn level(variant: &str, n: u32) -> Level {
    let rules = HasamiRules::parse(variant).unwrap();
    level_for(&AnyPosition::Hasami(HasamiPosition::start(rules)), n)
}

fn at_level(pos: &HasamiPosition, lvl: Level, limits: &Limits, seed: u64) -> SearchResult<Move> {
    Searcher::new(4, 1).search(
        &SearchRequest::new(*pos, vec![pos.hash()])
            .level(lvl)
            .limits(*limits)
            .seed(seed),
        |_| {},
    )
}

/// The preset name of `pos`'s rules.
fn variant_of(pos: &HasamiPosition) -> &'static str {
    pos.rules().preset.name()
}

/// What the match runner and the apps send: a fixed time per move (levels 1–9 stop at their depth).
fn movetime(ms: u64) -> Limits {
    Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    }
}

fn position(variant: &str, text: &str) -> HasamiPosition {
    HasamiPosition::from_text(text, HasamiRules::parse(variant).unwrap()).unwrap()
}

/// A position after `plies` random moves from the start (None when the game ended on the way).
fn random_position(variant: &str, rng: &mut SplitMix64, plies: u64) -> Option<HasamiPosition> {
    let mut pos = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
    for _ in 0..plies {
        let mv = pos.pick_move(|n| rng.below(n))?;
        pos.play_unchecked(mv);
        if pos.status().is_some() {
            return None;
        }
    }
    Some(pos)
}

#[test]
fn every_table_gets_stronger_level_by_level() {
    for ladder in Ladder::ALL {
        let level = |n| ladder.level(n);
        assert_eq!(level(0), level(1));
        assert_eq!(level(11), level(10));
        for n in 1..=10 {
            assert_eq!(level(n).number, n);
        }
        for n in 2..=10 {
            let (weaker, stronger) = (level(n - 1), level(n));
            let deeper = match (weaker.depth, stronger.depth) {
                (Some(a), Some(b)) => b >= a,
                (_, None) => true,
                (None, Some(_)) => false,
            };
            assert!(
                deeper,
                "{ladder:?}: level {n} searches less deep than level {}",
                n - 1
            );
            assert!(
                stronger.depth != weaker.depth
                    || stronger.margin < weaker.margin
                    || stronger.slip < weaker.slip,
                "{ladder:?}: level {n} is level {} again",
                n - 1
            );
            // A level that scores at depth 1 or within a margin plays loosely on every move; above
            // it, slips grow rarer.
            assert!(
                weaker.depth == Some(1) || weaker.margin > 0 || stronger.slip <= weaker.slip,
                "{ladder:?}: level {n} slips more often than level {}",
                n - 1
            );
        }
        for n in 1..=10 {
            let l = level(n);
            assert!(l.focus <= 100, "{ladder:?} level {n}");
            // The guard checks depth 2: only a level that scores at depth 1 has one.
            assert!(
                l.guard.is_none() || l.depth == Some(1),
                "{ladder:?} level {n}"
            );
            assert!(
                l.depth != Some(1) || l.guard.is_some(),
                "{ladder:?} level {n} unguarded"
            );
        }
        assert_eq!(level(10).depth, None, "level 10 is limited by time only");
        assert_eq!(level(10).margin, 0);
        assert_eq!(level(10).slip, 0);
    }
}

#[test]
fn each_game_has_its_ladder() {
    let ladder = |v: &str| {
        let rules = HasamiRules::parse(v).unwrap();
        Ladder::of(&AnyPosition::Hasami(HasamiPosition::start(rules)))
    };
    assert_eq!(ladder("hasami"), Ladder::Capture);
    assert_eq!(ladder("hasami-chess"), Ladder::Capture);
    assert_eq!(ladder("dai-hasami-captures"), Ladder::Count);
    assert_eq!(
        ladder("hasami-chess+rows=1,2+win=most-captures"),
        Ladder::Count
    );
    assert_eq!(ladder("dai-hasami"), Ladder::Five);
    assert_eq!(ladder("agon"), Ladder::Five);
    assert_eq!(ladder("mak-yek"), Ladder::Intervention);
    let shogun = hasami_core::AnyGame::new("shogun", None)
        .unwrap()
        .position();
    assert_eq!(Ladder::of(&shogun), Ladder::Shogun);
    assert_eq!(level_for(&shogun, 4), Ladder::Shogun.level(4));
}

#[test]
fn every_level_has_words() {
    let mut seen = Vec::new();
    for n in 1..=10 {
        let words = level_words(n);
        assert!(words.starts_with(&format!("{n} — ")), "{words}");
        assert!(words.len() > 20, "{words}");
        assert!(!seen.contains(&words), "level {n} repeats {words}");
        seen.push(words);
    }
    assert_eq!(level_words(0), level_words(1));
    assert_eq!(level_words(11), level_words(10));
}

#[test]
fn the_words_say_how_far_every_game_looks() {
    // "looks A to B moves ahead" holds for every game's depth at that level.
    let number = |w: &str| {
        let names = [
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        ];
        names.iter().position(|n| *n == w).map(|i| i as u32 + 1)
    };
    for n in 1..=9 {
        let words: Vec<&str> = level_words(n).split([' ', ',']).collect();
        let Some(at) = words.windows(2).position(|w| w == ["moves", "ahead"]) else {
            continue;
        };
        let (low, high) = if words[at - 2] == "to" {
            (
                number(words[at - 3]).unwrap(),
                number(words[at - 1]).unwrap(),
            )
        } else {
            let d = number(words[at - 1]).unwrap();
            (d, d)
        };
        for ladder in Ladder::ALL {
            let depth = ladder.level(n).depth.unwrap();
            assert!(
                (low..=high).contains(&depth),
                "{ladder:?} level {n} looks {depth} ahead: {}",
                level_words(n)
            );
        }
    }
}

/// The most Black pieces White can take with its reply to `mv`.
fn worst_reply(pos: &HasamiPosition, mv: Move) -> u32 {
    let mut child = *pos;
    child.play_unchecked(mv);
    let before = child.pieces(Side::First).len();
    child
        .moves()
        .into_iter()
        .map(|reply| {
            let mut after = child;
            after.play_unchecked(reply);
            before - after.pieces(Side::First).len()
        })
        .max()
        .unwrap_or(0)
}

/// How many of Black's moves leave at least `pieces` to White's reply.
fn moves_leaving(pos: &HasamiPosition, pieces: u32) -> usize {
    pos.moves()
        .into_iter()
        .filter(|&m| worst_reply(pos, m) >= pieces)
        .count()
}

#[test]
fn level_1_does_not_leave_five_pieces_to_be_taken() {
    // White g9-g5 takes b5-f5 (between a5 and g5) unless Black blocks the g-file or breaks the line;
    // 11 of Black's moves (g1 along rank 1, g1-g2 to g1-g4) leave the five pieces to be taken.
    let pos = position("hasami", "6w2/9/9/9/wbbbbb3/9/9/9/6b2 b 0 1");
    let losing = pos
        .moves()
        .into_iter()
        .filter(|&m| worst_reply(&pos, m) >= 5)
        .count();
    assert_eq!(losing, 11);
    let lvl = level("hasami", 1);
    let unguarded = Level { guard: None, ..lvl };
    let mut blunders = 0;
    for seed in 0..60 {
        let out = at_level(&pos, lvl, &movetime(1000), seed);
        let mv = out.best.unwrap();
        assert!(
            worst_reply(&pos, mv) <= 1,
            "seed {seed}: {mv} leaves pieces"
        );
        let out = at_level(&pos, unguarded, &movetime(1000), seed);
        if worst_reply(&pos, out.best.unwrap()) >= 5 {
            blunders += 1;
        }
    }
    // Without its guard the same level gives the five pieces away (what the guard is for).
    assert!(blunders > 0, "the position does not test the guard");
}

#[test]
fn level_1_takes_an_immediate_win_whatever_the_seed() {
    // W1: b1b5 sandwiches c5 and leaves White with one piece.
    let capture = position("hasami", "8w/9/9/9/2wb5/9/9/9/1b7 b 0 1");
    // W3: d2d4 completes b4-f4.
    let five = position(
        "dai-hasami",
        "wwwwwwwww/wwwwwwwww/9/9/9/1bb1bb3/9/3b5/9 b 0 1",
    );
    for seed in 0..40 {
        for (pos, winning) in [(&capture, "b1b5"), (&five, "d2d4")] {
            let out = at_level(pos, level(variant_of(pos), 1), &movetime(1000), seed);
            assert_eq!(out.best.unwrap().to_string(), winning, "seed {seed}");
            assert!(out.score >= WIN - 1, "seed {seed}: {}", out.score);
        }
    }
}

#[test]
fn low_levels_play_legal_moves_in_random_positions() {
    let mut rng = SplitMix64(7);
    let presets = hasami_core::Preset::ALL.iter().map(|p| p.name());
    for variant in presets.chain(["hasami+misere"]) {
        let mut tried = 0;
        while tried < 6 {
            let plies = rng.below(30);
            let Some(pos) = random_position(variant, &mut rng, plies) else {
                continue;
            };
            tried += 1;
            for n in [1, 2, 3] {
                let out = at_level(&pos, level(variant, n), &movetime(1000), rng.next());
                let best = out.best.expect("a move");
                assert!(
                    pos.moves().contains(&best),
                    "{variant} {pos} level {n}: {best}"
                );
            }
        }
    }
}

#[test]
fn different_seeds_give_different_moves_at_level_1_and_the_same_seed_the_same() {
    for variant in ["hasami", "dai-hasami"] {
        let pos = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
        let moves: Vec<Move> = (0..30)
            .map(|seed| {
                at_level(&pos, level(variant, 1), &movetime(1000), seed)
                    .best
                    .unwrap()
            })
            .collect();
        let mut distinct = moves.clone();
        distinct.sort_by_key(ToString::to_string);
        distinct.dedup();
        assert!(distinct.len() >= 3, "{variant}: only {distinct:?}");
        for (seed, mv) in moves.iter().enumerate().take(5) {
            let again = at_level(&pos, level(variant, 1), &movetime(1000), seed as u64);
            assert_eq!(again.best.as_ref(), Some(mv), "{variant} seed {seed}");
        }
    }
}

#[test]
fn levels_stop_at_their_depth() {
    let pos = HasamiPosition::start(HasamiRules::parse("dai-hasami").unwrap());
    for n in 1..=9 {
        let lvl = level("dai-hasami", n);
        let cap = lvl.depth.expect("levels 1-9 have a depth cap");
        if cap > 6 {
            continue; // deeper caps take too long for a unit test
        }
        let out = at_level(&pos, lvl, &movetime(60_000), 1);
        assert!(out.depth <= cap, "level {n}: depth {} > {cap}", out.depth);
    }
}

#[test]
fn level_10_is_the_plain_search() {
    let mut rng = SplitMix64(3);
    for variant in ["hasami", "dai-hasami", "mak-yek"] {
        let pos = random_position(variant, &mut rng, 6).unwrap();
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        let plain = Searcher::new(4, 1).search(
            &SearchRequest::new(pos, vec![pos.hash()]).limits(limits),
            |_| {},
        );
        for seed in [1, 2] {
            let lvl = at_level(&pos, level(variant, 10), &limits, seed);
            assert_eq!(lvl.best, plain.best, "{variant}");
            assert_eq!(lvl.score, plain.score, "{variant}");
            assert_eq!(lvl.nodes, plain.nodes, "{variant}");
        }
    }
}

#[test]
fn levels_with_a_margin_keep_to_a_short_movetime() {
    // Scoring every root move again must not run past the time (the match runner forfeits a late
    // move); a short time still gives a legal move.
    let mut rng = SplitMix64(11);
    let pos = loop {
        if let Some(p) = random_position("dai-hasami", &mut rng, 12) {
            break p;
        }
    };
    for n in [7, 8] {
        let t = std::time::Instant::now();
        let out = at_level(&pos, level("dai-hasami", n), &movetime(20), 5);
        assert!(pos.moves().contains(&out.best.unwrap()), "level {n}");
        assert!(
            t.elapsed() < Duration::from_millis(500),
            "level {n}: {:?}",
            t.elapsed()
        );
    }
}

#[test]
fn a_level_that_slips_leaves_a_piece_now_and_then_and_one_that_does_not_never() {
    // White takes e5 (against e6) by a4-e4 unless Black moves e5 away; most of Black's other moves
    // leave it.
    let pos = position("hasami", "8w/9/9/4w4/4b4/w8/9/9/b7b b 0 1");
    assert!(moves_leaving(&pos, 1) >= 10);
    let steady = Level {
        depth: Some(2),
        margin: 0,
        focus: 0,
        guard: None,
        slip: 0,
        slip_move: hasami_engine::SLIP,
        number: 5,
    };
    let slipping = Level {
        slip: 100,
        ..steady
    };
    let mut slips = 0;
    for seed in 0..40 {
        let mv = at_level(&pos, steady, &movetime(1000), seed).best.unwrap();
        assert_eq!(worst_reply(&pos, mv), 0, "seed {seed}: {mv} leaves e5");
        let mv = at_level(&pos, slipping, &movetime(1000), seed)
            .best
            .unwrap();
        assert!(
            worst_reply(&pos, mv) <= 1,
            "seed {seed}: a slip never leaves two"
        );
        slips += worst_reply(&pos, mv);
    }
    assert!(
        slips > 0,
        "slip 100 never left the piece: the position does not test slips"
    );
}

#[test]
fn mak_yek_levels_slip_wider_leaving_an_intervention_now_and_then() {
    // White lands on e4 (from e1) between d4 and f4 and takes both, unless Black moves one away
    // or blocks; most of Black's moves leave them.
    let pos = position("mak-yek", "w6b/8/8/8/3b1b2/8/8/4w3 b 0 1");
    assert!(moves_leaving(&pos, 2) >= 10);
    let slipping = Level {
        slip: 100,
        ..level("mak-yek", 9)
    };
    assert_eq!(slipping.slip_move, hasami_engine::WIDE_SLIP);
    let narrow = Level {
        slip_move: hasami_engine::SLIP,
        ..slipping
    };
    let mut wide_left = 0;
    for seed in 0..40 {
        let mv = at_level(&pos, slipping, &movetime(1000), seed)
            .best
            .unwrap();
        wide_left += u32::from(worst_reply(&pos, mv) >= 2);
        let mv = at_level(&pos, narrow, &movetime(1000), seed).best.unwrap();
        assert!(
            worst_reply(&pos, mv) < 2,
            "seed {seed}: the common slip left {mv}"
        );
    }
    assert!(wide_left > 0, "the wide slip never left the intervention");
}

#[test]
fn level_settings_text_sets_every_field_and_refuses_bad_values() {
    let base = level("hasami", 7);
    let l = base.with_settings("6/0/0/-/5").unwrap();
    assert_eq!(
        (l.number, l.depth, l.margin, l.focus, l.guard, l.slip),
        (7, Some(6), 0, 0, None, 5)
    );
    let l = base.with_settings("1/300/30/150").unwrap();
    assert_eq!((l.depth, l.guard, l.slip), (Some(1), Some(150), 0));
    assert_eq!(base.with_settings("").unwrap(), base);
    for bad in [
        "1/2/3",
        "0/0/0/-",
        "2/0/101/-",
        "2/0/0/-/101",
        "2/-5/0/-",
        "a/0/0/-",
        "2/0/0/-/1/2",
    ] {
        assert!(base.with_settings(bad).is_err(), "{bad}");
    }
}
