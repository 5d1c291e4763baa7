//! The sample records of tests/data/records/: the valid ones are canonical, the invalid ones fail
//! as their names say.

use super::*;

#[test]
fn sample_records_are_valid_and_canonical() {
    let mut seen = Vec::new();
    for preset in Preset::ALL {
        let path = data_dir().join(format!("{}.hrec", preset.name()));
        let text = std::fs::read_to_string(&path).unwrap();
        let record = assert_round_trip(&text);
        assert_eq!(
            record.to_string(),
            text,
            "{} is not canonical",
            path.display()
        );
        assert_eq!(record.rules, HasamiRules::preset(preset));
        let game = record.to_game().unwrap();
        assert!(game.outcome().is_some());
        seen.push(path);
    }
    // Apit-sodok's rules before it became Mak-yek's other name, written as options.
    let path = data_dir().join("most-captures-8x8.hrec");
    let text = std::fs::read_to_string(&path).unwrap();
    let record = assert_round_trip(&text);
    assert_eq!(
        record.to_string(),
        text,
        "{} is not canonical",
        path.display()
    );
    assert_eq!(
        record.rules.to_string(),
        "hasami-chess+rows=1,2+win=most-captures"
    );
    assert!(record.to_game().unwrap().outcome().is_some());
    let custom = data_dir().join("custom-start.hrec");
    let text = std::fs::read_to_string(&custom).unwrap();
    let record = assert_round_trip(&text);
    assert_eq!(record.to_string(), text);
    assert!(record.start.is_some());
}

#[test]
fn invalid_sample_records() {
    let cases = [
        ("bad-missing-variant.hrec", 5, 1, "missing Variant tag"),
        ("bad-illegal-move.hrec", 8, 19, "illegal move a9a1"),
        (
            "bad-capture-annotation.hrec",
            7,
            21,
            "wrong capture annotation",
        ),
        (
            "bad-result.hrec",
            9,
            1,
            "result 0-1, but the game ended 1-0",
        ),
        (
            "bad-unterminated-comment.hrec",
            6,
            9,
            "comment is never closed",
        ),
        (
            "bad-position.hrec",
            2,
            11,
            "bad Position tag: rank 1 has 9 squares",
        ),
    ];
    for (file, line, column, message) in cases {
        let text = std::fs::read_to_string(data_dir().join(file)).unwrap();
        let e = parse_err(&text);
        assert_at(&e, line, column);
        assert!(e.to_string().contains(message), "{file}: {e}");
    }
}
