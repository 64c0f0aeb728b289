//! The HTTP server loop: HTTP/1.1 over hyper with the limits a public server needs against
//! slow, idle and greedy clients (slowloris, socket hoarding).
//!
//! Every connection is accepted at once (nobody waits in the kernel's listen queue) and then
//! admitted against two caps: all open connections (`max_connections`) and those of one peer
//! address (`max_connections_per_peer`). At a cap, a newcomer takes the place of the oldest
//! connection that is doing nothing: first one that has not sent a byte yet, then one idle
//! between requests (closed gracefully). Only when every connection is busy is the newcomer
//! answered 503 `server_busy` and closed. A new connection must send its first byte within
//! `first_byte_timeout`, much shorter than the keep-alive idle time (`header_timeout`, which
//! also bounds reading a request head), so hoarded silent sockets cost little and are the
//! first to go.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt;

/// Limits of the server loop (see `Config` for the variables that set them).
#[derive(Debug, Clone, Copy)]
pub struct ServerLimits {
    /// Reading one request head, and the idle time between two requests of a connection.
    pub header_timeout: Duration,
    /// From accepting a connection to its first byte.
    pub first_byte_timeout: Duration,
    pub max_connections: usize,
    /// Open connections of one peer address; 0 = no per-peer cap (behind a reverse proxy
    /// every connection comes from the proxy: README, "Behind a reverse proxy").
    pub max_connections_per_peer: usize,
}

/// Largest request head hyper buffers. Heads between the router's own limits (8 KiB of URI,
/// 32 KiB of headers, answered in the error envelope) and this get hyper's bare 414/431.
const MAX_HEAD_BYTES: usize = 256 * 1024;
/// How long open requests may finish after a stop signal.
const DRAIN: Duration = Duration::from_secs(10);
/// How long a refused newcomer may take to send its request head and read the 503.
const REFUSAL_WRITE: Duration = Duration::from_secs(1);

/// Serves `router` on `listener` until `shutdown` completes, then lets open requests finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let table = Arc::new(Connections::new(limits));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, remote) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors and the like: pause instead of spinning.
                tracing::warn!(%error, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        match table.admit(remote.ip()) {
            Some(ticket) => {
                let connection = Connection {
                    stream,
                    remote,
                    ticket,
                    router: router.clone(),
                    http: http.clone(),
                    first_byte_timeout: limits.first_byte_timeout,
                };
                tokio::spawn(connection.run());
            }
            None => {
                tracing::warn!(%remote, "connection refused: every connection is busy");
                tokio::spawn(refuse(stream));
            }
        }
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, table.close_all())
        .await
        .is_err()
    {
        tracing::warn!("open connections did not finish in time");
    }
    Ok(())
}

/// One accepted and admitted connection.
struct Connection {
    stream: TcpStream,
    remote: SocketAddr,
    ticket: Ticket,
    router: Router,
    http: hyper::server::conn::http1::Builder,
    first_byte_timeout: Duration,
}

impl Connection {
    async fn run(self) {
        let Connection {
            stream,
            remote,
            ticket,
            router,
            http,
            first_byte_timeout,
        } = self;
        let mut first = [0u8; 1];
        let spoke = tokio::select! {
            peeked = tokio::time::timeout(first_byte_timeout, stream.peek(&mut first)) => {
                matches!(peeked, Ok(Ok(n)) if n > 0)
            }
            () = ticket.evicted() => false,
        };
        if !spoke {
            return;
        }
        let state = ticket.state.clone();
        state.set(Phase::Idle);
        let service = router
            .map_request({
                let state = state.clone();
                move |request: hyper::Request<hyper::body::Incoming>| {
                    state.set(Phase::Busy);
                    let mut request = request.map(axum::body::Body::new);
                    request
                        .extensions_mut()
                        .insert(ConnectInfo::<SocketAddr>(remote));
                    request
                }
            })
            .map_response(move |response| {
                // Once the handler answered: an eviction now closes the connection
                // gracefully, after the answer's body is written.
                state.set(Phase::Idle);
                response
            });
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        tokio::pin!(connection);
        let ended = tokio::select! {
            ended = connection.as_mut() => ended,
            () = ticket.evicted() => {
                connection.as_mut().graceful_shutdown();
                connection.await
            }
        };
        if let Err(error) = ended {
            tracing::debug!(%error, %remote, "connection ended with an error");
        }
    }
}

