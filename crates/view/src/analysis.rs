//! What a search found, as a browser shows it: the best move, the score (and moves to a forced end),
//! the line with what each of its moves captures, the best lines. The server's hints, analysis and
//! reviews and the engine in the page answer with it.

use hasami_core::{AnyPosition, Move};
use hasami_engine::{SearchResult, WIN};

use crate::captures::captures_along;

/// What a search found.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Analysis {
    /// The best move, `None` when there is no legal move.
    pub best: Option<String>,
    /// Score for the side to move in centi-pieces (100 = one piece); large for a forced win.
    pub score: i32,
    /// Moves to a forced win (positive) or loss (negative), when the search proved one.
    pub mate: Option<i32>,
    /// Depth completed.
    pub depth: u32,
    /// Principal variation.
    pub pv: Vec<String>,
    /// The squares each move of `pv` captures (empty lists for quiet moves; at most as many as
    /// `pv`), so clients write the line as they write moves played.
    pub captured: Vec<Vec<String>>,
    /// Nodes searched.
    pub nodes: u64,
    /// The best lines, best first: as many as asked for (at most one per legal move), else the
    /// principal variation alone; none when there was nothing to search.
    pub lines: Vec<AnalysisLine>,
}

/// One of the best lines of an [`Analysis`].
#[derive(Debug, Clone, serde::Serialize)]
pub struct AnalysisLine {
    /// Score of the line's first move for the side to move, centi-pieces.
    pub score: i32,
    /// Moves to a forced win (positive) or loss (negative), when proved.
    pub mate: Option<i32>,
    /// The line's moves.
    pub pv: Vec<String>,
    /// The squares each of them captures, as [`Analysis::captured`].
    pub captured: Vec<Vec<String>>,
}

/// Moves to a forced win (positive) or loss (negative) when `score` is one.
pub fn mate_of(score: i32) -> Option<i32> {
    let bound = WIN - 1000;
    (score.abs() >= bound).then(|| {
        let moves = (WIN - score.abs() + 1) / 2;
        if score > 0 {
            moves
        } else {
            -moves
        }
    })
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

impl Analysis {
    /// What a search of `position` found, as the server reports it.
    pub fn of(out: &SearchResult<Move>, position: AnyPosition) -> Analysis {
        Analysis {
            best: out.best.map(|m| m.to_string()),
            score: out.score,
            mate: mate_of(out.score),
            depth: out.depth,
            pv: texts(&out.pv),
            captured: captures_along(position, &out.pv),
            nodes: out.nodes,
            lines: out
                .lines
                .iter()
                .map(|l| AnalysisLine {
                    score: l.score,
                    mate: mate_of(l.score),
                    pv: texts(&l.pv),
                    captured: captures_along(position, &l.pv),
                })
                .collect(),
        }
    }

    /// No search (a finished game, or a search that could not run).
    pub fn nothing() -> Analysis {
        Analysis {
            best: None,
            score: 0,
            mate: None,
            depth: 0,
            pv: Vec::new(),
            captured: Vec::new(),
            nodes: 0,
            lines: Vec::new(),
        }
    }
}
