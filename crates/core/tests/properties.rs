//! Property tests (proptest): random games in every preset and a few variation specs.
//!
//! Along each random game: nothing panics; position text round-trips; the incremental hash equals the
//! hash computed from scratch; the mirrored position (ranks flipped, colours swapped) has exactly the
//! mirrored moves and the same status with colours swapped; every generated move passes the checked
//! `play`, and checked and unchecked play give the same position and captures; the single-move check
//! agrees with the move list; undo walks back to the start. Parsers never panic on arbitrary text.

use std::collections::BTreeSet;
use std::mem::discriminant;

use hasami_core::{
    BitBoard, HasamiGame, HasamiPosition, HasamiRules, Move, Outcome, Preset, Square,
};
use proptest::prelude::*;
use proptest::sample::Index;

/// Variation specs tried besides the presets.
const EXTRA_VARIANTS: &[&str] = &[
    "hasami+diagonal-capture",
    "hasami+rows=1,2+intervention",
    "dai-hasami+five=all+movement=step",
    "hasami+win=captures:5,lead:3",
    "hasami+misere+quiet=30",
    "mak-yek+diagonal-capture+max-run=2",
    "agon+corner=off+repetition=2",
    "hasami-chess+rows=1,2+win=most-captures+quiet=20",
    "mak-yek+corner=off",
];

/// Every preset (A6) and a few variation specs.
fn variants() -> Vec<&'static str> {
    let presets = Preset::ALL.iter().map(|p| p.name());
    presets.chain(EXTRA_VARIANTS.iter().copied()).collect()
}

fn rules(variant: &str) -> &'static HasamiRules {
    HasamiRules::parse(variant).unwrap_or_else(|e| panic!("{variant}: {e}"))
}

fn flip(sq: Square, n: u8) -> Square {
    sq.flip_rank(n)
}

fn mirrored_moves(pos: &HasamiPosition) -> BTreeSet<Move> {
    let n = pos.rules().size();
    pos.moves()
        .into_iter()
        .map(|m| Move::new(flip(m.from, n), flip(m.to, n)))
        .collect()
}

/// The outcome seen from the other side: same kind, colours swapped.
fn same_swapped(a: Option<Outcome>, b: Option<Outcome>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(Outcome::Draw(x)), Some(Outcome::Draw(y))) => x == y,
        (
            Some(Outcome::Win {
                winner: w1,
                reason: r1,
            }),
            Some(Outcome::Win {
                winner: w2,
                reason: r2,
            }),
        ) => w1 == !w2 && discriminant(&r1) == discriminant(&r2),
        _ => false,
    }
}

