//! `/admin/settings`: an administrator's sections save through the REST settings routes (what
//! `GET /settings/general` answers next); a host sees only its profile and is refused the
//! sections' forms; a user added in "Team" can sign in with the password shown once.

use reqwest::StatusCode;

use crate::auth::dashboard_login;
use crate::desk::Desk;
use crate::support::TestApp;

#[tokio::test]
async fn an_administrator_saves_each_section_and_rest_shows_it() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let desk = Desk::open(&app, "admin").await;
    let (status, html) = desk.page("/admin/settings").await;
    assert_eq!(status, StatusCode::OK);
    for heading in [
        "Profile", "General", "Email", "Payments", "Theme", "Modules", "Team",
    ] {
        assert!(html.contains(&format!(">{heading}</h2>")), "{heading}");
    }
    let token = desk.token("/admin/settings").await;
    let post = |fields: Vec<(&'static str, String)>| {
        let token = token.clone();
        let desk = &desk;
        async move {
            let mut all: Vec<(&str, &str)> = vec![("csrf", token.as_str())];
            all.extend(fields.iter().map(|(k, v)| (*k, v.as_str())));
            desk.post("/admin/settings", &all).await
        }
    };
    let (status, location, _) = post(vec![
        ("section", "general".into()),
        ("time_format", "24".into()),
        ("start_day", "mon".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=general#general");
    // A bad address is the route's message beside its field, and nothing of the section is saved.
    let (status, _, html) = post(vec![
        ("section", "email".into()),
        ("from_name", "Acme Bookings".into()),
        ("from_email", "not-an-address".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"email-from_email-error\""), "{html}");
    assert!(
        html.contains("value=\"Acme Bookings\""),
        "typed values kept"
    );
    let (_, general) = app.get("/settings/general", &admin).await;
    assert_eq!(general["emailing"]["from_name"], "");
    let (status, _, _) = post(vec![
        ("section", "email".into()),
        ("from_name", "Acme Bookings".into()),
        ("from_email", "bookings@acme.example".into()),
        ("email_footer", "<b>Acme</b><script>x()</script>".into()),
        ("attach_ics", "on".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    post(vec![
        ("section", "payments".into()),
        ("is_active", "on".into()),
        ("currency", "eur".into()),
        ("number_format", "dot_separated".into()),
        ("currency_position", "right_space".into()),
    ])
    .await;
    post(vec![("section", "theme".into()), ("theme", "dark".into())]).await;
    let (_, general) = app.get("/settings/general", &admin).await;
    assert_eq!(general["time_format"], "24");
    assert_eq!(general["administration"]["start_day"], "mon");
    assert_eq!(general["emailing"]["from_email"], "bookings@acme.example");
    assert_eq!(general["emailing"]["attach_ics_on_confirmation"], "yes");
    assert_eq!(general["emailing"]["email_footer"], "<b>Acme</b>");
    assert_eq!(general["payments"]["currency"], "EUR");
    assert_eq!(general["payments"]["is_active"], "yes");
    assert_eq!(general["theme"], "dark");
    let (status, _, html) = post(vec![
        ("section", "payments".into()),
        ("currency", "XYZ1".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("The payments.currency must be an ISO 4217 currency code."));

    post(vec![
        ("section", "modules".into()),
        ("module_smtp", "on".into()),
    ])
    .await;
    let (_, modules) = app.get("/settings/global-modules", &admin).await;
    assert_eq!(modules["settings"]["smtp"], "yes");
    assert_eq!(modules["settings"]["form"], "no");

    // "Send test email": to the address given, with the saved sender.
    let (status, _, html) = post(vec![
        ("section", "test_email".into()),
        ("to", "someone@example.org".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("A test email is on its way to someone@example.org."));
    let mails = crate::emails::wait_for_mails(&app, 1).await;
    let mail = mails
        .iter()
        .find(|m| m.contains("slotbook test email"))
        .expect("the test email");
    assert!(mail.contains("To: someone@example.org"));
    assert!(mail.contains("Acme Bookings"));

    // "Add user": the password is shown once and works.
    let (status, _, html) = post(vec![
        ("section", "team".into()),
        ("login", "newhost".into()),
        ("name", "New Host".into()),
        ("email", "newhost@example.org".into()),
        ("role", "host".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::OK);
    let at = html.find("the password ").expect("the password shown") + 13;
    let password: String = html[at..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    assert_eq!(password.len(), 24);
    let (_, cookie) = dashboard_login(&app, "newhost", &password).await;
    assert!(cookie.is_some(), "the new user signs in");
    // Access: another user's role changes; one's own does not.
    let (_, html) = desk.page("/admin/settings").await;
    let marker = "name=\"user_id\" value=\"";
    let ids: Vec<String> = html
        .match_indices(marker)
        .map(|(at, _)| {
            html[at + marker.len()..]
                .split('"')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    let new_id = ids.last().cloned().unwrap_or_default();
    let (status, location, _) = post(vec![
        ("section", "role".into()),
        ("user_id", new_id),
        ("role", "administrator".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=role#team");
    let newhost = Desk::open_with(&app, cookie.clone().unwrap_or_default());
    let (_, html) = newhost.page("/admin/settings").await;
    assert!(
        html.contains(">Team</h2>"),
        "the new administrator sees the site settings"
    );
    let (status, _, html) = post(vec![
        ("section", "role".into()),
        ("user_id", admin.id.to_string()),
        ("role", "host".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("You cannot change your own role."));

    let (status, _, html) = post(vec![
        ("section", "team".into()),
        ("login", "newhost".into()),
        ("name", "Again".into()),
        ("email", "other@example.org".into()),
        ("role", "host".into()),
    ])
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("A user with this login or email already exists"));
}

#[tokio::test]
async fn a_host_sees_its_profile_only_and_cannot_post_the_site_settings() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    app.host("jane").await;
    let desk = Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/settings").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(">Profile</h2>"));
    assert!(html.contains("jane@example.com"));
    for absent in ["General", "Email", "Payments", "Theme", "Modules", "Team"] {
        assert!(!html.contains(&format!(">{absent}</h2>")), "{absent}");
    }
    // The host's page has no form; the session's token is on every page that has one.
    let token = desk.token("/admin/calendars").await;
    for (section, key, value) in [
        ("theme", "theme", "dark"),
        ("team", "login", "sneaky"),
        ("test_email", "to", "x@example.org"),
    ] {
        let (status, _, html) = desk
            .post(
                "/admin/settings",
                &[("csrf", &token), ("section", section), (key, value)],
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{section}");
        assert!(html.contains("Sorry, you are not allowed to do that."));
    }
    let (_, general) = app.get("/settings/general", &admin).await;
    assert_eq!(general["theme"], "system-default");
}

#[tokio::test]
async fn a_host_edits_its_profile_and_changes_its_password() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let desk = Desk::open(&app, "jane").await;
    let token = desk.token("/admin/settings").await;
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "profile"),
                ("name", "Jane Roe"),
                ("email", "not-an-address"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"profile-email-error\""));
    let (status, location, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "profile"),
                ("name", "Jane Roe"),
                ("email", "jane.roe@example.org"),
                ("language", "de"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=profile#profile");
    let (_, html) = desk.page("/admin/settings").await;
    assert!(html.contains("value=\"Jane Roe\"") && html.contains("value=\"jane.roe@example.org\""));
    // "Language" (DESIGN 2.9): the browser's or one of the languages, saved with the profile;
    // the dashboard speaks it at once.
    assert!(html.contains(r#"<html lang="de" dir="ltr""#));
    assert!(html.contains(">Sprache des Browsers</option>") && html.contains(">日本語</option>"));
    assert!(
        html.contains(r#"<option value="de" selected"#),
        "the saved language is chosen"
    );
    let (_, profile) = app.get("/settings/profile", &jane).await;
    assert_eq!(profile["profile"]["language"], "de", "{profile}");
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "profile"),
                ("name", "Jane Roe"),
                ("email", "jane.roe@example.org"),
                ("language", "klingon"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"profile-language-error\""));
    assert!(
        html.contains(">Jane Roe</span>"),
        "the header names the user anew"
    );

    // The password: the current one is checked, and the new one is never written back.
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "password"),
                ("current_password", "wrong-password"),
                ("new_password", "a-new-secret-1"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // The user reads German now: the rule's words in it, not REST's English.
    assert!(html.contains("Diese Angabe ist nicht korrekt."), "{html}");
    assert!(!html.contains("The current password is not correct."));
    assert!(!html.contains("a-new-secret-1"));
    let (status, _, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "password"),
                ("current_password", "jane-password"),
                ("new_password", "a-new-secret-1"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, old) = dashboard_login(&app, "jane", "jane-password").await;
    assert!(old.is_none(), "the old password no longer signs in");
    let (_, new) = dashboard_login(&app, "jane", "a-new-secret-1").await;
    assert!(new.is_some());
}

#[tokio::test]
async fn the_brand_colour_is_saved_checked_and_made_readable_on_the_public_pages() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let made = app.calendar_for(&admin, "UTC").await;
    let slug = made["calendar"]["slug"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let (status, answer) = app
        .post(
            "/settings/theme",
            &admin,
            serde_json::json!({"theme": "light", "brand_color": "#12"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(
        answer
            .to_string()
            .contains("The brand colour must be a hex colour such as #0369a1.")
    );
    // Through the settings page: a yellow too light for white text.
    let desk = Desk::open(&app, "admin").await;
    let token = desk.token("/admin/settings").await;
    let (status, _, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "theme"),
                ("theme", "light"),
                ("use_brand", "on"),
                ("brand_color", "#ffd400"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, general) = app.get("/settings/general", &admin).await;
    assert_eq!(general["brand_color"], "#ffd400");
    let landing = app
        .client
        .get(format!("{}/{slug}", app.base))
        .send()
        .await
        .expect("landing")
        .text()
        .await
        .expect("body");
    let (main, _) = app::domain::brand::accent("#ffd400").expect("an accent");
    assert_ne!(main, "#ffd400", "darkened");
    assert!(
        landing.contains(&format!("--color-sky-700:{main};")),
        "the accent is applied"
    );
    // Unticked: back to the built-in accent.
    desk.post(
        "/admin/settings",
        &[
            ("csrf", &token),
            ("section", "theme"),
            ("theme", "light"),
            ("brand_color", "#ffd400"),
        ],
    )
    .await;
    let (_, general) = app.get("/settings/general", &admin).await;
    assert_eq!(general["brand_color"], "");
}

#[tokio::test]
async fn the_booking_protection_section_keeps_the_sites_blocked_addresses_and_domains() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let desk = Desk::open(&app, "admin").await;
    let (_, html) = desk.page("/admin/settings").await;
    assert!(html.contains(">Booking protection</h2>"), "{html}");
    assert!(html.contains(">Blocked addresses and domains</label>"));
    assert!(
        html.contains(
            r#"<input type="checkbox" name="proof_of_work" class="size-5">Proof of work"#
        ),
        "{html}"
    );
    let token = desk.token("/admin/settings").await;
    let (status, _, html) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "protection"),
                ("blocklist", "spam.test\nnot an entry"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("id=\"protection-blocklist-error\""), "{html}");
    let (status, location, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "protection"),
                ("blocklist", " Spam.test \n\nbad@Example.org\n"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/admin/settings?saved=protection#protection");
    let (_, stored) = app.get("/settings/booking-protection", &admin).await;
    assert_eq!(
        stored["settings"]["blocklist"],
        serde_json::json!(["bad@example.org", "spam.test"])
    );
    assert_eq!(
        stored["settings"]["proof_of_work"]["enabled"], false,
        "the box was not ticked"
    );
    let (_, html) = desk.page("/admin/settings").await;
    assert!(html.contains("bad@example.org\nspam.test"), "{html}");
    // Ticking "Proof of work" turns it on, keeping the list.
    let (status, _, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "protection"),
                ("proof_of_work", "on"),
                ("blocklist", "bad@example.org\nspam.test"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, stored) = app.get("/settings/booking-protection", &admin).await;
    assert_eq!(stored["settings"]["proof_of_work"]["enabled"], true);
    assert_eq!(stored["settings"]["proof_of_work"]["max_number"], 50_000);
    assert_eq!(
        stored["settings"]["blocklist"].as_array().map(Vec::len),
        Some(2)
    );
    let (_, html) = desk.page("/admin/settings").await;
    assert!(html.contains(r#"name="proof_of_work" checked"#), "{html}");
    // A host has no such section and is refused its post.
    app.host("jane").await;
    let host_desk = Desk::open(&app, "jane").await;
    let (_, html) = host_desk.page("/admin/settings").await;
    assert!(!html.contains(">Booking protection</h2>"));
    let host_token = host_desk.token("/admin/calendars").await;
    let (status, _, _) = host_desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &host_token),
                ("section", "protection"),
                ("blocklist", "x.test"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
