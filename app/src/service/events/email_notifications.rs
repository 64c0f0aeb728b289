//! `…/events/{event_id}/email-notifications`: an event's email texts (which of them a
//! booking's change sends is [`crate::service::bookings::notify`]'s business).

use crate::model::answer::MessageAnswer;
use serde_json::json;

use crate::domain::validation::FieldErrors;
use crate::model::notifications::{
    Audience, EmailNotificationsAnswer, Notification, Notifications, NotificationsCloned,
    ReminderTime, defaults, kind,
};
use crate::service::events::admin::load_managed_event;
use crate::service::support::checks::set_if_sent;
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

/// `POST …/email-notifications`: the notifications posted (read by `read` once access is
/// granted) replace the stored ones; nothing is saved when any is invalid.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    read: impl FnOnce() -> ServiceResult<Posted<EmailChange>>,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let Posted {
        changes,
        unreadable: mut errors,
    } = read()?;
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
