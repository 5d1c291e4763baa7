//! `hasami ugi` end to end: the replies of docs/INTERFACES.md section 2, errors that change nothing,
//! and a differential check of legal moves, positions and results against the independent reference
//! implementation (crates/reference) over random games of every preset and variation.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::thread;

use hasami_reference::RefGame;

/// Runs `hasami ugi` on `input` (a writer thread feeds it while we read) and returns its output lines.
fn ugi(input: String) -> Vec<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hasami"));
    command.arg("ugi");
    let (status, out) = run_engine(command, input);
    assert!(status.success(), "{status:?}: {out:?}");
    out
}

/// Runs `command` (an engine speaking UGI) on `input`; its exit status and output lines.
fn run_engine(mut command: Command, input: String) -> (std::process::ExitStatus, Vec<String>) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the engine");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = thread::spawn(move || {
        stdin.write_all(input.as_bytes()).expect("write");
    });
    let out = BufReader::new(child.stdout.take().expect("stdout"))
        .lines()
        .map(|l| l.expect("utf-8 line"))
        .collect();
    writer.join().expect("writer");
    (child.wait().expect("exit"), out)
}

fn lines(cmds: &[&str]) -> String {
    cmds.iter().map(|c| format!("{c}\n")).collect()
}

#[test]
fn handshake_lists_options_and_ends_with_ugiok() {
    let out = ugi(lines(&["ugi", "isready", "quit"]));
    assert!(out[0].starts_with("id name hasami"));
    assert!(out[1].starts_with("id author"));
    for opt in ["Variant", "Hash", "Threads", "Level"] {
        assert!(
            out.iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "{opt} missing: {out:?}"
        );
    }
    assert_eq!(out[out.len() - 2], "ugiok");
    assert_eq!(out[out.len() - 1], "readyok");
}

#[test]
fn queries_after_moves() {
    let out = ugi(lines(&[
        "position startpos moves e1e5 e9e6",
        "query fen",
        "query p1turn",
        "query gameover",
        "query result",
        "setoption name Variant value hasami-chess",
        "query moves",
        "quit",
    ]));
    assert_eq!(
        out,
        vec![
            "response wwww1wwww/9/9/4w4/4b4/9/9/9/bbbb1bbbb b 2 2",
            "response true",
            "response false",
            "response none",
            "response a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 c1c2 c1c3 c1c4 \
             c1c5 c1c6 c1c7 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 f1f2 f1f3 \
             f1f4 f1f5 f1f6 f1f7 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7",
        ]
    );
}

#[test]
fn go_perft_divides_and_totals() {
    let out = ugi(lines(&["go perft 2", "quit"]));
    assert_eq!(out.len(), 64);
    assert!(out.contains(&"e1e5: 59".to_string()) || out.iter().any(|l| l.starts_with("e1e5: ")));
    assert_eq!(out.last().unwrap(), "nodes 3717");
}

#[test]
fn finished_game_has_no_moves_and_a_result() {
    // W1: White is down to one piece, judged as if Black had just moved (RULES.md A7).
    let out = ugi(lines(&[
        "position fen 4w4/9/9/9/9/9/9/9/bbbbbbbbb w 0 1",
        "query gameover",
        "query result",
        "query moves",
        "go perft 1",
    ]));
    assert_eq!(
        out,
        vec!["response true", "response p1win", "response", "nodes 0"]
    );
}

#[test]
fn go_searches_and_answers_a_legal_bestmove() {
    let out = ugi(lines(&[
        "setoption name Variant value hasami-chess",
        "position startpos moves a1a5",
        "go depth 3",
    ]));
    assert!(
        out.iter().any(|l| l.starts_with("info depth 3 ")),
        "{out:?}"
    );
    let best = out
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_string();
    let legal = ugi(lines(&[
        "setoption name Variant value hasami-chess",
        "position startpos moves a1a5",
        "query moves",
    ]));
    assert!(
        legal[0].split(' ').any(|m| m == best),
        "{best} not in {legal:?}"
    );
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let out = ugi(lines(&["go infinite", "isready", "stop", "quit"]));
    assert!(out.contains(&"readyok".to_string()));
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
}

#[test]
fn go_on_a_finished_game_says_so() {
    let out = ugi(lines(&[
        "position fen 4w4/9/9/9/9/9/9/9/bbbbbbbbb w 0 1",
        "go depth 2",
    ]));
    assert_eq!(out.last().unwrap(), "bestmove 0000");
    assert!(out[0].contains("Black wins"));
}

