//! S3: the numbers (magnets, rotations, random numbers).

use super::*;

#[test]
fn s3_splitmix64_reference_values() {
    // S3: SplitMix64 from state 0 gives the published first outputs.
    let mut r = SplitMix64(0);
    assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
}

/// Directions after rotation, discs by side and id 1–7, setup ids, generator state after the draws.
pub(super) type Plain = ([u8; 64], [[[u8; 4]; 7]; 2], [[u8; 7]; 2], u64);

/// S3 written out plainly (no tables): returns (direction per square after rotation, discs by side and
/// id 1–7, setup ids, generator state after the draws).
pub(super) fn plain_magnets(seed: u64, rotation: u8, shuffle: bool) -> Plain {
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
pub(super) const START_1979: [&str; 4] = [
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
pub(super) fn find_cycle(pos: &ShogunPosition) -> Option<[Move; 4]> {
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
