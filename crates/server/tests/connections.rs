//! Connections within bounds (docs/web.md, "Safe in public"): idle and half-sent connections are
//! closed, so slow clients cannot hold the server; WebSockets count against the connection limit; a
//! body sent too slowly gets 408.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

use hasami_server::{Db, Limits};

/// A server within small limits: 8 connections, 1 s for headers, 2 s for a request.
struct Small {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    _dir: tempfile::TempDir,
}

impl Small {
    fn start() -> Small {
        let dir = tempfile::tempdir().unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let db = Db::open(&dir.path().join("g.sqlite3")).unwrap();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let limits = Limits {
            connections: 8,
            header_timeout: Duration::from_secs(1),
            request_timeout: Duration::from_secs(2),
            ..Limits::default()
        };
        let thread = std::thread::spawn(move || {
            hasami_server::serve_within(listener, db, limits, async {
                let _ = rx.await;
            })
            .unwrap();
        });
        Small {
            addr,
            stop: Some(tx),
            thread: Some(thread),
            _dir: dir,
        }
    }
}

impl Drop for Small {
    fn drop(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// GET `path` with a read timeout; the status, or `None` when no answer came in time.
fn get(addr: SocketAddr, path: &str, wait: Duration) -> Option<u16> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).ok()?;
    let text = String::from_utf8_lossy(&out);
    text.split(' ').nth(1)?.parse().ok()
}

#[test]
fn idle_and_half_sent_connections_are_closed_and_do_not_block_others() {
    let s = Small::start();
    // More idle connections than slots, half of them with half a request.
    let mut idle = common::idle_connections(s.addr, 12, "/api/variants");
    let started = Instant::now();
    assert_eq!(
        get(s.addr, "/api/variants", Duration::from_secs(10)),
        Some(200)
    );
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    // The idle connections were closed by the server.
    common::assert_closed_by_server(&mut idle);
}

#[test]
fn websockets_count_against_the_connection_limit() {
    let s = Small::start();
    let (status, game) = common::http(
        s.addr,
        "POST",
        "/api/games",
        Some(r#"{"variant":"hasami","opponent":"local"}"#),
    );
    assert_eq!(status, 201, "{game}");
    let id: serde_json::Value = serde_json::from_str(&game).unwrap();
    let path = format!("/api/games/{}/ws", id["id"]);
    let mut sockets: Vec<common::Ws> = (0..8).map(|_| common::Ws::connect(s.addr, &path)).collect();
    for ws in &mut sockets {
        assert_eq!(ws.recv()["type"], "game");
    }
    // Every slot holds a WebSocket: a new request waits...
    assert_eq!(
        get(s.addr, "/api/variants", Duration::from_millis(1500)),
        None
    );
    // ...until one closes.
    drop(sockets.pop());
    assert_eq!(
        get(s.addr, "/api/variants", Duration::from_secs(5)),
        Some(200)
    );
}

#[test]
fn a_body_sent_too_slowly_gets_408() {
    let s = Small::start();
    let mut c = TcpStream::connect(s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
        s.addr
    );
    c.write_all(head.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = c.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"error\""), "{text}");
}
