//! Refusals at the edges (issue 27, items 6 and 7): a database that is gone answers quickly,
//! slow bodies answer 408, the login's refusals carry their own status and code, and a webhook
//! that cannot connect says why.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::support::{TestApp, assert_envelope, daily_event};

/// A TCP relay to `target` that can be cut: then its port refuses connections and every
/// relayed connection is dropped, as when a database server goes away.
struct Relay {
    port: u16,
    tasks: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Relay {
    async fn to(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let tasks: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let held = tasks.clone();
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let target = target.clone();
                let relay = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                if let Ok(mut tasks) = held.lock() {
                    tasks.push(relay);
                }
            }
        });
        if let Ok(mut list) = tasks.lock() {
            list.push(accept);
        }
        Relay { port, tasks }
    }

    fn cut(&self) {
        if let Ok(tasks) = self.tasks.lock() {
            for task in tasks.iter() {
                task.abort();
            }
        }
    }
}

#[tokio::test]
async fn a_database_server_that_is_gone_answers_503_within_two_seconds() {
    // SQLite has no server to lose (a closed pool answers at once: faults.rs); this runs where
    // the suite runs on PostgreSQL.
    if std::env::var("TEST_DATABASE_URL").is_err() {
        return;
    }
    let base = std::env::var("TEST_DATABASE_URL").unwrap_or_default();
    let authority = base
        .split('@')
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or("127.0.0.1:5432")
        .to_string();
    let relay = Relay::to(authority.clone()).await;
    let port = relay.port;
    let app = TestApp::spawn_with(move |config| {
        config.database_url = config
            .database_url
            .replace(&authority, &format!("127.0.0.1:{port}"));
    })
    .await;
    let jane = app.host("jane").await;
    assert_eq!(app.get("/calendars", &jane).await.0, StatusCode::OK);
    relay.cut();
    for _ in 0..3 {
        let started = Instant::now();
        let response = app
            .client
            .get(format!("{}/api/v2/calendars", app.base))
            .basic_auth(&jane.login, Some(&jane.secret))
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .expect("answered");
        let took = started.elapsed();
        let status = response.status();
        assert!(response.headers().contains_key("retry-after"));
        let body: Value = response.json().await.expect("envelope");
        assert_envelope(status, &body, 503, "database_unavailable");
        assert!(took < Duration::from_secs(2), "answered after {took:?}");
    }
}

