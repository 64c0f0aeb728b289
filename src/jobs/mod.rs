//! Background work: delivering the outbox (email, webhooks) and completing past bookings.
//! Several server processes may run these at once: outbox items are claimed on leases, and
//! completion is a compare-and-swap. Every send has a time limit, so a receiver that never
//! answers costs one delivery slot for that long and nothing more.

pub mod mail;
pub mod sms;
pub mod webhook;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{Notify, Semaphore};

use app::model::notifications::Audience;
use app::service::Ctx;
use app::service::calendars::write_back::WRITE_KIND;
use app::service::deliveries::{self, Backoff, Lane, OutboxRow, Outcome};
use app::service::events::integrations::DELIVERY_KIND;
use app::service::notifications::render;
use app::service::outbox::{Message, SMS_KIND};

use app::domain::smart_codes::{self, Output};
use mail::Mailer;
use sms::SmsSender;

/// Emails in flight at once, each on its own SMTP connection. lettre cannot switch off
/// Nagle's algorithm, so each message waits for the server's delayed ACK (up to 40 ms) before
/// its closing dot goes out: one connection carries about 20 emails a second, mostly waiting.
/// Eight keep a backlog moving (BENCHMARKS.md, "Outbox") at a small write transaction each.
const EMAIL_CONCURRENCY: usize = 8;
/// Text messages in flight at once (one gateway, like one SMTP server).
const SMS_CONCURRENCY: usize = 2;
/// Webhook requests in flight at once, over all receivers: a hung receiver holds one slot
/// until its time-out, and the others go on.
const WEBHOOK_CONCURRENCY: usize = 16;

/// How the workers run.
#[derive(Debug, Clone, Copy)]
pub struct JobSettings {
    /// Pause of an idle outbox worker.
    pub poll: Duration,
    /// Seconds an outbox item stays claimed by one worker.
    pub lease: i64,
    /// Deliver webhooks to loopback and private addresses too.
    pub allow_private_targets: bool,
    /// Whole webhook request, connect included.
    pub webhook_timeout: Duration,
    /// SQLite: pause between two emptyings of the write-ahead log; zero = never.
    pub sqlite_checkpoint: Duration,
    /// Pause between two privacy retention passes (and before the first).
    pub retention_interval: Duration,
}

/// Starts the workers on the current runtime: one outbox worker for webhooks, one for text
/// messages, one for everything else (email), the auto-completion pass, and on SQLite the log
/// checkpoint.
pub fn spawn(ctx: Ctx, mailer: Mailer, sms: SmsSender, settings: JobSettings) {
    if !settings.sqlite_checkpoint.is_zero() && !ctx.store.is_postgres() {
        let store = ctx.store.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(settings.sqlite_checkpoint).await;
                match store.checkpoint().await {
                    Ok(true) => {}
                    Ok(false) => tracing::info!("write-ahead log busy; emptied next time"),
                    Err(e) => tracing::warn!(error = %e, "write-ahead log checkpoint failed"),
                }
            }
        });
    }
    tokio::spawn(outbox_worker(
        ctx.clone(),
        Lane::Only(DELIVERY_KIND),
        WEBHOOK_CONCURRENCY,
        settings,
        {
            let ctx = ctx.clone();
            move |item| {
                let ctx = ctx.clone();
                async move { webhook::deliver(&ctx, &item, settings).await }
            }
        },
    ));
    tokio::spawn(outbox_worker(
        ctx.clone(),
        Lane::Only(SMS_KIND),
        SMS_CONCURRENCY,
        settings,
        {
            let ctx = ctx.clone();
            move |item| {
                let (ctx, sender) = (ctx.clone(), sms.clone());
                async move { deliver_sms(&ctx, &sender, &item).await }
            }
        },
    ));
    tokio::spawn(outbox_worker(
        ctx.clone(),
        Lane::AllBut(&[DELIVERY_KIND, SMS_KIND, WRITE_KIND]),
        EMAIL_CONCURRENCY,
        settings,
        {
            let ctx = ctx.clone();
            let domains = mail::DomainSlots::default();
            move |item| {
                let (ctx, mailer, domains) = (ctx.clone(), mailer.clone(), domains.clone());
                async move { deliver(&ctx, &mailer, &domains, &item).await }
            }
        },
    ));
    tokio::spawn(outbox_worker(
        ctx.clone(),
        Lane::Only(WRITE_KIND),
        CALENDAR_WRITE_CONCURRENCY,
        settings,
        {
            let ctx = ctx.clone();
            move |item| {
                let ctx = ctx.clone();
                async move { write_back(&ctx, &item).await }
            }
        },
    ));
    tokio::spawn(calendar_sync(ctx.clone(), settings.poll));
    tokio::spawn(waitlist_offers(ctx.clone()));
    tokio::spawn(account_housekeeping(ctx.clone()));
    tokio::spawn(privacy_retention(ctx.clone(), settings.retention_interval));
    tokio::spawn(async move {
        loop {
            // A pass a minute; the first after a minute too, so a fresh start is quiet.
            tokio::time::sleep(Duration::from_secs(60)).await;
            let now = chrono::Utc::now().timestamp();
            match app::service::bookings::lifecycle::complete_past(&ctx, now).await {
                Ok(n) if n > 0 => tracing::info!(completed = n, "completed past bookings"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "auto-complete pass failed"),
            }
        }
    });
}

