//! Host limits (DESIGN 2.8): `GET|POST /host-limits`, a host's cap across all of its events per
//! day and week of its zone, applied by the slot list and again by the write-time guard.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{TestApp, assert_envelope, assert_invalid_field, daily_event};

#[tokio::test]
async fn limits_are_the_callers_replaced_whole_and_refused_when_malformed() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (status, empty) = app.get("/host-limits", &host).await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(empty, json!({"limits": []}));
    let (status, saved) = app
        .post(
            "/host-limits",
            &host,
            json!({"limits": [{"unit": "per_week", "value": 5}, {"unit": "per_day", "value": 2}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Limits have been updated");
    let (_, read) = app.get("/host-limits", &host).await;
    assert_eq!(
        read["limits"],
        json!([{"unit": "per_day", "value": 2}, {"unit": "per_week", "value": 5}])
    );
    for bad in [
        json!({"limits": [{"unit": "per_day", "value": 0}]}),
        json!({"limits": [{"unit": "per_month", "value": 3}]}),
        json!({"limits": [{"unit": "per_day", "value": 1}, {"unit": "per_day", "value": 3}]}),
        json!({"limits": "per_day"}),
    ] {
        let (status, body) = app.post("/host-limits", &host, bad).await;
        assert_invalid_field(status, &body, "limits");
    }
    let (_, kept) = app.get("/host-limits", &host).await;
    assert_eq!(kept["limits"], read["limits"], "a refusal writes nothing");
    let (status, cleared) = app.post("/host-limits", &host, json!({"limits": []})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cleared["limits"], json!([]));

    // Another user's limits need manage_all_data.
    let other = app.host("omar").await;
    let admin = app.admin().await;
    let jane = host.id;
    let (status, body) = app
        .get(&format!("/host-limits?user_id={jane}"), &other)
        .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, body) = app
        .post(
            &format!("/host-limits?user_id={jane}"),
            &admin,
            json!({"limits": [{"unit": "per_day", "value": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, read) = app.get("/host-limits", &host).await;
    assert_eq!(read["limits"], json!([{"unit": "per_day", "value": 1}]));
    let (status, body) = app.get("/host-limits?user_id=999999", &admin).await;
    assert_envelope(status, &body, 404, "not_found");
}

#[tokio::test]
async fn a_full_day_of_the_host_offers_no_time_in_any_of_its_events() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (cal, first) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "13:00", "to": "15:00"}))
        .collect();
    let (status, made) = app
        .post(&format!("/calendars/{cal}/events"), &host, json!({
            "title": "Other", "duration": 30, "status": "active", "event_type": "single",
            "availability_type": "custom",
            "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                         "schedule_conditions": {"value": 0, "unit": "minutes"}}}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let second = made["slot"]["id"].as_i64().unwrap_or_default();
    let (status, _) = app
        .post(
            "/host-limits",
            &host,
            json!({"limits": [{"unit": "per_day", "value": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    let slot = app.first_offered_slot(first).await;
    let day = slot[..10].to_string();
    assert!(!app.offered_on(second, &day).await.is_empty());
    app.book(first).at(&slot).booked().await;
    assert!(
        app.offered_on(second, &day).await.is_empty(),
        "the host's day is full in every event"
    );
    assert!(app.offered_on(first, &day).await.is_empty());
    let (status, refused) = app.book(second).at(&format!("{day} 13:00:00")).send().await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["limit_reached"]));
    let next = (chrono::NaiveDate::parse_from_str(&day, "%Y-%m-%d").expect("date")
        + chrono::Duration::days(1))
    .format("%Y-%m-%d")
    .to_string();
    assert!(
        !app.offered_on(second, &next).await.is_empty(),
        "the next day is free"
    );

    // A week's cap of 2 with the day's cap gone: one more this week, then none.
    let (status, _) = app
        .post(
            "/host-limits",
            &host,
            json!({"limits": [{"unit": "per_week", "value": 2}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    app.book(second)
        .at(&format!("{day} 13:00:00"))
        .email("bo@example.org")
        .booked()
        .await;
    assert!(app.offered_on(second, &day).await.is_empty());
}

#[tokio::test]
async fn a_host_sets_its_daily_and_weekly_limits_on_the_settings_page() {
    use crate::desk::Desk;
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/settings").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(">Booking limits</h2>"), "{html}");
    assert!(html.contains(">Daily limit</label>") && html.contains(">Weekly limit</label>"));
    let token = desk.token("/admin/settings").await;
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "limits"),
                ("daily_limit", "0"),
                ("weekly_limit", "9"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"limits-daily_limit-error\""), "{html}");
    let (_, stored) = app.get("/host-limits", &host).await;
    assert_eq!(stored["limits"], json!([]), "nothing saved");
    let (status, location, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "limits"),
                ("daily_limit", "3"),
                ("weekly_limit", ""),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=limits#limits");
    let (_, stored) = app.get("/host-limits", &host).await;
    assert_eq!(stored["limits"], json!([{"unit": "per_day", "value": 3}]));
    let (_, html) = desk.page("/admin/settings").await;
    assert!(
        html.contains(r#"name="daily_limit" type="number" value="3""#),
        "{html}"
    );
}
