//! `hasami db migrate|check` on both stores: what an operator upgrading hasami runs.

use std::process::{Command, Output};

/// The schema version this build writes.
const CURRENT: usize = hasami_server::MIGRATIONS.len();

#[path = "../../server/tests/common/postgres.rs"]
mod postgres;

fn db(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hasami"))
        .arg("db")
        .args(args)
        .output()
        .unwrap()
}

fn said(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Writes `version` into an SQLite file's header (the `user_version` field, bytes 60–63).
fn set_user_version(path: &std::path::Path, version: u32) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[60..64].copy_from_slice(&version.to_be_bytes());
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn an_sqlite_file_is_created_checked_and_a_newer_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.sqlite3");
    let f = file.to_str().unwrap();
    let out = db(&["check", "--db", f]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(said(&out).contains("no such file"), "{}", said(&out));
    assert!(!file.exists(), "check created the file");

    let out = db(&["migrate", "--db", f]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(
        said(&out).contains(&format!("created at schema version {CURRENT}")),
        "{}",
        said(&out)
    );
    let out = db(&["migrate", "--db", f]);
    assert!(said(&out).contains("nothing to do"), "{}", said(&out));
    let out = db(&["check", "--db", f]);
    assert_eq!(out.status.code(), Some(0), "{}", said(&out));
    assert!(
        said(&out).contains(&format!("schema version {CURRENT}, current")),
        "{}",
        said(&out)
    );

    set_user_version(&file, 1);
    let out = db(&["check", "--db", f]);
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    assert!(
        said(&out).contains("run hasami db migrate"),
        "{}",
        said(&out)
    );

    set_user_version(&file, 99);
    let out = db(&["check", "--db", f]);
    assert_eq!(out.status.code(), Some(2), "{}", said(&out));
    assert!(
        said(&out).contains("newer than this hasami"),
        "{}",
        said(&out)
    );
}

#[test]
fn a_postgres_database_is_migrated_from_empty() {
    let pg = postgres::Postgres::start();
    let url = pg.database();
    let out = db(&["check", "--db", &url]);
    assert_eq!(out.status.code(), Some(1), "{}", said(&out));
    assert!(said(&out).contains("schema version 0"), "{}", said(&out));
    let out = db(&["migrate", "--db", &url]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(
        said(&out).contains(&format!("schema version {CURRENT} (migrated from 0)")),
        "{}",
        said(&out)
    );
    let out = db(&["check", "--db", &url]);
    assert_eq!(out.status.code(), Some(0), "{}", said(&out));
    assert_eq!(pg.psql(&url, "SELECT count(*) FROM games"), "0");
}
