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

/// The whole request body must arrive within `deadline` of the request's head. tower-http's
/// body time-out restarts at every chunk, so a body trickled a byte at a time was cut only by
/// the 60-s request time-out; and a body that stalled was answered 400 (the extractor's "could
/// not read the body"). Here either is answered 408 `request_timeout`.
pub async fn body_deadline(
    axum::extract::State(deadline): axum::extract::State<std::time::Duration>,
    request: Request,
    next: Next,
) -> Response {
    let expired = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let request = request.map(|body| {
        axum::body::Body::new(DeadlineBody {
            inner: body,
            until: Box::pin(tokio::time::sleep(deadline)),
            expired: expired.clone(),
        })
    });
    let response = next.run(request).await;
    if expired.load(std::sync::atomic::Ordering::Acquire) {
        return ApiError::for_status(StatusCode::REQUEST_TIMEOUT).into_response();
    }
    response
}

/// A request body that fails once its deadline has passed.
struct DeadlineBody {
    inner: axum::body::Body,
    until: std::pin::Pin<Box<tokio::time::Sleep>>,
    expired: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl http_body::Body for DeadlineBody {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        use std::future::Future;
        use std::task::Poll;
        if let Poll::Ready(frame) = std::pin::Pin::new(&mut self.inner).poll_frame(cx) {
            return Poll::Ready(frame);
        }
        if self.until.as_mut().poll(cx).is_ready() {
            self.expired
                .store(true, std::sync::atomic::Ordering::Release);
            return Poll::Ready(Some(Err(axum::Error::new(
                "the request body took too long",
            ))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}
