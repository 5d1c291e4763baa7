//! Playing levels 1–10: a depth cap and a margin within which the engine picks among good moves at
//! random, so weak levels make plausible, human-like mistakes but never throw away a won position.
//! The settings depend on the game ([`Ladder`]): the same depth and margin are a different strength
//! in a five-in-a-row race, a capture game and Shogun.
//!
//! The tables and the measured strength of each step are in docs/engine.md ("Levels", "Level
//! ladder").

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use hasami_core::AnyPosition;

use crate::game::{Press, SearchGame, Terminal};
use crate::limits::Limits;
use crate::request::{SearchRequest, Searchable};
use crate::score::{WIN, WIN_BOUND};
use crate::search::{Info, SearchResult, Searcher};

/// How hard a search presses a lead in a game won by capturing: as the playing levels below 10 were
/// measured, or with everything the conversion suites were measured with (level 10, and a search
/// without a level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pressing {
    /// The lighter press weight ([`Press::Ladder`]) and no deadline: the levels' margins and slips
    /// are in evaluation units, so a heavier press would change what they leave en prise
    /// (docs/engine.md, "Level ladder").
    Ladder,
    /// The game's full press weight ([`Press::Full`]) and the deadline: when the root's side leads
    /// by two pieces or more it gains for each piece it keeps and, where the quiet count is not
    /// already priced, pays for the plies without a capture (docs/conversion.md, "Deadlines").
    Full,
}

impl Pressing {
    /// The weight of the game's press term ([`SearchGame::press`]).
    pub(crate) fn weight(self) -> Press {
        match self {
            Pressing::Ladder => Press::Ladder,
            Pressing::Full => Press::Full,
        }
    }

    /// Whether the side ahead pays for the plies without a capture and gains for its pieces.
    pub(crate) fn deadline(self) -> bool {
        self == Pressing::Full
    }
}

/// The settings of one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// 1–10.
    pub number: u32,
    /// Deepest search, `None` for no cap (level 10: time decides).
    pub depth: Option<u32>,
    /// A move whose score is within this many centi-pieces of the best may be picked (0: the search's
    /// own move is played).
    pub margin: i32,
    /// The chance, in percent, that the best-scored move is played outright; otherwise the move is
    /// drawn among those within the margin (with a margin only).
    pub focus: u32,
    /// For a level that scores its moves at depth 1: a move whose score at depth 2 (the opponent's
    /// reply seen) is more than this many centi-pieces below the best move's is never drawn. This
    /// keeps a weak level from leaving pieces or a five to the next move. `None`: no such check.
    pub guard: Option<i32>,
    /// The chance, in percent, that a move is chosen as a slip instead ([`Level::slip_move`]): at
    /// depth 1 and loosely, so the level now and then leaves pieces to the opponent's reply. This is
    /// what sets the strong levels of the capture games apart (docs/engine.md, "Level ladder").
    pub slip: u32,
    /// How the level chooses the moves it slips on; the game's ([`Ladder::slip_move`]).
    pub slip_move: SlipMove,
}

/// How a level chooses a move when it slips: at depth 1, at random among the moves within `margin`
/// of the best (weighted towards the best), never one that loses more than `guard` at depth 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlipMove {
    /// Centi-pieces below the best move's depth-1 score that a slip may still pick.
    pub margin: i32,
    /// The most a slip may lose to the opponent's reply (depth 2), in centi-pieces.
    pub guard: i32,
}

/// The slips of most games: a margin of 100 and a guard of 100, so a slip may leave one piece, never
/// two.
pub const SLIP: SlipMove = SlipMove {
    margin: 100,
    guard: 100,
};

/// The slips of the intervention game (mak-yek), where one landing takes two pieces and only
/// larger leads are turned into wins: a margin of 300 and a guard of 450, so a slip may leave up to
/// four pieces (two interventions). With the common slip its strong levels drew nearly every game
/// (docs/engine.md, "Level ladder").
pub const WIDE_SLIP: SlipMove = SlipMove {
    margin: 300,
    guard: 450,
};

impl SlipMove {
    /// The level a slip of level `number` plays: depth 1, this margin and guard, no focus.
    pub const fn level(self, number: u32) -> Level {
        Level {
            number,
            depth: Some(1),
            margin: self.margin,
            focus: 0,
            guard: Some(self.guard),
            slip: 0,
            slip_move: self,
        }
    }
}