#[test]
fn malformed_lines_get_one_error_and_change_nothing() {
    let bad = [
        "frobnicate",
        "position",
        "position startpos moves e1e5 e1e6",
        "position startpos moves e1e5 zz",
        "position fen 9/9 b",
        "position fen wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb x",
        "position fen wwwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b",
        "position startpos e1e5",
        "setoption name Variant value chess",
        "setoption name Variant value hasami+max-run=9",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Level value 11",
        "setoption name Colour value red",
        "setoption Hash 3",
        "query",
        "query colour",
        "go perft",
        "go perft -1",
        "go perft x",
        "go wtime 100",
        "go movetime soon",
        "go depth",
        "position startpos moves e1e5 a9a5 e5e10",
        "position fen wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0",
        "\u{1F600} \u{0}",
    ];
    let mut cmds = vec![
        "setoption name Variant value hasami+win=captures:5",
        "position startpos moves e1e5 a9a5",
        "query fen",
    ];
    for b in &bad {
        cmds.push(b);
        cmds.push("query fen");
    }
    let out = ugi(lines(&cmds));
    let fen = "response 1wwwwwwww/9/9/9/w3b4/9/9/9/bbbb1bbbb b 2 2";
    assert_eq!(out[0], fen);
    for (i, b) in bad.iter().enumerate() {
        let reply = &out[1 + 2 * i];
        assert!(
            reply.starts_with("info string error: ") && reply.len() > 20,
            "{b:?} answered {reply:?}"
        );
        assert_eq!(out[2 + 2 * i], fen, "after {b:?}");
    }
    assert_eq!(out.len(), 1 + 2 * bad.len());
}

#[test]
fn a_line_longer_than_a_mebibyte_is_refused_and_changes_nothing() {
    // A valid command padded past the bound: refused whole (not read into memory), and the lines
    // after it are read as usual.
    let long = format!("position startpos{}", " ".repeat(2 << 20));
    let cmds = [
        "setoption name Variant value hasami",
        "position startpos moves e1e5",
        long.as_str(),
        "query fen",
    ];
    let out = ugi(lines(&cmds));
    assert_eq!(
        out.len(),
        2,
        "{:?}",
        out.iter()
            .map(|l| &l[..l.len().min(80)])
            .collect::<Vec<_>>()
    );
    assert_eq!(
        out[0],
        "info string error: line longer than 1048576 bytes, ignored"
    );
    assert_eq!(out[1], "response wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 1 1");
}

/// Tiny deterministic generator for the random games.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Variation specs tried besides every preset.
const EXTRA_VARIANTS: &[&str] = &[
    "hasami+win=pieces-left:4",
    "hasami+corner=off",
    "hasami+win=captures:5",
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
    "hasami+rows=1,2+intervention+quiet=30+repetition=2",
];

/// Plays `games` random games per variant with the reference choosing moves (captures preferred half of
/// the time), and checks that `hasami ugi` reports the same moves, position text and result at every ply.
/// Games go to the engine in batches of at most 40, one process per batch, to bound memory.
fn differential(games: usize, seed: u64) {
    let mut rng = Rng(seed);
    let t = std::time::Instant::now();
    let mut total_games = 0;
    let mut total_queries = 0;
    let presets = hasami_core::Preset::ALL.iter().map(|p| p.name());
    for variant in presets.chain(EXTRA_VARIANTS.iter().copied()) {
        let mut tally = std::collections::BTreeMap::new();
        let mut done = 0;
        while done < games {
            let batch = (games - done).min(40);
            let (q, results) = differential_batch(variant, done, batch, &mut rng);
            for r in results {
                *tally.entry(r).or_insert(0) += 1;
            }
            total_queries += q;
            done += batch;
        }
        total_games += games;
        eprintln!("{variant}: {tally:?}");
    }
    eprintln!(
        "{total_games} games, {total_queries} queries agreed in {:?}",
        t.elapsed()
    );
}

