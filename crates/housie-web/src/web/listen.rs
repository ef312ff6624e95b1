//! Accepting connections so that nobody who can reach the port can lock the caller out.
//!
//! Every connection is tracked with what it is doing: waiting for a request head, reading a
//! request's body, serving a request, idle between requests, or following the night's event
//! stream. A connection that takes longer than [`Limits::head_timeout`] to send its request
//! head or [`Limits::body_timeout`] to send its body (at most [`super::BODY_LIMIT`] bytes), sits
//! idle longer than [`Limits::idle_timeout`], or spends longer than [`Limits::request_timeout`]
//! on one answer is closed. At most [`Limits::connections`] are open at once; when a new one
//! arrives at the cap, the oldest connection that is only waiting (for a head or a body, or
//! idle) makes way for it, so a flood of idle connections, slow heads or slow bodies can never
//! fill the server: the caller's next request always gets in. Event streams are capped below the connection cap (the caller's own stream
//! is exempt), so boards and phones cannot take every place either.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tower::ServiceExt;

use super::error::ApiError;

/// Request bodies are a few dozen bytes; anything over this is refused.
pub const BODY_LIMIT: usize = 16 * 1024;

/// How many connections and event streams the server keeps, and how long it waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once.
    pub connections: usize,
    /// Event streams (boards, phones) open at once without the caller's token.
    pub streams: usize,
    /// The longest a connection may take to send a request head.
    pub head_timeout: Duration,
    /// The longest a connection may sit idle between requests.
    pub idle_timeout: Duration,
    /// The longest one request's answer may take, once its body is in.
    pub request_timeout: Duration,
    /// The longest a request's body may take to arrive. Until it has, the connection may be
    /// closed to make room, as one that is still sending its head may.
    pub body_timeout: Duration,
    /// The largest body any request may send ([`super::BODY_LIMIT`] for the night; the
    /// studio takes images). Each route may take less.
    pub body_limit: usize,
}

/// File descriptors kept back for the database, the run's files and the listener.
const RESERVED_FILES: u64 = 64;

impl Limits {
    /// Limits for a process that may open `files` files: connections leave room for the rest,
    /// and event streams leave room for the caller's requests.
    pub fn for_open_files(files: u64) -> Limits {
        let connections = files.saturating_sub(RESERVED_FILES).clamp(16, 20_000) as usize;
        let streams = connections - (connections / 8).max(8);
        Limits {
            connections,
            streams,
            head_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            request_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(5),
            body_limit: BODY_LIMIT,
        }
    }

    /// Limits for this process: the soft limit on open files is raised to the hard limit first.
    pub fn from_system() -> Limits {
        #[cfg(unix)]
        {
            let _ = rlimit::increase_nofile_limit(u64::MAX);
            if let Ok((soft, _)) = rlimit::getrlimit(rlimit::Resource::NOFILE) {
                return Limits::for_open_files(soft);
            }
        }
        Limits::for_open_files(1024)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::for_open_files(1024)
    }
}

const WAITING: u8 = 0;
const BUSY: u8 = 1;
const IDLE: u8 = 2;
const STREAMING: u8 = 3;
/// A request head is in and its body is still arriving.
const READING: u8 = 4;

/// One open connection.
struct Conn {
    id: u64,
    state: AtomicU8,
    /// Milliseconds since the server started, when the state last changed.
    since: AtomicU64,
    close: tokio::sync::Notify,
}

/// The open connections.
struct Registry {
    start: Instant,
    next: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Conn>>>,
}

