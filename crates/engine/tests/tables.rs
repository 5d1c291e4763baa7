//! Endgame tables against a brute-force search and against their own moves (docs/tables.md).

use hasami_core::{HasamiRules, SplitMix64};
use hasami_engine::tables::symmetry::Symmetry;
use hasami_engine::tables::{build, file, verify, Signature, Table, Tables, Value};
use hasami_engine::SearchRequest;

fn sig(s: &str) -> Signature {
    s.parse().unwrap()
}

/// The 2v2 table of `variant`, built in memory.
fn table_2v2(variant: &str, symmetry: Symmetry) -> Table {
    let rules = HasamiRules::parse(variant).unwrap();
    build::build_all(rules, sig("2v2"), 2, symmetry, |_, _| {})
        .unwrap()
        .pop()
        .unwrap()
}

#[test]
fn hasami_chess_2v2_agrees_with_brute_force_and_its_moves() {
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let tables = build::build_all(rules, sig("2v2"), 2, Symmetry::Board, |_, _| {}).unwrap();
    assert_eq!(tables.len(), 1);
    let table = &tables[0];
    let counts = table.counts();
    assert!(
        counts.wins > 0 && counts.losses > 0 && counts.draws > 0,
        "{counts:?}"
    );
    let mut all = Tables::new();
    all.add(table.clone());
    let none = Tables::new();
    let mut rng = SplitMix64(16);
    let n = table.indexer().count();
    let mut by_kind = [0u32; 3];
    let mut depths = std::collections::BTreeSet::new();
    for k in 0..450 {
        let want = k % 3;
        let i = verify::sample(table, want, rng.next() % n).unwrap();
        let pos = table.position(i);
        let v = table.value_of(&pos).unwrap();
        by_kind[verify::kind(v)] += 1;
        depths.insert(v.to_byte());
        verify::consistent(&all, &pos).unwrap();
        verify::brute_force(table, &none, &pos, 5).unwrap();
    }
    // Wins and losses at several distances, up to the 5 plies the brute force sees and beyond.
    assert!(depths.len() >= 8, "{depths:?}");
    assert_eq!(by_kind, [150, 150, 150]);
}

#[test]
fn every_seventh_2v2_position_follows_from_its_moves() {
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let mut all = Tables::new();
    for t in build::build_all(rules, sig("2v2"), 2, Symmetry::Board, |_, _| {}).unwrap() {
        all.add(t);
    }
    let table = &all.tables()[0];
    let mut i = 0;
    while i < table.indexer().count() {
        verify::consistent(&all, &table.position(i)).unwrap();
        i += 7;
    }
}

#[test]
fn every_movement_and_capture_rule_gives_tables_that_follow_from_their_moves() {
    // The build counts a position's moves and plays only those that may capture; the check plays
    // every move. Each rule that changes moves or captures: steps, jumps, diagonal sandwiches,
    // one-piece runs, no corner capture, intervention (mak-yek), and the 3v2 + 2v3 pair.
    for (variant, pieces, every) in [
        ("hasami-chess+movement=step", "2v2", 3),
        ("hasami-chess+jump", "2v2", 3),
        ("hasami-chess+diagonal-capture", "2v2", 3),
        ("hasami+max-run=1+corner=off", "2v2", 5),
        ("mak-yek", "2v2", 3),
        ("hasami-chess+jump+diagonal-capture", "3v2", 97),
    ] {
        let rules = HasamiRules::parse(variant).unwrap();
        let mut all = Tables::new();
        for t in build::build_all(rules, sig(pieces), 2, Symmetry::Board, |_, _| {}).unwrap() {
            all.add(t);
        }
        let mut decided = 0;
        for table in all.tables().iter().filter(|t| t.signature() == sig(pieces)) {
            let mut i = 0;
            while i < table.indexer().count() {
                let pos = table.position(i);
                verify::consistent(&all, &pos).unwrap_or_else(|e| panic!("{variant}: {e}"));
                decided += usize::from(table.value_of(&pos) != Some(Value::Draw));
                i += every;
            }
        }
        assert!(decided > 0, "{variant}: no win or loss checked");
    }
}

