//! `hasami-lab nnue gen`: self-play with today's engine at several node counts, every quiet position
//! written with the game's result under the variant's own rules, the search's score and the
//! hand-written evaluation (docs/eval.md, "Data").

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use hasami_core::{AnyPosition, Game, HasamiPosition, HasamiRules, Move, Outcome, SplitMix64};
use hasami_engine::{Learned, Limits, SearchGame, SearchRequest, Searcher};

use super::record::{Record, Result3};
use crate::tune::is_quiet;

/// What the generator plays.
#[derive(Debug, Clone)]
pub struct GenSettings {
    /// The variant.
    pub rules: &'static HasamiRules,
    /// Games to play.
    pub games: u64,
    /// Node counts a side may search per move: each side of each game draws one.
    pub nodes: Vec<u64>,
    /// Start positions (from a suite); the start position when empty.
    pub starts: Vec<HasamiPosition>,
    /// Random plies after the start: between half of it and it.
    pub random_plies: u64,
    /// Plies after which a game counts as drawn.
    pub max_plies: u32,
    /// The seed: game `i` derives its random choices from it and `i` alone.
    pub seed: u64,
    /// The evaluation both sides search with, as the UGI option `LearnedEval`; the shipped data was
    /// made with the hand-written one ([`Learned::Off`]).
    pub learned: Learned,
}

fn game_rng(seed: u64, i: u64) -> SplitMix64 {
    let mut r = SplitMix64(seed ^ (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next();
    r
}

/// Game `i`: its start, random plies, and the node counts of Black and White.
fn opening(
    s: &GenSettings,
    rng: &mut SplitMix64,
    i: u64,
) -> Option<(Game<HasamiPosition>, [u64; 2])> {
    let start = if s.starts.is_empty() {
        HasamiPosition::start(s.rules)
    } else {
        s.starts[(i % s.starts.len() as u64) as usize]
    };
    let mut game = Game::from_position(start);
    let lo = s.random_plies / 2;
    let plies = lo + rng.below(s.random_plies - lo + 1);
    for _ in 0..plies {
        let mv = game.position().pick_move(|n| rng.below(n))?;
        game.play(mv).ok()?;
        if game.outcome().is_some() {
            return None;
        }
    }
    let pick = |rng: &mut SplitMix64| s.nodes[rng.below(s.nodes.len() as u64) as usize];
    let nodes = [pick(rng), pick(rng)];
    Some((game, nodes))
}

/// Plays game `i` and returns its records (none when the game ended in its random plies).
pub fn play_game(s: &GenSettings, i: u64, searcher: &mut Searcher) -> Vec<Record> {
    play_game_to_end(s, i, searcher).map_or_else(Vec::new, |(records, _, _)| records)
}

/// Plays game `i`: its records, the game and its winner (`None`: drawn); `None` when the game
/// ended in its random plies.
pub fn play_game_to_end(
    s: &GenSettings,
    i: u64,
    searcher: &mut Searcher,
) -> Option<(Vec<Record>, Game<HasamiPosition>, Option<hasami_core::Side>)> {
    let mut rng = game_rng(s.seed, i);
    let (mut game, nodes) = opening(s, &mut rng, i)?;
    searcher.clear();
    let mut scratch: Vec<(Move, i32)> = Vec::new();
    let mut kept: Vec<(HasamiPosition, i32, i32)> = Vec::new();
    let mut plies = 0;
    let winner = loop {
        if let Some(outcome) = game.outcome() {
            break match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw(_) => None,
            };
        }
        if plies >= s.max_plies {
            break None;
        }
        let pos = *game.position();
        let limits = Limits {
            nodes: Some(nodes[pos.side().index()]),
            ..Limits::default()
        };
        let request = SearchRequest::new(AnyPosition::Hasami(pos), game.hashes())
            .learned(s.learned)
            .limits(limits)
            .seed(rng.next());
        let out = searcher.search(&request, |_| {});
        let Some(mv) = out.best else {
            break Some(!pos.side()); // no legal move: the rules judge this a loss (W6)
        };
        if is_quiet(&pos, &mut scratch) {
            kept.push((pos, out.score, SearchGame::evaluate(&pos)));
        }
        if game.play(mv).is_err() {
            break None;
        }
        plies += 1;
    };
    let records = kept
        .iter()
        .map(|(pos, score, hand)| {
            let result = match winner {
                None => Result3::Drawn,
                Some(w) if w == pos.side() => Result3::Won,
                Some(_) => Result3::Lost,
            };
            Record::new(pos, result, *score, *hand)
        })
        .collect();
    Some((records, game, winner))
}

/// Plays every game on `threads` threads and returns the records in game order (the same for a seed
/// whatever the thread count). `progress(games done, records)` is called after each game.
pub fn generate(
    s: &GenSettings,
    threads: usize,
    progress: &(dyn Fn(u64, usize) + Sync),
) -> Vec<Record> {
    let next = AtomicU64::new(0);
    let done = Mutex::new((0u64, 0usize));
    let mut per_game: Vec<Vec<Record>> = (0..s.games).map(|_| Vec::new()).collect();
    let slots = Mutex::new(&mut per_game);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut searcher = Searcher::new(16, 1);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= s.games {
                        break;
                    }
                    let records = play_game(s, i, &mut searcher);
                    let n = records.len();
                    slots.lock().expect("no panic")[i as usize] = records;
                    let mut d = done.lock().expect("no panic");
                    d.0 += 1;
                    d.1 += n;
                    progress(d.0, d.1);
                }
            });
        }
    });
    per_game.into_iter().flatten().collect()
}

/// The side a record's result favours, for tests.
#[cfg(test)]
fn winner_of(r: &Record) -> Option<hasami_core::Side> {
    match r.result {
        Result3::Won => Some(r.side),
        Result3::Lost => Some(!r.side),
        Result3::Drawn => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(variant: &str, games: u64) -> GenSettings {
        GenSettings {
            rules: HasamiRules::parse(variant).unwrap(),
            games,
            nodes: vec![300, 600],
            starts: Vec::new(),
            random_plies: 6,
            max_plies: 120,
            seed: 5,
            learned: Learned::Off,
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_records_on_any_thread_count() {
        let s = settings("mak-yek+win=pieces-left:6", 4);
        let one = generate(&s, 1, &|_, _| {});
        let two = generate(&s, 2, &|_, _| {});
        assert!(!one.is_empty());
        assert_eq!(one, two);
    }

    #[test]
    fn every_record_of_a_game_carries_one_result_and_a_quiet_position() {
        let s = settings("hasami+quiet=16", 3);
        let mut searcher = Searcher::new(1, 1);
        for i in 0..3 {
            let records = play_game(&s, i, &mut searcher);
            let winners: Vec<_> = records.iter().map(winner_of).collect();
            assert!(winners.windows(2).all(|w| w[0] == w[1]));
            let mut scratch = Vec::new();
            for r in &records {
                assert!(is_quiet(&r.position(s.rules), &mut scratch));
            }
        }
    }

    #[test]
    fn with_the_network_both_sides_search_with_it_as_reproducibly() {
        let off = settings("hasami", 2);
        let on = GenSettings {
            learned: Learned::Shipped,
            ..off.clone()
        };
        let (hand, learned) = (generate(&off, 1, &|_, _| {}), generate(&on, 1, &|_, _| {}));
        assert!(!hand.is_empty() && !learned.is_empty());
        assert_ne!(
            hand, learned,
            "the network's search scores and plays otherwise"
        );
        assert_eq!(learned, generate(&on, 2, &|_, _| {}), "and as reproducibly");
    }
}
