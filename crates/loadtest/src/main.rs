//! `hasami-loadtest`: a bounded load benchmark of the hasami web app (docs/web.md, "Load").
//!
//! Against a running `hasami serve`, it creates `--games` online games at once (default 200) and
//! plays both sides of every game over WebSocket: one socket per side with that side's token, the
//! side to move sends `{"type":"move"}` with a random legal move (from the game view the server
//! sends; seeded, so a run is reproducible) and waits for the server's `game` message with the
//! move on its own socket (the move latency) and on the opponent's socket (the delivery latency).
//! A game stops after `--plies` plies (default 40) or when it is over.
//!
//! It prints the number of games, moves and errors, the latency percentiles (p50/p90/p99/max) and
//! the total time, and exits with status 1 if there was any error (an error message from the
//! server, a refused request, a closed socket, or no answer within 30 s).
//!
//! ```text
//! hasami-loadtest [--url http://127.0.0.1:8080] [--games 200] [--plies 40] [--seed 1] [--variant hasami]
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any one answer may take before it counts as an error.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The command line.
struct Options {
    /// `host:port` of the server.
    addr: String,
    games: usize,
    plies: u32,
    seed: u64,
    variant: String,
}

fn usage() -> ! {
    eprintln!(
        "usage: hasami-loadtest [--url http://127.0.0.1:8080] [--games 200] [--plies 40] [--seed 1] [--variant hasami]"
    );
    std::process::exit(2)
}

fn parse_args() -> Options {
    let mut o = Options {
        addr: "127.0.0.1:8080".into(),
        games: 200,
        plies: 40,
        seed: 1,
        variant: "hasami".into(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--url" => {
                let v = value();
                let v = v.strip_prefix("http://").unwrap_or(&v);
                o.addr = v.trim_end_matches('/').to_string();
            }
            "--games" => o.games = value().parse().unwrap_or_else(|_| usage()),
            "--plies" => o.plies = value().parse().unwrap_or_else(|_| usage()),
            "--seed" => o.seed = value().parse().unwrap_or_else(|_| usage()),
            "--variant" => o.variant = value(),
            _ => usage(),
        }
    }
    o
}

/// SplitMix64: a small seeded generator, enough to pick moves reproducibly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One HTTP/1.1 request with `Connection: close`; returns the status and the JSON body.
async fn request(addr: &str, method: &str, path: &str, body: &str) -> Result<(u16, Value), String> {
    let mut s = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect {addr}: {e}"))?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes())
        .await
        .map_err(|e| format!("send {path}: {e}"))?;
    let mut text = String::new();
    tokio::time::timeout(ANSWER_TIMEOUT, s.read_to_string(&mut text))
        .await
        .map_err(|_| format!("{path}: no answer within {ANSWER_TIMEOUT:?}"))?
        .map_err(|e| format!("read {path}: {e}"))?;
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("{path}: malformed answer"))?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{path}: malformed status line"))?;
    let json = serde_json::from_str(rest).unwrap_or(Value::Null);
    Ok((status, json))
}

/// Waits for the next `game` message on `ws` whose ply is `ply`; an `error` message is an error.
async fn wait_for_ply(ws: &mut Socket, ply: u64, who: &str) -> Result<Value, String> {
    loop {
        let msg = tokio::time::timeout(ANSWER_TIMEOUT, ws.next())
            .await
            .map_err(|_| {
                format!("{who}: no game message with ply {ply} within {ANSWER_TIMEOUT:?}")
            })?;
        let text = match msg {
            Some(Ok(Message::Text(t))) => t.to_string(),
            Some(Ok(Message::Close(_))) | None => return Err(format!("{who}: socket closed")),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(format!("{who}: {e}")),
        };
        let v: Value = serde_json::from_str(&text).map_err(|e| format!("{who}: bad JSON {e}"))?;
        match v["type"].as_str() {
            Some("game") => {
                let g = &v["game"];
                let p = g["ply"].as_u64().unwrap_or(u64::MAX);
                if p == ply {
                    return Ok(g.clone());
                }
                if p > ply {
                    return Err(format!("{who}: expected ply {ply}, got {p}"));
                }
            }
            Some("error") => return Err(format!("{who}: server error {}", v)),
            _ => {}
        }
    }
}

/// What one game measured.
#[derive(Default)]
struct GameResult {
    /// Send of a move → the mover's socket shows it.
    move_latency: Vec<Duration>,
    /// Send of a move → the opponent's socket shows it.
    delivery_latency: Vec<Duration>,
    finished: bool,
}

