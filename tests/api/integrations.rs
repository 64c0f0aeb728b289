use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode as AxumStatus};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

/// A webhook receiver on 127.0.0.1 that records each request and answers `status`.
#[derive(Clone)]
pub(crate) struct Receiver {
    pub(crate) url: String,
    seen: Arc<Mutex<Vec<(HeaderMap, String, String)>>>,
}

impl Receiver {
    pub(crate) async fn start(status: u16) -> Receiver {
        let seen: Arc<Mutex<Vec<(HeaderMap, String, String)>>> = Arc::default();
        let log = seen.clone();
        let router = axum::Router::new().fallback(
            move |uri: axum::http::Uri, headers: HeaderMap, body: String| {
                let log = log.clone();
                async move {
                    if let Ok(mut seen) = log.lock() {
                        seen.push((headers, uri.to_string(), body));
                    }
                    AxumStatus::from_u16(status).unwrap_or(AxumStatus::OK)
                }
            },
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}/hook", listener.local_addr().expect("addr"));
        tokio::spawn(async move { axum::serve(listener, router).await });
        Receiver { url, seen }
    }

    fn requests(&self) -> Vec<(HeaderMap, String, String)> {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub(crate) async fn wait_for(&self, count: usize) -> Vec<(HeaderMap, String, String)> {
        for _ in 0..600 {
            if self.requests().len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.requests()
    }
}

fn webhook(url: &str, triggers: &[&str]) -> Value {
    json!({"integration_name": "webhook", "integration": {
        "name": "CRM hook", "enabled": true, "request_url": url, "request_method": "POST",
        "request_format": "JSON", "request_body": "all_data", "event_triggers": triggers}})
}

async fn setup(app: &TestApp) -> (Creds, String) {
    let host = app.host("jane").await;
    let made = app.calendar_for(&host, "UTC").await;
    let base = format!(
        "/calendars/{}/events/{}/integrations",
        made["calendar"]["id"], made["slot"]["id"]
    );
    (host, base)
}

fn event_of(base: &str) -> i64 {
    base.split('/')
        .nth(4)
        .and_then(|id| id.parse().ok())
        .unwrap_or_default()
}

async fn book(app: &TestApp, event: i64) -> Value {
    let time = app.first_offered_slot(event).await;
    let booked = app
        .book(event)
        .name("Maya Singh")
        .email("maya@example.org")
        .at(&time)
        .booked()
        .await;
    booked["booking"].clone()
}

async fn activity_titles(app: &TestApp, host: &Creds, booking: &Value, wanted: &str) -> Vec<Value> {
    let mut found = Vec::new();
    for _ in 0..600 {
        let (_, log) = app
            .get(&format!("/schedules/{}/activities", booking["id"]), host)
            .await;
        found = log["activities"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|a| a["title"] == wanted)
            .collect();
        if !found.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    found
}

/// Books an event whose one webhook posts to a receiver answering `status`; answers the
/// receiver and the first failed delivery's description (empty when none failed).
async fn book_with_one_webhook(app: &TestApp, status: u16) -> (Receiver, String) {
    let (host, base) = setup(app).await;
    let receiver = Receiver::start(status).await;
    app.post(
        &format!("{base}/0"),
        &host,
        webhook(&receiver.url, &["after_booking_scheduled"]),
    )
    .await;
    let booking = book(app, event_of(&base)).await;
    let failure = first_failure(app, &host, &booking).await;
    (receiver, failure)
}

/// The description of the first failed delivery in the booking's activity log.
async fn first_failure(app: &TestApp, host: &Creds, booking: &Value) -> String {
    activity_titles(app, host, booking, "Failed to send webhook")
        .await
        .first()
        .and_then(|a| a["description"].as_str())
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn webhook_feeds_are_created_listed_switched_updated_and_deleted() {
    let app = TestApp::spawn().await;
    let (host, base) = setup(&app).await;
    let (status, empty) = app.get(&base, &host).await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(empty["feeds"], json!([]));
    assert_eq!(empty["available_integrations"]["webhook"]["enabled"], true);
    assert_eq!(empty["event_triggers"].as_array().map(Vec::len), Some(5));

    let (status, made) = app
        .post(
            &format!("{base}/0"),
            &host,
            webhook("https://hooks.example.com/in", &["after_booking_scheduled"]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["message"], "Integration successfully saved");
    assert_eq!(
        (made["created"].clone(), made["integration_name"].clone()),
        (json!(true), json!("webhook"))
    );
    assert!(
        made["signing_secret"]
            .as_str()
            .is_some_and(|s| s.starts_with("whsec_"))
    );
    let id = made["integration_id"].as_i64().unwrap_or_default();

    let (_, listed) = app.get(&base, &host).await;
    let feed = &listed["feeds"][0];
    assert_eq!(
        (feed["id"].as_i64(), feed["provider"].clone()),
        (Some(id), json!("webhook"))
    );
    assert_eq!(feed["feed"]["request_url"], "https://hooks.example.com/in");
    assert!(
        feed["feed"].get("secret").is_none() && !listed.to_string().contains("whsec_"),
        "{listed}"
    );

    // Without settings, `status` switches the feed.
    let (status, off) = app
        .post(
            &format!("{base}/{id}"),
            &host,
            json!({"integration_name": "webhook", "status": false}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{off}");
    assert_eq!(off["created"], false);
    let (_, listed) = app.get(&base, &host).await;
    assert_eq!(listed["feeds"][0]["enabled"], false);
    // Settings may come as JSON text; keys not sent are kept.
    let (status, renamed) = app
        .post(
            &format!("{base}/{id}"),
            &host,
            json!({"integration_name": "webhook",
            "integration": json!({"name": "Renamed", "enabled": true}).to_string()}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{renamed}");
    assert!(renamed.get("signing_secret").is_none());
    let (_, listed) = app.get(&base, &host).await;
    assert_eq!(
        (
            listed["feeds"][0]["name"].clone(),
            listed["feeds"][0]["enabled"].clone(),
            listed["feeds"][0]["feed"]["request_url"].clone()
        ),
        (
            json!("Renamed"),
            json!(true),
            json!("https://hooks.example.com/in")
        )
    );

    for (body, field) in [
        (
            json!({"integration_name": "webhook", "integration": {"request_url": "https://x.example", "event_triggers": ["after_booking_scheduled"]}}),
            "integration.name",
        ),
        (
            webhook("ftp://x.example", &["after_booking_scheduled"]),
            "integration.request_url",
        ),
        (
            webhook("https://x.example", &[]),
            "integration.event_triggers",
        ),
        (
            webhook("https://x.example", &["booking_exploded"]),
            "integration.event_triggers",
        ),
        (
            json!({"integration_name": "webhook", "integration": {"name": "x", "request_url": "https://x.example", "request_method": "TRACE", "event_triggers": ["after_booking_scheduled"]}}),
            "integration.request_method",
        ),
        (
            json!({"integration_name": "webhook", "integration": {"name": "x", "request_url": "https://x.example", "with_header": "yup",
            "request_headers": [{"key": "X-Bad", "value": "a\r\nInjected: 1"}], "event_triggers": ["after_booking_scheduled"]}}),
            "integration.request_headers",
        ),
        (
            json!({"integration_name": "crm", "integration": {"name": "x"}}),
            "integration_name",
        ),
        (
            json!({"integration_name": "webhook", "integration": 5}),
            "integration",
        ),
        (json!({"integration_name": "webhook"}), "integration"),
    ] {
        let (status, answer) = app.post(&format!("{base}/0"), &host, body).await;
        assert_invalid_field(status, &answer, field);
    }

    // Another host sees none of it; unknown feeds are 404.
    let omar = app.host("omar").await;
    let (status, answer) = app.get(&base, &omar).await;
    assert_envelope(status, &answer, 404, "not_found");
    let (status, answer) = app
        .post(
            &format!("{base}/{id}"),
            &omar,
            json!({"integration_name": "webhook", "status": false}),
        )
        .await;
    assert_envelope(status, &answer, 404, "not_found");
    let (status, answer) = app.delete(&format!("{base}/{id}"), &omar).await;
    assert_envelope(status, &answer, 404, "not_found");
    let (status, answer) = app
        .post(
            &format!("{base}/999999"),
            &host,
            json!({"integration_name": "webhook", "status": true}),
        )
        .await;
    assert_envelope(status, &answer, 404, "not_found");

    let (status, gone) = app.delete(&format!("{base}/{id}"), &host).await;
    assert_eq!(status, StatusCode::OK, "{gone}");
    assert_eq!(gone["message"], "Successfully deleted the Integration.");
    let (status, answer) = app.delete(&format!("{base}/{id}"), &host).await;
    assert_envelope(status, &answer, 404, "not_found");
    let (_, listed) = app.get(&base, &host).await;
    assert_eq!(listed["feeds"], json!([]));
}

#[tokio::test]
async fn bookings_fire_signed_webhooks_for_the_subscribed_triggers() {
    let app = TestApp::spawn().await;
    let (host, base) = setup(&app).await;
    let receiver = Receiver::start(200).await;
    let (_, made) = app
        .post(
            &format!("{base}/0"),
            &host,
            webhook(
                &receiver.url,
                &["after_booking_scheduled", "booking_schedule_cancelled"],
            ),
        )
        .await;
    let secret = made["signing_secret"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    // A second feed sends chosen fields as a form, with a header of its own.
    let (status, _) = app
        .post(&format!("{base}/0"), &host, json!({"integration_name": "webhook", "integration": {
            "name": "Form hook", "request_url": format!("{}?form=1", receiver.url), "request_format": "FORM",
            "request_body": "selected_fields", "fields": [{"key": "who", "value": "{{guest.full_name}} <{{guest.email}}>"}],
            "with_header": "yup", "request_headers": [{"key": "X-Token", "value": "t0ken"}],
            "event_triggers": ["after_booking_scheduled"]}}))
        .await;
    assert_eq!(status, StatusCode::OK);

    let booking = book(&app, event_of(&base)).await;
    let seen = receiver.wait_for(2).await;
    assert_eq!(seen.len(), 2, "one request per subscribed feed");
    let (headers, _, body) = seen
        .iter()
        .find(|(_, uri, _)| !uri.contains("form=1"))
        .cloned()
        .expect("the JSON delivery");
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    assert!(header("content-type").starts_with("application/json"));
    let expected = slotbook::jobs::webhook::sign(
        &secret,
        &header("webhook-id"),
        &header("webhook-timestamp"),
        &body,
    )
    .expect("sign");
    assert_eq!(header("webhook-signature"), format!("v1,{expected}"));
    let sent: Value = serde_json::from_str(&body).expect("json body");
    assert_eq!(sent["trigger"], "after_booking_scheduled");
    assert_eq!(sent["booking"]["email"], "maya@example.org");
    assert_eq!(sent["booking"]["id"], booking["id"]);
    assert_eq!(sent["calendar_event"]["id"].as_i64(), Some(event_of(&base)));
    let (form_headers, _, form_body) = seen
        .iter()
        .find(|(_, uri, _)| uri.contains("form=1"))
        .cloned()
        .expect("the form delivery");
    assert_eq!(form_body, "who=Maya+Singh+%3Cmaya%40example.org%3E");
    assert_eq!(
        form_headers.get("x-token").and_then(|v| v.to_str().ok()),
        Some("t0ken")
    );

    // Cancelling fires the JSON feed only (the form feed does not subscribe to it).
    let (status, _) = app
        .send(
            Method::POST,
            &format!(
                "/bookings/{}/cancel",
                booking["hash"].as_str().unwrap_or_default()
            ),
            None,
            Some(json!({"cancellation_reason": "Ill"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let seen = receiver.wait_for(3).await;
    assert_eq!(seen.len(), 3);
    let cancelled: Value = serde_json::from_str(&seen[2].2).expect("json");
    assert_eq!(
        (
            cancelled["trigger"].clone(),
            cancelled["booking"]["status"].clone()
        ),
        (json!("booking_schedule_cancelled"), json!("cancelled"))
    );
    let sent_log = activity_titles(&app, &host, &booking, "Webhook sent successfully").await;
    assert!(!sent_log.is_empty(), "each delivery is in the activity log");
}

#[tokio::test]
async fn failed_deliveries_are_logged_and_retried_later() {
    let app = TestApp::spawn().await;
    let (_receiver, failure) = book_with_one_webhook(&app, 500).await;
    assert!(failure.contains("HTTP 500"), "{failure}");
    let mut conn = app.store.conn().await.expect("conn");
    let state = app::store::outbox::retry_state(conn.ex(), "webhook")
        .await
        .expect("state");
    assert_eq!(state.len(), 1, "{state:?}");
    let (status, attempts, error) = &state[0];
    assert_eq!(
        (status.as_str(), *attempts),
        ("pending", 1),
        "put back for a later attempt"
    );
    assert!(error.as_deref().is_some_and(|e| e.contains("HTTP 500")));
}

#[tokio::test]
async fn private_targets_are_refused_unless_allowed() {
    let app = TestApp::spawn_with(|config| config.allow_private_targets = false).await;
    let (host, base) = setup(&app).await;
    let receiver = Receiver::start(200).await;
    // A literal loopback address is refused when the feed is saved.
    let (status, refused) = app
        .post(
            &format!("{base}/0"),
            &host,
            webhook(&receiver.url, &["after_booking_scheduled"]),
        )
        .await;
    assert_invalid_field(status, &refused, "integration.request_url");
    // A host name is saved, and refused at delivery when it resolves to loopback.
    let named = receiver.url.replace("127.0.0.1", "localhost");
    let (status, saved) = app
        .post(
            &format!("{base}/0"),
            &host,
            webhook(&named, &["after_booking_scheduled"]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let booking = book(&app, event_of(&base)).await;
    let failure = first_failure(&app, &host, &booking).await;
    assert!(failure.contains("refused"), "{failure}");
    assert!(
        receiver.requests().is_empty(),
        "nothing reached the loopback address"
    );
}
