//! The health check's write probe on PostgreSQL (db/health.rs): the `health` row rewritten in a
//! transaction of its own, under a statement timeout. A write needs what moves need (a connection,
//! a transaction id and its lock slot, a database that takes writes), so it fails when they would.

use std::time::Duration;

use super::Postgres;
use crate::db::{now_ms, DbError};

impl Postgres {
    pub(in crate::db) async fn probe_write(&self, wait: Duration) -> Result<(), DbError> {
        let mut c = self.client().await?;
        let tx = c.transaction().await?;
        tx.batch_execute(&format!(
            "SET LOCAL statement_timeout = {}",
            wait.as_millis()
        ))
        .await?;
        tx.execute(
            "INSERT INTO health (id, probed) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET probed = EXCLUDED.probed",
            &[&now_ms()],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}
