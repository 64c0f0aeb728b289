//! The bodies of an event's email and text-message notifications.

use serde_json::{Map, Value};

use crate::domain::validation::FieldErrors;
use crate::input::fields::clean_text;
use crate::model::notifications::{ReminderTime, defaults, kind, sms_defaults};
use crate::service::events::email_notifications::{
    EmailChange, Heading, Posted, RECIPIENTS_RULE, SourceEvent, TIMES_RULE, one_line_title,
};
use crate::service::events::sms_notifications::SmsChange;
use crate::service::{ServiceError, ServiceResult};

/// Reads `POST …/email-notifications`' `{notifications: {key: {title, enabled, email: {subject,
/// body, additional_recipients?, times?}, is_host}}}`; bodies are sanitised.
pub fn email_notifications(body: &Value) -> ServiceResult<Posted<EmailChange>> {
    posted(body, &defaults(), email_change)
}

/// Reads `POST …/sms-notifications`' `{notifications: {key: {title?, enabled?, sms?: {send_to?,
/// number?, body?, times?}}}}`.
pub fn sms_notifications(body: &Value) -> ServiceResult<Posted<SmsChange>> {
    posted(body, &sms_defaults(), sms_change)
}

/// The changes of the notifications `known` holds, with what could not be read.
fn posted<C, N>(
    body: &Value,
    known: &std::collections::BTreeMap<String, N>,
    read: impl Fn(&str, &Map<String, Value>, &mut FieldErrors) -> C,
) -> ServiceResult<Posted<C>> {
    let mut unreadable = FieldErrors::new();
    let changes = read_posted(body, known, read, &mut unreadable)?;
    Ok(Posted {
        changes,
        unreadable,
    })
}

/// Reads a posted `{notifications: {key: {…}}}` once: the change of each key `known` holds,
/// with `read`. Every value must be an object, but the contents of unknown keys are ignored.
/// Field errors go to `errors`; a body without `notifications` is refused at once.
fn read_posted<C, N>(
    body: &Value,
    known: &std::collections::BTreeMap<String, N>,
    read: impl Fn(&str, &Map<String, Value>, &mut FieldErrors) -> C,
    errors: &mut FieldErrors,
) -> ServiceResult<Vec<(String, C)>> {
    let given = body
        .get("notifications")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            ServiceError::field(
                "notifications",
                "required",
                "The notifications field is required.",
            )
        })?;
    let mut changes = Vec::new();
    for (key, value) in given {
        let Some(object) = value.as_object() else {
            errors.add(
                format!("notifications.{key}"),
                "object",
                "Each notification must be an object.",
            );
            continue;
        };
        if known.contains_key(key) {
            changes.push((key.clone(), read(key, object, errors)));
        }
    }
    Ok(changes)
}

/// The title and switch any posted notification may change.
pub fn heading(key: &str, object: &Map<String, Value>, errors: &mut FieldErrors) -> Heading {
    let enabled = object.get("enabled").map(truthy);
    if let Some(None) = enabled {
        errors.add(
            format!("notifications.{key}.enabled"),
            "boolean",
            "The enabled field must be true or false.",
        );
    }
    Heading {
        title: object
            .get("title")
            .and_then(Value::as_str)
            .map(one_line_title),
        enabled: enabled.flatten(),
    }
}

/// Reads notification `key`'s posted object; each bad field is named in `errors`.
pub fn email_change(
    key: &str,
    object: &Map<String, Value>,
    errors: &mut FieldErrors,
) -> EmailChange {
    let field = |name: &str| format!("notifications.{key}.{name}");
    let mut change = EmailChange {
        heading: heading(key, object, errors),
        ..EmailChange::default()
    };
    let Some(email) = object.get("email") else {
        return change;
    };
    let Some(email) = email.as_object() else {
        errors.add(
            field("email"),
            "object",
            "The email field must be an object.",
        );
        return change;
    };
    let text = |key: &str| email.get(key).and_then(Value::as_str).map(str::to_string);
    change.subject = text("subject");
    change.body = text("body");
    match email.get("additional_recipients") {
        None | Some(Value::Null) => {}
        Some(Value::String(list)) => change.additional_recipients = Some(list.clone()),
        Some(Value::Array(items)) => {
            let list: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            change.additional_recipients = Some(list.join(","));
        }
        Some(_) => errors.add(
            field("email.additional_recipients"),
            "email",
            RECIPIENTS_RULE,
        ),
    }
    change.times = email
        .get("times")
        .and_then(|times| reminder_times(key, times, &field("email.times"), errors));
    change
}

/// Reads notification `key`'s posted object; each bad field is named in `errors`.
pub fn sms_change(key: &str, object: &Map<String, Value>, errors: &mut FieldErrors) -> SmsChange {
    let field = |name: &str| format!("notifications.{key}.{name}");
    let mut change = SmsChange {
        heading: heading(key, object, errors),
        ..SmsChange::default()
    };
    let Some(sms) = object.get("sms") else {
        return change;
    };
    let text = |name: &str| sms.get(name).and_then(Value::as_str).map(str::to_string);
    change.send_to = text("send_to");
    change.body = text("body");
    change.number = text("number");
    change.times = sms
        .get("times")
        .and_then(|times| reminder_times(key, times, &field("sms.times"), errors));
    change
}

/// Reminder times as given, when notification `key` is a reminder (else ignored); their
/// rules are [`checked_times`]'s.
fn reminder_times(
    key: &str,
    value: &Value,
    field: &str,
    errors: &mut FieldErrors,
) -> Option<Vec<ReminderTime>> {
    if !kind(key).is_some_and(|k| k.reminder) {
        return None;
    }
    serde_json::from_value::<Vec<ReminderTime>>(value.clone())
        .map_err(|_| errors.add(field, "times", TIMES_RULE))
        .ok()
}

