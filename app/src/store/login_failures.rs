//! `login_failures`: failed logins in a row per account, and until when it must wait.

use super::{Ex, StoreResult, on};

/// An account's failures in a row and the end of its wait (epoch seconds; 0: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Failures {
    pub failures: i64,
    pub wait_until: i64,
}

pub async fn find(ex: Ex<'_>, account: &str) -> StoreResult<Option<Failures>> {
    Ok(on!(ex, c => sqlx::query_as::<_, Failures>(
        "SELECT failures, wait_until FROM login_failures WHERE account = $1")
        .bind(account).fetch_optional(&mut *c).await)?)
}

/// Counts one more failure of the account (atomically: the row stays locked until the
/// transaction ends); answers its failures in a row.
pub async fn add_failure(ex: Ex<'_>, account: &str, now: i64) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO login_failures (account, failures, wait_until, updated_at) VALUES ($1, 1, 0, $2)
         ON CONFLICT (account) DO UPDATE SET failures = login_failures.failures + 1, updated_at = $2
         RETURNING failures")
        .bind(account).bind(now).fetch_one(&mut *c).await)?)
}

/// The account may not log in before `wait_until`.
pub async fn set_wait(ex: Ex<'_>, account: &str, wait_until: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE login_failures SET wait_until = $2 WHERE account = $1")
        .bind(account).bind(wait_until).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// A successful login: the account starts again from no failure.
pub async fn clear(ex: Ex<'_>, account: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM login_failures WHERE account = $1")
        .bind(account).execute(&mut *c).await.map(drop))?;
    Ok(())
}
