//! One game of a match, refereed: every move is checked with the rules library, the rules decide the
//! end (RULES.md A5, including D1 repetition and D2 the quiet limit), and the runner adds a ply cap and
//! forfeits (time-outs, crashes, errors, illegal moves). Engines' own claims are never used. This is
//! the one game loop of the lab: `match`, `levels` and `tune match` all play their games here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hasami_core::{Game, PlayError, Position, Record, RecordResult, Recordable, Side};

use super::engine_process::EngineError;
use super::openings::Opening;
use super::players::Player;

/// A player as the referee holds it: the match's players ([`Player`]: built-in or UGI engines) and
/// in-process searchers such as `tune match`'s weight sets.
pub trait Seat<P: Position> {
    /// The name shown in reports and records.
    fn name(&self) -> &str;
    /// Gets ready for a game of `rules`; `seed` seeds any randomness of the player.
    fn new_game(&mut self, rules: &'static P::Rules, seed: u64) -> Result<(), EngineError>;
    /// The player's move as text, given the `go` command of the time control and the time it has.
    fn think(&mut self, game: &Game<P>, go: &str, timeout: Duration)
        -> Result<String, EngineError>;
}

impl<P: Position> Seat<P> for Player {
    fn name(&self) -> &str {
        Player::name(self)
    }
    fn new_game(&mut self, rules: &'static P::Rules, seed: u64) -> Result<(), EngineError> {
        Player::new_game(self, rules, seed)
    }
    fn think(
        &mut self,
        game: &Game<P>,
        go: &str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        Player::think(self, game, go, timeout)
    }
}

/// How much thinking time players get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per move (ms): `go movetime T`.
    MoveTime(u64),
    /// A clock per side (ms) and an increment per move (ms): `go p1time … p2time … p1inc … p2inc …`.
    Clock {
        /// Time on each clock at the start.
        base: u64,
        /// Time added after each move.
        inc: u64,
    },
}

impl TimeControl {
    /// Reads `SECONDS[+INC]` (decimals allowed), e.g. `10+0.1`.
    pub fn parse_tc(text: &str) -> Result<TimeControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |t: &str| -> Result<u64, String> {
            let v: f64 = t.trim().parse().map_err(|_| {
                format!("'{text}' is not SECONDS+INC (e.g. 10+0.1: 10 s per game, 0.1 s per move)")
            })?;
            if !(0.0..=1e7).contains(&v) {
                return Err(format!("'{t}' is out of range in '{text}'"));
            }
            Ok((v * 1000.0).round() as u64)
        };
        let (base, inc) = (secs(base)?, secs(inc)?);
        if base == 0 && inc == 0 {
            return Err(format!("'{text}' gives no time at all"));
        }
        Ok(TimeControl::Clock { base, inc })
    }
}

