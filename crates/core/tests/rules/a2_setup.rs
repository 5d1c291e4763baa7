//! A2: the setups.

use super::*;

#[test]
fn a2_1_rows_1() {
    let p = HasamiPosition::start(rules("hasami"));
    assert_eq!(p.to_string(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1");
    assert_eq!(p.pieces(Side::First).len(), 9);
    assert_eq!(p.pieces(Side::Second).len(), 9);
    let p = HasamiPosition::start(rules("hasami-chess"));
    assert_eq!(p.to_string(), "wwwwwwww/8/8/8/8/8/8/bbbbbbbb b 0 1");
    assert_eq!(p.pieces(Side::First).len(), 8);
    assert_eq!(
        HasamiPosition::start(rules("hasami+board=8")).to_string(),
        p.to_string()
    );
}

#[test]
fn a2_2_rows_1_2() {
    for v in ["dai-hasami", "dai-hasami-captures", "agon"] {
        let p = HasamiPosition::start(rules(v));
        assert_eq!(
            p.to_string(),
            "wwwwwwwww/wwwwwwwww/9/9/9/9/9/bbbbbbbbb/bbbbbbbbb b 0 1",
            "{v}"
        );
        assert_eq!(p.pieces(Side::First).len(), 18);
        assert_eq!(p.pieces(Side::Second).len(), 18);
    }
    let p = HasamiPosition::start(rules("hasami-chess+rows=1,2"));
    assert_eq!(
        p.to_string(),
        "wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb b 0 1"
    );
    assert_eq!(p.pieces(Side::Second).len(), 16);
}

#[test]
fn a2_3_rows_1_3() {
    let p = HasamiPosition::start(rules("mak-yek"));
    assert_eq!(
        p.to_string(),
        "wwwwwwww/8/wwwwwwww/8/8/bbbbbbbb/8/bbbbbbbb b 0 1"
    );
    assert_eq!(p.pieces(Side::First).len(), 16);
    let p = HasamiPosition::start(rules("hasami+rows=1,3"));
    assert_eq!(
        p.to_string(),
        "wwwwwwwww/9/wwwwwwwww/9/9/9/bbbbbbbbb/9/bbbbbbbbb b 0 1"
    );
    assert_eq!(p.pieces(Side::Second).len(), 18);
    // Depth-1 perft of PERFT.md: 32 moves for mak-yek.
    assert_eq!(HasamiGame::new(rules("mak-yek")).legal_moves().len(), 32);
}