/// Checks every property of one position; panics with the position text on failure.
fn check_position(pos: &HasamiPosition) {
    let rules = pos.rules();
    let text = pos.to_string();
    // Text round-trip.
    let back = HasamiPosition::from_text(&text, rules).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, *pos, "{text}");
    assert_eq!(back.to_string(), text);
    assert_eq!(back.hash(), pos.hash(), "{text}");
    // Incremental hash.
    assert_eq!(pos.hash(), pos.fresh_hash(), "{text}");
    // Mirror.
    let m = pos.mirror();
    assert_eq!(m.hash(), m.fresh_hash());
    assert_eq!(m.mirror(), *pos, "{text}");
    let moves: BTreeSet<Move> = pos.moves().into_iter().collect();
    assert_eq!(moves.len(), pos.moves().len(), "duplicate moves in {text}");
    assert_eq!(pos.count_moves(), moves.len() as u64, "{text}");
    assert_eq!(pos.has_moves(), !moves.is_empty(), "{text}");
    assert_eq!(mirrored_moves(&m), moves, "mirror of {text} is {m}");
    // The quick single-move check agrees with the move list for every pair of squares (A3).
    let squares: Vec<Square> = (0..128u8).filter_map(Square::from_index).collect();
    for &from in &squares {
        for &to in &squares {
            let mv = Move::new(from, to);
            assert_eq!(pos.is_move(mv), moves.contains(&mv), "{text}: {mv}");
        }
    }
    // Moves into a set of landing squares, found from the squares (one) or by fills (more): exactly
    // the listed moves that land there, each once.
    let into = |mask: BitBoard| {
        let mut v = Vec::new();
        pos.for_each_move_into(mask, |mv| v.push(mv));
        let set: BTreeSet<Move> = v.iter().copied().collect();
        assert_eq!(set.len(), v.len(), "{text}: a move twice into {mask:?}");
        set
    };
    let landing = |mask: BitBoard| -> BTreeSet<Move> {
        moves.iter().copied().filter(|mv| mask.has(mv.to)).collect()
    };
    for &sq in &squares {
        let one = BitBoard::from_square(sq);
        assert_eq!(into(one), landing(one), "{text}: moves into {sq}");
    }
    let some: BitBoard = squares.iter().copied().step_by(3).collect();
    assert_eq!(
        into(some),
        landing(some),
        "{text}: moves into every third square"
    );
    // C1/C2/C4: every capturing move lands on a square of the capture-square superset (the search
    // looks for captures only there).
    let hot = pos.capture_squares(pos.side());
    for &mv in &moves {
        if !pos.captures_of(mv).is_empty() {
            assert!(
                hot.has(mv.to),
                "{text}: {mv} captures off the capture squares"
            );
        }
    }
    // The other side's mobility, counted without turning the position.
    assert_eq!(
        pos.mobility_of(!pos.side()),
        pos.with_side_to_move(!pos.side()).mobility(),
        "{text}"
    );
    assert!(
        same_swapped(pos.status(), m.status()),
        "{text}: {:?} vs mirror {m}: {:?}",
        pos.status(),
        m.status()
    );
    // Every generated move is legal for the checked play, and unchecked play agrees.
    if pos.status().is_none() {
        for &mv in &moves {
            let mut a = *pos;
            let mut b = *pos;
            let ca = a
                .play(mv)
                .unwrap_or_else(|e| panic!("{text}: {mv} rejected: {e}"));
            let cb = b.play_unchecked(mv);
            assert_eq!(ca, cb, "{text} {mv}");
            assert_eq!(a, b, "{text} {mv}");
            assert_eq!(a.hash(), a.fresh_hash(), "{text} {mv}");
            // Captured squares held enemy pieces and are empty now; the mover landed.
            assert!((ca & !pos.pieces(!pos.side())).is_empty());
            assert!((ca & a.occupied()).is_empty());
            assert_eq!(a.piece_at(mv.to), Some(pos.side()));
            assert_eq!(a.piece_at(mv.from), None);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_property(
        v in 0..variants().len(),
        picks in prop::collection::vec(any::<Index>(), 1..200),
    ) {
        let rules = rules(variants()[v]);
        let mut game = HasamiGame::new(rules);
        check_position(game.position());
        for pick in &picks {
            let legal = game.legal_moves();
            if legal.is_empty() {
                prop_assert!(game.outcome().is_some(), "no moves but not over: {}", game.position());
                break;
            }
            let mv = *pick.get(&legal);
            let before = *game.position();
            let played = game.play(mv).unwrap();
            let mut copy = before;
            prop_assert_eq!(copy.play_unchecked(mv), played.captured);
            prop_assert_eq!(&copy, game.position());
            check_position(game.position());
            // The game's outcome without repetition agrees with the position's own status.
            if let Some(o) = game.position().status() {
                prop_assert_eq!(game.outcome(), Some(o));
            }
        }
        // Undo walks back to the start.
        let n = game.played().len();
        for _ in 0..n {
            prop_assert!(game.undo().is_some());
        }
        prop_assert!(game.undo().is_none());
        prop_assert_eq!(game.position(), &HasamiPosition::start(rules));
        prop_assert_eq!(game.outcome(), None);
    }

    #[test]
    fn random_boards_round_trip(
        v in 0..variants().len(),
        cells in prop::collection::vec(0u8..6, 81),
        white in any::<bool>(),
        quiet in 0u32..1000,
        fullmove in 1u32..100_000,
    ) {
        let rules = rules(variants()[v]);
        let n = rules.size();
        let mut ranks = Vec::new();
        let mut counts = [0u32; 2];
        for r in (0..n).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for f in 0..n {
                let c = cells[(r * 9 + f) as usize];
                let side = match c {
                    0 => Some(0),
                    1 => Some(1),
                    _ => None,
                };
                match side {
                    Some(i) if counts[i] < u32::from(rules.start_pieces) => {
                        counts[i] += 1;
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(if i == 0 { 'b' } else { 'w' });
                    }
                    _ => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        let text = format!("{} {} {quiet} {fullmove}", ranks.join("/"), if white { 'w' } else { 'b' });
        let pos = HasamiPosition::from_text(&text, rules).unwrap();
        prop_assert_eq!(pos.to_string(), text.clone());
        // Game::from_position judges it without panicking and agrees with status (no history).
        let game = HasamiGame::from_position(pos);
        prop_assert_eq!(game.outcome(), pos.status());
        check_position(&pos);
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}", size in 8u8..=9) {
        let _ = HasamiRules::parse(&text);
        let _ = Move::parse(&text, size);
        let _ = Square::parse(&text, size);
        for v in ["hasami", "mak-yek"] {
            let _ = HasamiPosition::from_text(&text, rules(v));
        }
    }

    #[test]
    fn near_valid_texts_never_panic(
        parts in prop::collection::vec("[bwBW1-9/ x0-]{0,12}", 1..6),
        variant in "(hasami|agon|mak-yek)(\\+[a-z=,:0-9-]{0,12}){0,3}",
    ) {
        let text = parts.join(" ");
        if let Ok(r) = HasamiRules::parse(&variant) {
            // A variant that parses prints canonically and parses back to the same rules.
            prop_assert!(std::ptr::eq(rules(&r.to_string()), r));
            if let Ok(pos) = HasamiPosition::from_text(&text, r) {
                check_position(&pos);
            }
        }
        for v in ["hasami", "hasami-chess"] {
            if let Ok(pos) = HasamiPosition::from_text(&text, rules(v)) {
                prop_assert_eq!(HasamiPosition::from_text(&pos.to_string(), rules(v)).unwrap(), pos);
            }
        }
    }
}
