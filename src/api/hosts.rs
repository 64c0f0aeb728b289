//! `/admin/*-hosts`: host pickers of the dashboard.

use app::model::listing::{HostCalendarList, HostCandidateList, OtherHostList};
use app::service::hosts;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Authenticated;
use super::error::ApiError;
use super::extract::QueryParams;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_all_hosts))
        .routes(routes!(list_remaining_hosts))
        .routes(routes!(list_other_hosts))
}

#[utoipa::path(get, path = "/admin/all-hosts", tag = "hosts",
    responses((status = 200, description = "`{hosts: [{id, name, label, avatar, calendar_id, deleted_user}]}`", body = HostCalendarList),
              (status = 403, description = "needs `list_users`", body = super::doc::ErrorEnvelope)))]
pub async fn list_all_hosts(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
) -> Result<Json<HostCalendarList>, ApiError> {
    Ok(Json(hosts::all_hosts(&state.ctx, &caller).await?))
}

#[utoipa::path(get, path = "/admin/remaining-hosts", tag = "hosts",
    params(("search" = Option<String>, Query, description = "Name, email or display name"),
           ("selected_id" = Option<i64>, Query, description = "Always included")),
    responses((status = 200, description = "`{hosts: [{id, label, avatar, disabled}]}`; only the caller (`is_own: true`) without `list_users`", body = HostCandidateList)))]
pub async fn list_remaining_hosts(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    query: QueryParams,
) -> Result<Json<HostCandidateList>, ApiError> {
    let search = query.get("search").unwrap_or_default().to_string();
    let selected = query.opt_int("selected_id")?;
    Ok(Json(
        hosts::remaining_hosts(&state.ctx, &caller, &search, selected).await?,
    ))
}

#[utoipa::path(get, path = "/admin/other-hosts", tag = "hosts",
    responses((status = 200, description = "`{hosts: [{id (string), label}]}`; empty without `list_users`", body = OtherHostList)))]
pub async fn list_other_hosts(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
) -> Result<Json<OtherHostList>, ApiError> {
    Ok(Json(hosts::other_hosts(&state.ctx, &caller).await?))
}
