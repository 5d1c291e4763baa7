//! Test helpers: a server on loopback with a temporary database, a small HTTP/1.1 client and a
//! minimal WebSocket client (std only, so the tests need no extra crates).

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

pub mod accounts;
pub mod postgres;

/// A running server; stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    pub db: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts a server on 127.0.0.1 (a free port) with the database file `db`.
    pub fn start(db: &Path) -> Server {
        Server::start_within(db, hasami_server::Limits::default())
    }

    /// Starts a server like [`Server::start`] within `limits`.
    pub fn start_within(db: &Path, limits: hasami_server::Limits) -> Server {
        let store = hasami_server::Db::open(db).unwrap();
        Server::start_on(store, db, limits)
    }

    /// Starts a server on an open store (`db` is what [`Server::db`] says; empty for PostgreSQL).
    pub fn start_on(store: hasami_server::Db, db: &Path, limits: hasami_server::Limits) -> Server {
        Server::serving(store, db, limits, None)
    }

    /// Starts a server on the PostgreSQL database at `url` within `limits`.
    pub fn start_on_postgres(url: &str, limits: hasami_server::Limits) -> Server {
        let store = hasami_server::Db::connect(url).unwrap();
        Server::start_on(store, Path::new(""), limits)
    }

    /// Starts a server like [`Server::start`] that also serves its counts; the address of those.
    pub fn start_with_metrics(db: &Path) -> (Server, SocketAddr) {
        Server::start_with_metrics_within(db, hasami_server::Limits::default())
    }

    /// Starts a server like [`Server::start_with_metrics`] within `limits`.
    pub fn start_with_metrics_within(
        db: &Path,
        limits: hasami_server::Limits,
    ) -> (Server, SocketAddr) {
        let store = hasami_server::Db::open(db).unwrap();
        let metrics = TcpListener::bind("127.0.0.1:0").unwrap();
        let at = metrics.local_addr().unwrap();
        let s = Server::serving(store, db, limits, Some(metrics));
        (s, at)
    }

    fn serving(
        store: hasami_server::Db,
        db: &Path,
        limits: hasami_server::Limits,
        metrics: Option<TcpListener>,
    ) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            hasami_server::serve_with(listener, metrics, store, limits, async {
                let _ = rx.await;
            })
            .unwrap();
        });
        Server {
            addr,
            db: db.to_path_buf(),
            stop: Some(tx),
            thread: Some(thread),
        }
    }

    /// Stops the server and waits for it.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let (status, body) = http(self.addr, "GET", path, None);
        (status, parse(&body))
    }

    pub fn get_text(&self, path: &str) -> (u16, String) {
        http(self.addr, "GET", path, None)
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = http(self.addr, "POST", path, Some(&body.to_string()));
        (status, parse(&text))
    }

    /// POST `body` to `path`, expecting 200; returns the reply.
    #[track_caller]
    pub fn post_ok(&self, path: &str, body: &Value) -> Value {
        let (status, v) = self.post(path, body);
        assert_eq!(status, 200, "{v}");
        v
    }

    pub fn post_raw(&self, path: &str, body: &str) -> (u16, Value) {
        let (status, text) = http(self.addr, "POST", path, Some(body));
        (status, parse(&text))
    }

    /// Polls GET `path` until `done` holds (at most 60 s).
    pub fn wait_for(&self, path: &str, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let (status, v) = self.get(path);
            assert_eq!(status, 200, "{v}");
            if done(&v) {
                return v;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "timed out waiting on {path}: {v}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// A server on a new database in a temporary directory (which must live as long as the database
/// is used; `Server::db` is the file, for a restart).
pub fn server() -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&dir.path().join("games.sqlite3"));
    (dir, s)
}

/// Creates a game (POST /api/games with `req`), expecting 201; returns the reply.
#[track_caller]
pub fn create(s: &Server, req: Value) -> Value {
    let (status, v) = s.post("/api/games", &req);
    assert_eq!(status, 201, "{v}");
    v
}

/// An online hasami game created on `s` with the creator Black and `extra` fields in the request:
/// (id, Black's token, White's token from the invite link).
pub fn online_game(s: &Server, extra: Value) -> (i64, String, String) {
    let mut req = serde_json::json!({"variant": "hasami", "opponent": "online", "side": "black"});
    if let (Some(r), Some(e)) = (req.as_object_mut(), extra.as_object()) {
        r.extend(e.clone());
    }
    let c = create(s, req);
    let id = c["id"].as_i64().unwrap();
    let black = c["token"].as_str().unwrap().to_string();
    (id, black, token_of(&c["links"]["white"]))
}

/// How many games the server lists.
pub fn game_count(s: &Server) -> usize {
    s.get("/api/games").1["games"]
        .as_array()
        .map_or(0, Vec::len)
}

