//! Unit tests of the reference rules.

use super::*;

fn game(variant: &str, pos: &str) -> RefGame {
    RefGame::new(variant, Some(pos)).expect("valid test position")
}

#[test]
fn start_position_text() {
    let g = RefGame::new("hasami", None).unwrap();
    assert_eq!(g.fen(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1");
    let g = RefGame::new("mak-yek", None).unwrap();
    assert_eq!(g.fen(), "wwwwwwww/8/wwwwwwww/8/8/bbbbbbbb/8/bbbbbbbb b 0 1");
    let g = RefGame::new("hasami+board=8+rows=1,2", None).unwrap();
    assert_eq!(g.fen(), "wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb b 0 1");
    assert_eq!(g.result(), "none");
}

#[test]
fn line_capture_single_and_run() {
    // White e5, e6; Black e4; Black a7 slides to e7 and takes e5 and e6.
    let mut g = game("hasami", "w7w/9/b8/4w4/4w4/4b4/9/9/b7b b 0 1");
    assert_eq!(g.play("a7e7").unwrap(), vec!["e5", "e6"]);
    assert_eq!(g.fen(), "w7w/9/4b4/9/9/4b4/9/9/b7b w 0 1");
    // With max-run=1 the two-piece run is not taken.
    let mut g = game("hasami+max-run=1", "w7w/9/b8/4w4/4w4/4b4/9/9/b7b b 0 1");
    assert_eq!(g.play("A7-E7").unwrap(), Vec::<String>::new());
    assert_eq!(g.fen(), "w7w/9/4b4/4w4/4w4/4b4/9/9/b7b w 1 1");
}

#[test]
fn safe_landing_and_edge_is_not_capturing() {
    // Black lands between two White pieces: not captured (C3).
    let mut g = game("hasami", "w7w/9/9/3w1w3/9/9/9/9/b3b3b b 0 1");
    assert_eq!(g.play("e1e6").unwrap(), Vec::<String>::new());
    assert_eq!(g.fen(), "w7w/9/9/3wbw3/9/9/9/9/b7b w 1 1");
    // The board edge does not capture: White on a5 against the edge, Black lands on b5.
    let mut g = game("hasami+corner=off", "8w/9/9/9/w8/9/9/9/1b6b b 0 1");
    assert_eq!(g.play("b1b5").unwrap(), Vec::<String>::new());
}

#[test]
fn corner_capture() {
    // White a1, Black b1; Black c2 -> a2... slides to a2 and takes the corner a1 (C2).
    let pos = "8w/9/9/9/9/9/9/2b5w/wb7 b 0 1";
    let mut g = game("hasami", pos);
    assert_eq!(g.play("c2a2").unwrap(), vec!["a1"]);
    let mut g = game("hasami+corner=off", pos);
    assert_eq!(g.play("c2a2").unwrap(), Vec::<String>::new());
}

#[test]
fn corner_capture_battlefield_with_house() {
    // agon: corner region is the battlefield, corners a3 i3 a7 i7.
    // White on a3, Black on b3; Black moves a5 -> a4 and takes a3.
    let pos = "wwwwwwwww/wwwwwwwww/9/9/b8/9/wb7/bb7/bbbbbbbbb b 0 1";
    let mut g = game("agon", pos);
    assert_eq!(g.play("a5a4").unwrap(), vec!["a3"]);
}

#[test]
fn intervention_and_diagonal() {
    // mak-yek: Black lands between two White pieces and takes both (C4).
    let mut g = game("mak-yek", "w6w/8/8/8/2w1w3/8/8/b2b3b b 0 1");
    assert_eq!(g.play("d1d4").unwrap(), vec!["c4", "e4"]);
    // Diagonal capture: Black lands on c3 with White d4 and Black e5.
    let mut g = game(
        "hasami+diagonal-capture",
        "w7w/9/9/9/4b4/3w5/9/9/2b5b b 0 1",
    );
    assert_eq!(g.play("c1c3").unwrap(), vec!["d4"]);
    let mut g = game("hasami", "w7w/9/9/9/4b4/3w5/9/9/2b5b b 0 1");
    assert_eq!(g.play("c1c3").unwrap(), Vec::<String>::new());
}

#[test]
fn loaded_position_is_judged() {
    // hasami, Black to move with one Black piece left: already a White win.
    let g = game("hasami", "w7w/9/9/9/9/9/9/9/4b4 b 0 1");
    assert_eq!(g.result(), "p2win");
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.perft(2), 0);
    // The quiet limit reached in the text ends the game.
    let g = game("hasami", "ww7/9/9/9/9/9/9/9/bb7 b 100 60");
    assert_eq!(g.result(), "draw");
    let g = game(
        "hasami-chess+rows=1,2+win=most-captures",
        "ww6/8/8/8/8/8/8/bbb5 w 100 60",
    );
    assert_eq!(g.result(), "p1win");
}

#[test]
fn end_conditions() {
    // W3: five on rank 5 (outside Black's home rows) wins.
    let mut g = game("dai-hasami", "wwwww4/9/9/9/bbbb5/9/9/9/4b4 b 0 1");
    g.play("e1e5").unwrap();
    assert_eq!(g.result(), "p1win");
    // A five inside the own home rows does not count.
    let mut g = game("dai-hasami", "wwwww4/9/9/9/9/9/9/bbbb5/4b4 b 0 1");
    g.play("e1e2").unwrap();
    assert_eq!(g.result(), "none");
    // W4: both sides below five pieces with win=five only.
    let g = game("dai-hasami", "wwww5/9/9/9/9/9/9/9/bbbb5 b 0 1");
    assert_eq!(g.result(), "draw");
    let g = game("agon", "wwww5/9/9/9/9/9/9/9/bbbbb4 b 0 1");
    assert_eq!(g.result(), "none");
    // Misère W1: Black takes White's second-last piece, White (left with one) wins.
    let mut g = game("hasami+misere", "w7w/9/9/9/9/9/9/w8/1b6b b 0 1");
    assert_eq!(g.play("b1b2").unwrap(), Vec::<String>::new());
    let mut g = game("hasami+misere", "8w/9/9/9/9/9/b8/w8/1b6b b 0 1");
    assert_eq!(g.play("b1a1").unwrap(), vec!["a2"]);
    assert_eq!(g.result(), "p2win");
    // W2 lead.
    let mut g = game("hasami+win=lead:2", "ww7/9/9/9/9/9/b8/w8/1b5bb b 0 1");
    g.play("b1a1").unwrap();
    assert_eq!(g.result(), "p1win");
    // W6: White cannot move.
    let g = game("hasami+win=pieces-left:0", "wb5bw/b7b/9/9/9/9/9/9/9 w 0 1");
    assert_eq!(g.result(), "p1win");
}

#[test]
fn repetition_draw() {
    let mut g = RefGame::new("hasami", None).unwrap();
    for mv in ["a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1"] {
        g.play(mv).unwrap();
        assert_eq!(g.result(), "none");
    }
    g.play("a8a9").unwrap();
    assert_eq!(g.result(), "draw");
    assert!(g.play("a1a2").is_err());
}

#[test]
fn bad_input_is_an_error() {
    assert!(RefGame::new("nope", None).is_err());
    assert!(RefGame::new("hasami+board=7", None).is_err());
    assert!(RefGame::new("hasami+win=pieces-left:9", None).is_err());
    assert!(RefGame::new("hasami+rows=1,2+win=pieces-left:17", None).is_ok());
    assert!(RefGame::new("hasami+win=captures:10", None).is_err());
    assert!(RefGame::new("hasami+max-run=9", None).is_err());
    assert!(RefGame::new("hasami+repetition=1", None).is_err());
    assert!(RefGame::new("hasami+jump=maybe", None).is_err());
    assert!(RefGame::new("hasami+rows", None).is_err());
    assert!(RefGame::new("hasami", Some("9/9/9 b")).is_err());
    assert!(RefGame::new("hasami", Some("91/9/9/9/9/9/9/9/9 b")).is_err());
    assert!(RefGame::new("hasami", Some("x8/9/9/9/9/9/9/9/9 b")).is_err());
    assert!(RefGame::new("hasami", Some("9/9/9/9/9/9/9/9/9 x")).is_err());
    let mut g = RefGame::new("hasami", None).unwrap();
    for bad in [
        "", "e1", "e1e", "e1e10", "j1j2", "e1e1", "e1f2", "e9e5", "é1e5", "e1--e5",
    ] {
        assert!(g.play(bad).is_err(), "{bad}");
    }
    assert_eq!(g.fen(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1");
    assert!(g.play("E1-E5").is_ok());
}
