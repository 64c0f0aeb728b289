//! What operators watch (DESIGN 2.11): one `request` log line and the request metrics per
//! answered request, and `GET /metrics`.

use std::sync::Arc;
use std::time::Instant;

use app::service::support::metrics::Metrics;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use crate::AppState;
use crate::api::error::ApiError;

/// The template of the route that answered (`/booking/{hash}`), carried on the response from
/// the router to [`observe`], which runs before routing and so cannot see it on the request.
#[derive(Clone)]
struct RouteTemplate(Arc<str>);

/// Inside the router: notes which route answered.
pub async fn note_route(request: Request, next: Next) -> Response {
    let template = request
        .extensions()
        .get::<MatchedPath>()
        .map(|m| RouteTemplate(Arc::from(m.as_str())));
    let mut response = next.run(request).await;
    if let Some(template) = template {
        response.extensions_mut().insert(template);
    }
    response
}

/// Around everything but the request id: times the request to its answer's head, counts it
/// in `/metrics` and logs one `request` line. Neither names a concrete path, a query, a hash
/// or anything the client sent but the method and its (checked) request id.
pub async fn observe(State(metrics): State<Metrics>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let request_id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let span = tracing::info_span!("request", request_id = %request_id);
    let response = next.run(request).instrument(span).await;
    let elapsed = started.elapsed();
    let route = response
        .extensions()
        .get::<RouteTemplate>()
        .map_or("unmatched", |t| &t.0);
    let status = response.status().as_u16();
    metrics.request(route, method.as_str(), status, elapsed.as_secs_f64());
    let duration_ms = (elapsed.as_secs_f64() * 1e6).round() / 1e3;
    if response.status() == StatusCode::INTERNAL_SERVER_ERROR {
        tracing::error!(request_id, method = %method, route, status, duration_ms, "request failed");
    }
    tracing::info!(request_id, method = %method, route, status, duration_ms, "request");
    response
}

/// `GET /metrics` (routed only while `SLOTBOOK_METRICS_TOKEN` is set): the Prometheus text
/// for `Authorization: Bearer <token>`, else 401 asking for a bearer token.
pub async fn metrics(State(state): State<AppState>, headers: axum::http::HeaderMap) -> Response {
    if !state
        .metrics_token
        .as_ref()
        .is_some_and(|token| token.admits(&headers))
    {
        let mut response = ApiError::NotLoggedIn.into_response();
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    }
    match app::service::scrape::render(&state.ctx).await {
        Ok(Some(text)) => (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
            )],
            text,
        )
            .into_response(),
        Ok(None) => ApiError::NoRoute.into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// The token `/metrics` asks for (`SLOTBOOK_METRICS_TOKEN`).
#[derive(Clone)]
pub struct MetricsToken(pub Arc<str>);

impl MetricsToken {
    /// Whether `Authorization` is `Bearer <the token>`, compared in constant time.
    fn admits(&self, headers: &axum::http::HeaderMap) -> bool {
        use subtle::ConstantTimeEq;
        let Some(given) = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                let (scheme, token) = v.trim().split_once(' ')?;
                scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
            })
        else {
            return false;
        };
        bool::from(given.as_bytes().ct_eq(self.0.as_bytes()))
    }
}
