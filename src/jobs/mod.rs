//! Background work: delivering the outbox (email, webhooks) and completing past bookings.
//! Several server processes may run these at once: outbox items are claimed on leases, and
//! completion is a compare-and-swap. Every send has a time limit, so a receiver that never
//! answers costs one delivery slot for that long and nothing more.

pub mod mail;
pub mod webhook;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{Notify, Semaphore};

use app::service::Ctx;
use app::service::email_notifications::{self, EMAIL_KIND};
use app::service::integrations::DELIVERY_KIND;
use app::service::notifications::{EmailFacts, render};
use app::store::bookings::{self, NewActivity};
use app::store::outbox::{self, Lane, OutboxRow};
use app::store::users;
use serde_json::Value;

use mail::Mailer;

/// Email retries: the first after 30 s, each wait doubled up to half an hour, for three days
/// (an SMTP outage of a weekend loses nothing).
const EMAIL_FIRST_RETRY_SECONDS: i64 = 30;
const EMAIL_RETRY_CAP_SECONDS: i64 = 1800;
const EMAIL_RETRY_FOR_SECONDS: i64 = 3 * 86_400;
/// Emails in flight at once: one SMTP server (or folder) is one target, and each email ends in
/// a write transaction, so more would only take database time from bookings.
const EMAIL_CONCURRENCY: usize = 2;
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
}

/// Starts the workers on the current runtime: one outbox worker for webhooks, one for
/// everything else (email), the auto-completion pass, and on SQLite the log checkpoint.
pub fn spawn(ctx: Ctx, mailer: Mailer, settings: JobSettings) {
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
        Lane::AllBut(DELIVERY_KIND),
        EMAIL_CONCURRENCY,
        settings,
        {
            let ctx = ctx.clone();
            move |item| {
                let (ctx, mailer) = (ctx.clone(), mailer.clone());
                async move { deliver(&ctx, &mailer, &item).await }
            }
        },
    ));
    tokio::spawn(async move {
        loop {
            // A pass a minute; the first after a minute too, so a fresh start is quiet.
            tokio::time::sleep(Duration::from_secs(60)).await;
            let now = chrono::Utc::now().timestamp();
            match app::service::lifecycle::complete_past(&ctx, now).await {
                Ok(n) if n > 0 => tracing::info!(completed = n, "completed past bookings"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "auto-complete pass failed"),
            }
        }
    });
}

