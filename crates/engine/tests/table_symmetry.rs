//! Tables indexed with the board's symmetries (docs/tables.md, "Symmetry") hold the value of every
//! placement that a table of every placement holds, about an eighth as large; the rules of every
//! variant with tables treat the images of a position alike.

use hasami_core::{BitBoard, HasamiPosition, HasamiRules, Move, Side, SplitMix64, Square};
use hasami_engine::tables::symmetry::{self, Symmetry};
use hasami_engine::tables::{build, Signature, Table, Value};

/// The image of `b` under transform `g` on a `size`×`size` board.
fn image(g: usize, size: u8, b: BitBoard) -> BitBoard {
    b.iter()
        .fold(BitBoard::EMPTY, |m, sq| m.with(image_sq(g, size, sq)))
}

fn image_sq(g: usize, size: u8, sq: Square) -> Square {
    let t = symmetry::transform(g, size, sq.rank() * size + sq.file());
    Square::new(t % size, t / size)
}

/// Builds `sig` (and what it needs) both ways and compares every placement of every table built.
fn same_values(variant: &str, pieces: &str) {
    let rules = HasamiRules::parse(variant).unwrap();
    let sig: Signature = pieces.parse().unwrap();
    let plain = build::build_all(rules, sig, 2, Symmetry::Off, |_, _| {}).unwrap();
    let folded = build::build_all(rules, sig, 2, Symmetry::Board, |_, _| {}).unwrap();
    assert_eq!(plain.len(), folded.len());
    for (p, f) in plain.iter().zip(&folded) {
        assert_eq!(p.signature(), f.signature());
        let (n, m) = (p.bytes().len() as u64, f.bytes().len() as u64);
        assert!(
            m * 8 >= n && m * 4 < n,
            "{variant} {}: {m} of {n}",
            p.signature()
        );
        let size = rules.size();
        let mut differ = 0u64;
        for i in 0..n {
            let (s, o) = p.indexer().position(i);
            if p.value(s, o) != f.value(s, o) {
                differ += 1;
                if differ < 5 {
                    eprintln!(
                        "{variant} {}: {} is {} without symmetry, {} with",
                        p.signature(),
                        p.position(i),
                        p.value(s, o),
                        f.value(s, o)
                    );
                }
            }
            // Every image has the same value (checked on a sample: the index folds them anyway).
            if i % 97 == 0 {
                for g in 1..symmetry::TRANSFORMS {
                    let (gs, go) = (image(g, size, s), image(g, size, o));
                    assert_eq!(p.value(gs, go), p.value(s, o), "{variant} image {g}");
                }
            }
        }
        assert_eq!(differ, 0, "{variant} {}", p.signature());
        // Every entry holds its own position's value, repeats of another entry too (tools read
        // the bytes: sampling, counts).
        for j in 0..m {
            let (s, o) = f.indexer().position(j);
            assert_eq!(Value::from_byte(f.bytes()[j as usize]), f.value(s, o));
        }
    }
    // There are wins to find (tables of only draws would compare trivially).
    assert!(
        plain.iter().any(|t: &Table| t.counts().wins > 0),
        "{variant}"
    );
}

#[test]
fn hasami_chess_2v2_folded_holds_every_placements_value() {
    same_values("hasami-chess", "2v2");
}

#[test]
fn hasami_with_diagonal_captures_2v2_on_the_odd_board_folded_holds_every_value() {
    same_values("hasami+diagonal-capture=on", "2v2");
}

#[test]
fn mak_yek_3v1_with_its_smaller_tables_folded_holds_every_value() {
    same_values("mak-yek", "3v1");
}

#[test]
fn the_rules_of_table_variants_treat_images_alike() {
    // A move of a position and its image under each of the board's symmetries capture the images
    // of the same pieces, and the positions are judged alike.
    let variants = [
        "hasami",
        "hasami-chess",
        "mak-yek",
        "hasami+diagonal-capture=on",
        "hasami+movement=step",
        "hasami+corner=off",
        "hasami+max-run=6",
        "hasami-chess+jump=on",
        "hasami+misere=on",
    ];
    let mut rng = SplitMix64(81);
    for v in variants {
        let rules = HasamiRules::parse(v).unwrap();
        assert!(hasami_engine::tables::unsupported(rules).is_none(), "{v}");
        let size = rules.size();
        let mut captures = 0;
        for pos in hasami_core::random_game(&HasamiPosition::start(rules), &mut rng, 400) {
            for g in 1..symmetry::TRANSFORMS {
                let pieces = [Side::First, Side::Second].map(|s| image(g, size, pos.pieces(s)));
                let img = HasamiPosition::from_pieces(rules, pieces, pos.side(), pos.quiet_plies());
                let mut moves = Vec::new();
                pos.for_each_move_into(rules.board, |mv| moves.push(mv));
                let mut img_moves = Vec::new();
                img.for_each_move_into(rules.board, |mv| img_moves.push(mv));
                assert_eq!(moves.len(), img_moves.len(), "{v} {pos} image {g}");
                for mv in moves {
                    let gm = Move::new(image_sq(g, size, mv.from), image_sq(g, size, mv.to));
                    assert!(img_moves.contains(&gm), "{v} {pos} {mv} image {g}");
                    let (mut a, mut b) = (pos, img);
                    let (ca, cb) = (a.play_unchecked(mv), b.play_unchecked(gm));
                    assert_eq!(image(g, size, ca), cb, "{v} {pos} {mv} image {g}");
                    captures += ca.len();
                    assert_eq!(
                        a.judge(None, false),
                        b.judge(None, false),
                        "{v} {pos} {mv} image {g}"
                    );
                }
            }
        }
        assert!(captures > 0, "{v}");
    }
}
