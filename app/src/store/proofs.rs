//! `proofs_spent`: ALTCHA challenges already accepted (DESIGN 2.8), until they expire.

use super::{Ex, StoreResult, on, reborrow};

/// Records `challenge` as used (forgetting those expired by `now`); answers `false` when it
/// was used before. Inside the booking's transaction, so a refused booking leaves it unused.
pub async fn spend(
    mut ex: Ex<'_>,
    challenge: &str,
    expires_at: i64,
    now: i64,
) -> StoreResult<bool> {
    on!(reborrow(&mut ex), c => sqlx::query("DELETE FROM proofs_spent WHERE expires_at < $1")
        .bind(now).execute(&mut *c).await.map(|_| ()))?;
    let added = on!(ex, c => sqlx::query(
        "INSERT INTO proofs_spent (challenge, expires_at) VALUES ($1, $2) ON CONFLICT (challenge) DO NOTHING")
        .bind(challenge).bind(expires_at).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(added == 1)
}
