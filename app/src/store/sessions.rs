//! `sessions`: dashboard cookie sessions, stored by the digest of their token.

use super::{Ex, StoreResult, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub user_id: i64,
    pub csrf_token: String,
}

pub async fn insert(
    ex: Ex<'_>,
    user_id: i64,
    token_hash: &str,
    csrf: &str,
    expires_at: i64,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO sessions (user_id, token_hash, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(user_id).bind(token_hash).bind(csrf).bind(now_epoch()).bind(expires_at)
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The live session with this token digest.
pub async fn find(ex: Ex<'_>, token_hash: &str, now: i64) -> StoreResult<Option<SessionRow>> {
    Ok(on!(ex, c => sqlx::query_as::<_, SessionRow>(
        "SELECT user_id, csrf_token FROM sessions WHERE token_hash = $1 AND expires_at > $2")
        .bind(token_hash).bind(now).fetch_optional(&mut *c).await)?)
}

pub async fn delete(ex: Ex<'_>, token_hash: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}
