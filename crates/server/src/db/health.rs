//! Whether the store takes a write now, for `GET /api/health` (http/health.rs): a write probe that
//! rewrites the one row of the `health` table (schema step 13) in a transaction of its own, so a
//! full disk, a read-only database, a lock held elsewhere or a PostgreSQL out of lock slots shows,
//! not only whether the store answers a read. Its cost is bounded however often it is asked: one
//! probe at a time per server, its result reused for [`PROBE_EVERY`] (callers that come meanwhile wait
//! for the running probe and take its result), and a probe given up after [`PROBE_WAIT`].

use std::time::{Duration, Instant};

use super::{Backend, Db};

/// How long a probe's result stands before the next caller makes a new one.
pub const PROBE_EVERY: Duration = Duration::from_secs(1);
/// How long a probe may take (waiting for the store's lock included) before it counts as failed.
pub const PROBE_WAIT: Duration = Duration::from_millis(1500);
/// The longest reason a failed probe gives, in characters.
const MAX_REASON: usize = 160;

/// The last probe's result and when it was made.
#[derive(Default)]
pub(super) struct Probe {
    last: tokio::sync::Mutex<Option<(Instant, Result<(), String>)>>,
}

impl Db {
    /// `Ok` when the store took a write within the last `PROBE_EVERY` (probing now when the last
    /// result is older); else why not, in a short line without secrets (the store is named without
    /// its password, if at all).
    pub async fn writable(&self) -> Result<(), String> {
        // In a task of its own, so that a caller who goes away cancels no probe halfway (and the
        // next caller does not start another while the first still runs in the store).
        let db = self.clone();
        tokio::spawn(async move { db.probed().await })
            .await
            .unwrap_or_else(|e| Err(format!("the probe failed: {e}")))
    }

    /// The last probe's result while it is fresh, else a new probe's.
    async fn probed(&self) -> Result<(), String> {
        let mut last = self.probe.last.lock().await;
        if let Some((at, result)) = last.as_ref() {
            if at.elapsed() < PROBE_EVERY {
                return result.clone();
            }
        }
        let result = match tokio::time::timeout(PROBE_WAIT, self.probe_write()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(reason(&e)),
            Err(_) => Err(format!("no write within {} ms", PROBE_WAIT.as_millis())),
        };
        *last = Some((Instant::now(), result.clone()));
        result
    }

    async fn probe_write(&self) -> Result<(), super::DbError> {
        match &self.backend {
            Backend::Sqlite(s) => s.probe_write(PROBE_WAIT).await,
            Backend::Postgres(p) => p.probe_write(PROBE_WAIT).await,
        }
    }
}

/// Why a probe failed: the error with its causes (PostgreSQL's own message is the cause of a
/// `db error`), in one short line.
fn reason(e: &super::DbError) -> String {
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    first_line(&text)
}

/// The first line of an error, at most [`MAX_REASON`] characters.
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    match line.char_indices().nth(MAX_REASON) {
        None => line.to_string(),
        Some((at, _)) => format!("{}…", &line[..at]),
    }
}

#[cfg(test)]
mod tests {
    use super::first_line;

    #[test]
    fn a_reason_is_one_short_line() {
        assert_eq!(
            first_line("db error: ERROR: x\nDETAIL: y"),
            "db error: ERROR: x"
        );
        assert_eq!(first_line(&"a".repeat(500)).chars().count(), 161);
    }
}
