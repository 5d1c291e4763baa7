//! The search's use of endgame tables (docs/tables.md): a position below the root that a loaded
//! table holds is scored from its value instead of being searched.

use super::{Worker, WIN};
use crate::game::SearchGame;
use crate::tables::Value;

impl<G: SearchGame> Worker<'_, G> {
    /// The score of a table value at `ply`: a win or loss at its distance from the root (the
    /// distance is to the deciding capture, see docs/tables.md), a draw as any other draw.
    #[inline]
    pub(super) fn table_score(&self, pos: &G, v: Value, ply: usize) -> i32 {
        match v {
            Value::Win(d) => WIN - ply as i32 - i32::from(d),
            Value::Loss(d) => -WIN + ply as i32 + i32::from(d),
            Value::Draw => self.draw_score(pos, ply),
        }
    }

    /// The table value of `pos`, when tables are loaded and hold it (never at the root, whose moves
    /// are searched).
    #[inline]
    pub(super) fn probe(&self, pos: &G, ply: usize) -> Option<Value> {
        match &self.tables {
            Some(t) if ply > 0 => pos.probe_tables(t),
            _ => None,
        }
    }
}
