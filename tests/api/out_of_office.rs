//! Out of office (DESIGN 2.8): `GET|POST /out-of-office`, `DELETE /out-of-office/{id}`; no
//! time on those days with the user as host, round robin hands its turns to the teammate,
//! and the booking page says who is away and where to book instead.

use chrono::NaiveDate;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::pages::berlin_event;
use crate::support::{TestApp, assert_envelope, assert_invalid_field, daily_event};

/// `YYYY-MM-DD` `days` after `day`.
fn plus(day: &str, days: i64) -> String {
    let date = NaiveDate::parse_from_str(day, "%Y-%m-%d").expect("date");
    (date + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

#[tokio::test]
async fn periods_are_the_callers_listed_deleted_and_refused_when_malformed() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let omar = app.host("omar").await;
    let admin = app.admin().await;
    let (status, empty) = app.get("/out-of-office", &jane).await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(empty, json!({"periods": []}));

    let (status, saved) = app
        .post(
            "/out-of-office",
            &jane,
            json!({"start_date": "2027-03-01", "end_date": "2027-03-05", "reason": "Holiday", "teammate_id": omar.id}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["message"], "Out of office has been saved");
    let period = saved["period"].clone();
    assert_eq!(
        period,
        json!({"id": period["id"], "user_id": jane.id, "start_date": "2027-03-01",
               "end_date": "2027-03-05", "reason": "Holiday", "teammate_id": omar.id})
    );
    assert!(period["id"].as_i64().is_some());
    let (_, one_day) = app
        .post(
            "/out-of-office",
            &jane,
            json!({"start_date": "2027-02-10", "end_date": "2027-02-10"}),
        )
        .await;
    assert_eq!(one_day["period"]["reason"], "");
    assert_eq!(one_day["period"]["teammate_id"], Value::Null);
    let (_, listed) = app.get("/out-of-office", &jane).await;
    assert_eq!(
        listed["periods"],
        json!([one_day["period"], period]),
        "soonest first"
    );

    for (bad, field) in [
        (
            json!({"start_date": "2027-03-05", "end_date": "2027-03-01"}),
            "end_date",
        ),
        (
            json!({"start_date": "2027-13-01", "end_date": "2027-12-01"}),
            "start_date",
        ),
        (json!({"start_date": "2027-03-01"}), "end_date"),
        (
            json!({"start_date": 20270301, "end_date": "2027-03-02"}),
            "start_date",
        ),
        (
            json!({"start_date": "2027-03-01", "end_date": "2027-03-02", "teammate_id": jane.id}),
            "teammate_id",
        ),
        (
            json!({"start_date": "2027-03-01", "end_date": "2027-03-02", "teammate_id": 999_999}),
            "teammate_id",
        ),
        (
            json!({"start_date": "2027-03-01", "end_date": "2027-03-02", "teammate_id": "someone"}),
            "teammate_id",
        ),
    ] {
        let (status, body) = app.post("/out-of-office", &jane, bad.clone()).await;
        assert_invalid_field(status, &body, field);
    }
    let (_, kept) = app.get("/out-of-office", &jane).await;
    assert_eq!(kept, listed, "a refusal writes nothing");

    // Another user's: not theirs to read or delete.
    let id = period["id"].as_i64().unwrap_or_default();
    let (status, body) = app.delete(&format!("/out-of-office/{id}"), &omar).await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = app
        .get(&format!("/out-of-office?user_id={}", jane.id), &omar)
        .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, body) = app
        .get(&format!("/out-of-office?user_id={}", jane.id), &admin)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, listed);

    let (status, gone) = app.delete(&format!("/out-of-office/{id}"), &jane).await;
    assert_eq!(status, StatusCode::OK, "{gone}");
    assert_eq!(gone, json!({"message": "Out of office has been deleted"}));
    let (status, body) = app.delete(&format!("/out-of-office/{id}"), &jane).await;
    assert_envelope(status, &body, 404, "not_found");
    let (_, left) = app.get("/out-of-office", &jane).await;
    assert_eq!(left["periods"], json!([one_day["period"]]));
}

