//! The deliveries a booking's change queues for the webhook feeds of its event, each with the
//! body rendered when it was queued.

use serde_json::{Map, Value, json};

use super::{WEBHOOK, WebhookSettings};
use crate::domain::values::BookingStatus;
use crate::service::ServiceResult;
use crate::service::outbox::{self, Message, Outgoing, WebhookDelivery, new_message_id};
use crate::store::Ex;
use crate::store::bookings::{self, BookingRow};
use crate::store::events::EventRow;
use crate::store::integrations::{self, IntegrationRow};
use crate::store::users::UserRow;

/// Outbox kind of one webhook delivery.
pub const DELIVERY_KIND: &str = crate::service::outbox::WEBHOOK_KIND;

/// The outbox items of `trigger` for a booking: one delivery per enabled feed of its event that
/// subscribes to it, each carrying the body rendered now, so that it reports the booking as it
/// was at this moment, however late it goes out (and even when the booking is deleted before).
/// Deliveries to one feed about one booking go out in order. The message id stays the same
/// across retries, so receivers can drop duplicates.
pub fn delivery_items(
    feeds: &[IntegrationRow],
    booking: &BookingRow,
    event: Option<&EventRow>,
    host: Option<&UserRow>,
    trigger: &str,
) -> Vec<Outgoing> {
    feeds
        .iter()
        .filter(|feed| feed.enabled && feed.integration_key == WEBHOOK)
        .filter_map(|feed| {
            let settings = WebhookSettings::parse(feed);
            if !settings.event_triggers.iter().any(|t| t == trigger) {
                return None;
            }
            let delivery = WebhookDelivery {
                event_id: feed.event_id,
                integration_id: feed.id,
                booking_id: booking.id,
                trigger: trigger.to_string(),
                test: false,
                message_id: new_message_id(),
                body: Some(delivery_body(&settings, trigger, booking, event, host)),
            };
            Some(Outgoing::about(booking.id, Message::Webhook(delivery)))
        })
        .collect()
}

/// What a test delivery sends: the feed and event it is about, and no attendee data.
pub fn test_delivery_body(settings: &WebhookSettings, event: Option<&EventRow>) -> Value {
    serde_json::json!({
        "trigger": "test",
        "message": "A test delivery from slotbook: this feed works.",
        "feed": settings.name,
        "event": event.map(|e| serde_json::json!({"id": e.id, "title": e.title})),
        "sent_at": chrono::Utc::now().format("%Y-%m-%d %H:%M:%S").to_string(),
    })
}

/// Queues the deliveries of `trigger` for stored bookings, given as (booking id, event id), in
/// the caller's transaction. Each event's feeds are read once; a booking is read only when a
/// feed wants it.
pub async fn enqueue_webhooks(
    mut ex: Ex<'_>,
    booked: &[(i64, i64)],
    trigger: &str,
) -> ServiceResult<()> {
    let mut feeds_of: std::collections::HashMap<i64, Vec<IntegrationRow>> = Default::default();
    for (booking_id, event_id) in booked {
        if !feeds_of.contains_key(event_id) {
            let feeds = integrations::enabled_for_event(
                crate::store::reborrow(&mut ex),
                *event_id,
                WEBHOOK,
            )
            .await?;
            feeds_of.insert(*event_id, feeds);
        }
        let feeds = feeds_of
            .get(event_id)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let wanted = feeds.iter().any(|f| {
            f.enabled
                && WebhookSettings::parse(f)
                    .event_triggers
                    .iter()
                    .any(|t| t == trigger)
        });
        if !wanted {
            continue;
        }
        let Some(booking) = bookings::find(crate::store::reborrow(&mut ex), *booking_id).await?
        else {
            continue;
        };
        let event = crate::store::events::find(crate::store::reborrow(&mut ex), *event_id).await?;
        let host = crate::store::users::find(crate::store::reborrow(&mut ex), booking.host_user_id)
            .await?;
        let deliveries = delivery_items(feeds, &booking, event.as_ref(), host.as_ref(), trigger);
        outbox::enqueue_all(crate::store::reborrow(&mut ex), &deliveries).await?;
    }
    Ok(())
}

