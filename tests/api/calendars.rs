use reqwest::StatusCode;
use serde_json::json;

use crate::support::{TestApp, assert_envelope, assert_invalid_field, calendar_body};

#[tokio::test]
async fn create_calendar_answers_the_calendar_its_first_event_and_a_redirect() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let body = app.calendar_for(&host, "Europe/Berlin").await;
    let calendar = &body["calendar"];
    assert_eq!(calendar["type"], "simple");
    assert_eq!(calendar["slug"], "jane");
    assert_eq!(calendar["title"], "Jane Tester");
    assert_eq!(calendar["author_timezone"], "Europe/Berlin");
    assert_eq!(calendar["user_id"], host.id);
    assert!(
        calendar["created_at"]
            .as_str()
            .is_some_and(|t| t.ends_with("+00:00"))
    );
    let slot = &body["slot"];
    assert_eq!(slot["title"], "Intro call");
    assert_eq!(slot["duration"], 30);
    assert_eq!(slot["slug"], "30min");
    assert_eq!(slot["status"], "active");
    assert_eq!(slot["color_schema"], "#0099ff");
    assert_eq!(slot["max_book_per_slot"], 1);
    assert_eq!(slot["settings"]["range_days"], 60);
    assert_eq!(
        slot["settings"]["schedule_conditions"],
        json!({"value": 4, "unit": "hours"})
    );
    assert_eq!(calendar["event_order"], json!([slot["id"]]));
    assert!(
        body["redirect_url"]
            .as_str()
            .is_some_and(|u| u.contains(&format!("/calendars/{}", calendar["id"])))
    );
}

#[tokio::test]
async fn create_calendar_stores_a_custom_weekly_schedule_in_wall_clock_form() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let mut body = calendar_body("Asia/Kathmandu");
    body["calendar"]["slot"]["availability_type"] = json!("custom");
    let (status, created) = app.post("/calendars", &host, body).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let week = &created["slot"]["settings"]["weekly_schedules"];
    assert_eq!(
        week["mon"],
        json!({"enabled": true, "slots": [{"start": "09:00", "end": "17:00"}]})
    );
    assert_eq!(week["tue"]["slots"][0]["end"], "12:00");
    assert_eq!(week["sun"]["enabled"], false);
    assert_eq!(created["slot"]["availability_type"], "custom");
}

#[tokio::test]
async fn create_calendar_sanitizes_html_descriptions() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let mut body = calendar_body("UTC");
    body["calendar"]["slot"]["description"] =
        json!("<p onclick=\"steal()\">Hello <b>you</b><script>alert(1)</script></p>");
    let (status, created) = app.post("/calendars", &host, body).await;
    assert_eq!(status, StatusCode::OK);
    let description = created["slot"]["description"].as_str().unwrap_or_default();
    assert!(description.contains("<b>you</b>"), "{description}");
    assert!(
        !description.contains("script") && !description.contains("onclick"),
        "{description}"
    );
}

