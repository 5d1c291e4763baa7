//! The schema on PostgreSQL: the version in the one-row table `schema_version`, read without
//! changing anything, and the migrations run in one transaction under an advisory lock.

use tokio_postgres::NoTls;

use super::settings::{without_password, MIGRATION_LOCK, WAIT};
use crate::db::schema::{self, MIGRATIONS};
use crate::db::DbError;

/// The stored schema version (0 before the first migration).
pub(super) async fn version<C: tokio_postgres::GenericClient>(
    c: &C,
) -> Result<i64, tokio_postgres::Error> {
    let exists = c
        .query_one("SELECT to_regclass('schema_version') IS NOT NULL", &[])
        .await?
        .get::<_, bool>(0);
    if !exists {
        return Ok(0);
    }
    let row = c
        .query_opt("SELECT version FROM schema_version", &[])
        .await?;
    Ok(row.map_or(0, |r| r.get(0)))
}

/// The schema version of the database at `url` (nothing is changed); runs on a thread and runtime
/// of its own.
pub(in crate::db) fn version_of(url: &str) -> Result<i64, DbError> {
    let store = without_password(url);
    let unusable = |reason: String| DbError::Unusable {
        store: store.clone(),
        reason,
    };
    let mut config: tokio_postgres::Config = url.parse().map_err(|e| unusable(format!("{e}")))?;
    config.connect_timeout(WAIT);
    let read = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| DbError::Task(e.to_string()))?;
        runtime.block_on(async move {
            let (client, connection) = config.connect(NoTls).await?;
            let task = tokio::spawn(connection);
            let found = version(&client).await?;
            drop(client);
            let _ = task.await;
            Ok::<i64, DbError>(found)
        })
    });
    read.join()
        .map_err(|_| DbError::Task("the schema check failed".into()))?
        .map_err(|e| match e {
            DbError::Postgres(e) => unusable(e.to_string()),
            other => other,
        })
}

/// A step's data fix (schema.rs), inside the migration's transaction.
async fn rewrite(
    tx: &tokio_postgres::Transaction<'_>,
    fix: &schema::DataFix,
) -> Result<(), tokio_postgres::Error> {
    let values: Vec<String> = tx
        .query(&fix.select(), &[])
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    let update = tx.prepare(&fix.update('$')).await?;
    for old in values {
        if let Some(new) = (fix.fix)(&old) {
            tx.execute(&update, &[&new, &old]).await?;
        }
    }
    Ok(())
}

/// Connects once and runs the missing schema steps in one transaction.
pub(super) async fn migrate(config: &tokio_postgres::Config, store: &str) -> Result<(), DbError> {
    let (mut client, connection) = config.connect(NoTls).await.map_err(|e| DbError::Unusable {
        store: store.to_string(),
        reason: e.to_string(),
    })?;
    let task = tokio::spawn(connection);
    let tx = client.transaction().await?;
    tx.execute(
        "SELECT pg_advisory_xact_lock($1, $2)",
        &[&MIGRATION_LOCK.0, &MIGRATION_LOCK.1],
    )
    .await?;
    let found = version(&tx).await?;
    let known = schema::current();
    if found > known {
        return Err(DbError::TooNew {
            store: store.to_string(),
            found,
            known,
        });
    }
    if found < known {
        tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            .await?;
        for step in &MIGRATIONS[found as usize..] {
            tx.batch_execute(step.postgres).await?;
            if let Some(fix) = &step.data {
                rewrite(&tx, fix).await?;
            }
        }
        tx.execute("DELETE FROM schema_version", &[]).await?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&known],
        )
        .await?;
    }
    tx.commit().await?;
    drop(client);
    let _ = task.await;
    Ok(())
}
