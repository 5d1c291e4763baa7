//! The browser front end, embedded in the binary (`src/web/`): no build step, no CDN, nothing fetched
//! at run time. `assets` serves them.

/// The engine as WebAssembly (crates/wasm), as build.rs could build it: empty when it could not
/// (no `wasm32-unknown-unknown` target), and then not served.
const ENGINE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/hasami_wasm.wasm"));

// `with_puzzle_files!`: build.rs's list of the puzzle files, `suites/puzzles/PRESET.txt`.
include!(concat!(env!("OUT_DIR"), "/puzzle_assets.rs"));

/// Every embedded file: name, content type, content. The engine in the page (`hasami_wasm.wasm`,
/// built by build.rs) is among them when the build could make it, and so is each puzzle file as
/// `puzzles-PRESET.txt` (the page's puzzles when no server answers).
pub const ASSETS: &[(&str, &str, &[u8])] = with_puzzle_files![
    (
        "index.html",
        "text/html; charset=utf-8",
        include_bytes!("../web/index.html"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/i18n.js"),
    ),
    (
        "lang-en.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lang-en.js"),
    ),
    (
        "lang-ja.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lang-ja.js"),
    ),
    (
        "server-words.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/server-words.js"),
    ),
    (
        "lang-en-more.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lang-en-more.js"),
    ),
    (
        "lang-ja-more.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lang-ja-more.js"),
    ),
    (
        "app.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/app.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/board.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/api.js"),
    ),
    (
        "rules.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/rules.js"),
    ),
    (
        "dom.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/dom.js"),
    ),
    (
        "game-screen.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/game-screen.js"),
    ),
    (
        "review.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/review.js"),
    ),
    (
        "sounds.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/sounds.js"),
    ),
    (
        "after-game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/after-game.js"),
    ),
    (
        "theme.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/theme.js"),
    ),
    (
        "analysis-board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/analysis-board.js"),
    ),
    (
        // Piece sets and board themes: the choice (looks.js) and the drawings (pieces.js).
        "looks.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/looks.js"),
    ),
    (
        "pieces.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/pieces.js"),
    ),
    (
        "analysis.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/analysis.css"),
    ),
    (
        "move-tree.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/move-tree.js"),
    ),
    (
        "move-tree-view.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/move-tree-view.js"),
    ),
    (
        "engine-line.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/engine-line.js"),
    ),
    (
        // The engine in the page: its replies in a game (engine-reply.js); hints, the analysis
        // board's search and lessons' boards (page-analysis.js).
        "engine-reply.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/engine-reply.js"),
    ),
    (
        "page-analysis.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/page-analysis.js"),
    ),
    (
        "typed-move.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/typed-move.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lobby.js"),
    ),
    (
        "notation.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/notation.js"),
    ),
    (
        "layout.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/layout.js"),
    ),
    (
        // Puzzles: the screen, the ratings this browser keeps, their arithmetic.
        "puzzles.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/puzzles.js"),
    ),
    (
        "puzzles-offline.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/puzzles-offline.js"),
    ),
    (
        "puzzles.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/puzzles.css"),
    ),
    (
        "puzzle-rating.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/puzzle-rating.js"),
    ),
    (
        "glicko2.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/glicko2.js"),
    ),
    (
        "layout.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/layout.css"),
    ),
    (
        "chat.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/chat.css"),
    ),
    (
        "chat.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/chat.js"),
    ),
    (
        "tnodes.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/tnodes.js"),
    ),
    (
        "rules-text.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/rules-text.js"),
    ),
    (
        "rules-text-en.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/rules-text-en.js"),
    ),
    (
        "rules-text-ja.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/rules-text-ja.js"),
    ),
    (
        "days.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/days.js"),
    ),
    (
        "turns.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/turns.js"),
    ),
    (
        "game-words.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/game-words.js"),
    ),
    (
        "variant-words.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/variant-words.js"),
    ),
    (
        "arrange.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/arrange.js"),
    ),
    (
        "session.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/session.js"),
    ),
    (
        "account.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/account.js"),
    ),
    (
        "ratings.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/ratings.js"),
    ),
    (
        "players.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/players.js"),
    ),
    (
        "rating-graph.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/rating-graph.js"),
    ),
    (
        "leaderboard.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/leaderboard.js"),
    ),
    (
        "challenges.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/challenges.js"),
    ),
    (
        "learn.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/learn.js"),
    ),
    (
        "learn-goals.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/learn-goals.js"),
    ),
    (
        "lessons.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lessons.js"),
    ),
    (
        "lessons-family.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lessons-family.js"),
    ),
    (
        "lessons-shogun.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/lessons-shogun.js"),
    ),
    (
        "learn.css",
        "text/css; charset=utf-8",
        include_bytes!("../web/learn.css"),
    ),
    (
        // The worked examples of Shogun's rules page (checked by tests/shogun_examples.rs).
        "shogun-examples.json",
        "application/json",
        include_bytes!("../web/shogun-examples.json"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_bytes!("../web/favicon.svg"),
    ),
    (
        // The icon with a red dot: the tab of a game where it is your move.
        "favicon-turn.svg",
        "image/svg+xml",
        include_bytes!("../web/favicon-turn.svg"),
    ),
    (
        "page-engine.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/page-engine.js"),
    ),
    (
        "engine-worker.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../../wasm/js/engine-worker.js"),
    ),
    ("hasami_wasm.wasm", "application/wasm", ENGINE),
    (
        // The installable app (offline.rs serves them at /sw.js and /manifest.webmanifest).
        "sw.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/sw.js"),
    ),
    (
        "manifest.webmanifest",
        "application/manifest+json",
        include_bytes!("../web/manifest.webmanifest"),
    ),
    (
        // The installed app's icons (manifest.webmanifest).
        "icon.svg",
        "image/svg+xml",
        include_bytes!("../web/icon.svg"),
    ),
    (
        "icon-maskable.svg",
        "image/svg+xml",
        include_bytes!("../web/icon-maskable.svg"),
    ),
    (
        "icon-192.png",
        "image/png",
        include_bytes!("../web/icon-192.png"),
    ),
    (
        "icon-512.png",
        "image/png",
        include_bytes!("../web/icon-512.png"),
    ),
    (
        // Games kept in this browser (offline): IndexedDB, the game screen's calls, the list, the sync.
        "local-store.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/local-store.js"),
    ),
    (
        "local-games.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/local-games.js"),
    ),
    (
        "local-list.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/local-list.js"),
    ),
    (
        "local-sync.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../web/local-sync.js"),
    ),
];

#[cfg(test)]
mod tests {
    use super::ASSETS;

    /// Every module a script imports (`from './x.js'`, or loaded later with `import('./x.js')`) is
    /// served: a missing one breaks the app.
    #[test]
    fn every_imported_module_is_served() {
        for (name, _, body) in ASSETS.iter().filter(|a| a.0.ends_with(".js")) {
            let body = std::str::from_utf8(body).unwrap();
            for marker in ["from './", "import('./"] {
                for part in body.split(marker).skip(1) {
                    let file = &part[..part.find('\'').unwrap()];
                    assert!(
                        ASSETS.iter().any(|a| a.0 == file),
                        "{name} imports {file}, which is not in ASSETS"
                    );
                }
            }
        }
    }
}
