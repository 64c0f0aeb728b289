//! The outbox's bookkeeping for the delivery workers (`src/jobs`), each step in its own
//! transaction: claim due items, read a claimed item's message, load what a booking message
//! or a webhook needs, and record the outcome (done, again later, failed) with the booking's
//! activity entry. The workers only move bytes (SMTP, the SMS gateway, HTTP).

use crate::domain::language::Lang;
use crate::model::notifications::{Notification, SmsNotification};
use crate::service::bookings::notify;
use crate::service::events::integrations::WebhookSettings;
use crate::service::notifications::EmailFacts;
use crate::service::outbox::{Message, Notice, REMINDER, WebhookDelivery};
use crate::service::slots::LoadedEvent;
use crate::service::{Ctx, ServiceError, ServiceResult};
use crate::store::booking_fields::FieldRow;
use crate::store::bookings::{self, BookingRow, NewActivity};
use crate::store::events::EventRow;
use crate::store::integrations::{self, IntegrationRow};
use crate::store::outbox;
pub use crate::store::outbox::{Lane, OutboxRow};
use crate::store::users::{self, UserRow};

/// When a failed item is tried again: `first` seconds after the first attempt, doubling up to
/// `cap`, for `lasting` seconds from when it was queued; then it is failed for good.
#[derive(Debug, Clone, Copy)]
pub struct Backoff {
    pub first: i64,
    pub cap: i64,
    pub lasting: i64,
}

impl Backoff {
    /// Emails, texts and calendar writes: 30 s doubling to half an hour, for three days.
    pub const MESSAGES: Backoff = Backoff {
        first: 30,
        cap: 1800,
        lasting: 3 * 86_400,
    };
    /// Webhooks: 30 s doubling to an hour, for a day from the trigger.
    pub const WEBHOOKS: Backoff = Backoff {
        first: 30,
        cap: 3600,
        lasting: 86_400,
    };

    /// The next try of `item` failing at `now`, or `None` when its time is up.
    pub fn next(self, item: &OutboxRow, now: i64) -> Option<i64> {
        let wait = (self.first << (item.attempts - 1).clamp(0, 16)).min(self.cap);
        (now + wait - item.created_at < self.lasting).then_some(now + wait)
    }
}

/// Claims up to `limit` items of `lane` that are due, each for `lease` seconds.
#[tracing::instrument(skip_all, fields(limit))]
pub async fn claim(
    ctx: &Ctx,
    lane: Lane<'_>,
    limit: i64,
    lease: i64,
) -> ServiceResult<Vec<OutboxRow>> {
    let mut tx = ctx.store.begin().await?;
    let items = outbox::claim(&mut tx, lane, limit, lease, ctx.clock.now()).await?;
    tx.commit().await?;
    Ok(items)
}

/// The item's message, or `None` once an item that does not hold one of its lane's messages
/// is marked failed (it never will).
pub async fn read_message(ctx: &Ctx, item: &OutboxRow) -> ServiceResult<Option<Message>> {
    match Message::parse(&item.kind, &item.payload) {
        Ok(message) => Ok(Some(message)),
        Err(error) => {
            tracing::warn!(outbox_id = item.id, %error, "unreadable outbox item");
            fail_or_retry(ctx, item.id, &item.kind, &error.to_string(), None).await?;
            Ok(None)
        }
    }
}

/// The item went out.
pub async fn complete(ctx: &Ctx, id: i64) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    outbox::complete(conn.ex(), id).await?;
    Ok(())
}

/// The item (of `kind`) failed with `error`: tried again at `again`, or failed for good when
/// `None`.
pub async fn fail_or_retry(
    ctx: &Ctx,
    id: i64,
    kind: &str,
    error: &str,
    again: Option<i64>,
) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    outbox::retry_or_fail(conn.ex(), id, error, again).await?;
    ctx.metrics.delivery_failed(kind);
    Ok(())
}

/// A booking message about to go out: what rendering it needs, loaded once.
pub struct Prepared {
    /// The notification's key.
    pub key: &'static str,
    pub booking: BookingRow,
    pub loaded: LoadedEvent,
    pub host: Option<UserRow>,
    pub meta: Vec<(String, String)>,
    pub reminder: bool,
    /// A series member's occurrences, in start order (empty otherwise).
    pub series: Vec<BookingRow>,
}

