//! `/out-of-office`: the days a user takes no bookings (DESIGN 2.8).

use app::model::answer::MessageAnswer;
use app::model::settings::{OutOfOfficeAnswer, OutOfOfficeList, OutOfOfficeRequest};
use app::service::settings::out_of_office;
use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::error::ApiError;
use super::extract::{ApiJson, ApiPath, QueryParams};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

const WHOSE: &str = "Another user (needs `manage_all_data`)";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_out_of_office, add_out_of_office))
        .routes(routes!(delete_out_of_office))
}

#[utoipa::path(get, path = "/out-of-office", tag = "out-of-office",
    description = "The caller's days out of office, soonest first: inclusive dates of their zone (their own calendar's, else UTC). Another user's with `user_id` and `manage_all_data`.",
    params(("user_id" = Option<i64>, Query, description = WHOSE)),
    responses((status = 200, description = "`{periods: [{id, user_id, start_date, end_date, reason, teammate_id}]}`", body = OutOfOfficeList)))]
pub async fn list_out_of_office(host: Host, query: QueryParams) -> Answer<OutOfOfficeList> {
    let user_id = query.opt_int("user_id")?;
    out_of_office::list(&host.ctx, &host.caller, user_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/out-of-office", tag = "out-of-office",
    description = "Saves a period: no time starting on those dates is offered with the user as host (collective events: with any member; reason `out_of_office`), and round robin gives the user's turns to `teammate_id` when that member is free. 422 on `start_date`/`end_date` (not `YYYY-MM-DD`, or the end before the start) and on a `teammate_id` that is not another user.",
    params(("user_id" = Option<i64>, Query, description = WHOSE)),
    request_body(content = OutOfOfficeRequest, description = "`{start_date, end_date, reason?, teammate_id?}`"),
    responses((status = 201, description = "`{message: 'Out of office has been saved', period}`", body = OutOfOfficeAnswer)))]
pub async fn add_out_of_office(
    host: Host,
    query: QueryParams,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<OutOfOfficeAnswer>), ApiError> {
    let user_id = query.opt_int("user_id")?;
    let absence = app::input::settings::out_of_office(&body)?;
    let saved = out_of_office::add(&host.ctx, &host.caller, user_id, absence).await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

#[utoipa::path(delete, path = "/out-of-office/{id}", tag = "out-of-office",
    description = "Deletes one of the caller's periods (another user's: 404, unless named by `user_id` with `manage_all_data`).",
    params(("id" = i64, Path), ("user_id" = Option<i64>, Query, description = WHOSE)),
    responses((status = 200, description = "`{message: 'Out of office has been deleted'}`", body = MessageAnswer)))]
pub async fn delete_out_of_office(
    host: Host,
    query: QueryParams,
    ApiPath(id): ApiPath<i64>,
) -> Answer<MessageAnswer> {
    let user_id = query.opt_int("user_id")?;
    out_of_office::delete(&host.ctx, &host.caller, user_id, id).await?;
    Ok(Json(MessageAnswer::new(out_of_office::DELETED)))
}