impl Registry {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn add(&self) -> Arc<Conn> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            id,
            state: AtomicU8::new(WAITING),
            since: AtomicU64::new(self.now()),
            close: tokio::sync::Notify::new(),
        });
        self.open.lock().unwrap_or_else(PoisonError::into_inner).insert(id, Arc::clone(&conn));
        conn
    }

    fn remove(&self, id: u64) {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
    }

    fn len(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    fn set(&self, conn: &Conn, state: u8) {
        conn.state.store(state, Ordering::Relaxed);
        conn.since.store(self.now(), Ordering::Relaxed);
    }

    /// Closes the connection that has waited longest without a whole request in hand (a head
    /// or a body still arriving, or idle); `false` when every connection is busy or streaming.
    fn evict_one(&self) -> bool {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let oldest = open
            .values()
            .filter(|c| matches!(c.state.load(Ordering::Relaxed), WAITING | IDLE | READING))
            .min_by_key(|c| c.since.load(Ordering::Relaxed));
        match oldest {
            Some(c) => {
                // Out of the count at once, so the new connection has its place.
                let c = Arc::clone(c);
                drop(open);
                self.remove(c.id);
                c.close.notify_one();
                true
            }
            None => false,
        }
    }

    /// Closes every connection past its time.
    fn reap(&self, limits: &Limits) {
        let now = self.now();
        let over: Vec<Arc<Conn>> = self
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .filter(|c| {
                let age = Duration::from_millis(now.saturating_sub(c.since.load(Ordering::Relaxed)));
                match c.state.load(Ordering::Relaxed) {
                    WAITING => age > limits.head_timeout,
                    IDLE => age > limits.idle_timeout,
                    BUSY => age > limits.request_timeout,
                    READING => age > limits.body_timeout,
                    _ => false,
                }
            })
            .cloned()
            .collect();
        for c in over {
            self.remove(c.id);
            c.close.notify_one();
        }
    }
}

/// Serves `router` on `listener` within `limits` until `shutdown` completes.
pub async fn serve_with_limits(
    router: Router,
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry { start: Instant::now(), next: AtomicU64::new(0), open: Mutex::default() });
    let reaper = {
        let registry = Arc::clone(&registry);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(250));
            loop {
                tick.tick().await;
                registry.reap(&limits);
            }
        })
    };
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of file descriptors, or a connection gone before it was accepted: make
                // room and go on.
                registry.evict_one();
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            }
        };
        if registry.len() >= limits.connections && !registry.evict_one() {
            // Every place is serving a request or a stream: this one waits its turn elsewhere.
            drop(stream);
            continue;
        }
        let conn = registry.add();
        tokio::spawn(serve_connection(stream, peer, conn, Arc::clone(&registry), router.clone(), limits));
    }
    reaper.abort();
    Ok(())
}

/// Serves one connection's requests until it closes, is closed for its time, or makes way,
/// keeping its state in the registry up to date.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: std::net::SocketAddr,
    conn: Arc<Conn>,
    registry: Arc<Registry>,
    router: Router,
    limits: Limits,
) {
    let _ = stream.set_nodelay(true);
    let stream = JsonErrors::new(stream);
    let served = Arc::clone(&stream.served);
    let service = {
        let (conn, registry) = (Arc::clone(&conn), Arc::clone(&registry));
        hyper::service::service_fn(move |request: Request<Incoming>| {
            served.fetch_add(1, Ordering::Relaxed);
            registry.set(&conn, READING);
            let (conn, registry, router) = (Arc::clone(&conn), Arc::clone(&registry), router.clone());
            async move {
                // The body is read here, within its time and size, while the connection can
                // still make way: a body that trickles in cannot hold a place.
                let mut request = match read_body(request, limits.body_timeout, limits.body_limit).await {
                    Ok(request) => request,
                    Err(refused) => {
                        registry.set(&conn, IDLE);
                        return Ok::<_, Infallible>(refused.into_response());
                    }
                };
                registry.set(&conn, BUSY);
                // Who asks: phones' claims are rate-limited by address.
                request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
                let response = router.oneshot(request).await.unwrap_or_else(|e: Infallible| match e {});
                let streaming = response
                    .headers()
                    .get(header::CONTENT_TYPE)
                    .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
                registry.set(&conn, if streaming { STREAMING } else { IDLE });
                Ok::<_, Infallible>(response)
            }
        })
    };
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.head_timeout).keep_alive(true);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        _ = connection => {}
        () = conn.close.notified() => {}
    }
    registry.remove(conn.id);
}

