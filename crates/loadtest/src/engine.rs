//! `--mode engine`: is a cheap engine reply served while the engine is crowded?
//!
//! It starts `--busy` games (default 40) against the level-10 engine (`--variant`, the engine to
//! move first), or the games `--crowd VARIANT:LEVEL:COUNT` names (repeatable, instead of `--busy`:
//! `--crowd shogun:8:20 --crowd hasami:10:20`), and keeps them going: each time the engine has
//! replied, a random move answers it, so expensive searches queue the whole time. Meanwhile it plays `--probes` level-1 games
//! (default 30), one every half second, each from its own client address: one move each, and measures
//! the time from sending the move to the engine's reply on the game's WebSocket: the wait a player
//! of an easy level sees on a crowded server.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::net::{report, wait_for_ply, Rng, Socket, Target};
use crate::Options;

/// Creates a game against the engine at `level` from client `n`, with the player on `side`; its
/// socket and first view.
async fn engine_game(
    target: &Target,
    n: usize,
    variant: &str,
    level: u32,
    side: &str,
) -> Result<(Socket, Value), String> {
    let body = json!({"variant": variant, "opponent": "engine", "level": level, "side": side});
    let (status, c) = target
        .request(n, "POST", "/api/games", &body.to_string())
        .await?;
    if status != 201 {
        return Err(format!("create: {status} {c}"));
    }
    let id = c["id"].as_i64().ok_or("create: no id")?;
    let token = c["token"].as_str().ok_or("create: no token")?;
    let mut ws = target
        .websocket(n, &format!("/api/games/{id}/ws?token={token}"))
        .await?;
    let game = wait_for_ply(&mut ws, 0, false, "player").await?;
    Ok((ws, game))
}

/// Sends a random legal move of `game` on `ws`.
async fn move_on(ws: &mut Socket, game: &Value, rng: &mut Rng) -> Result<(), String> {
    let mv = rng.legal_move(game)?;
    ws.send(Message::Text(
        json!({"type": "move", "move": mv}).to_string().into(),
    ))
    .await
    .map_err(|e| format!("send move: {e}"))
}

/// Plays `--probes` level-1 games, one every half second, each from its own client address
/// (numbered from `first_client`): one move each, timed from sending it to the engine's reply on the
/// game's WebSocket. The waits and the errors.
pub(crate) async fn probe_level_one(
    o: &Options,
    target: &Target,
    first_client: usize,
) -> (Vec<std::time::Duration>, Vec<String>) {
    let mut errors = Vec::new();
    let mut waits = Vec::new();
    for p in 0..o.probes {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        let n = first_client + p;
        let probe = async {
            let (mut ws, game) = engine_game(target, n, &o.variant, 1, "black").await?;
            let mut rng = Rng(o.seed ^ (n as u64) << 8);
            let sent = Instant::now();
            move_on(&mut ws, &game, &mut rng).await?;
            wait_for_ply(&mut ws, 2, false, "level-1 engine").await?;
            let wait = sent.elapsed();
            let _ = ws.close(None).await;
            Ok::<_, String>(wait)
        };
        match probe.await {
            Ok(wait) => waits.push(wait),
            Err(e) => errors.push(format!("probe {p}: {e}")),
        }
    }
    (waits, errors)
}

/// Games that keep the engine busy: `count` games of `variant` against `level`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crowd {
    variant: String,
    level: u32,
    count: usize,
}

impl std::str::FromStr for Crowd {
    type Err = String;

    /// `VARIANT:LEVEL:COUNT`, the level 1–10 and at most 1,000 games.
    fn from_str(text: &str) -> Result<Crowd, String> {
        let bad =
            || format!("expected VARIANT:LEVEL:COUNT (level 1-10, count 1-1000), got '{text}'");
        let mut parts = text.rsplitn(3, ':');
        let count = parts.next().and_then(|c| c.parse().ok()).ok_or_else(bad)?;
        let level = parts.next().and_then(|l| l.parse().ok()).ok_or_else(bad)?;
        let variant = parts.next().filter(|v| !v.is_empty()).ok_or_else(bad)?;
        if !(1..=10).contains(&level) || !(1..=1000).contains(&count) {
            return Err(bad());
        }
        Ok(Crowd {
            variant: variant.to_string(),
            level,
            count,
        })
    }
}

/// Keeps one game of `variant` at `level` busy (until it is stopped), counting the engine's
/// replies in `replies`.
async fn busy_game(
    o: Arc<Options>,
    target: Arc<Target>,
    n: usize,
    variant: String,
    level: u32,
    replies: Arc<AtomicUsize>,
) -> Result<(), String> {
    let (mut ws, mut game) = engine_game(&target, n, &variant, level, "white").await?;
    let mut rng = Rng(o.seed ^ n as u64);
    loop {
        if game["status"] != "playing" {
            // A finished game makes room for a new one.
            (ws, game) = engine_game(&target, n, &variant, level, "white").await?;
            continue;
        }
        let ply = game["ply"].as_u64().unwrap_or(0);
        if game["turn"] == "white" {
            move_on(&mut ws, &game, &mut rng).await?;
            game = wait_for_ply(&mut ws, ply + 1, false, "busy player").await?;
        } else {
            game = wait_for_ply(&mut ws, ply + 1, false, "busy engine").await?;
            replies.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Runs the busy games and the probes; the errors.
pub async fn run(o: Arc<Options>, target: Arc<Target>) -> Vec<String> {
    let crowds = if o.crowd.is_empty() {
        vec![Crowd {
            variant: o.variant.clone(),
            level: 10,
            count: o.busy,
        }]
    } else {
        o.crowd.clone()
    };
    let crowd_words: Vec<String> = crowds
        .iter()
        .map(|c| format!("{} level-{} games of {}", c.count, c.level, c.variant))
        .collect();
    println!(
        "hasami-loadtest: {} kept busy on {}, {} level-1 replies of {} measured",
        crowd_words.join(" and "),
        target.addr,
        o.probes,
        o.variant
    );
    let replies = Arc::new(AtomicUsize::new(0));
    let mut busy = Vec::new();
    for c in &crowds {
        for _ in 0..c.count {
            busy.push(tokio::spawn(busy_game(
                o.clone(),
                target.clone(),
                busy.len(),
                c.variant.clone(),
                c.level,
                replies.clone(),
            )));
        }
    }
    let busy_count = busy.len();
    // Let the queue fill before the first probe.
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let started = Instant::now();
    let at_start = replies.load(Ordering::Relaxed);
    let (waits, mut errors) = probe_level_one(&o, &target, busy_count).await;
    let probing = started.elapsed();
    let busy_replies = replies.load(Ordering::Relaxed) - at_start;
    // A busy game that ended before now failed; the others are stopped mid-game.
    for (i, b) in busy.into_iter().enumerate() {
        if b.is_finished() {
            match b.await {
                Ok(Err(e)) => errors.push(format!("busy game {i}: {e}")),
                Err(e) => errors.push(format!("busy game {i}: task failed: {e}")),
                Ok(Ok(())) => {}
            }
        } else {
            b.abort();
        }
    }
    println!(
        "busy games' engine replies while probing: {busy_replies} in {:.1} s; probes: {}, errors: {}",
        probing.as_secs_f64(),
        o.probes,
        errors.len()
    );
    report(
        "level-1 reply wait (move sent -> engine's reply seen)",
        waits,
    );
    errors
}
