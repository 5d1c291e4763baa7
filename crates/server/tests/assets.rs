//! The embedded files are sent compressed to browsers that take it (brotli when they take `br`, else
//! gzip), with an ETag per form, and a browser that has the version already gets 304 and no body, so
//! a reload downloads next to nothing.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::server;

/// A GET with `extra` header lines; the status, the head and the raw body.
fn get(addr: std::net::SocketAddr, path: &str, extra: &str) -> (u16, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let body = raw[split + 4..].to_vec();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head, body)
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

#[test]
fn files_are_gzipped_tagged_and_not_sent_again() {
    let (_dir, s) = server();
    let (status, plain_head, plain) = get(s.addr, "/assets/app.js", "");
    assert_eq!(status, 200);
    assert_eq!(header(&plain_head, "content-encoding"), None);
    assert_eq!(header(&plain_head, "vary"), Some("Accept-Encoding"));
    let etag = header(&plain_head, "etag").expect("an ETag").to_string();

    let (status, head, gz) = get(s.addr, "/assets/app.js", "Accept-Encoding: gzip\r\n");
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-encoding"), Some("gzip"));
    assert!(
        gz.len() * 2 < plain.len(),
        "{} of {} bytes",
        gz.len(),
        plain.len()
    );
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, plain);
    let gz_etag = header(&head, "etag").unwrap().to_string();
    assert_ne!(gz_etag, etag, "each form has its own tag");

    // A reload: the browser names the version it has.
    let (status, head, body) = get(
        s.addr,
        "/assets/app.js",
        &format!("Accept-Encoding: gzip\r\nIf-None-Match: {gz_etag}\r\n"),
    );
    assert_eq!(status, 304);
    assert!(body.is_empty());
    assert_eq!(header(&head, "etag"), Some(gz_etag.as_str()));
    let (status, _, _) = get(s.addr, "/", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(status, 200, "the page's own tag is another");
    let (status, _, body) = get(
        s.addr,
        "/assets/app.js",
        "If-None-Match: \"an old version\"\r\n",
    );
    assert_eq!((status, body.len()), (200, plain.len()));
    assert_eq!(get(s.addr, "/assets/nothing.js", "").0, 404);
    // Brotli for a browser that takes it (what browsers send), smaller than gzip.
    let (status, head, br) = get(
        s.addr,
        "/assets/app.js",
        "Accept-Encoding: gzip, deflate, br, zstd\r\n",
    );
    assert_eq!(status, 200);
    assert_eq!(header(&head, "content-encoding"), Some("br"));
    assert_eq!(header(&head, "vary"), Some("Accept-Encoding"));
    assert!(br.len() < gz.len(), "{} of {} bytes", br.len(), gz.len());
    assert_eq!(unbrotli(&br), plain);
    let br_etag = header(&head, "etag").unwrap().to_string();
    assert!(br_etag != etag && br_etag != gz_etag, "{br_etag}");
    let (status, _, body) = get(
        s.addr,
        "/assets/app.js",
        &format!("Accept-Encoding: br\r\nIf-None-Match: {br_etag}\r\n"),
    );
    assert_eq!((status, body.len()), (304, 0));
    // The browser's q-values decide: gzip preferred here.
    let (_, head, _) = get(
        s.addr,
        "/assets/app.js",
        "Accept-Encoding: br;q=0.4, gzip;q=0.8\r\n",
    );
    assert_eq!(header(&head, "content-encoding"), Some("gzip"));
    assert_eq!(
        header(&plain_head, "cache-control"),
        Some("no-cache"),
        "an unversioned path is asked for again"
    );
}

/// `bytes` decoded by brotli.
fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[test]
fn the_page_and_the_variants_are_sent_as_brotli_too() {
    let (_dir, s) = server();
    for path in ["/", "/api/variants"] {
        let (status, head, plain) = get(s.addr, path, "");
        assert_eq!(status, 200, "{path}");
        let (status, head_br, br) = get(s.addr, path, "Accept-Encoding: br, gzip\r\n");
        assert_eq!(status, 200, "{path}");
        assert_eq!(header(&head_br, "content-encoding"), Some("br"), "{path}");
        assert_eq!(header(&head_br, "vary"), Some("Accept-Encoding"), "{path}");
        assert!(br.len() < plain.len(), "{path}");
        assert_eq!(unbrotli(&br), plain, "{path}");
        let tag = header(&head_br, "etag").unwrap().to_string();
        assert_ne!(Some(tag.as_str()), header(&head, "etag"), "{path}");
        let (status, _, body) = get(
            s.addr,
            path,
            &format!("Accept-Encoding: br\r\nIf-None-Match: {tag}\r\n"),
        );
        assert_eq!((status, body.len()), (304, 0), "{path}");
    }
}

#[test]
fn the_page_names_this_versions_files_which_are_kept_for_good() {
    let (_dir, s) = server();
    let (status, head, page) = get(s.addr, "/", "");
    assert_eq!(status, 200);
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    let page = String::from_utf8(page).unwrap();
    let version = page
        .split("/assets/")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("a versioned path")
        .to_string();
    assert!(version.len() >= 16 && version.bytes().all(|b| b.is_ascii_hexdigit()));
    for file in ["app.js", "app.css", "theme.js", "favicon.svg"] {
        assert!(
            page.contains(&format!("/assets/{version}/{file}")),
            "{file}"
        );
        let (status, head, _) = get(s.addr, &format!("/assets/{version}/{file}"), "");
        assert_eq!(status, 200, "{file}");
        assert_eq!(
            header(&head, "cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{file}"
        );
    }
    // Another version's path (an old page) gets today's file, to be asked for again.
    let (status, head, _) = get(s.addr, "/assets/0123abcd/app.js", "");
    assert_eq!(status, 200);
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    assert_eq!(
        get(s.addr, &format!("/assets/{version}/nothing.js"), "").0,
        404
    );
}
