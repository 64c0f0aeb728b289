use reqwest::StatusCode;
use reqwest::header::{COOKIE, RETRY_AFTER, SET_COOKIE};
use serde_json::{Value, json};

use crate::support::{Creds, TestApp, assert_envelope};

#[tokio::test]
async fn requests_without_credentials_are_401_rest_not_logged_in() {
    let app = TestApp::spawn().await;
    for path in [
        "/calendars",
        "/calendars/1",
        "/admin/all-hosts",
        "/admin/other-hosts",
    ] {
        let (status, body) = app.send(reqwest::Method::GET, path, None, None).await;
        assert_envelope(status, &body, 401, "rest_not_logged_in");
    }
}

#[tokio::test]
async fn wrong_or_malformed_credentials_are_401_incorrect_password() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let wrong = Creds {
        secret: "abcd efgh ijkl mnop qrst uvwx".into(),
        ..jane.clone()
    };
    let (status, body) = app.get("/calendars", &wrong).await;
    assert_envelope(status, &body, 401, "incorrect_password");
    let someone_else = Creds {
        login: "nobody".into(),
        ..jane.clone()
    };
    let (status, body) = app.get("/calendars", &someone_else).await;
    assert_envelope(status, &body, 401, "incorrect_password");
    let response = app
        .client
        .get(format!("{}/api/v2/calendars", app.base))
        .header("authorization", "Basic !!!notbase64")
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn application_passwords_work_with_or_without_their_spaces_and_by_email() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let compact = Creds {
        secret: jane.secret.replace(' ', ""),
        ..jane.clone()
    };
    assert_eq!(app.get("/calendars", &compact).await.0, StatusCode::OK);
    let by_email = Creds {
        login: "jane@example.com".into(),
        ..jane.clone()
    };
    assert_eq!(app.get("/calendars", &by_email).await.0, StatusCode::OK);
    // The secret is stored hashed: its text appears nowhere in the database.
    let mut conn = app.store.conn().await.expect("conn");
    let owner = app::store::app_passwords::find(conn.ex(), &jane.secret)
        .await
        .expect("query");
    assert_eq!(owner, None);
}

#[tokio::test]
async fn repeated_failures_are_rate_limited_with_retry_after() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let wrong = Creds {
        secret: "wrong".into(),
        ..jane.clone()
    };
    let mut last = StatusCode::OK;
    for _ in 0..12 {
        last = app.get("/calendars", &wrong).await.0;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
    let response = app
        .client
        .get(format!("{}/api/v2/calendars", app.base))
        .basic_auth(&jane.login, Some(&jane.secret))
        .send()
        .await
        .expect("send");
    assert_eq!(
        response.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "blocked clients wait even with the right password"
    );
    assert!(response.headers().get(RETRY_AFTER).is_some());
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["code"], "too_many_requests");
}

pub(crate) async fn dashboard_login(
    app: &TestApp,
    login: &str,
    password: &str,
) -> (StatusCode, Option<String>) {
    let response = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .form(&[("login", login), ("password", password)])
        .send()
        .await
        .expect("login");
    let cookie = response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("slotbook_session=") && !c.starts_with("slotbook_session=;"))
        .map(|c| c.split(';').next().unwrap_or_default().to_string());
    (response.status(), cookie)
}

