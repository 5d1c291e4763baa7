//! Shogun rules (RULES.md Part B), one or more tests per rule id (S1–S9). Positions are S8 text;
//! hand-made ones use `numbers=random`, where any number may be written, so that each test can give a
//! piece exactly the number it needs (moves, safety and the end are the same in both number modes).

use hasami_core::shogun::magnets::{self, Magnets};
use hasami_core::shogun::{describe, side_name};
use hasami_core::SplitMix64;
use hasami_core::{DrawReason, Move, Outcome, Side, Square, Variant, WinReason};
use hasami_core::{ShogunGame, ShogunMoveError, ShogunPiece, ShogunPosition, ShogunRules};

const WHITE: Side = Side::First;
const RED: Side = Side::Second;

fn sq(text: &str) -> Square {
    Square::parse(text, 8).unwrap()
}

fn mv(text: &str) -> Move {
    Move::parse(text, 8).unwrap()
}

fn rules(text: &str) -> &'static ShogunRules {
    ShogunRules::parse(text).unwrap()
}

/// A position of `variant` (default state 0 for `numbers=random`) from pieces as `(square, token)`,
/// e.g. `("d4", "P1:4")`; `side` is `w` or `r`.
fn build(variant: &str, pieces: &[(&str, &str)], side: char) -> ShogunPosition {
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; 8]; 8];
    for (s, token) in pieces {
        let q = sq(s);
        grid[q.rank() as usize][q.file() as usize] = Some(token);
    }
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut r = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        r += &empty.to_string();
                        empty = 0;
                    }
                    r += t;
                }
            }
        }
        if empty > 0 {
            r += &empty.to_string();
        }
        ranks.push(r);
    }
    let r = rules(variant);
    let state = if r.options.random_numbers { " 0" } else { "" };
    let text = format!("{} {side} 1979 0{state} 0 1", ranks.join("/"));
    ShogunPosition::from_text(&text, r).unwrap_or_else(|e| panic!("{text}: {e}"))
}

const RANDOM: &str = "shogun+numbers=random";

// ---- S1 board and pieces --------------------------------------------------------------------------

#[test]
fn s1_board_sides_and_pieces() {
    // S1: 8×8, 7 pieces and a Shogun each, White (the first player, Side::First) moves first.
    let pos = ShogunPosition::start(ShogunRules::standard());
    assert_eq!(pos.rules().size(), 8);
    assert_eq!(pos.side(), WHITE);
    assert_eq!(side_name(WHITE), "White");
    assert_eq!(side_name(RED), "Red");
    for side in [WHITE, RED] {
        assert_eq!(pos.piece_count(side), 8);
        let list: Vec<ShogunPiece> = pos
            .piece_list()
            .into_iter()
            .filter(|p| p.side == side)
            .collect();
        assert_eq!(list.iter().filter(|p| p.is_shogun()).count(), 1);
    }
    // S1: squares off the 8×8 board are rejected.
    assert!(Move::parse("a1i1", 8).is_err());
    assert!(Move::parse("a1a9", 8).is_err());
    assert!(pos.to_string().ends_with(" w 1979 0 0 1"));
}

// ---- S2 setup -------------------------------------------------------------------------------------

#[test]
fn s2_fixed_setup_squares_and_ids() {
    // S2: White a1=1 b1=2 c1=3 d1=4 e1=Shogun f1=5 g1=6 h1=7; Red h8=1 … e8=4, d8=Shogun, c8=5 b8=6 a8=7.
    let pos = ShogunPosition::start(ShogunRules::standard());
    let expect = [
        ("a1", WHITE, 1),
        ("b1", WHITE, 2),
        ("c1", WHITE, 3),
        ("d1", WHITE, 4),
        ("e1", WHITE, 0),
        ("f1", WHITE, 5),
        ("g1", WHITE, 6),
        ("h1", WHITE, 7),
        ("h8", RED, 1),
        ("g8", RED, 2),
        ("f8", RED, 3),
        ("e8", RED, 4),
        ("d8", RED, 0),
        ("c8", RED, 5),
        ("b8", RED, 6),
        ("a8", RED, 7),
    ];
    for (s, side, id) in expect {
        let p = pos.piece_at(sq(s)).unwrap();
        assert_eq!((p.side, p.id), (side, id), "{s}");
    }
    assert_eq!(pos.shogun(WHITE), Some(sq("e1")));
    assert_eq!(pos.shogun(RED), Some(sq("d8")));
}

