//! An event's further settings through REST: booking fields, payment settings, advanced settings,
//! and why a time is not offered.

use crate::events::{next_weekday, setup};
use crate::support::{TestApp, assert_envelope, assert_invalid_field};
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn booking_fields_keep_system_fields_and_validate_custom_ones() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let path = format!("/calendars/{cal}/events/{event}/booking-fields");
    let (status, body) = app.get(&path, &host).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = body["fields"]
        .as_array()
        .map(|f| f.iter().filter_map(|x| x["name"].as_str()).collect())
        .unwrap_or_default();
    for name in [
        "name",
        "email",
        "message",
        "cancellation_reason",
        "rescheduling_reason",
        "guests",
        "phone_number",
    ] {
        assert!(names.contains(&name), "{name} missing: {names:?}");
    }
    assert_eq!(body["fields"][5]["limit"], 10);

    let (status, saved) = app.post(&path, &host, json!({"booking_fields": [
        {"name": "name", "type": "text", "label": "Full name", "required": false, "enabled": false, "system_defined": true},
        {"type": "dropdown", "label": "Company size", "required": true, "options": ["1-10", "11-50"]},
        {"type": "checkbox", "label": "Subscribe?"},
        {"type": "date", "label": "Preferred date", "name": "preferred_date"},
    ]})).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Fields have been updated");
    let (_, body) = app.get(&path, &host).await;
    let fields = body["fields"].as_array().cloned().unwrap_or_default();
    let by_name = |n: &str| {
        fields
            .iter()
            .find(|f| f["name"] == n)
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(by_name("name")["label"], "Full name");
    assert_eq!(by_name("name")["required"], true, "name stays required");
    assert_eq!(
        by_name("custom_company_size")["options"],
        json!(["1-10", "11-50"])
    );
    assert_eq!(by_name("custom_company_size")["system_defined"], false);
    assert_eq!(by_name("preferred_date")["type"], "date");
    assert!(
        fields.iter().any(|f| f["name"] == "email"),
        "system fields always present"
    );

    for (fields, field) in [
        (
            json!([{"type": "hologram", "label": "x"}]),
            "booking_fields.0.type",
        ),
        (
            json!([{"type": "radio", "label": "Pick"}]),
            "booking_fields.0.options",
        ),
        (
            json!([{"type": "text", "label": ""}]),
            "booking_fields.0.label",
        ),
        (
            json!([{"type": "text", "label": "A", "name": "bad name!"}]),
            "booking_fields.0.name",
        ),
        (
            json!([{"type": "text", "label": "A", "name": "email"}, {"type": "text", "label": "B", "name": "dup"}, {"type": "text", "label": "C", "name": "dup"}]),
            "booking_fields.2.name",
        ),
        (
            json!([{"name": "guests", "limit": 0}]),
            "booking_fields.0.limit",
        ),
    ] {
        let (status, answer) = app
            .post(&path, &host, json!({"booking_fields": fields}))
            .await;
        assert_invalid_field(status, &answer, field);
    }
    let (status, answer) = app.post(&path, &host, json!({"booking_fields": []})).await;
    assert_invalid_field(status, &answer, "booking_fields");
}

#[tokio::test]
async fn payment_settings_answer_settings_and_config() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    let (status, body) = app
        .get(
            &format!("/calendars/{cal}/events/{event}/payment-settings"),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["settings"]["enabled"], "no");
    for key in [
        "native_enabled",
        "card_configured",
        "wallet_configured",
        "offline_configured",
        "has_cart",
        "has_store",
        "store_enabled",
    ] {
        assert!(body["config"][key].is_boolean(), "{key}");
    }
    assert!(body["config"]["native_config_link"].is_string());
}

