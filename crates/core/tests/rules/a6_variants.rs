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
        ("mak-yek", 8, 16, false, false, false, true, "pieces-left:0"),
        (
            "apit-sodok",
            8,
            16,
            false,
            false,
            true,
            false,
            "most-captures",
        ),
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
        ("apit-sodok", 32),
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
        ("hasami+max-run=8", true),
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
