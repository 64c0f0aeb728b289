//! `…/events/{event_id}/sms-notifications`: an event's text messages, the same keys as its
//! emails. Numbers are checked and written in E.164 form (`+493012345678`).

use crate::model::answer::MessageAnswer;
use serde_json::{Value, json};

use crate::domain::validation::FieldErrors;
use crate::model::notifications::{
    Audience, SmsNotification, SmsNotifications, SmsNotificationsAnswer, kind, sms_defaults,
};
use crate::service::events::admin::load_managed_event;
use crate::service::events::email_notifications::{
    apply_posted, one_line_title, parse_times, truthy,
};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::booking_fields::FieldRow;
use crate::store::bookings::BookingRow;
use crate::store::{Ex, events};

/// Where an event keeps its SMS notifications (`event_meta`).
pub const META_KEY: &str = "sms_notifications";
/// Longest accepted message text (before smart codes are filled in).
const MAX_BODY_CHARS: usize = 1000;

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
        smart_codes: crate::service::events::email_notifications::smart_codes(),
    })
}

/// `POST …/sms-notifications` with `{notifications: {key: {title?, enabled?, sms?: {send_to?,
/// number?, body?, times?}}}}`: the keys given replace the stored ones; nothing is saved when
/// any is invalid.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut all = load(tx.ex(), ev.id).await?;
    apply_posted(body, &mut all, parse_one)?;
    events::put_meta(tx.ex(), ev.id, META_KEY, &json!(all).to_string()).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Notifications has been saved"))
}

fn parse_one(
    key: &str,
    value: &Value,
    mut n: SmsNotification,
    errors: &mut FieldErrors,
) -> SmsNotification {
    let field = |name: &str| format!("notifications.{key}.{name}");
    if let Some(title) = value.get("title").and_then(Value::as_str) {
        n.title = one_line_title(title);
    }
    if let Some(v) = value.get("enabled") {
        match truthy(v) {
            Some(on) => n.enabled = on,
            None => errors.add(
                field("enabled"),
                "boolean",
                "The enabled field must be true or false.",
            ),
        }
    }
    if let Some(sms) = value.get("sms") {
        if let Some(send_to) = sms.get("send_to").and_then(Value::as_str) {
            if send_to == "phone" {
                n.sms.send_to = send_to.into();
            } else {
                errors.add(
                    field("sms.send_to"),
                    "in",
                    "Messages can be sent as SMS (phone) only.",
                );
            }
        }
        if let Some(body) = sms.get("body").and_then(Value::as_str) {
            if body.chars().count() > MAX_BODY_CHARS {
                errors.add(
                    field("sms.body"),
                    "max",
                    format!("The message may not be longer than {MAX_BODY_CHARS} characters."),
                );
            }
            n.sms.body = body.trim().to_string();
        }
        if let Some(number) = sms.get("number").and_then(Value::as_str) {
            if number.trim().is_empty() {
                n.sms.number = String::new();
            } else {
                match e164(number) {
                    Some(valid) => n.sms.number = valid,
                    None => errors.add(
                        field("sms.number"),
                        "phone",
                        "Please provide a valid phone number with its country code, such as +49 30 1234567.",
                    ),
                }
            }
        }
        if let Some(times) = sms.get("times")
            && let Some(list) = parse_times(key, times, &field("sms.times"), errors)
        {
            n.sms.times = Some(list);
        }
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
    if n.enabled && host_side && n.sms.number.is_empty() && !errors.contains(&field("sms.number")) {
        errors.add(
            field("sms.number"),
            "required",
            "A phone number is required for messages to the host.",
        );
    }
    n
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

    #[test]
    fn host_texts_need_a_number_and_attendee_texts_do_not() {
        let defaults = sms_defaults();
        let mut errors = FieldErrors::new();
        parse_one(
            "booking_conf_host",
            &json!({"enabled": true}),
            defaults["booking_conf_host"].clone(),
            &mut errors,
        );
        assert!(errors.contains("notifications.booking_conf_host.sms.number"));
        let mut errors = FieldErrors::new();
        let n = parse_one(
            "booking_conf_host",
            &json!({"enabled": true, "sms": {"number": "+44 20 7946 0958"}}),
            defaults["booking_conf_host"].clone(),
            &mut errors,
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(n.sms.number, "+442079460958");
        let mut errors = FieldErrors::new();
        parse_one(
            "booking_conf_attendee",
            &json!({"enabled": true, "sms": {"send_to": "whatsapp"}}),
            defaults["booking_conf_attendee"].clone(),
            &mut errors,
        );
        assert!(errors.contains("notifications.booking_conf_attendee.sms.send_to"));
    }
}
