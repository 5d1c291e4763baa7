//! Variant text (RULES.md A6): parsing never panics, and a variant that parses prints canonically as
//! text that parses back to the same rules.
#![no_main]

use hasami_core::{HasamiPosition, HasamiRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match HasamiRules::parse(text) {
        Ok(rules) => {
            let canonical = rules.to_string();
            let again = HasamiRules::parse(&canonical)
                .unwrap_or_else(|e| panic!("canonical text {canonical:?} of {text:?} fails: {e}"));
            assert!(std::ptr::eq(rules, again), "{text:?} -> {canonical:?}");
            // The start position of any valid variant is sound.
            let start = HasamiPosition::start(rules);
            assert_eq!(start.hash(), start.fresh_hash());
            let _ = start.status();
            let _ = start.moves();
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
