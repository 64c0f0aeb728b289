use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate, NaiveTime, TimeZone};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

const EVERY_DAY: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// A Berlin host whose 60-minute event is open 09:00-12:00 every day, no notice, 120 days ahead.
async fn open_event(app: &TestApp, login: &str) -> (Creds, i64, i64) {
    let host = app.host(login).await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (status, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Hour", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    (
        host,
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

fn first_of_next_month() -> NaiveDate {
    let today = chrono::Utc::now().date_naive();
    let (y, m) = if today.month() == 12 {
        (today.year() + 1, 1)
    } else {
        (today.year(), today.month() + 1)
    };
    NaiveDate::from_ymd_opt(y, m, 1).unwrap_or(today)
}

async fn public(app: &TestApp, path: &str) -> (StatusCode, Value) {
    app.send(Method::GET, path, None, None).await
}

/// Every offered start as a UTC instant.
fn instants(body: &Value, zone: chrono_tz::Tz) -> BTreeSet<i64> {
    let mut out = BTreeSet::new();
    for (date, times) in body["available_slots"]
        .as_object()
        .cloned()
        .unwrap_or_default()
    {
        for time in times.as_array().cloned().unwrap_or_default() {
            let d = NaiveDate::parse_from_str(&date, "%Y-%m-%d").unwrap_or_default();
            let t = NaiveTime::parse_from_str(time.as_str().unwrap_or_default(), "%H:%M")
                .unwrap_or_default();
            out.insert(
                zone.from_local_datetime(&d.and_time(t))
                    .earliest()
                    .map(|x| x.timestamp())
                    .unwrap_or_default(),
            );
        }
    }
    out
}

#[tokio::test]
async fn slots_cover_the_requested_month_in_the_requested_zone_without_credentials() {
    let app = TestApp::spawn().await;
    let (_, _, event) = open_event(&app, "jane").await;
    let month = first_of_next_month();
    let (status, berlin) = public(
        &app,
        &format!("/bookings/slots/{event}?start_date={month}%2000:00:00&timezone=Europe/Berlin"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{berlin}");
    assert_eq!(berlin["timezone"], "Europe/Berlin");
    let days = berlin["available_slots"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let days_in_month = (first_of_next_month()
        .checked_add_months(chrono::Months::new(1))
        .unwrap_or(month)
        - month)
        .num_days();
    assert_eq!(days.len() as i64, days_in_month, "every day of the month");
    assert!(
        days.values()
            .all(|t| t == &json!(["09:00", "10:00", "11:00"])),
        "{berlin}"
    );
    assert!(
        berlin["max_lookup_date"]
            .as_str()
            .is_some_and(|d| d.len() == 10)
    );

    // The same instants, told in New York time (grouped by New York dates).
    let (_, new_york) = public(
        &app,
        &format!("/bookings/slots/{event}?start_date={month}%2000:00:00&timezone=America/New_York"),
    )
    .await;
    assert_eq!(new_york["timezone"], "America/New_York");
    let ny = instants(&new_york, chrono_tz::America::New_York);
    let de = instants(&berlin, chrono_tz::Europe::Berlin);
    // New York's month starts six hours later, so compare the instants both answers cover.
    let common_start = *ny.iter().next().unwrap_or(&0);
    let common_end = *de.iter().last().unwrap_or(&0);
    let clip = |s: &BTreeSet<i64>| {
        s.iter()
            .copied()
            .filter(|t| *t >= common_start && *t <= common_end)
            .collect::<Vec<_>>()
    };
    assert_eq!(clip(&ny), clip(&de));
    assert!(!clip(&ny).is_empty());
}

#[tokio::test]
async fn booked_times_and_their_hosts_other_events_disappear_from_the_list() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = open_event(&app, "jane").await;
    let month = first_of_next_month();
    let berlin = chrono_tz::Europe::Berlin;
    let day = month + chrono::Duration::days(2);
    let ten = berlin
        .from_local_datetime(&day.and_hms_opt(10, 0, 0).unwrap_or_default())
        .earliest()
        .map(|x| x.timestamp())
        .unwrap_or_default();
    let mut tx = app.store.begin().await.expect("tx");
    app::store::bookings::insert(
        tx.ex(),
        &app::store::bookings::NewBooking {
            hash: "a".repeat(32).as_str(),
            calendar_id: cal,
            event_id: 999_999,
            host_user_id: host.id,
            person_time_zone: "UTC",
            start_time: ten,
            end_time: ten + 1800,
            first_name: "A",
            last_name: "B",
            email: "a@example.com",
            message: "",
            status: "scheduled",
            source: "web",
            event_type: "single",
            language: "en",
        },
    )
    .await
    .expect("insert");
    tx.commit().await.expect("commit");
    let (_, body) = public(
        &app,
        &format!("/bookings/slots/{event}?start_date={month}&timezone=Europe/Berlin"),
    )
    .await;
    assert_eq!(
        body["available_slots"][day.format("%Y-%m-%d").to_string()],
        json!(["09:00", "11:00"])
    );
}

#[tokio::test]
async fn cancelled_bookings_do_not_block() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = open_event(&app, "jane").await;
    let month = first_of_next_month();
    let day = month + chrono::Duration::days(3);
    let ten = chrono_tz::Europe::Berlin
        .from_local_datetime(&day.and_hms_opt(10, 0, 0).unwrap_or_default())
        .earliest()
        .map(|x| x.timestamp())
        .unwrap_or_default();
    let mut tx = app.store.begin().await.expect("tx");
    app::store::bookings::insert(
        tx.ex(),
        &app::store::bookings::NewBooking {
            hash: "c".repeat(32).as_str(),
            calendar_id: cal,
            event_id: event,
            host_user_id: host.id,
            person_time_zone: "UTC",
            start_time: ten,
            end_time: ten + 3600,
            first_name: "A",
            last_name: "B",
            email: "a@example.com",
            message: "",
            status: "cancelled",
            source: "web",
            event_type: "single",
            language: "en",
        },
    )
    .await
    .expect("insert");
    tx.commit().await.expect("commit");
    let (_, body) = public(
        &app,
        &format!("/bookings/slots/{event}?start_date={month}&timezone=Europe/Berlin"),
    )
    .await;
    assert_eq!(
        body["available_slots"][day.format("%Y-%m-%d").to_string()],
        json!(["09:00", "10:00", "11:00"])
    );
}

#[tokio::test]
async fn booking_event_answers_the_event_for_the_booking_page_with_the_same_slots() {
    let app = TestApp::spawn().await;
    let (_, _, event) = open_event(&app, "jane").await;
    let month = first_of_next_month();
    let (status, body) = public(
        &app,
        &format!("/bookings/event/{event}?start_date={month}&timezone=Asia/Kolkata"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let ev = &body["calendar_event"];
    assert_eq!(ev["id"], event);
    assert_eq!(ev["title"], "Hour");
    for key in [
        "max_lookup_date",
        "min_lookup_date",
        "min_bookable_date",
        "location_icon_html",
        "time_format",
    ] {
        assert!(ev.get(key).is_some(), "{key} missing");
    }
    assert_eq!(ev["author_profile"]["name"], "Jane Tester");
    assert_eq!(body["timezone"], "Asia/Kolkata");
    let (_, slots) = public(
        &app,
        &format!("/bookings/slots/{event}?start_date={month}&timezone=Asia/Kolkata"),
    )
    .await;
    assert_eq!(body["available_slots"], slots["available_slots"]);
    // 09:00 Berlin in winter is 13:30 in Kolkata; the half-hour offset comes through.
    let times: BTreeSet<String> = slots["available_slots"]
        .as_object()
        .map(|d| {
            d.values()
                .flat_map(|t| t.as_array().cloned().unwrap_or_default())
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    assert!(times.iter().all(|t| t.ends_with(":30")), "{times:?}");
}

#[tokio::test]
async fn malformed_slot_queries_are_422_and_unknown_or_draft_events_refused() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = open_event(&app, "jane").await;
    for (query, field) in [
        ("start_date=2027-13-45", "start_date"),
        ("start_date=soon", "start_date"),
        ("timezone=Mars/Base", "timezone"),
        ("duration=long", "duration"),
    ] {
        let (status, body) = public(&app, &format!("/bookings/slots/{event}?{query}")).await;
        assert_invalid_field(status, &body, field);
        let (status, body) = public(&app, &format!("/bookings/event/{event}?{query}")).await;
        assert_invalid_field(status, &body, field);
    }
    let (status, body) = public(&app, "/bookings/slots/424242").await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = public(&app, "/bookings/slots/not-a-number").await;
    assert_envelope(status, &body, 404, "rest_no_route");
    app.send(
        Method::PUT,
        &format!("/calendars/{cal}/events/{event}"),
        Some(&host),
        Some(json!({"status": "draft"})),
    )
    .await;
    let (status, body) = public(&app, &format!("/bookings/slots/{event}")).await;
    assert_envelope(status, &body, 422, "event_inactive");
    assert_eq!(
        body["message"],
        "Sorry, the host is not accepting any new bookings at the moment."
    );
}

#[tokio::test]
async fn group_slots_stay_offered_until_every_seat_is_taken() {
    let app = TestApp::spawn().await;
    let (host, cal, _) = open_event(&app, "jane").await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "10:00"}))
        .collect();
    let (_, made) = app.post(&format!("/calendars/{cal}/events"), &host, json!({"title": "Class", "duration": 60, "status": "active",
        "event_type": "group", "max_book_per_slot": 2, "is_display_spots": true, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let month = first_of_next_month();
    let day = month + chrono::Duration::days(1);
    let nine = chrono_tz::Europe::Berlin
        .from_local_datetime(&day.and_hms_opt(9, 0, 0).unwrap_or_default())
        .earliest()
        .map(|x| x.timestamp())
        .unwrap_or_default();
    let key = day.format("%Y-%m-%d").to_string();
    let (_, body) = public(
        &app,
        &format!("/bookings/slots/{event}?start_date={month}&timezone=Europe/Berlin"),
    )
    .await;
    assert_eq!(
        body["remaining_seats"][&key],
        json!({"09:00": 2}),
        "the extension field counts free seats: {body}"
    );
    for seat in 0..2 {
        let mut tx = app.store.begin().await.expect("tx");
        app::store::bookings::insert(
            tx.ex(),
            &app::store::bookings::NewBooking {
                hash: format!("{seat}").repeat(32).as_str(),
                calendar_id: cal,
                event_id: event,
                host_user_id: host.id,
                person_time_zone: "UTC",
                start_time: nine,
                end_time: nine + 3600,
                first_name: "A",
                last_name: "B",
                email: "a@example.com",
                message: "",
                status: "scheduled",
                source: "web",
                event_type: "group",
                language: "en",
            },
        )
        .await
        .expect("insert");
        tx.commit().await.expect("commit");
        let (_, body) = public(
            &app,
            &format!("/bookings/slots/{event}?start_date={month}&timezone=Europe/Berlin"),
        )
        .await;
        if seat == 0 {
            assert_eq!(
                body["available_slots"][&key],
                json!(["09:00"]),
                "one seat left"
            );
            assert_eq!(body["remaining_seats"][&key], json!({"09:00": 1}));
        } else {
            assert!(body["available_slots"].get(&key).is_none(), "full: {body}");
        }
    }
}

#[tokio::test]
async fn public_reads_are_rate_limited_per_address() {
    let app = TestApp::spawn_with(|c| c.rate_limit_read = 2).await;
    let (_, _, event) = open_event(&app, "jane").await;
    for _ in 0..2 {
        assert_eq!(
            public(&app, &format!("/bookings/slots/{event}")).await.0,
            StatusCode::OK
        );
    }
    let response = app
        .client
        .get(format!("{}/api/v2/bookings/slots/{event}", app.base))
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().get("retry-after").is_some());
}
