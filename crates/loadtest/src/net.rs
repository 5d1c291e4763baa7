//! Talking to the server: connections from chosen loopback addresses (so one machine can act as
//! many clients, each within the server's per-address limits), one-shot HTTP requests, WebSockets,
//! and the report's percentiles.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

/// How long any one answer may take before it counts as an error.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// A WebSocket to the server.
pub type Socket = WebSocketStream<TcpStream>;

/// The server and the client addresses the load comes from.
#[derive(Debug, Clone)]
pub struct Target {
    /// `host:port` of the server.
    pub addr: String,
    /// The server's socket address.
    pub socket: SocketAddr,
    /// How many loopback client addresses to spread over (1: the system's choice).
    pub clients: usize,
}

impl Target {
    /// The client address of client number `n` (127.0.0.2, 127.0.0.3, …), when the server is on
    /// IPv4 loopback and more than one client is asked for.
    pub fn source(&self, n: usize) -> Option<IpAddr> {
        let loopback = matches!(self.socket.ip(), IpAddr::V4(v4) if v4.is_loopback());
        if self.clients <= 1 || !loopback {
            return None;
        }
        let k = (n % self.clients) as u32 + 2;
        Some(IpAddr::V4(Ipv4Addr::from(0x7f00_0000 + k)))
    }

    /// A connection to the server from client `n`'s address.
    pub async fn connect(&self, n: usize) -> Result<TcpStream, String> {
        let socket = TcpSocket::new_v4().map_err(|e| format!("socket: {e}"))?;
        if let Some(source) = self.source(n) {
            socket
                .bind(SocketAddr::new(source, 0))
                .map_err(|e| format!("bind {source}: {e}"))?;
        }
        let stream = socket
            .connect(self.socket)
            .await
            .map_err(|e| format!("connect {}: {e}", self.addr))?;
        let _ = stream.set_nodelay(true);
        Ok(stream)
    }

    /// One HTTP/1.1 request from client `n` with `Connection: close`; the status and the JSON body.
    pub async fn request(
        &self,
        n: usize,
        method: &str,
        path: &str,
        body: &str,
    ) -> Result<(u16, Value), String> {
        let mut s = self.connect(n).await?;
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
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

    /// A WebSocket from client `n` to `path`.
    pub async fn websocket(&self, n: usize, path: &str) -> Result<Socket, String> {
        let url = format!("ws://{}{path}", self.addr);
        let open = async {
            let stream = self.connect(n).await?;
            tokio_tungstenite::client_async(url, stream)
                .await
                .map_err(|e| format!("websocket connect: {e}"))
        };
        let (ws, _) = tokio::time::timeout(ANSWER_TIMEOUT, open)
            .await
            .map_err(|_| "websocket connect timed out".to_string())??;
        Ok(ws)
    }
}

/// Waits for the next `game` message on `ws` whose ply is at least `ply` (exactly `ply` when
/// `exact`); an `error` message is an error.
pub async fn wait_for_ply(
    ws: &mut Socket,
    ply: u64,
    exact: bool,
    who: &str,
) -> Result<Value, String> {
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
                if p == ply || (!exact && p > ply && p != u64::MAX) {
                    return Ok(g.clone());
                }
                if p > ply {
                    return Err(format!("{who}: expected ply {ply}, got {p}"));
                }
            }
            Some("error") => return Err(format!("{who}: server error {v}")),
            _ => {}
        }
    }
}

/// SplitMix64: a small seeded generator, enough to pick moves reproducibly.
pub struct Rng(pub u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A random legal move of a game view.
    pub fn legal_move(&mut self, game: &Value) -> Result<String, String> {
        let legal = game["legal_moves"]
            .as_array()
            .filter(|l| !l.is_empty())
            .ok_or("no legal moves")?;
        legal[self.below(legal.len())]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| "bad move".to_string())
    }
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

/// Prints the p50/p90/p99/max of `v`; returns the p99.
pub fn report(name: &str, mut v: Vec<Duration>) -> Duration {
    v.sort();
    println!(
        "{name}: p50 {}, p90 {}, p99 {}, max {} ({} samples)",
        ms(percentile(&v, 0.50)),
        ms(percentile(&v, 0.90)),
        ms(percentile(&v, 0.99)),
        ms(v.last().copied().unwrap_or_default()),
        v.len()
    );
    percentile(&v, 0.99)
}

/// The resident memory of process `pid` in MiB, from /proc (Linux).
pub fn resident_mib(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}
