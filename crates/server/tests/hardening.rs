//! The server as a hostile visitor meets it (docs/web.md, "Safe in public"): security headers on every
//! answer, only same-origin JSON may change anything, every error of the API is `{"error": …}` and
//! short, and names cannot hide text-direction or invisible characters.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::{create, game_count, server};
use serde_json::{json, Value};

/// One request with exactly `headers` (plus Host, Content-Length and Connection: close); returns the
/// status, the response head and the body.
fn raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &[u8],
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\n");
    if !headers
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("host:"))
    {
        req.push_str(&format!("Host: {addr}\r\n"));
    }
    req.push_str("Connection: close\r\n");
    for h in headers {
        req.push_str(h);
        req.push_str("\r\n");
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(req.as_bytes()).unwrap();
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

#[test]
fn every_answer_carries_the_security_headers() {
    let (_dir, s) = server();
    for path in ["/", "/assets/app.js", "/api/variants", "/api/games/999"] {
        let (_, head, _) = raw(s.addr, "GET", path, &[], b"");
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{path}: {head}"
        );
        assert!(head.contains("frame-ancestors 'none'"), "{path}: {head}");
        assert!(
            head.contains("x-content-type-options: nosniff"),
            "{path}: {head}"
        );
        assert!(
            head.contains("referrer-policy: no-referrer"),
            "{path}: {head}"
        );
    }
}

#[test]
fn only_same_origin_json_may_change_anything() {
    let (_dir, s) = server();
    let body = br#"{"variant":"hasami","opponent":"local"}"#;
    let host = format!("Origin: http://{}", s.addr);
    // Another site's page, or a form posting text: refused, nothing stored.
    for headers in [
        &["Content-Type: text/plain", host.as_str()][..],
        &["Content-Type: application/x-www-form-urlencoded"][..],
        &[
            "Content-Type: application/json",
            "Origin: http://evil.example",
        ][..],
    ] {
        let (status, head, text) = raw(s.addr, "POST", "/api/games", headers, body);
        assert!(
            status == 415 || status == 403,
            "{headers:?}: {status} {text}"
        );
        assert!(head.contains("application/json"), "{head}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{text}");
    }
    assert_eq!(game_count(&s), 0);
    // The app's own page (same origin) and programs (no Origin) may.
    let ok = ["Content-Type: application/json", host.as_str()];
    assert_eq!(raw(s.addr, "POST", "/api/games", &ok, body).0, 201);
    assert_eq!(raw(s.addr, "POST", "/api/games", &ok[..1], body).0, 201);
    assert_eq!(game_count(&s), 2);
    // A WebSocket opened by another site's page is refused before the upgrade.
    let g = create(&s, json!({"variant": "hasami", "opponent": "local"}));
    let ws = format!("/api/games/{}/ws", g["id"]);
    let upgrade = [
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Origin: http://evil.example",
    ];
    assert_eq!(raw(s.addr, "GET", &ws, &upgrade, b"").0, 403);
}

#[test]
fn every_api_error_is_short_json() {
    let (_dir, s) = server();
    // Wrong method, too large a body, and a huge bad variant: JSON errors, none echoing the input.
    let (status, head, text) = raw(s.addr, "DELETE", "/api/games", &[], b"");
    assert_eq!(status, 405, "{text}");
    assert!(head.contains("application/json"), "{head}");
    assert!(
        serde_json::from_str::<Value>(&text).unwrap()["error"].is_string(),
        "{text}"
    );

    let big = vec![b' '; 3 * 1024 * 1024];
    let (status, _, text) = raw(
        s.addr,
        "POST",
        "/api/games",
        &["Content-Type: application/json"],
        &big,
    );
    assert_eq!(status, 413, "{text}");
    assert!(
        serde_json::from_str::<Value>(&text).unwrap()["error"].is_string(),
        "{text}"
    );

    let variant = "x".repeat(100_000);
    let body = json!({"variant": variant, "opponent": "local"}).to_string();
    let (status, _, text) = raw(
        s.addr,
        "POST",
        "/api/games",
        &["Content-Type: application/json"],
        body.as_bytes(),
    );
    assert_eq!(status, 400);
    assert!(text.len() < 1_000, "{} bytes of error", text.len());
    assert_eq!(game_count(&s), 0);
}

#[test]
fn names_cannot_hide_direction_or_invisible_characters() {
    let (_dir, s) = server();
    for name in ["evil\u{202E}txt", "zero\u{200B}width", "\u{2066}isolate"] {
        let (status, v) = s.post(
            "/api/games",
            &json!({"variant": "hasami", "opponent": "local", "players": {"black": name}}),
        );
        assert_eq!(status, 400, "{name:?}: {v}");
    }
    assert_eq!(game_count(&s), 0);
}

