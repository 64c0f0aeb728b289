//! Who is calling: HTTP Basic with an application password, or the dashboard's session cookie
//! (whose changes must carry the session's CSRF token).

use std::net::SocketAddr;

use app::service::Caller;
use app::service::auth::{self, SESSION_COOKIE};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{Method, header};
use base64::Engine;

use super::error::ApiError;
use crate::AppState;

/// An authenticated caller; rejects with 401 (or 429 after too many failures).
pub struct Authenticated(pub Caller);

/// The client's address, as the rate limits key it.
pub fn client_key(parts: &Parts) -> String {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
            return basic(parts, state, value.to_str().unwrap_or_default())
                .await
                .map(Authenticated);
        }
        let token = parts
            .headers
            .get(header::COOKIE)
            .and_then(|c| c.to_str().ok())
            .and_then(|c| auth::cookie_value(c, SESSION_COOKIE))
            .map(str::to_string);
        let Some(token) = token else {
            return Err(ApiError::NotLoggedIn);
        };
        let Some((caller, csrf)) = auth::session_caller(&state.ctx.store, &token).await? else {
            return Err(ApiError::NotLoggedIn);
        };
        let safe = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
        let sent = parts
            .headers
            .get("x-csrf-token")
            .or_else(|| parts.headers.get("x-wp-nonce"))
            .and_then(|v| v.to_str().ok());
        if !safe && sent != Some(csrf.as_str()) {
            return Err(ApiError::CsrfFailed);
        }
        Ok(Authenticated(caller))
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
        return Err(ApiError::IncorrectPassword);
    };
    match auth::authenticate_basic(&state.ctx.store, login, secret).await? {
        Ok(caller) => Ok(caller),
        Err(_) => {
            tracing::info!(client = %key, "refused application password");
            state.login_throttle.record_failure(&key);
            Err(ApiError::IncorrectPassword)
        }
    }
}

/// The caller when credentials are sent (and valid), else `None`: public routes that also let a
/// host choose more (status, source, host).
pub struct MaybeAuthenticated(pub Option<Caller>);

impl FromRequestParts<AppState> for MaybeAuthenticated {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let has_cookie = parts
            .headers
            .get(header::COOKIE)
            .and_then(|c| c.to_str().ok())
            .is_some_and(|c| auth::cookie_value(c, SESSION_COOKIE).is_some());
        if parts.headers.contains_key(header::AUTHORIZATION) || has_cookie {
            let Authenticated(caller) = Authenticated::from_request_parts(parts, state).await?;
            return Ok(MaybeAuthenticated(Some(caller)));
        }
        Ok(MaybeAuthenticated(None))
    }
}
