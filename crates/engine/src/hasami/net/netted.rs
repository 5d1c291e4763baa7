//! A position searched with the learned evaluation: the position and its [`Accumulator`], which
//! every move updates, so the network's share of an evaluation costs one output layer.

use hasami_core::{HasamiPosition, Move};

use super::accumulator::Accumulator;
use super::network::Network;
use crate::game::{Press, QuietCount, SearchGame, Terminal};

/// A position with its network and hidden layer. Everything but the evaluation is the position's
/// own; the evaluation is the hand-written one plus the network's correction.
#[derive(Clone, Copy, Debug)]
pub struct Netted {
    pos: HasamiPosition,
    net: &'static Network,
    acc: Accumulator,
}

impl Netted {
    /// `pos` with `net` (trained for its variant), the hidden layer computed afresh.
    pub fn new(pos: HasamiPosition, net: &'static Network) -> Netted {
        Netted {
            pos,
            net,
            acc: Accumulator::of(net, &pos),
        }
    }

    /// The position.
    pub fn position(&self) -> &HasamiPosition {
        &self.pos
    }

    /// The network's share of the evaluation, for the side to move, in centi-pieces.
    #[inline]
    pub fn correction(&self) -> i32 {
        self.acc.output(self.net, self.pos.side())
    }
}

impl SearchGame for Netted {
    type Move = Move;

    #[inline]
    fn hash(&self) -> u64 {
        SearchGame::hash(&self.pos)
    }
    #[inline]
    fn p1_to_move(&self) -> bool {
        self.pos.p1_to_move()
    }
    fn terminal(&self, history: &[u64]) -> Option<Terminal> {
        self.pos.terminal(history)
    }
    fn moves(&self, out: &mut Vec<(Move, i32)>) {
        SearchGame::moves(&self.pos, out)
    }
    fn quiet_moves(&self, out: &mut Vec<(Move, i32)>) {
        self.pos.quiet_moves(out)
    }
    fn tactical_moves(&self, out: &mut Vec<(Move, i32)>) {
        self.pos.tactical_moves(out)
    }
    fn threat_moves(&self, out: &mut Vec<(Move, i32)>) {
        self.pos.threat_moves(out)
    }
    #[inline]
    fn play(&self, mv: Move) -> (Netted, bool) {
        let mut child = *self;
        let caught = child.pos.play_unchecked(mv);
        child
            .acc
            .update(self.net, self.pos.side(), mv.from, mv.to, caught);
        (child, !caught.is_empty())
    }
    #[inline]
    fn play_quiet(&self, mv: Move) -> Netted {
        let mut child = *self;
        child.pos.play_quiet_unchecked(mv);
        child.acc.update(
            self.net,
            self.pos.side(),
            mv.from,
            mv.to,
            hasami_core::BitBoard::EMPTY,
        );
        child
    }
    fn null_move(&self) -> Option<Netted> {
        self.pos.null_move().map(|pos| Netted { pos, ..*self })
    }
    #[inline]
    fn evaluate(&self) -> i32 {
        self.pos.evaluate() + self.correction()
    }
    #[inline]
    fn evaluate_pressed(&self, how: Press) -> i32 {
        self.pos.evaluate_pressed(how) + self.correction()
    }
    fn forced_win(&self) -> (Option<u32>, u64) {
        self.pos.forced_win()
    }
    #[inline]
    fn quiet_count(&self) -> Option<QuietCount> {
        self.pos.quiet_count()
    }
    #[inline]
    fn quiet_window(&self) -> Option<(u32, u32)> {
        self.pos.quiet_window()
    }
    #[inline]
    fn material(&self) -> (i32, i32) {
        self.pos.material()
    }
    #[inline]
    fn press(&self, how: Press) -> i32 {
        self.pos.press(how)
    }
    #[inline]
    fn probe_tables(&self, tables: &crate::tables::Tables) -> Option<crate::tables::Value> {
        self.pos.probe_tables(tables)
    }
    fn in_danger(&self) -> bool {
        self.pos.in_danger()
    }
    #[inline]
    fn move_key(mv: Move) -> u16 {
        <HasamiPosition as SearchGame>::move_key(mv)
    }
    #[inline]
    fn move_from_key(&self, key: u16) -> Option<Move> {
        self.pos.move_from_key(key)
    }
}

#[cfg(test)]
mod tests {
    use super::super::network::tests::random;
    use super::*;
    use hasami_core::{HasamiRules, SplitMix64};

    #[test]
    fn a_netted_position_plays_and_evaluates_as_its_position_plus_the_network() {
        let rules = HasamiRules::parse("mak-yek").unwrap();
        let net: &'static Network = Box::leak(Box::new(random("mak-yek", 8, 2)));
        let mut rng = SplitMix64(1);
        let mut pos = HasamiPosition::start(rules);
        let mut netted = Netted::new(pos, net);
        let mut moves = Vec::new();
        for _ in 0..120 {
            if pos.status().is_some() {
                break;
            }
            moves.clear();
            SearchGame::moves(&pos, &mut moves);
            let (mv, _) = moves[rng.below(moves.len() as u64) as usize];
            let (p, tactical) = SearchGame::play(&pos, mv);
            let n = if tactical || rng.below(2) == 0 {
                let (n, captured) = netted.play(mv);
                assert_eq!(captured, tactical);
                n
            } else {
                netted.play_quiet(mv)
            };
            pos = p;
            netted = n;
            assert_eq!(*netted.position(), pos);
            let fresh = Netted::new(pos, net);
            assert_eq!(netted.evaluate(), pos.evaluate() + fresh.correction());
            let passed = pos
                .null_move()
                .map(|p| p.evaluate() + Netted::new(p, net).correction());
            assert_eq!(netted.null_move().map(|n| n.evaluate()), passed);
        }
    }
}
