//! Serving the embedded files (`web.rs` lists them): each with a strong ETag (its content's
//! SHA-256, shortened), answered 304 with no body to a browser that already has that version
//! (`If-None-Match`), and compressed for a browser that accepts it (`Accept-Encoding`): brotli
//! when it takes `br`, else gzip (the higher q-value wins, brotli on a tie), each form made once per
//! file, the first time the file is asked for, with its own ETag (`-br`, `-gz`).
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

/// One file's ETag and its compressed forms with theirs (`None` when one would not be smaller).
struct Served {
    etag: String,
    gzip: Option<(String, Vec<u8>)>,
    brotli: Option<(String, Vec<u8>)>,
}

/// A form a file is sent in (`Content-Encoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    /// As it is.
    Identity,
    /// gzip.
    Gzip,
    /// brotli (`br`).
    Brotli,
}

/// The served forms of every file, in the order of [`ASSETS`].
fn served() -> &'static [OnceLock<Served>] {
    static SERVED: OnceLock<Vec<OnceLock<Served>>> = OnceLock::new();
    SERVED.get_or_init(|| ASSETS.iter().map(|_| OnceLock::new()).collect())
}

fn prepare(body: &[u8]) -> Served {
    let digest: String = Sha256::digest(body)
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let gzip = encoder
        .write_all(body)
        .ok()
        .and_then(|_| encoder.finish().ok())
        .filter(|g| g.len() < body.len())
        .map(|g| (format!("\"{digest}-gz\""), g));
    let brotli = compress_brotli(body)
        .filter(|b| b.len() < body.len())
        .map(|b| (format!("\"{digest}-br\""), b));
    Served {
        etag: format!("\"{digest}\""),
        gzip,
        brotli,
    }
}

/// `bytes` compressed by brotli with a 4 MiB window, made once: at its best quality (11), or at 9
/// for a file over 256 KiB (the engine's module: quality 11 would take seconds for a few per cent).
fn compress_brotli(bytes: &[u8]) -> Option<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: if bytes.len() > 256 << 10 { 9 } else { 11 },
        lgwin: 22,
        size_hint: bytes.len(),
        ..Default::default()
    };
    let mut out = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params).ok()?;
    Some(out)
}

/// The q-value `Accept-Encoding` gives `coding` (`gzip`, `br`): its own entry's, else that of `*`,
/// else 0 (not acceptable). A missing q is 1; an unreadable one makes the entry count as absent.
fn quality(headers: &HeaderMap, coding: &str) -> f32 {
    let (mut own, mut any) = (None, None);
    let entries = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','));
    for entry in entries {
        let mut parts = entry.split(';').map(str::trim);
        let name = parts.next().unwrap_or("");
        let mut q = Some(1.0f32);
        for p in parts {
            if let Some(v) = p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")) {
                q = v.parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q));
            }
        }
        let Some(q) = q else { continue };
        if name.eq_ignore_ascii_case(coding) {
            own = Some(own.map_or(q, |o: f32| o.max(q)));
        } else if name == "*" {
            any = Some(q);
        }
    }
    own.or(any).unwrap_or(0.0)
}

/// The form to send: of those there are (`gzip`, `brotli`), the one `Accept-Encoding` gives the
/// higher q-value above 0, brotli when both have the same; otherwise the file as it is.
fn choose(headers: &HeaderMap, gzip: bool, brotli: bool) -> Encoding {
    let q_gzip = if gzip { quality(headers, "gzip") } else { 0.0 };
    let q_brotli = if brotli { quality(headers, "br") } else { 0.0 };
    if q_brotli > 0.0 && q_brotli >= q_gzip {
        Encoding::Brotli
    } else if q_gzip > 0.0 {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
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
            all.update(body);
        }
        all.finalize()
            .iter()
            .take(12)
            .map(|b| format!("{b:02x}"))
            .collect()
    })
}

/// The page's text, naming the files under this build's version.
pub(crate) fn page_text() -> &'static str {
    &page().0
}

