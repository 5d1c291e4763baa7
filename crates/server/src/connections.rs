//! Accepting connections within bounds (docs/web.md, "Safe in public"): at most
//! [`Limits::connections`] open at once (more wait in the system's listen queue until one closes) and
//! [`Limits::connections_per_address`] from one address (more are answered 429 and closed), a
//! client must send a request's headers within [`Limits::header_timeout`] (an idle or half-sent
//! connection is closed, so slow clients cannot hold the slots), and the whole handling of a request
//! is bounded by [`Limits::request_timeout`] (a body sent too slowly gets 408). A WebSocket, once
//! upgraded, is no longer a request and stays open. Writing to the client has a deadline of its
//! own, [`Limits::write_timeout`], also on an upgraded WebSocket ([`write_deadline`]), so a client
//! that never reads cannot hold a slot either; and the answers written on the connection rather
//! than by the app (hyper's own to a request it cannot read, the 429 here) are JSON with the
//! security headers like the app's ([`own_answers`]).

mod own_answers;
mod write_deadline;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use self::own_answers::{json_answer, OwnAnswers};
use self::write_deadline::WriteDeadline;
use crate::limits::Limits;
use crate::per_address::{Held, PerAddress};

/// What a connection over its address's limit is told before it is closed.
fn busy() -> Vec<u8> {
    json_answer(
        hyper::StatusCode::TOO_MANY_REQUESTS,
        "too many connections from your address at once",
        &[("retry-after", "10")],
    )
}

/// Serves `app` on `listener` within the connection and header limits of `limits` until `shutdown`
/// completes; then stops accepting and gives open connections up to `grace` to finish. (The request
/// time limit is a layer of the app: `crate::app_within`.)
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send,
    grace: Duration,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.connections.max(1)));
    let per_address = PerAddress::new(limits.connections_per_address);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot.expect("the semaphore stays open"),
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file handles or a connection reset before it was accepted: try again soon.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Without TCP_NODELAY a WebSocket update to the player who did not move waits for the
        // client's delayed ACK (about 25 ms more per move on loopback; see docs/web.md, Load).
        let _ = stream.set_nodelay(true);
        // A trusted proxy carries many clients; everyone else has a share of the slots.
        let share = if limits.trusted_proxies.contains(&peer.ip()) {
            None
        } else {
            match per_address.take(peer.ip()) {
                Some(held) => Some(held),
                None => {
                    tokio::spawn(refuse(stream, slot));
                    continue;
                }
            }
        };
        // The client's address goes with each request (rate limits are per address).
        let service = TowerToHyperService::new(
            app.clone()
                .layer(axum::Extension(axum::extract::ConnectInfo(peer))),
        );
        // The slot goes with the connection, also into an upgraded WebSocket, and is freed when
        // the connection closes; so do the write deadline and the answers in hyper's place.
        let io = TokioIo::new(Slotted {
            stream: OwnAnswers::new(WriteDeadline::new(stream, limits.write_timeout)),
            _slot: slot,
            _share: share,
        });
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(io, service)
                .with_upgrades();
            let _ = connection.await;
        });
    }
    // Open connections get a moment to finish; then the server stops regardless.
    let all = u32::try_from(limits.connections.max(1)).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(grace, slots.acquire_many(all)).await;
    Ok(())
}

/// Tells a connection over its address's limit so (within a second) and closes it.
async fn refuse(mut stream: TcpStream, _slot: OwnedSemaphorePermit) {
    use tokio::io::AsyncWriteExt;
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(&busy())).await;
}

/// A connection with its slots: they are freed when the connection is dropped.
struct Slotted {
    stream: OwnAnswers<WriteDeadline<TcpStream>>,
    _slot: OwnedSemaphorePermit,
    _share: Option<Held>,
}

impl AsyncRead for Slotted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Slotted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