/// Answers a connection that could not be admitted (every slot busy serving) with a 503 in
/// the error envelope, then closes it.
async fn refuse(mut stream: TcpStream) {
    let body = crate::api::error::ApiError::Protocol {
        status: axum::http::StatusCode::SERVICE_UNAVAILABLE,
        code: "server_busy",
        message: "The server has too many open connections. Please try again.",
    }
    .body()
    .to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let exchange = async {
        // Read the request head first: an HTTP client takes an answer that comes before its
        // request for a broken connection, not for an answer.
        let mut head = Vec::with_capacity(1024);
        let mut buf = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 16 * 1024 {
            match stream.read(&mut buf).await? {
                0 => return Ok(()),
                n => head.extend_from_slice(&buf[..n]),
            }
        }
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    };
    let _: Result<std::io::Result<()>, _> = tokio::time::timeout(REFUSAL_WRITE, exchange).await;
}

/// What a connection is doing, for choosing whom to close at a cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Phase {
    /// Accepted, no byte received yet.
    Silent = 0,
    /// Between requests (keep-alive).
    Idle = 1,
    /// A request is being served.
    Busy = 2,
}

/// A connection's phase, shared between its task and the table.
#[derive(Debug)]
struct SharedPhase(AtomicU8);

impl SharedPhase {
    fn set(&self, phase: Phase) {
        self.0.store(phase as u8, Ordering::Release);
    }

    fn get(&self) -> Phase {
        match self.0.load(Ordering::Acquire) {
            0 => Phase::Silent,
            1 => Phase::Idle,
            _ => Phase::Busy,
        }
    }
}

struct Entry {
    peer: IpAddr,
    opened: Instant,
    state: Arc<SharedPhase>,
    evict: Arc<Notify>,
}

#[derive(Default)]
struct Table {
    next_id: u64,
    entries: HashMap<u64, Entry>,
    per_peer: HashMap<IpAddr, usize>,
}

impl Table {
    fn remove(&mut self, id: u64) -> Option<Entry> {
        let entry = self.entries.remove(&id)?;
        if let Some(count) = self.per_peer.get_mut(&entry.peer) {
            *count -= 1;
            if *count == 0 {
                self.per_peer.remove(&entry.peer);
            }
        }
        Some(entry)
    }

    /// The connection to close for a newcomer: the oldest silent one, else the oldest idle
    /// one (of `peer` only, when given).
    fn victim(&self, peer: Option<IpAddr>) -> Option<u64> {
        self.entries
            .iter()
            .filter(|(_, e)| peer.is_none_or(|p| e.peer == p))
            .filter_map(|(id, e)| match e.state.get() {
                Phase::Busy => None,
                phase => Some(((phase as u8, e.opened), *id)),
            })
            .min_by_key(|(rank, _)| *rank)
            .map(|(_, id)| id)
    }

