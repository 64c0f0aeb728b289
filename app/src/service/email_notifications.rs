//! `…/events/{event_id}/email-notifications`: an event's email texts, and which of them a
//! booking's change queues. Emails go through the outbox in the transaction of the change;
//! reminders are outbox items due before the meeting, dropped on cancel and moved on reschedule.

use serde_json::{Value, json};

use super::event_admin::load_event;
use super::sanitize::clean_html;
use super::users::is_valid_email as is_email;
use super::{Caller, Ctx, ServiceError, ServiceResult};
use crate::domain::validation::FieldErrors;
use crate::model::notifications::{
    Audience, KINDS, Notification, Notifications, ReminderTime, defaults, kind,
};
use crate::store::outbox::{self, NewItem};
use crate::store::{Ex, events, reborrow};

/// Where an event keeps its notifications (`event_meta`).
pub const META_KEY: &str = "email_notifications";
/// Outbox kind of a booking email.
pub const EMAIL_KIND: &str = "email";
/// A reminder is not queued when it would go out sooner than this after booking.
const REMINDER_MIN_LEAD_SECONDS: i64 = 120;
/// Reminder times per notification, and how far before the meeting one may be.
const MAX_REMINDER_TIMES: usize = 5;
const MAX_REMINDER_SECONDS: i64 = 60 * 86_400;

/// The stored notifications of an event, every key present (missing ones take the defaults).
pub async fn load(ex: Ex<'_>, event_id: i64) -> ServiceResult<Notifications> {
    let stored = events::meta(ex, event_id, META_KEY).await?;
    Ok(merged(stored.as_deref()))
}

fn merged(stored: Option<&str>) -> Notifications {
    let mut all = defaults();
    if let Some(saved) = stored.and_then(|s| serde_json::from_str::<Notifications>(s).ok()) {
        for (key, notification) in saved {
            if all.contains_key(&key) {
                all.insert(key, notification);
            }
        }
    }
    all
}

/// The smart codes an email may use, grouped as the editor lists them.
pub fn smart_codes() -> Value {
    json!([
        {"title": "Attendee", "shortcodes": {
            "{{guest.full_name}}": "Attendee name", "{{guest.first_name}}": "Attendee first name",
            "{{guest.last_name}}": "Attendee last name", "{{guest.email}}": "Attendee email",
            "{{guest.note}}": "Attendee note", "{{guest.timezone}}": "Attendee time zone",
            "{{booking.phone}}": "Attendee phone"}},
        {"title": "Booking", "shortcodes": {
            "{{booking.event_name}}": "Event name", "{{booking.description}}": "Event description",
            "{{booking.full_start_end_guest_timezone}}": "Date and time (attendee's zone)",
            "{{booking.full_start_end_host_timezone}}": "Date and time (host's zone)",
            "{{booking.start_date_time_for_attendee}}": "Start (attendee's zone)",
            "{{booking.start_date_time_for_host}}": "Start (host's zone)",
            "{{booking.start_date_time}}": "Start (UTC)",
            "{{booking.location_details_text}}": "Location",
            "{{booking.cancel_reason}}": "Cancellation reason",
            "{{booking.reject_reason}}": "Reason for declining",
            "{{booking.reschedule_reason}}": "Rescheduling reason",
            "{{booking.previous_meeting_date_time_guest_timezone}}": "Previous time (attendee's zone)",
            "{{booking.previous_meeting_date_time_host_timezone}}": "Previous time (host's zone)",
            "{{booking.custom.FIELD}}": "Answer to the booking field FIELD"}},
        {"title": "Links (inside href)", "shortcodes": {
            "##booking.cancelation_url##": "Cancel page", "##booking.reschedule_url##": "Reschedule page",
            "##booking.admin_booking_url##": "The booking in the dashboard",
            "##add_to_g_calendar_url##": "Add to Google Calendar", "##add_to_ol_calendar_url##": "Add to Outlook",
            "##add_to_ics_calendar_url##": "Download .ics"}},
        {"title": "Host", "shortcodes": {
            "{{host.name}}": "Host name", "{{host.email}}": "Host email", "{{host.timezone}}": "Host time zone",
            "{{calendar.title}}": "Calendar title"}}
    ])
}

