//! Request bodies as the OpenAPI document describes them. Each use case reads its body once,
//! with field-named checks and messages integrators rely on (a wrong type is a 422 naming the
//! field, not a generic decoding error), so these types describe the shape rather than decode
//! it; `Value` marks a field that accepts more than one type (a number or its text, say).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::integration::KeyValue;

/// `POST /bookings/create/{event_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"name": "Maya Singh", "email": "maya@example.org", "timezone": "Europe/Berlin", "event_time": "2026-12-01 09:00:00", "message": "I would like to talk about the spring workshop."})))]
pub struct CreateBookingRequest {
    #[cfg_attr(feature = "ssr", schema(example = "Maya Singh"))]
    pub name: String,
    #[cfg_attr(feature = "ssr", schema(example = "maya@example.org"))]
    pub email: String,
    /// The attendee's IANA zone; `event_time` is read in it.
    #[cfg_attr(feature = "ssr", schema(example = "Europe/Berlin"))]
    pub timezone: String,
    /// `YYYY-MM-DD HH:mm:ss` in `timezone`.
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01 09:00:00"))]
    pub event_time: String,
    /// Hosts only: `scheduled` or `pending` (default: `pending` when the event requires
    /// confirmation).
    pub status: Option<String>,
    pub message: Option<String>,
    pub location_type: Option<String>,
    /// The phone number or address, when the location asks for one.
    pub location_description: Option<String>,
    pub phone_number: Option<String>,
    pub address: Option<String>,
    /// Group events: `[{name, email}]`; others: `["email", ...]`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub guests: Option<Vec<Value>>,
    /// Answers to the event's custom booking fields, by field name.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub custom_fields: Option<BTreeMap<String, Value>>,
    /// Minutes, for multi-duration events.
    pub duration: Option<i64>,
    /// Hosts only: `web` (default) or `admin`.
    pub source: Option<String>,
    pub source_url: Option<String>,
    /// Hosts of team events only: the member to book.
    pub host_user_id: Option<i64>,
    /// Paid events: the payment method's key (default: the first one offered).
    pub payment_method: Option<String>,
    /// Events that allow series: how many occurrences (1 = one booking, 2..`max_count` a
    /// series; an integer or its digits).
    #[cfg_attr(feature = "ssr", schema(value_type = Option<i64>))]
    pub recurring_count: Option<Value>,
    /// The spam trap: people never see it, so it stays empty; anything in it refuses the
    /// booking (422 `spam_detected`).
    pub website: Option<String>,
    /// The token of the attendee's own hold of this time (`POST /bookings/holds/{event_id}`):
    /// the create books it and ends the hold. A token unknown, expired or for another time is
    /// ignored.
    pub hold: Option<String>,
    /// A private link's token (DESIGN 2.8): a secret event books only through a valid one;
    /// the booking uses it once. Used up, expired or revoked: 410 `link_invalid`.
    pub private_link: Option<String>,
    /// ALTCHA's solution of `GET /bookings/challenge` (base64 JSON), needed while the site asks
    /// for a proof of work (else 422 on `altcha`); each is accepted once.
    pub altcha: Option<String>,
    /// The language the booking speaks (its emails, SMS, `.ics` and pages; DESIGN 2.9): one
    /// of `en`, `de`, `fr`, `es`, `pt-BR`, `ar`, `ja`. Without it: the request's
    /// `Accept-Language`, else the calendar's `language`.
    #[cfg_attr(feature = "ssr", schema(example = "de"))]
    pub language: Option<String>,
}

/// `POST /bookings/holds/{event_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"event_time": "2026-12-02 10:00:00", "timezone": "Europe/Berlin"})))]
pub struct HoldRequest {
    /// `YYYY-MM-DD HH:mm:ss`, wall-clock time in `timezone`.
    pub event_time: String,
    /// IANA zone of `event_time`.
    pub timezone: String,
    /// Minutes, for multi-duration events.
    pub duration: Option<i64>,
    /// A private link's token, as in a create (a secret event holds only through one).
    pub private_link: Option<String>,
}

