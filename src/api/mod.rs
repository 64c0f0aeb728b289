//! REST under `/api/v2`: one module per resource, each a router with its OpenAPI entries.

pub mod accounts;
pub mod auth;
pub mod bookings;
pub mod calendar_connections;
pub mod calendars;
pub mod doc;
pub mod error;
pub mod events;
pub mod extract;
pub mod feeds;
pub mod handler;
pub mod host_limits;
pub mod hosts;
pub mod integrations;
pub mod limits;
pub mod out_of_office;
pub mod privacy;
pub mod reports;
pub mod schedules;
pub mod settings;
pub mod sharing;
pub mod team_invitations;
pub mod waitlist;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use error::ApiError;

/// The REST router (to be nested at `/api/v2`) and its OpenAPI document.
pub fn router() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut openapi) = OpenApiRouter::with_openapi(doc::ApiDoc::openapi())
        .merge(calendars::router())
        .merge(sharing::router())
        .merge(hosts::router())
        .merge(host_limits::router())
        .merge(out_of_office::router())
        .merge(events::router())
        .merge(integrations::router())
        .merge(bookings::router())
        .merge(schedules::router())
        .merge(reports::router())
        .merge(settings::router())
        .merge(team_invitations::router())
        .merge(calendar_connections::router())
        .merge(accounts::router())
        .merge(feeds::router())
        .merge(waitlist::router())
        .merge(privacy::router())
        .split_for_parts();
    openapi.servers = Some(vec![utoipa::openapi::Server::new("/api/v2")]);
    // After the merge: the routes' operations exist only now.
    utoipa::Modify::modify(&doc::CommonErrors, &mut openapi);
    utoipa::Modify::modify(&doc::HostCredentials, &mut openapi);
    utoipa::Modify::modify(&doc::AnswerExamples, &mut openapi);
    let document = openapi.clone();
    let router = router
        .route("/openapi.json", get(move || async move { Json(document) }))
        .fallback(no_route)
        .method_not_allowed_fallback(no_route);
    (router, openapi)
}

/// Unknown routes and methods answer in the envelope.
pub async fn no_route() -> ApiError {
    ApiError::NoRoute
}

/// `GET /readyz` (DESIGN 2.11; no credentials, no rate limit): 200 `{"status":"ready"}` when
/// the database answers and carries every migration this binary knows, else 503 `not_ready`
/// with each check's outcome. Within 5 s whatever the database does.
pub async fn readyz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    let checks = app::service::readiness::check(&state.ctx).await;
    if checks.ready() {
        Ok(Json(serde_json::json!({"status": "ready"})))
    } else {
        Err(ApiError::NotReady {
            checks: serde_json::json!(checks),
        })
    }
}

/// `GET /healthz`: 200 when the database answers.
pub async fn healthz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    state.ctx.store.ping().await?;
    Ok(Json(serde_json::json!({"status": "ok"})))
}