#[tokio::test]
async fn create_calendar_names_each_invalid_field_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    let cases = [
        ("/calendar/slot/title", json!(""), "calendar.slot.title"),
        (
            "/calendar/slot/duration",
            json!(4),
            "calendar.slot.duration",
        ),
        (
            "/calendar/slot/duration",
            json!("thirty"),
            "calendar.slot.duration",
        ),
        (
            "/calendar/slot/event_type",
            json!("party"),
            "calendar.slot.event_type",
        ),
        (
            "/calendar/slot/availability_type",
            json!("sometimes"),
            "calendar.slot.availability_type",
        ),
        (
            "/calendar/author_timezone",
            json!("Mars/Olympus"),
            "calendar.author_timezone",
        ),
        (
            "/calendar/slot/title",
            json!("x".repeat(300)),
            "calendar.slot.title",
        ),
        (
            "/calendar/slot/color_schema",
            json!("blue"),
            "calendar.slot.color_schema",
        ),
        (
            "/calendar/slug",
            json!("no spaces allowed"),
            "calendar.slug",
        ),
        (
            "/calendar/slot/settings/schedule_type",
            json!(null),
            "calendar.slot.settings.schedule_type",
        ),
        (
            "/calendar/slot/settings/weekly_schedules",
            json!(null),
            "calendar.slot.settings.weekly_schedules",
        ),
        (
            "/calendar/slot/settings/weekly_schedules",
            json!([{"day": "mon", "from": "9am", "to": "17:00"}]),
            "calendar.slot.settings.weekly_schedules.0.from",
        ),
        (
            "/calendar/slot/settings/weekly_schedules",
            json!([{"day": "mon", "from": "17:00", "to": "09:00"}]),
            "calendar.slot.settings.weekly_schedules.0",
        ),
        (
            "/calendar/slot/settings/weekly_schedules",
            json!([{"day": "someday", "from": "09:00", "to": "10:00"}]),
            "calendar.slot.settings.weekly_schedules.0.day",
        ),
        (
            "/calendar/slot/location_settings",
            json!([{"type": "phone_organizer"}]),
            "calendar.slot.location_settings.0.host_phone_number",
        ),
        (
            "/calendar/slot/location_settings",
            json!([{"type": "custom"}]),
            "calendar.slot.location_settings.0.title",
        ),
    ];
    for (pointer, value, field) in cases {
        let mut body = calendar_body("UTC");
        let (parent, key) = pointer.rsplit_once('/').unwrap_or_default();
        body.pointer_mut(parent)
            .and_then(|p| p.as_object_mut())
            .unwrap_or_else(|| panic!("{pointer}"))
            .insert(key.to_string(), value);
        let (status, answer) = app.post("/calendars", &host, body).await;
        assert_invalid_field(status, &answer, field);
    }
    let (status, answer) = app.post("/calendars", &host, json!({})).await;
    assert_invalid_field(status, &answer, "calendar");
    let (_, list) = app.get("/calendars", &host).await;
    assert_eq!(
        list["calendars"]["total"], 0,
        "a refused create must write nothing"
    );
}

#[tokio::test]
async fn a_host_gets_one_simple_calendar_only() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    app.calendar_for(&host, "UTC").await;
    let (status, body) = app.post("/calendars", &host, calendar_body("UTC")).await;
    assert_envelope(status, &body, 422, "calendar_exists");
    assert_eq!(
        body["message"],
        "The user already has a calendar. Please delete it first to create a new one"
    );
}

#[tokio::test]
async fn a_taken_slug_gets_a_suffix_on_create() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let mut first = calendar_body("UTC");
    first["calendar"]["type"] = json!("team");
    first["calendar"]["title"] = json!("Sales Team");
    first["calendar"]["slot"]["settings"]["team_members"] = json!([admin.id]);
    let (status, a) = app.post("/calendars", &admin, first.clone()).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let (status, b) = app.post("/calendars", &admin, first).await;
    assert_eq!(status, StatusCode::OK, "{b}");
    assert_eq!(a["calendar"]["slug"], "sales-team");
    assert_eq!(b["calendar"]["slug"], "sales-team-2");
}

#[tokio::test]
async fn team_calendars_need_a_title_and_members_including_the_host() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let other = app.host("omar").await;
    let mut body = calendar_body("UTC");
    body["calendar"]["type"] = json!("team");
    body["calendar"]["slot"]["settings"]["team_members"] = json!([admin.id]);
    let (status, answer) = app.post("/calendars", &admin, body.clone()).await;
    assert_invalid_field(status, &answer, "calendar.title");
    body["calendar"]["title"] = json!("Support");
    body["calendar"]["slot"]["settings"]["team_members"] = json!([other.id]);
    let (status, answer) = app.post("/calendars", &admin, body.clone()).await;
    assert_invalid_field(status, &answer, "calendar.slot.settings.team_members");
    body["calendar"]["slot"]["settings"]["team_members"] = json!([admin.id, 9999]);
    let (status, answer) = app.post("/calendars", &admin, body.clone()).await;
    assert_invalid_field(status, &answer, "calendar.slot.settings.team_members");
    body["calendar"]["slot"]["settings"]["team_members"] = json!([admin.id, other.id]);
    body["calendar"]["slot"]["event_type"] = json!("round_robin");
    let (status, answer) = app.post("/calendars", &admin, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["calendar"]["type"], "team");
}

#[tokio::test]
async fn user_id_is_honoured_for_administrators_and_ignored_for_hosts() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    let mut body = calendar_body("UTC");
    body["calendar"]["user_id"] = json!(jane.id);
    let (_, made) = app.post("/calendars", &admin, body.clone()).await;
    assert_eq!(made["calendar"]["user_id"], jane.id);
    body["calendar"]["user_id"] = json!(admin.id);
    let (_, made) = app.post("/calendars", &bob, body).await;
    assert_eq!(made["calendar"]["user_id"], bob.id);
}