/// `GET …/email-notifications`: `{notifications, smart_codes}`.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<Value> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_event(conn.ex(), caller, calendar_id, event_id).await?;
    let notifications = load(conn.ex(), ev.id).await?;
    Ok(json!({"notifications": notifications, "smart_codes": smart_codes()}))
}

/// `POST …/email-notifications` with `{notifications: {key: {title, enabled, email: {subject,
/// body, additional_recipients?, times?}, is_host}}}`: the keys given replace the stored ones
/// (unknown keys are ignored); bodies are sanitised; nothing is saved when any is invalid.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<Value> {
    let given = body
        .get("notifications")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            ServiceError::field(
                "notifications",
                "required",
                "The notifications field is required.",
            )
        })?
        .clone();
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut all = load(tx.ex(), ev.id).await?;
    let mut errors = FieldErrors::new();
    for (key, value) in &given {
        let Some(current) = all.get(key).cloned() else {
            continue;
        };
        if let Some(n) = parse_one(key, value, current, &mut errors) {
            all.insert(key.clone(), n);
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    store(tx.ex(), ev.id, &all).await?;
    tx.commit().await?;
    Ok(json!({"message": "Notifications has been saved"}))
}

async fn store(ex: Ex<'_>, event_id: i64, all: &Notifications) -> ServiceResult<()> {
    events::put_meta(ex, event_id, META_KEY, &json!(all).to_string()).await?;
    Ok(())
}

/// One posted notification over the stored one: fields left out keep their value.
fn parse_one(
    key: &str,
    value: &Value,
    mut n: Notification,
    errors: &mut FieldErrors,
) -> Option<Notification> {
    let field = |name: &str| format!("notifications.{key}.{name}");
    let Some(object) = value.as_object() else {
        errors.add(
            format!("notifications.{key}"),
            "object",
            "Each notification must be an object.",
        );
        return None;
    };
    if let Some(title) = object.get("title").and_then(Value::as_str) {
        n.title = title
            .replace(['\r', '\n'], " ")
            .trim()
            .chars()
            .take(200)
            .collect();
    }
    match object.get("enabled") {
        None => {}
        Some(v) => match truthy(v) {
            Some(on) => n.enabled = on,
            None => errors.add(
                field("enabled"),
                "boolean",
                "The enabled field must be true or false.",
            ),
        },
    }
    let email = object.get("email").and_then(Value::as_object);
    if let Some(email) = email {
        if let Some(subject) = email.get("subject").and_then(Value::as_str) {
            n.email.subject = subject.replace(['\r', '\n'], " ").trim().to_string();
        }
        if let Some(body) = email.get("body").and_then(Value::as_str) {
            n.email.body = clean_html(body);
        }
        match email.get("additional_recipients") {
            None | Some(Value::Null) => {}
            Some(v) => {
                let list = match v {
                    Value::String(s) => s.clone(),
                    Value::Array(items) => items
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(","),
                    _ => "\u{0}".into(),
                };
                let addresses: Vec<&str> = list
                    .split(',')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .collect();
                if addresses.iter().all(|a| is_email(a)) && addresses.len() <= 10 {
                    n.email.additional_recipients = addresses.join(", ");
                } else {
                    errors.add(
                        field("email.additional_recipients"),
                        "email",
                        "Additional recipients must be up to 10 valid email addresses, separated by commas.",
                    );
                }
            }
        }
        if let Some(times) = email.get("times") {
            match serde_json::from_value::<Vec<ReminderTime>>(times.clone()) {
                Ok(list)
                    if kind(key).is_some_and(|k| k.reminder)
                        && !list.is_empty()
                        && list.len() <= MAX_REMINDER_TIMES
                        && list
                            .iter()
                            .all(|t| t.value > 0 && t.seconds() <= MAX_REMINDER_SECONDS) =>
                {
                    n.email.times = Some(list);
                }
                Ok(_) if !kind(key).is_some_and(|k| k.reminder) => {}
                _ => errors.add(
                    field("email.times"),
                    "times",
                    "Reminder times must be 1 to 5 items of {unit: minutes|hours|days, value} with a positive value, at most 60 days.",
                ),
            }
        }
    } else if object.contains_key("email") {
        errors.add(
            field("email"),
            "object",
            "The email field must be an object.",
        );
    }
    if n.enabled && n.email.subject.is_empty() {
        errors.add(
            field("email.subject"),
            "required",
            "The email subject is required when the notification is enabled.",
        );
    }
    n.is_host = kind(key).is_some_and(|k| k.audience == Audience::Host);
    Some(n)
}

fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) if matches!(s.as_str(), "true" | "yes" | "1") => Some(true),
        Value::String(s) if matches!(s.as_str(), "false" | "no" | "0" | "") => Some(false),
        Value::Number(n) => n.as_i64().map(|n| n != 0),
        _ => None,
    }
}

