//! A6: presets and variations.

use super::*;

#[test]
fn a6_presets_table() {
    // preset, board, rows (starting pieces), jump, house, corner, intervention, win list
    let table = [
        ("hasami", 9, 9, false, false, true, false, "pieces-left:1"),
        (
            "hasami-chess",
            8,
            8,
            false,
            false,
            true,
            false,
            "pieces-left:1",
        ),
        ("dai-hasami", 9, 18, true, false, true, false, "five"),
        (
            "dai-hasami-captures",
            9,
            18,
            false,
            false,
            true,
            false,
            "most-captures",
        ),
        ("agon", 9, 18, true, true, true, false, "five,pieces-left:4"),
        ("mak-yek", 8, 16, false, false, true, true, "pieces-left:0"),
    ];
    for (name, size, pieces, jump, house, corner, intervention, win) in table {
        let r = rules(name);
        let o = &r.options;
        assert_eq!(r.size(), size, "{name}");
        assert_eq!(r.start_pieces, pieces, "{name}");
        assert_eq!(
            (o.jump, o.house, o.corner, o.intervention),
            (jump, house, corner, intervention),
            "{name}"
        );
        assert!(!o.diagonal_capture && !o.misere && o.max_run == 0, "{name}");
        assert_eq!(o.win.to_string(), win, "{name}");
        assert_eq!(o.repetition, 3);
        assert_eq!(o.quiet, 100);
        assert_eq!(r.to_string(), name);
        assert!(std::ptr::eq(HasamiRules::preset(r.preset), r), "{name}");
    }
    assert!(rules("agon").options.five_all);
    assert!(!rules("dai-hasami").options.five_all);
    // Depth-1 perft from the start, as PERFT.md.
    for (name, d1) in [
        ("hasami", 63),
        ("hasami-chess", 48),
        ("dai-hasami", 54),
        ("dai-hasami-captures", 45),
        ("agon", 54),
        ("mak-yek", 32),
    ] {
        assert_eq!(
            HasamiGame::new(rules(name)).legal_moves().len(),
            d1,
            "{name}"
        );
    }
}

#[test]
fn a6_every_variation_parses_and_plays() {
    let rows = [
        "hasami+win=pieces-left:4",
        "hasami+corner=off",
        "hasami+win=captures:5",
        "hasami+win=captures:8",
        "hasami+diagonal-capture",
        "hasami+win=captures:5,lead:3",
        "hasami+misere",
        "hasami+win=pieces-left:0",
        "hasami+movement=step+win=pieces-left:0",
        "hasami+rows=1,2+movement=step+win=pieces-left:0",
        "dai-hasami+five=all",
        "dai-hasami+movement=step+five=all",
        "hasami+max-run=1",
        "dai-hasami+max-run=1",
        "dai-hasami+five=all+movement=step",
    ];
    for spec in rows {
        let r = rules(spec);
        // The canonical text names the same rules.
        assert!(std::ptr::eq(rules(&r.to_string()), r), "{spec} -> {r}");
        let mut g = HasamiGame::new(r);
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
        let mut reference = RefGame::new(spec, None).unwrap();
        reference.play(&mv.to_string()).unwrap();
        assert_eq!(g.position().to_string(), reference.fen(), "{spec}");
    }
    // Option forms: bare name, =on, =off; case is ignored.
    assert!(std::ptr::eq(rules("hasami+jump"), rules("hasami+jump=on")));
    assert!(std::ptr::eq(rules("HASAMI+Jump"), rules("hasami+jump")));
    assert!(!rules("dai-hasami+jump=off").options.jump);
    assert_eq!(
        rules("hasami+board=8").options,
        rules("hasami-chess").options
    );
    assert_eq!(
        rules("hasami+win=captures:5,lead:3").to_string(),
        "hasami+win=captures:5,lead:3"
    );
    // Errors list what is allowed.
    let e = HasamiRules::parse("shogi").unwrap_err().to_string();
    assert!(
        e.contains("shogi") && e.contains("hasami, hasami-chess, dai-hasami"),
        "{e}"
    );
    let e = HasamiRules::parse("hasami+foo").unwrap_err().to_string();
    assert!(e.contains("foo") && e.contains("diagonal-capture"), "{e}");
    let e = HasamiRules::parse("hasami+jump=maybe")
        .unwrap_err()
        .to_string();
    assert!(e.contains("maybe") && e.contains("on, off"), "{e}");
    // Ranges: pieces-left:K with 0 <= K < start; captures:M with 1 <= M <= start; max-run 1–8.
    for (spec, ok) in [
        ("hasami+win=pieces-left:8", true),
        ("hasami+win=pieces-left:9", false),
        ("hasami+win=pieces-left:0", true),
        ("hasami+rows=1,2+win=pieces-left:17", true),
        ("hasami+rows=1,2+win=pieces-left:18", false),
        ("hasami+win=captures:0", false),
        ("hasami+win=captures:1", true),
        ("hasami+win=captures:9", true),
        ("hasami+win=captures:10", false),
        ("hasami-chess+win=captures:9", false),
        ("hasami+max-run=0", false),
        ("hasami+max-run=1", true),
        ("hasami+max-run=6", true),
        ("hasami+max-run=9", false),
        ("hasami+board=7", false),
        ("hasami+board=10", false),
        ("hasami+repetition=1", false),
        ("hasami+repetition=2", true),
        ("hasami+repetition=0", true),
        ("hasami+quiet=0", true),
    ] {
        assert_eq!(HasamiRules::parse(spec).is_ok(), ok, "{spec}");
        assert_eq!(RefGame::new(spec, None).is_ok(), ok, "reference: {spec}");
    }
}

