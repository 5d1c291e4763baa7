//! Serving the embedded files (`web.rs` lists them): each with a strong ETag (its content's
//! SHA-256, shortened), answered 304 with no body to a browser that already has that version
//! (`If-None-Match`), and gzipped for a browser that accepts it (`Accept-Encoding`), the gzip made
//! once per file, the first time it is asked for.
//!
//! The page (`/`, `index.html`, `Cache-Control: no-cache`) names the files under a path of this
//! build's version, `/assets/VERSION/FILE` (VERSION: a hash of every file), and the modules import
//! each other by relative paths, so they all come from that path: a browser keeps them for a year
//! without asking again (`immutable`), and a new build's page names a new path. A reload asks only
//! for the page. A file asked for under another version, or under `/assets/FILE`, is sent as it is
//! now, with `no-cache`.

use std::io::Write;
use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};

use super::web::ASSETS;
use crate::live::Shared;

/// One file's ETag and its gzip form (`None` when gzip would not be smaller).
struct Served {
    etag: String,
    gzip: Option<(String, Vec<u8>)>,
}

/// The served forms of every file, in the order of [`ASSETS`].
fn served() -> &'static [OnceLock<Served>] {
    static SERVED: OnceLock<Vec<OnceLock<Served>>> = OnceLock::new();
    SERVED.get_or_init(|| ASSETS.iter().map(|_| OnceLock::new()).collect())
}

fn prepare(body: &str) -> Served {
    let digest: String = Sha256::digest(body.as_bytes())
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let gzip = encoder
        .write_all(body.as_bytes())
        .ok()
        .and_then(|_| encoder.finish().ok())
        .filter(|g| g.len() < body.len())
        .map(|g| (format!("\"{digest}-gz\""), g));
    Served {
        etag: format!("\"{digest}\""),
        gzip,
    }
}

/// Whether `Accept-Encoding` takes gzip (a `q=0` refuses it).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or("");
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
}

/// Whether `If-None-Match` names `etag` (or `*`).
fn has_version(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == etag || t == "*")
}

/// This build's version of the files: the first 12 bytes of a SHA-256 over all of them, in hex.
pub(crate) fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut all = Sha256::new();
        for (name, _, body) in ASSETS {
            all.update(name.as_bytes());
            all.update(body.as_bytes());
        }
        all.finalize()
            .iter()
            .take(12)
            .map(|b| format!("{b:02x}"))
            .collect()
    })
}

/// The page, naming the files under this build's version.
fn page() -> &'static (String, Served) {
    static PAGE: OnceLock<(String, Served)> = OnceLock::new();
    PAGE.get_or_init(|| {
        let (_, _, body) = ASSETS
            .iter()
            .find(|a| a.0 == "index.html")
            .expect("index.html is embedded");
        let text = body.replace("/assets/", &format!("/assets/{}/", version()));
        let served = prepare(&text);
        (text, served)
    })
}

/// How long a browser may keep the files of a version.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The folder named by `HASAMI_WEB_DIR`, if any: the front end is then read from it on every
/// request (`no-cache`, not compressed), so that its files can be edited without a rebuild.
fn web_dir() -> Option<&'static std::path::Path> {
    static DIR: OnceLock<Option<std::path::PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| std::env::var_os("HASAMI_WEB_DIR").map(Into::into))
        .as_deref()
}