/// Creates one online game and plays both sides over two WebSockets.
async fn play_game(
    o: Arc<Options>,
    index: usize,
    start: Arc<tokio::sync::Barrier>,
) -> Result<GameResult, String> {
    let body = serde_json::json!({"variant": o.variant, "opponent": "online", "side": "black"})
        .to_string();
    let created = request(&o.addr, "POST", "/api/games", &body).await;
    // Every game starts playing at the same moment, so all of them are in play at once.
    start.wait().await;
    let (status, c) = created?;
    if status != 201 {
        return Err(format!("create: {status} {c}"));
    }
    let id = c["id"].as_i64().ok_or("create: no id")?;
    let black = c["token"].as_str().ok_or("create: no token")?.to_string();
    let white = c["links"]["white"]
        .as_str()
        .and_then(|l| l.split("token=").nth(1))
        .ok_or("create: no white link")?
        .to_string();
    let mut sockets = Vec::new();
    for token in [&black, &white] {
        let url = format!("ws://{}/api/games/{id}/ws?token={token}", o.addr);
        let (ws, _) = tokio::time::timeout(ANSWER_TIMEOUT, tokio_tungstenite::connect_async(url))
            .await
            .map_err(|_| "websocket connect timed out".to_string())?
            .map_err(|e| format!("websocket connect: {e}"))?;
        sockets.push(ws);
    }
    let mut game = Value::Null;
    for (i, ws) in sockets.iter_mut().enumerate() {
        game = wait_for_ply(ws, 0, if i == 0 { "black" } else { "white" }).await?;
    }
    let mut rng = Rng(o.seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    let mut r = GameResult::default();
    for ply in 0..u64::from(o.plies) {
        if game["status"] != "playing" {
            r.finished = true;
            break;
        }
        let legal = game["legal_moves"].as_array().ok_or("no legal moves")?;
        let mv = legal[rng.below(legal.len())]
            .as_str()
            .ok_or("bad move")?
            .to_string();
        let mover = usize::from(game["turn"] == "white");
        let msg = serde_json::json!({"type": "move", "move": mv}).to_string();
        let sent = Instant::now();
        sockets[mover]
            .send(Message::Text(msg.into()))
            .await
            .map_err(|e| format!("send move: {e}"))?;
        game = wait_for_ply(&mut sockets[mover], ply + 1, "mover").await?;
        r.move_latency.push(sent.elapsed());
        let seen = wait_for_ply(&mut sockets[1 - mover], ply + 1, "opponent").await?;
        r.delivery_latency.push(sent.elapsed());
        if seen["position"] != game["position"] {
            return Err("the two sides see different positions".into());
        }
    }
    r.finished |= game["status"] == "over";
    for mut ws in sockets {
        let _ = ws.close(None).await;
    }
    Ok(r)
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn report(name: &str, mut v: Vec<Duration>) {
    v.sort();
    println!(
        "{name}: p50 {}, p90 {}, p99 {}, max {} ({} samples)",
        ms(percentile(&v, 0.50)),
        ms(percentile(&v, 0.90)),
        ms(percentile(&v, 0.99)),
        ms(v.last().copied().unwrap_or_default()),
        v.len()
    );
}

#[tokio::main]
async fn main() {
    let o = Arc::new(parse_args());
    println!(
        "hasami-loadtest: {} concurrent online games of {} on {}, {} plies each at most, seed {}",
        o.games, o.variant, o.addr, o.plies, o.seed
    );
    let started = Instant::now();
    let barrier = Arc::new(tokio::sync::Barrier::new(o.games));
    let errors = Arc::new(Mutex::new(Vec::new()));
    let mut tasks = Vec::new();
    for i in 0..o.games {
        let (o, b) = (o.clone(), barrier.clone());
        tasks.push(tokio::spawn(play_game(o, i, b)));
    }
    let (mut moves, mut delivery, mut finished) = (Vec::new(), Vec::new(), 0);
    for (i, t) in tasks.into_iter().enumerate() {
        match t.await {
            Ok(Ok(r)) => {
                moves.extend(r.move_latency);
                delivery.extend(r.delivery_latency);
                finished += usize::from(r.finished);
            }
            Ok(Err(e)) => errors.lock().await.push(format!("game {i}: {e}")),
            Err(e) => errors
                .lock()
                .await
                .push(format!("game {i}: task failed: {e}")),
        }
    }
    let total = started.elapsed();
    let errors = errors.lock().await;
    println!(
        "games: {}, moves: {}, games over before the ply limit: {}, errors: {}",
        o.games,
        moves.len(),
        finished,
        errors.len()
    );
    let n = moves.len();
    report("move latency (send -> own socket shows it)", moves);
    report(
        "delivery latency (send -> opponent's socket shows it)",
        delivery,
    );
    println!(
        "total time: {:.2} s ({:.0} moves/s)",
        total.as_secs_f64(),
        n as f64 / total.as_secs_f64()
    );
    for e in errors.iter().take(10) {
        eprintln!("error: {e}");
    }
    if !errors.is_empty() {
        std::process::exit(1);
    }
}
