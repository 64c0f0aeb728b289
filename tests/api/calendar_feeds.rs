//! External calendars as ICS feeds: busy times from a feed, its secret kept, one small request
//! when unchanged, no wait for a feed that never answers, and one sync at a time with two
//! server processes.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use reqwest::StatusCode;
use serde_json::json;

use super::external_calendars::{
    at, book, change, connect, day_ahead, host_with_event, offered_on,
};
use super::support::{TestApp, assert_envelope, assert_invalid_field, ics, vevent};

/// An ICS feed on loopback: `/feed.ics?token=s3cret` with an ETag, `/locked.ics` answering
/// 401, `/hang.ics` accepting and never answering.
struct Feed {
    base: String,
    text: Arc<std::sync::Mutex<String>>,
    /// While set, `/feed.ics` accepts and never answers.
    hang: Arc<std::sync::atomic::AtomicBool>,
    full_reads: Arc<AtomicUsize>,
    not_modified: Arc<AtomicUsize>,
}

async fn feed_server(initial: String) -> Feed {
    use axum::http::{HeaderMap, header};
    use axum::response::IntoResponse;
    let text = Arc::new(std::sync::Mutex::new(initial));
    let full_reads = Arc::new(AtomicUsize::new(0));
    let not_modified = Arc::new(AtomicUsize::new(0));
    let hang = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (t, f, n, h) = (
        text.clone(),
        full_reads.clone(),
        not_modified.clone(),
        hang.clone(),
    );
    let feed = move |query: axum::extract::Query<std::collections::HashMap<String, String>>,
                     headers: HeaderMap| {
        let (t, f, n, h) = (t.clone(), f.clone(), n.clone(), h.clone());
        async move {
            if h.load(Ordering::SeqCst) {
                std::future::pending::<()>().await;
            }
            if query.get("token").map(String::as_str) != Some("s3cret") {
                return StatusCode::FORBIDDEN.into_response();
            }
            let body = t.lock().expect("feed").clone();
            let etag = format!("\"{}\"", body.len());
            if headers
                .get(header::IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok())
                == Some(etag.as_str())
            {
                n.fetch_add(1, Ordering::SeqCst);
                return StatusCode::NOT_MODIFIED.into_response();
            }
            f.fetch_add(1, Ordering::SeqCst);
            (
                [
                    (header::CONTENT_TYPE, "text/calendar".to_string()),
                    (header::ETAG, etag),
                ],
                body,
            )
                .into_response()
        }
    };
    let router = axum::Router::new()
        .route("/feed.ics", axum::routing::get(feed))
        .route(
            "/locked.ics",
            axum::routing::get(|| async { StatusCode::UNAUTHORIZED }),
        )
        .route(
            "/page.html",
            axum::routing::get(|| async { "<html>Sign in</html>" }),
        )
        .route(
            "/hang.ics",
            axum::routing::get(|| async {
                std::future::pending::<()>().await;
                StatusCode::OK
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, router).await });
    Feed {
        base,
        text,
        hang,
        full_reads,
        not_modified,
    }
}

