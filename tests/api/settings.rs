use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::{TestApp, assert_envelope, assert_invalid_field};

#[tokio::test]
async fn general_settings_start_from_the_defaults_with_field_definitions_and_lists() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (status, body) = app.get("/settings/general", &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["time_format"], "12");
    assert_eq!(body["administration"]["auto_complete_timing"], "60");
    assert_eq!(body["administration"]["start_day"], "sun");
    assert_eq!(body["emailing"]["from_email"], "");
    assert_eq!(body["payments"]["currency"], "USD");
    assert_eq!(body["emailingFields"]["from_email"]["type"], "email");
    let countries = body["all_countries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(countries.len() > 200, "{}", countries.len());
    assert!(countries.contains(&json!({"code": "DE", "name": "Germany"})));
    assert!(
        body["all_currencies"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c["code"] == "EUR" && c["sign"] == "€"))
    );
}

#[tokio::test]
async fn saving_general_settings_sanitizes_merges_and_reaches_the_emails() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (status, saved) = app
        .post(
            "/settings/general",
            &admin,
            json!({"emailing": {"from_name": "  Jane's Studio ", "from_email": "studio@example.com",
                "attach_ics_on_confirmation": "yes", "email_footer": "<p onclick=\"x()\">Bye<script>alert(1)</script></p>",
                "unknown_key": "dropped"},
                "administration": {"start_day": "mon", "auto_complete_timing": 30},
                "timeFormat": "24"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Settings updated successfully");
    let settings = &saved["settings"];
    assert_eq!(settings["emailing"]["from_name"], "Jane's Studio");
    assert_eq!(settings["emailing"]["email_footer"], "<p>Bye</p>");
    assert!(settings["emailing"].get("unknown_key").is_none());
    assert_eq!(settings["administration"]["auto_complete_timing"], "30");
    assert_eq!(settings["administration"]["notification_day"], "mon");
    assert_eq!(settings["time_format"], "24");

    // A later save of one field keeps the rest.
    let (status, again) = app
        .post(
            "/settings/general",
            &admin,
            json!({"emailing": {"reply_to_email": "desk@example.com"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    let (_, read) = app.get("/settings/general", &admin).await;
    assert_eq!(read["emailing"]["from_email"], "studio@example.com");
    assert_eq!(read["emailing"]["reply_to_email"], "desk@example.com");
    assert_eq!(read["administration"]["start_day"], "mon");
    assert_eq!(read["time_format"], "24");

    // The emails use them: the sender and the footer of a booking confirmation.
    let host = app.host("jane").await;
    let made = app.calendar_for(&host, "UTC").await;
    let event = made["slot"]["id"].as_i64().unwrap_or_default();
    let first = app.first_offered_slot(event).await;
    let (status, booked) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(json!({"name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC", "event_time": first})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let mut mail = String::new();
    for _ in 0..600 {
        mail = std::fs::read_dir(&app.mail_dir)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
                    .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                    .find(|m| m.contains("<maya@example.org>"))
                    .unwrap_or_default()
            })
            .unwrap_or_default();
        if !mail.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(mail.contains("studio@example.com"), "{mail}");
    assert!(mail.contains("Reply-To: desk@example.com"), "{mail}");
    assert!(mail.contains("text/calendar"), "{mail}");
}

#[tokio::test]
async fn bad_general_settings_name_the_field_and_change_nothing() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    for (body, field) in [
        (
            json!({"emailing": {"from_email": "not-an-address"}}),
            "emailing.from_email",
        ),
        (
            json!({"emailing": {"use_host_name": "maybe"}}),
            "emailing.use_host_name",
        ),
        (
            json!({"emailing": {"from_name": {"nested": true}}}),
            "emailing.from_name",
        ),
        (
            json!({"emailing": {"from_name": "x".repeat(300)}}),
            "emailing.from_name",
        ),
        (json!({"emailing": "yes"}), "emailing"),
        (
            json!({"administration": {"start_day": "someday"}}),
            "administration.start_day",
        ),
        (
            json!({"administration": {"auto_complete_timing": "-5"}}),
            "administration.auto_complete_timing",
        ),
        (
            json!({"administration": {"default_country": "XX"}}),
            "administration.default_country",
        ),
        (json!({"timeFormat": "13"}), "timeFormat"),
    ] {
        let (status, answer) = app.post("/settings/general", &admin, body).await;
        assert_invalid_field(status, &answer, field);
    }
    let (_, read) = app.get("/settings/general", &admin).await;
    assert_eq!(read["emailing"]["from_email"], "");
    assert_eq!(read["administration"]["start_day"], "sun");
    assert_eq!(read["time_format"], "12");
}

#[tokio::test]
async fn hosts_without_manage_options_are_refused_every_settings_route() {
    let app = TestApp::spawn().await;
    let host = app.host("jane").await;
    for (method, path, body) in [
        (Method::GET, "/settings/general", None),
        (
            Method::POST,
            "/settings/general",
            Some(json!({"timeFormat": "24"})),
        ),
        (
            Method::POST,
            "/settings/payment",
            Some(json!({"payments": {"currency": "EUR"}})),
        ),
        (
            Method::POST,
            "/settings/theme",
            Some(json!({"theme": "dark"})),
        ),
        // The missing capability answers before the body is read.
        (
            Method::POST,
            "/settings/theme",
            Some(json!({"theme": "neon", "brand_color": "blue"})),
        ),
        (Method::GET, "/settings/menu", None),
        (Method::GET, "/settings/global-modules", None),
        (
            Method::POST,
            "/settings/global-modules",
            Some(json!({"settings": {"crm": "yes"}})),
        ),
        (Method::GET, "/settings/pages", None),
        (
            Method::POST,
            "/settings/addons-settings",
            Some(json!({"settings": {}})),
        ),
        (
            Method::POST,
            "/settings/install-plugin",
            Some(json!({"plugin_id": "plugin-crm"})),
        ),
    ] {
        let (status, answer) = app
            .send(method.clone(), path, Some(&host), body.clone())
            .await;
        assert_envelope(status, &answer, 403, "rest_forbidden");
        let (status, answer) = app.send(method, path, None, body).await;
        assert_envelope(status, &answer, 401, "rest_not_logged_in");
    }
    let admin = app.admin().await;
    let (_, read) = app.get("/settings/general", &admin).await;
    assert_eq!(read["time_format"], "12", "the host's save did not land");
}

#[tokio::test]
async fn payment_and_theme_settings_are_validated_and_kept_apart() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (status, answer) = app
        .post(
            "/settings/payment",
            &admin,
            json!({"payments": {"currency": "eur", "is_active": "yes", "number_format": "dot_separated", "currency_position": "right_space"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Settings updated successfully");
    let (status, answer) = app
        .post("/settings/theme", &admin, json!({"theme": "dark"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Saving the general section keeps payments and theme.
    app.post("/settings/general", &admin, json!({"timeFormat": "24"}))
        .await;
    let (_, read) = app.get("/settings/general", &admin).await;
    assert_eq!(
        read["payments"],
        json!({"currency": "EUR", "is_active": "yes", "currency_sign": "€", "currency_position": "right_space",
               "number_format": "dot_separated", "decimal_points": 2})
    );
    assert_eq!(read["theme"], "dark");
    for (path, body, field) in [
        ("/settings/payment", json!({}), "payments"),
        (
            "/settings/payment",
            json!({"payments": {"currency": "ABC"}}),
            "payments.currency",
        ),
        (
            "/settings/payment",
            json!({"payments": {"is_active": "maybe"}}),
            "payments.is_active",
        ),
        (
            "/settings/payment",
            json!({"payments": {"number_format": "x"}}),
            "payments.number_format",
        ),
        (
            "/settings/payment",
            json!({"payments": {"currency_position": "top"}}),
            "payments.currency_position",
        ),
        ("/settings/theme", json!({}), "theme"),
        ("/settings/theme", json!({"theme": "neon"}), "theme"),
    ] {
        let (status, answer) = app.post(path, &admin, body).await;
        assert_invalid_field(status, &answer, field);
    }
}

#[tokio::test]
async fn modules_menu_pages_and_feature_settings() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, menu) = app.get("/settings/menu", &admin).await;
    assert!(
        menu["menu_items"]
            .as_array()
            .is_some_and(|items| items.iter().any(|i| i["key"] == "general"))
    );

    let (status, modules) = app.get("/settings/global-modules", &admin).await;
    assert_eq!(status, StatusCode::OK, "{modules}");
    assert_eq!(modules["settings"]["crm"], "no");
    assert_eq!(modules["modules"]["crm"]["plugin_id"], "plugin-crm");
    assert_eq!(modules["featureModules"]["frontend"]["slug"], "my-bookings");
    assert_eq!(
        modules["featureModules"]["frontend"]["render_type"],
        "standalone"
    );
    assert!(
        modules["featureModules"]["panel_url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/admin"))
    );
    let (status, answer) = app
        .post(
            "/settings/global-modules",
            &admin,
            json!({"settings": {"crm": "yes", "form": "no"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Settings updated successfully");
    let (status, answer) = app
        .post(
            "/settings/install-plugin",
            &admin,
            json!({"plugin_id": "plugin-boards"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Plugin has been installed successfully");
    let (_, modules) = app.get("/settings/global-modules", &admin).await;
    assert_eq!(
        (
            modules["settings"]["crm"].clone(),
            modules["settings"]["form"].clone(),
            modules["settings"]["boards"].clone()
        ),
        (json!("yes"), json!("no"), json!("yes"))
    );
    for (path, body, field) in [
        (
            "/settings/global-modules",
            json!({"settings": {"crm": "on"}}),
            "settings.crm",
        ),
        (
            "/settings/global-modules",
            json!({"settings": {"teleport": "yes"}}),
            "settings.teleport",
        ),
        ("/settings/global-modules", json!({}), "settings"),
        (
            "/settings/install-plugin",
            json!({"plugin_id": "plugin-evil"}),
            "plugin_id",
        ),
        ("/settings/install-plugin", json!({}), "plugin_id"),
        (
            "/settings/addons-settings",
            json!({"settings": {"frontend": {"slug": "my bookings!"}}}),
            "settings.frontend.slug",
        ),
        (
            "/settings/addons-settings",
            json!({"settings": {"coupon": {"enabled": "sometimes"}}}),
            "settings.coupon.enabled",
        ),
        (
            "/settings/addons-settings",
            json!({"settings": "x"}),
            "settings",
        ),
    ] {
        let (status, answer) = app.post(path, &admin, body).await;
        assert_invalid_field(status, &answer, field);
    }

    let (status, saved) = app
        .post(
            "/settings/addons-settings",
            &admin,
            json!({"settings": {"frontend": {"enabled": "yes", "slug": "/Bookings/"}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["message"], "Settings are saved");
    assert_eq!(
        saved["featureModules"]["frontend"],
        json!({"enabled": "yes", "slug": "bookings", "render_type": "standalone", "page_id": ""})
    );
    assert_eq!(saved["featureModules"]["coupon"]["enabled"], "no");

    let host = app.host("omar").await;
    let made = app.calendar_for(&host, "UTC").await;
    let (_, pages) = app.get("/settings/pages", &admin).await;
    assert!(
        pages["pages"]
            .as_array()
            .is_some_and(|p| p.iter().any(|page| page["id"] == made["calendar"]["id"]
                && page["name"] == made["calendar"]["slug"])),
        "{pages}"
    );
}

#[tokio::test]
async fn the_week_start_setting_moves_weekly_limits() {
    // Weekly limits count the host's week from administration.start_day (default Sunday).
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let host = app.host("jane").await;
    // Hours Mon 09:00-17:00 and Tue 09:00-12:00 (UTC), 30-minute slots; one booking a week.
    let made = app.calendar_for(&host, "UTC").await;
    let (cal, event) = (&made["calendar"]["id"], &made["slot"]["id"]);
    let (status, body) = app
        .post(
            &format!("/calendars/{cal}/events/{event}/limits"),
            &host,
            json!({"settings": {
        "booking_frequency": {"enabled": true, "limits": [{"unit": "per_week", "value": 1}]}}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let monday = crate::events::next_weekday(chrono::Weekday::Mon, 7);
    let (status, booked) = app
        .send(
            Method::POST,
            &format!("/bookings/create/{event}"),
            None,
            Some(
                json!({"name": "Maya Singh", "email": "maya@example.org", "timezone": "UTC",
                "event_time": format!("{monday} 10:00:00")}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{booked}");
    let tuesday = chrono::NaiveDate::parse_from_str(&monday, "%Y-%m-%d")
        .map(|d| d + chrono::Duration::days(1))
        .unwrap_or_default();
    let explain = format!(
        "/calendars/{cal}/events/{event}/availability/explain?time={tuesday}%2010:00&timezone=UTC"
    );
    let (_, sunday_weeks) = app.get(&explain, &host).await;
    assert_eq!(
        sunday_weeks["reasons"],
        json!(["limit_reached"]),
        "same Sunday-based week"
    );
    let (status, _) = app
        .post(
            "/settings/general",
            &admin,
            json!({"administration": {"start_day": "tue"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, tuesday_weeks): (StatusCode, Value) = app.get(&explain, &host).await;
    assert_eq!(
        tuesday_weeks["offered"], true,
        "a new week starts on Tuesday: {tuesday_weeks}"
    );
}
