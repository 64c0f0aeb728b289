//! Limits at the HTTP level, answered in the error envelope: the URL and header sizes a request
//! may have, and an envelope for refusals made below the handlers (time-outs, body limits),
//! which would otherwise answer `/api` clients with an empty body.

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// Longest request target (path and query) accepted.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// Most header bytes (names and values) accepted in one request.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;

/// Refuses over-long URLs (414) and header sets (431) before any work is done.
pub async fn check_request_size(request: Request, next: Next) -> Response {
    let uri_len = request
        .uri()
        .path_and_query()
        .map_or(0, |pq| pq.as_str().len());
    if uri_len > MAX_URI_BYTES {
        return ApiError::for_status(StatusCode::URI_TOO_LONG).into_response();
    }
    let header_bytes: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        return ApiError::for_status(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE).into_response();
    }
    next.run(request).await
}

/// Gives the envelope to `/api` error answers that were made without one.
pub async fn envelope_bare_errors(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api");
    let response = next.run(request).await;
    let status = response.status();
    if !is_api || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    let mut enveloped = ApiError::for_status(status).into_response();
    *enveloped.status_mut() = status;
    for (name, value) in response.headers() {
        if name == header::RETRY_AFTER || name == header::ALLOW {
            enveloped.headers_mut().insert(name.clone(), value.clone());
        }
    }
    enveloped
}
