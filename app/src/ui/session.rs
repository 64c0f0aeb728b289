//! Server functions of the dashboard session: log in, log out, who am I. They live under
//! `/_app` so they can never collide with the REST API under `/api`.

#[cfg(feature = "ssr")]
use crate::texts::dashboard::{t, tf};
use leptos::prelude::*;

use crate::model::errors::PageError;
use crate::model::user::SessionUser;

#[cfg(feature = "ssr")]
mod server {
    use std::net::SocketAddr;

    use axum::extract::ConnectInfo;
    use axum::http::{HeaderMap, HeaderValue, header};
    use leptos::prelude::*;

    use crate::model::errors::PageError;
    use crate::service::audit::Origin;
    use crate::service::auth::{self, SESSION_COOKIE};
    use crate::service::support::throttle::LoginThrottle;
    use crate::service::{Caller, Ctx};
    use crate::texts::dashboard::t;

    /// The error, with its status set on the response, except for a browser's plain form post:
    /// Leptos answers that with a redirect back to the form (the error in its address), and a
    /// 4xx status would keep the browser from following it.
    pub fn fail(status: u16, message: impl Into<String>) -> PageError {
        let form_post = use_context::<axum::http::request::Parts>().is_some_and(|parts| {
            parts.method == axum::http::Method::POST
                && parts
                    .headers
                    .get(header::ACCEPT)
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(|accept| accept.contains("text/html"))
        });
        if !form_post {
            crate::ui::set_status(status);
        }
        PageError::new(status, message)
    }

    pub fn ctx() -> Result<Ctx, PageError> {
        use_context::<Ctx>().ok_or_else(|| fail(500, "service context missing"))
    }

    pub async fn headers() -> Result<HeaderMap, PageError> {
        leptos_axum::extract::<HeaderMap>()
            .await
            .map_err(|e| fail(400, e.to_string()))
    }

    pub fn session_token(headers: &HeaderMap) -> Option<String> {
        let cookies = headers.get(header::COOKIE)?.to_str().ok()?;
        auth::cookie_value(cookies, SESSION_COOKIE).map(str::to_string)
    }

    /// Refuses a form post without a positive same-site signal (see `auth::same_site_post`).
    pub fn check_same_origin(headers: &HeaderMap) -> Result<(), PageError> {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text("host").unwrap_or_default();
        if auth::same_site_post(text("origin"), text("sec-fetch-site"), host) {
            Ok(())
        } else {
            Err(fail(403, t("cross-site-refused")))
        }
    }

    pub async fn client_ip() -> String {
        leptos_axum::extract::<ConnectInfo<SocketAddr>>()
            .await
            .map(|ConnectInfo(addr)| addr.ip().to_string())
            .unwrap_or_else(|_| "unknown".into())
    }

    /// The request's address and User-Agent, for audit entries and session lists.
    pub fn origin(headers: &HeaderMap, ip: String) -> Origin {
        Origin::new(
            ip,
            headers
                .get(header::USER_AGENT)
                .and_then(|v| v.to_str().ok()),
        )
    }

    pub async fn caller() -> Result<Option<(Caller, String)>, PageError> {
        let headers = headers().await?;
        let Some(token) = session_token(&headers) else {
            return Ok(None);
        };
        let origin = origin(&headers, client_ip().await);
        auth::session_caller(&ctx()?, &token, &origin)
            .await
            .map_err(super::unavailable)
    }

    /// 429 while this address waits after too many failed logins.
    pub fn not_blocked(throttle: &LoginThrottle, key: &str) -> Result<(), PageError> {
        match throttle.blocked_for(key) {
            Some(wait) => Err(fail(
                429,
                super::too_many_logins(i64::try_from(wait.as_secs().max(1)).unwrap_or(i64::MAX)),
            )),
            None => Ok(()),
        }
    }

    pub fn throttle() -> Result<LoginThrottle, PageError> {
        use_context::<LoginThrottle>().ok_or_else(|| fail(500, "throttle missing"))
    }

    pub fn set_cookie(value: &str) {
        if let (Some(response), Ok(value)) = (
            use_context::<leptos_axum::ResponseOptions>(),
            HeaderValue::from_str(value),
        ) {
            response.append_header(header::SET_COOKIE, value);
        }
    }
}

