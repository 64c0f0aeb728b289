//! The public pages as a browser without JavaScript sees them: the first HTML of each page,
//! form posts and their 303s, 404s, bad query values, the `.ics` file, and embed framing.

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp};

/// An HTML answer of the app (not under `/api`).
pub(crate) struct Page {
    pub(crate) status: StatusCode,
    pub(crate) headers: reqwest::header::HeaderMap,
    pub(crate) html: String,
}

impl Page {
    pub(crate) fn location(&self) -> String {
        self.headers
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    }

    pub(crate) fn header(&self, name: &str) -> String {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    }
}

/// The token of the time the form holds for its visitor (the hidden `hold`), or empty: a
/// browser posts it with the form.
pub(crate) fn held_token(html: &str) -> String {
    html.split_once(r#"name="hold" value=""#)
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(token, _)| token.to_string())
        .unwrap_or_default()
}

pub(crate) async fn page(app: &TestApp, path: &str) -> Page {
    send(app, Method::GET, path, &[]).await
}

pub(crate) async fn post_form(app: &TestApp, path: &str, form: &[(&str, &str)]) -> Page {
    send(app, Method::POST, path, form).await
}

async fn send(app: &TestApp, method: Method, path: &str, form: &[(&str, &str)]) -> Page {
    let mut request = app.client.request(method, format!("{}{path}", app.base));
    if !form.is_empty() {
        request = request.form(form);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let headers = response.headers().clone();
    let html = response.text().await.expect("body");
    Page {
        status,
        headers,
        html,
    }
}

/// A Berlin host with an event open 09:00-17:00 every day, no notice, 400 days ahead; answers
/// (host, calendar id, event id, page path).
pub(crate) async fn berlin_event(app: &TestApp) -> (Creds, i64, i64, String) {
    let host = app.host("anna").await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "17:00"}))
        .collect();
    let (status, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Daily", "duration": 30, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 400,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let path = format!(
        "/{}/{}",
        made["calendar"]["slug"].as_str().unwrap_or_default(),
        made["slot"]["slug"].as_str().unwrap_or_default()
    );
    (
        host,
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
        path,
    )
}

