//! The `SearchGame` trait: what the search needs from a game. The Hasami family implements it in
//! the `hasami` module and Shogun in the `shogun` module (fair and omniscient), so one search serves
//! both.

use std::fmt::{Debug, Display};

/// The hint [`SearchGame::quiet_moves`] gives a quiet move that threatens something (e.g. a capture next
/// move): the search tries these first among quiet moves and prunes and reduces them less.
pub const THREAT: i32 = 1;

/// The end of a game, seen from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terminal {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Drawn.
    Draw,
}

/// How hard the search presses a lead ([`SearchGame::press`]): the levels below 10 with the
/// ladder's weight, level 10 and a search without a level with the full one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// The weight levels 1–9 were measured with (docs/engine.md, "Level ladder"): their margins and
    /// slips are in evaluation units, so a heavier press would change what they leave en prise.
    Ladder,
    /// The game's own weight, which level 10 presses with (docs/conversion.md, "The press weight":
    /// measured on the conversion suites).
    Full,
}

/// Plies without a capture against the limit that ends the game (RULES.md D2: drawn, or decided by
/// the count with W5), as [`SearchGame::quiet_count`] gives them to the search's progress term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietCount {
    /// Plies since the last capture.
    pub plies: u32,
    /// The plies without a capture at which the game ends.
    pub limit: u32,
    /// Whether the evaluation fades linearly towards 0 as the limit nears, besides the cost per
    /// quiet ply: yes while material is about level (a locked position is then worth less than an
    /// open one); no with a clear lead, where fading made every capture look like progress, trades
    /// included, and the side ahead traded its lead down to drawn endings (docs/conversion.md).
    pub fade: bool,
    /// In games that the count decides at the limit (W5: the side with more pieces wins there), the
    /// side to move's lead in pieces (negative when behind); `None` where the limit draws. The
    /// search then gives the side ahead `WAIT` per quiet ply instead of the cost and fade above.
    pub decides: Option<i32>,
}

