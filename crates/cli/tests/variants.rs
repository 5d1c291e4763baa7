//! `hasami variants`: the presets, the other names of presets, and the options.

use std::process::Command;

#[test]
fn apit_sodok_is_listed_as_the_malay_name_of_mak_yek() {
    let out = Command::new(env!("CARGO_BIN_EXE_hasami"))
        .arg("variants")
        .output()
        .expect("run hasami variants");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |name: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no line for {name}:\n{text}"))
            .to_string()
    };
    assert!(
        line("apit-sodok").contains("the Malay name of Mak-yek"),
        "{text}"
    );
    assert!(line("mak-yek").contains("corner captures"), "{text}");
    // Other names come after the presets, under their own heading.
    let aliases = text.find("Other names:").expect("an 'Other names' heading");
    assert!(text.find("apit-sodok").unwrap() > aliases, "{text}");
}
