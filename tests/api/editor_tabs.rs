//! The event editor's Details, Limits, Advanced and Notifications tabs, each saved through its
//! REST route's rules.

use crate::desk::Desk;
use crate::editor::{TabForm, jane_event};
use crate::support::TestApp;
use reqwest::StatusCode;
use serde_json::Value;

#[tokio::test]
async fn the_advanced_tab_saves_confirmation_and_policies_or_nothing() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let rest = format!("/calendars/{calendar}/events/{event}");
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "advanced").await;
    let (_, before) = app.get(&rest, &jane).await;
    let (status, _, html) = form
        .post(&[
            ("requires_confirmation", "on"),
            ("cancel_mode", "before"),
            ("cancel_value", "-3"),
            ("cancel_unit", "hours"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The condition must be a value of 0 or more in minutes, hours or days."));
    let (_, unchanged) = app.get(&rest, &jane).await;
    assert_eq!(
        unchanged["calendar_event"]["settings"], before["calendar_event"]["settings"],
        "nothing saved"
    );
    // A duration that is no number is named beside its field; nothing is saved.
    let (status, _, html) = form
        .post(&[
            ("multi_duration", "on"),
            ("durations", "15, half an hour"),
            ("default_duration", "15"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"f-durations-error\""), "{html}");
    assert!(html.contains("Each duration must be a whole number of minutes."));
    let (status, _, _) = form
        .post(&[
            ("requires_confirmation", "on"),
            ("cancel_mode", "before"),
            ("cancel_value", "24"),
            ("cancel_unit", "hours"),
            ("reschedule_mode", "never"),
            ("multi_duration", "on"),
            ("durations", "15, 30"),
            ("default_duration", "30"),
        ])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, after) = app.get(&rest, &jane).await;
    let settings = &after["calendar_event"]["settings"];
    assert_eq!(settings["requires_confirmation"]["enabled"], true);
    assert_eq!(settings["can_not_cancel"]["type"], "conditional");
    assert_eq!(settings["can_not_cancel"]["condition"]["value"], 24);
    assert_eq!(settings["can_not_reschedule"]["enabled"], true);
    assert_eq!(
        settings["multi_duration"]["available_durations"],
        serde_json::json!([15, 30])
    );
    // The notifications tab follows: a confirmed event lists the request emails.
    let (_, html) = desk.page(&format!("{editor}?tab=notifications")).await;
    assert!(html.contains("The host declines"));
}

#[tokio::test]
async fn the_limits_tab_saves_window_caps_and_locked_zone_in_one_request() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let rest = format!("/calendars/{calendar}/events/{event}");
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "limits").await;
    let (_, before) = app.get(&rest, &jane).await;
    let base = [
        ("notice", "60"),
        ("buffer_before", "0"),
        ("buffer_after", "15"),
        ("slot_interval", ""),
        ("window_days", "14"),
        ("frequency_enabled", "on"),
        ("frequency_per_day", "2"),
        ("booked_time_per_week", ""),
        ("lock_zone_enabled", "on"),
        ("lock_zone", "Asia/Tokyo"),
    ];
    let mut bad = base.to_vec();
    bad.push(("frequency_per_week", "0"));
    let (status, _, html) = form.post(&bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The limit must be between 1 and 10000."));
    let (_, unchanged) = app.get(&rest, &jane).await;
    assert_eq!(
        unchanged["calendar_event"]["settings"],
        before["calendar_event"]["settings"]
    );
    let mut over = base.to_vec();
    over[4] = ("window_days", "5000");
    let (status, _, html) = form.post(&over).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"f-window_days-error\""));

    let (status, _, _) = form.post(&base).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, after) = app.get(&rest, &jane).await;
    let s = &after["calendar_event"]["settings"];
    assert_eq!(s["range_days"], 14);
    assert_eq!(s["buffer_time_after"], "15");
    assert_eq!(s["booking_frequency"]["enabled"], true);
    assert_eq!(
        s["booking_frequency"]["limits"],
        serde_json::json!([{"unit": "per_day", "value": 2}])
    );
    assert_eq!(s["lock_timezone"]["timezone"], "Asia/Tokyo");
    let (_, html) = desk.page(&form.url).await;
    assert!(html.contains("value=\"14\""));
}

