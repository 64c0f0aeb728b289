//! The public pages' form posts without JavaScript: booking, its refusals beside their fields, a
//! time taken meanwhile, cancel and reschedule by link, and the .ics file.

use crate::pages::{
    berlin_event, berlin_in_utc, book_by_api, booking_by_hash, held_token, page, page_times,
    post_form, tomorrow_in,
};
use crate::support::TestApp;
use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::json;

/// Books the first time offered tomorrow (Berlin) through the page's form.
async fn book_by_form(app: &TestApp, path: &str) -> (String, String, String) {
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let day = page(app, &format!("{path}?date={date}")).await;
    let time = page_times(&day.html)
        .first()
        .cloned()
        .expect("a time tomorrow");
    let form_path = format!("{path}?date={date}&time={}", time.replace(':', "%3A"));
    let form = page(app, &form_path).await;
    assert!(form.html.contains("Confirm booking"), "{}", form.html);
    assert!(
        form.html.contains(&date.format("%A %-d %B %Y").to_string()),
        "the summary names the date"
    );
    let hold = held_token(&form.html);
    assert!(!hold.is_empty(), "the form holds its time");
    let done = post_form(
        app,
        &form_path,
        &[
            ("name", "Ann Attendee"),
            ("email", "ann@example.org"),
            ("message", "Hello"),
            ("hold", &hold),
        ],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    let hash = done.location().trim_start_matches("/booking/").to_string();
    assert_eq!(hash.len(), 32, "{}", done.location());
    (hash, form_path, format!("{date} {time}:00"))
}

#[tokio::test]
async fn the_form_books_through_the_create_service_and_the_manage_page_shows_no_host_data() {
    let app = TestApp::spawn().await;
    let (host, _, event, path) = berlin_event(&app).await;
    let (hash, _, local) = book_by_form(&app, &path).await;
    // The same booking the REST API shows, at the chosen Berlin time.
    let booking = booking_by_hash(&app, &host, event, &hash).await;
    assert_eq!(booking["source"], "web");
    assert_eq!(booking["person_time_zone"], "Europe/Berlin", "{booking}");
    let id = booking["id"].as_i64().unwrap_or_default();
    let (status, _) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "internal_note", "value": "VIP secret note"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let manage = page(&app, &format!("/booking/{hash}")).await;
    assert_eq!(manage.status, StatusCode::OK);
    assert!(manage.html.contains("Booking confirmed"));
    let time = &local[11..16];
    assert!(
        manage.html.contains("Europe/Berlin, UTC+0"),
        "the zone is named"
    );
    let clock = chrono::NaiveTime::parse_from_str(time, "%H:%M")
        .map(|t| t.format("%-I:%M%P").to_string())
        .unwrap_or_default();
    assert!(manage.html.contains(&clock), "{}", manage.html);
    for link in [
        "Add to Google Calendar",
        "Add to Outlook",
        "Download .ics",
        "Reschedule",
        "Cancel",
    ] {
        assert!(manage.html.contains(link), "{link}");
    }
    assert!(!manage.html.contains("VIP secret note"));
    assert!(
        !manage.html.contains(&format!("{}@", host.login)),
        "no host email"
    );
}

#[tokio::test]
async fn form_errors_come_back_beside_their_fields_with_the_values_kept() {
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let time = page_times(&page(&app, &format!("{path}?date={date}")).await.html)[0].clone();
    let form_path = format!("{path}?date={date}&time={}", time.replace(':', "%3A"));
    let answer = post_form(
        &app,
        &form_path,
        &[
            ("name", ""),
            ("email", "not-an-address"),
            ("message", "kept text </textarea><em id=\"injected\">x</em>"),
        ],
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.html.contains("role=\"alert\""));
    assert!(answer.html.contains("Please provide a valid email address"));
    assert!(
        answer.html.contains("Please enter attendee&#x27;s name")
            || answer.html.contains("Please enter attendee's name")
    );
    assert!(answer.html.contains("value=\"not-an-address\""));
    // Kept inside its textarea: the text cannot close the element and add markup.
    assert!(
        answer.html.contains(
            "kept text &lt;/textarea&gt;&lt;em id=\"injected\"&gt;x&lt;/em&gt;</textarea>"
        )
    );
    assert!(!answer.html.contains("<em id=\"injected\">"));
    assert!(answer.html.contains("aria-describedby=\"f-email-error\""));
    assert_eq!(answer.html.matches("aria-invalid=\"true\"").count(), 2);
}

#[tokio::test]
async fn a_time_taken_meanwhile_shows_the_message_and_the_days_other_times() {
    let app = TestApp::spawn().await;
    let (_, _, event, path) = berlin_event(&app).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let time = page_times(&page(&app, &format!("{path}?date={date}")).await.html)[0].clone();
    book_by_api(
        &app,
        event,
        "First",
        "first@example.org",
        &format!("{date} {time}:00"),
    )
    .await;
    let form_path = format!("{path}?date={date}&time={}", time.replace(':', "%3A"));
    let answer = post_form(
        &app,
        &form_path,
        &[("name", "Second"), ("email", "second@example.org")],
    )
    .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert!(
        answer
            .html
            .contains("Maybe someone booked the spot just a few seconds ago.")
    );
    let times = page_times(&answer.html);
    assert!(!times.is_empty() && !times.contains(&time), "{times:?}");
    assert!(!answer.html.contains("id=\"booking-form\""));
}

#[tokio::test]
async fn the_ics_file_is_one_utc_vevent_whose_uid_is_not_the_hash() {
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let (hash, _, local) = book_by_form(&app, &path).await;
    let ics = page(&app, &format!("/booking/{hash}/ics")).await;
    assert_eq!(ics.status, StatusCode::OK);
    assert!(ics.header("content-type").starts_with("text/calendar"));
    assert_eq!(ics.html.matches("BEGIN:VEVENT").count(), 1);
    let utc = berlin_in_utc(&local, "%Y%m%dT%H%M%SZ");
    assert!(ics.html.contains(&format!("DTSTART:{utc}")), "{}", ics.html);
    assert!(ics.html.contains("SUMMARY:Daily") && ics.html.contains("ORGANIZER"));
    let uid = ics
        .html
        .lines()
        .find(|l| l.starts_with("UID:"))
        .unwrap_or_default();
    assert!(!uid.contains(&hash) && uid.len() > 10, "{uid}");
    assert!(ics.html.contains("STATUS:CONFIRMED"));
    let cancelled = post_form(
        &app,
        &format!("/booking/{hash}/cancel"),
        &[("cancellation_reason", "No longer needed")],
    )
    .await;
    assert_eq!(cancelled.status, StatusCode::SEE_OTHER);
    let again = page(&app, &format!("/booking/{hash}/ics")).await;
    assert!(again.html.contains("STATUS:CANCELLED"));
    assert!(again.html.contains(uid), "the UID is stable");
}

#[tokio::test]
async fn cancel_and_reschedule_by_link_go_through_the_self_service_rules() {
    let app = TestApp::spawn().await;
    let (host, _, event, path) = berlin_event(&app).await;
    let (hash, _, _) = book_by_form(&app, &path).await;
    // Older links.
    let old = page(&app, &format!("/booking/{hash}?action=reschedule")).await;
    assert_eq!(
        (old.status, old.location()),
        (StatusCode::SEE_OTHER, format!("/booking/{hash}/reschedule"))
    );
    // Reschedule to the first time two days ahead; the reason is required by default.
    let date = tomorrow_in(chrono_tz::Europe::Berlin) + Duration::days(1);
    let grid = page(&app, &format!("/booking/{hash}/reschedule?date={date}")).await;
    assert_eq!(grid.status, StatusCode::OK);
    let time = page_times(&grid.html)[0].clone();
    let confirm_path = format!(
        "/booking/{hash}/reschedule?date={date}&time={}",
        time.replace(':', "%3A")
    );
    let confirm = page(&app, &confirm_path).await;
    assert!(confirm.html.contains("Confirm new time"));
    let refused = post_form(&app, &confirm_path, &[("rescheduling_reason", "")]).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.html.contains("role=\"alert\""));
    let moved = post_form(&app, &confirm_path, &[("rescheduling_reason", "Clash")]).await;
    assert_eq!(
        (moved.status, moved.location()),
        (StatusCode::SEE_OTHER, format!("/booking/{hash}"))
    );
    let start: String = booking_by_hash(&app, &host, event, &hash).await["start_time"]
        .as_str()
        .unwrap_or_default()
        .into();
    let expected = berlin_in_utc(&format!("{date} {time}:00"), "%Y-%m-%d %H:%M:%S");
    assert_eq!(start, expected);
    // Cancel: the reason is labelled and required, then the manage page shows it cancelled.
    let form = page(&app, &format!("/booking/{hash}/cancel")).await;
    assert!(form.html.contains("Reason") && form.html.contains("Cancel booking"));
    let refused = post_form(
        &app,
        &format!("/booking/{hash}/cancel"),
        &[("cancellation_reason", "")],
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let done = post_form(
        &app,
        &format!("/booking/{hash}/cancel"),
        &[("cancellation_reason", "Sick")],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let manage = page(&app, &format!("/booking/{hash}")).await;
    assert!(manage.html.contains("Booking cancelled"));
    assert!(
        !manage.html.contains(&format!("/booking/{hash}/cancel\"")),
        "no Cancel once cancelled"
    );
    // A second cancel is refused with the reason, not an error page.
    let again = post_form(
        &app,
        &format!("/booking/{hash}/cancel"),
        &[("cancellation_reason", "Again")],
    )
    .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(again.html.contains("can not be cancelled"));
}
