//! `/admin/availability`: reusable schedules made and edited in the dashboard's forms. The
//! hours follow the event availability route's rules and messages, an event set to a schedule
//! offers exactly its hours, and a schedule in use is not deleted.

use reqwest::StatusCode;

use crate::desk::Desk;
use crate::support::TestApp;

#[tokio::test]
async fn a_schedule_made_in_the_forms_drives_an_events_slots_and_is_kept_while_used() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (calendar, event) =
        crate::support::daily_event(&app, &jane, "UTC", 60, ("09:00", "17:00")).await;
    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/availability").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("Default"),
        "the host's first schedule is its default"
    );
    let token = desk.token("/admin/availability").await;

    // Refusals name the field; nothing is made.
    let (status, _, html) = desk
        .post(
            "/admin/availability",
            &[("csrf", &token), ("title", " "), ("timezone", "Mars/Base")],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The name field is required."));
    assert!(html.contains("The time zone must be a valid IANA time zone."));
    let (status, location, _) = desk
        .post(
            "/admin/availability",
            &[
                ("csrf", &token),
                ("title", "Mornings"),
                ("timezone", "Europe/Berlin"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let id: i64 = location
        .trim_start_matches("/admin/availability/")
        .parse()
        .unwrap_or_else(|_| panic!("{location}"));
    let (status, html) = desk.page(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Mornings</h1>"));

    // A window that ends before it starts is the availability route's message, beside its row.
    let bad = [
        ("csrf", token.as_str()),
        ("op", "save"),
        ("title", "Mornings"),
        ("timezone", "Europe/Berlin"),
        ("mon_start", "12:00"),
        ("mon_end", "10:00"),
    ];
    let (status, _, html) = desk.post(&location, &bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"mon-0-error\""), "the row's message");
    let (_, html) = desk.page(&location).await;
    assert!(html.contains("value=\"09:00\""), "nothing saved");

    // Mondays 10:00-12:00 Berlin time only; the event is set to the schedule over REST.
    let good = [
        ("csrf", token.as_str()),
        ("op", "save"),
        ("title", "Monday mornings"),
        ("timezone", "Europe/Berlin"),
        ("mon_start", "10:00"),
        ("mon_end", "12:00"),
    ];
    let (status, location_saved, _) = desk.post(&location, &good).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(location_saved.ends_with("?saved=1"));
    // The event's Availability tab: "Hours" set to the schedule, "Use".
    let editor = format!("/admin/calendars/{calendar}/events/{event}?tab=availability");
    let (status, html) = desk.page(&editor).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Schedule: Monday mornings (Europe/Berlin)"));
    let schedule = id.to_string();
    let (status, _, _) = desk
        .post(
            &editor,
            &[
                ("csrf", &token),
                ("tab", "availability"),
                ("op", "use_schedule"),
                ("schedule", &schedule),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, rest) = app
        .get(&format!("/calendars/{calendar}/events/{event}"), &jane)
        .await;
    assert_eq!(
        rest["calendar_event"]["availability_type"],
        "existing_schedule"
    );
    let first = app.first_offered_slot(event).await;
    let start = chrono::NaiveDateTime::parse_from_str(&first, "%Y-%m-%d %H:%M:%S")
        .expect("a time")
        .and_utc()
        .with_timezone(&chrono_tz::Europe::Berlin);
    assert_eq!(start.format("%a %H:%M").to_string(), "Mon 10:00", "{first}");
    let (_, html) = desk.page(&location).await;
    assert!(html.contains("Used by: Daily."));

    // In use: not deleted. The default: not deleted either. "Set as default" moves it.
    let (status, _, html) = desk
        .post(&location, &[("csrf", &token), ("op", "delete")])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("This schedule cannot be deleted while an event uses it: Daily."));
    let (status, _, _) = desk
        .post(&location, &[("csrf", &token), ("op", "default")])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, list) = desk.page("/admin/availability").await;
    let default_at = list.find(">Default<").unwrap_or_default();
    let mornings_at = list.find(">Monday mornings<").unwrap_or(usize::MAX);
    assert!(
        mornings_at < default_at,
        "the default is listed first, marked"
    );
    let (status, _, html) = desk
        .post(&location, &[("csrf", &token), ("op", "delete")])
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The default schedule cannot be deleted"));

    // Another host sees and changes nothing of it.
    app.host("bob").await;
    let bob = Desk::open(&app, "bob").await;
    let (status, html) = bob.page(&location).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!html.contains("Monday mornings"));
    let bob_token = bob.token("/admin/availability").await;
    let (status, _, _) = bob
        .post(
            &location,
            &[
                ("csrf", &bob_token),
                ("op", "save"),
                ("title", "Taken"),
                ("timezone", "UTC"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, html) = desk.page(&location).await;
    assert!(html.contains("Monday mornings</h1>"));

    // Back on its own hours (the ones shown, saved as its own), the event frees the schedule.
    let (status, _, _) = desk
        .post(
            &editor,
            &[
                ("csrf", &token),
                ("tab", "availability"),
                ("op", "use_schedule"),
                ("schedule", "own"),
                ("tue_start", "08:00"),
                ("tue_end", "09:00"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, html) = desk.page(&location).await;
    assert!(html.contains("No event uses this schedule."));

    // A schedule no event uses, and not the default, is deleted.
    let (status, made, _) = desk
        .post(
            "/admin/availability",
            &[("csrf", &token), ("title", "Spare"), ("timezone", "UTC")],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, _, _) = desk
        .post(&made, &[("csrf", &token), ("op", "delete")])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, _) = desk.page(&made).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