impl Prepared {
    /// What the smart codes of the message read.
    pub fn facts<'a>(&'a self, ctx: &'a Ctx) -> EmailFacts<'a> {
        EmailFacts {
            booking: &self.booking,
            host: self.host.as_ref(),
            event: &self.loaded,
            meta: &self.meta,
            public_url: &ctx.public_url,
            series: &self.series,
            // Each message is written in its recipient's language (`render`, `sms_text`).
            lang: crate::domain::language::Lang::En,
        }
    }

    /// The event's email notification of this message as it is now; `None` when there is
    /// none, or it is a reminder switched off after it was planned.
    pub async fn email_notification(&self, ctx: &Ctx) -> ServiceResult<Option<Notification>> {
        let mut conn = ctx.store.conn().await?;
        let all =
            crate::service::events::email_notifications::load(conn.ex(), self.booking.event_id)
                .await?;
        Ok(all
            .get(self.key)
            .filter(|n| n.enabled || !self.reminder)
            .cloned())
    }

    /// The event's SMS notification of this message as it is now (as
    /// [`Prepared::email_notification`]), with the booking form as the attendee answered it
    /// (which holds the attendee's number).
    pub async fn sms_notification(
        &self,
        ctx: &Ctx,
    ) -> ServiceResult<Option<(SmsNotification, Vec<FieldRow>)>> {
        let mut conn = ctx.store.conn().await?;
        let all = crate::service::events::sms_notifications::load(conn.ex(), self.booking.event_id)
            .await?;
        let Some(notification) = all.get(self.key).filter(|n| n.enabled || !self.reminder) else {
            return Ok(None);
        };
        let stored = crate::store::booking_fields::list(conn.ex(), self.booking.event_id).await?;
        let fields =
            crate::service::events::booking_fields::effective_fields(self.loaded.event(), stored);
        Ok(Some((notification.clone(), fields)))
    }
}

/// The settings page's test email to `to`, from the site's sender settings.
pub async fn test_email(
    ctx: &Ctx,
    to: &str,
) -> ServiceResult<crate::service::notifications::Email> {
    let mut conn = ctx.store.conn().await?;
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(conn.ex(), crate::model::settings::GENERAL).await?;
    Ok(crate::service::notifications::test_email(
        &general.emailing,
        to,
    ))
}

/// An instant in a visitor's zone as its email writes it: "Monday, December 14, 2026, 14:00
/// (CET)" in English, the language's CLDR date and clock elsewhere ("Montag, 14. Dezember
/// 2026, 14:00 (CET)").
fn moment_in(lang: Lang, at: i64, zone: chrono_tz::Tz) -> String {
    let Some(local) = chrono::DateTime::from_timestamp(at, 0).map(|t| t.with_timezone(&zone))
    else {
        return String::new();
    };
    if lang == Lang::En {
        return local.format("%A, %B %-d, %Y, %H:%M (%Z)").to_string();
    }
    let dates = crate::texts::cldr::Dates::new(lang, crate::texts::cldr::default_h12(lang, false));
    let naive = local.naive_local();
    format!(
        "{}, {} ({})",
        dates.full_date(naive.date()),
        dates.clock(naive.time()),
        local.format("%Z")
    )
}

/// The email of a [`crate::service::outbox::BookingLink`]: `None` when the booking is gone or
/// no longer has that address (the item is then completed).
pub async fn booking_link_email(
    ctx: &Ctx,
    link: &crate::service::outbox::BookingLink,
) -> ServiceResult<Option<crate::service::notifications::Email>> {
    let mut conn = ctx.store.conn().await?;
    let Some(booking) = bookings::find(conn.ex(), link.booking_id).await? else {
        return Ok(None);
    };
    if !booking.email.eq_ignore_ascii_case(&link.to) {
        return Ok(None);
    }
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(conn.ex(), crate::model::settings::GENERAL).await?;
    let loaded = crate::service::slots::load_event(conn.ex(), booking.event_id).await?;
    let zone = crate::domain::zone::parse_zone(&booking.person_time_zone).unwrap_or(chrono_tz::UTC);
    let lang = Lang::from_code(&booking.language).unwrap_or_default();
    let when = moment_in(lang, booking.start_time, zone);
    let url = format!("{}/booking/{}", ctx.public_url, booking.hash);
    Ok(Some(crate::service::notifications::booking_link_email(
        &general.emailing,
        (&booking.email, lang),
        &loaded.event().title,
        &when,
        &url,
    )))
}

