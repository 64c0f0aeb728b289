//! Privacy (DESIGN 2.11): the settings, consent on the booking form, one rule of erasure for
//! the attendee, administrators and retention, and the export of one person's data.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::accounts::audit;
use crate::support::{Creds, TestApp, assert_invalid_field, daily_event};

async fn set_privacy(app: &TestApp, admin: &Creds, settings: Value) -> Value {
    let (status, saved) = app
        .post("/settings/privacy", admin, json!({"settings": settings}))
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    saved["settings"].clone()
}

/// Two bookings of tomorrow's first times: (booking of `first`, booking of `second`).
async fn two_bookings(app: &TestApp, event: i64, first: &str, second: &str) -> (Value, Value) {
    let (day, times) = app.tomorrows_times(event).await;
    let at = |i: usize| format!("{day} {}:00", times[i]);
    let a = app.book(event).email(first).at(&at(0)).booked().await;
    let b = app.book(event).email(second).at(&at(1)).booked().await;
    (a["booking"].clone(), b["booking"].clone())
}

async fn schedule(app: &TestApp, admin: &Creds, id: &Value) -> Value {
    let (status, body) = app.get(&format!("/schedules/{id}"), admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["schedule"].clone()
}

#[tokio::test]
async fn privacy_settings_are_read_saved_and_checked() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let host = app.host("pia").await;
    let (status, body) = app.get("/settings/privacy", &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["settings"],
        json!({"retention_days": null, "attendee_erasure": false, "consent_required": false,
               "consent_text": "", "consent_version": "1"})
    );
    let (status, _) = app.get("/settings/privacy", &host).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .post(
            "/settings/privacy",
            &host,
            json!({"settings": {"attendee_erasure": true}}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let saved = set_privacy(
        &app,
        &admin,
        json!({"retention_days": 30, "attendee_erasure": true}),
    )
    .await;
    assert_eq!(saved["retention_days"], json!(30));
    assert_eq!(saved["attendee_erasure"], json!(true));
    for (body, field) in [
        (json!({"retention_days": 3651}), "retention_days"),
        (json!({"retention_days": "soon"}), "retention_days"),
        (json!({"consent_required": true}), "consent_text"),
        (json!({"consent_text": "x".repeat(2001)}), "consent_text"),
        (json!({"consent_version": ""}), "consent_version"),
        (json!({"attendee_erasure": "maybe"}), "attendee_erasure"),
    ] {
        let (status, refused) = app
            .post("/settings/privacy", &admin, json!({"settings": body}))
            .await;
        assert_invalid_field(status, &refused, field);
    }
    // Refusals changed nothing; `null` keeps attendee data again.
    let saved = set_privacy(&app, &admin, json!({"retention_days": null})).await;
    assert_eq!(saved["retention_days"], Value::Null);
    assert_eq!(saved["attendee_erasure"], json!(true));
    assert_eq!(saved["consent_required"], json!(false));
    let changes = audit(&app, &admin, "action=settings.changed").await;
    assert!(
        changes.iter().any(|e| e["target_label"] == "privacy"),
        "{changes:?}"
    );
}

#[tokio::test]
async fn public_creates_must_consent_and_the_consent_is_stored_with_its_version() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, event) = daily_event(&app, &admin, "UTC", 30, ("09:00", "12:00")).await;
    set_privacy(
        &app,
        &admin,
        json!({"consent_required": true, "consent_text": "We keep your details for this meeting.", "consent_version": "2026-11"}),
    )
    .await;
    let (day, times) = app.tomorrows_times(event).await;
    let at = |i: usize| format!("{day} {}:00", times[i]);
    for consent in [None, Some(json!(false))] {
        let mut asked = app.book(event).at(&at(0));
        if let Some(value) = consent {
            asked = asked.with(json!({"privacy_consent": value}));
        }
        let (status, refused) = asked.send().await;
        assert_invalid_field(status, &refused, "privacy_consent");
        assert!(
            refused
                .to_string()
                .contains("Please accept the privacy notice"),
            "{refused}"
        );
    }
    let made = app
        .book(event)
        .at(&at(0))
        .with(json!({"privacy_consent": true}))
        .booked()
        .await;
    let consent = &made["booking"]["privacy_consent"];
    assert_eq!(consent["version"], json!("2026-11"));
    let accepted = consent["accepted_at"].as_str().unwrap_or_default();
    assert!(
        chrono::DateTime::parse_from_rfc3339(accepted).is_ok(),
        "{consent}"
    );
    // A host's own create asks none.
    let by_host = app.book(event).at(&at(1)).by(&admin).booked().await;
    assert_eq!(by_host["booking"]["privacy_consent"], Value::Null);
    // A new version of the notice leaves the stored consent as it was.
    set_privacy(&app, &admin, json!({"consent_version": "2027-01"})).await;
    let stored = schedule(&app, &admin, &made["booking"]["id"]).await;
    assert_eq!(stored["privacy_consent"]["version"], json!("2026-11"));
    assert_eq!(stored["privacy_consent"]["accepted_at"], json!(accepted));
}

