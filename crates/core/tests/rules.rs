//! One or more tests per rule of RULES.md Part A (the Hasami family), named after the rule ids.
//!
//! Positions are built from square lists with [`setup`] so that each test says where the pieces stand.
//! Every test asserts what a player would notice: which pieces are captured, the outcome and its words,
//! or the error. Moves played through [`after`] are also played on the independent reference
//! implementation (`hasami-reference`), which must agree on the captures and the result.

use hasami_core::{BitBoard, HasamiGame, HasamiPosition, HasamiRules, Move, Preset, Side, Square};
use hasami_reference::RefGame;

// ------------------------------------------------------------------------------------------------
// Helpers.

fn rules(variant: &str) -> &'static HasamiRules {
    HasamiRules::parse(variant).unwrap_or_else(|e| panic!("variant {variant}: {e}"))
}

/// Position text (A7) for an `n`×`n` board with Black on the squares of `black` and White on those of
/// `white` (space-separated square names), `side` to move, counters 0 and 1.
fn setup(n: u8, black: &str, white: &str, side: char) -> String {
    let mut grid = vec![vec!['.'; n as usize]; n as usize];
    for (list, c) in [(black, 'b'), (white, 'w')] {
        for name in list.split_whitespace() {
            let sq = Square::parse(name, n).unwrap_or_else(|e| panic!("{e}"));
            let cell = &mut grid[sq.rank() as usize][sq.file() as usize];
            assert_eq!(*cell, '.', "square {name} given twice");
            *cell = c;
        }
    }
    let mut ranks = Vec::new();
    for r in (0..n as usize).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for &c in &grid[r] {
            if c == '.' {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(c);
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    format!("{} {side} 0 1", ranks.join("/"))
}

fn position(variant: &str, text: &str) -> HasamiPosition {
    HasamiPosition::from_text(text, rules(variant))
        .unwrap_or_else(|e| panic!("{variant} {text}: {e}"))
}

fn game(variant: &str, text: &str) -> HasamiGame {
    HasamiGame::from_position(position(variant, text))
}

fn names(b: BitBoard) -> Vec<String> {
    let mut v: Vec<String> = b.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn sq(name: &str) -> Square {
    Square::parse(name, 9).unwrap()
}

fn outcome_text(g: &HasamiGame) -> Option<String> {
    g.outcome().map(|o| o.to_string())
}

/// Plays `mv` from the position `text` of `variant`; returns the captured squares (sorted) and the game.
/// The same move is played on the reference implementation, which must agree.
fn after(variant: &str, text: &str, mv: &str) -> (Vec<String>, HasamiGame) {
    let mut g = game(variant, text);
    assert_eq!(g.outcome(), None, "{variant} {text} is already over");
    let played = g
        .play_text(mv)
        .unwrap_or_else(|e| panic!("{variant} {text} {mv}: {e}"));
    let caught = names(played.captured);
    let mut r = RefGame::new(variant, Some(text)).expect("reference accepts the position");
    let ref_caught = r.play(mv).expect("reference accepts the move");
    assert_eq!(caught, ref_caught, "captures of {mv} in {variant} {text}");
    assert_eq!(
        g.outcome().map_or("none", |o| o.ugi_result()),
        r.result(),
        "result after {mv} in {variant} {text}"
    );
    assert_eq!(g.position().to_string(), r.fen());
    (caught, g)
}

fn captures(variant: &str, text: &str, mv: &str) -> Vec<String> {
    after(variant, text, mv).0
}

fn moves_from(g: &HasamiGame, from: &str) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn legal(g: &HasamiGame, mv: &str) -> bool {
    let m = Move::parse(mv, g.rules().size()).unwrap();
    g.legal_moves().contains(&m)
}

fn none() -> Vec<String> {
    Vec::new()
}

fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

// ------------------------------------------------------------------------------------------------
// A1. Board, sides, coordinates.

#[test]
fn a1_1_board_sizes_and_square_text() {
    assert_eq!(rules("hasami").size(), 9);
    assert_eq!(rules("hasami-chess").size(), 8);
    assert_eq!(rules("hasami+board=8").size(), 8);
    // Files a… from the left, ranks 1… from Black's side; square text is file then rank.
    let e5 = Square::parse("e5", 9).unwrap();
    assert_eq!((e5.file(), e5.rank()), (4, 4));
    assert_eq!(e5.to_string(), "e5");
    assert_eq!(Square::parse("E5", 9).unwrap(), e5, "upper case accepted");
    assert_eq!(Square::parse("a1", 9).unwrap(), Square::new(0, 0));
    assert_eq!(Square::parse("i9", 9).unwrap(), Square::new(8, 8));
    // Off the board: the error names the input.
    for (text, n) in [
        ("i9", 8),
        ("a9", 8),
        ("i1", 8),
        ("j1", 9),
        ("a0", 9),
        ("h9", 8),
    ] {
        let e = Square::parse(text, n).unwrap_err().to_string();
        assert!(e.contains(text), "{e}");
        assert!(e.contains("off the"), "{e}");
    }
    assert!(Square::parse("h8", 8).is_ok());
    // The first rank of the start position is Black's (bottom of the text).
    let p = HasamiPosition::start(rules("hasami"));
    assert_eq!(p.piece_at(sq("a1")), Some(Side::First));
    assert_eq!(p.piece_at(sq("i9")), Some(Side::Second));
    assert_eq!(p.piece_at(sq("e5")), None);
}

#[test]
fn a1_2_black_moves_first() {
    for preset in Preset::ALL {
        let p = HasamiPosition::start(HasamiRules::preset(preset));
        assert_eq!(p.side(), Side::First, "{preset:?}");
        assert!(p.to_string().ends_with(" b 0 1"), "{p}");
    }
    let mut g = HasamiGame::new(rules("hasami"));
    assert!(g.play_text("e9e5").is_err(), "White may not move first");
    g.play_text("e1e5").unwrap();
    assert_eq!(g.position().side(), Side::Second);
    assert_eq!(Side::First.to_string(), "Black");
    assert_eq!(Side::Second.to_string(), "White");
}

#[test]
fn a1_3_home_rows() {
    let r = rules("hasami");
    assert_eq!(r.home_of(sq("e1")), Some(Side::First));
    assert_eq!(r.home_of(sq("e2")), None);
    assert_eq!(r.home_of(sq("e9")), Some(Side::Second));
    let r = rules("dai-hasami");
    assert_eq!(r.home_of(sq("e2")), Some(Side::First));
    assert_eq!(r.home_of(sq("e3")), None);
    assert_eq!(r.home_of(sq("e8")), Some(Side::Second));
    let r = rules("mak-yek");
    let d2 = Square::parse("d2", 8).unwrap();
    let d3 = Square::parse("d3", 8).unwrap();
    let d4 = Square::parse("d4", 8).unwrap();
    let d6 = Square::parse("d6", 8).unwrap();
    assert_eq!(
        r.home_of(d2),
        Some(Side::First),
        "rank 2 lies between the filled ranks"
    );
    assert_eq!(r.home_of(d3), Some(Side::First));
    assert_eq!(r.home_of(d4), None);
    assert_eq!(r.home_of(d6), Some(Side::Second));

    // What a player notices: a five does not count in the own home rows (W3).
    // (variant, Black's farthest home rank)
    for (variant, depth) in [
        ("hasami+win=five", 1u8),
        ("hasami+rows=1,2+win=five", 2),
        ("hasami+rows=1,3+win=five", 3),
    ] {
        for rank in 1..=depth + 1 {
            let row: Vec<String> = ["a", "b", "c", "d", "i"]
                .iter()
                .map(|f| format!("{f}{rank}"))
                .collect();
            let text = setup(9, &row.join(" "), "a9 b9 c9 d9 e9", 'b');
            let mv = format!("i{rank}e{rank}");
            let (_, g) = after(variant, &text, &mv);
            if rank <= depth {
                assert_eq!(g.outcome(), None, "{variant}: rank {rank} is home");
            } else {
                assert_eq!(
                    outcome_text(&g).as_deref(),
                    Some(format!("Black wins: five in a row a{rank}–e{rank}").as_str()),
                    "{variant}"
                );
            }
        }
        // White's home rows are the mirror: White's farthest home rank is 10 - depth.
        for rank in (9 - depth..=9).rev() {
            let row: Vec<String> = ["a", "b", "c", "d", "i"]
                .iter()
                .map(|f| format!("{f}{rank}"))
                .collect();
            let text = setup(9, "a1 b1 c1 d1 f1", &row.join(" "), 'w');
            let mv = format!("i{rank}e{rank}");
            let (_, g) = after(variant, &text, &mv);
            if rank > 9 - depth {
                assert_eq!(g.outcome(), None, "{variant}: rank {rank} is White's home");
            } else {
                assert_eq!(
                    g.outcome().unwrap().winner(),
                    Some(Side::Second),
                    "{variant}"
                );
            }
        }
    }
}

// ------------------------------------------------------------------------------------------------
// A2. Setup.

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
    let p = HasamiPosition::start(rules("apit-sodok"));
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

// ------------------------------------------------------------------------------------------------
// A3. Moves.

#[test]
fn a3_1_slide_like_a_rook_through_empty_squares() {
    // Black e1 with its own piece on e4 and a White piece on b1.
    let text = setup(9, "e1 e4 a5", "b1 a9 i9", 'b');
    let mut g = game("hasami", &text);
    assert_eq!(
        moves_from(&g, "e1"),
        list("e1c1 e1d1 e1e2 e1e3 e1f1 e1g1 e1h1 e1i1")
    );
    // Not through or onto pieces, not diagonally.
    for mv in ["e1e4", "e1e5", "e1a1", "e1b1", "e1f2"] {
        assert!(!legal(&g, mv), "{mv}");
        let e = g.play_text(mv).unwrap_err().to_string();
        assert!(e.contains("cannot move to"), "{mv}: {e}");
    }
    // Passing and moving the opponent's piece are not moves.
    let e = g.play_text("b1b2").unwrap_err().to_string();
    assert!(e.contains("no Black piece on b1"), "{e}");
    assert!(g.play_text("e1e1").is_err());
    // From the start: 9 pieces × 7 squares.
    assert_eq!(HasamiGame::new(rules("hasami")).legal_moves().len(), 63);
    let (c, g) = after("hasami", &text, "e1e3");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e3")), Some(Side::First));
    assert_eq!(g.position().piece_at(sq("e1")), None);
}

#[test]
fn a3_2_step_one_square() {
    let text = setup(9, "e1 e4 a5", "b1 a9 i9", 'b');
    let g = game("hasami+movement=step", &text);
    assert_eq!(moves_from(&g, "e1"), list("e1d1 e1e2 e1f1"));
    assert!(!legal(&g, "e1e3"));
    assert_eq!(moves_from(&g, "a5"), list("a5a4 a5a6 a5b5"));
    assert_eq!(
        HasamiGame::new(rules("hasami+movement=step"))
            .legal_moves()
            .len(),
        9
    );
    captures("hasami+movement=step", &text, "e1e2");
}

#[test]
fn a3_3_jump_over_either_colour() {
    // Black e4 with its own d4 to the west and White e5 to the north; White f4, g4 to the east;
    // White e7 beyond e6.
    let text = setup(9, "d4 e4 a1 b1 c1 g1 h1", "e5 e7 f4 g4 a9 b9", 'b');
    let g = game("dai-hasami", &text);
    assert_eq!(moves_from(&g, "e4"), list("e4c4 e4e1 e4e2 e4e3 e4e6"));
    assert!(legal(&g, "e4e6"), "over a White piece");
    assert!(legal(&g, "e4c4"), "over a Black piece");
    assert!(!legal(&g, "e4e7"), "a jump does not slide on");
    assert!(!legal(&g, "e4e8"), "one jump per move");
    assert!(!legal(&g, "e4g4"), "the landing square must be empty");
    assert!(!legal(&g, "e4h4"), "no jump over two pieces");
    // The jumped piece is not captured.
    let (c, g) = after("dai-hasami", &text, "e4e6");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::Second));
    assert_eq!(g.position().piece_at(sq("e6")), Some(Side::First));
    captures("dai-hasami", &text, "e4c4");
    // Without jump=on there is no jump.
    let g = game("dai-hasami+jump=off", &text);
    assert!(!legal(&g, "e4e6"));
    assert!(!legal(&g, "e4c4"));
    let g = game("hasami+jump", &setup(9, "d4 e4 a1", "e5 a9 b9", 'b'));
    assert!(legal(&g, "e4e6") && legal(&g, "e4c4"));
    // From the start, the first rank jumps over the second: 45 slides + 9 jumps.
    let g = HasamiGame::new(rules("dai-hasami"));
    assert_eq!(g.legal_moves().len(), 54);
    assert!(legal(&g, "a1a3"));
}

#[test]
fn a3_4_house_entry_refused() {
    // agon: Black home ranks 1–2, White home ranks 8–9, battlefield 3–7.
    let text = setup(9, "c5 g2 e7 e3 e2 a1 b1", "e8 a9 b9 c9 d9 f9", 'b');
    let mut g = game("agon", &text);
    assert_eq!(g.outcome(), None);
    // A piece on the battlefield stays there: not into White's home, not back into its own.
    assert_eq!(
        moves_from(&g, "c5"),
        list("c5a5 c5b5 c5c3 c5c4 c5c6 c5c7 c5d5 c5e5 c5f5 c5g5 c5h5 c5i5")
    );
    // A piece in its own home rows may move within them or out, but not into White's home.
    assert_eq!(
        moves_from(&g, "g2"),
        list("g2f2 g2g1 g2g3 g2g4 g2g5 g2g6 g2g7 g2h2 g2i2")
    );
    // Jumps obey the same rule: e7 over e8 into White's home, e3 over e2 into its own home.
    assert!(!legal(&g, "e7e9"));
    assert!(!legal(&g, "e3e1"));
    for mv in ["c5c8", "c5c2", "g2g8", "e7e9"] {
        let e = g.play_text(mv).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "illegal move {mv}: the piece on {} cannot move to {}",
                &mv[..2],
                &mv[2..]
            )
        );
    }
    // The same position without houses (dai-hasami) allows all of them.
    let g = game("dai-hasami", &text);
    for mv in ["c5c8", "c5c2", "g2g8", "e7e9", "e3e1"] {
        assert!(legal(&g, mv), "{mv}");
    }
    captures("agon", &text, "g2g1");
    captures("agon", &text, "c5c7");
}

