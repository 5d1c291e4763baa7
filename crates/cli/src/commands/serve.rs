//! `hasami serve`: the web app (crates/server) with its bounds as flags. The defaults suit a small
//! public server (docs/web.md, "Running it in public", explains each).

use std::net::IpAddr;
use std::time::Duration;

use clap::Args;
use hasami_server::Limits;

use super::CliError;

/// The longest time any `--…-timeout`, `--lobby-grace` or `--first-move` flag may give: a day. Larger
/// values mean nothing for a web server and would overflow the clock arithmetic of a deadline.
const MAX_SECONDS: u64 = 86_400;

/// The most connections, WebSockets, hints per client or games in memory a flag may ask for.
const MAX_COUNT: usize = 10_000_000;

/// The bytes of `--max-live-mb`'s unit.
const MB: usize = 1_000_000;

/// The most full-strength searches at once a flag may ask for (each is a thread).
const MAX_SEARCHES: usize = 1_024;

/// A count flag from 0 to `MAX`, refused at start (with what is allowed) when larger.
fn count_up_to<const MAX: usize>(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n <= MAX => Ok(n),
        _ => Err(format!("expected a whole number from 0 to {MAX}")),
    }
}

/// The flags of `hasami serve`; each bound defaults to the value in `hasami_server::Limits`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on, HOST:PORT.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Where games are stored: an SQLite file (created if missing; default: in the platform's data
    /// directory) or a PostgreSQL database, postgres://USER[:PASSWORD]@HOST[:PORT]/DB.
    #[arg(long, value_name = "FILE|URL")]
    pub db: Option<String>,
    /// Connections open at once, HTTP and WebSocket together (more wait until one closes).
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_connections: usize,
    /// Connections open at once from one address (0: no limit; more get 429 and are closed).
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections_per_address,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_connections_per_address: usize,
    /// WebSockets open at once from all clients (more get 503); keep it below
    /// --max-connections so that requests still find a connection.
    #[arg(long, value_name = "N", default_value_t = Limits::default().websockets,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_websockets: usize,
    /// WebSockets open at once per client (0: no limit; more get 429).
    #[arg(long, value_name = "N", default_value_t = Limits::default().websockets_per_address,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_websockets_per_address: usize,
    /// Seconds a client has to send a request's headers (idle connections are closed after it).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().header_timeout.as_secs(),
        value_parser = clap::value_parser!(u64).range(..=MAX_SECONDS))]
    pub header_timeout: u64,
    /// Seconds a request may take, its body included (then 408).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().request_timeout.as_secs(),
        value_parser = clap::value_parser!(u64).range(..=MAX_SECONDS))]
    pub request_timeout: u64,
    /// Seconds a write to a client (an answer, a WebSocket message) may wait for the client to take
    /// anything; then the connection is closed, so clients that never read cannot hold connections.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().write_timeout.as_secs(),
        value_parser = clap::value_parser!(u64).range(..=MAX_SECONDS))]
    pub write_timeout: u64,
    /// Seconds a WebSocket may stay silent (it is pinged at half this) or leave a message untaken.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().socket_timeout.as_secs(),
        value_parser = clap::value_parser!(u64).range(..=MAX_SECONDS))]
    pub socket_timeout: u64,
    /// Full-strength engine searches (level 10, hints, analysis) running at once; about one per
    /// core.
    #[arg(long, value_name = "N", default_value_t = Limits::default().searches,
        value_parser = count_up_to::<MAX_SEARCHES>)]
    pub max_searches: usize,
    /// Hints and analyses one client may have waiting or running at once (0: no limit; more get
    /// 429).
    #[arg(long, value_name = "N", default_value_t = Limits::default().hints_per_address,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_hints_per_address: usize,
    /// New games (created or imported) one client may start at once (then 429).
    #[arg(long, value_name = "N", default_value_t = Limits::default().new_games_burst,
        value_parser = clap::value_parser!(u32).range(..=1_000_000))]
    pub new_games_burst: u32,
    /// New games one client may start per second after the burst.
    #[arg(long, value_name = "N", default_value_t = Limits::default().new_games_per_second,
        value_parser = clap::value_parser!(u32).range(..=1_000_000))]
    pub new_games_per_second: u32,
    /// The most games kept in memory: idle ones beyond are unloaded (and loaded again when used);
    /// when games in use alone fill it, loading or starting another gets 503.
    #[arg(long, value_name = "N", default_value_t = Limits::default().live_games,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_live_games: usize,
    /// Distinct rule sets (variants, Shogun magnet boards) kept in memory, presets aside; a variant
    /// not seen before is refused beyond it.
    #[arg(long, value_name = "N", default_value_t = Limits::default().rule_sets,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_rule_sets: usize,
    /// The most memory the games in memory may hold, in MB (1,000,000 bytes), estimated from their
    /// moves (a game of 2,000 plies about 0.25 MB); beyond it, as beyond --max-live-games.
    #[arg(long, value_name = "MB", default_value_t = Limits::default().live_bytes / MB,
        value_parser = count_up_to::<MAX_COUNT>)]
    pub max_live_mb: usize,
    /// Seconds a game waiting in the lobby keeps its place after its creator's page closed.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().lobby_grace.as_secs(),
        value_parser = clap::value_parser!(u64).range(..=MAX_SECONDS))]
    pub lobby_grace: u64,
    /// Seconds each player of a timed game paired through the lobby has for its first move before
    /// the game is aborted.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().first_move.as_secs(),
        value_parser = clap::value_parser!(u64).range(..=MAX_SECONDS))]
    pub first_move: u64,
    /// The server is reached only through HTTPS (a proxy in front terminates TLS): session
    /// cookies are then marked Secure.
    #[arg(long)]
    pub behind_tls: bool,
    /// Seconds in a correspondence game's "day" (its days per move): 86400; shorter only to try
    /// correspondence games out.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().day.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS))]
    pub day_length: u64,
    /// A reverse proxy's address whose X-Forwarded-For names the client (repeatable); per-client
    /// limits then apply to the clients behind it.
    #[arg(long, value_name = "IP")]
    pub trusted_proxy: Vec<IpAddr>,
    /// An origin besides the server's own whose pages may call the API, like
    /// https://example.org (repeatable).
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// A host name the server answers to, like example.org (repeatable); IP addresses and
    /// localhost always are. A request for any other name is refused (DNS rebinding).
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// A directory of endgame tables (`hasami tables build`) for the engine's replies and hints
    /// (docs/tables.md); none by default.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<std::path::PathBuf>,
    /// Serve the operator's counts (moves, games, responses, sockets, searches) in the Prometheus
    /// text format at http://HOST:PORT/metrics, a listener of its own (keep it private, e.g.
    /// 127.0.0.1:9464).
    #[arg(long, value_name = "HOST:PORT")]
    pub metrics: Option<String>,
}

