//! Bookings written into the host's own CalDAV calendar: created, moved on reschedule,
//! removed on cancel; a group slot is one event listing its attendees.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::external_calendars::{at, book, change, connect_caldav, day_ahead, host_with_event};
use super::radicale::Radicale;
use super::support::{Creds, TestApp, daily_event};

/// The value of `name` in an iCalendar text (the first such line).
fn line_of(text: &str, name: &str) -> Option<String> {
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with([':', ';']))
        .map(str::to_string)
}

/// Waits (a bounded while) for the host's calendar to hold `count` events.
async fn wait_for_objects(dav: &Radicale, count: usize) -> Vec<String> {
    wait_for_calendar(dav, &format!("{count} events"), |objects| {
        objects.len() == count
    })
    .await
}

/// Waits (a bounded while) for the host's calendar to hold exactly one event that `wanted`
/// accepts, and answers it.
async fn wait_for_one(dav: &Radicale, what: &str, wanted: impl Fn(&str) -> bool) -> String {
    let objects =
        wait_for_calendar(dav, what, |objects| matches!(objects, [one] if wanted(one))).await;
    objects[0].clone()
}

async fn wait_for_calendar(
    dav: &Radicale,
    what: &str,
    done: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    let mut objects = Vec::new();
    for _ in 0..100 {
        objects = dav.objects("alice", "work").await;
        if done(&objects) {
            return objects;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the calendar never held {what}: {objects:?}");
}

async fn destination(app: &TestApp, host: &Creds, dav: &Radicale) -> i64 {
    let (status, body) =
        connect_caldav(app, host, &format!("{}/alice/work/", dav.base), "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["connection"]["id"].as_i64().expect("id");
    let calendar = body["connection"]["calendars"][0]["id"]
        .as_i64()
        .expect("calendar");
    let (status, body) = change(
        app,
        host,
        id,
        json!({"calendars": [{"id": calendar, "is_destination": true}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    id
}

#[tokio::test]
async fn bookings_are_written_into_the_destination_moved_on_reschedule_and_removed_on_cancel() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let app = TestApp::spawn().await;
    let (host, event) = host_with_event(&app, "lena").await;
    let connection = destination(&app, &host, &dav).await;
    let day = day_ahead();
    let date = day.format("%Y-%m-%d").to_string();

    let (status, booked) = book(&app, event, at(day, 10)).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let hash = booked["booking"]["hash"]
        .as_str()
        .expect("hash")
        .to_string();
    let objects = wait_for_objects(&dav, 1).await;
    let written = &objects[0];
    assert_eq!(
        line_of(written, "DTSTART").as_deref(),
        Some(format!("DTSTART:{}", at(day, 10).format("%Y%m%dT%H%M%SZ")).as_str()),
        "{written}"
    );
    assert!(
        line_of(written, "SUMMARY").is_some_and(|s| s.contains("Ada Guest")),
        "{written}"
    );
    let attendee = line_of(written, "ATTENDEE").expect("attendee");
    assert!(
        attendee.contains("SCHEDULE-AGENT=CLIENT") && attendee.contains("mailto:ada@example.org"),
        "{attendee}"
    );
    let uid = line_of(written, "UID").expect("uid");
    assert!(
        !uid.contains(&hash) && !written.contains(&hash),
        "the attendee's secret stays out of the host's calendar"
    );
    // The attendee's .ics carries the same UID.
    let ics_text = app
        .client
        .get(format!("{}/booking/{hash}/ics", app.base))
        .send()
        .await
        .expect("ics")
        .text()
        .await
        .expect("text");
    assert_eq!(line_of(&ics_text, "UID").as_deref(), Some(uid.as_str()));

    // Our own event is not busy: a sync leaves 10:00 blocked only by the booking itself and
    // frees nothing else.
    app.post(
        &format!("/calendar-connections/{connection}/sync"),
        &host,
        json!({}),
    )
    .await;
    let (_, busy) = app
        .get(
            &format!("/calendar-connections/{connection}/busy?from={date}&to={date}"),
            &host,
        )
        .await;
    assert_eq!(busy["busy"], json!([]), "{busy}");

    // Rescheduled: the same UID, a higher SEQUENCE, the new time.
    let (status, moved) = app
        .send(Method::POST, &format!("/bookings/{hash}/reschedule"), None,
              Some(json!({"event_time": at(day, 13).format("%Y-%m-%d %H:%M:%S").to_string(), "timezone": "UTC", "rescheduling_reason": "Clash"})))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let new_start = at(day, 13).format("%Y%m%dT%H%M%SZ").to_string();
    let moved_text = wait_for_one(&dav, "the moved event", |one| {
        line_of(one, "DTSTART").is_some_and(|l| l.contains(&new_start))
    })
    .await;
    assert_eq!(line_of(&moved_text, "UID").as_deref(), Some(uid.as_str()));
    assert_eq!(
        line_of(&moved_text, "SEQUENCE").as_deref(),
        Some("SEQUENCE:1")
    );

    // Cancelled: removed.
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/cancel"),
            None,
            Some(json!({"cancellation_reason": "Plans changed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_objects(&dav, 0).await;

    // A deleted booking is removed too; a pending one is not written until confirmed.
    let (status, booked) = book(&app, event, at(day, 15)).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let id = booked["booking"]["id"].as_i64().expect("id");
    wait_for_objects(&dav, 1).await;
    let (status, body) = app.delete(&format!("/schedules/{id}"), &host).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_objects(&dav, 0).await;

    app.require_confirmation(event).await;
    let (status, booked) = book(&app, event, at(day, 16)).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    assert_eq!(booked["booking"]["status"], "pending");
    let id = booked["booking"]["id"].as_i64().expect("id");
    // Its write-back item is done, and the calendar holds nothing.
    let mut handled = false;
    for _ in 0..100 {
        let (_, list) = app.get(&format!("/schedules/{id}/deliveries"), &host).await;
        handled = list["deliveries"].as_array().is_some_and(|items| {
            items
                .iter()
                .any(|d| d["kind"] == "calendar_write" && d["status"] == "sent")
        });
        if handled {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        handled,
        "the write-back item of the pending booking was not handled"
    );
    assert_eq!(dav.objects("alice", "work").await.len(), 0);
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "scheduled"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_objects(&dav, 1).await;
}

#[tokio::test]
async fn a_group_slot_is_one_event_listing_its_attendees_and_keeps_its_seats() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let app = TestApp::spawn().await;
    let host = app.host("mia").await;
    let (cal, _) = daily_event(&app, &host, "UTC", 60, ("09:00", "10:00")).await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "14:00", "to": "15:00"}))
        .collect();
    let (_, made) = app.post(&format!("/calendars/{cal}/events"), &host, json!({"title": "Class", "duration": 60, "status": "active",
        "event_type": "group", "max_book_per_slot": 3, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}})).await;
    let event = made["slot"]["id"].as_i64().expect("group event");
    let connection = destination(&app, &host, &dav).await;
    let day = day_ahead();
    let date = day.format("%Y-%m-%d").to_string();
    let mut hashes = Vec::new();
    for (name, email) in [("Ann One", "ann@example.org"), ("Bo Two", "bo@example.org")] {
        let (status, booked) = app
            .send(Method::POST, &format!("/bookings/create/{event}"), None,
                  Some(json!({"name": name, "email": email, "timezone": "UTC", "event_time": at(day, 14).format("%Y-%m-%d %H:%M:%S").to_string()})))
            .await;
        assert_eq!(status, StatusCode::OK, "{booked}");
        hashes.push(
            booked["booking"]["hash"]
                .as_str()
                .expect("hash")
                .to_string(),
        );
    }
    let listed = wait_for_one(&dav, "both attendees", |one| one.contains("bo@example.org")).await;
    assert!(
        listed.contains("mailto:ann@example.org") && listed.contains("mailto:bo@example.org"),
        "{listed}"
    );

    // The host's own copy is not busy: the slot keeps its last seat after a sync.
    app.post(
        &format!("/calendar-connections/{connection}/sync"),
        &host,
        json!({}),
    )
    .await;
    let (_, slots) = app
        .send(
            Method::GET,
            &format!("/bookings/slots/{event}?timezone=UTC&start_date={date}%2000:00:00"),
            None,
            None,
        )
        .await;
    assert_eq!(slots["available_slots"][&date], json!(["14:00"]), "{slots}");
    assert_eq!(slots["remaining_seats"][&date]["14:00"], 1, "{slots}");

    // One leaves: the event stays with the other; the last one leaves: it is removed.
    app.send(
        Method::POST,
        &format!("/bookings/{}/cancel", hashes[0]),
        None,
        Some(json!({"cancellation_reason": "Ill"})),
    )
    .await;
    let remaining = wait_for_one(&dav, "the event without Ann", |one| {
        !one.contains("ann@example.org")
    })
    .await;
    assert!(remaining.contains("bo@example.org"), "{remaining}");
    app.send(
        Method::POST,
        &format!("/bookings/{}/cancel", hashes[1]),
        None,
        Some(json!({"cancellation_reason": "Ill"})),
    )
    .await;
    wait_for_objects(&dav, 0).await;
}
