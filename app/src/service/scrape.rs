//! `GET /metrics` (DESIGN 2.11): the process's counters, with the gauges a scrape reads at
//! that moment — the outbox of every process (from the database) and this process's pool.

use crate::service::support::metrics::{LANES, Readings, lane_of};
use crate::service::{Ctx, ServiceResult};
use crate::store::{now_epoch, outbox};

/// The scrape's text (Prometheus text format 0.0.4); `None` while metrics are off.
pub async fn render(ctx: &Ctx) -> ServiceResult<Option<String>> {
    if !ctx.metrics.is_on() {
        return Ok(None);
    }
    let kinds = {
        let mut conn = ctx.store.conn().await?;
        outbox::undelivered_by_kind(conn.ex()).await?
    };
    let now = now_epoch();
    let mut readings = Readings::default();
    for (kind, count, oldest) in kinds {
        if let Some(i) = LANES.iter().position(|lane| *lane == lane_of(&kind)) {
            let (pending, age) = &mut readings.outbox[i];
            *pending += count;
            *age = (*age).max(now - oldest);
        }
    }
    (readings.pool_idle, readings.pool_in_use, readings.pool_max) = ctx.store.pool_use();
    Ok(ctx.metrics.render(&readings))
}