/// The file `name` read from `dir`: only a plain name (`a-z 0-9 . -`, not starting with a dot)
/// of a known kind, at most 4 MiB.
fn from_disk(dir: &std::path::Path, name: &str) -> Response {
    let kind = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        _ => return (StatusCode::NOT_FOUND, "not found").into_response(),
    };
    let plain = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
    if !plain || name.starts_with('.') || name.len() > 64 {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    let path = dir.join(name);
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() && m.len() <= 4 << 20 => {}
        _ => return (StatusCode::NOT_FOUND, "not found").into_response(),
    }
    match std::fs::read(&path) {
        Ok(body) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The answer for the page (`/`).
pub(crate) fn index(headers: &HeaderMap) -> Response {
    if let Some(dir) = web_dir() {
        return from_disk(dir, "index.html");
    }
    let (text, served) = page();
    answer(
        text,
        "text/html; charset=utf-8",
        served,
        "no-cache",
        headers,
    )
}

/// A text the build fixes (`GET /api/variants`), made once and answered like the files: with its
/// ETag, 304 to a browser that has it, gzipped when accepted.
pub(crate) struct Fixed {
    text: String,
    served: Served,
}

impl Fixed {
    /// The fixed `text`.
    pub(crate) fn new(text: String) -> Fixed {
        let served = prepare(&text);
        Fixed { text, served }
    }

    /// The answer to a request with `headers`, as `kind`, cached as `cache` says.
    pub(crate) fn answer(
        &'static self,
        kind: &'static str,
        cache: &'static str,
        headers: &HeaderMap,
    ) -> Response {
        answer(&self.text, kind, &self.served, cache, headers)
    }
}

/// The answer for the embedded file `name` asked for under `version` (`None`: `/assets/FILE`).
pub(crate) fn asset(name: &str, asked: Option<&str>, headers: &HeaderMap) -> Response {
    if name == "index.html" {
        return index(headers);
    }
    if let Some(dir) = web_dir() {
        return from_disk(dir, name);
    }
    let Some(i) = ASSETS.iter().position(|a| a.0 == name) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let (_, kind, body) = ASSETS[i];
    let served = served()[i].get_or_init(|| prepare(body));
    let cache = if asked == Some(version()) {
        IMMUTABLE
    } else {
        "no-cache"
    };
    answer(body, kind, served, cache, headers)
}

fn answer(
    body: &'static str,
    kind: &'static str,
    served: &'static Served,
    cache: &'static str,
    headers: &HeaderMap,
) -> Response {
    let gzip = served.gzip.as_ref().filter(|_| accepts_gzip(headers));
    let etag = gzip.map_or(served.etag.as_str(), |g| g.0.as_str());
    let mut answer = if has_version(headers, etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if let Some((_, bytes)) = gzip {
        let mut r = bytes.clone().into_response();
        r.headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        r
    } else {
        body.into_response()
    };
    let h = answer.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Ok(v) = HeaderValue::from_str(etag) {
        h.insert(header::ETAG, v);
    }
    answer
}

/// Routes for the front end: `/`, `/assets/VERSION/{file}` and `/assets/{file}` (served by
/// `assets`: versions, ETags and gzip).
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/", get(|headers: HeaderMap| async move { index(&headers) }))
        .route(
            "/favicon.ico",
            get(|headers: HeaderMap| async move { asset("favicon.svg", None, &headers) }),
        )
        .route(
            "/assets/{file}",
            get(|Path(f): Path<String>, headers: HeaderMap| async move {
                asset(&f, None, &headers)
            }),
        )
        .route(
            "/assets/{version}/{file}",
            get(
                |Path((v, f)): Path<(String, String)>, headers: HeaderMap| async move {
                    asset(&f, Some(&v), &headers)
                },
            ),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn encodings_and_versions_are_read() {
        assert!(accepts_gzip(&headers(&[(
            header::ACCEPT_ENCODING,
            "gzip, deflate, br"
        )])));
        assert!(accepts_gzip(&headers(&[(
            header::ACCEPT_ENCODING,
            "br;q=1.0, GZIP;q=0.5"
        )])));
        assert!(!accepts_gzip(&headers(&[(
            header::ACCEPT_ENCODING,
            "gzip;q=0"
        )])));
        assert!(!accepts_gzip(&headers(&[(header::ACCEPT_ENCODING, "br")])));
        assert!(!accepts_gzip(&HeaderMap::new()));
        assert!(has_version(
            &headers(&[(header::IF_NONE_MATCH, "\"a\", W/\"b\"")]),
            "\"b\""
        ));
        assert!(!has_version(
            &headers(&[(header::IF_NONE_MATCH, "\"a\"")]),
            "\"b\""
        ));
    }
}
