//! Background work: delivering the outbox (email) and completing past bookings. Several server
//! processes may run these at once: outbox items are claimed on leases, and completion is a
//! compare-and-swap.

pub mod mail;
pub mod webhook;

use std::time::Duration;

use app::service::Ctx;
use app::service::integrations::DELIVERY_KIND;
use app::service::notifications::{EmailFacts, render};
use app::store::bookings::{self, NewActivity};
use app::store::outbox::{self, OutboxRow};
use app::store::{events, users};
use serde_json::Value;

use mail::Mailer;

/// Attempts before an item is given up.
const MAX_ATTEMPTS: i64 = 8;
/// How the workers run.
#[derive(Debug, Clone, Copy)]
pub struct JobSettings {
    /// Pause of an idle outbox worker.
    pub poll: Duration,
    /// Seconds an outbox item stays claimed by one worker.
    pub lease: i64,
    /// Deliver webhooks to loopback and private addresses too.
    pub webhook_allow_private: bool,
}

/// Starts the workers on the current runtime.
pub fn spawn(ctx: Ctx, mailer: Mailer, settings: JobSettings) {
    let poll = settings.poll;
    let outbox_ctx = ctx.clone();
    tokio::spawn(async move {
        loop {
            match deliver_due(&outbox_ctx, &mailer, settings).await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "outbox pass failed"),
            }
            tokio::time::sleep(poll).await;
        }
    });
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

/// Claims and delivers due items; answers how many were claimed. Webhooks go out concurrently
/// (a slow endpoint waits up to 20 s and must not hold up email); emails one after another, as
/// each is a transaction against the same database the bookings are written to.
pub async fn deliver_due(
    ctx: &Ctx,
    mailer: &Mailer,
    settings: JobSettings,
) -> anyhow::Result<usize> {
    let mut tx = ctx.store.begin().await?;
    let items = outbox::claim(&mut tx, 20, settings.lease).await?;
    tx.commit().await?;
    let count = items.len();
    let (webhooks, others): (Vec<OutboxRow>, Vec<OutboxRow>) =
        items.into_iter().partition(|i| i.kind == DELIVERY_KIND);
    let mut running = tokio::task::JoinSet::new();
    for item in webhooks {
        let ctx = ctx.clone();
        running.spawn(async move {
            if let Err(e) = webhook::deliver(&ctx, &item, settings.webhook_allow_private).await {
                // The lease runs out and a later pass retries the item.
                tracing::warn!(outbox_id = item.id, error = %e, "webhook item failed");
            }
        });
    }
    for item in &others {
        if let Err(e) = deliver(ctx, mailer, item).await {
            // As above: the item's lease runs out and a later pass retries it.
            tracing::warn!(outbox_id = item.id, error = %e, "outbox item failed");
        }
    }
    while running.join_next().await.is_some() {}
    Ok(count)
}

async fn deliver(ctx: &Ctx, mailer: &Mailer, item: &OutboxRow) -> anyhow::Result<()> {
    let payload: Value = serde_json::from_str(&item.payload).unwrap_or(Value::Null);
    let booking_id = payload
        .get("booking_id")
        .and_then(Value::as_i64)
        .unwrap_or(0);
    let template = payload
        .get("template")
        .and_then(Value::as_str)
        .unwrap_or("");
    let to = payload
        .get("to")
        .and_then(Value::as_str)
        .unwrap_or("attendee");
    let mut conn = ctx.store.conn().await?;
    let booking = bookings::find(conn.ex(), booking_id).await?;
    let (Some(booking), "email") = (booking, item.kind.as_str()) else {
        // The booking is gone (deleted) or the kind is unknown: nothing left to do.
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(());
    };
    let host = users::find(conn.ex(), booking.host_user_id).await?;
    let event = events::find(conn.ex(), booking.event_id).await?;
    let general: app::model::settings::GeneralSettings =
        app::service::settings::load(conn.ex(), app::model::settings::GENERAL).await?;
    drop(conn);
    let facts = EmailFacts {
        booking: &booking,
        host: host.as_ref(),
        event_title: event
            .as_ref()
            .map(|e| e.title.as_str())
            .unwrap_or("your meeting"),
        public_url: &ctx.public_url,
        emailing: &general.emailing,
    };
    let Some(email) = render(template, to, &facts) else {
        let mut conn = ctx.store.conn().await?;
        outbox::complete(conn.ex(), item.id).await?;
        return Ok(());
    };
    let result = mailer.send(&email).await;
    let mut tx = ctx.store.begin().await?;
    match result {
        Ok(()) => {
            outbox::complete(tx.ex(), item.id).await?;
            let description = format!("{template} email sent to the {to} ({})", email.to);
            bookings::add_activity(
                tx.ex(),
                &NewActivity {
                    booking_id,
                    created_by: None,
                    status: "closed",
                    kind: "info",
                    title: "Email sent",
                    description: &description,
                },
            )
            .await?;
        }
        Err(error) => {
            tracing::warn!(outbox_id = item.id, booking_id, %error, "email delivery failed");
            if item.attempts >= MAX_ATTEMPTS {
                outbox::retry_or_fail(tx.ex(), item.id, &error, None).await?;
                let description = format!(
                    "{template} email to the {to} failed after {} attempts: {error}",
                    item.attempts
                );
                bookings::add_activity(
                    tx.ex(),
                    &NewActivity {
                        booking_id,
                        created_by: None,
                        status: "closed",
                        kind: "error",
                        title: "Email failed",
                        description: &description,
                    },
                )
                .await?;
            } else {
                // Exponential back-off: 30 s, 1 min, 2 min, … capped at an hour.
                let wait = (30_i64 << (item.attempts - 1).clamp(0, 7)).min(3600);
                outbox::retry_or_fail(
                    tx.ex(),
                    item.id,
                    &error,
                    Some(chrono::Utc::now().timestamp() + wait),
                )
                .await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}