/// `POST /bookings/{hash}/cancel`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"cancellation_reason": "Something came up, sorry."})))]
pub struct CancelBookingRequest {
    /// Required when the event's booking form requires it.
    pub cancellation_reason: Option<String>,
    /// A series member: `this` (default) or `following` (with every later open occurrence).
    pub scope: Option<String>,
}

/// `POST /bookings/{hash}/reschedule`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"event_time": "2026-12-02 10:00:00", "timezone": "Europe/Berlin", "rescheduling_reason": "A clash with another meeting."})))]
pub struct RescheduleBookingRequest {
    /// The new start, `YYYY-MM-DD HH:mm:ss` in `timezone`.
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-02 10:00:00"))]
    pub event_time: String,
    pub timezone: Option<String>,
    pub rescheduling_reason: Option<String>,
}

/// `PUT /schedules/{id}`: one column per call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"column": "status", "value": "cancelled", "cancel_reason": "The host is ill.", "refund_payment": "yes"})))]
pub struct UpdateBookingRequest {
    /// `status`, `payment_status`, `internal_note`, `email`, `phone`, `first_name` or
    /// `last_name`.
    #[cfg_attr(feature = "ssr", schema(example = "status"))]
    pub column: String,
    /// Statuses: `scheduled`, `cancelled`, `completed`, `rejected`, `no_show`; payment:
    /// `pending`, `paid`.
    #[cfg_attr(feature = "ssr", schema(example = "completed"))]
    pub value: String,
    /// Required to cancel.
    pub cancel_reason: Option<String>,
    /// Required to reject.
    pub reject_reason: Option<String>,
    /// `yes` refunds the payment on cancel or reject.
    pub refund_payment: Option<String>,
    /// Apply to every attendee of the group booking.
    pub update_all: Option<bool>,
    /// Cancelling a series member: `this` (default) or `following` (with every later open
    /// occurrence).
    pub scope: Option<String>,
}

/// `POST /calendars`: the calendar and its first event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"calendar": {"author_timezone": "Europe/Berlin", "title": "Maya Singh", "slot": {"title": "Intro call", "duration": 30, "event_type": "single", "availability_type": "custom", "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": [{"day": "mon", "from": "09:00", "to": "12:00"}, {"day": "wed", "from": "13:00", "to": "17:00"}], "range_days": 60}}}})))]
pub struct NewCalendarRequest {
    pub calendar: NewCalendarFields,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct NewCalendarFields {
    #[cfg_attr(feature = "ssr", schema(example = "Europe/Berlin"))]
    pub author_timezone: String,
    /// `simple` (a host's own) or `team`.
    #[serde(rename = "type")]
    pub calendar_type: Option<String>,
    /// Team calendars: required.
    pub title: Option<String>,
    /// Administrators: the host it is for.
    pub user_id: Option<i64>,
    pub slug: Option<String>,
    pub description: Option<String>,
    pub calendar_avatar: Option<String>,
    /// The default language of its public pages (DESIGN 2.9); default: the creating user's
    /// profile `language`, else `en`.
    pub language: Option<String>,
    /// The first event: as `POST /calendars/{id}/events`.
    pub slot: NewEventRequest,
}

/// `POST /calendars/{id}/events` (and `slot` of a new calendar).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"title": "Strategy session", "duration": 45, "status": "active", "event_type": "single", "availability_type": "custom", "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": [{"day": "tue", "from": "09:00", "to": "12:00"}, {"day": "thu", "from": "14:00", "to": "17:00"}]}})))]
pub struct NewEventRequest {
    #[cfg_attr(feature = "ssr", schema(example = "Intro call"))]
    pub title: String,
    /// Minutes (its text is read too).
    #[cfg_attr(feature = "ssr", schema(value_type = i64, example = 30))]
    pub duration: Value,
    /// `active` or `draft`.
    pub status: Option<String>,
    /// `single`, `group`, `round_robin` or `collective`.
    pub event_type: Option<String>,
    pub description: Option<String>,
    pub color_schema: Option<String>,
    pub location_type: Option<String>,
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub location_settings: Option<Vec<Value>>,
    pub max_book_per_slot: Option<i64>,
    pub is_display_spots: Option<bool>,
    pub availability_type: Option<String>,
    pub availability_id: Option<i64>,
    /// `{schedule_type, weekly_schedules, date_overrides, range_type, range_days,
    /// range_date_between, team_members, ...}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub settings: Option<BTreeMap<String, Value>>,
}

/// `POST /calendars/check-slug`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SlugRequest {
    #[cfg_attr(feature = "ssr", schema(example = "jane-doe"))]
    pub slug: String,
}

