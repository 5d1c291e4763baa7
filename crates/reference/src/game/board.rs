//! Geometry of the board: squares, homes, regions and piece counts.

use super::RefGame;
use crate::notation::*;
use crate::rules::*;

impl RefGame {
    pub(super) fn at(&self, sq: Sq) -> Option<Side> {
        self.board[sq.1][sq.0]
    }

    /// The square `sq + k·d`, if it is on the board.
    pub(super) fn step_from(&self, sq: Sq, d: (i32, i32), k: i32) -> Option<Sq> {
        let f = sq.0 as i32 + d.0 * k;
        let r = sq.1 as i32 + d.1 * k;
        let n = self.rules.n as i32;
        if f >= 0 && f < n && r >= 0 && r < n {
            Some((f as usize, r as usize))
        } else {
            None
        }
    }

    /// Whether `sq` is in `side`'s home rows (A1.3).
    pub(super) fn in_home(&self, side: Side, sq: Sq) -> bool {
        let depth = self.rules.home_depth();
        match side {
            Side::Black => sq.1 < depth,
            Side::White => sq.1 >= self.rules.n - depth,
        }
    }

    /// Whether `sq` is in the battlefield: in neither side's home rows (A3.4).
    pub(super) fn in_battlefield(&self, sq: Sq) -> bool {
        !self.in_home(Side::Black, sq) && !self.in_home(Side::White, sq)
    }

    /// Whether `sq` is in the corner region of C2.
    pub(super) fn in_corner_region(&self, sq: Sq) -> bool {
        !self.rules.house || self.in_battlefield(sq)
    }

    /// The four corners of the C2 corner region.
    pub(super) fn corner_squares(&self) -> Vec<Sq> {
        let n = self.rules.n;
        let (low, high) = if self.rules.house {
            let depth = self.rules.home_depth();
            (depth, n - 1 - depth)
        } else {
            (0, n - 1)
        };
        vec![(0, low), (n - 1, low), (0, high), (n - 1, high)]
    }

    /// Whether `sq` is in `side`'s five-region (W3).
    pub(super) fn in_five_region(&self, side: Side, sq: Sq) -> bool {
        if self.rules.house {
            self.in_battlefield(sq)
        } else {
            !self.in_home(side, sq)
        }
    }

    pub(super) fn count(&self, side: Side) -> usize {
        self.board
            .iter()
            .map(|row| row.iter().filter(|&&c| c == Some(side)).count())
            .sum()
    }
}
