//! `hasami serve` as a process: the address it prints, bad arguments, a clean stop on SIGTERM and
//! SIGINT, and durability: every move the server acknowledged is still there after the process is
//! killed with SIGKILL and restarted on the same database.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

#[path = "../../server/tests/common/postgres.rs"]
mod postgres;

fn hasami() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hasami"))
}

/// A `hasami serve` process, killed when dropped (also when a test fails half-way).
struct Served(Child);

impl std::ops::Deref for Served {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Served {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `hasami serve` on a free port; returns the process and the address it printed.
fn start(db: impl AsRef<std::ffi::OsStr>) -> (Served, String) {
    let mut child = hasami()
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("hasami: serving on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_string();
    // Keep reading stdout in the background so the server never blocks on a full pipe.
    std::thread::spawn(move || {
        let mut sink = String::new();
        let _ = out.read_to_string(&mut sink);
    });
    (Served(child), addr)
}

fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (
        status,
        serde_json::from_str(rest).unwrap_or(serde_json::Value::Null),
    )
}

/// Sends `signal` to the server and waits up to 10 s for it to exit; its exit status.
#[cfg(unix)]
fn stop_with(child: &mut Served, signal: libc::c_int) -> std::process::ExitStatus {
    // SAFETY: kill(2) on the pid of a child this test started and has not reaped.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
    let end = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(std::time::Instant::now() < end, "the server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
#[cfg(unix)]
fn sigterm_and_sigint_stop_the_server_cleanly() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    // SIGTERM is what service managers and container runtimes send; SIGINT is Ctrl-C.
    for (signal, name) in [(libc::SIGTERM, "SIGTERM"), (libc::SIGINT, "SIGINT")] {
        let (mut child, addr) = start(&db);
        let (status, created) = request(&addr, "POST", "/api/games", r#"{"opponent":"local"}"#);
        assert_eq!(status, 201);
        let status = stop_with(&mut child, signal);
        assert!(
            status.success(),
            "{name}: {status:?} (killed by signal {:?})",
            status.signal()
        );
        // The game is there for the next server.
        let (mut next, addr) = start(&db);
        let id = created["id"].as_i64().unwrap();
        let (status, _) = request(&addr, "GET", &format!("/api/games/{id}"), "");
        assert_eq!(status, 200, "{name}");
        next.kill().unwrap();
    }
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    moves_survive_sigkill(dir.path().join("games.sqlite3").as_os_str());
}

#[test]
fn acknowledged_moves_survive_sigkill_on_postgres() {
    let pg = postgres::Postgres::start();
    let url = pg.database();
    moves_survive_sigkill(url.as_ref());
    // The server printed where games are stored without a password, and the rows are there.
    assert_eq!(
        pg.psql(&url, "SELECT count(*) FROM moves"),
        "12",
        "every acknowledged move is a row"
    );
}

/// Plays 12 moves on `hasami serve --db DB`, kills it with SIGKILL, restarts it on the same store and
/// finds every acknowledged move.
fn moves_survive_sigkill(db: &std::ffi::OsStr) {
    let (mut child, addr) = start(db);
    let (status, c) = request(
        &addr,
        "POST",
        "/api/games",
        r#"{"variant":"hasami","opponent":"local"}"#,
    );
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    let mut acknowledged = Vec::new();
    let mut game = c["game"].clone();
    for _ in 0..12 {
        // Play the first legal move each time.
        let mv = game["legal_moves"][0].as_str().unwrap().to_string();
        let body = serde_json::json!({"move": mv, "token": token}).to_string();
        let (status, v) = request(&addr, "POST", &format!("/api/games/{id}/moves"), &body);
        assert_eq!(status, 200, "{v}");
        acknowledged.push(mv);
        game = v;
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();

    let (mut child, addr) = start(db);
    let (status, v) = request(&addr, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200, "{v}");
    let stored: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(stored, acknowledged);
    assert_eq!(v["position"], game["position"]);
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn bad_addr_and_unusable_db_exit_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = hasami()
        .args(["serve", "--addr", "nonsense", "--db"])
        .arg(dir.path().join("g.sqlite3"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad --addr 'nonsense'"), "{err}");
    let out = hasami()
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--metrics",
            "nonsense",
            "--db",
        ])
        .arg(dir.path().join("g.sqlite3"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad --metrics 'nonsense'"), "{err}");

    let out = hasami()
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot use the database file"), "{err}");

    let file = dir.path().join("not-a-db");
    std::fs::write(&file, "this is not a database, just some text ".repeat(100)).unwrap();
    let out = hasami()
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot use the database file"), "{err}");
}

#[test]
fn metrics_are_served_on_the_address_given() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Served(
        hasami()
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--metrics",
                "127.0.0.1:0",
                "--db",
            ])
            .arg(dir.path().join("g.sqlite3"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = [String::new(), String::new(), String::new()];
    for l in &mut lines {
        out.read_line(l).unwrap();
    }
    let at = lines
        .iter()
        .find_map(|l| l.trim().strip_prefix("hasami: metrics on http://"))
        .unwrap_or_else(|| panic!("no metrics address in {lines:?}"))
        .trim_end_matches("/metrics")
        .to_string();
    let mut s = TcpStream::connect(&at).unwrap();
    write!(
        s,
        "GET /metrics HTTP/1.1\r\nHost: {at}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("hasami_games_total 0"), "{text}");
}

#[test]
fn help_lists_every_bound_with_its_default() {
    let out = hasami().args(["serve", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for (flag, default) in [
        ("--max-connections ", "1000"),
        ("--max-connections-per-address", "64"),
        ("--max-websockets ", "900"),
        ("--max-websockets-per-address", "16"),
        ("--header-timeout", "10"),
        ("--request-timeout", "30"),
        ("--write-timeout", "10"),
        ("--socket-timeout", "60"),
        ("--max-searches", "2"),
        ("--max-hints-per-address", "2"),
        ("--new-games-burst", "300"),
        ("--new-games-per-second", "5"),
        ("--max-live-games", "10000"),
        ("--max-live-mb", "256"),
    ] {
        // A flag's entry runs from its line to the next flag's.
        let start = help
            .find(&format!("      {flag}"))
            .unwrap_or_else(|| panic!("{flag} is not in the help:\n{help}"));
        let entry = &help[start + 6..];
        let entry = &entry[..entry.find("\n      -").unwrap_or(entry.len())];
        assert!(
            entry.contains(&format!("[default: {default}]")),
            "{flag}: {entry}"
        );
    }
    for flag in ["--trusted-proxy", "--allow-origin", "--addr", "--db"] {
        assert!(help.contains(flag), "{flag} is not in the help:\n{help}");
    }
}

#[test]
fn a_zero_bound_is_refused_with_one_line() {
    let out = hasami()
        .args(["serve", "--addr", "127.0.0.1:0", "--max-searches", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--max-searches must be at least 1"), "{err}");
}

#[test]
fn huge_bounds_are_refused_at_start() {
    // Issue 49.10: a value the server cannot use (a timeout that overflows a deadline, a count no
    // machine can hold) is refused before the server starts, with what is allowed.
    for (flag, value, allowed) in [
        ("--header-timeout", "18446744073709551615", "0..=86400"),
        ("--socket-timeout", "18446744073709551615", "0..=86400"),
        ("--request-timeout", "86401", "0..=86400"),
        ("--write-timeout", "86401", "0..=86400"),
        ("--first-move", "100000000", "0..=86400"),
        ("--day-length", "0", "1..=86400"),
        ("--day-length", "86401", "1..=86400"),
        ("--max-connections", "18446744073709551615", "0 to 10000000"),
        ("--max-searches", "100000", "0 to 1024"),
        ("--new-games-burst", "4294967295", "0..=1000000"),
    ] {
        let out = hasami()
            .args(["serve", "--addr", "127.0.0.1:0", flag, value])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(flag) && err.contains(allowed), "{flag}: {err}");
    }
}

/// GETs `path` on `addr` until `done` holds for the answer (at most `within`); the last answer.
fn poll_until(
    addr: &str,
    path: &str,
    within: Duration,
    done: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let start = std::time::Instant::now();
    loop {
        let (status, v) = request(addr, "GET", path, "");
        assert_eq!(status, 200, "{v}");
        if done(&v) {
            return v;
        }
        assert!(start.elapsed() < within, "not within {within:?}: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Two `hasami serve` processes on one new PostgreSQL database, and a game created on the first
/// with `body`: the database's URL, both servers with their addresses, and the creation's answer.
fn two_servers_and_a_game(
    pg: &postgres::Postgres,
    body: &str,
) -> (
    String,
    (Served, String),
    (Served, String),
    serde_json::Value,
) {
    let url = pg.database();
    let one = start(&url);
    let two = start(&url);
    let (status, c) = request(&one.1, "POST", "/api/games", body);
    assert_eq!(status, 201, "{c}");
    (url, one, two, c)
}

#[test]
fn an_engine_reply_comes_from_the_other_server_when_its_server_is_killed() {
    let pg = postgres::Postgres::start();
    let (url, (mut one, a), (mut two, b), c) = two_servers_and_a_game(
        &pg,
        r#"{"variant":"hasami","opponent":"engine","level":10,"side":"black"}"#,
    );
    let id = c["id"].as_i64().unwrap();
    let path = format!("/api/games/{id}");
    // Server two has the game open too (a spectator there).
    assert_eq!(request(&b, "GET", &path, "").0, 200);
    let mv = c["game"]["legal_moves"][0].as_str().unwrap();
    let body = serde_json::json!({"move": mv, "token": c["token"]}).to_string();
    let (status, v) = request(&a, "POST", &format!("{path}/moves"), &body);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["thinking"], true);
    // Server one dies while its engine thinks (a level-10 reply takes about 1.5 s).
    one.kill().unwrap();
    one.wait().unwrap();
    assert_eq!(
        pg.psql(
            &url,
            &format!("SELECT count(*) FROM moves WHERE game_id = {id}")
        ),
        "1",
        "the reply was stored before the kill; the test proves nothing"
    );
    let v = poll_until(&b, &path, Duration::from_secs(20), |v| v["ply"] == 2);
    assert_eq!(v["thinking"], false);
    two.kill().unwrap();
    two.wait().unwrap();
}

#[test]
fn a_clock_game_ends_on_time_when_its_server_is_killed() {
    let pg = postgres::Postgres::start();
    let (url, (mut one, a), (mut two, b), c) = two_servers_and_a_game(
        &pg,
        r#"{"variant":"hasami","opponent":"online","side":"black","clock":{"initial":2,"increment":0}}"#,
    );
    let id = c["id"].as_i64().unwrap();
    let path = format!("/api/games/{id}");
    let black = c["token"].as_str().unwrap().to_string();
    let white = c["links"]["white"]
        .as_str()
        .unwrap()
        .rsplit("token=")
        .next()
        .unwrap()
        .to_string();
    let mut game = c["game"].clone();
    // Both sides move once on server one: Black's clock runs from now.
    for token in [&black, &white] {
        let mv = game["legal_moves"][0].as_str().unwrap();
        let body = serde_json::json!({"move": mv, "token": token}).to_string();
        let (status, v) = request(&a, "POST", &format!("{path}/moves"), &body);
        assert_eq!(status, 200, "{v}");
        game = v;
    }
    assert_eq!(request(&b, "GET", &path, "").0, 200);
    one.kill().unwrap();
    one.wait().unwrap();
    // Nobody moves: server two ends the game on time (2 s, plus a second or so to take over).
    let v = poll_until(&b, &path, Duration::from_secs(20), |v| v["result"] != "*");
    assert_eq!(v["result"], "0-1", "{v}");
    assert!(v["reason"].as_str().unwrap_or("").contains("time"), "{v}");
    assert_eq!(
        pg.psql(&url, &format!("SELECT result FROM games WHERE id = {id}")),
        "0-1"
    );
    two.kill().unwrap();
    two.wait().unwrap();
}
