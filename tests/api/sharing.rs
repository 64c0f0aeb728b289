use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, assert_invalid_field, calendar_body};

#[tokio::test]
async fn sharing_settings_default_to_all_events_public() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let (status, body) = app
        .get(
            &format!("/calendars/{}/sharing-settings", made["calendar"]["id"]),
            &jane,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["settings"],
        json!({"enabled": "yes", "show_type": "all", "enabled_slots": []})
    );
    assert!(
        body["share_url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/jane"))
    );
}

#[tokio::test]
async fn saving_sharing_settings_updates_profile_and_landing_page() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let id = &made["calendar"]["id"];
    let event_id = &made["slot"]["id"];
    let (status, body) = app.post(&format!("/calendars/{id}/sharing-settings"), &jane, json!({
        "calendar_data": {"title": "Jane's Studio", "description": "<b>Hi</b><script>x()</script>",
                          "calendar_avatar": "https://example.com/a.png", "featured_image": "https://example.com/f.jpg", "phone": "+49 30 1234"},
        "landing_page_settings": {"enabled": "yes", "show_type": "selected", "enabled_slots": [event_id]}
    })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Landing Page settings have been updated");
    let (_, sharing) = app
        .get(&format!("/calendars/{id}/sharing-settings"), &jane)
        .await;
    assert_eq!(
        sharing["settings"],
        json!({"enabled": "yes", "show_type": "selected", "enabled_slots": [event_id]})
    );
    let (_, got) = app.get(&format!("/calendars/{id}"), &jane).await;
    let calendar = &got["calendar"];
    assert_eq!(calendar["title"], "Jane's Studio");
    assert_eq!(calendar["description"], "<b>Hi</b>");
    assert_eq!(
        calendar["author_profile"]["avatar"],
        "https://example.com/a.png"
    );
    assert_eq!(
        calendar["author_profile"]["featured_image"],
        "https://example.com/f.jpg"
    );
    assert_eq!(calendar["author_profile"]["phone"], "+49 30 1234");

    // Turning sharing off hides the public address and clears the selection.
    app.post(
        &format!("/calendars/{id}/sharing-settings"),
        &jane,
        json!({"landing_page_settings": {"enabled": false}}),
    )
    .await;
    let (_, got) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(got["calendar"]["public_url"], "");
    let (_, sharing) = app
        .get(&format!("/calendars/{id}/sharing-settings"), &jane)
        .await;
    assert_eq!(sharing["settings"]["enabled"], "no");
    assert_eq!(sharing["settings"]["enabled_slots"], json!([]));
}

#[tokio::test]
async fn a_new_timezone_keeps_the_wall_clock_times_of_every_schedule() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let mut body = calendar_body("Europe/Berlin");
    body["calendar"]["slot"]["availability_type"] = json!("custom");
    let (_, made) = app.post("/calendars", &jane, body).await;
    let id = &made["calendar"]["id"];
    let before = made["slot"]["settings"]["weekly_schedules"].clone();
    let (status, answer) = app
        .post(
            &format!("/calendars/{id}/sharing-settings"),
            &jane,
            json!({
                "calendar_data": {"title": "Jane", "timezone": "America/New_York"}
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, got) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(got["calendar"]["author_timezone"], "America/New_York");
    assert_eq!(
        got["calendar"]["slots"][0]["settings"]["weekly_schedules"],
        before
    );
    assert_eq!(
        before["mon"]["slots"][0],
        json!({"start": "09:00", "end": "17:00"})
    );
    let mut conn = app.store.conn().await.expect("conn");
    let schedule = app::store::availability_schedules::find_default(conn.ex(), jane.id)
        .await
        .expect("query")
        .expect("schedule");
    assert_eq!(schedule.timezone, "America/New_York");
    assert!(schedule.weekly_schedules.contains("\"start\":\"09:00\""));
}

#[tokio::test]
async fn invalid_sharing_input_is_refused_field_by_field() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let bobs = app.calendar_for(&bob, "UTC").await;
    let path = format!("/calendars/{}/sharing-settings", made["calendar"]["id"]);
    let cases = [
        (
            json!({"calendar_data": {"title": "J", "calendar_avatar": "not a url"}}),
            "calendar_data.calendar_avatar",
        ),
        (
            json!({"calendar_data": {"title": "J", "featured_image": "javascript:alert(1)"}}),
            "calendar_data.featured_image",
        ),
        (
            json!({"calendar_data": {"title": "J", "timezone": "Nowhere/Land"}}),
            "calendar_data.timezone",
        ),
        (
            json!({"calendar_data": {"description": "no title"}}),
            "calendar_data.title",
        ),
        (
            json!({"calendar_data": {"title": "J", "phone": "1".repeat(40)}}),
            "calendar_data.phone",
        ),
        (
            json!({"landing_page_settings": {"show_type": "some"}}),
            "landing_page_settings.show_type",
        ),
        (
            json!({"landing_page_settings": {"enabled_slots": [bobs["slot"]["id"]]}}),
            "landing_page_settings.enabled_slots",
        ),
        (
            json!({"landing_page_settings": {"enabled_slots": "all"}}),
            "landing_page_settings.enabled_slots",
        ),
        (json!({"calendar_data": "a string"}), "calendar_data"),
    ];
    for (body, field) in cases {
        let (status, answer) = app.post(&path, &jane, body).await;
        assert_invalid_field(status, &answer, field);
    }
    let (_, sharing) = app.get(&path, &jane).await;
    assert_eq!(
        sharing["settings"]["show_type"], "all",
        "refused saves change nothing"
    );
}
