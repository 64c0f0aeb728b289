//! Bookings as the REST interface shows them.

use chrono::DateTime;
use serde_json::{Value, json};

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
    pub custom_fields: Value,
    pub additional_guests: Value,
    /// `created_at`/`updated_at` as `YYYY-MM-DD HH:mm:ss` (create response) or RFC 3339.
    pub plain_timestamps: bool,
}

/// The booking as its attendee may see it (public routes by hash, public creates): the full
/// answer without what only the hosts may read (the internal note, the host's email).
pub fn attendee_view(mut booking: Value) -> Value {
    if let Some(map) = booking.as_object_mut() {
        map.remove("internal_note");
        if let Some(author) = map.get_mut("author").and_then(Value::as_object_mut) {
            author.remove("email");
        }
    }
    booking
}

pub fn booking_json(ctx: &Ctx, b: &BookingRow, c: &BookingContext<'_>) -> Value {
    let stamp = |t: i64| {
        if c.plain_timestamps {
            utc_text(t)
        } else {
            crate::service::present::rfc3339(t)
        }
    };
    let location: Value = serde_json::from_str(&b.location_details).unwrap_or_else(|_| json!({}));
    let attendee = format!("{} {}", b.first_name, b.last_name)
        .trim()
        .to_string();
    let title = format!("{} between {} and {}", c.event_title, c.host_name, attendee);
    let local = DateTime::from_timestamp(b.start_time, 0)
        .map(|t| {
            t.with_timezone(
                &crate::domain::zone::parse_zone(&b.person_time_zone).unwrap_or(chrono_tz::UTC),
            )
        })
        .map(|t| t.format("%A, %B %-d, %Y %H:%M").to_string())
        .unwrap_or_default();
    let (first, last) = c.host_name.split_once(' ').unwrap_or((c.host_name, ""));
    json!({
        "id": b.id,
        "event_id": b.event_id,
        "calendar_id": b.calendar_id,
        "group_id": b.group_id.unwrap_or(b.id),
        "hash": b.hash,
        "person_user_id": b.person_user_id,
        "host_user_id": b.host_user_id,
        "person_time_zone": b.person_time_zone,
        "event_type": b.event_type,
        "status": b.status,
        "payment_status": b.payment_status,
        "payment_method": b.payment_method,
        "first_name": b.first_name,
        "last_name": b.last_name,
        "email": b.email,
        "phone": b.phone,
        "message": b.message,
        "internal_note": b.internal_note,
        "start_time": utc_text(b.start_time),
        "end_time": utc_text(b.end_time),
        "slot_minutes": b.slot_minutes,
        "source": b.source,
        "source_url": b.source_url,
        "location_details": location,
        "created_at": stamp(b.created_at),
        "updated_at": stamp(b.updated_at),
        "title": title,
        "author": {"id": b.host_user_id, "name": c.host_name, "email": c.host_email, "first_name": first, "last_name": last, "avatar": ""},
        "details": format!("{} with {} ({} minutes) on {} ({})", c.event_title, c.host_name, b.slot_minutes, local, b.person_time_zone),
        "location": location.get("description").and_then(Value::as_str).map(crate::service::sanitize::clean_html).unwrap_or_default(),
        "reschedule_url": format!("{}/booking/{}/reschedule", ctx.public_url, b.hash),
        "cancel_url": format!("{}/booking/{}/cancel", ctx.public_url, b.hash),
        "happening_status": {},
        "booking_status_text": status_text(&b.status),
        "payment_status_text": b.payment_status.as_deref().map(status_text).unwrap_or_default(),
        "custom_form_data": c.custom_fields,
        "additional_guests": c.additional_guests,
        "calendar_event": {"id": b.event_id, "title": c.event_title, "slug": c.event_slug, "color_schema": c.color_schema},
        "calendar": {"id": b.calendar_id, "title": c.calendar_title, "slug": c.calendar_slug},
    })
}