/// `POST /calendars/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"title": "Maya Singh", "description": "<p>Coaching sessions, online.</p>"})))]
pub struct UpdateCalendarRequest {
    /// HTML (sanitized).
    pub description: Option<String>,
    pub title: Option<String>,
    /// The default language of its public pages (DESIGN 2.9): a code.
    #[cfg_attr(feature = "ssr", schema(example = "de"))]
    pub language: Option<String>,
}

/// `PUT /calendars/{id}/events/{event_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct EventStatusRequest {
    /// `active` or `draft`.
    #[cfg_attr(feature = "ssr", schema(example = "active"))]
    pub status: String,
}

/// `POST …/details`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"title": "Intro call", "duration": 30, "status": "active", "description": "<p>A first, free conversation.</p>", "color_schema": "#0369a1"})))]
pub struct EventDetailsRequest {
    pub title: Option<String>,
    pub duration: Option<i64>,
    pub status: Option<String>,
    pub description: Option<String>,
    pub color_schema: Option<String>,
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub location_settings: Option<Vec<Value>>,
    pub max_book_per_slot: Option<i64>,
    pub is_display_spots: Option<bool>,
    /// `{enabled, default_duration, available_durations}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub multi_duration: Option<BTreeMap<String, Value>>,
}

/// `POST …/availability`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"schedule_type": "weekly_schedules", "availability_type": "custom", "weekly_schedules": [{"day": "mon", "from": "09:00", "to": "12:00"}, {"day": "tue", "from": "09:00", "to": "12:00"}], "date_overrides": {"2026-12-24": []}, "range_type": "range_days", "range_days": 60})))]
pub struct EventAvailabilityRequest {
    pub schedule_type: Option<String>,
    /// `{sun: {enabled, slots: [{start, end}]}, ...}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub weekly_schedules: Option<Value>,
    /// `{"YYYY-MM-DD": [{start, end}]}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub date_overrides: Option<Value>,
    /// `range_days` or `date_range`.
    pub range_type: Option<String>,
    pub range_days: Option<i64>,
    pub range_date_between: Option<Vec<String>>,
    pub common_schedule: Option<bool>,
    /// Host id -> their availability schedule id.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<HashMap<String, i64>>))]
    pub hosts_schedules: Option<BTreeMap<String, Value>>,
    /// `existing_schedule` or `custom`.
    pub availability_type: Option<String>,
    pub availability_id: Option<i64>,
}

/// `{settings: {...}}`: the limits and advanced tabs send the keys they change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"schedule_conditions": {"value": 120, "unit": "minutes"}, "buffer_time_before": "10", "buffer_time_after": "10", "slot_interval": "", "booking_frequency": {"enabled": true, "limits": [{"unit": "per_day", "value": 4}]}}})))]
pub struct EventSettingsRequest {
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub settings: BTreeMap<String, Value>,
}

/// `POST /calendars/{id}/clone-event/{event_id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"new_calendar_id": 2})))]
pub struct CloneEventRequest {
    /// Default (also for empty text): the same calendar.
    pub new_calendar_id: Option<IdOrDigits>,
}

/// An id as a JSON integer, or as its digits in text, the way forms send it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum IdOrDigits {
    Id(i64),
    Digits(String),
}

