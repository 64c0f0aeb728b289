//! The bookings desk: `/admin/bookings/{id}` and the list's bulk changes, through the same
//! services as `/schedules/{id}`; another host's booking is a 404 on every dashboard address.

use reqwest::StatusCode;
use serde_json::json;

use crate::auth::{dashboard_login, two_hosts};
use crate::support::TestApp;

/// A signed-in dashboard session: its cookie, for pages and form posts.
pub(crate) struct Desk<'a> {
    app: &'a TestApp,
    cookie: String,
}

impl<'a> Desk<'a> {
    pub(crate) async fn open(app: &'a TestApp, login: &str) -> Desk<'a> {
        let (_, cookie) = dashboard_login(app, login, &format!("{login}-password")).await;
        Desk {
            app,
            cookie: cookie.expect("session cookie"),
        }
    }

    /// A session of its own (a cookie from `dashboard_login`).
    pub(crate) fn open_with(app: &'a TestApp, cookie: String) -> Desk<'a> {
        Desk { app, cookie }
    }

    pub(crate) async fn page(&self, path: &str) -> (StatusCode, String) {
        let answer = self
            .app
            .client
            .get(format!("{}{path}", self.app.base))
            .header("cookie", &self.cookie)
            .send()
            .await
            .expect("get");
        let status = answer.status();
        let text = answer.text().await.expect("body");
        (status, text)
    }

    /// The CSRF token the page's forms carry.
    pub(crate) async fn token(&self, path: &str) -> String {
        let (_, html) = self.page(path).await;
        let at = html.find("name=\"csrf\" value=\"").expect("a csrf field") + 19;
        html[at..].split('"').next().unwrap_or_default().to_string()
    }

    /// Posts a form as a browser does before hydration (no redirect followed).
    pub(crate) async fn post(
        &self,
        path: &str,
        form: &[(&str, &str)],
    ) -> (StatusCode, String, String) {
        let answer = self
            .app
            .client
            .post(format!("{}{path}", self.app.base))
            .header("cookie", &self.cookie)
            .header("origin", &self.app.base)
            .form(form)
            .send()
            .await
            .expect("post");
        let location = answer
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let status = answer.status();
        let text = answer.text().await.expect("body");
        (status, location, text)
    }
}

/// Books `event` tomorrow at `hour` UTC for `name`; answers the booking id.
async fn book(app: &TestApp, event: i64, name: &str, hour: u32, extra: serde_json::Value) -> i64 {
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).format("%Y-%m-%d");
    let made = app
        .book(event)
        .name(name)
        .email("client@example.org")
        .zone("America/New_York")
        .at(&format!("{tomorrow} {hour:02}:00:00"))
        .with(extra)
        .booked()
        .await;
    made["booking"]["id"].as_i64().expect("booking id")
}

#[tokio::test]
async fn the_detail_page_shows_the_booking_to_its_host_and_a_404_to_anyone_else() {
    let app = TestApp::spawn().await;
    let (jane_event, bob_event) = two_hosts(&app).await;
    let id = book(
        &app,
        jane_event,
        "Ada Client",
        10,
        json!({"message": "About the roof"}),
    )
    .await;
    let bobs = book(&app, bob_event, "Cy Client", 10, json!({})).await;
    let jane = Desk::open(&app, "jane").await;
    let (status, html) = jane.page(&format!("/admin/bookings/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    for expected in [
        "id=\"section-title\" class=\"text-xl font-semibold\">Ada Client</h1>",
        "About the roof",
        "client@example.org",
        // The host's zone and, apart, the attendee's.
        "UTC, UTC+00:00",
        "America/New_York, UTC-05:00",
        ">Cancel booking</button>",
        ">Mark as completed</button>",
        ">Mark as no-show</button>",
        "Save note",
    ] {
        assert!(html.contains(expected), "{expected}");
    }
    // A scheduled booking cannot be confirmed or rejected: those buttons are absent.
    assert!(!html.contains(">Confirm</button>"));
    assert!(!html.contains(">Reject</button>"));

    // Bob sees nothing of it: the page and its form posts are 404s.
    let bob = Desk::open(&app, "bob").await;
    let (status, html) = bob.page(&format!("/admin/bookings/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!html.contains("Ada Client"));
    let token = bob.token(&format!("/admin/bookings/{bobs}")).await;
    let (status, _, _) = bob
        .post(
            &format!("/admin/bookings/{id}"),
            &[("csrf", &token), ("action", "complete")],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The page's loader runs while the page renders and is no endpoint: nobody can call it,
    // signed in or not.
    for cookie in [Some(bob.cookie.as_str()), None] {
        let mut request = app
            .client
            .post(format!("{}/_app/admin/booking", app.base))
            .header("origin", &app.base)
            .form(&[("id", id.to_string())]);
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        let answer = request.send().await.expect("server fn");
        assert_eq!(answer.status(), StatusCode::NOT_FOUND);
        let text = answer.text().await.unwrap_or_default();
        assert!(!text.contains("Ada Client"), "{text}");
    }
    let (status, body) = app
        .send(
            reqwest::Method::GET,
            &format!("/schedules/{id}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}

#[tokio::test]
async fn desk_changes_need_the_forms_token_and_refusals_answer_as_the_rest_route() {
    let app = TestApp::spawn().await;
    let (jane_event, _) = two_hosts(&app).await;
    let id = book(&app, jane_event, "Ada Client", 10, json!({})).await;
    let jane = Desk::open(&app, "jane").await;
    let path = format!("/admin/bookings/{id}");
    let status_of = || async {
        let (_, html) = jane.page(&path).await;
        let at = html.find("id=\"booking-status\"").expect("status badge");
        html[at..]
            .split('>')
            .nth(1)
            .and_then(|s| s.split('<').next())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(status_of().await, "Scheduled");

    // Without the token (another site's form), nothing changes.
    let (status, _, html) = jane.post(&path, &[("action", "complete")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(html.contains("This form has expired"));
    let token = jane.token(&path).await;
    let (status, _, _) = jane
        .post(&path, &[("csrf", "not-the-token"), ("action", "complete")])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(status_of().await, "Scheduled");

    // With it: 303 back to the page, which says what happened.
    let (status, location, _) = jane
        .post(&path, &[("csrf", &token), ("action", "complete")])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, format!("{path}?done=complete"));
    let (_, html) = jane.page(&location).await;
    assert!(html.contains("Marked as completed."));
    assert_eq!(status_of().await, "Completed");
    assert!(
        html.contains("Status changed from scheduled to completed"),
        "the timeline"
    );

    // A move the transitions refuse: the page again, 409 and the REST route's words.
    let (status, _, html) = jane
        .post(
            &path,
            &[("csrf", &token), ("action", "cancel"), ("reason", "Ill")],
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(html.contains("role=\"alert\""));
    assert!(html.contains("A completed booking cannot become cancelled."));

    // The internal note is saved and shown as typed: it cannot close its textarea.
    let (status, _, _) = jane
        .post(
            &path,
            &[
                ("csrf", &token),
                ("action", "note"),
                ("note", "Bring the ladder </textarea><b>"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, html) = jane.page(&path).await;
    assert!(html.contains("Bring the ladder &lt;/textarea&gt;&lt;b&gt;</textarea>"));

    // Cancelling needs a reason: 422 with the REST route's message.
    let id2 = book(&app, jane_event, "Bo Client", 12, json!({})).await;
    let path2 = format!("/admin/bookings/{id2}");
    let (status, _, html) = jane
        .post(
            &path2,
            &[("csrf", &token), ("action", "cancel"), ("reason", "")],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The cancel_reason field is required."));
    let (status, _, _) = jane
        .post(
            &path2,
            &[
                ("csrf", &token),
                ("action", "cancel"),
                ("reason", "Host ill"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, html) = jane.page(&path2).await;
    assert!(html.contains("Reason: Host ill"));
    // An unknown button is a 422, never a 500.
    let (status, _, _) = jane
        .post(&path2, &[("csrf", &token), ("action", "explode")])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_booking_moves_to_an_offered_time_from_its_page() {
    let app = TestApp::spawn().await;
    let (jane_event, _) = two_hosts(&app).await;
    let id = book(&app, jane_event, "Ada Client", 10, json!({})).await;
    let jane = Desk::open(&app, "jane").await;
    let path = format!("/admin/bookings/{id}");
    let day = (chrono::Utc::now() + chrono::Duration::days(2)).format("%Y-%m-%d");
    let (status, html) = jane.page(&format!("{path}?date={day}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("value=\"14:30\""),
        "offered times of that day are listed"
    );
    let token = jane.token(&path).await;
    let day = day.to_string();
    let (status, location, _) = jane
        .post(
            &path,
            &[
                ("csrf", &token),
                ("action", "reschedule"),
                ("date", &day),
                ("time", "14:30"),
                ("reason", "Roofer late"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "moved");
    assert!(location.ends_with("done=reschedule"));
    let (_, html) = jane.page(&path).await;
    let date = chrono::NaiveDate::parse_from_str(&day, "%Y-%m-%d").expect("date");
    assert!(html.contains(&format!("{}, 2:30pm", date.format("%A %-d %B %Y"))));
    // A time that is not offered (the middle of a slot) is refused with the engine's answer.
    let (status, _, html) = jane
        .post(
            &path,
            &[
                ("csrf", &token),
                ("action", "reschedule"),
                ("date", &day),
                ("time", "14:10"),
                ("reason", "x"),
            ],
        )
        .await;
    assert!(status.is_client_error(), "{status}");
    assert!(html.contains("role=\"alert\""));
}

#[tokio::test]
async fn bulk_changes_report_each_booking_and_one_refusal_changes_no_other() {
    let app = TestApp::spawn().await;
    let (jane_event, bob_event) = two_hosts(&app).await;
    let first = book(&app, jane_event, "Ada Client", 9, json!({})).await;
    let second = book(&app, jane_event, "Bo Client", 11, json!({})).await;
    let foreign = book(&app, bob_event, "Cy Client", 13, json!({})).await;
    let jane = Desk::open(&app, "jane").await;
    let token = jane.token("/admin/bookings").await;
    // The second is cancelled first, so cancelling it again is refused.
    let (status, _, _) = jane
        .post(
            &format!("/admin/bookings/{second}"),
            &[("csrf", &token), ("action", "cancel"), ("reason", "Moved")],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (first_s, second_s, foreign_s) =
        (first.to_string(), second.to_string(), foreign.to_string());
    let (status, _, html) = jane
        .post(
            "/admin/bookings?period=all",
            &[
                ("csrf", token.as_str()),
                ("action", "cancel"),
                ("reason", "Closed for the day"),
                ("ids", first_s.as_str()),
                ("ids", second_s.as_str()),
                ("ids", foreign_s.as_str()),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Changed 1 booking: Ada Client"), "{html}");
    assert!(html.contains("2 bookings were not changed:"));
    assert!(html.contains("Bo Client: The booking is already cancelled."));
    assert!(html.contains(&format!("#{foreign}: There is no such booking.")));
    assert!(
        !html.contains("Cy Client"),
        "another host's booking stays unseen"
    );
    // The list came back with its filter.
    assert!(html.contains("text-sky-900 dark:text-sky-200\">All</a>"));
    // Bob's booking is untouched.
    let bob = Desk::open(&app, "bob").await;
    let (_, html) = bob.page(&format!("/admin/bookings/{foreign}")).await;
    assert!(html.contains(">Scheduled</span>"));
    // Nothing selected: a 422 with the reason, nothing tried.
    let (status, _, html) = jane
        .post(
            "/admin/bookings",
            &[("csrf", token.as_str()), ("action", "confirm")],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Select at least one booking."));
}

#[tokio::test]
async fn the_reports_page_shows_the_numbers_of_the_rest_reports_for_its_range() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (_, event) = crate::support::daily_event(&app, &jane, "UTC", 30, ("00:00", "24:00")).await;
    for (name, hour) in [("Ada", 9), ("Bo", 11), ("Cy", 13)] {
        book(&app, event, name, hour, json!({})).await;
    }
    let desk = Desk::open(&app, "jane").await;
    let today = chrono::Utc::now().date_naive();
    let (from, to) = (
        today - chrono::Duration::days(6),
        today + chrono::Duration::days(1),
    );
    let (status, html) = desk
        .page(&format!("/admin/reports?from={from}&to={to}"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, rest) = app
        .get(
            &format!("/reports?startTime={from}%2000:00:00&endTime={to}%2023:59:59"),
            &jane,
        )
        .await;
    for widget in rest["overview"].as_array().expect("widgets") {
        let title = widget["title"].as_str().unwrap_or_default();
        assert_eq!(
            widget_number(&html, title),
            widget["number"].to_string(),
            "{title}"
        );
    }
    assert_eq!(
        rest["overview"][0]["number"], 3,
        "the three bookings are counted"
    );
    // The chart's table holds the graph's numbers.
    let (_, graph) = app
        .get(
            &format!("/reports/graph-reports?date_range%5B0%5D={from}&date_range%5B1%5D={to}"),
            &jane,
        )
        .await;
    let booked: i64 = graph["booked_stats"]
        .as_object()
        .expect("booked")
        .values()
        .filter_map(serde_json::Value::as_i64)
        .sum();
    assert!(html.contains("role=\"img\""));
    assert!(
        html.contains(&format!("{booked} booked")),
        "the chart is named by its totals"
    );
    assert!(html.contains("id=\"chart-table\""));
    assert!(html.contains("Recent activity"));
    // A date that is not one falls back to the default range with a notice, never a 500.
    let (status, html) = desk.page("/admin/reports?from=yesterday").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("is not a date"));
    // Bob's reports do not count Jane's bookings.
    app.host("bob").await;
    let bob = Desk::open(&app, "bob").await;
    let (_, html) = bob
        .page(&format!("/admin/reports?from={from}&to={to}"))
        .await;
    assert_eq!(widget_number(&html, "Total Bookings"), "0");
}

/// The number the reports page shows under `title`.
fn widget_number(html: &str, title: &str) -> String {
    let at = html
        .find(&format!("data-widget=\"{title}\""))
        .unwrap_or_else(|| panic!("no widget {title}"));
    html[at..]
        .split('>')
        .nth(1)
        .and_then(|s| s.split('<').next())
        .unwrap_or_default()
        .to_string()
}
