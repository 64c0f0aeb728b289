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

    // "New event": Title and Duration; active at once, and it opens in its editor.
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
    let editor = location.split('?').next().unwrap_or_default().to_string();
    let event: i64 = editor
        .rsplit('/')
        .next()
        .and_then(|e| e.parse().ok())
        .unwrap_or_else(|| panic!("{location}"));
    let (status, html) = desk.page(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Roof check</h1>"));
    let (_, made) = app
        .get(&format!("/calendars/{id}/events/{event}"), &jane)
        .await;
    assert_eq!(made["calendar_event"]["duration"], 45);
    assert_eq!(made["calendar_event"]["status"], "active");

    // Availability: Monday 10:00-12:00 only; the slot list then offers exactly that.
    let (_, html) = desk.page(&format!("{editor}?tab=availability")).await;
    assert!(html.contains(">Monday</legend>"));
    let mut hours: Vec<(&str, &str)> = vec![("csrf", token.as_str()), ("tab", "availability")];
    hours.extend([("mon_start", "10:00"), ("mon_end", "12:00")]);
    // "Add window" changes the form only.
    let mut adding = hours.clone();
    adding.push(("op", "add:tue"));
    let (status, _, html) = desk
        .post(&format!("{editor}?tab=availability"), &adding)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("id=\"tue-start-0\""));
    let mut saving = hours.clone();
    saving.push(("op", "save"));
    let (status, location, _) = desk
        .post(&format!("{editor}?tab=availability"), &saving)
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.ends_with("tab=availability&saved=1"));
    let (_, slots) = app
        .send(
            reqwest::Method::GET,
            &format!("/bookings/slots/{event}?timezone=Europe/Berlin"),
            None,
            None,
        )
        .await;
    let days = slots["available_slots"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert!(!days.is_empty(), "{slots}");
    for (date, times) in days {
        let day = chrono::NaiveDate::parse_from_str(&date, "%Y-%m-%d").expect("date");
        assert_eq!(day.format("%A").to_string(), "Monday", "{date}");
        assert_eq!(times, serde_json::json!(["10:00", "10:45"]), "{date}");
    }
    // A window ending before it starts: the REST message beside its row; nothing saved.
    let bad = [
        ("csrf", token.as_str()),
        ("tab", "availability"),
        ("mon_start", "12:00"),
        ("mon_end", "10:00"),
        ("op", "save"),
    ];
    let (status, _, html) = desk.post(&format!("{editor}?tab=availability"), &bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"mon-0-error\""), "{}", alert_text(&html));
    let (_, html) = desk.page(&format!("{editor}?tab=availability")).await;
    assert!(html.contains("value=\"10:00\""), "the saved hours stay");

    // Limits: a 30-minute interval offers 10:00, 10:30 and 11:00 (45 minutes each, by 12:00);
    // a negative notice is the REST message beside "Minimum notice".
    let limits = |notice: &'static str| -> Vec<(&'static str, &'static str)> {
        vec![
            ("tab", "limits"),
            ("notice", notice),
            ("buffer_before", "0"),
            ("buffer_after", "15"),
            ("slot_interval", "30"),
        ]
    };
    let mut refused = vec![("csrf", token.as_str())];
    refused.extend(limits("-5"));
    let (status, _, html) = desk.post(&format!("{editor}?tab=limits"), &refused).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("id=\"f-notice-error\""),
        "{}",
        alert_text(&html)
    );
    let mut accepted = vec![("csrf", token.as_str())];
    accepted.extend(limits("0"));
    let (status, _, _) = desk.post(&format!("{editor}?tab=limits"), &accepted).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, slots) = app
        .send(
            reqwest::Method::GET,
            &format!("/bookings/slots/{event}?timezone=Europe/Berlin"),
            None,
            None,
        )
        .await;
    for (date, times) in slots["available_slots"]
        .as_object()
        .cloned()
        .unwrap_or_default()
    {
        assert_eq!(
            times,
            serde_json::json!(["10:00", "10:30", "11:00"]),
            "{date}"
        );
    }
    let (_, html) = desk.page(&format!("{editor}?tab=limits")).await;
    assert!(html.contains("value=\"15\""), "the saved buffer is shown");

    // Details: a new title is what the public page shows.
    let (status, _, _) = desk
        .post(
            &format!("{editor}?tab=details"),
            &[
                ("csrf", token.as_str()),
                ("tab", "details"),
                ("title", "Gutter check"),
                ("duration", "45"),
                ("status", "active"),
                ("description", ""),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let slug = made["calendar_event"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let public = app
        .client
        .get(format!("{}/jane-studio/{slug}", app.base))
        .send()
        .await
        .expect("public page");
    assert_eq!(public.status(), StatusCode::OK);
    assert!(public.text().await.expect("body").contains("Gutter check"));
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

#[tokio::test]
async fn the_editor_explains_each_time_of_a_date_with_the_engines_reasons() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (calendar, event) =
        crate::support::daily_event(&app, &jane, "UTC", 60, ("09:00", "12:00")).await;
    let date = (chrono::Utc::now() + chrono::Duration::days(3)).date_naive();
    let (status, booked) = app
        .send(
            reqwest::Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(
                serde_json::json!({"name": "Ada", "email": "ada@example.org", "timezone": "UTC",
                "event_time": format!("{date} 10:00:00")}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let desk = Desk::open(&app, "jane").await;
    let editor = format!("/admin/calendars/{calendar}/events/{event}");
    let (status, html) = desk
        .page(&format!("{editor}?tab=details&explain={date}"))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Why is this time not offered?"));
    let shown = |time: &str| {
        let at = html
            .find(&format!(">{time}</span>"))
            .unwrap_or_else(|| panic!("{time}"));
        html[at..]
            .split("</span>")
            .nth(1)
            .and_then(|s| s.rsplit('>').next())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(shown("09:00"), "Offered");
    assert_eq!(shown("10:00"), "Booked");
    assert_eq!(shown("11:00"), "Offered");
    // A date that is not one is refused on the page, never a 500.
    let (status, html) = desk.page(&format!("{editor}?explain=someday")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The date must be in YYYY-MM-DD format"));
}

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
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location.contains("done=settings"));
    let (_, saved) = app.get(&format!("/calendars/{calendar}"), &jane).await;
    assert_eq!(saved["calendar"]["title"], "Renamed");
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
async fn a_team_event_is_made_with_hosts_who_accepted_the_invitation() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    app.calendar_for(&jane, "UTC").await;
    let desk = Desk::open(&app, "jane").await;
    let token = desk.token("/admin/calendars").await;
    // Jane's second calendar is a team calendar.
    let (status, team_page, _) = desk
        .post(
            "/admin/calendars",
            &[
                ("csrf", &token),
                ("title", "Support team"),
                ("author_timezone", "UTC"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, html) = desk.page(&team_page).await;
    assert!(html.contains("Kind of event") && html.contains(">Hosts</legend>"));
    assert!(
        !html.contains("Bob Tester"),
        "bob has not accepted: not offered"
    );

    // Posted anyway, bob is refused with the route's reason beside "Hosts".
    let bob_id = bob.id.to_string();
    let jane_id = jane.id.to_string();
    let new_event = |kind: &'static str| {
        vec![
            ("csrf", token.clone()),
            ("title", "Triage".to_string()),
            ("duration", "30".to_string()),
            ("event_type", kind.to_string()),
            ("hosts", jane_id.clone()),
            ("hosts", bob_id.clone()),
        ]
    };
    let fields = new_event("round_robin");
    let borrowed: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, _, html) = desk.post(&team_page, &borrowed).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("has not accepted an invitation to your team"),
        "{}",
        alert_text(&html)
    );

    let (_, sent) = app
        .post(
            "/team-invitations",
            &jane,
            serde_json::json!({"email": "bob@example.com"}),
        )
        .await;
    let id = sent["invitation"]["id"].as_i64().unwrap_or_default();
    app.post(
        &format!("/team-invitations/{id}/accept"),
        &bob,
        serde_json::json!({}),
    )
    .await;
    let (_, html) = desk.page(&team_page).await;
    assert!(html.contains("Bob Tester"), "bob accepted: offered");
    let (status, location, _) = desk.post(&team_page, &borrowed).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{location}");
    let calendar = team_page.trim_start_matches("/admin/calendars/");
    let event = location
        .split('?')
        .next()
        .and_then(|p| p.rsplit('/').next())
        .unwrap_or_default();
    let (_, made) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(made["calendar_event"]["event_type"], "round_robin");
    assert_eq!(
        made["calendar_event"]["settings"]["team_members"],
        serde_json::json!([jane.id, bob.id])
    );

    // "Update hosts" on the Details tab: at least one, and bob can be taken off.
    let (_, html) = desk.page(&location).await;
    assert!(html.contains("Update hosts") && html.contains("Bob Tester"));
    let editor = location.split('?').next().unwrap_or_default().to_string();
    let details = format!("{editor}?tab=details");
    let (status, _, html) = desk
        .post(
            &details,
            &[("csrf", &token), ("tab", "details"), ("op", "hosts")],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Choose at least one host."));
    let (status, _, _) = desk
        .post(
            &details,
            &[
                ("csrf", &token),
                ("tab", "details"),
                ("op", "hosts"),
                ("hosts", &jane_id),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, made) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(
        made["calendar_event"]["settings"]["team_members"],
        serde_json::json!([jane.id])
    );
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
