//! Chance nodes: a move whose result is uncertain is worth the expectation of its outcomes (the search
//! Shogun uses when it plays fair), tested on a tiny made-up game with known values.

use std::fmt;

use hasami_engine::{Limits, SearchGame, SearchRequest, Searcher, Terminal};

/// Node 0 is the root (first player to move); its two moves lead to the leaves below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Toy {
    node: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ToyMove(u8);

impl fmt::Display for ToyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m{}", self.0)
    }
}

/// Leaf values for the first player: move 1 is certain (+50); move 2 is +200 or −40 with
/// probability 1/2 each (+80 expected), or with weights 1:3 (+30 expected) in the second game.
fn value(node: u8) -> i32 {
    match node {
        1 => 50,
        2 => 200,
        3 => -40,
        _ => 0,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Weighted<const W: u32>(Toy);

impl<const W: u32> SearchGame for Weighted<W> {
    type Move = ToyMove;
    const CHANCE: bool = true;

    fn hash(&self) -> u64 {
        u64::from(self.0.node).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 1
    }
    fn p1_to_move(&self) -> bool {
        self.0.node == 0
    }
    fn terminal(&self, _history: &[u64]) -> Option<Terminal> {
        None
    }
    fn moves(&self, out: &mut Vec<(ToyMove, i32)>) {
        if self.0.node == 0 {
            out.push((ToyMove(1), 0));
            out.push((ToyMove(2), 0));
        } else {
            // Leaves: the second player can only pass (to keep the game going).
            out.push((ToyMove(0), 0));
        }
    }
    fn tactical_moves(&self, _out: &mut Vec<(ToyMove, i32)>) {}
    fn play(&self, mv: ToyMove) -> (Self, bool) {
        (
            Weighted(Toy {
                node: mv.0.max(self.0.node),
            }),
            false,
        )
    }
    fn null_move(&self) -> Option<Self> {
        None
    }
    fn evaluate(&self) -> i32 {
        // From the side to move's view: at a leaf the second player is to move.
        if self.0.node == 0 {
            0
        } else {
            -value(self.0.node)
        }
    }
    fn move_key(mv: ToyMove) -> u16 {
        u16::from(mv.0)
    }
    fn move_from_key(&self, key: u16) -> Option<ToyMove> {
        let mut list = Vec::new();
        self.moves(&mut list);
        list.into_iter()
            .map(|m| m.0)
            .find(|m| u16::from(m.0) == key)
    }
    fn chance_outcomes(&self, mv: ToyMove, out: &mut Vec<(Self, u32)>) {
        if self.0.node == 0 && mv.0 == 2 {
            out.push((Weighted(Toy { node: 2 }), 1));
            out.push((Weighted(Toy { node: 3 }), W));
        }
    }
}

fn best<const W: u32>() -> (String, i32) {
    let root = Weighted::<W>(Toy { node: 0 });
    let out = Searcher::new(1, 1).search(
        &SearchRequest::new(root, vec![root.hash()]).limits(Limits {
            depth: Some(1),
            ..Limits::default()
        }),
        |_| {},
    );
    (out.best.unwrap().to_string(), out.score)
}

#[test]
fn an_uncertain_move_is_worth_its_expectation() {
    // 1:1 — (200 − 40) / 2 = 80 beats the certain 50.
    assert_eq!(best::<1>(), ("m2".to_string(), 80));
}

#[test]
fn a_likely_bad_outcome_makes_the_certain_move_better() {
    // 1:3 — (200 − 3·40) / 4 = 20 is below the certain 50.
    assert_eq!(best::<3>(), ("m1".to_string(), 50));
}