#[tokio::test]
async fn explain_answers_why_a_time_is_not_offered() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = setup(&app, "jane").await;
    // Calendar hours: Mon 09:00-17:00, Tue 09:00-12:00 (Berlin), 30-minute slots, default schedule.
    let path = format!("/calendars/{cal}/events/{event}/availability/explain");
    let monday = next_weekday(chrono::Weekday::Mon, 7);
    let (status, ok) = app
        .get(
            &format!("{path}?time={monday}%2010:00&timezone=Europe/Berlin"),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    assert_eq!(ok["offered"], true, "{ok}");
    assert_eq!(ok["reasons"], json!([]));
    let (_, night) = app
        .get(
            &format!("{path}?time={monday}%2003:00&timezone=Europe/Berlin"),
            &host,
        )
        .await;
    assert_eq!(night["reasons"], json!(["outside_hours"]));
    let (_, off) = app
        .get(
            &format!("{path}?time={monday}%2010:10&timezone=Europe/Berlin"),
            &host,
        )
        .await;
    assert_eq!(off["reasons"], json!(["off_grid"]));
    let far = next_weekday(chrono::Weekday::Mon, 120);
    let (_, beyond) = app
        .get(
            &format!("{path}?time={far}%2010:00&timezone=Europe/Berlin"),
            &host,
        )
        .await;
    assert_eq!(beyond["reasons"], json!(["outside_window"]));
    let (status, answer) = app.get(&format!("{path}?time=tomorrow"), &host).await;
    assert_invalid_field(status, &answer, "time");
    let (status, answer) = app
        .get(
            &format!("{path}?time={monday}%2010:00&timezone=Moon/Base"),
            &host,
        )
        .await;
    assert_invalid_field(status, &answer, "timezone");
}

#[tokio::test]
async fn advanced_settings_switch_confirmation_and_policies_and_keep_what_is_not_sent() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (calendar, event) =
        crate::support::daily_event(&app, &host, "UTC", 30, ("00:00", "24:00")).await;
    let path = format!("/calendars/{calendar}/events/{event}/advanced-settings");
    let (status, body) = app
        .post(
            &path,
            &host,
            json!({"settings": {"requires_confirmation": true}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Data has been updated");
    assert_eq!(body["event"]["id"], event);
    assert_eq!(
        body["event"]["settings"]["requires_confirmation"]["enabled"],
        true
    );
    // A booking of it now waits for the host.
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).format("%Y-%m-%d");
    let (status, made) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({
            "name": "Ada", "email": "ada@example.org", "timezone": "UTC",
            "event_time": format!("{tomorrow} 10:00:00")})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["booking"]["status"], "pending");
    // The reference's object form; the other rules keep their values.
    let (status, body) = app
        .post(
            &path,
            &host,
            json!({"settings": {"can_not_cancel": {"enabled": "yes", "type": "conditional",
            "condition": {"value": 2, "unit": "hours"}, "message": "Too late to cancel"}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let settings = &body["event"]["settings"];
    assert_eq!(settings["can_not_cancel"]["enabled"], true);
    assert_eq!(settings["can_not_cancel"]["type"], "conditional");
    assert_eq!(
        settings["can_not_cancel"]["condition"],
        json!({"value": 2, "unit": "hours"})
    );
    assert_eq!(settings["requires_confirmation"]["enabled"], true, "kept");
    // Bad values name their field and change nothing; another host's event is a 404.
    let (status, body) = app
        .post(&path, &host, json!({"settings": {"requires_confirmation": "perhaps", "can_not_reschedule": {"type": "never"}}}))
        .await;
    assert_invalid_field(status, &body, "settings.requires_confirmation");
    assert_invalid_field(status, &body, "settings.can_not_reschedule");
    let (status, body) = app.post(&path, &host, json!({})).await;
    assert_invalid_field(status, &body, "settings");
    let (_, event_now) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &host)
        .await;
    assert_eq!(
        event_now["calendar_event"]["settings"]["requires_confirmation"]["enabled"],
        true
    );
    let bob = app.host("bob").await;
    let (status, body) = app
        .post(
            &path,
            &bob,
            json!({"settings": {"requires_confirmation": "bad"}}),
        )
        .await;
    assert_envelope(status, &body, 404, "not_found");
}