#[tokio::test]
async fn list_calendars_paginates_and_filters() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    for name in ["anna", "bert", "cara"] {
        let host = app.host(name).await;
        app.calendar_for(&host, "UTC").await;
    }
    let (status, page) = app.get("/calendars?per_page=2&page=2", &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["message"], "Calendars have been fetched");
    let calendars = &page["calendars"];
    assert_eq!(
        (
            calendars["total"].as_i64(),
            calendars["per_page"].as_i64(),
            calendars["current_page"].as_i64(),
            calendars["last_page"].as_i64()
        ),
        (Some(3), Some(2), Some(2), Some(2))
    );
    assert_eq!(calendars["data"].as_array().map(Vec::len), Some(1));
    let first = &calendars["data"][0];
    assert_eq!(first["slug"], "anna", "newest first");
    assert_eq!(first["slots"][0]["title"], "Intro call");
    assert_eq!(first["user"]["user_login"], "anna");

    let (_, teams) = app
        .get("/calendars?query%5BcalendarType%5D=team", &admin)
        .await;
    assert_eq!(teams["calendars"]["total"], 0);
    let (_, none) = app
        .get("/calendars?query%5Bsearch%5D=nothing-like-this", &admin)
        .await;
    assert_eq!(none["calendars"]["total"], 0);
    let (_, found) = app.get("/calendars?query%5Bsearch%5D=intro", &admin).await;
    assert_eq!(found["calendars"]["total"], 3);
    let (_, lists) = app
        .get("/calendars?with%5B%5D=calendar_event_lists", &admin)
        .await;
    assert_eq!(
        lists["calendar_event_lists"]["hosts"]
            .as_array()
            .map(Vec::len),
        Some(3)
    );
    assert_eq!(
        lists["calendar_event_lists"]["hosts"][0]["options"][0]["title"],
        "Intro call"
    );
}

#[tokio::test]
async fn list_calendars_refuses_bad_paging_with_a_named_field() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    for query in [
        "page=-1",
        "page=0",
        "page=abc",
        "page=100000000000000000000",
        "per_page=1000",
        // Sent empty, a number is not a number (the document declares an integer).
        "per_page=",
        "page=",
        "query%5BcalendarType%5D=weird",
    ] {
        let (status, body) = app.get(&format!("/calendars?{query}"), &admin).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}: {body}");
        let field = query
            .split('=')
            .next()
            .unwrap_or_default()
            .replace("%5B", "[")
            .replace("%5D", "]");
        assert!(body["errors"].get(&field).is_some(), "{query}: {body}");
    }
    let (status, body) = app.get("/bookings?per_page=&period=", &admin).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["errors"].get("per_page").is_some(), "{body}");
}

#[tokio::test]
async fn a_host_sees_only_its_own_calendars() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    let janes = app.calendar_for(&jane, "UTC").await;
    app.calendar_for(&bob, "UTC").await;
    let (_, list) = app.get("/calendars", &bob).await;
    assert_eq!(list["calendars"]["total"], 1);
    assert_eq!(list["calendars"]["data"][0]["user_id"], bob.id);
    let id = &janes["calendar"]["id"];
    for (method, path) in [
        (reqwest::Method::GET, format!("/calendars/{id}")),
        (reqwest::Method::POST, format!("/calendars/{id}")),
        (reqwest::Method::DELETE, format!("/calendars/{id}")),
        (
            reqwest::Method::GET,
            format!("/calendars/{id}/event-schema"),
        ),
        (
            reqwest::Method::GET,
            format!("/calendars/{id}/sharing-settings"),
        ),
        (
            reqwest::Method::POST,
            format!("/calendars/{id}/sharing-settings"),
        ),
    ] {
        let body = (method == reqwest::Method::POST).then(|| json!({"description": "mine now"}));
        let (status, answer) = app.send(method.clone(), &path, Some(&bob), body).await;
        assert_envelope(status, &answer, 404, "not_found");
    }
}

