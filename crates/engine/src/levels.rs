//! Playing levels 1–10: a depth cap and a margin within which the engine picks among good moves at
//! random, so weak levels make plausible, human-like mistakes but never throw away a won position.
//! The settings depend on the game ([`Ladder`]): the same depth and margin are a different strength
//! in a five-in-a-row race, a capture game and Shogun.
//!
//! The tables and the measured strength of each step are in docs/engine.md ("Levels", "Level
//! ladder").

use hasami_core::AnyPosition;

use crate::pressing::Pressing;

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
