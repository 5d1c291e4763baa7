//! The operator's counts (`hasami serve --metrics`): served on their own listener, never on the
//! public one, counting what the server did, and within bounds of their own (idle connections are
//! closed, and only a few are served at once).

mod common;

use std::time::{Duration, Instant};

use common::{assert_closed_by_server, create, http, idle_connections, Server, Ws};
use serde_json::json;

#[test]
fn the_counts_are_served_on_their_own_listener_and_follow_the_games() {
    let dir = tempfile::tempdir().unwrap();
    let (s, metrics) = Server::start_with_metrics(&dir.path().join("g.sqlite3"));
    let addr = s.addr;
    let read = || {
        let (status, text) = http(metrics, "GET", "/metrics", None);
        assert_eq!(status, 200, "{text}");
        text
    };
    let has = |text: &str, line: &str| text.lines().any(|l| l == line);
    let before = read();
    assert!(has(&before, "hasami_games_total 0"), "{before}");
    // A hot-seat game, two moves, a socket open, a 404.
    let c = create(&s, json!({"opponent": "local"}));
    let (id, token) = (c["id"].as_i64().unwrap(), c["token"].as_str().unwrap());
    for mv in ["a1a2", "a9a8"] {
        s.post_ok(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "token": token}),
        );
    }
    let mut ws = Ws::connect(addr, &format!("/api/games/{id}/ws"));
    ws.recv();
    assert_eq!(s.get("/api/games/999999").0, 404);
    let after = read();
    for line in [
        "hasami_games_total 1",
        "hasami_moves_total 2",
        "hasami_websockets_open 1",
        "hasami_games_in_memory 1",
        "hasami_searches_running 0",
        "hasami_searches_total 0",
        "hasami_responses_total{code=\"4xx\"} 1",
    ] {
        assert!(has(&after, line), "no `{line}` in\n{after}");
    }
    // The public address does not show them.
    let (_, public) = s.get_text("/metrics");
    assert!(!public.contains("hasami_moves_total"), "{public}");
    drop(ws);
}

#[test]
fn idle_connections_to_the_counts_are_closed_and_do_not_hold_them() {
    let dir = tempfile::tempdir().unwrap();
    let limits = hasami_server::Limits {
        header_timeout: Duration::from_secs(1),
        ..hasami_server::Limits::default()
    };
    let (_s, metrics) = Server::start_with_metrics_within(&dir.path().join("g.sqlite3"), limits);
    // More idle connections than the counts' listener serves at once, half with half a request.
    let mut idle = idle_connections(metrics, 40, "/metrics");
    // A scraper still reads the counts within seconds.
    let started = Instant::now();
    let (status, text) = http(metrics, "GET", "/metrics", None);
    assert_eq!(status, 200, "{text}");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    // Every idle connection was closed by the server (end of stream, or a 408 and then the end),
    // instead of being held open for as long as the client likes.
    assert_closed_by_server(&mut idle);
}
