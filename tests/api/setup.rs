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
pub(crate) fn alert_text(html: &str) -> String {
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
