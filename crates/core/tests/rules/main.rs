//! One or more tests per rule of RULES.md Part A (the Hasami family), named after the rule ids.
//!
//! Positions are built from square lists with [`setup`] so that each test says where the pieces stand.
//! Every test asserts what a player would notice: which pieces are captured, the outcome and its words,
//! or the error. Moves played through [`after`] are also played on the independent reference
//! implementation (`hasami-reference`), which must agree on the captures and the result.

use hasami_core::{
    BitBoard, HasamiGame, HasamiPosition, HasamiRules, Move, Preset, Side, Square, VariantError,
};
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

mod a1_board;
mod a2_setup;
mod a3_moves;
mod a4_captures;
mod a5_end;
mod a6_variants;
mod a7_position_text;
