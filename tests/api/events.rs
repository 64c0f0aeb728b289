use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field, calendar_body};

/// A host with a calendar; answers (calendar id, first event id).
pub(crate) async fn setup(app: &TestApp, login: &str) -> (Creds, i64, i64) {
    let host = app.host(login).await;
    let made = app.calendar_for(&host, "Europe/Berlin").await;
    (
        host,
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

fn event_body() -> Value {
    json!({"title": "Deep dive", "duration": 45, "status": "active", "event_type": "single",
           "description": "<p>Details<script>x()</script></p>",
           "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": [{"day": "wed", "from": "10:00", "to": "16:00"}]}})
}

#[tokio::test]
async fn create_event_uses_the_hosts_default_schedule_and_joins_the_event_order() {
    let app = TestApp::spawn().await;
    let (host, cal, first) = setup(&app, "jane").await;
    let (status, body) = app
        .post(&format!("/calendars/{cal}/events"), &host, event_body())
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["message"],
        "New Event Type has been created successfully"
    );
    let slot = &body["slot"];
    assert_eq!(slot["slug"], "45min");
    assert_eq!(slot["availability_type"], "existing_schedule");
    assert!(slot["availability_id"].as_i64().is_some());
    assert_eq!(slot["description"], "<p>Details</p>");
    let (_, calendar) = app.get(&format!("/calendars/{cal}"), &host).await;
    assert_eq!(
        calendar["calendar"]["event_order"],
        json!([first, slot["id"]])
    );
    assert_eq!(
        calendar["calendar"]["slots"].as_array().map(Vec::len),
        Some(2)
    );
}

#[tokio::test]
async fn create_event_names_each_invalid_field() {
    let app = TestApp::spawn().await;
    let (host, cal, _) = setup(&app, "jane").await;
    let path = format!("/calendars/{cal}/events");
    let cases: Vec<(&str, Value, &str)> = vec![
        ("/duration", json!(4), "duration"),
        ("/status", json!(null), "status"),
        ("/status", json!("paused"), "status"),
        ("/event_type", json!("round_robin"), "event_type"),
        (
            "/settings/weekly_schedules",
            json!([{"day": "wed", "from": "25:00", "to": "26:00"}]),
            "settings.weekly_schedules.0.from",
        ),
        (
            "/settings/weekly_schedules",
            json!([{"day": "wed", "from": "10:00", "to": "12:00"}, {"day": "wed", "from": "11:00", "to": "13:00"}]),
            "settings.weekly_schedules.wed",
        ),
        (
            "/settings/slot_interval",
            json!("0"),
            "settings.slot_interval",
        ),
        (
            "/settings/range_type",
            json!("date_range"),
            "settings.range_date_between",
        ),
        (
            "/settings/booking_frequency",
            json!({"enabled": true, "limits": [{"unit": "per_day", "value": 0}]}),
            "settings.booking_frequency.limits.0.value",
        ),
        (
            "/settings/booking_duration",
            json!({"enabled": true, "limits": [{"unit": "per_year", "value": 10}]}),
            "settings.booking_duration.limits.0.unit",
        ),
    ];
    for (pointer, value, field) in cases {
        let mut body = event_body();
        let (parent, key) = pointer.rsplit_once('/').unwrap_or_default();
        let target = if parent.is_empty() {
            &mut body
        } else {
            body.pointer_mut(parent)
                .unwrap_or_else(|| panic!("{pointer}"))
        };
        target
            .as_object_mut()
            .map(|o| o.insert(key.to_string(), value));
        let (status, answer) = app.post(&path, &host, body).await;
        assert_invalid_field(status, &answer, field);
    }
    let mut reversed = event_body();
    reversed["settings"]["range_type"] = json!("date_range");
    reversed["settings"]["range_date_between"] = json!(["2027-02-10", "2027-02-01"]);
    let (status, answer) = app.post(&path, &host, reversed).await;
    assert_invalid_field(status, &answer, "settings.range_date_between");
}

