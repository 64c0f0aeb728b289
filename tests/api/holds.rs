//! Held times (DESIGN 2.8): `POST|GET|DELETE /bookings/holds/…`, a hold hidden from every slot
//! list and refused to every other create, booked by its holder, ended by release or expiry,
//! limited per address, seen by a second process on the same database.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{TestApp, assert_envelope, assert_invalid_field, daily_event};

/// `POST /bookings/holds/{event}` for `slot` (UTC).
async fn hold(app: &TestApp, event: i64, slot: &str) -> (StatusCode, Value) {
    app.send(
        Method::POST,
        &format!("/bookings/holds/{event}"),
        None,
        Some(json!({"event_time": slot, "timezone": "UTC"})),
    )
    .await
}

/// The UTC times the public slot list offers on `slot`'s day, `YYYY-MM-DD HH:mm:ss`.
async fn offered_that_day(app: &TestApp, event: i64, slot: &str) -> Vec<String> {
    let day = &slot[..10];
    app.offered_on(event, day)
        .await
        .into_iter()
        .map(|time| format!("{day} {time}:00"))
        .collect()
}

fn token_of(answer: &Value) -> String {
    answer["hold"]["token"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn a_held_time_is_hidden_and_refused_to_others_and_booked_by_its_holder() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = app.first_offered_slot(event).await;
    let before = chrono::Utc::now().timestamp();
    let (status, held) = hold(&app, event, &slot).await;
    assert_eq!(status, StatusCode::CREATED, "{held}");
    assert_eq!(held["message"], "Time slot has been held");
    let token = token_of(&held);
    assert!(
        token.len() >= 32 && token.chars().all(|c| c.is_ascii_hexdigit()),
        "{token}"
    );
    assert_eq!(held["hold"]["event_id"], event);
    assert_eq!(held["hold"]["start_time"], slot);
    let expires = chrono::DateTime::parse_from_rfc3339(
        held["hold"]["expires_at"].as_str().unwrap_or_default(),
    )
    .expect("RFC 3339")
    .timestamp();
    assert!(
        (before + 299..=before + 302).contains(&expires),
        "5 minutes by default: {held}"
    );

    assert!(
        !offered_that_day(&app, event, &slot).await.contains(&slot),
        "no slot list offers a held time"
    );
    let (status, refused) = app.book(event).at(&slot).send().await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["held"]));
    let (status, refused) = app.book(event).at(&slot).by(&host).send().await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    let (status, refused) = hold(&app, event, &slot).await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["held"]));
    let (status, read) = app
        .send(Method::GET, &format!("/bookings/holds/{token}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["hold"], held["hold"]);

    let booked = app
        .book(event)
        .at(&slot)
        .with(json!({"hold": token}))
        .booked()
        .await;
    assert_eq!(booked["booking"]["start_time"], slot);
    let (status, gone) = app
        .send(Method::GET, &format!("/bookings/holds/{token}"), None, None)
        .await;
    assert_envelope(status, &gone, 404, "not_found");
    let (status, gone) = app
        .send(
            Method::DELETE,
            &format!("/bookings/holds/{token}"),
            None,
            None,
        )
        .await;
    assert_envelope(status, &gone, 404, "not_found");
    let (status, refused) = app.book(event).at(&slot).send().await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["overlap"]), "booked now");
}

#[tokio::test]
async fn a_released_hold_frees_its_time_and_a_token_for_another_time_is_ignored() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let (day, times) = app.tomorrows_times(event).await;
    let slot = format!("{day} {}:00", times[0]);
    let (_, held) = hold(&app, event, &slot).await;
    let token = token_of(&held);

    // Another time booked with this token: the token is ignored and the hold stays.
    let others = offered_that_day(&app, event, &slot).await;
    let other = others.iter().find(|t| **t != slot).expect("another time");
    app.book(event)
        .at(other)
        .with(json!({"hold": token}))
        .booked()
        .await;
    let (status, _) = app
        .send(Method::GET, &format!("/bookings/holds/{token}"), None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "not consumed by another time");

    let (status, released) = app
        .send(
            Method::DELETE,
            &format!("/bookings/holds/{token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{released}");
    assert_eq!(released["message"], "Hold has been released");
    assert!(offered_that_day(&app, event, &slot).await.contains(&slot));
    for method in [Method::GET, Method::DELETE] {
        let (status, body) = app
            .send(method, &format!("/bookings/holds/{token}"), None, None)
            .await;
        assert_envelope(status, &body, 404, "not_found");
    }
    let (status, body) = app
        .send(Method::GET, "/bookings/holds/not-a-token", None, None)
        .await;
    assert_envelope(status, &body, 404, "not_found");
    app.book(event).at(&slot).booked().await;
}

