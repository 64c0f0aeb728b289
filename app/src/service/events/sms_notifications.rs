//! `…/events/{event_id}/sms-notifications`: an event's text messages, the same keys as its
//! emails. Numbers are checked and written in E.164 form (`+493012345678`).

use crate::model::answer::MessageAnswer;
use serde_json::{Value, json};

use crate::domain::validation::FieldErrors;
use crate::model::notifications::ReminderTime;
use crate::model::notifications::{
    Audience, SmsNotification, SmsNotifications, SmsNotificationsAnswer, kind, sms_defaults,
};
use crate::service::events::admin::load_managed_event;
use crate::service::events::email_notifications::{Heading, Posted, checked_times};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_fields::FieldRow;
use crate::store::bookings::BookingRow;
use crate::store::{Ex, events};

/// Where an event keeps its SMS notifications (`event_meta`).
pub const META_KEY: &str = "sms_notifications";
/// Longest accepted message text (before smart codes are filled in).
pub const MAX_BODY_CHARS: usize = 1000;

/// `text` as an E.164 number, if it is a valid international number.
pub fn e164(text: &str) -> Option<String> {
    let number = phonenumber::parse(None, text.trim()).ok()?;
    phonenumber::is_valid(&number)
        .then(|| number.format().mode(phonenumber::Mode::E164).to_string())
}

/// The form field that holds the attendee's number for text messages: the first enabled
/// phone field marked `is_sms_number` (the system `phone_number` field is, by default).
pub fn sms_field(fields: &[FieldRow]) -> Option<&FieldRow> {
    fields.iter().find(|f| {
        f.enabled
            && f.field_type == "phone"
            && serde_json::from_str::<Value>(&f.config)
                .ok()
                .and_then(|c| c.get("is_sms_number").and_then(Value::as_bool))
                .unwrap_or(false)
    })
}

/// The attendee's number for text messages, as entered (empty when none).
pub fn attendee_number(
    fields: &[FieldRow],
    booking: &BookingRow,
    meta: &[(String, String)],
) -> String {
    let Some(field) = sms_field(fields) else {
        return String::new();
    };
    if field.system_defined {
        return booking.phone.clone();
    }
    meta.iter()
        .rev()
        .find(|(k, _)| k == "custom_fields_data")
        .and_then(|(_, v)| serde_json::from_str::<Value>(v).ok())
        .and_then(|answers| {
            answers
                .get(&field.name)
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .unwrap_or_default()
}

/// The stored SMS notifications of an event, every key present.
pub async fn load(ex: Ex<'_>, event_id: i64) -> ServiceResult<SmsNotifications> {
    let stored = events::meta(ex, event_id, META_KEY).await?;
    Ok(merged(stored.as_deref()))
}

/// The stored document (if any) over the defaults.
pub(crate) fn merged(stored: Option<&str>) -> SmsNotifications {
    let mut all = sms_defaults();
    if let Some(saved) = stored.and_then(|s| serde_json::from_str::<SmsNotifications>(s).ok()) {
        for (key, n) in saved {
            if all.contains_key(&key) {
                all.insert(key, n);
            }
        }
    }
    all
}

/// `GET …/sms-notifications`: `{notifications, smart_codes}`.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<SmsNotificationsAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    Ok(SmsNotificationsAnswer {
        notifications: load(conn.ex(), ev.id).await?,
        smart_codes: crate::domain::smart_codes::catalogue(),
    })
}

/// `POST …/sms-notifications`: the notifications posted replace the stored ones; nothing is
/// saved when any is invalid.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    posted: Posted<SmsChange>,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let Posted {
        changes,
        unreadable: mut errors,
    } = posted;
    let mut all = load(tx.ex(), ev.id).await?;
    for (key, change) in changes {
        if let Some(n) = all.get_mut(&key) {
            change.apply(&key, n, &mut errors);
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    events::put_meta(tx.ex(), ev.id, META_KEY, &json!(all).to_string()).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Notifications has been saved"))
}

/// One posted text-message notification, read once: the fields sent (`None`: keep).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SmsChange {
    pub heading: Heading,
    /// `phone` (the only channel).
    pub send_to: Option<String>,
    /// At most [`MAX_BODY_CHARS`] characters; stored trimmed.
    pub body: Option<String>,
    /// An international number, stored in E.164 form; blank for none.
    pub number: Option<String>,
    /// Only for a reminder.
    pub times: Option<Vec<ReminderTime>>,
}

impl SmsChange {
    /// Checks the values and changes notification `key`, then checks what spans both: an
    /// enabled message needs its text, and one to the host a number to send it to. Errors
    /// are named `notifications.{key}.sms.…`.
    pub fn apply(self, key: &str, n: &mut SmsNotification, errors: &mut FieldErrors) {
        let field = |name: &str| format!("notifications.{key}.{name}");
        let SmsChange {
            heading,
            send_to,
            body,
            number,
            times,
        } = self;
        heading.apply(&mut n.title, &mut n.enabled);
        match send_to {
            Some(phone) if phone == "phone" => n.sms.send_to = phone,
            Some(_) => errors.add(
                field("sms.send_to"),
                "in",
                "Messages can be sent as SMS (phone) only.",
            ),
            None => {}
        }
        if let Some(body) = body {
            if body.chars().count() > MAX_BODY_CHARS {
                errors.add(
                    field("sms.body"),
                    "max",
                    format!("The message may not be longer than {MAX_BODY_CHARS} characters."),
                );
            }
            n.sms.body = body.trim().to_string();
        }
        match number.as_deref().map(str::trim) {
            None => {}
            Some("") => n.sms.number.clear(),
            Some(given) => match e164(given) {
                Some(number) => n.sms.number = number,
                None => errors.add(
                    field("sms.number"),
                    "phone",
                    "Please provide a valid phone number with its country code, such as +49 30 1234567.",
                ),
            },
        }
        if let Some(times) = checked_times(key, times, &field("sms.times"), errors) {
            n.sms.times = Some(times);
        }
        let host_side = kind(key).is_some_and(|k| k.audience == Audience::Host);
        n.is_host = host_side;
        if n.enabled && n.sms.body.is_empty() {
            errors.add(
                field("sms.body"),
                "required",
                "The message is required when the notification is enabled.",
            );
        }
        if n.enabled
            && host_side
            && n.sms.number.is_empty()
            && !errors.contains(&field("sms.number"))
        {
            errors.add(
                field("sms.number"),
                "required",
                "A phone number is required for messages to the host.",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_checked_and_written_in_e164() {
        assert_eq!(e164("+49 30 1234567").as_deref(), Some("+49301234567"));
        assert_eq!(e164("+1 (415) 555-2671").as_deref(), Some("+14155552671"));
        for bad in ["030 1234567", "+49 1", "call me", "", "+999 123"] {
            assert_eq!(e164(bad), None, "{bad}");
        }
    }
}