#[tokio::test]
async fn dashboard_sessions_authenticate_rest_calls_and_changes_need_the_csrf_token() {
    let app = TestApp::spawn().await;
    let jane = app.host("jane").await;
    let (_, refused) = dashboard_login(&app, "jane", "not-her-password").await;
    assert!(refused.is_none());
    let (status, cookie) = dashboard_login(&app, "jane", "jane-password").await;
    assert!(status.is_redirection() || status.is_success(), "{status}");
    let cookie = cookie.expect("session cookie");
    let me: Value = app
        .client
        .post(format!("{}/_app/me", app.base))
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("me")
        .json()
        .await
        .expect("json");
    assert_eq!(me["login"], "jane");
    assert_eq!(me["id"], jane.id);
    let csrf = me["csrf_token"].as_str().unwrap_or_default().to_string();
    assert!(!csrf.is_empty());

    let url = format!("{}/api/v2/calendars/check-slug", app.base);
    let listed = app
        .client
        .get(format!("{}/api/v2/calendars", app.base))
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("list");
    assert_eq!(listed.status(), StatusCode::OK);
    let without = app
        .client
        .post(&url)
        .header(COOKIE, &cookie)
        .json(&json!({"slug": "free-one"}))
        .send()
        .await
        .expect("post");
    assert_eq!(without.status(), StatusCode::FORBIDDEN);
    let body: Value = without.json().await.expect("json");
    assert_eq!(body["code"], "rest_cookie_invalid_nonce");
    let with = app
        .client
        .post(&url)
        .header(COOKIE, &cookie)
        .header("x-csrf-token", &csrf)
        .json(&json!({"slug": "free-one"}))
        .send()
        .await
        .expect("post");
    assert_eq!(with.status(), StatusCode::OK);

    // After logging out the cookie no longer works.
    app.client
        .post(format!("{}/_app/logout", app.base))
        .header("origin", &app.base)
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("logout");
    let after = app
        .client
        .get(format!("{}/api/v2/calendars", app.base))
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("list");
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn cross_site_logins_are_refused() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let response = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", "https://evil.example")
        .form(&[("login", "jane"), ("password", "jane-password")])
        .send()
        .await
        .expect("login");
    let has_session = response.headers().get_all(SET_COOKIE).iter().any(|v| {
        v.to_str()
            .unwrap_or_default()
            .starts_with("slotbook_session=")
            && !v
                .to_str()
                .unwrap_or_default()
                .starts_with("slotbook_session=;")
    });
    assert!(!has_session);
}

#[tokio::test]
async fn form_posts_without_a_same_site_signal_are_refused() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let login = |request: reqwest::RequestBuilder| async move {
        let response = request
            .form(&[("login", "jane"), ("password", "jane-password")])
            .send()
            .await
            .expect("login");
        response.headers().get_all(SET_COOKIE).iter().any(|v| {
            let v = v.to_str().unwrap_or_default();
            v.starts_with("slotbook_session=") && !v.starts_with("slotbook_session=;")
        })
    };
    let url = format!("{}/_app/login", app.base);
    assert!(
        !login(app.client.post(&url)).await,
        "no Origin, no Sec-Fetch-Site"
    );
    assert!(
        login(
            app.client
                .post(&url)
                .header("sec-fetch-site", "same-origin")
        )
        .await
    );
    assert!(login(app.client.post(&url).header("origin", &app.base)).await);
}

#[tokio::test]
async fn pages_and_answers_carry_the_security_headers() {
    let app = TestApp::spawn().await;
    let page = app
        .client
        .get(format!("{}/login", app.base))
        .send()
        .await
        .expect("page");
    let header = |r: &reqwest::Response, name: &str| {
        r.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let policy = header(&page, "content-security-policy");
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    let nonce = policy
        .split("'nonce-")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .unwrap_or_default()
        .to_string();
    assert!(nonce.len() >= 16, "{policy}");
    assert_eq!(header(&page, "referrer-policy"), "same-origin");
    assert!(header(&page, "permissions-policy").contains("camera=()"));
    let html = page.text().await.expect("html");
    assert!(
        html.contains(&format!("nonce=\"{nonce}\"")),
        "the page's scripts carry the nonce"
    );
    // Another page load gets another nonce.
    let again = app
        .client
        .get(format!("{}/login", app.base))
        .send()
        .await
        .expect("page");
    assert_ne!(header(&again, "content-security-policy"), policy);
    let api = app
        .client
        .get(format!("{}/api/v2/openapi.json", app.base))
        .send()
        .await
        .expect("api");
    assert!(header(&api, "content-security-policy").contains("frame-ancestors 'none'"));
}

#[tokio::test]
async fn dashboard_addresses_without_a_session_go_to_login_and_back() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let get = |path: &str, cookie: Option<&str>| {
        let mut request = app.client.get(format!("{}{path}", app.base));
        if let Some(cookie) = cookie {
            request = request.header("cookie", cookie);
        }
        request.send()
    };
    for (path, next) in [
        ("/admin", "%2Fadmin"),
        (
            "/admin/bookings?period=past&page=2",
            "%2Fadmin%2Fbookings%3Fperiod%3Dpast%26page%3D2",
        ),
    ] {
        let answer = get(path, None).await.expect("get");
        assert_eq!(answer.status(), StatusCode::SEE_OTHER, "{path}");
        assert_eq!(
            answer.headers()["location"],
            format!("/login?next={next}").as_str()
        );
        // A stale cookie is no session either.
        let stale = get(path, Some("slotbook_session=stale"))
            .await
            .expect("get");
        assert_eq!(stale.status(), StatusCode::SEE_OTHER);
    }
    // The login form carries `next` and the login returns there; another site is never a target.
    let form = get("/login?next=%2Fadmin%2Freports", None)
        .await
        .expect("get");
    assert!(
        form.text()
            .await
            .expect("body")
            .contains("name=\"next\" value=\"/admin/reports\"")
    );
    let foreign = get("/login?next=%2F%2Fevil.example", None)
        .await
        .expect("get");
    assert!(!foreign.text().await.expect("body").contains("evil.example"));
    for (next, expected) in [
        ("/admin/reports", "/admin/reports"),
        ("//evil.example/x", "/admin"),
    ] {
        let response = app
            .client
            .post(format!("{}/_app/login", app.base))
            .header("origin", &app.base)
            // As a browser posts the form before hydration.
            .header("accept", "text/html")
            .form(&[
                ("login", "jane"),
                ("password", "jane-password"),
                ("next", next),
            ])
            .send()
            .await
            .expect("login");
        assert!(response.status().is_redirection(), "{}", response.status());
        assert_eq!(response.headers()["location"], expected);
    }
    // Signed in: the dashboard answers, and an unknown section is a 404 inside it.
    let (_, cookie) = dashboard_login(&app, "jane", "jane-password").await;
    let cookie = cookie.expect("session cookie");
    let home = get("/admin", Some(&cookie)).await.expect("get");
    assert_eq!(home.status(), StatusCode::OK);
    let html = home.text().await.expect("body");
    for section in [
        "Overview",
        "Bookings",
        "Calendars",
        "Availability",
        "Reports",
        "Settings",
    ] {
        assert!(html.contains(&format!(">{section}</a>")), "{section}");
    }
    let missing = get("/admin/nothing-here", Some(&cookie))
        .await
        .expect("get");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert!(
        missing
            .text()
            .await
            .expect("body")
            .contains("Page not found")
    );
}

