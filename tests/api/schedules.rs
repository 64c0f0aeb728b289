use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, activities_by_people, assert_envelope, assert_invalid_field};

const EVERY_DAY: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// A host with an event open 09:00-12:00 daily and one booking at 10:00 three weeks ahead.
async fn booked(app: &TestApp, login: &str) -> (Creds, i64, Value) {
    let host = app.host(login).await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Hour", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                     "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let day = chrono::Utc::now().date_naive() + chrono::Duration::days(21);
    let (status, created) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({
        "name": "Maya Singh", "email": "maya@example.org", "timezone": "Europe/Berlin", "event_time": format!("{day} 10:00:00")}))).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    (host, event, created["booking"].clone())
}

#[tokio::test]
async fn schedules_list_the_hosts_bookings_with_counts_and_filters() {
    let app = TestApp::spawn().await;
    let (host, event, booking) = booked(&app, "jane").await;
    let (status, body) = app.get("/schedules", &host).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["schedules"]["total"], 1);
    let row = &body["schedules"]["data"][0];
    assert_eq!(row["id"], booking["id"]);
    assert_eq!(row["calendar_event"]["title"], "Hour");
    assert_eq!(row["author"]["name"], "Jane Tester");
    assert!(row["created_at"].as_str().is_some_and(|t| t.contains('T')));
    for key in ["pending_count", "no_show_count", "cancelled_count"] {
        assert_eq!(body[key], 0, "{key}");
    }
    assert!(body["calendar_event_lists"][0]["options"].is_array());
    let (_, page2) = app.get("/schedules?page=2", &host).await;
    assert!(
        page2.get("pending_count").is_none(),
        "counts only on page 1"
    );
    for (query, total) in [
        ("filters%5Bperiod%5D=past", 0),
        ("search=maya", 1),
        ("search=nobody", 0),
        (&format!("filters%5Bevent%5D={event}") as &str, 1),
        ("filters%5Bevent%5D=99999", 0),
        ("filters%5Bauthor%5D=me", 1),
        ("filters%5Bevent_type%5D=group", 0),
    ] {
        let (_, list) = app.get(&format!("/schedules?{query}"), &host).await;
        assert_eq!(list["schedules"]["total"], total, "{query}: {list}");
    }
    let (status, bad) = app
        .get("/schedules?filters%5Bperiod%5D=someday", &host)
        .await;
    assert_invalid_field(status, &bad, "filters[period]");
    let (status, bad) = app
        .get(
            "/schedules?filters%5Brange%5D%5B%5D=2027-02-02&filters%5Brange%5D%5B%5D=2027-01-01",
            &host,
        )
        .await;
    assert_invalid_field(status, &bad, "filters[range]");
    let other = app.host("omar").await;
    let (_, theirs) = app.get("/schedules", &other).await;
    assert_eq!(
        theirs["schedules"]["total"], 0,
        "another host sees none of them"
    );
}

#[tokio::test]
async fn schedule_detail_with_all_data_has_the_activity_log() {
    let app = TestApp::spawn().await;
    let (host, _, booking) = booked(&app, "jane").await;
    let id = &booking["id"];
    let (status, body) = app
        .get(&format!("/schedules/{id}?with%5B%5D=all_data"), &host)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["schedule"]["email"], "maya@example.org");
    assert_eq!(activities_by_people(&body)[0]["title"], "Booking created");
    assert!(
        body["sidebar_contents"].is_array()
            && body["main_body_contents"].is_array()
            && body["payment_order"].is_null()
    );
    let (_, plain) = app.get(&format!("/schedules/{id}"), &host).await;
    assert!(plain.get("activities").is_none());
    let (_, activities) = app.get(&format!("/schedules/{id}/activities"), &host).await;
    assert_eq!(activities_by_people(&activities).len(), 1, "{activities}");
    let (_, meta) = app.get(&format!("/schedules/{id}/meta-info"), &host).await;
    assert_eq!(activities_by_people(&meta)[0]["type"], "success");
}