/// Everything a game needs besides its players and opening (which holds the variant: the players
/// are told the rules of the opening's start, as a Shogun opening may have a board of its own).
#[derive(Debug, Clone)]
pub struct Settings {
    /// Thinking time.
    pub time: TimeControl,
    /// How far past its time an engine may answer before it loses.
    pub margin: Duration,
    /// Plies after which a game is adjudicated a draw (0: no cap). Opening plies count.
    pub max_plies: u32,
    /// The match seed (the built-in players' moves derive from it and the game number).
    pub seed: u64,
    /// The `Date` tag of the records.
    pub date: String,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// By the rules of the variant.
    Rule,
    /// At the ply cap: a draw.
    PlyCap,
    /// A player lost by forfeit (index 0 or 1 into the match's players).
    Forfeit(usize),
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct GameReport<P: Recordable> {
    /// The game's number, from 0.
    pub index: usize,
    /// Whether player 1 had Black (moved first).
    pub p1_black: bool,
    /// The winning side, `None` for a draw.
    pub winner: Option<Side>,
    /// How it ended.
    pub end: End,
    /// The words for the end (the record's `Termination` tag).
    pub termination: String,
    /// The game record.
    pub record: Record<P>,
}

impl<P: Recordable> GameReport<P> {
    /// Player 1's points ×2: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn p1_points2(&self) -> u32 {
        match self.winner {
            None => 1,
            Some(side) if (side == Side::First) == self.p1_black => 2,
            Some(_) => 0,
        }
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// A per-game seed from the match seed and the game number.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Plays game `index` from `opening`, player 1 (`players[0]`) as Black when `p1_black`. Returns
/// `None` when `stop` was set before the game ended (the game is abandoned).
pub fn play<P: Recordable, S: Seat<P>>(
    players: &mut [S; 2],
    index: usize,
    opening: &Opening<P>,
    p1_black: bool,
    s: &Settings,
    stop: &AtomicBool,
) -> Option<GameReport<P>> {
    let rules = opening.start.rules();
    let mut game = opening.game();
    let opening_plies = game.played().len();
    let seat = |side: Side| usize::from((side == Side::First) != p1_black);
    let seed = game_seed(s.seed, index);
    let margin_ms = s.margin.as_millis() as i64;

    // (winner, end, termination)
    let mut ended: Option<(Option<Side>, End, String)> = None;
    let forfeit = |side: Side, name: &str, reason: String| {
        (
            Some(!side),
            End::Forfeit(seat(side)),
            format!(
                "{} wins: {} ({name}) {reason}",
                P::side_name(!side),
                P::side_name(side)
            ),
        )
    };

    for side in [Side::First, Side::Second] {
        let p = seat(side);
        if let Err(e) = players[p].new_game(rules, seed.wrapping_add(p as u64)) {
            ended = Some(forfeit(
                side,
                players[p].name(),
                format!("could not start the game: {e}"),
            ));
            break;
        }
    }

    let mut clock = match s.time {
        TimeControl::Clock { base, .. } => [base as i64; 2],
        TimeControl::MoveTime(_) => [0; 2],
    };
    while ended.is_none() {
        if let Some(outcome) = game.outcome() {
            ended = Some((outcome.winner(), End::Rule, P::describe(outcome)));
            break;
        }
        if s.max_plies > 0 && game.played().len() >= s.max_plies as usize {
            ended = Some((
                None,
                End::PlyCap,
                format!(
                    "draw: adjudicated by the match runner after {} plies (the ply cap)",
                    game.played().len()
                ),
            ));
            break;
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let side = game.position().side();
        let p = seat(side);
        let (go, timeout) = match s.time {
            TimeControl::MoveTime(t) => (format!("go movetime {t}"), t as i64 + margin_ms),
            TimeControl::Clock { inc, .. } => (
                format!(
                    "go p1time {} p2time {} p1inc {inc} p2inc {inc}",
                    clock[0].max(0),
                    clock[1].max(0)
                ),
                clock[side_index(side)].max(0) + margin_ms,
            ),
        };
        let timeout = Duration::from_millis(timeout.max(1) as u64);
        let started = Instant::now();
        let reply = players[p].think(&game, &go, timeout);
        let elapsed = started.elapsed().as_millis() as i64;
        let text = match reply {
            Ok(text) => text,
            Err(e) => {
                ended = Some(forfeit(side, players[p].name(), e.to_string()));
                break;
            }
        };
        if let TimeControl::Clock { inc, .. } = s.time {
            let c = &mut clock[side_index(side)];
            *c -= elapsed;
            if *c < -margin_ms {
                ended = Some(forfeit(
                    side,
                    players[p].name(),
                    format!("lost on time ({} ms over)", -*c),
                ));
                break;
            }
            *c = (*c).max(0) + inc as i64;
        }
        if let Err(e) = game.play_text(&text) {
            let reason = match e {
                PlayError::Illegal { .. } => format!("played an {e}"),
                PlayError::Parse(e) => format!("sent a bad move '{text}': {e}"),
            };
            ended = Some(forfeit(side, players[p].name(), reason));
        }
    }

    let (winner, end, termination) = ended.expect("the loop ends only with an end");
    let [first, second] = P::SIDE_NAMES;
    let mut record = Record::from_game(
        &game,
        [
            (first, players[seat(Side::First)].name().to_string()),
            (second, players[seat(Side::Second)].name().to_string()),
            ("Date", s.date.clone()),
            ("Termination", termination.clone()),
            ("Event", "hasami-lab match".to_string()),
            ("Round", (index + 1).to_string()),
        ],
    );
    record.result = match winner {
        Some(Side::First) => RecordResult::FirstWins,
        Some(Side::Second) => RecordResult::SecondWins,
        None => RecordResult::Draw,
    };
    if opening_plies > 0 {
        record.moves[opening_plies - 1].comment = Some("end of the opening".into());
    }
    Some(GameReport {
        index,
        p1_black,
        winner,
        end,
        termination,
        record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::openings;
    use crate::matches::players::PlayerSpec;
    use hasami_core::{HasamiPosition, HasamiRecord, HasamiRules};
    use hasami_core::{ShogunPosition, ShogunRecord, ShogunRules};

    #[test]
    fn time_controls() {
        assert_eq!(
            TimeControl::parse_tc("10+0.1"),
            Ok(TimeControl::Clock {
                base: 10_000,
                inc: 100
            })
        );
        assert_eq!(
            TimeControl::parse_tc("2.5"),
            Ok(TimeControl::Clock {
                base: 2_500,
                inc: 0
            })
        );
        for bad in ["", "x+1", "0+0", "-1+1", "1+y"] {
            assert!(TimeControl::parse_tc(bad).is_err(), "{bad}");
        }
    }

    /// The settings of a test game and the variant's rules.
    fn settings(variant: &str, max_plies: u32) -> (Settings, &'static HasamiRules) {
        let s = Settings {
            time: TimeControl::MoveTime(10),
            margin: Duration::from_millis(100),
            max_plies,
            seed: 5,
            date: "2026.01.01".into(),
        };
        (s, HasamiRules::parse(variant).unwrap())
    }

    #[test]
    fn built_in_players_play_refereed_games_with_records() {
        let (s, rules) = settings("hasami-chess", 400);
        let opening = &openings::generate::<HasamiPosition>(rules, 1, 1)[0];
        let mut players = [
            Player::new(PlayerSpec::Random, "random".into()),
            Player::new(PlayerSpec::Greedy(1), "greedy:1".into()),
        ];
        let stop = AtomicBool::new(false);
        for (i, p1_black) in [(0, true), (1, false)] {
            let r = play(&mut players, i, opening, p1_black, &s, &stop).unwrap();
            let text = r.record.to_string();
            let parsed = HasamiRecord::parse(&text).unwrap();
            assert_eq!(parsed, r.record);
            parsed.to_game().unwrap();
            assert_eq!(parsed.tag("Termination"), Some(r.termination.as_str()));
            let black = if p1_black { "random" } else { "greedy:1" };
            assert_eq!(parsed.tag("Black"), Some(black));
            assert!(text.contains("{end of the opening}"), "{text}");
            assert_ne!(r.end, End::Forfeit(0));
            assert_ne!(r.end, End::Forfeit(1));
            // The same seed and game number give the same game.
            let again = play(&mut players, i, opening, p1_black, &s, &stop).unwrap();
            assert_eq!(again.record, r.record);
        }
    }

    #[test]
    fn shogun_games_are_refereed_with_shogun_names() {
        let rules = ShogunRules::parse("shogun").unwrap();
        let s = Settings {
            time: TimeControl::MoveTime(10),
            margin: Duration::from_millis(100),
            max_plies: 0,
            seed: 5,
            date: "2026.01.01".into(),
        };
        let opening = &openings::generate::<ShogunPosition>(rules, 1, 3)[0];
        let mut players = [
            Player::new(PlayerSpec::Greedy(1), "greedy:1".into()),
            Player::new(PlayerSpec::Random, "random".into()),
        ];
        let r = play(&mut players, 0, opening, true, &s, &AtomicBool::new(false)).unwrap();
        assert_eq!(r.end, End::Rule, "{}", r.termination);
        let parsed = ShogunRecord::parse(&r.record.to_string()).unwrap();
        assert_eq!(parsed, r.record);
        parsed.to_game().unwrap();
        // Shogun's first player is White, its second Red (RULES.md Part B).
        assert_eq!(parsed.tag("White"), Some("greedy:1"));
        assert_eq!(parsed.tag("Red"), Some("random"));
        assert!(
            r.termination.starts_with("White wins") || r.termination.starts_with("Red wins"),
            "{}",
            r.termination
        );
    }

    #[test]
    fn ply_cap_is_a_draw() {
        let (s, rules) = settings("hasami", 10);
        let opening = &openings::generate::<HasamiPosition>(rules, 1, 1)[0];
        let mut players = [
            Player::new(PlayerSpec::Random, "a".into()),
            Player::new(PlayerSpec::Random, "b".into()),
        ];
        let r = play(&mut players, 0, opening, true, &s, &AtomicBool::new(false)).unwrap();
        assert_eq!(r.end, End::PlyCap);
        assert_eq!(r.winner, None);
        assert_eq!(r.p1_points2(), 1);
        assert_eq!(r.record.moves.len(), 10);
        assert_eq!(r.record.result, RecordResult::Draw);
        HasamiRecord::parse(&r.record.to_string()).unwrap();
    }

    #[test]
    fn stop_abandons_the_game() {
        let (s, rules) = settings("hasami", 400);
        let opening = &openings::generate::<HasamiPosition>(rules, 1, 1)[0];
        let mut players = [
            Player::new(PlayerSpec::Random, "a".into()),
            Player::new(PlayerSpec::Random, "b".into()),
        ];
        assert!(play(&mut players, 0, opening, true, &s, &AtomicBool::new(true)).is_none());
    }

    #[test]
    fn engine_that_cannot_start_forfeits() {
        let (s, rules) = settings("hasami", 400);
        let opening = &openings::generate::<HasamiPosition>(rules, 1, 1)[0];
        let spec = PlayerSpec::parse("cmd:/nonexistent/engine-for-hasami-tests").unwrap();
        let mut players = [
            Player::new(PlayerSpec::Random, "a".into()),
            Player::new(spec, "ghost".into()),
        ];
        let r = play(&mut players, 0, opening, false, &s, &AtomicBool::new(false)).unwrap();
        assert_eq!(r.end, End::Forfeit(1));
        assert_eq!(r.winner, Some(Side::Second));
        assert_eq!(r.p1_points2(), 2);
        assert!(
            r.termination
                .starts_with("White wins: Black (ghost) could not start the game"),
            "{}",
            r.termination
        );
        HasamiRecord::parse(&r.record.to_string()).unwrap();
    }
}