/// The email of a [`crate::service::outbox::WaitlistMail`]: `None` when it has nothing left to
/// say (the entry is gone, an offer is no longer open, a joined entry has left).
pub async fn waitlist_email(
    ctx: &Ctx,
    mail: &crate::service::outbox::WaitlistMail,
) -> ServiceResult<Option<crate::service::notifications::Email>> {
    let mut conn = ctx.store.conn().await?;
    let Some(entry) = crate::store::waitlist::find(conn.ex(), mail.entry_id).await? else {
        return Ok(None);
    };
    let still = match mail.kind.as_str() {
        "offered" => entry.status == "offered",
        _ => matches!(entry.status.as_str(), "waiting" | "offered"),
    };
    if !still {
        return Ok(None);
    }
    let token = ctx
        .secrets
        .open(&mail.token_sealed)
        .map_err(|e| ServiceError::Internal(format!("waitlist entry {}: {e}", entry.id)))?;
    let general: crate::model::settings::GeneralSettings =
        crate::service::settings::site::load(conn.ex(), crate::model::settings::GENERAL).await?;
    let loaded = crate::service::slots::load_event(conn.ex(), entry.event_id).await?;
    let zone = crate::domain::zone::parse_zone(&entry.person_time_zone).unwrap_or(chrono_tz::UTC);
    let lang = Lang::from_code(&entry.language).unwrap_or_default();
    let local = |at: i64| moment_in(lang, at, zone);
    let title = &loaded.event().title;
    Ok(Some(if mail.kind == "offered" {
        crate::service::notifications::waitlist_offer_email(
            &general.emailing,
            (&entry.email, lang),
            title,
            (
                &local(entry.start_time),
                &local(entry.offer_expires_at.unwrap_or_default()),
            ),
            &format!("{}/waitlist/offer/{token}", ctx.public_url),
        )
    } else {
        crate::service::notifications::waitlist_joined_email(
            &general.emailing,
            (&entry.email, lang),
            title,
            &local(entry.start_time),
            &format!("{}/waitlist/leave/{token}", ctx.public_url),
        )
    }))
}

/// Loads what a booking message (email or SMS) needs, or completes the item and answers
/// `None` when there is nothing to send: the booking is gone, or a reminder's booking is no
/// longer scheduled or has moved since it was planned.
pub async fn prepare(
    ctx: &Ctx,
    item: &OutboxRow,
    notice: &Notice,
) -> ServiceResult<Option<Prepared>> {
    let mut conn = ctx.store.conn().await?;
    let key = notify::key_of(&notice.template, &notice.to);
    let booking = bookings::find(conn.ex(), notice.booking_id).await?;
    let (Some(key), Some(booking)) = (key, booking) else {
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(None);
    };
    let reminder = item.purpose.as_deref() == Some(REMINDER);
    if reminder && (booking.status != "scheduled" || notice.start_time != Some(booking.start_time))
    {
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(None);
    }
    let loaded = crate::service::slots::load_event(conn.ex(), booking.event_id).await?;
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    let meta = bookings::meta_of(conn.ex(), booking.id).await?;
    let series = match booking.series_id {
        Some(series) => bookings::of_series(conn.ex(), series).await?,
        None => Vec::new(),
    };
    Ok(Some(Prepared {
        key,
        booking,
        loaded,
        host,
        meta,
        reminder,
        series,
    }))
}

