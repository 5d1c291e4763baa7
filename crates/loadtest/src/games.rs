//! `--mode games`: many online games at once, both sides of each played over WebSocket.
//!
//! It creates `--games` online games (default 200) and plays both sides of every game: one socket
//! per side with that side's token, the side to move sends `{"type":"move"}` with a random legal
//! move (from the game view the server sends; seeded, so a run is reproducible) and waits for the
//! server's `game` message with the move on its own socket (the move latency) and on the
//! opponent's socket (the delivery latency). A game stops after `--plies` plies or when it is over.
//! Game `i` is played from client address `i mod --clients`.
//!
//! With several `--url`s (servers sharing one PostgreSQL store), game `i` is created on server
//! `i mod n` and Black plays through it, White through the next server: every move is delivered
//! from one server to the other, and the delivery latency measures that crossing.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use crate::net::{report, wait_for_ply, Rng, Target};
use crate::Options;

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
    targets: Vec<Arc<Target>>,
    index: usize,
    start: Arc<tokio::sync::Barrier>,
) -> Result<GameResult, String> {
    let body = serde_json::json!({"variant": o.variant, "opponent": "online", "side": "black"})
        .to_string();
    let target = &targets[index % targets.len()];
    let other = &targets[(index + 1) % targets.len()];
    let created = target.request(index, "POST", "/api/games", &body).await;
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
    for (server, token) in [(target, &black), (other, &white)] {
        let path = format!("/api/games/{id}/ws?token={token}");
        sockets.push(server.websocket(index, &path).await?);
    }
    let mut game = Value::Null;
    for (i, ws) in sockets.iter_mut().enumerate() {
        game = wait_for_ply(ws, 0, true, if i == 0 { "black" } else { "white" }).await?;
    }
    let mut rng = Rng(o.seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    let mut r = GameResult::default();
    for ply in 0..u64::from(o.plies) {
        if game["status"] != "playing" {
            r.finished = true;
            break;
        }
        let mv = rng.legal_move(&game)?;
        let mover = usize::from(game["turn"] == "white");
        let msg = serde_json::json!({"type": "move", "move": mv}).to_string();
        let sent = Instant::now();
        sockets[mover]
            .send(Message::Text(msg.into()))
            .await
            .map_err(|e| format!("send move: {e}"))?;
        game = wait_for_ply(&mut sockets[mover], ply + 1, true, "mover").await?;
        r.move_latency.push(sent.elapsed());
        let seen = wait_for_ply(&mut sockets[1 - mover], ply + 1, true, "opponent").await?;
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

/// Runs the games; the errors.
pub async fn run(o: Arc<Options>, targets: Vec<Arc<Target>>) -> Vec<String> {
    let servers: Vec<&str> = targets.iter().map(|t| t.addr.as_str()).collect();
    println!(
        "hasami-loadtest: {} concurrent online games of {} on {} from {} client addresses, {} plies each at most, seed {}",
        o.games,
        o.variant,
        servers.join(" and "),
        targets[0].clients,
        o.plies,
        o.seed
    );
    let started = Instant::now();
    let barrier = Arc::new(tokio::sync::Barrier::new(o.games));
    let mut tasks = Vec::new();
    for i in 0..o.games {
        let (o, t, b) = (o.clone(), targets.clone(), barrier.clone());
        tasks.push(tokio::spawn(play_game(o, t, i, b)));
    }
    let (mut moves, mut delivery, mut finished) = (Vec::new(), Vec::new(), 0);
    let mut errors = Vec::new();
    for (i, t) in tasks.into_iter().enumerate() {
        match t.await {
            Ok(Ok(r)) => {
                moves.extend(r.move_latency);
                delivery.extend(r.delivery_latency);
                finished += usize::from(r.finished);
            }
            Ok(Err(e)) => errors.push(format!("game {i}: {e}")),
            Err(e) => errors.push(format!("game {i}: task failed: {e}")),
        }
    }
    let total = started.elapsed();
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
    errors
}
