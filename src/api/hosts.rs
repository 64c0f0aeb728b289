//! `/admin/*-hosts`: host pickers of the dashboard.

use app::model::listing::{HostCalendarList, HostCandidateList, OtherHostList};
use app::service::hosts;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::QueryParams;
use super::handler::{Answer, Host, IntoAnswer};
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
pub async fn list_all_hosts(host: Host) -> Answer<HostCalendarList> {
    hosts::all_hosts(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(get, path = "/admin/remaining-hosts", tag = "hosts",
    params(("search" = Option<String>, Query, description = "Name, email or display name"),
           ("selected_id" = Option<i64>, Query, description = "Always included")),
    responses((status = 200, description = "`{hosts: [{id, label, avatar, disabled}]}`; only the caller (`is_own: true`) without `list_users`", body = HostCandidateList)))]
pub async fn list_remaining_hosts(host: Host, query: QueryParams) -> Answer<HostCandidateList> {
    let search = query.get("search").unwrap_or_default().to_string();
    let selected = query.opt_int("selected_id")?;
    hosts::remaining_hosts(&host.ctx, &host.caller, &search, selected)
        .await
        .json()
}

#[utoipa::path(get, path = "/admin/other-hosts", tag = "hosts",
    responses((status = 200, description = "`{hosts: [{id (string), label}]}`; empty without `list_users`", body = OtherHostList)))]
pub async fn list_other_hosts(host: Host) -> Answer<OtherHostList> {
    hosts::other_hosts(&host.ctx, &host.caller).await.json()
}
