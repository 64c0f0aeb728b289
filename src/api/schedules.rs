//! `/schedules…`: the host's bookings; and `GET /bookings`, the caller's own.

use app::model::answer::MessageAnswer;
use app::model::booking::{BookingExtras, GroupAttendees, ScheduleAnswer, ScheduleList};
use app::model::listing::{ActivityList, DeliveryList, OwnBookingList};
use app::model::requests::UpdateBookingRequest;
use app::service::bookings::host_actions::Period;
use app::service::bookings::host_actions::{self, ListSchedules};
use app::service::bookings::update;
use axum::Json;
use chrono::NaiveDate;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::calendars::{MAX_PAGE, MAX_PER_PAGE};
use super::error::ApiError;
use super::extract::{ApiJson, ApiPath, QueryParams, invalid_param};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_schedules))
        .routes(routes!(get_schedule, update_schedule, delete_schedule))
        .routes(routes!(get_schedule_activities))
        .routes(routes!(get_schedule_meta_info))
        .routes(routes!(send_confirmation_email))
        .routes(routes!(list_deliveries))
        .routes(routes!(retry_delivery))
        .routes(routes!(list_group_attendees))
        .routes(routes!(list_own_bookings))
}

fn zone(query: &QueryParams) -> Result<chrono_tz::Tz, ApiError> {
    let name = query
        .get("timezone")
        .map(str::trim)
        .filter(|z| !z.is_empty())
        .unwrap_or("UTC");
    app::domain::zone::parse_zone(name)
        .ok_or_else(|| invalid_param("timezone", "The timezone must be a valid IANA time zone."))
}

#[utoipa::path(get, path = "/schedules", tag = "schedules",
    params(("page" = Option<i64>, Query), ("per_page" = Option<i64>, Query), ("search" = Option<String>, Query, description = "Whole words of the attendee's name, or the whole email address, in any case (attendee data is sealed at rest: parts of words do not match)"),
           ("filters[event]" = Option<i64>, Query), ("filters[series]" = Option<i64>, Query, description = "A series' id: all its occurrences, any period"), ("filters[author]" = Option<String>, Query, description = "Calendar id, `me` or `all`"),
           ("filters[event_type]" = Option<String>, Query), ("filters[period]" = Option<String>, Query, description = "`upcoming` (default), `past`, `today`, `cancelled`, `pending`, `no_show`"),
           ("filters[range][]" = Option<Vec<String>>, Query, description = "Two dates `YYYY-MM-DD`"), ("timezone" = Option<String>, Query, description = "Zone of `today` and the range (default UTC)")),
    responses((status = 200, description = "`{schedules: <paginated Booking>, timezone, calendar_event_lists, pending_count, no_show_count, cancelled_count}` (counts on page 1)", body = ScheduleList)))]
pub async fn list_schedules(host: Host, query: QueryParams) -> Answer<ScheduleList> {
    let period = query.one_of(
        "filters[period]",
        &[
            "upcoming",
            "past",
            "today",
            "cancelled",
            "pending",
            "no_show",
            "all",
        ],
        "upcoming",
    )?;
    let range = query.list("filters[range]");
    let range = match range.as_slice() {
        [] => None,
        [a, b] => {
            let parse =
                |t: &str| NaiveDate::parse_from_str(t.get(..10).unwrap_or(t), "%Y-%m-%d").ok();
            match (parse(a), parse(b)) {
                (Some(a), Some(b)) if a <= b => Some((a, b)),
                _ => {
                    return Err(invalid_param(
                        "filters[range]",
                        "The range must be two dates YYYY-MM-DD, the first not after the second.",
                    ));
                }
            }
        }
        _ => {
            return Err(invalid_param(
                "filters[range]",
                "The range must be two dates YYYY-MM-DD.",
            ));
        }
    };
    let list = ListSchedules {
        page: query.int_in("page", 1..=MAX_PAGE, 1)?,
        per_page: query.int_in("per_page", 1..=MAX_PER_PAGE, 15)?,
        search: query.get("search").unwrap_or_default().to_string(),
        event_id: query.opt_int("filters[event]")?.unwrap_or(0),
        author: query.get("filters[author]").unwrap_or("all").to_string(),
        event_type: query
            .get("filters[event_type]")
            .unwrap_or_default()
            .to_string(),
        period: Period::parse(period).unwrap_or(Period::Upcoming),
        range,
        zone: zone(&query)?,
        series_id: query.opt_int("filters[series]")?.unwrap_or(0),
    };
    host_actions::list(&host.ctx, &host.caller, list)
        .await
        .json()
}

