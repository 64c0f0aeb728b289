//! The outbox when its receivers fail: a booking's webhooks arrive in order with the payload of
//! their moment (also after the booking is deleted), and emails survive an SMTP outage, are
//! given up visibly after three days, and a silent SMTP server holds up no other reminder.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::notifications::{base, book_at, by_attendee, event_in};
use crate::support::{Creds, TestApp, assert_envelope};

/// A webhook receiver on loopback that answers 500 to its first `failures` requests.
#[derive(Clone)]
struct FlakyReceiver {
    url: String,
    bodies: Arc<Mutex<Vec<Value>>>,
}

impl FlakyReceiver {
    async fn start(failures: usize) -> FlakyReceiver {
        let bodies: Arc<Mutex<Vec<Value>>> = Arc::default();
        let seen = Arc::new(AtomicUsize::new(0));
        let log = bodies.clone();
        let router = axum::Router::new().fallback(move |body: String| {
            let (log, seen) = (log.clone(), seen.clone());
            async move {
                let n = seen.fetch_add(1, Ordering::SeqCst);
                if n < failures {
                    return axum::http::StatusCode::INTERNAL_SERVER_ERROR;
                }
                if let Ok(mut all) = log.lock() {
                    all.push(serde_json::from_str(&body).unwrap_or(Value::Null));
                }
                axum::http::StatusCode::OK
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}/hook", listener.local_addr().expect("addr"));
        tokio::spawn(async move { axum::serve(listener, router).await });
        FlakyReceiver { url, bodies }
    }

    async fn wait_for(&self, count: usize) -> Vec<Value> {
        for _ in 0..300 {
            let now = self.bodies.lock().map(|b| b.clone()).unwrap_or_default();
            if now.len() >= count {
                return now;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.bodies.lock().map(|b| b.clone()).unwrap_or_default()
    }
}

async fn webhook_to(app: &TestApp, host: &Creds, cal: i64, event: i64, url: &str) {
    let (status, body) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/integrations/0"),
            host,
            json!({"integration_name": "webhook", "integration": {
                "name": "CRM", "enabled": true, "request_url": url, "request_method": "POST",
                "request_format": "JSON", "request_body": "all_data",
                "event_triggers": ["after_booking_scheduled", "booking_schedule_cancelled"]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Waits until the outbox has tried the booking's first webhook `attempts` times.
async fn webhook_attempts(app: &TestApp, attempts: i64) {
    for _ in 0..300 {
        let mut conn = app.store.conn().await.expect("conn");
        let state = app::store::outbox::retry_state(conn.ex(), "webhook")
            .await
            .expect("state");
        if state
            .first()
            .is_some_and(|(s, a, _)| s == "pending" && *a >= attempts)
        {
            return;
        }
        drop(conn);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn webhooks_of_a_booking_arrive_in_order_with_the_payload_of_their_moment() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    let receiver = FlakyReceiver::start(1).await;
    webhook_to(&app, &host, cal, event, &receiver.url).await;
    let booking = book_at(&app, event, 5, "10:00", "UTC").await;
    // The "scheduled" delivery fails once and waits for its retry; the cancel comes meanwhile.
    webhook_attempts(&app, 1).await;
    by_attendee(
        &app,
        &booking["hash"],
        "cancel",
        json!({"cancellation_reason": "Changed plans"}),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        receiver.wait_for(0).await.is_empty(),
        "the cancel waits behind the scheduled delivery"
    );
    app.clock.advance(60);
    let got = receiver.wait_for(2).await;
    let seen: Vec<(&str, &str)> = got
        .iter()
        .map(|b| {
            (
                b["trigger"].as_str().unwrap_or_default(),
                b["booking"]["status"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("after_booking_scheduled", "scheduled"),
            ("booking_schedule_cancelled", "cancelled")
        ]
    );
}

#[tokio::test]
async fn a_deleted_bookings_queued_webhooks_still_go_out() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    let receiver = FlakyReceiver::start(1).await;
    webhook_to(&app, &host, cal, event, &receiver.url).await;
    let booking = book_at(&app, event, 5, "10:00", "UTC").await;
    webhook_attempts(&app, 1).await;
    let (status, body) = app
        .delete(&format!("/schedules/{}", booking["id"]), &host)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.clock.advance(60);
    let got = receiver.wait_for(1).await;
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["booking"]["id"], booking["id"]);
    assert_eq!(got[0]["booking"]["email"], "ann@example.org");
}

/// A small SMTP server on loopback: accepts mail while `open`, answers 421 to every
/// connection while closed, and can keep its first connection silent forever.
struct FakeSmtp {
    url: String,
    open: Arc<AtomicBool>,
    accepted: Arc<Mutex<Vec<String>>>,
}

impl FakeSmtp {
    async fn start(open: bool, silent_first: bool) -> FakeSmtp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("smtp://{}", listener.local_addr().expect("addr"));
        let open = Arc::new(AtomicBool::new(open));
        let accepted: Arc<Mutex<Vec<String>>> = Arc::default();
        let (gate, log) = (open.clone(), accepted.clone());
        tokio::spawn(async move {
            let mut first = silent_first;
            let mut held = Vec::new();
            while let Ok((socket, _)) = listener.accept().await {
                if first {
                    // Accepted and never answered: the client waits for its greeting.
                    first = false;
                    held.push(socket);
                    continue;
                }
                let (gate, log) = (gate.clone(), log.clone());
                tokio::spawn(async move { serve_smtp(socket, gate, log).await });
            }
        });
        FakeSmtp {
            url,
            open,
            accepted,
        }
    }

    fn accepted(&self) -> Vec<String> {
        self.accepted.lock().map(|a| a.clone()).unwrap_or_default()
    }
}

async fn serve_smtp(
    socket: tokio::net::TcpStream,
    open: Arc<AtomicBool>,
    accepted: Arc<Mutex<Vec<String>>>,
) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    if !open.load(Ordering::SeqCst) {
        write.write_all(b"421 fake.test closed for now\r\n").await?;
        return Ok(());
    }
    write.write_all(b"220 fake.test ESMTP\r\n").await?;
    let mut lines = BufReader::new(read).lines();
    while let Some(line) = lines.next_line().await? {
        let verb = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match verb.as_str() {
            "EHLO" | "HELO" => write.write_all(b"250 fake.test\r\n").await?,
            "DATA" => {
                write.write_all(b"354 go ahead\r\n").await?;
                let mut message = String::new();
                while let Some(data) = lines.next_line().await? {
                    if data == "." {
                        break;
                    }
                    message.push_str(&data);
                    message.push('\n');
                }
                if let Ok(mut all) = accepted.lock() {
                    all.push(message);
                }
                write.write_all(b"250 queued\r\n").await?;
            }
            "QUIT" => {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            _ => write.write_all(b"250 ok\r\n").await?,
        }
    }
    Ok(())
}

/// (status, attempts) of every email item.
async fn email_states(app: &TestApp) -> Vec<(String, i64)> {
    let mut conn = app.store.conn().await.expect("conn");
    app::store::outbox::retry_state(conn.ex(), "email")
        .await
        .expect("state")
        .into_iter()
        .map(|(s, a, _)| (s, a))
        .collect()
}

async fn until_attempts(app: &TestApp, at_least: i64) {
    for _ in 0..300 {
        let states = email_states(app).await;
        if !states.is_empty() && states.iter().all(|(s, a)| s != "working" && *a >= at_least) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_two_hour_smtp_outage_loses_no_email() {
    let smtp = FakeSmtp::start(false, false).await;
    let url = smtp.url.clone();
    let app = TestApp::spawn_with(|c| c.smtp_url = Some(url)).await;
    let host = app.host("jane").await;
    let (_, event) = event_in(&app, &host, "UTC").await;
    book_at(&app, event, 9, "10:00", "UTC").await;
    until_attempts(&app, 1).await;
    // Two hours of refusals, the clock moved a retry's wait at a time.
    for attempts in 2..=5 {
        app.clock.advance(30 * 60);
        until_attempts(&app, attempts).await;
    }
    let states = email_states(&app).await;
    assert!(
        states.iter().all(|(s, a)| s == "pending" && *a >= 5),
        "still being retried: {states:?}"
    );
    smtp.open.store(true, Ordering::SeqCst);
    app.clock.advance(31 * 60);
    for _ in 0..300 {
        if smtp.accepted().len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        smtp.accepted().len(),
        2,
        "both emails arrive after the outage"
    );
}

#[tokio::test]
async fn an_email_given_up_after_three_days_shows_on_the_booking_and_can_be_sent_again() {
    let smtp = FakeSmtp::start(false, false).await;
    let url = smtp.url.clone();
    let app = TestApp::spawn_with(|c| c.smtp_url = Some(url)).await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    app.post(
        &base(cal, event),
        &host,
        json!({"notifications": {"booking_conf_host": {"enabled": false}}}),
    )
    .await;
    let booking = book_at(&app, event, 9, "10:00", "UTC").await;
    let id = booking["id"].as_i64().unwrap_or_default();
    until_attempts(&app, 1).await;
    app.clock.advance(3 * 86_400);
    let mut failed = Vec::new();
    for _ in 0..300 {
        let (_, listed) = app.get(&format!("/schedules/{id}/deliveries"), &host).await;
        failed = listed["deliveries"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|d| d["status"] == "failed")
            .collect();
        if !failed.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0]["name"], "booking_conf_attendee");
    assert!(
        failed[0]["last_error"]
            .as_str()
            .is_some_and(|e| !e.is_empty())
    );
    let (_, log) = app.get(&format!("/schedules/{id}/activities"), &host).await;
    assert!(
        log["activities"].as_array().is_some_and(|a| a
            .iter()
            .any(|x| x["title"] == "Booking scheduled email sending failed to guest")),
        "{log}"
    );
    // The booking's page in the dashboard lists it with "Send again".
    let desk = crate::desk::Desk::open(&app, "jane").await;
    let (_, html) = desk.page(&format!("/admin/bookings/{id}")).await;
    assert!(
        html.contains("Not delivered") && html.contains("Send again"),
        "{html}"
    );
    // Another host cannot see or retry it; the host can, once.
    let other = app.host("omar").await;
    let (status, body) = app
        .get(&format!("/schedules/{id}/deliveries"), &other)
        .await;
    assert_envelope(status, &body, 404, "not_found");
    smtp.open.store(true, Ordering::SeqCst);
    let retry = format!("/schedules/{id}/deliveries/{}/retry", failed[0]["id"]);
    let (status, body) = app.post(&retry, &other, json!({})).await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = app.post(&retry, &host, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Delivery has been queued again");
    for _ in 0..300 {
        if !smtp.accepted().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(smtp.accepted().len(), 1);
    let (status, body) = app.post(&retry, &host, json!({})).await;
    assert_envelope(status, &body, 409, "invalid_transition");
}

#[tokio::test]
async fn an_smtp_server_that_never_answers_does_not_hold_up_other_reminders() {
    let smtp = FakeSmtp::start(true, true).await;
    let url = smtp.url.clone();
    let app = TestApp::spawn_with(|c| {
        c.smtp_url = Some(url);
        c.smtp_timeout = Duration::from_secs(600);
    })
    .await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    let mut off = serde_json::Map::new();
    for key in [
        "booking_conf_attendee",
        "booking_conf_host",
        "cancelled_by_attendee",
    ] {
        off.insert(key.into(), json!({"enabled": false}));
    }
    off.insert(
        "reminder_to_attendee".into(),
        json!({"enabled": true, "email": {"times": [{"unit": "hours", "value": 2}]}}),
    );
    app.post(&base(cal, event), &host, json!({"notifications": off}))
        .await;
    book_at(&app, event, 2, "10:00", "UTC").await;
    book_at(&app, event, 2, "11:00", "UTC").await;
    // Half an hour before the first meeting, whatever the time of day the test runs at: both
    // reminders (08:00, 09:00) are due and neither meeting has begun.
    let first_start = (chrono::Utc::now().date_naive() + chrono::Duration::days(2))
        .and_hms_opt(10, 0, 0)
        .expect("time")
        .and_utc()
        .timestamp();
    app.clock
        .advance(first_start - 1800 - chrono::Utc::now().timestamp());
    // One reminder sits on the silent connection (for up to ten minutes); the other goes out.
    for _ in 0..300 {
        if !smtp.accepted().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let accepted = smtp.accepted();
    assert_eq!(accepted.len(), 1, "{accepted:?}");
    assert!(accepted[0].contains("Meeting Reminder"));
}
