//! Who is calling: HTTP Basic with an application password, or the dashboard's session cookie
//! (whose changes must carry the session's CSRF token).
//!
//! Basic credentials are checked once per request by [`check_credentials`], a middleware over
//! every `/api/v2` route: credentials that are sent but wrong answer 401 `incorrect_password`
//! everywhere, public routes included (as the reference does), instead of being ignored.

use std::net::SocketAddr;

use app::service::Caller;
use app::service::audit::Origin;
use app::service::auth::{self, SESSION_COOKIE};
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;

use super::error::ApiError;
use crate::AppState;

/// An authenticated caller: Basic credentials accepted by [`check_credentials`] (which runs on
/// every `/api/v2` route), or a live session; rejects with 401.
pub struct Authenticated(pub Caller);

/// The caller whose Basic credentials [`check_credentials`] accepted.
#[derive(Clone)]
struct BasicCaller(Caller);

/// The client's address, as the rate limits key it.
pub fn client_key(parts: &Parts) -> String {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// The request's address and User-Agent, for audit entries and session lists.
pub fn origin(parts: &Parts) -> Origin {
    Origin::new(
        client_key(parts),
        parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok()),
    )
}

/// Middleware: checks an `Authorization` header when one is sent. Wrong credentials answer 401
/// on every route; right ones are handed to the extractors below.
pub async fn check_credentials(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let (mut parts, body) = request.into_parts();
    if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
        let value = value.to_str().unwrap_or_default().to_string();
        match basic(&parts, &state, &value).await {
            Ok(caller) => {
                parts.extensions.insert(BasicCaller(caller));
            }
            Err(error) => return error.into_response(),
        }
    }
    next.run(Request::from_parts(parts, body)).await
}

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if let Some(BasicCaller(caller)) = parts.extensions.get::<BasicCaller>() {
            return Ok(Authenticated(caller.clone()));
        }
        match session(parts, state).await? {
            Session::Valid(caller) if caller.must_set_up_two_factor => Err(ApiError::Protocol {
                status: axum::http::StatusCode::FORBIDDEN,
                code: "two_factor_required",
                message: "Set up two-factor authentication first.",
            }),
            Session::Valid(caller) => Ok(Authenticated(*caller)),
            Session::MissingCsrf => Err(ApiError::CsrfFailed),
            Session::None => Err(ApiError::NotLoggedIn),
        }
    }
}

enum Session {
    /// No cookie, or one whose session is unknown or expired.
    None,
    /// A live session, but a change without its CSRF token.
    MissingCsrf,
    Valid(Box<Caller>),
}

async fn session(parts: &Parts, state: &AppState) -> Result<Session, ApiError> {
    let token = parts
        .headers
        .get(header::COOKIE)
        .and_then(|c| c.to_str().ok())
        .and_then(|c| auth::cookie_value(c, SESSION_COOKIE))
        .map(str::to_string);
    let Some(token) = token else {
        return Ok(Session::None);
    };
    let Some((caller, csrf)) = auth::session_caller(&state.ctx, &token, &origin(parts)).await?
    else {
        return Ok(Session::None);
    };
    let safe = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    let sent = parts
        .headers
        .get("x-csrf-token")
        .or_else(|| parts.headers.get("x-wp-nonce"))
        .and_then(|v| v.to_str().ok());
    if !safe && sent != Some(csrf.as_str()) {
        return Ok(Session::MissingCsrf);
    }
    Ok(Session::Valid(Box::new(caller)))
}

/// The caller an `Authorization` header names: Basic credentials as everywhere, or (for the MCP
/// server) `Bearer <application password>`. 401 `incorrect_password` when they do not match.
pub async fn caller_of_authorization(
    parts: &Parts,
    state: &AppState,
    header_value: &str,
) -> Result<Caller, ApiError> {
    let Some(secret) = header_value.strip_prefix("Bearer ") else {
        return basic(parts, state, header_value).await;
    };
    let key = client_key(parts);
    if let Some(wait) = state.login_throttle.blocked_for(&key) {
        return Err(ApiError::TooManyRequests { retry_after: wait });
    }
    match auth::authenticate_bearer(&state.ctx, secret, &origin(parts)).await? {
        Ok(caller) => Ok(caller),
        Err(_) => {
            tracing::info!(client = %key, "refused application password");
            state.login_throttle.record_failure(&key);
            Err(ApiError::IncorrectPassword)
        }
    }
}

async fn basic(parts: &Parts, state: &AppState, header_value: &str) -> Result<Caller, ApiError> {
    let key = client_key(parts);
    if let Some(wait) = state.login_throttle.blocked_for(&key) {
        return Err(ApiError::TooManyRequests { retry_after: wait });
    }
    let decoded = header_value
        .strip_prefix("Basic ")
        .and_then(|b64| {
            base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .ok()
        })
        .and_then(|bytes| String::from_utf8(bytes).ok());
    let Some((login, secret)) = decoded.as_deref().and_then(|d| d.split_once(':')) else {
        state.login_throttle.record_failure(&key);
        auth::refuse_unreadable(&state.ctx, &origin(parts)).await?;
        return Err(ApiError::IncorrectPassword);
    };
    match auth::authenticate_basic(&state.ctx, login, secret, &origin(parts)).await? {
        Ok(caller) => Ok(caller),
        Err(_) => {
            tracing::info!(client = %key, "refused application password");
            state.login_throttle.record_failure(&key);
            Err(ApiError::IncorrectPassword)
        }
    }
}

/// The caller when valid credentials are sent, else `None`: public routes that also let a host
/// choose more (status, source, host). A stale or foreign session cookie, or a cookie change
/// without the CSRF token, counts as anonymous here: a public route never refuses a visitor
/// for a cookie it did not ask for. Wrong Basic credentials were already refused (401).
pub struct MaybeAuthenticated(pub Option<Caller>);

impl FromRequestParts<AppState> for MaybeAuthenticated {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if let Some(BasicCaller(caller)) = parts.extensions.get::<BasicCaller>() {
            return Ok(MaybeAuthenticated(Some(caller.clone())));
        }
        Ok(MaybeAuthenticated(match session(parts, state).await? {
            Session::Valid(caller) if caller.must_set_up_two_factor => None,
            Session::Valid(caller) => Some(*caller),
            Session::None | Session::MissingCsrf => None,
        }))
    }
}
