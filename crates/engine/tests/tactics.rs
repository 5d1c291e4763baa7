//! Forced wins in 3 (issue 3): for every goal type a position where the side to move wins with its
//! third move (ply 5, score `WIN - 5`, `mate 3` in UGI) and not sooner, the win coming from sandwich
//! captures. Each test checks the engine's score and first move, and proves the claim independently by
//! a brute-force AND/OR search over hasami-core's move generator and judge (the core is itself checked
//! against the slow reference implementation, `hasami-reference`, by the differential tests in
//! `crates/core/tests`; the reference copies its whole game and history for every move tried, which
//! is too slow for these searches of 10^5-10^6 positions).
//!
//! The positions were found by the ignored test `find_positions` at the bottom: random sparse
//! positions filtered by the engine (score exactly `WIN - 5`, or `WIN - 6` for a misère win on the
//! opponent's move) and then confirmed by the brute force.
//! Run it with `cargo test -p hasami-engine --test tactics -- --ignored --nocapture find_positions`
//! (set `TACTICS_VARIANT` to search only variants whose text contains it).
//!
//! Also here: the search returns a legal move in 200 random positions across all presets (wider than
//! `always_returns_a_legal_move` in `search.rs`: every preset, more positions, `check_move`).

use std::time::Instant;

use hasami_core::SplitMix64;
use hasami_core::{HasamiPosition, HasamiRules, Move};
use hasami_engine::{Limits, SearchRequest, Searcher, WIN};

mod common;
use common::{loses_within, position_text, winning_first_moves, wins_within};

// ---------------------------------------------------------------------------------------------
// Helpers

fn position(variant: &str, text: &str) -> HasamiPosition {
    let rules = HasamiRules::parse(variant).unwrap();
    HasamiPosition::from_text(text, rules).unwrap()
}

fn search(pos: &HasamiPosition, depth: u32, hash_mib: usize) -> hasami_engine::SearchResult<Move> {
    Searcher::new(hash_mib, 1).search(
        &SearchRequest::new(*pos, vec![pos.hash()]).limits(Limits {
            depth: Some(depth),
            ..Limits::default()
        }),
        |_| {},
    )
}

