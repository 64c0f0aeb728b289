//! Scheduled lifecycle work: past scheduled bookings become completed after the
//! `administration.auto_complete_timing` setting (minutes, default 60). Reads never do this.

use crate::model::settings::{GENERAL, GeneralSettings};
use crate::service::{Ctx, ServiceResult};
use crate::store::booking_list;
use crate::store::bookings::{self, NewActivity};

/// Minutes after its end at which a scheduled booking is completed by default.
pub const DEFAULT_AUTO_COMPLETE_MINUTES: i64 = 60;

/// Marks scheduled bookings that ended long enough ago as completed, in one transaction;
/// answers how many changed.
#[tracing::instrument(skip_all)]
pub async fn complete_past(ctx: &Ctx, now: i64) -> ServiceResult<usize> {
    let mut conn = ctx.store.conn().await?;
    let general: GeneralSettings = crate::service::settings::site::load(conn.ex(), GENERAL).await?;
    drop(conn);
    let minutes = general
        .administration
        .auto_complete_timing
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|m| *m >= 0)
        .unwrap_or(DEFAULT_AUTO_COMPLETE_MINUTES);
    let mut tx = ctx.store.begin().await?;
    let due = bookings::scheduled_ended_before(tx.ex(), now - minutes * 60, 500).await?;
    if due.is_empty() {
        return Ok(0);
    }
    let ids: Vec<i64> = due.iter().map(|(id, _)| *id).collect();
    let changed = booking_list::swap_status(tx.ex(), &ids, "scheduled", "completed", None).await?;
    for id in &ids {
        bookings::add_activity(
            tx.ex(),
            &NewActivity {
                booking_id: *id,
                created_by: None,
                status: "closed",
                kind: "info",
                title: "Booking completed",
                description: &format!(
                    "Marked completed automatically {minutes} minutes after its end."
                ),
            },
        )
        .await?;
    }
    crate::service::events::integrations::enqueue_webhooks(
        tx.ex(),
        &due,
        "booking_schedule_completed",
    )
    .await?;
    tx.commit().await?;
    Ok(changed as usize)
}
