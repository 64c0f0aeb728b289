//! Snapshots of the REST answers (insta): one booking scenario, then every readable resource
//! as its owner sees it. A change of any field name, order, type or text shows up as a diff of
//! `tests/api/snapshots/*.snap`, on both database backends (they share the snapshots, so they
//! must answer alike). What differs from run to run (the server's address, hashes, dates,
//! times, epoch seconds) is masked first.

use regex::Regex;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, daily_event};

/// Masks what changes between runs, keeping every key and the type of every value.
fn masked(value: &Value, base: &str) -> Value {
    let hash = Regex::new(r"\b[0-9a-f]{32}\b").expect("regex");
    let secret = Regex::new(r"\b(whsec|msg)_[A-Za-z0-9+/=]+").expect("regex");
    let moment = Regex::new(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?([+-]\d{2}:?\d{2}|Z)?")
        .expect("regex");
    let date = Regex::new(r"\d{4}-\d{2}-\d{2}").expect("regex");
    let time = Regex::new(r"\b\d{1,2}:\d{2}(:\d{2})?( ?[ap]m)?").expect("regex");
    let day_name = Regex::new(
        r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b",
    )
    .expect("regex");
    let month_day = Regex::new(
        r"\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(, \d{4})?",
    )
    .expect("regex");
    fn walk(value: &Value, key: &str, mask: &dyn Fn(&str) -> String) -> Value {
        match value {
            Value::String(text) => Value::String(mask(text)),
            Value::Number(_) if is_clock_key(key) => Value::String("[epoch]".into()),
            Value::Array(items) => Value::Array(items.iter().map(|v| walk(v, key, mask)).collect()),
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, v)| (mask_key(k), walk(v, k, mask)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    let mask = |text: &str| {
        let text = text.replace(base, "http://[server]");
        let text = hash.replace_all(&text, "[hash]");
        let text = secret.replace_all(&text, "[secret]");
        let text = moment.replace_all(&text, "[moment]");
        let text = date.replace_all(&text, "[date]");
        let text = time.replace_all(&text, "[time]");
        let text = day_name.replace_all(&text, "[day]");
        month_day.replace_all(&text, "[month day]").into_owned()
    };
    walk(value, "", &mask)
}

/// Keys whose numbers are instants or durations since now.
fn is_clock_key(key: &str) -> bool {
    key.ends_with("_at")
        || key.ends_with("_time")
        || key.ends_with("timestamp")
        || key == "run_after"
        || key == "now"
}

/// Date-named keys (a day's slots, a chart's points) as `[date]`.
fn mask_key(key: &str) -> String {
    Regex::new(r"\d{4}-\d{2}-\d{2}")
        .map(|date| date.replace_all(key, "[date]").into_owned())
        .unwrap_or_else(|_| key.to_string())
}

/// Waits until the booking's messages are out, so its activity log is complete.
async fn settle_deliveries(app: &TestApp, admin: &Creds, booking: i64) {
    for _ in 0..100 {
        let (_, body) = app
            .get(&format!("/schedules/{booking}/deliveries"), admin)
            .await;
        let pending = body["deliveries"].as_array().is_none_or(|all| {
            all.iter().any(|d| {
                d["status"] == "sending" || (d["status"] == "queued" && d["reminder"] != true)
            })
        });
        if !pending {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the booking's messages did not go out");
}

/// The attendee's and the host's emails go out at once, in either order: their activity
/// entries are compared by title (ids masked), not in the order they were written.
fn in_title_order(body: &mut Value) {
    if let Some(entries) = body["activities"].as_array_mut() {
        entries.sort_by_key(|a| a["title"].as_str().unwrap_or_default().to_string());
        for entry in entries {
            entry["id"] = json!("[id]");
        }
    }
}

#[tokio::test]
async fn every_readable_answer_keeps_its_shape_and_texts() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (calendar, event) =
        daily_event(&app, &admin, "Europe/Berlin", 30, ("09:00", "17:00")).await;
    let slot = app.first_offered_slot(event).await;
    let (status, created) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(
                json!({"name": "Ada Lovelace", "email": "ada@example.org", "timezone": "UTC",
                        "event_time": slot, "message": "See you"}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let booking = created["booking"]["id"].as_i64().expect("booking id");
    settle_deliveries(&app, &admin, booking).await;
    let mut answers = vec![("booking_create".to_string(), created)];

    let (status, public) = app
        .send(Method::GET, &format!("/bookings/event/{event}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{public}");
    answers.push(("bookings_event".into(), public));

    let c = format!("/calendars/{calendar}");
    let e = format!("{c}/events/{event}");
    let s = format!("/schedules/{booking}");
    let paths = [
        ("calendars", "/calendars".to_string()),
        ("calendar", c.clone()),
        ("calendar_event_schema", format!("{c}/event-schema")),
        ("event", e.clone()),
        ("event_availability", format!("{e}/availability")),
        ("event_booking_fields", format!("{e}/booking-fields")),
        ("event_payment_settings", format!("{e}/payment-settings")),
        (
            "event_email_notifications",
            format!("{e}/email-notifications"),
        ),
        ("event_sms_notifications", format!("{e}/sms-notifications")),
        ("event_integrations", format!("{e}/integrations")),
        ("calendar_sharing_settings", format!("{c}/sharing-settings")),
        ("admin_all_hosts", "/admin/all-hosts".to_string()),
        ("admin_other_hosts", "/admin/other-hosts".to_string()),
        ("schedules", "/schedules".to_string()),
        ("schedule", s.clone()),
        ("schedule_activities", format!("{s}/activities")),
        ("schedule_meta_info", format!("{s}/meta-info")),
        ("schedule_deliveries", format!("{s}/deliveries")),
        ("bookings", "/bookings".to_string()),
        ("settings_general", "/settings/general".to_string()),
        ("settings_menu", "/settings/menu".to_string()),
        (
            "settings_global_modules",
            "/settings/global-modules".to_string(),
        ),
        ("settings_pages", "/settings/pages".to_string()),
        ("team_invitations", "/team-invitations".to_string()),
        ("calendar_connections", "/calendar-connections".to_string()),
    ];
    for (name, path) in paths {
        let (status, body) = app.get(&path, &admin).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        answers.push((name.to_string(), body));
    }
    for (name, mut body) in answers {
        in_title_order(&mut body);
        insta::assert_json_snapshot!(name, masked(&body, &app.base));
    }
}
