use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, activities_by_people, assert_envelope, assert_invalid_field};

const EVERY_DAY: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// A 60-minute event open 09:00-13:00 daily on a 30-minute grid; answers (host, calendar, event).
async fn event(app: &TestApp) -> (Creds, i64, i64) {
    let host = app.host("jane").await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "13:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Hour", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "slot_interval": "30",
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    (
        host,
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

fn day() -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(25))
        .format("%Y-%m-%d")
        .to_string()
}

async fn book(app: &TestApp, event: i64, name: &str, time: &str) -> (StatusCode, Value) {
    app.book(event)
        .name(name)
        .email("a@example.org")
        .zone("Europe/Berlin")
        .at(time)
        .send()
        .await
}

async fn public(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    app.send(Method::POST, path, None, Some(body)).await
}

#[tokio::test]
async fn an_attendee_cancels_with_a_reason_and_the_time_is_free_again() {
    let app = TestApp::spawn().await;
    let (_, _, event) = event(&app).await;
    let time = format!("{} 10:00:00", day());
    let (_, made) = book(&app, event, "Maya Singh", &time).await;
    let hash = made["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let path = format!("/bookings/{hash}/cancel");
    let (status, answer) = public(&app, &path, json!({})).await;
    assert_invalid_field(status, &answer, "cancellation_reason");
    assert_eq!(
        answer["errors"]["cancellation_reason"]["required"],
        "Please provide a reason for cancellation"
    );
    let (status, answer) = public(&app, &path, json!({"cancellation_reason": "Sick"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "The booking has been cancelled");
    assert_eq!(answer["booking"]["status"], "cancelled");
    let (status, again) = public(&app, &path, json!({"cancellation_reason": "Sick"})).await;
    assert_envelope(status, &again, 409, "invalid_transition");
    assert_eq!(
        book(&app, event, "Tom Becker", &time).await.0,
        StatusCode::OK,
        "the time is free again"
    );
    for bad in ["0".repeat(32), "not-a-hash".to_string()] {
        let (status, answer) = public(
            &app,
            &format!("/bookings/{bad}/cancel"),
            json!({"cancellation_reason": "x"}),
        )
        .await;
        assert_envelope(status, &answer, 404, "not_found");
    }
}

#[tokio::test]
async fn cancelling_honours_the_events_can_not_cancel_rule() {
    let app = TestApp::spawn().await;
    let (_, _, event) = event(&app).await;
    let mut tx = app.store.begin().await.expect("tx");
    let mut row = app::store::events::find(tx.ex(), event)
        .await
        .expect("find")
        .expect("event");
    let mut settings: Value = serde_json::from_str(&row.settings).expect("json");
    settings["can_not_cancel"] = json!({"enabled": true, "type": "always", "message": "Please call us instead", "condition": {"unit": "minutes", "value": 30}});
    row.settings = settings.to_string();
    app::store::events::update(tx.ex(), &row)
        .await
        .expect("update");
    tx.commit().await.expect("commit");
    let (_, made) = book(&app, event, "Maya Singh", &format!("{} 10:00:00", day())).await;
    let (status, answer) = public(
        &app,
        &format!(
            "/bookings/{}/cancel",
            made["booking"]["hash"].as_str().unwrap_or_default()
        ),
        json!({"cancellation_reason": "x"}),
    )
    .await;
    assert_envelope(status, &answer, 409, "cancel_not_allowed");
    assert_eq!(answer["message"], "Please call us instead");
}

#[tokio::test]
async fn an_attendee_reschedules_only_to_an_offered_time() {
    let app = TestApp::spawn().await;
    let (host, _, event) = event(&app).await;
    let (_, first) = book(&app, event, "Maya Singh", &format!("{} 10:00:00", day())).await;
    book(&app, event, "Tom Becker", &format!("{} 12:00:00", day())).await;
    let hash = first["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let path = format!("/bookings/{hash}/reschedule");
    let (status, answer) = public(
        &app,
        &path,
        json!({"event_time": format!("{} 11:30:00", day())}),
    )
    .await;
    assert_invalid_field(status, &answer, "rescheduling_reason");
    let (status, taken) = public(
        &app,
        &path,
        json!({"event_time": format!("{} 11:30:00", day()), "rescheduling_reason": "Clash"}),
    )
    .await;
    assert_envelope(status, &taken, 409, "slot_unavailable");
    assert_eq!(
        taken["data"]["reasons"],
        json!(["overlap"]),
        "11:30-12:30 runs into the 12:00 booking"
    );
    let (status, same) = public(
        &app,
        &path,
        json!({"event_time": format!("{} 10:00:00", day()), "rescheduling_reason": "x"}),
    )
    .await;
    assert_invalid_field(status, &same, "event_time");
    let (status, bad) = public(
        &app,
        &path,
        json!({"event_time": "next week", "rescheduling_reason": "x"}),
    )
    .await;
    assert_invalid_field(status, &bad, "event_time");
    // 10:30 overlaps the booking's own current time, which does not count against it.
    let (status, moved) = public(
        &app,
        &path,
        json!({"event_time": format!("{} 10:30:00", day()), "rescheduling_reason": "Train late"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["message"], "Booking has been rescheduled");
    assert_eq!(moved["booking"]["hash"], json!(hash));
    assert_ne!(
        moved["booking"]["start_time"],
        first["booking"]["start_time"]
    );
    assert_eq!(
        book(&app, event, "Lea Rossi", &format!("{} 09:00:00", day()))
            .await
            .0,
        StatusCode::OK,
        "09:00-10:00 is free again"
    );
    let (_, detail) = app
        .get(
            &format!("/schedules/{}?with%5B%5D=all_data", first["booking"]["id"]),
            &host,
        )
        .await;
    let latest = &activities_by_people(&detail)[0];
    assert_eq!(latest["title"], "Meeting Rescheduled");
    assert!(
        latest["description"]
            .as_str()
            .is_some_and(|d| d.contains("Train late"))
    );
}