#[test]
fn a3_5_move_text() {
    let a = Move::parse("e1e5", 9).unwrap();
    assert_eq!(Move::parse("E1-E5", 9).unwrap(), a);
    assert_eq!(Move::parse("e1-e5", 9).unwrap(), a);
    assert_eq!(Move::parse(" E1E5 ", 9).unwrap(), a);
    assert_eq!(a.to_string(), "e1e5");
    assert_eq!((a.from, a.to), (sq("e1"), sq("e5")));
    for bad in ["e1", "e1e5e", "e1xe5", "e1–e5", "e1 e5", "", "e1-e5x"] {
        assert!(Move::parse(bad, 9).is_err(), "{bad:?}");
    }
    // Jumps are written the same way.
    let mut g = HasamiGame::new(rules("dai-hasami"));
    g.play_text("A1-A3").unwrap();
    assert_eq!(g.played()[0].mv.to_string(), "a1a3");
}

// ------------------------------------------------------------------------------------------------
// A4. Captures.

#[test]
fn c1_single_line_capture() {
    let text = setup(9, "e4 a6 a1", "e5 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a6e6"), list("e5"));
}

#[test]
fn c1_line_captures_in_three_directions_at_once() {
    // Black lands on e5: north e6 e7 closed by e8, west d5 closed by c5, south e4 e3 e2 closed by e1.
    let text = setup(9, "e8 c5 e1 i5 a1", "e6 e7 d5 e4 e3 e2 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "i5e5");
    assert_eq!(c, list("d5 e2 e3 e4 e6 e7"));
    assert_eq!(g.position().pieces(Side::Second).len(), 2);
    assert_eq!(g.outcome(), None);
    assert_eq!(
        g.position().to_string(),
        "w7w/4b4/9/9/2b1b4/9/9/9/b3b4 w 0 1"
    );
}

#[test]
fn c1_run_of_seven_and_max_run() {
    // Seven White pieces e2…e8 between the landing square e1 and Black e9.
    let text = setup(9, "a1 e9", "e2 e3 e4 e5 e6 e7 e8 a9", 'b');
    let (c, g) = after("hasami", &text, "a1e1");
    assert_eq!(c, list("e2 e3 e4 e5 e6 e7 e8"));
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 1 piece left")
    );
    assert_eq!(captures("hasami+max-run=7", &text, "a1e1").len(), 7);
    assert_eq!(captures("hasami+max-run=6", &text, "a1e1"), none());
    // max-run=2: two are taken, three are not.
    let two = setup(9, "a5 e8 a1", "e6 e7 a9 i9", 'b');
    assert_eq!(captures("hasami+max-run=2", &two, "a5e5"), list("e6 e7"));
    assert_eq!(captures("hasami+max-run=1", &two, "a5e5"), none());
    let three = setup(9, "a4 e8 a1", "e5 e6 e7 a9 i9", 'b');
    assert_eq!(captures("hasami+max-run=2", &three, "a4e4"), none());
    assert_eq!(captures("hasami+max-run=3", &three, "a4e4").len(), 3);
}

