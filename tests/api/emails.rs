use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::TestApp;

/// The `.eml` files the app wrote, as text.
fn mails(app: &TestApp) -> Vec<String> {
    std::fs::read_dir(&app.mail_dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

pub(crate) async fn wait_for_mails(app: &TestApp, count: usize) -> Vec<String> {
    for _ in 0..600 {
        let found = mails(app);
        if found.len() >= count {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    mails(app)
}

/// Whether an email holding `needle` (quoted-printable soft breaks joined) is written within
/// 30 seconds.
pub(crate) async fn wait_for_mail_with(app: &TestApp, needle: &str) -> bool {
    for _ in 0..600 {
        if mails(app)
            .iter()
            .any(|m| m.replace("=\r\n", "").contains(needle))
        {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test]
async fn a_booking_emails_attendee_and_host_and_logs_each_email() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Intro call", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let mut tx = app.store.begin().await.expect("tx");
    app::store::settings::put(
        tx.ex(),
        "general",
        &json!({"emailing": {"from_name": "Jane's Studio", "from_email": "studio@example.com",
        "attach_ics_on_confirmation": "yes", "email_footer": "<p>See you soon</p>"}})
        .to_string(),
    )
    .await
    .expect("settings");
    tx.commit().await.expect("commit");
    let time = format!(
        "{} 10:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(9)
    );
    let (status, booked) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({
        "name": "Maya Singh", "email": "maya@example.org", "timezone": "Europe/Berlin", "event_time": time}))).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let found = wait_for_mails(&app, 2).await;
    assert_eq!(found.len(), 2, "one to the attendee, one to the host");
    let to_attendee = found
        .iter()
        .find(|m| {
            m.contains("To: \"Maya Singh\" <maya@example.org>")
                || m.contains("To: Maya Singh <maya@example.org>")
        })
        .cloned()
        .unwrap_or_default();
    assert!(
        to_attendee.contains("Subject: Booking Confirmation between Jane Tester & Maya Singh"),
        "{to_attendee}"
    );
    assert!(
        to_attendee.contains("studio@example.com") && to_attendee.contains("text/calendar"),
        "{to_attendee}"
    );
    assert!(found.iter().any(
        |m| m.contains("jane@example.com") && m.contains("Subject: New Booking: Maya Singh @")
    ));
    // Each delivery is in the activity log.
    let id = &booked["booking"]["id"];
    let mut titles = Vec::new();
    for _ in 0..600 {
        let (_, log) = app.get(&format!("/schedules/{id}/activities"), &host).await;
        titles = log["activities"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|a| a["title"].as_str().map(str::to_string))
            .collect();
        if titles.len() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for sent in [
        "Booking scheduled email sent to guest",
        "Booking scheduled email sent to host",
    ] {
        assert!(titles.iter().any(|t| t == sent), "{titles:?}");
    }
    let mut conn = app.store.conn().await.expect("conn");
    assert_eq!(
        app::store::outbox::count_with_status(conn.ex(), "email", "done")
            .await
            .expect("count"),
        2
    );
}

#[tokio::test]
async fn past_scheduled_bookings_are_completed_by_the_job_not_by_reads() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let made = app.calendar_for(&host, "UTC").await;
    let now = chrono::Utc::now().timestamp();
    let mut ids = Vec::new();
    for (i, ended_minutes_ago) in [(0, 120), (1, 30)] {
        let start = now - ended_minutes_ago * 60 - 1800;
        let mut tx = app.store.begin().await.expect("tx");
        ids.push(
            app::store::bookings::insert(
                tx.ex(),
                &app::store::bookings::NewBooking {
                    hash: &format!("{i}").repeat(32),
                    calendar_id: made["calendar"]["id"].as_i64().unwrap_or_default(),
                    event_id: made["slot"]["id"].as_i64().unwrap_or_default(),
                    host_user_id: host.id,
                    person_time_zone: "UTC",
                    start_time: start,
                    end_time: start + 1800,
                    first_name: "A",
                    last_name: "B",
                    email: "a@example.org",
                    message: "",
                    status: "scheduled",
                    source: "web",
                    event_type: "single",
                    language: "en",
                },
            )
            .await
            .expect("insert"),
        );
        tx.commit().await.expect("commit");
    }
    let (_, before) = app.get(&format!("/schedules/{}", ids[0]), &host).await;
    assert_eq!(
        before["schedule"]["status"], "scheduled",
        "reads never change data"
    );
    let ctx = app::service::Ctx::new(app.store.clone(), "http://x");
    assert_eq!(
        app::service::bookings::lifecycle::complete_past(&ctx, chrono::Utc::now().timestamp())
            .await
            .expect("job"),
        1
    );
    let (_, done) = app.get(&format!("/schedules/{}", ids[0]), &host).await;
    assert_eq!(done["schedule"]["status"], "completed");
    let (_, recent) = app.get(&format!("/schedules/{}", ids[1]), &host).await;
    assert_eq!(
        recent["schedule"]["status"], "scheduled",
        "ended only 30 minutes ago (default 60)"
    );
    let admin = app.admin().await;
    let (status, saved) = app
        .post(
            "/settings/general",
            &admin,
            json!({"administration": {"auto_complete_timing": "20"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        app::service::bookings::lifecycle::complete_past(&ctx, chrono::Utc::now().timestamp())
            .await
            .expect("job"),
        1,
        "30 minutes is past the 20 now set"
    );
    let (_, recent) = app.get(&format!("/schedules/{}", ids[1]), &host).await;
    assert_eq!(recent["schedule"]["status"], "completed");
}

async fn hour_event(app: &TestApp, host: &crate::support::Creds) -> (i64, i64) {
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (_, made) = app.post("/calendars", host, json!({"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Consultation", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

#[tokio::test]
async fn events_requiring_confirmation_book_pending_and_ask_the_host_for_approval() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = hour_event(&app, &host).await;
    app.require_confirmation(event).await;
    let time = format!(
        "{} 10:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(9)
    );
    let (status, booked) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({
        "name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC", "event_time": time})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    assert_eq!(booked["booking"]["status"], "pending");
    let found = wait_for_mails(&app, 2).await;
    assert!(
        found.iter().any(|m| m.contains("jane@example.com")
            && m.contains("Subject: Awaiting Approval: Maya Singh")),
        "{found:?}"
    );
    assert!(found.iter().any(|m| m.contains("maya@example.org")
        && m.contains("Subject: Booking Submitted: Meeting between")));
    // The pending booking holds its time.
    let (status, second) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({
        "name": "Tom Becker", "email": "tom@example.org", "timezone": "UTC", "event_time": time})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{second}");
    // Approving it is the pending -> scheduled move.
    let (status, approved) = app
        .send(
            Method::PUT,
            &format!("/schedules/{}", booked["booking"]["id"]),
            Some(&host),
            Some(json!({"column": "status", "value": "scheduled"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{approved}");
}

#[tokio::test]
async fn a_draft_event_takes_no_bookings() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = hour_event(&app, &host).await;
    app.send(
        Method::PUT,
        &format!("/calendars/{cal}/events/{event}"),
        Some(&host),
        Some(json!({"status": "draft"})),
    )
    .await;
    let time = format!(
        "{} 10:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(9)
    );
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({
        "name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC", "event_time": time})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["code"], "event_inactive");
}

#[tokio::test]
async fn undeliverable_email_is_retried_later_with_its_error_kept() {
    // Nothing listens on port 9 of loopback: every SMTP attempt fails at once.
    let app = TestApp::spawn_with(|c| c.smtp_url = Some("smtp://127.0.0.1:9".into())).await;
    let host = app.host("jane").await;
    let (_, event) = hour_event(&app, &host).await;
    let time = format!(
        "{} 11:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(9)
    );
    let (status, _) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({
        "name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC", "event_time": time})),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the booking does not wait for email"
    );
    let mut retried = Vec::new();
    for _ in 0..600 {
        let mut conn = app.store.conn().await.expect("conn");
        retried = app::store::outbox::retry_state(conn.ex(), "email")
            .await
            .expect("query");
        if retried.len() == 2
            && retried
                .iter()
                .all(|(_, attempts, error)| *attempts >= 1 && error.is_some())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(retried.len(), 2, "{retried:?}");
    for (status, attempts, error) in retried {
        assert_eq!(status, "pending", "put back for a later attempt");
        assert_eq!(attempts, 1);
        assert!(error.is_some_and(|e| !e.is_empty()));
    }
}
