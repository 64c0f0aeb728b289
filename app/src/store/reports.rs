//! Aggregates for the dashboard's reports, scoped to a host's bookings unless `visible_to` is 0.

use super::{Ex, StoreResult, on};

const SCOPE: &str = "($1 = 0 OR b.id IN (SELECT booking_id FROM booking_hosts WHERE user_id = $1))";

/// What a count counts.
#[derive(Debug, Clone, Copy)]
pub enum Measure {
    /// Bookings made (by `created_at`).
    Created,
    /// Completed bookings (by `end_time`).
    Completed,
    /// Cancelled bookings (by `updated_at`, when they were cancelled).
    Cancelled,
    /// Distinct attendee emails (by `created_at`).
    Guests,
}

impl Measure {
    fn parts(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Measure::Created => ("COUNT(*)", "b.created_at", "1 = 1"),
            Measure::Completed => ("COUNT(*)", "b.end_time", "b.status = 'completed'"),
            Measure::Cancelled => ("COUNT(*)", "b.updated_at", "b.status = 'cancelled'"),
            Measure::Guests => ("COUNT(DISTINCT b.email_hash)", "b.created_at", "1 = 1"),
        }
    }
}

/// The measure over `[from, to)` (use `i64::MIN / 2` and `i64::MAX / 2` for all time).
pub async fn count(
    ex: Ex<'_>,
    visible_to: i64,
    measure: Measure,
    from: i64,
    to: i64,
) -> StoreResult<i64> {
    let (aggregate, time, condition) = measure.parts();
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {aggregate} FROM bookings b WHERE {SCOPE} AND {condition} AND {time} >= $2 AND {time} < $3"
    ));
    Ok(
        on!(ex, c => sqlx::query_scalar(sql).bind(visible_to).bind(from).bind(to).fetch_one(&mut *c).await)?,
    )
}

/// The measure per UTC day (day number since the epoch) over `[from, to)`.
pub async fn per_day(
    ex: Ex<'_>,
    visible_to: i64,
    measure: Measure,
    from: i64,
    to: i64,
) -> StoreResult<Vec<(i64, i64)>> {
    let (aggregate, time, condition) = measure.parts();
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {time} / 86400 AS day, {aggregate} FROM bookings b
         WHERE {SCOPE} AND {condition} AND {time} >= $2 AND {time} < $3 GROUP BY {time} / 86400"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, (i64, i64)>(sql).bind(visible_to).bind(from).bind(to).fetch_all(&mut *c).await)?,
    )
}

/// Ids of the newest bookings (pending, scheduled, completed), newest first.
pub async fn latest(ex: Ex<'_>, visible_to: i64, limit: i64) -> StoreResult<Vec<i64>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT b.id FROM bookings b WHERE {SCOPE} AND b.status IN ('pending', 'scheduled', 'completed')
         ORDER BY b.created_at DESC, b.id DESC LIMIT $2"
    ));
    Ok(on!(ex, c => sqlx::query_scalar(sql).bind(visible_to).bind(limit).fetch_all(&mut *c).await)?)
}

/// Ids of the next scheduled meetings, one per group, soonest first, with the group's size.
pub async fn next_meetings(
    ex: Ex<'_>,
    visible_to: i64,
    now: i64,
    limit: i64,
) -> StoreResult<Vec<(i64, i64)>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT MIN(b.id), COUNT(*) FROM bookings b WHERE {SCOPE} AND b.status = 'scheduled' AND b.end_time >= $2
         GROUP BY COALESCE(b.group_id, b.id) ORDER BY MIN(b.start_time), MIN(b.id) LIMIT $3"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, (i64, i64)>(sql).bind(visible_to).bind(now).bind(limit).fetch_all(&mut *c).await)?,
    )
}

/// The newest activity entries.
pub async fn activities(
    ex: Ex<'_>,
    visible_to: i64,
    limit: i64,
) -> StoreResult<Vec<super::booking_list::ActivityRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT a.id, a.booking_id, a.parent_id, a.created_by, a.status, a.type, a.title, a.description, a.created_at, a.updated_at
         FROM activities a JOIN bookings b ON b.id = a.booking_id WHERE {SCOPE}
         ORDER BY a.created_at DESC, a.id DESC LIMIT $2"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, super::booking_list::ActivityRow>(sql).bind(visible_to).bind(limit).fetch_all(&mut *c).await)?;
    rows.into_iter().map(|r| r.opened(&keys)).collect()
}