#[test]
fn c1_what_does_not_capture() {
    // A gap between the run and the closing piece.
    let text = setup(9, "a5 e8 a1", "e6 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), none());
    // The board edge is not a capturing piece.
    let text = setup(9, "a5 a1", "e6 e7 e8 e9 a9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), none());
    let text = setup(9, "b1 i1", "a5 a9", 'b');
    assert_eq!(captures("hasami", &text, "b1b5"), none());
    // A run stops at the first own piece: only the enemies before it are taken.
    let text = setup(9, "a5 e7 a1", "e6 e8 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), list("e6"));
    // Only enemy pieces are taken, never the mover's own.
    let text = setup(9, "a5 e6 e7 a1", "e8 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "a5e5"), none());
}

#[test]
fn c1_diagonal_capture() {
    // Black lands on c3 with White d4 and Black e5 on the diagonal.
    let text = setup(9, "e5 c1 i1", "d4 a9 i9", 'b');
    assert_eq!(
        captures("hasami+diagonal-capture", &text, "c1c3"),
        list("d4")
    );
    assert_eq!(captures("hasami", &text, "c1c3"), none());
    // Diagonal and orthogonal runs at once, in three directions: NE (f6 g7 closed by h8),
    // SW (d4 closed by c3), W (d5 closed by c5).
    let text = setup(9, "h8 c3 c5 e1 a1", "f6 g7 d4 d5 a9 i9", 'b');
    assert_eq!(
        captures("hasami+diagonal-capture", &text, "e1e5"),
        list("d4 d5 f6 g7")
    );
    assert_eq!(captures("hasami", &text, "e1e5"), list("d5"));
}

#[test]
fn c2_corner_capture_on_the_board() {
    // White a1 in the corner, Black b1; Black c2 slides to a2 and takes a1.
    let text = setup(9, "b1 c2 i1", "a1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "c2a2"), list("a1"));
    assert_eq!(captures("hasami+corner=off", &text, "c2a2"), none());
    // Every corner of 9×9 and 8×8: (corner, neighbour already held, mover's move).
    for (variant, n, corner, held, mv) in [
        ("hasami", 9u8, "i1", "h1", "g2i2"),
        ("hasami", 9, "a9", "b9", "c8a8"),
        ("hasami", 9, "i9", "h9", "g8i8"),
        ("hasami-chess", 8, "a1", "b1", "c2a2"),
        ("hasami-chess", 8, "h8", "g8", "f7h7"),
        ("dai-hasami", 9, "a1", "b1", "c2a2"),
    ] {
        let black = format!("{held} {} c5 e5 g5", &mv[..2]);
        let white = format!("{corner} d4 f4 e3");
        let text = setup(n, &black, &white, 'b');
        assert_eq!(
            captures(variant, &text, mv),
            list(corner),
            "{variant} {corner}"
        );
    }
    // C1 and C2 in one move: a1 by the corner rule, a3 by a line; removed together.
    let text = setup(9, "b1 a4 c2 i1", "a1 a3 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "c2a2"), list("a1 a3"));
    // The corner piece needs the moved piece as one of its neighbours (C5).
    let text = setup(9, "b1 a2 i1", "a1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "i1i2"), none());
    // The corner piece with one neighbour enemy, one own: nothing; the edge does not help.
    let text = setup(9, "a5 c1 i1", "a1 b1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "a5a2"), none());
}

#[test]
fn c2_no_capture_of_the_movers_own_corner_piece() {
    // Black a1 in the corner with Black b1; Black completes the pattern: nothing happens.
    let text = setup(9, "a1 b1 c2 i1", "i9 h9 e5", 'b');
    let (c, g) = after("hasami", &text, "c2a2");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("a1")), Some(Side::First));
    // Black a1 in the corner with White b1: White moving to a2 takes it, Black moving there does not.
    let text = setup(9, "a1 a5 i1", "b1 c2 i9", 'w');
    assert_eq!(captures("hasami", &text, "c2a2"), list("a1"));
    let text = setup(9, "a1 c2 i1", "b1 i9 h9", 'b');
    assert_eq!(captures("hasami", &text, "c2a2"), none());
}

#[test]
fn c2_corner_capture_on_agons_battlefield() {
    // agon (house=on): the corner region is the battlefield, corners a3 i3 a7 i7.
    for (corner, held, mv) in [
        ("a3", "b3", "c4a4"),
        ("i3", "h3", "g4i4"),
        ("a7", "b7", "c6a6"),
        ("i7", "h7", "g6i6"),
    ] {
        let black = format!("{held} {} d1 e1 f1 g1", &mv[..2]);
        let text = setup(9, &black, &format!("{corner} a9 b9 c9 d9 e9"), 'b');
        let (c, g) = after("agon", &text, mv);
        assert_eq!(c, list(corner), "agon corner {corner}");
        assert_eq!(g.outcome(), None);
        // Without houses the square is no corner.
        assert_eq!(captures("dai-hasami", &text, mv), none(), "{corner}");
        // The mover's own piece in the corner is never taken.
        let black = format!("{corner} {held} {} d1 e1 f1 g1", &mv[..2]);
        let text = setup(9, &black, "a9 b9 c9 d9 e9", 'b');
        let (c, g) = after("agon", &text, mv);
        assert_eq!(c, none());
        assert_eq!(g.position().piece_at(sq(corner)), Some(Side::First));
    }
    // White takes Black's piece on i7 the same way.
    let text = setup(9, "i7 a1 b1 c1 d1 e1", "h7 g6 a9 b9 c9", 'w');
    assert_eq!(captures("agon", &text, "g6i6"), list("i7"));
    // With house=on the board's own corner a1 is no corner: White a1, Black b1, Black c2 -> a2.
    let text = setup(9, "b1 c2 d1 e1 f1 g1", "a1 a9 b9 c9 d9 e9", 'b');
    assert_eq!(captures("agon", &text, "c2a2"), none());
    assert_eq!(captures("dai-hasami", &text, "c2a2"), list("a1"));
    // agon+corner=off has no corner capture at all.
    let text = setup(9, "b3 c4 d1 e1 f1 g1", "a3 a9 b9 c9 d9 e9", 'b');
    assert_eq!(captures("agon+corner=off", &text, "c4a4"), none());
}

#[test]
fn c3_safe_landing_between_enemies() {
    // Black lands on e5 between White d5 and f5: it is not captured.
    let text = setup(9, "e1 a1", "d5 f5 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "e1e5");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::First));
    // Also between two pieces along the file.
    let text = setup(9, "a5 a1", "e4 e6 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "a5e5");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::First));
}

#[test]
fn c3_safe_landing_that_captures_elsewhere() {
    // Black lands on e5 between White d5 and f5 (safe) and takes e6 against e7.
    let text = setup(9, "e1 e7 a1", "d5 f5 e6 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "e1e5");
    assert_eq!(c, list("e6"));
    let p = g.position();
    assert_eq!(p.piece_at(sq("e5")), Some(Side::First), "the mover stays");
    assert_eq!(p.piece_at(sq("d5")), Some(Side::Second));
    assert_eq!(p.piece_at(sq("f5")), Some(Side::Second));
    // White's next move that does not involve e5's neighbours leaves it alone as well (C5).
    let mut g = g;
    let played = g.play_text("a9a8").unwrap();
    assert!(played.captured.is_empty());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::First));
}

#[test]
fn c4_intervention_horizontal_axis() {
    // mak-yek: Black d1 lands on d4 between White c4 and e4: both are taken.
    let text = setup(8, "d1 a1 h1", "c4 e4 a8 h8", 'b');
    let (c, g) = after("mak-yek", &text, "d1d4");
    assert_eq!(c, list("c4 e4"));
    assert_eq!(g.outcome(), None);
    assert_eq!(captures("mak-yek+intervention=off", &text, "d1d4"), none());
    assert_eq!(captures("hasami-chess", &text, "d1d4"), none());
}

#[test]
fn c4_intervention_vertical_axis() {
    // Black a4 lands on d4 between White d5 and d3.
    let text = setup(8, "a4 a1 h1", "d5 d3 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), list("d3 d5"));
    assert_eq!(captures("mak-yek+intervention=off", &text, "a4d4"), none());
    // Only one enemy on the axis, or an own piece on the other side: nothing.
    let text = setup(8, "a4 a1 h1", "d5 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), none());
    let text = setup(8, "a4 d3 a1 h1", "d5 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), none());
    // 9×9 with the option.
    let text = setup(9, "a5 a1 i1", "e6 e4 a9 i9", 'b');
    assert_eq!(
        captures("hasami+intervention", &text, "a5e5"),
        list("e4 e6")
    );
    assert_eq!(captures("hasami", &text, "a5e5"), none());
}

#[test]
fn c4_intervention_with_line_captures_and_diagonals() {
    // Vertical intervention (d3, d5) plus a line capture to the east (e4 against f4).
    let text = setup(8, "a4 f4 a1 h1", "d5 d3 e4 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "a4d4"), list("d3 d5 e4"));
    // A piece taken by both rules is removed once: e4 by the line to f4 and by intervention with c4.
    let text = setup(8, "d1 f4 a1 h1", "c4 e4 a8 h8", 'b');
    let (c, g) = after("mak-yek", &text, "d1d4");
    assert_eq!(c, list("c4 e4"));
    assert_eq!(g.position().pieces(Side::Second).len(), 2);
    // With diagonal captures the diagonal axes intervene too.
    let text = setup(8, "d1 a1 h1", "c3 e5 a8 h8", 'b');
    assert_eq!(
        captures("mak-yek+diagonal-capture", &text, "d1d4"),
        list("c3 e5")
    );
    assert_eq!(captures("mak-yek", &text, "d1d4"), none());
    // mak-yek has no corner capture.
    let text = setup(8, "b1 c2 h1", "a1 a8 h8", 'b');
    assert_eq!(captures("mak-yek", &text, "c2a2"), none());
}

#[test]
fn c5_existing_sandwich_is_not_captured_later() {
    // White e5 already stands between Black e4 and e6; an unrelated Black move takes nothing.
    let text = setup(9, "e4 e6 a1", "e5 a9 i9", 'b');
    let (c, g) = after("hasami", &text, "a1a2");
    assert_eq!(c, none());
    assert_eq!(g.position().piece_at(sq("e5")), Some(Side::Second));
    // White walks into a sandwich: safe (C3); Black's unrelated move takes nothing; a Black piece
    // that leaves and comes back to an end does capture, since the moved piece is involved.
    let mut g = game("hasami", &setup(9, "c5 e5 a1", "d9 a9 i9", 'w'));
    assert!(g.play_text("d9d5").unwrap().captured.is_empty());
    assert!(g.play_text("a1a2").unwrap().captured.is_empty());
    assert!(g.play_text("a9a8").unwrap().captured.is_empty());
    assert!(g.play_text("e5e6").unwrap().captured.is_empty());
    assert!(g.play_text("a8a9").unwrap().captured.is_empty());
    assert_eq!(names(g.play_text("e6e5").unwrap().captured), list("d5"));
    // An existing corner pattern is not captured by an unrelated move either (see also C2).
    let text = setup(9, "b1 a2 e5", "a1 a9 i9", 'b');
    assert_eq!(captures("hasami", &text, "e5e6"), none());
}

// ------------------------------------------------------------------------------------------------
// A5. End of the game.

#[test]
fn w1_pieces_left() {
    // hasami: win when the opponent has 1 piece left.
    let text = setup(9, "e7 a5 a1", "e6 a9", 'b');
    let (c, g) = after("hasami", &text, "a5e5");
    assert_eq!(c, list("e6"));
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins: White has 1 piece left");
    assert_eq!(o.winner(), Some(Side::First));
    assert_eq!(o.ugi_result(), "p1win");
    assert!(g.legal_moves().is_empty());
    // With three White pieces one capture is not enough.
    let text = setup(9, "e7 a5 a1", "e6 a9 i9", 'b');
    assert_eq!(after("hasami", &text, "a5e5").1.outcome(), None);
    // hasami+win=pieces-left:4 and the same written as captures:5.
    let text = setup(9, "e7 a5 a1 b1 c1 d1", "e6 a9 b9 c9 d9", 'b');
    for v in ["hasami+win=pieces-left:4", "hasami+win=captures:5"] {
        let (_, g) = after(v, &text, "a5e5");
        assert_eq!(
            outcome_text(&g).as_deref(),
            Some("Black wins: White has 4 pieces left"),
            "{v}"
        );
    }
    assert_eq!(after("hasami", &text, "a5e5").1.outcome(), None);
    // mak-yek: every piece must be taken.
    let text = setup(8, "d1 a1", "c4 e4", 'b');
    let (_, g) = after("mak-yek", &text, "d1d4");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 0 pieces left")
    );
    // White wins the same way.
    let text = setup(9, "e4 i1", "e3 a5 a9", 'w');
    let (_, g) = after("hasami", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: Black has 1 piece left")
    );
}

#[test]
fn w1_misere() {
    // hasami+misere: the side reduced to one piece wins.
    let text = setup(9, "e7 a5 a1", "e6 a9", 'b');
    let (_, g) = after("hasami+misere", &text, "a5e5");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner(), Some(Side::Second));
    assert_eq!(
        o.to_string(),
        "White wins: misère, White is down to 1 piece"
    );
    assert_eq!(o.ugi_result(), "p2win");
    // misère with captures:M
    let text = setup(9, "e7 a5 a1 b1 c1 d1", "e6 a9 b9 c9 d9", 'b');
    let (_, g) = after("hasami+win=captures:5+misere", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: misère, White is down to 4 pieces")
    );
}

#[test]
fn w2_lead() {
    // hasami+win=captures:5,lead:3: Black 9 against White 7; a capture makes it 9 to 6.
    let text = setup(9, "a1 b1 c1 d1 g1 h1 i1 e7 a5", "e6 a9 b9 c9 d9 f9 g9", 'b');
    let (_, g) = after("hasami+win=captures:5,lead:3", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: lead of 3 pieces")
    );
    assert_eq!(after("hasami", &text, "a5e5").1.outcome(), None);
    // The lead is the mover's condition: a loaded position where Black (to move) leads by 3 is not
    // over, and Black's next quiet move wins.
    let text = setup(9, "a1 b1 c1 d1 e1 f1", "a9 b9 c9", 'b');
    let g = game("hasami+win=lead:3", &text);
    assert_eq!(g.outcome(), None);
    let (c, g) = after("hasami+win=lead:3", &text, "f1f2");
    assert_eq!(c, none());
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: lead of 3 pieces")
    );
}

#[test]
fn w3_five_of_five_and_six() {
    // dai-hasami: Black's home rows are ranks 1–2; its five-region is ranks 3–9.
    let text = setup(9, "a5 b5 c5 d5 i5 a1", "a9 b9 c9 d9 e9 f9", 'b');
    let (_, g) = after("dai-hasami", &text, "i5e5");
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins: five in a row a5–e5");
    assert_eq!(o.ugi_result(), "p1win");
    // A line of six.
    let text = setup(9, "a5 b5 c5 d5 f5 e1", "a9 b9 c9 d9 e9 i9", 'b');
    let (_, g) = after("dai-hasami", &text, "e1e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a5–f5")
    );
    // Along a file.
    let text = setup(9, "e4 e5 e6 e7 a3 a1", "a9 b9 c9 d9 f9 i9", 'b');
    let (_, g) = after("dai-hasami", &text, "a3e3");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row e3–e7")
    );
    // Four is not enough.
    let text = setup(9, "a5 b5 c5 i5 a1", "a9 b9 c9 d9 e9 f9", 'b');
    assert_eq!(after("dai-hasami", &text, "i5d5").1.outcome(), None);
}

#[test]
fn w3_five_region_excludes_own_home_rows() {
    // In the own home rows (rank 2 for dai-hasami) a five does not count.
    let text = setup(9, "a2 b2 c2 d2 i2 a1", "a9 b9 c9 d9 e9 f9", 'b');
    assert_eq!(after("dai-hasami", &text, "i2e2").1.outcome(), None);
    // A file line e2…e6 has only four squares in the region: no win.
    let text = setup(9, "e2 e3 e4 e5 a6 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("dai-hasami", &text, "a6e6").1.outcome(), None);
    // e2…e7 runs on into the home rows with five squares e3…e7 in the region: a win.
    let text = setup(9, "e2 e3 e4 e5 e6 a7 a1", "a9 b9 c9 d9 f9 i9", 'b');
    let (_, g) = after("dai-hasami", &text, "a7e7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row e3–e7")
    );
    // A line of six, e1…e6, with only e3…e6 in the region: no win, here and with houses.
    let text = setup(9, "e1 e2 e3 e4 e5 a6 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("dai-hasami", &text, "a6e6").1.outcome(), None);
    assert_eq!(after("agon", &text, "a6e6").1.outcome(), None);
    // The opponent's home rows are in the region (house=off): Black's five on rank 8 wins.
    let text = setup(9, "a8 b8 c8 d8 i8 a1", "a3 c3 e3 g3 i3", 'b');
    let (_, g) = after("dai-hasami", &text, "i8e8");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a8–e8")
    );
    // White's region excludes ranks 8–9 but includes rank 2.
    let text = setup(9, "a5 c5 e5 g5 i5", "a8 b8 c8 d8 i8 a9", 'w');
    assert_eq!(after("dai-hasami", &text, "i8e8").1.outcome(), None);
    let text = setup(9, "a5 c5 e5 g5 i5", "a2 b2 c2 d2 i2 a9", 'w');
    let (_, g) = after("dai-hasami", &text, "i2e2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: five in a row a2–e2")
    );
}

#[test]
fn w3_five_region_is_the_battlefield_with_houses() {
    // agon: the five must lie in ranks 3–7.
    let text = setup(9, "a7 b7 c7 d7 i7 a1", "a9 b9 c9 d9 e9 f9", 'b');
    let (_, g) = after("agon", &text, "i7e7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a7–e7")
    );
    let text = setup(9, "a3 b3 c3 d3 i3 a1", "a9 b9 c9 d9 e9 f9", 'b');
    assert_eq!(
        after("agon", &text, "i3e3").1.outcome().unwrap().winner(),
        Some(Side::First)
    );
    // Black pieces standing in White's home rows (loaded) do not make a five there.
    let text = setup(9, "a8 b8 c8 d8 e8 a1", "a9 b9 c9 d9 i9 f9", 'b');
    assert_eq!(after("agon", &text, "a1a2").1.outcome(), None);
    // A line running from the battlefield into the own home rows needs five inside.
    let text = setup(9, "e2 e3 e4 e5 a6 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("agon", &text, "a6e6").1.outcome(), None);
    let text = setup(9, "e2 e3 e4 e5 e6 a7 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(
        outcome_text(&after("agon", &text, "a7e7").1).as_deref(),
        Some("Black wins: five in a row e3–e7")
    );
    // ...and ends at the far edge of the battlefield: e4…e8 has only e4…e7 inside.
    let text = setup(9, "e4 e5 e6 e8 a7 a1", "a9 b9 c9 d9 f9 i9", 'b');
    assert_eq!(after("agon", &text, "a7e7").1.outcome(), None);
    assert!(after("dai-hasami", &text, "a7e7").1.outcome().is_some());
}

#[test]
fn w3_diagonal_fives() {
    // dai-hasami+five=all: b3 c4 d5 e6 and f1 -> f7 on the diagonal.
    let text = setup(9, "b3 c4 d5 e6 f1 a1", "a9 b9 c9 d9 i9 h9", 'b');
    let (_, g) = after("dai-hasami+five=all", &text, "f1f7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row b3–f7")
    );
    assert_eq!(after("dai-hasami", &text, "f1f7").1.outcome(), None);
    // The other diagonal: h3 g4 f5 e6 and d7.
    let text = setup(9, "h3 g4 f5 e6 a7 a1", "a9 b9 c9 d9 i9 g9", 'b');
    let (_, g) = after("dai-hasami+five=all", &text, "a7d7");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner(), Some(Side::First));
    assert!(o.to_string().contains("five in a row"), "{o}");
    assert!(
        o.to_string().contains("h3") && o.to_string().contains("d7"),
        "{o}"
    );
    // agon has diagonal fives in the battlefield.
    let text = setup(9, "a3 b4 c5 d6 e1 a1 b1", "a9 b9 c9 d9 i9 h9", 'b');
    let (_, g) = after("agon", &text, "e1e7");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a3–e7")
    );
}

#[test]
fn w3_only_the_movers_five_counts() {
    // Loaded with Black to move and a Black five: judged for White (the side that just moved).
    let text = setup(9, "a5 b5 c5 d5 e5 i1", "a9 b9 c9 d9 f9 i9", 'b');
    let g = game("dai-hasami", &text);
    assert_eq!(g.outcome(), None);
    // Black's next move, whatever it is, finds the five.
    let (_, g) = after("dai-hasami", &text, "i1i2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: five in a row a5–e5")
    );
    // A White five with Black to move is already a White win.
    let text = setup(9, "a1 b1 c1 d1 f1 i1", "a5 b5 c5 d5 e5 i9", 'b');
    assert_eq!(
        outcome_text(&game("dai-hasami", &text)).as_deref(),
        Some("White wins: five in a row a5–e5")
    );
}

#[test]
fn w4_both_too_weak_for_five() {
    // dai-hasami (win=five only): Black 4, White 5; Black takes one: both below five, a draw.
    let text = setup(9, "a1 b1 e7 a5", "e6 a9 b9 c9 d9", 'b');
    let (c, g) = after("dai-hasami", &text, "a5e5");
    assert_eq!(c, list("e6"));
    let o = g.outcome().unwrap();
    assert_eq!(
        o.to_string(),
        "draw: both sides have fewer than 5 pieces, no five is possible"
    );
    assert_eq!(o.ugi_result(), "draw");
    // One side with five or more: play on.
    let text = setup(9, "a1 b1 c1 e7 a5", "e6 a9 b9 c9 d9", 'b');
    assert_eq!(after("dai-hasami", &text, "a5e5").1.outcome(), None);
    // A loaded position with 4 against 4 is over.
    let text = setup(9, "a1 b1 c1 d1", "a9 b9 c9 d9", 'b');
    assert_eq!(
        game("dai-hasami", &text).outcome().map(|o| o.ugi_result()),
        Some("draw")
    );
    // Not with W1 in the list: agon decides by pieces-left:4 first, and with pieces-left:0 play goes on.
    assert_eq!(
        outcome_text(&game("agon", &text)).as_deref(),
        Some("White wins: Black has 4 pieces left")
    );
    assert_eq!(
        game("dai-hasami+win=five,pieces-left:0", &text).outcome(),
        None
    );
}

#[test]
fn w5_most_captures() {
    // dai-hasami-captures: the side with no pieces left loses.
    let text = setup(9, "e7 a5 a1", "e6", 'b');
    let (_, g) = after("dai-hasami-captures", &text, "a5e5");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has no pieces left")
    );
    // A loaded position where the side that just moved has no pieces.
    let text = setup(9, "a1 b1 c1", "", 'b');
    assert_eq!(
        outcome_text(&game("dai-hasami-captures", &text)).as_deref(),
        Some("Black wins: White has no pieces left")
    );
    // Both sides with at most one piece: no capture is possible, equal is a draw.
    let text = setup(9, "a1", "i9", 'b');
    assert_eq!(
        outcome_text(&game("dai-hasami-captures", &text)).as_deref(),
        Some("draw: equal pieces left")
    );
    // Reached by intervention: Black's single piece takes two of three.
    let text = setup(9, "e1", "d5 f5 a9", 'b');
    let (c, g) = after("dai-hasami-captures+intervention", &text, "e1e5");
    assert_eq!(c, list("d5 f5"));
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: equal pieces left"));
    // Two against one goes on.
    let text = setup(9, "a1 b1", "i9", 'b');
    assert_eq!(
        game("apit-sodok", &setup(8, "a1 b1", "h8", 'b')).outcome(),
        None
    );
    assert_eq!(game("dai-hasami-captures", &text).outcome(), None);
}

