//! `holds` and `hold_hosts`: times held for a visitor while they type (DESIGN 2.8), found by
//! the digest of their token. A hold is live while `expires_at` is in the future; a consumed
//! or released one is deleted.

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HoldRow {
    pub id: i64,
    pub event_id: i64,
    pub start_time: i64,
    pub end_time: i64,
    pub expires_at: i64,
}

/// A hold to write: its times and the hosts it blocks.
pub struct NewHold<'a> {
    pub token_digest: &'a str,
    pub event_id: i64,
    pub start_time: i64,
    pub end_time: i64,
    pub client_ip: &'a str,
    pub expires_at: i64,
    pub host_ids: &'a [i64],
}

/// Writes the hold with one row per host; answers its id.
/// The visitor's address is stored as its keyed hash: counted, never shown.
pub async fn insert(mut ex: Ex<'_>, hold: &NewHold<'_>) -> StoreResult<i64> {
    let client = ex.keys()?.address_hash(hold.client_ip);
    let id: i64 = on!(super::reborrow(&mut ex), c => sqlx::query_scalar(
        "INSERT INTO holds (token_digest, event_id, start_time, end_time, client_ip, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id")
        .bind(hold.token_digest).bind(hold.event_id).bind(hold.start_time).bind(hold.end_time)
        .bind(&client).bind(hold.expires_at).bind(now_epoch())
        .fetch_one(&mut *c).await)?;
    for host in hold.host_ids {
        on!(super::reborrow(&mut ex), c => sqlx::query(
            "INSERT INTO hold_hosts (hold_id, user_id, start_time, end_time, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(id).bind(host).bind(hold.start_time).bind(hold.end_time).bind(hold.expires_at)
            .execute(&mut *c).await.map(|_| ()))?;
    }
    Ok(id)
}

/// The live hold with this token digest.
pub async fn find_live(ex: Ex<'_>, token_digest: &str, now: i64) -> StoreResult<Option<HoldRow>> {
    Ok(on!(ex, c => sqlx::query_as::<_, HoldRow>(
        "SELECT id, event_id, start_time, end_time, expires_at FROM holds WHERE token_digest = $1 AND expires_at > $2")
        .bind(token_digest).bind(now).fetch_optional(&mut *c).await)?)
}

/// Ends a hold (consumed by its booking, or released); answers whether a live one was there.
pub async fn delete(ex: Ex<'_>, id: i64, now: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query("DELETE FROM holds WHERE id = $1 AND expires_at > $2")
        .bind(id).bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// Ends the hold with this token digest, live or not.
pub async fn delete_by_digest(ex: Ex<'_>, token_digest: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM holds WHERE token_digest = $1")
        .bind(token_digest).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The expiry times of an address's live holds, soonest first.
pub async fn live_of_ip(ex: Ex<'_>, client_ip: &str, now: i64) -> StoreResult<Vec<i64>> {
    let client = ex.keys()?.address_hash(client_ip);
    Ok(on!(ex, c => sqlx::query_scalar::<_, i64>(
        "SELECT expires_at FROM holds WHERE client_ip = $1 AND expires_at > $2 ORDER BY expires_at")
        .bind(&client).bind(now).fetch_all(&mut *c).await)?)
}

/// Forgets holds that ended before `before` (they block nothing already; this keeps the
/// tables small).
pub async fn delete_expired(ex: Ex<'_>, before: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM holds WHERE expires_at <= $1")
        .bind(before).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}
