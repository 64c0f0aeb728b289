//! Accounts and audit (DESIGN 2.10): the audit log's entries, the per-account login wait,
//! sessions, application passwords and users through REST.

use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::COOKIE;
use serde_json::{Value, json};

use crate::auth::dashboard_login;
use crate::support::{Creds, TestApp, assert_envelope, assert_invalid_field};

/// The audit entries matching `query` (as the administrator sees them), newest first.
pub(crate) async fn audit(app: &TestApp, admin: &Creds, query: &str) -> Vec<Value> {
    let (status, body) = app
        .get(&format!("/audit-log?per_page=100&{query}"), admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["audit_log"]["data"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// A session's cookie and CSRF token, logged in with `user_agent`.
async fn session(app: &TestApp, login: &str, user_agent: &str) -> (String, String) {
    let response = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .header("user-agent", user_agent)
        .form(&[("login", login), ("password", &format!("{login}-password"))])
        .send()
        .await
        .expect("login");
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("slotbook_session=") && !c.starts_with("slotbook_session=;"))
        .map(|c| c.split(';').next().unwrap_or_default().to_string())
        .expect("session cookie");
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
    let csrf = me["csrf_token"].as_str().unwrap_or_default().to_string();
    (cookie, csrf)
}

/// A REST call with a session cookie (and its CSRF token for changes).
async fn with_session(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    (cookie, csrf): &(String, String),
) -> (StatusCode, Value) {
    let response = app
        .client
        .request(method, format!("{}/api/v2{path}", app.base))
        .header(COOKIE, cookie)
        .header("x-csrf-token", csrf)
        .send()
        .await
        .expect("send");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn every_login_attempt_leaves_one_entry_and_no_secret() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let (_, none) = dashboard_login(&app, "jane", "not-her-password").await;
    assert!(none.is_none());
    let (_, none) = dashboard_login(&app, "nobody-here", "typed-secret-text").await;
    assert!(none.is_none());
    let (_, cookie) = dashboard_login(&app, "jane", "jane-password").await;
    assert!(cookie.is_some());
    // A refused application password is a failed login of the account it names.
    let wrong = Creds {
        secret: "wrong wrong wrong".into(),
        ..jane.clone()
    };
    assert_eq!(
        app.get("/calendars", &wrong).await.0,
        StatusCode::UNAUTHORIZED
    );

    // So is a header that holds no readable credential at all.
    let unreadable = app
        .client
        .get(format!("{}/api/v2/calendars", app.base))
        .header("authorization", "Basic !!!")
        .send()
        .await
        .expect("send");
    assert_eq!(unreadable.status(), StatusCode::UNAUTHORIZED);

    let failed = audit(&app, &admin, "action=login.failed").await;
    assert_eq!(failed.len(), 4, "{failed:?}");
    assert_eq!(
        (&failed[0]["actor_id"], &failed[0]["method"]),
        (&Value::Null, &json!("app_password"))
    );
    let failed = &failed[1..];
    let reasons: Vec<(&Value, &Value, &Value)> = failed
        .iter()
        .map(|e| (&e["actor_login"], &e["method"], &e["details"]["reason"]))
        .collect();
    assert_eq!(
        reasons,
        [
            (
                &json!("jane"),
                &json!("app_password"),
                &json!("bad_credentials")
            ),
            (&Value::Null, &json!("password"), &json!("bad_credentials")),
            (
                &json!("jane"),
                &json!("password"),
                &json!("bad_credentials")
            ),
        ]
    );
    assert!(failed.iter().all(|e| e["outcome"] == "failure"));
    assert_eq!(failed[1]["actor_id"], Value::Null);
    let succeeded = audit(&app, &admin, "action=login.succeeded").await;
    assert_eq!(succeeded.len(), 1);
    assert_eq!(succeeded[0]["actor_id"], jane.id);
    assert_eq!(succeeded[0]["ip"], "127.0.0.1");
    assert_eq!(succeeded[0]["details"]["second_factor"], Value::Null);
    let (_, everything) = app.get("/audit-log?per_page=100", &admin).await;
    let text = everything.to_string();
    for secret in [
        "not-her-password",
        "typed-secret-text",
        "jane-password",
        "wrong wrong",
        jane.secret.as_str(),
    ] {
        assert!(!text.contains(secret), "{secret} in the audit log");
    }
    // Only administrators read the log.
    let (status, body) = app.get("/audit-log", &jane).await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, body) = app.get("/audit-log?per_page=1000", &jane).await;
    assert_envelope(status, &body, 403, "rest_forbidden");
}

#[tokio::test]
async fn an_account_waits_after_failed_logins_in_a_row_then_logs_in_again() {
    let app = TestApp::spawn_with(|config| {
        config.login_failures_per_minute = 1000;
        config.accounts.delay = app::domain::audit::LoginDelay {
            after: 2,
            first_seconds: 2,
            max_seconds: 3,
        };
    })
    .await;
    let admin = app.admin().await;
    app.host("jane").await;
    app.host("joe").await;
    for _ in 0..2 {
        let (status, _) = dashboard_login(&app, "jane", "wrong-password").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // Waiting: even the right password is refused, unchecked and uncounted.
    let refused = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .form(&[("login", "jane"), ("password", "jane-password")])
        .send()
        .await
        .expect("login");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let error: Value = refused.json().await.expect("typed error");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message == "Too many failed logins. Try again in 2 seconds."
            || message == "Too many failed logins. Try again in 1 seconds.",
        "{message}"
    );
    // The same account by its email address waits too; another account does not.
    let (status, _) = dashboard_login(&app, "jane@example.com", "jane-password").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (_, joe) = dashboard_login(&app, "joe", "joe-password").await;
    assert!(joe.is_some());
    let delayed = audit(&app, &admin, "action=login.failed").await;
    assert_eq!(
        delayed
            .iter()
            .filter(|e| e["details"]["reason"] == "delayed")
            .count(),
        2
    );
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (_, jane) = dashboard_login(&app, "jane", "jane-password").await;
    assert!(jane.is_some(), "after the wait the right password logs in");
    // A success starts the count again: one more failure does not make it wait.
    let (status, _) = dashboard_login(&app, "jane", "wrong-password").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (_, again) = dashboard_login(&app, "jane", "jane-password").await;
    assert!(again.is_some());
}

#[tokio::test]
async fn the_wait_doubles_up_to_its_maximum() {
    let app = TestApp::spawn_with(|config| {
        config.login_failures_per_minute = 1000;
        config.accounts.delay = app::domain::audit::LoginDelay {
            after: 1,
            first_seconds: 2,
            max_seconds: 4,
        };
    })
    .await;
    app.host("jane").await;
    let message = |response: reqwest::Response| async move {
        let body: Value = response.json().await.unwrap_or(Value::Null);
        body["message"].as_str().unwrap_or_default().to_string()
    };
    let login = |password: &'static str| {
        app.client
            .post(format!("{}/_app/login", app.base))
            .header("origin", &app.base)
            .form(&[("login", "jane"), ("password", password)])
            .send()
    };
    assert_eq!(login("wrong").await.expect("login").status(), 401);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    assert_eq!(login("wrong").await.expect("login").status(), 401);
    // The second failure in a row waits twice as long (4 s, the maximum).
    let waiting = message(login("jane-password").await.expect("login")).await;
    assert!(
        ["3", "4"]
            .iter()
            .any(|n| waiting == format!("Too many failed logins. Try again in {n} seconds.")),
        "{waiting}"
    );
}

