//! Paid events: per-event payment settings, the order of a paid booking, marking it paid and
//! refunding it on cancel.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

async fn paid_event(app: &TestApp) -> (Creds, i64, i64) {
    let admin = app.admin().await;
    let (status, body) = app
        .post(
            "/settings/payment",
            &admin,
            json!({"payments": {"is_active": "yes", "currency": "EUR", "currency_position": "right_space", "number_format": "dot_separated"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let host = app.host("jane").await;
    let made = app.calendar_for(&host, "UTC").await;
    (
        host,
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    )
}

fn settings_path(cal: i64, event: i64) -> String {
    format!("/calendars/{cal}/events/{event}/payment-settings")
}

async fn book(app: &TestApp, event: i64, extra: Value) -> (StatusCode, Value) {
    let time = app.first_offered_slot(event).await;
    app.book(event)
        .name("Maya Singh")
        .email("maya@example.org")
        .at(&time)
        .with(extra)
        .send()
        .await
}

async fn order(app: &TestApp, host: &Creds, id: i64) -> Value {
    let (status, body) = app
        .get(&format!("/schedules/{id}?with[]=all_data"), host)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["payment_order"].clone()
}

#[tokio::test]
async fn payment_settings_need_a_method_and_valid_prices() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = paid_event(&app).await;
    let (status, listed) = app.get(&settings_path(cal, event), &host).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["settings"]["enabled"], "no");
    assert_eq!(listed["config"]["native_enabled"], true);
    let (status, refused) = app
        .post(
            &settings_path(cal, event),
            &host,
            json!({"settings": {"enabled": "yes"}}),
        )
        .await;
    assert_invalid_field(status, &refused, "settings.offline_enabled");
    assert_eq!(
        refused["message"],
        "Please enable at least one payment method"
    );
    let (status, refused) = app
        .post(
            &settings_path(cal, event),
            &host,
            json!({"settings": {"enabled": "yes", "offline_enabled": "yes", "items": [{"title": "Fee", "value": "9.999"}]}}),
        )
        .await;
    assert_invalid_field(status, &refused, "settings.items.0.value");
    let (status, saved) = app
        .post(
            &settings_path(cal, event),
            &host,
            json!({"settings": {"enabled": "yes", "offline_enabled": "yes", "card_enabled": "yes",
                "offline_instructions": "Pay at the desk<script>x()</script>",
                "items": [{"title": "Session", "value": "49.50"}]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Settings updated successfully");
    let (_, listed) = app.get(&settings_path(cal, event), &host).await;
    assert_eq!(listed["settings"]["card_enabled"], "no", "no card provider");
    assert_eq!(
        listed["settings"]["offline_instructions"],
        "Pay at the desk"
    );
    let (_, ev) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    assert_eq!(ev["calendar_event"]["type"], "paid", "{ev}");
    let (_, fields) = app
        .get(
            &format!("/calendars/{cal}/events/{event}/booking-fields"),
            &host,
        )
        .await;
    let payment = fields["fields"]
        .as_array()
        .and_then(|all| all.iter().find(|f| f["name"] == "payment_method"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(payment["type"], "payment", "{fields}");
    assert_eq!(payment["enabled"], true);
    let other = app.host("omar").await;
    let (status, body) = app
        .post(
            &settings_path(cal, event),
            &other,
            json!({"settings": {"enabled": "no"}}),
        )
        .await;
    assert_envelope(status, &body, 404, "not_found");
}

#[tokio::test]
async fn a_paid_booking_gets_an_order_is_marked_paid_and_refunded_on_cancel() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = paid_event(&app).await;
    let (status, saved) = app
        .post(
            &settings_path(cal, event),
            &host,
            json!({"settings": {"enabled": "yes", "offline_enabled": "yes",
                "items": [{"title": "Session", "value": "1049.50"}, {"title": "Room", "value": 10}]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, refused) = book(&app, event, json!({"payment_method": "card"})).await;
    assert_invalid_field(status, &refused, "payment_method");
    let (status, booked) = book(&app, event, json!({"payment_method": "offline"})).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    assert_eq!(booked["booking"]["payment_status"], "pending");
    assert_eq!(booked["booking"]["payment_method"], "offline");
    assert_eq!(
        booked["booking"]["status"], "scheduled",
        "offline pay does not hold the booking"
    );
    let id = booked["booking"]["id"].as_i64().unwrap_or_default();

    let placed = order(&app, &host, id).await;
    assert_eq!(placed["status"], "pending");
    assert_eq!(placed["currency"], "EUR");
    assert_eq!(placed["total_cents"], 105_950);
    assert_eq!(placed["total_formatted"], "1.059,50 €");
    assert_eq!(placed["items"].as_array().map(Vec::len), Some(2));
    assert_eq!(placed["items"][1]["item_total_cents"], 1000);
    assert_eq!(placed["transaction"]["status"], "pending");
    assert_eq!(placed["transaction"]["transaction_type"], "offline");

    // The host marks it paid.
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "payment_status", "value": "paid"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let paid = order(&app, &host, id).await;
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["total_paid_cents"], 105_950);
    assert_eq!(paid["transaction"]["status"], "paid");

    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "status", "value": "cancelled", "cancel_reason": "Closed", "refund_payment": "yes"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, meta) = app
        .get(&format!("/schedules/{id}/meta-info?with=all_data"), &host)
        .await;
    let refunded = &meta["payment_order"];
    assert_eq!(refunded["status"], "refunded", "{meta}");
    assert_eq!(refunded["refunds"][0]["total_cents"], 105_950);
    assert_eq!(refunded["total_paid_cents"], 0);
    let (_, schedule) = app.get(&format!("/schedules/{id}"), &host).await;
    assert_eq!(schedule["schedule"]["payment_status"], "refunded");
    assert!(
        meta["activities"].as_array().is_some_and(|a| a
            .iter()
            .any(|x| x["title"] == "Payment Refunded Successfully")),
        "{meta}"
    );
    // A refunded payment cannot be marked paid again.
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/schedules/{id}"),
            Some(&host),
            Some(json!({"column": "payment_status", "value": "paid"})),
        )
        .await;
    assert_envelope(status, &body, 409, "invalid_transition");
}

#[tokio::test]
async fn free_events_and_sites_without_payments_take_no_money() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let made = app.calendar_for(&host, "UTC").await;
    let (cal, event) = (
        made["calendar"]["id"].as_i64().unwrap_or_default(),
        made["slot"]["id"].as_i64().unwrap_or_default(),
    );
    // Priced, but payments are off for the whole site.
    let (status, saved) = app
        .post(
            &settings_path(cal, event),
            &host,
            json!({"settings": {"enabled": "yes", "offline_enabled": "yes", "items": [{"title": "Fee", "value": 20}]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, booked) = book(&app, event, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    assert_eq!(booked["booking"]["payment_status"], Value::Null);
    let id = booked["booking"]["id"].as_i64().unwrap_or_default();
    assert_eq!(order(&app, &host, id).await, Value::Null);
}

#[tokio::test]
async fn the_booking_form_offers_the_payment_with_its_price_and_books_it() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = paid_event(&app).await;
    let (status, saved) = app
        .post(
            &settings_path(cal, event),
            &host,
            json!({"settings": {"enabled": "yes", "offline_enabled": "yes",
                "offline_instructions": "<p>Pay at the front desk.</p>",
                "items": [{"title": "Session", "value": "25"}]}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, ev) = app
        .get(&format!("/calendars/{cal}/events/{event}"), &host)
        .await;
    let slug = ev["calendar_event"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let slot = app.first_offered_slot(event).await;
    let (date, time) = slot.split_at(10);
    let path = format!(
        "{}/jane/{slug}?date={date}&time={}&tz=UTC",
        app.base,
        time.trim()[..5].replace(':', "%3A")
    );
    let form = app.client.get(&path).send().await.expect("page");
    let html = form.text().await.expect("html");
    assert!(html.contains(r#"name="payment_method""#), "{html}");
    assert!(html.contains("Pay offline (25,00 €)"), "{html}");
    assert!(html.contains("Pay at the front desk."), "{html}");
    let done = app
        .client
        .post(&path)
        .form(&[
            ("name", "Ann Attendee"),
            ("email", "ann@example.org"),
            ("payment_method", "offline"),
            ("hold", &crate::pages::held_token(&html)),
        ])
        .send()
        .await
        .expect("post");
    assert_eq!(done.status(), StatusCode::SEE_OTHER);
    let (_, list) = app.get("/schedules", &host).await;
    let booked = list["schedules"]["data"][0]["id"]
        .as_i64()
        .unwrap_or_default();
    assert_eq!(order(&app, &host, booked).await["total_cents"], 2500);
}

#[tokio::test]
async fn the_desk_marks_a_booking_paid_and_refunds_it_when_cancelling() {
    let app = TestApp::spawn().await;
    let (host, cal, event) = paid_event(&app).await;
    app.post(
        &settings_path(cal, event),
        &host,
        json!({"settings": {"enabled": "yes", "offline_enabled": "yes", "items": [{"title": "Session", "value": 30}]}}),
    )
    .await;
    let (_, booked) = book(&app, event, json!({})).await;
    let id = booked["booking"]["id"].as_i64().unwrap_or_default();
    let desk = crate::desk::Desk::open(&app, "jane").await;
    let path = format!("/admin/bookings/{id}");
    let (_, html) = desk.page(&path).await;
    assert!(html.contains("Mark as paid") && !html.contains("Refund the payment"));
    let token = desk.token(&path).await;
    let (status, _, _) = desk
        .post(&path, &[("csrf", &token), ("action", "paid")])
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(order(&app, &host, id).await["status"], "paid");
    let (_, html) = desk.page(&path).await;
    assert!(!html.contains("Mark as paid") && html.contains("Refund the payment"));
    let (status, _, _) = desk
        .post(
            &path,
            &[
                ("csrf", &token),
                ("action", "cancel"),
                ("reason", "Closed"),
                ("refund", "on"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(order(&app, &host, id).await["status"], "refunded");
}