    /// Closes `victim` to make room; `false` when there was none.
    fn evict(&mut self, victim: Option<u64>) -> bool {
        match victim.and_then(|id| self.remove(id)) {
            Some(entry) => {
                entry.evict.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Open connections, counted in all and per peer address.
pub struct Connections {
    limits: ServerLimits,
    table: Mutex<Table>,
    emptied: Notify,
}

impl Connections {
    fn new(limits: ServerLimits) -> Connections {
        Connections {
            limits,
            table: Mutex::new(Table::default()),
            emptied: Notify::new(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        // A panic while holding the lock leaves counts that are still consistent.
        self.table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Admits a connection from `peer`, closing an idle one at a cap; `None` when every
    /// connection in the way is busy.
    fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<Ticket> {
        let mut table = self.lock();
        let per_peer = self.limits.max_connections_per_peer;
        if per_peer > 0 && table.per_peer.get(&peer).copied().unwrap_or(0) >= per_peer {
            let victim = table.victim(Some(peer));
            if !table.evict(victim) {
                return None;
            }
        }
        if table.entries.len() >= self.limits.max_connections.max(1) {
            let victim = table.victim(None);
            if !table.evict(victim) {
                return None;
            }
        }
        let id = table.next_id;
        table.next_id += 1;
        let state = Arc::new(SharedPhase(AtomicU8::new(Phase::Silent as u8)));
        let evict = Arc::new(Notify::new());
        table.entries.insert(
            id,
            Entry {
                peer,
                opened: Instant::now(),
                state: state.clone(),
                evict: evict.clone(),
            },
        );
        *table.per_peer.entry(peer).or_default() += 1;
        Some(Ticket {
            id,
            state,
            evict,
            table: self.clone(),
        })
    }

    /// Asks every connection to finish (gracefully: open requests complete) and waits until
    /// all have.
    async fn close_all(&self) {
        loop {
            let emptied = self.emptied.notified();
            tokio::pin!(emptied);
            emptied.as_mut().enable();
            let open: Vec<Arc<Notify>> = {
                let table = self.lock();
                table.entries.values().map(|e| e.evict.clone()).collect()
            };
            if open.is_empty() {
                return;
            }
            for evict in open {
                evict.notify_one();
            }
            emptied.await;
        }
    }
}

/// A connection's place in the table; dropping it (the connection ended) frees the place.
struct Ticket {
    id: u64,
    state: Arc<SharedPhase>,
    evict: Arc<Notify>,
    table: Arc<Connections>,
}

impl Ticket {
    /// Completes when the connection is asked to close (to make room, or at shutdown).
    async fn evicted(&self) {
        self.evict.notified().await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut table = self.table.lock();
        table.remove(self.id);
        if table.entries.is_empty() {
            self.table.emptied.notify_waiters();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(all: usize, per_peer: usize) -> ServerLimits {
        ServerLimits {
            header_timeout: Duration::from_secs(10),
            first_byte_timeout: Duration::from_secs(3),
            max_connections: all,
            max_connections_per_peer: per_peer,
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn a_newcomer_replaces_the_oldest_silent_connection_of_its_peer() {
        let table = Arc::new(Connections::new(limits(100, 2)));
        let first = table.admit(ip(2)).expect("first");
        let second = table.admit(ip(2)).expect("second");
        first.state.set(Phase::Busy);
        // The peer is at its cap: its silent connection goes, the busy one stays.
        let third = table.admit(ip(2)).expect("third");
        assert_eq!(table.lock().entries.len(), 2);
        assert!(table.lock().entries.contains_key(&first.id));
        assert!(!table.lock().entries.contains_key(&second.id));
        // Another peer is not held back by this one.
        let other = table.admit(ip(3)).expect("other peer");
        third.state.set(Phase::Busy);
        // Both of the peer's connections busy: refused.
        assert!(table.admit(ip(2)).is_none());
        drop((first, other));
        assert!(table.admit(ip(2)).is_some());
    }

    #[test]
    fn at_the_global_cap_silent_go_before_idle_and_busy_are_kept() {
        let table = Arc::new(Connections::new(limits(3, 0)));
        let busy = table.admit(ip(1)).expect("busy");
        busy.state.set(Phase::Busy);
        let idle = table.admit(ip(1)).expect("idle");
        idle.state.set(Phase::Idle);
        let silent = table.admit(ip(9)).expect("silent");
        let newcomer = table.admit(ip(1)).expect("replaces the silent one");
        assert!(!table.lock().entries.contains_key(&silent.id));
        newcomer.state.set(Phase::Busy);
        let next = table.admit(ip(1)).expect("replaces the idle one");
        assert!(!table.lock().entries.contains_key(&idle.id));
        next.state.set(Phase::Busy);
        assert!(table.admit(ip(1)).is_none(), "every connection busy");
        drop((busy, silent, idle, newcomer, next));
        assert!(table.lock().entries.is_empty());
        assert!(table.lock().per_peer.is_empty());
    }
}
