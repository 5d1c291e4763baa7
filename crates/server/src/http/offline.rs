//! The installable app (docs/web.md, "Offline"): the service worker at `/sw.js` (scope `/`) and the
//! manifest at `/manifest.webmanifest`, and the same files written to a folder for any static host
//! ([`write_static`], `hasami static DIR`).
//!
//! The worker is the web file `sw.js` with two lines put before it, fixed for this build:
//! `const VERSION = '…';` (the files' version, [`version`]) and `const FILES = [...];` (`/` and
//! every file under `/assets/VERSION/`, the engine's module included), so that a new build installs
//! a new worker that caches the new files and drops the old ones.

use std::path::Path;
use std::sync::OnceLock;

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::assets::{asset, page_text, version, Fixed};
use super::web::ASSETS;
use crate::live::Shared;

/// The files the page may load, the page itself first: what the worker caches.
fn files() -> Vec<String> {
    let mut files = vec!["/".to_string()];
    files.extend(
        ASSETS
            .iter()
            .filter(|(name, _, body)| !body.is_empty() && !matches!(*name, "index.html" | "sw.js"))
            .map(|(name, _, _)| format!("/assets/{}/{name}", version())),
    );
    files
}

/// The service worker's text for this build, or `None` when the build has no `sw.js`.
pub(crate) fn service_worker_text() -> Option<&'static str> {
    static TEXT: OnceLock<Option<String>> = OnceLock::new();
    TEXT.get_or_init(|| {
        let (_, _, body) = ASSETS.iter().find(|a| a.0 == "sw.js")?;
        let files: Vec<String> = files().iter().map(|f| format!("'{f}'")).collect();
        Some(format!(
            "const VERSION = '{}';\nconst FILES = [{}];\n{}",
            version(),
            files.join(", "),
            String::from_utf8_lossy(body)
        ))
    })
    .as_deref()
}

/// `GET /sw.js`: the service worker, never kept without asking (a new build's must be seen).
fn service_worker(headers: &HeaderMap) -> Response {
    static SERVED: OnceLock<Option<Fixed>> = OnceLock::new();
    match SERVED.get_or_init(|| service_worker_text().map(|t| Fixed::new(t.to_string()))) {
        Some(fixed) => fixed.answer("text/javascript; charset=utf-8", "no-cache", headers),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// Routes of the installable app: `/sw.js` and `/manifest.webmanifest`.
pub fn router() -> Router<Shared> {
    Router::new()
        .route(
            "/sw.js",
            get(|headers: HeaderMap| async move { service_worker(&headers) }),
        )
        .route(
            "/manifest.webmanifest",
            get(|headers: HeaderMap| async move { asset("manifest.webmanifest", None, &headers) }),
        )
}

/// Writes the web app to `dir` for a static host: `index.html`, `sw.js`, `manifest.webmanifest`,
/// `favicon.ico` and every file under `assets/VERSION/` (the engine's module and its worker
/// included; `variants.json`, what `GET /api/variants` answers, for the set-up form); the folder's
/// files, in the order written.
pub fn write_static(dir: &Path) -> std::io::Result<Vec<String>> {
    let assets = dir.join("assets").join(version());
    std::fs::create_dir_all(&assets)?;
    let mut written = Vec::new();
    let mut write = |path: &Path, bytes: &[u8]| -> std::io::Result<()> {
        std::fs::write(path, bytes)?;
        written.push(path.strip_prefix(dir).unwrap_or(path).display().to_string());
        Ok(())
    };
    write(&dir.join("index.html"), page_text().as_bytes())?;
    if let Some(sw) = service_worker_text() {
        write(&dir.join("sw.js"), sw.as_bytes())?;
    }
    for (name, _, body) in ASSETS
        .iter()
        .filter(|a| !a.2.is_empty() && a.0 != "index.html")
    {
        write(&assets.join(name), body)?;
        match *name {
            "manifest.webmanifest" => write(&dir.join(name), body)?,
            "favicon.svg" => write(&dir.join("favicon.ico"), body)?,
            _ => {}
        }
    }
    write(
        &assets.join("variants.json"),
        super::variants::listing().to_string().as_bytes(),
    )?;
    Ok(written)
}
