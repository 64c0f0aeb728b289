//! `sessions`: dashboard cookie sessions, stored by the digest of their token.

use super::{Ex, StoreResult, on};

/// A session as its owner's list shows it, with what authenticating by it needs.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SessionRow {
    pub id: i64,
    pub user_id: i64,
    pub csrf_token: String,
    pub created_at: i64,
    pub last_seen_at: i64,
    /// The absolute limit.
    pub expires_at: i64,
    pub ip: String,
    pub user_agent: String,
    pub method: String,
}

/// A new session's fields (the token only as its digest).
pub struct NewSession<'a> {
    pub user_id: i64,
    pub token_hash: &'a str,
    pub csrf: &'a str,
    pub now: i64,
    /// When the session ends whatever happens (its absolute limit).
    pub expires_at: i64,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub method: &'a str,
}

const COLUMNS: &str =
    "id, user_id, csrf_token, created_at, last_seen_at, expires_at, ip, user_agent, method";

pub async fn insert(ex: Ex<'_>, s: &NewSession<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO sessions (user_id, token_hash, csrf_token, created_at, last_seen_at, expires_at, ip, user_agent, method)
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8) RETURNING id")
        .bind(s.user_id).bind(s.token_hash).bind(s.csrf).bind(s.now).bind(s.expires_at)
        .bind(s.ip).bind(s.user_agent).bind(s.method)
        .fetch_one(&mut *c).await)?)
}

/// The live session with this token digest (seen since `idle_since`, not past its absolute
/// limit), marked as seen `now`.
pub async fn touch(
    ex: Ex<'_>,
    token_hash: &str,
    now: i64,
    idle_since: i64,
) -> StoreResult<Option<SessionRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE sessions SET last_seen_at = $2
         WHERE token_hash = $1 AND expires_at > $2 AND last_seen_at > $3
         RETURNING {COLUMNS}"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, SessionRow>(sql)
        .bind(token_hash).bind(now).bind(idle_since).fetch_optional(&mut *c).await)?)
}

/// A user's live sessions, newest first.
pub async fn of_user(
    ex: Ex<'_>,
    user_id: i64,
    now: i64,
    idle_since: i64,
) -> StoreResult<Vec<SessionRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM sessions
         WHERE user_id = $1 AND expires_at > $2 AND last_seen_at > $3
         ORDER BY created_at DESC, id DESC"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, SessionRow>(sql)
        .bind(user_id).bind(now).bind(idle_since).fetch_all(&mut *c).await)?)
}

pub async fn delete(ex: Ex<'_>, token_hash: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Ends session `id` of `user_id`; answers whether there was one.
pub async fn delete_of_user(ex: Ex<'_>, user_id: i64, id: i64) -> StoreResult<bool> {
    Ok(
        on!(ex, c => sqlx::query("DELETE FROM sessions WHERE id = $1 AND user_id = $2")
        .bind(id).bind(user_id).execute(&mut *c).await.map(|r| r.rows_affected() > 0))?,
    )
}

/// Ends every session of `user_id` but `keep` (none kept when `None`); answers how many ended.
pub async fn delete_others(ex: Ex<'_>, user_id: i64, keep: Option<i64>) -> StoreResult<u64> {
    Ok(
        on!(ex, c => sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
        .bind(user_id).bind(keep.unwrap_or(0)).execute(&mut *c).await.map(|r| r.rows_affected()))?,
    )
}

/// Removes sessions past their limits (they are no session already; this keeps the table small).
pub async fn delete_expired(ex: Ex<'_>, now: i64, idle_since: i64) -> StoreResult<u64> {
    Ok(
        on!(ex, c => sqlx::query("DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2")
        .bind(now).bind(idle_since).execute(&mut *c).await.map(|r| r.rows_affected()))?,
    )
}