/// Checks a win in exactly `plies` plies for the side to move: the engine at `depth` scores
/// `WIN - plies` and plays one of `winning` (which must be every winning first move), and the brute
/// force proves that each of `winning` wins within `plies` plies, that no other first move does, and
/// that there is no faster win. `line` (the main line quoted in the test's comment) must be legal,
/// each of its winner's moves must keep the forced win, and its last move must win.
fn check_forced_win(
    variant: &str,
    text: &str,
    plies: u32,
    depth: u32,
    winning: &[&str],
    line: &str,
) {
    let pos = position(variant, text);
    assert_eq!(pos.status(), None, "{variant} {text}: the game is over");
    let size = pos.rules().size();
    let mut expected: Vec<Move> = winning
        .iter()
        .map(|m| Move::parse(m, size).unwrap())
        .collect();
    expected.sort();

    // Engine.
    let out = search(&pos, depth, 16);
    let best = out.best.expect("a move");
    assert_eq!(
        out.score,
        WIN - plies as i32,
        "{variant} {text}: score {} (pv {:?})",
        out.score,
        out.pv.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    assert!(
        expected.contains(&best),
        "{variant} {text}: engine plays {best}, the winning first moves are {winning:?}"
    );

    // Brute force.
    assert!(
        !wins_within(&pos, plies - 1),
        "{variant} {text}: there is a faster win"
    );
    let mut found = winning_first_moves(&pos, plies);
    found.sort();
    assert_eq!(
        found.iter().map(ToString::to_string).collect::<Vec<_>>(),
        expected.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "{variant} {text}: the winning first moves"
    );

    // The main line of the comment.
    let me = pos.side();
    let moves: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(moves.len() as u32, plies, "{variant}: main line {line}");
    let mut p = pos;
    for (i, m) in moves.iter().enumerate() {
        let left = plies - i as u32;
        let winner_moves = p.side() == me;
        p.play(Move::parse(m, size).unwrap())
            .unwrap_or_else(|e| panic!("{variant}: {line}: {m}: {e}"));
        let status = p.status();
        if left == 1 {
            assert_eq!(
                status.and_then(|o| o.winner()),
                Some(me),
                "{variant}: {line}"
            );
        } else {
            assert_eq!(status, None, "{variant}: {line}: ends early");
            if winner_moves {
                assert!(
                    loses_within(&p, left - 1, me),
                    "{variant}: {line}: {m} does not keep the win"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Wins in 3, at least one per goal type. Black is to move and wins with its third move (ply 5) and
// not sooner; each comment gives the rules used, the idea and the main line, which the test replays
// (`x` marks the squares captured). Misère (`hasami+misere`) has no test: see the note below.

#[test]
fn pieces_left_win_in_3_by_line_capture() {
    // W1 (pieces-left:1), C1. Black a8 f1 h4, White b8 e8. f1f8 closes on e8 from the right; e8
    // steps to d8, Black follows with f8e8, and in the main line b8 steps
    // aside and a8c8 catches d8 between c8 and e8.
    check_forced_win(
        "hasami",
        "9/bw2w4/9/9/9/7b1/9/9/5b3 b 0 1",
        5,
        6,
        &["f1f8"],
        "f1f8 e8d8 f8e8 b8b1 a8c8",
    );
}

#[test]
fn pieces_left_win_in_3_by_corner_capture() {
    // W1 (pieces-left:1), C2. White i9 is in the corner; f7i7 comes up the i-file, g9h9
    // closes rank 9, and i7i8 takes the corner piece (both of its neighbours, h9 and i8, Black).
    // White a1 is too far away to disturb it.
    check_forced_win(
        "hasami",
        "6b1w/9/5b3/9/9/9/9/9/w8 b 0 1",
        5,
        6,
        &["f7i7"],
        "f7i7 a1h1 g9h9 h1i1 i7i8",
    );
}

#[test]
fn hasami_chess_win_in_3() {
    // W1 (pieces-left:1) on the 8x8 board, C1. White f8 can only move along rank 8 (f7 is Black):
    // d3d8 and d8e8 close in from the left while h8 waits on the right, and h8g8 catches f8 between
    // e8 and g8.
    check_forced_win(
        "hasami-chess",
        "5w1b/2b2b2/8/8/1w6/3b4/8/8 b 0 1",
        5,
        6,
        &["d3d8"],
        "d3d8 b4h4 d8e8 h4f4 h8g8",
    );
}

#[test]
fn captures_win_in_3() {
    // W1 as `win=captures:5` (White is down to 6 of 9; two more captures win). i7i6 at once takes h6
    // between i6 and g6; then h2h9 lands safely between g9 and i9 (C3) and f7f9
    // takes g9 between f9 and h9 (i9 having stepped away to i8).
    check_forced_win(
        "hasami+win=captures:5",
        "6w1w/9/5b2b/5wbw1/b3b4/9/9/5w1b1/1w7 b 0 1",
        5,
        6,
        &["i7i6"],
        "i7i6 f6f4 h2h9 i9i8 f7f9",
    );
}

#[test]
fn lead_win_in_3() {
    // W2 (lead:3), C1. Black 4 against White 2: one capture wins. a1d1 threatens g1f1 taking e1;
    // f4f1 blocks, the quiet i8c8 leaves White without a good move, and once f1 leaves,
    // g1f1 takes e1 between d1 and f1 (4 against 1).
    check_forced_win(
        "hasami+win=lead:3",
        "9/8b/9/9/9/5w3/4b4/9/b3w1b2 b 0 1",
        5,
        6,
        &["a1d1"],
        "a1d1 f4f1 i8c8 f1f8 g1f1",
    );
}

#[test]
fn five_win_in_3_made_possible_by_a_capture() {
    // W3 (five, orthogonal), C1: a five made possible by a capture. Black e5 g5 h5 i5 on rank 5 have
    // White f5 in the gap. i6f6 puts a piece above f5, h4f4 captures it from below, and f4f5 fills
    // the gap: e5-i5.
    check_forced_win(
        "dai-hasami",
        "7w1/2w6/9/8b/4bwbbb/7b1/9/9/9 b 0 1",
        5,
        6,
        &["i6f6"],
        "i6f6 c8c6 h4f4 h9a9 f4f5",
    );
}

#[test]
fn agon_win_in_3_by_captures() {
    // Agon: W1 (pieces-left:4, i.e. 14 captures), C1, with jumps and houses (A3.3, A3.4). White has 6
    // pieces; g7c7 takes b7 between c7 and a7 at once, and c7c5-c5c6 takes d6 between c6 and e6.
    check_forced_win(
        "agon",
        "3ww4/9/bw4b2/b3b1w2/9/1w1b5/3wb4/9/9 b 0 1",
        5,
        6,
        &["g7c7"],
        "g7c7 b4c4 c7c5 d9d6 c5c6",
    );
}

#[test]
fn agon_five_win_in_3_made_possible_by_a_corner_capture() {
    // Agon: W3 (five, all directions, inside the battlefield, ranks 3-7), C2 in the battlefield's
    // corner a3 (`house=on`): a five made possible by a capture. Black a4-a7 need a3, where White
    // stands. c4c3 and c3b3 take a3 (its neighbours in the battlefield, a4 and b3, are both Black),
    // and b3a3 completes a3-a7.
    check_forced_win(
        "agon",
        "9/9/b3w4/b5ww1/b8/b1b3b2/w3ww3/9/9 b 0 1",
        5,
        6,
        &["c4c3"],
        "c4c3 e3e6 c3b3 f3f6 b3a3",
    );
}

#[test]
fn most_captures_win_in_3() {
    // W5 (most captures; 9x9, no jumps), C1. White's last piece a2 is driven into the corner: b3a3
    // takes a3 away, c2c1 closes rank 1, and a3a1 takes it on b1 between a1 and c1.
    check_forced_win(
        "dai-hasami-captures",
        "9/9/9/9/9/9/1b7/w1b1b4/9 b 0 1",
        5,
        6,
        &["b3a3"],
        "b3a3 a2a1 c2c1 a1b1 a3a1",
    );
}

#[test]
fn most_captures_8x8_win_in_3_by_corner_capture() {
    // W5 (most captures, 8x8), C2. White's last piece g2 is caught near the h1 corner: c1g1 closes
    // rank 1, b3h3 closes the h-file, and h3h2 takes it in the corner h1 (neighbours g1 and h2).
    check_forced_win(
        "hasami-chess+rows=1,2+win=most-captures",
        "8/8/8/8/6b1/1b6/4b1w1/2b5 b 0 1",
        5,
        6,
        &["c1g1"],
        "c1g1 g2h2 b3h3 h2h1 h3h2",
    );
}

#[test]
fn mak_yek_win_in_3_by_intervention() {
    // Mak-yek: W1 (pieces-left:0), C4 (no corner capture). Black closes g1 and g2, White shuttles on the
    // h-file, and g2h2 lands between h1 and h3, taking both at once by intervention.
    check_forced_win(
        "mak-yek",
        "8/5b2/8/8/7b/6bw/8/5b1w b 0 1",
        5,
        6,
        &["f1g1", "f7f2"],
        "f1g1 h3h2 g3g2 h2h3 g2h2",
    );
}

// Misère (`hasami+misere`, W1): the side reduced to one piece wins, and captures are never
// compulsory. The attacker's own captures only bring the defender closer to winning, so a forced win
// must either leave the defender without a move (W6: a blockade, not a capture) or leave it only
// moves that capture the attacker down to one piece. With at most 9 sliding pieces a side, the
// defender's pieces can almost always step aside; the finder found no win in 3 (at ply 5 or 6) in
// about 3,000 random positions, so there is no misère test here.

// ---------------------------------------------------------------------------------------------
// Legal moves

#[test]
fn search_returns_a_legal_move_in_200_random_positions() {
    // Every preset (A6) and the goal variations used above; positions from random playouts of 0-79
    // plies, stopping at the last position before the game ends.
    // Every preset (A6) and some variations.
    let extra = [
        "hasami+misere",
        "hasami+win=lead:3",
        "dai-hasami+five=all+movement=step",
    ];
    let presets = hasami_core::Preset::ALL.iter().map(|p| p.name());
    let variants: Vec<&str> = presets.chain(extra).collect();
    let mut rng = SplitMix64(2024);
    for i in 0..200 {
        let variant = variants[i % variants.len()];
        let mut pos = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
        for _ in 0..rng.below(80) {
            let Some(mv) = pos.pick_move(|n| rng.below(n)) else {
                break;
            };
            let mut next = pos;
            next.play_unchecked(mv);
            if next.status().is_some() {
                break;
            }
            pos = next;
        }
        let out = search(&pos, 3, 1);
        let best = out
            .best
            .unwrap_or_else(|| panic!("{variant} {pos}: no move"));
        assert_eq!(pos.check_move(best), Ok(()), "{variant} {pos}: {best}");
        assert!(pos.moves().contains(&best), "{variant} {pos}: {best}");
    }
}

// ---------------------------------------------------------------------------------------------
// Finder (ignored): random sparse positions, engine filter, brute-force confirmation.

/// What the engine's winning line must show for a found position to be reported.
#[derive(Clone, Copy, PartialEq)]
enum Need {
    /// Any winning line.
    Win,
    /// The winner captures at least once.
    Capture,
    /// The winner captures by intervention (C4) at least once.
    Intervention,
}

/// A kind of position to look for.
struct Spec {
    variant: &'static str,
    /// Black and White piece counts (inclusive ranges).
    black: (u64, u64),
    white: (u64, u64),
    /// Ranks (1-based, inclusive) where Black and White pieces are placed.
    black_ranks: (u8, u8),
    white_ranks: (u8, u8),
    /// Start with four Black pieces and one White piece on five consecutive squares of a line.
    broken_four: bool,
    need: Need,
}

/// A random position for `rules` with Black to move: the counts of Black and White pieces, each
/// placed at random on the ranks given (plus a broken four, see [`Spec::broken_four`]).
fn random_position(
    rng: &mut SplitMix64,
    rules: &'static HasamiRules,
    spec: &Spec,
) -> Option<HasamiPosition> {
    let n = rules.size() as usize;
    let mut grid = vec![vec!['.'; n]; n];
    let (lo, hi) = spec.black_ranks;
    let mut placed_black = 0;
    if spec.broken_four {
        // Five consecutive squares, along a rank or a file, inside the Black ranks.
        let along_rank = rng.below(2) == 0;
        let (f0, r0) = if along_rank {
            (
                rng.below(n as u64 - 4),
                lo as u64 - 1 + rng.below((hi - lo + 1).into()),
            )
        } else {
            (
                rng.below(n as u64),
                lo as u64 - 1 + rng.below((hi - lo).saturating_sub(3).max(1).into()),
            )
        };
        let hole = rng.below(5);
        for i in 0..5u64 {
            let (f, r) = if along_rank {
                (f0 + i, r0)
            } else {
                (f0, r0 + i)
            };
            let (f, r) = (f as usize, r as usize);
            if f >= n || r >= n {
                return None;
            }
            grid[r][f] = if i == hole { 'w' } else { 'b' };
        }
        placed_black = 4;
    }
    let black = spec.black.0 + rng.below(spec.black.1 - spec.black.0 + 1);
    let white = spec.white.0 + rng.below(spec.white.1 - spec.white.0 + 1);
    for (side, count, (lo, hi)) in [
        ('b', black.saturating_sub(placed_black), spec.black_ranks),
        (
            'w',
            white.saturating_sub(u64::from(spec.broken_four)),
            spec.white_ranks,
        ),
    ] {
        let mut placed = 0;
        for _ in 0..1000 {
            if placed == count {
                break;
            }
            let f = rng.below(n as u64) as usize;
            let r = lo as usize - 1 + rng.below((hi - lo + 1).into()) as usize;
            if grid[r][f] == '.' {
                grid[r][f] = side;
                placed += 1;
            }
        }
    }
    let pos = HasamiPosition::from_text(&position_text(&grid), rules).ok()?;
    pos.status().is_none().then_some(pos)
}

/// The engine's principal variation with captures (`x` and the squares) and the final result, and
/// whether the side to move at the start captured in it (any capture, and by intervention, C4).
fn describe_line(pos: &HasamiPosition, pv: &[Move]) -> (String, bool, bool) {
    let me = pos.side();
    let (mut captured, mut intervened) = (false, false);
    let mut p = *pos;
    let mut words = Vec::new();
    for &mv in pv {
        let caught = p.captures_of(mv);
        if p.side() == me && !caught.is_empty() {
            captured = true;
            let (f, r) = (mv.to.file() as i32, mv.to.rank() as i32);
            let has = |df: i32, dr: i32| {
                caught
                    .iter()
                    .any(|s| s.file() as i32 == f + df && s.rank() as i32 == r + dr)
            };
            intervened |= (has(1, 0) && has(-1, 0)) || (has(0, 1) && has(0, -1));
        }
        p.play_unchecked(mv);
        if caught.is_empty() {
            words.push(mv.to_string());
        } else {
            let sq: Vec<String> = caught.iter().map(|s| s.to_string()).collect();
            words.push(format!("{mv}x{}", sq.join(",")));
        }
        if let Some(o) = p.status() {
            words.push(format!("[{o:?}]"));
            break;
        }
    }
    (words.join(" "), captured, intervened)
}

#[test]
#[ignore = "finder for the positions above; takes minutes"]
fn find_positions() {
    let filter = std::env::var("TACTICS_VARIANT").unwrap_or_default();
    let spec = |variant, black, white, black_ranks, white_ranks, need| Spec {
        variant,
        black,
        white,
        black_ranks,
        white_ranks,
        broken_four: false,
        need,
    };
    let specs = [
        spec("hasami", (2, 4), (2, 3), (1, 9), (1, 9), Need::Win),
        spec("hasami-chess", (2, 4), (2, 3), (1, 8), (1, 8), Need::Win),
        spec(
            "hasami+win=captures:5",
            (5, 6),
            (5, 6),
            (1, 9),
            (1, 9),
            Need::Win,
        ),
        spec(
            "hasami+win=lead:3",
            (3, 5),
            (2, 4),
            (1, 9),
            (1, 9),
            Need::Win,
        ),
        spec("hasami+misere", (2, 4), (2, 4), (1, 9), (1, 9), Need::Win),
        Spec {
            broken_four: true,
            ..spec("dai-hasami", (5, 6), (2, 5), (3, 7), (3, 9), Need::Capture)
        },
        spec("agon", (3, 6), (5, 6), (3, 7), (3, 9), Need::Capture),
        Spec {
            broken_four: true,
            ..spec("agon", (5, 6), (5, 6), (3, 7), (3, 9), Need::Capture)
        },
        spec(
            "dai-hasami-captures",
            (2, 4),
            (1, 3),
            (1, 9),
            (1, 9),
            Need::Win,
        ),
        spec(
            "hasami-chess+rows=1,2+win=most-captures",
            (2, 4),
            (1, 3),
            (1, 8),
            (1, 8),
            Need::Win,
        ),
        spec(
            "mak-yek",
            (2, 4),
            (2, 3),
            (1, 8),
            (1, 8),
            Need::Intervention,
        ),
    ];
    for spec in &specs {
        if !spec.variant.contains(filter.as_str()) {
            continue;
        }
        let rules = HasamiRules::parse(spec.variant).unwrap();
        let mut rng = SplitMix64(0x07AC_71C5 ^ spec.variant.len() as u64);
        let started = Instant::now();
        let (mut found, mut tried) = (0, 0);
        while found < 4 && started.elapsed().as_secs() < 45 {
            let Some(pos) = random_position(&mut rng, rules, spec) else {
                continue;
            };
            tried += 1;
            let out = search(&pos, 6, 1);
            if out.score != WIN - 5 && out.score != WIN - 6 {
                continue;
            }
            let plies = (WIN - out.score) as u32;
            let (line, captured, intervened) = describe_line(&pos, &out.pv);
            let shows = match spec.need {
                Need::Win => true,
                Need::Capture => captured,
                Need::Intervention => intervened,
            };
            if !shows {
                continue;
            }
            let t = Instant::now();
            if wins_within(&pos, plies - 1) {
                eprintln!("  engine missed a faster win: {pos}");
                continue;
            }
            let winning = winning_first_moves(&pos, plies);
            let brute = t.elapsed();
            if winning.is_empty() {
                eprintln!("  engine claims a win the brute force does not find: {pos}");
                continue;
            }
            found += 1;
            let first: Vec<String> = winning.iter().map(ToString::to_string).collect();
            eprintln!(
                "{} \"{pos}\" plies {plies} moves {} brute {brute:?} winning {first:?}\n  pv {line}",
                spec.variant,
                pos.moves().len(),
            );
        }
        eprintln!("{}: {found} found in {tried} positions\n", spec.variant);
    }
}
