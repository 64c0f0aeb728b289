//! Booking policies (DESIGN 2.8): the advanced-settings keys, the honeypot, email rules, the
//! per-attendee limit, notice rules that bind attendees and not hosts, the video link.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field, daily_event};

/// `POST …/advanced-settings` with `settings`.
async fn advanced(
    app: &TestApp,
    host: &Creds,
    cal: i64,
    event: i64,
    settings: Value,
) -> (StatusCode, Value) {
    app.post(
        &format!("/calendars/{cal}/events/{event}/advanced-settings"),
        host,
        json!({ "settings": settings }),
    )
    .await
}

/// A day far enough ahead that every rule's notice passes, `YYYY-MM-DD`.
fn day(offset: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(offset))
        .format("%Y-%m-%d")
        .to_string()
}

#[tokio::test]
async fn the_policy_keys_are_answered_with_their_defaults_and_change_only_when_sent() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "Europe/Berlin", 30, ("09:00", "12:00")).await;
    let (status, saved) = advanced(&app, &host, cal, event, json!({"hold_minutes": 10})).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let settings = &saved["event"]["settings"];
    assert_eq!(settings["hold_minutes"], 10);
    assert_eq!(
        settings["recurring_config"],
        json!({"enabled": false, "frequency": "weekly", "interval": 1, "max_count": 2, "is_count_fixed": false})
    );
    assert_eq!(
        settings["attendee_limit"],
        json!({"enabled": false, "value": 1})
    );
    assert_eq!(settings["secret"], false);
    assert_eq!(settings["email_domains"], json!({"allow": [], "deny": []}));
    assert_eq!(settings["video_link_template"], "");

    let (status, saved) = advanced(&app, &host, cal, event, json!({
        "recurring_config": {"enabled": true, "frequency": "monthly", "interval": 2, "max_count": 6},
        "attendee_limit": {"enabled": true, "value": 2},
        "email_domains": {"allow": ["Example.ORG"]},
        "video_link_template": "https://meet.jit.si/{uid}",
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let settings = &saved["event"]["settings"];
    assert_eq!(settings["hold_minutes"], 10, "kept");
    assert_eq!(settings["recurring_config"]["frequency"], "monthly");
    assert_eq!(settings["recurring_config"]["max_count"], 6);
    assert_eq!(settings["email_domains"]["allow"], json!(["example.org"]));

    for (key, bad) in [
        ("recurring_config", json!({"frequency": "yearly"})),
        ("recurring_config", json!({"interval": 31})),
        ("recurring_config", json!({"max_count": 1})),
        ("recurring_config", json!("weekly")),
        ("hold_minutes", json!(61)),
        ("hold_minutes", json!("soon")),
        ("attendee_limit", json!({"value": 101})),
        ("secret", json!("maybe")),
        ("email_domains", json!({"deny": ["not a domain"]})),
        ("video_link_template", json!("https://meet.jit.si/room")),
        ("video_link_template", json!("ftp://x.example/{uid}")),
    ] {
        let (status, answer) = advanced(&app, &host, cal, event, json!({ key: bad })).await;
        assert_invalid_field(status, &answer, &format!("settings.{key}"));
    }
    let (_, event_doc) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    assert_eq!(
        event_doc["calendar_event"]["settings"]["hold_minutes"], 10,
        "a refused change wrote nothing: {event_doc}"
    );
}

#[tokio::test]
async fn a_filled_honeypot_books_nothing() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = app.first_offered_slot(event).await;
    let (status, answer) = app
        .book(event)
        .at(&slot)
        .with(json!({"website": "http://spam.example"}))
        .send()
        .await;
    assert_envelope(status, &answer, 422, "spam_detected");
    assert_eq!(answer["message"], "Your booking could not be accepted.");
    assert_eq!(app.first_offered_slot(event).await, slot, "still free");
    let (status, answer) = app
        .book(event)
        .at(&slot)
        .with(json!({"website": ""}))
        .send()
        .await;
    assert_eq!(status, StatusCode::OK, "an empty trap books: {answer}");
}

#[tokio::test]
async fn email_domain_lists_and_the_site_blocklist_refuse_addresses() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (cal, event) = daily_event(&app, &admin, "UTC", 30, ("09:00", "17:00")).await;
    let (status, _) = advanced(
        &app,
        &admin,
        cal,
        event,
        json!({
            "email_domains": {"allow": ["example.org"], "deny": ["spam.example.org"]}
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let slot = app.first_offered_slot(event).await;
    for refused in ["ann@other.net", "x@eu.spam.example.org"] {
        let (status, answer) = app.book(event).email(refused).at(&slot).send().await;
        assert_invalid_field(status, &answer, "email");
        assert_eq!(
            answer["errors"]["email"]["blocked"],
            "This email address can not be used for bookings."
        );
    }

    let (status, defaults) = app.get("/settings/booking-protection", &admin).await;
    assert_eq!(status, StatusCode::OK, "{defaults}");
    assert_eq!(
        defaults["settings"],
        json!({"proof_of_work": {"enabled": false, "max_number": 50000}, "blocklist": []})
    );
    let (status, saved) = app
        .post(
            "/settings/booking-protection",
            &admin,
            json!({"blocklist": ["Troll@Example.org"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Settings updated successfully");
    assert_eq!(saved["settings"]["blocklist"], json!(["troll@example.org"]));
    assert_eq!(saved["settings"]["proof_of_work"]["max_number"], 50000);
    let (status, answer) = app
        .book(event)
        .email("TROLL@example.org")
        .at(&slot)
        .send()
        .await;
    assert_invalid_field(status, &answer, "email");
    let (status, answer) = app
        .book(event)
        .email("friend@mail.example.org")
        .at(&slot)
        .send()
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a subdomain of an allowed one: {answer}"
    );

    let (status, answer) = app
        .post(
            "/settings/booking-protection",
            &admin,
            json!({"proof_of_work": {"max_number": 10}}),
        )
        .await;
    assert_invalid_field(status, &answer, "proof_of_work.max_number");
    let host = app.host("jane").await;
    let (status, answer) = app.get("/settings/booking-protection", &host).await;
    assert_envelope(status, &answer, 403, "rest_forbidden");
}

#[tokio::test]
async fn an_attendee_at_the_limit_is_refused_and_mailed_the_existing_link_once() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "17:00")).await;
    let (status, _) = advanced(
        &app,
        &host,
        cal,
        event,
        json!({"attendee_limit": {"enabled": true, "value": 1}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let first = app
        .book(event)
        .email("ann@example.org")
        .at(&format!("{} 09:00:00", day(20)))
        .booked()
        .await;
    let hash = first["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    for _ in 0..2 {
        let (status, answer) = app
            .book(event)
            .email("ANN@example.org")
            .at(&format!("{} 10:00:00", day(21)))
            .send()
            .await;
        assert_envelope(status, &answer, 409, "attendee_limit_reached");
        assert_eq!(
            answer["message"],
            "You already have a booking for this event. We have sent its link to your email address."
        );
        assert!(
            !answer.to_string().contains(&hash),
            "the answer shows nothing of it"
        );
    }
    // One email with the link, however many refusals within ten minutes.
    let link = format!("/booking/{hash}");
    let mut found = 0;
    for _ in 0..200 {
        found = crate::emails::wait_for_mails(&app, 1)
            .await
            .iter()
            .filter(|m| m.contains(&link) && m.contains("Your booking for"))
            .count();
        if found > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(found, 1, "one link email");
    // A host of the event is not bound; another address is not either.
    let (status, answer) = app
        .book(event)
        .email("ann@example.org")
        .at(&format!("{} 11:00:00", day(22)))
        .by(&host)
        .send()
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    app.book(event)
        .email("bob@example.org")
        .at(&format!("{} 11:00:00", day(23)))
        .booked()
        .await;
    // Once the first booking is cancelled, the attendee may book again (the host's own
    // booking for them counts too, so cancel both).
    for h in [
        hash.as_str(),
        answer["booking"]["hash"].as_str().unwrap_or_default(),
    ] {
        let (status, _) = app
            .send(
                Method::POST,
                &format!("/bookings/{h}/cancel"),
                None,
                Some(json!({"cancellation_reason": "x"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    app.book(event)
        .email("ann@example.org")
        .at(&format!("{} 12:00:00", day(24)))
        .booked()
        .await;
}

#[tokio::test]
async fn notice_rules_bind_the_attendee_and_not_the_host() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("00:00", "23:30")).await;
    let (status, _) = advanced(&app, &host, cal, event, json!({
        "can_not_cancel": {"enabled": true, "type": "conditional", "condition": {"value": 48, "unit": "hours"}, "message": "Too late to cancel."},
        "can_not_reschedule": {"enabled": true, "type": "conditional", "condition": {"value": 48, "unit": "hours"}},
    }))
    .await;
    assert_eq!(status, StatusCode::OK);
    let soon = (chrono::Utc::now() + chrono::Duration::hours(30))
        .format("%Y-%m-%d %H:00:00")
        .to_string();
    let made = app.book(event).at(&soon).booked().await;
    let hash = made["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let later = format!("{} 10:00:00", day(10));
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/reschedule"),
            None,
            Some(json!({"event_time": later, "timezone": "UTC", "rescheduling_reason": "x"})),
        )
        .await;
    assert_envelope(status, &answer, 409, "reschedule_not_allowed");
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/cancel"),
            None,
            Some(json!({"cancellation_reason": "x"})),
        )
        .await;
    assert_envelope(status, &answer, 409, "cancel_not_allowed");
    assert_eq!(answer["message"], "Too late to cancel.");
    let html = app.text(&format!("/booking/{hash}")).await;
    assert!(
        html.contains("Too late to cancel."),
        "the manage page says why"
    );
    assert!(
        !html.contains(&format!("/booking/{hash}/cancel\"")),
        "and offers no cancel link"
    );

    // The host, with credentials, on the same routes: not bound.
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/reschedule"),
            Some(&host),
            Some(json!({"event_time": later, "timezone": "UTC", "rescheduling_reason": "x"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let again = app.book(event).at(&soon).booked().await;
    let other = again["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{other}/cancel"),
            Some(&host),
            Some(json!({"cancellation_reason": "host"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test]
async fn a_video_template_gives_each_booking_its_own_link_kept_by_a_reschedule() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "17:00")).await;
    let made = app
        .book(event)
        .at(&format!("{} 09:00:00", day(5)))
        .booked()
        .await;
    assert_eq!(
        made["booking"]["video_url"],
        Value::Null,
        "no template, no link"
    );
    assert_eq!(made["booking"]["series_id"], Value::Null);
    let (status, _) = advanced(
        &app,
        &host,
        cal,
        event,
        json!({"video_link_template": "https://meet.jit.si/{uid}"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let one = app
        .book(event)
        .at(&format!("{} 10:00:00", day(5)))
        .booked()
        .await;
    let two = app
        .book(event)
        .at(&format!("{} 11:00:00", day(5)))
        .booked()
        .await;
    let url = one["booking"]["video_url"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let uid = url.strip_prefix("https://meet.jit.si/").unwrap_or_default();
    assert_eq!(uid.len(), 20, "{url}");
    assert!(
        uid.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    );
    assert_ne!(one["booking"]["video_url"], two["booking"]["video_url"]);
    let hash = one["booking"]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(!url.contains(&hash), "never the hash");

    let (status, moved) = app
        .send(Method::POST, &format!("/bookings/{hash}/reschedule"), None,
            Some(json!({"event_time": format!("{} 12:00:00", day(6)), "timezone": "UTC", "rescheduling_reason": "x"})))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["booking"]["video_url"], url.as_str(), "kept");
    let ics = app
        .text(&format!("/booking/{hash}/ics"))
        .await
        .replace("\r\n ", "");
    assert!(ics.contains(&format!("LOCATION:{url}")), "{ics}");
    assert!(ics.contains(&format!("URL:{url}")), "{ics}");
    let page = app.text(&format!("/booking/{hash}")).await;
    assert!(page.contains("Join video call") && page.contains(&url));
    assert!(
        crate::emails::wait_for_mail_with(&app, uid).await,
        "the emails carry the link"
    );
}