#[tokio::test]
async fn a_group_events_seats_are_set_in_the_details_tab() {
    let app = TestApp::spawn().await;
    let (jane, calendar, _, _) = jane_event(&app).await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri"]
        .iter()
        .map(|d| serde_json::json!({"day": d, "from": "09:00", "to": "17:00"}))
        .collect();
    let (status, made) = app
        .post(
            &format!("/calendars/{calendar}/events"),
            &jane,
            serde_json::json!({"title": "Workshop", "duration": 60, "status": "active",
                "event_type": "group", "max_book_per_slot": 3, "is_display_spots": true,
                "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let desk = Desk::open(&app, "jane").await;
    let editor = format!("/admin/calendars/{calendar}/events/{event}");
    let form = TabForm::open(&desk, &editor, "details").await;
    let (_, html) = desk.page(&form.url).await;
    assert!(html.contains("Seats per time"));
    let details = |seats: &'static str| {
        [
            ("title", "Workshop"),
            ("duration", "60"),
            ("status", "active"),
            ("description", ""),
            ("seats", seats),
        ]
    };
    let (status, _, html) = form.post(&details("0")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"f-max_book_per_slot-error\""));
    let (status, _, _) = form.post(&details("8")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, rest) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(rest["calendar_event"]["max_book_per_slot"], 8);
}

#[tokio::test]
async fn the_details_tab_saves_colour_and_location_with_the_routes_rules() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "details").await;
    let details = |kind: &'static str, description: &'static str| {
        [
            ("title", "Site visit"),
            ("duration", "30"),
            ("status", "active"),
            ("description", ""),
            ("color_schema", "#aa3300"),
            ("location_type", kind),
            ("location_title", "Workshop"),
            ("location_description", description),
            ("location_phone", ""),
            ("location_link", ""),
        ]
    };
    let (status, _, html) = form.post(&details("in_person_organizer", "")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Event location description field is required"));
    assert!(html.contains("id=\"f-location_description-error\""));
    let (status, _, _) = form
        .post(&details("in_person_organizer", "12 Mill Lane"))
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, rest) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    let ev = &rest["calendar_event"];
    assert_eq!(ev["color_schema"], "#aa3300");
    assert_eq!(ev["location_settings"][0]["type"], "in_person_organizer");
    assert_eq!(ev["location_settings"][0]["description"], "12 Mill Lane");
    let (_, html) = desk.page(&form.url).await;
    assert!(html.contains("value=\"12 Mill Lane\""));
    // "None" removes it.
    form.post(&details("", "")).await;
    let (_, rest) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(
        rest["calendar_event"]["location_settings"],
        serde_json::json!([])
    );
}