#[test]
fn w5_counts_at_the_quiet_limit() {
    let text = |black: &str, white: &str| {
        let t = setup(9, black, white, 'b');
        t.replace(" b 0 1", " b 99 50")
    };
    let (_, g) = after("dai-hasami-captures", &text("a1 b1 c1", "a9 b9"), "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: more pieces left (3 to 2)")
    );
    let (_, g) = after("dai-hasami-captures", &text("a1 b1", "a9 b9 c9"), "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("White wins: more pieces left (3 to 2)")
    );
    let (_, g) = after("dai-hasami-captures", &text("a1 b1", "a9 b9"), "a1a2");
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: equal pieces left"));
    // apit-sodok with quiet=4 from the start: 2 quiet plies each, equal pieces.
    let mut g = HasamiGame::new(rules("apit-sodok+quiet=4"));
    for mv in ["a2a3", "a7a6", "b2b3"] {
        g.play_text(mv).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_text("b7b6").unwrap();
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: equal pieces left"));
}

#[test]
fn w6_no_legal_move_loses() {
    // hasami+corner=off: White a9 and i9 boxed in; Black's i7 -> i8 takes the last move away.
    let text = setup(9, "b9 a8 h9 i7 e1", "a9 i9", 'b');
    let (c, g) = after("hasami+corner=off", &text, "i7i8");
    assert_eq!(c, none());
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "Black wins: White has no legal move");
    assert!(g.legal_moves().is_empty());
    assert!(g.position().moves().is_empty());
    // Loaded with White to move and no move: already over.
    let text = setup(9, "b9 a8 h9 i8 e1", "a9 i9", 'w');
    assert_eq!(
        outcome_text(&game("hasami+corner=off", &text)).as_deref(),
        Some("Black wins: White has no legal move")
    );
    // With jumps the same White pieces can move.
    assert_eq!(game("hasami+corner=off+jump", &text).outcome(), None);
    // Step movement: White a9 blocked by b9 and a8.
    let text = setup(9, "b9 a7 e1", "a9", 'b');
    let (_, g) = after(
        "hasami+movement=step+win=pieces-left:0+corner=off",
        &text,
        "a7a8",
    );
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has no legal move")
    );
}

