//! The dashboard's setup pages: calendars and events made in the browser's forms go through
//! the REST services (same rules, same messages) and are what the REST API and the public
//! pages show next.

use reqwest::StatusCode;

use crate::desk::Desk;
use crate::support::TestApp;

#[tokio::test]
async fn a_calendar_and_an_event_made_in_the_forms_are_what_rest_and_the_public_pages_show() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/calendars").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("No calendar yet"));
    let token = desk.token("/admin/calendars").await;
    let (status, location, body) = desk
        .post(
            "/admin/calendars",
            &[
                ("csrf", token.as_str()),
                ("title", "Jane Studio"),
                ("slug", "jane-studio"),
                ("author_timezone", "Europe/Berlin"),
                ("description", "<b>Welcome</b><script>alert(1)</script>"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{}", alert_text(&body));
    let id: i64 = location
        .strip_prefix("/admin/calendars/")
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("{location}"));
    let (status, html) = desk.page(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("Jane Studio</h1>"),
        "{}",
        html.find("<h1")
            .map(|at| html[at..].chars().take(200).collect::<String>())
            .unwrap_or_default()
    );
    assert!(html.contains("/jane-studio"));
    assert!(html.contains("<b>Welcome</b>") && !html.contains("<script>alert"));
    assert!(html.contains("30 Minute Meeting"));
    assert!(
        html.contains("data-slotbook=&quot;/jane-studio/")
            || html.contains("data-slotbook=\\\"/jane-studio/")
    );
    let (_, rest) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(rest["calendar"]["title"], "Jane Studio");
    assert_eq!(rest["calendar"]["author_timezone"], "Europe/Berlin");

    // "New event": Title and Duration; active at once, on the public page.
    let (status, location, _) = desk
        .post(
            &format!("/admin/calendars/{id}"),
            &[
                ("csrf", token.as_str()),
                ("title", "Roof check"),
                ("duration", "45"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(
        location.starts_with(&format!("/admin/calendars/{id}?created=")),
        "{location}"
    );
    let (_, html) = desk
        .page(location.split('#').next().unwrap_or_default())
        .await;
    assert!(html.contains("is created and bookable."));
    let (_, events) = app.get(&format!("/calendars/{id}"), &jane).await;
    let made = events["calendar"]["slots"]
        .as_array()
        .and_then(|list| list.iter().find(|e| e["title"] == "Roof check"))
        .cloned()
        .unwrap_or_else(|| panic!("{events}"));
    assert_eq!(made["duration"], 45);
    assert_eq!(made["status"], "active");
    let public = app
        .client
        .get(format!(
            "{}/jane-studio/{}",
            app.base,
            made["slug"].as_str().unwrap_or_default()
        ))
        .send()
        .await
        .expect("public page");
    assert_eq!(public.status(), StatusCode::OK);
}

#[tokio::test]
async fn refused_setup_forms_show_the_rest_messages_beside_their_fields_and_save_nothing() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let desk = Desk::open(&app, "jane").await;
    let token = desk.token("/admin/calendars").await;
    let (status, _, html) = desk
        .post(
            "/admin/calendars",
            &[
                ("csrf", token.as_str()),
                ("title", "Studio"),
                ("slug", "has spaces!"),
                ("author_timezone", "Mars/Base"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("role=\"alert\""));
    assert!(html.contains("The author timezone must be a valid IANA time zone"));
    assert!(html.contains("id=\"f-slug-error\""));
    assert!(
        html.contains("value=\"has spaces!\""),
        "the typed value is kept"
    );
    let (status, _, html) = desk
        .post(
            "/admin/calendars",
            &[("csrf", token.as_str()), ("title", "  ")],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The title field is required."));
    let (_, list) = app.get("/calendars", &jane).await;
    assert_eq!(list["calendars"]["total"], 0, "{list}");
    // Without the form's token nothing is made.
    let (status, _, _) = desk.post("/admin/calendars", &[("title", "Studio")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // A bad duration is the REST route's message; another host's calendar is a 404.
    let (_, location, _) = desk
        .post(
            "/admin/calendars",
            &[
                ("csrf", token.as_str()),
                ("title", "Studio"),
                ("author_timezone", "UTC"),
            ],
        )
        .await;
    let (status, _, html) = desk
        .post(
            &location,
            &[
                ("csrf", token.as_str()),
                ("title", "Call"),
                ("duration", "2"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"f-duration-error\""), "{html}");
    app.host("bob").await;
    let bob = Desk::open(&app, "bob").await;
    let (status, html) = bob.page(&location).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!html.contains("Studio</h1>"));
    let bob_token = bob.token("/admin/calendars").await;
    let (status, _, _) = bob
        .post(
            &location,
            &[
                ("csrf", bob_token.as_str()),
                ("title", "Sneaky"),
                ("duration", "30"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, mine) = app
        .get(
            &format!(
                "/calendars{}",
                location.trim_start_matches("/admin/calendars")
            ),
            &jane,
        )
        .await;
    assert!(!mine.to_string().contains("Sneaky"));
}

/// The refusal a page shows (for failure messages).
fn alert_text(html: &str) -> String {
    html.find("role=\"alert\"")
        .map(|at| html[at..].chars().take(300).collect())
        .unwrap_or_default()
}