#[tokio::test]
async fn an_away_day_offers_no_time_and_refuses_the_create_with_its_reason() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let (_, event) = daily_event(&app, &host, "UTC", 30, ("09:00", "12:00")).await;
    let slot = app.first_offered_slot(event).await;
    let day = plus(&slot[..10], 1);
    assert!(!app.offered_on(event, &day).await.is_empty());
    let (status, saved) = app
        .post(
            "/out-of-office",
            &host,
            json!({"start_date": day, "end_date": plus(&day, 1)}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert!(app.offered_on(event, &day).await.is_empty());
    assert!(app.offered_on(event, &plus(&day, 1)).await.is_empty());
    assert!(
        !app.offered_on(event, &plus(&day, 2)).await.is_empty(),
        "the day after the period"
    );
    let (status, refused) = app.book(event).at(&format!("{day} 10:00:00")).send().await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert_eq!(refused["data"]["reasons"], json!(["out_of_office"]));
    let id = saved["period"]["id"].as_i64().unwrap_or_default();
    let (status, _) = app.delete(&format!("/out-of-office/{id}"), &host).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.offered_on(event, &day).await.len(),
        6,
        "deleted: the day is offered again"
    );
}

#[tokio::test]
async fn round_robin_gives_an_away_members_turn_to_its_teammate_and_collective_waits() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let ann = app.host("anna").await;
    let ben = app.host("bert").await;
    let cleo = app.host("cleo").await;
    let members = json!([ann.id, ben.id, cleo.id]);
    let team = |event_type: &str, title: &str, members: &Value| {
        let week: Vec<Value> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            .iter()
            .map(|d| json!({"day": d, "from": "09:00", "to": "12:00"}))
            .collect();
        json!({"calendar": {"type": "team", "title": title, "author_timezone": "UTC", "user_id": ann.id, "slot": {
            "title": title, "duration": 60, "event_type": event_type, "availability_type": "custom",
            "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": week, "range_days": 120,
                         "schedule_conditions": {"value": 0, "unit": "minutes"}, "team_members": members}}}})
    };
    let (status, rr) = app
        .post(
            "/calendars",
            &admin,
            team("round_robin", "Support", &members),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{rr}");
    let rr_event = rr["slot"]["id"].as_i64().unwrap_or_default();
    let day = plus(&app.first_offered_slot(rr_event).await[..10], 2);
    let (status, saved) = app
        .post(
            "/out-of-office",
            &ann,
            json!({"start_date": day, "end_date": day, "teammate_id": cleo.id}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");

    let time = format!("{day} 10:00:00");
    let host_of = |answer: &Value| answer["booking"]["host_user_id"].as_i64();
    // Bert would win the tie by id; Cleo stands in for Anna first.
    let first = app
        .book(rr_event)
        .at(&time)
        .email("one@example.org")
        .booked()
        .await;
    assert_eq!(host_of(&first), Some(cleo.id), "{first}");
    let second = app
        .book(rr_event)
        .at(&time)
        .email("two@example.org")
        .booked()
        .await;
    assert_eq!(host_of(&second), Some(ben.id), "{second}");
    let (status, third) = app
        .book(rr_event)
        .at(&time)
        .email("three@example.org")
        .send()
        .await;
    assert_envelope(status, &third, 409, "slot_unavailable");
    // The next day Anna is back and takes the turn.
    let next = app
        .book(rr_event)
        .at(&format!("{} 10:00:00", plus(&day, 1)))
        .email("four@example.org")
        .booked()
        .await;
    assert_eq!(host_of(&next), Some(ann.id), "{next}");

    let (status, co) = app
        .post(
            "/calendars",
            &admin,
            team("collective", "Panel", &json!([ann.id, ben.id])),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{co}");
    let co_event = co["slot"]["id"].as_i64().unwrap_or_default();
    assert!(app.offered_on(co_event, &day).await.is_empty());
    assert!(!app.offered_on(co_event, &plus(&day, 1)).await.is_empty());
    let (status, refused) = app
        .book(co_event)
        .at(&format!("{day} 11:00:00"))
        .send()
        .await;
    assert_envelope(status, &refused, 409, "slot_unavailable");
    assert!(
        refused["data"]["reasons"]
            .as_array()
            .is_some_and(|r| r.contains(&json!("out_of_office"))),
        "{refused}"
    );
}

#[tokio::test]
async fn the_booking_page_says_who_is_away_and_links_the_teammates_page() {
    let app = TestApp::spawn().await;
    let (anna, _, _, path) = berlin_event(&app).await;
    let omar = app.host("omar").await;
    app.calendar_for(&omar, "UTC").await;
    let month = (chrono::Utc::now().date_naive() + chrono::Duration::days(70))
        .format("%Y-%m")
        .to_string();
    let (status, _) = app
        .post(
            "/out-of-office",
            &anna,
            json!({"start_date": format!("{month}-10"), "end_date": format!("{month}-12"), "teammate_id": omar.id}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let first = NaiveDate::parse_from_str(&format!("{month}-10"), "%Y-%m-%d").expect("date");
    let words = format!(
        "Anna Tester is out of office from 10 {} to 12 {}",
        first.format("%B %Y"),
        first.format("%B %Y")
    );
    let html = app.text(&format!("{path}?month={month}")).await;
    assert!(html.contains(&words), "{html}");
    assert!(
        html.contains(r#"<a href="/omar?lang=en""#) && html.contains(">Book with Omar Tester</a>"),
        "{html}"
    );
    // Those days have no times on the page.
    assert!(!html.contains(&format!("date={month}-11")), "{html}");
    // Another month says nothing.
    let before = (first - chrono::Duration::days(40))
        .format("%Y-%m")
        .to_string();
    let other = app.text(&format!("{path}?month={before}")).await;
    assert!(!other.contains("is out of office"));
}

#[tokio::test]
async fn a_host_adds_and_deletes_days_away_on_the_settings_page() {
    use crate::desk::Desk;
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let omar = app.host("omar").await;
    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/settings").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(">Out of office</h2>"), "{html}");
    for label in [">From</label>", ">To</label>", ">Teammate</label>"] {
        assert!(html.contains(label), "{label}: {html}");
    }
    assert!(html.contains(">Omar Tester</option>") && !html.contains(">Jane Tester</option>"));
    assert!(html.contains(">Add</button>"));
    let token = desk.token("/admin/settings").await;
    let omar_id = omar.id.to_string();
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "away"),
                ("start_date", "2027-03-05"),
                ("end_date", "2027-03-01"),
                ("teammate_id", &omar_id),
                ("reason", ""),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"away-end_date-error\""), "{html}");
    assert!(
        html.contains(r#"value="2027-03-05""#),
        "the form keeps what was sent"
    );
    let (_, stored) = app.get("/out-of-office", &jane).await;
    assert_eq!(stored["periods"], json!([]), "nothing saved");
    let (status, location, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "away"),
                ("start_date", "2027-03-01"),
                ("end_date", "2027-03-05"),
                ("teammate_id", &omar_id),
                ("reason", "Conference"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=away#away");
    let (_, stored) = app.get("/out-of-office", &jane).await;
    let period = &stored["periods"][0];
    assert_eq!(
        (
            period["start_date"].clone(),
            period["end_date"].clone(),
            period["teammate_id"].clone(),
            period["reason"].clone()
        ),
        (
            json!("2027-03-01"),
            json!("2027-03-05"),
            json!(omar.id),
            json!("Conference")
        )
    );
    let (_, html) = desk.page("/admin/settings?saved=away").await;
    assert!(html.contains("1 March 2027 to 5 March 2027"), "{html}");
    assert!(html.contains("Teammate: Omar Tester"), "{html}");

    // Someone else's period is not found; one's own is deleted.
    let (status, theirs) = app
        .post(
            "/out-of-office",
            &omar,
            json!({"start_date": "2027-04-01", "end_date": "2027-04-02"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let their_id = theirs["period"]["id"].to_string();
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "away_delete"),
                ("period_id", &their_id),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("That period is not in your list (any more)."),
        "{html}"
    );
    let (_, still) = app.get("/out-of-office", &omar).await;
    assert_eq!(still["periods"].as_array().map(Vec::len), Some(1));
    let id = period["id"].to_string();
    let (status, location, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "away_delete"),
                ("period_id", &id),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=away_delete#away");
    let (_, stored) = app.get("/out-of-office", &jane).await;
    assert_eq!(stored["periods"], json!([]));
}