#[test]
fn d1_third_repetition_via_game() {
    let mut g = HasamiGame::new(rules("hasami"));
    let shuffle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    for mv in shuffle.iter().chain(&shuffle[..3]) {
        g.play_text(mv).unwrap();
        assert_eq!(g.outcome(), None, "after {mv}");
    }
    g.play_text("a8a9").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.to_string(), "draw: third repetition");
    assert_eq!(o.ugi_result(), "draw");
    assert!(g.legal_moves().is_empty());
    assert!(g.play_text("a1a2").is_err());
    // Undo takes the draw back.
    g.undo().unwrap();
    assert_eq!(g.outcome(), None);
    // repetition=2 ends at the second occurrence; repetition=0 never.
    let mut g = HasamiGame::new(rules("hasami+repetition=2"));
    for mv in shuffle {
        g.play_text(mv).unwrap();
    }
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: second repetition"));
    let mut g = HasamiGame::new(rules("hasami+repetition=0"));
    for _ in 0..5 {
        for mv in shuffle {
            g.play_text(mv).unwrap();
        }
    }
    assert_eq!(g.outcome(), None);
    // The same pieces with the other side to move are a different position.
    let mut g = HasamiGame::new(rules("hasami+repetition=2"));
    for mv in ["a1a2", "a9a8", "a2a3", "a8a9", "a3a1"] {
        g.play_text(mv).unwrap();
    }
    assert_eq!(
        g.position().to_string().split(' ').next(),
        HasamiPosition::start(rules("hasami"))
            .to_string()
            .split(' ')
            .next()
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn d1_repetition_matches_reference() {
    let shuffle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    let mut g = HasamiGame::new(rules("hasami"));
    let mut r = RefGame::new("hasami", None).unwrap();
    for mv in shuffle.iter().cycle().take(8) {
        g.play_text(mv).unwrap();
        r.play(mv).unwrap();
        assert_eq!(g.outcome().map_or("none", |o| o.ugi_result()), r.result());
    }
    assert_eq!(r.result(), "draw");
}

#[test]
fn d2_quiet_limit() {
    let mut g = HasamiGame::new(rules("hasami+quiet=4"));
    for mv in ["a1a2", "a9a8", "a2a1"] {
        g.play_text(mv).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_text("i9i8").unwrap();
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("draw: 4 plies without a capture")
    );
    // The default is 100, and a loaded position continues from its quiet plies.
    let text = setup(9, "a1 b1 c1", "a9 b9 c9", 'b').replace(" b 0 1", " b 99 50");
    let (_, g) = after("hasami", &text, "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("draw: 100 plies without a capture")
    );
    // A capture resets the count.
    let text = setup(9, "e7 a5 a1 b1", "e6 a9 b9 c9", 'b').replace(" b 0 1", " b 99 50");
    let (c, g) = after("hasami", &text, "a5e5");
    assert_eq!(c, list("e6"));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().quiet_plies(), 0);
    // quiet=0 turns the limit off.
    let text = setup(9, "a1 b1 c1", "a9 b9 c9", 'b').replace(" b 0 1", " b 5000 2600");
    assert_eq!(after("hasami+quiet=0", &text, "a1a2").1.outcome(), None);
}