#[tokio::test]
async fn get_update_and_delete_a_calendar() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let id = made["calendar"]["id"].as_i64().unwrap_or_default();
    let (status, got) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(got["calendar"]["slots"][0]["id"], made["slot"]["id"]);
    assert_eq!(got["calendar"]["author_profile"]["name"], "Jane Tester");

    let (status, updated) = app
        .post(
            &format!("/calendars/{id}"),
            &jane,
            json!({"description": "<i>Hi</i><img src=x onerror=alert(1)>"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{updated}");
    assert_eq!(updated["message"], "Calendar has been updated successfully");
    assert_eq!(
        updated["calendar"]["description"],
        "<i>Hi</i><img src=\"x\">"
    );

    let (status, deleted) = app.delete(&format!("/calendars/{id}"), &jane).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(deleted["message"], "Calendar Deleted Successfully!");
    let (status, gone) = app.get(&format!("/calendars/{id}"), &jane).await;
    assert_envelope(status, &gone, 404, "not_found");
    // The host may create a new calendar once the old one is gone.
    app.calendar_for(&jane, "UTC").await;
}

#[tokio::test]
async fn team_members_may_read_but_not_delete_a_team_calendar() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let member = app.host("mia").await;
    let mut body = calendar_body("UTC");
    body["calendar"]["type"] = json!("team");
    body["calendar"]["title"] = json!("Team");
    body["calendar"]["slot"]["event_type"] = json!("collective");
    body["calendar"]["slot"]["settings"]["team_members"] = json!([admin.id, member.id]);
    let (_, made) = app.post("/calendars", &admin, body).await;
    let id = &made["calendar"]["id"];
    let (status, _) = app.get(&format!("/calendars/{id}"), &member).await;
    assert_eq!(status, StatusCode::OK);
    let (_, listed) = app.get("/calendars", &member).await;
    assert_eq!(listed["calendars"]["total"], 1);
    let (status, refused) = app.delete(&format!("/calendars/{id}"), &member).await;
    assert_envelope(status, &refused, 403, "rest_forbidden");
}

#[tokio::test]
async fn check_slug_tells_available_taken_and_malformed_apart() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    app.calendar_for(&jane, "UTC").await;
    let (status, ok) = app
        .post("/calendars/check-slug", &jane, json!({"slug": "free-slug"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        ok,
        json!({"status": true, "message": "The provided slug is available"})
    );
    let (status, taken) = app
        .post("/calendars/check-slug", &jane, json!({"slug": "jane"}))
        .await;
    assert_envelope(status, &taken, 409, "slug_taken");
    assert_eq!(
        taken["message"],
        "The provided slug is not available. Please choose a different one"
    );
    for bad in [
        json!({"slug": "ab"}),
        json!({"slug": "admin"}),
        json!({"slug": "a b c d"}),
        json!({}),
        json!({"slug": 12345}),
    ] {
        let (status, answer) = app.post("/calendars/check-slug", &jane, bad).await;
        assert_invalid_field(status, &answer, "slug");
    }
}

#[tokio::test]
async fn event_schema_is_the_template_of_a_new_event() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let made = app.calendar_for(&jane, "UTC").await;
    let (status, schema) = app
        .get(
            &format!("/calendars/{}/event-schema", made["calendar"]["id"]),
            &jane,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let slot = &schema["slot"];
    assert_eq!(slot["duration"], "30");
    assert_eq!(slot["status"], "active");
    assert_eq!(slot["calendar"]["slug"], "jane");
    assert_eq!(slot["settings"]["range_type"], "range_days");
    assert_eq!(
        slot["settings"]["weekly_schedules"]["mon"]["slots"][0]["start"],
        "09:00"
    );
    assert!(
        slot["settings"]["location_fields"]["phone"]["options"]
            .get("phone_guest")
            .is_some()
    );
}

#[tokio::test]
async fn a_calendar_update_refuses_a_number_for_its_texts_and_stores_nothing() {
    let app = TestApp::spawn().await;
    let host = app.host("nina").await;
    let (_, made) = app
        .post(
            "/calendars",
            &host,
            crate::support::calendar_body("Europe/Berlin"),
        )
        .await;
    let id = made["calendar"]["id"].as_i64().expect("id");
    let (status, refused) = app
        .post(
            &format!("/calendars/{id}"),
            &host,
            json!({"description": 34.5, "language": "fr"}),
        )
        .await;
    crate::support::assert_invalid_field(status, &refused, "description");
    let (_, got) = app.get(&format!("/calendars/{id}"), &host).await;
    assert_eq!(got["calendar"]["language"], "en", "{got}");
}
