//! `hasami-loadtest`: bounded load benchmarks of the hasami web app (docs/load.md; the
//! limits it meets: docs/web.md, "Running it in public"). Against a running `hasami serve`:
//!
//! - `--mode games` (the default): many online games at once, both sides played over WebSocket;
//!   move and delivery latency and moves per second ([`games`]);
//! - `--mode engine`: the wait for a level-1 engine reply while level-10 games (or any mix of
//!   variants and levels) keep the engine busy ([`engine`]);
//! - `--mode sockets`: thousands of idle WebSockets attempted at once; how many open, how many are
//!   refused, and the server's memory meanwhile ([`sockets`]);
//! - `--mode variants`: many distinct variant texts; how many are answered and refused, and the
//!   server's memory ([`variants`]);
//! - `--mode stalled`: connections that pipeline GETs and never read; how long a normal client's
//!   request waits meanwhile ([`stalled`]);
//! - `--mode logins`: a flood of logins and sign-ups (password hashing) and the wait for a level-1
//!   engine reply meanwhile ([`logins`]).
//!
//! The load comes from `--clients` loopback addresses (127.0.0.2, 127.0.0.3, …), so one machine acts
//! as many clients, each within the server's per-address limits. Any error (an error message from
//! the server, a refused request, a closed socket, no answer within 30 s) is counted and makes it
//! exit with status 1.
//!
//! ```text
//! hasami-loadtest [--url http://127.0.0.1:8080] [--mode games] [--games 200] [--plies 40] [--seed 1]
//! ```

mod engine;
mod games;
mod logins;
mod net;
mod sockets;
mod stalled;
mod variants;

use std::net::ToSocketAddrs;
use std::sync::Arc;

use clap::{Parser, ValueEnum};

/// What to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Mode {
    /// Many online games at once over WebSocket.
    Games,
    /// Level-1 engine replies while level-10 games keep the engine busy.
    Engine,
    /// Many idle WebSockets attempted at once.
    Sockets,
    /// Many distinct variant texts: the server's memory stays bounded.
    Variants,
    /// Connections that pipeline GETs and never read, and a normal client meanwhile.
    Stalled,
    /// A flood of logins and sign-ups, and level-1 engine replies meanwhile.
    Logins,
}

/// Load benchmarks of a running `hasami serve`.
#[derive(Parser, Debug)]
#[command(name = "hasami-loadtest")]
pub struct Options {
    /// The server. `games` takes it twice or more for servers sharing one store: Black plays
    /// through the first, White through the next (game by game in turn), so every move crosses.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: Vec<String>,
    /// What to measure.
    #[arg(long, value_enum, default_value_t = Mode::Games)]
    mode: Mode,
    /// Loopback client addresses to spread the load over (1: the system's choice).
    #[arg(long, default_value_t = 50)]
    clients: usize,
    /// Variant text of the games.
    #[arg(long, default_value = "hasami")]
    variant: String,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// `games`: online games at once.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// `games`: plies per game at most.
    #[arg(long, default_value_t = 40)]
    plies: u32,
    /// `engine`: level-10 games kept busy.
    #[arg(long, default_value_t = 40)]
    busy: usize,
    /// `engine`: games kept busy, as `VARIANT:LEVEL:COUNT` (repeatable; instead of `--busy`).
    #[arg(long)]
    crowd: Vec<engine::Crowd>,
    /// `engine`: level-1 replies measured, one after another; `stalled`: `GET /api/health`
    /// requests timed, one after another.
    #[arg(long, default_value_t = 30)]
    probes: usize,
    /// `sockets`: WebSockets attempted at once.
    #[arg(long, default_value_t = 10_000)]
    sockets: usize,
    /// `variants`: distinct variant texts sent.
    #[arg(long, default_value_t = 100_000)]
    variants: usize,
    /// `stalled`: connections that pipeline GETs and never read, held at once.
    #[arg(long, default_value_t = 60)]
    stalled: usize,
    /// `logins`: tasks sending logins and sign-ups as fast as they are answered.
    #[arg(long, default_value_t = 200)]
    flood: usize,
    /// `sockets`, `variants`, `stalled`: the server's process id, to read its memory.
    #[arg(long)]
    server_pid: Option<u32>,
}

#[tokio::main]
async fn main() {
    let o = Options::parse();
    let mut targets = Vec::new();
    for url in &o.url {
        let addr = url
            .strip_prefix("http://")
            .unwrap_or(url)
            .trim_end_matches('/')
            .to_string();
        let Some(socket) = addr.to_socket_addrs().ok().and_then(|mut a| a.next()) else {
            eprintln!("hasami-loadtest: bad --url '{url}': expected http://HOST:PORT");
            std::process::exit(2);
        };
        targets.push(Arc::new(net::Target {
            addr,
            socket,
            clients: o.clients.max(1),
        }));
    }
    let target = targets[0].clone();
    let o = Arc::new(o);
    let errors = match o.mode {
        Mode::Games => games::run(o.clone(), targets).await,
        Mode::Engine => engine::run(o.clone(), target).await,
        Mode::Sockets => sockets::run(o.clone(), target).await,
        Mode::Variants => variants::run(o.clone(), target).await,
        Mode::Stalled => stalled::run(o.clone(), target).await,
        Mode::Logins => logins::run(o.clone(), target).await,
    };
    for e in errors.iter().take(10) {
        eprintln!("error: {e}");
    }
    if !errors.is_empty() {
        std::process::exit(1);
    }
}
