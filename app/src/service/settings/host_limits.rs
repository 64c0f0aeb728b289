//! `GET|POST /host-limits` (DESIGN 2.8): a host's cap on bookings across all of its events, per
//! day and per week of its zone. The slot engine applies it to every event the user hosts
//! (reason `limit_reached`); the write-time guard applies it again.

use crate::model::settings::{HostLimit, HostLimitsAnswer};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::host_limits;

use super::subject;

/// The answer to saved limits.
pub const LIMITS_UPDATED: &str = "Limits have been updated";

/// The caller's caps, or another user's with `manage_all_data`.
pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    user_id: Option<i64>,
) -> ServiceResult<HostLimitsAnswer> {
    let user = subject(ctx, caller, user_id).await?;
    let mut conn = ctx.store.conn().await?;
    let rows = host_limits::for_users(conn.ex(), &[user]).await?;
    Ok(HostLimitsAnswer {
        message: None,
        limits: rows
            .into_iter()
            .map(|row| HostLimit {
                unit: row.unit,
                value: row.value,
            })
            .collect(),
    })
}

/// Replaces the caps (already checked by `input::settings::host_limits`); the next slot list
/// applies them.
pub async fn replace(
    ctx: &Ctx,
    caller: &Caller,
    user_id: Option<i64>,
    limits: &[(String, i64)],
) -> ServiceResult<HostLimitsAnswer> {
    let user = subject(ctx, caller, user_id).await?;
    let mut tx = ctx.store.begin().await?;
    host_limits::replace(tx.ex(), user, limits).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    // Answered as `get` lists them (by unit), without reading them back.
    let mut saved: Vec<HostLimit> = limits
        .iter()
        .map(|(unit, value)| HostLimit {
            unit: unit.clone(),
            value: *value,
        })
        .collect();
    saved.sort_by(|a, b| a.unit.cmp(&b.unit));
    Ok(HostLimitsAnswer {
        message: Some(LIMITS_UPDATED.into()),
        limits: saved,
    })
}