#[tokio::test]
async fn an_ics_feed_blocks_its_events_keeps_its_secret_and_costs_one_small_request_when_unchanged()
{
    let day = day_ahead();
    let feed = feed_server(ics(&vevent("f1", at(day, 9), 60, ""))).await;
    let app = TestApp::spawn().await;
    let (host, event) = host_with_event(&app, "jo").await;
    let date = day.format("%Y-%m-%d").to_string();

    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "ics", "url": format!("{}/locked.ics", feed.base)}),
    )
    .await;
    assert_invalid_field(status, &body, "url");
    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "ics", "url": format!("{}/page.html", feed.base)}),
    )
    .await;
    assert_invalid_field(status, &body, "url");

    let (status, body) = connect(&app, &host, json!({"kind": "ics", "url": format!("{}/feed.ics?token=s3cret", feed.base), "title": "Google"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let connection = &body["connection"];
    assert_eq!(connection["url"], format!("{}/feed.ics", feed.base));
    assert!(!body.to_string().contains("s3cret"), "{body}");
    assert_eq!(connection["title"], "Google");
    assert_eq!(connection["calendars"][0]["read_only"], true);
    let id = connection["id"].as_i64().expect("id");
    assert!(
        !offered_on(&app, event, &date)
            .await
            .contains(&"09:00".to_string())
    );

    // A read-only calendar cannot receive bookings.
    let calendar = connection["calendars"][0]["id"].as_i64().expect("calendar");
    let (status, body) = change(
        &app,
        &host,
        id,
        json!({"calendars": [{"id": calendar, "is_destination": true}]}),
    )
    .await;
    assert_invalid_field(status, &body, "calendars");

    // Unchanged: the sync sends the ETag and gets 304, nothing downloaded.
    let reads = feed.full_reads.load(Ordering::SeqCst);
    let (_, synced) = app
        .post(
            &format!("/calendar-connections/{id}/sync"),
            &host,
            json!({}),
        )
        .await;
    assert_eq!(synced["connection"]["status"], "ok");
    assert_eq!(feed.full_reads.load(Ordering::SeqCst), reads);
    assert_eq!(feed.not_modified.load(Ordering::SeqCst), 1);

    // Changed: read again; the 09:00 meeting moved to 11:00.
    *feed.text.lock().expect("feed") = ics(&vevent("f1", at(day, 11), 60, "SEQUENCE:1\r\n"));
    app.post(
        &format!("/calendar-connections/{id}/sync"),
        &host,
        json!({}),
    )
    .await;
    let offered = offered_on(&app, event, &date).await;
    assert!(
        offered.contains(&"09:00".to_string()) && !offered.contains(&"11:00".to_string()),
        "{offered:?}"
    );
}

#[tokio::test]
async fn a_feed_that_never_answers_slows_neither_the_slot_list_nor_a_booking() {
    let day = day_ahead();
    let feed = feed_server(ics(&vevent("f1", at(day, 9), 60, ""))).await;
    let app =
        TestApp::spawn_with(|c| c.calendar_timeout = std::time::Duration::from_millis(300)).await;
    let (host, event) = host_with_event(&app, "kim").await;
    let date = day.format("%Y-%m-%d").to_string();
    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "ics", "url": format!("{}/feed.ics?token=s3cret", feed.base)}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["connection"]["id"].as_i64().expect("id");
    // Connecting to a server that accepts and never answers is refused after the time-out.
    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "ics", "url": format!("{}/hang.ics", feed.base)}),
    )
    .await;
    assert_invalid_field(status, &body, "url");

    // Now the connected feed hangs too.
    feed.hang.store(true, Ordering::SeqCst);
    // The slot list never calls the server; a booking waits at most the time-out, then the
    // last good busy set decides (09:00 stays busy, 10:00 books).
    let bounded = std::time::Duration::from_secs(10);
    let offered = tokio::time::timeout(bounded, offered_on(&app, event, &date))
        .await
        .expect("slot list answers");
    assert!(!offered.contains(&"09:00".to_string()));
    let (status, booked) = tokio::time::timeout(bounded, book(&app, event, at(day, 10)))
        .await
        .expect("booking answers");
    assert_eq!(status, StatusCode::OK, "{booked}");
    let (_, one) = app.get(&format!("/calendar-connections/{id}"), &host).await;
    assert_eq!(one["connection"]["status"], "error", "{one}");
    assert!(
        one["connection"]["last_error"]
            .as_str()
            .is_some_and(|e| !e.is_empty())
    );
    let (status, refused) = book(&app, event, at(day, 9)).await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
}

#[tokio::test]
async fn with_two_server_processes_one_syncs_a_connection_at_a_time() {
    let day = day_ahead();
    let feed = feed_server(ics(&vevent("f1", at(day, 9), 60, ""))).await;
    let app = TestApp::spawn().await;
    let beside = TestApp::spawn_beside(&app).await;
    let (host, _) = host_with_event(&app, "pia").await;
    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "ics", "url": format!("{}/feed.ics?token=s3cret", feed.base)}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(feed.full_reads.load(Ordering::SeqCst), 1);
    // The sync period passes for both processes: exactly one of them asks the feed, and the
    // feed is unchanged (one conditional request, answered 304).
    app.clock.advance(400);
    beside.clock.advance(400);
    for _ in 0..100 {
        if feed.not_modified.load(Ordering::SeqCst) > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // Both workers poll every 100 ms: give the other one time to (wrongly) sync too.
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    assert_eq!(feed.not_modified.load(Ordering::SeqCst), 1);
    assert_eq!(feed.full_reads.load(Ordering::SeqCst), 1);
}