impl Level {
    /// How hard this level presses a lead: level 10 fully, the levels below it as their ladder was
    /// measured.
    pub(crate) fn pressing(self) -> Pressing {
        if self.number >= 10 {
            Pressing::Full
        } else {
            Pressing::Ladder
        }
    }

    /// This level played with `settings`' depth, margin, focus, guard and slip rate (a parsed
    /// `LevelSettings`), keeping its own number and its game's slip move.
    pub fn overridden_by(self, settings: Level) -> Level {
        Level {
            number: self.number,
            slip_move: self.slip_move,
            ..settings
        }
    }

    /// This level with `text`'s settings instead of its table's: `DEPTH/MARGIN/FOCUS/GUARD[/SLIP]`
    /// (`-` for no depth cap or no guard; e.g. `1/300/30/150` or `6/0/0/-/4`), as the UGI option
    /// `LevelSettings` takes them. Empty text keeps the level as it is.
    pub fn with_settings(self, text: &str) -> Result<Level, String> {
        let text = text.trim();
        if text.is_empty() || text == "<empty>" {
            return Ok(self);
        }
        let bad =
            || format!("bad level settings '{text}': expected DEPTH/MARGIN/FOCUS/GUARD[/SLIP]");
        let parts: Vec<&str> = text.split('/').collect();
        let (d, m, f, g, s) = match parts[..] {
            [d, m, f, g] => (d, m, f, g, "0"),
            [d, m, f, g, s] => (d, m, f, g, s),
            _ => return Err(bad()),
        };
        let depth = match d {
            "-" => None,
            d => Some(d.parse::<u32>().map_err(|_| bad())?),
        };
        let guard = match g {
            "-" => None,
            g => Some(g.parse::<i32>().map_err(|_| bad())?),
        };
        let margin: i32 = m.parse().map_err(|_| bad())?;
        let focus: u32 = f.parse().map_err(|_| bad())?;
        let slip: u32 = s.parse().map_err(|_| bad())?;
        if focus > 100 || slip > 100 || depth == Some(0) || margin < 0 {
            return Err(bad());
        }
        Ok(Level {
            depth,
            margin,
            focus,
            guard,
            slip,
            ..self
        })
    }
}

/// The games whose levels are set apart: one table of levels each, chosen from the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ladder {
    /// Five in a row wins (W3: dai-hasami, agon): short races where one ply more sees a threat.
    Five,
    /// Captures decide (W1, W2 without W3: hasami, hasami-chess): long games, drawn by repetition or
    /// the quiet limit when neither side presses.
    Capture,
    /// Intervention captures (C4: mak-yek): a landing between two pieces takes both.
    Intervention,
    /// The count of pieces decides (W5 most captures, no five: dai-hasami-captures,
    /// hasami-chess+rows=1,2+win=most-captures): a piece up at the quiet limit wins, so every slip
    /// tells.
    Count,
    /// Shogun.
    Shogun,
}

impl Ladder {
    /// Every ladder.
    pub const ALL: [Ladder; 5] = [
        Ladder::Five,
        Ladder::Capture,
        Ladder::Intervention,
        Ladder::Count,
        Ladder::Shogun,
    ];

    /// The ladder of the game `pos` belongs to (its rules decide, not the position).
    pub fn of(pos: &AnyPosition) -> Ladder {
        match pos {
            AnyPosition::Shogun(_) => Ladder::Shogun,
            AnyPosition::Hasami(p) => {
                let rules = p.rules();
                if rules.five {
                    Ladder::Five
                } else if rules.options.intervention {
                    Ladder::Intervention
                } else if rules.most_captures {
                    Ladder::Count
                } else {
                    Ladder::Capture
                }
            }
        }
    }

