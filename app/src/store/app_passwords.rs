//! `app_passwords`: secrets for HTTP Basic, stored as SHA-256 digests.

use super::{Ex, StoreResult, now_epoch, on};

/// An application password as its owner's list shows it (never its digest).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AppPasswordRow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub last_used_ip: Option<String>,
}

const COLUMNS: &str = "id, user_id, name, created_at, last_used_at, last_used_ip";

pub async fn insert(ex: Ex<'_>, user_id: i64, name: &str, secret_hash: &str) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO app_passwords (user_id, name, secret_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
        .bind(user_id).bind(name).bind(secret_hash).bind(now_epoch())
        .fetch_one(&mut *c).await)?)
}

/// The application password with this digest.
pub async fn find(ex: Ex<'_>, secret_hash: &str) -> StoreResult<Option<AppPasswordRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM app_passwords WHERE secret_hash = $1"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, AppPasswordRow>(sql)
        .bind(secret_hash).fetch_optional(&mut *c).await)?)
}

/// A user's application passwords, newest first.
pub async fn of_user(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<AppPasswordRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM app_passwords WHERE user_id = $1 ORDER BY id DESC"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, AppPasswordRow>(sql)
        .bind(user_id).fetch_all(&mut *c).await)?)
}

/// Revokes `user_id`'s application password `id`; answers it when there was one.
pub async fn delete_of_user(
    ex: Ex<'_>,
    user_id: i64,
    id: i64,
) -> StoreResult<Option<AppPasswordRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "DELETE FROM app_passwords WHERE id = $1 AND user_id = $2 RETURNING {COLUMNS}"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, AppPasswordRow>(sql)
        .bind(id).bind(user_id).fetch_optional(&mut *c).await)?)
}

/// Notes a use of application password `id` from `ip`.
pub async fn mark_used(ex: Ex<'_>, id: i64, at: i64, ip: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE app_passwords SET last_used_at = $2, last_used_ip = $3 WHERE id = $1")
        .bind(id).bind(at).bind(ip).execute(&mut *c).await.map(drop))?;
    Ok(())
}
