//! Attendee data sealed at rest (DESIGN 2.11): nothing an attendee typed is in the database in
//! clear (SQLite's file and WAL, a PostgreSQL dump), the desk still finds a booking by whole
//! words of the name or the whole address, older clear data is sealed at start, and
//! `rotate-key` seals it all again.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, daily_event};

/// What the attendee of [`sealed_booking`] typed; none of it may be stored in clear.
const SECRETS: [&str; 9] = [
    "Quennell",
    "Vantablack",
    "q.vantablack@example.org",
    "+49 151 7788 9900",
    "4915177889900",
    "Marmalade sandwiches at noon",
    "Zebulon",
    "zebulon.guest@example.org",
    "Private remark about Quennell",
];

/// A booking carrying every kind of attendee data: names, address, message, a guest, a phone
/// number and a note set by the host, an idempotency key's saved answer, and the emails queued
/// for it. Answers (host, event, booking).
async fn sealed_booking(app: &TestApp) -> (Creds, i64, Value) {
    let admin = app.admin().await;
    let (cal, event) = daily_event(app, &admin, "UTC", 30, ("09:00", "12:00")).await;
    let (status, _) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/booking-fields"),
            &admin,
            json!({"booking_fields": [{"name": "guests", "enabled": true}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let time = app.first_offered_slot(event).await;
    let body = json!({"name": "Quennell Vantablack", "email": "q.vantablack@example.org",
        "timezone": "UTC", "event_time": time, "message": "Marmalade sandwiches at noon",
        "guests": [{"name": "Zebulon Guest", "email": "zebulon.guest@example.org"}]});
    let answer = app
        .client
        .post(format!("{}/api/v2/bookings/create/{event}", app.base))
        .header("Idempotency-Key", "sealed-create-1")
        .json(&body)
        .send()
        .await
        .expect("answer");
    assert_eq!(answer.status(), StatusCode::OK);
    let booking: Value = answer.json().await.expect("JSON");
    let id = &booking["booking"]["id"];
    for (column, value) in [
        ("phone", "+49 151 7788 9900"),
        ("internal_note", "Private remark about Quennell"),
    ] {
        let (status, answer) = app
            .send(
                Method::PUT,
                &format!("/schedules/{id}"),
                Some(&admin),
                Some(json!({"column": column, "value": value})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{column}: {answer} {booking}");
    }
    (admin, event, booking["booking"].clone())
}

/// Every byte the database holds for the test's database: SQLite's file and WAL, or a
/// `pg_dump` of the PostgreSQL database.
fn stored_bytes(database_url: &str) -> Vec<u8> {
    if database_url.starts_with("postgres") {
        let dump = std::process::Command::new("pg_dump")
            .args(["--data-only", "--no-owner", database_url])
            .output()
            .expect("pg_dump runs");
        assert!(
            dump.status.success(),
            "{}",
            String::from_utf8_lossy(&dump.stderr)
        );
        return dump.stdout;
    }
    let path = database_url
        .trim_start_matches("sqlite://")
        .split('?')
        .next()
        .unwrap_or_default()
        .to_string();
    let mut bytes = std::fs::read(&path).expect("the database file");
    if let Ok(wal) = std::fs::read(format!("{path}-wal")) {
        bytes.extend(wal);
    }
    bytes
}

fn holds(bytes: &[u8], text: &str) -> bool {
    let lower = bytes.to_ascii_lowercase();
    let needle = text.to_ascii_lowercase();
    lower
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

async fn search(app: &TestApp, creds: &Creds, words: &str) -> Value {
    let query = words
        .replace('+', "%2B")
        .replace('@', "%40")
        .replace(' ', "%20");
    let (status, list) = app.get(&format!("/schedules?search={query}"), creds).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list["schedules"]["total"].clone()
}

#[tokio::test]
async fn attendee_data_is_never_stored_in_clear_yet_shown_and_found() {
    let app = TestApp::spawn().await;
    let (admin, _, booking) = sealed_booking(&app).await;
    let stored = stored_bytes(&app.database_url);
    assert!(holds(&stored, "v1:"), "sealed values are there");
    for secret in SECRETS {
        assert!(!holds(&stored, secret), "{secret} is stored in clear");
    }
    // Read back in clear wherever it is shown.
    let (_, detail) = app
        .get(&format!("/schedules/{}", booking["id"]), &admin)
        .await;
    let detail = &detail["schedule"];
    assert_eq!(detail["first_name"], "Quennell");
    assert_eq!(detail["email"], "q.vantablack@example.org");
    assert_eq!(
        detail["phone"].as_str().map(|p| p.replace(' ', "")),
        Some("+4915177889900".into())
    );
    assert_eq!(detail["internal_note"], "Private remark about Quennell");
    let hash = booking["hash"].as_str().unwrap_or_default();
    let manage = app.text(&format!("/booking/{hash}")).await;
    assert!(manage.contains("Quennell"), "{manage}");
    // The desk finds whole words of the name and the whole address, in any case.
    for (words, found) in [
        ("quennell", 1),
        ("VANTABLACK quennell", 1),
        ("Q.Vantablack@Example.org", 1),
        ("quenn", 0),
        ("vantablack@example.org", 0),
        ("Zebulon", 0),
    ] {
        assert_eq!(search(&app, &admin, words).await, json!(found), "{words}");
    }
    let (_, cookie) = crate::auth::dashboard_login(&app, "admin", "admin-password").await;
    let csv = app
        .client
        .get(format!(
            "{}/admin/bookings.csv?period=all&search=quennell",
            app.base
        ))
        .header("cookie", cookie.expect("a session"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(csv.contains("q.vantablack@example.org"), "{csv}");
}

#[tokio::test]
async fn a_saved_answer_is_sealed_and_replayed_in_clear() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, event) = daily_event(&app, &admin, "UTC", 30, ("09:00", "12:00")).await;
    let time = app.first_offered_slot(event).await;
    let body = json!({"name": "Quennell Vantablack", "email": "q.vantablack@example.org",
        "timezone": "UTC", "event_time": time});
    let create = || {
        app.client
            .post(format!("{}/api/v2/bookings/create/{event}", app.base))
            .header("Idempotency-Key", "sealed-replay")
            .json(&body)
            .send()
    };
    let first: Value = create().await.unwrap().json().await.unwrap();
    let again = create().await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["booking"]["id"], first["booking"]["id"]);
    assert_eq!(again["booking"]["email"], "q.vantablack@example.org");
    assert!(!holds(&stored_bytes(&app.database_url), "Vantablack"));
}

#[tokio::test]
async fn clear_data_of_an_older_database_is_sealed_when_it_is_served() {
    let app = TestApp::spawn().await;
    let (admin, _, booking) = sealed_booking(&app).await;
    let id = booking["id"].as_i64().unwrap_or_default();
    // As a database from before sealing holds it: in clear, without lookup hashes.
    for clear in [
        "UPDATE booking_attendees SET first_name = 'Quennell', last_name = 'Vantablack',
            email = 'q.vantablack@example.org', name_words = '' WHERE booking_id = $1",
        "UPDATE bookings SET email_hash = '' WHERE id = $1",
    ] {
        match &app.store {
            app::store::Store::Sqlite(pool, ..) => {
                sqlx::query(clear).bind(id).execute(pool).await.map(drop)
            }
            app::store::Store::Postgres(pool, ..) => {
                sqlx::query(clear).bind(id).execute(pool).await.map(drop)
            }
        }
        .expect("write clear data");
    }
    assert!(holds(&raw_bookings(&app).await, "Vantablack"));
    // The next process on the database seals it before it serves.
    let next = TestApp::spawn_beside(&app).await;
    assert!(!holds(&raw_bookings(&next).await, "Vantablack"));
    assert_eq!(search(&next, &admin, "vantablack").await, json!(1));
    let (_, detail) = next.get(&format!("/schedules/{id}"), &admin).await;
    assert_eq!(detail["schedule"]["last_name"], "Vantablack");
    assert_eq!(
        app::service::sealed_data::seal_clear_data(&next.store)
            .await
            .expect("a second pass"),
        0,
        "nothing is left in clear"
    );
}

/// Every booking's attendee columns as stored.
async fn raw_bookings(app: &TestApp) -> Vec<u8> {
    let sql = "SELECT first_name || last_name || email FROM booking_attendees";
    let rows: Vec<String> = match &app.store {
        app::store::Store::Sqlite(pool, ..) => sqlx::query_scalar(sql).fetch_all(pool).await,
        app::store::Store::Postgres(pool, ..) => sqlx::query_scalar(sql).fetch_all(pool).await,
    }
    .expect("read rows");
    rows.concat().into_bytes()
}

#[tokio::test]
async fn rotate_key_seals_attendee_data_again_and_the_desk_still_finds_it() {
    use app::service::operations;
    use app::service::support::secrets::SecretBox;
    let app = TestApp::spawn().await;
    let (admin, _, booking) = sealed_booking(&app).await;
    let before = raw_bookings(&app).await;
    let old = SecretBox::load(
        Some(crate::support::TEST_KEY),
        std::path::Path::new("unused"),
    )
    .expect("key");
    let new_key = "bmV3LWtleS1uZXcta2V5LW5ldy1rZXktbmV3LWtleS0=";
    let new = SecretBox::load(Some(new_key), std::path::Path::new("unused")).expect("new key");
    let store = app::store::Store::connect(&app.database_url)
        .await
        .expect("connect");
    let resealed = operations::rotate_key(&store, &old, &new)
        .await
        .expect("rotated");
    store.close().await;
    // Names, address, message, meta, activities, queued emails, the saved answer at least.
    assert!(resealed >= 8, "{resealed}");
    assert_ne!(before, raw_bookings(&app).await);
    let served =
        TestApp::spawn_on_url_with(&app.database_url, |c| c.secret_key = Some(new_key.into()))
            .await;
    assert_eq!(search(&served, &admin, "quennell").await, json!(1));
    assert_eq!(
        search(&served, &admin, "q.vantablack@example.org").await,
        json!(1)
    );
    let (_, detail) = served
        .get(&format!("/schedules/{}", booking["id"]), &admin)
        .await;
    assert_eq!(
        detail["schedule"]["phone"]
            .as_str()
            .map(|p| p.replace(' ', "")),
        Some("+4915177889900".into())
    );
    assert_eq!(
        detail["schedule"]["message"],
        "Marmalade sandwiches at noon"
    );
    for secret in SECRETS {
        assert!(!holds(&stored_bytes(&app.database_url), secret), "{secret}");
    }
}