#[tokio::test]
async fn get_event_answers_the_event_with_requested_extras() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let (status, body) = app.get(&format!("/calendars/{cal}/events/{event}?with[]=calendar&with[]=smart_codes&with[]=settings_menu&with[]=calendar_event_lists"), &host).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["calendar_event"]["id"], event);
    assert_eq!(
        body["calendar_event"]["author_profile"]["name"],
        "Jane Tester"
    );
    assert_eq!(body["calendar_event"]["settings"]["range_days"], 60);
    assert_eq!(body["calendar"]["id"], cal);
    assert!(
        body["smart_codes"]
            .as_array()
            .is_some_and(|s| !s.is_empty())
    );
    assert!(
        body["settings_menu"]
            .as_array()
            .is_some_and(|s| !s.is_empty())
    );
    assert!(body["calendar_event_lists"]["hosts"].is_array());
    let (_, plain) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    assert!(plain.get("smart_codes").is_none());
}

#[tokio::test]
async fn update_details_changes_the_event_and_checks_group_and_multi_duration_rules() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let path = format!("/calendars/{cal}/events/{event}/details");
    let (status, body) = app.post(&path, &host, json!({"title": "Intro (short)", "duration": 20, "status": "draft", "color_schema": "#ff4f00",
        "multi_duration": {"enabled": true, "default_duration": 20, "available_durations": [20, 40]}})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Data has been updated");
    assert_eq!(
        (
            body["event"]["title"].clone(),
            body["event"]["duration"].clone(),
            body["event"]["status"].clone()
        ),
        (json!("Intro (short)"), json!(20), json!("draft"))
    );
    assert_eq!(
        body["event"]["settings"]["multi_duration"]["available_durations"],
        json!([20, 40])
    );
    for (body, field) in [
        (json!({"duration": 30, "status": "active"}), "title"),
        (
            json!({"title": "x", "duration": 3, "status": "active"}),
            "duration",
        ),
        (json!({"title": "x", "duration": 30}), "status"),
        (
            json!({"title": "x", "duration": 30, "status": "active", "multi_duration": {"enabled": true, "available_durations": [30]}}),
            "multi_duration.default_duration",
        ),
        (
            json!({"title": "x", "duration": 30, "status": "active", "multi_duration": {"enabled": true, "default_duration": 15, "available_durations": [30]}}),
            "multi_duration.default_duration",
        ),
        (
            json!({"title": "x", "duration": 30, "status": "active", "location_settings": [{"type": "phone_organizer"}]}),
            "location_settings.0.host_phone_number",
        ),
    ] {
        let (status, answer) = app.post(&path, &host, body).await;
        assert_invalid_field(status, &answer, field);
    }
    let mut group = event_body();
    group["event_type"] = json!("group");
    group["max_book_per_slot"] = json!(5);
    group["is_display_spots"] = json!(true);
    let (_, made) = app
        .post(&format!("/calendars/{cal}/events"), &host, group)
        .await;
    assert_eq!(made["slot"]["max_book_per_slot"], 5);
    let (status, answer) = app
        .post(
            &format!("/calendars/{cal}/events/{}/details", made["slot"]["id"]),
            &host,
            json!({"title": "G", "duration": 30, "status": "active"}),
        )
        .await;
    assert_invalid_field(status, &answer, "max_book_per_slot");
}