impl Default for ServeArgs {
    fn default() -> ServeArgs {
        use clap::Parser;
        /// Parses no arguments, so the defaults are those of the flags.
        #[derive(Parser)]
        struct Only {
            #[command(flatten)]
            args: ServeArgs,
        }
        Only::parse_from(["hasami"]).args
    }
}

impl ServeArgs {
    /// The server's bounds these flags ask for.
    pub fn limits(&self) -> Limits {
        Limits {
            connections: self.max_connections,
            connections_per_address: self.max_connections_per_address,
            websockets: self.max_websockets,
            websockets_per_address: self.max_websockets_per_address,
            header_timeout: Duration::from_secs(self.header_timeout),
            request_timeout: Duration::from_secs(self.request_timeout),
            write_timeout: Duration::from_secs(self.write_timeout),
            socket_timeout: Duration::from_secs(self.socket_timeout),
            searches: self.max_searches,
            hints_per_address: self.max_hints_per_address,
            new_games_burst: self.new_games_burst,
            new_games_per_second: self.new_games_per_second,
            live_games: self.max_live_games,
            rule_sets: self.max_rule_sets,
            live_bytes: self.max_live_mb.saturating_mul(MB),
            lobby_grace: Duration::from_secs(self.lobby_grace),
            first_move: Duration::from_secs(self.first_move),
            behind_tls: self.behind_tls,
            day: Duration::from_secs(self.day_length),
            trusted_proxies: self.trusted_proxy.clone(),
            allowed_hosts: self
                .allow_host
                .iter()
                .map(|h| h.trim_end_matches('.').to_ascii_lowercase())
                .collect(),
            allowed_origins: self
                .allow_origin
                .iter()
                .map(|o| o.trim_end_matches('/').to_string())
                .collect(),
        }
    }

