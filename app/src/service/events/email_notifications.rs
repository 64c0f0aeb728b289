//! `…/events/{event_id}/email-notifications`: an event's email texts (which of them a
//! booking's change sends is [`crate::service::bookings::notify`]'s business).

use crate::model::answer::MessageAnswer;
use serde_json::{Map, Value, json};

use crate::domain::validation::FieldErrors;
use crate::domain::values::is_valid_email as is_email;
use crate::model::notifications::{
    Audience, EmailNotificationsAnswer, Notification, Notifications, NotificationsCloned,
    ReminderTime, defaults, kind,
};
use crate::service::events::admin::load_managed_event;
use crate::service::support::input::set_if_sent;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{Ex, events};

/// Where an event keeps its notifications (`event_meta`).
pub const META_KEY: &str = "email_notifications";
/// Reminder times per notification, and how far before the meeting one may be.
const MAX_REMINDER_TIMES: usize = 5;
const MAX_REMINDER_SECONDS: i64 = 60 * 86_400;

/// The stored notifications of an event, every key present (missing ones take the defaults).
pub async fn load(ex: Ex<'_>, event_id: i64) -> ServiceResult<Notifications> {
    let stored = events::meta(ex, event_id, META_KEY).await?;
    Ok(merged(stored.as_deref()))
}