#[test]
fn s2_shuffled_setup() {
    // S2/S3 (4): setup=shuffle permutes each side's ids on the same squares, the Shoguns stay.
    let r = rules("shogun+setup=shuffle");
    let pos = ShogunPosition::start(r);
    assert_eq!(pos.shogun(WHITE), Some(sq("e1")));
    assert_eq!(pos.shogun(RED), Some(sq("d8")));
    let mut white: Vec<u8> = ["a1", "b1", "c1", "d1", "f1", "g1", "h1"]
        .iter()
        .map(|s| pos.piece_at(sq(s)).unwrap().id)
        .collect();
    assert_ne!(white, [1, 2, 3, 4, 5, 6, 7]);
    white.sort();
    assert_eq!(white, [1, 2, 3, 4, 5, 6, 7]);
    // The plain re-implementation below draws the same permutation.
    assert_eq!(plain_magnets(1979, 0, true).2, r.magnets.setup);
    // Shuffling comes after the discs, so the discs are the same as without it.
    assert_eq!(r.magnets.disc, ShogunRules::standard().magnets.disc);
}

// ---- S3 numbers -----------------------------------------------------------------------------------

#[test]
fn s3_splitmix64_reference_values() {
    // S3: SplitMix64 from state 0 gives the published first outputs.
    let mut r = SplitMix64(0);
    assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
}

/// Directions after rotation, discs by side and id 1–7, setup ids, generator state after the draws.
type Plain = ([u8; 64], [[[u8; 4]; 7]; 2], [[u8; 7]; 2], u64);

/// S3 written out plainly (no tables): returns (direction per square after rotation, discs by side and
/// id 1–7, setup ids, generator state after the draws).
fn plain_magnets(seed: u64, rotation: u8, shuffle: bool) -> Plain {
    let mut rng = SplitMix64(seed);
    let mut fy = |a: &mut [u8]| {
        let mut i = a.len() - 1;
        while i >= 1 {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            a.swap(i, j);
            i -= 1;
        }
    };
    let mut dirs = [0u8; 64];
    for (i, d) in dirs.iter_mut().enumerate() {
        *d = (i / 16) as u8;
    }
    fy(&mut dirs);
    let mut discs = [[[0u8; 4]; 7]; 2];
    for side in &mut discs {
        for d in side.iter_mut() {
            let mut a = [1, 2, 3, 4];
            fy(&mut a);
            *d = a;
        }
    }
    let mut setup = [[1, 2, 3, 4, 5, 6, 7]; 2];
    if shuffle {
        fy(&mut setup[0]);
        fy(&mut setup[1]);
    }
    let mut rotated = [0u8; 64];
    for y in 0..8u8 {
        for x in 0..8u8 {
            let (mut rx, mut ry) = (x, y);
            for _ in 0..rotation {
                (rx, ry) = (7 - ry, rx); // R(x, y) = (7 − y, x)
            }
            rotated[(y * 8 + x) as usize] = (dirs[(ry * 8 + rx) as usize] + rotation) % 4;
        }
    }
    (rotated, discs, setup, rng.0)
}

#[test]
fn s3_magnet_board_matches_a_plain_reimplementation() {
    // S3: directions, discs, facing and rotation, for several seeds and every rotation.
    for seed in [0, 1, 1979, 42, u64::MAX] {
        for rotation in 0..4 {
            let m = Magnets::new(seed, rotation, false);
            let (dirs, discs, _, state) = plain_magnets(seed, rotation, false);
            assert_eq!(m.direction, dirs, "seed {seed} rotation {rotation}");
            assert_eq!(m.state, state);
            for (s, side) in [(0usize, WHITE), (1, RED)] {
                let facing = [0, 2][s];
                assert_eq!(m.disc[s][0], [1, 2, 1, 2], "the Shogun's disc");
                for id in 1..8 {
                    assert_eq!(m.disc[s][id], discs[s][id - 1]);
                    for q in 0..64 {
                        let expect = discs[s][id - 1][((dirs[q] + facing) % 4) as usize];
                        assert_eq!(m.number[s][id][q], expect, "{side:?} {id} {q}");
                    }
                }
            }
        }
    }
}