/// `POST …/booking-fields`: the whole form, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"booking_fields": [{"type": "text", "label": "Company", "required": false}, {"type": "dropdown", "label": "Team size", "required": true, "options": ["1-10", "11-50", "51+"]}]})))]
pub struct BookingFieldsRequest {
    /// `[{type, label, name?, required?, enabled?, placeholder?, help_text?, options?, ...}]`.
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub booking_fields: Vec<Value>,
}

/// `POST …/email-notifications` and `…/sms-notifications`: the notifications to replace, by
/// key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"notifications": {"reminder_to_attendee": {"enabled": true, "email": {"subject": "Soon: {{booking.event_name}}", "body": "<p>See you at {{booking.start_date_time_for_attendee}}.</p>", "times": [{"unit": "hours", "value": 24}]}}}})))]
pub struct NotificationsRequest {
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, Object>))]
    pub notifications: BTreeMap<String, Value>,
}

/// `POST …/email-notifications/clone`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"from_event_id": 7})))]
pub struct CloneNotificationsRequest {
    /// An event the caller manages (a number or its text).
    pub from_event_id: IdOrDigits,
}

/// `POST …/payment-settings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"settings": {"enabled": "yes", "driver": "native", "offline_enabled": "yes", "offline_instructions": "<p>Pay at the door.</p>", "items": [{"title": "Session", "value": "45.00"}]}})))]
pub struct EventPaymentRequest {
    /// `{enabled, driver, offline_enabled, offline_instructions, items: [{title, value}],
    /// multi_payment_enabled, multi_payment_items}`; prices in currency units.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub settings: BTreeMap<String, Value>,
}

/// `POST …/integrations/{integration_id}` (`0` creates).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"integration_name": "webhook", "integration": {"name": "CRM", "request_url": "https://hooks.example.com/slotbook", "request_method": "POST", "request_format": "json", "request_body": "all_data", "event_triggers": ["after_booking_scheduled", "booking_schedule_cancelled"]}})))]
pub struct IntegrationRequest {
    #[cfg_attr(feature = "ssr", schema(example = "webhook"))]
    pub integration_name: Option<String>,
    /// Switches an existing feed on or off.
    pub status: Option<bool>,
    /// The feed's settings, or their JSON text.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<WebhookFeedInput>))]
    pub integration: Option<Value>,
}

/// A webhook feed as sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct WebhookFeedInput {
    pub name: String,
    pub enabled: Option<bool>,
    #[cfg_attr(
        feature = "ssr",
        schema(example = "https://hooks.example.com/slotbook")
    )]
    pub request_url: String,
    pub request_method: Option<String>,
    pub request_format: Option<String>,
    /// `all_data` or `selected_fields`.
    pub request_body: Option<String>,
    pub fields: Option<Vec<KeyValue>>,
    /// `yup` or `nop`.
    pub with_header: Option<String>,
    pub request_headers: Option<Vec<KeyValue>>,
    pub event_triggers: Vec<String>,
}

/// `POST /calendars/{id}/sharing-settings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"calendar_data": {"title": "Maya Singh", "timezone": "Europe/Berlin"}, "landing_page_settings": {"enabled": true, "show_type": "all"}})))]
pub struct SharingRequest {
    /// `{title, timezone, description, calendar_avatar, featured_image, phone}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub calendar_data: Option<BTreeMap<String, Value>>,
    /// `{enabled, show_type, enabled_slots}`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Object>))]
    pub landing_page_settings: Option<BTreeMap<String, Value>>,
}

/// `PUT /calendar-connections/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"title": "Work calendar", "calendars": [{"id": 12, "check_conflicts": true, "is_destination": false}]})))]
pub struct UpdateConnectionRequest {
    pub title: Option<String>,
    pub username: Option<String>,
    /// Stored sealed; never answered.
    pub password: Option<String>,
    /// `[{id, check_conflicts?, is_destination?}]`.
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub calendars: Option<Vec<Value>>,
}
