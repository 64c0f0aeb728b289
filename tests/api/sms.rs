//! Text messages: per-event SMS notifications, the HTTP gateway (a local fake) and `.sms` files.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

/// A fake SMS gateway on loopback: records each request's bearer token and JSON body.
struct Gateway {
    url: String,
    seen: Arc<Mutex<Vec<(String, Value)>>>,
}

impl Gateway {
    async fn start() -> Gateway {
        let seen: Arc<Mutex<Vec<(String, Value)>>> = Arc::default();
        let log = seen.clone();
        let router = axum::Router::new().fallback(move |headers: HeaderMap, body: String| {
            let log = log.clone();
            async move {
                let auth = headers
                    .get("authorization")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
                    .to_string();
                if let Ok(mut all) = log.lock() {
                    all.push((auth, serde_json::from_str(&body).unwrap_or(Value::Null)));
                }
                axum::http::StatusCode::ACCEPTED
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}/messages", listener.local_addr().expect("addr"));
        tokio::spawn(async move { axum::serve(listener, router).await });
        Gateway { url, seen }
    }

    async fn wait_for(&self, count: usize) -> Vec<(String, Value)> {
        for _ in 0..300 {
            let now = self.seen.lock().map(|s| s.clone()).unwrap_or_default();
            if now.len() >= count {
                return now;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

/// A 30-minute event in UTC whose form asks for a mobile number for texts.
async fn texting_event(app: &TestApp, host: &Creds) -> (i64, i64) {
    let made = app.calendar_for(host, "UTC").await;
    let (cal, event) = (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    );
    let (status, body) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/booking-fields"),
            host,
            json!({"booking_fields": [{"type": "phone", "label": "Mobile", "is_sms_number": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (cal, event)
}

fn sms_path(cal: i64, event: i64) -> String {
    format!("/calendars/{cal}/events/{event}/sms-notifications")
}

async fn book(app: &TestApp, event: i64, phone: &str) -> (StatusCode, Value) {
    let time = app.first_offered_slot(event).await;
    app.send(
        Method::POST,
        &format!("/bookings/create/{event}"),
        None,
        Some(
            json!({"name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC",
            "event_time": time, "custom_fields": {"custom_mobile": phone}}),
        ),
    )
    .await
}

#[tokio::test]
async fn sms_notifications_are_off_by_default_and_validated_when_saved() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = texting_event(&app, &host).await;
    let (status, listed) = app.get(&sms_path(cal, event), &host).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let all = listed["notifications"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert_eq!(all.len(), 11);
    assert!(all.values().all(|n| n["enabled"] == false), "{listed}");
    let (status, refused) = app
        .post(
            &sms_path(cal, event),
            &host,
            json!({"notifications": {"booking_conf_host": {"enabled": true, "sms": {"number": "030 1234567"}}}}),
        )
        .await;
    assert_invalid_field(
        status,
        &refused,
        "notifications.booking_conf_host.sms.number",
    );
    let (status, refused) = app
        .post(
            &sms_path(cal, event),
            &host,
            json!({"notifications": {"booking_conf_host": {"enabled": true}}}),
        )
        .await;
    assert_invalid_field(
        status,
        &refused,
        "notifications.booking_conf_host.sms.number",
    );
    let (status, saved) = app
        .post(
            &sms_path(cal, event),
            &host,
            json!({"notifications": {"booking_conf_host": {"enabled": true, "sms": {"number": "+49 30 1234567"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Notifications has been saved");
    let (_, listed) = app.get(&sms_path(cal, event), &host).await;
    assert_eq!(
        listed["notifications"]["booking_conf_host"]["sms"]["number"],
        "+49301234567"
    );
    let other = app.host("omar").await;
    let (status, body) = app.get(&sms_path(cal, event), &other).await;
    assert_envelope(status, &body, 404, "not_found");
}

#[tokio::test]
async fn texts_go_through_the_gateway_with_the_token_and_numbers_in_e164() {
    let gateway = Gateway::start().await;
    let url = gateway.url.clone();
    let app = TestApp::spawn_with(|c| {
        c.sms_url = Some(url);
        c.sms_token = Some("gateway-secret".into());
    })
    .await;
    let host = app.host("jane").await;
    let (cal, event) = texting_event(&app, &host).await;
    let (status, saved) = app
        .post(
            &sms_path(cal, event),
            &host,
            json!({"notifications": {
                "booking_conf_attendee": {"enabled": true, "sms": {"body": "Hi {{guest.first_name}}, see you {{booking.start_date_time_for_attendee}}"}},
                "booking_conf_host": {"enabled": true, "sms": {"number": "+44 20 7946 0958"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    // An attendee's number that is not a valid international one is refused at booking.
    let (status, refused) = book(&app, event, "0301234567").await;
    assert_invalid_field(status, &refused, "custom_fields.custom_mobile");
    let (status, booked) = book(&app, event, "+49 (30) 123-4567").await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let seen = gateway.wait_for(2).await;
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert!(seen.iter().all(|(auth, _)| auth == "Bearer gateway-secret"));
    let to_attendee = seen
        .iter()
        .find(|(_, b)| b["to"] == "+49301234567")
        .map(|(_, b)| b.clone())
        .unwrap_or_default();
    assert!(
        to_attendee["body"]
            .as_str()
            .is_some_and(|b| b.starts_with("Hi Maya, see you ")),
        "{to_attendee}"
    );
    assert!(seen.iter().any(|(_, b)| {
        b["to"] == "+442079460958"
            && b["body"]
                .as_str()
                .is_some_and(|t| t.starts_with("New booking: Maya Singh"))
    }));
    let id = booked["booking"]["id"].as_i64().unwrap_or_default();
    let mut logged = 0;
    for _ in 0..100 {
        let (_, log) = app.get(&format!("/schedules/{id}/activities"), &host).await;
        logged = log["activities"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter(|x| x["title"] == "SMS Sent Successfully")
                    .count()
            })
            .unwrap_or_default();
        if logged == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(logged, 2, "an activity entry per text");
}

#[tokio::test]
async fn without_a_gateway_texts_are_written_as_files_and_reminders_follow_the_clock() {
    let dir = tempfile::tempdir().expect("dir");
    let sms_dir = dir.path().display().to_string();
    let app = TestApp::spawn_with(|c| c.sms_dir = sms_dir.clone()).await;
    let host = app.host("jane").await;
    let (cal, event) = texting_event(&app, &host).await;
    app.post(
        &sms_path(cal, event),
        &host,
        json!({"notifications": {"reminder_to_attendee": {"enabled": true, "sms": {"times": [{"unit": "hours", "value": 2}]}}}}),
    )
    .await;
    let (status, booked) = book(&app, event, "+1 415 555 2671").await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let files = || -> Vec<String> {
        std::fs::read_dir(&sms_dir)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.path().extension().is_some_and(|x| x == "sms"))
                    .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                    .collect()
            })
            .unwrap_or_default()
    };
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(files().is_empty(), "the reminder is not due yet");
    let start = chrono::NaiveDateTime::parse_from_str(
        booked["booking"]["start_time"].as_str().unwrap_or_default(),
        "%Y-%m-%d %H:%M:%S",
    )
    .expect("start")
    .and_utc()
    .timestamp();
    app.clock
        .advance(start - 2 * 3600 - chrono::Utc::now().timestamp() + 5);
    let mut found = Vec::new();
    for _ in 0..300 {
        found = files();
        if !found.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("To: +14155552671\n\nReminder: "),
        "{}",
        found[0]
    );
}
