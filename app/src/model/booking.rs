//! A booking as the REST interface shows it, and the answers that carry one.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::calendar::CalendarRef;
pub use super::calendar::EventOption;
use super::event::{Event, EventOwner};
use super::listing::Activity;
use super::page::Page;

/// One booking. Times are `YYYY-MM-DD HH:mm:ss` in UTC; `created_at`/`updated_at` are RFC 3339
/// except in the create answer. The attendee's view (public routes, public creates) leaves
/// out `internal_note` and the host's `author.email`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Booking {
    pub id: i64,
    pub event_id: i64,
    pub calendar_id: i64,
    /// The booking's own id unless it is one attendee of a group booking.
    pub group_id: i64,
    /// The secret of the attendee's links (`/booking/{hash}`).
    pub hash: String,
    pub person_user_id: Option<i64>,
    pub host_user_id: i64,
    #[cfg_attr(feature = "ssr", schema(example = "Europe/Berlin"))]
    pub person_time_zone: String,
    #[cfg_attr(feature = "ssr", schema(example = "single"))]
    pub event_type: String,
    #[cfg_attr(feature = "ssr", schema(example = "scheduled"))]
    pub status: String,
    pub payment_status: Option<String>,
    pub payment_method: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub internal_note: Option<String>,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01 09:00:00"))]
    pub start_time: String,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01 09:30:00"))]
    pub end_time: String,
    pub slot_minutes: i64,
    #[cfg_attr(feature = "ssr", schema(example = "web"))]
    pub source: String,
    pub source_url: String,
    /// The chosen location: `{type, description, ...}` as the event offers it.
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub location_details: Value,
    pub created_at: String,
    pub updated_at: String,
    pub title: String,
    pub author: BookingHost,
    pub details: String,
    /// The location's description as sanitized HTML.
    pub location: String,
    pub reschedule_url: String,
    pub cancel_url: String,
    #[cfg_attr(feature = "ssr", schema(value_type = Object))]
    pub happening_status: Map<String, Value>,
    #[cfg_attr(feature = "ssr", schema(example = "Scheduled"))]
    pub booking_status_text: String,
    pub payment_status_text: String,
    /// The answers to the event's custom booking fields, by field name; `[]` once erased
    /// (DESIGN 2.11), so the document gives it no one type.
    pub custom_form_data: Value,
    /// The extra guests named on the form.
    pub additional_guests: Vec<BookingGuest>,
    pub calendar_event: BookingEvent,
    pub calendar: CalendarRef,
    /// The id shared by the occurrences of a series (its first's), else `null`.
    pub series_id: Option<i64>,
    /// This occurrence's place in its series, from 1.
    pub series_index: Option<i64>,
    pub series_count: Option<i64>,
    /// The booking's own video call, made from the event's template.
    pub video_url: Option<String>,
    /// The privacy notice the attendee accepted on the booking form, else `null` (none was asked).
    pub privacy_consent: Option<PrivacyConsent>,
    /// When the attendee's data was erased (RFC 3339), else `null` (DESIGN 2.11).
    pub erased_at: Option<String>,
    /// The language it was booked in (DESIGN 2.9): its emails, SMS, `.ics` and pages speak it.
    #[cfg_attr(feature = "ssr", schema(example = "en"))]
    pub language: String,
}

/// The version of the privacy notice in force when the attendee accepted it, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct PrivacyConsent {
    #[cfg_attr(feature = "ssr", schema(example = "1"))]
    pub version: String,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01T09:00:00+00:00"))]
    pub accepted_at: String,
}

impl Booking {
    /// What the attendee may see: the host-only parts left out.
    pub fn for_attendee(mut self) -> Booking {
        self.internal_note = None;
        self.author.email = None;
        self
    }
}

/// The booking's host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingHost {
    pub id: i64,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub avatar: String,
}

/// A guest the attendee brought along.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingGuest {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
}

/// The event a booking is for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingEvent {
    pub id: i64,
    pub title: String,
    pub slug: String,
    pub color_schema: String,
}

/// `{message, booking}`: a booking made, cancelled or moved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingAnswer {
    #[cfg_attr(feature = "ssr", schema(example = "Booking has been created"))]
    pub message: String,
    pub booking: Booking,
    /// A series member's: every occurrence, in start order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<Vec<Booking>>,
}

/// A time held for a visitor while they fill in the form (DESIGN 2.8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Hold {
    /// The bearer token: posted as `hold` with the create, or to release the hold.
    pub token: String,
    pub event_id: i64,
    /// UTC, `YYYY-MM-DD HH:mm:ss`.
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-02 09:00:00"))]
    pub start_time: String,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-02 09:30:00"))]
    pub end_time: String,
    /// RFC 3339 (UTC): the hold blocks the time until then.
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01T08:05:00Z"))]
    pub expires_at: String,
}

