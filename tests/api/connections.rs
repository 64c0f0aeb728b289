//! The server loop against socket hoarding (issue 27, item 1): idle sockets cannot starve
//! other clients, a busy server answers instead of leaving clients in the listen queue.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::{TestApp, assert_envelope};

fn server_addr(app: &TestApp) -> SocketAddr {
    app.base
        .trim_start_matches("http://")
        .parse()
        .expect("server address")
}

/// A connection to `server` from the loopback address `source` (127.0.0.0/8 is all local).
async fn connect_from(source: [u8; 4], server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((source, 0)))?;
    socket.connect(server).await
}

/// Keeps `count` silent sockets open from `source`, opening a new one for each the server
/// closes, until `stop` is set.
fn hoard(source: [u8; 4], server: SocketAddr, count: usize, stop: Arc<AtomicBool>) {
    for _ in 0..count {
        let stop = stop.clone();
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let Ok(mut socket) = connect_from(source, server).await else {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                };
                let mut buf = [0u8; 64];
                // Returns once the server closes the socket; then open another.
                let _ = tokio::time::timeout(Duration::from_secs(30), socket.read(&mut buf)).await;
            }
        });
    }
}

/// Sends `n` requests, each on a new connection, eight at a time; answers how many came back
/// 200 within `limit` each, and the slowest.
async fn legitimate_requests(app: &TestApp, n: usize, limit: Duration) -> (usize, Duration) {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .timeout(limit)
        .build()
        .expect("client");
    let url = format!("{}/healthz", app.base);
    let mut served = 0;
    let mut slowest = Duration::ZERO;
    for _ in 0..n / 8 {
        let batch: Vec<_> = (0..8)
            .map(|_| {
                let (client, url) = (client.clone(), url.clone());
                tokio::spawn(async move {
                    let started = Instant::now();
                    let status = client.get(url).send().await.map(|r| r.status());
                    (status, started.elapsed())
                })
            })
            .collect();
        for request in batch {
            let (status, took) = request.await.expect("join");
            slowest = slowest.max(took);
            if matches!(status, Ok(StatusCode::OK)) {
                served += 1;
            }
        }
    }
    (served, slowest)
}

#[tokio::test]
async fn twelve_hundred_hoarded_sockets_starve_nobody() {
    // The defaults: 1,024 connections, 128 per peer, 3 s to the first byte.
    let app = TestApp::spawn().await;
    let server = server_addr(&app);
    let stop = Arc::new(AtomicBool::new(false));
    // The hoarder uses the very address the legitimate clients use, so no per-address rule
    // can tell them apart: only that they speak at once.
    hoard([127, 0, 0, 1], server, 1_200, stop.clone());
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (served, slowest) = legitimate_requests(&app, 80, Duration::from_secs(5)).await;
    stop.store(true, Ordering::Relaxed);
    assert_eq!(served, 80, "slowest request took {slowest:?}");
}

#[tokio::test]
async fn a_busy_server_answers_503_at_once_and_silent_clients_are_cut_off_early() {
    let app = TestApp::spawn_with(|config| {
        config.header_timeout = Duration::from_secs(10);
        config.first_byte_timeout = Duration::from_secs(1);
        config.max_connections = 2;
        config.max_connections_per_peer = 0;
    })
    .await;
    let server = server_addr(&app);
    // A client that never says a word is closed at the first-byte time-out, long before
    // the header time-out.
    let mut silent = TcpStream::connect(server).await.expect("connect");
    let started = Instant::now();
    let mut buf = [0u8; 256];
    let read = tokio::time::timeout(Duration::from_secs(5), silent.read(&mut buf)).await;
    assert!(
        matches!(read, Ok(Ok(0) | Err(_))),
        "a silent client was kept: {read:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // Two requests whose bodies never come keep both connections busy.
    let mut busy = Vec::new();
    for _ in 0..2 {
        let mut stream = TcpStream::connect(server).await.expect("connect");
        stream
            .write_all(b"POST /api/v2/bookings/create/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
            .await
            .expect("write");
        busy.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // A third is answered at once, in the envelope, instead of waiting in the queue.
    let started = Instant::now();
    let response = reqwest::Client::new()
        .get(format!("{}/healthz", app.base))
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .expect("answered");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.headers().contains_key("retry-after"));
    let body: Value = response.json().await.expect("envelope");
    assert_envelope(StatusCode::SERVICE_UNAVAILABLE, &body, 503, "server_busy");
    // Once a busy connection ends, the next client is served.
    drop(busy);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let status = reqwest::get(format!("{}/healthz", app.base))
        .await
        .expect("served")
        .status();
    assert_eq!(status, StatusCode::OK);
}

/// Opens a connection from `source` whose request waits for a body that never comes.
async fn busy_connection(source: [u8; 4], server: SocketAddr) -> TcpStream {
    let mut stream = connect_from(source, server).await.expect("connect");
    stream
        .write_all(b"POST /api/v2/bookings/create/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .expect("write");
    stream
}

/// The status line of a GET /healthz sent from `source`.
async fn status_from(source: [u8; 4], server: SocketAddr) -> String {
    let mut stream = connect_from(source, server).await.expect("connect");
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    let mut answer = vec![0u8; 512];
    let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut answer))
        .await
        .expect("answered at once")
        .unwrap_or(0);
    let text = String::from_utf8_lossy(&answer[..n]).to_string();
    text.lines().next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn one_address_gets_its_share_of_connections_and_no_more() {
    let app = TestApp::spawn_with(|config| {
        config.max_connections_per_peer = 2;
    })
    .await;
    let server = server_addr(&app);
    let held = [
        busy_connection([127, 0, 0, 3], server).await,
        busy_connection([127, 0, 0, 3], server).await,
    ];
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(status_from([127, 0, 0, 3], server).await.contains(" 503 "));
    assert!(status_from([127, 0, 0, 4], server).await.contains(" 200 "));
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(status_from([127, 0, 0, 3], server).await.contains(" 200 "));
}

#[tokio::test]
async fn a_slow_request_head_is_cut_off_at_the_header_time_out() {
    let app = TestApp::spawn_with(|config| {
        config.header_timeout = Duration::from_secs(1);
    })
    .await;
    let mut slow = TcpStream::connect(server_addr(&app))
        .await
        .expect("connect");
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("write");
    let mut buf = [0u8; 256];
    let read = tokio::time::timeout(Duration::from_secs(20), slow.read(&mut buf)).await;
    assert!(read.is_ok(), "the server never ended the slow connection");
}