#[tokio::test]
async fn the_notifications_tab_edits_one_email_through_the_rest_rules() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let rest = format!("/calendars/{calendar}/events/{event}/email-notifications");
    let desk = Desk::open(&app, "jane").await;
    let (_, list) = desk.page(&format!("{editor}?tab=notifications")).await;
    assert!(list.contains("A time is booked") && list.contains("The host declines a request"));
    let (_, open) = desk
        .page(&format!(
            "{editor}?tab=notifications&edit=reminder_to_attendee"
        ))
        .await;
    assert!(
        open.contains("Reminder times") && open.contains("15 minutes"),
        "{open}"
    );
    let url = format!("{editor}?tab=notifications&edit=reminder_to_attendee");
    let form = TabForm {
        desk: &desk,
        token: desk.token(&url).await,
        url,
        name: "notifications",
    };
    let (status, _, html) = form
        .post(&[
            ("key", "reminder_to_attendee"),
            ("enabled", "on"),
            ("subject", "Soon: {{booking.event_name}}"),
            ("body", "<p>See you</p>"),
            ("times", "every now and then"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Write the times as"), "{html}");
    let (_, unchanged) = app.get(&rest, &jane).await;
    assert_eq!(
        unchanged["notifications"]["reminder_to_attendee"]["enabled"],
        false
    );
    let (status, location, _) = form
        .post(&[
            ("key", "reminder_to_attendee"),
            ("enabled", "on"),
            ("subject", "Soon: {{booking.event_name}}"),
            ("body", "<p>See you</p>"),
            ("times", "2 hours, 1 day"),
        ])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(
        location.ends_with("tab=notifications&saved=1"),
        "{location}"
    );
    let (_, saved) = app.get(&rest, &jane).await;
    let reminder = &saved["notifications"]["reminder_to_attendee"];
    assert_eq!(reminder["enabled"], true);
    assert_eq!(reminder["email"]["subject"], "Soon: {{booking.event_name}}");
    assert_eq!(
        reminder["email"]["times"],
        serde_json::json!([{"unit": "hours", "value": 2}, {"unit": "days", "value": 1}])
    );
    // A host email's blind copies are checked like the route's.
    let (status, _, html) = form
        .post(&[
            ("key", "booking_conf_host"),
            ("enabled", "on"),
            ("subject", "New"),
            ("body", "<p>New</p>"),
            ("copies", "not-an-address"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Additional recipients must be"), "{html}");
}

#[tokio::test]
async fn the_advanced_tab_saves_the_booking_policies_or_names_the_bad_one() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event, editor) = jane_event(&app).await;
    let rest = format!("/calendars/{calendar}/events/{event}");
    let desk = Desk::open(&app, "jane").await;
    let form = TabForm::open(&desk, &editor, "advanced").await;
    let (_, before) = app.get(&rest, &jane).await;
    let (status, _, html) = form
        .post(&[
            ("recurring", "on"),
            ("interval", "2"),
            ("frequency", "weekly"),
            ("max_count", "8"),
            ("hold_minutes", "10"),
            ("video_link_template", "https://meet.example/room"),
        ])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("The video link template must be empty or an http(s) URL containing {uid}.")
    );
    let (_, unchanged) = app.get(&rest, &jane).await;
    assert_eq!(
        unchanged["calendar_event"]["settings"], before["calendar_event"]["settings"],
        "nothing saved"
    );
    let (status, _, _) = form
        .post(&[
            ("recurring", "on"),
            ("interval", "2"),
            ("frequency", "monthly"),
            ("max_count", "8"),
            ("hold_minutes", "10"),
            ("attendee_limit", "2"),
            ("secret", "on"),
            ("agents_may_book", "on"),
            ("allowed_domains", "example.org\nExample.NET"),
            ("blocked_domains", ""),
            ("video_link_template", "https://meet.jit.si/{uid}"),
        ])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, after) = app.get(&rest, &jane).await;
    let settings = &after["calendar_event"]["settings"];
    assert_eq!(
        settings["recurring_config"],
        serde_json::json!({"enabled": true, "frequency": "monthly", "interval": 2, "max_count": 8, "is_count_fixed": false})
    );
    assert_eq!(settings["hold_minutes"], 10);
    assert_eq!(
        settings["attendee_limit"],
        serde_json::json!({"enabled": true, "value": 2})
    );
    assert_eq!(settings["secret"], true);
    assert_eq!(settings["agents_may_book"], true);
    assert_eq!(
        settings["email_domains"]["allow"],
        serde_json::json!(["example.org", "example.net"])
    );
    assert_eq!(settings["video_link_template"], "https://meet.jit.si/{uid}");
    let (_, html) = desk.page(&format!("{editor}?tab=advanced")).await;
    assert!(html.contains("Allow recurring bookings") && html.contains("Video link template"));
    assert!(html.contains("Allow agents to book"));
}
