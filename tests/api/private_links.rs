//! Private links and secret events (DESIGN 2.8): `…/private-links`, `link` on the slot routes
//! and pages, `private_link` in a create or hold, one use per booking (never past `max_uses`,
//! even at once), 410 `link_invalid`, and secret events reachable only through a valid link.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field, daily_event};

fn links_path(cal: i64, event: i64) -> String {
    format!("/calendars/{cal}/events/{event}/private-links")
}

async fn new_link(app: &TestApp, host: &Creds, cal: i64, event: i64, body: Value) -> Value {
    let (status, made) = app.post(&links_path(cal, event), host, body).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["message"], "Private link has been created");
    made["link"].clone()
}

async fn make_secret(app: &TestApp, host: &Creds, cal: i64, event: i64) {
    let (status, saved) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/advanced-settings"),
            host,
            json!({"settings": {"secret": true}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
}

async fn slots(app: &TestApp, event: i64, link: &str) -> (StatusCode, Value) {
    app.send(
        Method::GET,
        &format!("/bookings/slots/{event}?timezone=UTC&link={link}"),
        None,
        None,
    )
    .await
}

/// The first offered time (UTC) of the answer of a slot route.
/// The first time of the first day offering two or more (today's last time may be its only
/// one, and a test may need a second time that day).
fn first_time(list: &Value) -> String {
    let (day, times) = list["available_slots"]
        .as_object()
        .and_then(|days| {
            days.iter()
                .find(|(_, times)| times.as_array().is_some_and(|t| t.len() >= 2))
        })
        .expect("a day with two times");
    format!("{day} {}:00", times[0].as_str().unwrap_or_default())
}

#[tokio::test]
async fn hosts_create_list_and_revoke_links_with_their_rules() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let link = new_link(&app, &host, cal, event, json!({})).await;
    assert_eq!(link["max_uses"], 1);
    assert_eq!(link["uses"], 0);
    assert_eq!(link["expires_at"], Value::Null);
    assert_eq!(link["revoked"], false);
    let token = link["token"].as_str().unwrap_or_default().to_string();
    assert!(token.len() >= 32, "{link}");
    let (_, doc) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    let page = doc["calendar_event"]["public_url"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let url = link["url"].as_str().unwrap_or_default();
    assert!(
        url.starts_with("http") && url.ends_with(&format!("?link={token}")),
        "{url} ({page})"
    );

    let later = (chrono::Utc::now() + chrono::Duration::days(3))
        .format("%Y-%m-%d %H:%M:%S")
        .to_string();
    let second = new_link(
        &app,
        &host,
        cal,
        event,
        json!({"max_uses": 5, "expires_at": later}),
    )
    .await;
    assert_eq!(second["max_uses"], 5);
    assert_eq!(second["expires_at"], later);
    for (body, field) in [
        (json!({"max_uses": 0}), "max_uses"),
        (json!({"max_uses": 1001}), "max_uses"),
        (json!({"expires_at": "2020-01-01 00:00:00"}), "expires_at"),
        (json!({"expires_at": "tomorrow"}), "expires_at"),
    ] {
        let (status, refused) = app.post(&links_path(cal, event), &host, body).await;
        assert_invalid_field(status, &refused, field);
    }
    let (status, list) = app.get(&links_path(cal, event), &host).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["links"].as_array().map(Vec::len), Some(2));
    assert_eq!(list["links"][0]["id"], second["id"], "newest first");

    let id = link["id"].as_i64().unwrap_or_default();
    let (status, revoked) = app
        .delete(&format!("{}/{id}", links_path(cal, event)), &host)
        .await;
    assert_eq!(status, StatusCode::OK, "{revoked}");
    assert_eq!(revoked["message"], "Private link has been revoked");
    let (_, list) = app.get(&links_path(cal, event), &host).await;
    assert_eq!(list["links"][1]["revoked"], true, "still listed");
    let (status, body) = slots(&app, event, &token).await;
    assert_envelope(status, &body, 410, "link_invalid");
    assert_eq!(body["message"], "This private link is no longer valid.");

    // Another host sees none of it.
    let other = app.host("omar").await;
    let (status, _) = app.get(&links_path(cal, event), &other).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.post(&links_path(cal, event), &other, json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .delete(&format!("{}/{id}", links_path(cal, event)), &other)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .delete(&format!("{}/999999", links_path(cal, event)), &host)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_secret_event_is_reached_only_through_a_valid_link_used_once_per_booking() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    make_secret(&app, &host, cal, event).await;
    let (status, _) = slots(&app, event, "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = slots(&app, event, "not-a-token").await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "an unknown token counts as none"
    );
    let (status, _) = app
        .send(
            Method::GET,
            &format!("/bookings/event/{event}?timezone=UTC"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let link = new_link(&app, &host, cal, event, json!({"max_uses": 1})).await;
    let token = link["token"].as_str().unwrap_or_default().to_string();
    let (status, list) = slots(&app, event, &token).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let slot = first_time(&list);
    let (status, refused) = app.book(event).at(&slot).send().await;
    assert_envelope(status, &refused, 404, "not_found");
    let (status, refused) = app
        .send(
            Method::POST,
            &format!("/bookings/holds/{event}"),
            None,
            Some(json!({"event_time": slot, "timezone": "UTC"})),
        )
        .await;
    assert_envelope(status, &refused, 404, "not_found");
    let (status, held) = app
        .send(
            Method::POST,
            &format!("/bookings/holds/{event}"),
            None,
            Some(json!({"event_time": slot, "timezone": "UTC", "private_link": token})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{held}");
    app.book(event)
        .at(&slot)
        .with(json!({"private_link": token, "hold": held["hold"]["token"]}))
        .booked()
        .await;
    let (_, links) = app.get(&links_path(cal, event), &host).await;
    assert_eq!(links["links"][0]["uses"], 1);

    // Used up: 410 on the routes, and the host still books with credentials.
    let (status, body) = slots(&app, event, &token).await;
    assert_envelope(status, &body, 410, "link_invalid");
    let day = &slot[..10];
    let other = format!(
        "{day} {}:00",
        list["available_slots"][day][1].as_str().unwrap_or_default()
    );
    let (status, body) = app
        .book(event)
        .at(&other)
        .with(json!({"private_link": token}))
        .send()
        .await;
    assert_envelope(status, &body, 410, "link_invalid");
    app.book(event).at(&other).by(&host).booked().await;
}

#[tokio::test]
async fn two_bookings_at_once_never_take_a_link_past_its_uses() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let link = new_link(&app, &host, cal, event, json!({"max_uses": 1})).await;
    let token = link["token"].as_str().unwrap_or_default().to_string();
    let (day, times) = app.tomorrows_times(event).await;
    let (a, b) = tokio::join!(
        app.book(event)
            .at(&format!("{day} {}:00", times[0]))
            .email("a@example.org")
            .with(json!({"private_link": token}))
            .send(),
        app.book(event)
            .at(&format!("{day} {}:00", times[1]))
            .email("b@example.org")
            .with(json!({"private_link": token}))
            .send(),
    );
    let statuses = [a.0, b.0];
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::OK).count(),
        1,
        "{a:?} {b:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::GONE).count(),
        1,
        "{a:?} {b:?}"
    );
    let (_, links) = app.get(&links_path(cal, event), &host).await;
    assert_eq!(links["links"][0]["uses"], 1);
    let (_, listed) = app.get("/schedules?filters[period]=upcoming", &host).await;
    assert_eq!(listed["schedules"]["total"], 1);
}

#[tokio::test]
async fn the_page_keeps_the_link_books_through_it_and_says_when_it_has_ended() {
    use crate::pages::{held_token, page, page_times, post_form};
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    make_secret(&app, &host, cal, event).await;
    let (_, doc) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    let link = new_link(&app, &host, cal, event, json!({"max_uses": 1})).await;
    let token = link["token"].as_str().unwrap_or_default().to_string();
    let url = link["url"].as_str().unwrap_or_default().to_string();
    let path = url
        .split_once("://")
        .and_then(|(_, rest)| rest.split_once('/'))
        .map(|(_, path)| format!("/{path}"))
        .expect("a path");
    let bare = path.split('?').next().unwrap_or_default().to_string();

    assert_eq!(page(&app, &bare).await.status, StatusCode::NOT_FOUND);
    let calendar = bare.rsplitn(2, '/').last().unwrap_or_default().to_string();
    let landing = page(&app, &calendar).await;
    assert!(
        !landing.html.contains(&bare),
        "the landing page leaves the secret event out: {doc}"
    );

    let day = page(&app, &path).await;
    assert_eq!(day.status, StatusCode::OK);
    let times = page_times(&day.html);
    assert!(!times.is_empty(), "{}", day.html);
    assert!(
        day.html.contains(&format!("link={token}")),
        "links keep the link"
    );
    let form_path = format!("{path}&time={}", times[0].replace(':', "%3A"));
    let form = page(&app, &form_path).await;
    assert!(form.html.contains("Confirm booking"), "{}", form.html);
    assert!(form.html.contains("Held for you until"), "{}", form.html);
    // Where the form posts: its own address, with the date, the time and the link.
    let action = form
        .html
        .split_once(r#"<form method="post" action=""#)
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(action, _)| action.replace("&amp;", "&"))
        .expect("the form's action");
    assert!(action.contains(&format!("link={token}")), "{action}");
    let done = post_form(
        &app,
        &action,
        &[
            ("name", "Ann Attendee"),
            ("email", "ann@example.org"),
            ("hold", &held_token(&form.html)),
        ],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    let ended = page(&app, &path).await;
    assert_eq!(ended.status, StatusCode::GONE);
    assert!(ended.html.contains("This private link is no longer valid."));
    assert!(page_times(&ended.html).is_empty(), "no times");
}

#[tokio::test]
async fn the_editor_tab_creates_copies_and_revokes_links_without_javascript() {
    use crate::desk::Desk;
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, event) = daily_event(&app, &host, "Europe/Berlin", 30, ("09:00", "12:00")).await;
    let desk = Desk::open(&app, "jane").await;
    let tab = format!("/admin/calendars/{cal}/events/{event}?tab=private-links");
    let (status, html) = desk.page(&tab).await;
    assert_eq!(status, StatusCode::OK);
    for shown in [
        ">Private links</a>",
        ">Create private link</button>",
        ">Uses</label>",
        ">Expires</label>",
        "No private links yet.",
    ] {
        assert!(html.contains(shown), "{shown}: {html}");
    }
    let token = desk.token(&tab).await;
    let (status, _, refused) = desk
        .post(
            &tab,
            &[
                ("csrf", &token),
                ("tab", "private-links"),
                ("op", "create"),
                ("max_uses", "0"),
                ("expires_at", ""),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.contains("id=\"link-uses-error\""), "{refused}");

    // "Expires" is the calendar's wall-clock time (Berlin, UTC+1 in January).
    let (status, location, _) = desk
        .post(
            &tab,
            &[
                ("csrf", &token),
                ("tab", "private-links"),
                ("op", "create"),
                ("max_uses", "3"),
                ("expires_at", "2030-01-15T10:00"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, format!("{tab}&saved=1"));
    let (_, list) = app.get(&links_path(cal, event), &host).await;
    let link = &list["links"][0];
    assert_eq!(link["max_uses"], 3);
    assert_eq!(link["expires_at"], "2030-01-15 09:00:00");
    let (_, html) = desk.page(&tab).await;
    let url = link["url"].as_str().unwrap_or_default();
    assert!(
        html.contains(&format!("value=\"{url}\"")),
        "the address to copy: {html}"
    );
    assert!(html.contains(">Copy</button>") && html.contains(">Revoke</button>"));
    assert!(html.contains("0 of 3 used"));

    let id = link["id"].as_i64().unwrap_or_default();
    let (status, _, _) = desk
        .post(
            &tab,
            &[
                ("csrf", &token),
                ("tab", "private-links"),
                ("op", &format!("revoke:{id}")),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, list) = app.get(&links_path(cal, event), &host).await;
    assert_eq!(list["links"][0]["revoked"], true);
    let (_, html) = desk.page(&tab).await;
    assert!(html.contains("Revoked") && !html.contains(">Revoke</button>"));
}