/// A two-player game position the search can copy, move and evaluate (with chance nodes where moves
/// have chance outcomes, as in Shogun played fair).
pub trait SearchGame: Copy + Send + Sync + 'static {
    /// A move.
    type Move: Copy + Eq + Send + Sync + Debug + Display + 'static;

    /// Zobrist hash of the position (pieces and side to move).
    fn hash(&self) -> u64;
    /// Whether the first player (p1) is to move.
    fn p1_to_move(&self) -> bool;
    /// Judges the position after the last move. `history` holds the hashes of the game and search path
    /// so far, this position's last. A side without moves is handled by the search (a loss).
    fn terminal(&self, history: &[u64]) -> Option<Terminal>;
    /// Every legal move, with an ordering hint each (higher first; captures high).
    fn moves(&self, out: &mut Vec<(Self::Move, i32)>);
    /// Appends to `list`, which holds what [`SearchGame::tactical_moves`] and [`SearchGame::threat_moves`] gave,
    /// the other legal moves with hint 0 each. By default: [`SearchGame::moves`] without those in the list.
    fn quiet_moves(&self, list: &mut Vec<(Self::Move, i32)>) {
        let start = list.len();
        self.moves(list);
        let mut keep = start;
        for i in start..list.len() {
            let mv = list[i].0;
            if !list[..start].iter().any(|m| m.0 == mv) {
                list[keep] = (mv, 0);
                keep += 1;
            }
        }
        list.truncate(keep);
    }
    /// Moves that may be tactical (capture or win at once): those that are get an ordering hint above 0,
    /// the others (a generator may give a superset) hint 0. Together with [`SearchGame::quiet_moves`] they are
    /// every legal move, each once.
    fn tactical_moves(&self, out: &mut Vec<(Self::Move, i32)>);
    /// The position after `mv`, and whether it was tactical (a capture).
    fn play(&self, mv: Self::Move) -> (Self, bool);
    /// The position after `mv`, a move known not to be tactical: one that
    /// [`SearchGame::tactical_moves`] gave hint 0, or one of [`SearchGame::threat_moves`] or
    /// [`SearchGame::quiet_moves`] (which hold no tactical move). A game may skip looking for
    /// captures here; by default [`SearchGame::play`].
    #[inline]
    fn play_quiet(&self, mv: Self::Move) -> Self {
        self.play(mv).0
    }
    /// The position with the other side to move, when passing is a sound search trick here.
    fn null_move(&self) -> Option<Self>;
    /// Static evaluation from the side to move's point of view, in centi-pieces.
    fn evaluate(&self) -> i32;
    /// A compact number for the move (for the transposition table and history tables), below 2^14.
    fn move_key(mv: Self::Move) -> u16;
    /// The legal move whose [`SearchGame::move_key`] is `key`, if there is one (lets the search try the
    /// table's move before generating the others).
    fn move_from_key(&self, key: u16) -> Option<Self::Move>;
    /// Appends to `list` (which holds what [`SearchGame::tactical_moves`] gave) the quiet moves that threaten
    /// something (e.g. a capture next move), with hint [`THREAT`] each; none by default. The search
    /// tries them before the other quiet moves and prunes them less.
    fn threat_moves(&self, _list: &mut Vec<(Self::Move, i32)>) {}
    /// Whether moves can have chance outcomes ([`SearchGame::chance_outcomes`]); `false` for the Hasami family,
    /// which lets the search compile the chance handling away.
    const CHANCE: bool = false;
    /// The chance outcomes of `mv` as (position, weight) pairs, when the position after it is not certain
    /// (Shogun played fair: the number a piece shows after it lands is unknown). Leaves `out` empty when
    /// the result is certain ([`SearchGame::play`]); only called when [`SearchGame::CHANCE`] is `true`.
    fn chance_outcomes(&self, _mv: Self::Move, _out: &mut Vec<(Self, u32)>) {}
    /// Plies to a win the side to move forces by threats alone (a threat-sequence search such as
    /// Gomoku's VCF), when one is found, and the positions that search visited; `None` by default.
    /// The search asks where quiescence begins, before standing pat.
    fn forced_win(&self) -> (Option<u32>, u64) {
        (None, 0)
    }
    /// Where the game stands against its quiet limit (RULES.md D2), for games where the search
    /// should push for captures before that limit, or where the side ahead gains by reaching it
    /// (the search's progress term); `None` by default.
    fn quiet_count(&self) -> Option<QuietCount> {
        None
    }
    /// The plies since the last capture and the quiet limit (RULES.md D2) at which they end the
    /// game, where the game has one; `None` by default.
    fn quiet_window(&self) -> Option<(u32, u32)> {
        None
    }
    /// The pieces of the side to move and of the other side, in games won by capturing (those in
    /// which [`SearchGame::press`] applies when one side leads), level or not; `(0, 0)` elsewhere
    /// and by default.
    fn material(&self) -> (i32, i32) {
        (0, 0)
    }
    /// A bonus for the side to move (negative when it is behind) when one side leads in a game won
    /// by capturing, with the weight `how`: it grows as the defender's pieces
    /// lose their moves, so the side ahead hems pieces in until a capture comes within reach. 0 when
    /// material is level or the game has no such goal (the default).
    fn press(&self, _how: Press) -> i32 {
        0
    }
    /// [`SearchGame::evaluate`] plus [`SearchGame::press`], what the search evaluates; a game may
    /// compute the two together.
    fn evaluate_pressed(&self, how: Press) -> i32 {
        self.evaluate() + self.press(how)
    }
    /// The exact value of the position from endgame tables (with the quiet-ply rule applied), when
    /// `tables` holds it; `None` by default (only the Hasami family has tables).
    fn probe_tables(&self, _tables: &crate::tables::Tables) -> Option<crate::tables::Value> {
        None
    }
    /// Whether the position is quiet enough for the static evaluation to be trusted in quiescence.
    fn in_danger(&self) -> bool {
        false
    }
    /// How many pieces the side to move has more than the other (negative when behind) in games
    /// won by capturing (those [`SearchGame::press`] applies to); 0 elsewhere: from
    /// [`SearchGame::material`].
    #[inline]
    fn lead(&self) -> i32 {
        let (mine, theirs) = self.material();
        mine - theirs
    }
}

/// The end of the game at `pos` for the search, from the side to move's point of view: the rules'
/// judgement (A5 / S6) with repetition (D1) counted over `history`, which ends with `pos`. Both
/// families' [`SearchGame::terminal`] are this.
#[inline]
pub(crate) fn terminal_of<P: hasami_core::Position>(pos: &P, history: &[u64]) -> Option<Terminal> {
    let limit = pos.repetition_limit();
    let rep = if limit > 0 {
        let n = hasami_core::repetitions(history, pos.quiet_plies());
        (n >= limit).then_some(n)
    } else {
        None
    };
    pos.judge(rep, false).map(|o| match o {
        hasami_core::Outcome::Win { winner, .. } if winner == pos.side() => Terminal::Win,
        hasami_core::Outcome::Win { .. } => Terminal::Loss,
        hasami_core::Outcome::Draw(_) => Terminal::Draw,
    })
}
