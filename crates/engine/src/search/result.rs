//! What a search is told to use and what it reports: feature switches, progress lines, the result.

use std::time::Duration;

use crate::game::Press;
use crate::score::{WIN, WIN_BOUND};

/// Switches for the search features, so each can be measured (docs/engine.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Aspiration windows.
    pub aspiration: bool,
    /// Quiescence search.
    pub quiescence: bool,
    /// Reverse futility, futility and late-move pruning and internal iterative reduction.
    pub pruning: bool,
    /// Threatening quiet moves first among quiet moves and exempt from pruning.
    pub threats: bool,
    /// A threat-sequence search ([`SearchGame::forced_win`], VCF for five in a row) where quiescence begins.
    pub vcf: bool,
    /// Evaluations fade towards 0 as the quiet limit (RULES.md D2) nears, and the root's side loses
    /// [`PROGRESS`] per ply without a capture: an advantage must be turned into captures before the
    /// limit draws the game, and a locked position is worth less than an open one.
    pub progress: bool,
    /// When one side leads in a capture game ([`crate::SearchGame::press`]): the side ahead gains
    /// as the defender's pieces lose their moves.
    pub press: bool,
    /// The weight of [`Features::press`]: the game's full weight, or the lighter one the playing
    /// levels below 10 were measured with (`full_press` off).
    pub press_weight: Press,
    /// Threatening quiet moves also at the first ply of quiescence (off by default; measured in
    /// docs/engine.md).
    pub quiescence_threats: bool,
    /// When the root's side leads by two pieces or more ([`crate::SearchGame::lead`]), the other
    /// side's late quiet moves are reduced one ply more: the side ahead looks deeper along its own
    /// plans, and a search by the side behind is unchanged (off by default: measured in
    /// docs/conversion.md, "Narrowing the defence").
    pub narrow: bool,
    /// When the root's side leads by two pieces or more in a game won by capturing
    /// ([`crate::SearchGame::lead`]): it gains [`KEEP`](super::KEEP) for each piece it keeps
    /// ([`crate::SearchGame::material`]), so the captures it seeks are not trades down to defenders
    /// it cannot catch, and, where the quiet count is not already priced
    /// ([`crate::SearchGame::quiet_count`] is `None`; not mak-yek), gives up
    /// [`DEADLINE_COST`](super::DEADLINE_COST) for every [`DEADLINE_EVERY`](super::DEADLINE_EVERY)
    /// plies without a capture ([`crate::SearchGame::quiet_window`]), so it takes a capture within
    /// reach now rather than when the quiet limit comes into sight. A search by the side behind is
    /// unchanged. On by default; the playing levels below 10 search without it, as their
    /// ladder was measured (docs/conversion.md, "Deadlines").
    pub deadline: bool,
}

impl Features {
    /// The default features with those named in `off` switched off and those in `on` switched on
    /// (comma-separated: `null_move`, `lmr`, `aspiration`, `quiescence`, `pruning`, `threats`,
    /// `progress`, `press`, `full_press`, `vcf`, `quiescence_threats`, `narrow`, `deadline`), for measuring what each is worth. The engine reads these from the
    /// `HASAMI_SEARCH_OFF` and `HASAMI_SEARCH_ON` environment variables; unknown names are ignored.
    pub fn switched(off: &str, on: &str) -> Features {
        let mut f = Features::default();
        for (names, value) in [(off, false), (on, true)] {
            for name in names.split(',').map(str::trim) {
                match name {
                    "null_move" => f.null_move = value,
                    "lmr" => f.lmr = value,
                    "aspiration" => f.aspiration = value,
                    "quiescence" => f.quiescence = value,
                    "pruning" => f.pruning = value,
                    "threats" => f.threats = value,
                    "progress" => f.progress = value,
                    "press" => f.press = value,
                    "full_press" => {
                        f.press_weight = if value { Press::Full } else { Press::Ladder }
                    }
                    "vcf" => f.vcf = value,
                    "quiescence_threats" => f.quiescence_threats = value,
                    "narrow" => f.narrow = value,
                    "deadline" => f.deadline = value,
                    _ => {}
                }
            }
        }
        f
    }

    /// These features as the playing levels below 10 were measured: pressing a lead with the
    /// lighter weight ([`Features::press_weight`]) and without [`Features::deadline`].
    pub fn for_ladder(self) -> Features {
        Features {
            press_weight: Press::Ladder,
            deadline: false,
            ..self
        }
    }
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            aspiration: true,
            quiescence: true,
            pruning: true,
            threats: true,
            progress: true,
            press: true,
            press_weight: Press::Full,
            vcf: true,
            quiescence_threats: false,
            narrow: false,
            deadline: true,
        }
    }
}

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