#[tokio::test]
async fn sessions_are_listed_and_ended_by_their_owner() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    app.host("jane").await;
    app.host("joe").await;
    let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    let first = session(&app, "jane", firefox).await;
    let second = session(&app, "jane", "curl/8.5.0").await;
    let joes = session(&app, "joe", firefox).await;
    let (status, listed) = with_session(&app, reqwest::Method::GET, "/sessions", &first).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let sessions = listed["sessions"].as_array().cloned().unwrap_or_default();
    assert_eq!(sessions.len(), 2, "{listed}");
    assert_eq!(sessions[0]["browser"], "curl");
    assert_eq!(sessions[0]["current"], false);
    assert_eq!(sessions[1]["browser"], "Firefox on Linux");
    assert_eq!(sessions[1]["current"], true);
    assert_eq!(sessions[1]["ip"], "127.0.0.1");
    assert_eq!(sessions[1]["method"], "password");
    assert!(sessions[1]["last_seen_at"].as_str().is_some());
    let other = sessions[0]["id"].as_i64().expect("id");
    // Joe cannot end Jane's session.
    let (status, body) = with_session(
        &app,
        reqwest::Method::DELETE,
        &format!("/sessions/{other}"),
        &joes,
    )
    .await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = with_session(
        &app,
        reqwest::Method::DELETE,
        &format!("/sessions/{other}"),
        &first,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Session has been ended");
    let (status, _) = with_session(&app, reqwest::Method::GET, "/users/me", &second).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let third = session(&app, "jane", firefox).await;
    let (status, body) = with_session(&app, reqwest::Method::DELETE, "/sessions", &first).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"message": "Other sessions have been ended", "ended": 1})
    );
    let (status, _) = with_session(&app, reqwest::Method::GET, "/users/me", &third).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, me) = with_session(&app, reqwest::Method::GET, "/users/me", &first).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["user"]["login"], "jane");
    // "Log out" ends the session and leaves its entry.
    app.client
        .post(format!("{}/_app/logout", app.base))
        .header("origin", &app.base)
        .header(COOKIE, &first.0)
        .send()
        .await
        .expect("logout");
    assert_eq!(
        with_session(&app, reqwest::Method::GET, "/users/me", &first)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    let logouts = audit(&app, &admin, "action=logout").await;
    assert_eq!(logouts.len(), 1);
    assert_eq!(logouts[0]["actor_login"], "jane");
    assert_eq!(logouts[0]["target_type"], "session");
    let revoked = audit(
        &app,
        &admin,
        "action=session.revoked,session.revoked_others",
    )
    .await;
    assert_eq!(revoked.len(), 2, "{revoked:?}");
    assert_eq!(revoked[0]["action"], "session.revoked_others");
    assert_eq!(revoked[0]["details"]["count"], 1);
    assert_eq!(revoked[1]["target_id"], other);
}

