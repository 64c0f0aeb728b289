//! `/calendars`: list, read, create with the first event, update, delete, check-slug, and the
//! new-event template.

use app::model::answer::MessageAnswer;
use app::model::calendar::{CalendarAnswer, CalendarList, EventSchemaAnswer, NewCalendarAnswer};
use app::model::listing::SlugAvailable;
use app::model::requests::{NewCalendarRequest, SlugRequest, UpdateCalendarRequest};
use app::service::calendars::admin::{self, ListCalendars};
use app::service::calendars::new_calendar;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Authenticated;
use super::extract::{ApiJson, ApiPath, QueryParams};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_calendars, create_calendar))
        .routes(routes!(check_slug))
        .routes(routes!(get_calendar, update_calendar, delete_calendar))
        .routes(routes!(get_event_schema))
}

/// Largest accepted page number and page size.
pub const MAX_PAGE: i64 = 1_000_000;
pub const MAX_PER_PAGE: i64 = 100;

#[utoipa::path(get, path = "/calendars", tag = "calendars",
    params(
        ("page" = Option<i64>, Query, description = "Page, from 1 (default 1)"),
        ("per_page" = Option<i64>, Query, description = "Page size, 1 to 100 (default 15)"),
        ("query[search]" = Option<String>, Query, description = "Matches event titles"),
        ("query[calendarType]" = Option<String>, Query, description = "`simple`, `team` or `all`"),
        ("with[]" = Option<Vec<String>>, Query, description = "`calendar_event_lists` adds event options grouped by hosts, teams and events"),
    ),
    responses((status = 200, description = "`{message, calendars: <paginated Calendar>}`", body = CalendarList)))]
pub async fn list_calendars(host: Host, query: QueryParams) -> Answer<CalendarList> {
    let list = ListCalendars {
        page: query.int_in("page", 1..=MAX_PAGE, 1)?,
        per_page: query.int_in("per_page", 1..=MAX_PER_PAGE, 15)?,
        search: query.get("query[search]").unwrap_or_default().to_string(),
        calendar_type: query
            .one_of("query[calendarType]", &["simple", "team", "all"], "all")?
            .to_string(),
        with_event_lists: query.list("with").contains(&"calendar_event_lists"),
    };
    admin::list(&host.ctx, &host.caller, list).await.json()
}

#[utoipa::path(post, path = "/calendars", tag = "calendars",
    request_body(content = NewCalendarRequest, description = "`{calendar: {author_timezone, type, title, user_id, slug, slot: {...}}}`"),
    responses((status = 200, description = "`{calendar, slot, redirect_url}`", body = NewCalendarAnswer),
              (status = 409, description = "slug_taken", body = super::doc::ErrorEnvelope)))]
pub async fn create_calendar(host: Host, ApiJson(body): ApiJson) -> Answer<NewCalendarAnswer> {
    let command = app::input::calendars::create_calendar(&body)?;
    new_calendar::create(&host.ctx, &host.caller, command)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/check-slug", tag = "calendars",
    request_body(content = SlugRequest, description = "`{slug}`"),
    responses((status = 200, description = "`{status: true, message: 'The provided slug is available'}`", body = SlugAvailable),
              (status = 409, description = "slug_taken: the slug is used", body = super::doc::ErrorEnvelope),
              (status = 422, description = "the slug is malformed or reserved", body = super::doc::ErrorEnvelope)))]
pub async fn check_slug(
    State(state): State<AppState>,
    Authenticated(_caller): Authenticated,
    ApiJson(body): ApiJson,
) -> Answer<SlugAvailable> {
    let slug = app::input::calendars::slug_to_check(&body)?;
    admin::check_slug_available(&state.ctx, &slug).await.json()
}

#[utoipa::path(get, path = "/calendars/{id}", tag = "calendars",
    params(("id" = i64, Path, description = "Calendar id")),
    responses((status = 200, description = "`{calendar}` with its events (`slots`) and owner (`user`)", body = CalendarAnswer)))]
pub async fn get_calendar(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<CalendarAnswer> {
    admin::get(&host.ctx, &host.caller, id).await.json()
}

#[utoipa::path(post, path = "/calendars/{id}", tag = "calendars",
    params(("id" = i64, Path, description = "Calendar id")),
    request_body(content = UpdateCalendarRequest, description = "`{description}` (HTML, sanitized); `title` optional"),
    responses((status = 200, description = "`{calendar, message: 'Calendar has been updated successfully'}`", body = CalendarAnswer)))]
pub async fn update_calendar(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Answer<CalendarAnswer> {
    let change = app::input::calendars::update_calendar(&body)?;
    admin::update(&host.ctx, &host.caller, id, change)
        .await
        .json()
}

#[utoipa::path(delete, path = "/calendars/{id}", tag = "calendars",
    params(("id" = i64, Path, description = "Calendar id")),
    responses((status = 200, description = "`{message: 'Calendar Deleted Successfully!'}`", body = MessageAnswer)))]
pub async fn delete_calendar(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<MessageAnswer> {
    admin::delete(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new("Calendar Deleted Successfully!")))
}

#[utoipa::path(get, path = "/calendars/{id}/event-schema", tag = "calendars",
    params(("id" = i64, Path, description = "Calendar id")),
    responses((status = 200, description = "`{slot: <template of a new event>}`", body = EventSchemaAnswer)))]
pub async fn get_event_schema(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<EventSchemaAnswer> {
    admin::event_schema(&host.ctx, &host.caller, id)
        .await
        .json()
}
