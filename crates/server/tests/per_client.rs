//! Limits per client (docs/web.md, "Running it in public"), tried as one greedy visitor would: its
//! connections, WebSockets and hints beyond its share are refused while another client is served;
//! behind a trusted proxy each client behind it has its own share; a WebSocket that goes silent is
//! closed; a huge WebSocket message closes the socket; an operator may allow another origin.

mod common;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::Server;
use hasami_server::Limits;
use serde_json::{json, Value};

fn start(limits: Limits) -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_within(&dir.path().join("games.sqlite3"), limits);
    (dir, s)
}

/// A connection to `addr` from the loopback address `source` (any of 127.0.0.0/8 on Linux).
fn connect_from(source: &str, addr: SocketAddr) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .unwrap();
    runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket
            .bind(SocketAddr::new(source.parse::<IpAddr>().unwrap(), 0))
            .unwrap();
        let stream = socket.connect(addr).await.unwrap();
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
    })
}

/// One request on `s` (`head`: the method and path, then any extra header lines); the status and
/// body.
fn request(mut s: TcpStream, addr: SocketAddr, head: &str, body: &str) -> (u16, String) {
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let (line, extra) = head.split_once("\r\n").unwrap_or((head, ""));
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!("{extra}\r\n")
    };
    let req = format!(
        "{line} HTTP/1.1\r\nHost: {addr}\r\n{extra}Connection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = s.write_all(req.as_bytes());
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    (status, rest.to_string())
}

#[test]
fn connections_beyond_an_addresss_share_are_refused_while_others_are_served() {
    let (_dir, s) = start(Limits {
        connections_per_address: 3,
        ..Limits::default()
    });
    // One address holds its three connections idle.
    let _idle: Vec<TcpStream> = (0..3).map(|_| connect_from("127.0.0.1", s.addr)).collect();
    std::thread::sleep(Duration::from_millis(200));
    let (status, body) = request(
        connect_from("127.0.0.1", s.addr),
        s.addr,
        "GET /api/variants",
        "",
    );
    assert_eq!(status, 429, "{body}");
    let error: Value = serde_json::from_str(&body).unwrap();
    assert!(common::error_of(&error).contains("too many connections"));
    // Another address is served at once.
    let (status, _) = request(
        connect_from("127.0.0.2", s.addr),
        s.addr,
        "GET /api/variants",
        "",
    );
    assert_eq!(status, 200);
}

/// Sends a WebSocket upgrade for `path` from `source` and returns the start of the answer.
fn upgrade_from(source: &str, addr: std::net::SocketAddr, path: &str) -> String {
    let upgrade = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    let mut c = connect_from(source, addr);
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    c.write_all(upgrade.as_bytes()).unwrap();
    let mut buf = [0u8; 1024];
    let n = c.read(&mut buf).unwrap();
    String::from_utf8_lossy(&buf[..n]).to_string()
}

#[test]
fn websockets_beyond_the_servers_share_get_503_and_requests_still_answer() {
    let (_dir, s) = start(Limits {
        websockets: 2,
        ..Limits::default()
    });
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let path = format!("/api/games/{}/ws", game["id"]);
    let mut open: Vec<common::Ws> = (0..2).map(|_| common::Ws::connect(s.addr, &path)).collect();
    for ws in &mut open {
        assert_eq!(ws.recv()["type"], "game");
    }
    let refused = upgrade_from("127.0.0.4", s.addr, &path);
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(
        refused.to_ascii_lowercase().contains("retry-after: 10"),
        "{refused}"
    );
    let (status, _) = request(
        connect_from("127.0.0.4", s.addr),
        s.addr,
        "GET /api/variants",
        "",
    );
    assert_eq!(status, 200);
    drop(open.pop());
    std::thread::sleep(Duration::from_millis(300));
    assert!(upgrade_from("127.0.0.4", s.addr, &path).starts_with("HTTP/1.1 101"));
}

