//! External calendars (DESIGN 2.7) against a real CalDAV server, Radicale, started on loopback
//! for each test, and ICS feeds served by a local HTTP server.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::radicale::Radicale;
use super::support::{Creds, TestApp, assert_envelope, assert_invalid_field, daily_event, vevent};

/// A host with a daily 09:00–17:00 UTC event of 60 minutes; answers (host, event).
pub(crate) async fn host_with_event(app: &TestApp, login: &str) -> (Creds, i64) {
    let (host, _, event) = host_calendar_event(app, login).await;
    (host, event)
}

pub(crate) async fn host_calendar_event(app: &TestApp, login: &str) -> (Creds, i64, i64) {
    let host = app.host(login).await;
    let (calendar, event) = daily_event(app, &host, "UTC", 60, ("09:00", "17:00")).await;
    (host, calendar, event)
}

/// The UTC times (`HH:MM`) offered on `date` (`YYYY-MM-DD`).
pub(crate) async fn offered_on(app: &TestApp, event: i64, date: &str) -> Vec<String> {
    let (status, body) = app
        .send(
            Method::GET,
            &format!("/bookings/slots/{event}?timezone=UTC&start_date={date}%2000:00:00"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["available_slots"][date]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// A weekday at least three days ahead, at 00:00 UTC.
pub(crate) fn day_ahead() -> chrono::DateTime<chrono::Utc> {
    let date = chrono::Utc::now().date_naive() + chrono::Duration::days(3);
    date.and_hms_opt(0, 0, 0).expect("midnight").and_utc()
}

pub(crate) fn at(day: chrono::DateTime<chrono::Utc>, hour: i64) -> chrono::DateTime<chrono::Utc> {
    day + chrono::Duration::hours(hour)
}

pub(crate) async fn connect(app: &TestApp, host: &Creds, body: Value) -> (StatusCode, Value) {
    app.post("/calendar-connections", host, body).await
}

/// `PUT /calendar-connections/{id}`.
pub(crate) async fn change(
    app: &TestApp,
    host: &Creds,
    id: i64,
    body: Value,
) -> (StatusCode, Value) {
    app.send(
        Method::PUT,
        &format!("/calendar-connections/{id}"),
        Some(host),
        Some(body),
    )
    .await
}

pub(crate) async fn connect_caldav(
    app: &TestApp,
    host: &Creds,
    url: &str,
    user: &str,
) -> (StatusCode, Value) {
    app.post(
        "/calendar-connections",
        host,
        json!({"kind": "caldav", "url": url, "username": user, "password": format!("{user}-pw")}),
    )
    .await
}

pub(crate) async fn book(
    app: &TestApp,
    event: i64,
    start: chrono::DateTime<chrono::Utc>,
) -> (StatusCode, Value) {
    app.book(event)
        .name("Ada Guest")
        .email("ada@example.org")
        .at(&start.format("%Y-%m-%d %H:%M:%S").to_string())
        .send()
        .await
}

pub(crate) async fn body_calendar(app: &TestApp, host: &Creds, id: i64) -> i64 {
    let (_, one) = app.get(&format!("/calendar-connections/{id}"), host).await;
    one["connection"]["calendars"][0]["id"]
        .as_i64()
        .expect("calendar")
}

#[tokio::test]
async fn caldav_accounts_connect_with_the_right_password_and_discover_their_calendars() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    dav.calendar("alice", "home", "Home").await;
    let app = TestApp::spawn().await;
    let host = app.host("dana").await;

    // Refused: a wrong password (on `password`), an unknown kind, a server that is not CalDAV.
    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "caldav", "url": dav.base, "username": "alice", "password": "nope"}),
    )
    .await;
    assert_invalid_field(status, &body, "password");
    let (status, body) = connect(&app, &host, json!({"kind": "exchange", "url": dav.base})).await;
    assert_invalid_field(status, &body, "kind");
    let (status, body) = connect(&app, &host, json!({"kind": "caldav", "url": format!("{}/healthz", app.base), "username": "x", "password": "y"})).await;
    assert_invalid_field(status, &body, "url");
    let (status, body) = connect(
        &app,
        &host,
        json!({"kind": "ics", "url": "ftp://example.org/a.ics"}),
    )
    .await;
    assert_invalid_field(status, &body, "url");
    let (_, list) = app.get("/calendar-connections", &host).await;
    assert_eq!(
        list["connections"],
        json!([]),
        "nothing stored when refused"
    );

    // The server's root: principal -> calendar home -> the two calendars.
    let (status, body) = connect_caldav(&app, &host, &dav.base, "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Calendar has been connected");
    let connection = &body["connection"];
    assert_eq!(connection["kind"], "caldav");
    assert_eq!(connection["status"], "ok", "{connection}");
    assert_eq!(connection["username"], "alice");
    assert!(
        connection["last_synced_at"]
            .as_str()
            .is_some_and(|t| t.contains('T'))
    );
    assert!(connection.get("password").is_none());
    let mut names: Vec<&str> = connection["calendars"]
        .as_array()
        .expect("calendars")
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default())
        .collect();
    names.sort();
    assert_eq!(names, ["Home", "Work"]);
    for calendar in connection["calendars"].as_array().expect("calendars") {
        assert_eq!(calendar["check_conflicts"], true);
        assert_eq!(calendar["is_destination"], false);
        assert_eq!(calendar["read_only"], false);
    }

    // A calendar's own URL works too: exactly that calendar.
    let (status, body) =
        connect_caldav(&app, &host, &format!("{}/alice/work/", dav.base), "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        body["connection"]["calendars"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(body["connection"]["calendars"][0]["name"], "Work");

    let id = connection["id"].as_i64().expect("id");
    let (status, one) = app.get(&format!("/calendar-connections/{id}"), &host).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one["connection"]["id"], id);
    let (_, list) = app.get("/calendar-connections", &host).await;
    assert_eq!(list["connections"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn a_meeting_in_the_hosts_calendar_removes_exactly_its_slots_and_is_explained() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let day = day_ahead();
    // 10:00-11:30 blocks the 10:00 and 11:00 slots; a free-time (transparent) event at 13:00
    // and a cancelled one at 15:00 block nothing.
    dav.put_event("alice", "work", "m1", &vevent("m1", at(day, 10), 90, ""))
        .await;
    dav.put_event(
        "alice",
        "work",
        "free",
        &vevent("free", at(day, 13), 60, "TRANSP:TRANSPARENT\r\n"),
    )
    .await;
    dav.put_event(
        "alice",
        "work",
        "gone",
        &vevent("gone", at(day, 15), 60, "STATUS:CANCELLED\r\n"),
    )
    .await;
    // Inside m1: two meetings, both answered as they are (not merged).
    dav.put_event(
        "alice",
        "work",
        "m2",
        &vevent("m2", at(day, 10) + chrono::Duration::minutes(30), 30, ""),
    )
    .await;
    // A two-day trip a week later: one interval, not one per day.
    let trip = day + chrono::Duration::days(7);
    dav.put_event(
        "alice",
        "work",
        "trip",
        &vevent("trip", at(trip, 0), 48 * 60, ""),
    )
    .await;
    let app = TestApp::spawn().await;
    let (host, calendar_of_event, event) = host_calendar_event(&app, "erin").await;
    let date = day.format("%Y-%m-%d").to_string();
    let before = offered_on(&app, event, &date).await;
    assert_eq!(before.len(), 8, "{before:?}");

    let (status, body) = connect_caldav(&app, &host, &dav.base, "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["connection"]["id"].as_i64().expect("id");
    let after = offered_on(&app, event, &date).await;
    assert_eq!(
        after,
        ["09:00", "12:00", "13:00", "14:00", "15:00", "16:00"]
    );

    let (status, busy) = app
        .get(
            &format!("/calendar-connections/{id}/busy?from={date}&to={date}"),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{busy}");
    let calendar_id = body["connection"]["calendars"][0]["id"].clone();
    assert_eq!(
        busy["busy"],
        json!([{"calendar_id": calendar_id, "start_time": format!("{date} 10:00:00"), "end_time": format!("{date} 11:30:00")},
               {"calendar_id": calendar_id, "start_time": format!("{date} 10:30:00"), "end_time": format!("{date} 11:00:00")}])
    );
    let (first, second) = (
        trip.format("%Y-%m-%d").to_string(),
        (trip + chrono::Duration::days(1))
            .format("%Y-%m-%d")
            .to_string(),
    );
    let (_, busy) = app
        .get(
            &format!("/calendar-connections/{id}/busy?from={first}&to={second}"),
            &host,
        )
        .await;
    assert_eq!(
        busy["busy"],
        json!([{"calendar_id": calendar_id, "start_time": format!("{first} 00:00:00"),
                "end_time": format!("{} 00:00:00", (trip + chrono::Duration::days(2)).format("%Y-%m-%d"))}])
    );
    assert_eq!(offered_on(&app, event, &second).await, Vec::<String>::new());

    // The host's "why not?" names the calendar; the public create is refused with it.
    let calendar = body["connection"]["calendars"][0]["id"]
        .as_i64()
        .expect("calendar");
    let (status, why) = app
        .get(
            &format!("/calendars/{calendar_of_event}/events/{event}/availability/explain?time={date}%2010:00&timezone=UTC"),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{why}");
    assert_eq!(why["offered"], false);
    assert_eq!(why["reasons"], json!(["calendar"]));
    let (status, refused) = book(&app, event, at(day, 11)).await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["calendar"]));

    // Not checking that calendar frees the time at once, without a sync.
    let (status, updated) = change(
        &app,
        &host,
        id,
        json!({"calendars": [{"id": calendar, "check_conflicts": false}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(updated["message"], "Calendar connection has been updated");
    assert_eq!(
        updated["connection"]["calendars"][0]["check_conflicts"],
        false
    );
    assert_eq!(offered_on(&app, event, &date).await.len(), 8);
    let (_, busy) = app
        .get(
            &format!("/calendar-connections/{id}/busy?from={date}&to={date}"),
            &host,
        )
        .await;
    assert_eq!(busy["busy"], json!([]));

    // Checking again blocks again; disconnecting frees the time at once.
    change(
        &app,
        &host,
        id,
        json!({"calendars": [{"id": calendar, "check_conflicts": true}]}),
    )
    .await;
    assert_eq!(offered_on(&app, event, &date).await.len(), 6);
    let (status, gone) = app
        .delete(&format!("/calendar-connections/{id}"), &host)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(gone["message"], "Calendar connection has been deleted");
    assert_eq!(offered_on(&app, event, &date).await.len(), 8);
    let (status, body) = app.get(&format!("/calendar-connections/{id}"), &host).await;
    assert_envelope(status, &body, 404, "not_found");
}

#[tokio::test]
async fn all_day_recurring_and_moved_events_block_their_real_times() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let day = day_ahead();
    let d = |offset: i64| {
        (day + chrono::Duration::days(offset))
            .format("%Y%m%d")
            .to_string()
    };
    // An all-day event on day+1 (the host's zone is UTC); a daily 12:00 meeting for five days
    // from `day`, without day+2 (EXDATE) and with day+3 moved to 16:00.
    dav.put_event("alice", "work", "offsite", &format!(
        "BEGIN:VEVENT\r\nUID:offsite\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:{}\r\nDTEND;VALUE=DATE:{}\r\nSUMMARY:Offsite\r\nEND:VEVENT\r\n",
        d(1), d(2))).await;
    dav.put_event("alice", "work", "lunch", &format!(
        "BEGIN:VEVENT\r\nUID:lunch\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Europe/London:{d0}T120000\r\nDTEND;TZID=Europe/London:{d0}T130000\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEXDATE;TZID=Europe/London:{d2}T120000\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:lunch\r\nDTSTAMP:20260101T000000Z\r\nRECURRENCE-ID;TZID=Europe/London:{d3}T120000\r\nDTSTART;TZID=Europe/London:{d3}T160000\r\nDTEND;TZID=Europe/London:{d3}T170000\r\nEND:VEVENT\r\n",
        d0 = d(0), d2 = d(2), d3 = d(3))).await;
    let app = TestApp::spawn().await;
    let (host, event) = host_with_event(&app, "fay").await;
    let (status, body) = connect_caldav(&app, &host, &dav.base, "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // London is UTC+0 or UTC+1 depending on the date: the meeting's UTC hour follows it.
    let london_noon_utc = |offset: i64| {
        use chrono::TimeZone;
        let date = (day + chrono::Duration::days(offset)).date_naive();
        chrono_tz::Europe::London
            .from_local_datetime(&date.and_hms_opt(12, 0, 0).expect("noon"))
            .single()
            .expect("noon exists")
            .with_timezone(&chrono::Utc)
            .format("%H:%M")
            .to_string()
    };
    let date = |offset: i64| {
        (day + chrono::Duration::days(offset))
            .format("%Y-%m-%d")
            .to_string()
    };
    let day0 = offered_on(&app, event, &date(0)).await;
    assert!(!day0.contains(&london_noon_utc(0)), "{day0:?}");
    assert_eq!(day0.len(), 7);
    assert_eq!(
        offered_on(&app, event, &date(1)).await,
        Vec::<String>::new(),
        "the all-day event"
    );
    assert_eq!(
        offered_on(&app, event, &date(2)).await.len(),
        8,
        "the EXDATE"
    );
    let moved = offered_on(&app, event, &date(3)).await;
    assert!(moved.contains(&london_noon_utc(3)), "{moved:?}");
    assert_eq!(moved.len(), 7, "only the moved hour is busy: {moved:?}");
    assert_eq!(offered_on(&app, event, &date(4)).await.len(), 7);
}

#[tokio::test]
async fn a_meeting_added_after_the_last_sync_is_refused_at_booking_time_and_the_background_sync_finds_changes()
 {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let app = TestApp::spawn().await;
    let (host, event) = host_with_event(&app, "gus").await;
    let (status, body) = connect_caldav(&app, &host, &dav.base, "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["connection"]["id"].as_i64().expect("id");
    let day = day_ahead();
    let date = day.format("%Y-%m-%d").to_string();
    assert!(
        offered_on(&app, event, &date)
            .await
            .contains(&"14:00".to_string())
    );

    // Added on the server a second ago: the slot list still offers it (no network on reads),
    // the booking reads the calendar afresh and refuses.
    dav.put_event(
        "alice",
        "work",
        "late",
        &vevent("late", at(day, 14), 60, ""),
    )
    .await;
    assert!(
        offered_on(&app, event, &date)
            .await
            .contains(&"14:00".to_string())
    );
    let (status, refused) = book(&app, event, at(day, 14)).await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["calendar"]));
    assert!(
        !offered_on(&app, event, &date)
            .await
            .contains(&"14:00".to_string())
    );
    let (status, booked) = book(&app, event, at(day, 15)).await;
    assert_eq!(status, StatusCode::OK, "{booked}");

    // Removed on the server: the background sync (its period passed on the workers' clock)
    // finds the change.
    dav.delete_event("alice", "work", "late").await;
    app.clock.advance(400);
    let mut freed = false;
    for _ in 0..100 {
        if offered_on(&app, event, &date)
            .await
            .contains(&"14:00".to_string())
        {
            freed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(freed, "the background sync did not pick up the deletion");
    let (_, one) = app.get(&format!("/calendar-connections/{id}"), &host).await;
    assert_eq!(one["connection"]["status"], "ok");

    // "Sync now" answers when done.
    let (status, synced) = app
        .post(
            &format!("/calendar-connections/{id}/sync"),
            &host,
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{synced}");
    assert_eq!(synced["message"], "Calendar has been synced");
}

#[tokio::test]
async fn connections_are_personal_and_their_password_is_stored_sealed() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let app = TestApp::spawn().await;
    let owner = app.host("hana").await;
    let other = app.host("ivan").await;
    let admin = app.admin().await;
    let (status, body) = connect_caldav(&app, &owner, &dav.base, "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["connection"]["id"].as_i64().expect("id");
    for who in [&other, &admin] {
        for (method, path) in [
            (Method::GET, format!("/calendar-connections/{id}")),
            (Method::PUT, format!("/calendar-connections/{id}")),
            (Method::POST, format!("/calendar-connections/{id}/sync")),
            (Method::GET, format!("/calendar-connections/{id}/busy")),
            (Method::DELETE, format!("/calendar-connections/{id}")),
        ] {
            let (status, body) = app
                .send(method.clone(), &path, Some(who), Some(json!({})))
                .await;
            assert_envelope(status, &body, 404, "not_found");
        }
        let (_, list) = app.get("/calendar-connections", who).await;
        assert_eq!(list["connections"], json!([]));
    }
    // Neither the password nor the address with it is anywhere in the database's text.
    let mut conn = app.store.conn().await.expect("conn");
    let row = app::store::calendar_connections::find(conn.ex(), id)
        .await
        .expect("read")
        .expect("row");
    let stored = format!("{row:?}");
    assert!(!stored.contains("alice-pw"), "{stored}");
    assert!(
        row.sealed_password
            .as_deref()
            .is_some_and(|p| p.starts_with("v1:"))
    );
    if let Some(path) = app.database_url.strip_prefix("sqlite://") {
        drop(conn);
        app.store.checkpoint().await.expect("checkpoint");
        let bytes = std::fs::read(path).expect("database file");
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("alice-pw"));
    }

    // Wrong new credentials are refused and the old ones kept; a PUT naming two destinations
    // is refused.
    let (status, body) = change(&app, &owner, id, json!({"password": "wrong"})).await;
    assert_invalid_field(status, &body, "password");
    let calendar = body_calendar(&app, &owner, id).await;
    let (status, body) = change(&app, &owner, id, json!({"calendars": [{"id": calendar, "is_destination": true}, {"id": calendar, "is_destination": true}]})).await;
    assert_invalid_field(status, &body, "calendars");
    let (status, body) = change(
        &app,
        &owner,
        id,
        json!({"title": "Work calendar", "calendars": [{"id": calendar, "is_destination": true}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["connection"]["title"], "Work calendar");
    assert_eq!(body["connection"]["calendars"][0]["is_destination"], true);
    let (_, synced) = app
        .post(
            &format!("/calendar-connections/{id}/sync"),
            &owner,
            json!({}),
        )
        .await;
    assert_eq!(
        synced["connection"]["status"], "ok",
        "the old password still works"
    );
}

#[tokio::test]
async fn team_events_read_each_members_own_calendars() {
    let dav = Radicale::start().await;
    dav.calendar("alice", "work", "Work").await;
    let day = day_ahead();
    dav.put_event(
        "alice",
        "work",
        "busy",
        &vevent("busy", at(day, 10), 60, ""),
    )
    .await;
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let ann = app.host("ann").await;
    let ben = app.host("ben").await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "17:00"}))
        .collect();
    let team = |event_type: &str, title: &str| {
        json!({"calendar": {"type": "team", "title": title, "author_timezone": "UTC", "user_id": ann.id, "slot": {
            "title": title, "duration": 60, "event_type": event_type, "availability_type": "custom",
            "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                         "schedule_conditions": {"value": 0, "unit": "minutes"}, "team_members": [ann.id, ben.id]}}}})
    };
    let (_, rr) = app
        .post("/calendars", &admin, team("round_robin", "Support"))
        .await;
    let round_robin = rr["slot"]["id"].as_i64().expect("round robin event");
    let (_, co) = app
        .post("/calendars", &admin, team("collective", "Panel"))
        .await;
    let collective = co["slot"]["id"].as_i64().expect("collective event");
    // Ann's own calendar has the 10:00 meeting; Ben's has nothing.
    let (status, body) = connect_caldav(&app, &ann, &dav.base, "alice").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // Round robin: 10:00 goes to Ben, then no one is free.
    let (status, first) = book(&app, round_robin, at(day, 10)).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["booking"]["host_user_id"], ben.id, "{first}");
    let (status, second) = book(&app, round_robin, at(day, 10)).await;
    assert_envelope(status, &second, 409, "slot_unavailable");
    // Collective: every member must be free; Ann's meeting refuses 10:00 and names her
    // calendar, 11:00 books.
    let (status, refused) = book(&app, collective, at(day, 10)).await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    let reasons = refused["data"]["reasons"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(reasons.contains(&json!("calendar")), "{refused}");
    let (status, booked) = book(&app, collective, at(day, 11)).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
}
