//! `--mode stalled`: clients that send requests and never read what comes back (finding 3 of the
//! hostile review; the server's answer is its write deadline, `hasami serve --write-timeout`).
//!
//! It opens `--stalled` connections (default 60), spread over `--clients` loopback addresses, each
//! with a small receive buffer, that pipeline [`PIPELINED`] GETs of the front end's largest file and
//! then read nothing: the answers fill the buffers between them and the server, and the server's
//! write waits. A connection the server closes is opened again at once (the server's close is seen
//! when a further GET sent on it fails), so the load stays on for the whole run. Meanwhile a normal
//! client from an address of its own asks `GET /api/health` `--probes` times, at seeded random
//! intervals, and each answer is timed from the connect (the wait for a free connection slot
//! included). It reports the probes' times (median and max), how long the server held a stalled
//! connection, and the server's resident memory (`--server-pid`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::net::{TcpSocket, TcpStream};

use crate::net::{report, resident_mib, Rng, Target};
use crate::Options;

/// The file the stalled connections ask for: the largest of the front end (about 33 KB).
const PATH: &str = "/assets/game-screen.js";

/// GETs a stalled connection sends at once: far more answer than the buffers hold.
const PIPELINED: usize = 100;

/// The receive buffer a stalled connection asks for (the system may round it up).
const RECEIVE_BUFFER: u32 = 4096;

/// How often a stalled connection checks (by sending one more GET) whether the server closed it.
const CHECK_EVERY: Duration = Duration::from_millis(250);

/// The longest a probe may take before it counts as an error.
const PROBE_TIMEOUT: Duration = Duration::from_secs(60);

/// What the stalled connections saw, together.
#[derive(Default)]
struct Tally {
    /// Connections opened (the first ones and those opened again).
    opened: AtomicUsize,
    /// How long each connection the server closed was open (connect → its close seen).
    held: Mutex<Vec<Duration>>,
    /// Connections that could not be opened or sent to, in words (the first few).
    errors: Mutex<Vec<String>>,
}

impl Tally {
    /// Counts an error (keeps the first few).
    fn error(&self, e: String) {
        let mut errors = self.errors.lock().unwrap();
        if errors.len() < 10 {
            errors.push(e);
        }
    }
}

/// A connection from client `n` with a small receive buffer.
async fn connect(target: &Target, n: usize) -> Result<TcpStream, String> {
    let socket = TcpSocket::new_v4().map_err(|e| format!("socket: {e}"))?;
    socket
        .set_recv_buffer_size(RECEIVE_BUFFER)
        .map_err(|e| format!("receive buffer: {e}"))?;
    if let Some(source) = target.source(n) {
        socket
            .bind(std::net::SocketAddr::new(source, 0))
            .map_err(|e| format!("bind {source}: {e}"))?;
    }
    socket
        .connect(target.socket)
        .await
        .map_err(|e| format!("connect {}: {e}", target.addr))
}

