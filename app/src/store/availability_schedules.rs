//! `availability_schedules`: a host's named weekly schedules (wall-clock times plus a zone).

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ScheduleRow {
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub is_default: bool,
    pub timezone: String,
    pub weekly_schedules: String,
    pub date_overrides: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, user_id, title, is_default, timezone, weekly_schedules, date_overrides, status, created_at, updated_at";

pub struct NewSchedule<'a> {
    pub user_id: i64,
    pub title: &'a str,
    pub is_default: bool,
    pub timezone: &'a str,
    pub weekly_schedules: &'a str,
    pub date_overrides: &'a str,
}

pub async fn insert(ex: Ex<'_>, s: &NewSchedule<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO availability_schedules (user_id, title, is_default, timezone, weekly_schedules, date_overrides, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id")
        .bind(s.user_id).bind(s.title).bind(s.is_default).bind(s.timezone)
        .bind(s.weekly_schedules).bind(s.date_overrides).bind(now_epoch())
        .fetch_one(&mut *c).await)?)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<ScheduleRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM availability_schedules WHERE id = $1"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ScheduleRow>(sql).bind(id).fetch_optional(&mut *c).await)?)
}

/// The host's default schedule, if it has one.
pub async fn find_default(ex: Ex<'_>, user_id: i64) -> StoreResult<Option<ScheduleRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM availability_schedules WHERE user_id = $1 ORDER BY is_default DESC, id LIMIT 1"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, ScheduleRow>(sql).bind(user_id).fetch_optional(&mut *c).await)?,
    )
}

pub async fn list_for_user(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<ScheduleRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM availability_schedules WHERE user_id = $1 ORDER BY is_default DESC, id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ScheduleRow>(sql).bind(user_id).fetch_all(&mut *c).await)?)
}

/// Moves the host's schedules with these ids to `timezone`, keeping their wall-clock times.
pub async fn set_timezone(
    ex: Ex<'_>,
    user_id: i64,
    ids: &[i64],
    timezone: &str,
) -> StoreResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let list = super::id_list(ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE availability_schedules SET timezone = $1, updated_at = $2 WHERE user_id = $3 AND id IN ({list})"
    ));
    on!(ex, c => sqlx::query(sql).bind(timezone).bind(now_epoch()).bind(user_id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Every schedule of these users (the slot routes pick per host in memory: one query).
pub async fn list_for_users(ex: Ex<'_>, user_ids: &[i64]) -> StoreResult<Vec<ScheduleRow>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(user_ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM availability_schedules WHERE user_id IN ({list}) ORDER BY is_default DESC, id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ScheduleRow>(sql).fetch_all(&mut *c).await)?)
}

/// Saves a schedule's name, zone and hours (only the owner's: `user_id` must match).
pub async fn update(ex: Ex<'_>, row: &ScheduleRow) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE availability_schedules SET title = $3, timezone = $4, weekly_schedules = $5, date_overrides = $6, updated_at = $7
         WHERE id = $1 AND user_id = $2")
        .bind(row.id).bind(row.user_id).bind(&row.title).bind(&row.timezone)
        .bind(&row.weekly_schedules).bind(&row.date_overrides).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Makes `id` the user's one default schedule.
pub async fn set_default(ex: Ex<'_>, user_id: i64, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE availability_schedules SET is_default = (id = $2), updated_at = $3 WHERE user_id = $1")
        .bind(user_id).bind(id).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn delete(ex: Ex<'_>, user_id: i64, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM availability_schedules WHERE id = $1 AND user_id = $2")
        .bind(id).bind(user_id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Events that may use schedule `id`: those pointing at it, and team events whose settings
/// name it per host (checked by the caller). (id, title, availability_type, availability_id,
/// settings)
pub async fn events_naming(
    ex: Ex<'_>,
    id: i64,
) -> StoreResult<Vec<(i64, String, String, Option<i64>, String)>> {
    // Settings with a non-empty per-host map (serde writes `"hosts_schedules":{}` when empty).
    const NAMED: &str = r#"%"hosts_schedules":{"%"#;
    Ok(
        on!(ex, c => sqlx::query_as::<_, (i64, String, String, Option<i64>, String)>(
        "SELECT id, title, availability_type, availability_id, settings FROM events
         WHERE availability_id = $1 OR settings LIKE $2 ORDER BY id")
        .bind(id).bind(NAMED).fetch_all(&mut *c).await)?,
    )
}
