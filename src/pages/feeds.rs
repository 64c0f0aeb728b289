//! `GET /feeds/{token}.ics` (DESIGN 2.12): a published calendar feed, for calendar
//! applications: no credentials (the token is the secret), the public read limit per address,
//! and a strong ETag so that an unchanged feed costs a 304.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::api::bookings::PublicRead;

pub async fn get_feed(
    _limit: PublicRead,
    State(state): State<AppState>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(token) = file.strip_suffix(".ics").filter(|t| is_token(t)) else {
        return not_found();
    };
    let now = chrono::Utc::now().timestamp();
    let document = match app::service::feeds::document(&state.ctx, token, now).await {
        Ok(Some(document)) => document,
        Ok(None) => return not_found(),
        Err(e) => return crate::api::error::ApiError::from(e).into_response(),
    };
    let etag = HeaderValue::from_str(&document.etag).unwrap_or(HeaderValue::from_static("\"\""));
    // The feed holds personal data: a calendar application may keep it, no shared cache may.
    let cache = HeaderValue::from_static("private, no-cache");
    if not_modified(&headers, &document.etag) {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag), (header::CACHE_CONTROL, cache)],
        )
            .into_response();
    }
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/calendar; charset=utf-8"),
            ),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
        ],
        document.body,
    )
        .into_response()
}

/// A feed token's shape: URL-safe base64 (anything else names no feed, unread).
fn is_token(text: &str) -> bool {
    (16..=128).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `If-None-Match` names this ETag (or `*`).
fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == etag || tag == "*")
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "Not found").into_response()
}
