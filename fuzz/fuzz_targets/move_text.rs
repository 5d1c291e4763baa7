//! Move and square text (RULES.md A1.1, A3.5): the first byte picks the board size (8 or 9), the rest
//! is the text. Parsing never panics; what parses prints as text that parses back to the same value.
#![no_main]

use hasami_core::{Move, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let size = if pick & 1 == 0 { 8 } else { 9 };
    if let Ok(mv) = Move::parse(text, size) {
        let printed = mv.to_string();
        assert_eq!(Move::parse(&printed, size), Ok(mv), "{text:?}");
        assert!(mv.from.file() < size && mv.from.rank() < size);
        assert!(mv.to.file() < size && mv.to.rank() < size);
    }
    if let Ok(sq) = Square::parse(text, size) {
        assert_eq!(Square::parse(&sq.to_string(), size), Ok(sq), "{text:?}");
        assert!(sq.file() < size && sq.rank() < size);
    }
});
