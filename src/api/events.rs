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
use app::service::events::{
    admin, booking_fields, email_notifications, payments, sms_notifications,
};
use app::service::slots;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::Authenticated;
use super::error::ApiError;
use super::extract::{ApiJson, ApiPath, QueryParams, invalid_param};
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
}

type EventPath = ApiPath<(i64, i64)>;

#[utoipa::path(post, path = "/calendars/{id}/events", tag = "events",
    params(("id" = i64, Path, description = "Calendar id")),
    request_body(content = NewEventRequest, description = "`{title, duration, status, event_type, description, color_schema, location_type, location_settings, max_book_per_slot, is_display_spots, settings: {schedule_type, weekly_schedules, date_overrides, range_type, range_days, range_date_between, schedule_conditions, buffer_time_before, buffer_time_after, slot_interval, team_members}}`"),
    responses((status = 200, description = "`{message: 'New Event Type has been created successfully', slot}`", body = EventCreated),
              (status = 404, body = super::doc::ErrorEnvelope), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn create_event(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson,
) -> Result<Json<EventCreated>, ApiError> {
    Ok(Json(admin::create(&state.ctx, &caller, id, &body).await?))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}", tag = "events",
    params(("id" = i64, Path, description = "Calendar id"), ("event_id" = i64, Path, description = "Event id"),
           ("with[]" = Option<Vec<String>>, Query, description = "`calendar`, `smart_codes`, `settings_menu`, `calendar_event_lists`")),
    responses((status = 200, description = "`{calendar_event}` plus the requested extras", body = EventAnswer), (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn get_event(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    query: QueryParams,
) -> Result<Json<EventAnswer>, ApiError> {
    let with = query.list("with");
    Ok(Json(
        admin::get(&state.ctx, &caller, id, event_id, &with).await?,
    ))
}

#[utoipa::path(put, path = "/calendars/{id}/events/{event_id}", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventStatusRequest, description = "`{status: active|draft}`"),
    responses((status = 200, description = "`{message: 'Data has been updated'}`", body = MessageAnswer), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn set_event_status(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(
        admin::set_status(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(delete, path = "/calendars/{id}/events/{event_id}", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{message: 'Calendar Event has been deleted'}`", body = MessageAnswer),
              (status = 403, body = super::doc::ErrorEnvelope), (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn delete_event(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
) -> Result<Json<MessageAnswer>, ApiError> {
    admin::delete(&state.ctx, &caller, id, event_id).await?;
    Ok(Json(MessageAnswer::new("Calendar Event has been deleted")))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/details", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventDetailsRequest, description = "`{title, duration, status, description, color_schema, location_settings, max_book_per_slot, is_display_spots, multi_duration: {enabled, default_duration, available_durations}}`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event}`", body = EventUpdated), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn update_event_details(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<EventUpdated>, ApiError> {
    Ok(Json(
        admin::update_details(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/availability", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{schedule_options: {range_types, …}, available_schedules: [{id, title, …}]}`", body = AvailabilityAnswer)))]
pub async fn get_event_availability(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
) -> Result<Json<AvailabilityAnswer>, ApiError> {
    Ok(Json(
        admin::get_availability(&state.ctx, &caller, id, event_id).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/availability", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventAvailabilityRequest, description = "`{schedule_type, weekly_schedules, date_overrides, range_type, range_days, range_date_between, common_schedule, hosts_schedules, availability_type, availability_id}`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event: {id, settings}}`", body = EventSettingsSaved), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn update_event_availability(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<EventSettingsSaved>, ApiError> {
    Ok(Json(
        admin::update_availability(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/availability/explain", tag = "events",
    description = "Why is this time (not) offered? Runs the slot engine for one start time and answers every reason it is excluded: `outside_hours`, `date_override`, `off_grid`, `notice`, `outside_window`, `buffer`, `overlap`, `limit_reached`, `full`, `host_busy`, `calendar` (busy in a connected external calendar).",
    params(("id" = i64, Path), ("event_id" = i64, Path),
           ("time" = String, Query, description = "Start as `YYYY-MM-DD HH:mm[:ss]` wall-clock time in `timezone`"),
           ("timezone" = Option<String>, Query, description = "IANA zone of `time` (default: the calendar's)"),
           ("duration" = Option<i64>, Query, description = "Minutes, for multi-duration events")),
    responses((status = 200, description = "`{time, timezone, start_time, offered, reasons: [code], free_hosts, remaining, rules}`", body = Explanation),
              (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn explain_availability(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    query: QueryParams,
) -> Result<Json<Explanation>, ApiError> {
    let mut conn = state.ctx.store.conn().await?;
    let (cal, _) = admin::load_managed_event(conn.ex(), &caller, id, event_id).await?;
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
    Ok(Json(
        slots::explain(
            &state.ctx.store,
            event_id,
            local,
            zone,
            duration,
            chrono::Utc::now().timestamp(),
        )
        .await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/limits", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventSettingsRequest, description = "`{settings: {schedule_conditions, buffer_time_before, buffer_time_after, slot_interval, booking_frequency, booking_duration, lock_timezone}}`"),
    responses((status = 200, description = "`{message: 'Data has been updated', event: {id, settings}}`", body = EventSettingsSaved), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn update_event_limits(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<EventSettingsSaved>, ApiError> {
    Ok(Json(
        admin::update_limits(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/advanced-settings", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventSettingsRequest, description = "`{settings: {requires_confirmation, can_not_cancel, can_not_reschedule, multi_duration}}`: each rule `true`/`false` or `{enabled, type, condition: {value, unit}, message}`; keys not sent are kept"),
    responses((status = 200, description = "`{message: 'Data has been updated', event: {id, settings}}`", body = EventSettingsSaved), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn update_event_advanced_settings(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<EventSettingsSaved>, ApiError> {
    Ok(Json(
        admin::update_advanced(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/clone-event/{event_id}", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = CloneEventRequest, description = "`{new_calendar_id}` (optional; default the same calendar)"),
    responses((status = 200, description = "`{message: 'The Event Type has been cloned successfully', slot}`", body = EventCreated),
              (status = 403, body = super::doc::ErrorEnvelope)))]
pub async fn clone_event(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<EventCreated>, ApiError> {
    Ok(Json(
        admin::clone(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/booking-fields", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{fields: [Booking field]}`", body = BookingFieldList)))]
pub async fn get_booking_fields(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
) -> Result<Json<BookingFieldList>, ApiError> {
    Ok(Json(
        booking_fields::get(&state.ctx, &caller, id, event_id).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/booking-fields", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = BookingFieldsRequest, description = "`{booking_fields: [Booking field]}`"),
    responses((status = 200, description = "`{message: 'Fields have been updated'}`", body = MessageAnswer), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn save_booking_fields(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(
        booking_fields::save(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/payment-settings", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{settings, config: {native_enabled, card_configured, wallet_configured, offline_configured, native_config_link, store_config_link, has_cart, has_store, store_enabled}}`", body = PaymentSettingsAnswer)))]
pub async fn get_payment_settings(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
) -> Result<Json<PaymentSettingsAnswer>, ApiError> {
    Ok(Json(
        payments::get(&state.ctx, &caller, id, event_id).await?,
    ))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/email-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{notifications: {key: {title, enabled, email: {subject, body, additional_recipients, times?}, is_host}}, smart_codes}` with every key: booking_conf_attendee, booking_conf_host, reminder_to_attendee, reminder_to_host, cancelled_by_attendee, cancelled_by_host, rescheduled_by_attendee, rescheduled_by_host, booking_request_host, booking_request_attendee, declined_by_host", body = EmailNotificationsAnswer),
              (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn get_email_notifications(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
) -> Result<Json<EmailNotificationsAnswer>, ApiError> {
    Ok(Json(
        email_notifications::get(&state.ctx, &caller, id, event_id).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/email-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = NotificationsRequest, description = "`{notifications: {key: {title?, enabled?, email?: {subject?, body?, additional_recipients?, times?: [{unit: minutes|hours|days, value}]}}}}`: the keys given replace the stored ones; bodies are sanitised HTML with smart codes"),
    responses((status = 200, description = "`{message: 'Notifications has been saved'}`", body = MessageAnswer),
              (status = 404, body = super::doc::ErrorEnvelope), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn save_email_notifications(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(
        email_notifications::save(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/email-notifications/clone", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = CloneNotificationsRequest, description = "`{from_event_id}`: an event the caller manages"),
    responses((status = 200, description = "`{message: 'The Notification has been cloned successfully', notifications}`", body = NotificationsCloned),
              (status = 404, body = super::doc::ErrorEnvelope), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn clone_email_notifications(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<NotificationsCloned>, ApiError> {
    Ok(Json(
        email_notifications::clone_from(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(get, path = "/calendars/{id}/events/{event_id}/sms-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    responses((status = 200, description = "`{notifications: {key: {title, enabled, sms: {send_to: 'phone', number, body, times?}, is_host}}, smart_codes}`, the keys of email-notifications; all off by default", body = SmsNotificationsAnswer),
              (status = 404, body = super::doc::ErrorEnvelope)))]
pub async fn get_sms_notifications(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
) -> Result<Json<SmsNotificationsAnswer>, ApiError> {
    Ok(Json(
        sms_notifications::get(&state.ctx, &caller, id, event_id).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/sms-notifications", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = NotificationsRequest, description = "`{notifications: {key: {title?, enabled?, sms?: {send_to?: 'phone', number?, body?, times?}}}}`; host-side messages need `number` in international form; the attendee's number is the form's SMS-number phone field"),
    responses((status = 200, description = "`{message: 'Notifications has been saved'}`", body = MessageAnswer),
              (status = 404, body = super::doc::ErrorEnvelope), (status = 422, body = super::doc::ErrorEnvelope)))]
pub async fn save_sms_notifications(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(
        sms_notifications::save(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}

#[utoipa::path(post, path = "/calendars/{id}/events/{event_id}/payment-settings", tag = "events",
    params(("id" = i64, Path), ("event_id" = i64, Path)),
    request_body(content = EventPaymentRequest, description = "`{settings: {enabled: yes|no, driver: 'native', offline_enabled: yes|no, offline_instructions, items: [{title, value}], multi_payment_enabled: yes|no, multi_payment_items: {\"<minutes>\": {title, value}}}}`: values in currency units (\"19.99\"); card and wallet stay off (no provider)"),
    responses((status = 200, description = "`{message: 'Settings updated successfully'}`; the event's `type` becomes `paid` or `free`", body = MessageAnswer),
              (status = 404, body = super::doc::ErrorEnvelope), (status = 422, description = "`Please select a payment method`, `Please enable at least one payment method`, or a price's field", body = super::doc::ErrorEnvelope)))]
pub async fn save_payment_settings(
    State(state): State<AppState>,
    Authenticated(caller): Authenticated,
    ApiPath((id, event_id)): EventPath,
    ApiJson(body): ApiJson,
) -> Result<Json<MessageAnswer>, ApiError> {
    Ok(Json(
        payments::save(&state.ctx, &caller, id, event_id, &body).await?,
    ))
}
