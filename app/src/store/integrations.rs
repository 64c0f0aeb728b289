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

/// Copies every feed of one event to another (a cloned event), settings and signing secret
/// included: the copies post to the same receivers, which already know the secret.
pub async fn copy_all(ex: Ex<'_>, from_event: i64, to_event: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO integrations (event_id, integration_key, title, enabled, settings, created_at, updated_at)
         SELECT $2, integration_key, title, enabled, settings, $3, $3 FROM integrations WHERE event_id = $1 ORDER BY id")
        .bind(from_event).bind(to_event).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
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

/// Attempts kept per feed in the delivery log; older ones are dropped as new ones come.
pub const DELIVERIES_KEPT: i64 = 50;

/// One delivery attempt as the log keeps it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeliveryRow {
    pub id: i64,
    pub integration_id: i64,
    pub booking_id: Option<i64>,
    pub trigger_name: String,
    pub http_status: Option<i64>,
    pub succeeded: bool,
    pub detail: String,
    pub created_at: i64,
}

pub struct NewDelivery<'a> {
    pub integration_id: i64,
    /// `None` for a test delivery.
    pub booking_id: Option<i64>,
    pub trigger_name: &'a str,
    pub http_status: Option<u16>,
    pub succeeded: bool,
    pub detail: &'a str,
}

/// Logs an attempt (its detail sealed: the receiver's answer may echo the booking) and drops
/// the feed's attempts beyond the newest [`DELIVERIES_KEPT`].
pub async fn log_delivery(ex: Ex<'_>, d: &NewDelivery<'_>) -> StoreResult<()> {
    let detail = ex.keys()?.seal_field(d.detail);
    on!(ex, c => {
        sqlx::query(
            "INSERT INTO webhook_deliveries (integration_id, booking_id, trigger_name, http_status, succeeded, detail, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(d.integration_id).bind(d.booking_id).bind(d.trigger_name)
            .bind(d.http_status.map(i64::from)).bind(d.succeeded).bind(&detail).bind(now_epoch())
            .execute(&mut *c).await?;
        sqlx::query(
            "DELETE FROM webhook_deliveries WHERE integration_id = $1 AND id <= (
                SELECT id FROM webhook_deliveries WHERE integration_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)")
            .bind(d.integration_id).bind(DELIVERIES_KEPT)
            .execute(&mut *c).await.map(|_| ())
    })?;
    Ok(())
}

/// The newest attempts of each of `ids`, newest first, at most [`DELIVERIES_KEPT`] per feed.
pub async fn deliveries_of(ex: Ex<'_>, ids: &[i64]) -> StoreResult<Vec<DeliveryRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT id, integration_id, booking_id, trigger_name, http_status, succeeded, detail, created_at
         FROM webhook_deliveries WHERE integration_id IN ({list}) ORDER BY id DESC LIMIT {}",
        DELIVERIES_KEPT * ids.len() as i64
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, DeliveryRow>(sql).fetch_all(&mut *c).await)?;
    rows.into_iter()
        .map(|mut row| {
            keys.open_in_place(&mut row.detail)?;
            Ok(row)
        })
        .collect()
}
