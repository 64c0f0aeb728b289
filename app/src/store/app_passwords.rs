//! `app_passwords`: secrets for HTTP Basic, stored as SHA-256 digests.

use super::{Ex, StoreResult, now_epoch, on};

pub async fn insert(ex: Ex<'_>, user_id: i64, name: &str, secret_hash: &str) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO app_passwords (user_id, name, secret_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(user_id).bind(name).bind(secret_hash).bind(now_epoch())
        .fetch_one(&mut *c).await)?)
}

/// The owner of the application password with this digest.
pub async fn find_owner(ex: Ex<'_>, secret_hash: &str) -> StoreResult<Option<i64>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT user_id FROM app_passwords WHERE secret_hash = $1")
        .bind(secret_hash).fetch_optional(&mut *c).await)?,
    )
}
