//! Proof of work (DESIGN 2.8, ALTCHA): `GET /bookings/challenge` answers ALTCHA's challenge; while
//! the site asks for it, a public REST create needs a valid, unused solution as `altcha`.

use base64::Engine as _;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::support::{TestApp, assert_invalid_field, daily_event};

async fn challenge(app: &TestApp) -> Value {
    let (status, body) = app
        .send(Method::GET, "/bookings/challenge", None, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Turns the proof of work on, with small numbers so that tests solve fast.
async fn ask_for_proof(app: &TestApp, admin: &crate::support::Creds) {
    let (status, body) = app
        .post(
            "/settings/booking-protection",
            admin,
            json!({"proof_of_work": {"enabled": true, "max_number": 1000}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn digest(salt: &str, number: u64) -> String {
    format!("{:x}", Sha256::digest(format!("{salt}{number}")))
}

/// What ALTCHA's widget sends: base64 of JSON with the number found by trying them all.
fn solve(challenge: &Value) -> String {
    let salt = challenge["salt"].as_str().unwrap_or_default();
    let target = challenge["challenge"].as_str().unwrap_or_default();
    let max = challenge["maxnumber"].as_u64().unwrap_or_default();
    let number = (0..=max)
        .find(|n| digest(salt, *n) == target)
        .expect("the number is within maxnumber");
    payload(challenge, number)
}

fn payload(challenge: &Value, number: u64) -> String {
    let solution = json!({"algorithm": challenge["algorithm"], "challenge": challenge["challenge"],
        "number": number, "salt": challenge["salt"], "signature": challenge["signature"], "took": 12});
    base64::engine::general_purpose::STANDARD.encode(solution.to_string())
}

#[tokio::test]
async fn a_challenge_is_altchas_bare_shape_signed_and_solvable_within_maxnumber() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let first = challenge(&app).await;
    let keys: Vec<&String> = first
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        ["algorithm", "challenge", "maxnumber", "salt", "signature"]
    );
    assert_eq!(first["algorithm"], "SHA-256");
    assert_eq!(first["maxnumber"], 50_000);
    let salt = first["salt"].as_str().unwrap_or_default();
    let (random, expires) = salt.split_once("?expires=").expect("salt names its expiry");
    assert!(
        !random.is_empty() && random.chars().all(|c| c.is_ascii_hexdigit()),
        "{salt}"
    );
    let expires: i64 = expires.parse().expect("unix seconds");
    let now = chrono::Utc::now().timestamp();
    assert!(
        (now + 595..=now + 605).contains(&expires),
        "{expires} vs {now}"
    );
    for key in ["challenge", "signature"] {
        let hex = first[key].as_str().unwrap_or_default();
        assert!(
            hex.len() == 64 && hex.chars().all(|c| c.is_ascii_hexdigit()),
            "{key}: {hex}"
        );
    }
    assert_ne!(first, challenge(&app).await, "each challenge is new");
    solve(&first);

    let (status, _) = app
        .post(
            "/settings/booking-protection",
            &admin,
            json!({"proof_of_work": {"max_number": 1000}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(challenge(&app).await["maxnumber"], 1000);
}

#[tokio::test]
async fn while_asked_a_public_create_needs_one_valid_unused_solution() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    // The day after the first one offered: all of its times are free whatever the time of day
    // the test runs (the first offered time itself may be one of those used below).
    let first = app.first_offered_slot(event).await;
    let day = (chrono::NaiveDate::parse_from_str(&first[..10], "%Y-%m-%d").expect("date")
        + chrono::Duration::days(1))
    .format("%Y-%m-%d")
    .to_string();
    let day = day.as_str();
    let at = |time: &str| format!("{day} {time}:00");
    // Off (the default): no solution needed.
    app.book(event)
        .at(&at("09:00"))
        .email("free@example.org")
        .booked()
        .await;

    ask_for_proof(&app, &admin).await;
    let (status, body) = app.book(event).at(&at("10:00")).send().await;
    assert_invalid_field(status, &body, "altcha");
    assert_eq!(
        body["errors"]["altcha"]["required"],
        "Solve the proof of work (altcha) to book."
    );
    // Refused with the other fields at fault in the same answer.
    let (status, body) = app
        .book(event)
        .at(&at("10:00"))
        .email("not-an-address")
        .send()
        .await;
    assert_invalid_field(status, &body, "altcha");
    assert!(body["errors"].get("email").is_some(), "{body}");

    let given = challenge(&app).await;
    let solution = solve(&given);
    let wrong_number = {
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(&solution)
            .expect("base64");
        let value: Value = serde_json::from_slice(&decoded).expect("json");
        let number = value["number"].as_u64().unwrap_or_default();
        payload(&given, number + 1)
    };
    for bad in [wrong_number.as_str(), "bm90IGpzb24=", "%%%"] {
        let (status, body) = app
            .book(event)
            .at(&at("10:00"))
            .with(json!({"altcha": bad}))
            .send()
            .await;
        assert_invalid_field(status, &body, "altcha");
        assert!(body["errors"]["altcha"].get("invalid").is_some(), "{body}");
    }
    let booked = app
        .book(event)
        .at(&at("10:00"))
        .with(json!({"altcha": solution}))
        .booked()
        .await;
    assert_eq!(booked["message"], "Booking has been created");
    // Once only, even for another time.
    let (status, body) = app
        .book(event)
        .at(&at("10:30"))
        .email("again@example.org")
        .with(json!({"altcha": solution}))
        .send()
        .await;
    assert_invalid_field(status, &body, "altcha");
    assert!(body["errors"]["altcha"].get("used").is_some(), "{body}");
    assert!(
        app.offered_on(event, day)
            .await
            .contains(&"10:30".to_string()),
        "the refused create wrote nothing"
    );
    // A refused create leaves its solution unused: the slot was taken, the same solution then
    // books another time.
    let other = solve(&challenge(&app).await);
    let (status, _) = app
        .book(event)
        .at(&at("10:00"))
        .email("late@example.org")
        .with(json!({"altcha": other}))
        .send()
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    app.book(event)
        .at(&at("10:30"))
        .email("late@example.org")
        .with(json!({"altcha": other}))
        .booked()
        .await;
    // Ten minutes later a solution has expired.
    let stale = solve(&challenge(&app).await);
    app.clock.advance(601);
    let (status, body) = app
        .book(event)
        .at(&at("11:00"))
        .with(json!({"altcha": stale}))
        .send()
        .await;
    assert_invalid_field(status, &body, "altcha");
    assert!(body["errors"]["altcha"].get("expired").is_some(), "{body}");
    // The event's host with credentials needs none.
    app.book(event)
        .at(&at("11:00"))
        .email("by-host@example.org")
        .by(&host)
        .booked()
        .await;
}

#[tokio::test]
async fn a_booking_form_without_a_solution_books_within_the_hourly_allowance_then_429() {
    use crate::pages::{berlin_event, page, post_form, tomorrow_in};
    let app = TestApp::spawn_with(|c| c.rate_limit_unverified = 2).await;
    let admin = app.admin().await;
    let (_, _, _, path) = berlin_event(&app).await;
    let date = tomorrow_in(chrono_tz::Europe::Berlin);
    let at = |time: &str| format!("{path}?date={date}&time={}", time.replace(':', "%3A"));
    let form = page(&app, &at("10:00")).await;
    assert!(form.html.contains("Confirm booking"), "{}", form.html);
    assert!(
        !form.html.contains(r#"name="altcha""#),
        "off: no proof asked"
    );

    ask_for_proof(&app, &admin).await;
    // (10:00 is held for the first view now.)
    let form = page(&app, &at("10:30")).await;
    assert!(
        form.html.contains(
            r#"<input type="hidden" name="altcha" value="" data-challenge="/api/v2/bookings/challenge""#
        ),
        "{}",
        form.html
    );
    for (time, email) in [("09:00", "one@example.org"), ("09:30", "two@example.org")] {
        let done = post_form(&app, &at(time), &[("name", "No Script"), ("email", email)]).await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{time}: {}", done.html);
    }
    let refused = post_form(
        &app,
        &at("11:00"),
        &[("name", "No Script"), ("email", "three@example.org")],
    )
    .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        refused.html.contains("Too many bookings from your address"),
        "{}",
        refused.html
    );
    assert!(
        refused.html.contains(r#"value="three@example.org""#),
        "the form keeps its values"
    );
    // With the browser's solution the same address books on (the refused form holds its
    // time for it, as for any form shown).
    let hold = crate::pages::held_token(&refused.html);
    let solution = solve(&challenge(&app).await);
    let done = post_form(
        &app,
        &at("11:00"),
        &[
            ("name", "With Script"),
            ("email", "three@example.org"),
            ("hold", &hold),
            ("altcha", &solution),
        ],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
}
