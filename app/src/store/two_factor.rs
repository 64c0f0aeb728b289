//! Two-factor login: each user's TOTP secrets (sealed), the last step accepted, recovery codes
//! (digests) and logins waiting for their code.

use super::{Ex, StoreResult, on};

/// A user's TOTP state: the secret in use and the one being set up (both sealed), and the
/// last time step accepted.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct TotpState {
    pub totp_sealed: Option<String>,
    pub totp_pending_sealed: Option<String>,
    pub totp_last_step: i64,
}

pub async fn state(ex: Ex<'_>, user_id: i64) -> StoreResult<Option<TotpState>> {
    Ok(on!(ex, c => sqlx::query_as::<_, TotpState>(
        "SELECT totp_sealed, totp_pending_sealed, totp_last_step FROM users WHERE id = $1")
        .bind(user_id).fetch_optional(&mut *c).await)?)
}

/// The secret being set up (kept until set-up completes, so every reload shows the same).
pub async fn set_pending(ex: Ex<'_>, user_id: i64, sealed: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE users SET totp_pending_sealed = $2 WHERE id = $1")
        .bind(user_id).bind(sealed).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// Set-up done: the pending secret is the one in use.
pub async fn enable(ex: Ex<'_>, user_id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE users SET totp_sealed = totp_pending_sealed, totp_pending_sealed = NULL WHERE id = $1")
        .bind(user_id).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// Two-factor login off: secrets and recovery codes gone.
pub async fn disable(mut ex: Ex<'_>, user_id: i64) -> StoreResult<bool> {
    let changed = on!(super::reborrow(&mut ex), c => sqlx::query(
        "UPDATE users SET totp_sealed = NULL, totp_pending_sealed = NULL WHERE id = $1 AND totp_sealed IS NOT NULL")
        .bind(user_id).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    on!(ex, c => sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id).execute(&mut *c).await.map(drop))?;
    Ok(changed > 0)
}

/// Accepts time step `step` for the user only if it is later than every step accepted before
/// (atomically: of two requests with one code, one wins).
pub async fn accept_step(ex: Ex<'_>, user_id: i64, step: i64) -> StoreResult<bool> {
    let changed = on!(ex, c => sqlx::query(
        "UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2")
        .bind(user_id).bind(step).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(changed > 0)
}

/// The user's recovery codes are these (digests), the old ones gone.
pub async fn replace_codes(mut ex: Ex<'_>, user_id: i64, hashes: &[String]) -> StoreResult<()> {
    on!(super::reborrow(&mut ex), c => sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id).execute(&mut *c).await.map(drop))?;
    for hash in hashes {
        on!(super::reborrow(&mut ex), c => sqlx::query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)")
            .bind(user_id).bind(hash).execute(&mut *c).await.map(drop))?;
    }
    Ok(())
}

/// Uses the unused recovery code with this digest; answers whether there was one.
pub async fn use_code(ex: Ex<'_>, user_id: i64, hash: &str, now: i64) -> StoreResult<bool> {
    let changed = on!(ex, c => sqlx::query(
        "UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL")
        .bind(user_id).bind(hash).bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(changed > 0)
}

/// A login waiting for its code.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PendingLogin {
    pub user_id: i64,
    pub next_path: String,
    pub expires_at: i64,
}

pub async fn add_pending_login(
    ex: Ex<'_>,
    token_hash: &str,
    user_id: i64,
    next_path: &str,
    expires_at: i64,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO pending_logins (token_hash, user_id, next_path, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash).bind(user_id).bind(next_path).bind(expires_at)
        .execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// The live pending login with this digest.
pub async fn pending_login(
    ex: Ex<'_>,
    token_hash: &str,
    now: i64,
) -> StoreResult<Option<PendingLogin>> {
    Ok(on!(ex, c => sqlx::query_as::<_, PendingLogin>(
        "SELECT user_id, next_path, expires_at FROM pending_logins WHERE token_hash = $1 AND expires_at > $2")
        .bind(token_hash).bind(now).fetch_optional(&mut *c).await)?)
}

/// Ends a pending login (used, or its user logged in); also drops expired ones.
pub async fn delete_pending_login(ex: Ex<'_>, token_hash: &str, now: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM pending_logins WHERE token_hash = $1 OR expires_at <= $2")
        .bind(token_hash).bind(now).execute(&mut *c).await.map(drop))?;
    Ok(())
}