#[test]
fn a6_apit_sodok_is_the_malay_name_of_mak_yek() {
    for (alias, preset) in [
        ("apit-sodok", "mak-yek"),
        ("Apit-Sodok", "mak-yek"),
        ("apit-sodok+corner=off", "mak-yek+corner=off"),
        ("apit-sodok+diagonal-capture", "mak-yek+diagonal-capture"),
    ] {
        let r = rules(alias);
        assert!(std::ptr::eq(r, rules(preset)), "{alias}");
        assert_eq!(r.preset, Preset::MakYek);
        assert_eq!(r.to_string(), rules(preset).to_string(), "{alias}");
        assert!(r.to_string().starts_with("mak-yek"), "{alias}: {r}");
        // The reference reads the alias the same way.
        let mut reference = RefGame::new(alias, None).unwrap();
        let mut g = HasamiGame::new(r);
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
        reference.play(&mv.to_string()).unwrap();
        assert_eq!(g.position().to_string(), reference.fen(), "{alias}");
    }
    assert!(hasami_core::ALIASES
        .iter()
        .any(|a| a.name == "apit-sodok" && a.preset == Preset::MakYek));
    // The old Apit-sodok rules stay written as options.
    let old = rules("hasami-chess+rows=1,2+win=most-captures");
    assert_eq!(
        (
            old.size(),
            old.start_pieces,
            old.options.corner,
            old.options.intervention
        ),
        (8, 16, true, false)
    );
    assert!(old.most_captures);
}

#[test]
fn a6_mak_yek_has_corner_capture_and_ludii_maak_yek_has_not() {
    // Black's a2 closes the corner a1 with b1 (C2); without the corner capture the piece stays.
    let pos = "7w/8/8/8/8/b7/8/wb6 b 0 30";
    assert_eq!(hasami_core::perft(&position("mak-yek", pos), 3), 13_033);
    assert_eq!(
        hasami_core::perft(&position("mak-yek+corner=off", pos), 3),
        13_005
    );
    assert_eq!(captures("mak-yek", pos, "a3a2"), list("a1"));
    assert_eq!(captures("apit-sodok", pos, "a3a2"), list("a1"));
    assert_eq!(captures("mak-yek+corner=off", pos, "a3a2"), none());
}

/// Options that cannot change the game under the other rules are refused, each with its reason;
/// restating a preset's own value is accepted.
#[test]
fn a6_options_that_change_nothing_are_refused_with_the_reason() {
    for (spec, option, why) in [
        (
            "dai-hasami+misere",
            "misere",
            "no win condition counts pieces left (pieces-left/captures)",
        ),
        (
            "hasami+win=lead:3+misere",
            "misere",
            "no win condition counts pieces left",
        ),
        (
            "hasami+five=all",
            "five=all",
            "five in a row is not in the win list",
        ),
        (
            "agon+win=pieces-left:4+five=orthogonal",
            "five=orthogonal",
            "five in a row is not in the win list",
        ),
        ("hasami+max-run=7", "max-run=7", "no line of the 9x9 board"),
        ("hasami+max-run=8", "max-run=8", "more than 7 enemy pieces"),
        (
            "hasami-chess+max-run=6",
            "max-run=6",
            "more than 6 enemy pieces",
        ),
        ("hasami+board=8+max-run=6", "max-run=6", "8x8 board"),
        (
            "hasami+win=pieces-left:1,pieces-left:3",
            "win item 'pieces-left:1'",
            "down to 3 pieces has already lost",
        ),
        (
            "hasami+win=captures:5,pieces-left:4",
            "win item 'pieces-left:4'",
            "'captures:5' ends the game first",
        ),
        (
            "dai-hasami+win=five,five",
            "win item 'five'",
            "listed twice",
        ),
        (
            "hasami+win=lead:3,lead:5",
            "win item 'lead:5'",
            "a lead of 3 pieces wins first",
        ),
        (
            "hasami+win=pieces-left:1,lead:8",
            "win item 'lead:8'",
            "down to 1 before the other can lead by 8",
        ),
    ] {
        let err = HasamiRules::parse(spec).unwrap_err();
        assert!(
            matches!(err, VariantError::NoEffect { .. }),
            "{spec}: {err:?}"
        );
        let text = err.to_string();
        assert!(
            text.starts_with(&format!("{option} changes nothing: ")),
            "{spec}: {text}"
        );
        assert!(text.contains(why), "{spec}: {text}");
    }
    // The same options where they do change the game, and restated defaults, are accepted.
    for spec in [
        "hasami+misere",
        "hasami-chess+misere+win=pieces-left:3",
        "dai-hasami+five=all",
        "agon+five=all",
        "agon+five=orthogonal",
        "hasami+max-run=6",
        "hasami-chess+max-run=5",
        "hasami+corner=on",
        "mak-yek+corner=on+intervention",
        "dai-hasami+misere=off",
        "hasami+five=orthogonal",
        "hasami+win=pieces-left:1",
        "hasami+win=captures:5,lead:3",
        "hasami+win=pieces-left:1,lead:7",
        "agon+win=five,pieces-left:4",
    ] {
        assert!(HasamiRules::parse(spec).is_ok(), "{spec}");
    }
}

#[test]
fn a6_the_refusals_say_why() {
    let err = HasamiRules::parse("dai-hasami+misere")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "misere changes nothing: no win condition counts pieces left (pieces-left/captures)"
    );
    for spec in [
        "hasami+five=all",
        "hasami+max-run=7",
        "hasami+win=five,five",
    ] {
        let err = HasamiRules::parse(spec).unwrap_err().to_string();
        let (_, why) = err.split_once(" changes nothing: ").expect(spec);
        assert!(why.len() > 10, "{spec}: {err}");
    }
}