/// One batch: returns the number of queries compared and each game's result.
fn differential_batch(
    variant: &str,
    first: usize,
    games: usize,
    rng: &mut Rng,
) -> (usize, Vec<&'static str>) {
    let mut input = format!("setoption name Variant value {variant}\nuginewgame\n");
    let mut expected = Vec::new();
    let mut labels: Vec<(usize, usize)> = Vec::new();
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut results = Vec::new();
    for g in 0..games {
        let mut game = RefGame::new(variant, None).expect("reference variant");
        // The fast library only helps pick capturing moves (cloning the reference is slow).
        let rules = hasami_core::HasamiRules::parse(variant).expect("variant");
        let mut fast = hasami_core::HasamiPosition::start(rules);
        let mut moves: Vec<String> = Vec::new();
        loop {
            let start = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            input += &format!("{start}\nquery moves\nquery fen\nquery result\nquery gameover\n");
            let legal = game.legal_moves();
            for line in [
                format!("response {}", legal.join(" "))
                    .trim_end()
                    .to_string(),
                format!("response {}", game.fen()),
                format!("response {}", game.result()),
                format!("response {}", game.result() != "none"),
            ] {
                expected.push(line);
                labels.push((g, moves.len()));
            }
            if legal.is_empty() || moves.len() >= 400 {
                results.push(game.result());
                break;
            }
            let mut choice = legal[rng.below(legal.len())].clone();
            if rng.below(2) == 0 {
                for _ in 0..12 {
                    let cand = &legal[rng.below(legal.len())];
                    let mut probe = fast;
                    let captures = hasami_core::Move::parse(cand, rules.size())
                        .map(|mv| !probe.play_unchecked(mv).is_empty())
                        .unwrap_or(false);
                    if captures {
                        choice = cand.clone();
                        break;
                    }
                }
            }
            game.play(&choice)
                .expect("reference plays its own legal move");
            fast.play_unchecked(hasami_core::Move::parse(&choice, rules.size()).expect("move"));
            moves.push(choice);
        }
        records.push(moves);
    }
    input += "quit\n";
    let out = ugi(input);
    for (i, (want, &(g, ply))) in expected.iter().zip(&labels).enumerate() {
        let got = out.get(i).map(String::as_str).unwrap_or("<no reply>");
        // Move lists are compared as sets: the reference sorts them, the engine lists them by square.
        let got = if i % 4 == 0 {
            let mut words: Vec<&str> = got.split(' ').collect();
            words[1..].sort_unstable();
            words.join(" ")
        } else {
            got.to_string()
        };
        assert_eq!(
            &got,
            want,
            "{variant} game {} after {:?}",
            first + g,
            records[g][..ply].join(" ")
        );
    }
    assert_eq!(out.len(), expected.len());
    (expected.len(), results)
}

#[test]
fn differential_against_reference() {
    differential(12, 0x5EED_0001);
}

#[test]
#[ignore = "thousands of games per preset: cargo test --release -p hasami --test ugi -- --ignored"]
fn differential_against_reference_thousands() {
    differential(1000, 0x5EED_0002);
}

#[test]
fn shogun_is_played_through_the_same_protocol() {
    // S9 variant text, S8 position text, S4/S5 moves (perft d2 = 699 from PERFT.md), and a search that
    // answers with a legal move, fair by default and omniscient on request.
    let out = ugi(lines(&[
        "setoption name Variant value shogun",
        "position startpos",
        "query p1turn",
        "query fen",
        "go perft 2",
        "go depth 2",
        "setoption name Omniscient value maybe",
        "setoption name Omniscient value true",
        "position startpos moves d1d5",
        "query p1turn",
        "go depth 3",
        "quit",
    ]));
    assert_eq!(out[0], "response true");
    // Red's pieces 7..1 and its Shogun on rank 8, White's on rank 1, White to move, seed 1979.
    assert!(out[1].starts_with("response p7:"), "{out:?}");
    assert!(out[1].ends_with(" w 1979 0 0 1"), "{out:?}");
    assert!(out.contains(&"nodes 699".to_string()), "{out:?}");
    let bestmoves: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(bestmoves.len(), 2, "{out:?}");
    assert_ne!(bestmoves[0], "bestmove 0000");
    assert!(out
        .iter()
        .any(|l| l.contains("bad value 'maybe' for option Omniscient")));
    assert!(out.contains(&"response false".to_string()), "{out:?}");
}

