//! Faults and hostile input found by outside testing (issue 13): each test failed before its
//! fix. Both backends (the README's test command runs this suite on SQLite and PostgreSQL).

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field, daily_event};

/// Jane's calendar with a daily 09:00-13:00 hour-long event; answers (jane, calendar, event).
pub(crate) async fn jane_with_event(app: &TestApp) -> (Creds, i64, i64) {
    let jane = app.host("jane").await;
    let (calendar, event) = daily_event(app, &jane, "Europe/Berlin", 60, ("09:00", "13:00")).await;
    (jane, calendar, event)
}

pub(crate) fn day_in(days: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

pub(crate) fn booking_body(name: &str, time: &str) -> Value {
    json!({"name": name, "email": "maya@example.org", "timezone": "Europe/Berlin", "event_time": time})
}

async fn public_post(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    app.send(Method::POST, path, None, Some(body)).await
}

/// Books `event` at 10:00 `days` from now as the public; answers the booking.
pub(crate) async fn book(app: &TestApp, event: i64, days: i64) -> Value {
    let time = format!("{} 10:00:00", day_in(days));
    let made = app
        .book(event)
        .name("Maya Singh")
        .email("maya@example.org")
        .zone("Europe/Berlin")
        .at(&time)
        .booked()
        .await;
    made["booking"].clone()
}

/// Asserts that no host-only field is in a booking answered to the public.
fn assert_attendee_view(booking: &Value) {
    assert!(booking.get("internal_note").is_none(), "{booking}");
    assert!(booking["author"].get("email").is_none(), "{booking}");
    assert!(
        !booking.to_string().contains("jane@example.com"),
        "{booking}"
    );
    assert_eq!(
        booking["first_name"], "Maya",
        "the attendee's own data stays"
    );
}

#[tokio::test]
async fn public_booking_answers_carry_no_host_only_data() {
    let app = TestApp::spawn().await;
    let (jane, _, event) = jane_with_event(&app).await;
    let booking = book(&app, event, 20).await;
    assert_attendee_view(&booking);
    let (id, hash) = (
        booking["id"].as_i64().unwrap_or_default(),
        booking["hash"].as_str().unwrap_or_default().to_string(),
    );
    // The host writes an internal note; the attendee's answers must not show it.
    let (status, noted) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&jane),
            Some(json!({"column": "internal_note", "value": "VIP, secret"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{noted}");
    let (status, moved) = public_post(
        &app,
        &format!("/bookings/{hash}/reschedule"),
        json!({"event_time": format!("{} 11:00:00", day_in(20)), "timezone": "Europe/Berlin", "rescheduling_reason": "Clash"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_attendee_view(&moved["booking"]);
    assert!(!moved.to_string().contains("VIP, secret"));
    let (status, cancelled) = public_post(
        &app,
        &format!("/bookings/{hash}/cancel"),
        json!({"cancellation_reason": "Ill"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{cancelled}");
    assert_attendee_view(&cancelled["booking"]);
    assert!(!cancelled.to_string().contains("VIP, secret"));
    // The host still gets the whole booking.
    let (_, full) = app.get(&format!("/schedules/{id}"), &jane).await;
    assert_eq!(full["schedule"]["internal_note"], "VIP, secret", "{full}");
}

#[tokio::test]
async fn an_idempotency_key_replays_only_the_same_request() {
    let app = TestApp::spawn().await;
    let (_, _, event) = jane_with_event(&app).await;
    let path = format!("/api/v2/bookings/create/{event}");
    let send = |body: Value, key: String| {
        let request = app
            .client
            .post(format!("{}{path}", app.base))
            .header("idempotency-key", key)
            .json(&body);
        async move {
            let response = request.send().await.expect("send");
            let status = response.status();
            (status, response.json::<Value>().await.unwrap_or_default())
        }
    };
    let time = format!("{} 10:00:00", day_in(21));
    let first_body = booking_body("Maya Singh", &time);
    let (status, first) = send(first_body.clone(), "key-1".into()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    // A retry of the same request answers the first result.
    let (status, again) = send(first_body, "key-1".into()).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["booking"]["id"], first["booking"]["id"]);
    // The same key with another attendee's body is refused, and reveals nothing.
    let mut other = booking_body("Eve Mallory", &format!("{} 11:00:00", day_in(21)));
    other["email"] = json!("eve@example.org");
    let (status, refused) = send(other, "key-1".into()).await;
    assert_envelope(status, &refused, 422, "idempotency_key_reused");
    assert!(
        !refused
            .to_string()
            .contains(first["booking"]["hash"].as_str().unwrap_or("-"))
    );
    // A key over 255 characters is refused, not ignored.
    let (status, long) = send(
        booking_body("Maya Singh", &format!("{} 12:00:00", day_in(21))),
        "k".repeat(256),
    )
    .await;
    assert_invalid_field(status, &long, "Idempotency-Key");
}

#[tokio::test]
async fn wrong_credentials_are_refused_on_public_routes_too() {
    let app = TestApp::spawn().await;
    let (jane, _, event) = jane_with_event(&app).await;
    let wrong = Creds {
        secret: "not the password".into(),
        ..jane.clone()
    };
    for (method, path, body) in [
        (Method::GET, format!("/bookings/slots/{event}"), None),
        (Method::GET, format!("/bookings/event/{event}"), None),
        (
            Method::POST,
            format!("/bookings/create/{event}"),
            Some(booking_body(
                "Maya Singh",
                &format!("{} 10:00:00", day_in(22)),
            )),
        ),
    ] {
        let (status, answer) = app.send(method, &path, Some(&wrong), body).await;
        assert_envelope(status, &answer, 401, "incorrect_password");
    }
    // Without credentials the same routes answer.
    let (status, _) = app
        .send(Method::GET, &format!("/bookings/slots/{event}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_stale_session_cookie_is_anonymous_on_public_routes() {
    let app = TestApp::spawn().await;
    let (_, _, event) = jane_with_event(&app).await;
    let response = app
        .client
        .post(format!("{}/api/v2/bookings/create/{event}", app.base))
        .header("cookie", "slotbook_session=expired-or-forged")
        .json(&booking_body(
            "Maya Singh",
            &format!("{} 10:00:00", day_in(23)),
        ))
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::OK);
    // A private route still needs a real session.
    let response = app
        .client
        .get(format!("{}/api/v2/calendars", app.base))
        .header("cookie", "slotbook_session=expired-or-forged")
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

/// A body wrong in every field the routes read.
fn invalid_body() -> Value {
    json!({
        "title": 5, "duration": "long", "status": 99, "event_type": 3, "slug": 7,
        "calendar": 5, "slot": 5, "settings": "none", "fields": "none", "integration": 5,
        "integration_name": 5, "schedule_type": 7, "weekly_schedules": 3, "date_overrides": 3,
        "column": 5, "value": [], "booking_title": 1, "enabled": "maybe", "event_time": 5,
        "schedule_conditions": "x", "buffer_time_before": "x", "location_settings": 5,
        "availability_type": 9, "description": 1, "color_schema": 3, "team_members": "x",
    })
}

#[tokio::test]
async fn another_hosts_ids_answer_404_before_any_validation() {
    let app = TestApp::spawn().await;
    let (jane, calendar, event) = jane_with_event(&app).await;
    let booking = book(&app, event, 24).await;
    let booking_id = booking["id"].as_i64().unwrap_or_default();
    let (status, feed) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/integrations/0"),
            &jane,
            json!({"integration_name": "webhook", "integration": {"name": "Feed", "request_url": "https://hooks.example.com/x",
                   "event_triggers": ["after_booking_scheduled"]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{feed}");
    let feed = feed["integration_id"].as_i64().unwrap_or_default();
    let bob = app.host("bob").await;
    app.calendar_for(&bob, "UTC").await;
    let e = format!("/calendars/{calendar}/events/{event}");
    let routes: Vec<(Method, String)> = vec![
        (Method::GET, format!("/calendars/{calendar}")),
        (Method::POST, format!("/calendars/{calendar}")),
        (Method::DELETE, format!("/calendars/{calendar}")),
        (Method::GET, format!("/calendars/{calendar}/event-schema")),
        (Method::POST, format!("/calendars/{calendar}/events")),
        (Method::GET, e.clone()),
        (Method::PUT, e.clone()),
        (Method::DELETE, e.clone()),
        (Method::POST, format!("{e}/details")),
        (Method::GET, format!("{e}/availability")),
        (Method::POST, format!("{e}/availability")),
        (
            Method::GET,
            format!("{e}/availability/explain?time=bad&timezone=Mars/Base"),
        ),
        (Method::POST, format!("{e}/limits")),
        (
            Method::POST,
            format!("/calendars/{calendar}/clone-event/{event}"),
        ),
        (Method::GET, format!("{e}/booking-fields")),
        (Method::POST, format!("{e}/booking-fields")),
        (Method::GET, format!("{e}/payment-settings")),
        (Method::GET, format!("{e}/integrations")),
        (Method::POST, format!("{e}/integrations/{feed}")),
        (Method::POST, format!("{e}/integrations/0")),
        (Method::DELETE, format!("{e}/integrations/{feed}")),
        (
            Method::GET,
            format!("/calendars/{calendar}/sharing-settings"),
        ),
        (
            Method::POST,
            format!("/calendars/{calendar}/sharing-settings"),
        ),
        (Method::GET, format!("/schedules/{booking_id}")),
        (Method::PUT, format!("/schedules/{booking_id}")),
        (Method::DELETE, format!("/schedules/{booking_id}")),
        (Method::GET, format!("/schedules/{booking_id}/activities")),
        (Method::GET, format!("/schedules/{booking_id}/meta-info")),
        (
            Method::POST,
            format!("/schedules/{booking_id}/send-confirmation-email"),
        ),
        (
            Method::GET,
            format!("/schedules/group-bookings/{booking_id}/attendees"),
        ),
    ];
    for (method, path) in routes {
        let body = (method != Method::GET && method != Method::DELETE).then(invalid_body);
        let (status, answer) = app.send(method.clone(), &path, Some(&bob), body).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}: {answer}");
        assert_eq!(answer["data"]["status"], 404, "{method} {path}: {answer}");
    }
    // Nothing of Jane's changed.
    let (status, still) = app.get(&format!("/schedules/{booking_id}"), &jane).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(still["schedule"]["status"], "scheduled");
}

#[tokio::test]
async fn team_members_must_accept_a_hosts_invitation_first() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    let team = |members: Vec<i64>| {
        let mut body = crate::support::calendar_body("UTC");
        body["calendar"]["type"] = json!("team");
        body["calendar"]["title"] = json!("Support team");
        body["calendar"]["slot"]["event_type"] = json!("round_robin");
        body["calendar"]["slot"]["settings"]["team_members"] = json!(members);
        body
    };
    let (status, refused) = app
        .post("/calendars", &jane, team(vec![jane.id, bob.id]))
        .await;
    assert_invalid_field(status, &refused, "calendar.slot.settings.team_members");
    // Jane invites Bob; until Bob accepts, he still cannot be enlisted.
    let (status, sent) = app
        .post(
            "/team-invitations",
            &jane,
            json!({"email": "bob@example.com"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    assert_eq!(sent["invitation"]["status"], "pending");
    let id = sent["invitation"]["id"].as_i64().unwrap_or_default();
    let (status, _) = app
        .post("/calendars", &jane, team(vec![jane.id, bob.id]))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Only Bob can accept; another host does not even see the invitation.
    let (status, answer) = app
        .post(&format!("/team-invitations/{id}/accept"), &jane, json!({}))
        .await;
    assert_envelope(status, &answer, 403, "rest_forbidden");
    let carol = app.host("carol").await;
    let (status, answer) = app
        .post(&format!("/team-invitations/{id}/accept"), &carol, json!({}))
        .await;
    assert_envelope(status, &answer, 404, "not_found");
    let (status, accepted) = app
        .post(&format!("/team-invitations/{id}/accept"), &bob, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    assert_eq!(accepted["invitation"]["status"], "accepted");
    let (status, made) = app
        .post("/calendars", &jane, team(vec![jane.id, bob.id]))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    // Carol never accepted: Jane cannot add her to a team event either.
    let calendar = made["calendar"]["id"].as_i64().unwrap_or_default();
    let mut event = crate::support::calendar_body("UTC")["calendar"]["slot"].clone();
    event["event_type"] = json!("collective");
    event["status"] = json!("active");
    event["settings"]["team_members"] = json!([jane.id, carol.id]);
    let (status, refused) = app
        .post(
            &format!("/calendars/{calendar}/events"),
            &jane,
            event.clone(),
        )
        .await;
    assert_invalid_field(status, &refused, "settings.team_members");
    // An administrator (invite_team_members) needs no invitation.
    let admin = app.admin().await;
    let (status, made) = app
        .post("/calendars", &admin, team(vec![admin.id, carol.id]))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (_, listed) = app.get("/team-invitations", &bob).await;
    assert_eq!(listed["invitations"][0]["direction"], "received");
}

#[tokio::test]
async fn the_reference_clients_calendar_body_is_accepted() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let keyed = json!({
        "sun": {"enabled": false, "slots": []},
        "mon": {"enabled": true, "slots": [{"start": "10:00", "end": "14:00"}]},
        "tue": {"enabled": false, "slots": []}, "wed": {"enabled": false, "slots": []},
        "thu": {"enabled": false, "slots": []}, "fri": {"enabled": false, "slots": []},
        "sat": {"enabled": false, "slots": []},
    });
    let (status, made) = app
        .post(
            "/calendars",
            &jane,
            json!({"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Intro", "duration": 30, "event_type": "single", "availability_type": "custom",
        "schedule_type": "weekly_schedules", "weekly_schedules": keyed}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (calendar, event) = (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    );
    let (_, stored) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    let monday = &stored["calendar_event"]["settings"]["weekly_schedules"]["mon"];
    assert_eq!(monday["slots"][0]["start"], "10:00", "{stored}");
    // Both shapes: the spec's `settings` wins.
    let bob = app.host("bob").await;
    let (status, made) = app.post("/calendars", &bob, json!({"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Intro", "duration": 30, "event_type": "single", "availability_type": "custom",
        "schedule_type": "weekly_schedules", "weekly_schedules": keyed,
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": [{"day": "mon", "from": "08:00", "to": "09:00"}]}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (calendar, event) = (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    );
    let (_, stored) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &bob)
        .await;
    assert_eq!(
        stored["calendar_event"]["settings"]["weekly_schedules"]["mon"]["slots"][0]["start"],
        "08:00",
        "{stored}"
    );
}