/// The two-factor set-up page: the only dashboard page open to a session that must set it up.
pub const TWO_FACTOR_SETUP: &str = "/admin/settings/security/two-factor";

/// `next` of `/login?next=...` when it is a path of this site (`/admin/bookings?period=past`),
/// never another site (`//evil.example`, `https://...`, backslashes) or anything with control
/// characters.
pub fn same_site_path(next: &str) -> Option<&str> {
    let ok = next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control);
    ok.then_some(next)
}

/// The signed-in user of this request (with its CSRF token), for the dashboard's server
/// functions; `None` without a valid session.
#[cfg(feature = "ssr")]
pub(crate) async fn signed_in() -> Result<Option<(crate::service::Caller, String)>, PageError> {
    server::caller().await
}

/// "Too many failed logins. Try again in 30 seconds."
#[cfg(feature = "ssr")]
fn too_many_logins(seconds: i64) -> String {
    tf("too-many-logins", &[("seconds", seconds.into())])
}

/// A refused login as the login page says it.
#[cfg(feature = "ssr")]
fn login_refusal(refused: crate::service::login::LoginRefused) -> String {
    use crate::service::login::LoginRefused as R;
    match refused {
        R::BadCredentials => t("login-not-correct").into(),
        R::Wait(seconds) => too_many_logins(seconds),
        R::PasswordLoginOff => t("password-login-off").into(),
    }
}

/// A refused code as the two-factor page says it.
#[cfg(feature = "ssr")]
fn code_refusal(refused: crate::service::login::CodeRefused) -> String {
    use crate::service::login::CodeRefused as R;
    match refused {
        R::BadCode => t("code-not-correct").into(),
        R::Expired => t("login-expired").into(),
        R::Wait(seconds) => too_many_logins(seconds),
    }
}

/// The login pages' server functions answer in the browser's language.
#[cfg(feature = "ssr")]
fn speak_browser_language(headers: &axum::http::HeaderMap) {
    let header = headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let lang = crate::service::settings::profile::user_language(None, header);
    provide_context(crate::texts::dashboard::DashboardLang(lang));
}

/// A storage failure during a session change: 503, the details only in the log.
#[cfg(feature = "ssr")]
fn unavailable(error: impl std::fmt::Display) -> PageError {
    tracing::error!(error = %error, "session storage");
    server::fail(503, t("the-server-cannot-reach-its-database"))
}

/// Logs in with login (or email) and password, sets the session cookie and goes to the dashboard.
#[server(prefix = "/_app", endpoint = "login")]
pub async fn login(login: String, password: String, next: Option<String>) -> Result<(), PageError> {
    use crate::service::auth;
    use crate::service::login::{PasswordAccepted, PasswordLogin, password_login};
    let headers = server::headers().await?;
    speak_browser_language(&headers);
    server::check_same_origin(&headers)?;
    let ctx = server::ctx()?;
    let throttle = server::throttle()?;
    let key = server::client_ip().await;
    server::not_blocked(&throttle, &key)?;
    let origin = server::origin(&headers, key.clone());
    let next = next
        .as_deref()
        .and_then(same_site_path)
        .unwrap_or("/admin")
        .to_string();
    let attempt = PasswordLogin {
        login,
        password,
        next: next.clone(),
        origin,
    };
    let secure = ctx.public_url.starts_with("https://");
    match password_login(&ctx, attempt).await.map_err(unavailable)? {
        Ok(PasswordAccepted::Session(started)) => {
            server::set_cookie(&auth::session_cookie(
                Some(&started.token),
                secure,
                ctx.accounts.session_max_seconds,
            ));
            // The site requires two-factor login and this user has none yet.
            if started.caller.must_set_up_two_factor {
                leptos_axum::redirect(TWO_FACTOR_SETUP);
            } else {
                leptos_axum::redirect(&next);
            }
        }
        Ok(PasswordAccepted::CodeNeeded { pending_token }) => {
            server::set_cookie(&pending_cookie(Some(&pending_token), secure));
            leptos_axum::redirect("/login/two-factor");
        }
        Err(refused) => {
            if refused == crate::service::login::LoginRefused::BadCredentials {
                throttle.record_failure(&key);
            }
            return Err(server::fail(refused.status(), login_refusal(refused)));
        }
    }
    Ok(())
}

