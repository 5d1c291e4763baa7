//! S4: moves.

use super::*;

const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The squares of the path that goes k steps along `d` then n − k along `p`, or `None` off the board.
fn path(from: Square, d: (i8, i8), p: (i8, i8), k: u8, n: u8) -> Option<Vec<Square>> {
    let (mut x, mut y) = (from.file() as i8, from.rank() as i8);
    let mut out = Vec::new();
    for i in 0..n {
        let (dx, dy) = if i < k { d } else { p };
        x += dx;
        y += dy;
        if !(0..8).contains(&x) || !(0..8).contains(&y) {
            return None;
        }
        out.push(Square::new(x as u8, y as u8));
    }
    Some(out)
}

#[test]
fn s4_every_split_of_a_four() {
    // S4: a piece showing 4 moves k squares one way and 4 − k at a right angle, k = 0..4, for both
    // perpendiculars of each direction, from every square where the path fits. A blocker on one path of
    // an L leaves the move legal through the other path; a blocked straight path, or both L paths
    // blocked, makes it illegal.
    let shoguns = [sq("a1"), sq("h8")];
    let mut checked = 0;
    for from in (0..64u8).map(magnets::square) {
        if shoguns.contains(&from) {
            continue;
        }
        for d in DIRS {
            for p in DIRS.into_iter().filter(|p| p.0 * d.0 + p.1 * d.1 == 0) {
                for k in 0..=4u8 {
                    let Some(squares) = path(from, d, p, k, 4) else {
                        continue;
                    };
                    if squares.iter().any(|s| shoguns.contains(s)) {
                        continue;
                    }
                    let to = *squares.last().unwrap();
                    let other = if k == 0 || k == 4 {
                        None
                    } else {
                        path(from, p, d, 4 - k, 4)
                    };
                    if other
                        .as_ref()
                        .is_some_and(|o| o.iter().any(|s| shoguns.contains(s)))
                    {
                        continue;
                    }
                    let m = Move::new(from, to);
                    let make = |blockers: &[Square]| {
                        let mut pieces: Vec<(String, String)> =
                            vec![("a1".into(), "S:1".into()), ("h8".into(), "s:1".into())];
                        pieces.push((from.to_string(), "P1:4".into()));
                        for (i, b) in blockers.iter().enumerate() {
                            pieces.push((b.to_string(), format!("P{}:1", i + 2)));
                        }
                        let refs: Vec<(&str, &str)> = pieces
                            .iter()
                            .map(|(a, b)| (a.as_str(), b.as_str()))
                            .collect();
                        build(RANDOM, &refs, 'w')
                    };
                    let open = make(&[]);
                    assert!(open.moves().contains(&m), "{m} on an open board");
                    for &b in &squares[..3] {
                        let pos = make(&[b]);
                        assert_eq!(
                            pos.check_move(m).is_ok(),
                            other.is_some(),
                            "{m} (k = {k}) with a blocker on {b}"
                        );
                        if let Some(o) = &other {
                            for &b2 in &o[..3] {
                                let both = make(&[b, b2]);
                                assert!(
                                    matches!(
                                        both.check_move(m),
                                        Err(ShogunMoveError::Unreachable { number: 4, .. })
                                    ),
                                    "{m}: both paths blocked ({b}, {b2})"
                                );
                            }
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "{checked} paths");
}

#[test]
fn s4_exact_distance_only() {
    // S4: a piece showing n reaches exactly the squares at distance n (with a clear path), no fewer.
    let pos = build(RANDOM, &[("a1", "S:1"), ("h8", "s:1"), ("d4", "P1:4")], 'w');
    let from = sq("d4");
    let dests: Vec<Square> = pos
        .moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect();
    let expect: Vec<Square> = (0..64u8)
        .map(magnets::square)
        .filter(|s| s.file().abs_diff(3) + s.rank().abs_diff(3) == 4)
        .collect();
    let mut dests = dests;
    dests.sort();
    assert_eq!(dests, expect);
    for short in ["d5", "d6", "d7", "e5", "f5", "b4", "d1"] {
        assert!(
            matches!(
                pos.check_move(Move::new(from, sq(short))),
                Err(ShogunMoveError::Unreachable { .. })
            ),
            "d4{short}"
        );
    }
}

#[test]
fn s4_no_jumping_and_no_own_square() {
    // S4: a straight path with a piece on it is closed (no jumping, whatever its colour); the landing
    // square may not hold an own piece.
    let pos = build(
        RANDOM,
        &[
            ("a1", "S:1"),
            ("h8", "s:1"),
            ("d1", "P1:3"),
            ("d2", "p1:1"),
            ("g1", "P2:1"),
        ],
        'w',
    );
    assert!(pos.check_move(mv("d1d4")).is_err(), "over an enemy piece");
    assert_eq!(
        pos.check_move(mv("d1g1")),
        Err(ShogunMoveError::OwnPiece { to: sq("g1") })
    );
    // Both L paths to e3 pass d2 or e1/e2: d1-e1-e2-e3 is open.
    assert!(pos.check_move(mv("d1e3")).is_ok());
}

#[test]
fn s4_capture_only_on_the_landing_square() {
    // S4: the enemy piece on the landing square is captured; an enemy piece beside the path, or on the
    // other (blocked) path of an L, is not, and neither is a piece sandwiched Hasami-style.
    let mut pos = build(
        RANDOM,
        &[
            ("a1", "S:1"),
            ("h8", "s:1"),
            ("c3", "P1:3"),
            ("d3", "p1:1"), // blocks the file-first path c3-d3-e3-e4
            ("d5", "p2:1"), // beside the rank-first path
            ("e4", "p3:2"), // on the landing square
            ("f4", "p4:1"),
            ("g4", "P2:1"), // e4 p3 … f4 p4 … g4: no sandwich capture
        ],
        'w',
    );
    let before = pos.piece_count(RED);
    let captured = pos.play(mv("c3e4")).unwrap();
    assert_eq!(captured.map(|p| (p.side, p.id)), Some((RED, 3)));
    assert_eq!(pos.piece_count(RED), before - 1);
    for (s, id) in [("d3", 1), ("d5", 2), ("f4", 4)] {
        assert_eq!(pos.piece_at(sq(s)).map(|p| p.id), Some(id), "{s} stays");
    }
    assert_eq!(pos.quiet_plies(), 0);
}