#[test]
fn a5_order_of_the_checks() {
    // W1 before W3: agon, Black's five on rank 7 also leaves White with 4 pieces.
    let text = setup(9, "a7 b7 c7 d7 i7 e5 a1", "e6 a9 b9 c9 d9", 'b');
    let (c, g) = after("agon", &text, "i7e7");
    assert_eq!(c, list("e6"));
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 4 pieces left")
    );
    // D1 before D2: the third repetition on the very ply the quiet limit is reached.
    let mut g = HasamiGame::new(rules("hasami+quiet=8"));
    for mv in ["a1a2", "a9a8", "a2a1", "a8a9"].iter().cycle().take(8) {
        g.play_text(mv).unwrap();
    }
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: third repetition"));
    // D2 before W6: White has no move, but the quiet limit is reached first.
    let text = setup(9, "b9 a8 h9 i8 e1", "a9 i9", 'w').replace(" w 0 1", " w 100 60");
    assert_eq!(
        outcome_text(&game("hasami+corner=off", &text)).as_deref(),
        Some("draw: 100 plies without a capture")
    );
    // W1 before W2.
    let text = setup(9, "e7 a5 a1 b1 c1", "e6 a9", 'b');
    assert_eq!(
        outcome_text(&after("hasami+win=lead:2,pieces-left:1", &text, "a5e5").1).as_deref(),
        Some("Black wins: White has 1 piece left")
    );
}

