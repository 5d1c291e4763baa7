//! The answers written on the connection itself rather than by the app, made like the app's: a JSON
//! body `{"error": "…"}`, the security headers of `http::guard` and `Connection: close`.
//!
//! - **hyper's own answers to requests it cannot read.** Before any route sees a request, hyper
//!   answers a malformed one (400), one whose address is too long (414) or whose headers are too
//!   many or too large (431) itself, with an empty body and no other header than its length and
//!   the date, and then closes the connection. hyper 1.x offers no hook for these answers (its
//!   `Http1Transaction::on_error` is internal, and the service is never called), so
//!   [`OwnAnswers`], the connection's IO, recognises such an answer when hyper writes it (the status
//!   line of one of those three and no header but `content-length: 0`, `date` and `connection`:
//!   no answer of the app looks like that, since every one of them carries the security headers)
//!   and writes a complete answer in its place. hyper closes the connection after it, and anything
//!   hyper would write after it is dropped.
//! - **The 429 of a connection over its address's share** (`crate::connections`), written before
//!   any request is read: [`json_answer`].

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::http::guard::SECURITY_HEADERS;

/// A complete HTTP/1.1 answer `{"error": message}` with `status`, the security headers,
/// `Connection: close` and `extra` headers (lower-case name, value).
pub fn json_answer(status: StatusCode, message: &str, extra: &[(&str, &str)]) -> Vec<u8> {
    let body = serde_json::json!({ "error": message }).to_string();
    let mut head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        status.as_str(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    for (name, value) in SECURITY_HEADERS.iter().chain(extra) {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut answer = head.into_bytes();
    answer.extend_from_slice(body.as_bytes());
    answer
}

/// What the client is told in place of hyper's empty answer with `status`.
fn message(status: StatusCode) -> Option<&'static str> {
    Some(match status {
        StatusCode::BAD_REQUEST => "the request could not be read (malformed HTTP/1.1)",
        StatusCode::URI_TOO_LONG => "the request's address is too long",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => {
            "the request's headers are too many or too large"
        }
        _ => return None,
    })
}

/// The answer to write in place of `written`, when `written` is exactly one of hyper's own empty
/// answers to a request it could not read (its `date` header is kept).
fn in_place_of(written: &[u8]) -> Option<Vec<u8>> {
    // hyper's whole answer: a head of a few dozen bytes, ending the write.
    if written.len() > 512 || !written.starts_with(b"HTTP/1.") {
        return None;
    }
    let text = std::str::from_utf8(written).ok()?;
    let head = text.strip_suffix("\r\n\r\n")?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let rest = status_line
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| status_line.strip_prefix("HTTP/1.0 "))?;
    let status = StatusCode::from_bytes(rest.get(..3)?.as_bytes()).ok()?;
    let message = message(status)?;
    let mut date = None;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "content-length" if value == "0" => {}
            "connection" => {}
            "date" => date = Some(value),
            // Any other header: not hyper's own answer.
            _ => return None,
        }
    }
    let date = date.map(|d| ("date", d));
    Some(json_answer(status, message, date.as_slice()))
}

/// A connection's IO that writes [`in_place_of`] hyper's own empty error answers.
pub struct OwnAnswers<S> {
    inner: S,
    /// The answer written in hyper's place and how much of it is written; once it is, the
    /// connection writes nothing more.
    answer: Option<(Vec<u8>, usize)>,
}

impl<S> OwnAnswers<S> {
    /// `inner`, whose writes are watched for hyper's own answers.
    pub fn new(inner: S) -> OwnAnswers<S> {
        OwnAnswers {
            inner,
            answer: None,
        }
    }
}

impl<S: AsyncWrite + Unpin> OwnAnswers<S> {
    /// Writes the rest of the answer given in hyper's place, if any.
    fn poll_answer(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Some((answer, written)) = &mut self.answer {
            while *written < answer.len() {
                let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &answer[*written..]))?;
                if n == 0 {
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                *written += n;
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Whether `buf` is taken care of here: hyper's own answer (its replacement is written from
    /// now on), or anything after it (dropped); how many bytes it counts as written.
    fn poll_instead(
        &mut self,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Option<Poll<io::Result<usize>>> {
        if self.answer.is_none() {
            self.answer = Some((in_place_of(buf)?, 0));
        }
        Some(self.poll_answer(cx).map_ok(|()| buf.len()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for OwnAnswers<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for OwnAnswers<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if let Some(polled) = self.poll_instead(cx, buf) {
            return polled;
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        // hyper writes its own answer as one buffer.
        let mut written = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (written.next(), written.next()) {
            if let Some(polled) = self.poll_instead(cx, only) {
                return polled;
            }
        } else if self.answer.is_some() {
            let all = bufs.iter().map(|b| b.len()).sum();
            return self.poll_answer(cx).map_ok(|()| all);
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_answer(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_answer(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_own_empty_error_answers_are_replaced() {
        let date = "date: Sat, 29 Nov 2026 10:00:00 GMT";
        for (status, hyper) in [
            (400, format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n{date}\r\n\r\n")),
            (414, format!("HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n{date}\r\n\r\n")),
            (431, format!("HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\n{date}\r\n\r\n")),
        ] {
            let answer = String::from_utf8(in_place_of(hyper.as_bytes()).unwrap()).unwrap();
            assert!(answer.starts_with(&format!("HTTP/1.1 {status} ")), "{answer}");
            assert!(answer.contains("x-content-type-options: nosniff\r\n"), "{answer}");
            assert!(answer.contains(&format!("{date}\r\n")), "{answer}");
            let (_, body) = answer.split_once("\r\n\r\n").unwrap();
            let v: serde_json::Value = serde_json::from_str(body).unwrap();
            assert!(v["error"].is_string(), "{answer}");
            assert!(answer.contains(&format!("content-length: {}\r\n", body.len())));
        }
        for other in [
            // The app's answers carry their type and the security headers; other statuses, bodies
            // and pieces of an answer are left alone.
            "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
        ] {
            assert!(in_place_of(other.as_bytes()).is_none(), "{other}");
        }
    }
}