/// `GET /bookings/challenge`: ALTCHA's challenge, bare (DESIGN 2.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"algorithm": "SHA-256", "challenge": "5d2bd3d4a2c3a3c2f0b1b0e2a8d1c6b3c9e4f7a1b2c3d4e5f60718293a4b5c6d", "maxnumber": 50000, "salt": "3f9a0c1b2d4e5f60718293a4?expires=1801234567", "signature": "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"})))]
pub struct AltchaChallenge {
    /// `SHA-256`.
    pub algorithm: String,
    /// Hex SHA-256 of `salt` followed by the secret number.
    pub challenge: String,
    /// The secret number is in `0..=maxnumber`.
    pub maxnumber: u64,
    /// Random hex, then `?expires=<unix seconds>` (ten minutes).
    pub salt: String,
    /// Hex HMAC-SHA-256 of `challenge` under the server's key.
    pub signature: String,
}

/// `{message?, hold}`: a hold made (with its message) or read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct HoldAnswer {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(example = "Time slot has been held"))]
    pub message: Option<String>,
    pub hold: Hold,
}

/// `GET /schedules/{id}`; `with[]=all_data` adds the parts of `meta-info`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ScheduleAnswer {
    pub schedule: Booking,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activities: Option<Vec<Activity>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub sidebar_contents: Option<Vec<Value>>,
    /// With `all_data`: the payment order of a paid booking, null for an unpaid one.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "super::null_kept"
    )]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<crate::model::payment::PaymentOrder>))]
    pub payment_order: Option<Option<crate::model::payment::PaymentOrder>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<Vec<Object>>))]
    pub main_body_contents: Option<Vec<Value>>,
}

/// `GET /schedules/{id}/meta-info`: the booking's log and payment order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingExtras {
    pub activities: Vec<Activity>,
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub sidebar_contents: Vec<Value>,
    /// The payment order of a paid booking, null otherwise.
    pub payment_order: Option<crate::model::payment::PaymentOrder>,
    #[cfg_attr(feature = "ssr", schema(value_type = Vec<Object>))]
    pub main_body_contents: Vec<Value>,
}

/// `GET /schedules`: a page of the bookings the caller may see, the calendars and events to
/// filter by, and on page 1 the counts of the desk's tabs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ScheduleList {
    pub schedules: Page<Booking>,
    #[cfg_attr(feature = "ssr", schema(example = "UTC"))]
    pub timezone: String,
    pub calendar_event_lists: Vec<CalendarEventOptions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_show_count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancelled_count: Option<i64>,
}

/// A calendar and its events, as the list's filter offers them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct CalendarEventOptions {
    pub id: i64,
    pub title: String,
    pub options: Vec<EventOption>,
}

/// `GET /schedules/group-bookings/{group_id}/attendees`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct GroupAttendees {
    pub attendees: Page<Booking>,
}

/// `GET /bookings/slots/{event_id}`: the offered start times by date in the asked zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SlotList {
    /// `YYYY-MM-DD` -> `["HH:mm", ...]`.
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, Vec<String>>))]
    pub available_slots: BTreeMap<String, Vec<String>>,
    #[cfg_attr(feature = "ssr", schema(example = "Europe/Berlin"))]
    pub timezone: String,
    pub max_lookup_date: String,
    /// Group events only (an extension): `YYYY-MM-DD` -> `HH:mm` -> free seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<HashMap<String, HashMap<String, u32>>>))]
    pub remaining_seats: Option<BTreeMap<String, BTreeMap<String, u32>>>,
}

/// `GET /bookings/event/{event_id}`: the event as the booking page shows it, and its slots.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingPageAnswer {
    pub calendar_event: BookingPageEvent,
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, Vec<String>>))]
    pub available_slots: BTreeMap<String, Vec<String>>,
    pub timezone: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<HashMap<String, HashMap<String, u32>>>))]
    pub remaining_seats: Option<BTreeMap<String, BTreeMap<String, u32>>>,
    /// Events with a waitlist (DESIGN 2.12): `YYYY-MM-DD` -> the `HH:mm` starts one may wait
    /// for (range and zone of `available_slots`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ssr", schema(value_type = Option<HashMap<String, Vec<String>>>))]
    pub waitlist_slots: Option<BTreeMap<String, Vec<String>>>,
}

/// An event with what its booking page needs beside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BookingPageEvent {
    #[serde(flatten)]
    pub event: Event,
    pub max_lookup_date: String,
    pub min_lookup_date: String,
    /// The first bookable moment, `YYYY-MM-DD HH:mm:ss` in the asked zone.
    pub min_bookable_date: String,
    pub location_icon_html: String,
    /// `12` or `24`.
    pub time_format: String,
    pub author_profile: EventOwner,
    pub calendar: CalendarRef,
}