#[tokio::test]
async fn a_hold_ends_by_itself_at_its_expiry() {
    // Expiries are whole seconds: a 1-second hold taken late in a second could end within
    // milliseconds, so the hold lasts 2 (at least one whole second).
    let app = TestApp::spawn_with(|c| c.hold_seconds = Some(2)).await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = app.first_offered_slot(event).await;
    let (status, held) = hold(&app, event, &slot).await;
    assert_eq!(status, StatusCode::CREATED, "{held}");
    assert!(!offered_that_day(&app, event, &slot).await.contains(&slot));
    tokio::time::sleep(std::time::Duration::from_millis(3100)).await;
    assert!(
        offered_that_day(&app, event, &slot).await.contains(&slot),
        "offered again once expired, with no job"
    );
    let token = token_of(&held);
    let (status, body) = app
        .send(Method::GET, &format!("/bookings/holds/{token}"), None, None)
        .await;
    assert_envelope(status, &body, 404, "not_found");
    // Anyone may book it now; the expired token changes nothing.
    app.book(event)
        .at(&slot)
        .email("other@example.org")
        .booked()
        .await;
}

#[tokio::test]
async fn holds_can_be_off_and_bad_requests_name_their_field() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = app.first_offered_slot(event).await;
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/holds/{event}"),
            None,
            Some(json!({"timezone": "UTC"})),
        )
        .await;
    assert_invalid_field(status, &body, "event_time");
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/holds/{event}"),
            None,
            Some(json!({"event_time": slot, "timezone": "Mars/Olympus"})),
        )
        .await;
    assert_invalid_field(status, &body, "timezone");
    let (status, body) = hold(&app, 999_999, &slot).await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = hold(&app, event, &format!("{} 03:00:00", &slot[..10])).await;
    assert_envelope(status, &body, 409, "slot_unavailable");
    // (Early in the UTC day the first offered day is today, and 03:00 has passed too.)
    let reasons = body["data"]["reasons"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(reasons.contains(&json!("outside_hours")), "{reasons:?}");

    let (status, saved) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"hold_minutes": 0}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, body) = hold(&app, event, &slot).await;
    assert_envelope(status, &body, 422, "holds_disabled");
    assert_eq!(body["message"], "This event does not hold times.");

    let off = TestApp::spawn_with(|c| c.hold_seconds = Some(0)).await;
    let host = off.host("jane").await;
    let (_, event) = daily_event(&off, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = off.first_offered_slot(event).await;
    let (status, body) = hold(&off, event, &slot).await;
    assert_envelope(status, &body, 422, "holds_disabled");
}

#[tokio::test]
async fn an_address_at_its_limit_of_holds_waits_for_one_to_end() {
    let app = TestApp::spawn_with(|c| c.holds_per_ip = 2).await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let (day, times) = app.tomorrows_times(event).await;
    let times: Vec<String> = times.iter().map(|t| format!("{day} {t}:00")).collect();
    assert!(times.len() >= 3, "{times:?}");
    let slot = times[0].clone();
    let mut tokens = Vec::new();
    for time in &times[..2] {
        let (status, held) = hold(&app, event, time).await;
        assert_eq!(status, StatusCode::CREATED, "{held}");
        tokens.push(token_of(&held));
    }
    let response = app
        .client
        .post(format!("{}/api/v2/bookings/holds/{event}", app.base))
        .json(&json!({"event_time": times[2], "timezone": "UTC"}))
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: i64 = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((1..=300).contains(&retry_after), "{retry_after}");
    let body: Value = response.json().await.expect("json");
    assert_envelope(StatusCode::TOO_MANY_REQUESTS, &body, 429, "too_many_holds");
    assert!(
        offered_that_day(&app, event, &slot)
            .await
            .contains(&times[2]),
        "nothing held"
    );

    // Released, one more may be held.
    app.send(
        Method::DELETE,
        &format!("/bookings/holds/{}", tokens[0]),
        None,
        None,
    )
    .await;
    let (status, held) = hold(&app, event, &times[2]).await;
    assert_eq!(status, StatusCode::CREATED, "{held}");
}

