//! Recurring bookings (DESIGN 2.8): a series is booked whole or not at all, keeps its local
//! time across DST, is listed, cancelled from one date on, and carried by the `.ics`.

use std::collections::BTreeMap;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

/// A 60-minute event open 08:00-18:00 every day in Europe/Berlin, 300 days ahead, that
/// allows weekly series of up to 6; answers (host, calendar, event).
async fn weekly_event(app: &TestApp) -> (Creds, i64, i64) {
    let host = app.host("jane").await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "08:00", "to": "18:00"}))
        .collect();
    let (status, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Lesson", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 300,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (cal, event) = (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    );
    let (status, saved) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"recurring_config": {"enabled": true, "frequency": "weekly", "interval": 1, "max_count": 6}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    (host, cal, event)
}

/// The Monday `weeks` weeks after the next one, `YYYY-MM-DD`.
fn monday(weeks: i64) -> String {
    use chrono::Datelike;
    let today = chrono::Utc::now().date_naive();
    let to_monday = 7 - i64::from(today.weekday().num_days_from_monday());
    (today + chrono::Duration::days(to_monday + 7 * weeks))
        .format("%Y-%m-%d")
        .to_string()
}

fn starts(answer: &Value) -> Vec<String> {
    answer["series"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| b["start_time"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test]
async fn a_series_books_every_occurrence_at_the_same_local_time_across_dst() {
    let app = TestApp::spawn().await;
    let (host, _, event) = weekly_event(&app).await;
    // Europe/Berlin moves to summer time on the last Sunday of March 2027 (the 28th).
    let made = app
        .book(event)
        .zone("Europe/Berlin")
        .at("2027-03-15 10:00:00")
        .with(json!({"recurring_count": "3"}))
        .booked()
        .await;
    assert_eq!(made["message"], "Booking has been created");
    assert_eq!(
        starts(&made),
        vec![
            "2027-03-15 09:00:00",
            "2027-03-22 09:00:00",
            "2027-03-29 08:00:00"
        ],
        "10:00 in Berlin each week, before and after the change"
    );
    let series = made["series"].as_array().cloned().unwrap_or_default();
    let series_id = made["booking"]["series_id"].as_i64().unwrap_or_default();
    assert_eq!(
        series_id,
        made["booking"]["id"].as_i64().unwrap_or(-1),
        "the first's id"
    );
    for (i, b) in series.iter().enumerate() {
        assert_eq!(b["series_id"], series_id);
        assert_eq!(b["series_index"], i + 1);
        assert_eq!(b["series_count"], 3);
    }
    assert_eq!(made["booking"]["id"], series[0]["id"]);
    let hashes: std::collections::BTreeSet<&str> =
        series.iter().filter_map(|b| b["hash"].as_str()).collect();
    assert_eq!(hashes.len(), 3, "each its own booking");

    // Listed whole by the series filter, whatever the period.
    let (status, listed) = app
        .get(
            &format!("/schedules?filters[series]={series_id}&filters[period]=past"),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["schedules"]["total"], 3, "{listed}");

    // The .ics of any member carries every occurrence, each with its own UID.
    let hash = series[1]["hash"].as_str().unwrap_or_default();
    let ics = app.text(&format!("/booking/{hash}/ics")).await;
    assert_eq!(ics.matches("BEGIN:VEVENT").count(), 3, "{ics}");
    assert!(ics.contains("DTSTART:20270315T090000Z") && ics.contains("DTSTART:20270329T080000Z"));
    let uids: std::collections::BTreeSet<&str> =
        ics.lines().filter(|l| l.starts_with("UID:")).collect();
    assert_eq!(uids.len(), 3);

    // One confirmation email for the attendee, listing every date.
    let mails = crate::emails::wait_for_mails(&app, 2).await;
    let to_attendee: Vec<&String> = mails
        .iter()
        .filter(|m| m.contains("<ann@example.org>") && !m.contains("Reminder"))
        .collect();
    assert_eq!(to_attendee.len(), 1, "one confirmation for the series");
    assert!(
        to_attendee[0]
            .replace("=\r\n", "")
            .contains("Dates in this series")
    );
}

#[tokio::test]
async fn a_series_with_one_taken_date_is_refused_naming_it_and_books_nothing() {
    let app = TestApp::spawn().await;
    let (host, _, event) = weekly_event(&app).await;
    let taken = monday(2);
    app.book(event)
        .email("bob@example.org")
        .zone("Europe/Berlin")
        .at(&format!("{taken} 10:00:00"))
        .booked()
        .await;
    let (status, answer) = app
        .book(event)
        .zone("Europe/Berlin")
        .at(&format!("{} 10:00:00", monday(0)))
        .with(json!({"recurring_count": 4}))
        .send()
        .await;
    assert_envelope(status, &answer, 409, "series_unavailable");
    assert_eq!(
        answer["message"],
        format!("Some dates of this series are not available: {taken}")
    );
    assert_eq!(answer["data"]["dates"], json!([taken]));
    assert!(
        answer["data"]["reasons"]
            .as_array()
            .is_some_and(|r| !r.is_empty()),
        "{answer}"
    );
    let (_, listed) = app.get("/schedules?filters[period]=upcoming", &host).await;
    assert_eq!(
        listed["schedules"]["total"], 1,
        "nothing of the series was written"
    );

    // The count's own rules.
    for (count, rule) in [
        (json!(7), "between"),
        (json!("two"), "integer"),
        (json!(0), "between"),
    ] {
        let (status, answer) = app
            .book(event)
            .at(&format!("{} 12:00:00", monday(5)))
            .with(json!({"recurring_count": count}))
            .send()
            .await;
        assert_invalid_field(status, &answer, "recurring_count");
        assert!(
            answer["errors"]["recurring_count"][rule].is_string(),
            "{answer}"
        );
    }
}

#[tokio::test]
async fn an_event_without_series_refuses_a_count_and_a_fixed_count_books_the_maximum() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = weekly_event(&app).await;
    let path = format!("/calendars/{cal}/events/{event}/advanced-settings");
    app.post(
        &path,
        &host,
        json!({"settings": {"recurring_config": {"enabled": false}}}),
    )
    .await;
    let (status, answer) = app
        .book(event)
        .at(&format!("{} 09:00:00", monday(1)))
        .with(json!({"recurring_count": 2}))
        .send()
        .await;
    assert_invalid_field(status, &answer, "recurring_count");
    let one = app
        .book(event)
        .at(&format!("{} 09:00:00", monday(1)))
        .with(json!({"recurring_count": 1}))
        .booked()
        .await;
    assert!(
        one.get("series").is_none(),
        "one booking has no series: {one}"
    );
    assert_eq!(one["booking"]["series_id"], Value::Null);

    app.post(&path, &host, json!({"settings": {"recurring_config": {"enabled": true, "max_count": 3, "is_count_fixed": true}}}))
        .await;
    let fixed = app
        .book(event)
        .email("cy@example.org")
        .at(&format!("{} 14:00:00", monday(1)))
        .booked()
        .await;
    assert_eq!(starts(&fixed).len(), 3, "the public books max_count");
}

#[tokio::test]
async fn cancelling_this_and_following_dates_leaves_the_earlier_ones() {
    let app = TestApp::spawn().await;
    let (host, _, event) = weekly_event(&app).await;
    let made = app
        .book(event)
        .at(&format!("{} 09:00:00", monday(1)))
        .with(json!({"recurring_count": 4}))
        .booked()
        .await;
    let series = made["series"].as_array().cloned().unwrap_or_default();
    let hash = |i: usize| series[i]["hash"].as_str().unwrap_or_default().to_string();
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{}/cancel", hash(2)),
            None,
            Some(json!({"cancellation_reason": "Moving", "scope": "following"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let states: Vec<&str> = answer["series"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| b["status"].as_str())
        .collect();
    assert_eq!(
        states,
        vec!["scheduled", "scheduled", "cancelled", "cancelled"]
    );
    let (status, answer) = app
        .send(
            Method::POST,
            &format!("/bookings/{}/cancel", hash(0)),
            None,
            Some(json!({"cancellation_reason": "x", "scope": "sometimes"})),
        )
        .await;
    assert_invalid_field(status, &answer, "scope");

    // The host cancels one occurrence by id with scope `this` (the default).
    let id = series[1]["id"].as_i64().unwrap_or_default();
    let (status, answer) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "Host away"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let series_id = made["booking"]["series_id"].as_i64().unwrap_or_default();
    let (_, listed) = app
        .get(&format!("/schedules?filters[series]={series_id}"), &host)
        .await;
    let listed_states: Vec<&str> = listed["schedules"]["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| b["status"].as_str())
        .collect();
    assert_eq!(
        listed_states,
        vec!["scheduled", "cancelled", "cancelled", "cancelled"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_racing_for_the_last_free_date_of_a_series_book_one_series() {
    let app = TestApp::spawn().await;
    let beside = TestApp::spawn_beside(&app).await;
    let (host, _, event) = weekly_event(&app).await;
    let mut tasks = Vec::new();
    for (i, (first_week, runner)) in [(0, &app), (2, &beside), (0, &beside), (2, &app)]
        .into_iter()
        .enumerate()
    {
        // Series of weeks 0-2 and 2-4 share week 2: only one of each overlapping pair wins.
        let request = runner
            .client
            .post(format!("{}/api/v2/bookings/create/{event}", runner.base))
            .json(&json!({"name": format!("Racer {i}"), "email": format!("r{i}@example.org"),
                "timezone": "Europe/Berlin", "event_time": format!("{} 11:00:00", monday(first_week)),
                "recurring_count": 3}));
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
    assert_eq!(
        counts,
        BTreeMap::from([(200, 1), (409, 3)]),
        "one series wins"
    );
    let (_, listed) = app
        .get("/schedules?filters[period]=upcoming&per_page=50", &host)
        .await;
    assert_eq!(listed["schedules"]["total"], 3, "its three dates, no more");
}

#[tokio::test]
async fn the_page_form_books_a_series_and_the_manage_and_cancel_pages_show_it_without_javascript() {
    use crate::pages::{berlin_event, held_token, page, post_form};
    let app = TestApp::spawn().await;
    let (host, cal, event, path) = berlin_event(&app).await;
    let (status, _) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            &host,
            json!({"settings": {"recurring_config": {"enabled": true, "frequency": "weekly", "interval": 2, "max_count": 4}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let date = monday(1);
    let form_path = format!("{path}?date={date}&time=10%3A00");
    let form = page(&app, &form_path).await;
    assert!(form.html.contains(">Occurrences</label>"), "{}", form.html);
    assert!(form.html.contains("Repeats every 2 weeks"));
    assert!(
        form.html.contains(r#"<option value="4" selected"#),
        "max_count preselected"
    );
    assert!(form.html.contains(r#"name="website""#) && form.html.contains(r#"tabindex="-1""#));

    // The honeypot refuses a robot's post; a person's books two dates.
    let trapped = post_form(
        &app,
        &form_path,
        &[
            ("name", "Bot"),
            ("email", "bot@example.org"),
            ("website", "x"),
        ],
    )
    .await;
    assert_eq!(trapped.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(trapped.html.contains("Your booking could not be accepted."));
    let done = post_form(
        &app,
        &form_path,
        &[
            ("name", "Ann Attendee"),
            ("email", "ann@example.org"),
            ("recurring_count", "2"),
            ("website", ""),
            ("hold", &held_token(&form.html)),
        ],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    let manage_path = done.location().to_string();
    let manage = page(&app, &manage_path).await;
    assert!(
        manage.html.contains("Dates in this series"),
        "{}",
        manage.html
    );
    let (_, listed) = app.get("/schedules?filters[period]=upcoming", &host).await;
    assert_eq!(listed["schedules"]["total"], 2);
    let second = listed["schedules"]["data"][1]["hash"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        manage.html.contains(&format!("/booking/{second}")),
        "links the other date"
    );

    let cancel = page(&app, &format!("{manage_path}/cancel")).await;
    assert!(
        cancel.html.contains("Only this date") && cancel.html.contains("This and all later dates")
    );
    let cancelled = post_form(
        &app,
        &format!("{manage_path}/cancel"),
        &[
            ("cancellation_reason", "Moving away"),
            ("scope", "following"),
        ],
    )
    .await;
    assert_eq!(
        cancelled.status,
        StatusCode::SEE_OTHER,
        "{}",
        cancelled.html
    );
    let after = page(&app, &format!("/booking/{second}")).await;
    assert!(
        after.html.contains("Cancelled"),
        "the later date is cancelled too"
    );
    let (_, listed) = app.get("/schedules?filters[period]=cancelled", &host).await;
    assert_eq!(listed["schedules"]["total"], 2);
}