#[utoipa::path(get, path = "/schedules/{id}", tag = "schedules",
    params(("id" = i64, Path), ("with[]" = Option<Vec<String>>, Query, description = "`all_data` adds activities, sidebar_contents, payment_order, main_body_contents")),
    responses((status = 200, description = "`{schedule}`; `with[]=all_data` adds `{activities, sidebar_contents, payment_order, main_body_contents}`", body = ScheduleAnswer)))]
pub async fn get_schedule(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    query: QueryParams,
) -> Answer<ScheduleAnswer> {
    let all = query.list("with").contains(&"all_data") || query.get("with") == Some("all_data");
    host_actions::get(&host.ctx, &host.caller, id, all)
        .await
        .json()
}

#[utoipa::path(put, path = "/schedules/{id}", tag = "schedules",
    description = "Updates one column. Status moves: pending -> scheduled | rejected | cancelled; scheduled -> cancelled | completed | no_show; completed <-> no_show. Anything else is 409 `invalid_transition` and changes nothing.",
    params(("id" = i64, Path)),
    request_body(content = UpdateBookingRequest, description = "`{column, value, cancel_reason, reject_reason, refund_payment, update_all}`"),
    responses((status = 200, description = "`{message}`", body = MessageAnswer), (status = 409, body = super::doc::ErrorEnvelope)))]
pub async fn update_schedule(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    update::check_access(&host.ctx, &host.caller, id).await?;
    let command = app::input::bookings::update_booking(&body)?;
    update::apply(&host.ctx, &host.caller, id, &command)
        .await
        .json()
}

#[utoipa::path(delete, path = "/schedules/{id}", tag = "schedules",
    params(("id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Booking Deleted Successfully!'}`", body = MessageAnswer)))]
pub async fn delete_schedule(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<MessageAnswer> {
    host_actions::delete(&host.ctx, &host.caller, id).await?;
    Ok(Json(MessageAnswer::new("Booking Deleted Successfully!")))
}

#[utoipa::path(get, path = "/schedules/{id}/activities", tag = "schedules",
    params(("id" = i64, Path)), responses((status = 200, description = "`{activities: [Activity]}`", body = ActivityList)))]
pub async fn get_schedule_activities(
    host: Host,
    ApiPath(id): ApiPath<i64>,
) -> Answer<ActivityList> {
    host_actions::activities(&host.ctx, &host.caller, id)
        .await
        .json()
}

#[utoipa::path(get, path = "/schedules/{id}/meta-info", tag = "schedules",
    params(("id" = i64, Path), ("with" = Option<String>, Query)),
    responses((status = 200, description = "`{activities, sidebar_contents, payment_order, main_body_contents}`", body = BookingExtras)))]
pub async fn get_schedule_meta_info(
    host: Host,
    ApiPath(id): ApiPath<i64>,
) -> Answer<BookingExtras> {
    host_actions::meta_info(&host.ctx, &host.caller, id)
        .await
        .json()
}

#[utoipa::path(get, path = "/schedules/{id}/deliveries", tag = "schedules",
    params(("id" = i64, Path)),
    description = "Extension: the booking's emails, reminders and webhooks with their state.",
    responses((status = 200, description = "`{deliveries: [{id, kind: email|webhook, name, to, reminder, status: queued|sending|sent|failed, attempts, last_error, due_at, updated_at}]}`", body = DeliveryList)))]