// ------------------------------------------------------------------------------------------------
// A6. Presets and variations.

#[test]
fn a6_presets_table() {
    // preset, board, rows (starting pieces), jump, house, corner, intervention, win list
    let table = [
        ("hasami", 9, 9, false, false, true, false, "pieces-left:1"),
        (
            "hasami-chess",
            8,
            8,
            false,
            false,
            true,
            false,
            "pieces-left:1",
        ),
        ("dai-hasami", 9, 18, true, false, true, false, "five"),
        (
            "dai-hasami-captures",
            9,
            18,
            false,
            false,
            true,
            false,
            "most-captures",
        ),
        ("agon", 9, 18, true, true, true, false, "five,pieces-left:4"),
        ("mak-yek", 8, 16, false, false, false, true, "pieces-left:0"),
        (
            "apit-sodok",
            8,
            16,
            false,
            false,
            true,
            false,
            "most-captures",
        ),
    ];
    for (name, size, pieces, jump, house, corner, intervention, win) in table {
        let r = rules(name);
        let o = &r.options;
        assert_eq!(r.size(), size, "{name}");
        assert_eq!(r.start_pieces, pieces, "{name}");
        assert_eq!(
            (o.jump, o.house, o.corner, o.intervention),
            (jump, house, corner, intervention),
            "{name}"
        );
        assert!(!o.diagonal_capture && !o.misere && o.max_run == 0, "{name}");
        assert_eq!(o.win.to_string(), win, "{name}");
        assert_eq!(o.repetition, 3);
        assert_eq!(o.quiet, 100);
        assert_eq!(r.to_string(), name);
        assert!(std::ptr::eq(HasamiRules::preset(r.preset), r), "{name}");
    }
    assert!(rules("agon").options.five_all);
    assert!(!rules("dai-hasami").options.five_all);
    // Depth-1 perft from the start, as PERFT.md.
    for (name, d1) in [
        ("hasami", 63),
        ("hasami-chess", 48),
        ("dai-hasami", 54),
        ("dai-hasami-captures", 45),
        ("agon", 54),
        ("mak-yek", 32),
        ("apit-sodok", 32),
    ] {
        assert_eq!(
            HasamiGame::new(rules(name)).legal_moves().len(),
            d1,
            "{name}"
        );
    }
}

