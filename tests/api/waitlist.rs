//! The waitlist (DESIGN 2.12): joinable times, joining, offers when a place frees (held for the
//! offered entry only), claims (one winner), expiry passing the place on, leaving, and the
//! host's list.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::notifications::mails_with;
use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field, daily_event};

/// A daily single event (09:00-12:00 UTC, 30 minutes) with its waitlist on; answers
/// (calendar, event).
async fn waitlisted_event(app: &TestApp, host: &Creds, offer_minutes: i64) -> (i64, i64) {
    let (calendar, event) = daily_event(app, host, "UTC", 30, ("09:00", "12:00")).await;
    let (status, saved) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/advanced-settings"),
            host,
            json!({"settings": {"waitlist": {"enabled": true, "offer_minutes": offer_minutes}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    (calendar, event)
}

async fn join(app: &TestApp, event: i64, email: &str, at: &str) -> (StatusCode, Value) {
    app.send(
        Method::POST,
        &format!("/waitlist/join/{event}"),
        None,
        Some(json!({"name": "Wai Ting", "email": email, "timezone": "UTC", "event_time": at})),
    )
    .await
}

async fn entries(app: &TestApp, host: &Creds, calendar: i64, event: i64) -> Vec<Value> {
    let (status, list) = app
        .get(
            &format!("/calendars/{calendar}/events/{event}/waitlist"),
            host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list["entries"].as_array().cloned().unwrap_or_default()
}

/// The token of the `n`-th (1-based) claim link emailed to `email`, waiting for it.
async fn offer_token(app: &TestApp, email: &str, n: usize) -> String {
    let mails: Vec<String> = mails_with(app, "/waitlist/offer/", n)
        .await
        .into_iter()
        .filter(|m| m.contains(email))
        .collect();
    let mail = mails
        .get(n - 1)
        .unwrap_or_else(|| panic!("offer {n} to {email}"));
    let after = mail.split("/waitlist/offer/").nth(1).unwrap_or_default();
    after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

async fn cancel(app: &TestApp, host: &Creds, booking: &Value) {
    let (status, answer) = app
        .send(
            Method::PUT,
            &format!("/schedules/{}", booking["booking"]["id"]),
            Some(host),
            Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "Ill"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// Tomorrow's first two times of `event` (UTC, `YYYY-MM-DD HH:mm:ss`).
async fn two_times(app: &TestApp, event: i64) -> (String, String) {
    let (day, times) = app.tomorrows_times(event).await;
    assert!(times.len() >= 2, "{times:?}");
    (
        format!("{day} {}:00", times[0]),
        format!("{day} {}:00", times[1]),
    )
}

#[tokio::test]
async fn a_taken_time_can_be_joined_and_everything_else_is_refused_with_its_reason() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (calendar, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let (taken, free) = two_times(&app, event).await;
    app.book(event).at(&taken).booked().await;

    let (status, refused) = join(&app, event, "wai@example.org", &taken).await;
    assert_envelope(status, &refused, 403, "waitlist_disabled");
    assert_eq!(refused["message"], "This event has no waitlist.");

    let (status, saved) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"waitlist": {"enabled": true, "offer_minutes": 4}}}),
        )
        .await;
    assert_invalid_field(status, &saved, "settings.waitlist.offer_minutes");
    let (_, event_json) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &host)
        .await;
    assert_eq!(
        event_json["calendar_event"]["settings"]["waitlist"],
        json!({"enabled": false, "offer_minutes": 30}),
        "a refused change keeps the default: {event_json}"
    );
    waitlisted_event_settings(&app, &host, calendar, event, 30).await;

    let day = &taken[..10];
    let (status, page) = app
        .send(
            Method::GET,
            &format!("/bookings/event/{event}?timezone=UTC&start_date={day}%2000:00:00"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        page["waitlist_slots"][day],
        json!([&taken[11..16]]),
        "{page}"
    );

    let (status, refused) = join(&app, event, "wai@example.org", &free).await;
    assert_envelope(status, &refused, 409, "slot_available");
    assert_eq!(
        refused["message"],
        "This time is available. Book it instead."
    );
    let off_grid = format!("{day} 09:10:00");
    let (status, refused) = join(&app, event, "wai@example.org", &off_grid).await;
    assert_invalid_field(status, &refused, "event_time");
    assert_eq!(
        refused["errors"]["event_time"]["waitlist"], "This time has no waitlist.",
        "{refused}"
    );
    let (status, refused) = app
        .send(
            Method::POST,
            &format!("/waitlist/join/{event}"),
            None,
            Some(json!({"email": "nope", "timezone": "UTC", "event_time": taken})),
        )
        .await;
    assert_invalid_field(status, &refused, "name");
    assert_invalid_field(status, &refused, "email");
    let (status, refused) = join(&app, 999_999, "wai@example.org", &taken).await;
    assert_envelope(status, &refused, 404, "not_found");

    let (status, joined) = join(&app, event, "Wai@Example.org", &taken).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    assert_eq!(joined["message"], "You have joined the waitlist");
    let entry = &joined["entry"];
    assert_eq!(entry["status"], "waiting");
    assert_eq!(entry["position"], 1);
    assert_eq!(entry["start_time"], taken);
    assert_eq!(entry["email"], "wai@example.org");
    let hash = entry["hash"].as_str().unwrap_or_default();
    assert!(hash.len() >= 22, "{entry}");
    let (status, refused) = join(&app, event, "wai@example.org", &taken).await;
    assert_envelope(status, &refused, 409, "already_waitlisted");
    assert_eq!(
        refused["message"],
        "You are already on the waitlist for this time."
    );
    let (status, second) = join(&app, event, "two@example.org", &taken).await;
    assert_eq!(status, StatusCode::CREATED, "{second}");
    assert_eq!(second["entry"]["position"], 2);
    assert!(
        !mails_with(&app, &format!("/waitlist/leave/{hash}"), 1)
            .await
            .is_empty(),
        "the joined email carries the leave link"
    );

    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(listed.len(), 2);
    assert!(listed.iter().all(|e| e.get("hash").is_none()), "{listed:?}");
    let other = app.host("otto").await;
    let (status, hidden) = app
        .get(
            &format!("/calendars/{calendar}/events/{event}/waitlist"),
            &other,
        )
        .await;
    assert_envelope(status, &hidden, 404, "not_found");
}

async fn waitlisted_event_settings(
    app: &TestApp,
    host: &Creds,
    calendar: i64,
    event: i64,
    minutes: i64,
) {
    let (status, saved) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/advanced-settings"),
            host,
            json!({"settings": {"waitlist": {"enabled": true, "offer_minutes": minutes}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["event"]["settings"]["waitlist"],
        json!({"enabled": true, "offer_minutes": minutes})
    );
}

#[tokio::test]
async fn a_freed_place_is_held_for_the_first_in_line_who_claims_it_once() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (calendar, event) = waitlisted_event(&app, &host, 30).await;
    let (taken, _) = two_times(&app, event).await;
    let booking = app.book(event).at(&taken).booked().await;
    assert_eq!(
        join(&app, event, "first@example.org", &taken).await.0,
        StatusCode::CREATED
    );
    assert_eq!(
        join(&app, event, "second@example.org", &taken).await.0,
        StatusCode::CREATED
    );

    let before = chrono::Utc::now().timestamp();
    cancel(&app, &host, &booking).await;
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(
        listed[0]["status"], "offered",
        "offered in the cancel itself: {listed:?}"
    );
    assert_eq!(listed[0]["position"], Value::Null);
    assert_eq!(listed[1]["status"], "waiting");
    assert_eq!(listed[1]["position"], 1);
    let expires = chrono::DateTime::parse_from_rfc3339(
        listed[0]["offer_expires_at"].as_str().unwrap_or_default(),
    )
    .expect("RFC 3339")
    .timestamp();
    assert!(
        (before + 1799..=before + 1802).contains(&expires),
        "{listed:?}"
    );

    // Held: hidden from the slot list, refused to everyone else, still joinable.
    assert!(
        !app.offered_on(event, &taken[..10])
            .await
            .contains(&taken[11..16].to_string())
    );
    let (status, refused) = app
        .book(event)
        .email("else@example.org")
        .at(&taken)
        .send()
        .await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    let (status, third) = join(&app, event, "third@example.org", &taken).await;
    assert_eq!(status, StatusCode::CREATED, "{third}");

    let token = offer_token(&app, "first@example.org", 1).await;
    assert!(token.len() >= 22, "{token}");
    let (status, offer) = app
        .send(
            Method::GET,
            &format!("/waitlist/offers/{token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{offer}");
    assert_eq!(offer["offer"]["event_id"], event);
    assert_eq!(offer["offer"]["start_time"], taken);
    assert_eq!(offer["offer"]["status"], "offered");
    assert_eq!(offer["offer"]["event_title"], "Daily");

    let claim = |token: String| {
        let app = &app;
        async move {
            app.send(
                Method::POST,
                &format!("/waitlist/offers/{token}/claim"),
                None,
                Some(json!({"message": "Thanks"})),
            )
            .await
        }
    };
    let ((a, first), (b, second)) = tokio::join!(claim(token.clone()), claim(token.clone()));
    let (won, lost) = if a == StatusCode::OK {
        ((a, first), (b, second))
    } else {
        ((b, second), (a, first))
    };
    assert_eq!(won.0, StatusCode::OK, "{}", won.1);
    assert_eq!(won.1["message"], "Booking has been created");
    assert_eq!(won.1["booking"]["email"], "first@example.org");
    assert_envelope(lost.0, &lost.1, 409, "offer_claimed");
    assert_eq!(lost.1["message"], "This offer has already been used.");
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(listed[0]["status"], "booked");
    assert_eq!(listed[0]["booking_id"], won.1["booking"]["id"]);
    assert_eq!(
        listed[1]["status"], "waiting",
        "the place was taken: {listed:?}"
    );

    let (status, missing) = app
        .send(Method::GET, "/waitlist/offers/unknown-token", None, None)
        .await;
    assert_envelope(status, &missing, 404, "not_found");
}

#[tokio::test]
async fn an_unclaimed_offer_expires_and_passes_on_and_leaving_passes_on_at_once() {
    let app = TestApp::spawn_with(|c| c.waitlist_offer_seconds = Some(2)).await;
    let host = app.host("jane").await;
    let (calendar, event) = waitlisted_event(&app, &host, 30).await;
    let (taken, _) = two_times(&app, event).await;
    let booking = app.book(event).at(&taken).booked().await;
    join(&app, event, "first@example.org", &taken).await;
    let (_, second) = join(&app, event, "second@example.org", &taken).await;
    let (_, third) = join(&app, event, "third@example.org", &taken).await;
    cancel(&app, &host, &booking).await;
    let first_token = offer_token(&app, "first@example.org", 1).await;

    let mut listed = Vec::new();
    for _ in 0..100 {
        listed = entries(&app, &host, calendar, event).await;
        if listed[1]["status"] == "offered" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(listed[0]["status"], "expired", "{listed:?}");
    assert_eq!(listed[1]["status"], "offered", "{listed:?}");
    let (status, gone) = app
        .send(
            Method::POST,
            &format!("/waitlist/offers/{first_token}/claim"),
            None,
            None,
        )
        .await;
    assert_envelope(status, &gone, 410, "offer_expired");
    assert_eq!(gone["message"], "This offer has expired.");

    // The offered second leaves: the third is offered in the same request.
    let hash = second["entry"]["hash"].as_str().unwrap_or_default();
    let (status, left) = app
        .send(
            Method::POST,
            &format!("/waitlist/entries/{hash}/leave"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(left["message"], "You have left the waitlist");
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(listed[1]["status"], "left");
    assert_eq!(listed[2]["status"], "offered", "{listed:?}");

    // The host removes the third: nobody waits, the place is free for everyone again.
    let third_id = third["entry"]["id"].as_i64().unwrap_or_default();
    let other = app.host("otto").await;
    let path = format!("/calendars/{calendar}/events/{event}/waitlist/{third_id}");
    let (status, refused) = app.delete(&path, &other).await;
    assert_envelope(status, &refused, 404, "not_found");
    let (status, removed) = app.delete(&path, &host).await;
    assert_eq!(status, StatusCode::OK, "{removed}");
    assert_eq!(removed["message"], "Waitlist entry has been removed");
    assert_eq!(
        entries(&app, &host, calendar, event).await[2]["status"],
        "removed"
    );
    app.book(event)
        .email("else@example.org")
        .at(&taken)
        .booked()
        .await;
    let (status, missing) = app
        .send(
            Method::POST,
            "/waitlist/entries/nothing-here/leave",
            None,
            None,
        )
        .await;
    assert_envelope(status, &missing, 404, "not_found");
}

#[tokio::test]
async fn a_full_group_time_is_joinable_and_more_seats_offer_it() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (calendar, _) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (status, made) = app.post(&format!("/calendars/{calendar}/events"), &host, json!({"title": "Class", "duration": 30, "status": "active",
        "event_type": "group", "max_book_per_slot": 1, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    waitlisted_event_settings(&app, &host, calendar, event, 30).await;
    let (taken, _) = two_times(&app, event).await;
    app.book(event).at(&taken).booked().await;
    let (status, refused) = join(&app, event, "ann@example.org", &taken).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "an attendee may wait for a second seat: {refused}"
    );
    let (status, joined) = join(&app, event, "wai@example.org", &taken).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    let (status, changed) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/details"),
            &host,
            json!({"title": "Class", "duration": 30, "status": "active", "max_book_per_slot": 2, "is_display_spots": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(
        listed[0]["status"], "offered",
        "one more seat, one offer: {listed:?}"
    );
    assert_eq!(listed[1]["status"], "waiting", "{listed:?}");
}

/// The pages without JavaScript: a taken time's "Join the waitlist" link and form, the entry's
/// page, the offer page that books the freed place, and leaving by the entry's page.
#[tokio::test]
async fn the_pages_join_claim_and_leave_with_plain_forms() {
    use crate::pages::{berlin_event, page, page_times, post_form, tomorrow_in};
    let app = TestApp::spawn().await;
    let (host, calendar, event, path) = berlin_event(&app).await;
    waitlisted_event_settings(&app, &host, calendar, event, 30).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let day = page(&app, &format!("{path}?date={date}")).await;
    let time = page_times(&day.html).first().cloned().expect("a time");
    let booking = app
        .book(event)
        .zone("Europe/Berlin")
        .at(&format!("{date} {time}:00"))
        .booked()
        .await;

    let day = page(&app, &format!("{path}?date={date}")).await;
    assert!(
        !page_times(&day.html).contains(&time),
        "taken: {}",
        day.html
    );
    let join_path = format!(
        "{path}?date={date}&time={}&waitlist=1",
        time.replace(':', "%3A")
    );
    assert!(day.html.contains("Join the waitlist"), "{}", day.html);
    assert!(
        day.html
            .replace("&amp;", "&")
            .contains(&join_path[path.len()..]),
        "the link keeps the time: {}",
        day.html
    );
    let form = page(&app, &join_path).await;
    assert_eq!(form.status, StatusCode::OK);
    assert!(form.html.contains(r#"name="name""#) && form.html.contains(r#"name="email""#));
    assert!(
        !form.html.contains(r#"name="message""#),
        "name and email only"
    );
    let refused = post_form(&app, &join_path, &[("name", "Wai"), ("email", "nope")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .html
            .contains("Please provide a valid email address")
    );
    let joined = post_form(
        &app,
        &join_path,
        &[("name", "Wai Ting"), ("email", "wai@example.org")],
    )
    .await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
    let entry_page = joined.location();
    assert!(
        entry_page.starts_with("/waitlist/leave/") && entry_page.contains("?joined=1"),
        "{entry_page}"
    );
    let shown = page(&app, &entry_page).await;
    assert!(
        shown.html.contains("You have joined the waitlist"),
        "{}",
        shown.html
    );
    assert!(
        shown.html.contains("You are number 1 in line."),
        "{}",
        shown.html
    );
    assert!(shown.html.contains("Leave the waitlist"));

    cancel(&app, &host, &booking).await;
    let token = offer_token(&app, "wai@example.org", 1).await;
    let offer_path = format!("/waitlist/offer/{token}");
    let offer = page(&app, &offer_path).await;
    assert_eq!(offer.status, StatusCode::OK);
    assert!(offer.html.contains("A place is free"), "{}", offer.html);
    assert!(offer.html.contains("Held for you until"), "{}", offer.html);
    assert!(offer.html.contains("Book this time"));
    assert!(
        !offer.html.contains(r#"name="email""#),
        "the entry's address is used"
    );
    let booked = post_form(&app, &offer_path, &[("message", "Thanks!")]).await;
    assert_eq!(booked.status, StatusCode::SEE_OTHER, "{}", booked.html);
    assert!(
        booked.location().starts_with("/booking/"),
        "{}",
        booked.location()
    );
    let used = page(&app, &offer_path).await;
    assert!(
        used.html.contains("This offer has already been used."),
        "{}",
        used.html
    );
    assert!(!used.html.contains("Book this time"));
    let missing = page(&app, "/waitlist/offer/not-a-token").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    // Another visitor waits for the now booked time, then leaves by the entry's page.
    let joined = post_form(
        &app,
        &join_path,
        &[("name", "Bo"), ("email", "bo@example.org")],
    )
    .await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
    let entry_page = joined.location().replace("joined=1&", "");
    let left = post_form(&app, &entry_page, &[]).await;
    assert_eq!(left.status, StatusCode::SEE_OTHER, "{}", left.html);
    let shown = page(&app, &left.location()).await;
    assert!(
        shown.html.contains("You have left the waitlist"),
        "{}",
        shown.html
    );
    assert!(!shown.html.contains("id=\"leave-form\""));
}

/// `/admin/waitlist`: the host's events' entries with their places, "Remove" as a form with
/// the session's token; another host sees none of them and cannot remove them.
#[tokio::test]
async fn the_desk_lists_the_hosts_waitlists_and_removes_an_entry() {
    use crate::desk::Desk;
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (calendar, event) = waitlisted_event(&app, &host, 30).await;
    let (taken, _) = two_times(&app, event).await;
    app.book(event).at(&taken).booked().await;
    let (_, first) = join(&app, event, "first@example.org", &taken).await;
    let (_, second) = join(&app, event, "second@example.org", &taken).await;
    app.host("otto").await;

    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk.page(&format!("/admin/waitlist?event={event}")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(
        html.contains("first@example.org") && html.contains("second@example.org"),
        "{html}"
    );
    assert!(html.contains(">Remove</button>"), "{html}");
    assert!(
        html.contains(r#"href="/admin/waitlist""#),
        "the navigation links the desk"
    );
    let other = Desk::open(&app, "otto").await;
    let (_, html) = other.page("/admin/waitlist").await;
    assert!(!html.contains("first@example.org"), "{html}");
    assert!(html.contains("Nobody is waiting."), "{html}");

    let entry = |answer: &Value| {
        answer["entry"]["id"]
            .as_i64()
            .unwrap_or_default()
            .to_string()
    };
    let form = |id: String| {
        vec![
            ("entry_id".to_string(), id),
            ("event_id".to_string(), event.to_string()),
            ("calendar_id".to_string(), calendar.to_string()),
        ]
    };
    let token = other.token("/admin/calendars").await;
    let mut fields = form(entry(&second));
    fields.push(("csrf".into(), token));
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (status, _, _) = other.post("/admin/waitlist", &refs).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let token = desk.token(&format!("/admin/waitlist?event={event}")).await;
    let mut fields = form(entry(&first));
    fields.push(("csrf".into(), token));
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (status, location, body) = desk
        .post(&format!("/admin/waitlist?event={event}"), &refs)
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert_eq!(
        location,
        format!("/admin/waitlist?event={event}&done=removed")
    );
    let (_, html) = desk.page(&location).await;
    assert!(html.contains("Waitlist entry has been removed"), "{html}");
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(listed[0]["status"], "removed");
    assert_eq!(listed[1]["status"], "waiting");
    assert_eq!(listed[1]["position"], 1, "the second moved up: {listed:?}");
}

/// Two server processes on one database (PostgreSQL when `TEST_DATABASE_URL` is set): the freed
/// place goes to the offer alone, whichever process the claims and the other visitors' creates
/// reach; exactly one claim books it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_racing_for_a_freed_place_book_it_once_for_the_first_in_line() {
    let app = TestApp::spawn().await;
    let beside = TestApp::spawn_beside(&app).await;
    let host = app.host("jane").await;
    let (calendar, event) = waitlisted_event(&app, &host, 30).await;
    let (taken, _) = two_times(&app, event).await;
    let booking = app.book(event).at(&taken).booked().await;
    join(&app, event, "first@example.org", &taken).await;
    join(&beside, event, "second@example.org", &taken).await;
    cancel(&beside, &host, &booking).await;
    let token = offer_token_of_either(&app, &beside, "first@example.org").await;

    let claim = |server: &'static str, token: String| {
        let target = if server == "a" { &app } else { &beside };
        async move {
            target
                .send(
                    Method::POST,
                    &format!("/waitlist/offers/{token}/claim"),
                    None,
                    None,
                )
                .await
                .0
        }
    };
    let create = |server: &'static str, n: usize| {
        let target = if server == "a" { &app } else { &beside };
        let taken = taken.clone();
        async move {
            target
                .book(event)
                .email(&format!("racer{n}@example.org"))
                .at(&taken)
                .send()
                .await
                .0
        }
    };
    let (c1, c2, c3, c4, r1, r2) = tokio::join!(
        claim("a", token.clone()),
        claim("b", token.clone()),
        claim("a", token.clone()),
        claim("b", token.clone()),
        create("a", 1),
        create("b", 2),
    );
    let claims = [c1, c2, c3, c4];
    assert_eq!(
        claims.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{claims:?}"
    );
    assert!(
        claims
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT),
        "{claims:?}"
    );
    assert_eq!(
        [r1, r2],
        [StatusCode::CONFLICT, StatusCode::CONFLICT],
        "the place was held"
    );
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(listed[0]["status"], "booked");
    assert_eq!(listed[1]["status"], "waiting");
    let (_, list) = app
        .get("/schedules?filters[period]=all&per_page=100", &host)
        .await;
    let at_time = list["schedules"]["data"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter(|b| b["event_id"] == event && b["start_time"] == taken.as_str())
                .filter(|b| b["status"] == "scheduled")
                .count()
        })
        .unwrap_or_default();
    assert_eq!(at_time, 1, "one booking holds the time: {list}");
}

/// The claim link emailed to `email` by whichever of two processes sent it.
async fn offer_token_of_either(a: &TestApp, b: &TestApp, email: &str) -> String {
    for _ in 0..300 {
        for app in [a, b] {
            let mails = mails_with(app, "/waitlist/offer/", 0).await;
            if mails.iter().any(|m| m.contains(email)) {
                return offer_token(app, email, 1).await;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no offer emailed to {email}");
}

#[tokio::test]
async fn the_waitlist_s_emails_speak_the_language_the_visitor_joined_in() {
    use chrono::Datelike;
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = waitlisted_event(&app, &host, 30).await;
    let (taken, _) = two_times(&app, event).await;
    let booking = app.book(event).at(&taken).booked().await;
    let joining =
        |email: &'static str, language: Option<&'static str>, header: Option<&'static str>| {
            let mut body =
                json!({"name": "Greta", "email": email, "timezone": "UTC", "event_time": taken});
            if let Some(code) = language {
                body["language"] = json!(code);
            }
            let mut request = app
                .client
                .post(format!("{}/api/v2/waitlist/join/{event}", app.base))
                .json(&body);
            if let Some(value) = header {
                request = request.header("accept-language", value);
            }
            request.send()
        };
    let german = joining("greta@example.org", Some("de"), None)
        .await
        .expect("join");
    assert_eq!(german.status(), StatusCode::CREATED);
    let french = joining("lea@example.org", None, Some("fr-CH, de;q=0.5"))
        .await
        .expect("join");
    assert_eq!(french.status(), StatusCode::CREATED);
    let refused = joining("xx@example.org", Some("xx"), None)
        .await
        .expect("join");
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let joined = mails_with(&app, "Sie stehen auf der Warteliste", 1).await;
    assert_eq!(joined.len(), 1);
    assert!(joined[0].contains("greta@example.org"), "{}", joined[0]);
    assert!(joined[0].contains("So verlassen Sie die Warteliste:"));
    let date = chrono::NaiveDate::parse_from_str(&taken[..10], "%Y-%m-%d").expect("date");
    let weekday = crate::languages::GERMAN_WEEKDAYS[date.weekday().num_days_from_monday() as usize];
    assert!(
        joined[0].contains(weekday),
        "the time in German: {}",
        joined[0]
    );
    let french_mail = mails_with(&app, "Vous êtes sur la liste d’attente", 1).await;
    assert!(french_mail.iter().any(|m| m.contains("lea@example.org")));

    // The freed place is offered to the first in line, in German.
    cancel(&app, &host, &booking).await;
    let offer = mails_with(&app, "Ein Platz ist frei", 1).await;
    assert!(offer[0].contains("greta@example.org"), "{}", offer[0]);
    assert!(
        offer[0].contains("für Sie reserviert. Hier buchen:"),
        "{}",
        offer[0]
    );
    assert!(offer[0].contains("/waitlist/offer/"));
}

#[tokio::test]
async fn erasing_an_address_takes_its_entries_off_the_list_and_its_offered_place_passes_on() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let host = app.host("jane").await;
    let (calendar, event) = waitlisted_event(&app, &host, 30).await;
    let (taken, _) = two_times(&app, event).await;
    let booking = app.book(event).at(&taken).booked().await;
    join(&app, event, "first@example.org", &taken).await;
    join(&app, event, "second@example.org", &taken).await;
    cancel(&app, &host, &booking).await;
    let token = offer_token(&app, "first@example.org", 1).await;

    let (status, export) = app
        .get("/privacy/export?email=FIRST%40example.org", &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{export}");
    let exported = export["waitlist_entries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(exported.len(), 1, "{export}");
    assert_eq!(exported[0]["status"], "offered");
    assert_eq!(exported[0]["email"], "first@example.org");
    assert!(!export.to_string().contains("second@example.org"));

    let (status, erased) = app
        .post(
            "/privacy/erase",
            &admin,
            json!({"email": "first@example.org"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{erased}");
    assert_eq!(erased["erased"], 0, "no booking of that address: {erased}");
    let listed = entries(&app, &host, calendar, event).await;
    assert_eq!(listed[0]["status"], "removed", "{listed:?}");
    assert_eq!(listed[0]["name"], "");
    assert_eq!(listed[0]["email"], "");
    assert_eq!(
        listed[1]["status"], "offered",
        "the erased visitor's place passed on: {listed:?}"
    );
    let (status, claimed) = app
        .send(
            Method::POST,
            &format!("/waitlist/offers/{token}/claim"),
            None,
            Some(json!({})),
        )
        .await;
    assert_ne!(
        status,
        StatusCode::OK,
        "an erased visitor's offer: {claimed}"
    );

    let (_, after) = app
        .get("/privacy/export?email=first%40example.org", &admin)
        .await;
    assert_eq!(after["waitlist_entries"], json!([]));
    let (status, again) = join(&app, event, "first@example.org", &taken).await;
    assert_eq!(status, StatusCode::CREATED, "may join again: {again}");
    let erasures = crate::accounts::audit(&app, &admin, "action=data.erased").await;
    assert_eq!(erasures.len(), 1, "{erasures:?}");
    assert_eq!(
        erasures[0]["details"]["waitlist_entry_ids"],
        json!([listed[0]["id"]])
    );
    assert!(!format!("{erasures:?}").contains("first@example.org"));

    // Retention: once the time has ended, no entry keeps a name or an address.
    let (status, saved) = app
        .post(
            "/settings/privacy",
            &admin,
            json!({"settings": {"retention_days": 0}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let later = chrono::Utc::now().timestamp() + 3 * 86_400;
    app::service::privacy::run_retention(&app.ctx, later)
        .await
        .expect("retention runs");
    let listed = entries(&app, &host, calendar, event).await;
    assert!(
        listed.iter().all(|e| e["name"] == "" && e["email"] == ""),
        "{listed:?}"
    );
    let erasures = crate::accounts::audit(&app, &admin, "action=data.erased").await;
    let by_retention = erasures
        .iter()
        .find(|e| e["details"]["by"] == "retention")
        .expect("retention's audit entry");
    assert_eq!(
        by_retention["details"]["waitlist_entry_ids"]
            .as_array()
            .map(Vec::len),
        Some(2),
        "second@ and first@'s new entry: {by_retention}"
    );
}
