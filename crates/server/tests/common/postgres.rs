//! A throw-away PostgreSQL server for tests: Debian's PostgreSQL binaries, `initdb` into a temporary
//! directory and `pg_ctl` on a free loopback port; stopped (and its directory removed) when dropped.
//! `initdb` refuses to run as root, so under root the server runs as the `postgres` system user that
//! Debian's package creates. `scripts/test` installs the package where it is missing.
//!
//! Also used by `crates/cli/tests` (through `#[path]`), so it needs only std and tempfile.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A running PostgreSQL server; every database made with [`Postgres::database`] goes with it.
pub struct Postgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// Its port on 127.0.0.1.
    pub port: u16,
    databases: std::sync::atomic::AtomicUsize,
    /// The server's options for `pg_ctl -o`.
    options: String,
}

/// The newest PostgreSQL's binaries under /usr/lib/postgresql.
fn bin_dir() -> PathBuf {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((v, bin))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, bin)| bin)
        .expect("PostgreSQL is not installed: apt-get install -y postgresql (scripts/test does it)")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// Runs a server-side program (as `postgres` when this process is root).
fn as_owner(program: &Path, args: &[&str]) -> Output {
    let mut command = if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    };
    command.args(args).output().unwrap()
}

fn check(what: &str, out: Output) {
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl Postgres {
    /// Makes and starts a server on a free loopback port.
    pub fn start() -> Postgres {
        Postgres::start_with("")
    }

    /// Makes and starts a server like [`Postgres::start`] with `extra` server options as `pg_ctl -o`
    /// takes them (`-c max_locks_per_transaction=10 …`; later ones win).
    pub fn start_with(extra: &str) -> Postgres {
        let bin = bin_dir();
        let dir = tempfile::Builder::new()
            .prefix("hasami-pg-")
            .tempdir()
            .unwrap();
        if is_root() {
            check(
                "chown",
                Command::new("chown")
                    .args(["postgres:postgres"])
                    .arg(dir.path())
                    .output()
                    .unwrap(),
            );
        }
        let data = dir.path().join("data");
        let data = data.to_str().unwrap();
        check(
            "initdb",
            as_owner(
                &bin.join("initdb"),
                &[
                    "-D",
                    data,
                    "-U",
                    "hasami",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--no-sync",
                ],
            ),
        );
        // A free port: bind, read, release (a race with another process is unlikely on loopback).
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off -c max_connections=200 {extra}",
            dir.path().display()
        );
        let pg = Postgres {
            dir,
            bin,
            port,
            databases: std::sync::atomic::AtomicUsize::new(0),
            options,
        };
        pg.resume();
        pg
    }

    /// Stops the server (fast: open connections are closed); [`Postgres::resume`] starts it again.
    pub fn pause(&self) {
        self.pg_ctl("pg_ctl stop", &["-m", "fast", "-w", "stop"]);
    }

    /// Starts the server (again) on the same port and data.
    pub fn resume(&self) {
        let log = self.dir.path().join("log");
        let log = log.to_str().unwrap().to_string();
        self.pg_ctl(
            "pg_ctl start",
            &["-o", &self.options, "-l", &log, "-w", "start"],
        );
    }

    fn pg_ctl(&self, what: &str, args: &[&str]) {
        check(what, self.run_pg_ctl(args));
    }

    /// Runs `pg_ctl -D DATA ARGS` as the data directory's owner.
    fn run_pg_ctl(&self, args: &[&str]) -> Output {
        let data = self.dir.path().join("data");
        let mut all = vec!["-D", data.to_str().unwrap()];
        all.extend_from_slice(args);
        as_owner(&self.bin.join("pg_ctl"), &all)
    }

    /// A new empty database on this server; its URL.
    pub fn database(&self) -> String {
        let n = self
            .databases
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("hasami_{n}");
        let port = self.port.to_string();
        let out = Command::new(self.bin.join("createdb"))
            .args(["-h", "127.0.0.1", "-p", &port, "-U", "hasami", &name])
            .output()
            .unwrap();
        check("createdb", out);
        format!("postgres://hasami@127.0.0.1:{port}/{name}")
    }

    /// Runs one SQL command on the database at `url` with psql; its output.
    pub fn psql(&self, url: &str, sql: &str) -> String {
        let out = Command::new(self.bin.join("psql"))
            .args(["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql, url])
            .output()
            .unwrap_or_else(|e| panic!("psql: {e}"));
        let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
        check("psql", out);
        text
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // No panic while dropping: a server already gone is fine.
        let _ = self.run_pg_ctl(&["-m", "immediate", "-w", "stop"]);
    }
}
