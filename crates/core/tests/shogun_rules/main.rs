//! Shogun rules (RULES.md Part B), one or more tests per rule id (S1–S9). Positions are S8 text;
//! hand-made ones use `numbers=random`, where any number may be written, so that each test can give a
//! piece exactly the number it needs (moves, safety and the end are the same in both number modes).

use hasami_core::shogun::magnets::{self, Magnets};
use hasami_core::shogun::{describe, side_name, Arrangement, Arranging, ShogunSetup};
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

mod s1_s2_board_and_setup;
mod s3_numbers;
mod s4_moves;
mod s5_safety;
mod s6_end;
mod s7_1976_rules;
mod s8_s9_text;
