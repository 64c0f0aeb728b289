//! `…/events/{event_id}/email-notifications`: an event's email texts (which of them a
//! booking's change sends is [`crate::service::bookings::notify`]'s business).

use crate::model::answer::MessageAnswer;
use serde_json::json;

use crate::domain::validation::FieldErrors;
use crate::domain::values::is_valid_email;
use crate::model::notifications::{
    Audience, EmailNotificationsAnswer, Notification, Notifications, NotificationsCloned,
    ReminderTime, defaults, kind,
};
use crate::service::events::admin::load_managed_event;
use crate::service::support::checks::set_if_sent;
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::{Ex, events};

/// Where an event keeps its notifications (`event_meta`).
pub const META_KEY: &str = "email_notifications";
/// Reminder times per notification, and how far before the meeting one may be.
pub const MAX_REMINDER_TIMES: usize = 5;
pub const MAX_REMINDER_SECONDS: i64 = 60 * 86_400;

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

/// `POST …/email-notifications`: the notifications posted replace the stored ones; nothing is
/// saved when any is invalid.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    posted: Posted<EmailChange>,
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
    store(tx.ex(), ev.id, &all).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Notifications has been saved"))
}

/// The posted changes of an event's notifications, by key (keys the event does not have are
/// left out), and what the way in could not read, refused together with the rest.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Posted<C> {
    pub changes: Vec<(String, C)>,
    pub unreadable: FieldErrors,
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
    pub(crate) fn apply(self, title: &mut String, enabled: &mut bool) {
        set_if_sent(title, self.title);
        set_if_sent(enabled, self.enabled);
    }
}

/// One posted email notification, read once: the fields sent (`None`: keep the stored one).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EmailChange {
    pub heading: Heading,
    /// Made one line.
    pub subject: Option<String>,
    /// HTML, sanitised.
    pub body: Option<String>,
    /// Up to 10 addresses separated by commas.
    pub additional_recipients: Option<String>,
    /// Only for a reminder (ignored for the others).
    pub times: Option<Vec<ReminderTime>>,
}

impl EmailChange {
    /// Checks the values and changes notification `key`, then checks what spans both: an
    /// enabled email needs a subject. Errors are named `notifications.{key}.email.…`.
    pub fn apply(self, key: &str, n: &mut Notification, errors: &mut FieldErrors) {
        let EmailChange {
            heading,
            subject,
            body,
            additional_recipients,
            times,
        } = self;
        let field = |name: &str| format!("notifications.{key}.email.{name}");
        heading.apply(&mut n.title, &mut n.enabled);
        let subject = subject.map(|subject| subject.replace(['\r', '\n'], " ").trim().to_string());
        set_if_sent(&mut n.email.subject, subject);
        set_if_sent(&mut n.email.body, body.as_deref().map(clean_html));
        if let Some(given) = additional_recipients {
            match recipients(&given) {
                Some(list) => n.email.additional_recipients = list,
                None => errors.add(field("additional_recipients"), "email", RECIPIENTS_RULE),
            }
        }
        if let Some(times) = checked_times(key, times, &field("times"), errors) {
            n.email.times = Some(times);
        }
        if n.enabled && n.email.subject.is_empty() {
            errors.add(
                field("subject"),
                "required",
                "The email subject is required when the notification is enabled.",
            );
        }
        n.is_host = kind(key).is_some_and(|k| k.audience == Audience::Host);
    }
}

/// What additional recipients must be.
pub const RECIPIENTS_RULE: &str =
    "Additional recipients must be up to 10 valid email addresses, separated by commas.";

/// What reminder times must be.
pub const TIMES_RULE: &str = "Reminder times must be 1 to 5 items of {unit: minutes|hours|days, value} with a positive value, at most 60 days.";

/// Additional recipients (`a@x, b@y`): at most 10 valid addresses, written `", "`-separated;
/// `None` when any is not an address.
fn recipients(list: &str) -> Option<String> {
    let addresses: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .collect();
    (addresses.iter().all(|a| is_valid_email(a)) && addresses.len() <= 10)
        .then(|| addresses.join(", "))
}

/// A reminder's times (`None` for a notification that is no reminder, or none given): 1 to
/// 5, each positive and at most 60 days ahead.
pub fn checked_times(
    key: &str,
    times: Option<Vec<ReminderTime>>,
    field: &str,
    errors: &mut FieldErrors,
) -> Option<Vec<ReminderTime>> {
    let times = times.filter(|_| kind(key).is_some_and(|k| k.reminder))?;
    let valid = !times.is_empty()
        && times.len() <= MAX_REMINDER_TIMES
        && times
            .iter()
            .all(|t| t.value > 0 && t.seconds() <= MAX_REMINDER_SECONDS);
    if !valid {
        errors.add(field, "times", TIMES_RULE);
        return None;
    }
    Some(times)
}

/// The event whose notifications `.../email-notifications/clone` copies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SourceEvent(pub i64);

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