/// `POST …/email-notifications/clone` with `{from_event_id}`: copies another event's
/// notifications (one the caller may manage) over this one's.
pub async fn clone_from(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<Value> {
    let from = body
        .get("from_event_id")
        .and_then(|v| {
            v.as_i64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        })
        .ok_or_else(|| {
            ServiceError::field(
                "from_event_id",
                "required",
                "The from event id field is required.",
            )
        })?;
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_event(tx.ex(), caller, calendar_id, event_id).await?;
    let source = events::find(tx.ex(), from)
        .await?
        .ok_or(ServiceError::NotFound)?;
    // The source must be an event the caller may manage too.
    load_event(tx.ex(), caller, source.calendar_id, source.id).await?;
    let copied = load(tx.ex(), source.id).await?;
    store(tx.ex(), ev.id, &copied).await?;
    tx.commit().await?;
    Ok(json!({"message": "The Notification has been cloned successfully", "notifications": copied}))
}

/// What happened to a booking, as far as its emails go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Booked and scheduled at once.
    Booked,
    /// Booked, awaiting the host's confirmation.
    Requested,
    /// A pending booking confirmed.
    Confirmed,
    Cancelled {
        by_host: bool,
    },
    Rejected,
    Rescheduled {
        by_host: bool,
    },
}

impl Change {
    /// The notification keys this change sends.
    fn keys(self) -> &'static [&'static str] {
        match self {
            Change::Booked | Change::Confirmed => &["booking_conf_attendee", "booking_conf_host"],
            Change::Requested => &["booking_request_attendee", "booking_request_host"],
            Change::Cancelled { by_host: true } => &["cancelled_by_host"],
            Change::Cancelled { by_host: false } => &["cancelled_by_attendee"],
            Change::Rejected => &["declined_by_host"],
            Change::Rescheduled { by_host: true } => &["rescheduled_by_host"],
            Change::Rescheduled { by_host: false } => &["rescheduled_by_attendee"],
        }
    }

    /// Whether the booking is scheduled afterwards, so reminders apply.
    fn schedules(self) -> bool {
        matches!(
            self,
            Change::Booked | Change::Confirmed | Change::Rescheduled { .. }
        )
    }
}

/// The outbox items of `change` for one booking. `booking_id` is the id as text (or
/// [`crate::store::bookings::BOOKING_ID_TOKEN`] for a booking being inserted); `start` its
/// start; reminders closer than two minutes to `now` are left out.
pub fn plan(
    notifications: &Notifications,
    change: Change,
    booking_id: &str,
    start: i64,
    now: i64,
) -> Vec<NewItem<'static>> {
    let mut items = Vec::new();
    for key in change.keys() {
        if !notifications.get(*key).is_some_and(|n| n.enabled) {
            continue;
        }
        let Some(kind) = kind(key) else { continue };
        let to = kind.audience.as_str();
        items.push(NewItem {
            kind: EMAIL_KIND,
            payload: format!(r#"{{"template":"{key}","booking_id":{booking_id},"to":"{to}"}}"#),
            booking_id: None,
            sequence_key: Some(format!("email:{booking_id}:{to}")),
            purpose: None,
            due_at: None,
        });
    }
    if change.schedules() {
        for kind in KINDS.iter().filter(|k| k.reminder) {
            let Some(n) = notifications.get(kind.key).filter(|n| n.enabled) else {
                continue;
            };
            let to = kind.audience.as_str();
            let mut dues: Vec<i64> = n
                .email
                .times
                .iter()
                .flatten()
                .map(|t| start - t.seconds())
                .filter(|due| *due > now + REMINDER_MIN_LEAD_SECONDS)
                .collect();
            dues.sort_unstable();
            dues.dedup();
            for due in dues {
                items.push(NewItem {
                    kind: EMAIL_KIND,
                    payload: format!(
                        r#"{{"template":"{}","booking_id":{booking_id},"to":"{to}","start_time":{start}}}"#,
                        kind.key
                    ),
                    booking_id: None,
                    sequence_key: None,
                    purpose: Some("reminder"),
                    due_at: Some(due),
                });
            }
        }
    }
    items
}