#[test]
fn websockets_beyond_a_clients_share_get_429() {
    let (_dir, s) = start(Limits {
        websockets_per_address: 2,
        ..Limits::default()
    });
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let path = format!("/api/games/{}/ws", game["id"]);
    let mut open: Vec<common::Ws> = (0..2).map(|_| common::Ws::connect(s.addr, &path)).collect();
    for ws in &mut open {
        assert_eq!(ws.recv()["type"], "game");
    }
    let third = |source: &str| upgrade_from(source, s.addr, &path);
    let refused = third("127.0.0.1");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(refused.contains("close another tab"), "{refused}");
    assert!(third("127.0.0.3").starts_with("HTTP/1.1 101"));
    // A socket closed gives its slot back.
    drop(open.pop());
    std::thread::sleep(Duration::from_millis(300));
    assert!(third("127.0.0.1").starts_with("HTTP/1.1 101"));
}

#[test]
fn hints_beyond_a_clients_share_get_429_and_clients_behind_a_trusted_proxy_each_have_their_own() {
    let (_dir, s) = start(Limits {
        hints_per_address: 1,
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..Limits::default()
    });
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let hint = format!("GET /api/games/{}/hint?ms=2500", game["id"]);
    let addr = s.addr;
    let as_client = move |client: &str| {
        let head = format!("{hint}\r\nX-Forwarded-For: {client}");
        request(connect_from("127.0.0.1", addr), addr, &head, "")
    };
    // Client A's long hint is running...
    let first = std::thread::spawn({
        let as_client = as_client.clone();
        move || as_client("203.0.113.1")
    });
    std::thread::sleep(Duration::from_millis(400));
    // ...so A's second one is refused at once,
    let started = Instant::now();
    let (status, body) = as_client("203.0.113.1");
    assert_eq!(status, 429, "{body}");
    assert!(started.elapsed() < Duration::from_secs(1));
    // while client B behind the same proxy gets its hint.
    let (status, body) = as_client("203.0.113.2");
    assert_eq!(status, 200, "{body}");
    assert_eq!(first.join().unwrap().0, 200);
    // A's slot is free again once its hint has answered.
    let short = format!("GET /api/games/{}/hint?ms=50", game["id"]);
    let (status, _) = request(
        connect_from("127.0.0.1", s.addr),
        s.addr,
        &format!("{short}\r\nX-Forwarded-For: 203.0.113.1"),
        "",
    );
    assert_eq!(status, 200);
}

#[test]
fn new_games_are_limited_per_client_behind_a_trusted_proxy_and_a_forged_header_changes_nothing() {
    let (_dir, s) = start(Limits {
        new_games_burst: 2,
        new_games_per_second: 1,
        trusted_proxies: vec!["127.0.0.9".parse().unwrap()],
        ..Limits::default()
    });
    let body = r#"{"variant":"hasami","opponent":"local"}"#;
    let create = |source: &str, client: &str| {
        let head = format!("POST /api/games\r\nX-Forwarded-For: {client}");
        request(connect_from(source, s.addr), s.addr, &head, body).0
    };
    // Through the proxy: each client has its own burst of two.
    assert_eq!(create("127.0.0.9", "198.51.100.1"), 201);
    assert_eq!(create("127.0.0.9", "198.51.100.1"), 201);
    assert_eq!(create("127.0.0.9", "198.51.100.1"), 429);
    assert_eq!(create("127.0.0.9", "198.51.100.2"), 201);
    // A client that is not the proxy cannot escape its own limit with a forged header.
    assert_eq!(create("127.0.0.5", "192.0.2.1"), 201);
    assert_eq!(create("127.0.0.5", "192.0.2.2"), 201);
    assert_eq!(create("127.0.0.5", "192.0.2.3"), 429);
}

