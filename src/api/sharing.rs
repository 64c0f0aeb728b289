//! `/calendars/{id}/sharing-settings`: the public landing page and host profile.

use app::model::answer::MessageAnswer;
use app::model::calendar::SharingAnswer;
use app::model::requests::SharingRequest;
use app::service::calendars::sharing;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{ApiJson, ApiPath};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_sharing_settings, save_sharing_settings))
}

#[utoipa::path(get, path = "/calendars/{id}/sharing-settings", tag = "sharing",
    params(("id" = i64, Path, description = "Calendar id")),
    responses((status = 200, description = "`{settings: {enabled, enabled_slots, show_type}, share_url}`", body = SharingAnswer)))]
pub async fn get_sharing_settings(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<SharingAnswer> {
    sharing::get(&host.ctx, &host.caller, id).await.json()
}

#[utoipa::path(post, path = "/calendars/{id}/sharing-settings", tag = "sharing",
    params(("id" = i64, Path, description = "Calendar id")),
    request_body(content = SharingRequest, description = "`{calendar_data: {title, timezone, description, calendar_avatar, featured_image, phone}, landing_page_settings: {enabled, show_type, enabled_slots}}`"),
    responses((status = 200, description = "`{message: 'Landing Page settings have been updated'}`", body = MessageAnswer)))]
pub async fn save_sharing_settings(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    let change = app::input::calendars::save_sharing(&body)?;
    sharing::save(&host.ctx, &host.caller, id, change)
        .await
        .json()
}
