//! Differential tests: random games played on the core library and on the independent reference
//! implementation (`hasami-reference`) side by side. At every ply both must agree on the legal moves
//! (as sorted strings), the position text, the captured squares and the result.
//!
//! Games are deterministic (a small xorshift generator with fixed seeds). Random play mostly ends by
//! the quiet limit or repetition, so moves are biased: with probability 1/2 a capturing move is
//! chosen when there is one, and with probability 1/4 a move that ends the game.
//!
//! The default run plays `GAMES` games per preset (plus a share of the variation specs built on it);
//! `cargo test --test differential -- --ignored` plays many more.

use hasami_core::{BitBoard, HasamiGame, HasamiPosition, HasamiRules, Move};
use hasami_reference::RefGame;

/// Games per preset in the default run.
const GAMES: u64 = 500;
/// Games per variation spec in the default run.
const SPEC_GAMES: u64 = 50;
/// Safety cap on game length (games end by the quiet limit long before in practice).
const MAX_PLIES: usize = 1500;

/// Every spec of A6's variation table, then extra specs.
const SPECS: &[&str] = &[
    "hasami+win=pieces-left:4",
    "hasami+corner=off",
    "hasami+win=captures:5",
    "hasami+win=captures:8",
    "hasami+diagonal-capture",
    "hasami+win=captures:5,lead:3",
    "hasami+misere",
    "hasami+win=pieces-left:0",
    "hasami+movement=step+win=pieces-left:0",
    "hasami+rows=1,2+movement=step+win=pieces-left:0",
    "dai-hasami+five=all",
    "dai-hasami+movement=step+five=all",
    "hasami+max-run=1",
    "dai-hasami+max-run=1",
    // Extras.
    "hasami+rows=1,2+intervention",
    "dai-hasami+five=all+movement=step",
    "hasami+quiet=20",
    "hasami+repetition=2",
    "mak-yek+diagonal-capture",
    "agon+corner=off+five=orthogonal",
    "hasami-chess+rows=1,2+win=most-captures+jump+house",
    "mak-yek+corner=off",
    "hasami-chess+misere+win=pieces-left:3",
    "dai-hasami-captures+intervention+max-run=2",
    "hasami+rows=1,3+win=five,lead:4",
];

/// The mid-game positions of PERFT.md.
const MIDGAME: &[(&str, &str)] = &[
    (
        "hasami",
        "1w2w2w1/9/1w6b/9/3w5/2w5b/5b3/3b2w2/1bb2w1w1 b 10 30",
    ),
    ("hasami-chess", "5w2/3b1b2/8/1w6/4b3/1w4w1/8/8 b 0 39"),
    (
        "dai-hasami",
        "1w3w1ww/w3w2w1/3w3ww/bb2b4/4b4/b3w4/6b2/2b1bb3/b4b1b1 b 3 54",
    ),
    (
        "dai-hasami-captures",
        "w8/1w2w3w/6w2/ww4w2/5b3/9/b3b4/4b1b2/6bw1 b 6 101",
    ),
    (
        "agon",
        "3w2www/5w3/1w1www1w1/w1b6/b7b/2b3bb1/b4b3/6b2/1bb5b w 6 45",
    ),
    ("mak-yek", "2b5/b1b4w/8/8/3w4/8/8/2w5 b 10 57"),
    (
        "hasami-chess+rows=1,2+win=most-captures",
        "ww2w2w/1wwbw2w/1ww5/b6b/1b2b1b1/5b2/2b3b1/b1b1bbb1 w 6 28",
    ),
    (
        "hasami+diagonal-capture",
        "1ww4w1/b8/2b2b1b1/9/6b2/9/2b3b2/w8/1b6b w 2 15",
    ),
    (
        "hasami+win=captures:5,lead:3",
        "3w1wwww/w8/9/b8/1w4b2/2wbbb3/9/9/1b4bbb w 6 6",
    ),
    ("hasami+misere", "9/2b6/8b/7b1/4b4/9/3w5/3w5/3w5 b 15 78"),
    (
        "dai-hasami+five=all+movement=step",
        "w4w1w1/1wwww4/w2b2w1w/w4ww2/2b1b1b2/8w/3b3bb/bbb3b2/b3b1bbb b 17 101",
    ),
    (
        "hasami+rows=1,2+intervention",
        "2w3w2/8b/9/9/1w7/9/9/3b5/8b b 6 55",
    ),
];

/// xorshift64*: small, deterministic, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn names(b: BitBoard) -> Vec<String> {
    let mut v: Vec<String> = b.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Move text as bytes (`e1e5`): sorting these sorts like the strings, since ranks are one digit.
fn key(mv: Move) -> [u8; 4] {
    [
        b'a' + mv.from.file(),
        b'1' + mv.from.rank(),
        b'a' + mv.to.file(),
        b'1' + mv.to.rank(),
    ]
}

fn result(g: &HasamiGame) -> &'static str {
    g.outcome().map_or("none", |o| o.ugi_result())
}

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    plies: u64,
    captures: u64,
    wins: u64,
    draws: u64,
    unfinished: u64,
}

