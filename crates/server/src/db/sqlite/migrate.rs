//! The SQLite store's schema: the version of a file (read-only) and the migration of an open one
//! through the steps of schema.rs, with their data fixes, in one transaction.

use std::path::Path;

use rusqlite::{params, Connection};

use crate::db::schema::{self, MIGRATIONS};
use crate::db::DbError;

/// The schema version of the file at `path`, opened read-only (nothing is created or changed).
pub(in crate::db) fn version_of(path: &Path) -> Result<i64, DbError> {
    let unusable = |reason: String| DbError::Unusable {
        store: format!("file {}", path.display()),
        reason,
    };
    if !path.is_file() {
        return Err(unusable("there is no such file".into()));
    }
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| unusable(e.to_string()))?;
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| unusable(format!("not a database file? {e}")))
}

pub(in crate::db) fn migrate(conn: &mut Connection, path: &Path) -> Result<(), DbError> {
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| DbError::Unusable {
            store: format!("file {}", path.display()),
            reason: format!("not a database file? {e}"),
        })?;
    let known = schema::current();
    if version > known {
        return Err(DbError::TooNew {
            store: format!("file {}", path.display()),
            found: version,
            known,
        });
    }
    if version == known {
        return Ok(());
    }
    let tx = conn.transaction()?;
    for step in &MIGRATIONS[version as usize..] {
        tx.execute_batch(step.sqlite)?;
        if let Some(fix) = &step.data {
            rewrite(&tx, fix)?;
        }
    }
    tx.pragma_update(None, "user_version", known)?;
    tx.commit()?;
    Ok(())
}

/// A step's data fix (schema.rs), inside the migration's transaction.
fn rewrite(tx: &rusqlite::Transaction<'_>, fix: &schema::DataFix) -> rusqlite::Result<()> {
    let values: Vec<String> = tx
        .prepare(&fix.select())?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut update = tx.prepare(&fix.update('?'))?;
    for old in values {
        if let Some(new) = (fix.fix)(&old) {
            update.execute(params![new, old])?;
        }
    }
    Ok(())
}
