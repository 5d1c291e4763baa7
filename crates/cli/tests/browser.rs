//! Real-browser end-to-end tests: starts `hasami serve` on a free loopback port with a fresh
//! database and runs `e2e/browser.mjs` (headless Debian Chromium driven by playwright-core; the
//! scenarios are listed at the top of that file). Screenshots of the main screens go to
//! `target/test-output/screenshots/`.
//!
//! Needs `node`, `e2e/node_modules` (`npm ci --prefix e2e`) and `/usr/bin/chromium` (Debian's
//! `chromium` package); `.ci/run` installs them. When one is missing the test fails and says what
//! to install: it never skips silently.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The whole browser run must finish within this (about 95 scenarios, several minutes on a 2-core machine
/// while other test binaries build; the deadline only stops a run that hangs).
const DEADLINE: Duration = Duration::from_secs(900);

fn workspace() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// Kills the server when the test ends, whether it passed or not.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `hasami serve` on a free port (its metrics on another), its error output going to `log`;
/// returns the server, the address it printed and its metrics' address.
fn start(db: &Path, log: &Path) -> (Server, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hasami"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--metrics",
            "127.0.0.1:0",
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::from(std::fs::File::create(log).unwrap()))
        .spawn()
        .expect("start hasami serve");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let server = Server(child);
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let url = line
        .trim()
        .strip_prefix("hasami: serving on ")
        .unwrap_or_else(|| panic!("unexpected first line from hasami serve: {line:?}"))
        .to_string();
    line.clear();
    out.read_line(&mut line).unwrap();
    let metrics = line
        .trim()
        .strip_prefix("hasami: metrics on ")
        .unwrap_or_else(|| panic!("unexpected second line from hasami serve: {line:?}"))
        .to_string();
    // Keep reading stdout so the server never blocks on a full pipe; kept beside the error output.
    let kept = log.with_extension("stdout.txt");
    std::thread::spawn(move || {
        if let Ok(mut file) = std::fs::File::create(kept) {
            let _ = std::io::copy(&mut out, &mut file);
        }
    });
    (server, url, metrics)
}

/// Fails with what to install when a tool the browser tests need is missing.
fn check_prerequisites(e2e: &Path, chromium: &Path) {
    let node = Command::new("node").arg("--version").output();
    if !matches!(&node, Ok(o) if o.status.success()) {
        panic!(
            "the browser tests need Node.js (`node`, v18 or newer) on the PATH: install Node.js \
             (Debian: apt-get install -y nodejs npm); .ci/run expects it on the machine"
        );
    }
    if !e2e.join("node_modules/playwright-core").is_dir() {
        panic!(
            "the browser tests need playwright-core in {}: run `npm ci --prefix e2e` in the \
             workspace (.ci/run does)",
            e2e.join("node_modules").display()
        );
    }
    if !chromium.is_file() {
        panic!(
            "the browser tests need Chromium at {}: run `apt-get install -y chromium \
             chromium-driver` (Debian; .ci/run does), or set CHROMIUM to a Chromium binary",
            chromium.display()
        );
    }
}

#[test]
fn browser_end_to_end() {
    let root = workspace();
    let e2e = root.join("e2e");
    let chromium = PathBuf::from(std::env::var("CHROMIUM").unwrap_or("/usr/bin/chromium".into()));
    check_prerequisites(&e2e, &chromium);
    let shots = root.join("target/test-output/screenshots");
    std::fs::create_dir_all(&shots).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let server_log = dir.path().join("server-errors.txt");
    let (_server, url, metrics) = start(&dir.path().join("games.sqlite3"), &server_log);

    // The static build (`hasami static`), served by e2e/static-site.mjs's own plain web server.
    let site = dir.path().join("static-site");
    let wrote = Command::new(env!("CARGO_BIN_EXE_hasami"))
        .arg("static")
        .arg(&site)
        .output()
        .expect("run hasami static");
    assert!(
        wrote.status.success(),
        "{}",
        String::from_utf8_lossy(&wrote.stderr)
    );

    let out_file = dir.path().join("node-output.txt");
    let started = Instant::now();
    let mut node = Command::new("node")
        .arg(e2e.join("browser.mjs"))
        .current_dir(&root)
        .env("HASAMI_URL", &url)
        .env("HASAMI_METRICS_URL", &metrics)
        .env("HASAMI_STATIC_DIR", &site)
        .env("HASAMI_SCREENSHOTS", &shots)
        .env("CHROMIUM", &chromium)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_file).unwrap())
        .stderr(Stdio::from(
            std::fs::File::options()
                .append(true)
                .open(&out_file)
                .unwrap(),
        ))
        .spawn()
        .expect("start node e2e/browser.mjs");
    let status = loop {
        if let Some(status) = node.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > DEADLINE {
            let _ = node.kill();
            let _ = node.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut output = std::fs::read_to_string(&out_file).unwrap_or_default();
    let errors = std::fs::read_to_string(&server_log).unwrap_or_default();
    if !errors.trim().is_empty() {
        output.push_str("\nthe server's error output:\n");
        output.push_str(&errors);
    }
    // No password (the account scenarios' own, e2e/accounts.mjs) and no hash reaches the logs.
    let stdout =
        std::fs::read_to_string(server_log.with_extension("stdout.txt")).unwrap_or_default();
    for secret in ["a good long password", "$argon2"] {
        assert!(
            !errors.contains(secret) && !stdout.contains(secret),
            "the server's output holds {secret:?}"
        );
    }
    match status {
        Some(s) if s.success() => {
            eprintln!(
                "browser tests passed in {:.1} s; screenshots in {}",
                started.elapsed().as_secs_f64(),
                shots.display()
            );
        }
        Some(s) => panic!("node e2e/browser.mjs failed ({s}) against {url}:\n{output}"),
        None => panic!(
            "node e2e/browser.mjs did not finish within {} s against {url}:\n{output}",
            DEADLINE.as_secs()
        ),
    }
}
