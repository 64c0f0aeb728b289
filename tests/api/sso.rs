//! Single sign-on through OpenID Connect (DESIGN 2.10), against a real provider
//! (`oidc-provider` from npm) on loopback: the authorization request, the callback's checks,
//! matching and creating users, password login turned off.

use reqwest::StatusCode;
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use serde_json::{Value, json};

use crate::accounts::audit;
use crate::oidc::{OpenIdProvider, free_port};
use crate::support::TestApp;

/// A slotbook with single sign-on at `provider` (creation rule `create_users`; password login
/// as `password_login`), on the port the provider's client expects.
async fn app_with(
    port: u16,
    provider: &OpenIdProvider,
    create_users: &str,
    password_login: bool,
) -> TestApp {
    let settings = provider.settings(create_users);
    TestApp::spawn_with(move |config| {
        config.bind = format!("127.0.0.1:{port}");
        config.sso = Some(settings);
        config.accounts.password_login = password_login;
    })
    .await
}

/// A provider and a slotbook that trust each other.
async fn pair(create_users: &str, claims_in_id_token: bool) -> (OpenIdProvider, TestApp) {
    let port = free_port();
    let provider = OpenIdProvider::start(
        &format!("http://127.0.0.1:{port}/login/oidc/callback"),
        claims_in_id_token,
    )
    .await;
    let app = app_with(port, &provider, create_users, true).await;
    (provider, app)
}

/// A browser: its own cookies, redirects followed by hand.
fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("browser")
}

