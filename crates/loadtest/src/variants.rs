//! `--mode variants`: does a stream of distinct variant texts grow the server's memory?
//!
//! Rules are kept for good once made, so the server makes at most `--max-rule-sets` distinct ones
//! and refuses a variant not seen before beyond that (503). This mode sends `--variants` distinct
//! texts (default 100,000), in turn three ways a stranger can: `GET /api/variants/check` of
//! `shogun+seed=K`, of `hasami+quiet=K`, and `POST /api/analysis` (the analysis board) of
//! `shogun+rotation=1+seed=K`. It reports how many were answered and refused, and with `--server-pid` the
//! server's memory before, during and after.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde_json::json;

use crate::net::{resident_mib, Target};
use crate::Options;

/// Concurrent senders.
const SENDERS: usize = 16;

/// The request for distinct text number `k`: method, path and body.
fn request(k: usize) -> (&'static str, String, String) {
    match k % 3 {
        0 => (
            "GET",
            format!("/api/variants/check?variant=shogun%2Bseed%3D{}", 2_000 + k),
            String::new(),
        ),
        1 => (
            "GET",
            format!(
                "/api/variants/check?variant=hasami%2Bquiet%3D{}",
                1 + k % 999_999
            ),
            String::new(),
        ),
        _ => (
            "POST",
            "/api/analysis".to_string(),
            json!({"variant": format!("shogun+rotation=1+seed={}", 2_000 + k)}).to_string(),
        ),
    }
}

/// Sends the texts; the errors.
pub async fn run(o: Arc<Options>, target: Arc<Target>) -> Vec<String> {
    println!(
        "hasami-loadtest: {} distinct variant texts to {}",
        o.variants, target.addr
    );
    let start_mib = o.server_pid.and_then(resident_mib);
    let next = Arc::new(AtomicUsize::new(0));
    let answered = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let began = Instant::now();
    let mut tasks = Vec::new();
    for sender in 0..SENDERS {
        let (o, target, next) = (o.clone(), target.clone(), next.clone());
        let (answered, refused) = (answered.clone(), refused.clone());
        tasks.push(tokio::spawn(async move {
            let mut errors = Vec::new();
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= o.variants {
                    break;
                }
                let (method, path, body) = request(k);
                match target.request(sender, method, &path, &body).await {
                    Ok((200, _)) => {
                        answered.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok((503, v))
                        if v["error"].as_str().is_some_and(|e| e.contains("rule sets")) =>
                    {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok((status, v)) => errors.push(format!("{method} {path}: {status} {v}")),
                    Err(e) => errors.push(e),
                }
                if k % 20_000 == 19_999 {
                    if let Some(mib) = o.server_pid.and_then(resident_mib) {
                        println!("after {} texts: server resident {mib:.1} MiB", k + 1);
                    }
                }
            }
            errors
        }));
    }
    let mut errors = Vec::new();
    for t in tasks {
        match t.await {
            Ok(e) => errors.extend(e),
            Err(e) => errors.push(format!("sender failed: {e}")),
        }
    }
    let end_mib = o.server_pid.and_then(resident_mib);
    println!(
        "{} texts in {:.1} s: {} answered, {} refused (the rule-set limit), {} errors",
        o.variants,
        began.elapsed().as_secs_f64(),
        answered.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
        errors.len()
    );
    if let (Some(a), Some(b)) = (start_mib, end_mib) {
        println!(
            "server resident: {a:.1} MiB at the start, {b:.1} MiB at the end ({:+.1} MiB)",
            b - a
        );
    }
    errors
}