/// The trigger a status change fires, if any.
pub fn trigger_for_status(status: BookingStatus) -> Option<&'static str> {
    match status {
        BookingStatus::Scheduled => Some("after_booking_scheduled"),
        BookingStatus::Cancelled => Some("booking_schedule_cancelled"),
        BookingStatus::Completed => Some("booking_schedule_completed"),
        BookingStatus::Rejected => Some("booking_schedule_rejected"),
        BookingStatus::Pending | BookingStatus::NoShow => None,
    }
}

/// Placeholders a `selected_fields` value may use: (code, label).
pub const SMART_CODES: [(&str, &str); 14] = [
    ("guest.first_name", "Attendee first name"),
    ("guest.last_name", "Attendee last name"),
    ("guest.full_name", "Attendee name"),
    ("guest.email", "Attendee email"),
    ("guest.phone", "Attendee phone"),
    ("guest.timezone", "Attendee time zone"),
    ("guest.note", "Attendee note"),
    ("booking.id", "Booking id"),
    ("booking.status", "Booking status"),
    ("booking.start_time", "Start (UTC, YYYY-MM-DD HH:mm:ss)"),
    ("booking.end_time", "End (UTC, YYYY-MM-DD HH:mm:ss)"),
    ("event.title", "Event title"),
    ("host.name", "Host name"),
    ("host.email", "Host email"),
];

/// What one delivery sends: the whole booking and event, or the selected fields with their
/// smart codes replaced.
pub fn delivery_body(
    settings: &WebhookSettings,
    trigger: &str,
    booking: &BookingRow,
    event: Option<&EventRow>,
    host: Option<&UserRow>,
) -> Value {
    let time = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    };
    let status = if trigger == "after_booking_rescheduled" {
        "rescheduled"
    } else {
        booking.status.as_str()
    };
    if settings.request_body == "selected_fields" {
        let codes = |code: &str| -> String {
            match code {
                "guest.first_name" => booking.first_name.clone(),
                "guest.last_name" => booking.last_name.clone(),
                "guest.full_name" => format!("{} {}", booking.first_name, booking.last_name)
                    .trim()
                    .to_string(),
                "guest.email" => booking.email.clone(),
                "guest.phone" => booking.phone.clone(),
                "guest.timezone" => booking.person_time_zone.clone(),
                "guest.note" => booking.message.clone(),
                "booking.id" => booking.id.to_string(),
                "booking.status" => status.to_string(),
                "booking.start_time" => time(booking.start_time),
                "booking.end_time" => time(booking.end_time),
                "event.title" => event.map(|e| e.title.clone()).unwrap_or_default(),
                "host.name" => host.map(UserRow::full_name).unwrap_or_default(),
                "host.email" => host.map(|h| h.email.clone()).unwrap_or_default(),
                _ => String::new(),
            }
        };
        let mut map = Map::new();
        for field in &settings.fields {
            let mut value = field.value.clone();
            for (code, _) in SMART_CODES {
                let placeholder = format!("{{{{{code}}}}}");
                if value.contains(&placeholder) {
                    value = value.replace(&placeholder, &codes(code));
                }
            }
            map.insert(field.key.clone(), json!(value));
        }
        return Value::Object(map);
    }
    json!({
        "trigger": trigger,
        "booking": {
            "id": booking.id, "hash": booking.hash, "status": status, "event_id": booking.event_id,
            "calendar_id": booking.calendar_id, "group_id": booking.group_id, "host_user_id": booking.host_user_id,
            "first_name": booking.first_name, "last_name": booking.last_name, "email": booking.email,
            "phone": booking.phone, "message": booking.message, "person_time_zone": booking.person_time_zone,
            "start_time": time(booking.start_time), "end_time": time(booking.end_time),
            "slot_minutes": booking.slot_minutes, "source": booking.source,
            "payment_status": booking.payment_status,
        },
        "calendar_event": event.map(|e| json!({
            "id": e.id, "calendar_id": e.calendar_id, "user_id": e.user_id, "title": e.title,
            "slug": e.slug, "duration": e.duration, "event_type": e.event_type, "status": e.status,
        })),
    })
}
