//! The three worked examples of the 1979 Shogun rules (`004`) that Shogun's rules page shows
//! (`src/web/shogun-examples.json`): every position is what its magnet board gives, the example's
//! move is legal and does what the page says (the number it moves, what it captures, that it is not
//! taken back, the capture that would be, the Shogun left without a move), the position after it is
//! the one stored, and a game started from the position over the API ("Play from here") plays it.

mod common;

use common::{create, server};
use hasami_core::{
    Game, Move, Outcome, ShogunGame, ShogunPosition, ShogunRules, Side, Square, WinReason,
};
use serde_json::{json, Value};

const EXAMPLES: &str = include_str!("../src/web/shogun-examples.json");

fn examples() -> Vec<Value> {
    let v: Value = serde_json::from_str(EXAMPLES).expect("shogun-examples.json is JSON");
    v["examples"].as_array().expect("an examples array").clone()
}

fn text<'a>(e: &'a Value, key: &str) -> &'a str {
    e[key]
        .as_str()
        .unwrap_or_else(|| panic!("{}: no text field {key}", e["id"]))
}

fn square(t: &str) -> Square {
    Square::parse(t, 8).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn position(e: &Value, side: Option<char>) -> ShogunPosition {
    let rules = ShogunRules::parse(text(e, "variant")).expect("a Shogun variant");
    let mut t = text(e, "position").to_string();
    if let Some(c) = side {
        let mut f: Vec<String> = t.split(' ').map(String::from).collect();
        f[1] = c.to_string();
        t = f.join(" ");
    }
    ShogunPosition::from_text(&t, rules).unwrap_or_else(|err| panic!("{}: {err}", e["id"]))
}

/// Whether a legal move of the side to move lands on `to`.
fn reaches(p: &ShogunPosition, to: Square) -> bool {
    p.moves().iter().any(|m| m.to == to)
}

#[test]
fn there_are_three_examples_on_the_default_board() {
    let all = examples();
    assert_eq!(all.len(), 3);
    for e in &all {
        let p = position(e, None);
        // The text is canonical (written back the same), on seed 1979, rotation 0, White to move.
        assert_eq!(p.to_string(), text(e, "position"), "{}", e["id"]);
        let o = p.rules().options;
        assert_eq!((o.seed, o.rotation), (1979, 0), "{}", e["id"]);
        assert_eq!(p.side(), Side::First, "{}: White to move", e["id"]);
        assert!(!p.shogun_attacked(Side::First) && !p.shogun_attacked(Side::Second));
        for key in ["id", "title", "text"] {
            assert!(!text(e, key).is_empty(), "{}: {key}", e["id"]);
        }
    }
}

#[test]
fn each_move_does_what_the_example_says() {
    for e in &examples() {
        let id = &e["id"];
        let p = position(e, None);
        let mv = Move::parse(text(e, "move"), 8).unwrap();
        let mover = p.piece_at(mv.from).expect("a piece on the move's square");
        assert_eq!(mover.side, Side::First, "{id}");
        assert_eq!(
            u64::from(mover.number),
            e["mover"].as_u64().unwrap(),
            "{id}: the number it moves"
        );
        let mut game: ShogunGame = Game::from_position(p);
        let played = game
            .play(mv)
            .unwrap_or_else(|err| panic!("{id}: {mv} is refused: {err}"));
        match e["captures"].as_u64() {
            None => assert_eq!(played.captured, None, "{id}: no capture"),
            Some(n) => {
                let c = played
                    .captured
                    .unwrap_or_else(|| panic!("{id}: {mv} captures nothing"));
                assert_eq!(
                    (c.side, c.square, u64::from(c.number)),
                    (Side::Second, mv.to, n),
                    "{id}"
                );
            }
        }
        let after = game.position();
        assert_eq!(
            after.to_string(),
            text(e, "after"),
            "{id}: the position after {mv}"
        );
        if e["safe"] == json!(true) {
            assert!(
                !reaches(after, mv.to),
                "{id}: Red can take the piece back on {}",
                mv.to
            );
        }
        // Example 1: with Red to move, the threatened piece has a square out of reach.
        if let Some(sq) = e["escape"].as_str() {
            let r = position(e, Some('r'));
            assert!(
                !r.moves().iter().any(|m| r.piece_at(m.to).is_some()),
                "{id}: Red captures nothing"
            );
            let safe = r
                .moves()
                .into_iter()
                .filter(|m| m.from == square(sq))
                .any(|m| {
                    let mut q = r;
                    q.play(m).unwrap();
                    !reaches(&q, m.to)
                });
            assert!(safe, "{id}: Red's piece on {sq} has no safe square");
        }
        // Example 2: the other capture is answered by a recapture.
        if let Some(i) = e.get("instead") {
            let alt = Move::parse(text(i, "move"), 8).unwrap();
            let mut q = p;
            let c = q
                .play(alt)
                .unwrap_or_else(|err| panic!("{id}: {alt}: {err}"));
            assert_eq!(
                c.map(|c| u64::from(c.number)),
                i["captures"].as_u64(),
                "{id}: {alt}"
            );
            let reply = Move::parse(text(i, "reply"), 8).unwrap();
            let replier = q.piece_at(reply.from).unwrap();
            assert_eq!(
                u64::from(replier.number),
                i["replier"].as_u64().unwrap(),
                "{id}: {reply}"
            );
            let back = q
                .play(reply)
                .unwrap_or_else(|err| panic!("{id}: {reply}: {err}"));
            assert_eq!(
                back.map(|c| (c.side, c.square)),
                Some((Side::First, alt.to)),
                "{id}: {reply}"
            );
        }
        // Example 3: the Shogun is attacked, every square it could go to is attacked, Red loses.
        if e["result"] == json!("checkmate") {
            assert_eq!(
                game.outcome(),
                Some(Outcome::Win {
                    winner: Side::First,
                    reason: WinReason::Checkmate
                }),
                "{id}"
            );
            let k = after.shogun(Side::Second).unwrap();
            assert_eq!(
                after.attackers(Side::Second).iter().collect::<Vec<_>>(),
                vec![mv.to],
                "{id}"
            );
            let refused = e["refused"].as_object().unwrap();
            // The Shogun's moves by S4 alone (the 1976 rules, without S5), each refused by S5.
            let free = ShogunPosition::from_text(
                &after.to_string(),
                ShogunRules::parse("shogun+capture=allowed").unwrap(),
            )
            .unwrap();
            let shogun_moves: Vec<Move> =
                free.moves().into_iter().filter(|m| m.from == k).collect();
            for &m in &shogun_moves {
                assert!(after.check_move(m).is_err(), "{id}: {m} is refused");
                let mut q = *after;
                q.play_unchecked(m);
                let by: Vec<String> = q
                    .attackers(Side::Second)
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                let listed: Vec<String> = refused
                    .get(&m.to_string())
                    .and_then(Value::as_array)
                    .unwrap_or_else(|| panic!("{id}: {m} is not listed; takers {by:?}"))
                    .iter()
                    .map(|s| s.as_str().unwrap().to_string())
                    .collect();
                assert_eq!(by, listed, "{id}: who would take the Shogun after {m}");
            }
            assert_eq!(shogun_moves.len(), refused.len(), "{id}: {shogun_moves:?}");
            assert!(after.moves().is_empty(), "{id}: Red has no legal move");
        }
    }
}

#[test]
fn play_from_here_starts_a_game_that_plays_the_move() {
    let (_dir, s) = server();
    for e in &examples() {
        let id = &e["id"];
        let c = create(
            &s,
            json!({"variant": text(e, "variant"), "position": text(e, "position"), "opponent": "local"}),
        );
        let g = &c["game"];
        assert_eq!(g["position"], e["position"], "{id}");
        assert_eq!(g["turn"], "black", "{id}: White (the first player) to move");
        let mv = text(e, "move");
        assert!(
            g["legal_moves"].as_array().unwrap().iter().any(|m| m == mv),
            "{id}"
        );
        let v = s.post_ok(
            &format!("/api/games/{}/moves", c["id"]),
            &json!({"move": mv, "token": c["token"]}),
        );
        assert_eq!(v["position"], e["after"], "{id}");
        let over = e["result"] == json!("checkmate");
        assert_eq!(v["status"], if over { "over" } else { "playing" }, "{id}");
    }
}
