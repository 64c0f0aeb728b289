//! `/calendar-connections…`: the caller's external calendars (DESIGN 2.7). Personal: another
//! user's connection answers 404, administrators' requests included.

use app::model::calendar_connection::{
    BusyList, ConnectBody, ConnectionAnswer, ConnectionChanged, ConnectionDeleted, ConnectionList,
};
use app::model::requests::UpdateConnectionRequest;
use app::service::calendars::connections;
use axum::Json;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::error::ApiError;
use super::extract::{ApiJson, ApiPath, QueryParams};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_connections, connect_calendar))
        .routes(routes!(
            get_connection,
            update_connection,
            delete_connection
        ))
        .routes(routes!(sync_connection))
        .routes(routes!(connection_busy))
}

const CONNECTION: &str = "Connection: `{id, kind: 'caldav'|'ics', title, url (without userinfo and query), username, status: 'ok'|'error', last_error, last_synced_at (RFC 3339 or null), calendars: [{id, name, check_conflicts, is_destination, read_only}]}`. Passwords and a feed's full address are never answered.";

#[utoipa::path(get, path = "/calendar-connections", tag = "calendar-connections",
    description = CONNECTION,
    responses((status = 200, description = "The caller's connections", body = ConnectionList)))]
pub async fn list_connections(host: Host) -> Answer<ConnectionList> {
    connections::list(&host.ctx, &host.caller).await.json()
}

#[utoipa::path(post, path = "/calendar-connections", tag = "calendar-connections",
    description = "Connects a CalDAV account (its calendars are discovered: current-user-principal, calendar-home-set, the collections that hold events; a calendar's own URL works too) or an ICS feed, and reads its busy times now. Nothing is stored when refused: 422 on `password` for refused CalDAV credentials (on `url` for a feed answering 401/403), on `url` for an address that is unreachable, not http(s), private, not CalDAV or not iCalendar, on `kind` for an unknown kind.",
    request_body(content = ConnectBody, description = "`{kind: 'caldav'|'ics', url, username?, password?, title?}`"),
    responses((status = 201, description = "`{message: 'Calendar has been connected', connection}`", body = ConnectionChanged)))]
pub async fn connect_calendar(
    host: Host,
    ApiJson(body): ApiJson,
) -> Result<(StatusCode, Json<ConnectionChanged>), ApiError> {
    let request = app::input::calendars::connect_request(&body);
    Ok((
        StatusCode::CREATED,
        Json(connections::connect(&host.ctx, &host.caller, &request).await?),
    ))
}

#[utoipa::path(get, path = "/calendar-connections/{id}", tag = "calendar-connections",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{connection}`", body = ConnectionAnswer)))]
pub async fn get_connection(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<ConnectionAnswer> {
    connections::get(&host.ctx, &host.caller, id).await.json()
}

#[utoipa::path(put, path = "/calendar-connections/{id}", tag = "calendar-connections",
    description = "Changes the title, the credentials (tried before they are kept, then synced at once) and the listed calendars' choices; unlisted calendars keep theirs. At most one destination per user: choosing one clears the others; two in one request, or a read-only one, is 422 on `calendars`. Choices take effect on the next slot list.",
    params(("id" = i64, Path)),
    request_body(content = UpdateConnectionRequest, description = "`{title?, username?, password?, calendars?: [{id, check_conflicts?, is_destination?}]}`"),
    responses((status = 200, description = "`{message: 'Calendar connection has been updated', connection}`", body = ConnectionChanged)))]
pub async fn update_connection(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Answer<ConnectionChanged> {
    connections::update(
        &host.ctx,
        &host.caller,
        id,
        app::input::calendars::update_connection(&body),
    )
    .await
    .json()
}

#[utoipa::path(delete, path = "/calendar-connections/{id}", tag = "calendar-connections",
    description = "Its busy times stop counting at once; its credentials are erased.",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Calendar connection has been deleted'}`", body = ConnectionDeleted)))]
pub async fn delete_connection(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<ConnectionDeleted> {
    connections::delete(&host.ctx, &host.caller, id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendar-connections/{id}/sync", tag = "calendar-connections",
    description = "Reads the server now and answers when done; a failure shows in the connection's `status` and `last_error` (the last good busy times stay in use).",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Calendar has been synced', connection}`", body = ConnectionChanged)))]
pub async fn sync_connection(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<ConnectionChanged> {
    connections::sync_now(&host.ctx, &host.caller, id)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendar-connections/{id}/busy", tag = "calendar-connections",
    description = "The busy intervals the slot engine subtracts, as stored (not merged across calendars), of the connection's calendars that check conflicts, overlapping the UTC dates `from`..`to` (both inclusive; default today to +30 days). No titles.",
    params(("id" = i64, Path),
           ("from" = Option<String>, Query, description = "YYYY-MM-DD"),
           ("to" = Option<String>, Query, description = "YYYY-MM-DD")),
    responses((status = 200, description = "`{busy: [{calendar_id, start_time, end_time}]}` in UTC `YYYY-MM-DD HH:mm:ss`", body = BusyList)))]
pub async fn connection_busy(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    query: QueryParams,
) -> Answer<BusyList> {
    connections::busy(
        &host.ctx,
        &host.caller,
        id,
        query.get("from"),
        query.get("to"),
    )
    .await
    .json()
}
