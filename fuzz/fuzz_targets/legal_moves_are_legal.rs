//! Random games driven by the fuzzer: the first byte picks a variant, every further byte picks one of
//! the legal moves. At every ply: every generated move is accepted by the checked `play` and agrees
//! with `play_unchecked`, the incremental hash equals the hash from scratch, and the position text
//! round-trips.
#![no_main]

use hasami_core::{HasamiGame, HasamiPosition, HasamiRules};
use libfuzzer_sys::fuzz_target;

const VARIANTS: &[&str] = &[
    "hasami",
    "hasami-chess",
    "dai-hasami",
    "dai-hasami-captures",
    "agon",
    "mak-yek",
    "hasami-chess+rows=1,2+win=most-captures",
    "hasami+diagonal-capture",
    "hasami+rows=1,2+intervention",
    "dai-hasami+five=all+movement=step",
    "hasami+win=captures:5,lead:3",
    "hasami+misere+quiet=20",
    "mak-yek+diagonal-capture+max-run=2",
    "agon+corner=off+repetition=2",
    "hasami-chess+rows=1,2+win=most-captures+jump+house",
    "hasami+rows=1,3+win=five,lead:4",
];

fn check(pos: &HasamiPosition) {
    let rules = pos.rules();
    assert_eq!(pos.hash(), pos.fresh_hash(), "{pos}");
    let text = pos.to_string();
    assert_eq!(HasamiPosition::from_text(&text, rules).unwrap(), *pos, "{text}");
    if pos.status().is_some() {
        return;
    }
    for mv in pos.moves() {
        let mut checked = *pos;
        let mut unchecked = *pos;
        let a = checked
            .play(mv)
            .unwrap_or_else(|e| panic!("{text}: generated move {mv} rejected: {e}"));
        let b = unchecked.play_unchecked(mv);
        assert_eq!(a, b, "{text} {mv}");
        assert_eq!(checked, unchecked, "{text} {mv}");
        assert_eq!(checked.hash(), checked.fresh_hash(), "{text} {mv}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, picks)) = data.split_first() else {
        return;
    };
    let rules = HasamiRules::parse(VARIANTS[pick as usize % VARIANTS.len()]).unwrap();
    let mut game = HasamiGame::new(rules);
    check(game.position());
    for &b in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            assert!(game.outcome().is_some());
            break;
        }
        let mv = moves[b as usize % moves.len()];
        game.play(mv).unwrap();
        check(game.position());
    }
});