#[test]
fn a6_every_variation_parses_and_plays() {
    let rows = [
        "hasami+win=pieces-left:4",
        "hasami+corner=off",
        "hasami+win=captures:5",
        "hasami+win=captures:8",
        "hasami+diagonal-capture",
        "hasami+win=captures:5,lead:3",
        "hasami+misere",
        "hasami+win=pieces-left:0",
        "hasami+movement=step+win=pieces-left:0",
        "hasami+rows=1,2+movement=step+win=pieces-left:0",
        "dai-hasami+five=all",
        "dai-hasami+movement=step+five=all",
        "hasami+max-run=1",
        "dai-hasami+max-run=1",
        "dai-hasami+five=all+movement=step",
    ];
    for spec in rows {
        let r = rules(spec);
        // The canonical text names the same rules.
        assert!(std::ptr::eq(rules(&r.to_string()), r), "{spec} -> {r}");
        let mut g = HasamiGame::new(r);
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
        let mut reference = RefGame::new(spec, None).unwrap();
        reference.play(&mv.to_string()).unwrap();
        assert_eq!(g.position().to_string(), reference.fen(), "{spec}");
    }
    // Option forms: bare name, =on, =off; case is ignored.
    assert!(std::ptr::eq(rules("hasami+jump"), rules("hasami+jump=on")));
    assert!(std::ptr::eq(rules("HASAMI+Jump"), rules("hasami+jump")));
    assert!(!rules("dai-hasami+jump=off").options.jump);
    assert_eq!(
        rules("hasami+board=8").options,
        rules("hasami-chess").options
    );
    assert_eq!(
        rules("hasami+win=captures:5,lead:3").to_string(),
        "hasami+win=captures:5,lead:3"
    );
    // Errors list what is allowed.
    let e = HasamiRules::parse("shogi").unwrap_err().to_string();
    assert!(
        e.contains("shogi") && e.contains("hasami, hasami-chess, dai-hasami"),
        "{e}"
    );
    let e = HasamiRules::parse("hasami+foo").unwrap_err().to_string();
    assert!(e.contains("foo") && e.contains("diagonal-capture"), "{e}");
    let e = HasamiRules::parse("hasami+jump=maybe")
        .unwrap_err()
        .to_string();
    assert!(e.contains("maybe") && e.contains("on, off"), "{e}");
    // Ranges: pieces-left:K with 0 <= K < start; captures:M with 1 <= M <= start; max-run 1–8.
    for (spec, ok) in [
        ("hasami+win=pieces-left:8", true),
        ("hasami+win=pieces-left:9", false),
        ("hasami+win=pieces-left:0", true),
        ("hasami+rows=1,2+win=pieces-left:17", true),
        ("hasami+rows=1,2+win=pieces-left:18", false),
        ("hasami+win=captures:0", false),
        ("hasami+win=captures:1", true),
        ("hasami+win=captures:9", true),
        ("hasami+win=captures:10", false),
        ("hasami-chess+win=captures:9", false),
        ("hasami+max-run=0", false),
        ("hasami+max-run=1", true),
        ("hasami+max-run=8", true),
        ("hasami+max-run=9", false),
        ("hasami+board=7", false),
        ("hasami+board=10", false),
        ("hasami+repetition=1", false),
        ("hasami+repetition=2", true),
        ("hasami+repetition=0", true),
        ("hasami+quiet=0", true),
    ] {
        assert_eq!(HasamiRules::parse(spec).is_ok(), ok, "{spec}");
        assert_eq!(RefGame::new(spec, None).is_ok(), ok, "reference: {spec}");
    }
}

// ------------------------------------------------------------------------------------------------
// A7. Position text.

#[test]
fn a7_position_text_and_counters() {
    let r = rules("hasami");
    let start = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1";
    assert_eq!(HasamiPosition::start(r).to_string(), start);
    assert_eq!(
        HasamiPosition::from_text(start, r).unwrap(),
        HasamiPosition::start(r)
    );
    // Counters default to 0 and 1.
    let p = HasamiPosition::from_text("wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b", r).unwrap();
    assert_eq!(p.to_string(), start);
    // The move number goes up after White's move; the quiet plies count every quiet ply.
    let mut g = HasamiGame::new(r);
    g.play_text("e1e5").unwrap();
    assert_eq!(
        g.position().to_string(),
        "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1"
    );
    g.play_text("e9e6").unwrap();
    assert_eq!(
        g.position().to_string(),
        "wwww1wwww/9/9/4w4/4b4/9/9/9/bbbb1bbbb b 2 2"
    );
    // Parse errors say what is wrong.
    let e = HasamiPosition::from_text("wwwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b", r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("longer"), "{e}");
    let e = HasamiPosition::from_text("wwwwwwwww/9/9/9/9/9/9/bbbbbbbbb b", r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("8 ranks"), "{e}");
    let e = HasamiPosition::from_text("wwwwxwwww/9/9/9/9/9/9/9/bbbbbbbbb b", r)
        .unwrap_err()
        .to_string();
    assert!(e.contains("'x'") && e.contains("column 5"), "{e}");
}

#[test]
fn a7_loaded_position_is_judged_as_if_the_other_side_just_moved() {
    // hasami, Black to move with one Black piece left: already a White win.
    let text = "w7w/9/9/9/9/9/9/9/4b4 b 0 1";
    let p = position("hasami", text);
    let o = p.status().unwrap();
    assert_eq!(o.to_string(), "White wins: Black has 1 piece left");
    let mut g = game("hasami", text);
    assert_eq!(g.outcome(), Some(o));
    assert!(g.legal_moves().is_empty());
    let e = g.play_text("e1e2").unwrap_err().to_string();
    assert!(e.contains("the game is over"), "{e}");
    let mut p2 = p;
    assert!(p2.play(Move::parse("e1e2", 9).unwrap()).is_err());
    assert_eq!(
        RefGame::new("hasami", Some(text)).unwrap().result(),
        "p2win"
    );
    // White with one piece and Black to move: White "just moved", so not over yet; Black's next
    // quiet move wins.
    let text = "4w4/9/9/9/9/9/9/9/b7b b 0 1";
    assert_eq!(game("hasami", text).outcome(), None);
    let (_, g) = after("hasami", text, "a1a2");
    assert_eq!(
        outcome_text(&g).as_deref(),
        Some("Black wins: White has 1 piece left")
    );
}

#[test]
fn a7_repetition_counts_start_from_the_loaded_position() {
    let text = "w7w/9/9/9/9/9/9/9/b7b b 37 20";
    let mut g = game("hasami", text);
    let mut r = RefGame::new("hasami", Some(text)).unwrap();
    let shuffle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    for (i, mv) in shuffle.iter().cycle().take(8).enumerate() {
        g.play_text(mv).unwrap();
        r.play(mv).unwrap();
        let expected = if i == 7 { "draw" } else { "none" };
        assert_eq!(g.outcome().map_or("none", |o| o.ugi_result()), expected);
        assert_eq!(r.result(), expected);
    }
    assert_eq!(outcome_text(&g).as_deref(), Some("draw: third repetition"));
    assert_eq!(g.position().to_string(), "w7w/9/9/9/9/9/9/9/b7b b 45 24");
}
