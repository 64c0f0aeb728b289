//! `/calendars/{id}/events/{event_id}/integrations…`: per-event webhook feeds.

use app::model::answer::MessageAnswer;
use app::model::integration::{IntegrationSaved, IntegrationsAnswer};
use app::model::requests::IntegrationRequest;
use app::service::events::integrations;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{ApiJson, ApiPath};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_integrations))
        .routes(routes!(save_integration, delete_integration))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/integrations", tag = "integrations",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{feeds: [{id, name, enabled, provider, feed}], available_integrations, event_triggers: [{label, value}], smart_codes}`; feeds never carry their signing secret", body = IntegrationsAnswer)))]
pub async fn list_integrations(
    host: Host,
    ApiPath((id, event_id)): ApiPath<(i64, i64)>,
) -> Answer<IntegrationsAnswer> {
    integrations::list(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/integrations/{integration_id}", tag = "integrations",
    description = "Creates (`integration_id` 0) or updates a webhook feed. Without `integration`, `status` switches an existing feed on or off. A new feed's answer carries its `signing_secret` once.",
    params(("id" = i64, Path), ("event_id" = i64, Path), ("integration_id" = i64, Path, description = "0 creates")),
    request_body(content = IntegrationRequest, description = "`{integration_name: 'webhook', integration: {name, enabled, request_url, request_method, request_format, request_body, fields, with_header, request_headers, event_triggers} | '<json>', status?}`"),
    responses((status = 200, description = "`{message: 'Integration successfully saved', integration_id, integration_name, created, signing_secret?}`", body = IntegrationSaved)))]
pub async fn save_integration(
    host: Host,
    ApiPath((id, event_id, integration_id)): ApiPath<(i64, i64, i64)>,
    ApiJson(body): ApiJson,
) -> Answer<IntegrationSaved> {
    integrations::check_access(&host.ctx, &host.caller, id, event_id, integration_id).await?;
    let command = app::input::events::integrations::save_integration(&body)?;
    integrations::save(
        &host.ctx,
        &host.caller,
        id,
        event_id,
        integration_id,
        command,
    )
    .await
    .json()
}

#[utoipa::path(delete, path = "/calendars/{id}/events/{event_id}/integrations/{integration_id}", tag = "integrations",
    params(("id" = i64, Path), ("event_id" = i64, Path), ("integration_id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Successfully deleted the Integration.'}`", body = MessageAnswer)))]
pub async fn delete_integration(
    host: Host,
    ApiPath((id, event_id, integration_id)): ApiPath<(i64, i64, i64)>,
) -> Answer<MessageAnswer> {
    integrations::delete(&host.ctx, &host.caller, id, event_id, integration_id)
        .await
        .json()
}
