//! `private_links`: tokens that let their holders book an event (DESIGN 2.8).

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PrivateLinkRow {
    pub id: i64,
    pub event_id: i64,
    pub token_sealed: String,
    pub max_uses: i64,
    pub uses: i64,
    pub expires_at: Option<i64>,
    pub revoked: bool,
    pub created_at: i64,
}

impl PrivateLinkRow {
    /// Whether one more booking may go through it at `now`.
    pub fn is_valid(&self, now: i64) -> bool {
        !self.revoked && self.uses < self.max_uses && self.expires_at.is_none_or(|end| end > now)
    }
}

const COLUMNS: &str = "id, event_id, token_sealed, max_uses, uses, expires_at, revoked, created_at";

pub async fn insert(
    ex: Ex<'_>,
    event_id: i64,
    token_digest: &str,
    token_sealed: &str,
    max_uses: i64,
    expires_at: Option<i64>,
) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO private_links (event_id, token_digest, token_sealed, max_uses, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id")
        .bind(event_id).bind(token_digest).bind(token_sealed).bind(max_uses).bind(expires_at)
        .bind(now_epoch()).fetch_one(&mut *c).await)?)
}

/// The event's links, newest first.
pub async fn for_event(ex: Ex<'_>, event_id: i64) -> StoreResult<Vec<PrivateLinkRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM private_links WHERE event_id = $1 ORDER BY id DESC"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, PrivateLinkRow>(sql).bind(event_id).fetch_all(&mut *c).await)?,
    )
}

pub async fn find(ex: Ex<'_>, event_id: i64, id: i64) -> StoreResult<Option<PrivateLinkRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM private_links WHERE id = $1 AND event_id = $2"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, PrivateLinkRow>(sql).bind(id).bind(event_id).fetch_optional(&mut *c).await)?,
    )
}

/// The link with this token digest, whatever its state.
pub async fn find_by_digest(ex: Ex<'_>, token_digest: &str) -> StoreResult<Option<PrivateLinkRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM private_links WHERE token_digest = $1"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, PrivateLinkRow>(sql).bind(token_digest).fetch_optional(&mut *c).await)?,
    )
}

pub async fn revoke(ex: Ex<'_>, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE private_links SET revoked = TRUE WHERE id = $1")
        .bind(id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Counts one booking through the link if it is still valid at `now`: one statement, so two
/// bookings at once can never take it past `max_uses`. Answers whether it was counted.
pub async fn use_once(ex: Ex<'_>, id: i64, now: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query(
        "UPDATE private_links SET uses = uses + 1
         WHERE id = $1 AND NOT revoked AND uses < max_uses AND (expires_at IS NULL OR expires_at > $2)")
        .bind(id).bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}
