//! Game record text (docs/records.md): parsing never panics, and every record that parses is written
//! as text that parses back to the same record and is written again identically.
#![no_main]

use hasami_core::HasamiRecord;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = HasamiRecord::parse(text) else {
        return;
    };
    let written = record.to_string();
    let again = HasamiRecord::parse(&written).expect("written records parse");
    assert_eq!(again, record);
    assert_eq!(again.to_string(), written);
    record.to_game().expect("parsed records replay");
});