/// Plays one random game on both implementations, comparing them at every ply.
fn play_game(variant: &str, start: Option<&str>, seed: u64, stats: &mut Stats) {
    let rules = HasamiRules::parse(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    let pos = match start {
        Some(text) => HasamiPosition::from_text(text, rules).unwrap(),
        None => HasamiPosition::start(rules),
    };
    let mut game = HasamiGame::from_position(pos);
    let mut reference = RefGame::new(variant, start).expect("the reference accepts the variant");
    let mut rng = Rng::new(seed);
    let mut line: Vec<String> = Vec::new();
    let ctx = |line: &[String]| {
        format!(
            "variant {variant}, start {}, seed {seed}, moves {}",
            start.unwrap_or("(start)"),
            line.join(" ")
        )
    };
    assert_eq!(
        game.position().to_string(),
        reference.fen(),
        "{}",
        ctx(&line)
    );
    assert_eq!(result(&game), reference.result(), "{}", ctx(&line));
    stats.games += 1;
    for _ in 0..MAX_PLIES {
        let moves = game.legal_moves();
        let mut keys: Vec<[u8; 4]> = moves.iter().map(|&m| key(m)).collect();
        keys.sort_unstable();
        let ref_moves = reference.legal_moves();
        let same = keys.len() == ref_moves.len()
            && keys.iter().zip(&ref_moves).all(|(k, s)| s.as_bytes() == k);
        if !same {
            let mut core_moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            core_moves.sort();
            let only_core: Vec<_> = core_moves
                .iter()
                .filter(|m| !ref_moves.contains(m))
                .collect();
            let only_ref: Vec<_> = ref_moves
                .iter()
                .filter(|m| !core_moves.contains(m))
                .collect();
            panic!(
                "legal moves differ in {} ({}): only core {only_core:?}, only reference {only_ref:?}",
                game.position(),
                ctx(&line)
            );
        }
        if moves.is_empty() {
            break;
        }
        // Choose a move: sometimes a capture, sometimes a game-ending move, else any.
        let pos = *game.position();
        let mut pick = None;
        let roll = rng.below(8);
        if roll < 7 {
            let wanted: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&mv| {
                    let mut p = pos;
                    let caught = p.play_unchecked(mv);
                    if roll < 2 {
                        p.status().is_some()
                    } else {
                        !caught.is_empty()
                    }
                })
                .collect();
            if !wanted.is_empty() {
                pick = Some(wanted[rng.below(wanted.len())]);
            }
        }
        let mv = pick.unwrap_or_else(|| moves[rng.below(moves.len())]);
        let text = mv.to_string();
        line.push(text.clone());
        let played = game.play(mv).unwrap();
        let ref_caught = reference
            .play(&text)
            .unwrap_or_else(|e| panic!("reference rejects {text}: {e} ({})", ctx(&line)));
        stats.plies += 1;
        stats.captures += u64::from(played.captured.len());
        assert_eq!(
            names(played.captured),
            ref_caught,
            "captures of {text} ({})",
            ctx(&line)
        );
        assert_eq!(
            game.position().to_string(),
            reference.fen(),
            "{}",
            ctx(&line)
        );
        assert_eq!(result(&game), reference.result(), "{}", ctx(&line));
    }
    match game.outcome() {
        Some(o) if o.winner().is_some() => stats.wins += 1,
        Some(_) => stats.draws += 1,
        None => stats.unfinished += 1,
    }
}

fn run(variant: &str, games: u64, seed: u64) -> Stats {
    let mut stats = Stats::default();
    for i in 0..games {
        play_game(variant, None, seed ^ (i << 20) ^ i, &mut stats);
    }
    eprintln!("{variant}: {stats:?}");
    assert_eq!(stats.unfinished, 0, "{variant}: games that did not end");
    stats
}

fn seed_of(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Runs a preset's games and checks that captures and decisive results were reached.
fn preset(name: &str, games: u64) {
    let s = run(name, games, seed_of(name));
    assert!(s.captures > games, "{name}: too few captures: {s:?}");
    assert!(s.wins > 0, "{name}: no game was won: {s:?}");
}

#[test]
fn hasami() {
    preset("hasami", GAMES);
}

#[test]
fn hasami_chess() {
    preset("hasami-chess", GAMES);
}

#[test]
fn dai_hasami() {
    preset("dai-hasami", GAMES);
}

#[test]
fn dai_hasami_captures() {
    preset("dai-hasami-captures", GAMES);
}

#[test]
fn agon() {
    preset("agon", GAMES);
}

#[test]
fn mak_yek() {
    preset("mak-yek", GAMES);
}

/// Apit-sodok's rules before it became Mak-yek's other name.
#[test]
fn most_captures_on_8x8() {
    preset("hasami-chess+rows=1,2+win=most-captures", GAMES);
}

#[test]
fn variation_specs_of_the_table() {
    for spec in &SPECS[..14] {
        run(spec, SPEC_GAMES, seed_of(spec));
    }
}

#[test]
fn variation_specs_extra() {
    for spec in &SPECS[14..] {
        run(spec, SPEC_GAMES, seed_of(spec));
    }
}

#[test]
fn midgame_positions() {
    let mut stats = Stats::default();
    for (i, (variant, text)) in MIDGAME.iter().enumerate() {
        for g in 0..20u64 {
            play_game(variant, Some(text), (i as u64) << 32 | g, &mut stats);
        }
    }
    eprintln!("midgame: {stats:?}");
    assert_eq!(stats.unfinished, 0);
}

#[test]
#[ignore = "long run: cargo test --test differential -- --ignored"]
fn long_run_all_variants() {
    let presets = hasami_core::Preset::ALL.iter().map(|p| p.name());
    for name in presets.chain(SPECS.iter().copied()) {
        run(name, 5000, seed_of(name) ^ 0x5555);
    }
    for (i, (variant, text)) in MIDGAME.iter().enumerate() {
        let mut stats = Stats::default();
        for g in 0..1000u64 {
            play_game(
                variant,
                Some(text),
                (i as u64) << 40 | g | 1 << 60,
                &mut stats,
            );
        }
        eprintln!("midgame {variant}: {stats:?}");
    }
}