/// The page, naming the files under this build's version.
fn page() -> &'static (String, Served) {
    static PAGE: OnceLock<(String, Served)> = OnceLock::new();
    PAGE.get_or_init(|| {
        let (_, _, body) = ASSETS
            .iter()
            .find(|a| a.0 == "index.html")
            .expect("index.html is embedded");
        let text =
            String::from_utf8_lossy(body).replace("/assets/", &format!("/assets/{}/", version()));
        let served = prepare(text.as_bytes());
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
/// of a known kind, at most 4 MiB; `None` when there is no such file there (the embedded one is
/// served then: the engine's worker and module live outside the web folder).
fn from_disk(dir: &std::path::Path, name: &str) -> Option<Response> {
    let kind = match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("webmanifest") => "application/manifest+json",
        _ => return None,
    };
    let plain = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
    if !plain || name.starts_with('.') || name.len() > 64 {
        return None;
    }
    let path = dir.join(name);
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() && m.len() <= 4 << 20 => {}
        _ => return None,
    }
    let body = std::fs::read(&path).ok()?;
    Some(
        (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
    )
}

/// The answer for the page (`/`).
pub(crate) fn index(headers: &HeaderMap) -> Response {
    if let Some(dir) = web_dir() {
        return from_disk(dir, "index.html")
            .unwrap_or_else(|| (StatusCode::NOT_FOUND, "not found").into_response());
    }
    let (text, served) = page();
    answer(
        text.as_bytes(),
        "text/html; charset=utf-8",
        served,
        "no-cache",
        headers,
    )
}

/// A text the build fixes (`GET /api/variants`), made once and answered like the files: with its
/// ETag, 304 to a browser that has it, compressed (brotli or gzip) when accepted.
pub(crate) struct Fixed {
    text: String,
    served: Served,
}

impl Fixed {
    /// The fixed `text`.
    pub(crate) fn new(text: String) -> Fixed {
        let served = prepare(text.as_bytes());
        Fixed { text, served }
    }

    /// The answer to a request with `headers`, as `kind`, cached as `cache` says.
    pub(crate) fn answer(
        &'static self,
        kind: &'static str,
        cache: &'static str,
        headers: &HeaderMap,
    ) -> Response {
        answer(self.text.as_bytes(), kind, &self.served, cache, headers)
    }
}

/// The answer for the embedded file `name` asked for under `version` (`None`: `/assets/FILE`).
pub(crate) fn asset(name: &str, asked: Option<&str>, headers: &HeaderMap) -> Response {
    if name == "index.html" {
        return index(headers);
    }
    if let Some(answer) = web_dir().and_then(|dir| from_disk(dir, name)) {
        return answer;
    }
    let Some(i) = ASSETS.iter().position(|a| a.0 == name) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let (_, kind, body) = ASSETS[i];
    if body.is_empty() {
        // The engine's module when this build could not make it: the page uses the server's engine.
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    let served = served()[i].get_or_init(|| prepare(body));
    let cache = if asked == Some(version()) {
        IMMUTABLE
    } else {
        "no-cache"
    };
    answer(body, kind, served, cache, headers)
}

fn answer(
    body: &'static [u8],
    kind: &'static str,
    served: &'static Served,
    cache: &'static str,
    headers: &HeaderMap,
) -> Response {
    let form = match choose(headers, served.gzip.is_some(), served.brotli.is_some()) {
        Encoding::Identity => None,
        Encoding::Gzip => served.gzip.as_ref().map(|g| ("gzip", g)),
        Encoding::Brotli => served.brotli.as_ref().map(|b| ("br", b)),
    };
    let etag = form.map_or(served.etag.as_str(), |(_, (etag, _))| etag.as_str());
    let mut answer = if has_version(headers, etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if let Some((coding, (_, bytes))) = form {
        let mut r = bytes.clone().into_response();
        r.headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
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
/// `assets`: versions, ETags, brotli and gzip).
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
    use std::io::Read;

    use super::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn chosen(accept: &str) -> Encoding {
        choose(&headers(&[(header::ACCEPT_ENCODING, accept)]), true, true)
    }

    #[test]
    fn brotli_is_chosen_when_taken_and_q_values_are_respected() {
        // What Chromium and Firefox send: brotli.
        assert_eq!(chosen("gzip, deflate, br, zstd"), Encoding::Brotli);
        assert_eq!(chosen("br"), Encoding::Brotli);
        assert_eq!(chosen("BR;q=0.5, gzip;q=0.5"), Encoding::Brotli, "a tie");
        assert_eq!(chosen("*"), Encoding::Brotli);
        // The client's q-values decide.
        assert_eq!(chosen("br;q=0.5, GZIP;q=1.0"), Encoding::Gzip);
        assert_eq!(chosen("br;q=0, gzip"), Encoding::Gzip);
        assert_eq!(chosen("gzip, *;q=0"), Encoding::Gzip);
        assert_eq!(chosen("*;q=0.1, gzip;q=0.2"), Encoding::Gzip);
        assert_eq!(chosen("deflate"), Encoding::Identity);
        assert_eq!(chosen("gzip;q=0, br;q=0"), Encoding::Identity);
        assert_eq!(
            chosen("br;q=2, gzip;q=nonsense"),
            Encoding::Identity,
            "unreadable q"
        );
        assert_eq!(choose(&HeaderMap::new(), true, true), Encoding::Identity);
        // Only forms that exist (a file that does not shrink has none).
        let h = headers(&[(header::ACCEPT_ENCODING, "gzip, br")]);
        assert_eq!(choose(&h, true, false), Encoding::Gzip);
        assert_eq!(choose(&h, false, false), Encoding::Identity);
        // Two header lines count together.
        let h = headers(&[
            (header::ACCEPT_ENCODING, "gzip"),
            (header::ACCEPT_ENCODING, "br"),
        ]);
        assert_eq!(choose(&h, true, true), Encoding::Brotli);
    }

    #[test]
    fn each_form_is_made_once_with_its_own_tag_and_decodes_to_the_file() {
        let body = "const board = [1, 2, 3];\n".repeat(200);
        let served = prepare(body.as_bytes());
        let (gz_tag, _) = served.gzip.as_ref().unwrap();
        let (br_tag, br) = served.brotli.as_ref().unwrap();
        assert!(br_tag.ends_with("-br\"") && gz_tag.ends_with("-gz\""));
        assert_ne!(br_tag, &served.etag);
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, body.as_bytes());
        // A text too short to shrink is sent as it is.
        let tiny = prepare(b"a");
        assert!(tiny.gzip.is_none() && tiny.brotli.is_none());
    }

    #[test]
    fn versions_are_read() {
        assert!(has_version(
            &headers(&[(header::IF_NONE_MATCH, "\"a\", W/\"b\"")]),
            "\"b\""
        ));
        assert!(!has_version(
            &headers(&[(header::IF_NONE_MATCH, "\"a\"")]),
            "\"b\""
        ));
    }

    #[test]
    fn a_web_folder_serves_only_plain_names_of_known_kinds() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.js"), "export {};").unwrap();
        std::fs::write(dir.path().join(".hidden.js"), "x").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        std::fs::create_dir(dir.path().join("sub.js")).unwrap();
        let ok = from_disk(dir.path(), "a.js").expect("a plain name of a known kind");
        assert_eq!(ok.status(), StatusCode::OK);
        assert_eq!(
            ok.headers()[header::CONTENT_TYPE],
            "text/javascript; charset=utf-8"
        );
        assert_eq!(ok.headers()[header::CACHE_CONTROL], "no-cache");
        for refused in [
            ".hidden.js",
            "notes.txt",
            "../a.js",
            "A.js",
            "sub.js",
            "missing.js",
        ] {
            assert!(from_disk(dir.path(), refused).is_none(), "{refused}");
        }
    }
}