    /// Level `n` (clamped to 1–10) of this ladder. See docs/engine.md for the tables and the measured
    /// steps.
    pub const fn level(self, n: u32) -> Level {
        let slip_move = self.slip_move();
        let n = if n == 0 {
            1
        } else if n > 10 {
            10
        } else {
            n
        };
        // (depth cap, margin, focus %, guard, slip %); the measured steps are in docs/engine.md.
        let (depth, margin, focus, guard, slip) = match self {
            Ladder::Five => match n {
                1 => (Some(1), 1000, 0, Some(500), 0),
                2 => (Some(1), 600, 30, Some(400), 0),
                3 => (Some(1), 300, 50, Some(300), 0),
                4 => (Some(1), 150, 70, Some(200), 0),
                5 => (Some(1), 30, 85, Some(150), 0),
                6 => (Some(2), 15, 0, None, 0),
                7 => (Some(3), 50, 0, None, 0),
                8 => (Some(4), 15, 0, None, 0),
                9 => (Some(6), 0, 0, None, 0),
                _ => (None, 0, 0, None, 0),
            },
            Ladder::Capture => match n {
                1 => (Some(1), 300, 30, Some(150), 0),
                2 => (Some(1), 150, 30, Some(100), 0),
                3 => (Some(1), 30, 0, Some(100), 0),
                // From level 4 on the levels see the reply, and what sets them apart is how often
                // they slip (neither side loses pieces otherwise) and how deep they punish a slip.
                4 => (Some(2), 0, 0, None, 60),
                5 => (Some(2), 0, 0, None, 40),
                6 => (Some(3), 0, 0, None, 30),
                7 => (Some(4), 0, 0, None, 20),
                8 => (Some(5), 0, 0, None, 10),
                9 => (Some(6), 0, 0, None, 5),
                _ => (None, 0, 0, None, 0),
            },
            Ladder::Intervention => match n {
                1 => (Some(1), 300, 30, Some(150), 0),
                2 => (Some(1), 150, 30, Some(100), 0),
                3 => (Some(1), 30, 0, Some(100), 0),
                // A ply deeper and a (wide) slip less often each level, level 9 two plies deeper
                // than 8 and slipping as often; level 9 stops at depth 8 and slips 4% so that level
                // 10 (depth 12-13 in the app's time) stays well ahead: at depth 10 it drew 18 of 20
                // games against level 10, at depth 8 slipping 2% 34 of 40.
                4 => (Some(2), 40, 0, None, 3),
                5 => (Some(3), 0, 0, None, 12),
                6 => (Some(4), 0, 0, None, 9),
                7 => (Some(5), 0, 0, None, 6),
                8 => (Some(6), 0, 0, None, 4),
                9 => (Some(8), 0, 0, None, 4),
                _ => (None, 0, 0, None, 0),
            },
            Ladder::Count => match n {
                1 => (Some(1), 300, 30, Some(150), 0),
                2 => (Some(1), 150, 30, Some(100), 0),
                3 => (Some(1), 30, 0, Some(100), 0),
                4 => (Some(2), 0, 0, None, 45),
                5 => (Some(3), 0, 0, None, 30),
                6 => (Some(4), 0, 0, None, 20),
                7 => (Some(5), 0, 0, None, 10),
                8 => (Some(6), 0, 0, None, 5),
                9 => (Some(7), 0, 0, None, 0),
                _ => (None, 0, 0, None, 0),
            },
            Ladder::Shogun => match n {
                1 => (Some(1), 300, 30, Some(150), 0),
                2 => (Some(1), 150, 30, Some(100), 0),
                3 => (Some(1), 30, 0, Some(100), 0),
                4 => (Some(2), 40, 0, None, 0),
                5 => (Some(2), 10, 0, None, 0),
                6 => (Some(4), 50, 0, None, 0),
                // Depth 4 is the deepest a capped level finishes in the app's time (depth 6 takes
                // minutes played fair), so levels 7-9 step by slips at depth 4 and level 10 searches
                // by time (depth 4 and what it gets of depth 6).
                7 => (Some(4), 0, 0, None, 20),
                8 => (Some(4), 0, 0, None, 10),
                9 => (Some(4), 0, 0, None, 0),
                _ => (None, 0, 0, None, 0),
            },
        };
        Level {
            number: n,
            depth,
            margin,
            focus,
            guard,
            slip,
            slip_move,
        }
    }

    /// How this game's levels slip: wider in the intervention game ([`WIDE_SLIP`]), [`SLIP`]
    /// elsewhere.
    pub const fn slip_move(self) -> SlipMove {
        match self {
            Ladder::Intervention => WIDE_SLIP,
            _ => SLIP,
        }
    }
}