/// The waitlist's pass (DESIGN 2.12): every second, lapsed offers expire and their places pass
/// on (so at most about a second after `offer_expires_at`); every 15 s, waited-for times that
/// freed up without a booking leaving (a visitor's hold ended, a calendar cleared) are offered.
/// Safe with several processes: each change is a compare-and-swap under the hosts' lock.
async fn waitlist_offers(ctx: Ctx) {
    let mut pass: u64 = 0;
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let sweep = pass.is_multiple_of(15);
        pass += 1;
        match app::service::waitlist::run_due(&ctx, ctx.clock.now(), sweep).await {
            Ok(n) if n > 0 => tracing::info!(expired = n, "waitlist offers expired"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "waitlist pass failed"),
        }
    }
}

/// The privacy retention pass (DESIGN 2.11), every `interval`, the first one interval after the
/// start: attendee data of bookings that ended more than `retention_days` ago is erased. Safe
/// with several processes: a booking is erased once, whoever gets there first.
async fn privacy_retention(ctx: Ctx, interval: Duration) {
    loop {
        tokio::time::sleep(interval).await;
        match app::service::privacy::run_retention(&ctx, ctx.clock.now()).await {
            Ok(n) if n > 0 => tracing::info!(erased = n, "retention erased attendee data"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "retention pass failed"),
        }
    }
}

