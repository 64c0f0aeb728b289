//! The booking page without `month=`: it opens on the first month with times, looking across
//! the whole booking window (in one run however many months are empty before it). The month
//! found is remembered for a moment, never past a booking that empties it or a cancellation
//! that frees an earlier one.

use chrono::{Datelike, Duration, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp};

/// An event open every day 09:00-17:00 in Berlin, bookable only between `from` and `to`;
/// answers the booking page's path.
async fn event_between(app: &TestApp, from: NaiveDate, to: NaiveDate) -> String {
    event_open(app, &app.host("mona").await, from, to, "17:00")
        .await
        .0
}

/// An hour-long event open every day from 09:00 to `until` in Berlin, bookable only between
/// `from` and `to`; answers the booking page's path and the event's id.
async fn event_open(
    app: &TestApp,
    host: &Creds,
    from: NaiveDate,
    to: NaiveDate,
    until: &str,
) -> (String, i64) {
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": until}))
        .collect();
    let (status, made) = app.post("/calendars", host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Later", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week,
                     "range_type": "date_range",
                     "range_date_between": [from.format("%Y-%m-%d").to_string(), to.format("%Y-%m-%d").to_string()],
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let path = format!(
        "/{}/{}",
        made["calendar"]["slug"].as_str().unwrap_or_default(),
        made["slot"]["slug"].as_str().unwrap_or_default()
    );
    (path, made["slot"]["id"].as_i64().unwrap_or_default())
}

async fn html(app: &TestApp, path: &str) -> String {
    let response = app
        .client
        .get(format!("{}{path}?tz=Europe%2FBerlin", app.base))
        .send()
        .await
        .expect("page");
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.expect("html")
}

#[tokio::test]
async fn the_page_opens_on_the_first_month_with_times_months_ahead() {
    let app = TestApp::spawn().await;
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Berlin)
        .date_naive();
    let from = today + Duration::days(100);
    let path = event_between(&app, from, from + Duration::days(2)).await;
    let page = html(&app, &path).await;
    let caption = from.format("%B %Y").to_string();
    assert!(page.contains(&format!(">{caption}</caption>")), "{caption}");
    let first_day = from.format("%A %-d %B %Y").to_string();
    assert!(page.contains(&first_day), "{first_day} is chosen");
    // Its eight times (09:00-16:00), and none of the other days' in the list.
    let times = page.matches("time=").count();
    assert!(times >= 8, "{times} time links");
    assert!(page.contains("time=09%3A00") && page.contains("time=16%3A00"));
}

#[tokio::test]
async fn a_window_without_any_time_shows_this_month_empty() {
    let app = TestApp::spawn().await;
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Berlin)
        .date_naive();
    // A window that ended yesterday: nothing is offered anywhere.
    let path = event_between(&app, today - Duration::days(9), today - Duration::days(1)).await;
    let page = html(&app, &path).await;
    let caption = today.format("%B %Y").to_string();
    assert!(page.contains(&format!(">{caption}</caption>")), "{caption}");
    assert_eq!(page.matches("time=").count(), 0);
}

#[tokio::test]
async fn the_month_found_follows_the_last_time_taken_and_the_time_freed_at_once() {
    let app = TestApp::spawn().await;
    let host = app.host("mona").await;
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Berlin)
        .date_naive();
    // One time a day (09:00), on the last day of a month and the first of the next.
    let later = today + Duration::days(130);
    let second = NaiveDate::from_ymd_opt(later.year(), later.month(), 1).expect("a first day");
    let first = second - Duration::days(1);
    let (path, event) = event_open(&app, &host, first, second, "10:00").await;
    let caption = |day: NaiveDate| format!(">{}</caption>", day.format("%B %Y"));
    assert!(html(&app, &path).await.contains(&caption(first)));
    // Its month's only time is taken: the next visit opens on the following month.
    let booking = app
        .book(event)
        .zone("Europe/Berlin")
        .at(&format!("{first} 09:00:00"))
        .booked()
        .await;
    let page = html(&app, &path).await;
    assert!(
        page.contains(&caption(second)),
        "the month after the full one"
    );
    assert!(page.contains("time=09%3A00"));
    // The booking is cancelled: its month is offered again on the very next visit.
    let id = booking["booking"]["id"].as_i64().expect("booking id");
    let (status, cancelled) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "ill"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{cancelled}");
    assert!(html(&app, &path).await.contains(&caption(first)));
}