#[test]
fn a_table_holds_no_distance_beyond_its_variants_quiet_limit() {
    // Hasami-chess 2v2 has wins up to 9 plies away. Under a quiet limit of 5 (D2) a capture further
    // away cannot be forced before the count draws: the table of `hasami-chess+quiet=5` holds those
    // positions as draws, every other one as the table without that limit does, and each value
    // still follows from the position's moves.
    let full = table_2v2("hasami-chess", Symmetry::Board);
    let short = table_2v2("hasami-chess+quiet=5", Symmetry::Board);
    assert!(full.counts().longest_win > 5, "{:?}", full.counts());
    assert!(short.counts().longest_win <= 5, "{:?}", short.counts());
    assert!(short.counts().longest_loss <= 5, "{:?}", short.counts());
    let beyond = full
        .bytes()
        .iter()
        .zip(short.bytes())
        .inspect(|&(&f, &s)| {
            assert_eq!(
                Value::from_byte(s),
                Value::from_byte(f).with_quiet(0, 5),
                "{f} {s}"
            )
        })
        .filter(|&(&f, &s)| f != s)
        .count();
    assert!(beyond > 0);
    let mut all = Tables::new();
    all.add(short.clone());
    let mut i = 0;
    while i < short.indexer().count() {
        verify::consistent(&all, &short.position(i)).unwrap();
        i += 101;
    }
}

#[test]
fn a_wrong_value_is_caught() {
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let table = table_2v2("hasami-chess", Symmetry::Board);
    let mut bytes = table.bytes().to_vec();
    // A win in 1 said to be a win in 3, and a draw said to be a loss: both checks notice.
    let w1 = bytes
        .iter()
        .position(|&b| b == Value::Win(1).to_byte())
        .unwrap();
    let dr = bytes.iter().position(|&b| b == 0).unwrap();
    bytes[w1] = Value::Win(3).to_byte();
    bytes[dr] = Value::Loss(2).to_byte();
    let bad = Table::from_values(rules, sig("2v2"), Symmetry::Board, bytes).unwrap();
    let mut all = Tables::new();
    all.add(bad.clone());
    for i in [w1, dr] {
        let pos = bad.position(i as u64);
        assert!(verify::consistent(&all, &pos).is_err());
        assert!(verify::brute_force(&bad, &Tables::new(), &pos, 4).is_err());
    }
}