#[tokio::test]
async fn a_second_process_on_the_same_database_sees_the_hold() {
    let first = TestApp::spawn().await;
    let second = TestApp::spawn_beside(&first).await;
    let host = first.host("jane").await;
    let (_, event) = daily_event(&first, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = first.first_offered_slot(event).await;
    let (status, held) = hold(&first, event, &slot).await;
    assert_eq!(status, StatusCode::CREATED, "{held}");
    assert!(
        !offered_that_day(&second, event, &slot)
            .await
            .contains(&slot)
    );
    let (status, refused) = second.book(event).at(&slot).send().await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    second
        .book(event)
        .at(&slot)
        .with(json!({"hold": token_of(&held)}))
        .booked()
        .await;
}

#[tokio::test]
async fn the_holder_of_a_series_holds_its_first_date_and_books_every_date() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let (status, saved) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"recurring_config": {"enabled": true, "frequency": "daily", "interval": 1, "max_count": 3}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let slot = app.first_offered_slot(event).await;
    let (_, held) = hold(&app, event, &slot).await;
    let booked = app
        .book(event)
        .at(&slot)
        .with(json!({"hold": token_of(&held), "recurring_count": 3}))
        .booked()
        .await;
    assert_eq!(booked["series"].as_array().map(Vec::len), Some(3));
    let (status, _) = app
        .send(
            Method::GET,
            &format!("/bookings/holds/{}", token_of(&held)),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "consumed by the series");
}

/// A page GET as a browser with `cookie` (or none) sends it: status, `Set-Cookie`, HTML.
async fn page_with(
    app: &TestApp,
    path: &str,
    cookie: Option<&str>,
) -> (StatusCode, String, String) {
    let mut request = app.client.get(format!("{}{path}", app.base));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.expect("page");
    let status = response.status();
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, set_cookie, response.text().await.expect("html"))
}

