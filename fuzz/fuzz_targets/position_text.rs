//! Position text (RULES.md A7): the first byte picks a variant, the rest is the text. Parsing never
//! panics; a position that parses round-trips through its text and is sound (hash, status, moves).
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
    "hasami+diagonal-capture+intervention",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = HasamiRules::parse(VARIANTS[pick as usize % VARIANTS.len()]).unwrap();
    match HasamiPosition::from_text(text, rules) {
        Ok(pos) => {
            let printed = pos.to_string();
            let back = HasamiPosition::from_text(&printed, rules)
                .unwrap_or_else(|e| panic!("{printed:?} (from {text:?}) fails: {e}"));
            assert_eq!(back, pos);
            assert_eq!(back.to_string(), printed);
            assert_eq!(pos.hash(), pos.fresh_hash());
            let status = pos.status();
            let game = HasamiGame::from_position(pos);
            assert_eq!(game.outcome(), status);
            let moves = pos.moves();
            assert_eq!(pos.count_moves(), moves.len() as u64);
            if status.is_none() {
                for mv in moves {
                    let mut p = pos;
                    p.play(mv).unwrap();
                    assert_eq!(p.hash(), p.fresh_hash());
                }
            }
        }
        Err(e) => {
            // Messages quote the input, so they are single lines when the input is one.
            let msg = e.to_string();
            assert!(!msg.is_empty());
            if !text.contains(['\n', '\r']) {
                assert!(!msg.contains(['\n', '\r']), "{msg:?}");
            }
        }
    }
});