pub fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) if matches!(s.as_str(), "true" | "yes" | "1") => Some(true),
        Value::String(s) if matches!(s.as_str(), "false" | "no" | "0" | "") => Some(false),
        Value::Number(n) => n.as_i64().map(|n| n != 0),
        _ => None,
    }
}

/// Reads `POST …/email-notifications/clone`'s `{from_event_id}` (a number, or digits as text).
pub fn source_event(body: &Value) -> ServiceResult<SourceEvent> {
    clean_text(body)?;
    body.get("from_event_id")
        .and_then(|v| {
            v.as_i64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        })
        .map(SourceEvent)
        .ok_or_else(|| {
            ServiceError::field(
                "from_event_id",
                "required",
                "The from event id field is required.",
            )
        })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::model::notifications::Notification;
    use crate::model::notifications::default_notification;

    #[test]
    fn every_posted_notification_must_be_an_object_known_or_not() {
        let mut known = std::collections::BTreeMap::new();
        known.insert("reminder_to_host".to_string(), ());
        let read = |key: &str, _: &Map<String, Value>, _: &mut FieldErrors| key.to_string();
        let posted = json!({"notifications": {
            "reminder_to_host": 5, "somebody_else": 1.5, "unknown": {"enabled": true}}});
        let mut errors = FieldErrors::new();
        let changes = read_posted(&posted, &known, read, &mut errors);
        assert_eq!(changes.ok(), Some(vec![]), "no object under a known key");
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(
            fields,
            vec![
                "notifications.reminder_to_host",
                "notifications.somebody_else"
            ]
        );
        let posted = json!({"notifications": {"reminder_to_host": {}, "unknown": {}}});
        let mut errors = FieldErrors::new();
        let changes = read_posted(&posted, &known, read, &mut errors);
        assert!(errors.is_empty());
        assert_eq!(
            changes.ok(),
            Some(vec![(
                "reminder_to_host".to_string(),
                "reminder_to_host".to_string()
            )]),
            "the known key was read, the unknown one ignored"
        );
        let missing = read_posted(&json!({}), &known, read, &mut FieldErrors::new());
        assert!(matches!(missing, Err(ServiceError::Validation { .. })));
    }

    /// `change` read from `posted` and applied over `n`, with every error named.
    fn posted(key: &str, posted: Value, n: &mut Notification) -> FieldErrors {
        let mut errors = FieldErrors::new();
        let object = posted.as_object().cloned().unwrap_or_default();
        email_change(key, &object, &mut errors).apply(key, n, &mut errors);
        errors
    }

    #[test]
    fn a_posted_notification_is_validated_and_sanitised() {
        let key = "reminder_to_attendee";
        let current = default_notification(kind(key).expect("kind"));
        let mut n = current.clone();
        let errors = posted(
            key,
            json!({"enabled": true, "email": {"subject": "Soon", "body": "<p>Hi</p><script>x()</script>",
                "additional_recipients": "a@example.com, b@example.com", "times": [{"unit": "hours", "value": 2}]}}),
            &mut n,
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(n.email.body, "<p>Hi</p>");
        assert_eq!(
            n.email.additional_recipients,
            "a@example.com, b@example.com"
        );
        assert_eq!(n.email.times.as_ref().map(Vec::len), Some(1));
        assert_eq!(n.title, current.title, "a field not sent keeps its value");
        for bad in [
            json!({"email": {"times": [{"unit": "weeks", "value": 1}]}}),
            json!({"email": {"times": [{"unit": "hours", "value": 0}]}}),
            json!({"email": {"additional_recipients": "not-an-address"}}),
            json!({"email": {"additional_recipients": 5}}),
            json!({"enabled": true, "email": {"subject": ""}}),
            json!({"enabled": "maybe"}),
            json!({"email": "text"}),
        ] {
            assert!(
                !posted(key, bad.clone(), &mut current.clone()).is_empty(),
                "{bad}"
            );
        }
    }

    /// `posted` read and applied over notification `key`'s default, with every error named.
    fn sms_posted(
        key: &str,
        posted: Value,
    ) -> (crate::model::notifications::SmsNotification, FieldErrors) {
        let mut n = sms_defaults()[key].clone();
        let mut errors = FieldErrors::new();
        let object = posted.as_object().cloned().unwrap_or_default();
        sms_change(key, &object, &mut errors).apply(key, &mut n, &mut errors);
        (n, errors)
    }

    #[test]
    fn host_texts_need_a_number_and_attendee_texts_do_not() {
        let (_, errors) = sms_posted("booking_conf_host", json!({"enabled": true}));
        assert!(errors.contains("notifications.booking_conf_host.sms.number"));
        let (n, errors) = sms_posted(
            "booking_conf_host",
            json!({"enabled": true, "sms": {"number": "+44 20 7946 0958"}}),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(n.sms.number, "+442079460958");
        let (_, errors) = sms_posted(
            "booking_conf_attendee",
            json!({"enabled": true, "sms": {"send_to": "whatsapp"}}),
        );
        assert!(errors.contains("notifications.booking_conf_attendee.sms.send_to"));
        let (n, errors) = sms_posted("booking_conf_attendee", json!({"sms": {"number": "12"}}));
        assert!(errors.contains("notifications.booking_conf_attendee.sms.number"));
        assert_eq!(
            n.sms.number,
            sms_defaults()["booking_conf_attendee"].sms.number,
            "a refused number changes nothing"
        );
    }
}
