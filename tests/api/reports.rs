use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{TestApp, assert_invalid_field};

#[tokio::test]
async fn reports_count_the_callers_bookings_and_compare_periods() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let other = app.host("omar").await;
    let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Hour", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let day = chrono::Utc::now().date_naive() + chrono::Duration::days(10);
    let mut hashes = Vec::new();
    for (i, hour) in [9, 10, 11].iter().enumerate() {
        let (status, b) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({
            "name": format!("Guest {i}"), "email": if i == 2 { "guest0@example.org".to_string() } else { format!("guest{i}@example.org") },
            "timezone": "UTC", "event_time": format!("{day} {hour:02}:00:00")}))).await;
        assert_eq!(status, StatusCode::OK, "{b}");
        hashes.push(b["booking"]["id"].clone());
    }
    app.send(
        Method::PUT,
        &format!("/schedules/{}", hashes[0]),
        Some(&host),
        Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "x"})),
    )
    .await;

    let (status, body) = app.get("/reports", &host).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let widget = |title: &str| {
        body["overview"]
            .as_array()
            .and_then(|w| w.iter().find(|x| x["title"] == title).cloned())
            .unwrap_or_default()
    };
    assert_eq!(widget("Total Bookings")["number"], 3);
    assert_eq!(widget("Total Bookings")["period"], "all");
    assert_eq!(widget("Total Bookings")["stat"], 100.0);
    assert_eq!(widget("Total Bookings")["content"], "More than last month");
    assert_eq!(widget("Cancelled Bookings")["number"], 1);
    assert_eq!(widget("Completed Bookings")["number"], 0);
    assert_eq!(widget("Total Guests")["number"], 2, "distinct emails");
    assert!(widget("Total Guests").get("period").is_none());
    assert!(
        widget("Total Bookings")["icon"]
            .as_str()
            .is_some_and(|i| i.starts_with("<svg"))
    );
    assert_eq!(
        body["latest_books"].as_array().map(Vec::len),
        Some(2),
        "the cancelled one is not among the latest"
    );
    assert_eq!(body["next_meetings"][0]["slot"]["title"], "Hour");

    let (_, others) = app.get("/reports", &other).await;
    assert_eq!(
        others["overview"][0]["number"], 0,
        "another host counts none of them"
    );

    let today = chrono::Utc::now().date_naive();
    let (status, graph) = app
        .get(
            &format!(
                "/reports/graph-reports?date_range[0]={}&date_range[1]={}",
                today - chrono::Duration::days(2),
                today
            ),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{graph}");
    let booked = graph["booked_stats"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert_eq!(booked.len(), 3);
    assert_eq!(booked[&today.format("%Y-%m-%d").to_string()], 3);
    assert_eq!(
        graph["cancelled_stats"][today.format("%Y-%m-%d").to_string()],
        1
    );
    let (_, long) = app
        .get(
            &format!(
                "/reports/graph-reports?date_range[0]={}&date_range[1]={}",
                today - chrono::Duration::days(200),
                today
            ),
            &host,
        )
        .await;
    let keys: Vec<String> = long["booked_stats"]
        .as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    assert!(
        keys.len() >= 7 && keys.iter().all(|k| k.len() == 8 && k.contains(' ')),
        "{keys:?}"
    );
    assert_eq!(
        keys.last().cloned(),
        Some(today.format("%b %Y").to_string()),
        "months in date order"
    );
    for query in [
        "date_range[0]=2027-02-10&date_range[1]=2027-02-01",
        "date_range[0]=someday",
        "date_range[0]=2020-01-01&date_range[1]=2027-01-01",
    ] {
        let (status, bad) = app
            .get(&format!("/reports/graph-reports?{query}"), &host)
            .await;
        assert_invalid_field(status, &bad, "date_range");
    }
    let (status, bad) = app
        .get("/reports?startTime=yesterday&endTime=now", &host)
        .await;
    assert_invalid_field(status, &bad, "startTime");

    let (_, activities) = app.get("/reports/activities", &host).await;
    assert!(
        activities["activities"]
            .as_array()
            .is_some_and(|a| a.len() >= 4),
        "{activities}"
    );
    let (_, none) = app.get("/reports/activities", &other).await;
    assert_eq!(none["activities"], json!([]));
}
