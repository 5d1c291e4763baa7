//! Openings: where the games of a match start. Generated ones are a few random plies from the
//! variant's start, the same for the same variant, count and seed; a file gives one per line.

use std::collections::HashSet;

use hasami_core::SplitMix64;
use hasami_core::{Game, Move, Position};

/// A start position and the moves played from it before the players take over.
#[derive(Debug, Clone)]
pub struct Opening<P: Position> {
    /// Where the game starts (the variant's start for generated openings).
    pub start: P,
    /// The opening moves, all legal, none of them ending the game.
    pub moves: Vec<Move>,
}

impl<P: Position> Opening<P> {
    /// The game after the opening moves.
    pub fn game(&self) -> Game<P> {
        let mut game = Game::from_position(self.start);
        for &mv in &self.moves {
            game.play(mv).expect("opening moves were checked");
        }
        game
    }
}

/// Fewest random plies of a generated opening.
pub const MIN_PLIES: u64 = 2;
/// Most random plies of a generated opening.
pub const MAX_PLIES: u64 = 4;

/// `count` openings for `rules`: each is 2–4 uniformly random legal plies from the start, drawn from
/// a generator seeded by `seed` and the opening's number, rejecting lines whose game is already over
/// (and, while possible, lines that reach a position an earlier opening reached).
#[cfg(test)]
pub fn generate<P: Position>(rules: &'static P::Rules, count: usize, seed: u64) -> Vec<Opening<P>> {
    generate_on(|_| rules, count, seed)
}

/// As `generate`, opening `i` from the start of `rules_of(i)` (a board of its own, in Shogun).
pub fn generate_on<P: Position>(
    rules_of: impl Fn(usize) -> &'static P::Rules,
    count: usize,
    seed: u64,
) -> Vec<Opening<P>> {
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let start = P::start(rules_of(i));
        let mut rng = SplitMix64(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let (mut chosen, mut first) = (None, None);
        for _ in 0..200 {
            let Some(opening) = random_line(start, &mut rng) else {
                continue;
            };
            if seen.insert(opening.game().position().hash()) {
                chosen = Some(opening);
                break;
            }
            first.get_or_insert(opening);
        }
        // A variant too small for distinct (or any) lines gets the start position itself.
        out.push(chosen.or(first).unwrap_or(Opening {
            start,
            moves: Vec::new(),
        }));
    }
    out
}

/// One random line of 2–4 plies that does not end the game, or `None` if this try ran into an end.
fn random_line<P: Position>(start: P, rng: &mut SplitMix64) -> Option<Opening<P>> {
    let plies = MIN_PLIES + rng.below(MAX_PLIES - MIN_PLIES + 1);
    let mut game = Game::from_position(start);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        game.play(mv).expect("a legal move");
        moves.push(mv);
        if game.outcome().is_some() {
            return None;
        }
    }
    Some(Opening { start, moves })
}

/// Reads an openings file: one opening per line, either a position text (RULES.md A7), `startpos`,
/// or either of them followed by `moves m1 m2 …`. Blank lines and lines starting with `#` are skipped.
/// Errors name the line and what is wrong.
pub fn parse_file<P: Position>(
    text: &str,
    rules: &'static P::Rules,
) -> Result<Vec<Opening<P>>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_line(line, rules).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(opening);
    }
    if out.is_empty() {
        return Err("no openings in the file".into());
    }
    Ok(out)
}

fn parse_line<P: Position>(line: &str, rules: &'static P::Rules) -> Result<Opening<P>, String> {
    let (pos_text, moves_text) = match line.split_once("moves") {
        Some((p, m)) => (p.trim(), m.trim()),
        None => (line, ""),
    };
    let start = if pos_text.is_empty() || pos_text.eq_ignore_ascii_case("startpos") {
        P::start(rules)
    } else {
        let text = pos_text.strip_prefix("fen ").unwrap_or(pos_text).trim();
        P::from_text(text, rules).map_err(|e| format!("bad position '{text}': {e}"))?
    };
    let mut game = Game::from_position(start);
    let mut moves = Vec::new();
    for m in moves_text.split_whitespace() {
        if let Some(o) = game.outcome() {
            return Err(format!("move {m} after the end of the game ({o})"));
        }
        let played = game.play_text(m).map_err(|e| e.to_string())?;
        moves.push(played.mv);
    }
    if let Some(o) = game.outcome() {
        return Err(format!("the opening is already over ({o})"));
    }
    Ok(Opening { start, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hasami_core::{HasamiPosition, HasamiRules};

    #[test]
    fn generated_openings_are_deterministic_distinct_and_open() {
        let rules = HasamiRules::parse("hasami-chess").unwrap();
        let a = generate::<HasamiPosition>(rules, 20, 7);
        let b = generate::<HasamiPosition>(rules, 20, 7);
        let c = generate::<HasamiPosition>(rules, 20, 8);
        let text = |v: &[Opening<HasamiPosition>]| {
            v.iter()
                .map(|o| format!("{:?}", o.moves))
                .collect::<Vec<_>>()
        };
        assert_eq!(text(&a), text(&b));
        assert_ne!(text(&a), text(&c));
        let mut seen = HashSet::new();
        for o in &a {
            assert!((2..=4).contains(&o.moves.len()));
            let g = o.game();
            assert!(g.outcome().is_none());
            assert!(seen.insert(g.position().hash()));
        }
        // The first openings do not depend on how many are asked for.
        assert_eq!(text(&generate(rules, 5, 7)), text(&a)[..5]);
    }

    #[test]
    fn openings_file() {
        let rules = HasamiRules::parse("hasami").unwrap();
        let text = "# comment\n\nstartpos moves e1e5 e9e6\n\
                    wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1\n\
                    fen wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1 moves a1a2\n";
        let o = parse_file::<HasamiPosition>(text, rules).unwrap();
        assert_eq!(o.len(), 3);
        assert_eq!(o[0].moves.len(), 2);
        assert_eq!(o[1].moves.len(), 0);
        assert_eq!(o[2].moves.len(), 1);
        let err = parse_file::<HasamiPosition>("startpos moves e1e5 e1e6\n", rules).unwrap_err();
        assert!(err.starts_with("line 1: illegal move e1e6"), "{err}");
        let err = parse_file::<HasamiPosition>("\nbbb w\n", rules).unwrap_err();
        assert!(err.starts_with("line 2: bad position"), "{err}");
        assert!(parse_file::<HasamiPosition>("# nothing\n", rules).is_err());
        // Black to move with one Black piece left: already a White win (A7).
        let err =
            parse_file::<HasamiPosition>("wwwwwwwww/9/9/9/9/9/9/9/b8 b 0 1\n", rules).unwrap_err();
        assert!(err.contains("already over"), "{err}");
    }
}