#[tokio::test]
async fn status_changes_follow_the_transitions_and_log_who_and_why() {
    let app = TestApp::spawn().await;
    let (host, _, booking) = booked(&app, "jane").await;
    let path = format!("/schedules/{}", booking["id"]);
    let put = |body: Value| app.send(Method::PUT, &path, Some(&host), Some(body));
    let (status, answer) = put(json!({"column": "status", "value": "cancelled"})).await;
    assert_invalid_field(status, &answer, "cancel_reason");
    let (status, answer) =
        put(json!({"column": "status", "value": "rejected", "reject_reason": "no"})).await;
    assert_envelope(status, &answer, 409, "invalid_transition");
    let (status, answer) = put(json!({"column": "status", "value": "no_show"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Status has been updated");
    let (status, answer) = put(json!({"column": "status", "value": "completed"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) =
        put(json!({"column": "status", "value": "cancelled", "cancel_reason": "late"})).await;
    assert_envelope(status, &answer, 409, "invalid_transition");
    let (status, answer) = put(json!({"column": "status", "value": "pending"})).await;
    assert_invalid_field(status, &answer, "value");
    let (_, detail) = app.get(&format!("{path}?with%5B%5D=all_data"), &host).await;
    assert_eq!(detail["schedule"]["status"], "completed");
    assert!(
        activities_by_people(&detail)[0]["description"]
            .as_str()
            .is_some_and(|d| d.contains("no_show to completed") && d.contains("Jane Tester"))
    );
}

#[tokio::test]
async fn cancelling_frees_the_time_and_is_final() {
    let app = TestApp::spawn().await;
    let (host, event, booking) = booked(&app, "jane").await;
    let path = format!("/schedules/{}", booking["id"]);
    let (status, answer) = app.send(Method::PUT, &path, Some(&host), Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "Host is ill", "refund_payment": "yes"}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "The booking has been cancelled");
    let time = booking["start_time"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let utc = chrono::NaiveDateTime::parse_from_str(&time, "%Y-%m-%d %H:%M:%S").unwrap_or_default();
    let berlin = chrono::TimeZone::from_utc_datetime(&chrono_tz::Europe::Berlin, &utc);
    let (status, again) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({
        "name": "Tom Becker", "email": "tom@example.org", "timezone": "Europe/Berlin", "event_time": berlin.format("%Y-%m-%d %H:%M:%S").to_string()}))).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the cancelled time is free again: {again}"
    );
    let (status, answer) = app
        .send(
            Method::PUT,
            &path,
            Some(&host),
            Some(json!({"column": "status", "value": "scheduled"})),
        )
        .await;
    assert_envelope(status, &answer, 409, "invalid_transition");
}

#[tokio::test]
async fn other_columns_update_with_their_own_checks() {
    let app = TestApp::spawn().await;
    let (host, _, booking) = booked(&app, "jane").await;
    let path = format!("/schedules/{}", booking["id"]);
    for (column, value, message) in [
        ("internal_note", "VIP", "Internal_note has been updated"),
        ("email", "new@example.org", "Email has been updated"),
        ("payment_status", "paid", "Payment_status has been updated"),
        ("first_name", "Mia", "First_name has been updated"),
    ] {
        let (status, answer) = app
            .send(
                Method::PUT,
                &path,
                Some(&host),
                Some(json!({"column": column, "value": value})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["message"], message);
    }
    let (_, detail) = app.get(&path, &host).await;
    assert_eq!(
        (
            detail["schedule"]["internal_note"].clone(),
            detail["schedule"]["email"].clone(),
            detail["schedule"]["payment_status"].clone()
        ),
        (json!("VIP"), json!("new@example.org"), json!("paid"))
    );
    for (body, field) in [
        (json!({"column": "password", "value": "x"}), "column"),
        (json!({"column": "email", "value": "nope"}), "value"),
        (
            json!({"column": "payment_status", "value": "free"}),
            "value",
        ),
        (json!({"value": "x"}), "column"),
        (json!({"column": "phone"}), "value"),
    ] {
        let (status, answer) = app.send(Method::PUT, &path, Some(&host), Some(body)).await;
        assert_invalid_field(status, &answer, field);
    }
}

#[tokio::test]
async fn another_hosts_bookings_are_invisible_and_delete_removes_the_booking() {
    let app = TestApp::spawn().await;
    let (host, _, booking) = booked(&app, "jane").await;
    let other = app.host("omar").await;
    let id = &booking["id"];
    for (method, suffix, body) in [
        (Method::GET, "", None),
        (
            Method::PUT,
            "",
            Some(json!({"column": "internal_note", "value": "x"})),
        ),
        (Method::DELETE, "", None),
        (Method::GET, "/activities", None),
        (Method::GET, "/meta-info", None),
        (Method::POST, "/send-confirmation-email", None),
    ] {
        let (status, answer) = app
            .send(
                method,
                &format!("/schedules/{id}{suffix}"),
                Some(&other),
                body,
            )
            .await;
        assert_envelope(status, &answer, 404, "not_found");
    }
    let (status, sent) = app
        .send(
            Method::POST,
            &format!("/schedules/{id}/send-confirmation-email?email_to=host"),
            Some(&host),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(sent["message"], "Notification sent successfully");
    let (status, deleted) = app.delete(&format!("/schedules/{id}"), &host).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(deleted["message"], "Booking Deleted Successfully!");
    let (status, gone) = app.get(&format!("/schedules/{id}"), &host).await;
    assert_envelope(status, &gone, 404, "not_found");
}

#[tokio::test]
async fn group_attendees_are_listed_and_deleted_together() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "14:00", "to": "15:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "Europe/Berlin", "slot": {
        "title": "Class", "duration": 60, "event_type": "group", "max_book_per_slot": 5, "is_display_spots": true, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let cal = made["calendar"]["id"].as_i64().unwrap_or_default();
    app.post(
        &format!("/calendars/{cal}/events/{event}/booking-fields"),
        &host,
        json!({"booking_fields": [{"name": "guests", "enabled": true}]}),
    )
    .await;
    let time = format!(
        "{} 14:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(15)
    );
    let (status, first) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({"name": "Lead Person", "email": "lead@example.org",
        "timezone": "Europe/Berlin", "event_time": time, "guests": [{"name": "Guest One", "email": "g1@example.org"}]}))).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, second) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({"name": "Late Comer", "email": "late@example.org",
        "timezone": "Europe/Berlin", "event_time": time})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    let group = &first["booking"]["group_id"];
    assert_eq!(
        &second["booking"]["group_id"], group,
        "attendees of one group slot share its group"
    );
    let (status, attendees) = app
        .get(
            &format!("/schedules/group-bookings/{group}/attendees"),
            &host,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{attendees}");
    assert_eq!(attendees["attendees"]["total"], 3);
    let (_, searched) = app
        .get(
            &format!("/schedules/group-bookings/{group}/attendees?search=guest"),
            &host,
        )
        .await;
    assert_eq!(searched["attendees"]["total"], 1);
    app.delete(&format!("/schedules/{group}"), &host).await;
    let mut conn = app.store.conn().await.expect("conn");
    assert_eq!(
        app::store::bookings::count(conn.ex()).await.expect("count"),
        0,
        "the whole group is deleted"
    );
}

#[tokio::test]
async fn own_bookings_lists_what_the_caller_booked_as_an_attendee() {
    let app = TestApp::spawn().await;
    let (_, event, _) = booked(&app, "jane").await;
    let maya = app.user("maya", "host").await; // maya@example.com
    let time = format!(
        "{} 11:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(21)
    );
    let (status, made) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({"name": "Maya Tester", "email": "MAYA@example.com", "timezone": "Europe/Berlin", "event_time": time}))).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let (status, body) = app.get("/bookings?calendar_ids%5B%5D=all", &maya).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["total"], 1,
        "matched by email, case-insensitively: {body}"
    );
    let mine = &body["bookings"][0];
    assert_eq!(
        (
            mine["booking_title"].clone(),
            mine["status"].clone(),
            mine["author_name"].clone()
        ),
        (json!("Hour"), json!("Scheduled"), json!("Jane Tester"))
    );
    assert_eq!(mine["booking_time"], "11:00 - 12:00");
    let (_, upcoming) = app.get("/bookings?period=upcoming", &maya).await;
    assert_eq!(upcoming["total"], body["total"]);
    let (_, past) = app.get("/bookings?period=past", &maya).await;
    assert_eq!(past["total"], 0);
    let (status, bad) = app.get("/bookings?period=later", &maya).await;
    assert_invalid_field(status, &bad, "period");
}