    /// Refuses bounds that would stop the server from working at all.
    fn check(&self) -> Result<(), CliError> {
        let zero = [
            ("--max-connections", self.max_connections as u64),
            ("--max-websockets", self.max_websockets as u64),
            ("--header-timeout", self.header_timeout),
            ("--request-timeout", self.request_timeout),
            ("--write-timeout", self.write_timeout),
            ("--socket-timeout", self.socket_timeout),
            ("--max-searches", self.max_searches as u64),
            ("--new-games-burst", u64::from(self.new_games_burst)),
            (
                "--new-games-per-second",
                u64::from(self.new_games_per_second),
            ),
            ("--max-live-games", self.max_live_games as u64),
            ("--max-live-mb", self.max_live_mb as u64),
        ]
        .into_iter()
        .find(|(_, v)| *v == 0);
        if let Some((flag, _)) = zero {
            return Err(CliError::Usage(format!("{flag} must be at least 1")));
        }
        if let Some(bad) = self
            .allow_origin
            .iter()
            .find(|o| !(o.starts_with("http://") || o.starts_with("https://")))
        {
            return Err(CliError::Usage(format!(
                "--allow-origin '{bad}': an origin is like https://example.org"
            )));
        }
        Ok(())
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    args.check()?;
    if let Some(dir) = &args.tables {
        let tables = hasami_engine::tables::Tables::load_dir(dir)
            .map_err(|e| CliError::Usage(format!("--tables: {e}")))?;
        eprintln!(
            "{} endgame tables loaded from {}",
            tables.tables().len(),
            dir.display()
        );
        hasami_engine::tables::set_default(Some(std::sync::Arc::new(tables)));
    }
    let config = hasami_server::Config {
        addr: args.addr.clone(),
        db: args.db.as_deref().map(hasami_server::Target::parse),
        limits: args.limits(),
        metrics: args.metrics.clone(),
    };
    hasami_server::run(&config).map_err(|e| {
        if e.is_usage() {
            CliError::Usage(e.to_string())
        } else {
            CliError::Io(std::io::Error::other(e.to_string()))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_default_to_the_servers_limits() {
        assert_eq!(ServeArgs::default().limits(), Limits::default());
    }

    #[test]
    fn bounds_that_stop_the_server_are_refused() {
        let args = ServeArgs {
            max_searches: 0,
            ..ServeArgs::default()
        };
        let err = args.check().unwrap_err().to_string();
        assert_eq!(err, "--max-searches must be at least 1");
        // A write deadline of 0 would close every connection whose first write has to wait.
        let args = ServeArgs {
            write_timeout: 0,
            ..ServeArgs::default()
        };
        let err = args.check().unwrap_err().to_string();
        assert_eq!(err, "--write-timeout must be at least 1");
        let args = ServeArgs {
            allow_origin: vec!["example.org".into()],
            ..ServeArgs::default()
        };
        assert!(args.check().unwrap_err().to_string().contains("https://"));
    }
}
