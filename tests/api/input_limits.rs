//! What every route refuses in its input: NUL and control characters, bad URLs, ids that are not
//! plain digits, lists over their cap, and webhook feeds over theirs.

use crate::hardening::{book, booking_body, day_in, jane_with_event};
use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// (route, body) pairs over public and host routes, each with one bad text in a field.
async fn text_routes(
    app: &TestApp,
    jane: &Creds,
    calendar: i64,
    event: i64,
) -> Vec<(Method, String, Option<Creds>, Value)> {
    let booking = book(app, event, 26).await;
    let hash = booking["hash"].as_str().unwrap_or_default().to_string();
    let id = booking["id"].as_i64().unwrap_or_default();
    let time = format!("{} 12:00:00", day_in(26));
    let e = format!("/calendars/{calendar}/events/{event}");
    let with = |field: &str, value: &str| {
        let mut body = booking_body("Maya Singh", &time);
        body[field] = json!(value);
        body
    };
    vec![
        (
            Method::POST,
            format!("/bookings/create/{event}"),
            None,
            with("name", "Ma\u{0}ya"),
        ),
        (
            Method::POST,
            format!("/bookings/create/{event}"),
            None,
            with("email", "nul\u{0}x@example.org"),
        ),
        (
            Method::POST,
            format!("/bookings/create/{event}"),
            None,
            with("message", "hello\u{0}"),
        ),
        (
            Method::POST,
            format!("/bookings/create/{event}"),
            None,
            with("name", "Maya\r\nBcc: x@y.z"),
        ),
        (
            Method::POST,
            format!("/bookings/create/{event}"),
            None,
            with("source_url", "javascript:alert(1)"),
        ),
        (
            Method::POST,
            format!("/bookings/{hash}/cancel"),
            None,
            json!({"cancellation_reason": "ill\u{0}"}),
        ),
        (
            Method::POST,
            format!("/bookings/{hash}/reschedule"),
            None,
            json!({"event_time": time, "rescheduling_reason": "a\u{0}"}),
        ),
        (
            Method::POST,
            format!("{e}/details"),
            Some(jane.clone()),
            json!({"title": "Two\nlines", "duration": 60}),
        ),
        (
            Method::POST,
            format!("{e}/details"),
            Some(jane.clone()),
            json!({"title": "Hour", "description": "x\u{0}"}),
        ),
        (
            Method::PUT,
            format!("/schedules/{id}"),
            Some(jane.clone()),
            json!({"column": "internal_note", "value": "a\u{0}b"}),
        ),
        (
            Method::POST,
            "/calendars/check-slug".into(),
            Some(jane.clone()),
            json!({"slug": "a\u{0}b"}),
        ),
        (
            Method::POST,
            "/settings/general".into(),
            Some(jane.clone()),
            json!({"emailing": {"from_name": "Evil\r\nBcc: x@y.z"}}),
        ),
    ]
}

#[tokio::test]
async fn nul_control_characters_and_bad_urls_are_refused_with_422_everywhere() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event) = jane_with_event(&app).await;
    let admin = app.admin().await;
    let before = app.store.clone();
    for (method, path, creds, body) in text_routes(&app, &jane, calendar, event).await {
        let creds = if path.starts_with("/settings") {
            Some(admin.clone())
        } else {
            creds
        };
        let (status, answer) = app
            .send(method.clone(), &path, creds.as_ref(), Some(body.clone()))
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{method} {path} {body}: {answer}"
        );
        assert_eq!(answer["code"], "validation_failed", "{answer}");
    }
    // A NUL in a query parameter is refused as well.
    let (status, answer) = app.get("/schedules?search=a%00b", &jane).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    // Nothing with a NUL was stored: the one booking made above is the only one.
    let mut conn = before.conn().await.expect("conn");
    assert_eq!(
        app::store::bookings::count(conn.ex()).await.expect("count"),
        1
    );
}