/// The start position of `shogun+rotation=R` (seed 1979) for R = 0–3.
///
/// Checked by hand against S3 (and by an independent Python script of S3): the draws give the
/// directions a1…h1 = 0 3 0 3 2 2 2 2 and White piece 1's disc [2, 4, 3, 1]. Rotation 0: a1 has
/// direction 0, facing 0, so P1 shows disc[0] = 2 (`P1:2`); e1 has direction 2, so the White Shogun
/// shows [1,2,1,2][2] = 1 (`S:1`). Rotation 1: a1 = (0, 0) takes the magnet of R(0, 0) = (7, 0) = h1,
/// direction 2 + 1 = 3, so P1 shows disc[3] = 1 (`P1:1`).
const START_1979: [&str; 4] = [
    "p7:4p6:3p5:3s:1p4:2p3:4p2:4p1:1/8/8/8/8/8/8/P1:2P2:2P3:3P4:4S:1P5:1P6:4P7:1 w 1979 0 0 1",
    "p7:2p6:1p5:2s:1p4:4p3:1p2:2p1:1/8/8/8/8/8/8/P1:1P2:3P3:3P4:1S:2P5:1P6:4P7:1 w 1979 1 0 1",
    "p7:4p6:3p5:1s:1p4:3p3:2p2:4p1:3/8/8/8/8/8/8/P1:1P2:2P3:4P4:1S:1P5:4P6:4P7:1 w 1979 2 0 1",
    "p7:4p6:3p5:1s:2p4:2p3:2p2:1p1:1/8/8/8/8/8/8/P1:1P2:4P3:1P4:3S:1P5:2P6:1P7:3 w 1979 3 0 1",
];

#[test]
fn s3_start_numbers_seed_1979_every_rotation() {
    for (r, text) in START_1979.iter().enumerate() {
        let rules = rules(&format!("shogun+rotation={r}"));
        assert_eq!(
            ShogunPosition::start(rules).to_string(),
            *text,
            "rotation {r}"
        );
    }
}

#[test]
fn s3_rotation_changes_the_numbers() {
    let tables: Vec<_> = (0..4)
        .map(|r| rules(&format!("shogun+rotation={r}")).magnets.number)
        .collect();
    for a in 0..4 {
        for b in a + 1..4 {
            assert_ne!(tables[a], tables[b], "rotations {a} and {b}");
        }
    }
    assert_ne!(
        START_1979[0].split(' ').next(),
        START_1979[1].split(' ').next()
    );
    // A different seed is a different board too.
    assert_ne!(rules("shogun+seed=42").magnets.number, tables[0]);
}

#[test]
fn s3_same_square_same_number_again() {
    // S3: a piece shows the number of its landing square; back on a square, it shows that square's
    // number again. Every move of a random game is checked against the magnet table.
    let r = ShogunRules::standard();
    let mut pos = ShogunPosition::start(r);
    let mut rng = SplitMix64(5);
    let mut seen = std::collections::HashMap::new();
    let mut returns = 0;
    for _ in 0..400 {
        if pos.status().is_some() {
            pos = ShogunPosition::start(r);
        }
        let m = pos.pick_move(|n| rng.below(n)).unwrap();
        pos.play_unchecked(m);
        let p = pos.piece_at(m.to).unwrap();
        assert_eq!(
            Some(p.number),
            pos.number_on(p.side, p.id, m.to),
            "{m}: the magnets' number"
        );
        if let Some(&n) = seen.get(&(p.side, p.id, m.to)) {
            assert_eq!(n, p.number);
            returns += 1;
        }
        seen.insert((p.side, p.id, m.to), p.number);
    }
    assert!(returns > 10, "pieces came back to squares {returns} times");
}