/// Level `n` (clamped to 1–10) for the game `pos` belongs to: the one function the apps, the UGI
/// engine and the match runner call.
pub fn level_for(pos: &AnyPosition, n: u32) -> Level {
    Ladder::of(pos).level(n)
}

/// How level `n` (clamped to 1–10) plays, in words for players; the same for every game.
pub const fn level_words(n: u32) -> &'static str {
    match n {
        0 | 1 => "1 — Beginner: looks one move ahead and plays loosely, missing captures and leaving pieces, but never hands over the game in one move",
        2 => "2 — Novice: looks one move ahead, misses captures and threats now and then",
        3 => "3 — Casual: looks one move ahead, takes much of what is on offer and avoids the worst replies",
        4 => "4 — Improving: takes most of what is on offer, sees most replies that cost pieces, still slips often",
        5 => "5 — Club: checks your reply to its moves, slips now and then",
        6 => "6 — Solid: looks two to four moves ahead, slips less often",
        7 => "7 — Strong: looks three to five moves ahead, rarely slips",
        8 => "8 — Expert: looks four to six moves ahead, seldom slips",
        9 => "9 — Master: looks four to eight moves ahead, almost never slips",
        _ => "10 — Strongest: thinks for the full time it is given",
    }
}

impl<G: SearchGame> Searchable for G {
    type Move = G::Move;

    fn search_with(
        searcher: &Searcher,
        request: &SearchRequest<G>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        match request.level {
            None => searcher.run(
                &request.position,
                &request.history,
                &request.limits,
                &request.stop,
                Pressing::Full,
                on_info,
            ),
            Some(level) => at_level(searcher, level, request, on_info),
        }
    }
}

/// Searches with the level's depth cap. For a level with a margin it then scores every root move
/// exactly at the level's depth (a search of one ply less from each reply, or the static evaluation at
/// depth 1) and picks one at random among those within the margin of the best, weighted towards the
/// best; a forced win, or the only escape from a forced loss, is always taken. A level with a focus
/// plays the best move outright that often; a level with a guard drops the moves that lose more than
/// the guard at depth 2. The request's seed makes the choice reproducible. The rescoring keeps to the
/// time limit: when the time (or the stop) comes first, the choice is among the moves scored so far and
/// the search's own move.
fn at_level<G: SearchGame>(
    searcher: &Searcher,
    level: Level,
    request: &SearchRequest<G>,
    on_info: &mut dyn FnMut(&Info<G::Move>),
) -> SearchResult<G::Move> {
    let (root, history, stop, seed) = (
        &request.position,
        &request.history[..],
        &request.stop,
        request.seed,
    );
    let level = if level.slip > 0 && splitmix(seed ^ 0x5119) % 100 < u64::from(level.slip) {
        level.slip_move.level(level.number)
    } else {
        level
    };
    // Levels below 10 press a lead as their ladder was measured (the lighter weight, no deadline).
    let pressing = level.pressing();
    let started = Instant::now();
    let deadline = request.limits.budget().hard.map(|h| started + h);
    let mut limits = request.limits;
    if let Some(cap) = level.depth {
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    let mut out = searcher.run(root, history, &limits, stop, pressing, on_info);
    if level.margin == 0 || out.best.is_none() || out.score.abs() >= WIN_BOUND {
        return out;
    }
    let mut order: Vec<G::Move> = out.root_scores.iter().map(|m| m.0).collect();
    if order.is_empty() {
        let mut list = Vec::new();
        root.moves(&mut list);
        order = list.into_iter().map(|m| m.0).collect();
    }
    let rescore = Rescore {
        searcher,
        root,
        history,
        stop,
        deadline,
        pressing,
    };
    let mut scored = rescore.scores(&order, out.depth.max(1));
    if let Some(mv) = out.best {
        if !scored.iter().any(|s| s.0 == mv) {
            // Time ran out before the search's own move was scored again.
            scored.push((mv, out.score));
        }
    }
    let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
    if best.abs() >= WIN_BOUND {
        // Never miss a forced win, nor walk into a forced loss when another move avoids it.
        if let Some(m) = scored.iter().find(|s| s.1 == best) {
            out.best = Some(m.0);
            out.score = best;
        }
        return out;
    }
    let mut candidates: Vec<(G::Move, i32)> = scored
        .iter()
        .filter(|s| s.1 >= best - level.margin)
        .copied()
        .collect();
    if let Some(guard) = level.guard.filter(|_| out.depth <= 1) {
        // The blunder guard: the candidates' scores with the opponent's reply seen.
        let moves: Vec<G::Move> = candidates.iter().map(|c| c.0).collect();
        let deep = rescore.scores(&order, 2);
        let best2 = deep.iter().map(|s| s.1).max();
        if let Some(best2) = best2 {
            if best2 >= WIN_BOUND {
                if let Some(m) = deep.iter().find(|s| s.1 == best2) {
                    out.best = Some(m.0);
                    out.score = best2;
                }
                return out;
            }
            let safe = |m: &G::Move| deep.iter().any(|d| d.0 == *m && d.1 >= best2 - guard);
            candidates.retain(|c| safe(&c.0));
            if candidates.is_empty() {
                // Every move within the margin loses more: the safest move at depth 2 instead.
                if let Some(&(m, _)) = deep
                    .iter()
                    .find(|d| d.1 == best2 && moves.contains(&d.0))
                    .or_else(|| deep.iter().find(|d| d.1 == best2))
                {
                    let s = scored.iter().find(|x| x.0 == m).map_or(best2, |x| x.1);
                    candidates.push((m, s));
                }
            }
        }
    }
    let Some(&top) = candidates.iter().rev().max_by_key(|c| c.1) else {
        return out;
    };
    if splitmix(seed ^ 0x5EED) % 100 < u64::from(level.focus) {
        out.best = Some(top.0);
        out.score = top.1;
        return out;
    }
    // Weight 1 + margin − (best − score): the best move is the likeliest, one at the edge of the
    // margin the least likely.
    let weighted: Vec<(G::Move, i32, i64)> = candidates
        .iter()
        .map(|&(m, s)| (m, s, i64::from(1 + level.margin - (best - s)).max(1)))
        .collect();
    let total: i64 = weighted.iter().map(|c| c.2).sum();
    let mut x = (splitmix(seed) % total.max(1) as u64) as i64;
    for &(m, s, w) in &weighted {
        x -= w;
        if x < 0 {
            out.best = Some(m);
            out.score = s;
            break;
        }
    }
    out
}

/// What the levels rescore root moves with: a level's search and when it must be done.
struct Rescore<'a, G: SearchGame> {
    searcher: &'a Searcher,
    root: &'a G,
    history: &'a [u64],
    stop: &'a Arc<AtomicBool>,
    deadline: Option<Instant>,
    pressing: Pressing,
}