#[tokio::test]
async fn the_booking_form_holds_its_time_for_its_visitor_only() {
    use crate::pages::{berlin_event, held_token, page_times, tomorrow_in};
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let (_, _, day) = page_with(&app, &format!("{path}?date={date}"), None).await;
    let times = page_times(&day);
    let (first, second) = (times[0].clone(), times[1].clone());
    let form_path = |time: &str| format!("{path}?date={date}&time={}", time.replace(':', "%3A"));

    // The form holds the time, says until when, and keeps the token in a cookie.
    let (status, set_cookie, form) = page_with(&app, &form_path(&first), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(form.contains("Held for you until "), "{form}");
    let token = held_token(&form);
    assert!(!token.is_empty());
    assert!(
        set_cookie.starts_with(&format!("slotbook_hold={token};"))
            && set_cookie.contains("HttpOnly"),
        "{set_cookie}"
    );
    let cookie = format!("slotbook_hold={token}");

    // Another visitor is not offered it; its form address says it is not available.
    let (_, _, others) = page_with(&app, &format!("{path}?date={date}"), None).await;
    assert!(!page_times(&others).contains(&first), "{others}");
    let (_, _, refused) = page_with(&app, &form_path(&first), None).await;
    assert!(refused.contains("not available"), "{refused}");
    assert!(!refused.contains("Held for you"), "no form");

    // The holder sees the same form again: the same hold, not extended, no new cookie.
    let (_, again_cookie, again) = page_with(&app, &form_path(&first), Some(&cookie)).await;
    assert_eq!(held_token(&again), token);
    assert!(again_cookie.is_empty(), "{again_cookie}");
    // A refused post shows the form again with the visitor's hold.
    let refused_post = app
        .client
        .post(format!("{}{}", app.base, form_path(&first)))
        .header("cookie", &cookie)
        .form(&[
            ("name", ""),
            ("email", "ann@example.org"),
            ("hold", token.as_str()),
        ])
        .send()
        .await
        .expect("post");
    assert_eq!(refused_post.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(held_token(&refused_post.text().await.expect("html")), token);

    // Another time of the event releases the first hold.
    let (_, moved_cookie, moved) = page_with(&app, &form_path(&second), Some(&cookie)).await;
    let new_token = held_token(&moved);
    assert!(!new_token.is_empty() && new_token != token);
    assert!(moved_cookie.starts_with(&format!("slotbook_hold={new_token};")));
    let (_, _, others) = page_with(&app, &format!("{path}?date={date}"), None).await;
    assert!(page_times(&others).contains(&first), "released");
    assert!(!page_times(&others).contains(&second), "held");

    // The holder's post books it and ends the hold.
    let done = app
        .client
        .post(format!("{}{}", app.base, form_path(&second)))
        .header("cookie", format!("slotbook_hold={new_token}"))
        .form(&[
            ("name", "Ann Attendee"),
            ("email", "ann@example.org"),
            ("hold", new_token.as_str()),
        ])
        .send()
        .await
        .expect("post");
    assert_eq!(done.status(), StatusCode::SEE_OTHER);
    let (status, _) = app
        .send(
            Method::GET,
            &format!("/bookings/holds/{new_token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "consumed");
}

#[tokio::test]
async fn the_form_shows_without_a_hold_when_holds_are_off_or_the_address_is_at_its_limit() {
    use crate::pages::{berlin_event, held_token, page_times, tomorrow_in};
    let app = TestApp::spawn_with(|c| c.holds_per_ip = 1).await;
    let (host, cal, event, path) = berlin_event(&app).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let (_, _, day) = page_with(&app, &format!("{path}?date={date}"), None).await;
    let times = page_times(&day);
    let form_path = |time: &str| format!("{path}?date={date}&time={}", time.replace(':', "%3A"));
    let (_, _, first) = page_with(&app, &form_path(&times[0]), None).await;
    assert!(!held_token(&first).is_empty());
    // A second visitor from the same address, at its limit: a form, no hold.
    let (status, set_cookie, second) = page_with(&app, &form_path(&times[1]), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(second.contains("Confirm booking"), "{second}");
    assert!(held_token(&second).is_empty() && set_cookie.is_empty());
    assert!(!second.contains("Held for you"));

    let (status, _) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"hold_minutes": 0}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, _, off) = page_with(&app, &form_path(&times[2]), None).await;
    assert!(off.contains("Confirm booking") && held_token(&off).is_empty());
}

#[tokio::test]
async fn a_form_of_one_event_holds_the_hosts_time_in_its_other_events_too() {
    use crate::pages::{berlin_event, page_times, tomorrow_in};
    let app = TestApp::spawn().await;
    let (host, cal, _, path) = berlin_event(&app).await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "17:00"}))
        .collect();
    let (status, made) = app
        .post(&format!("/calendars/{cal}/events"), &host, json!({
            "title": "Other", "duration": 30, "status": "active", "event_type": "single",
            "availability_type": "custom",
            "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 400,
                         "schedule_conditions": {"value": 0, "unit": "minutes"}}}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let other = format!(
        "{}/{}",
        path.rsplit_once('/').map(|(c, _)| c).unwrap_or_default(),
        made["slot"]["slug"].as_str().unwrap_or_default()
    );
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let (_, _, day) = page_with(&app, &format!("{other}?date={date}"), None).await;
    let first = page_times(&day)[0].clone();
    let form_path = |page: &str| format!("{page}?date={date}&time={}", first.replace(':', "%3A"));
    let (_, _, form) = page_with(&app, &form_path(&path), None).await;
    assert!(form.contains("Held for you until "), "{form}");

    let (_, _, others) = page_with(&app, &format!("{other}?date={date}"), None).await;
    assert!(!page_times(&others).contains(&first), "{others}");
    let (_, _, refused) = page_with(&app, &form_path(&other), None).await;
    assert!(refused.contains("not available"), "{refused}");
}

#[tokio::test]
async fn a_browsers_prefetch_of_the_form_holds_nothing() {
    use crate::pages::{berlin_event, held_token, page_times, tomorrow_in};
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let (_, _, day) = page_with(&app, &format!("{path}?date={date}"), None).await;
    let first = page_times(&day)[0].clone();
    let form_path = format!("{path}?date={date}&time={}", first.replace(':', "%3A"));
    for (header, value) in [
        ("sec-purpose", "prefetch"),
        ("sec-purpose", "prefetch;prerender"),
        ("purpose", "prefetch"),
    ] {
        let response = app
            .client
            .get(format!("{}{form_path}", app.base))
            .header(header, value)
            .send()
            .await
            .expect("prefetch");
        assert!(response.headers().get("set-cookie").is_none());
        let html = response.text().await.expect("html");
        assert!(
            html.contains("Confirm booking"),
            "the form is there: {html}"
        );
        assert!(
            held_token(&html).is_empty() && !html.contains("Held for you"),
            "{header}: {value}"
        );
    }
    // The visitor who then opens it gets the time, held.
    let (_, _, form) = page_with(&app, &form_path, None).await;
    assert!(form.contains("Held for you until "), "{form}");
}