/// Books `event` at `local` (Berlin, `YYYY-MM-DD HH:mm:ss`) through the public REST route.
pub(crate) async fn book_by_api(app: &TestApp, event: i64, name: &str, email: &str, local: &str) {
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({
            "name": name, "email": email, "timezone": "Europe/Berlin", "event_time": local})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The booking with `hash` as its host reads it.
pub(crate) async fn booking_by_hash(app: &TestApp, host: &Creds, event: i64, hash: &str) -> Value {
    let (_, list) = app
        .get(
            &format!("/schedules?filters%5Bevent%5D={event}&filters%5Bperiod%5D=upcoming"),
            host,
        )
        .await;
    list["schedules"]["data"]
        .as_array()
        .and_then(|rows| rows.iter().find(|b| b["hash"] == hash).cloned())
        .unwrap_or_else(|| panic!("no booking {hash} in {list}"))
}

/// The REST slot list of `date` in `zone`: `["09:00", ...]`.
async fn rest_times(app: &TestApp, event: i64, zone: &str, date: NaiveDate) -> Vec<String> {
    let (status, body) = app
        .send(
            Method::GET,
            &format!(
                "/bookings/slots/{event}?timezone={}&start_date={date}",
                zone.replace('/', "%2F")
            ),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["available_slots"][date.format("%Y-%m-%d").to_string()]
        .as_array()
        .map(|times| {
            times
                .iter()
                .filter_map(|t| t.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The `time=` values of the day's slot links, in page order.
pub(crate) fn page_times(html: &str) -> Vec<String> {
    let Some(list) = html.split("id=\"slots\"").nth(1) else {
        return Vec::new();
    };
    let list = list.split("</ul>").next().unwrap_or_default();
    list.split("time=")
        .skip(1)
        .filter_map(|rest| rest.get(..7))
        .map(|t| t.replace("%3A", ":"))
        .map(|t| t.get(..5).unwrap_or_default().to_string())
        .collect()
}

/// A Berlin wall-clock time (`YYYY-MM-DD HH:mm:ss`) as the UTC instant, in `format`.
pub(crate) fn berlin_in_utc(local: &str, format: &str) -> String {
    let local =
        chrono::NaiveDateTime::parse_from_str(local, "%Y-%m-%d %H:%M:%S").unwrap_or_default();
    chrono::TimeZone::from_local_datetime(&chrono_tz::Europe::Berlin, &local)
        .earliest()
        .map(|t| t.with_timezone(&chrono::Utc).format(format).to_string())
        .unwrap_or_default()
}

pub(crate) fn tomorrow_in(zone: chrono_tz::Tz) -> NaiveDate {
    chrono::Utc::now().with_timezone(&zone).date_naive() + Duration::days(1)
}

#[tokio::test]
async fn unknown_addresses_and_draft_events_answer_a_404_page() {
    let app = TestApp::spawn().await;
    let (host, calendar, _, path) = berlin_event(&app).await;
    let (status, draft) = app
        .post(
            &format!("/calendars/{calendar}/events"),
            &host,
            json!({"title": "Hidden", "duration": 30, "status": "draft", "event_type": "single",
                   "settings": {"schedule_type": "weekly_schedules",
                                "weekly_schedules": [{"day": "mon", "from": "09:00", "to": "17:00"}]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{draft}");
    let calendar_slug = path.split('/').nth(1).unwrap_or_default().to_string();
    let draft_path = format!(
        "/{calendar_slug}/{}",
        draft["slot"]["slug"].as_str().unwrap_or_default()
    );
    for missing in [
        "/no-such-calendar".to_string(),
        format!("/{calendar_slug}/no-such-event"),
        draft_path,
        format!("/booking/{}", "ab".repeat(16)),
        "/booking/not-a-hash".into(),
        format!("/booking/{}/cancel", "ab".repeat(16)),
        format!("/booking/{}/reschedule", "ab".repeat(16)),
        format!("/booking/{}/ics", "ab".repeat(16)),
    ] {
        let answer = page(&app, &missing).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{missing}");
        if !missing.ends_with("/ics") {
            assert!(answer.html.contains("<h1"), "{missing}: {}", answer.html);
        }
    }
    let landing = page(&app, &format!("/{calendar_slug}")).await;
    assert_eq!(landing.status, StatusCode::OK);
    assert!(
        landing.html.contains(&format!("href=\"{path}?lang=en\"")),
        "{}",
        landing.html
    );
    assert!(!landing.html.contains("Hidden"), "drafts are not listed");
}

#[tokio::test]
async fn a_disabled_landing_page_is_not_found_but_its_events_stay_bookable() {
    let app = TestApp::spawn().await;
    let (host, calendar, _, path) = berlin_event(&app).await;
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}/sharing-settings"),
            &host,
            json!({"landing_page_settings": {"enabled": "no", "show_type": "all", "enabled_slots": []}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let calendar_slug = path.split('/').nth(1).unwrap_or_default();
    assert_eq!(
        page(&app, &format!("/{calendar_slug}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(page(&app, &path).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_first_html_has_the_first_days_times_as_the_slot_list_has_them() {
    let app = TestApp::spawn().await;
    let (_, _, event, path) = berlin_event(&app).await;
    let answer = page(&app, &format!("{path}?tz=America%2FNew_York")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(answer.html.len() < 100_000, "{} bytes", answer.html.len());
    // The first day with times, as the REST list has it from now on.
    let (_, body) = app
        .send(
            Method::GET,
            &format!("/bookings/slots/{event}?timezone=America%2FNew_York"),
            None,
            None,
        )
        .await;
    let mut days: Vec<(String, Value)> = body["available_slots"]
        .as_object()
        .map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    if days.is_empty() {
        // Late on a month's last day: the first times are next month.
        let next = (tomorrow_in(chrono_tz::America::New_York) + Duration::days(1))
            .with_day(1)
            .unwrap_or_default();
        let times = rest_times(&app, event, "America/New_York", next).await;
        days.push((next.format("%Y-%m-%d").to_string(), json!(times)));
    }
    let (first_day, times) = &days[0];
    let date = NaiveDate::parse_from_str(first_day, "%Y-%m-%d").unwrap_or_default();
    let label = date.format("%A %-d %B %Y").to_string();
    assert!(
        answer.html.contains(&format!("aria-label=\"{label}\"")),
        "{label}"
    );
    let expected: Vec<String> = times
        .as_array()
        .map(|t| {
            t.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(page_times(&answer.html), expected);
    assert!(
        answer.html.contains("America/New_York, UTC-0"),
        "the zone is named with its offset"
    );
    for name in [
        "Previous month",
        "Next month",
        "Show times",
        "Time zone",
        "<caption",
    ] {
        assert!(answer.html.contains(name), "{name}");
    }
}

#[tokio::test]
async fn between_the_us_and_eu_clock_changes_new_york_sees_berlin_hours_one_hour_later() {
    let app = TestApp::spawn().await;
    let (_, _, event, path) = berlin_event(&app).await;
    // The next US change to summer time (second Sunday of March); Berlin changes two weeks later.
    let today = tomorrow_in(chrono_tz::America::New_York);
    let mut year = today.year();
    let us_change = loop {
        let march = NaiveDate::from_ymd_opt(year, 3, 8).unwrap_or_default();
        let sunday = (0..7)
            .map(|d| march + Duration::days(d))
            .find(|d| d.weekday() == Weekday::Sun)
            .unwrap_or(march);
        if sunday > today + Duration::days(1) {
            break sunday;
        }
        year += 1;
    };
    let in_gap = us_change + Duration::days(2);
    let before = us_change - Duration::days(5);
    let show = |date: NaiveDate| format!("{path}?tz=America%2FNew_York&date={date}&h12=0");
    let gap_page = page(&app, &show(in_gap)).await;
    let gap_times = page_times(&gap_page.html);
    assert_eq!(
        gap_times,
        rest_times(&app, event, "America/New_York", in_gap).await
    );
    assert_eq!(
        gap_times.first().map(String::as_str),
        Some("04:00"),
        "09:00 Berlin (UTC+1) is 04:00 in New York (UTC-4)"
    );
    assert!(gap_page.html.contains("America/New_York, UTC-04:00"));
    let before_times = page_times(&page(&app, &show(before)).await.html);
    assert_eq!(
        before_times,
        rest_times(&app, event, "America/New_York", before).await
    );
    assert_eq!(before_times.first().map(String::as_str), Some("03:00"));
    // The change day is flagged in the grid and beside the times.
    let change_page = page(&app, &show(us_change)).await;
    assert!(
        change_page
            .html
            .contains("Clocks change on this day in America/New_York: UTC-05:00 to UTC-04:00")
    );
}

#[tokio::test]
async fn bad_query_values_fall_back_to_defaults_with_a_notice() {
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let answer = page(
        &app,
        &format!("{path}?month=2026-13&tz=Mars%2FBase&date=2026-02-30&h12=maybe&time=25:99"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK);
    for notice in [
        "is not a month",
        "is not a time zone; times are shown in Europe/Berlin",
        "is not a date",
    ] {
        assert!(answer.html.contains(notice), "{notice}");
    }
    assert!(
        !page_times(&answer.html).is_empty(),
        "the first day's times are still shown"
    );
}

#[tokio::test]
async fn only_embed_mode_may_be_framed() {
    let app = TestApp::spawn().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let normal = page(&app, &path).await;
    assert!(
        normal
            .header("content-security-policy")
            .contains("frame-ancestors 'none'")
    );
    assert_eq!(normal.header("x-frame-options"), "DENY");
    assert!(normal.html.contains("<header"));
    let embedded = page(&app, &format!("{path}?embed=1")).await;
    assert!(
        embedded
            .header("content-security-policy")
            .contains("frame-ancestors *")
    );
    assert_eq!(embedded.header("x-frame-options"), "");
    assert!(
        !embedded.html.contains("<header"),
        "no site chrome in embed mode"
    );
    assert!(
        embedded.html.contains("embed=1"),
        "links stay in embed mode"
    );
}

#[tokio::test]
async fn a_locked_zone_is_used_whatever_the_address_asks() {
    let app = TestApp::spawn().await;
    let (host, calendar, event, path) = berlin_event(&app).await;
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/limits"),
            &host,
            json!({"settings": {"lock_timezone": {"enabled": true, "timezone": "Asia/Tokyo"}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answer = page(&app, &format!("{path}?tz=America%2FNew_York")).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(
        answer.html.contains("Asia/Tokyo, UTC+09:00"),
        "{}",
        answer.html
    );
    assert!(
        !answer.html.contains("id=\"tz\""),
        "no zone picker when the zone is locked"
    );
    assert!(!answer.html.contains("America/New_York,"));
}

#[tokio::test]
async fn group_events_show_seats_left_and_multi_duration_events_offer_each_duration() {
    let app = TestApp::spawn().await;
    let (host, calendar, event, path) = berlin_event(&app).await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (status, made) = app
        .post(&format!("/calendars/{calendar}/events"), &host, json!({
            "title": "Class", "duration": 60, "status": "active", "event_type": "group",
            "max_book_per_slot": 3, "is_display_spots": true, "availability_type": "custom",
            "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 400,
                         "schedule_conditions": {"value": 0, "unit": "minutes"}}}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let class = made["slot"]["id"].as_i64().unwrap_or_default();
    let calendar_slug = path.split('/').nth(1).unwrap_or_default();
    let class_path = format!(
        "/{calendar_slug}/{}",
        made["slot"]["slug"].as_str().unwrap_or_default()
    );
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let day = format!("{class_path}?date={date}");
    assert!(page(&app, &day).await.html.contains("3 seats left"));
    book_by_api(
        &app,
        class,
        "Seat Taker",
        "seat@example.org",
        &format!("{date} 09:00:00"),
    )
    .await;
    let after = page(&app, &day).await.html;
    assert!(
        after.contains("2 seats left") && after.contains("3 seats left"),
        "09:00 has 2 left, 10:00 still 3"
    );

    // Multi-duration: each duration is a choice, and the times follow the chosen one.
    let (status, body) = app
        .post(&format!("/calendars/{calendar}/events/{event}/details"), &host, json!({
            "title": "Daily", "duration": 30, "status": "active",
            "multi_duration": {"enabled": true, "default_duration": 30, "available_durations": [30, 120]}}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let short = page(&app, &format!("{path}?date={date}")).await.html;
    assert!(
        short.contains("duration=120") && short.contains(">2 hours<"),
        "a choice per duration"
    );
    let long = page(&app, &format!("{path}?date={date}&duration=120"))
        .await
        .html;
    let (_, rest) = app
        .send(
            Method::GET,
            &format!(
                "/bookings/slots/{event}?timezone=Europe%2FBerlin&start_date={date}&duration=120"
            ),
            None,
            None,
        )
        .await;
    let expected: Vec<String> = rest["available_slots"][date.format("%Y-%m-%d").to_string()]
        .as_array()
        .map(|t| {
            t.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(page_times(&long), expected);
    assert!(
        page_times(&long).len() < page_times(&short).len(),
        "a 2-hour meeting has fewer starts"
    );
}
