//! `out_of_office`: a user's days away (DESIGN 2.8), inclusive local dates of its zone.

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutOfOfficeRow {
    pub id: i64,
    pub user_id: i64,
    /// `YYYY-MM-DD`, as saved (text sorts as dates do).
    pub start_date: String,
    pub end_date: String,
    pub reason: String,
    pub teammate_id: Option<i64>,
}

/// A period as the slot engine reads it: with the user's zone (its `simple` calendar's, if
/// any).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AwayRow {
    pub user_id: i64,
    pub start_date: String,
    pub end_date: String,
    pub teammate_id: Option<i64>,
    pub zone: Option<String>,
}

const COLUMNS: &str = "id, user_id, start_date, end_date, reason, teammate_id";

pub async fn insert(
    ex: Ex<'_>,
    user_id: i64,
    start_date: &str,
    end_date: &str,
    reason: &str,
    teammate_id: Option<i64>,
) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO out_of_office (user_id, start_date, end_date, reason, teammate_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id")
        .bind(user_id).bind(start_date).bind(end_date).bind(reason).bind(teammate_id)
        .bind(now_epoch()).fetch_one(&mut *c).await)?)
}

/// The user's periods, soonest first.
pub async fn for_user(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<OutOfOfficeRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM out_of_office WHERE user_id = $1 ORDER BY start_date, id"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, OutOfOfficeRow>(sql).bind(user_id).fetch_all(&mut *c).await)?,
    )
}

/// Deletes the user's period; answers whether there was one.
pub async fn delete(ex: Ex<'_>, user_id: i64, id: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query("DELETE FROM out_of_office WHERE id = $1 AND user_id = $2")
        .bind(id).bind(user_id).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// The periods of these users that end on or after `from` (`YYYY-MM-DD`; a day before today in
/// UTC covers every zone's today).
pub async fn away_of(ex: Ex<'_>, user_ids: &[i64], from: &str) -> StoreResult<Vec<AwayRow>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT o.user_id, o.start_date, o.end_date, o.teammate_id,
                (SELECT c.author_timezone FROM calendars c
                 WHERE c.user_id = o.user_id AND c.type = 'simple' ORDER BY c.id LIMIT 1) AS zone
         FROM out_of_office o
         WHERE o.user_id IN ({}) AND o.end_date >= $1 ORDER BY o.user_id, o.start_date, o.id",
        super::id_list(user_ids)
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, AwayRow>(sql).bind(from).fetch_all(&mut *c).await)?)
}