/// A record of `plies` moves shuffling a1a2 a9a8 a2a1 a8a9 in a variant without game ends.
pub fn shuffle(plies: usize) -> String {
    let cycle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    let mut text = String::from("[Variant \"hasami+repetition=0+quiet=0\"]\n\n");
    for i in 0..plies {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(cycle[i % 4]);
        text.push(if i % 10 == 9 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

/// The moves of a game view, as text.
pub fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// The ids of the games a list answers (`GET /api/games`, `GET /api/lobby`: `{games: [{id, …}]}`)
/// from `path` on `s`, in its order.
pub fn listed_ids(s: &Server, path: &str) -> Vec<i64> {
    let (status, v) = s.get(path);
    assert_eq!(status, 200, "{v}");
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect()
}

/// The message of an error reply.
pub fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

/// The token in a player's link (`…?token=…`).
pub fn token_of(link: &Value) -> String {
    link.as_str()
        .unwrap()
        .rsplit("token=")
        .next()
        .unwrap()
        .to_string()
}

fn parse(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()))
}

/// One HTTP/1.1 request with `Connection: close`; returns the status and the body.
pub fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("a response head");
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .lines()
        .any(|l| l.eq_ignore_ascii_case("transfer-encoding: chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, body)
}

/// The body of a chunked answer.
pub fn dechunk_pub(s: &str) -> String {
    dechunk(s)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// A minimal WebSocket client (text frames only).
pub struct Ws {
    s: TcpStream,
}

impl Ws {
    pub fn connect(addr: SocketAddr, path: &str) -> Ws {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        s.write_all(req.as_bytes()).unwrap();
        let mut head = Vec::new();
        let mut b = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            s.read_exact(&mut b).unwrap();
            head.push(b[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        Ws { s }
    }

    /// The next text message as JSON.
    pub fn recv(&mut self) -> Value {
        self.read_message().unwrap()
    }

    /// The first message within `within` for which `done` holds; `None` if none came in time.
    pub fn wait_for(&mut self, within: Duration, done: impl Fn(&Value) -> bool) -> Option<Value> {
        let end = Instant::now() + within;
        let found = loop {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break None;
            }
            self.s.set_read_timeout(Some(left)).unwrap();
            match self.read_message() {
                Ok(m) if done(&m) => break Some(m),
                Ok(_) => {}
                Err(_) => break None,
            }
        };
        self.s
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        found
    }

    fn read_message(&mut self) -> std::io::Result<Value> {
        loop {
            let mut h = [0u8; 2];
            self.s.read_exact(&mut h)?;
            let op = h[0] & 0x0f;
            let mut len = u64::from(h[1] & 0x7f);
            if len == 126 {
                let mut l = [0u8; 2];
                self.s.read_exact(&mut l)?;
                len = u64::from(u16::from_be_bytes(l));
            } else if len == 127 {
                let mut l = [0u8; 8];
                self.s.read_exact(&mut l)?;
                len = u64::from_be_bytes(l);
            }
            let mut payload = vec![0u8; len as usize];
            self.s.read_exact(&mut payload)?;
            if op == 1 {
                return Ok(serde_json::from_slice(&payload).unwrap());
            }
            assert_ne!(op, 8, "the server closed the WebSocket");
        }
    }

    /// Sends a text message (masked, as a client must).
    pub fn send(&mut self, v: &Value) {
        let data = v.to_string().into_bytes();
        let mut frame = vec![0x81u8];
        if data.len() < 126 {
            frame.push(0x80 | data.len() as u8);
        } else {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(data.len() as u16).to_be_bytes());
        }
        let mask = [1u8, 2, 3, 4];
        frame.extend_from_slice(&mask);
        frame.extend(data.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.s.write_all(&frame).unwrap();
    }
}

/// `n` connections to `addr` that never finish a request: every other one sends half a request's
/// headers, the rest nothing.
pub fn idle_connections(addr: SocketAddr, n: usize, path: &str) -> Vec<TcpStream> {
    (0..n)
        .map(|i| {
            let mut c = TcpStream::connect(addr).unwrap();
            if i % 2 == 0 {
                c.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n").as_bytes())
                    .unwrap();
            }
            c
        })
        .collect()
}

/// Asserts that the server closed each of `connections` within 5 s: the end of the stream, or a
/// 408 and then the end (a read that times out fails).
pub fn assert_closed_by_server(connections: &mut [TcpStream]) {
    for c in connections {
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut buf = [0u8; 512];
        let n = c
            .read(&mut buf)
            .expect("the server closes an idle connection");
        let answer = String::from_utf8_lossy(&buf[..n]);
        assert!(n == 0 || answer.starts_with("HTTP/1.1 408"), "{answer}");
    }
}
