//! The server's bounds, one struct with the defaults of a small public server (docs/web.md,
//! "Running it in public"). `hasami serve` has a flag for each field.

use std::net::IpAddr;
use std::time::Duration;

/// Everything the server bounds: connections, time, engine work, games, and who may call it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once (HTTP and WebSocket together); more wait in the system's listen
    /// queue.
    pub connections: usize,
    /// Connections open at once from one address (0: no limit); a connection beyond it is closed
    /// at once. A trusted proxy's address is not limited.
    pub connections_per_address: usize,
    /// WebSockets open at once from all clients together; an upgrade beyond it gets 503. Kept
    /// below `connections` so that a crowd of sockets leaves room for ordinary requests.
    pub websockets: usize,
    /// WebSockets open at once for one client (0: no limit); an upgrade beyond it gets 429.
    pub websockets_per_address: usize,
    /// The time a client has to send a request's headers, also between requests on a kept-alive
    /// connection.
    pub header_timeout: Duration,
    /// The time a request may take, its body included (not an upgraded WebSocket).
    pub request_timeout: Duration,
    /// The time a write of an answer (or of a WebSocket message) may wait for the client to take
    /// anything; then the connection is closed, so a client that sends requests and never reads
    /// cannot hold its slot (`connections::write_deadline`).
    pub write_timeout: Duration,
    /// A WebSocket that sends nothing (not even the answer to the server's ping) for this long is
    /// closed; the server pings at half this interval. A send that the client does not take within
    /// it also closes the socket.
    pub socket_timeout: Duration,
    /// Full-strength engine searches (level 10, hints, analysis) running at once.
    pub searches: usize,
    /// Hints and analyses one client may have waiting or running at once (0: no limit); one more
    /// gets 429.
    pub hints_per_address: usize,
    /// New games (created or imported) one client may start at once.
    pub new_games_burst: u32,
    /// New games one client may start per second after the burst.
    pub new_games_per_second: u32,
    /// The most games kept in memory: past it, games nobody uses are dropped (they come back from
    /// the store when used); games in use are never dropped, and when they alone fill it a game is
    /// neither loaded nor started (503 with `Retry-After`).
    pub live_games: usize,
    /// The most bytes the games in memory may hold, estimated from their plies (`live/memory.rs`:
    /// about 4 KB a game and 120 bytes a ply, so 250 KB for a game of 2,000 plies); past it, as
    /// past `live_games`.
    pub live_bytes: usize,
    /// Distinct rule sets (variant texts that differ in effect, Shogun magnet boards) the process
    /// keeps, presets aside (`hasami_core::limit_rule_sets`; for the whole process). Rules can never
    /// be freed, so a variant not seen before is refused with 503 once this many exist; every preset
    /// and every variant already in use goes on working.
    pub rule_sets: usize,
    /// Reverse proxies whose `X-Forwarded-For` names the client (its last address); requests
    /// from any other peer are keyed by the peer's own address.
    pub trusted_proxies: Vec<IpAddr>,
    /// Origins (`https://example.org`) besides the server's own whose pages may call the API.
    pub allowed_origins: Vec<String>,
    /// Host names (`example.org`, lower case, no port) the server answers to besides IP addresses and
    /// `localhost`: a request for any other name is refused, so that a page whose name was made to
    /// point at this server (DNS rebinding) cannot use it.
    pub allowed_hosts: Vec<String>,
    /// How long a game waiting in the lobby keeps its place after its creator's last socket closed,
    /// on any server sharing the store (a reload, a dropped connection); then it leaves the lobby.
    pub lobby_grace: Duration,
    /// How long each player of a timed game paired through the lobby has for its first move; a
    /// player who lets it pass has the game aborted (nobody waits for ever on a stranger).
    pub first_move: Duration,
    /// The server is reached through TLS (a proxy in front of it terminates HTTPS): the session
    /// cookie is then sent `Secure`, only over HTTPS.
    pub behind_tls: bool,
    /// The length of one "day" of a correspondence game's days per move (live/days.rs): 24 hours;
    /// tests set a fraction of a second.
    pub day: Duration,
}

impl Default for Limits {
    /// 1,000 connections (below the usual limit of 1,024 open files per process, with room for the
    /// database and the listener), 64 per address, 900 WebSockets in all (100 connections stay for
    /// requests) and 16 per client (several tabs of a
    /// household behind one address); 10 s for headers, 30 s for a request (a hint searches up to
    /// 10 s), 10 s for a stuck write, 60 s of silence on a WebSocket; 2 full-strength searches (one per core of a small
    /// machine) and 2 hints per client; 300 new games at once and 5 a second per client; 10,000
    /// games and 256 MB (estimated: about 1,000 games of the most plies a game may have) in
    /// memory; 4,096 distinct rule sets (at most about 6 MB); no trusted proxy and no other origin;
    /// a lobby game waits 30 s for its creator
    /// to come back, and its players have 30 s each for their first moves once it is joined; a
    /// correspondence day is 24 hours.
    fn default() -> Limits {
        Limits {
            connections: 1_000,
            connections_per_address: 64,
            websockets: 900,
            websockets_per_address: 16,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(10),
            socket_timeout: Duration::from_secs(60),
            searches: 2,
            hints_per_address: 2,
            new_games_burst: 300,
            new_games_per_second: 5,
            live_games: crate::live::MAX_LIVE_GAMES,
            live_bytes: crate::live::MAX_LIVE_BYTES,
            rule_sets: 4_096,
            trusted_proxies: Vec::new(),
            allowed_origins: Vec::new(),
            allowed_hosts: Vec::new(),
            lobby_grace: Duration::from_secs(30),
            first_move: Duration::from_secs(30),
            behind_tls: false,
            day: Duration::from_secs(86_400),
        }
    }
}