impl<G: SearchGame> Rescore<'_, G> {
    /// The root moves in `order` with their exact scores at `depth` (from the side to move's view),
    /// until the stop is set or the deadline passes (the moves not scored by then are left out).
    fn scores(&self, order: &[G::Move], depth: u32) -> Vec<(G::Move, i32)> {
        let Rescore {
            searcher,
            root,
            history,
            stop,
            deadline,
            pressing,
        } = *self;
        let out_of_time =
            || stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
        let mut hist = history.to_vec();
        let mut scored = Vec::with_capacity(order.len());
        for &mv in order {
            if out_of_time() {
                break;
            }
            let (child, _) = root.play(mv);
            hist.push(child.hash());
            let score = match child.terminal(&hist) {
                Some(Terminal::Win) => -WIN,
                Some(Terminal::Loss) => WIN,
                Some(Terminal::Draw) => 0,
                None if depth <= 1 => -child.evaluate(),
                None => {
                    let l = Limits {
                        depth: Some(depth - 1),
                        movetime: deadline.map(|d| d.saturating_duration_since(Instant::now())),
                        ..Limits::default()
                    };
                    let o = searcher.run(&child, &hist, &l, stop, pressing, &mut |_| {});
                    // A search cut short by the time is not exact (one with a single legal move or a
                    // proven result legitimately stops early).
                    let short = o.depth + 1 < depth && o.score.abs() < WIN_BOUND && {
                        let mut replies = Vec::new();
                        child.moves(&mut replies);
                        replies.len() > 1
                    };
                    if out_of_time() || short {
                        break;
                    }
                    -o.score
                }
            };
            hist.pop();
            scored.push((mv, score));
        }
        scored
    }
}

/// SplitMix64's output function: spreads nearby seeds over all 64 bits.
fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
