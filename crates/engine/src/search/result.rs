//! What a search reports: progress lines and the result.

use std::time::Duration;

use crate::score::{WIN, WIN_BOUND};

/// One `info` report, after each completed iteration.
#[derive(Debug, Clone)]
pub struct Info<M> {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move (centi-pieces, or a win/loss distance).
    pub score: i32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<M>,
    /// Which line this is (1 = the best) when several were asked for ([`crate::Limits::multipv`]).
    pub multipv: Option<u32>,
}

impl<M: std::fmt::Display> Info<M> {
    /// The UGI `info …` line.
    pub fn to_ugi(&self) -> String {
        let score = if self.score.abs() >= WIN_BOUND {
            let plies = WIN - self.score.abs();
            let moves = (plies + 1) / 2;
            format!("mate {}", if self.score > 0 { moves } else { -moves })
        } else {
            format!("cp {}", self.score)
        };
        let ms = self.elapsed.as_millis().max(1) as u64;
        let pv: Vec<String> = self.pv.iter().map(ToString::to_string).collect();
        let line = self
            .multipv
            .map_or(String::new(), |n| format!(" multipv {n}"));
        format!(
            "info depth {} seldepth {}{line} score {score} nodes {} nps {} time {} pv {}",
            self.depth,
            self.seldepth,
            self.nodes,
            self.nodes * 1000 / ms,
            ms,
            pv.join(" ")
        )
    }
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<M>,
    /// Its score.
    pub score: i32,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Root moves with their scores from the last completed iteration (exact for the best, bounds for
    /// the rest), used by the levels.
    pub root_scores: Vec<(M, i32)>,
    /// Principal variation.
    pub pv: Vec<M>,
    /// The best lines of the last completed depth, best first: as many as asked for
    /// ([`crate::Limits::multipv`], at most one per legal move), or the principal variation alone.
    pub lines: Vec<Line<M>>,
}

/// One of the best lines a search found: its first move's score and its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<M> {
    /// Score for the side to move.
    pub score: i32,
    /// The moves, the root move first.
    pub pv: Vec<M>,
}