/// Reads frames until the server closes the socket; whether a ping came first.
fn pinged_then_closed(c: &mut TcpStream) -> bool {
    let mut pinged = false;
    let mut buf = [0u8; 4096];
    loop {
        match c.read(&mut buf) {
            Ok(0) | Err(_) => return pinged,
            Ok(n) => {
                // A ping frame from the server: 0x89 (FIN + opcode 9), unmasked.
                pinged |= buf[..n].windows(2).any(|w| w == [0x89, 0x00]);
            }
        }
    }
}

#[test]
fn a_websocket_that_never_answers_pings_is_closed() {
    let (_dir, s) = start(Limits {
        socket_timeout: Duration::from_secs(1),
        ..Limits::default()
    });
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let mut c = TcpStream::connect(s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let req = format!(
        "GET /api/games/{}/ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        game["id"], s.addr
    );
    c.write_all(req.as_bytes()).unwrap();
    let started = Instant::now();
    assert!(pinged_then_closed(&mut c), "the server pinged first");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(4),
        "closed after {took:?}"
    );
}

#[test]
fn a_websocket_that_answers_pings_stays_open() {
    let (_dir, s) = start(Limits {
        socket_timeout: Duration::from_secs(1),
        ..Limits::default()
    });
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let mut ws = common::Ws::connect(s.addr, &format!("/api/games/{}/ws", game["id"]));
    assert_eq!(ws.recv()["type"], "game");
    // A client that talks (here its own pings) within every second keeps its socket.
    for _ in 0..6 {
        std::thread::sleep(Duration::from_millis(400));
        ws.send(&json!({"type": "ping"}));
        assert_eq!(ws.recv()["type"], "pong");
    }
}

#[test]
fn a_huge_websocket_message_closes_the_socket_without_an_echo() {
    let (_dir, s) = start(Limits::default());
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let mut ws = common::Ws::connect(s.addr, &format!("/api/games/{}/ws", game["id"]));
    assert_eq!(ws.recv()["type"], "game");
    let huge = "x".repeat(60_000);
    ws.send(&json!({ "type": "move", "move": huge }));
    let closed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ws.recv())).is_err();
    assert!(closed, "a 60 kB message is not read, the socket is closed");
}

#[test]
fn an_allowed_origin_may_call_the_api_and_others_may_not() {
    let (_dir, s) = start(Limits {
        allowed_origins: vec!["https://friends.example".into()],
        ..Limits::default()
    });
    let body = r#"{"variant":"hasami","opponent":"local"}"#;
    let create = |origin: &str| {
        let head = format!("POST /api/games\r\nOrigin: {origin}");
        request(TcpStream::connect(s.addr).unwrap(), s.addr, &head, body).0
    };
    assert_eq!(create("https://friends.example"), 201);
    assert_eq!(create("https://elsewhere.example"), 403);
}

#[test]
fn head_hints_count_like_get_hints() {
    // Issue 49.4: HEAD on the hint route runs the same search as GET, so it takes the same slot:
    // a client's second hint, by GET or HEAD, waits for none (429 at once).
    let (_dir, s) = start(Limits {
        hints_per_address: 1,
        ..Limits::default()
    });
    let game = common::create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let id = game["id"].clone();
    let addr = s.addr;
    let first = std::thread::spawn(move || {
        let head = format!("HEAD /api/games/{id}/hint?ms=2500");
        request(connect_from("127.0.0.1", addr), addr, &head, "")
    });
    std::thread::sleep(Duration::from_millis(400));
    for method in ["HEAD", "GET"] {
        let started = Instant::now();
        let head = format!("{method} /api/games/{}/hint?ms=50", game["id"]);
        let (status, body) = request(connect_from("127.0.0.1", addr), addr, &head, "");
        assert_eq!(status, 429, "{method}: {body}");
        assert!(started.elapsed() < Duration::from_secs(1), "{method}");
    }
    assert_eq!(first.join().unwrap().0, 200);
}