fn location(response: &reqwest::Response) -> String {
    response
        .headers()
        .get(LOCATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// `GET /login/oidc?next=`: the provider's authorization address.
async fn start(app: &TestApp, browser: &reqwest::Client, next: &str) -> String {
    let response = browser
        .get(format!("{}/login/oidc?next={next}", app.base))
        .send()
        .await
        .expect("start");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    location(&response)
}

/// At the provider: `account` logs in with `claims` (query pairs of the test provider's login
/// screen). Answers the callback address the provider sends the browser back to.
async fn at_provider(
    browser: &reqwest::Client,
    authorization: &str,
    account: &str,
    claims: &[(&str, &str)],
) -> String {
    let response = browser.get(authorization).send().await.expect("authorize");
    assert!(response.status().is_redirection(), "{}", response.status());
    let interaction = reqwest::Url::parse(authorization)
        .expect("url")
        .join(&location(&response))
        .expect("interaction url");
    let mut url = interaction.clone();
    url.query_pairs_mut().append_pair("account", account);
    for (k, v) in claims {
        url.query_pairs_mut().append_pair(k, v);
    }
    let mut response = browser.get(url).send().await.expect("interaction");
    // The provider resumes the authorization, then redirects to the client.
    for _ in 0..5 {
        let next = location(&response);
        assert!(
            response.status().is_redirection(),
            "{} {next}",
            response.status()
        );
        if next.contains("/login/oidc/callback") {
            return next;
        }
        let url = interaction.join(&next).expect("resume url");
        response = browser.get(url).send().await.expect("resume");
    }
    panic!("the provider never sent the browser back");
}

/// The callback, as `browser` follows it: status, `Location`, session cookie, body.
async fn callback(
    browser: &reqwest::Client,
    url: &str,
) -> (StatusCode, String, Option<String>, String) {
    let response = browser.get(url).send().await.expect("callback");
    let status = response.status();
    let location = location(&response);
    let cookie = response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("slotbook_session=") && !c.starts_with("slotbook_session=;"))
        .map(|c| c.split(';').next().unwrap_or_default().to_string());
    let body = response.text().await.unwrap_or_default();
    (status, location, cookie, body)
}

/// A whole login of `account` with `claims`, from `/login/oidc` to the callback's answer.
async fn log_in(
    app: &TestApp,
    account: &str,
    claims: &[(&str, &str)],
) -> (StatusCode, String, Option<String>, String) {
    let browser = browser();
    let authorization = start(app, &browser, "").await;
    let back = at_provider(&browser, &authorization, account, claims).await;
    callback(&browser, &back).await
}

/// A REST call with a session cookie.
async fn as_session(app: &TestApp, cookie: &str, path: &str) -> (StatusCode, Value) {
    let response = app
        .client
        .get(format!("{}/api/v2{path}", app.base))
        .header(COOKIE, cookie)
        .send()
        .await
        .expect("rest");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// `url` with the query parameter `name` set to `value` (the others kept, in order).
fn with_param(url: &str, name: &str, value: &str) -> String {
    let mut url = reqwest::Url::parse(url).expect("url");
    let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    url.query_pairs_mut().clear();
    for (k, v) in &pairs {
        url.query_pairs_mut()
            .append_pair(k, if k == name { value } else { v });
    }
    url.to_string()
}

const FAILED: &str = "Single sign-on failed. Try again.";

fn assert_refused(
    answer: &(StatusCode, String, Option<String>, String),
    status: StatusCode,
    message: &str,
) {
    assert_eq!(answer.0, status, "{}", answer.3);
    assert!(answer.2.is_none(), "a refusal sets no session");
    assert!(
        answer.3.contains("role=\"alert\""),
        "the login page with an alert"
    );
    assert!(answer.3.contains(message), "{message} missing");
}

#[tokio::test]
async fn a_verified_email_logs_in_its_user_who_is_then_linked_by_subject() {
    let (_provider, app) = pair("", false).await;
    let admin = app.admin().await;
    let ann = app.host("ann").await;
    let email = format!("{}@example.com", ann.login);
    // The site requires two-factor login: the provider's login is not asked for it.
    let (status, _) = app
        .post(
            "/settings/security",
            &admin,
            json!({"settings": {"require_two_factor": "yes"}}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    let browser = browser();
    let authorization = start(&app, &browser, "%2Fadmin%2Fbookings%3Fperiod%3Dpast").await;
    let url = reqwest::Url::parse(&authorization).expect("authorization url");
    let query: std::collections::HashMap<String, String> = url.query_pairs().into_owned().collect();
    assert_eq!(query["response_type"], "code");
    assert_eq!(query["client_id"], crate::oidc::CLIENT_ID);
    assert_eq!(
        query["redirect_uri"],
        format!("{}/login/oidc/callback", app.base)
    );
    let scopes: Vec<&str> = query["scope"].split(' ').collect();
    for scope in ["openid", "email", "profile"] {
        assert!(scopes.contains(&scope), "{scopes:?}");
    }
    assert_eq!(query["code_challenge_method"], "S256");
    assert!(query["code_challenge"].len() >= 43);
    // 128 bits at least, base64url: 22 characters.
    assert!(query["state"].len() >= 22 && query["nonce"].len() >= 22);

    // The email in another case, only at UserInfo (this provider keeps the ID token lean).
    let back = at_provider(
        &browser,
        &authorization,
        "sub-ann",
        &[("email", &email.to_uppercase()), ("verified", "true")],
    )
    .await;
    let (status, next, cookie, _) = callback(&browser, &back).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(next, "/admin/bookings?period=past");
    let cookie = cookie.expect("a session");
    let (status, me) = as_session(&app, &cookie, "/users/me").await;
    assert_eq!(
        status,
        StatusCode::OK,
        "not held back by the two-factor rule: {me}"
    );
    assert_eq!(me["user"]["login"], "ann");
    assert_eq!(me["user"]["sso_linked"], true);
    let (_, sessions) = as_session(&app, &cookie, "/sessions").await;
    assert_eq!(sessions["sessions"][0]["method"], "oidc");
    let dashboard = app
        .client
        .get(format!("{}/admin", app.base))
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("dashboard");
    assert_eq!(
        dashboard.status(),
        StatusCode::OK,
        "no detour to the two-factor set-up"
    );

    // The same callback again: its state is used.
    let replay = callback(&browser, &back).await;
    assert_refused(&replay, StatusCode::BAD_REQUEST, FAILED);

    // Linked by subject now: a changed (even unverified) email still logs in as ann.
    let (status, _, cookie, _) = log_in(
        &app,
        "sub-ann",
        &[("email", "ann@moved.test"), ("verified", "false")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, me) = as_session(&app, &cookie.expect("session"), "/users/me").await;
    assert_eq!(me["user"]["login"], "ann");

    let logins = audit(&app, &admin, "action=login.succeeded,login.failed").await;
    let succeeded: Vec<&Value> = logins
        .iter()
        .filter(|e| e["action"] == "login.succeeded")
        .collect();
    assert_eq!(succeeded.len(), 2, "{logins:?}");
    for entry in &succeeded {
        assert_eq!(entry["method"], "oidc");
        assert_eq!(entry["actor_login"], "ann");
    }
    let failed: Vec<&Value> = logins
        .iter()
        .filter(|e| e["action"] == "login.failed")
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["details"]["reason"], "sso_error");
    assert!(failed[0]["actor_id"].is_null());
    let everything = serde_json::to_string(&audit(&app, &admin, "").await).expect("json");
    assert!(!everything.contains(crate::oidc::CLIENT_SECRET));
}

#[tokio::test]
async fn a_first_login_of_an_allowed_domain_creates_a_host() {
    let (_provider, app) = pair("example.com, example.org", true).await;
    let admin = app.admin().await;
    let claims = [
        ("email", "new.person@example.com"),
        ("verified", "true"),
        ("name", "New Person"),
    ];
    let (status, next, cookie, _) = log_in(&app, "sub-new", &claims).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(next, "/admin");
    let (_, me) = as_session(&app, &cookie.expect("session"), "/users/me").await;
    let user = &me["user"];
    assert_eq!(user["login"], "new.person");
    assert_eq!(user["name"], "New Person");
    assert_eq!(user["email"], "new.person@example.com");
    assert_eq!(user["role"], "host");
    assert_eq!(user["sso_linked"], true);
    let created = audit(&app, &admin, "action=user.created").await;
    let entry = created
        .iter()
        .find(|e| e["target_label"] == "new.person")
        .expect("user.created");
    assert_eq!(entry["method"], "oidc");
    assert_eq!(entry["actor_id"], user["id"], "the new user is the actor");

    // No password was made for it: the login form refuses any.
    let (status, _) = crate::auth::dashboard_login(&app, "new.person", "").await;
    assert!(status.is_client_error() || status.is_redirection());

    // Someone whose local part is taken gets a login of their own.
    app.host("zed").await;
    let (status, _, cookie, _) = log_in(
        &app,
        "sub-zed",
        &[
            ("email", "zed@example.org"),
            ("verified", "true"),
            ("given_name", "Zed"),
            ("family_name", "Other"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, me) = as_session(&app, &cookie.expect("session"), "/users/me").await;
    assert_eq!(me["user"]["login"], "zed2");
    assert_eq!(me["user"]["name"], "Zed Other");
    // Other domains, look-alikes and subdomains included, get no account.
    for email in [
        "other@elsewhere.test",
        "eve@example.com.evil.test",
        "eve@sub.example.com",
    ] {
        let refused = log_in(&app, "sub-eve", &[("email", email), ("verified", "true")]).await;
        assert_refused(
            &refused,
            StatusCode::FORBIDDEN,
            "No account matches this email address.",
        );
    }
    let refused: Vec<Value> = audit(&app, &admin, "action=login.failed")
        .await
        .into_iter()
        .filter(|e| e["method"] == "oidc")
        .collect();
    assert_eq!(refused.len(), 3);
    assert!(
        refused
            .iter()
            .all(|e| e["details"]["reason"] == "unknown_email"),
        "{refused:?}"
    );
}

#[tokio::test]
async fn unverified_and_unknown_emails_are_refused() {
    let (_provider, app) = pair("", true).await;
    let admin = app.admin().await;
    let bob = app.host("bob").await;
    let email = format!("{}@example.com", bob.login);
    let unverified = log_in(&app, "sub-bob", &[("email", &email), ("verified", "false")]).await;
    assert_refused(
        &unverified,
        StatusCode::FORBIDDEN,
        "The provider has not verified this email address.",
    );
    let missing = log_in(&app, "sub-bob", &[("email", &email)]).await;
    assert_refused(
        &missing,
        StatusCode::FORBIDDEN,
        "The provider has not verified this email address.",
    );
    let unknown = log_in(
        &app,
        "sub-x",
        &[("email", "nobody@example.com"), ("verified", "true")],
    )
    .await;
    assert_refused(
        &unknown,
        StatusCode::FORBIDDEN,
        "No account matches this email address.",
    );
    let (_, users) = app.get("/users", &admin).await;
    let bob_now = users["users"]
        .as_array()
        .expect("users")
        .iter()
        .find(|u| u["id"] == bob.id)
        .cloned()
        .expect("bob");
    assert_eq!(
        bob_now["sso_linked"], false,
        "an unverified email links nothing"
    );

    let failed = audit(&app, &admin, "action=login.failed").await;
    let reasons: Vec<&str> = failed
        .iter()
        .filter_map(|e| e["details"]["reason"].as_str())
        .collect();
    assert_eq!(
        reasons,
        ["unknown_email", "unverified_email", "unverified_email"]
    );
    assert_eq!(
        failed[1]["actor_login"], "bob",
        "the account the email names"
    );
    assert!(failed[0]["actor_id"].is_null());
}

#[tokio::test]
async fn tampered_or_unsigned_tokens_wrong_states_and_nonces_and_provider_errors_are_refused() {
    let (provider, app) = pair("", true).await;
    app.host("cara").await;
    let admin = app.admin().await;
    let (_, users) = app.get("/users", &admin).await;
    let email = users["users"]
        .as_array()
        .expect("users")
        .iter()
        .find(|u| u["login"] == "cara")
        .and_then(|u| u["email"].as_str())
        .expect("cara's email")
        .to_string();
    let claims = [("email", email.as_str()), ("verified", "true")];

    provider.spoil_next_token("tamper").await;
    assert_refused(
        &log_in(&app, "sub-cara", &claims).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );
    provider.spoil_next_token("none").await;
    assert_refused(
        &log_in(&app, "sub-cara", &claims).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );

    // A state slotbook never sent.
    let browser = browser();
    let authorization = start(&app, &browser, "").await;
    let back = at_provider(&browser, &authorization, "sub-cara", &claims).await;
    let wrong = with_param(&back, "state", "not-the-state");
    assert_refused(
        &callback(&browser, &wrong).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );
    // Another browser with the right state: refused, and the state stays this browser's.
    assert_refused(
        &callback(&self::browser(), &back).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );
    let (status, _, cookie, _) = callback(&browser, &back).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(cookie.is_some());

    // The provider signs a nonce other than the one slotbook sent.
    let browser = self::browser();
    let authorization = start(&app, &browser, "").await;
    let changed = with_param(&authorization, "nonce", "another-nonce-of-22-chars");
    let back = at_provider(&browser, &changed, "sub-cara", &claims).await;
    assert_refused(
        &callback(&browser, &back).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );

    // The provider answers an error instead of a code.
    let browser = self::browser();
    let authorization = start(&app, &browser, "").await;
    let state = reqwest::Url::parse(&authorization)
        .expect("url")
        .query_pairs()
        .find(|(k, _)| k == "state")
        .map(|(_, v)| v.into_owned())
        .expect("state");
    let denied = format!(
        "{}/login/oidc/callback?error=access_denied&state={state}",
        app.base
    );
    assert_refused(
        &callback(&browser, &denied).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );
    // No state at all.
    let bare = format!("{}/login/oidc/callback?code=abc", app.base);
    assert_refused(
        &callback(&browser, &bare).await,
        StatusCode::BAD_REQUEST,
        FAILED,
    );

    let failed = audit(&app, &admin, "action=login.failed").await;
    assert_eq!(failed.len(), 7, "{failed:?}");
    assert!(
        failed
            .iter()
            .all(|e| e["details"]["reason"] == "sso_error" && e["method"] == "oidc")
    );
}

#[tokio::test]
async fn with_password_login_off_only_single_sign_on_and_application_passwords_remain() {
    let port = free_port();
    let provider = OpenIdProvider::start(
        &format!("http://127.0.0.1:{port}/login/oidc/callback"),
        true,
    )
    .await;
    let app = app_with(port, &provider, "", false).await;
    let dana = app.host("dana").await;

    let page = app.text("/login?next=%2Fadmin%2Fbookings").await;
    assert!(page.contains("Log in with Acme ID"));
    assert!(
        page.contains("href=\"/login/oidc?next=%2Fadmin%2Fbookings\""),
        "the link carries next"
    );
    assert!(!page.contains("type=\"password\""), "no password field");
    assert!(!page.contains(">Log in<"), "no Log in button");

    let (status, _) = crate::auth::dashboard_login(&app, "dana", "dana-password").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let refused = app
        .client
        .post(format!("{}/_app/login", app.base))
        .header("origin", &app.base)
        .header("accept", "application/json")
        .form(&[("login", "dana"), ("password", "dana-password")])
        .send()
        .await
        .expect("login")
        .text()
        .await
        .unwrap_or_default();
    assert!(
        refused.contains("Password login is turned off."),
        "{refused}"
    );
    // Application passwords keep working.
    let (status, me) = app.get("/users/me", &dana).await;
    assert_eq!(status, StatusCode::OK, "{me}");
}

#[tokio::test]
async fn password_login_off_without_single_sign_on_does_not_start() {
    let config = slotbook::config::Config {
        bind: "127.0.0.1:0".into(),
        database_url: "sqlite::memory:".into(),
        accounts: app::service::login::AccountSettings {
            password_login: false,
            ..Default::default()
        },
        ..Default::default()
    };
    assert!(slotbook::Application::build(config).await.is_err());
}

#[tokio::test]
async fn single_sign_on_addresses_are_unknown_when_it_is_off() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(format!("{}/login/oidc", app.base))
        .send()
        .await
        .expect("start");
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let page = app.text("/login").await;
    assert!(!page.contains("Log in with"));
    assert!(page.contains("type=\"password\""));
}

#[tokio::test]
async fn a_provider_that_cannot_be_reached_is_said_on_the_login_page() {
    let closed = free_port();
    let app = TestApp::spawn_with(move |config| {
        config.sso = Some(app::service::sso::SsoSettings {
            issuer: format!("http://127.0.0.1:{closed}"),
            client_id: "slotbook".into(),
            client_secret: "unused-secret".into(),
            name: "Acme ID".into(),
            create_users: app::domain::sso::AccountCreation::Never,
        });
    })
    .await;
    let response = browser()
        .get(format!("{}/login/oidc", app.base))
        .send()
        .await
        .expect("start");
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    let page = response.text().await.unwrap_or_default();
    assert!(page.contains("role=\"alert\"") && page.contains(FAILED));
    assert!(
        page.contains("Log in with Acme ID"),
        "the link stays for another try"
    );
}
