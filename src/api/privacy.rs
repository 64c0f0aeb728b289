//! Attendees' data (DESIGN 2.11): administrators export or erase everything held about one
//! address; an attendee erases their own booking by its link when the site allows it.

use app::model::answer::MessageAnswer;
use app::model::privacy::{EraseOwnRequest, EraseRequest, ErasedData, PersonalData};
use app::service::privacy;
use axum::extract::State;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::bookings::PublicCreate;
use super::extract::{ApiJson, ApiPath, QueryParams};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(export_personal_data))
        .routes(routes!(erase_personal_data))
        .routes(routes!(erase_own_data))
}

#[utoipa::path(get, path = "/privacy/export", tag = "privacy",
    description = "Everything held about one attendee address, matched trimmed and case-insensitively (`manage_options`): its bookings (answers, guests and consent included), their activities and their outbox messages of any lane. Empty lists when none. Audited as `data.exported`. A malformed `email`: 422 on `email`.",
    params(("email" = String, Query, description = "The attendee's address")),
    responses((status = 200, description = "`{email, exported_at, bookings, activities, deliveries: [{id, booking_id, lane, status, created_at}]}`", body = PersonalData)))]
pub async fn export_personal_data(host: Host, query: QueryParams) -> Answer<PersonalData> {
    let email = privacy::address_for(&host.caller, query.get("email").unwrap_or_default())?;
    privacy::export(&host.ctx, &host.caller, &email)
        .await
        .json()
}

#[utoipa::path(post, path = "/privacy/erase", tag = "privacy",
    description = "Erases every booking of one attendee address (`manage_options`): names, email, phone, notes, answers, guests and IP address go; id, event, host, times, status, payment and group stay, with `erased_at`. A booking that has not ended is cancelled first (the host is told). Its links answer 404 from then on. Audited as `data.erased`. A malformed `email`: 422 on `email`.",
    request_body(content = EraseRequest, description = "`{email}`"),
    responses((status = 200, description = "`{message: 'Personal data has been erased', erased}`", body = ErasedData)))]
pub async fn erase_personal_data(host: Host, ApiJson(body): ApiJson) -> Answer<ErasedData> {
    // 403 before any complaint about the body.
    app::service::settings::site::require(
        &host.caller,
        app::domain::access::Capability::ManageOptions,
    )?;
    let email = privacy::address_for(&host.caller, &email_of(&body)?)?;
    privacy::erase_email(&host.ctx, &host.caller, &email)
        .await
        .json()
}

#[utoipa::path(post, path = "/bookings/{hash}/erase", tag = "bookings",
    description = "Public: the attendee erases their own booking's data by its secret `hash`, while the privacy setting `attendee_erasure` is on (else 404, as for an unknown hash). `confirm` must be true, else 422 on `confirm`. The booking is cancelled first if it has not ended; its links answer 404 afterwards.",
    params(("hash" = String, Path, description = "The booking's secret hash")),
    request_body(content = EraseOwnRequest, description = "`{confirm: true}`"),
    responses((status = 200, description = "`{message: 'Your data has been erased'}`", body = MessageAnswer)))]
pub async fn erase_own_data(
    State(state): State<AppState>,
    _: PublicCreate,
    ApiPath(hash): ApiPath<String>,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    let confirmed = body.get("confirm") == Some(&Value::Bool(true));
    privacy::erase_own(&state.ctx, &hash, confirmed)
        .await
        .json()
}

/// `email` of the body; another type than a string is 422 on it.
fn email_of(body: &Value) -> Result<String, super::error::ApiError> {
    match body.get("email") {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(text)) => Ok(text.clone()),
        Some(_) => {
            Err(
                app::service::ServiceError::field("email", "string", "The email must be a string.")
                    .into(),
            )
        }
    }
}