#[tokio::test]
async fn availability_lists_schedules_and_saves_custom_hours_overrides_and_ranges() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let path = format!("/calendars/{cal}/events/{event}/availability");
    let (status, body) = app.get(&path, &host).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["schedule_options"]["range_types"],
        json!(["range_days", "date_range"])
    );
    assert_eq!(body["available_schedules"][0]["title"], "Weekly Hours");
    assert!(body["available_schedules"][0]["id"].as_i64().is_some());

    let (status, saved) = app.post(&path, &host, json!({"schedule_type": "weekly_schedules", "availability_type": "custom",
        "weekly_schedules": {"mon": {"enabled": true, "slots": [{"start": "08:00", "end": "12:00"}]}},
        "date_overrides": [{"date": "2027-01-04", "slots": [{"start": "00:00", "end": "00:00"}]}],
        "range_type": "date_range", "range_date_between": ["2027-01-01", "2027-03-31"]})).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Data has been updated");
    assert_eq!(saved["event"]["id"], event);
    assert_eq!(
        saved["event"]["settings"]["date_overrides"],
        json!({"2027-01-04": []})
    );
    assert_eq!(
        saved["event"]["settings"]["weekly_schedules"]["mon"]["slots"][0]["start"],
        "08:00"
    );
    let (_, got) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    assert_eq!(got["calendar_event"]["availability_type"], "custom");
    assert_eq!(
        got["calendar_event"]["settings"]["range_type"],
        "date_range"
    );

    for (body, field) in [
        (
            json!({"availability_type": "custom", "weekly_schedules": []}),
            "schedule_type",
        ),
        (
            json!({"schedule_type": "weekly_schedules", "availability_type": "custom"}),
            "weekly_schedules",
        ),
        (
            json!({"schedule_type": "weekly_schedules", "availability_type": "existing_schedule", "availability_id": 99999}),
            "availability_id",
        ),
        (
            json!({"schedule_type": "weekly_schedules", "availability_type": "custom", "weekly_schedules": [], "range_days": 0}),
            "range_days",
        ),
        (
            json!({"schedule_type": "weekly_schedules", "availability_type": "custom", "weekly_schedules": [], "date_overrides": {"2027-02-30": []}}),
            "date_overrides.2027-02-30",
        ),
    ] {
        let (status, answer) = app.post(&path, &host, body).await;
        assert_invalid_field(status, &answer, field);
    }
}

#[tokio::test]
async fn limits_accept_both_notice_forms_and_refuse_bad_values() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let path = format!("/calendars/{cal}/events/{event}/limits");
    let (status, body) = app.post(&path, &host, json!({"settings": {
        "schedule_conditions": [{"value": 2, "unit": "days"}], "buffer_time_before": "10", "buffer_time_after": "15",
        "slot_interval": "20", "booking_frequency": {"enabled": true, "limits": [{"unit": "per_week", "value": 3}]},
        "booking_duration": {"enabled": false, "limits": []}, "lock_timezone": {"enabled": true, "timezone": "Asia/Tokyo"}}})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let settings = &body["event"]["settings"];
    assert_eq!(
        settings["schedule_conditions"],
        json!({"value": 2, "unit": "days"})
    );
    assert_eq!(
        (
            settings["buffer_time_before"].clone(),
            settings["buffer_time_after"].clone(),
            settings["slot_interval"].clone()
        ),
        (json!("10"), json!("15"), json!("20"))
    );
    assert_eq!(
        settings["booking_frequency"]["limits"],
        json!([{"unit": "per_week", "value": 3}])
    );
    assert_eq!(
        settings["lock_timezone"],
        json!({"enabled": true, "timezone": "Asia/Tokyo"})
    );
    let (_, reset) = app
        .post(
            &path,
            &host,
            json!({"settings": {"schedule_conditions": []}}),
        )
        .await;
    assert_eq!(
        reset["event"]["settings"]["schedule_conditions"],
        json!({"value": 4, "unit": "hours"})
    );
    for (settings, field) in [
        (json!({"slot_interval": "0"}), "settings.slot_interval"),
        (
            json!({"buffer_time_before": "-5"}),
            "settings.buffer_time_before",
        ),
        (
            json!({"schedule_conditions": {"value": 1, "unit": "weeks"}}),
            "settings.schedule_conditions.unit",
        ),
        (
            json!({"booking_frequency": {"enabled": true}}),
            "settings.booking_frequency.limits",
        ),
        (
            json!({"booking_frequency": {"enabled": true, "limits": [{"unit": "per_day", "value": -1}]}}),
            "settings.booking_frequency.limits.0.value",
        ),
        (
            json!({"lock_timezone": {"enabled": true, "timezone": "Not/AZone"}}),
            "settings.lock_timezone.timezone",
        ),
    ] {
        let (status, answer) = app.post(&path, &host, json!({"settings": settings})).await;
        assert_invalid_field(status, &answer, field);
    }
    let (status, answer) = app.post(&path, &host, json!({})).await;
    assert_invalid_field(status, &answer, "settings");
}

