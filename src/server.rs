//! The HTTP server loop: HTTP/1.1 over hyper with the limits a public server needs against
//! slow, idle and greedy clients (slowloris, socket hoarding).
//!
//! Every connection is accepted at once (nobody waits in the kernel's listen queue). Until its
//! first byte it is *silent*: silent connections have a pool of their own, and when the pool is
//! full the oldest silent one is closed for the newcomer. A silent socket must speak within
//! `first_byte_timeout` (much shorter than the keep-alive idle time), so hoarded sockets cost
//! little, and a real client, which speaks within milliseconds of connecting, is never the
//! oldest silent one (a hoarder would have to open a whole pool's worth of sockets in that
//! moment to push it out).
//!
//! A connection that has spoken is *served*, within two caps: all served connections
//! (`max_connections`) and those of one peer address (`max_connections_per_peer`). At a cap a
//! newcomer takes the place of the oldest connection idle between requests (closed gracefully);
//! when every one is busy it is answered 503 `server_busy` and closed. `header_timeout` bounds
//! reading a request head and the idle time between two requests.

use std::collections::{BTreeSet, HashMap};
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
    /// Served connections, and (separately) silent ones.
    pub max_connections: usize,
    /// Served connections of one peer address; 0 = no per-peer cap (behind a reverse proxy
    /// every connection comes from the proxy: README, "Behind a reverse proxy").
    pub max_connections_per_peer: usize,
}

/// Largest request head hyper buffers. Heads over the router's own limits (8 KiB of URI, 32 KiB
/// of headers) are answered in the error envelope up to this size, whether the router refuses
/// them or hyper does (see `bare_refusals`); larger ones get hyper's bare 431.
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
        let connection = Connection {
            stream,
            remote,
            ticket: table.admit_silent(remote.ip()),
            router: router.clone(),
            http: http.clone(),
            first_byte_timeout: limits.first_byte_timeout,
        };
        tokio::spawn(connection.run());
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
        if !ticket.table.admit_spoken(&ticket) {
            tracing::warn!(%remote, "connection refused: every connection in its way is busy");
            drop(ticket);
            refuse(stream).await;
            return;
        }
        let state = ticket.state.clone();
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
        let connection = http.serve_connection(
            TokioIo::new(crate::bare_refusals::EnvelopeBareRefusals::new(stream)),
            TowerToHyperService::new(service),
        );
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
    /// When it was accepted, or when it spoke (for served ones).
    since: Instant,
    state: Arc<SharedPhase>,
    evict: Arc<Notify>,
}

#[derive(Default)]
struct Table {
    next_id: u64,
    entries: HashMap<u64, Entry>,
    /// Ids of the silent connections; ids grow with arrival, so the first is the oldest.
    silent: BTreeSet<u64>,
    /// Served connections per peer address.
    per_peer: HashMap<IpAddr, usize>,
}

impl Table {
    fn served(&self) -> usize {
        self.entries.len() - self.silent.len()
    }

    fn remove(&mut self, id: u64) -> Option<Entry> {
        let entry = self.entries.remove(&id)?;
        // A served connection (not in the silent set) is counted for its peer.
        if !self.silent.remove(&id)
            && let Some(count) = self.per_peer.get_mut(&entry.peer)
        {
            *count -= 1;
            if *count == 0 {
                self.per_peer.remove(&entry.peer);
            }
        }
        Some(entry)
    }

