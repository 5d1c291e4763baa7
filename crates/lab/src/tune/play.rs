//! Self-play: the data generator and matches between two weight sets, both played by the lab's one
//! referee (`matches/referee.rs`) with a weight set at a fixed depth in each seat.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hasami_core::SplitMix64;
use hasami_core::{Game, HasamiPosition, HasamiRules, Move, Side};
use hasami_engine::hasami::{evaluate, Weights};
use hasami_engine::{Limits, SearchGame, SearchRequest, Searcher, Terminal};

use super::data::format_line;
use crate::matches::elo::Wdl;
use crate::matches::engine_process::EngineError;
use crate::matches::openings::Opening;
use crate::matches::referee::{self, GameReport, Seat, TimeControl};

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

/// A weight set searching to a fixed depth, in a seat of the referee; it keeps the quiet positions it
/// is asked to move in when `quiet` is on (the data of `gen`).
struct WeightsSeat {
    name: String,
    w: &'static Weights,
    depth: u32,
    searcher: Searcher,
    quiet: Option<Vec<HasamiPosition>>,
    scratch: Vec<(Move, i32)>,
}

impl WeightsSeat {
    fn new(name: &str, w: &'static Weights, depth: u32, keep_quiet: bool) -> WeightsSeat {
        WeightsSeat {
            name: name.to_string(),
            w,
            depth,
            searcher: Searcher::new(16, 1),
            quiet: keep_quiet.then(Vec::new),
            scratch: Vec::new(),
        }
    }
}

impl Seat<HasamiPosition> for WeightsSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _rules: &'static HasamiRules, _seed: u64) -> Result<(), EngineError> {
        self.searcher.clear();
        Ok(())
    }

    fn think(
        &mut self,
        game: &Game<HasamiPosition>,
        _go: &str,
        _timeout: Duration,
    ) -> Result<String, EngineError> {
        let pos = *game.position();
        if let Some(quiet) = &mut self.quiet {
            if is_quiet(&pos, &mut self.scratch) {
                quiet.push(pos);
            }
        }
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let request = SearchRequest::new(Weighted { pos, w: self.w }, game.hashes()).limits(limits);
        let out = self.searcher.search(&request, |_| {});
        out.best
            .map(|mv| mv.to_string())
            .ok_or_else(|| EngineError::Other("no legal move".into()))
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
    /// Longest game in plies, the opening's included.
    pub max_plies: u32,
    /// Seed.
    pub seed: u64,
}

fn game_rng(seed: u64, i: u64) -> SplitMix64 {
    let mut r = SplitMix64(seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next();
    r
}

/// Opening `i`: between `random_plies / 2` and `random_plies` uniformly random moves from the start,
/// or `None` when the game ended in them.
fn opening(s: &Settings, rules: &'static HasamiRules, i: u64) -> Option<Opening<HasamiPosition>> {
    let mut rng = game_rng(s.seed, i);
    let lo = s.random_plies / 2;
    let plies = lo + rng.below(s.random_plies - lo + 1);
    let start = HasamiPosition::start(rules);
    let mut game = Game::from_position(start);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mv = game.position().pick_move(|n| rng.below(n))?;
        game.play(mv).ok()?;
        if game.outcome().is_some() {
            return None;
        }
        moves.push(mv);
    }
    Some(Opening { start, moves })
}

/// The openings `1..` of the settings that do not end in their random moves, as many as asked.
fn openings<'a>(
    s: &'a Settings,
    rules: &'static HasamiRules,
) -> impl Iterator<Item = Opening<HasamiPosition>> + 'a {
    (1..).filter_map(move |i| opening(s, rules, i))
}

/// One game refereed between two seats (`seats[0]` has Black when `a_black`).
fn play_game(
    seats: &mut [WeightsSeat; 2],
    index: usize,
    opening: &Opening<HasamiPosition>,
    a_black: bool,
    s: &Settings,
) -> GameReport<HasamiPosition> {
    let settings = referee::Settings {
        // A fixed depth: the seats take no notice of the time.
        time: TimeControl::MoveTime(1_000),
        margin: Duration::from_secs(3600),
        max_plies: s.max_plies,
        seed: s.seed,
        date: crate::matches::today(),
    };
    referee::play(
        seats,
        index,
        opening,
        a_black,
        &settings,
        &AtomicBool::new(false),
    )
    .expect("never stopped")
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
    let mut seats = [
        WeightsSeat::new("builtin", w, s.depth, true),
        WeightsSeat::new("builtin", w, s.depth, true),
    ];
    let mut text = String::new();
    let mut count = 0;
    for (played, opening) in (1..=games).zip(openings(s, rules)) {
        let report = play_game(&mut seats, played as usize - 1, &opening, true, s);
        // The result for Black: 1, 0.5 or 0 (a game cut at the ply cap counts as a draw).
        let result = match report.winner {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        };
        for seat in &mut seats {
            let quiet = seat.quiet.as_mut().expect("kept");
            for pos in quiet.iter() {
                let _ = writeln!(text, "{}", format_line(&s.variant, pos, result));
            }
            count += quiet.len();
            quiet.clear();
        }
        progress(played, count);
    }
    Ok((text, count))
}

/// Plays `pairs` pairs of games between weights `a` and `b`, each opening once with each colour;
/// the result is `a`'s.
pub fn play_match(
    s: &Settings,
    pairs: u64,
    a: &'static Weights,
    b: &'static Weights,
    mut progress: impl FnMut(&Wdl),
) -> Result<Wdl, String> {
    let rules = HasamiRules::parse(&s.variant).map_err(|e| e.to_string())?;
    let mut seats = [
        WeightsSeat::new("A", a, s.depth, false),
        WeightsSeat::new("B", b, s.depth, false),
    ];
    let mut score = Wdl::default();
    let mut index = 0;
    for (_, opening) in (0..pairs).zip(openings(s, rules)) {
        for a_black in [true, false] {
            let report = play_game(&mut seats, index, &opening, a_black, s);
            index += 1;
            match report.p1_points2() {
                2 => score.wins += 1,
                1 => score.draws += 1,
                _ => score.losses += 1,
            }
        }
        progress(&score);
    }
    Ok(score)
}