/// Hosts jane and bob, each with an event open around the clock (UTC); answers their events.
pub(crate) async fn two_hosts(app: &TestApp) -> (i64, i64) {
    let jane = app.host("jane").await;
    let bob = app.host("bob").await;
    let (_, jane_event) =
        crate::support::daily_event(app, &jane, "UTC", 30, ("00:00", "24:00")).await;
    let (_, bob_event) =
        crate::support::daily_event(app, &bob, "UTC", 30, ("00:00", "24:00")).await;
    (jane_event, bob_event)
}

#[tokio::test]
async fn the_overview_shows_a_hosts_own_bookings_and_links_only() {
    let app = TestApp::spawn().await;
    let (jane_event, bob_event) = two_hosts(&app).await;
    let (_, cookie) = dashboard_login(&app, "jane", "jane-password").await;
    let cookie = cookie.expect("session cookie");
    let overview = || async {
        let answer = app
            .client
            .get(format!("{}/admin", app.base))
            .header("cookie", &cookie)
            .send()
            .await
            .expect("get");
        assert_eq!(answer.status(), StatusCode::OK);
        answer.text().await.expect("body")
    };
    let before = overview().await;
    assert!(before.contains("No bookings today.") || before.contains("Today"));
    assert!(before.contains("No booking waits for your confirmation"));
    assert!(before.contains("Your booking links"));
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).format("%Y-%m-%d");
    for (event, name) in [(jane_event, "Jane Client"), (bob_event, "Bob Client")] {
        let (status, body) = app
            .send(
                reqwest::Method::POST,
                &format!("/bookings/create/{event}"),
                None,
                Some(json!({
                "name": name, "email": "client@example.org", "timezone": "UTC",
                "event_time": format!("{tomorrow} 10:00:00")})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let after = overview().await;
    assert!(
        after.contains("Jane Client"),
        "the host's own booking is listed"
    );
    assert!(
        !after.contains("Bob Client"),
        "another host's booking is not"
    );
    assert!(
        after.contains("/admin/bookings/"),
        "each line links to its detail"
    );
}

#[tokio::test]
async fn the_bookings_list_filters_pages_and_exports_exactly_what_it_shows() {
    let app = TestApp::spawn().await;
    let (jane_event, bob_event) = two_hosts(&app).await;
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let app = &app;
    let book = |event: i64, name: String, hour: u32| {
        let time = format!("{tomorrow} {hour:02}:00:00");
        async move {
            let (status, body) = app
                .send(reqwest::Method::POST, &format!("/bookings/create/{event}"), None, Some(json!({
                    "name": name, "email": "client@example.org", "timezone": "UTC", "event_time": time})))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    };
    for hour in 0..22 {
        book(jane_event, format!("Client {hour}"), hour).await;
    }
    book(jane_event, "=HYPERLINK(1) Mallory".into(), 22).await;
    book(bob_event, "Bob Client".into(), 10).await;
    let (_, cookie) = dashboard_login(app, "jane", "jane-password").await;
    let cookie = cookie.expect("session cookie");
    let get = |path: String| {
        let request = app
            .client
            .get(format!("{}{path}", app.base))
            .header("cookie", &cookie);
        async move {
            let answer = request.send().await.expect("get");
            let status = answer.status();
            (status, answer.text().await.expect("body"))
        }
    };
    let (status, first) = get("/admin/bookings".into()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(first.contains("23 bookings"), "only jane's: {first}");
    assert!(first.contains("Page 1 of 2") && first.contains("page=2"));
    assert!(!first.contains("Bob Client"));
    assert!(first.contains("aria-current=\"page\"") && first.contains(">Upcoming<"));
    for tab in ["Upcoming", "Pending", "Past", "Cancelled", "No-show", "All"] {
        assert!(first.contains(&format!(">{tab}<")), "{tab}");
    }
    let (_, second) = get("/admin/bookings?period=upcoming&page=2".into()).await;
    assert!(second.contains("Page 2 of 2") && second.contains("Mallory"));
    let (_, found) = get("/admin/bookings?search=mallory".into()).await;
    assert!(
        found.contains("1 booking<") && found.contains("search=mallory"),
        "the filter stays in the links"
    );
    // The export is exactly the filtered list, formulas neutralised.
    let (status, csv) = get("/admin/bookings.csv?period=upcoming".into()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(csv.lines().count(), 1 + 23, "{csv}");
    assert!(csv.contains("'=HYPERLINK(1) Mallory") && !csv.contains(",=HYPERLINK"));
    assert!(!csv.contains("Bob Client"));
    let (_, filtered) = get("/admin/bookings.csv?period=upcoming&search=mallory".into()).await;
    assert_eq!(filtered.lines().count(), 2);
    // Bad values fall back with a notice, never an error.
    let (status, odd) = get("/admin/bookings?period=someday&from=2026-02-30".into()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(odd.contains("is not a list") && odd.contains("is not a date"));
    // Without a session the export is not given away.
    let anonymous = app
        .client
        .get(format!("{}/admin/bookings.csv", app.base))
        .send()
        .await
        .expect("get");
    assert_eq!(anonymous.status(), StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn session_server_functions_answer_typed_errors_with_the_rest_status() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let post = |origin: Option<&str>, password: &str| {
        let mut request = app
            .client
            .post(format!("{}/_app/login", app.base))
            .form(&[("login", "jane"), ("password", password)]);
        if let Some(origin) = origin {
            request = request.header("origin", origin);
        }
        request.send()
    };
    let wrong = post(Some(&app.base), "not-her-password")
        .await
        .expect("login");
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let error: Value = wrong.json().await.expect("typed error");
    assert_eq!(error["message"], "The login or password is not correct.");
    assert_eq!(error["status"], 401);
    let foreign = post(Some("https://evil.example"), "jane-password")
        .await
        .expect("login");
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    let error: Value = foreign.json().await.expect("typed error");
    assert_eq!(error["message"], "Cross-site request refused");
    // A plain form post (no JavaScript) goes back to the form, which shows the message.
    let form_post = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .header("accept", "text/html")
        .header("referer", format!("{}/login", app.base))
        .form(&[("login", "jane"), ("password", "not-her-password")])
        .send()
        .await
        .expect("login");
    assert_eq!(form_post.status(), StatusCode::SEE_OTHER);
    let back = form_post.headers()["location"]
        .to_str()
        .expect("location")
        .to_string();
    assert!(back.starts_with(&format!("{}/login?", app.base)), "{back}");
    let page = app
        .client
        .get(&back)
        .send()
        .await
        .expect("form")
        .text()
        .await
        .expect("body");
    assert!(page.contains("role=\"alert\""));
    assert!(page.contains("The login or password is not correct."));
}