#[tokio::test]
async fn status_delete_and_clone_an_event() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/calendars/{cal}/events/{event}"),
            Some(&host),
            Some(json!({"status": "draft"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Data has been updated");
    let (status, answer) = app
        .send(
            Method::PUT,
            &format!("/calendars/{cal}/events/{event}"),
            Some(&host),
            Some(json!({"status": "gone"})),
        )
        .await;
    assert_invalid_field(status, &answer, "status");

    let (status, cloned) = app
        .post(
            &format!("/calendars/{cal}/clone-event/{event}"),
            &host,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{cloned}");
    assert_eq!(
        cloned["message"],
        "The Event Type has been cloned successfully"
    );
    assert_eq!(cloned["slot"]["title"], "Intro call (clone)");
    assert_eq!(cloned["slot"]["slug"], "30min-1");
    assert_ne!(cloned["slot"]["hash"], json!(null));

    let (_, other_cal, _) = setup(&app, "omar").await;
    let (status, answer) = app
        .post(
            &format!("/calendars/{cal}/clone-event/{event}"),
            &host,
            json!({"new_calendar_id": other_cal}),
        )
        .await;
    assert_invalid_field(status, &answer, "new_calendar_id");

    let (status, deleted) = app
        .delete(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(deleted["message"], "Calendar Event has been deleted");
    let (status, gone) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    assert_envelope(status, &gone, 404, "not_found");
}

#[tokio::test]
async fn administrators_clone_events_into_another_calendar() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, cal, event) = setup(&app, "jane").await;
    let mut team = calendar_body("UTC");
    team["calendar"]["type"] = json!("team");
    team["calendar"]["title"] = json!("Team");
    team["calendar"]["slot"]["settings"]["team_members"] = json!([admin.id]);
    let (_, made) = app.post("/calendars", &admin, team).await;
    let target = &made["calendar"]["id"];
    let (status, cloned) = app
        .post(
            &format!("/calendars/{cal}/clone-event/{event}"),
            &admin,
            json!({"new_calendar_id": target}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{cloned}");
    assert_eq!(cloned["slot"]["calendar_id"], *target);
}

#[tokio::test]
async fn another_hosts_events_are_invisible() {
    let app = TestApp::spawn().await;
    let (_, cal, event) = setup(&app, "jane").await;
    let bob = app.host("bob").await;
    for (method, suffix, body) in [
        (Method::GET, "", None),
        (Method::PUT, "", Some(json!({"status": "draft"}))),
        (Method::DELETE, "", None),
        (
            Method::POST,
            "/details",
            Some(json!({"title": "x", "duration": 30, "status": "active"})),
        ),
        (Method::GET, "/availability", None),
        (
            Method::POST,
            "/availability",
            Some(
                json!({"schedule_type": "weekly_schedules", "availability_type": "custom", "weekly_schedules": []}),
            ),
        ),
        (
            Method::GET,
            "/availability/explain?time=2027-01-04%2010:00",
            None,
        ),
        (Method::POST, "/limits", Some(json!({"settings": {}}))),
        (Method::GET, "/booking-fields", None),
        (
            Method::POST,
            "/booking-fields",
            Some(json!({"booking_fields": [{"name": "name"}]})),
        ),
        (Method::GET, "/payment-settings", None),
    ] {
        let (status, answer) = app
            .send(
                method.clone(),
                &format!("/calendars/{cal}/events/{event}{suffix}"),
                Some(&bob),
                body,
            )
            .await;
        assert_envelope(status, &answer, 404, "not_found");
    }
    let (status, answer) = app
        .post(
            &format!("/calendars/{cal}/clone-event/{event}"),
            &bob,
            json!({}),
        )
        .await;
    assert_envelope(status, &answer, 404, "not_found");
    let (status, answer) = app
        .post(&format!("/calendars/{cal}/events"), &bob, event_body())
        .await;
    assert_envelope(status, &answer, 404, "not_found");
}

/// The first `weekday` at least `days_ahead` days from today, as YYYY-MM-DD.
pub fn next_weekday(weekday: chrono::Weekday, days_ahead: i64) -> String {
    use chrono::Datelike;
    let mut date = chrono::Utc::now().date_naive() + chrono::Duration::days(days_ahead);
    while date.weekday() != weekday {
        date += chrono::Duration::days(1);
    }
    date.format("%Y-%m-%d").to_string()
}