/// Queues the emails of `change` to a stored booking in the caller's transaction: drops its
/// unsent reminders when it is no longer scheduled or moved, and queues the new ones.
pub async fn queue(
    mut ex: Ex<'_>,
    event_id: i64,
    booking_id: i64,
    start: i64,
    change: Change,
    now: i64,
) -> ServiceResult<()> {
    if !matches!(change, Change::Booked | Change::Requested) {
        outbox::drop_reminders(reborrow(&mut ex), booking_id).await?;
    }
    let notifications = load(reborrow(&mut ex), event_id).await?;
    for item in plan(&notifications, change, &booking_id.to_string(), start, now) {
        outbox::enqueue(
            reborrow(&mut ex),
            &NewItem {
                booking_id: Some(booking_id),
                ..item
            },
        )
        .await?;
    }
    Ok(())
}

/// Queues notification `key` about a booking once more ("Resend" on the booking), whether or
/// not it is enabled: the host asked for it.
pub async fn resend(ex: Ex<'_>, booking_id: i64, key: &str) -> ServiceResult<()> {
    let to = kind(key).map_or("attendee", |k| k.audience.as_str());
    outbox::enqueue(
        ex,
        &NewItem {
            kind: EMAIL_KIND,
            payload: json!({"template": key, "booking_id": booking_id, "to": to}).to_string(),
            booking_id: Some(booking_id),
            sequence_key: Some(format!("email:{booking_id}:{to}")),
            purpose: None,
            due_at: None,
        },
    )
    .await?;
    Ok(())
}