pub async fn list_deliveries(host: Host, ApiPath(id): ApiPath<i64>) -> Answer<DeliveryList> {
    host_actions::deliveries(&host.ctx, &host.caller, id)
        .await
        .json()
}

#[utoipa::path(post, path = "/schedules/{id}/deliveries/{delivery_id}/retry", tag = "schedules",
    params(("id" = i64, Path), ("delivery_id" = i64, Path)),
    description = "Extension: sends a failed delivery again (due now, retried for three more days).",
    responses((status = 200, description = "`{message: 'Delivery has been queued again'}`", body = MessageAnswer),
              (status = 409, description = "`invalid_transition`: the delivery has not failed", body = super::doc::ErrorEnvelope)))]
pub async fn retry_delivery(
    host: Host,
    ApiPath((id, delivery_id)): ApiPath<(i64, i64)>,
) -> Answer<MessageAnswer> {
    host_actions::retry_delivery(&host.ctx, &host.caller, id, delivery_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/schedules/{id}/send-confirmation-email", tag = "schedules",
    params(("id" = i64, Path), ("email_to" = Option<String>, Query, description = "`guest` (default) or `host`")),
    responses((status = 200, description = "`{message: 'Notification sent successfully'}`", body = MessageAnswer)))]
pub async fn send_confirmation_email(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    query: QueryParams,
) -> Answer<MessageAnswer> {
    let to = query.one_of("email_to", &["guest", "host"], "guest")?;
    host_actions::send_confirmation(&host.ctx, &host.caller, id, to)
        .await
        .json()
}

#[utoipa::path(get, path = "/schedules/group-bookings/{group_id}/attendees", tag = "schedules",
    params(("group_id" = i64, Path), ("search" = Option<String>, Query), ("page" = Option<i64>, Query), ("per_page" = Option<i64>, Query)),
    responses((status = 200, description = "`{attendees: <paginated Booking>}`", body = GroupAttendees)))]
pub async fn list_group_attendees(
    host: Host,
    ApiPath(group_id): ApiPath<i64>,
    query: QueryParams,
) -> Answer<GroupAttendees> {
    let page = query.int_in("page", 1..=MAX_PAGE, 1)?;
    let per_page = query.int_in("per_page", 1..=MAX_PER_PAGE, 15)?;
    host_actions::group_attendees(
        &host.ctx,
        &host.caller,
        group_id,
        query.get("search").unwrap_or_default(),
        page,
        per_page,
    )
    .await
    .json()
}

#[utoipa::path(get, path = "/bookings", tag = "bookings",
    params(("per_page" = Option<i64>, Query, description = "default 10"), ("period" = Option<String>, Query, description = "`all` (default), `upcoming`, `past`"),
           ("calendar_ids[]" = Option<Vec<String>>, Query, description = "Calendar ids; `all` for every calendar")),
    responses((status = 200, description = "`{bookings: [{id, person_time_zone, status, payment_status, booking_title, author_name, booking_date, booking_time}], total}`", body = OwnBookingList)),
    // Tagged with the public booking routes, but it lists the caller's own bookings.
    security(("basic" = []), ("session" = [])))]
pub async fn list_own_bookings(host: Host, query: QueryParams) -> Answer<OwnBookingList> {
    let per_page = query.int_in("per_page", 1..=MAX_PER_PAGE, 10)?;
    let period = query.one_of("period", &["all", "upcoming", "past"], "all")?;
    let mut calendar_ids = Vec::new();
    for id in query
        .list("calendar_ids")
        .into_iter()
        .filter(|v| *v != "all")
    {
        calendar_ids.push(id.parse::<i64>().map_err(|_| {
            invalid_param("calendar_ids", "The calendar ids must be integers or all.")
        })?);
    }
    host_actions::own_bookings(&host.ctx, &host.caller, per_page, period, &calendar_ids)
        .await
        .json()
}