/// Marks an item done without sending (switched off meanwhile, nobody to send to), with an
/// optional note on the booking.
pub async fn skip(
    ctx: &Ctx,
    item: &OutboxRow,
    booking_id: i64,
    note: Option<&str>,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    outbox::complete(tx.ex(), item.id).await?;
    if let Some(note) = note {
        bookings::add_activity(tx.ex(), &activity(booking_id, "closed", "info", note, note))
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Why a message did not go out, and whether trying again is safe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendFailure {
    pub reason: String,
    /// The content was sent and its reply never came: the receiver may have it. Sending it
    /// again by itself could deliver it twice, so it is failed at once and left to the host
    /// (the booking's deliveries can send it again).
    pub may_have_arrived: bool,
}

impl SendFailure {
    /// Nothing was accepted: another attempt is safe.
    pub fn retry(reason: impl Into<String>) -> SendFailure {
        SendFailure {
            reason: reason.into(),
            may_have_arrived: false,
        }
    }

    pub fn unconfirmed(reason: impl Into<String>) -> SendFailure {
        SendFailure {
            reason: reason.into(),
            may_have_arrived: true,
        }
    }
}

impl std::fmt::Display for SendFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Puts a claimed item back, due at `at`, without counting the attempt (its recipient's
/// domain had no free sending slot).
pub async fn postpone(ctx: &Ctx, id: i64, at: i64) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    outbox::postpone(conn.ex(), id, at).await?;
    Ok(())
}

/// Keeps a claimed item from other workers until `until` (a send that may take longer than
/// the lease: another worker would otherwise send it a second time).
pub async fn extend_lease(ctx: &Ctx, id: i64, until: i64) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    outbox::extend_lease(conn.ex(), id, until).await?;
    Ok(())
}

/// How a booking message went, for [`record`].
pub struct Outcome<'a> {
    pub result: Result<(), SendFailure>,
    /// The activity entry's title and text when it went out.
    pub sent: (&'a str, &'a str),
    /// The activity entry's title when it is given up.
    pub failed: &'a str,
}