#[tokio::test]
async fn sessions_end_when_idle_and_at_their_absolute_limit() {
    // Sessions keep whole seconds: a limit of N seconds ends a session between N-1 and N
    // seconds after the moment it counts from, so the limits here leave a second of slack.
    let idle = TestApp::spawn_with(|config| config.accounts.session_idle_seconds = 3).await;
    idle.host("jane").await;
    let jane = session(&idle, "jane", "test").await;
    assert_eq!(
        with_session(&idle, reqwest::Method::GET, "/users/me", &jane)
            .await
            .0,
        StatusCode::OK
    );
    tokio::time::sleep(Duration::from_millis(4200)).await;
    assert_eq!(
        with_session(&idle, reqwest::Method::GET, "/users/me", &jane)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    let limited = TestApp::spawn_with(|config| config.accounts.session_max_seconds = 4).await;
    limited.host("jane").await;
    let jane = session(&limited, "jane", "test").await;
    for _ in 0..2 {
        assert_eq!(
            with_session(&limited, reqwest::Method::GET, "/users/me", &jane)
                .await
                .0,
            StatusCode::OK
        );
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    tokio::time::sleep(Duration::from_millis(3900)).await;
    assert_eq!(
        with_session(&limited, reqwest::Method::GET, "/users/me", &jane)
            .await
            .0,
        StatusCode::UNAUTHORIZED,
        "used all along, it still ends at its absolute limit"
    );
}

#[tokio::test]
async fn a_password_change_ends_the_other_sessions_but_not_application_passwords() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let other = session(&app, "jane", "curl/8").await;
    let (_, cookie) = dashboard_login(&app, "jane", "jane-password").await;
    let desk = crate::desk::Desk::open_with(&app, cookie.expect("cookie"));
    let token = desk.token("/admin/settings").await;
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
    assert_eq!(desk.page("/admin/settings").await.0, StatusCode::OK);
    assert_eq!(
        with_session(&app, reqwest::Method::GET, "/users/me", &other)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.get("/users/me", &jane).await.0, StatusCode::OK);
    let changed = audit(&app, &admin, "action=password.changed").await;
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0]["details"]["sessions_ended"], 1);
    assert!(
        !changed
            .iter()
            .any(|e| e.to_string().contains("a-new-secret-1"))
    );
}