#[test]
fn a_rebinding_host_and_a_strange_origin_scheme_are_refused() {
    // Issue 49.15: a page whose own name was made to point at this server (DNS rebinding) sends
    // its name as Host and a matching Origin; an Origin of another scheme is not a page's.
    let (_dir, s) = server();
    let port = s.addr.port();
    let body = br#"{"variant":"hasami","opponent":"local"}"#;
    let json = "Content-Type: application/json";
    let before = game_count(&s);
    let rebinding_host = format!("Host: rebind.example:{port}");
    let rebinding_origin = format!("Origin: http://rebind.example:{port}");
    let evil = format!("Origin: evil://127.0.0.1:{port}");
    for headers in [
        vec![rebinding_host.as_str(), rebinding_origin.as_str(), json],
        vec![rebinding_host.as_str(), json],
        vec![evil.as_str(), json],
    ] {
        let (status, _, body) = raw(s.addr, "POST", "/api/games", &headers, body);
        assert_eq!(status, 403, "{headers:?}: {body}");
    }
    let (status, _, _) = raw(s.addr, "GET", "/api/games", &[rebinding_host.as_str()], b"");
    assert_eq!(status, 403);
    assert_eq!(game_count(&s), before, "nothing was created");
    // IP addresses and localhost are answered, with a page of their own scheme.
    for (host, origin) in [
        (
            format!("Host: localhost:{port}"),
            format!("Origin: http://localhost:{port}"),
        ),
        (
            format!("Host: 127.0.0.1:{port}"),
            format!("Origin: https://127.0.0.1:{port}"),
        ),
        (
            format!("Host: [::1]:{port}"),
            format!("Origin: http://[::1]:{port}"),
        ),
    ] {
        let (status, _, body) = raw(s.addr, "POST", "/api/games", &[&host, &origin, json], body);
        assert_eq!(status, 201, "{host}: {body}");
    }
}

#[test]
fn a_host_name_the_operator_allows_is_answered() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::Server::start_within(
        &dir.path().join("games.sqlite3"),
        hasami_server::Limits {
            allowed_hosts: vec!["hasami.example".into()],
            ..hasami_server::Limits::default()
        },
    );
    let port = s.addr.port();
    let host = format!("Host: HASAMI.example:{port}");
    let origin = format!("Origin: https://HASAMI.example:{port}");
    let body = br#"{"variant":"hasami","opponent":"local"}"#;
    let (status, _, text) = raw(
        s.addr,
        "POST",
        "/api/games",
        &[&host, &origin, "Content-Type: application/json"],
        body,
    );
    assert_eq!(status, 201, "{text}");
    let other = format!("Host: other.example:{port}");
    let (status, _, _) = raw(s.addr, "GET", "/", &[&other], b"");
    assert_eq!(status, 403);
}

/// Sends `bytes` as they are (a write the server cuts short is no error: it may answer and close
/// before reading everything) and reads the answer; the status, the head (lower case) and the body.
fn raw_bytes(addr: SocketAddr, bytes: &[u8]) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = s.write_all(bytes);
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    // Up to the close, or what came before a reset.
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_string())
}

#[test]
fn requests_the_server_cannot_read_get_json_errors_with_the_security_headers() {
    // Finding 11: hyper answers a request it cannot parse itself (400, 414, 431), before any route,
    // with an empty body and none of the security headers.
    let (_dir, s) = server();
    let host = format!("Host: {}\r\n", s.addr);
    let long_uri = format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(100 * 1024));
    let mut many_headers = format!("GET /api/health HTTP/1.1\r\n{host}");
    for i in 0..1_000 {
        many_headers.push_str(&format!("X-Filler-{i:04}: {}\r\n", "b".repeat(100)));
    }
    many_headers.push_str("\r\n");
    assert!(many_headers.len() > 100 * 1024);
    for (what, request, status) in [
        (
            "a garbage request line",
            "\u{1}\u{2} nonsense\r\n\r\n".to_string(),
            400,
        ),
        (
            "a header without a colon",
            format!("GET / HTTP/1.1\r\n{host}oops\r\n\r\n"),
            400,
        ),
        ("a 100 KB address", long_uri, 414),
        ("100 KB of headers", many_headers, 431),
    ] {
        let (got, head, body) = raw_bytes(s.addr, request.as_bytes());
        assert_eq!(got, status, "{what}: {head}\n{body}");
        assert!(
            head.contains("content-type: application/json"),
            "{what}: {head}"
        );
        assert!(head.contains("connection: close"), "{what}: {head}");
        let v: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{what}: {e}: {body:?}"));
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{what}: {body}"
        );
        assert!(body.len() < 300, "{what}: {body}");
        for header in [
            "content-security-policy: default-src 'self'",
            "frame-ancestors 'none'",
            "x-content-type-options: nosniff",
            "referrer-policy: no-referrer",
            "x-frame-options: deny",
        ] {
            assert!(head.contains(header), "{what}: no {header}: {head}");
        }
    }
    // The server still answers as before.
    assert_eq!(s.get("/api/health").0, 200);
}

#[test]
fn a_connection_over_its_addresss_share_gets_json_with_the_security_headers() {
    // The 429 written on the connection before any request (not by the app) carries them too.
    let dir = tempfile::tempdir().unwrap();
    let s = common::Server::start_within(
        &dir.path().join("games.sqlite3"),
        hasami_server::Limits {
            connections_per_address: 1,
            ..hasami_server::Limits::default()
        },
    );
    let _held = TcpStream::connect(s.addr).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let (status, head, body) = raw_bytes(s.addr, b"");
    assert_eq!(status, 429, "{head}");
    assert!(head.contains("content-type: application/json"), "{head}");
    assert!(head.contains("retry-after: 10"), "{head}");
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(
        head.contains("content-security-policy: default-src 'self'"),
        "{head}"
    );
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].is_string(), "{body}");
}