/// A test email from the settings page: sent once; the outcome is kept with the item and
/// logged (there is no booking to note it on).
async fn deliver_test_email(
    ctx: &Ctx,
    mailer: &Mailer,
    item: &OutboxRow,
    payload: &Value,
) -> anyhow::Result<()> {
    let to = payload.get("to").and_then(Value::as_str).unwrap_or("");
    let mut conn = ctx.store.conn().await?;
    let general: app::model::settings::GeneralSettings =
        app::service::settings::load(conn.ex(), app::model::settings::GENERAL).await?;
    drop(conn);
    let email = app::service::notifications::test_email(&general.emailing, to);
    let result = mailer.send(&email).await;
    let mut conn = ctx.store.conn().await?;
    match result {
        Ok(()) => {
            tracing::info!(outbox_id = item.id, "test email sent");
            outbox::complete(conn.ex(), item.id).await?;
        }
        Err(error) => {
            tracing::warn!(outbox_id = item.id, %error, "test email failed");
            outbox::retry_or_fail(conn.ex(), item.id, &error, None).await?;
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
                            if let Err(e) = give_up(&ctx, id, &reason).await {
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
    let mut tx = ctx.store.begin().await?;
    let items = outbox::claim(&mut tx, lane, i64::try_from(limit)?, lease, ctx.clock.now()).await?;
    tx.commit().await?;
    Ok(items)
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
async fn give_up(ctx: &Ctx, id: i64, reason: &str) -> anyhow::Result<()> {
    let mut conn = ctx.store.conn().await?;
    outbox::retry_or_fail(conn.ex(), id, reason, None).await?;
    Ok(())
}

/// One booking email (or reminder): rendered from the event's notification at the moment it
/// goes out, logged on the booking. A reminder is dropped when the booking is no longer
/// scheduled or has moved; a failure is retried with back-off (capped at half an hour) for
/// three days, then logged as failed on the booking, where the host can send it again.
async fn deliver(ctx: &Ctx, mailer: &Mailer, item: &OutboxRow) -> anyhow::Result<()> {
    let payload: Value = serde_json::from_str(&item.payload).unwrap_or(Value::Null);
    if item.kind == app::service::settings_page::TEST_EMAIL {
        return deliver_test_email(ctx, mailer, item, &payload).await;
    }
    let text = |key: &str| payload.get(key).and_then(Value::as_str).unwrap_or("");
    let booking_id = payload
        .get("booking_id")
        .and_then(Value::as_i64)
        .unwrap_or(0);
    let mut conn = ctx.store.conn().await?;
    let key = email_notifications::key_of(text("template"), text("to"));
    let booking = bookings::find(conn.ex(), booking_id).await?;
    let (Some(key), Some(booking), EMAIL_KIND) = (key, booking, item.kind.as_str()) else {
        // The booking is gone (deleted) or the item is not one this worker knows.
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(());
    };
    let reminder = item.purpose.as_deref() == Some("reminder");
    let planned_start = payload.get("start_time").and_then(Value::as_i64);
    if reminder && (booking.status != "scheduled" || planned_start != Some(booking.start_time)) {
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(());
    }
    let loaded = app::service::slots::load_event(conn.ex(), booking.event_id).await?;
    let notifications = email_notifications::load(conn.ex(), booking.event_id).await?;
    let Some(notification) = notifications
        .get(key)
        .filter(|n| n.enabled || !reminder)
        .cloned()
    else {
        // A reminder switched off after it was planned.
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(());
    };
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    let meta = bookings::meta_of(conn.ex(), booking.id).await?;
    drop(conn);
    let facts = EmailFacts {
        booking: &booking,
        host: host.as_ref(),
        event: &loaded,
        meta: &meta,
        public_url: &ctx.public_url,
    };
    let Some(email) = render(key, &notification, &facts) else {
        let mut conn = ctx.store.conn().await?;
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(());
    };
    let result = mailer.send(&email).await;
    let who = if notification.is_host {
        "host"
    } else {
        "guest"
    };
    let mut tx = ctx.store.begin().await?;
    match result {
        Ok(()) => {
            outbox::complete(tx.ex(), item.id).await?;
            let title = format!("{} sent to {who}", email_title(key));
            let description = format!("{title} ({})", email.to);
            bookings::add_activity(
                tx.ex(),
                &NewActivity {
                    booking_id,
                    created_by: None,
                    status: "closed",
                    kind: "activity",
                    title: &title,
                    description: &description,
                },
            )
            .await?;
        }
        Err(error) => {
            tracing::warn!(outbox_id = item.id, booking_id, %error, "email delivery failed");
            let now = ctx.clock.now();
            let wait = (EMAIL_FIRST_RETRY_SECONDS << (item.attempts - 1).clamp(0, 16))
                .min(EMAIL_RETRY_CAP_SECONDS);
            if now + wait - item.created_at > EMAIL_RETRY_FOR_SECONDS {
                outbox::retry_or_fail(tx.ex(), item.id, &error, None).await?;
                let title = format!("{} sending failed to {who}", email_title(key));
                let description = format!(
                    "{title} after {} attempts: {error}. It can be sent again from the booking's deliveries.",
                    item.attempts
                );
                bookings::add_activity(
                    tx.ex(),
                    &NewActivity {
                        booking_id,
                        created_by: None,
                        status: "open",
                        kind: "error",
                        title: &title,
                        description: &description,
                    },
                )
                .await?;
            } else {
                outbox::retry_or_fail(tx.ex(), item.id, &error, Some(now + wait)).await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The reference plugin's words for an email in the activity log.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panicking_delivery_fails_alone_and_the_worker_goes_on() {
        let dir = tempfile::tempdir().expect("dir");
        let store = app::store::Store::connect(&format!("sqlite://{}/t.db", dir.path().display()))
            .await
            .expect("store");
        store.migrate().await.expect("migrate");
        let mut conn = store.conn().await.expect("conn");
        for payload in ["ok-1", "boom", "ok-2"] {
            bookings::enqueue(conn.ex(), "test", payload)
                .await
                .expect("enqueue");
        }
        drop(conn);
        let ctx = Ctx::new(store.clone(), "http://localhost");
        let settings = JobSettings {
            poll: Duration::from_millis(20),
            lease: 60,
            allow_private_targets: false,
            webhook_timeout: Duration::from_secs(1),
            sqlite_checkpoint: Duration::ZERO,
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
