//! Checks of a table: against a brute-force search by the rules alone ([`brute_force`]), and against
//! its own positions' moves ([`consistent`]).

use std::collections::HashMap;

use hasami_core::{HasamiPosition, Outcome, Side};

use super::{Table, Tables, Value};

/// Which of win, loss or draw a value is (0, 1, 2).
pub fn kind(v: Value) -> usize {
    match v {
        Value::Win(_) => 0,
        Value::Loss(_) => 1,
        Value::Draw => 2,
    }
}

/// A position of `table` whose value is of `want` ([`kind`]): the first one at or after the index
/// `start` (modulo the count), if the table has one. Sampling this way finds rare results too.
pub fn sample(table: &Table, want: usize, start: u64) -> Option<u64> {
    let bytes = table.bytes();
    let n = bytes.len();
    if n == 0 {
        return None;
    }
    let s = (start % n as u64) as usize;
    (s..n)
        .chain(0..s)
        .find(|&i| kind(Value::from_byte(bytes[i])) == want)
        .map(|i| i as u64)
}

/// A bounded AND/OR search by the rules: whether the side to move can force a deciding capture
/// within n plies (a capture that ends the game, or one into smaller material whose value at quiet
/// count 0 comes from `lower`; a side without moves loses). It does not look at any table of the
/// position's own material.
pub struct BruteForce<'a> {
    lower: &'a Tables,
    memo: HashMap<(u64, u8, bool), bool>,
    /// Positions visited.
    pub nodes: u64,
}

/// What a move does, for the brute force.
enum Step {
    Win,
    Lose,
    Draw,
    Quiet(HasamiPosition),
}

