use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

const EVERY_DAY: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

fn week(from: &str, to: &str) -> Vec<Value> {
    EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": from, "to": to}))
        .collect()
}

/// A Berlin host with a 60-minute event open 09:00-12:00 daily; answers (host, calendar, event).
async fn bookable(app: &TestApp, login: &str) -> (Creds, i64, i64) {
    let host = app.host(login).await;
    let (status, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Hour", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week("09:00", "12:00"), "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    (
        host,
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

/// A date about three weeks ahead (a weekday or not: the event is open every day).
fn day_ahead() -> NaiveDate {
    chrono::Utc::now().date_naive() + chrono::Duration::days(20)
}

fn booking(name: &str, time: &str) -> Value {
    json!({"name": name, "email": format!("{}@example.org", name.to_lowercase().replace(' ', ".")), "timezone": "Europe/Berlin", "event_time": time})
}

async fn create(app: &TestApp, event: i64, body: Value) -> (StatusCode, Value) {
    app.book(event).body(body).send().await
}

async fn slots_on(app: &TestApp, event: i64, day: NaiveDate) -> Value {
    let first = day.with_day(1).unwrap_or(day);
    let (_, body) = app
        .send(
            Method::GET,
            &format!("/bookings/slots/{event}?start_date={first}&timezone=Europe/Berlin"),
            None,
            None,
        )
        .await;
    body["available_slots"][day.format("%Y-%m-%d").to_string()].clone()
}

#[tokio::test]
async fn a_public_booking_is_created_and_its_time_leaves_the_list() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = bookable(&app, "jane").await;
    let day = day_ahead();
    let (status, body) = create(
        &app,
        event,
        booking("Maya Singh", &format!("{day} 10:00:00")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Booking has been created");
    let b = &body["booking"];
    assert_eq!(
        (
            b["first_name"].clone(),
            b["last_name"].clone(),
            b["email"].clone()
        ),
        (
            json!("Maya"),
            json!("Singh"),
            json!("maya.singh@example.org")
        )
    );
    assert_eq!(b["status"], "scheduled");
    assert_eq!(b["source"], "web");
    assert_eq!(b["event_id"], event);
    assert_eq!(b["calendar_id"], cal);
    assert_eq!(b["host_user_id"], host.id);
    assert_eq!(b["person_time_zone"], "Europe/Berlin");
    assert_eq!(b["slot_minutes"], 60);
    assert_eq!(b["group_id"], b["id"]);
    assert!(b["hash"].as_str().is_some_and(|h| h.len() == 32));
    assert!(
        b["created_at"]
            .as_str()
            .is_some_and(|t| t.len() == 19 && !t.contains('T')),
        "{b}"
    );
    // 10:00 in Berlin, told in UTC.
    let expected = chrono_tz::Europe::Berlin
        .from_local_datetime(&day.and_hms_opt(10, 0, 0).unwrap_or_default())
        .earliest()
        .map(|t| t.naive_utc().format("%Y-%m-%d %H:%M:%S").to_string());
    assert_eq!(b["start_time"].as_str().map(str::to_string), expected);
    assert_eq!(slots_on(&app, event, day).await, json!(["09:00", "11:00"]));
}

use chrono::TimeZone;

#[tokio::test]
async fn a_taken_or_unoffered_time_answers_409_with_the_engines_reasons() {
    let app = TestApp::spawn().await;
    let (_, _, event) = bookable(&app, "jane").await;
    let day = day_ahead();
    assert_eq!(
        create(
            &app,
            event,
            booking("First One", &format!("{day} 10:00:00"))
        )
        .await
        .0,
        StatusCode::OK
    );
    let cases = [
        (format!("{day} 10:00:00"), "overlap"),
        (format!("{day} 10:30:00"), "off_grid"),
        (format!("{day} 13:00:00"), "outside_hours"),
        (
            format!(
                "{} 10:00:00",
                chrono::Utc::now().date_naive() - chrono::Duration::days(2)
            ),
            "notice",
        ),
        (
            format!(
                "{} 10:00:00",
                chrono::Utc::now().date_naive() + chrono::Duration::days(200)
            ),
            "outside_window",
        ),
    ];
    for (time, reason) in cases {
        let (status, body) = create(&app, event, booking("Second Person", &time)).await;
        assert_envelope(status, &body, 409, "slot_unavailable");
        assert_eq!(
            body["message"],
            "This selected time slot is not available. Maybe someone booked the spot just a few seconds ago."
        );
        assert!(
            body["data"]["reasons"]
                .as_array()
                .is_some_and(|r| r.contains(&json!(reason))),
            "{time}: {body}"
        );
    }
}

#[tokio::test]
async fn bad_input_is_refused_with_a_named_field_and_nothing_is_written() {
    let app = TestApp::spawn().await;
    let (_, cal, event) = bookable(&app, "jane").await;
    let day = day_ahead();
    let good = booking("Maya Singh", &format!("{day} 10:00:00"));
    let cases = [
        (
            "email",
            json!("not-an-email"),
            "email",
            Some("Please provide a valid email address"),
        ),
        (
            "email",
            json!(null),
            "email",
            Some("Please enter attendee's email address"),
        ),
        (
            "name",
            json!(""),
            "name",
            Some("Please enter attendee's name"),
        ),
        ("timezone", json!("Mars/Base"), "timezone", None),
        (
            "timezone",
            json!(null),
            "timezone",
            Some("Please select the timezone"),
        ),
        ("event_time", json!("tomorrow at ten"), "event_time", None),
        (
            "event_time",
            json!(null),
            "event_time",
            Some("Please select a date and time"),
        ),
        (
            "custom_fields",
            json!({"shoe_size": "42"}),
            "custom_fields.shoe_size",
            None,
        ),
        ("guests", json!(["a@example.org"]), "guests", None),
        ("duration", json!("long"), "duration", None),
    ];
    for (key, value, field, message) in cases {
        let mut body = good.clone();
        body[key] = value;
        let (status, answer) = create(&app, event, body).await;
        assert_invalid_field(status, &answer, field);
        if let Some(message) = message {
            assert!(
                answer["errors"][field]
                    .as_object()
                    .is_some_and(|r| r.values().any(|m| m == message)),
                "{answer}"
            );
        }
    }
    let (status, answer) = create(&app, 424242, good.clone()).await;
    assert_envelope(status, &answer, 404, "not_found");
    assert_eq!(
        slots_on(&app, event, day).await,
        json!(["09:00", "10:00", "11:00"]),
        "nothing was booked"
    );
    let mut conn = app.store.conn().await.expect("conn");
    assert_eq!(
        app::store::bookings::count(conn.ex()).await.expect("count"),
        0
    );
    let _ = cal;
}

#[tokio::test]
async fn required_custom_fields_and_guest_limits_are_enforced() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = bookable(&app, "jane").await;
    let (status, saved) = app.post(&format!("/calendars/{cal}/events/{event}/booking-fields"), &host, json!({"booking_fields": [
        {"type": "dropdown", "label": "Company size", "name": "size", "required": true, "options": ["1-10", "11-50"]},
        {"name": "guests", "enabled": true, "limit": 2},
    ]})).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let day = day_ahead();
    let mut body = booking("Maya Singh", &format!("{day} 10:00:00"));
    let (status, answer) = create(&app, event, body.clone()).await;
    assert_invalid_field(status, &answer, "custom_fields.size");
    assert_eq!(
        answer["errors"]["custom_fields.size"]["required"],
        "Company size is required"
    );
    body["custom_fields"] = json!({"size": "huge"});
    let (status, answer) = create(&app, event, body.clone()).await;
    assert_invalid_field(status, &answer, "custom_fields.size");
    body["custom_fields"] = json!({"size": "11-50"});
    body["guests"] = json!(["a@example.org", "b@example.org", "c@example.org"]);
    let (status, answer) = create(&app, event, body.clone()).await;
    assert_invalid_field(status, &answer, "guests");
    body["guests"] = json!(["a@example.org", "b@example.org"]);
    let (status, made) = create(&app, event, body).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(
        made["booking"]["custom_form_data"],
        json!({"size": "11-50"})
    );
    assert_eq!(
        made["booking"]["additional_guests"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
}

#[tokio::test]
async fn only_a_host_of_the_event_may_set_status_and_source() {
    let app = TestApp::spawn().await;
    let (host, _, event) = bookable(&app, "jane").await;
    let day = day_ahead();
    let mut body = booking("Maya Singh", &format!("{day} 09:00:00"));
    body["status"] = json!("pending");
    body["source"] = json!("admin");
    let (_, public) = create(&app, event, body.clone()).await;
    assert_eq!(
        (
            public["booking"]["status"].clone(),
            public["booking"]["source"].clone()
        ),
        (json!("scheduled"), json!("web"))
    );
    body["event_time"] = json!(format!("{day} 10:00:00"));
    let (status, by_host) = app.book(event).body(body.clone()).by(&host).send().await;
    assert_eq!(status, StatusCode::OK, "{by_host}");
    assert_eq!(
        (
            by_host["booking"]["status"].clone(),
            by_host["booking"]["source"].clone()
        ),
        (json!("pending"), json!("admin"))
    );
    let stranger = app.host("omar").await;
    body["event_time"] = json!(format!("{day} 11:00:00"));
    let (_, by_stranger) = app.book(event).body(body).by(&stranger).send().await;
    assert_eq!(by_stranger["booking"]["status"], "scheduled");
}

#[tokio::test]
async fn a_retried_create_with_the_same_idempotency_key_answers_the_first_result() {
    let app = TestApp::spawn().await;
    let (_, _, event) = bookable(&app, "jane").await;
    let body = booking("Maya Singh", &format!("{} 10:00:00", day_ahead()));
    let send = || {
        app.client
            .post(format!("{}/api/v2/bookings/create/{event}", app.base))
            .header("idempotency-key", "retry-1")
            .json(&body)
            .send()
    };
    let first: Value = send().await.expect("send").json().await.expect("json");
    let second = send().await.expect("send");
    assert_eq!(second.status(), StatusCode::OK);
    let second: Value = second.json().await.expect("json");
    assert_eq!(first["booking"]["id"], second["booking"]["id"]);
    let mut conn = app.store.conn().await.expect("conn");
    assert_eq!(
        app::store::bookings::count(conn.ex()).await.expect("count"),
        1
    );
}

/// Fires `n` creates of one time at once across `apps`; answers the status counts.
async fn race(apps: &[&TestApp], event: i64, time: &str, n: usize) -> BTreeMap<u16, usize> {
    let mut tasks = Vec::new();
    for i in 0..n {
        let app = apps[i % apps.len()];
        let request = app
            .client
            .post(format!("{}/api/v2/bookings/create/{event}", app.base))
            .json(&booking(&format!("Racer {i}"), time));
        tasks.push(tokio::spawn(async move {
            request
                .send()
                .await
                .map(|r| r.status().as_u16())
                .unwrap_or(0)
        }));
    }
    let mut counts = BTreeMap::new();
    for task in tasks {
        *counts.entry(task.await.unwrap_or(0)).or_insert(0) += 1;
    }
    counts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_simultaneous_creates_of_one_slot_give_exactly_one_booking() {
    let app = TestApp::spawn().await;
    let (_, _, event) = bookable(&app, "jane").await;
    let counts = race(&[&app], event, &format!("{} 10:00:00", day_ahead()), 50).await;
    assert_eq!(counts, BTreeMap::from([(200, 1), (409, 49)]));
    let mut conn = app.store.conn().await.expect("conn");
    assert_eq!(
        app::store::bookings::count(conn.ex()).await.expect("count"),
        1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_group_slot_with_three_seats_takes_exactly_three_of_thirty_racers() {
    let app = TestApp::spawn().await;
    let (host, cal, _) = bookable(&app, "jane").await;
    let (_, made) = app.post(&format!("/calendars/{cal}/events"), &host, json!({"title": "Class", "duration": 60, "status": "active",
        "event_type": "group", "max_book_per_slot": 3, "is_display_spots": true, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week("14:00", "15:00"), "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let counts = race(&[&app], event, &format!("{} 14:00:00", day_ahead()), 30).await;
    assert_eq!(counts, BTreeMap::from([(200, 3), (409, 27)]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_server_instances_on_one_database_still_book_a_slot_once() {
    let app = TestApp::spawn().await;
    let beside = TestApp::spawn_beside(&app).await;
    let (_, _, event) = bookable(&app, "jane").await;
    let counts = race(
        &[&app, &beside],
        event,
        &format!("{} 11:00:00", day_ahead()),
        50,
    )
    .await;
    assert_eq!(counts, BTreeMap::from([(200, 1), (409, 49)]));
}

/// DESIGN 6: 200 concurrent creates of one slot of capacity k give exactly k bookings, here
/// with k = 5 and the racers split over two server instances on one database.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_racers_over_two_servers_fill_five_seats_exactly() {
    let app = TestApp::spawn().await;
    let beside = TestApp::spawn_beside(&app).await;
    let (host, cal, _) = bookable(&app, "jane").await;
    let (_, made) = app.post(&format!("/calendars/{cal}/events"), &host, json!({"title": "Workshop", "duration": 60, "status": "active",
        "event_type": "group", "max_book_per_slot": 5, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week("14:00", "15:00"), "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let time = format!("{} 14:00:00", day_ahead());
    let counts = race(&[&app, &beside], event, &time, 200).await;
    assert_eq!(counts, BTreeMap::from([(200, 5), (409, 195)]));
    let mut conn = app.store.conn().await.expect("conn");
    assert_eq!(
        app::store::bookings::count(conn.ex()).await.expect("count"),
        5
    );
}

#[tokio::test]
async fn round_robin_spreads_bookings_and_collective_books_every_member() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let ann = app.host("anna").await;
    let ben = app.host("bert").await;
    let team = |event_type: &str, title: &str| {
        json!({"calendar": {"type": "team", "title": title, "author_timezone": "Europe/Berlin", "user_id": ann.id, "slot": {
        "title": title, "duration": 60, "event_type": event_type, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week("09:00", "12:00"), "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}, "team_members": [ann.id, ben.id]}}}})
    };
    let (_, rr) = app
        .post("/calendars", &admin, team("round_robin", "Support"))
        .await;
    let rr_event = rr["slot"]["id"].as_i64().unwrap_or_default();
    let time = format!("{} 10:00:00", day_ahead());
    let (_, first) = create(&app, rr_event, booking("One Person", &time)).await;
    let (_, second) = create(&app, rr_event, booking("Two Person", &time)).await;
    let hosts: Vec<Value> = vec![
        first["booking"]["host_user_id"].clone(),
        second["booking"]["host_user_id"].clone(),
    ];
    assert!(
        hosts.contains(&json!(ann.id)) && hosts.contains(&json!(ben.id)),
        "{hosts:?}"
    );
    let (status, third) = create(&app, rr_event, booking("Three Person", &time)).await;
    assert_envelope(status, &third, 409, "slot_unavailable");

    let (_, co) = app
        .post("/calendars", &admin, team("collective", "Panel"))
        .await;
    let co_event = co["slot"]["id"].as_i64().unwrap_or_default();
    let time = format!("{} 11:00:00", day_ahead());
    let (status, made) = create(&app, co_event, booking("Panel Guest", &time)).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    // Every member is now busy at 11:00, so the round-robin event no longer offers it.
    let (status, blocked) = create(&app, rr_event, booking("Late Person", &time)).await;
    assert_envelope(status, &blocked, 409, "slot_unavailable");
}

/// Asserts a create at `time` is refused for `reason`, or accepted when `reason` is `None`.
async fn expect_create(app: &TestApp, event: i64, time: &str, reason: Option<&str>) {
    let (status, body) = create(app, event, booking("Buffer Test", time)).await;
    match reason {
        None => assert_eq!(status, StatusCode::OK, "{time}: {body}"),
        Some(reason) => {
            assert_envelope(status, &body, 409, "slot_unavailable");
            assert_eq!(body["data"]["reasons"], json!([reason]), "{time}: {body}");
        }
    }
}

#[tokio::test]
async fn a_write_respects_the_larger_facing_buffer_of_either_event() {
    let app = TestApp::spawn().await;
    // Event A: 60 minutes 09:00-12:00 with 20 minutes before and 30 after.
    let (host, cal, hour) = bookable(&app, "jane").await;
    let (status, body) = app.post(&format!("/calendars/{cal}/events/{hour}/limits"), &host, json!({"settings": {
        "schedule_conditions": [{"value": 0, "unit": "minutes"}], "buffer_time_before": "20", "buffer_time_after": "30",
        "slot_interval": "", "booking_frequency": {"enabled": false, "limits": []},
        "booking_duration": {"enabled": false, "limits": []}}})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Event B of the same host: 30 minutes on a 30-minute grid 09:00-18:00, no buffers.
    let (status, made) = app.post(&format!("/calendars/{cal}/events"), &host, json!({
        "title": "Half", "duration": 30, "status": "active", "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week("09:00", "18:00"), "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let half = made["slot"]["id"].as_i64().unwrap_or_default();
    let on = |offset: i64, time: &str| {
        format!("{} {time}:00", day_ahead() + chrono::Duration::days(offset))
    };

    // A stored booking's own buffers keep later writes of another event away.
    expect_create(&app, hour, &on(0, "10:00"), None).await;
    expect_create(&app, half, &on(0, "11:00"), Some("buffer")).await;
    expect_create(&app, half, &on(0, "09:30"), Some("buffer")).await;
    expect_create(&app, half, &on(0, "11:30"), None).await;
    // The candidate's buffers keep it away from a stored booking without any.
    expect_create(&app, half, &on(1, "11:00"), None).await;
    expect_create(&app, hour, &on(1, "10:00"), Some("buffer")).await;
    expect_create(&app, half, &on(2, "09:30"), None).await;
    expect_create(&app, hour, &on(2, "10:00"), Some("buffer")).await;
    expect_create(&app, hour, &on(2, "11:00"), None).await;
    // The explain route reads the same neighbourhood.
    let (_, why) = app
        .get(
            &format!(
                "/calendars/{cal}/events/{hour}/availability/explain?time={}%2010:00&timezone=Europe/Berlin",
                day_ahead() + chrono::Duration::days(1)
            ),
            &host,
        )
        .await;
    assert_eq!(why["reasons"], json!(["buffer"]), "{why}");
}