/// A notification's key from an outbox payload's `template`, also for items queued by earlier
/// versions (which named the email, not the notification).
pub fn key_of(template: &str, to: &str) -> Option<&'static str> {
    let host = to == "host";
    let key = match template {
        "booking_confirmation" if host => "booking_conf_host",
        "booking_confirmation" => "booking_conf_attendee",
        "approval_request" if host => "booking_request_host",
        "approval_request" => "booking_request_attendee",
        "booking_cancelled" if host => "cancelled_by_attendee",
        "booking_cancelled" => "cancelled_by_host",
        "booking_rejected" => "declined_by_host",
        "booking_rescheduled" if host => "rescheduled_by_attendee",
        "booking_rescheduled" => "rescheduled_by_host",
        other => other,
    };
    kind(key).map(|k| k.key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::notifications::{ReminderUnit, default_notification};

    fn with_reminders(times: &[(ReminderUnit, i64)]) -> Notifications {
        let mut all = defaults();
        for key in ["reminder_to_attendee", "reminder_to_host"] {
            let n = all.get_mut(key).expect("key");
            n.enabled = true;
            n.email.times = Some(
                times
                    .iter()
                    .map(|(unit, value)| ReminderTime {
                        unit: *unit,
                        value: *value,
                    })
                    .collect(),
            );
        }
        all
    }

    #[test]
    fn a_booking_queues_both_confirmations_and_its_reminders_at_their_times() {
        let all = with_reminders(&[(ReminderUnit::Hours, 1), (ReminderUnit::Days, 1)]);
        let start = 1_800_000_000;
        let items = plan(&all, Change::Booked, "7", start, start - 3 * 86_400);
        let emails: Vec<&str> = items
            .iter()
            .filter(|i| i.purpose.is_none())
            .map(|i| i.payload.as_str())
            .collect();
        assert_eq!(
            emails,
            [
                r#"{"template":"booking_conf_attendee","booking_id":7,"to":"attendee"}"#,
                r#"{"template":"booking_conf_host","booking_id":7,"to":"host"}"#
            ]
        );
        let mut dues: Vec<i64> = items.iter().filter_map(|i| i.due_at).collect();
        dues.sort_unstable();
        assert_eq!(
            dues,
            [start - 86_400, start - 86_400, start - 3600, start - 3600]
        );
    }

    #[test]
    fn reminders_already_past_or_too_close_are_skipped() {
        let all = with_reminders(&[(ReminderUnit::Minutes, 15), (ReminderUnit::Days, 1)]);
        let start = 1_800_000_000;
        // Booked 10 hours ahead: the day-before reminder is past, the 15-minute one is not.
        let items = plan(&all, Change::Booked, "1", start, start - 10 * 3600);
        let dues: Vec<i64> = items.iter().filter_map(|i| i.due_at).collect();
        assert_eq!(dues, [start - 900, start - 900]);
        // Booked 16 minutes ahead: a reminder a minute from now is not worth sending.
        let items = plan(&all, Change::Booked, "1", start, start - 16 * 60);
        assert!(items.iter().all(|i| i.due_at.is_none()));
    }

    #[test]
    fn disabled_notifications_queue_nothing_and_pending_bookings_get_no_reminders() {
        let mut all = with_reminders(&[(ReminderUnit::Hours, 1)]);
        all.get_mut("booking_conf_host").expect("key").enabled = false;
        let items = plan(&all, Change::Booked, "1", 1_800_000_000, 0);
        assert!(
            !items
                .iter()
                .any(|i| i.payload.contains("booking_conf_host"))
        );
        let items = plan(&all, Change::Requested, "1", 1_800_000_000, 0);
        assert!(items.iter().all(|i| i.purpose.is_none()) && items.len() == 2);
        let items = plan(
            &all,
            Change::Cancelled { by_host: true },
            "1",
            1_800_000_000,
            0,
        );
        assert_eq!(items.len(), 1);
        assert!(
            items[0].payload.contains("cancelled_by_host") && items[0].payload.contains("attendee")
        );
    }

    #[test]
    fn a_posted_notification_is_validated_and_sanitised() {
        let current = default_notification(kind("reminder_to_attendee").expect("kind"));
        let mut errors = FieldErrors::new();
        let n = parse_one(
            "reminder_to_attendee",
            &json!({"enabled": true, "email": {"subject": "Soon", "body": "<p>Hi</p><script>x()</script>",
                "additional_recipients": "a@example.com, b@example.com", "times": [{"unit": "hours", "value": 2}]}}),
            current.clone(),
            &mut errors,
        )
        .expect("parsed");
        assert!(errors.is_empty());
        assert_eq!(n.email.body, "<p>Hi</p>");
        assert_eq!(
            n.email.additional_recipients,
            "a@example.com, b@example.com"
        );
        assert_eq!(n.email.times.as_ref().map(Vec::len), Some(1));
        for bad in [
            json!({"email": {"times": [{"unit": "weeks", "value": 1}]}}),
            json!({"email": {"times": [{"unit": "hours", "value": 0}]}}),
            json!({"email": {"additional_recipients": "not-an-address"}}),
            json!({"enabled": true, "email": {"subject": ""}}),
            json!({"enabled": "maybe"}),
        ] {
            let mut errors = FieldErrors::new();
            parse_one("reminder_to_attendee", &bad, current.clone(), &mut errors);
            assert!(!errors.is_empty(), "{bad}");
        }
    }

    #[test]
    fn earlier_payload_names_map_to_notification_keys() {
        assert_eq!(
            key_of("booking_confirmation", "host"),
            Some("booking_conf_host")
        );
        assert_eq!(
            key_of("booking_cancelled", "attendee"),
            Some("cancelled_by_host")
        );
        assert_eq!(key_of("reminder_to_host", "host"), Some("reminder_to_host"));
        assert_eq!(key_of("nonsense", "host"), None);
    }
}
