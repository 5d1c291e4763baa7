//! A UGI engine as a child process (this program at a level, or any command), talking over pipes with
//! a reader thread so that every wait has a timeout.

use std::fmt;
use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use hasami_core::{Game, Position};

use hasami_engine::line::{read_line, PROTOCOL_LINE};

/// Lines of an engine's output read ahead of the match.
const QUEUED_LINES: usize = 1024;

/// How long an engine may take to answer `ugi` or `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why an engine could not go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// No answer in time.
    Timeout(Duration),
    /// The process ended (or closed its output).
    Exited(String),
    /// The engine answered `info string error: …`.
    Reported(String),
    /// Anything else (could not start, could not write, a bad answer).
    Other(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Timeout(d) => {
                write!(f, "timed out (no answer within {} ms)", d.as_millis())
            }
            EngineError::Exited(s) => write!(f, "crashed ({s})"),
            EngineError::Reported(s) => write!(f, "reported an error: {s}"),
            EngineError::Other(s) => f.write_str(s),
        }
    }
}

/// A running UGI engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, if it gave one.
    pub id_name: Option<String>,
    /// The option names it declared in its `ugi` answer.
    pub declared: Vec<String>,
}

impl Engine {
    /// Starts the engine, does the `ugi` handshake, sets the options and waits for `readyok`.
    /// An option the engine did not declare, or one it answers with an error, is an error.
    pub fn start(argv: &[String], options: &[(String, String)]) -> Result<Engine, EngineError> {
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // A process group of its own, so that ending the engine ends what it started too (an engine
        // run through a shell script, or one that starts helpers).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| EngineError::Other(format!("could not start '{}': {e}", argv[0])))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        // At most `QUEUED_LINES` lines wait to be read: an engine that writes faster than the match
        // reads waits on its pipe, and a line past `PROTOCOL_LINE` is dropped unread.
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                match read_line(&mut reader, PROTOCOL_LINE) {
                    Ok(None) | Err(_) => break,
                    Ok(Some(Err(_))) => continue,
                    Ok(Some(Ok(line))) => {
                        if tx.send(line.trim_end().to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            id_name: None,
            declared: Vec::new(),
        };
        engine.send("ugi")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine.next_line(deadline, HANDSHAKE_TIMEOUT)?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("ugiok"), _) => break,
                (Some("id"), Some("name")) => {
                    let name = line.split_once("name").map(|(_, n)| shown_name(n));
                    engine.id_name = name.filter(|n| !n.is_empty());
                }
                (Some("option"), Some("name")) => {
                    let rest = line.split_once("name").map(|(_, r)| r).unwrap_or("");
                    let name = rest.split(" type ").next().unwrap_or("").trim();
                    engine.declared.push(name.to_string());
                }
                _ => {}
            }
        }
        for (name, value) in options {
            if !engine.declared.is_empty()
                && !engine.declared.iter().any(|d| d.eq_ignore_ascii_case(name))
            {
                return Err(EngineError::Other(format!(
                    "the engine has no option '{name}' (it has: {})",
                    engine.declared.join(", ")
                )));
            }
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.sync().map_err(|e| match e {
            EngineError::Reported(s) => {
                EngineError::Other(format!("the engine rejected an option: {s}"))
            }
            e => e,
        })?;
        Ok(engine)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.gone(e))
    }

    fn gone(&mut self, e: io::Error) -> EngineError {
        match self.child.try_wait() {
            Ok(Some(status)) => EngineError::Exited(format!("exited with {status}")),
            _ => EngineError::Exited(format!("lost the pipe: {e}")),
        }
    }

    /// The next line before `deadline`.
    fn next_line(&mut self, deadline: Instant, limit: Duration) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(limit)),
            Err(RecvTimeoutError::Disconnected) => {
                // Give the process a moment to be reaped so the status can be shown.
                let status = (0..20).find_map(|_| match self.child.try_wait() {
                    Ok(Some(s)) => Some(s),
                    _ => {
                        thread::sleep(Duration::from_millis(5));
                        None
                    }
                });
                Err(EngineError::Exited(match status {
                    Some(s) => format!("exited with {s}"),
                    None => "closed its output".into(),
                }))
            }
        }
    }

    /// Drops lines the engine has already sent (after a finished search, info lines may trail).
    fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// `isready` → `readyok`; an `info string error` before it is an error.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut error = None;
        loop {
            let line = self.next_line(deadline, HANDSHAKE_TIMEOUT)?;
            if line.trim() == "readyok" {
                return match error {
                    Some(e) => Err(EngineError::Reported(e)),
                    None => Ok(()),
                };
            }
            if let Some(e) = reported_error(&line) {
                error.get_or_insert(e);
            }
        }
    }

    /// Starts a game of `rules`: `setoption name Variant …`, `uginewgame`, `isready`.
    pub fn new_game(&mut self, rules: &impl std::fmt::Display) -> Result<(), EngineError> {
        self.drain();
        self.send(&format!("setoption name Variant value {rules}"))?;
        self.send("uginewgame")?;
        self.sync()
    }

    /// Sends the game's position and `go`, and returns the text of the `bestmove` answer.
    pub fn best_move<P: Position>(
        &mut self,
        game: &Game<P>,
        go: &str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        self.drain();
        self.send(&position_command(game))?;
        self.send(go)?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, timeout)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    return words.next().map(str::to_string).ok_or_else(|| {
                        EngineError::Other("answered 'bestmove' without a move".into())
                    })
                }
                _ => {
                    if let Some(e) = reported_error(&line) {
                        return Err(EngineError::Reported(e));
                    }
                }
            }
        }
    }

    /// Ends the process at once, with every process of its group (what it started).
    pub fn kill(&mut self) {
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the group `spawn` made for this child; it
            // touches no memory of ours.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }
}

/// An engine's `id name` as the report shows it: without control characters (a terminal escape
/// sequence loses its ESC and so does nothing), at most 100 characters, trimmed.
fn shown_name(raw: &str) -> String {
    raw.chars()
        .filter(|c| !c.is_control())
        .take(100)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The text of an `info string error: …` line.
pub(crate) fn reported_error(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("info")?.trim_start();
    let rest = rest.strip_prefix("string")?.trim_start();
    let rest = rest.strip_prefix("error")?;
    Some(rest.trim_start_matches(':').trim().to_string())
}

/// `position startpos moves …` or `position fen <text> moves …` for the game so far.
pub fn position_command<P: Position>(game: &Game<P>) -> String {
    let start = game.start();
    let mut cmd = if *start == P::start(game.rules()) {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    if !game.played().is_empty() {
        cmd.push_str(" moves");
        for p in game.played() {
            cmd.push(' ');
            cmd.push_str(&p.mv.to_string());
        }
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::shown_name;

    #[test]
    fn an_engine_name_loses_its_control_characters() {
        assert_eq!(shown_name(" \u{1b}[2J\u{1b}[31mEvil\u{7}\r"), "[2J[31mEvil");
        assert_eq!(shown_name(&"x".repeat(500)).len(), 100);
        assert_eq!(shown_name(" Stockfish 17 "), "Stockfish 17");
    }
}
