//! Published calendar feeds (DESIGN 2.12): the caller's secret feed addresses.

use app::model::answer::MessageAnswer;
use app::model::feeds::{CalendarFeedChanged, CalendarFeedList, NewCalendarFeedRequest};
use app::service::feeds;
use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::error::ApiError;
use super::extract::{ApiJson, ApiPath};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_feeds, create_feed))
        .routes(routes!(regenerate_feed))
        .routes(routes!(revoke_feed))
}

#[utoipa::path(get, path = "/feeds", tag = "feeds",
    description = "The caller's calendar feeds: secret addresses (`url`, and `webcal_url` for calendar applications) of its bookings or of its busy times only.",
    responses((status = 200, description = "`{feeds}`", body = CalendarFeedList)))]
pub async fn list_feeds(host: Host) -> Answer<CalendarFeedList> {
    feeds::list(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/feeds", tag = "feeds",
    description = "Creates a feed of `kind` `bookings` (the caller's bookings of the last 90 days and ahead, attendees included) or `free_busy` (busy intervals only). Unknown kind: 422 on `kind`; one feed per kind: 409 `feed_exists`.",
    request_body(content = NewCalendarFeedRequest, description = "`{kind}`"),
    responses((status = 201, description = "`{message: 'Calendar feed has been created', feed}`", body = CalendarFeedChanged),
              (status = 409, description = "feed_exists: a feed of this kind already exists", body = super::doc::ErrorEnvelope)))]
pub async fn create_feed(
    host: Host,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<CalendarFeedChanged>), ApiError> {
    let kind = app::input::feeds::new_feed(&body)?;
    let created = feeds::create(&host.ctx, &host.caller, kind).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(post, path = "/feeds/{id}/regenerate", tag = "feeds",
    description = "A new secret address for one of the caller's feeds (another user's: 404); the old address answers 404 at once.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Calendar feed address has been regenerated', feed}`", body = CalendarFeedChanged)))]
pub async fn regenerate_feed(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<CalendarFeedChanged> {
    feeds::regenerate(&host.ctx, &host.caller, id).await.json()
}

#[utoipa::path(delete, path = "/feeds/{id}", tag = "feeds",
    description = "Revokes one of the caller's feeds (another user's: 404); its address answers 404 at once.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Calendar feed has been revoked'}`", body = MessageAnswer)))]
pub async fn revoke_feed(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<MessageAnswer> {
    feeds::revoke(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new("Calendar feed has been revoked")))
}
