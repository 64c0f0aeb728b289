//! The HTTP server loop: HTTP/1.1 over hyper with the limits a public server needs against
//! slow and idle clients (slowloris). Each connection has a deadline for its request headers
//! (which also closes idle keep-alive connections), a request has deadlines for its body and
//! for the whole exchange, and at most `max_connections` connections are served at once:
//! further ones wait in the kernel's listen queue until a slot frees up.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// Limits of the server loop (see `Config` for the variables that set them).
#[derive(Debug, Clone, Copy)]
pub struct ServerLimits {
    pub header_timeout: Duration,
    pub max_connections: usize,
}

/// Largest request head hyper buffers. Heads between the router's own limits (8 KiB of URI,
/// 32 KiB of headers, answered in the error envelope) and this get hyper's bare 414/431.
const MAX_HEAD_BYTES: usize = 256 * 1024;
/// How long open requests may finish after a stop signal.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until `shutdown` completes, then lets open requests finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot,
            () = &mut shutdown => break,
        };
        let Ok(slot) = slot else { break };
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
        let service =
            router
                .clone()
                .map_request(move |request: hyper::Request<hyper::body::Incoming>| {
                    let mut request = request.map(axum::body::Body::new);
                    request
                        .extensions_mut()
                        .insert(ConnectInfo::<SocketAddr>(remote));
                    request
                });
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %remote, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("open connections did not finish in time");
    }
    Ok(())
}
