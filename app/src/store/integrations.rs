//! `integrations`: per-event integration feeds (webhooks), with their settings as JSON.

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IntegrationRow {
    pub id: i64,
    pub event_id: i64,
    pub integration_key: String,
    pub title: String,
    pub enabled: bool,
    pub settings: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, event_id, integration_key, title, enabled, settings, created_at, updated_at";

pub async fn list_for_event(ex: Ex<'_>, event_id: i64) -> StoreResult<Vec<IntegrationRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM integrations WHERE event_id = $1 ORDER BY id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, IntegrationRow>(sql)
        .bind(event_id).fetch_all(&mut *c).await)?)
}

/// One feed of `event_id` (a feed of another event is not found).
pub async fn find(ex: Ex<'_>, event_id: i64, id: i64) -> StoreResult<Option<IntegrationRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM integrations WHERE id = $1 AND event_id = $2"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, IntegrationRow>(sql)
        .bind(id).bind(event_id).fetch_optional(&mut *c).await)?)
}

pub async fn insert(
    ex: Ex<'_>,
    event_id: i64,
    key: &str,
    title: &str,
    enabled: bool,
    settings: &str,
) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO integrations (event_id, integration_key, title, enabled, settings, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id")
        .bind(event_id).bind(key).bind(title).bind(enabled).bind(settings).bind(now_epoch())
        .fetch_one(&mut *c).await)?)
}

pub async fn update(
    ex: Ex<'_>,
    id: i64,
    title: &str,
    enabled: bool,
    settings: &str,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE integrations SET title = $2, enabled = $3, settings = $4, updated_at = $5 WHERE id = $1")
        .bind(id).bind(title).bind(enabled).bind(settings).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Answers whether a feed of `event_id` was deleted.
pub async fn delete(ex: Ex<'_>, event_id: i64, id: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query("DELETE FROM integrations WHERE id = $1 AND event_id = $2")
        .bind(id).bind(event_id).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// Enabled feeds of `key` for `event_id`.
pub async fn enabled_for_event(
    ex: Ex<'_>,
    event_id: i64,
    key: &str,
) -> StoreResult<Vec<IntegrationRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM integrations WHERE event_id = $1 AND integration_key = $2 AND enabled ORDER BY id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, IntegrationRow>(sql)
        .bind(event_id).bind(key).fetch_all(&mut *c).await)?)
}
