//! Writing an answer has a deadline (docs/web.md, "Running it in public", `--write-timeout`): a
//! client that sends requests and never reads what comes back cannot hold its connection slot for
//! ever. Finding 3: 100 such connections kept a normal client's `GET /api/health` unanswered for
//! 90 s; the header and request timeouts do not cover the writing of the answer.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use hasami_server::Limits;
use socket2::{Domain, Socket, Type};

/// Connection slots of the server under test: all of them taken by clients that do not read.
const SLOTS: usize = 20;

/// The server's write deadline in the test.
const WRITE_TIMEOUT: Duration = Duration::from_secs(1);

/// A connection from a client that pipelines `requests` GETs of `path` (the last one asks the
/// server to close after it) and reads nothing yet: its receive buffer is made small, so the answers
/// fill it (and the server's send buffer) at once.
fn stalled(addr: SocketAddr, path: &str, requests: usize) -> TcpStream {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.connect(&addr.into()).unwrap();
    let mut stream: TcpStream = socket.into();
    let one = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let last = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let all = one.repeat(requests - 1) + &last;
    stream.write_all(all.as_bytes()).unwrap();
    stream
}

#[test]
fn clients_that_never_read_do_not_hold_the_connection_slots() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::Server::start_within(
        &dir.path().join("games.sqlite3"),
        Limits {
            connections: SLOTS,
            write_timeout: WRITE_TIMEOUT,
            ..Limits::default()
        },
    );
    // The largest file of the front end, about 33 KB: 100 of them are far more than the buffers
    // between a client that does not read and the server.
    let _held: Vec<TcpStream> = (0..SLOTS)
        .map(|_| stalled(s.addr, "/assets/game-screen.js", 100))
        .collect();
    // Every slot is taken by a connection whose answers are stuck.
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let mut c = TcpStream::connect(s.addr).unwrap();
    c.set_read_timeout(Some(WRITE_TIMEOUT + Duration::from_secs(5)))
        .unwrap();
    let req = format!(
        "GET /api/health HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        s.addr
    );
    c.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    let read = c.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    assert!(
        read.is_ok() && text.starts_with("HTTP/1.1 200"),
        "no answer within {:?} ({read:?}): {text}",
        asked.elapsed()
    );
    // Answered once the stuck writes passed their deadline, with room for a slow machine.
    let waited = asked.elapsed();
    assert!(
        waited < WRITE_TIMEOUT + Duration::from_secs(3),
        "answered after {waited:?}"
    );
}

#[test]
fn a_client_that_reads_slowly_but_steadily_is_served_to_the_end() {
    // The deadline is on a write that makes no progress, not on the whole answer: a client that
    // takes its answers a little at a time, more slowly than the deadline in all, gets them all.
    let dir = tempfile::tempdir().unwrap();
    let s = common::Server::start_within(
        &dir.path().join("games.sqlite3"),
        Limits {
            write_timeout: WRITE_TIMEOUT,
            ..Limits::default()
        },
    );
    let requests = 20;
    let mut c = stalled(s.addr, "/assets/game-screen.js", requests);
    let started = Instant::now();
    c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    // Up to the server's close after the last answer.
    loop {
        match c.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) => panic!("after {} bytes: {e}", out.len()),
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // At most 8 KB a read (the small receive buffer), 20 ms apart: well over the deadline in all.
    assert!(started.elapsed() > WRITE_TIMEOUT, "{:?}", started.elapsed());
    let text = String::from_utf8_lossy(&out);
    assert_eq!(text.matches("HTTP/1.1 200").count(), requests);
}
