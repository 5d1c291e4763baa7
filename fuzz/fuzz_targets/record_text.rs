//! Game record text of either family (docs/records.md): parsing never panics, and every record that
//! parses is written as text that parses back to the same record, is written again identically, and
//! replays.
#![no_main]

use hasami_core::{AnyGame, AnyRecord};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = AnyRecord::parse(text) else {
        return;
    };
    let written = record.to_string();
    let again = AnyRecord::parse(&written).expect("written records parse");
    assert_eq!(again, record);
    assert_eq!(again.to_string(), written);
    AnyGame::from_record(&record).expect("parsed records replay");
});