#[tokio::test]
async fn application_passwords_are_listed_created_and_revoked_by_their_owner() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let joe = app.host("joe").await;
    let (status, created) = app
        .post("/application-passwords", &jane, json!({"name": "Zapier"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["message"], "Application password has been created");
    let secret = created["password"].as_str().expect("password").to_string();
    let id = created["application_password"]["id"].as_i64().expect("id");
    let zapier = Creds {
        secret: secret.clone(),
        ..jane.clone()
    };
    assert_eq!(app.get("/users/me", &zapier).await.0, StatusCode::OK);
    let (_, listed) = app.get("/application-passwords", &jane).await;
    let entries = listed["application_passwords"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(entries.len(), 2, "{listed}");
    assert_eq!(entries[0]["name"], "Zapier");
    assert_eq!(entries[0]["last_used_ip"], "127.0.0.1");
    assert!(entries[0]["last_used_at"].as_str().is_some());
    assert!(!listed.to_string().contains(&secret));
    for (body, field) in [
        (json!({}), "name"),
        (json!({"name": " "}), "name"),
        (json!({"name": "x".repeat(101)}), "name"),
        (json!({"name": ["Zapier"]}), "name"),
    ] {
        let (status, refused) = app.post("/application-passwords", &jane, body).await;
        assert_invalid_field(status, &refused, field);
    }
    let (status, body) = app
        .delete(&format!("/application-passwords/{id}"), &joe)
        .await;
    assert_envelope(status, &body, 404, "not_found");
    let (status, body) = app
        .delete(&format!("/application-passwords/{id}"), &jane)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Application password has been revoked");
    let (status, body) = app.get("/users/me", &zapier).await;
    assert_envelope(status, &body, 401, "incorrect_password");
    let entries = audit(
        &app,
        &admin,
        "action=app_password.created,app_password.revoked",
    )
    .await;
    let mine: Vec<_> = entries
        .iter()
        .filter(|e| e["target_id"] == id)
        .map(|e| {
            (
                e["action"].as_str().unwrap_or_default(),
                e["target_label"].clone(),
            )
        })
        .collect();
    assert_eq!(
        mine,
        [
            ("app_password.revoked", json!("Zapier")),
            ("app_password.created", json!("Zapier")),
        ]
    );
    assert!(!entries.iter().any(|e| e.to_string().contains(&secret)));
}

#[tokio::test]
async fn administrators_create_change_and_delete_users() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let (status, body) = app
        .post(
            "/users",
            &jane,
            json!({"login": "x", "email": "x@example.org", "name": "X"}),
        )
        .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, body) = app.get("/users", &jane).await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, created) = app
        .post(
            "/users",
            &admin,
            json!({"login": "sam", "email": "sam@example.org", "name": "Sam Lee", "password": "sam-password"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["message"], "User has been created");
    let user = &created["user"];
    assert_eq!(
        (
            &user["login"],
            &user["name"],
            &user["role"],
            &user["two_factor_enabled"],
            &user["sso_linked"]
        ),
        (
            &json!("sam"),
            &json!("Sam Lee"),
            &json!("host"),
            &json!(false),
            &json!(false)
        )
    );
    assert_eq!(user["last_login_at"], Value::Null);
    let sam = user["id"].as_i64().expect("id");
    let (_, cookie) = dashboard_login(&app, "sam", "sam-password").await;
    assert!(cookie.is_some(), "the new user logs in");
    for (body, field, message) in [
        (
            json!({"login": "sam", "email": "other@example.org", "name": "S"}),
            "login",
            "A user with this login or email already exists",
        ),
        (
            json!({"login": "sam2", "email": "SAM@example.org", "name": "S"}),
            "email",
            "A user with this login or email already exists",
        ),
        (
            json!({"login": "sam3", "email": "s3@example.org", "name": "S", "role": "owner"}),
            "role",
            "The role must be administrator or host",
        ),
        (
            json!({"login": "sam4", "email": "s4@example.org", "name": "S", "password": "short"}),
            "password",
            "The password must be at least 8 characters",
        ),
        (
            json!({"login": "sam5", "email": "s5@example.org", "name": ""}),
            "name",
            "The name field is required.",
        ),
    ] {
        let (status, refused) = app.post("/users", &admin, body).await;
        assert_invalid_field(status, &refused, field);
        let messages: Vec<&Value> = refused["errors"][field]
            .as_object()
            .map(|m| m.values().collect())
            .unwrap_or_default();
        assert_eq!(messages, [&json!(message)], "{refused}");
    }
    let (status, changed) = app
        .send(
            reqwest::Method::PUT,
            &format!("/users/{sam}"),
            Some(&admin),
            Some(json!({"role": "administrator"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["message"], "User has been updated");
    assert_eq!(changed["user"]["role"], "administrator");
    let (status, refused) = app
        .send(
            reqwest::Method::PUT,
            &format!("/users/{}", admin.id),
            Some(&admin),
            Some(json!({"role": "host"})),
        )
        .await;
    assert_invalid_field(status, &refused, "role");
    // Jane's calendar outlives her account; her credentials do not.
    let calendar = app.calendar_for(&jane, "UTC").await;
    let calendar_id = calendar["calendar"]["id"].as_i64().expect("calendar id");
    let (status, refused) = app.delete(&format!("/users/{}", admin.id), &admin).await;
    assert_invalid_field(status, &refused, "id");
    let (status, deleted) = app.delete(&format!("/users/{}", jane.id), &admin).await;
    assert_eq!(status, StatusCode::OK, "{deleted}");
    assert_eq!(deleted["message"], "User has been deleted");
    let (status, body) = app.get("/users/me", &jane).await;
    assert_envelope(status, &body, 401, "incorrect_password");
    let (status, _) = app.get(&format!("/calendars/{calendar_id}"), &admin).await;
    assert_eq!(status, StatusCode::OK, "the calendar stays");
    let (status, body) = app.delete(&format!("/users/{}", jane.id), &admin).await;
    assert_envelope(status, &body, 404, "not_found");
    let (_, listed) = app.get("/users", &admin).await;
    let logins: Vec<&str> = listed["users"]
        .as_array()
        .map(|u| u.iter().filter_map(|u| u["login"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(logins, ["admin", "sam"]);
    // One entry per action, naming the target and never a password.
    let entries = audit(
        &app,
        &admin,
        "action=user.created,user.role_changed,user.deleted&actor=",
    )
    .await;
    let summary: Vec<(String, Value)> = entries
        .iter()
        .filter(|e| e["actor_login"] == "admin")
        .map(|e| {
            (
                e["action"].as_str().unwrap_or_default().to_string(),
                e["target_label"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("user.deleted".to_string(), json!("jane")),
            ("user.role_changed".to_string(), json!("sam")),
            ("user.created".to_string(), json!("sam")),
        ]
    );
    let role = entries
        .iter()
        .find(|e| e["action"] == "user.role_changed")
        .expect("role entry");
    assert_eq!(
        role["details"],
        json!({"from": "host", "to": "administrator"})
    );
    assert!(
        !entries
            .iter()
            .any(|e| e.to_string().contains("sam-password"))
    );
}

#[tokio::test]
async fn the_audit_log_filters_and_pages() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    for _ in 0..3 {
        dashboard_login(&app, "jane", "wrong-password").await;
    }
    dashboard_login(&app, "jane", "jane-password").await;
    let (status, page) = app
        .get(
            &format!("/audit-log?actor={}&per_page=2&page=2", jane.id),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let log = &page["audit_log"];
    assert_eq!(
        (log["total"].as_i64(), log["current_page"].as_i64()),
        (Some(4), Some(2))
    );
    assert_eq!(
        (log["per_page"].as_i64(), log["last_page"].as_i64()),
        (Some(2), Some(2))
    );
    assert_eq!(log["data"].as_array().map(Vec::len), Some(2));
    let failures = audit(&app, &admin, "outcome=failure").await;
    assert_eq!(failures.len(), 3);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert_eq!(
        audit(
            &app,
            &admin,
            &format!("from={today}&to={today}&action=login.succeeded")
        )
        .await
        .len(),
        1
    );
    assert!(audit(&app, &admin, "to=2000-01-01").await.is_empty());
    let entries = audit(
        &app,
        &admin,
        &format!("target_type=user&target_id={}", jane.id),
    )
    .await;
    assert!(
        entries
            .iter()
            .all(|e| e["target_id"] == jane.id && e["target_type"] == "user")
    );
    for (query, field) in [
        ("action=login", "action"),
        ("actor=abc", "actor"),
        ("outcome=maybe", "outcome"),
        ("from=2026-02-30", "from"),
        ("to=tomorrow", "to"),
        ("per_page=101", "per_page"),
        ("page=0", "page"),
        ("target_id=-1", "target_id"),
    ] {
        let (status, refused) = app.get(&format!("/audit-log?{query}"), &admin).await;
        assert_invalid_field(status, &refused, field);
    }
}

#[tokio::test]
async fn settings_saves_and_exports_are_audited_by_name_only() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (status, body) = app
        .post(
            "/settings/general",
            &admin,
            json!({"emailing": {"from_name": "Front Desk Secret Name"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let changed = audit(&app, &admin, "action=settings.changed").await;
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(changed[0]["target_type"], "settings");
    assert_eq!(changed[0]["target_label"], "general");
    assert_eq!(changed[0]["method"], "app_password");
    assert_eq!(changed[0]["details"]["keys"], json!(["emailing.from_name"]));
    assert!(!changed[0].to_string().contains("Front Desk Secret Name"));
    // The bookings CSV is an export of personal data.
    let (_, cookie) = dashboard_login(&app, "admin", "admin-password").await;
    let csv = app
        .client
        .get(format!("{}/admin/bookings.csv", app.base))
        .header(COOKIE, cookie.expect("cookie"))
        .send()
        .await
        .expect("csv");
    assert_eq!(csv.status(), StatusCode::OK);
    let exported = audit(&app, &admin, "action=data.exported").await;
    assert_eq!(exported.len(), 1);
    assert_eq!(exported[0]["target_type"], "export");
    assert_eq!(exported[0]["target_label"], "bookings.csv");
    assert_eq!(exported[0]["details"]["rows"], 0);
    assert_eq!(exported[0]["method"], "password");
}

#[tokio::test]
async fn old_audit_entries_go_after_the_retention_time() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    dashboard_login(&app, "admin", "wrong-password").await;
    let now = chrono::Utc::now().timestamp();
    assert_eq!(
        app::service::audit::apply_retention(&app.ctx, 1, now)
            .await
            .expect("pass"),
        0
    );
    let kept = audit(&app, &admin, "").await.len();
    assert!(kept >= 2, "the admin's creation and the failed login");
    let deleted = app::service::audit::apply_retention(&app.ctx, 1, now + 86_401)
        .await
        .expect("pass");
    assert_eq!(deleted as usize, kept);
    assert!(audit(&app, &admin, "").await.is_empty());
    assert_eq!(
        app::service::audit::apply_retention(&app.ctx, 0, now + 10 * 86_400)
            .await
            .expect("keep all"),
        0
    );
}

#[tokio::test]
async fn the_audit_log_page_filters_pages_and_exports_for_administrators_only() {
    let app = TestApp::spawn_with(|config| {
        config.login_failures_per_minute = 1000;
        config.accounts.delay.after = 100;
    })
    .await;
    let admin = app.admin().await;
    app.host("jane").await;
    // Enough entries for two pages.
    for _ in 0..16 {
        dashboard_login(&app, "jane", "wrong-password").await;
    }
    let desk = crate::desk::Desk::open(&app, "admin").await;
    let (status, html) = desk.page("/admin/audit-log?action=login.failed").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<h1") && html.contains(">Audit log</h1>"),
        "{html}"
    );
    for label in [
        "Action",
        "User",
        "Outcome",
        "From",
        "To",
        "Filter",
        "Export CSV",
        "Next page",
    ] {
        assert!(html.contains(&format!(">{label}<")), "{label}");
    }
    for header in ["Time", "Action", "User", "Target", "IP address", "Outcome"] {
        assert!(
            html.contains(&format!(
                "<th scope=\"col\" class=\"px-3 py-2\">{header}</th>"
            )),
            "{header}"
        );
    }
    assert!(html.contains("16 entries, page 1 of 2."), "{html}");
    assert!(
        html.contains("href=\"/admin/audit-log?action=login.failed&amp;page=2\""),
        "{html}"
    );
    assert!(
        html.contains("href=\"/admin/audit-log.csv?action=login.failed\""),
        "{html}"
    );
    let (_, second) = desk
        .page("/admin/audit-log?action=login.failed&page=2")
        .await;
    assert!(second.contains(">Previous page<") && !second.contains(">Next page<"));
    let (status, refused) = desk.page("/admin/audit-log?from=yesterday").await;
    assert_eq!(status, StatusCode::OK);
    assert!(refused.contains("role=\"alert\""), "{refused}");
    // The CSV: the same entries, every column, and itself an audited export.
    let (_, cookie) = dashboard_login(&app, "admin", "admin-password").await;
    let csv = app
        .client
        .get(format!(
            "{}/admin/audit-log.csv?action=login.failed",
            app.base
        ))
        .header(COOKIE, cookie.expect("cookie"))
        .send()
        .await
        .expect("csv");
    assert_eq!(csv.status(), StatusCode::OK);
    assert_eq!(csv.headers()["content-type"], "text/csv; charset=utf-8");
    let text = csv.text().await.expect("text");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "id,created_at,action,outcome,method,actor_id,actor_login,target_type,target_id,target_label,ip,user_agent,details"
        )
    );
    assert_eq!(lines.count(), 16);
    assert!(
        text.contains("\"{\"\"reason\"\":\"\"bad_credentials\"\",\"\"second_factor\"\":null}\""),
        "{text}"
    );
    let exported = audit(&app, &admin, "action=data.exported").await;
    assert_eq!(exported[0]["target_label"], "audit-log.csv");
    assert_eq!(exported[0]["details"]["rows"], 16);
    // A host gets the dashboard's 404, and no CSV.
    let host = crate::desk::Desk::open(&app, "jane").await;
    let (status, html) = host.page("/admin/audit-log").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!html.contains(">Audit log</h1>"));
    let (_, cookie) = dashboard_login(&app, "jane", "jane-password").await;
    let refused = app
        .client
        .get(format!("{}/admin/audit-log.csv", app.base))
        .header(COOKIE, cookie.expect("cookie"))
        .send()
        .await
        .expect("csv");
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_security_page_ends_sessions_and_manages_application_passwords_without_javascript() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let other = session(&app, "jane", "curl/8.5.0").await;
    let desk = crate::desk::Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/settings/security").await;
    assert_eq!(status, StatusCode::OK);
    for text in [
        ">Security</h1>",
        ">Sessions</h2>",
        ">Application passwords</h2>",
        ">This session<",
        ">End session<",
        ">End all other sessions<",
        ">Revoke<",
        ">Create application password<",
        ">Browser<",
        ">IP address<",
        ">Last seen<",
        ">Name<",
        ">Created<",
        ">Last used<",
    ] {
        assert!(html.contains(text), "{text}");
    }
    let token = desk.token("/admin/settings/security").await;
    // Create: the password is shown once, on the answer to the post.
    let (status, _, shown) = desk
        .post(
            "/admin/settings/security",
            &[("csrf", &token), ("op", "create"), ("name", "Reporting")],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let at = shown.find("<code>").expect("the new password") + 6;
    let password = shown[at..]
        .split('<')
        .next()
        .unwrap_or_default()
        .to_string();
    assert_eq!(password.len(), 29);
    let reporting = Creds {
        id: 0,
        login: "jane".into(),
        secret: password.clone(),
    };
    assert_eq!(app.get("/users/me", &reporting).await.0, StatusCode::OK);
    let (_, again) = desk.page("/admin/settings/security").await;
    assert!(!again.contains(&password), "shown only once");
    let (status, _, refused) = desk
        .post(
            "/admin/settings/security",
            &[("csrf", &token), ("op", "create"), ("name", "")],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.contains("The name field is required."));
    // Revoke it.
    let (_, listed) = app.get("/application-passwords", &reporting).await;
    let id = listed["application_passwords"][0]["id"]
        .as_i64()
        .expect("id");
    let (status, location, _) = desk
        .post(
            "/admin/settings/security",
            &[("csrf", &token), ("op", "revoke"), ("id", &id.to_string())],
        )
        .await;
    assert_eq!(
        (status, location.as_str()),
        (
            StatusCode::SEE_OTHER,
            "/admin/settings/security?done=revoked"
        )
    );
    assert_eq!(
        app.get("/users/me", &reporting).await.0,
        StatusCode::UNAUTHORIZED
    );
    // End the other session.
    let (status, location, _) = desk
        .post(
            "/admin/settings/security",
            &[("csrf", &token), ("op", "end_others")],
        )
        .await;
    assert_eq!(
        (status, location.as_str()),
        (
            StatusCode::SEE_OTHER,
            "/admin/settings/security?done=ended_others"
        )
    );
    assert_eq!(
        with_session(&app, reqwest::Method::GET, "/users/me", &other)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    let (_, after) = desk
        .page("/admin/settings/security?done=ended_others")
        .await;
    assert!(after.contains("Other sessions have been ended."));
    assert!(!after.contains(">End all other sessions<"));
    // A post without the form's token changes nothing.
    let (status, _, _) = desk
        .post("/admin/settings/security", &[("op", "end_others")])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// The code an authenticator app shows for `secret` (base32) at `at` (epoch seconds).
fn authenticator_code(secret: &str, at: i64) -> String {
    let secret = totp_rs::Secret::try_from_base32(secret).expect("base32 secret");
    totp_rs::Builder::new()
        .with_secret(secret)
        .build()
        .expect("totp")
        .generate(u64::try_from(at).expect("time"))
        .to_string()
}

/// Posts the login form; answers the status, the `Location`, and the pending-login and session
/// cookies it set.
async fn password_step(
    app: &TestApp,
    login: &str,
    password: &str,
) -> (StatusCode, String, Option<String>, Option<String>) {
    let response = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .form(&[("login", login), ("password", password)])
        .send()
        .await
        .expect("login");
    let cookie = |name: &str| {
        response
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|c| c.starts_with(&format!("{name}=")) && !c.starts_with(&format!("{name}=;")))
            .map(|c| c.split(';').next().unwrap_or_default().to_string())
    };
    let (pending, session) = (cookie("slotbook_pending"), cookie("slotbook_session"));
    let location = response
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (response.status(), location, pending, session)
}

/// Posts the code of a pending login; answers the status, the message of a refusal and the
/// session cookie of a success.
async fn code_step(
    app: &TestApp,
    pending: &str,
    code: &str,
) -> (StatusCode, String, Option<String>) {
    let response = app
        .client
        .post(format!("{}/_app/login_code", app.base))
        .header("origin", &app.base)
        .header(COOKIE, pending)
        .form(&[("code", code)])
        .send()
        .await
        .expect("code");
    let status = response.status();
    let session = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("slotbook_session=") && !c.starts_with("slotbook_session=;"))
        .map(|c| c.split(';').next().unwrap_or_default().to_string());
    let body: Value = response.json().await.unwrap_or(Value::Null);
    let message = body["message"].as_str().unwrap_or_default().to_string();
    (status, message, session)
}

#[tokio::test]
async fn two_factor_login_is_set_up_used_with_codes_once_each_and_turned_off() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let desk = crate::desk::Desk::open(&app, "jane").await;
    let (status, html) = desk.page("/admin/settings/security/two-factor").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(">Set up two-factor authentication</h1>"),
        "{html}"
    );
    assert!(html.contains("<svg role=\"img\" aria-label=\"QR code\""));
    assert!(html.contains(">Secret key<") && html.contains(">Open in authenticator app<"));
    let at = html.find("id=\"totp-secret\"").expect("the secret");
    let at = at + html[at..].find('>').expect("its text") + 1;
    let secret: String = html[at..]
        .split('<')
        .next()
        .unwrap_or_default()
        .replace(' ', "");
    assert_eq!(secret.len(), 32);
    assert!(html.contains(&format!(
        "href=\"otpauth://totp/slotbook:jane?secret={secret}&amp;issuer=slotbook\""
    )));
    let (_, again) = desk.page("/admin/settings/security/two-factor").await;
    assert!(
        again.contains(&html[at..at + 20]),
        "the same secret on every reload"
    );
    let token = desk.token("/admin/settings/security/two-factor").await;
    let desk = &desk;
    let form = |op: &'static str, code: String| {
        let token = token.clone();
        async move {
            desk.post(
                "/admin/settings/security/two-factor",
                &[("csrf", &token), ("op", op), ("code", &code)],
            )
            .await
        }
    };
    let (status, _, refused) = form("enable", "000000".into()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.contains("The code is not correct."));
    assert_eq!(
        app.get("/users/me", &jane).await.1["user"]["two_factor_enabled"],
        false
    );
    let now = chrono::Utc::now().timestamp();
    let (status, _, shown) = form("enable", authenticator_code(&secret, now)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(shown.contains(">Recovery codes</h2>"));
    let codes: Vec<String> = shown
        .split("<li><code>")
        .skip(1)
        .map(|rest| rest.split('<').next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(codes.len(), 10, "{codes:?}");
    assert_eq!(
        app.get("/users/me", &jane).await.1["user"]["two_factor_enabled"],
        true
    );

    // The password alone is no login now: a pending login waits for the code.
    let (status, location, pending, session) = password_step(&app, "jane", "jane-password").await;
    assert!(status.is_redirection() || status.is_success(), "{status}");
    assert!(location.ends_with("/login/two-factor"), "{location}");
    assert!(session.is_none());
    let pending = pending.expect("a pending login");
    let (status, message, _) = code_step(&app, &pending, "123456").await;
    assert_eq!(
        (status, message.as_str()),
        (StatusCode::UNAUTHORIZED, "The code is not correct.")
    );
    // The code of the set-up's step is spent; the next step's code logs in, once.
    let (status, message, _) = code_step(&app, &pending, &authenticator_code(&secret, now)).await;
    assert_eq!(message, "The code is not correct.", "{status}");
    let next = authenticator_code(&secret, now + 30);
    let (status, _, session) = code_step(&app, &pending, &next).await;
    assert!(status.is_redirection() || status.is_success(), "{status}");
    assert!(session.is_some());
    let (_, _, pending, _) = password_step(&app, "jane", "jane-password").await;
    let pending = pending.expect("a pending login");
    let (_, message, _) = code_step(&app, &pending, &next).await;
    assert_eq!(message, "The code is not correct.", "a replayed code");
    // A recovery code, in any case and without its hyphen, once.
    let recovery = codes[0].to_uppercase().replace('-', "");
    let (_, _, session) = code_step(&app, &pending, &recovery).await;
    assert!(session.is_some());
    let (_, _, pending, _) = password_step(&app, "jane", "jane-password").await;
    let pending = pending.expect("a pending login");
    let (_, message, _) = code_step(&app, &pending, &codes[0]).await;
    assert_eq!(message, "The code is not correct.", "a used recovery code");
    let (_, message, _) = code_step(&app, "slotbook_pending=forged", &codes[1]).await;
    assert_eq!(message, "The login has expired. Log in again.");

    // New codes replace the old; turning off asks for a code too.
    let (status, _, renewed) = form("renew", codes[1].clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(renewed.contains(">Recovery codes</h2>"));
    let (status, _, _) = form("disable", codes[2].clone()).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the old codes are gone"
    );

    // An administrator turns it off for a lost phone; then the password alone logs in.
    let (status, body) = app
        .delete(&format!("/users/{}/two-factor", jane.id), &jane)
        .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, body) = app
        .delete(&format!("/users/{}/two-factor", jane.id), &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["message"],
        "Two-factor authentication has been turned off"
    );
    let (_, _, pending, session) = password_step(&app, "jane", "jane-password").await;
    assert!(pending.is_none() && session.is_some());

    let entries = audit(&app, &admin, &format!("actor={}", jane.id)).await;
    let seen: Vec<(String, Value)> = entries
        .iter()
        .rev()
        .map(|e| {
            (
                e["action"].as_str().unwrap_or_default().to_string(),
                e["details"]["second_factor"].clone(),
            )
        })
        .collect();
    let count = |action: &str| seen.iter().filter(|(a, _)| a == action).count();
    assert_eq!(count("two_factor.enabled"), 1);
    assert_eq!(count("two_factor.recovery_codes_renewed"), 1);
    assert!(seen.contains(&("login.succeeded".into(), json!("totp"))));
    assert!(seen.contains(&("login.succeeded".into(), json!("recovery_code"))));
    let bad_codes = entries
        .iter()
        .filter(|e| e["details"]["reason"] == "bad_code")
        .count();
    assert_eq!(bad_codes, 4);
    let disabled = audit(&app, &admin, "action=two_factor.disabled").await;
    assert_eq!(disabled.len(), 1);
    assert_eq!(disabled[0]["actor_login"], "admin");
    assert_eq!(disabled[0]["target_label"], "jane");
    let text = serde_json::to_string(&entries).unwrap_or_default();
    assert!(!text.contains(&secret) && !text.contains(&codes[0]) && !text.contains(&next));
}

#[tokio::test]
async fn when_the_site_requires_two_factor_login_a_password_session_can_only_set_it_up() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let (status, body) = app.get("/settings/security", &admin).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({"settings": {"require_two_factor": "no"}})
        )
    );
    let (status, body) = app
        .post(
            "/settings/security",
            &jane,
            json!({"settings": {"require_two_factor": "yes"}}),
        )
        .await;
    assert_envelope(status, &body, 403, "rest_forbidden");
    let (status, body) = app
        .post(
            "/settings/security",
            &admin,
            json!({"settings": {"require_two_factor": "always"}}),
        )
        .await;
    assert_invalid_field(status, &body, "require_two_factor");
    let (status, body) = app
        .post("/settings/security", &admin, json!({"settings": true}))
        .await;
    assert_invalid_field(status, &body, "settings");
    let (status, body) = app
        .post(
            "/settings/security",
            &admin,
            json!({"settings": {"require_two_factor": "yes"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"message": "Settings updated successfully", "settings": {"require_two_factor": "yes"}})
    );

    let (_, location, _, session) = password_step(&app, "jane", "jane-password").await;
    assert!(
        location.ends_with("/admin/settings/security/two-factor"),
        "{location}"
    );
    let cookie = session.expect("a session");
    let get = |path: &str| {
        app.client
            .get(format!("{}{path}", app.base))
            .header(COOKIE, &cookie)
            .send()
    };
    let page = get("/admin/bookings").await.expect("page");
    assert_eq!(page.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        page.headers()["location"],
        "/admin/settings/security/two-factor"
    );
    let page = get("/admin/settings/security/two-factor")
        .await
        .expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    let rest = get("/api/v2/calendars").await.expect("rest");
    let status = rest.status();
    let body: Value = rest.json().await.expect("json");
    assert_envelope(status, &body, 403, "two_factor_required");
    assert_eq!(body["message"], "Set up two-factor authentication first.");
    // Nor does a dashboard server function called directly do anything for it.
    let slug_check = app
        .client
        .post(format!("{}/_app/admin/check-slug", app.base))
        .header(COOKIE, &cookie)
        .header("origin", &app.base)
        .form(&[("slug", "free-slug")])
        .send()
        .await
        .expect("server function");
    assert_eq!(slug_check.status(), StatusCode::FORBIDDEN);
    // Application passwords are not affected.
    assert_eq!(app.get("/calendars", &jane).await.0, StatusCode::OK);
    let changed = audit(&app, &admin, "action=settings.changed").await;
    assert_eq!(changed[0]["target_label"], "security");
    assert_eq!(changed[0]["details"]["keys"], json!(["require_two_factor"]));
}

#[tokio::test]
async fn a_plain_login_form_post_is_answered_303() {
    let app = TestApp::spawn().await;
    app.host("jane").await;
    let response = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .header("accept", "text/html")
        .form(&[
            ("login", "jane"),
            ("password", "jane-password"),
            ("next", "/admin/bookings"),
        ])
        .send()
        .await
        .expect("login");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/admin/bookings");
}

#[tokio::test]
async fn the_team_section_deletes_a_user_once_confirmed_and_turns_off_their_two_factor_login() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let jane = app.host("jane").await;
    let desk = crate::desk::Desk::open(&app, "admin").await;
    let (_, html) = desk.page("/admin/settings").await;
    assert!(
        html.contains(">Delete jane<") && !html.contains(">Delete admin<"),
        "not oneself"
    );
    let token = desk.token("/admin/settings").await;
    let id = jane.id.to_string();
    let (status, location, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "role"),
                ("op", "two_factor_off"),
                ("user_id", &id),
            ],
        )
        .await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/admin/settings?saved=role#team")
    );
    let (status, _, refused) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "role"),
                ("op", "delete"),
                ("user_id", &id),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.contains("Tick the box to confirm the deletion."));
    assert_eq!(
        app.get("/users/me", &jane).await.0,
        StatusCode::OK,
        "nothing deleted"
    );
    let (status, _, _) = desk
        .post(
            "/admin/settings",
            &[
                ("csrf", &token),
                ("section", "role"),
                ("op", "delete"),
                ("user_id", &id),
                ("confirm", "on"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        app.get("/users/me", &jane).await.0,
        StatusCode::UNAUTHORIZED
    );
    let entries = audit(&app, &admin, "action=user.deleted,two_factor.disabled").await;
    let actions: Vec<&str> = entries
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert_eq!(actions, ["user.deleted", "two_factor.disabled"]);
    assert!(
        entries
            .iter()
            .all(|e| e["method"] == "password" && e["target_label"] == "jane")
    );
}