#[tokio::test]
async fn an_attendee_erases_their_own_booking_when_the_site_allows_it() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, event) = daily_event(&app, &admin, "UTC", 30, ("09:00", "12:00")).await;
    let (ann, bo) = two_bookings(&app, event, "ann@example.org", "bo@example.org").await;
    let hash = ann["hash"].as_str().unwrap_or_default().to_string();
    let erase = |confirm: Value| {
        let path = format!("/bookings/{hash}/erase");
        let app = &app;
        async move {
            app.send(Method::POST, &path, None, Some(json!({"confirm": confirm})))
                .await
        }
    };
    // Not allowed yet: no link, and both ways in answer 404.
    assert!(
        !app.text(&format!("/booking/{hash}"))
            .await
            .contains("Erase my data")
    );
    assert_eq!(erase(json!(true)).await.0, StatusCode::NOT_FOUND);
    let page = app
        .client
        .get(format!("{}/booking/{hash}/erase", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::NOT_FOUND);
    set_privacy(&app, &admin, json!({"attendee_erasure": true})).await;
    let manage = app.text(&format!("/booking/{hash}")).await;
    assert!(
        manage.contains(&format!("/booking/{hash}/erase")),
        "{manage}"
    );
    let (status, refused) = erase(json!(false)).await;
    assert_invalid_field(status, &refused, "confirm");
    // The page without the box ticked: the form again, nothing erased.
    let unticked = app
        .client
        .post(format!("{}/booking/{hash}/erase", app.base))
        .form(&[("other", "1")])
        .send()
        .await
        .unwrap();
    assert_eq!(unticked.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let text = unticked.text().await.unwrap();
    assert!(
        text.contains("role=\"alert\"")
            && text.contains("Please confirm that you want to erase your data"),
        "{text}"
    );
    assert_eq!(
        schedule(&app, &admin, &ann["id"]).await["email"],
        json!("ann@example.org")
    );
    let ticked = app
        .client
        .post(format!("{}/booking/{hash}/erase", app.base))
        .form(&[("confirm", "yes")])
        .send()
        .await
        .unwrap();
    assert_eq!(ticked.status(), StatusCode::SEE_OTHER);
    let next = ticked.headers()["location"].to_str().unwrap().to_string();
    let done = app.text(&next).await;
    assert!(done.contains("Your data has been erased"), "{done}");
    // Gone: every link of the booking, the REST route by hash.
    for path in ["", "/ics", "/cancel", "/reschedule", "/erase"] {
        let r = app
            .client
            .get(format!("{}/booking/{hash}{path}", app.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(erase(json!(true)).await.0, StatusCode::NOT_FOUND);
    let erased = schedule(&app, &admin, &ann["id"]).await;
    for field in ["first_name", "last_name", "email", "phone", "message"] {
        assert_eq!(erased[field], json!(""), "{field}: {erased}");
    }
    assert_eq!(erased["custom_form_data"], json!([]));
    assert_eq!(erased["additional_guests"], json!([]));
    // The API document admits that answer (an object of answers, or `[]` once erased).
    let document: Value =
        serde_json::from_str(&app.text("/api/v2/openapi.json").await).expect("the document");
    let answers = &document["components"]["schemas"]["Booking"]["properties"]["custom_form_data"];
    assert!(
        answers.is_object() && answers.get("type").is_none(),
        "{answers}"
    );
    assert_eq!(
        erased["status"],
        json!("cancelled"),
        "not ended: cancelled first"
    );
    assert!(erased["erased_at"].is_string(), "{erased}");
    let (_, everything) = app
        .get(
            &format!("/schedules/{}?with%5B%5D=all_data", ann["id"]),
            &admin,
        )
        .await;
    let text = everything.to_string();
    assert!(
        !text.contains("Ann Attendee") && !text.contains("ann@example.org"),
        "{text}"
    );
    // The other attendee is untouched.
    let kept = schedule(&app, &admin, &bo["id"]).await;
    assert_eq!(kept["email"], json!("bo@example.org"));
    assert_eq!(kept["erased_at"], Value::Null);
    let entries = audit(&app, &admin, "action=data.erased").await;
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["details"]["by"], json!("attendee"));
    assert_eq!(entries[0]["details"]["booking_ids"], json!([ann["id"]]));
    assert!(!entries[0].to_string().contains("ann@example.org"));
}

#[tokio::test]
async fn administrators_export_and_erase_everything_of_one_address() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let host = app.host("pia").await;
    let (_, event) = daily_event(&app, &admin, "UTC", 30, ("09:00", "12:00")).await;
    let (ann, bo) = two_bookings(&app, event, "Ann@Example.org", "bo@example.org").await;
    let (day, times) = app.tomorrows_times(event).await;
    let again = app
        .book(event)
        .email("ann@example.org")
        .at(&format!("{day} {}:00", times[0]))
        .booked()
        .await;
    let (status, refused) = app
        .get("/privacy/export?email=not-an-address", &admin)
        .await;
    assert_invalid_field(status, &refused, "email");
    let (status, _) = app
        .get("/privacy/export?email=ann%40example.org", &host)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .post("/privacy/erase", &host, json!({"email": "ann@example.org"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, export) = app
        .get("/privacy/export?email=%20ANN%40example.org%20", &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{export}");
    assert_eq!(export["email"], json!("ann@example.org"));
    let ids: Vec<Value> = export["bookings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].clone())
        .collect();
    assert_eq!(ids, vec![ann["id"].clone(), again["booking"]["id"].clone()]);
    assert!(
        !export["activities"].as_array().unwrap().is_empty(),
        "{export}"
    );
    let deliveries = export["deliveries"].as_array().unwrap();
    assert!(
        deliveries
            .iter()
            .all(|d| d["lane"].is_string() && d["booking_id"].is_i64()),
        "{export}"
    );
    assert!(!export.to_string().contains("bo@example.org"));
    let (status, erased) = app
        .post(
            "/privacy/erase",
            &admin,
            json!({"email": "ANN@example.org "}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{erased}");
    assert_eq!(
        erased,
        json!({"message": "Personal data has been erased", "erased": 2})
    );
    let (_, after) = app
        .get("/privacy/export?email=ann%40example.org", &admin)
        .await;
    assert_eq!(after["bookings"], json!([]));
    assert_eq!(
        schedule(&app, &admin, &bo["id"]).await["email"],
        json!("bo@example.org")
    );
    let erased_row = schedule(&app, &admin, &ann["id"]).await;
    assert_eq!(erased_row["email"], json!(""));
    assert_eq!(erased_row["event_id"], json!(event));
    let exported = audit(&app, &admin, "action=data.exported").await;
    assert_eq!(exported.len(), 2, "two exports: {exported:?}");
    let erasures = audit(&app, &admin, "action=data.erased").await;
    assert_eq!(erasures.len(), 1, "{erasures:?}");
    assert_eq!(erasures[0]["details"]["by"], json!("administrator"));
    assert_eq!(erasures[0]["details"]["rows"], json!(2));
    assert_eq!(erasures[0]["target_label"], json!("personal data"));
    assert!(
        !erasures
            .iter()
            .chain(&exported)
            .any(|e| e.to_string().to_lowercase().contains("ann@example.org"))
    );
}

#[tokio::test]
async fn retention_erases_bookings_that_ended_and_only_once() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, event) = daily_event(&app, &admin, "UTC", 30, ("09:00", "12:00")).await;
    let (ann, bo) = two_bookings(&app, event, "ann@example.org", "bo@example.org").await;
    let now = chrono::Utc::now().timestamp();
    // Kept by default (`retention_days` null).
    assert_eq!(
        app::service::privacy::run_retention(&app.ctx, now)
            .await
            .unwrap(),
        0
    );
    let hash = ann["hash"].as_str().unwrap_or_default();
    let (status, _) = app
        .send(
            Method::POST,
            &format!("/bookings/{hash}/cancel"),
            None,
            Some(json!({"cancellation_reason": "Plans changed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    set_privacy(&app, &admin, json!({"retention_days": 1})).await;
    // Cancelled just now: ended less than a day ago.
    assert_eq!(
        app::service::privacy::run_retention(&app.ctx, now + 60)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        app::service::privacy::run_retention(&app.ctx, now + 86_400 + 60)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        app::service::privacy::run_retention(&app.ctx, now + 86_400 + 120)
            .await
            .unwrap(),
        0,
        "erased once"
    );
    assert_eq!(schedule(&app, &admin, &ann["id"]).await["email"], json!(""));
    assert_eq!(
        schedule(&app, &admin, &bo["id"]).await["email"],
        json!("bo@example.org")
    );
    let entries = audit(&app, &admin, "action=data.erased").await;
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["details"]["by"], json!("retention"));
    assert_eq!(entries[0]["details"]["booking_ids"], json!([ann["id"]]));
}
