//! S8 and S9: position and variant text.

use super::s3_numbers::START_1979;
use super::*;

#[test]
fn s8_token_example() {
    // S8: `P6:34` is White piece 6 showing 3 followed by four empty squares.
    let pos = build(RANDOM, &[("a1", "S:1"), ("h8", "s:1"), ("a4", "P6:3")], 'w');
    assert!(pos.to_string().contains("/P6:37/"));
    let text = "P6:34s:12/8/8/8/8/8/8/S:17 w 1979 0 0 0 1";
    let pos = ShogunPosition::from_text(text, rules(RANDOM)).unwrap();
    let p = pos.piece_at(sq("a8")).unwrap();
    assert_eq!((p.side, p.id, p.number), (WHITE, 6, 3));
    assert_eq!(pos.piece_at(sq("f8")).map(|p| p.is_shogun()), Some(true));
    assert_eq!(pos.to_string(), text);
}

#[test]
fn s8_seed_and_rotation_of_the_text_choose_the_board() {
    // S8: the text carries seed and rotation; they pick the magnet board.
    let text = START_1979[1];
    let pos = ShogunPosition::from_text(text, ShogunRules::standard()).unwrap();
    assert_eq!(pos.rules().options.rotation, 1);
    assert_eq!(pos.to_string(), text);
    assert_eq!(pos.rules().to_string(), "shogun+rotation=1");
}

#[test]
fn s9_variant_text() {
    let r = ShogunRules::standard();
    assert_eq!(r.to_string(), "shogun");
    let o = r.options;
    assert!(!o.capture_allowed && !o.random_numbers);
    assert_eq!((o.setup, o.first), (ShogunSetup::Fixed, Side::First));
    assert_eq!(
        (o.seed, o.rotation, o.repetition, o.quiet),
        (1979, 0, 3, 100)
    );
    let all = rules(
        "SHOGUN+capture=allowed+numbers=random+seed=42+setup=shuffle+first=red+repetition=2+quiet=0",
    );
    assert_eq!(
        all.to_string(),
        "shogun+capture=allowed+numbers=random+seed=42+setup=shuffle+first=red+repetition=2+quiet=0"
    );
    assert_eq!(
        rules("shogun+first=red+rotation=3+setup=choose").to_string(),
        "shogun+rotation=3+setup=choose+first=red"
    );
    assert_eq!(
        rules("shogun+capture=forbidden+numbers=magnets+setup=fixed"),
        r
    );
    assert_eq!(rules("shogun+seed=1+seed=1979"), r, "the last value counts");
    // The Variant entry point handles both families.
    assert!(matches!(
        Variant::parse("shogun+seed=42"),
        Ok(Variant::Shogun(_))
    ));
    assert!(matches!(Variant::parse("hasami"), Ok(Variant::Hasami(_))));
    assert_eq!(Variant::parse(" Shogun ").unwrap().size(), 8);
    assert!(
        hasami_core::HasamiRules::parse("shogun").is_err(),
        "Rules::parse is Hasami only"
    );
}

#[test]
fn s9_an_option_that_changes_nothing_is_refused_with_the_reason() {
    // A6 (for S9 too): with numbers=random no number comes from the magnets, so a rotation of
    // the magnet board changes nothing.
    let e = ShogunRules::parse("shogun+numbers=random+rotation=2").unwrap_err();
    assert!(
        e.to_string()
            .contains("'rotation=2' changes nothing here: with numbers=random"),
        "{e}"
    );
    // Rotation 0 is the default restated, and a seed still seeds the drawn numbers.
    assert!(ShogunRules::parse("shogun+numbers=random+rotation=0+seed=5").is_ok());
}