#[test]
fn s3_leave_and_return_to_start() {
    // S3: White's piece leaves its square and comes back (and Red's likewise): the position is the
    // start again, numbers included.
    let start = ShogunPosition::start(ShogunRules::standard());
    let cycle = find_cycle(&start).expect("a two-move cycle from the start");
    let mut pos = start;
    for m in cycle {
        pos.play(m).unwrap();
    }
    assert_eq!(pos.hash(), start.hash());
    let board = |p: &ShogunPosition| p.to_string().split(' ').next().unwrap().to_string();
    assert_eq!(board(&pos), board(&start));
}

/// Moves a→b (White), c→d (Red), b→a, d→c, all legal, from `pos`.
fn find_cycle(pos: &ShogunPosition) -> Option<[Move; 4]> {
    for w in pos.moves() {
        let mut p1 = *pos;
        p1.play_unchecked(w);
        for r in p1.moves() {
            let mut p2 = p1;
            p2.play_unchecked(r);
            let w_back = Move::new(w.to, w.from);
            if p2.check_move(w_back).is_err() {
                continue;
            }
            let mut p3 = p2;
            p3.play_unchecked(w_back);
            let r_back = Move::new(r.to, r.from);
            if p3.check_move(r_back).is_ok() {
                return Some([w, r, w_back, r_back]);
            }
        }
    }
    None
}

#[test]
fn s3_shogun_shows_one_or_two() {
    // S3: the Shogun's disc is [1, 2, 1, 2]: opposite directions give the same number.
    let m = &ShogunRules::standard().magnets;
    for side in 0..2 {
        for q in 0..64 {
            let n = m.number[side][0][q];
            assert!(n == 1 || n == 2);
            assert_eq!(
                n,
                [1, 2, 1, 2][(m.direction[q] as usize + [0, 2][side]) % 4]
            );
        }
    }
}

#[test]
fn s3_random_numbers_drawn_in_setup_order_and_after_every_move() {
    // S3 numbers=random: start numbers 1 + next() mod 4 (Shogun mod 2) in the order White 1–7, White
    // Shogun, Red 1–7, Red Shogun, after the magnet draws; then one draw per move for the moved piece.
    let r = rules(RANDOM);
    let pos = ShogunPosition::start(r);
    let mut g = SplitMix64(plain_magnets(1979, 0, false).3);
    let order = [
        ("a1", 4),
        ("b1", 4),
        ("c1", 4),
        ("d1", 4),
        ("f1", 4),
        ("g1", 4),
        ("h1", 4),
        ("e1", 2),
        ("h8", 4),
        ("g8", 4),
        ("f8", 4),
        ("e8", 4),
        ("c8", 4),
        ("b8", 4),
        ("a8", 4),
        ("d8", 2),
    ];
    for (s, m) in order {
        let expect = 1 + (g.next() % m) as u8;
        assert_eq!(pos.piece_at(sq(s)).unwrap().number, expect, "{s}");
    }
    assert_eq!(pos.rng_state(), g.0);
    // After every move: one draw, for the moved piece only.
    let mut pos = pos;
    let mut rng = SplitMix64(9);
    for _ in 0..200 {
        if pos.status().is_some() {
            break;
        }
        let before = pos;
        let m = pos.pick_move(|n| rng.below(n)).unwrap();
        let mover = before.piece_at(m.from).unwrap();
        pos.play_unchecked(m);
        let mut g = SplitMix64(before.rng_state());
        let expect = 1 + (g.next() % if mover.is_shogun() { 2 } else { 4 }) as u8;
        assert_eq!(pos.piece_at(m.to).unwrap().number, expect);
        assert_eq!(pos.rng_state(), g.0);
        for p in before.piece_list() {
            if p.square != m.from && p.square != m.to {
                assert_eq!(pos.piece_at(p.square), Some(p));
            }
        }
    }
}

// ---- S4 moves -------------------------------------------------------------------------------------

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

// ---- S5 Shogun safety -----------------------------------------------------------------------------

