//! `/login/oidc` and its callback (DESIGN 2.10): the browser goes to the provider with a
//! fresh state, nonce and PKCE challenge, and comes back with a code that becomes a session.
//! Refusals render the login page with the message and the status DESIGN names.

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use leptos::prelude::provide_context;

use app::service::auth::{self, cookie_value};
use app::service::sso::{self, BROWSER_COOKIE, Callback, LOGIN_SECONDS, SsoRefused};
use app::ui::login::LoginNotice;
use app::ui::session::same_site_path;

use super::{origin_of, pairs_of, render_with, see_other};
use crate::AppState;

/// `GET /login/oidc?next=`: 303 to the provider's authorization endpoint.
pub async fn get_start(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    parts: axum::http::request::Parts,
) -> Response {
    let Some(provider) = state.ctx.sso.clone() else {
        return not_found(&state, &parts).await;
    };
    let pairs = pairs_of(raw.unwrap_or_default().as_bytes());
    let next = pairs
        .iter()
        .find(|(k, _)| k == "next")
        .and_then(|(_, v)| same_site_path(v))
        .unwrap_or("/admin")
        .to_string();
    // A browser keeps its token across logins, so two tabs logging in at once both succeed.
    let token = browser_token(&parts.headers)
        .map(str::to_string)
        .unwrap_or_else(sso::new_browser_token);
    match sso::begin(&state.ctx, &provider, &token, &next).await {
        Ok(Ok(authorization)) => {
            let mut response = see_other(&authorization);
            set_cookie(&mut response, &browser_cookie(&state, &token));
            response
        }
        Ok(Err(sso::ProviderUnavailable)) => {
            login_page(
                &state,
                &parts.headers,
                SsoRefused::Failed.message(),
                StatusCode::BAD_GATEWAY,
            )
            .await
        }
        Err(e) => crate::api::error::ApiError::from(e).into_response(),
    }
}

/// `GET /login/oidc/callback`: the provider's answer becomes a session (303 to `next`), or the
/// login page with why not.
pub async fn get_callback(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    parts: axum::http::request::Parts,
) -> Response {
    let Some(provider) = state.ctx.sso.clone() else {
        return not_found(&state, &parts).await;
    };
    let origin = origin_of(&parts.headers, &parts.extensions);
    let address = origin.ip.clone().unwrap_or_default();
    if let Some(wait) = state.login_throttle.blocked_for(&address) {
        let message = format!(
            "Too many failed logins. Try again in {} seconds.",
            wait.as_secs().max(1)
        );
        return login_page(
            &state,
            &parts.headers,
            &message,
            StatusCode::TOO_MANY_REQUESTS,
        )
        .await;
    }
    let pairs = pairs_of(raw.unwrap_or_default().as_bytes());
    let value = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let callback = Callback {
        state: value("state"),
        code: value("code"),
        error: value("error"),
        iss: value("iss"),
    };
    let token = browser_token(&parts.headers).map(str::to_string);
    match sso::finish(&state.ctx, &provider, token.as_deref(), callback, origin).await {
        Ok(Ok((started, next))) => {
            let secure = state.ctx.public_url.starts_with("https://");
            let mut response = see_other(same_site_path(&next).unwrap_or("/admin"));
            set_cookie(
                &mut response,
                &auth::session_cookie(
                    Some(&started.token),
                    secure,
                    state.ctx.accounts.session_max_seconds,
                ),
            );
            response
        }
        Ok(Err(refused)) => {
            state.login_throttle.record_failure(&address);
            let status = StatusCode::from_u16(refused.status()).unwrap_or(StatusCode::BAD_REQUEST);
            login_page(&state, &parts.headers, refused.message(), status).await
        }
        Err(e) => crate::api::error::ApiError::from(e).into_response(),
    }
}

/// Single sign-on is off: its addresses are as unknown as any other.
async fn not_found(state: &AppState, parts: &axum::http::request::Parts) -> Response {
    render_with(
        state,
        &parts.uri,
        &parts.headers,
        || {},
        StatusCode::NOT_FOUND,
    )
    .await
}

/// The token of this browser's single sign-on cookie, when it has a well-formed one.
fn browser_token(headers: &HeaderMap) -> Option<&str> {
    let cookies = headers.get(header::COOKIE)?.to_str().ok()?;
    cookie_value(cookies, BROWSER_COOKIE)
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The cookie binding logins at the provider to this browser: HttpOnly, SameSite=Lax (the
/// provider's redirect back is a top-level GET, which Lax lets through), 10 minutes.
fn browser_cookie(state: &AppState, token: &str) -> String {
    let secure = if state.ctx.public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    format!(
        "{BROWSER_COOKIE}={token}; Path=/login/oidc; HttpOnly; SameSite=Lax; Max-Age={LOGIN_SECONDS}{secure}"
    )
}

fn set_cookie(response: &mut Response, cookie: &str) {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
}

/// The login page with `message` in its alert, answering `status`.
async fn login_page(
    state: &AppState,
    headers: &HeaderMap,
    message: &str,
    status: StatusCode,
) -> Response {
    let notice = LoginNotice(message.to_string());
    let uri = Uri::from_static("/login");
    render_with(
        state,
        &uri,
        headers,
        move || provide_context(notice.clone()),
        status,
    )
    .await
}
