//! `/host-limits`: a host's cap on bookings across all of its events (DESIGN 2.8).

use app::model::settings::{HostLimitsAnswer, HostLimitsRequest};
use app::service::settings::host_limits;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{ApiJson, QueryParams};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_host_limits, save_host_limits))
}

#[utoipa::path(get, path = "/host-limits", tag = "host-limits",
    description = "The caller's caps on bookings across all of the events they host, per day and per week of their zone (their own calendar's, else UTC; weeks from `administration.start_day`). Another user's with `user_id` and `manage_all_data`.",
    params(("user_id" = Option<i64>, Query, description = "Another user (needs `manage_all_data`)")),
    responses((status = 200, description = "`{limits: [{unit: per_day|per_week, value}]}`", body = HostLimitsAnswer)))]
pub async fn get_host_limits(host: Host, query: QueryParams) -> Answer<HostLimitsAnswer> {
    let user_id = query.opt_int("user_id")?;
    host_limits::get(&host.ctx, &host.caller, user_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/host-limits", tag = "host-limits",
    description = "Replaces the caps (`[]` removes them). Counted over the bookings (scheduled, pending, completed) the user hosts in any event; once a day or week is full, none of their events offers time in it (reason `limit_reached`) and a create there is 409 `slot_unavailable`. A value below 1, another unit or one unit twice: 422 on `limits`.",
    params(("user_id" = Option<i64>, Query, description = "Another user (needs `manage_all_data`)")),
    request_body(content = HostLimitsRequest, description = "`{limits: [{unit, value}]}`"),
    responses((status = 200, description = "`{message: 'Limits have been updated', limits}`", body = HostLimitsAnswer)))]
pub async fn save_host_limits(
    host: Host,
    query: QueryParams,
    ApiJson(body): ApiJson,
) -> Answer<HostLimitsAnswer> {
    let user_id = query.opt_int("user_id")?;
    let limits = app::input::settings::host_limits(&body)?;
    host_limits::replace(&host.ctx, &host.caller, user_id, &limits)
        .await
        .json()
}