#[test]
fn s5_refused_even_when_the_capture_would_win() {
    // S5: White's a3 piece shields its Shogun on a1 from the Red piece on a5 (showing 4). Taking c3
    // would leave Red with two pieces (an S6 win), but it opens a5-a1, so it is illegal.
    let text_pieces = [
        ("a1", "S:1"),
        ("a3", "P1:2"),
        ("h1", "P2:1"),
        ("a5", "p1:4"),
        ("c3", "p2:1"),
        ("h8", "s:1"),
    ];
    let pos = build(RANDOM, &text_pieces, 'w');
    assert!(!pos.shogun_attacked(WHITE));
    assert_eq!(
        pos.check_move(mv("a3c3")),
        Err(ShogunMoveError::ShogunInDanger {
            side: WHITE,
            by: sq("a5")
        })
    );
    assert!(!pos.moves().contains(&mv("a3c3")));
    let mut game = ShogunGame::from_position(pos);
    let err = game.play_text("a3c3").unwrap_err().to_string();
    assert!(err.contains("Shogun!") && err.contains("a5"), "{err}");
    assert_eq!(game.played().len(), 0);
    // S7: under the 1976 rules the same capture is legal and wins at once (S6, two pieces left).
    let pos = build("shogun+numbers=random+capture=allowed", &text_pieces, 'w');
    let mut game = ShogunGame::from_position(pos);
    game.play_text("a3c3").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::PiecesLeft { left: 2 }
        })
    );
}

#[test]
fn s5_never_onto_the_enemy_shogun() {
    // S5: under the 1979 rules a move onto the enemy Shogun is never legal (here the position is loaded
    // with Red's Shogun exposed).
    let pos = build(
        RANDOM,
        &[
            ("a1", "S:1"),
            ("d4", "P1:2"),
            ("h1", "P2:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
        ],
        'w',
    );
    assert!(pos.shogun_attacked(RED));
    assert_eq!(
        pos.check_move(mv("d4d6")),
        Err(ShogunMoveError::ShogunCapture { to: sq("d6") })
    );
    assert!(pos.moves().iter().all(|m| m.to != sq("d6")));
}

#[test]
fn s5_shogun_may_not_step_into_reach_and_pinned_attackers_count() {
    // S5: the White Shogun (showing 1) may not step next to the Red Shogun showing 1: the Red Shogun
    // "could capture" it even though that capture would itself never be legal.
    let pos = build(
        RANDOM,
        &[
            ("d4", "S:1"),
            ("a1", "P1:1"),
            ("h1", "P2:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
        ],
        'w',
    );
    assert_eq!(
        pos.check_move(mv("d4d5")),
        Err(ShogunMoveError::ShogunInDanger {
            side: WHITE,
            by: sq("d6")
        })
    );
    assert!(pos.check_move(mv("d4c4")).is_ok());
    assert!(pos.check_move(mv("d4d3")).is_ok());
}

// ---- S6 end ---------------------------------------------------------------------------------------

/// Found by random playouts with seed 1979 magnets: Red to move, Red's Shogun on d5 is attacked by
/// White's e6 piece (showing 2, via d6 or e5), and every Red move leaves it attacked.
const MATE: &str = "8/8/4P1:23/P3:41p7:1s:14/3P7:24/2S:15/8/4p2:12p4:1 r 1979 0 14 54";
/// Likewise: Red to move, not attacked, no legal move at all.
const STALEMATE: &str =
    "4s:23/2P2:11p3:4p1:42/8/5P6:42/8/2P4:35/2S:15/2P1:21P5:1P7:12 r 1979 0 0 33";

#[test]
fn s6_checkmate_loses() {
    let pos = ShogunPosition::from_text(MATE, ShogunRules::standard()).unwrap();
    assert!(pos.shogun_attacked(RED));
    assert_eq!(pos.attackers(RED).iter().collect::<Vec<_>>(), [sq("e6")]);
    assert!(pos.moves().is_empty());
    // Every move the pieces could make by S4 is refused by S5.
    for p in pos.piece_list().into_iter().filter(|p| p.side == RED) {
        for to in (0..64u8).map(magnets::square) {
            let r = pos.check_move(Move::new(p.square, to));
            assert!(
                !matches!(r, Ok(()) | Err(ShogunMoveError::NotYourPiece { .. })),
                "{}{to}",
                p.square
            );
        }
    }
    let o = ShogunGame::from_position(pos).outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: WHITE,
            reason: WinReason::Checkmate
        }
    );
    assert_eq!(
        describe(o),
        "White wins: the Red Shogun is attacked and cannot be saved"
    );
}

