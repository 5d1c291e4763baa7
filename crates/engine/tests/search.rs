//! Search behaviour a user notices: it finds wins, always returns a legal move, honours its limits and
//! `stop`, and the bench node count is reproducible.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hasami_core::SplitMix64;
use hasami_core::{HasamiPosition, HasamiRules};
use hasami_engine::{Limits, SearchRequest, Searcher, WIN};

fn search(pos: &HasamiPosition, limits: Limits) -> hasami_engine::SearchResult<hasami_core::Move> {
    Searcher::new(8, 1).search(
        &SearchRequest::new(*pos, vec![pos.hash()]).limits(limits),
        |_| {},
    )
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn finds_the_winning_sandwich_for_pieces_left() {
    // W1: White has two pieces; b1b5 sandwiches c5 against d5 and leaves White with one.
    let rules = HasamiRules::parse("hasami").unwrap();
    let pos = HasamiPosition::from_text("8w/9/9/9/2wb5/9/9/9/1b7 b 0 1", rules).unwrap();
    let out = search(&pos, depth(4));
    assert_eq!(out.best.unwrap().to_string(), "b1b5");
    assert_eq!(out.score, WIN - 1);
}

#[test]
fn finds_the_five_in_a_row() {
    // W3: Black has four on rank 4 (outside its home rows 1-2); d2d4 completes b4-f4.
    let rules = HasamiRules::parse("dai-hasami").unwrap();
    let pos = HasamiPosition::from_text("wwwwwwwww/wwwwwwwww/9/9/9/1bb1bb3/9/3b5/9 b 0 1", rules)
        .unwrap();
    let out = search(&pos, depth(3));
    let mut child = pos;
    child.play(out.best.unwrap()).unwrap();
    assert!(
        child.five_line(hasami_core::Side::First).is_some(),
        "{:?}",
        out.best
    );
    assert_eq!(out.score, WIN - 1);
}

#[test]
fn most_captures_takes_the_last_piece() {
    // W5: White has one piece left; capturing it wins at once.
    let rules = HasamiRules::parse("hasami-chess+rows=1,2+win=most-captures").unwrap();
    let pos = HasamiPosition::from_text("8/8/8/8/2bw4/8/8/4b3 b 0 1", rules).unwrap();
    let out = search(&pos, depth(3));
    assert_eq!(out.best.unwrap().to_string(), "e1e4");
    assert_eq!(out.score, WIN - 1);
}

#[test]
fn always_returns_a_legal_move() {
    let mut rng = SplitMix64(99);
    for variant in [
        "hasami",
        "dai-hasami",
        "agon",
        "mak-yek",
        "hasami+misere",
        "hasami-chess+rows=1,2+win=most-captures",
    ] {
        let rules = HasamiRules::parse(variant).unwrap();
        for _ in 0..6 {
            let mut pos = HasamiPosition::start(rules);
            let plies = rng.below(40);
            for _ in 0..plies {
                if pos.status().is_some() {
                    break;
                }
                let Some(mv) = pos.pick_move(|n| rng.below(n)) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
            if pos.status().is_some() {
                continue;
            }
            let out = search(&pos, depth(3));
            let best = out.best.expect("a move");
            assert!(pos.moves().contains(&best), "{variant} {pos}: {best}");
        }
    }
}

#[test]
fn honours_movetime() {
    let pos = HasamiPosition::start(HasamiRules::parse("hasami").unwrap());
    let t = Instant::now();
    let out = search(
        &pos,
        Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        },
    );
    assert!(out.best.is_some());
    assert!(
        t.elapsed() < Duration::from_millis(150),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn honours_stop() {
    let pos = HasamiPosition::start(HasamiRules::parse("dai-hasami").unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let out = Searcher::new(8, 1).search(
        &SearchRequest::new(pos, vec![pos.hash()])
            .limits(limits)
            .stop(stop),
        |_| {},
    );
    let stopped_at = stopper.join().unwrap();
    assert!(out.best.is_some());
    assert!(stopped_at.elapsed() < Duration::from_millis(50));
}

#[test]
fn bench_node_count_is_stable() {
    let a = hasami_engine::bench::run(3, hasami_engine::Learned::default(), |_, _, _, _| {});
    let b = hasami_engine::bench::run(3, hasami_engine::Learned::default(), |_, _, _, _| {});
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes > 1000);
}

#[test]
fn two_threads_search_and_agree_on_a_forced_win() {
    let rules = HasamiRules::parse("hasami").unwrap();
    let pos = HasamiPosition::from_text("8w/9/9/9/2wb5/9/9/9/1b7 b 0 1", rules).unwrap();
    let out = Searcher::new(8, 2).search(
        &SearchRequest::new(pos, vec![pos.hash()]).limits(depth(5)),
        |_| {},
    );
    assert_eq!(out.best.unwrap().to_string(), "b1b5");
}

#[test]
fn a_mak_yek_lead_keeps_its_worth_as_the_quiet_count_grows() {
    // Black's four pieces against White's two, far apart: the same position after 0 and after 60
    // plies without a capture. The progress term costs the side ahead 2 cp a quiet ply, but a lead of
    // two pieces no longer fades towards the quiet limit, so trading a piece for a fresh count gains
    // nothing (docs/conversion.md). With the fade the scores were 257 and -26.
    use hasami_engine::{QuietCount, SearchGame};
    let rules = HasamiRules::parse("mak-yek").unwrap();
    let at = |quiet: u32| {
        let text = format!("b6b/8/8/3w4/8/4w3/8/b6b b {quiet} 40");
        HasamiPosition::from_text(&text, rules).unwrap()
    };
    let (fresh, late) = (at(0), at(60));
    assert_eq!(
        late.quiet_count(),
        Some(QuietCount {
            plies: 60,
            limit: 100,
            fade: false,
            decides: None
        })
    );
    let (a, b) = (
        search(&fresh, depth(3)).score,
        search(&late, depth(3)).score,
    );
    assert!(a > 150, "a lead of two is worth more than a piece: {a}");
    assert!(b >= a - 2 * 64 - 10, "fresh {a}, after 60 quiet plies {b}");

    // With a lead of one the evaluation still fades: a locked level position is worth less than an
    // open one.
    let one = HasamiPosition::from_text("b6b/8/8/3w4/8/4w3/8/b6w b 60 40", rules).unwrap();
    assert!(one.quiet_count().unwrap().fade);
}

#[test]
fn where_most_captures_win_a_lead_gains_as_the_count_nears_the_limit() {
    // Most captures (W5): at the quiet limit the side with more pieces wins, so for the side ahead a
    // quiet ply is progress and a trade gives it up; for the side behind the reverse. The same
    // position after 0 and after 80 plies without a capture, each side to move.
    use hasami_engine::{QuietCount, SearchGame};
    let rules = HasamiRules::parse("hasami-chess+rows=1,2+win=most-captures").unwrap();
    let at = |quiet: u32, side: char| {
        let text = format!("b6b/8/8/3w4/8/4w3/8/b6b {side} {quiet} 40");
        HasamiPosition::from_text(&text, rules).unwrap()
    };
    assert_eq!(
        at(80, 'b').quiet_count(),
        Some(QuietCount {
            plies: 80,
            limit: 100,
            fade: false,
            decides: Some(2)
        })
    );
    assert_eq!(at(80, 'w').quiet_count().unwrap().decides, Some(-2));
    let score = |quiet, side| search(&at(quiet, side), depth(3)).score;
    let (ahead_fresh, ahead_late) = (score(0, 'b'), score(80, 'b'));
    assert!(
        ahead_late >= ahead_fresh + 150,
        "the side ahead: fresh {ahead_fresh}, after 80 quiet plies {ahead_late}"
    );
    let (behind_fresh, behind_late) = (score(0, 'w'), score(80, 'w'));
    assert!(
        behind_late <= behind_fresh - 150,
        "the side behind: fresh {behind_fresh}, after 80 quiet plies {behind_late}"
    );
}

#[test]
fn the_price_per_piece_kept_does_not_vanish_when_material_is_level() {
    // The deadline (`Pressing::Full`) gains the side ahead KEEP per piece it keeps, counted by
    // `SearchGame::material`. When that read (0, 0) at level material, a line in which the side
    // ahead let its lead go to level lost at once all it had gained per piece (8 × KEEP at 8 v 8),
    // so its search scored 8 v 8 below 7 v 8. The pieces count whether or not one side leads.
    use hasami_engine::SearchGame;
    let rules = HasamiRules::parse("hasami").unwrap();
    let level = HasamiPosition::from_text("w7w/9/4w4/9/9/9/9/9/b3b3b b 0 1", rules).unwrap();
    assert_eq!(level.material(), (3, 3));
    assert_eq!(level.lead(), 0);
    let behind = HasamiPosition::from_text("w7w/9/9/9/9/9/9/9/b3b3b w 0 1", rules).unwrap();
    assert_eq!((behind.material(), behind.lead()), ((2, 3), -1));
    // A game won by most captures (W5) has no lead to press: nothing is counted.
    let most = HasamiRules::parse("hasami-chess+rows=1,2+win=most-captures").unwrap();
    let pos = HasamiPosition::from_text("w6w/8/8/8/8/8/8/b3b2b b 0 1", most).unwrap();
    assert_eq!(pos.material(), (0, 0));
}

#[test]
fn a_table_filled_far_from_the_quiet_limit_does_not_claim_a_win_near_it() {
    // Hasami, Black to move with six against two: Black takes one of White's two pieces, and so
    // wins, in 7 plies. With 96 quiet plies gone the quiet limit draws the game after 4, and there is
    // no win. The position's hash does not hold the quiet count, so the entries of a search of it far
    // from the limit once cut the search near it: it claimed the win the limit forbids.
    let rules = HasamiRules::parse("hasami").unwrap();
    let at = |quiet: u32| {
        let text = format!("9/4b4/9/9/3b5/1wb5b/9/w8/b1b6 b {quiet} 30");
        HasamiPosition::from_text(&text, rules).unwrap()
    };
    let run = |searcher: &Searcher, pos: &HasamiPosition| {
        let stop = Arc::new(AtomicBool::new(false));
        searcher
            .search(
                &SearchRequest::new(*pos, vec![pos.hash()])
                    .limits(depth(9))
                    .stop(stop),
                |_| {},
            )
            .score
    };
    let fresh = run(&Searcher::new(8, 1), &at(96));
    assert!(fresh < hasami_engine::WIN_BOUND, "fresh: {fresh}");
    let searcher = Searcher::new(8, 1);
    assert_eq!(run(&searcher, &at(0)), WIN - 7);
    let warm = run(&searcher, &at(96));
    assert!(
        warm < hasami_engine::WIN_BOUND,
        "after a search far from the limit: {warm}"
    );
}
