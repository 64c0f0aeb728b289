//! `host_limits`: a host's cap on bookings across all of its events (DESIGN 2.8).

use super::{Ex, StoreResult, now_epoch, on};

/// One cap: `unit` is `per_day` or `per_week`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HostLimitRow {
    pub user_id: i64,
    pub unit: String,
    pub value: i64,
    /// The zone the host's days and weeks are counted in: its `simple` calendar's, if any.
    pub zone: Option<String>,
}

/// The caps of these users, each with its zone.
pub async fn for_users(ex: Ex<'_>, user_ids: &[i64]) -> StoreResult<Vec<HostLimitRow>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT l.user_id, l.unit, l.value,
                (SELECT c.author_timezone FROM calendars c
                 WHERE c.user_id = l.user_id AND c.type = 'simple' ORDER BY c.id LIMIT 1) AS zone
         FROM host_limits l WHERE l.user_id IN ({}) ORDER BY l.user_id, l.unit",
        super::id_list(user_ids)
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, HostLimitRow>(sql).fetch_all(&mut *c).await)?)
}

/// Replaces the user's caps with `limits` (`(unit, value)`).
pub async fn replace(mut ex: Ex<'_>, user_id: i64, limits: &[(String, i64)]) -> StoreResult<()> {
    on!(super::reborrow(&mut ex), c => sqlx::query("DELETE FROM host_limits WHERE user_id = $1")
        .bind(user_id).execute(&mut *c).await.map(|_| ()))?;
    for (unit, value) in limits {
        on!(super::reborrow(&mut ex), c => sqlx::query(
            "INSERT INTO host_limits (user_id, unit, value, updated_at) VALUES ($1, $2, $3, $4)")
            .bind(user_id).bind(unit).bind(value).bind(now_epoch())
            .execute(&mut *c).await.map(|_| ()))?;
    }
    Ok(())
}
