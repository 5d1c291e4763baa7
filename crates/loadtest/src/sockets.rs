//! `--mode sockets`: what many idle WebSockets cost the server.
//!
//! It creates one game and attempts `--sockets` WebSockets to it at once (default 10,000), spread
//! over `--clients` loopback addresses, and holds every one that opens without reading from it.
//! Each attempt ends as opened (the upgrade answered), refused (an answer of 429: the client's
//! share is taken, or 503: the server's) or waiting (no answer within 5 s: the server is full and the connection waits
//! in the listen queue). With the sockets held it reads the server's resident memory
//! (`--server-pid`, from /proc) and times one API request from a client address of its own.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

use crate::net::{resident_mib, Target};
use crate::Options;

/// How one attempt ended.
enum Attempt {
    Opened(TcpStream),
    Refused,
    Waiting,
    Failed(String),
}

/// How long an attempt waits for the upgrade's answer.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(5);

/// Opens one WebSocket from client `n` without a client library, and keeps its connection.
async fn attempt(target: &Target, n: usize, path: &str) -> Attempt {
    let mut stream = match tokio::time::timeout(ATTEMPT_TIMEOUT, target.connect(n)).await {
        Err(_) => return Attempt::Waiting,
        Ok(Err(e)) => return Attempt::Failed(e),
        Ok(Ok(s)) => s,
    };
    let upgrade = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        target.addr
    );
    if let Err(e) = stream.write_all(upgrade.as_bytes()).await {
        return Attempt::Failed(format!("send: {e}"));
    }
    let mut buf = [0u8; 512];
    match tokio::time::timeout(ATTEMPT_TIMEOUT, stream.read(&mut buf)).await {
        Err(_) => Attempt::Waiting,
        Ok(Err(e)) => Attempt::Failed(format!("read: {e}")),
        Ok(Ok(0)) => Attempt::Failed("closed without an answer".into()),
        Ok(Ok(k)) => {
            let head = String::from_utf8_lossy(&buf[..k]);
            if head.starts_with("HTTP/1.1 101") {
                Attempt::Opened(stream)
            } else if head.starts_with("HTTP/1.1 429") || head.starts_with("HTTP/1.1 503") {
                Attempt::Refused
            } else {
                Attempt::Failed(head.lines().next().unwrap_or("").to_string())
            }
        }
    }
}

/// Runs the attempts; the errors (attempts that failed other than by refusal or waiting).
pub async fn run(o: Arc<Options>, target: Arc<Target>) -> Vec<String> {
    println!(
        "hasami-loadtest: {} WebSockets attempted at once on {} from {} client addresses",
        o.sockets, target.addr, target.clients
    );
    let before = o.server_pid.and_then(resident_mib);
    let body = json!({"variant": o.variant, "opponent": "local"}).to_string();
    let created = target
        .request(usize::MAX, "POST", "/api/games", &body)
        .await;
    let id = match created {
        Ok((201, c)) => c["id"].as_i64().unwrap_or(0),
        Ok((status, c)) => return vec![format!("create: {status} {c}")],
        Err(e) => return vec![format!("create: {e}")],
    };
    let path = Arc::new(format!("/api/games/{id}/ws"));
    // Attempts in flight at once (each holds a file handle of this process).
    let in_flight = Arc::new(Semaphore::new(2_000));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for n in 0..o.sockets {
        let (target, path, in_flight) = (target.clone(), path.clone(), in_flight.clone());
        tasks.push(tokio::spawn(async move {
            let _turn = in_flight.acquire_owned().await;
            attempt(&target, n, &path).await
        }));
    }
    let (mut held, mut refused, mut waiting, mut errors) = (Vec::new(), 0, 0, Vec::new());
    for t in tasks {
        match t.await {
            Ok(Attempt::Opened(s)) => held.push(s),
            Ok(Attempt::Refused) => refused += 1,
            Ok(Attempt::Waiting) => waiting += 1,
            Ok(Attempt::Failed(e)) => errors.push(e),
            Err(e) => errors.push(format!("task failed: {e}")),
        }
    }
    let attempts = started.elapsed();
    let peak = o.server_pid.and_then(resident_mib);
    let asked = Instant::now();
    let probe = tokio::time::timeout(
        Duration::from_secs(10),
        target.request(usize::MAX - 1, "GET", "/api/variants", ""),
    )
    .await;
    let answer = match probe {
        Ok(Ok((status, _))) => format!("{status} in {:.0} ms", asked.elapsed().as_secs_f64() * 1e3),
        Ok(Err(e)) => format!("failed: {e}"),
        Err(_) => "no answer within 10 s (every connection slot is taken)".to_string(),
    };
    let mib = |m: Option<f64>| {
        m.map_or("unknown (pass --server-pid)".into(), |m| {
            format!("{m:.0} MiB")
        })
    };
    println!(
        "opened and held: {}, refused (429 or 503): {refused}, waiting (no answer within {:?}): {waiting}, failed: {} ({:.1} s)",
        held.len(),
        ATTEMPT_TIMEOUT,
        errors.len(),
        attempts.as_secs_f64()
    );
    println!(
        "server memory: {} before, {} with the sockets held",
        mib(before),
        mib(peak)
    );
    println!("GET /api/variants from another address meanwhile: {answer}");
    drop(held);
    errors.truncate(10);
    errors
}