impl<'a> BruteForce<'a> {
    /// A search that takes values after captures into smaller material from `lower` (unused when
    /// every capture ends the game, as in `2v2` of `hasami`).
    pub fn new(lower: &'a Tables) -> BruteForce<'a> {
        BruteForce {
            lower,
            memo: HashMap::new(),
            nodes: 0,
        }
    }

    fn steps(&self, pos: &HasamiPosition) -> Vec<Step> {
        let mut out = Vec::new();
        let mover = pos.side();
        let limit = pos.rules().options.quiet;
        pos.for_each_move_into(pos.rules().board, |mv| {
            let mut c = *pos;
            if c.play_unchecked(mv).is_empty() {
                out.push(Step::Quiet(c));
                return;
            }
            out.push(match c.judge(None, false) {
                Some(Outcome::Win { winner, .. }) if winner == mover => Step::Win,
                Some(Outcome::Win { .. }) => Step::Lose,
                Some(Outcome::Draw(_)) => Step::Draw,
                None => match self.lower.probe(&c).map(|v| v.with_quiet(0, limit)) {
                    Some(Value::Loss(_)) => Step::Win,
                    Some(Value::Win(_)) => Step::Lose,
                    _ => Step::Draw,
                },
            });
        });
        out
    }

    /// Whether the side to move forces a deciding capture in its favour within `n` plies.
    pub fn wins_within(&mut self, pos: &HasamiPosition, n: u8) -> bool {
        if n == 0 {
            return false;
        }
        let key = (pos.hash(), n, true);
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        self.nodes += 1;
        let steps = self.steps(pos);
        let r = steps.iter().any(|s| matches!(s, Step::Win))
            || steps.iter().any(|s| match s {
                Step::Quiet(c) => self.loses_within(c, n - 1),
                _ => false,
            });
        self.memo.insert(key, r);
        r
    }

    /// Whether the side to move loses within `n` plies whatever it plays.
    pub fn loses_within(&mut self, pos: &HasamiPosition, n: u8) -> bool {
        let key = (pos.hash(), n, false);
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        self.nodes += 1;
        let steps = self.steps(pos);
        let r = if steps.is_empty() {
            true // W6
        } else if n == 0 {
            false
        } else {
            steps.iter().all(|s| match s {
                Step::Lose => true,
                Step::Win | Step::Draw => false,
                Step::Quiet(c) => self.wins_within(c, n - 1),
            })
        };
        self.memo.insert(key, r);
        r
    }

    /// Forgets remembered results (to bound memory between positions).
    pub fn clear(&mut self) {
        self.memo.clear();
    }

    /// Whether `value` is right for `pos` as far as a search of `depth` plies can tell: a win or loss
    /// within `depth` exactly (it happens at that ply and not before), anything longer or a draw as
    /// "nothing decided within `depth`".
    pub fn agrees(&mut self, pos: &HasamiPosition, value: Value, depth: u8) -> bool {
        let (w, l) = match value {
            Value::Win(d) if d <= depth => {
                return self.wins_within(pos, d) && !self.wins_within(pos, d - 1);
            }
            Value::Loss(d) if d <= depth => {
                return self.loses_within(pos, d) && (d == 0 || !self.loses_within(pos, d - 1));
            }
            _ => (self.wins_within(pos, depth), self.loses_within(pos, depth)),
        };
        !w && !l
    }
}

/// Compares the table's value of `pos` (Black to move, a position of `table`) with
/// [`BruteForce::agrees`] to `depth` plies; `Err` says what differs.
pub fn brute_force(
    table: &Table,
    lower: &Tables,
    pos: &HasamiPosition,
    depth: u8,
) -> Result<(), String> {
    let v = table.value_of(pos).ok_or("not a position of this table")?;
    let mut bf = BruteForce::new(lower);
    if bf.agrees(pos, v, depth) {
        Ok(())
    } else {
        let w = (1..=depth).find(|&n| bf.wins_within(pos, n));
        let l = (0..=depth).find(|&n| bf.loses_within(pos, n));
        Err(format!(
            "{pos}: the table says {v}; brute force to {depth} plies: win at {w:?}, loss at {l:?}"
        ))
    }
}

/// Whether the table's value of `pos` follows from its moves, with the values after them taken from
/// `tables` (which must hold the table itself, its swap and the smaller ones): the best move's value
/// one ply on. `Err` says what differs.
pub fn consistent(tables: &Tables, pos: &HasamiPosition) -> Result<(), String> {
    let table = tables.table_for(pos).ok_or("no table for the position")?;
    let v = table.value_of(pos).ok_or("not a position of this table")?;
    let limit = pos.rules().options.quiet;
    let mover = pos.side();
    // The best for the side to move: wins by shortest, then draws, then losses by longest.
    let rank = |v: Value| match v {
        Value::Win(d) => 1000 - i32::from(d),
        Value::Draw => 0,
        Value::Loss(d) => -1000 + i32::from(d),
    };
    let mut best: Option<Value> = None;
    let mut bad = None;
    pos.for_each_move_into(pos.rules().board, |mv| {
        let mut c = *pos;
        let quiet = c.play_unchecked(mv).is_empty();
        let child = if !quiet {
            match c.judge(None, false) {
                Some(Outcome::Win { winner, .. }) if winner == mover => Value::Win(1),
                Some(Outcome::Win { .. }) => Value::Loss(1),
                Some(Outcome::Draw(_)) => Value::Draw,
                None => match tables.table_for(&c).and_then(|t| t.value_of(&c)) {
                    Some(cv) => match cv.with_quiet(0, limit) {
                        Value::Draw => Value::Draw,
                        Value::Win(_) => Value::Loss(1),
                        Value::Loss(_) => Value::Win(1),
                    },
                    None => {
                        bad = Some(format!("no table after {mv}"));
                        Value::Draw
                    }
                },
            }
        } else {
            let c0 = HasamiPosition::from_pieces(
                pos.rules(),
                [c.pieces(Side::Second), c.pieces(Side::First)],
                Side::First,
                0,
            );
            match tables.table_for(&c0).and_then(|t| t.value_of(&c0)) {
                Some(Value::Draw) => Value::Draw,
                Some(Value::Win(d)) => Value::Loss(d + 1),
                Some(Value::Loss(d)) => Value::Win(d + 1),
                None => {
                    bad = Some(format!("no table after {mv}"));
                    Value::Draw
                }
            }
        };
        if best.is_none_or(|b| rank(child) > rank(b)) {
            best = Some(child);
        }
    });
    if let Some(b) = bad {
        return Err(b);
    }
    // A win or loss further than the quiet limit is a draw (D2); the build stores it as one.
    let expected = best.unwrap_or(Value::Loss(0)).with_quiet(0, limit);
    if expected == v {
        Ok(())
    } else {
        Err(format!(
            "{pos}: the table says {v}, its moves say {expected}"
        ))
    }
}
