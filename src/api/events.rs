//! `/calendars/{id}/events…` and `/calendars/{id}/clone-event/{event_id}`: event types.

use app::model::answer::MessageAnswer;
use app::model::event::{
    AvailabilityAnswer, BookingFieldList, EventAnswer, EventCreated, EventSettingsSaved,
    EventUpdated, Explanation,
};
use app::model::notifications::{
    EmailNotificationsAnswer, NotificationsCloned, SmsNotificationsAnswer,
};
use app::model::payment::PaymentSettingsAnswer;
use app::model::requests::{
    BookingFieldsRequest, CloneEventRequest, CloneNotificationsRequest, EventAvailabilityRequest,
    EventDetailsRequest, EventPaymentRequest, EventSettingsRequest, EventStatusRequest,
    NewEventRequest, NotificationsRequest,
};
use app::service::events::private_links;
use app::service::events::{
    admin, availability, booking_fields, details, email_notifications, limits, payments,
    sms_notifications,
};
use app::service::slots;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{ApiJson, ApiPath, QueryParams, invalid_param};
use super::handler::{Answer, Host, IntoAnswer};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_event))
        .routes(routes!(get_event, set_event_status, delete_event))
        .routes(routes!(update_event_details))
        .routes(routes!(get_event_availability, update_event_availability))
        .routes(routes!(explain_availability))
        .routes(routes!(update_event_limits))
        .routes(routes!(update_event_advanced_settings))
        .routes(routes!(clone_event))
        .routes(routes!(get_booking_fields, save_booking_fields))
        .routes(routes!(get_payment_settings, save_payment_settings))
        .routes(routes!(get_email_notifications, save_email_notifications))
        .routes(routes!(clone_email_notifications))
        .routes(routes!(get_sms_notifications, save_sms_notifications))
        .routes(routes!(list_private_links, create_private_link))
        .routes(routes!(revoke_private_link))
}

type EventPath = ApiPath<(i64, i64)>;

#[utoipa::path(post, path = "/calendars/{id}/events", tag = "events",
    params(("id" = i64, Path, description = "Calendar id")),
    request_body(content = NewEventRequest, description = "`{title, duration, status, event_type, description, color_schema, location_type, location_settings, max_book_per_slot, is_display_spots, settings: {schedule_type, weekly_schedules, date_overrides, range_type, range_days, range_date_between, schedule_conditions, buffer_time_before, buffer_time_after, slot_interval, team_members}}`"),
    responses((status = 200, description = "`{message: 'New Event Type has been created successfully', slot}`", body = EventCreated)))]
pub async fn create_event(
    host: Host,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Answer<EventCreated> {
    let team = admin::calendar_is_team(&host.ctx, &host.caller, id).await?;
    let input = app::input::events::admin::new_event(&body, team)?;
    admin::create(&host.ctx, &host.caller, id, input)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}", tag = "events",
    params(("id" = i64, Path, description = "Calendar id"), ("event_id" = i64, Path, description = "Event id"),
           ("with[]" = Option<Vec<String>>, Query, description = "`calendar`, `smart_codes`, `settings_menu`, `calendar_event_lists`")),
    responses((status = 200, description = "`{calendar_event}` plus the requested extras", body = EventAnswer)))]
pub async fn get_event(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    query: QueryParams,
) -> Answer<EventAnswer> {
    let with = query.list("with");
    admin::get(&host.ctx, &host.caller, id, event_id, &with)
        .await
        .json()
}

#[utoipa::path(put, path = "/calendars/{id}/events/{event_id}", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventStatusRequest, description = "`{status: active|draft}`"),
    responses((status = 200, description = "`{message: 'Data has been updated'}`", body = MessageAnswer)))]
