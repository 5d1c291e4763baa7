//! `--mode logins`: is a level-1 engine reply served in time while a flood of logins keeps the
//! password hashing busy?
//!
//! It signs up one account and times 25 logins one at a time with a wrong password and 25 with a
//! name nobody has (each a password hash: the two cost the same), then `--flood` tasks (default 200), each from its own client address
//! in turn, send login after login for it with wrong passwords, and sign-ups of new names, as fast
//! as the server answers, for the whole run. The server's answers 401 (wrong password), 429 (that
//! address tried too often), 201 (a sign-up), 409 and 503 (the hashing pool's queue is full) are
//! the answers a flood should get; anything else is an error. Meanwhile it plays `--probes` level-1
//! games (default 30), one every half second, one move each, and measures the time from the move
//! to the engine's reply on the game's WebSocket (as `--mode engine` does).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::engine::probe_level_one;
use crate::net::{report, Target};
use crate::Options;

/// Logins timed one at a time before the flood.
const LONE_LOGINS: usize = 25;

/// The flood's answers by status, and the time each took.
#[derive(Default)]
struct Tally {
    statuses: BTreeMap<u16, usize>,
    times: Vec<Duration>,
    errors: Vec<String>,
}

/// One flooding task: logins with wrong passwords (and now and then a sign-up) until `stop`.
async fn flood(target: Arc<Target>, n: usize, stop: Arc<AtomicBool>, tally: Arc<Mutex<Tally>>) {
    let mut i = 0u64;
    while !stop.load(Ordering::Relaxed) {
        i += 1;
        let (path, body) = if i.is_multiple_of(10) {
            (
                "/api/account/signup",
                json!({"username": format!("flood{n}x{i}"), "password": "a flood's password"}),
            )
        } else {
            (
                "/api/account/login",
                json!({"username": "floodtarget", "password": format!("wrong guess {n} {i}")}),
            )
        };
        let sent = Instant::now();
        let answer = target.request(n, "POST", path, &body.to_string()).await;
        let took = sent.elapsed();
        let mut t = tally.lock().unwrap_or_else(|p| p.into_inner());
        match answer {
            Ok((status @ (201 | 401 | 409 | 429 | 503), _)) => {
                *t.statuses.entry(status).or_default() += 1;
                t.times.push(took);
            }
            Ok((status, body)) => t.errors.push(format!("{path}: {status} {body}")),
            Err(e) => t.errors.push(e),
        }
        drop(t);
    }
}

/// Runs the flood and the probes; the errors.
pub async fn run(o: Arc<Options>, target: Arc<Target>) -> Vec<String> {
    println!(
        "hasami-loadtest: {} tasks flooding logins and sign-ups on {}, {} level-1 replies of {} measured",
        o.flood, target.addr, o.probes, o.variant
    );
    let body = json!({"username": "floodtarget", "password": "the target's own password"});
    match target
        .request(0, "POST", "/api/account/signup", &body.to_string())
        .await
    {
        Ok((201 | 409, _)) => {}
        Ok((status, body)) => return vec![format!("sign up the target: {status} {body}")],
        Err(e) => return vec![e],
    }
    // One login at a time first: what a single login costs (its password hash included), for a
    // wrong password and for a name nobody has, taking turns (the two should cost the same).
    let (mut wrong, mut unknown) = (Vec::new(), Vec::new());
    for i in 0..2 * LONE_LOGINS {
        let name = if i.is_multiple_of(2) {
            "floodtarget"
        } else {
            "nobodyhasthis"
        };
        let body = json!({"username": name, "password": format!("a lone guess {i}")});
        let sent = Instant::now();
        match target
            .request(
                o.flood + o.probes + i,
                "POST",
                "/api/account/login",
                &body.to_string(),
            )
            .await
        {
            Ok((401, _)) if i.is_multiple_of(2) => wrong.push(sent.elapsed()),
            Ok((401, _)) => unknown.push(sent.elapsed()),
            Ok((status, body)) => return vec![format!("lone login: {status} {body}")],
            Err(e) => return vec![e],
        }
    }
    report(
        "a lone login (wrong password), the server otherwise idle",
        wrong,
    );
    report(
        "a lone login (unknown name), the server otherwise idle",
        unknown,
    );
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let tasks: Vec<_> = (0..o.flood)
        .map(|n| tokio::spawn(flood(target.clone(), n, stop.clone(), tally.clone())))
        .collect();
    // Let the flood build up before the first probe.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let started = Instant::now();
    let (waits, mut errors) = probe_level_one(&o, &target, o.flood).await;
    let probing = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    let t = std::mem::take(&mut *tally.lock().unwrap_or_else(|p| p.into_inner()));
    let answered: usize = t.statuses.values().sum();
    println!(
        "flood answers in {:.1} s of probing and its end: {answered} ({:.0}/s), by status {:?}; errors: {}",
        probing.as_secs_f64(),
        answered as f64 / probing.as_secs_f64().max(0.001),
        t.statuses,
        t.errors.len() + errors.len()
    );
    report("login or sign-up answer", t.times);
    let p99 = report(
        "level-1 reply wait (move sent -> engine's reply seen)",
        waits,
    );
    if p99 > Duration::from_secs(2) {
        errors.push(format!(
            "a level-1 reply waited {:.2} s at p99, beyond 2 s",
            p99.as_secs_f64()
        ));
    }
    errors.extend(t.errors.into_iter().take(20));
    errors
}