#[test]
fn s6_no_move_loses_without_attack() {
    let pos = ShogunPosition::from_text(STALEMATE, ShogunRules::standard()).unwrap();
    assert!(!pos.shogun_attacked(RED));
    assert!(pos.moves().is_empty());
    assert_eq!(
        pos.status(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::NoMoves
        })
    );
}

#[test]
fn s6_two_pieces_left_loses_at_once() {
    // S6: White takes c3; Red is left with its Shogun and one piece and loses at once.
    let pos = build(
        RANDOM,
        &[
            ("a1", "S:1"),
            ("a3", "P1:2"),
            ("h1", "P2:1"),
            ("c3", "p2:1"),
            ("h7", "p1:1"),
            ("h8", "s:1"),
        ],
        'w',
    );
    let mut game = ShogunGame::from_position(pos);
    assert_eq!(game.outcome(), None);
    game.play_text("a3c3").unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: WHITE,
            reason: WinReason::PiecesLeft { left: 2 }
        }
    );
    assert_eq!(describe(o), "White wins: Red is down to 2 pieces");
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.play_text("h1h2"),
        Err(hasami_core::PlayError::Illegal {
            mv: mv("h1h2"),
            error: ShogunMoveError::GameOver
        })
    );
    // Loaded with two pieces: already lost, before the quiet limit (S6 order).
    let two = build(
        "shogun+numbers=random+quiet=5",
        &[
            ("a1", "S:1"),
            ("h1", "P2:1"),
            ("b2", "P3:1"),
            ("h7", "p1:1"),
            ("h8", "s:1"),
        ],
        'r',
    );
    let two = ShogunPosition::from_text(&two.to_string().replace(" 0 0 1", " 0 9 1"), two.rules())
        .unwrap();
    assert_eq!(two.quiet_plies(), 9);
    assert_eq!(
        two.status(),
        Some(Outcome::Win {
            winner: WHITE,
            reason: WinReason::PiecesLeft { left: 2 }
        })
    );
}

#[test]
fn s6_repetition_draws() {
    // S6/D1: the start position appears for the third time after two cycles of four moves.
    let r = ShogunRules::standard();
    let start = ShogunPosition::start(r);
    let cycle = find_cycle(&start).unwrap();
    let mut game = ShogunGame::new(r);
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(game.outcome(), None, "before move {i}");
        game.play(*m).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Repetition(3)))
    );
    // repetition=0 turns it off.
    let mut game = ShogunGame::new(rules("shogun+repetition=0"));
    for m in cycle.iter().chain(cycle.iter()).chain(cycle.iter()) {
        game.play(*m).unwrap();
    }
    assert_eq!(game.outcome(), None);
    // The generator state is not compared (S6): with numbers=random a repeated board draws even
    // though the state moved on. (Same cycle search on the random start.)
    let r = rules(RANDOM);
    let start = ShogunPosition::start(r);
    if let Some(cycle) = find_cycle(&start) {
        let mut pos = start;
        for m in cycle {
            pos.play(m).unwrap();
        }
        if pos.to_string().split(' ').next() == start.to_string().split(' ').next() {
            assert_eq!(pos.hash(), start.hash());
            assert_ne!(pos.rng_state(), start.rng_state());
        }
    }
}

#[test]
fn s6_quiet_limit_draws() {
    // S6/D2: quiet=4: four plies without a capture end the game in a draw.
    let r = rules("shogun+quiet=4");
    let mut game = ShogunGame::new(r);
    let mut rng = SplitMix64(3);
    for _ in 0..4 {
        assert_eq!(game.outcome(), None);
        let quiet: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| game.position().piece_at(m.to).is_none())
            .collect();
        let m = quiet[rng.below(quiet.len() as u64) as usize];
        game.play(m).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::QuietLimit(4)))
    );
}

// ---- S7 1976 rules --------------------------------------------------------------------------------