#[tokio::test]
async fn update_all_changes_every_attendee_of_a_group() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "14:00", "to": "15:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Class", "duration": 60, "event_type": "group", "max_book_per_slot": 5, "is_display_spots": true, "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let time = format!(
        "{} 14:00:00",
        chrono::Utc::now().date_naive() + chrono::Duration::days(12)
    );
    let mut ids = Vec::new();
    for name in ["Ann Lee", "Bob Ray"] {
        let (_, b) = app.send(Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({"name": name, "email": "x@example.org", "timezone": "UTC", "event_time": time}))).await;
        ids.push(b["booking"]["id"].clone());
    }
    let (status, answer) = app.send(Method::PUT, &format!("/schedules/{}", ids[0]), Some(&host), Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "Class moved", "update_all": true}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    for id in &ids {
        let (_, b) = app.get(&format!("/schedules/{id}"), &host).await;
        assert_eq!(b["schedule"]["status"], "cancelled", "{id}");
    }
}

#[tokio::test]
async fn confirming_a_pending_booking_rechecks_its_time() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let week: Vec<Value> = EVERY_DAY
        .iter()
        .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
        .collect();
    let (_, made) = app.post("/calendars", &host, json!({"calendar": {"author_timezone": "UTC", "slot": {
        "title": "Hour", "duration": 60, "event_type": "single", "availability_type": "custom",
        "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120, "schedule_conditions": {"value": 0, "unit": "minutes"}}}}})).await;
    let (cal, event) = (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    );
    let day = chrono::Utc::now().date_naive() + chrono::Duration::days(14);
    let mut body = json!({"name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC", "event_time": format!("{day} 10:00:00"), "status": "pending"});
    let (_, booked) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            Some(&host),
            Some(body.clone()),
        )
        .await;
    assert_eq!(booked["booking"]["status"], "pending");
    // The host takes that day off, then tries to confirm.
    let (status, saved) = app.post(&format!("/calendars/{cal}/events/{event}/availability"), &host, json!({
        "schedule_type": "weekly_schedules", "availability_type": "custom", "weekly_schedules": week,
        "date_overrides": {day.format("%Y-%m-%d").to_string(): []}})).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let path = format!("/schedules/{}", booked["booking"]["id"]);
    let (status, refused) = app
        .send(
            Method::PUT,
            &path,
            Some(&host),
            Some(json!({"column": "status", "value": "scheduled"})),
        )
        .await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["date_override"]));
    let (_, still) = app.get(&path, &host).await;
    assert_eq!(still["schedule"]["status"], "pending", "nothing changed");
    body["event_time"] = json!(format!("{} 10:00:00", day + chrono::Duration::days(1)));
    let (_, other) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            Some(&host),
            Some(body),
        )
        .await;
    let (status, ok) = app
        .send(
            Method::PUT,
            &format!("/schedules/{}", other["booking"]["id"]),
            Some(&host),
            Some(json!({"column": "status", "value": "scheduled"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{ok}");
}