    /// The oldest connection idle between requests (of `peer` only, when given). A scan, but
    /// only at a cap of served connections, which hoarded silent sockets never reach.
    fn oldest_idle(&self, peer: Option<IpAddr>) -> Option<u64> {
        self.entries
            .iter()
            .filter(|(_, e)| e.state.get() == Phase::Idle && peer.is_none_or(|p| e.peer == p))
            .min_by_key(|(id, e)| (e.since, **id))
            .map(|(id, _)| *id)
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

/// Open connections: the silent ones, and the served ones in all and per peer address.
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

    /// A just accepted connection from `peer`, silent until its first byte. The silent pool
    /// holds as many as may be served; when it is full the oldest silent one is closed.
    fn admit_silent(self: &Arc<Self>, peer: IpAddr) -> Ticket {
        let mut table = self.lock();
        if table.silent.len() >= self.limits.max_connections.max(1) {
            let oldest = table.silent.first().copied();
            table.evict(oldest);
        }
        let id = table.next_id;
        table.next_id += 1;
        let state = Arc::new(SharedPhase(AtomicU8::new(Phase::Silent as u8)));
        let evict = Arc::new(Notify::new());
        table.entries.insert(
            id,
            Entry {
                peer,
                since: Instant::now(),
                state: state.clone(),
                evict: evict.clone(),
            },
        );
        table.silent.insert(id);
        Ticket {
            id,
            peer,
            state,
            evict,
            table: self.clone(),
        }
    }

    /// Moves a connection that has spoken into the served ones, closing an idle one at a cap;
    /// `false` when every connection in the way is busy (or it was closed meanwhile).
    fn admit_spoken(&self, ticket: &Ticket) -> bool {
        let mut table = self.lock();
        if !table.entries.contains_key(&ticket.id) {
            return false;
        }
        let per_peer = self.limits.max_connections_per_peer;
        if per_peer > 0 && table.per_peer.get(&ticket.peer).copied().unwrap_or(0) >= per_peer {
            let idle = table.oldest_idle(Some(ticket.peer));
            if !table.evict(idle) {
                return false;
            }
        }
        if table.served() >= self.limits.max_connections.max(1) {
            let idle = table.oldest_idle(None);
            if !table.evict(idle) {
                return false;
            }
        }
        table.silent.remove(&ticket.id);
        ticket.state.set(Phase::Idle);
        *table.per_peer.entry(ticket.peer).or_default() += 1;
        if let Some(entry) = table.entries.get_mut(&ticket.id) {
            entry.since = Instant::now();
        }
        true
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
    peer: IpAddr,
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

    fn open(table: &Arc<Connections>, id: &Ticket) -> bool {
        table.lock().entries.contains_key(&id.id)
    }

    #[test]
    fn a_full_silent_pool_closes_its_oldest_member_and_speakers_leave_it() {
        let table = Arc::new(Connections::new(limits(2, 0)));
        let first = table.admit_silent(ip(2));
        let second = table.admit_silent(ip(2));
        let third = table.admit_silent(ip(2));
        assert!(!open(&table, &first), "the oldest silent one made room");
        assert!(open(&table, &second) && open(&table, &third));
        assert!(table.admit_spoken(&second));
        // Served connections do not count against the silent pool.
        let fourth = table.admit_silent(ip(3));
        assert!(open(&table, &second) && open(&table, &third) && open(&table, &fourth));
        assert!(!table.admit_spoken(&first), "a closed one is not served");
    }

    #[test]
    fn at_a_peers_cap_its_idle_connection_goes_and_busy_ones_stay() {
        let table = Arc::new(Connections::new(limits(100, 2)));
        let busy = table.admit_silent(ip(2));
        assert!(table.admit_spoken(&busy));
        busy.state.set(Phase::Busy);
        let idle = table.admit_silent(ip(2));
        assert!(table.admit_spoken(&idle));
        let newcomer = table.admit_silent(ip(2));
        assert!(table.admit_spoken(&newcomer), "takes the idle one's place");
        assert!(!open(&table, &idle) && open(&table, &busy));
        newcomer.state.set(Phase::Busy);
        let refused = table.admit_silent(ip(2));
        assert!(!table.admit_spoken(&refused), "both busy");
        let other_peer = table.admit_silent(ip(3));
        assert!(
            table.admit_spoken(&other_peer),
            "another peer is not held back"
        );
    }

    #[test]
    fn at_the_global_cap_an_idle_connection_makes_room_and_counts_stay_exact() {
        let table = Arc::new(Connections::new(limits(2, 0)));
        let a = table.admit_silent(ip(1));
        let b = table.admit_silent(ip(2));
        assert!(table.admit_spoken(&a) && table.admit_spoken(&b));
        a.state.set(Phase::Busy);
        let c = table.admit_silent(ip(3));
        assert!(table.admit_spoken(&c), "b was idle");
        assert!(!open(&table, &b));
        c.state.set(Phase::Busy);
        let d = table.admit_silent(ip(4));
        assert!(!table.admit_spoken(&d), "every served one busy");
        drop((a, b, c, d));
        let table = table.lock();
        assert!(table.entries.is_empty() && table.per_peer.is_empty() && table.silent.is_empty());
    }
}
