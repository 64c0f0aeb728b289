//! Text that reaches a page's head or the database from the dashboard's forms (issue 27, items
//! 2 and 5): titles are escaped in `<title>`, and every form keeps the text rules REST applies
//! (no line breaks in one-line fields, no NUL or control characters anywhere).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::desk::Desk;
use crate::support::{TestApp, daily_event};

const INJECTED: &str =
    "Yoga</title><meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\"><title>";

/// The `<head>` of the page at `path`.
async fn head_of(app: &TestApp, path: &str) -> String {
    let html = app
        .client
        .get(format!("{}{path}", app.base))
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    let end = html.find("</head>").expect("a head");
    html[..end].to_string()
}

#[tokio::test]
async fn a_title_holding_markup_stays_text_in_the_head() {
    let app = TestApp::spawn().await;
    let host = app.host("anna").await;
    let (calendar, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "17:00")).await;
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}"),
            &host,
            json!({"title": INJECTED}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .post(
            &format!("/calendars/{calendar}/events/{event}/details"),
            &host,
            json!({"title": INJECTED, "duration": 30, "status": "active"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, calendar_row) = app.get(&format!("/calendars/{calendar}"), &host).await;
    let slug = calendar_row["calendar"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let (_, event_row) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &host)
        .await;
    let event_slug = event_row["calendar_event"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        !slug.is_empty() && !event_slug.is_empty(),
        "{calendar_row} {event_row}"
    );
    for path in [format!("/{slug}"), format!("/{slug}/{event_slug}")] {
        let head = head_of(&app, &path).await;
        assert!(!head.contains("<meta http-equiv"), "{path}: {head}");
        assert_eq!(head.matches("<title>").count(), 1, "{path}: {head}");
        assert!(
            head.contains("Yoga&lt;/title&gt;&lt;meta"),
            "{path}: {head}"
        );
    }
}

/// Posts `form` (with the page's CSRF token) to `path` as the signed-in `desk`; answers the
/// status and page.
async fn post_form(desk: &Desk<'_>, path: &str, form: &[(&str, &str)]) -> (StatusCode, String) {
    let token = desk.token(path).await;
    let mut all = vec![("csrf", token.as_str())];
    all.extend_from_slice(form);
    let (status, _, html) = desk.post(path, &all).await;
    (status, html)
}

#[tokio::test]
async fn dashboard_forms_refuse_what_rest_refuses() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let desk = Desk::open(&app, "admin").await;
    // Sender and reply-to names: one line each.
    for field in ["from_name", "reply_to_name"] {
        let (status, _) = post_form(
            &desk,
            "/admin/settings",
            &[
                ("section", "email"),
                (field, "Acme\r\nBcc: victim@example.org"),
                ("from_email", "bookings@acme.example"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
    }
    let (_, general) = app.get("/settings/general", &admin).await;
    let emailing = &general["emailing"];
    for field in ["from_name", "reply_to_name"] {
        let stored = emailing[field].as_str().unwrap_or_default();
        assert!(!stored.contains('\n'), "{field}: {general}");
    }
    // A new calendar's title, and a new schedule's name.
    let (status, _) = post_form(
        &desk,
        "/admin/calendars",
        &[("title", "Two\nlines"), ("author_timezone", "UTC")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = post_form(
        &desk,
        "/admin/availability",
        &[("title", "Office\r\nhours"), ("timezone", "UTC")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, calendars) = app.get("/calendars", &admin).await;
    assert!(
        !calendars.to_string().contains("Two\\nlines"),
        "{calendars}"
    );
}

#[tokio::test]
async fn a_nul_in_an_internal_note_is_refused_not_a_server_error() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (_, event) = daily_event(&app, &jane, "UTC", 30, ("09:00", "17:00")).await;
    let made = app.book_first_offered(event, "bo@example.org").await;
    let id = made["booking"]["id"].as_i64().expect("id");
    let desk = Desk::open(&app, "jane").await;
    let path = format!("/admin/bookings/{id}");
    let (status, html) = post_form(&desk, &path, &[("action", "note"), ("note", "a\u{0}b")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("NUL"), "the refusal says why");
    let (_, booking): (StatusCode, Value) = app.get(&format!("/schedules/{id}"), &jane).await;
    assert!(!booking.to_string().contains("a\\u0000b"), "{booking}");
}