/// Sends a request head announcing a 100-byte JSON body, then `body` bytes one at a time
/// every `pause`; answers the status line of the answer.
async fn trickle(app: &TestApp, body: &[u8], pause: Duration) -> (String, Duration) {
    let addr = app.base.trim_start_matches("http://").to_string();
    let mut stream = TcpStream::connect(&addr).await.expect("connect");
    let head = "POST /api/v2/bookings/create/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n";
    stream.write_all(head.as_bytes()).await.expect("head");
    let started = Instant::now();
    let (mut read, mut write) = stream.into_split();
    let body = body.to_vec();
    let writer = tokio::spawn(async move {
        for byte in body {
            if write.write_all(&[byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(pause).await;
        }
        // Then nothing more: the body stalls short of its length.
        tokio::time::sleep(Duration::from_secs(120)).await;
    });
    let mut answer = vec![0u8; 1024];
    let n = tokio::time::timeout(Duration::from_secs(30), read.read(&mut answer))
        .await
        .expect("answered within 30 s")
        .expect("read");
    writer.abort();
    let text = String::from_utf8_lossy(&answer[..n]).to_string();
    (
        text.lines().next().unwrap_or_default().to_string(),
        started.elapsed(),
    )
}

#[tokio::test]
async fn trickled_and_stalled_bodies_answer_408_at_the_body_deadline() {
    let app = TestApp::spawn_with(|config| {
        config.body_timeout = Duration::from_secs(2);
    })
    .await;
    // A byte every half second would never be cut by a per-chunk time-out.
    let (status, took) = trickle(&app, &[b' '; 100], Duration::from_millis(500)).await;
    assert!(status.contains("408"), "{status}");
    assert!(took < Duration::from_secs(5), "cut after {took:?}");
    // A body that stops arriving.
    let (status, took) = trickle(&app, b"{", Duration::ZERO).await;
    assert!(status.contains("408"), "{status}");
    assert!(took < Duration::from_secs(5), "cut after {took:?}");
}

#[tokio::test]
async fn the_login_answers_its_refusals_with_their_own_status_and_code() {
    let app = TestApp::spawn_with(|config| {
        config.login_failures_per_minute = 2;
    })
    .await;
    app.host("jane").await;
    let login = |password: String| {
        app.client
            .post(format!("{}/_app/login", app.base))
            .header("origin", &app.base)
            .form(&[("login", "jane".to_string()), ("password", password)])
            .send()
    };
    // A 3 MiB form: refused as too large, not a server error.
    let response = login("x".repeat(3 * 1024 * 1024)).await.expect("answered");
    let status = response.status();
    assert!(status.is_client_error(), "{status}");
    let body: Value = response.json().await.expect("json");
    assert_eq!(
        body["status"].as_u64(),
        Some(u64::from(status.as_u16())),
        "{body}"
    );
    // Too many failures: 429 with its own code.
    let mut last = None;
    for _ in 0..4 {
        let response = login("wrong".into()).await.expect("answered");
        last = Some((
            response.status(),
            response.json::<Value>().await.expect("json"),
        ));
    }
    let (status, body) = last.expect("answers");
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "too_many_requests", "{body}");
}

#[tokio::test]
async fn a_webhook_that_cannot_connect_is_failed_with_the_cause() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (calendar, event) = daily_event(&app, &jane, "UTC", 15, ("08:00", "20:00")).await;
    // A port that was just free: nothing listens there.
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        listener.local_addr().expect("addr").port()
    };
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/integrations/0"),
            &jane,
            json!({"integration_name": "webhook", "integration": {"name": "Feed",
                   "request_url": format!("http://127.0.0.1:{closed}/hook"),
                   "event_triggers": ["after_booking_scheduled"]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.book_first_offered(event, "bo@example.org").await;
    let mut error = String::new();
    for _ in 0..100 {
        let mut conn = app.store.conn().await.expect("conn");
        let state = app::store::outbox::retry_state(conn.ex(), "webhook")
            .await
            .expect("state");
        if let Some(e) = state.iter().find_map(|(_, _, e)| e.clone()) {
            error = e;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        error.to_ascii_lowercase().contains("refused"),
        "the cause is missing: {error:?}"
    );
}

#[tokio::test]
async fn a_corrupt_stored_event_setting_refuses_instead_of_offering_defaults() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (_, event) = daily_event(&app, &jane, "UTC", 30, ("09:00", "10:00")).await;
    // A time the event offers, found without asking the slot list (which would cache it).
    let slot = (chrono::Utc::now().date_naive() + chrono::Duration::days(2))
        .format("%Y-%m-%d 09:00:00")
        .to_string();
    // Written behind the API's back, as a bad migration or a hand edit would.
    let mut tx = app.store.begin().await.expect("tx");
    let mut row = app::store::events::find(tx.ex(), event)
        .await
        .expect("find")
        .expect("event");
    row.settings = "{\"weekly_schedules\": [not json".into();
    app::store::events::update(tx.ex(), &row)
        .await
        .expect("update");
    tx.commit().await.expect("commit");
    let (status, body) = app
        .send(
            reqwest::Method::GET,
            &format!("/bookings/slots/{event}?timezone=UTC"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    // The envelope names the request, so its log lines can be found; nothing else.
    let id = body["data"]["request_id"].as_str().unwrap_or_default();
    assert!(
        id.len() == 16 && id.chars().all(|c| c.is_ascii_hexdigit()),
        "{body}"
    );
    assert_eq!(body["code"], "internal_error");
    let (status, body) = app
        .send(
            reqwest::Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({"name": "Bo Client", "email": "bo@example.org", "timezone": "UTC", "event_time": slot})),
        )
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    let (_, list) = app.get("/schedules", &jane).await;
    assert_eq!(
        list["total"].as_i64().unwrap_or(0),
        0,
        "nothing was booked: {list}"
    );
}

/// The stored settings text of `event`, replaced behind the API's back when `with` is given.
async fn event_settings_text(app: &TestApp, event: i64, with: Option<&str>) -> String {
    let mut tx = app.store.begin().await.expect("tx");
    let mut row = app::store::events::find(tx.ex(), event)
        .await
        .expect("find")
        .expect("event");
    if let Some(text) = with {
        row.settings = text.into();
        app::store::events::update(tx.ex(), &row)
            .await
            .expect("update");
    }
    tx.commit().await.expect("commit");
    row.settings
}

#[tokio::test]
async fn a_save_over_a_corrupt_stored_setting_is_refused_and_the_stored_text_is_kept() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let admin = app.admin().await;
    let (calendar, event) = daily_event(&app, &jane, "UTC", 30, ("09:00", "10:00")).await;
    let corrupt = "{\"range_days\": [not json";
    event_settings_text(&app, event, Some(corrupt)).await;
    // A limits save would otherwise write the defaults over everything else stored.
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/limits"),
            &jane,
            json!({"settings": {"range_days": 30}}),
        )
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    assert_eq!(event_settings_text(&app, event, None).await, corrupt);
    // Reading the event says so too, instead of showing default rules.
    let (status, _) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);

    // The same for a site settings document.
    let mut tx = app.store.begin().await.expect("tx");
    app::store::settings::put(tx.ex(), "general", "[1, 2")
        .await
        .expect("put");
    tx.commit().await.expect("commit");
    let (status, body) = app
        .post("/settings/general", &admin, json!({"time_format": "12"}))
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    let mut conn = app.store.conn().await.expect("conn");
    let stored = app::store::settings::get(conn.ex(), "general")
        .await
        .expect("get");
    assert_eq!(stored.as_deref(), Some("[1, 2"));
}