#[test]
fn files_round_trip_and_refuse_others() {
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let table = table_2v2("hasami-chess", Symmetry::Board);
    let dir = tempfile::tempdir().unwrap();
    let path = file::write(&table, dir.path()).unwrap();
    let back = file::read(&path, Some(rules)).unwrap();
    assert_eq!(back.bytes(), table.bytes());
    // Another variant is refused by name.
    let other = HasamiRules::parse("hasami").unwrap();
    let e = file::read(&path, Some(other)).unwrap_err().to_string();
    assert!(e.contains("not of hasami"), "{e}");
    // Another version, a damaged byte, a cut file, garbage: errors, no panic.
    let good = std::fs::read(&path).unwrap();
    let mut v2 = good.clone();
    v2[8] = 3;
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    let mut huge = good.clone();
    huge[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
    for (bytes, want) in [
        (v2, "version 3"),
        (flipped, "checksum"),
        (good[..good.len() - 5].to_vec(), "bytes"),
        (huge, "positions"),
        (b"HASAMITB".to_vec(), "too short"),
        (vec![0u8; 100], "not an endgame table"),
    ] {
        std::fs::write(&path, &bytes).unwrap();
        let e = file::read(&path, None).unwrap_err().to_string();
        assert!(e.contains(want), "{want}: {e}");
    }
    // A directory with a good table loads it.
    std::fs::write(&path, &good).unwrap();
    let loaded = Tables::load_dir(dir.path()).unwrap();
    assert_eq!(loaded.tables().len(), 1);
}

#[test]
fn a_mak_yek_table_built_before_the_corner_capture_is_refused() {
    // A file whose rules revision (bytes 28–31) is 0 was built under the rules before this one: its
    // `mak-yek` meant `mak-yek+corner=off` then. Texts that meant the same game stay readable.
    let dir = tempfile::tempdir().unwrap();
    for (variant, refused) in [
        ("mak-yek", true),
        ("mak-yek+corner=off", false),
        ("hasami-chess", false),
    ] {
        let table = table_2v2(variant, Symmetry::Board);
        let path = file::write(&table, dir.path()).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[28..32], &file::RULES_REVISION.to_le_bytes());
        bytes[28..32].copy_from_slice(&0u32.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let read = file::read(&path, None);
        assert_eq!(read.is_err(), refused, "{variant}");
        if let Err(e) = read {
            let e = e.to_string();
            assert!(
                e.contains("a table of mak-yek+corner=off") && e.contains("build it again"),
                "{e}"
            );
        }
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn unfit_variants_and_materials_are_refused() {
    for v in [
        "dai-hasami",
        "agon",
        "hasami-chess+rows=1,2+win=most-captures",
    ] {
        let rules = HasamiRules::parse(v).unwrap();
        assert!(
            build::build_all(rules, sig("2v2"), 1, Symmetry::Board, |_, _| {}).is_err(),
            "{v}"
        );
    }
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    assert!(build::build_all(rules, sig("2v1"), 1, Symmetry::Board, |_, _| {}).is_err());
    assert!("3x2".parse::<Signature>().is_err());
    assert!("7v2".parse::<Signature>().is_err());
}

#[test]
fn a_build_tells_its_progress_level_by_level() {
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let lower = build::build_all(rules, sig("2v2"), 2, Symmetry::Board, |_, _| {}).unwrap();
    let mut seen = Vec::new();
    let (built, stats) =
        build::build_with_lower(rules, sig("3v2"), &lower, 2, Symmetry::Board, &mut |p| {
            seen.push(p)
        })
        .unwrap();
    let Some(&build::Progress::FirstLook { positions, .. }) = seen.first() else {
        panic!("{seen:?}");
    };
    assert_eq!(positions, stats.positions);
    // Then every distance once, in order, the last being the one the build stopped at.
    let mut decided = 0;
    for (d, p) in seen[1..].iter().enumerate() {
        let &build::Progress::Level {
            distance,
            decided: n,
            ..
        } = p
        else {
            panic!("{p:?}");
        };
        assert_eq!(usize::from(distance), d);
        decided += n;
    }
    assert_eq!(seen.len() - 2, stats.levels as usize);
    // Each position solved is counted at its own distance; repeats of another are copied at the
    // end and not counted.
    let won_or_lost: u64 = built
        .iter()
        .map(|t| t.counts().wins + t.counts().losses)
        .sum();
    assert!(
        decided > won_or_lost / 9 && decided <= won_or_lost,
        "{decided} {won_or_lost}"
    );
}

#[test]
fn the_search_plays_by_the_table() {
    use std::sync::Arc;
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let mut all = Tables::new();
    for t in build::build_all(rules, sig("2v2"), 2, Symmetry::Board, |_, _| {}).unwrap() {
        all.add(t);
    }
    let all = Arc::new(all);
    let table = &all.tables()[0];
    let mut rng = SplitMix64(3);
    let n = table.indexer().count();
    for want in [0, 1, 2] {
        for _ in 0..5 {
            let pos = table.position(verify::sample(table, want, rng.next() % n).unwrap());
            let v = table.value_of(&pos).unwrap();
            let mut s = hasami_engine::Searcher::new(4, 1);
            s.tables = Some(Arc::clone(&all));
            let limits = hasami_engine::Limits {
                depth: Some(4),
                ..Default::default()
            };
            let r = s.search(
                &SearchRequest::new(pos, vec![pos.hash()]).limits(limits),
                |_| {},
            );
            let w = hasami_engine::WIN;
            match v {
                Value::Win(d) => assert_eq!(r.score, w - i32::from(d), "{pos} {v}"),
                Value::Loss(d) if d > 0 => assert_eq!(r.score, -w + i32::from(d), "{pos} {v}"),
                Value::Loss(_) => {}
                Value::Draw => assert!(r.score.abs() < 100, "{pos} {v} {}", r.score),
            }
            // The move played keeps the value: a win moves to a loss one ply shorter.
            if let (Value::Win(d), Some(mv)) = (v, r.best) {
                let mut c = pos;
                if c.play_unchecked(mv).is_empty() {
                    assert_eq!(all.probe(&c), Some(Value::Loss(d - 1)), "{pos} {mv}");
                }
            }
        }
    }
}

#[test]
fn a_table_without_symmetry_is_written_as_version_1_and_read_back() {
    // Tables of every placement (`--symmetry off`, and the files of earlier builds) still load,
    // and give every position the value the folded table gives it.
    let rules = HasamiRules::parse("hasami-chess").unwrap();
    let plain = table_2v2("hasami-chess", Symmetry::Off);
    let folded = table_2v2("hasami-chess", Symmetry::Board);
    let dir = tempfile::tempdir().unwrap();
    let path = file::write(&plain, dir.path()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(&bytes[8..12], &1u32.to_le_bytes());
    let back = file::read(&path, Some(rules)).unwrap();
    assert_eq!(back.indexer().symmetry(), Symmetry::Off);
    assert_eq!(back.bytes(), plain.bytes());
    let path = file::write(&folded, dir.path()).unwrap();
    assert_eq!(&std::fs::read(&path).unwrap()[8..12], &2u32.to_le_bytes());
    assert!(std::fs::metadata(&path).unwrap().len() * 7 < bytes.len() as u64);
    let mut i = 0;
    while i < plain.indexer().count() {
        let (s, o) = plain.indexer().position(i);
        assert_eq!(back.value(s, o), folded.value(s, o));
        i += 13;
    }
}
