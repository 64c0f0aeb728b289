//! Single sign-on: logins on their way through the provider, and users' links to the
//! provider's subjects.

use super::users::{COLUMNS, UserRow};
use super::{Ex, StoreResult, on};

/// A login sent to the provider, waiting for its callback.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SsoLogin {
    pub nonce: String,
    pub verifier_sealed: String,
    pub next_path: String,
}

pub struct NewSsoLogin<'a> {
    pub state_hash: &'a str,
    pub browser_hash: &'a str,
    pub nonce: &'a str,
    pub verifier_sealed: &'a str,
    pub next_path: &'a str,
    pub expires_at: i64,
}

/// Records a login sent to the provider; expired ones go at the same time, so the table holds
/// at most the last ten minutes' logins.
pub async fn add_login(mut ex: Ex<'_>, login: &NewSsoLogin<'_>, now: i64) -> StoreResult<()> {
    on!(super::reborrow(&mut ex), c => sqlx::query("DELETE FROM sso_logins WHERE expires_at <= $1")
        .bind(now).execute(&mut *c).await.map(drop))?;
    on!(ex, c => sqlx::query(
        "INSERT INTO sso_logins (state_hash, browser_hash, nonce, verifier_sealed, next_path, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(login.state_hash).bind(login.browser_hash).bind(login.nonce)
        .bind(login.verifier_sealed).bind(login.next_path).bind(login.expires_at)
        .execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// Takes the live login with this state of this browser: it is gone afterwards, so a state
/// is used once even with several server processes. Another browser's state is left alone.
pub async fn take_login(
    ex: Ex<'_>,
    state_hash: &str,
    browser_hash: &str,
    now: i64,
) -> StoreResult<Option<SsoLogin>> {
    Ok(on!(ex, c => sqlx::query_as::<_, SsoLogin>(
        "DELETE FROM sso_logins WHERE state_hash = $1 AND browser_hash = $2 AND expires_at > $3
         RETURNING nonce, verifier_sealed, next_path")
        .bind(state_hash).bind(browser_hash).bind(now).fetch_optional(&mut *c).await)?)
}

/// The user linked to this subject of this issuer.
pub async fn linked_user(ex: Ex<'_>, issuer: &str, subject: &str) -> StoreResult<Option<UserRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, UserRow>(sql).bind(issuer).bind(subject)
        .fetch_optional(&mut *c).await)?,
    )
}

/// Links a user to the provider's subject (replacing an earlier link of that user).
pub async fn link(ex: Ex<'_>, user_id: i64, issuer: &str, subject: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE users SET oidc_issuer = $2, oidc_subject = $3 WHERE id = $1")
        .bind(user_id).bind(issuer).bind(subject).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// Drops expired logins (the hourly housekeeping).
pub async fn delete_expired(ex: Ex<'_>, now: i64) -> StoreResult<u64> {
    Ok(
        on!(ex, c => sqlx::query("DELETE FROM sso_logins WHERE expires_at <= $1")
        .bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?,
    )
}