/// `Set-Cookie` of a pending login (its removal when `token` is `None`).
#[cfg(feature = "ssr")]
fn pending_cookie(token: Option<&str>, secure: bool) -> String {
    use crate::service::login::{PENDING_COOKIE, PENDING_SECONDS};
    let secure = if secure { "; Secure" } else { "" };
    let (value, age) = token.map_or(("", 0), |t| (t, PENDING_SECONDS));
    format!("{PENDING_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}")
}

/// The second step of a login with two-factor authentication: the code of the pending login
/// of this browser. A right one starts the session and goes where the login was going.
#[server(prefix = "/_app", endpoint = "login_code")]
pub async fn login_code(code: String) -> Result<(), PageError> {
    use crate::service::auth;
    use crate::service::login::{PENDING_COOKIE, code_login};
    let headers = server::headers().await?;
    speak_browser_language(&headers);
    server::check_same_origin(&headers)?;
    let ctx = server::ctx()?;
    let throttle = server::throttle()?;
    let key = server::client_ip().await;
    server::not_blocked(&throttle, &key)?;
    let pending = headers
        .get(axum::http::header::COOKIE)
        .and_then(|v| v.to_str().ok())
        .and_then(|cookies| auth::cookie_value(cookies, PENDING_COOKIE))
        .unwrap_or_default()
        .to_string();
    let origin = server::origin(&headers, key.clone());
    let secure = ctx.public_url.starts_with("https://");
    match code_login(&ctx, &pending, &code, origin)
        .await
        .map_err(unavailable)?
    {
        Ok((started, next)) => {
            server::set_cookie(&pending_cookie(None, secure));
            server::set_cookie(&auth::session_cookie(
                Some(&started.token),
                secure,
                ctx.accounts.session_max_seconds,
            ));
            leptos_axum::redirect(same_site_path(&next).unwrap_or("/admin"));
            Ok(())
        }
        Err(refused) => {
            if refused == crate::service::login::CodeRefused::BadCode {
                throttle.record_failure(&key);
            }
            Err(server::fail(refused.status(), code_refusal(refused)))
        }
    }
}

/// Ends the session and goes back to the login page.
#[server(prefix = "/_app", endpoint = "logout")]
pub async fn logout() -> Result<(), PageError> {
    use crate::service::auth;
    let headers = server::headers().await?;
    server::check_same_origin(&headers)?;
    let ctx = server::ctx()?;
    if let Some(token) = server::session_token(&headers) {
        let origin = server::origin(&headers, server::client_ip().await);
        auth::end_session(&ctx, &token, &origin)
            .await
            .map_err(unavailable)?;
    }
    server::set_cookie(&auth::session_cookie(
        None,
        ctx.public_url.starts_with("https://"),
        0,
    ));
    leptos_axum::redirect("/login");
    Ok(())
}

/// The signed-in user, or `None`.
#[server(prefix = "/_app", endpoint = "me")]
pub async fn current_user() -> Result<Option<SessionUser>, PageError> {
    let headers = server::headers().await?;
    let browser = headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    Ok(server::caller().await?.map(|(caller, csrf)| SessionUser {
        language: crate::service::settings::profile::user_language(
            caller.user.language.as_deref(),
            browser,
        ),
        id: caller.id(),
        login: caller.user.login.clone(),
        name: caller.user.full_name(),
        email: caller.user.email.clone(),
        role: caller.role.as_str().to_string(),
        csrf_token: csrf,
    }))
}

#[cfg(test)]
mod tests {
    use super::same_site_path;

    #[test]
    fn only_paths_of_this_site_are_followed_after_login() {
        assert_eq!(
            same_site_path("/admin/bookings?period=past"),
            Some("/admin/bookings?period=past")
        );
        for bad in [
            "//evil.example/x",
            "https://evil.example",
            "/\\evil.example",
            "admin",
            "",
            "/a\nb",
        ] {
            assert_eq!(same_site_path(bad), None, "{bad:?}");
        }
    }
}
