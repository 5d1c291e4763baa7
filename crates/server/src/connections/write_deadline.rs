//! The write deadline of a connection (docs/web.md, "Running it in public", `--write-timeout`): a
//! write or flush that makes no progress for [`Limits::write_timeout`](crate::Limits) fails with
//! [`ErrorKind::TimedOut`](std::io::ErrorKind::TimedOut), so hyper (or an upgraded WebSocket) closes
//! the connection and its slot is freed.
//!
//! Why at the connection's IO: the header and request timeouts end when the app has answered, but
//! the answer still has to be written, and a client that sends requests and never reads stops that
//! writing for ever once the buffers between them are full (finding 3: 100 such connections held
//! every slot, and a normal client waited 90 s). Only a write that is stuck counts: a client that
//! takes its answers slowly but steadily is served to the end, each write it lets through starting
//! the deadline anew.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// `S` whose writes fail with `TimedOut` after making no progress for `timeout`.
pub struct WriteDeadline<S> {
    inner: S,
    timeout: Duration,
    /// The deadline of the write now waiting; kept (and reset) for the next wait once armed.
    deadline: Option<Pin<Box<Sleep>>>,
    /// Whether a write is waiting now (the deadline runs).
    waiting: bool,
}

impl<S> WriteDeadline<S> {
    /// `inner`, whose writes may wait at most `timeout` each.
    pub fn new(inner: S, timeout: Duration) -> WriteDeadline<S> {
        WriteDeadline {
            inner,
            timeout,
            deadline: None,
            waiting: false,
        }
    }

    /// The outcome of a write (or flush, or shutdown) that returned `polled`: any result is
    /// progress and stops the deadline; waiting starts it, and waiting past it is `TimedOut`.
    fn within<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if polled.is_ready() {
            self.waiting = false;
            return polled;
        }
        if !self.waiting {
            self.waiting = true;
            let at = Instant::now() + self.timeout;
            match &mut self.deadline {
                Some(d) => d.as_mut().reset(at),
                None => self.deadline = Some(Box::pin(tokio::time::sleep_until(at))),
            }
        }
        let deadline = self.deadline.as_mut().expect("armed above");
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client took nothing of the answer within the write timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteDeadline<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteDeadline<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.within(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.within(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_flush(cx);
        self.within(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.within(cx, polled)
    }
}