/// Client `n`: a connection that pipelines GETs and never reads, opened again whenever the server
/// closes it, until the task is aborted.
async fn stall(target: Arc<Target>, n: usize, tally: Arc<Tally>, first: Arc<tokio::sync::Barrier>) {
    let get = format!("GET {PATH} HTTP/1.1\r\nHost: {}\r\n\r\n", target.addr);
    let all = get.repeat(PIPELINED);
    let mut first = Some(first);
    loop {
        let opened = Instant::now();
        let sent = match connect(&target, n).await {
            Ok(mut s) => s
                .write_all(all.as_bytes())
                .await
                .map(|()| s)
                .map_err(|e| format!("send: {e}")),
            Err(e) => Err(e),
        };
        tally.opened.fetch_add(1, Ordering::Relaxed);
        if let Some(barrier) = first.take() {
            barrier.wait().await;
        }
        let mut stream = match sent {
            Ok(s) => s,
            Err(e) => {
                tally.error(e);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        // Never read; one more GET now and then fails once the server has closed the connection
        // (a write that waits, because the server is not reading either, is still stalled).
        loop {
            tokio::time::sleep(CHECK_EVERY).await;
            if let Ok(Err(_)) =
                tokio::time::timeout(CHECK_EVERY, stream.write_all(get.as_bytes())).await
            {
                tally.held.lock().unwrap().push(opened.elapsed());
                break;
            }
        }
    }
}

/// One `GET /api/health` from the probe's address; the time from the connect to the whole answer.
async fn probe(target: &Target) -> Result<Duration, String> {
    let asked = Instant::now();
    match tokio::time::timeout(
        PROBE_TIMEOUT,
        target.request(usize::MAX - 1, "GET", "/api/health", ""),
    )
    .await
    {
        Ok(Ok((200, _))) => Ok(asked.elapsed()),
        Ok(Ok((status, v))) => Err(format!("GET /api/health: {status} {v}")),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(format!(
            "GET /api/health: no answer within {PROBE_TIMEOUT:?}"
        )),
    }
}

/// Runs the stalled connections and the probes; the errors (failed probes, connections that could
/// not be opened).
pub async fn run(o: Arc<Options>, target: Arc<Target>) -> Vec<String> {
    println!(
        "hasami-loadtest: {} connections pipelining {PIPELINED} GETs of {PATH} and never reading, on {} from {} client addresses; {} probes",
        o.stalled, target.addr, target.clients, o.probes
    );
    let before = o.server_pid.and_then(resident_mib);
    let tally = Arc::new(Tally::default());
    // The probes start once every stalled connection has been opened and has sent its GETs.
    let all_open = Arc::new(tokio::sync::Barrier::new(o.stalled + 1));
    let tasks: Vec<_> = (0..o.stalled)
        .map(|n| tokio::spawn(stall(target.clone(), n, tally.clone(), all_open.clone())))
        .collect();
    all_open.wait().await;
    // Time for the server to take the GETs and fill the buffers.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let started = Instant::now();
    let mut rng = Rng(o.seed);
    let (mut times, mut errors, mut peak) = (Vec::new(), Vec::new(), None::<f64>);
    for k in 0..o.probes {
        if k > 0 {
            let pause = 200 + rng.below(1_800) as u64;
            tokio::time::sleep(Duration::from_millis(pause)).await;
        }
        match probe(&target).await {
            Ok(t) => times.push(t),
            Err(e) => errors.push(e),
        }
        if let Some(m) = o.server_pid.and_then(resident_mib) {
            peak = Some(peak.map_or(m, |p: f64| p.max(m)));
        }
    }
    let ran = started.elapsed();
    for t in &tasks {
        t.abort();
    }
    let each: Vec<String> = times
        .iter()
        .map(|t| format!("{:.0}", t.as_secs_f64() * 1e3))
        .collect();
    println!(
        "probes answered: {} of {}; their times, ms, in order: {}",
        times.len(),
        o.probes,
        each.join(" ")
    );
    if !times.is_empty() {
        report(
            "GET /api/health while the stalled connections are held",
            times,
        );
    }
    let held = std::mem::take(&mut *tally.held.lock().unwrap());
    println!(
        "stalled connections opened: {} ({} at once), closed by the server: {} ({:.1} s of probes)",
        tally.opened.load(Ordering::Relaxed),
        o.stalled,
        held.len(),
        ran.as_secs_f64()
    );
    if !held.is_empty() {
        report(
            "a stalled connection held by the server (connect -> its close seen)",
            held,
        );
    }
    let mib = |m: Option<f64>| {
        m.map_or("unknown (pass --server-pid)".into(), |m| {
            format!("{m:.0} MiB")
        })
    };
    println!(
        "server memory: {} before, {} at most with the connections stalled",
        mib(before),
        mib(peak)
    );
    errors.extend(std::mem::take(&mut *tally.errors.lock().unwrap()));
    errors.truncate(10);
    errors
}