/// The stored document (if any) over the defaults.
pub(crate) fn merged(stored: Option<&str>) -> Notifications {
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

/// `GET …/email-notifications`: `{notifications, smart_codes}`.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<EmailNotificationsAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    Ok(EmailNotificationsAnswer {
        notifications: load(conn.ex(), ev.id).await?,
        smart_codes: crate::domain::smart_codes::catalogue(),
    })
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
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut errors = FieldErrors::new();
    let changes = read_posted(body, &defaults(), EmailChange::read, &mut errors)?;
    let mut all = load(tx.ex(), ev.id).await?;
    for (key, change) in changes {
        if let Some(n) = all.get_mut(&key) {
            change.apply(&key, n, &mut errors);
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    store(tx.ex(), ev.id, &all).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Notifications has been saved"))
}

/// Reads a posted `{notifications: {key: {…}}}` once: the change of each key `known` holds,
/// with `read`. Every value must be an object, but the contents of unknown keys are ignored.
/// Field errors go to `errors`; a body without `notifications` is refused at once.
pub(crate) fn read_posted<C, N>(
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

/// A notification's title as posted: one line of at most 200 characters.
pub(crate) fn one_line_title(title: &str) -> String {
    title
        .replace(['\r', '\n'], " ")
        .trim()
        .chars()
        .take(200)
        .collect()
}

async fn store(ex: Ex<'_>, event_id: i64, all: &Notifications) -> ServiceResult<()> {
    events::put_meta(ex, event_id, META_KEY, &json!(all).to_string()).await?;
    Ok(())
}

/// What any posted notification may change besides its message: its title and its switch.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Heading {
    /// One line.
    pub title: Option<String>,
    pub enabled: Option<bool>,
}

impl Heading {
    pub(crate) fn read(key: &str, object: &Map<String, Value>, errors: &mut FieldErrors) -> Self {
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

    pub(crate) fn apply(self, title: &mut String, enabled: &mut bool) {
        set_if_sent(title, self.title);
        set_if_sent(enabled, self.enabled);
    }
}

/// One posted email notification, read once: the fields sent (`None`: keep the stored one).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EmailChange {
    pub heading: Heading,
    /// One line.
    pub subject: Option<String>,
    /// Sanitised HTML.
    pub body: Option<String>,
    /// Up to 10 addresses, `", "`-separated.
    pub additional_recipients: Option<String>,
    /// Only for a reminder.
    pub times: Option<Vec<ReminderTime>>,
}

impl EmailChange {
    /// Reads notification `key`'s posted object; each bad field is named in `errors`.
    pub fn read(key: &str, object: &Map<String, Value>, errors: &mut FieldErrors) -> EmailChange {
        let field = |name: &str| format!("notifications.{key}.{name}");
        let mut change = EmailChange {
            heading: Heading::read(key, object, errors),
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
        change.subject = email
            .get("subject")
            .and_then(Value::as_str)
            .map(|subject| subject.replace(['\r', '\n'], " ").trim().to_string());
        change.body = email.get("body").and_then(Value::as_str).map(clean_html);
        match email.get("additional_recipients") {
            None | Some(Value::Null) => {}
            Some(v) => {
                change.additional_recipients = recipients(v);
                if change.additional_recipients.is_none() {
                    errors.add(
                        field("email.additional_recipients"),
                        "email",
                        "Additional recipients must be up to 10 valid email addresses, separated by commas.",
                    );
                }
            }
        }
        change.times = email
            .get("times")
            .and_then(|times| parse_times(key, times, &field("email.times"), errors));
        change
    }

    /// Changes notification `key`, then checks it: an enabled email needs a subject.
    pub fn apply(self, key: &str, n: &mut Notification, errors: &mut FieldErrors) {
        let EmailChange {
            heading,
            subject,
            body,
            additional_recipients,
            times,
        } = self;
        heading.apply(&mut n.title, &mut n.enabled);
        set_if_sent(&mut n.email.subject, subject);
        set_if_sent(&mut n.email.body, body);
        set_if_sent(&mut n.email.additional_recipients, additional_recipients);
        if times.is_some() {
            n.email.times = times;
        }
        if n.enabled && n.email.subject.is_empty() {
            errors.add(
                format!("notifications.{key}.email.subject"),
                "required",
                "The email subject is required when the notification is enabled.",
            );
        }
        n.is_host = kind(key).is_some_and(|k| k.audience == Audience::Host);
    }
}

/// Additional recipients as text (`a@x, b@y`) or a list: at most 10 valid addresses, written
/// `", "`-separated; `None` when any is not an address.
fn recipients(given: &Value) -> Option<String> {
    let list = match given {
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(","),
        _ => return None,
    };
    let addresses: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect();
    (addresses.iter().all(|a| is_email(a)) && addresses.len() <= 10).then(|| addresses.join(", "))
}

/// Reminder times of notification `key` (ignored, `None`, for a key that is no reminder).
pub(crate) fn parse_times(
    key: &str,
    value: &Value,
    field: &str,
    errors: &mut FieldErrors,
) -> Option<Vec<ReminderTime>> {
    if !kind(key).is_some_and(|k| k.reminder) {
        return None;
    }
    match serde_json::from_value::<Vec<ReminderTime>>(value.clone()) {
        Ok(list)
            if !list.is_empty()
                && list.len() <= MAX_REMINDER_TIMES
                && list
                    .iter()
                    .all(|t| t.value > 0 && t.seconds() <= MAX_REMINDER_SECONDS) =>
        {
            Some(list)
        }
        _ => {
            errors.add(
                field,
                "times",
                "Reminder times must be 1 to 5 items of {unit: minutes|hours|days, value} with a positive value, at most 60 days.",
            );
            None
        }
    }
}

pub(crate) fn truthy(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) if matches!(s.as_str(), "true" | "yes" | "1") => Some(true),
        Value::String(s) if matches!(s.as_str(), "false" | "no" | "0" | "") => Some(false),
        Value::Number(n) => n.as_i64().map(|n| n != 0),
        _ => None,
    }
}

/// The event whose notifications `.../email-notifications/clone` copies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SourceEvent(pub i64);

impl SourceEvent {
    /// Reads `{from_event_id}` (a number, or digits as text).
    pub fn parse(body: &Value) -> ServiceResult<SourceEvent> {
        crate::service::support::input::clean_text(body)?;
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
}

/// `POST …/email-notifications/clone` with `{from_event_id}`: copies another event's
/// notifications (one the caller may manage) over this one's.
pub async fn clone_from(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    from: SourceEvent,
) -> ServiceResult<NotificationsCloned> {
    let SourceEvent(from) = from;
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let source = events::find(tx.ex(), from)
        .await?
        .ok_or(ServiceError::NotFound)?;
    // The source must be an event the caller may manage too.
    load_managed_event(tx.ex(), caller, source.calendar_id, source.id).await?;
    let copied = load(tx.ex(), source.id).await?;
    store(tx.ex(), ev.id, &copied).await?;
    tx.commit().await?;
    Ok(NotificationsCloned {
        message: "The Notification has been cloned successfully".into(),
        notifications: copied,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
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
        EmailChange::read(key, &object, &mut errors).apply(key, n, &mut errors);
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
}
