//! Engine work ends with its requester (docs/web.md, "Safe in public"): hints and analysis board
//! searches whose clients hang up, and engine replies in games that end meanwhile, stop searching at
//! once instead of burning the machine for their whole time. One test in its own binary, so that the
//! process's CPU time is this test's alone.

mod common;

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{create, server};
use serde_json::json;

/// Asserts that the process uses almost no CPU over the next second.
fn idle_for_a_second(what: &str) {
    let (cpu, wall) = (cpu_seconds(), Instant::now());
    std::thread::sleep(Duration::from_secs(1));
    let used = cpu_seconds() - cpu;
    let elapsed = wall.elapsed().as_secs_f64();
    assert!(
        used < 0.3 * elapsed,
        "{what} still use {used:.2} s of CPU in {elapsed:.2} s"
    );
}

/// CPU seconds this process has used (user + system), from /proc/self/stat.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    // After the command name: state is field 3, utime 14 and stime 15 (1-based, man 5 proc).
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

#[test]
fn hints_whose_clients_hang_up_stop_searching() {
    let (_dir, s) = server();
    let g = create(&s, json!({"variant": "dai-hasami", "opponent": "local"}));
    let id = g["id"].as_i64().unwrap();
    // Eight clients ask for ten-second hints and hang up after 100 ms.
    for _ in 0..8 {
        let mut c = TcpStream::connect(s.addr).unwrap();
        let req = format!(
            "GET /api/games/{id}/hint?ms=10000 HTTP/1.1\r\nHost: {}\r\n\r\n",
            s.addr
        );
        c.write_all(req.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        drop(c);
    }
    // Let the hang-ups arrive, then watch the CPU for a second: no search may still be running.
    std::thread::sleep(Duration::from_millis(500));
    idle_for_a_second("abandoned hints");
    // The engine is free for the next request.
    let (status, v) = s.get(&format!("/api/games/{id}/hint?ms=100"));
    assert_eq!(status, 200, "{v}");
    assert!(v["best"].is_string(), "{v}");

    // Analysis board searches whose clients hang up stop too.
    let body = json!({"variant": "dai-hasami", "ms": 5000}).to_string();
    for _ in 0..4 {
        let mut c = TcpStream::connect(s.addr).unwrap();
        let req = format!(
            "POST /api/analysis/search HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            s.addr,
            body.len()
        );
        c.write_all(req.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        drop(c);
    }
    std::thread::sleep(Duration::from_millis(500));
    idle_for_a_second("abandoned analysis board searches");
    let (status, v) = s.post(
        "/api/analysis/search",
        &json!({"variant": "dai-hasami", "ms": 100}),
    );
    assert_eq!(status, 200, "{v}");
    assert!(v["best"].is_string(), "{v}");

    // An engine game resigned while the engine thinks about its reply (up to 1.5 s at level 10).
    let g = create(
        &s,
        json!({"variant": "dai-hasami", "opponent": "engine", "level": 10, "side": "black"}),
    );
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    let (status, v) = s.post(
        &format!("/api/games/{id}/moves"),
        &json!({"move": "e2e5", "token": token}),
    );
    assert_eq!(status, 200, "{v}");
    let (status, v) = s.post(&format!("/api/games/{id}/resign"), &json!({"token": token}));
    assert_eq!(status, 200, "{v}");
    std::thread::sleep(Duration::from_millis(200));
    idle_for_a_second("replies in a finished game");
}
