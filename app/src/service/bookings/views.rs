//! Bookings as the REST interface shows them.

use chrono::DateTime;
use serde_json::{Map, Value, json};

use crate::model::booking::{Booking, BookingEvent, BookingGuest, BookingHost, PrivacyConsent};
use crate::model::calendar::CalendarRef;

use crate::service::Ctx;
use crate::store::bookings::BookingRow;

/// `YYYY-MM-DD HH:mm:ss` in UTC, the service's time base for booking times.
pub fn utc_text(epoch: i64) -> String {
    DateTime::from_timestamp(epoch, 0)
        .unwrap_or_default()
        .format("%Y-%m-%d %H:%M:%S")
        .to_string()
}

pub fn status_text(status: &str) -> String {
    match status {
        "no_show" => "No Show".into(),
        other => {
            let mut chars = other.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

/// What the view needs beside the row.
pub struct BookingContext<'a> {
    pub event_title: &'a str,
    pub event_slug: &'a str,
    pub color_schema: &'a str,
    pub calendar_title: &'a str,
    pub calendar_slug: &'a str,
    pub host_name: &'a str,
    pub host_email: &'a str,
    pub custom_fields: Map<String, Value>,
    pub additional_guests: Vec<BookingGuest>,
    /// The stored `privacy_consent` document, if the form asked for one.
    pub privacy_consent: Option<PrivacyConsent>,
    /// `created_at`/`updated_at` as `YYYY-MM-DD HH:mm:ss` (create response) or RFC 3339.
    pub plain_timestamps: bool,
}

/// "{event} between {host} and {attendee}"; without the attendee's name once erased.
fn title_of(c: &BookingContext<'_>, attendee: &str) -> String {
    if attendee.is_empty() {
        format!("{} with {}", c.event_title, c.host_name)
    } else {
        format!("{} between {} and {}", c.event_title, c.host_name, attendee)
    }
}

/// The custom answers; an erased booking answers `[]`, as the reference plugin does for
/// "none" (DESIGN 2.11).
fn answers_of(b: &BookingRow, c: &BookingContext<'_>) -> Value {
    if b.erased_at.is_some() {
        Value::Array(Vec::new())
    } else {
        Value::Object(c.custom_fields.clone())
    }
}

/// The booking as the REST interface shows it (to its hosts; `Booking::for_attendee` is the
/// attendee's view).
pub fn booking_view(ctx: &Ctx, b: &BookingRow, c: &BookingContext<'_>) -> Booking {
    let stamp = |t: i64| {
        if c.plain_timestamps {
            utc_text(t)
        } else {
            crate::service::support::present::rfc3339(t)
        }
    };
    let location: Value = serde_json::from_str(&b.location_details).unwrap_or_else(|_| json!({}));
    let attendee = format!("{} {}", b.first_name, b.last_name)
        .trim()
        .to_string();
    let local = DateTime::from_timestamp(b.start_time, 0)
        .map(|t| {
            t.with_timezone(
                &crate::domain::zone::parse_zone(&b.person_time_zone).unwrap_or(chrono_tz::UTC),
            )
        })
        .map(|t| t.format("%A, %B %-d, %Y %H:%M").to_string())
        .unwrap_or_default();
    let (first, last) = c.host_name.split_once(' ').unwrap_or((c.host_name, ""));
    Booking {
        id: b.id,
        event_id: b.event_id,
        calendar_id: b.calendar_id,
        group_id: b.group_id.unwrap_or(b.id),
        hash: b.hash.clone(),
        person_user_id: b.person_user_id,
        host_user_id: b.host_user_id,
        person_time_zone: b.person_time_zone.clone(),
        event_type: b.event_type.clone(),
        status: b.status.clone(),
        payment_status: b.payment_status.clone(),
        payment_method: b.payment_method.clone(),
        first_name: b.first_name.clone(),
        last_name: b.last_name.clone(),
        email: b.email.clone(),
        phone: b.phone.clone(),
        message: b.message.clone(),
        internal_note: Some(b.internal_note.clone()),
        start_time: utc_text(b.start_time),
        end_time: utc_text(b.end_time),
        slot_minutes: b.slot_minutes,
        source: b.source.clone(),
        source_url: b.source_url.clone(),
        created_at: stamp(b.created_at),
        updated_at: stamp(b.updated_at),
        title: title_of(c, &attendee),
        author: BookingHost {
            id: b.host_user_id,
            name: c.host_name.to_string(),
            email: Some(c.host_email.to_string()),
            first_name: first.to_string(),
            last_name: last.to_string(),
            avatar: String::new(),
        },
        details: format!(
            "{} with {} ({} minutes) on {} ({})",
            c.event_title, c.host_name, b.slot_minutes, local, b.person_time_zone
        ),
        location: location
            .get("description")
            .and_then(Value::as_str)
            .map(crate::service::support::sanitize::clean_html)
            .unwrap_or_default(),
        location_details: location,
        reschedule_url: format!("{}/booking/{}/reschedule", ctx.public_url, b.hash),
        cancel_url: format!("{}/booking/{}/cancel", ctx.public_url, b.hash),
        happening_status: Map::new(),
        booking_status_text: status_text(&b.status),
        payment_status_text: b
            .payment_status
            .as_deref()
            .map(status_text)
            .unwrap_or_default(),
        custom_form_data: answers_of(b, c),
        additional_guests: c.additional_guests.clone(),
        calendar_event: BookingEvent {
            id: b.event_id,
            title: c.event_title.to_string(),
            slug: c.event_slug.to_string(),
            color_schema: c.color_schema.to_string(),
        },
        calendar: CalendarRef {
            id: b.calendar_id,
            title: c.calendar_title.to_string(),
            slug: c.calendar_slug.to_string(),
        },
        series_id: b.series_id,
        series_index: b.series_index,
        series_count: b.series_count,
        video_url: b.video_url.clone(),
        privacy_consent: c.privacy_consent.clone(),
        erased_at: b.erased_at.map(crate::service::support::present::rfc3339),
        language: b.language.clone(),
    }
}