/// Records the outcome of sending a booking message: done with an activity entry, or another
/// try after a back-off ([`Backoff::MESSAGES`]); then failed, with an open activity entry (the
/// host can send it again from the booking).
#[tracing::instrument(skip_all, fields(outbox_id = item.id, booking_id))]
pub async fn record(
    ctx: &Ctx,
    item: &OutboxRow,
    booking_id: i64,
    outcome: Outcome<'_>,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    // Erased while this delivery was under way: its log names no address (DESIGN 2.11).
    let erased = bookings::is_erased(tx.ex(), booking_id).await?;
    let said = |text: &str| {
        if erased {
            String::new()
        } else {
            text.to_string()
        }
    };
    match outcome.result {
        Ok(()) => {
            outbox::complete(tx.ex(), item.id).await?;
            let (title, description) = outcome.sent;
            let description = said(description);
            let entry = activity(booking_id, "closed", "activity", title, &description);
            bookings::add_activity(tx.ex(), &entry).await?;
        }
        Err(failure) => {
            let error = &failure.reason;
            tracing::warn!(outbox_id = item.id, kind = item.kind, booking_id, %error, "delivery failed");
            let again = if failure.may_have_arrived {
                None
            } else {
                Backoff::MESSAGES.next(item, ctx.clock.now())
            };
            outbox::retry_or_fail(tx.ex(), item.id, error, again).await?;
            ctx.metrics.delivery_failed(&item.kind);
            if again.is_none() {
                let description = if failure.may_have_arrived {
                    format!(
                        "{}: {error}. It was not sent again by itself; it can be sent again from the booking's deliveries.",
                        outcome.failed
                    )
                } else {
                    format!(
                        "{} after {} attempts: {error}. It can be sent again from the booking's deliveries.",
                        outcome.failed, item.attempts
                    )
                };
                let description = said(&description);
                let entry = activity(booking_id, "open", "error", outcome.failed, &description);
                bookings::add_activity(tx.ex(), &entry).await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

fn activity<'a>(
    booking_id: i64,
    status: &'a str,
    kind: &'a str,
    title: &'a str,
    description: &'a str,
) -> NewActivity<'a> {
    NewActivity {
        booking_id,
        created_by: None,
        status,
        kind,
        title,
        description,
    }
}

/// What a webhook delivery goes out with.
pub struct WebhookTarget {
    pub feed: IntegrationRow,
    pub settings: WebhookSettings,
    pub booking: Option<BookingRow>,
    pub event: Option<EventRow>,
    pub host: Option<UserRow>,
}

/// Loads the feed, booking, event and host of a webhook delivery, or completes the item and
/// answers `None` when there is nothing left to send (the feed was deleted or switched off,
/// or an old item's booking is gone).
pub async fn webhook_target(
    ctx: &Ctx,
    item: &OutboxRow,
    delivery: &WebhookDelivery,
) -> ServiceResult<Option<WebhookTarget>> {
    let mut conn = ctx.store.conn().await?;
    let feed = integrations::find(conn.ex(), delivery.event_id, delivery.integration_id).await?;
    let booking = if delivery.test {
        None
    } else {
        bookings::find(conn.ex(), delivery.booking_id).await?
    };
    let sendable = delivery.test || booking.is_some() || delivery.body.is_some();
    let Some(feed) = feed.filter(|_| sendable) else {
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(None);
    };
    let settings = WebhookSettings::parse(&feed);
    if !settings.enabled && !delivery.test {
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(None);
    }
    let event_id = booking.as_ref().map_or(delivery.event_id, |b| b.event_id);
    let event = crate::store::events::find(conn.ex(), event_id).await?;
    let host = match &booking {
        Some(b) => users::find(conn.ex(), b.host_user_id).await?,
        None => None,
    };
    Ok(Some(WebhookTarget {
        feed,
        settings,
        booking,
        event,
        host,
    }))
}

/// One webhook attempt as it is recorded.
pub struct WebhookAttempt<'a> {
    pub trigger: &'a str,
    pub http_status: Option<u16>,
    /// The error text of a failed attempt.
    pub error: Option<String>,
    pub title: &'a str,
    pub description: &'a str,
    /// A test delivery is tried once.
    pub test: bool,
}

/// Records a webhook attempt in the feed's delivery log and the booking's activity, and
/// completes the item or schedules it again ([`Backoff::WEBHOOKS`]), in one transaction.
#[tracing::instrument(skip_all, fields(outbox_id = item.id))]
pub async fn record_webhook(
    ctx: &Ctx,
    item: &OutboxRow,
    target: &WebhookTarget,
    attempt: WebhookAttempt<'_>,
) -> ServiceResult<()> {
    let succeeded = attempt.error.is_none();
    let booking_id = target.booking.as_ref().map(|b| b.id);
    let mut tx = ctx.store.begin().await?;
    // Erased while this delivery was under way: its log keeps no detail (DESIGN 2.11).
    let erased = match item.booking_id.or(booking_id) {
        Some(id) => bookings::is_erased(tx.ex(), id).await?,
        None => false,
    };
    let description = if erased { "" } else { attempt.description };
    let logged = integrations::NewDelivery {
        integration_id: target.feed.id,
        booking_id: item.booking_id.or(booking_id),
        trigger_name: attempt.trigger,
        http_status: attempt.http_status,
        succeeded,
        detail: description,
    };
    integrations::log_delivery(tx.ex(), &logged).await?;
    if let Some(booking_id) = booking_id {
        let kind = if succeeded { "success" } else { "error" };
        let entry = activity(booking_id, "closed", kind, attempt.title, description);
        bookings::add_activity(tx.ex(), &entry).await?;
    }
    if attempt.error.is_some() {
        ctx.metrics.delivery_failed(&item.kind);
    }
    match attempt.error {
        None => outbox::complete(tx.ex(), item.id).await?,
        // A test shows its one outcome in the log; trying again would only repeat it.
        Some(error) if attempt.test => {
            outbox::retry_or_fail(tx.ex(), item.id, &error, None).await?;
        }
        Some(error) => {
            let again = Backoff::WEBHOOKS.next(item, ctx.clock.now());
            outbox::retry_or_fail(tx.ex(), item.id, &error, again).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(attempts: i64, created_at: i64) -> OutboxRow {
        OutboxRow {
            id: 1,
            kind: "email".into(),
            payload: String::new(),
            attempts,
            created_at,
            booking_id: None,
            purpose: None,
        }
    }

    #[test]
    fn retries_double_up_to_their_cap_until_their_time_is_up() {
        let now = 1_000_000;
        let messages = Backoff::MESSAGES;
        assert_eq!(messages.next(&item(1, now), now), Some(now + 30));
        assert_eq!(messages.next(&item(3, now), now), Some(now + 120));
        assert_eq!(messages.next(&item(12, now), now), Some(now + 1800));
        assert_eq!(messages.next(&item(5, now - 3 * 86_400), now), None);
        let webhooks = Backoff::WEBHOOKS;
        assert_eq!(webhooks.next(&item(10, now), now), Some(now + 3600));
        assert_eq!(webhooks.next(&item(2, now - 86_400 + 30), now), None);
    }
}
