//! Self-play: the data generator and matches between two weight sets.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hasami_core::SplitMix64;
use hasami_core::{HasamiPosition, HasamiRules, Move, Outcome, Side};
use hasami_engine::hasami::{evaluate, Weights};
use hasami_engine::{Limits, SearchGame, Searcher, Terminal};

use super::data::format_line;

/// A position evaluated with a chosen weight set (for matches between weights).
#[derive(Clone, Copy)]
pub struct Weighted {
    /// The position.
    pub pos: HasamiPosition,
    /// The weights its evaluation uses.
    pub w: &'static Weights,
}

impl SearchGame for Weighted {
    type Move = Move;

    fn hash(&self) -> u64 {
        SearchGame::hash(&self.pos)
    }
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
    fn play(&self, mv: Move) -> (Self, bool) {
        let (pos, tactical) = SearchGame::play(&self.pos, mv);
        (Weighted { pos, w: self.w }, tactical)
    }
    fn null_move(&self) -> Option<Self> {
        self.pos.null_move().map(|pos| Weighted { pos, w: self.w })
    }
    fn evaluate(&self) -> i32 {
        evaluate(&self.pos, self.w)
    }
    fn move_key(mv: Move) -> u16 {
        <HasamiPosition as SearchGame>::move_key(mv)
    }
    fn move_from_key(&self, key: u16) -> Option<Move> {
        self.pos.move_from_key(key)
    }
    fn threat_moves(&self, out: &mut Vec<(Move, i32)>) {
        self.pos.threat_moves(out)
    }
    fn in_danger(&self) -> bool {
        self.pos.in_danger()
    }
}

/// A game in progress: the core game (legality, history, result).
struct Match {
    game: hasami_core::HasamiGame,
}

impl Match {
    /// A game after `plies` uniformly random moves from the start, or `None` when it ended in them.
    fn opening(rules: &'static HasamiRules, plies: u64, rng: &mut SplitMix64) -> Option<Match> {
        let mut game = hasami_core::HasamiGame::new(rules);
        for _ in 0..plies {
            let mv = game.position().pick_move(|n| rng.below(n))?;
            game.play(mv).ok()?;
            if game.outcome().is_some() {
                return None;
            }
        }
        Some(Match { game })
    }

    /// Plays the engine's move for the side to move; `false` when there is none.
    fn step(&mut self, searcher: &Searcher, w: &'static Weights, depth: u32) -> bool {
        let root = Weighted {
            pos: *self.game.position(),
            w,
        };
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let out = searcher.search(
            &root,
            &self.game.hashes(),
            &limits,
            Arc::new(AtomicBool::new(false)),
            |_| {},
        );
        match out.best {
            Some(mv) => self.game.play(mv).is_ok(),
            None => false,
        }
    }

    /// The result for Black: 1, 0.5 or 0. A side left without a move has lost (W6); a game cut at the
    /// ply cap counts as a draw.
    fn result(&self) -> f64 {
        match self.game.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                if winner == Side::First {
                    1.0
                } else {
                    0.0
                }
            }
            Some(Outcome::Draw(_)) => 0.5,
            None if !self.game.position().has_moves() => {
                if self.game.position().side() == Side::First {
                    0.0
                } else {
                    1.0
                }
            }
            None => 0.5,
        }
    }
}

/// Settings shared by the generator and matches.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Variant text.
    pub variant: String,
    /// Search depth per move.
    pub depth: u32,
    /// Random plies at the start: between `random_plies / 2` and `random_plies`.
    pub random_plies: u64,
    /// Longest game in plies.
    pub max_plies: u32,
    /// Seed.
    pub seed: u64,
}

fn game_rng(seed: u64, i: u64) -> SplitMix64 {
    let mut r = SplitMix64(seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next();
    r
}

fn opening(s: &Settings, rules: &'static HasamiRules, i: u64) -> Option<Match> {
    let mut rng = game_rng(s.seed, i);
    let lo = s.random_plies / 2;
    let plies = lo + rng.below(s.random_plies - lo + 1);
    Match::opening(rules, plies, &mut rng)
}

/// Whether a position goes into the data: the game goes on and the side to move has no capture and no
/// five to complete (a quiet position, where the static evaluation should predict the result).
pub fn is_quiet(pos: &HasamiPosition, scratch: &mut Vec<(Move, i32)>) -> bool {
    scratch.clear();
    pos.tactical_moves(scratch);
    scratch.is_empty() && pos.status().is_none() && pos.has_moves()
}

/// Plays `games` self-play games with the built-in weights and returns the data lines and the number
/// of positions. `progress` is called after each game.
pub fn generate(
    s: &Settings,
    games: u64,
    mut progress: impl FnMut(u64, usize),
) -> Result<(String, usize), String> {
    let rules = HasamiRules::parse(&s.variant).map_err(|e| e.to_string())?;
    let w = Weights::for_rules(rules);
    let searcher = Searcher::new(16, 1);
    let mut text = String::new();
    let mut count = 0;
    let mut scratch = Vec::new();
    let mut i = 0;
    let mut played = 0;
    while played < games {
        i += 1;
        let Some(mut m) = opening(s, rules, i) else {
            continue;
        };
        played += 1;
        searcher.clear();
        let mut quiet = Vec::new();
        for _ in 0..s.max_plies {
            if m.game.outcome().is_some() {
                break;
            }
            let pos = *m.game.position();
            if is_quiet(&pos, &mut scratch) {
                quiet.push(pos);
            }
            if !m.step(&searcher, w, s.depth) {
                break;
            }
        }
        let result = m.result();
        for pos in &quiet {
            let _ = writeln!(text, "{}", format_line(&s.variant, pos, result));
        }
        count += quiet.len();
        progress(played, count);
    }
    Ok((text, count))
}

/// The result of a match, from the first weight set's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Score {
    /// Games won by the first weights.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Score {
    /// Points per game, 0..=1.
    pub fn fraction(&self) -> f64 {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The Elo difference the score suggests (clamped at ±800).
    pub fn elo(&self) -> f64 {
        let p = self.fraction().clamp(0.01, 0.99);
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Plays `pairs` pairs of games between weights `a` and `b`, each opening once with each colour.
pub fn play_match(
    s: &Settings,
    pairs: u64,
    a: &'static Weights,
    b: &'static Weights,
    mut progress: impl FnMut(&Score),
) -> Result<Score, String> {
    let rules = HasamiRules::parse(&s.variant).map_err(|e| e.to_string())?;
    let sa = Searcher::new(16, 1);
    let sb = Searcher::new(16, 1);
    let mut score = Score::default();
    let mut i = 0;
    let mut played = 0;
    while played < pairs {
        i += 1;
        let Some(start) = opening(s, rules, i) else {
            continue;
        };
        played += 1;
        for a_is_black in [true, false] {
            let mut m = Match {
                game: start.game.clone(),
            };
            sa.clear();
            sb.clear();
            for _ in 0..s.max_plies {
                if m.game.outcome().is_some() {
                    break;
                }
                let a_to_move = (m.game.position().side() == Side::First) == a_is_black;
                let ok = if a_to_move {
                    m.step(&sa, a, s.depth)
                } else {
                    m.step(&sb, b, s.depth)
                };
                if !ok {
                    break;
                }
            }
            let r = m.result();
            let for_a = if a_is_black { r } else { 1.0 - r };
            if for_a > 0.75 {
                score.wins += 1;
            } else if for_a < 0.25 {
                score.losses += 1;
            } else {
                score.draws += 1;
            }
        }
        progress(&score);
    }
    Ok(score)
}