pub async fn set_event_status(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::admin::event_status(&body)?;
    admin::set_status(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(delete, path = "/calendars/{id}/events/{event_id}", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Calendar Event has been deleted'}`", body = MessageAnswer)))]
pub async fn delete_event(host: Host, ApiPath((id, event_id)): EventPath) -> Answer<MessageAnswer> {
    admin::delete(&host.ctx, &host.caller, id, event_id).await?;
    Ok(Json(MessageAnswer::new("Calendar Event has been deleted")))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/details", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventDetailsRequest, description = "`{title, duration, status, description, color_schema, location_settings, max_book_per_slot, is_display_spots, multi_duration: {enabled, default_duration, available_durations}}`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event}`", body = EventUpdated)))]
pub async fn update_event_details(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<EventUpdated> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::details::event_details(&body)?;
    details::update_details(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/availability", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{schedule_options: {range_types, …}, available_schedules: [{id, title, …}]}`", body = AvailabilityAnswer)))]
pub async fn get_event_availability(
    host: Host,
    ApiPath((id, event_id)): EventPath,
) -> Answer<AvailabilityAnswer> {
    availability::get_availability(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/availability", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventAvailabilityRequest, description = "`{schedule_type, weekly_schedules, date_overrides, range_type, range_days, range_date_between, common_schedule, hosts_schedules, availability_type, availability_id}`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event: {id, settings}}`", body = EventSettingsSaved)))]
pub async fn update_event_availability(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<EventSettingsSaved> {
    let changes = app::input::events::availability::availability_changes(&body);
    availability::update_availability(&host.ctx, &host.caller, id, event_id, changes)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/availability/explain", tag = "events",
    description = "Why is this time (not) offered? Runs the slot engine for one start time and answers every reason it is excluded: `outside_hours`, `date_override`, `off_grid`, `notice`, `outside_window`, `buffer`, `overlap`, `limit_reached`, `full`, `host_busy`, `calendar` (busy in a connected external calendar), `held` (held for a visitor filling in the form), `out_of_office` (the host is out of office that day).",
    params(("id" = i64, Path), ("event_id" = i64, Path),
           ("time" = String, Query, description = "Start as `YYYY-MM-DD HH:mm[:ss]` wall-clock time in `timezone`"),
           ("timezone" = Option<String>, Query, description = "IANA zone of `time` (default: the calendar's)"),
           ("duration" = Option<i64>, Query, description = "Minutes, for multi-duration events")),
    responses((status = 200, description = "`{time, timezone, start_time, offered, reasons: [code], free_hosts, remaining, rules}`", body = Explanation)))]
pub async fn explain_availability(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    query: QueryParams,
) -> Answer<Explanation> {
    let mut conn = host.ctx.store.conn().await?;
    let (cal, _) = admin::load_managed_event(conn.ex(), &host.caller, id, event_id).await?;
    drop(conn);
    let time = query.get("time").unwrap_or_default();
    let local = slots::parse_local_datetime(time)
        .filter(|_| time.len() > 10)
        .ok_or_else(|| invalid_param("time", "The time must be YYYY-MM-DD HH:mm[:ss]."))?;
    let zone_name = query
        .get("timezone")
        .filter(|z| !z.is_empty())
        .unwrap_or(&cal.author_timezone)
        .to_string();
    let zone = app::domain::zone::parse_zone(&zone_name)
        .ok_or_else(|| invalid_param("timezone", "The timezone must be a valid IANA time zone."))?;
    let duration = query.opt_int("duration")?;
    slots::explain(
        &host.ctx.store,
        event_id,
        local,
        zone,
        duration,
        chrono::Utc::now().timestamp(),
    )
    .await
    .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/limits", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventSettingsRequest, description = "`{settings: {schedule_conditions, buffer_time_before, buffer_time_after, slot_interval, booking_frequency, booking_duration, lock_timezone}}`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event: {id, settings}}`", body = EventSettingsSaved)))]
pub async fn update_event_limits(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<EventSettingsSaved> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::limits::read_limits(&body)?;
    limits::update_limits(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/advanced-settings", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventSettingsRequest, description = "`{settings: {requires_confirmation, can_not_cancel, can_not_reschedule, multi_duration, recurring_config, hold_minutes, attendee_limit, secret, email_domains, video_link_template}}`: each rule `true`/`false` or `{enabled, type, condition: {value, unit}, message}`; `recurring_config` `{enabled, frequency: daily|weekly|monthly, interval: 1-30, max_count: 2-52, is_count_fixed}`, `hold_minutes` 0-60, `attendee_limit` `{enabled, value: 1-100}`, `secret` boolean, `email_domains` `{allow: [domain], deny: [domain]}`, `video_link_template` empty or an http(s) URL with `{uid}`; keys not sent are kept; a bad value is 422 on `settings.<key>`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event: {id, settings}}`", body = EventSettingsSaved)))]
pub async fn update_event_advanced_settings(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<EventSettingsSaved> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::limits::advanced_settings(&body)?;
    limits::update_advanced(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/clone-event/{event_id}", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = CloneEventRequest, description = "`{new_calendar_id}` (optional; default the same calendar)"),
    responses((status = 200, description = "`{message: 'The Event Type has been cloned successfully', slot}`", body = EventCreated)))]
pub async fn clone_event(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<EventCreated> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::admin::clone_event(&body)?;
    admin::clone(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/booking-fields", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{fields: [Booking field]}`", body = BookingFieldList)))]
pub async fn get_booking_fields(
    host: Host,
    ApiPath((id, event_id)): EventPath,
) -> Answer<BookingFieldList> {
    booking_fields::get(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/booking-fields", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = BookingFieldsRequest, description = "`{booking_fields: [Booking field]}`"),
    responses((status = 200, description = "`{message: 'Fields have been updated'}`", body = MessageAnswer)))]
pub async fn save_booking_fields(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::booking_fields::booking_fields(&body)?;
    booking_fields::save(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/payment-settings", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{settings, config: {native_enabled, card_configured, wallet_configured, offline_configured, native_config_link, store_config_link, has_cart, has_store, store_enabled}}`", body = PaymentSettingsAnswer)))]
pub async fn get_payment_settings(
    host: Host,
    ApiPath((id, event_id)): EventPath,
) -> Answer<PaymentSettingsAnswer> {
    payments::get(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/email-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{notifications: {key: {title, enabled, email: {subject, body, additional_recipients, times?}, is_host}}, smart_codes}` with every key: booking_conf_attendee, booking_conf_host, reminder_to_attendee, reminder_to_host, cancelled_by_attendee, cancelled_by_host, rescheduled_by_attendee, rescheduled_by_host, booking_request_host, booking_request_attendee, declined_by_host", body = EmailNotificationsAnswer)))]
pub async fn get_email_notifications(
    host: Host,
    ApiPath((id, event_id)): EventPath,
) -> Answer<EmailNotificationsAnswer> {
    email_notifications::get(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/email-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = NotificationsRequest, description = "`{notifications: {key: {title?, enabled?, email?: {subject?, body?, additional_recipients?, times?: [{unit: minutes|hours|days, value}]}}}}`: the keys given replace the stored ones; bodies are sanitised HTML with smart codes"),
    responses((status = 200, description = "`{message: 'Notifications has been saved'}`", body = MessageAnswer)))]
pub async fn save_email_notifications(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::notifications::email_notifications(&body)?;
    email_notifications::save(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/email-notifications/clone", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = CloneNotificationsRequest, description = "`{from_event_id}`: an event the caller manages"),
    responses((status = 200, description = "`{message: 'The Notification has been cloned successfully', notifications}`", body = NotificationsCloned)))]
pub async fn clone_email_notifications(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<NotificationsCloned> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let from = app::input::events::notifications::source_event(&body)?;
    email_notifications::clone_from(&host.ctx, &host.caller, id, event_id, from)
        .await
        .json()
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/sms-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{notifications: {key: {title, enabled, sms: {send_to: 'phone', number, body, times?}, is_host}}, smart_codes}`, the keys of email-notifications; all off by default", body = SmsNotificationsAnswer)))]
pub async fn get_sms_notifications(
    host: Host,
    ApiPath((id, event_id)): EventPath,
) -> Answer<SmsNotificationsAnswer> {
    sms_notifications::get(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/sms-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = NotificationsRequest, description = "`{notifications: {key: {title?, enabled?, sms?: {send_to?: 'phone', number?, body?, times?}}}}`; host-side messages need `number` in international form; the attendee's number is the form's SMS-number phone field"),
    responses((status = 200, description = "`{message: 'Notifications has been saved'}`", body = MessageAnswer)))]
pub async fn save_sms_notifications(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::notifications::sms_notifications(&body)?;
    sms_notifications::save(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/payment-settings", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventPaymentRequest, description = "`{settings: {enabled: yes|no, driver: 'native', offline_enabled: yes|no, offline_instructions, items: [{title, value}], multi_payment_enabled: yes|no, multi_payment_items: {\"<minutes>\": {title, value}}}}`: values in currency units (\"19.99\"); card and wallet stay off (no provider)"),
    responses((status = 200, description = "`{message: 'Settings updated successfully'}`; the event's `type` becomes `paid` or `free`", body = MessageAnswer), (status = 422, description = "`Please select a payment method`, `Please enable at least one payment method`, or a price's field", body = super::doc::ErrorEnvelope)))]
pub async fn save_payment_settings(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Answer<MessageAnswer> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let command = app::input::events::payments::event_payment(&body)?;
    payments::save(&host.ctx, &host.caller, id, event_id, command)
        .await
        .json()
}

const PRIVATE_LINK: &str = "Private links (DESIGN 2.8). Link `{id, token, url, max_uses, uses, expires_at, revoked, created_at}`; `url` is the booking page with `?link={token}`. The token is `link` on the slot routes and pages, `private_link` in a create or hold; a booking through it uses it once in its transaction (a series once; cancels give nothing back). Used up, expired or revoked: 410 `link_invalid`. A `secret` event is bookable only through a valid link (else 404).";

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/private-links", tag = "events",
    description = PRIVATE_LINK,
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{links: [Link]}`, newest first, revoked ones too", body = app::model::event::PrivateLinkList)))]
pub async fn list_private_links(
    host: Host,
    ApiPath((id, event_id)): EventPath,
) -> Answer<app::model::event::PrivateLinkList> {
    private_links::list(&host.ctx, &host.caller, id, event_id)
        .await
        .json()
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/private-links", tag = "events",
    description = PRIVATE_LINK,
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = app::model::event::PrivateLinkRequest, description = "`{max_uses?: 1-1000 (1), expires_at?: future UTC 'YYYY-MM-DD HH:mm:ss' or null}`; else 422 on the field"),
    responses((status = 201, description = "`{message: 'Private link has been created', link}`", body = app::model::event::PrivateLinkAnswer)))]
pub async fn create_private_link(
    host: Host,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<
    (
        axum::http::StatusCode,
        Json<app::model::event::PrivateLinkAnswer>,
    ),
    super::error::ApiError,
> {
    admin::check_event_access(&host.ctx, &host.caller, id, event_id).await?;
    let link = app::input::events::admin::private_link(&body, chrono::Utc::now().timestamp())?;
    let made = private_links::create(&host.ctx, &host.caller, id, event_id, link).await?;
    Ok((axum::http::StatusCode::CREATED, Json(made)))
}

#[utoipa::path(delete, path = "/calendars/{id}/events/{event_id}/private-links/{link_id}", tag = "events",
    description = "Revokes the link: it stops working at once and stays listed with `revoked: true`.",
    params(("id" = i64, Path), ("event_id" = i64, Path), ("link_id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Private link has been revoked'}`", body = MessageAnswer)))]
pub async fn revoke_private_link(
    host: Host,
    ApiPath((id, event_id, link_id)): ApiPath<(i64, i64, i64)>,
) -> Answer<MessageAnswer> {
    private_links::revoke(&host.ctx, &host.caller, id, event_id, link_id).await?;
    Ok(Json(MessageAnswer::new(private_links::LINK_REVOKED)))
}
