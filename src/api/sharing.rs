//! `/calendars/{id}/sharing-settings`: the public landing page and host profile.

use app::model::answer::MessageAnswer;
use app::model::calendar::SharingAnswer;
use app::model::requests::SharingRequest;
use app::service::calendars::sharing;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Authenticated;
use super::error::ApiError;
use super::extract::{ApiJson, ApiPath};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_sharing_settings, save_sharing_settings))
}

#[utoipa::path(get, path = "/calendars/{id}/sharing-settings", tag = "sharing",
    params(("id" = i64, Path, description = "Calendar id")),
    responses((status = 200, description = "`{settings: {enabled, enabled_slots, show_type}, share_url}`", body = SharingAnswer),
              (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn get_sharing_settings(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<SharingAnswer>, ApiError> {
    Ok(Json(sharing::get(&state.ctx, &caller, id).await?))
}

#[utoipa::path(post, path = "/calendars/{id}/sharing-settings", tag = "sharing",
    params(("id" = i64, Path, description = "Calendar id")),
    request_body(content = SharingRequest, description = "`{calendar_data: {title, timezone, description, calendar_avatar, featured_image, phone}, landing_page_settings: {enabled, show_type, enabled_slots}}`"),
    responses((status = 200, description = "`{message: 'Landing Page settings have been updated'}`", body = MessageAnswer),
              (status = 403, body = super::doc::ErrorEnvelope), (status = 404, body = super::doc::ErrorEnvelope),
              (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn save_sharing_settings(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(sharing::save(&state.ctx, &caller, id, &body).await?))
}