/// Once an hour (the first a minute after the start): audit entries past
/// `SLOTBOOK_AUDIT_RETENTION_DAYS` and sessions past their limits are deleted. Safe with
/// several processes: each pass only deletes what is old enough.
async fn account_housekeeping(ctx: Ctx) {
    tokio::time::sleep(Duration::from_secs(60)).await;
    loop {
        let now = chrono::Utc::now().timestamp();
        let days = ctx.accounts.audit_retention_days;
        match app::service::audit::apply_retention(&ctx, days, now).await {
            Ok(n) if n > 0 => tracing::info!(deleted = n, "deleted old audit entries"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "audit retention pass failed"),
        }
        if let Err(e) = app::service::sessions::delete_expired(&ctx, now).await {
            tracing::warn!(error = %e, "expired sessions were not deleted");
        }
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
}

/// Bookings written into hosts' calendars at once (items of one slot still go in order).
const CALENDAR_WRITE_CONCURRENCY: usize = 4;

/// One write-back: the host's destination made to match the slot. Retried like email (30 s
/// doubling to half an hour, for three days); a failure that outlasts that is logged.
#[tracing::instrument(skip_all, fields(outbox_id = item.id))]
async fn write_back(ctx: &Ctx, item: &OutboxRow) -> anyhow::Result<()> {
    let Some(Message::CalendarWrite(write)) = deliveries::read_message(ctx, item).await? else {
        return Ok(());
    };
    match app::service::calendars::write_back::deliver(ctx, &write).await {
        Ok(()) => deliveries::complete(ctx, item.id).await?,
        Err(error) => {
            tracing::warn!(outbox_id = item.id, %error, "writing a booking to a host's calendar failed");
            let again = Backoff::MESSAGES.next(item, ctx.clock.now());
            deliveries::fail_or_retry(ctx, item.id, &item.kind, &error, again).await?;
        }
    }
    Ok(())
}

/// External calendars read at once by one process at a time (each holds a sync slot for at
/// most a few time-outs).
const CALENDAR_SYNC_CONCURRENCY: usize = 4;

/// The background sync of external calendars: due connections are claimed on a lease (so one
/// process syncs each), read, and scheduled again `SLOTBOOK_CALENDAR_SYNC_SECONDS` later.
/// Looks for due ones at the outbox's poll interval (at least every 5 s).
async fn calendar_sync(ctx: Ctx, poll: Duration) {
    let pause = poll.min(Duration::from_secs(5));
    loop {
        match app::service::calendars::connections::sync_due(
            &ctx,
            ctx.clock.now(),
            CALENDAR_SYNC_CONCURRENCY,
        )
        .await
        {
            Ok(n) if n > 0 => tracing::debug!(synced = n, "external calendars synced"),
            Ok(_) => tokio::time::sleep(pause).await,
            Err(e) => {
                tracing::warn!(error = %e, "calendar sync pass failed");
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// A test email from the settings page: sent once; the outcome is kept with the item and
/// logged (there is no booking to note it on).
#[tracing::instrument(skip_all, fields(outbox_id = item.id))]
async fn deliver_test_email(
    ctx: &Ctx,
    mailer: &Mailer,
    item: &OutboxRow,
    to: &str,
) -> anyhow::Result<()> {
    let email = deliveries::test_email(ctx, to).await?;
    lease_for_send(ctx, mailer, item).await?;
    match mailer.send(&email).await {
        Ok(()) => {
            tracing::info!(outbox_id = item.id, "test email sent");
            deliveries::complete(ctx, item.id).await?;
        }
        Err(error) => {
            tracing::warn!(outbox_id = item.id, %error, "test email failed");
            deliveries::fail_or_retry(ctx, item.id, &item.kind, &error.reason, None).await?;
        }
    }
    Ok(())
}

/// The link of an attendee's existing booking (the per-attendee limit refused another).
async fn deliver_booking_link(
    ctx: &Ctx,
    mailer: &Mailer,
    item: &OutboxRow,
    link: &app::service::outbox::BookingLink,
) -> anyhow::Result<()> {
    let email = deliveries::booking_link_email(ctx, link).await?;
    deliver_site_email(ctx, mailer, item, email, "booking link").await
}

/// Sends an email that belongs to no booking's notifications (`None`: nothing left to send,
/// the item is done); `what` names it in the log.
async fn deliver_site_email(
    ctx: &Ctx,
    mailer: &Mailer,
    item: &OutboxRow,
    email: Option<app::service::notifications::Email>,
    what: &str,
) -> anyhow::Result<()> {
    let Some(email) = email else {
        deliveries::complete(ctx, item.id).await?;
        return Ok(());
    };
    lease_for_send(ctx, mailer, item).await?;
    match mailer.send(&email).await {
        Ok(()) => {
            tracing::info!(outbox_id = item.id, "{what} email sent");
            deliveries::complete(ctx, item.id).await?;
        }
        Err(error) => {
            tracing::warn!(outbox_id = item.id, %error, "{what} email failed");
            deliveries::fail_or_retry(ctx, item.id, &item.kind, &error.reason, None).await?;
        }
    }
    Ok(())
}

/// Keeps up to `concurrency` items of `lane` in delivery. Items are claimed in batches of up
/// to `2 x concurrency`, and a new batch only once fewer than `concurrency` are left: a claim
/// is a write transaction, and claiming one item at a time would double the commits per
/// email. Each item runs in its own task: an error leaves it to its lease (a later claim
/// retries it), and a panic marks it failed with the panic's text, while the worker goes on.
async fn outbox_worker<F, Fut>(
    ctx: Ctx,
    lane: Lane<'static>,
    concurrency: usize,
    settings: JobSettings,
    deliver_one: F,
) where
    F: Fn(OutboxRow) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
{
    let slots = Arc::new(Semaphore::new(concurrency));
    // Claimed and not yet finished; `finished` wakes the loop when one is done.
    let open = Arc::new(AtomicUsize::new(0));
    let finished = Arc::new(Notify::new());
    let batch = concurrency * 2;
    loop {
        let waiting = open.load(Ordering::Acquire);
        if waiting >= concurrency {
            finished.notified().await;
            continue;
        }
        let items = match claim(&ctx, lane, batch - waiting, settings.lease).await {
            Ok(items) => items,
            Err(e) => {
                tracing::warn!(error = %e, "outbox claim failed");
                Vec::new()
            }
        };
        if items.is_empty() {
            tokio::time::sleep(settings.poll).await;
            continue;
        }
        for item in items {
            open.fetch_add(1, Ordering::AcqRel);
            let (id, kind) = (item.id, item.kind.clone());
            let (ctx, slots, open, finished) =
                (ctx.clone(), slots.clone(), open.clone(), finished.clone());
            let delivery = deliver_one(item);
            tokio::spawn(async move {
                if let Ok(_slot) = slots.acquire_owned().await {
                    match tokio::spawn(delivery).await {
                        Ok(Ok(())) => {}
                        // The lease runs out and a later claim retries the item.
                        Ok(Err(e)) => {
                            tracing::warn!(outbox_id = id, kind, error = %format!("{e:#}"), "outbox item failed");
                        }
                        Err(joined) => {
                            let reason = panic_text(joined);
                            tracing::error!(outbox_id = id, kind, reason, "outbox item panicked");
                            if let Err(e) = give_up(&ctx, id, &kind, &reason).await {
                                tracing::warn!(outbox_id = id, error = %e, "could not mark the item failed");
                            }
                        }
                    }
                }
                open.fetch_sub(1, Ordering::AcqRel);
                finished.notify_one();
            });
        }
    }
}

async fn claim(
    ctx: &Ctx,
    lane: Lane<'_>,
    limit: usize,
    lease: i64,
) -> anyhow::Result<Vec<OutboxRow>> {
    Ok(deliveries::claim(ctx, lane, i64::try_from(limit)?, lease).await?)
}

fn panic_text(joined: tokio::task::JoinError) -> String {
    match joined.try_into_panic() {
        Ok(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            format!("delivery panicked: {text}")
        }
        Err(_) => "delivery was cancelled".into(),
    }
}

/// Marks an item failed for good (it panicked: trying again would only panic again).
async fn give_up(ctx: &Ctx, id: i64, kind: &str, reason: &str) -> anyhow::Result<()> {
    Ok(deliveries::fail_or_retry(ctx, id, kind, reason, None).await?)
}

/// Keeps a claimed email from other workers for as long as its SMTP send may take (the
/// lease alone may be shorter than a slow server's 10 minutes to accept it).
async fn lease_for_send(ctx: &Ctx, mailer: &Mailer, item: &OutboxRow) -> anyhow::Result<()> {
    let Some(longest) = mailer.longest_send() else {
        return Ok(());
    };
    let longest = i64::try_from(longest.as_secs()).unwrap_or(i64::MAX / 2);
    Ok(deliveries::extend_lease(ctx, item.id, ctx.clock.now() + longest + 30).await?)
}

/// How long an email whose recipient's domain has no free slot waits before it is claimed
/// again.
const DOMAIN_BUSY_PAUSE: i64 = 2;

/// One booking email (or reminder), rendered from the event's notification when it goes out.
#[tracing::instrument(skip_all, fields(outbox_id = item.id))]
async fn deliver(
    ctx: &Ctx,
    mailer: &Mailer,
    domains: &mail::DomainSlots,
    item: &OutboxRow,
) -> anyhow::Result<()> {
    let notice = match deliveries::read_message(ctx, item).await? {
        Some(Message::TestEmail(test)) => {
            return deliver_test_email(ctx, mailer, item, &test.to).await;
        }
        Some(Message::BookingLink(link)) => {
            return deliver_booking_link(ctx, mailer, item, &link).await;
        }
        Some(Message::Waitlist(mail)) => {
            let email = deliveries::waitlist_email(ctx, &mail).await?;
            return deliver_site_email(ctx, mailer, item, email, "waitlist").await;
        }
        Some(Message::Email(notice)) => notice,
        _ => return Ok(()),
    };
    let Some(p) = deliveries::prepare(ctx, item, &notice).await? else {
        return Ok(());
    };
    let booking_id = p.booking.id;
    let Some(notification) = p.email_notification(ctx).await? else {
        return Ok(deliveries::skip(ctx, item, booking_id, None).await?);
    };
    let Some(email) = render(p.key, &notification, &p.facts(ctx)) else {
        return Ok(deliveries::skip(ctx, item, booking_id, None).await?);
    };
    let Some(_slot) = domains.take(&email.to) else {
        let at = ctx.clock.now() + DOMAIN_BUSY_PAUSE;
        return Ok(deliveries::postpone(ctx, item.id, at).await?);
    };
    lease_for_send(ctx, mailer, item).await?;
    let result = mailer.send(&email).await;
    let who = if notification.is_host {
        "host"
    } else {
        "guest"
    };
    let title = format!("{} sent to {who}", email_title(p.key));
    let description = format!("{title} ({})", email.to);
    let failed = format!("{} sending failed to {who}", email_title(p.key));
    let outcome = Outcome {
        result,
        sent: (&title, &description),
        failed: &failed,
    };
    Ok(deliveries::record(ctx, item, booking_id, outcome).await?)
}

/// One booking text message (or reminder) through the SMS sender. The attendee's number is
/// the answer to the form's SMS-number phone field; a number that is not a valid
/// international one is skipped with a note on the booking.
#[tracing::instrument(skip_all, fields(outbox_id = item.id))]
async fn deliver_sms(ctx: &Ctx, sender: &SmsSender, item: &OutboxRow) -> anyhow::Result<()> {
    let Some(Message::Sms(notice)) = deliveries::read_message(ctx, item).await? else {
        return Ok(());
    };
    let Some(p) = deliveries::prepare(ctx, item, &notice).await? else {
        return Ok(());
    };
    let booking_id = p.booking.id;
    let Some((n, fields)) = p.sms_notification(ctx).await? else {
        return Ok(deliveries::skip(ctx, item, booking_id, None).await?);
    };
    let number = if n.is_host {
        n.sms.number.clone()
    } else {
        app::service::events::sms_notifications::attendee_number(&fields, &p.booking, &p.meta)
    };
    let who = if n.is_host { "host" } else { "attendee" };
    let Some(to) = app::service::events::sms_notifications::e164(&number) else {
        let note = format!("SMS not sent to {who}: no valid international phone number");
        return Ok(deliveries::skip(ctx, item, booking_id, Some(&note)).await?);
    };
    // The attendee's language is the booking's, a host's its profile's (DESIGN 2.9).
    let audience = if n.is_host {
        Audience::Host
    } else {
        Audience::Attendee
    };
    let facts = p.facts(ctx);
    let facts = facts.in_language(facts.language_of(audience));
    let text = app::service::notifications::sms_text(p.key, &n.sms.body, facts.lang);
    let body = smart_codes::fill(&text, Output::Text, |code| facts.code(code));
    let result = sender
        .send(&to, &body)
        .await
        .map_err(deliveries::SendFailure::retry);
    let description = format!("{} SMS has been sent to {who} ({to})", sms_label(p.key));
    let outcome = Outcome {
        result,
        sent: ("SMS Sent Successfully", &description),
        failed: &format!("SMS sending failed to {who}"),
    };
    Ok(deliveries::record(ctx, item, booking_id, outcome).await?)
}

/// The reference plugin's words for a message in the activity log.
fn email_title(key: &str) -> &'static str {
    match key {
        "booking_conf_attendee" | "booking_conf_host" => "Booking scheduled email",
        "booking_request_attendee" | "booking_request_host" => "Booking request email",
        "reminder_to_attendee" | "reminder_to_host" => "Booking reminder email",
        "cancelled_by_attendee" | "cancelled_by_host" => "Booking Cancellation email",
        "declined_by_host" => "Booking Rejection email",
        "rescheduled_by_attendee" | "rescheduled_by_host" => "Rescheduled booking email",
        _ => "Email",
    }
}

fn sms_label(key: &str) -> &'static str {
    match key {
        "booking_conf_attendee" | "booking_conf_host" => "Booking Confirmation",
        "booking_request_attendee" | "booking_request_host" => "Booking Request",
        "reminder_to_attendee" | "reminder_to_host" => "Reminder",
        "cancelled_by_attendee" | "cancelled_by_host" => "Cancellation",
        "declined_by_host" => "Rejection",
        _ => "Rescheduling",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The test reads and writes the outbox directly to set up and observe the worker.
    use app::store::outbox;

    #[tokio::test]
    async fn a_panicking_delivery_fails_alone_and_the_worker_goes_on() {
        let dir = tempfile::tempdir().expect("dir");
        let store =
            app::service::Store::connect(&format!("sqlite://{}/t.db", dir.path().display()))
                .await
                .expect("store");
        store.migrate().await.expect("migrate");
        store.seal_with(app::service::support::secrets::SecretBox::ephemeral().keys());
        let mut conn = store.conn().await.expect("conn");
        for payload in ["ok-1", "boom", "ok-2"] {
            let item = outbox::NewItem {
                kind: "test",
                payload: payload.to_string(),
                ..Default::default()
            };
            outbox::enqueue(conn.ex(), &item).await.expect("enqueue");
        }
        drop(conn);
        let ctx = Ctx::new(store.clone(), "http://localhost");
        let settings = JobSettings {
            poll: Duration::from_millis(20),
            lease: 60,
            allow_private_targets: false,
            webhook_timeout: Duration::from_secs(1),
            sqlite_checkpoint: Duration::ZERO,
            retention_interval: Duration::from_secs(86_400),
        };
        let worker_ctx = ctx.clone();
        let worker = tokio::spawn(outbox_worker(
            ctx.clone(),
            Lane::Only("test"),
            2,
            settings,
            move |item: OutboxRow| {
                let ctx = worker_ctx.clone();
                async move {
                    assert!(item.payload != "boom", "a delivery that panics");
                    let mut conn = ctx.store.conn().await?;
                    outbox::complete(conn.ex(), item.id).await?;
                    Ok(())
                }
            },
        ));
        let mut state = Vec::new();
        for _ in 0..200 {
            let mut conn = store.conn().await.expect("conn");
            state = outbox::retry_state(conn.ex(), "test").await.expect("state");
            if state.iter().all(|(s, _, _)| s == "done" || s == "failed") {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        worker.abort();
        let statuses: Vec<&str> = state.iter().map(|(s, _, _)| s.as_str()).collect();
        assert_eq!(statuses, ["done", "failed", "done"], "{state:?}");
        assert!(
            state[1]
                .2
                .as_deref()
                .is_some_and(|e| e.contains("panicked")),
            "{state:?}"
        );
    }
}