#[test]
fn the_largest_hash_the_engine_offers_is_allocated_and_larger_ones_are_refused() {
    // A hostile or careless GUI: every value up to the advertised maximum works; beyond it, one error
    // line and the engine keeps its table and answers on (no abort for a table the machine lacks).
    let out = ugi(lines(&["ugi", "quit"]));
    let max: u32 = out
        .iter()
        .find(|l| l.starts_with("option name Hash type spin"))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .expect("Hash option with a max");
    assert!(max <= 4096, "advertised Hash max {max} MiB");
    let out = ugi(lines(&[
        "setoption name Hash value 65536",
        "setoption name Hash value 40000",
        &format!("setoption name Hash value {}", max + 1),
        "isready",
        "go depth 2",
        "quit",
    ]));
    let errors = out
        .iter()
        .filter(|l| l.starts_with("info string error: bad value"))
        .count();
    assert_eq!(errors, 3, "{out:?}");
    assert!(out.iter().any(|l| l == "readyok"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
}

/// Runs `hasami ugi` on `input`; the output lines, or a panic when it has not ended after 20 s.
fn ugi_within(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hasami"))
        .arg("ugi")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start hasami ugi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("hasami ugi did not end: {input:?}");
        }
        thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut text).unwrap();
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_perft_too_deep_to_finish_ends_on_stop_quit_and_end_of_input() {
    // `go perft 64` never finishes: stop, quit and the end of input each end it, with a line saying
    // so and no total.
    for input in [
        "go perft 64\nstop\nisready\nquit\n",
        "go perft 64\nquit\n",
        "go perft 64\n",
    ] {
        let out = ugi_within(input);
        assert!(
            out.iter()
                .any(|l| l.starts_with("info string perft stopped:")),
            "{input:?}: {out:?}"
        );
        assert!(
            !out.iter().any(|l| l.starts_with("nodes")),
            "{input:?}: {out:?}"
        );
    }
}

#[test]
fn multipv_reports_the_best_lines_each_with_another_first_move() {
    // Black's f1-f5 sandwiches e5 between d5 and f5 (C1): the one move that wins a piece.
    let out = ugi(lines(&[
        "setoption name MultiPV value 3",
        "position fen wwwwwwww1/9/9/9/3bw4/9/9/9/1bbbbbbbb b 0 1",
        "go depth 4",
        "isready",
    ]));
    let at_depth_4: Vec<(u32, i32, String)> = out
        .iter()
        .filter(|l| l.starts_with("info depth 4 "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            let after = |k: &str| w[w.iter().position(|x| *x == k).unwrap() + 1];
            (
                after("multipv").parse().unwrap(),
                after("cp").parse().unwrap(),
                after("pv").to_string(),
            )
        })
        .collect();
    assert_eq!(
        at_depth_4.iter().map(|l| l.0).collect::<Vec<_>>(),
        [1, 2, 3],
        "{out:?}"
    );
    let firsts: std::collections::HashSet<_> = at_depth_4.iter().map(|l| &l.2).collect();
    assert_eq!(
        firsts.len(),
        3,
        "three different first moves: {at_depth_4:?}"
    );
    assert_eq!(at_depth_4[0].2, "f1f5");
    assert!(at_depth_4[0].1 >= at_depth_4[1].1 + 50, "{at_depth_4:?}");
    assert!(at_depth_4[1].1 >= at_depth_4[2].1, "{at_depth_4:?}");
    assert!(out.contains(&"bestmove f1f5".to_string()), "{out:?}");
    let refused = ugi(lines(&["setoption name MultiPV value 17", "isready"]));
    assert!(
        refused[0].starts_with("info string error:") && refused[0].contains("MultiPV"),
        "17 lines are refused: {refused:?}"
    );
}

#[test]
fn shogun_arrangement_and_first_player_travel_in_the_position_text() {
    // S1 `first=red`: the start has Red (p2) to move. S2 `setup=choose`: a GUI sends the players'
    // arrangement as position text (S8), which the engine reads back exactly; `startpos` is the
    // fixed order.
    use hasami_core::shogun::Arranging;
    use hasami_core::{ShogunRules, Side};
    let rules = ShogunRules::parse("shogun+setup=choose+first=red").unwrap();
    let mut a = Arranging::new(rules);
    a.arrange(Side::First, "7654321".parse().unwrap()).unwrap();
    a.arrange(Side::Second, "2143657".parse().unwrap()).unwrap();
    let text = a.start().unwrap().to_string();
    let out = ugi(lines(&[
        "setoption name Variant value shogun+setup=choose+first=red",
        "position startpos",
        "query p1turn",
        &format!("position fen {text}"),
        "query fen",
        "query p1turn",
        "go depth 2",
        "quit",
    ]));
    assert_eq!(out[0], "response false", "{out:?}");
    assert_eq!(out[1], format!("response {text}"), "{out:?}");
    assert_eq!(out[2], "response false", "{out:?}");
    let best = out.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let mv = best.trim_start_matches("bestmove ");
    // Red's move: from rank 8 (or 7 after no move yet: its pieces all stand on rank 8).
    assert!(mv.as_bytes()[1] == b'8', "{best}");
}

#[test]
fn threads_and_table_path_keep_the_table_instead_of_allocating_another() {
    // Issue 49.9: under an address-space limit that holds one 2 GiB table but not two, changing
    // Threads or TablePath after Hash must neither abort nor need a second table.
    let input = lines(&[
        "setoption name Hash value 2048",
        "setoption name Threads value 4",
        "setoption name TablePath value <empty>",
        "setoption name Threads value 1",
        "isready",
        "go depth 1",
        "quit",
    ]);
    let mut command = Command::new("sh");
    command.arg("-c").arg(format!(
        "ulimit -v 3500000 && exec {} ugi",
        env!("CARGO_BIN_EXE_hasami")
    ));
    let (status, out) = run_engine(command, input);
    assert!(status.success(), "{status:?}: {out:?}");
    assert!(out.iter().any(|l| l == "readyok"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
}