/// A connection whose answers hyper writes itself, to a request it could not read (400, 414,
/// 431, with an empty body), carry a JSON error as every other answer does. hyper writes
/// such an answer only when no request reached the router, so an answer head written when every
/// request served has had its answer is hyper's own; it is replaced whole.
struct JsonErrors<S> {
    inner: S,
    /// Requests handed to the router on this connection.
    served: Arc<AtomicU64>,
    /// Answer heads (not 1xx) written so far.
    heads: u64,
    /// A replacement answer not yet written, and how many bytes of hyper's it stands for.
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl<S> JsonErrors<S> {
    fn new(inner: S) -> JsonErrors<S> {
        JsonErrors { inner, served: Arc::new(AtomicU64::new(0)), heads: 0, pending: None }
    }
}

/// hyper's own answer `head`, as the same status with a JSON error body.
fn with_json_body(head: &[u8]) -> Option<Vec<u8>> {
    let code: u16 = std::str::from_utf8(head.get(9..12)?).ok()?.parse().ok()?;
    let status = StatusCode::from_u16(code).ok()?;
    let why = match code {
        400 => "the request could not be read as HTTP/1.1",
        414 => "the request's address is too long",
        431 => "the request's headers are too large",
        _ => status.canonical_reason().unwrap_or("the request was refused"),
    };
    let body = serde_json::json!({ "error": why }).to_string();
    let reason = status.canonical_reason().unwrap_or("");
    Some(
        format!(
            "HTTP/1.1 {code} {reason}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl<S: tokio::io::AsyncWrite + Unpin> JsonErrors<S> {
    /// Writes what is left of a replacement answer; `Ready(Some(n))` once it is all out, `n`
    /// being how many of hyper's bytes it stood for.
    fn flush_pending(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<std::io::Result<Option<usize>>> {
        use std::task::Poll;
        while let Some((bytes, done, owed)) = &mut self.pending {
            if *done == bytes.len() {
                let owed = *owed;
                self.pending = None;
                return Poll::Ready(Ok(Some(owed)));
            }
            match std::pin::Pin::new(&mut self.inner).poll_write(cx, &bytes[*done..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *done += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(None))
    }
}

impl<S: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for JsonErrors<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for JsonErrors<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let this = &mut *self;
        let own_answer = this.pending.is_none()
            && buf.starts_with(b"HTTP/1.1 ")
            && !buf.starts_with(b"HTTP/1.1 1")
            && this.heads >= this.served.load(Ordering::Relaxed);
        if let Some(answer) = own_answer.then(|| with_json_body(buf)).flatten() {
            this.pending = Some((answer, 0, buf.len()));
        }
        if this.pending.is_some() {
            // hyper writes the same bytes again until told they are out: they are, once the
            // replacement is.
            let owed = std::task::ready!(this.flush_pending(cx))?;
            return std::task::Poll::Ready(Ok(owed.unwrap_or(buf.len())));
        }
        if buf.starts_with(b"HTTP/1.1 ") && !buf.starts_with(b"HTTP/1.1 1") {
            this.heads += 1;
        }
        std::pin::Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::ready!(self.flush_pending(cx))?;
        std::pin::Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::ready!(self.flush_pending(cx))?;
        std::pin::Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The request with its body read whole: refused when it is larger than `limit` (413) or
/// takes longer than `timeout` to arrive (408).
async fn read_body(request: Request<Incoming>, timeout: Duration, limit: usize) -> Result<Request<Body>, ApiError> {
    let (parts, body) = request.into_parts();
    let declared = parts.headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let too_large = || ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, format!("request body: larger than {limit} bytes"));
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    if declared == Some(0) || (declared.is_none() && !parts.headers.contains_key(header::TRANSFER_ENCODING)) {
        return Ok(Request::from_parts(parts, Body::empty()));
    }
    let limited = http_body_util::Limited::new(body, limit);
    match tokio::time::timeout(timeout, limited.collect()).await {
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, Body::from(bytes.to_bytes()))),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => Err(too_large()),
        Ok(Err(e)) => Err(ApiError::new(StatusCode::BAD_REQUEST, format!("request body: {e}"))),
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!("request body: not all sent within {} seconds", timeout.as_secs()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_leave_room_for_the_caller() {
        let l = Limits::for_open_files(1024);
        assert_eq!((l.connections, l.streams), (960, 840));
        let small = Limits::for_open_files(10);
        assert!(small.streams < small.connections);
    }
}
