//! The dashboard page of one calendar: its settings, clone and delete after asking, the link
//! builder, the photo and a slug change.

use crate::desk::Desk;
use crate::setup::alert_text;
use crate::support::TestApp;
use reqwest::StatusCode;

#[tokio::test]
async fn the_calendar_page_saves_its_settings_clones_and_deletes_after_asking() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (calendar, event) =
        crate::support::daily_event(&app, &jane, "UTC", 30, ("09:00", "12:00")).await;
    let desk = Desk::open(&app, "jane").await;
    let page = format!("/admin/calendars/{calendar}");
    let token = desk.token(&page).await;
    let (_, rest) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    let slug = rest["calendar"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();

    // A bad photo address is the sharing route's message; nothing is saved.
    let editing = format!("{page}?edit=settings");
    let (status, html) = desk.page(&editing).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Calendar settings"));
    let (status, _, html) = desk
        .post(
            &editing,
            &[
                ("csrf", &token),
                ("action", "settings"),
                ("title", "Renamed"),
                ("author_timezone", "Europe/Berlin"),
                ("photo_url", "javascript:alert(1)"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("id=\"f-photo_url-error\""),
        "{}",
        alert_text(&html)
    );
    let (_, unchanged) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    assert_eq!(unchanged["calendar"]["title"], rest["calendar"]["title"]);

    // Renamed, moved to Berlin, landing page off: the public landing page is gone.
    let (status, location, _) = desk
        .post(
            &editing,
            &[
                ("csrf", &token),
                ("action", "settings"),
                ("title", "Renamed"),
                ("author_timezone", "Europe/Berlin"),
                ("description", "<em>Hello</em>"),
                ("show_type", "all"),
                ("language", "fr"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.contains("done=settings"));
    let (_, saved) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    assert_eq!(saved["calendar"]["title"], "Renamed");
    assert_eq!(
        saved["calendar"]["language"], "fr",
        "the page's Language select saves"
    );
    assert_eq!(saved["calendar"]["author_timezone"], "Europe/Berlin");
    let landing = app
        .client
        .get(format!("{}/{slug}", app.base))
        .send()
        .await
        .expect("landing");
    assert_eq!(landing.status(), StatusCode::NOT_FOUND);

    // "Clone" opens the copy's editor.
    let clone = format!("clone:{event}");
    let (status, location, _) = desk
        .post(&page, &[("csrf", &token), ("action", &clone)])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, html) = desk.page(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("(clone)</h1>"), "{location}");

    // "Move up" puts the copy first, on the page and on the landing page.
    let copy: i64 = location
        .split('?')
        .next()
        .and_then(|p| p.rsplit('/').next())
        .and_then(|id| id.parse().ok())
        .expect("the copy's id");
    let up = format!("up:{copy}");
    let (status, _, _) = desk.post(&page, &[("csrf", &token), ("action", &up)]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, html) = desk.page(&page).await;
    let at = |id: i64| html.find(&format!("id=\"event-{id}\"")).expect("listed");
    assert!(at(copy) < at(event), "the copy is listed first");
    let (_, rest) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    assert_eq!(
        rest["calendar"]["event_order"],
        serde_json::json!([copy, event])
    );

    // "Delete" asks first; the question's button deletes.
    let (status, html) = desk.page(&format!("{page}?confirm=event:{event}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("role=\"alertdialog\""));
    assert!(html.contains("Its bookings stay in the bookings list."));
    let delete = format!("delete_event:{event}");
    let (status, location, _) = desk
        .post(&page, &[("csrf", &token), ("action", &delete)])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.ends_with("done=deleted"));
    let (status, _) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Another host can neither see the question nor delete the calendar.
    app.host("bob").await;
    let bob = Desk::open(&app, "bob").await;
    let (status, _) = bob.page(&format!("{page}?confirm=calendar")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let bob_token = bob.token("/admin/calendars").await;
    let (status, _, _) = bob
        .post(
            &page,
            &[("csrf", &bob_token), ("action", "delete_calendar")],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    assert_eq!(status, StatusCode::OK);

    let (status, html) = desk.page(&format!("{page}?confirm=calendar")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Delete Renamed with its 1 event and all their bookings?"));
    let (status, location, _) = desk
        .post(&page, &[("csrf", &token), ("action", "delete_calendar")])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/calendars");
    let (status, _) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_link_builder_pre_chooses_date_and_length_and_previews_the_embed() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (calendar, event) =
        crate::support::daily_event(&app, &jane, "UTC", 30, ("09:00", "12:00")).await;
    let (_, rest) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    let slug = rest["calendar"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let event_slug = rest["calendar"]["slots"][0]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk
        .page(&format!(
            "/admin/calendars/{calendar}?share=1&event={event}&date=2026-12-14&length=45"
        ))
        .await;
    assert_eq!(status, StatusCode::OK);
    let path = format!("/{slug}/{event_slug}?date=2026-12-14&amp;duration=45");
    assert!(
        html.contains(&format!("value=\"{}{path}\"", app.base)),
        "the link"
    );
    assert!(
        html.contains(&format!("data-slotbook=&quot;{path}&quot;")),
        "the embed code"
    );
    assert!(
        html.contains(&format!("src=\"{path}&amp;embed=1\"")),
        "the preview"
    );
    // A malformed choice is left out rather than passed on.
    let (_, html) = desk
        .page(&format!(
            "/admin/calendars/{calendar}?share=1&event={event}&date=soon&length=x"
        ))
        .await;
    assert!(html.contains(&format!("value=\"{}/{slug}/{event_slug}\"", app.base)));
}

#[tokio::test]
async fn a_new_calendar_takes_a_photo_and_an_existing_one_changes_its_slug() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    let (_, taken) = app
        .post("/calendars", &bob, crate::support::calendar_body("UTC"))
        .await;
    let bobs_slug = taken["calendar"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let desk = Desk::open(&app, "jane").await;
    let token = desk.token("/admin/calendars").await;
    let new_calendar = |photo: &'static str| {
        vec![
            ("csrf", token.clone()),
            ("title", "Jane Studio".to_string()),
            ("slug", "jane-studio".to_string()),
            ("author_timezone", "UTC".to_string()),
            ("photo_url", photo.to_string()),
        ]
    };
    let as_refs =
        |fields: &[(&'static str, String)]| -> Vec<(&'static str, String)> { fields.to_vec() };
    let post = |fields: Vec<(&'static str, String)>| {
        let desk = &desk;
        async move {
            let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            desk.post("/admin/calendars", &pairs).await
        }
    };
    // A photo that is not a web address is refused beside its field; nothing is made.
    let (status, _, html) = post(as_refs(&new_calendar("ftp://example.org/me.png"))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("id=\"f-photo_url-error\""),
        "{}",
        alert_text(&html)
    );
    let (_, none) = app.get("/calendars", &jane).await;
    assert_eq!(
        none["calendars"]
            .as_array()
            .map(Vec::len)
            .unwrap_or_default(),
        0,
        "{none}"
    );
    let (status, location, html) =
        post(as_refs(&new_calendar("https://example.org/jane.png"))).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{}", alert_text(&html));
    let id: i64 = location
        .strip_prefix("/admin/calendars/")
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("{location}"));
    let (_, landing) = desk.page("/jane-studio").await;
    assert!(
        landing.contains("https://example.org/jane.png"),
        "the landing page shows the photo"
    );

    // The slug: a taken one is refused beside the field; a free one moves every public page.
    let page = format!("/admin/calendars/{id}?edit=settings");
    let token = desk.token(&page).await;
    let settings = |slug: &str| {
        vec![
            ("csrf", token.clone()),
            ("action", "settings".to_string()),
            ("title", "Jane Studio".to_string()),
            ("slug", slug.to_string()),
            ("author_timezone", "UTC".to_string()),
            ("show_type", "all".to_string()),
            ("landing_enabled", "on".to_string()),
        ]
    };
    let (status, _, html) = {
        let fields = settings(&bobs_slug);
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        desk.post(&page, &pairs).await
    };
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("id=\"f-slug-error\""),
        "{}",
        alert_text(&html)
    );
    assert!(html.contains("The provided slug is not available"));
    let (status, _, html) = {
        let fields = settings("Not A Slug!");
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        desk.post(&page, &pairs).await
    };
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        alert_text(&html)
    );
    let (status, _, html) = {
        let fields = settings("studio-jane");
        let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        desk.post(&page, &pairs).await
    };
    assert_eq!(status, StatusCode::SEE_OTHER, "{}", alert_text(&html));
    let (_, rest) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(rest["calendar"]["slug"], "studio-jane");
    let public = |path: &'static str| {
        let app = &app;
        async move {
            app.client
                .get(format!("{}{path}", app.base))
                .send()
                .await
                .expect("page")
                .status()
        }
    };
    assert_eq!(public("/studio-jane").await, StatusCode::OK);
    assert_eq!(public("/jane-studio").await, StatusCode::NOT_FOUND);
    // The REST extension says the same: a taken slug is 422 on calendar_data.slug.
    let (status, body) = app
        .post(
            &format!("/calendars/{id}/sharing-settings"),
            &jane,
            serde_json::json!({"calendar_data": {"title": "Jane Studio", "slug": bobs_slug}}),
        )
        .await;
    crate::support::assert_invalid_field(status, &body, "calendar_data.slug");
}
