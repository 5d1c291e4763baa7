//! Counts for the server's operator (`hasami serve --metrics ADDR`, docs/hosting.md): moves stored,
//! games started, responses by class, open game sockets, games in memory (how many, and their
//! estimated bytes), engine searches running and asked, in the Prometheus text format
//! (prometheus-client).
//! They are served on a listener of their own (`http::metrics`), so the public address never shows
//! them.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

/// A response's class (`2xx`, `3xx`, `4xx`, `5xx`).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct Class {
    /// The class.
    pub code: String,
}

/// The server's counts.
pub struct Metrics {
    registry: Registry,
    moves: Counter,
    games: Counter,
    responses: Family<Class, Counter>,
    sockets: Gauge,
    games_in_memory: Gauge,
    games_in_memory_bytes: Gauge,
    searches: Gauge,
    asked: Counter,
    /// Held while `asked` is brought up to the engine's count (two scrapes at once add it once).
    asking: std::sync::Mutex<()>,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("hasami");
        let m = Metrics {
            moves: Counter::default(),
            games: Counter::default(),
            responses: Family::default(),
            sockets: Gauge::default(),
            games_in_memory: Gauge::default(),
            games_in_memory_bytes: Gauge::default(),
            searches: Gauge::default(),
            asked: Counter::default(),
            asking: std::sync::Mutex::new(()),
            registry: Registry::default(),
        };
        registry.register(
            "moves",
            "Moves stored (players' and the engine's)",
            m.moves.clone(),
        );
        registry.register(
            "games",
            "Games started (created, imported, rematches)",
            m.games.clone(),
        );
        registry.register(
            "responses",
            "HTTP responses by status class",
            m.responses.clone(),
        );
        registry.register(
            "websockets_open",
            "Game WebSockets open on this server",
            m.sockets.clone(),
        );
        registry.register(
            "games_in_memory",
            "Games held in this server's memory",
            m.games_in_memory.clone(),
        );
        registry.register(
            "games_in_memory_bytes",
            "Bytes the games in this server's memory hold, estimated from their plies",
            m.games_in_memory_bytes.clone(),
        );
        registry.register(
            "searches_running",
            "Full-strength engine searches running (level 10, hints, analysis, reviews)",
            m.searches.clone(),
        );
        registry.register(
            "searches",
            "Engine searches asked of this server (replies, hints, analysis, reviews)",
            m.asked.clone(),
        );
        Metrics { registry, ..m }
    }
}

impl Metrics {
    /// A move was stored.
    pub fn moved(&self) {
        self.moves.inc();
    }

    /// A game was stored as new.
    pub fn started(&self) {
        self.games.inc();
    }

    /// A response of status `status` was sent.
    pub fn responded(&self, status: u16) {
        let code = format!("{}xx", (status / 100).clamp(1, 5));
        self.responses.get_or_create(&Class { code }).inc();
    }

    /// A game socket opened (`delta` 1) or closed (−1).
    pub fn socket(&self, delta: i64) {
        self.sockets.inc_by(delta);
    }

    /// The text of every count, with the gauges read now: `games_in_memory` (how many, and their
    /// estimated `bytes`) and `searches` (running), and the engine's count of searches `asked`.
    pub fn render(
        &self,
        games_in_memory: usize,
        bytes: usize,
        searches: usize,
        asked: u64,
    ) -> String {
        self.games_in_memory
            .set(i64::try_from(games_in_memory).unwrap_or(i64::MAX));
        self.games_in_memory_bytes
            .set(i64::try_from(bytes).unwrap_or(i64::MAX));
        self.searches
            .set(i64::try_from(searches).unwrap_or(i64::MAX));
        // The engine counts its searches; the counter follows it (it only grows).
        {
            let _one = self.asking.lock().unwrap_or_else(|p| p.into_inner());
            self.asked.inc_by(asked.saturating_sub(self.asked.get()));
        }
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_read_back_in_the_text_format() {
        let m = Metrics::default();
        m.moved();
        m.moved();
        m.started();
        m.responded(200);
        m.responded(404);
        m.responded(429);
        m.socket(1);
        m.socket(1);
        m.socket(-1);
        let text = m.render(7, 30_000, 1, 5);
        for line in [
            "hasami_moves_total 2",
            "hasami_games_total 1",
            "hasami_responses_total{code=\"2xx\"} 1",
            "hasami_responses_total{code=\"4xx\"} 2",
            "hasami_websockets_open 1",
            "hasami_games_in_memory 7",
            "hasami_games_in_memory_bytes 30000",
            "hasami_searches_running 1",
            "hasami_searches_total 5",
            "# EOF",
        ] {
            assert!(text.lines().any(|l| l == line), "no `{line}` in\n{text}");
        }
    }
}