#[test]
fn s7_capturing_the_shogun_wins() {
    let pos = build(
        "shogun+numbers=random+capture=allowed",
        &[
            ("a1", "S:1"),
            ("d4", "P1:2"),
            ("h1", "P2:1"),
            ("g1", "P3:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
            ("f8", "p3:1"),
        ],
        'w',
    );
    let mut game = ShogunGame::from_position(pos);
    assert!(game.legal_moves().contains(&mv("d4d6")));
    let played = game.play_text("d4d6").unwrap();
    assert!(played.captured.unwrap().is_shogun());
    let o = game.outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: WHITE,
            reason: WinReason::ShogunCaptured
        }
    );
    assert_eq!(describe(o), "White wins: White captured the Red Shogun");
    // The finished position round-trips (S8) under the 1976 rules, and is judged the same.
    let text = game.position().to_string();
    let back = ShogunPosition::from_text(&text, game.position().rules()).unwrap();
    assert_eq!(back.status(), Some(o));
}

#[test]
fn s7_no_safety_rule() {
    // S7: S5 does not apply: the Shogun may stay (or step) where it can be captured.
    let pos = build(
        "shogun+numbers=random+capture=allowed",
        &[
            ("d4", "S:1"),
            ("a1", "P1:1"),
            ("h1", "P2:1"),
            ("d6", "s:1"),
            ("h8", "p1:1"),
            ("g8", "p2:1"),
        ],
        'w',
    );
    assert!(pos.check_move(mv("d4d5")).is_ok());
}

// ---- S8 / S9 text ---------------------------------------------------------------------------------

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
    assert!(!o.capture_allowed && !o.random_numbers && !o.shuffle);
    assert_eq!(
        (o.seed, o.rotation, o.repetition, o.quiet),
        (1979, 0, 3, 100)
    );
    let all = rules(
        "SHOGUN+capture=allowed+numbers=random+seed=42+rotation=3+setup=shuffle+repetition=2+quiet=0",
    );
    assert_eq!(
        all.to_string(),
        "shogun+capture=allowed+numbers=random+seed=42+rotation=3+setup=shuffle+repetition=2+quiet=0"
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
fn s5_move_generation_agrees_with_checking_every_square_pair() {
    // S4/S5: the generator (which looks only at enemy pieces whose number reaches the Shogun) gives
    // exactly the moves `check_move` accepts, found by trying every pair of squares; the split into
    // captures and other moves, and the bulk counts, agree with that list. Random games, 1979 rules
    // and the 1976 ones (no safety rule), with the Shogun moving and pinned pieces along the way.
    for (variant, seed) in [("shogun", 11), ("shogun+capture=allowed", 12)] {
        let r = rules(variant);
        let mut pos = ShogunPosition::start(r);
        let mut rng = SplitMix64(seed);
        for ply in 0..300 {
            if pos.status().is_some() {
                pos = ShogunPosition::start(r);
            }
            let mut oracle = Vec::new();
            for from in 0..64u8 {
                for to in 0..64u8 {
                    let m = Move::new(Square::new(from % 8, from / 8), Square::new(to % 8, to / 8));
                    if pos.check_move(m).is_ok() {
                        oracle.push(m);
                    }
                }
            }
            oracle.sort_unstable();
            assert_eq!(pos.moves(), oracle, "{variant} ply {ply}: {pos:?}");
            let enemy = pos.pieces(!pos.side());
            let split = |captures: bool| {
                let mut v = Vec::new();
                pos.generate_captures(captures, |pm| {
                    v.extend(pm.iter());
                    false
                });
                v.sort_unstable();
                v
            };
            let (takes, others): (Vec<Move>, Vec<Move>) =
                oracle.iter().partition(|m| enemy.has(m.to));
            assert_eq!(split(true), takes, "{variant} ply {ply}: captures");
            assert_eq!(split(false), others, "{variant} ply {ply}: other moves");
            let targets = takes
                .iter()
                .map(|m| m.to)
                .collect::<std::collections::BTreeSet<_>>();
            assert_eq!(
                pos.mobility(),
                (oracle.len() as u32, targets.len() as u32),
                "{variant} ply {ply}: mobility"
            );
            let Some(m) = pos.pick_move(|n| rng.below(n)) else {
                pos = ShogunPosition::start(r);
                continue;
            };
            pos.play_unchecked(m);
        }
    }
}
