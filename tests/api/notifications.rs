//! Per-event email notifications, reminders on the workers' clock, delivery in order and
//! retries through SMTP outages.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::emails::wait_for_mails;
use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

/// A calendar in `zone` with a 30-minute event bookable 08:00-18:00 every day, no notice.
pub(crate) async fn event_in(app: &TestApp, host: &Creds, zone: &str) -> (i64, i64) {
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "08:00", "to": "18:00"}))
        .collect();
    let (status, made) = app.post("/calendars", host, json!({"calendar": {"author_timezone": zone, "slot": {
        "title": "Intro call", "duration": 30, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 60,
            "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

pub(crate) fn base(cal: i64, event: i64) -> String {
    format!("/calendars/{cal}/events/{event}/email-notifications")
}

/// Books `days` ahead at `time` (UTC) for an attendee in `zone`.
pub(crate) async fn book_at(app: &TestApp, event: i64, days: i64, time: &str, zone: &str) -> Value {
    let when = chrono::NaiveDateTime::parse_from_str(
        &format!(
            "{} {time}:00",
            chrono::Utc::now().date_naive() + chrono::Duration::days(days)
        ),
        "%Y-%m-%d %H:%M:%S",
    )
    .expect("time")
    .and_utc();
    let local = when
        .with_timezone(&zone.parse::<chrono_tz::Tz>().expect("zone"))
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
    let booked = app
        .book(event)
        .name("Ann Lee & Co")
        .zone(zone)
        .at(&local)
        .booked()
        .await;
    booked["booking"].clone()
}

/// "YYYY-MM-DD HH:MM:00", `days` from today (UTC).
pub(crate) fn day_at(days: i64, time: &str) -> String {
    format!(
        "{} {time}:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(days)
    )
}

/// The attendee's own `action` (`cancel` or `reschedule`) on booking `hash`; must succeed.
pub(crate) async fn by_attendee(app: &TestApp, hash: &Value, action: &str, body: Value) {
    let hash = hash.as_str().unwrap_or_default();
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/{action}"),
            None,
            Some(body),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// A written email with its quoted-printable parts decoded (soft line breaks joined, `=XX`
/// bytes restored), so tests can search its text.
pub(crate) fn decoded(mail: &str) -> String {
    let joined = mail.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Mails whose text contains `needle`, waiting up to 30 s for `count` of them.
pub(crate) async fn mails_with(app: &TestApp, needle: &str, count: usize) -> Vec<String> {
    let mut found = Vec::new();
    for _ in 0..300 {
        found = wait_for_mails(app, 0)
            .await
            .iter()
            .map(|m| decoded(m))
            .filter(|m| m.contains(needle))
            .collect();
        if found.len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    found
}

/// Waits until no email item is left to deliver now (pending and due, or being sent).
pub(crate) async fn settle(app: &TestApp) {
    for _ in 0..300 {
        let mut conn = app.store.conn().await.expect("conn");
        let working = app::store::outbox::count_with_status(conn.ex(), "email", "working")
            .await
            .expect("count");
        let state = app::store::outbox::retry_state(conn.ex(), "email")
            .await
            .expect("state");
        drop(conn);
        let fresh = state
            .iter()
            .filter(|(s, attempts, _)| s == "pending" && *attempts == 0)
            .count();
        let reminders = reminder_dues(app).await.len();
        if working == 0 && fresh <= reminders {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The booking's activity titles once `ready` holds for them (the worker notes a sent message
/// just after handing it over), or as they are after 30 s.
pub(crate) async fn titles_when(
    app: &TestApp,
    host: &Creds,
    id: i64,
    ready: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    let mut titles = Vec::new();
    for _ in 0..300 {
        let (_, log) = app.get(&format!("/schedules/{id}/activities"), host).await;
        titles = log["activities"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x["title"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if ready(&titles) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    titles
}

/// Due times of the reminders waiting in the outbox.
pub(crate) async fn reminder_dues(app: &TestApp) -> Vec<i64> {
    let mut conn = app.store.conn().await.expect("conn");
    let sql = "SELECT run_after FROM outbox WHERE purpose = 'reminder' AND status = 'pending' ORDER BY run_after";
    match conn.ex() {
        app::store::Ex::Sqlite(c, _) => sqlx::query_scalar(sql).fetch_all(&mut *c).await,
        app::store::Ex::Postgres(c, _) => sqlx::query_scalar(sql).fetch_all(&mut *c).await,
    }
    .expect("dues")
}

#[tokio::test]
async fn notifications_are_listed_saved_validated_and_private() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    let (status, listed) = app.get(&base(cal, event), &host).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let keys: Vec<&String> = listed["notifications"]
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(keys.len(), 11, "{keys:?}");
    let conf = &listed["notifications"]["booking_conf_attendee"];
    assert_eq!(conf["enabled"], true);
    assert_eq!(
        conf["email"]["subject"],
        "Booking Confirmation between {{host.name}} & {{guest.full_name}}"
    );
    assert_eq!(
        listed["notifications"]["reminder_to_attendee"]["enabled"],
        false
    );
    assert_eq!(
        listed["notifications"]["reminder_to_attendee"]["email"]["times"],
        json!([{"unit": "minutes", "value": 15}])
    );
    assert_eq!(
        listed["notifications"]["booking_conf_host"]["is_host"],
        true
    );
    assert!(listed["smart_codes"].is_array());

    let (status, saved) = app
        .post(
            &base(cal, event),
            &host,
            json!({"notifications": {"reminder_to_attendee": {"enabled": true, "email": {
                "subject": "See you soon", "body": "<p>Soon</p><script>alert(1)</script>",
                "times": [{"unit": "hours", "value": 2}]}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Notifications has been saved");
    let (_, listed) = app.get(&base(cal, event), &host).await;
    let reminder = &listed["notifications"]["reminder_to_attendee"];
    assert_eq!(reminder["enabled"], true);
    assert_eq!(reminder["email"]["body"], "<p>Soon</p>");
    assert_eq!(
        reminder["email"]["times"],
        json!([{"unit": "hours", "value": 2}])
    );

    // Invalid input is refused whole: nothing of it is stored.
    let (status, refused) = app
        .post(
            &base(cal, event),
            &host,
            json!({"notifications": {
                "booking_conf_host": {"email": {"additional_recipients": "boss@example.com, nope"}},
                "reminder_to_attendee": {"email": {"subject": "Changed", "times": [{"unit": "weeks", "value": 1}]}}}}),
        )
        .await;
    assert_invalid_field(
        status,
        &refused,
        "notifications.reminder_to_attendee.email.times",
    );
    assert!(
        refused["errors"]
            .get("notifications.booking_conf_host.email.additional_recipients")
            .is_some(),
        "{refused}"
    );
    let (_, listed) = app.get(&base(cal, event), &host).await;
    assert_eq!(
        listed["notifications"]["reminder_to_attendee"]["email"]["subject"],
        "See you soon"
    );
    let (status, missing) = app.post(&base(cal, event), &host, json!({})).await;
    assert_invalid_field(status, &missing, "notifications");

    // Another host sees nothing of it, and cannot clone from it.
    let other = app.host("omar").await;
    let (status, body) = app.get(&base(cal, event), &other).await;
    assert_envelope(status, &body, 404, "not_found");
    let (other_cal, other_event) = event_in(&app, &other, "UTC").await;
    let (status, body) = app
        .post(
            &format!("{}/clone", base(other_cal, other_event)),
            &other,
            json!({"from_event_id": event}),
        )
        .await;
    assert_envelope(status, &body, 404, "not_found");
}

#[tokio::test]
async fn clone_copies_notifications_between_events_and_with_the_event() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, first) = event_in(&app, &host, "UTC").await;
    let (status, made) = app
        .post(
            &format!("/calendars/{cal}/clone-event/{first}"),
            &host,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (second_cal, second) = (cal, made["slot"]["id"].as_i64().unwrap_or_default());
    app.post(
        &base(cal, first),
        &host,
        json!({"notifications": {"booking_conf_attendee": {"email": {"subject": "Yes, {{guest.first_name}}"}}}}),
    )
    .await;
    let (status, cloned) = app
        .post(
            &format!("{}/clone", base(second_cal, second)),
            &host,
            json!({"from_event_id": first}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{cloned}");
    assert_eq!(
        cloned["message"],
        "The Notification has been cloned successfully"
    );
    let (_, listed) = app.get(&base(second_cal, second), &host).await;
    assert_eq!(
        listed["notifications"]["booking_conf_attendee"]["email"]["subject"],
        "Yes, {{guest.first_name}}"
    );
    // Cloning the event takes its texts, payment settings and webhook feeds along.
    let events = format!("/calendars/{cal}/events/{first}");
    for (path, body) in [
        (
            format!("{events}/sms-notifications"),
            json!({"notifications": {"booking_conf_attendee": {"enabled": true, "sms": {"body": "See you"}}}}),
        ),
        (
            format!("{events}/payment-settings"),
            json!({"settings": {"enabled": "yes", "offline_enabled": "yes", "items": [{"title": "Fee", "value": 30}]}}),
        ),
        (
            format!("{events}/integrations/0"),
            json!({"integration_name": "webhook", "integration": {"name": "CRM", "enabled": true,
                "request_url": "https://hooks.example.com/x", "request_method": "POST", "request_format": "JSON",
                "request_body": "all_data", "event_triggers": ["after_booking_scheduled"]}}),
        ),
    ] {
        let (status, body) = app.post(&path, &host, body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    let (status, copy) = app
        .post(
            &format!("/calendars/{cal}/clone-event/{first}"),
            &host,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{copy}");
    let copy_id = copy["slot"]["id"].as_i64().unwrap_or_default();
    let (_, listed) = app.get(&base(cal, copy_id), &host).await;
    assert_eq!(
        listed["notifications"]["booking_conf_attendee"]["email"]["subject"],
        "Yes, {{guest.first_name}}"
    );
    let copied = format!("/calendars/{cal}/events/{copy_id}");
    let (_, sms) = app.get(&format!("{copied}/sms-notifications"), &host).await;
    assert_eq!(
        sms["notifications"]["booking_conf_attendee"]["sms"]["body"],
        "See you"
    );
    let (_, payment) = app.get(&format!("{copied}/payment-settings"), &host).await;
    assert_eq!(payment["settings"]["enabled"], "yes");
    let (_, feeds) = app.get(&format!("{copied}/integrations"), &host).await;
    assert_eq!(feeds["feeds"].as_array().map(Vec::len), Some(1), "{feeds}");
}

#[tokio::test]
async fn each_change_sends_its_enabled_notifications_with_smart_codes_filled() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "Europe/Berlin").await;
    let (status, saved) = app
        .post(
            &base(cal, event),
            &host,
            json!({"notifications": {
                "booking_conf_attendee": {"email": {
                    "subject": "Hi {{guest.first_name}}, {{guest.nickname}} at {{booking.start_date_time_for_attendee}}",
                    "body": "<p>Dear {{guest.full_name}}: {{booking.full_start_end_guest_timezone}} with {{host.name}}.</p><p><a href=\"##booking.cancelation_url##\">Cancel</a></p>"}},
                "booking_conf_host": {"enabled": false},
                "cancelled_by_host": {"email": {"additional_recipients": "desk@example.com"}}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    // 09:00 UTC is 18:00 in Tokyo (no DST there).
    let booking = book_at(&app, event, 10, "09:00", "Asia/Tokyo").await;
    let hash = booking["hash"].as_str().unwrap_or_default().to_string();
    let confirmations = mails_with(&app, "Subject: Hi Ann", 1).await;
    assert_eq!(confirmations.len(), 1);
    let mail = &confirmations[0];
    assert!(
        mail.contains("{{guest.nickname}}"),
        "unknown codes stay: {mail}"
    );
    assert!(
        mail.contains("6:00pm - 6:30pm (Asia/Tokyo)"),
        "the attendee's zone: {mail}"
    );
    assert!(
        mail.contains("text/plain") && mail.contains("text/html"),
        "both parts: {mail}"
    );
    assert!(
        mail.contains("Dear Ann Lee &amp; Co:"),
        "the name is escaped in HTML: {mail}"
    );
    assert!(
        mail.contains(&format!("/booking/{hash}/cancel")),
        "the cancel link: {mail}"
    );
    settle(&app).await;
    assert!(
        mails_with(&app, "New Booking", 0).await.is_empty(),
        "booking_conf_host was switched off"
    );

    // The host cancels: the attendee hears of it (with the blind copy), the host does not.
    let id = booking["id"].as_i64().unwrap_or_default();
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "Ill today"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let cancelled = mails_with(
        &app,
        "Subject: Your booking was cancelled with Jane Tester",
        1,
    )
    .await;
    assert_eq!(cancelled.len(), 1);
    assert!(cancelled[0].contains("Ill today"), "{}", cancelled[0]);
    assert!(
        cancelled[0].contains("desk@example.com"),
        "additional recipients get a copy: {}",
        cancelled[0]
    );

    // An attendee's own cancel and reschedule go to the host.
    let second = book_at(&app, event, 11, "10:00", "UTC").await;
    let later = day_at(11, "11:00");
    by_attendee(
        &app,
        &second["hash"],
        "reschedule",
        json!({"event_time": later, "timezone": "UTC", "rescheduling_reason": "Clash"}),
    )
    .await;
    let moved = mails_with(&app, "Subject: A booking was rescheduled with Ann", 1).await;
    assert_eq!(moved.len(), 1);
    assert!(moved[0].contains("jane@example.com"), "{}", moved[0]);
    by_attendee(
        &app,
        &second["hash"],
        "cancel",
        json!({"cancellation_reason": "Found another time"}),
    )
    .await;
    let gone = mails_with(&app, "Subject: A booking was cancelled with Ann", 1).await;
    assert_eq!(gone.len(), 1);
    assert!(gone[0].contains("Found another time"), "{}", gone[0]);

    // Each sent email is on the booking's activity log in the reference's words.
    let wanted = [
        "Booking scheduled email sent to guest",
        "Booking Cancellation email sent to guest",
    ];
    let titles = titles_when(&app, &host, id, |t| {
        wanted.iter().all(|w| t.iter().any(|x| x == w))
    })
    .await;
    assert!(
        wanted.iter().all(|w| titles.iter().any(|x| x == w)),
        "{titles:?}"
    );
}

#[tokio::test]
async fn every_change_sends_exactly_its_keys_and_nothing_once_switched_off() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = event_in(&app, &host, "UTC").await;
    // Tag every subject with its key, so each email names the notification that sent it.
    let mut tagged = serde_json::Map::new();
    for key in [
        "booking_conf_attendee",
        "booking_conf_host",
        "cancelled_by_attendee",
        "cancelled_by_host",
        "rescheduled_by_attendee",
        "rescheduled_by_host",
        "booking_request_host",
        "booking_request_attendee",
        "declined_by_host",
    ] {
        tagged.insert(
            key.into(),
            json!({"email": {"subject": format!("[{key}] {{{{guest.first_name}}}}")}}),
        );
    }
    let (status, body) = app
        .post(&base(cal, event), &host, json!({"notifications": tagged}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sent = |key: &str| format!("Subject: [{key}] Ann");

    // The host moves a booking: only rescheduled_by_host, to the attendee.
    let booking = book_at(&app, event, 5, "10:00", "UTC").await;
    let hash = booking["hash"].as_str().unwrap_or_default();
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/reschedule"),
            Some(&host),
            Some(json!({"event_time": day_at(5, "11:00"), "timezone": "UTC", "rescheduling_reason": "Clash"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let moved = mails_with(&app, &sent("rescheduled_by_host"), 1).await;
    assert!(moved.len() == 1 && moved[0].contains("ann@example.org"));

    // A request: both request emails; declining it: declined_by_host.
    app.require_confirmation(event).await;
    let pending = book_at(&app, event, 6, "10:00", "UTC").await;
    assert_eq!(pending["status"], "pending");
    for key in ["booking_request_attendee", "booking_request_host"] {
        assert_eq!(mails_with(&app, &sent(key), 1).await.len(), 1, "{key}");
    }
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/schedules/{}", pending["id"]),
            Some(&host),
            Some(json!({"column": "status", "value": "rejected", "reject_reason": "Full"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        mails_with(&app, &sent("declined_by_host"), 1).await.len(),
        1
    );
    settle(&app).await;
    // Each key sent once in all: the first booking's two confirmations, then one each.
    for (key, times) in [
        ("booking_conf_attendee", 1),
        ("booking_conf_host", 1),
        ("rescheduled_by_host", 1),
        ("rescheduled_by_attendee", 0),
        ("cancelled_by_host", 0),
        ("declined_by_host", 1),
    ] {
        assert_eq!(mails_with(&app, &sent(key), 0).await.len(), times, "{key}");
    }

    // Everything off: a new request and its rejection send nothing.
    let mut off = serde_json::Map::new();
    for key in tagged.keys() {
        off.insert(key.clone(), json!({"enabled": false}));
    }
    app.post(&base(cal, event), &host, json!({"notifications": off}))
        .await;
    let before = wait_for_mails(&app, 0).await.len();
    let quiet = book_at(&app, event, 7, "10:00", "UTC").await;
    app.send(
        Method::PUT,
        &format!("/schedules/{}", quiet["id"]),
        Some(&host),
        Some(json!({"column": "status", "value": "rejected", "reject_reason": "Full"})),
    )
    .await;
    settle(&app).await;
    assert_eq!(wait_for_mails(&app, 0).await.len(), before);
}