#[tokio::test]
async fn ids_in_paths_are_plain_digits() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let id = made["calendar"]["id"].as_i64().unwrap_or_default();
    let (status, _) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        format!("/calendars/+{id}"),
        format!("/calendars/%20{id}"),
        format!("/calendars/{id}x"),
    ] {
        let (status, answer) = app.get(&path, &jane).await;
        assert_envelope(status, &answer, 404, "rest_no_route");
    }
}

#[tokio::test]
async fn lists_in_bodies_are_capped() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event) = jane_with_event(&app).await;
    let fields: Vec<Value> = (0..501)
        .map(|i| json!({"name": format!("f{i}"), "label": "F", "type": "text"}))
        .collect();
    let (status, refused) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/booking-fields"),
            &jane,
            json!({"booking_fields": fields}),
        )
        .await;
    assert_invalid_field(status, &refused, "booking_fields");
    let overrides: serde_json::Map<String, Value> = (0..501)
        .map(|i| {
            (
                (chrono::NaiveDate::from_ymd_opt(2030, 1, 1).unwrap_or_default()
                    + chrono::Duration::days(i))
                .to_string(),
                json!([]),
            )
        })
        .collect();
    let (status, refused) = app
        .post(&format!("/calendars/{calendar}/events/{event}/availability"), &jane,
              json!({"schedule_type": "weekly_schedules", "weekly_schedules": [], "date_overrides": overrides}))
        .await;
    assert_invalid_field(status, &refused, "date_overrides");
}

#[tokio::test]
async fn webhook_feeds_are_capped_and_their_urls_shown_without_secrets() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event) = jane_with_event(&app).await;
    // A receiver that always fails, behind a URL with credentials and a token.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let router = axum::Router::new()
        .fallback(|| async { (axum::http::StatusCode::INTERNAL_SERVER_ERROR, "no") });
    tokio::spawn(async move { axum::serve(listener, router).await });
    let secret_url = format!("http://hookuser:hookpass@127.0.0.1:{port}/in?token=tok123");
    let base = format!("/calendars/{calendar}/events/{event}/integrations");
    let feed = |url: &str| {
        json!({"integration_name": "webhook", "integration": {"name": "Feed", "request_url": url,
        "event_triggers": ["after_booking_scheduled"]}})
    };
    let (status, saved) = app
        .post(&format!("{base}/0"), &jane, feed(&secret_url))
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    for n in 1..10 {
        let (status, saved) = app
            .post(
                &format!("{base}/0"),
                &jane,
                feed(&format!("https://hooks.example.com/{n}")),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{saved}");
    }
    let (status, refused) = app
        .post(
            &format!("{base}/0"),
            &jane,
            feed("https://hooks.example.com/11"),
        )
        .await;
    assert_invalid_field(status, &refused, "integration");
    // Remove the unreachable example feeds; keep the failing local one.
    let (_, listed) = app.get(&base, &jane).await;
    for f in listed["feeds"].as_array().cloned().unwrap_or_default() {
        let id = f["id"].as_i64().unwrap_or_default();
        if !f.to_string().contains("127.0.0.1") {
            app.delete(&format!("{base}/{id}"), &jane).await;
        }
    }
    let booking = book(&app, event, 27).await;
    let id = booking["id"].as_i64().unwrap_or_default();
    let mut descriptions = String::new();
    for _ in 0..300 {
        let (_, activities) = app.get(&format!("/schedules/{id}/activities"), &jane).await;
        descriptions = activities.to_string();
        if descriptions.contains("Failed to send webhook") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        descriptions.contains("Failed to send webhook"),
        "{descriptions}"
    );
    assert!(
        descriptions.contains(&format!("127.0.0.1:{port}/in")),
        "{descriptions}"
    );
    for secret in ["hookpass", "hookuser", "tok123"] {
        assert!(
            !descriptions.contains(secret),
            "{secret} leaked: {descriptions}"
        );
    }
}
