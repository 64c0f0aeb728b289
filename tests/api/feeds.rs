//! Published calendar feeds (DESIGN 2.12): the secret addresses through REST, the documents
//! read by a real iCalendar parser (`vobject`, the library Radicale is built on), ETags, and
//! what the free/busy feed leaves out.

use reqwest::header::{ETAG, IF_NONE_MATCH};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::external_calendars::{at, book, day_ahead, host_with_event};
use super::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

/// The events of an iCalendar text as `vobject` reads them: uid, summary, status, sequence,
/// dtstart (UTC, ISO), transp, description, attendees (values) and every property name.
fn parsed(text: &str) -> Vec<Value> {
    const SCRIPT: &str = r#"
import json, sys, vobject
calendar = vobject.readOne(sys.stdin.read())
events = []
for event in calendar.contents.get('vevent', []):
    value = lambda name: getattr(event, name).value if hasattr(event, name) else None
    events.append({
        'uid': value('uid'), 'summary': value('summary'), 'status': value('status'),
        'sequence': value('sequence'), 'transp': value('transp'),
        'description': value('description'), 'location': value('location'),
        'dtstart': event.dtstart.value.isoformat(),
        'attendees': [a.value for a in event.contents.get('attendee', [])],
        'properties': sorted(event.contents.keys()),
    })
print(json.dumps(events))
"#;
    let radicale = std::env::var("SLOTBOOK_TEST_RADICALE").unwrap_or_else(|_| {
        format!(
            "{}/target/radicale/bin/radicale",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let python = std::path::Path::new(&radicale).with_file_name("python3");
    let mut child = std::process::Command::new(&python)
        .args(["-c", SCRIPT])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {} (scripts/setup --caldav): {e}", python.display()));
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), text.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("parser");
    assert!(
        out.status.success(),
        "vobject refused the feed: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

async fn create(app: &TestApp, host: &Creds, kind: &str) -> Value {
    let (status, body) = app.post("/feeds", host, json!({"kind": kind})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Calendar feed has been created");
    body["feed"].clone()
}

/// `GET` of a feed address: status, ETag, body.
async fn fetch(app: &TestApp, url: &str, etag: Option<&str>) -> (StatusCode, String, String) {
    let mut request = app.client.get(url);
    if let Some(etag) = etag {
        request = request.header(IF_NONE_MATCH, etag);
    }
    let response = request.send().await.expect("feed");
    let status = response.status();
    let tag = response
        .headers()
        .get(ETAG)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    if status == StatusCode::OK {
        let kind = response.headers()["content-type"]
            .to_str()
            .unwrap_or_default()
            .to_string();
        assert_eq!(kind, "text/calendar; charset=utf-8");
    }
    (status, tag, response.text().await.unwrap_or_default())
}

#[tokio::test]
async fn feeds_are_created_listed_regenerated_and_revoked_by_their_owner_only() {
    let app = TestApp::spawn().await;
    let host = app.host("fern").await;
    let other = app.host("gus").await;
    let feed = create(&app, &host, "bookings").await;
    let url = feed["url"].as_str().expect("url").to_string();
    let token = url
        .strip_prefix(&format!("{}/feeds/", app.base))
        .and_then(|rest| rest.strip_suffix(".ics"))
        .expect("the address's shape");
    assert!(token.len() >= 22, "at least 128 bits: {token}");
    assert!(
        token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    );
    assert_eq!(
        feed["webcal_url"],
        json!(url.replacen("http://", "webcal://", 1))
    );
    assert_eq!(feed["kind"], "bookings");
    assert!(feed["last_fetched_at"].is_null());

    let (status, again) = app.post("/feeds", &host, json!({"kind": "bookings"})).await;
    assert_envelope(status, &again, 409, "feed_exists");
    assert_eq!(again["message"], "A feed of this kind already exists.");
    for bad in [json!({"kind": "busy"}), json!({})] {
        let (status, body) = app.post("/feeds", &host, bad).await;
        assert_invalid_field(status, &body, "kind");
    }
    let busy = create(&app, &host, "free_busy").await;

    assert_eq!(fetch(&app, &url, None).await.0, StatusCode::OK);
    let (status, listed) = app.get("/feeds", &host).await;
    assert_eq!(status, StatusCode::OK);
    let feeds = listed["feeds"].as_array().expect("feeds");
    assert_eq!(feeds.len(), 2);
    assert_eq!(
        feeds[0]["url"],
        json!(url),
        "the address can be copied again"
    );
    assert!(feeds[0]["last_fetched_at"].is_string(), "{listed}");
    let (_, theirs) = app.get("/feeds", &other).await;
    assert_eq!(theirs["feeds"], json!([]));

    // Another user cannot touch them.
    let id = feed["id"].as_i64().expect("id");
    let (status, body) = app
        .post(&format!("/feeds/{id}/regenerate"), &other, json!({}))
        .await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = app.delete(&format!("/feeds/{id}"), &other).await;
    assert_envelope(status, &body, 404, "not_found");

    let (status, body) = app
        .post(&format!("/feeds/{id}/regenerate"), &host, json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["message"],
        "Calendar feed address has been regenerated"
    );
    let new_url = body["feed"]["url"].as_str().expect("url").to_string();
    assert_ne!(new_url, url);
    assert_eq!(
        fetch(&app, &url, None).await.0,
        StatusCode::NOT_FOUND,
        "the old address"
    );
    assert_eq!(fetch(&app, &new_url, None).await.0, StatusCode::OK);

    let (status, body) = app.delete(&format!("/feeds/{id}"), &host).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Calendar feed has been revoked");
    assert_eq!(fetch(&app, &new_url, None).await.0, StatusCode::NOT_FOUND);
    let busy_url = busy["url"].as_str().expect("url");
    assert_eq!(
        fetch(&app, busy_url, None).await.0,
        StatusCode::OK,
        "the other feed stays"
    );
    for junk in [
        "nothing.ics",
        "a%2Fb.ics",
        "short.ics",
        "valid-looking-but-unknown-token.ics",
    ] {
        let status = fetch(&app, &format!("{}/feeds/{junk}", app.base), None)
            .await
            .0;
        assert_eq!(status, StatusCode::NOT_FOUND, "{junk}");
    }
}

#[tokio::test]
async fn the_bookings_feed_shows_each_booking_and_changes_its_etag_only_with_them() {
    let app = TestApp::spawn().await;
    let (host, event) = host_with_event(&app, "hana").await;
    let day = day_ahead();
    let (status, booked) = book(&app, event, at(day, 10)).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let hash = booked["booking"]["hash"]
        .as_str()
        .expect("hash")
        .to_string();
    let url = create(&app, &host, "bookings").await["url"]
        .as_str()
        .expect("url")
        .to_string();

    let (status, etag, text) = fetch(&app, &url, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        etag.starts_with('"') && !etag.starts_with("W/"),
        "a strong ETag: {etag}"
    );
    let events = parsed(&text);
    assert_eq!(events.len(), 1, "{text}");
    let entry = &events[0];
    assert!(
        entry["summary"]
            .as_str()
            .is_some_and(|s| s.contains("Daily") && s.contains("Ada Guest")),
        "{entry}"
    );
    assert_eq!(entry["status"], "CONFIRMED");
    assert_eq!(entry["sequence"], "0");
    assert_eq!(entry["attendees"], json!(["mailto:ada@example.org"]));
    assert!(
        entry["description"]
            .as_str()
            .is_some_and(|d| d.contains("ada@example.org") && d.contains("/admin/bookings/"))
    );
    assert!(
        entry["dtstart"]
            .as_str()
            .is_some_and(|d| d.starts_with(&at(day, 10).format("%Y-%m-%dT%H:%M:%S").to_string()))
    );
    assert!(
        !text.contains(&hash),
        "the attendee's secret stays out of the feed"
    );
    // The same UID as the attendee's .ics (and the write-back).
    let ics = app.text(&format!("/booking/{hash}/ics")).await;
    assert!(ics.contains(&format!("UID:{}", entry["uid"].as_str().expect("uid"))));

    // Unchanged: the same ETag, and 304 for a calendar that has it.
    let (_, again, same_text) = fetch(&app, &url, None).await;
    assert_eq!(again, etag);
    assert_eq!(
        same_text, text,
        "nothing in the document depends on the request's time"
    );
    let (status, _, body) = fetch(&app, &url, Some(&etag)).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());

    // Moved: a higher SEQUENCE and a new ETag.
    let (status, moved) = app
        .send(Method::POST, &format!("/bookings/{hash}/reschedule"), None,
              Some(json!({"event_time": at(day, 13).format("%Y-%m-%d %H:%M:%S").to_string(), "timezone": "UTC", "rescheduling_reason": "Clash"})))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (status, moved_etag, text) = fetch(&app, &url, Some(&etag)).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(moved_etag, etag);
    let entry = &parsed(&text)[0];
    assert_eq!(entry["sequence"], "1");

    // Cancelled: still there, as cancelled.
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/cancel"),
            None,
            Some(json!({"cancellation_reason": "Plans changed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, cancelled_etag, text) = fetch(&app, &url, None).await;
    assert_ne!(cancelled_etag, moved_etag);
    assert_eq!(parsed(&text)[0]["status"], "CANCELLED");

    // Another host's feed does not show it.
    let other = app.host("ivo").await;
    let other_url = create(&app, &other, "bookings").await["url"]
        .as_str()
        .expect("url")
        .to_string();
    assert!(parsed(&fetch(&app, &other_url, None).await.2).is_empty());
}

#[tokio::test]
async fn the_free_busy_feed_shows_only_when_the_host_is_busy() {
    let app = TestApp::spawn().await;
    let (host, event) = host_with_event(&app, "jude").await;
    let day = day_ahead();
    for hour in [10, 11, 14] {
        let (status, booked) = book(&app, event, at(day, hour)).await;
        assert_eq!(status, StatusCode::OK, "{booked}");
    }
    let url = create(&app, &host, "free_busy").await["url"]
        .as_str()
        .expect("url")
        .to_string();
    let (status, _, text) = fetch(&app, &url, None).await;
    assert_eq!(status, StatusCode::OK);
    let events = parsed(&text);
    // 10-11 and 11-12 touch: one interval; 14-15 another.
    assert_eq!(events.len(), 2, "{text}");
    for entry in &events {
        assert_eq!(entry["summary"], "Busy");
        assert_eq!(entry["transp"], "OPAQUE");
        let names: Vec<&str> = entry["properties"]
            .as_array()
            .expect("properties")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        for absent in ["description", "location", "attendee", "organizer", "url"] {
            assert!(!names.contains(&absent), "{absent} in {names:?}");
        }
    }
    assert!(
        events[0]["dtstart"]
            .as_str()
            .is_some_and(|d| d.starts_with(&at(day, 10).format("%Y-%m-%dT%H:%M").to_string()))
    );
    for secret in ["Ada", "Guest", "ada@example.org", "Daily"] {
        assert!(
            !text.contains(secret),
            "{secret} leaked into the free/busy feed"
        );
    }
}
