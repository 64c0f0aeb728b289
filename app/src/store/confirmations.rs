//! `agent_confirmations`: the confirm tokens of the MCP previews.

use super::{Ex, StoreResult, on};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ConfirmationRow {
    pub tool: String,
    pub caller: String,
    pub arguments_hash: String,
    pub state: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
}

pub struct NewConfirmation<'a> {
    pub token_hash: &'a str,
    pub tool: &'a str,
    pub caller: &'a str,
    pub arguments_hash: &'a str,
    pub state: &'a str,
    pub expires_at: i64,
}

/// Stores a token; those expired a day ago go at the same time (an expired token is still
/// told apart from an unknown one for a while).
/// Its state is sealed (a preview of a booking shows the attendee).
pub async fn add(mut ex: Ex<'_>, new: &NewConfirmation<'_>, now: i64) -> StoreResult<()> {
    let state = ex.keys()?.seal_field(new.state);
    on!(super::reborrow(&mut ex), c => sqlx::query("DELETE FROM agent_confirmations WHERE expires_at <= $1")
        .bind(now - 86_400).execute(&mut *c).await.map(drop))?;
    on!(ex, c => sqlx::query(
        "INSERT INTO agent_confirmations (token_hash, tool, caller, arguments_hash, state, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(new.token_hash).bind(new.tool).bind(new.caller).bind(new.arguments_hash)
        .bind(&state).bind(new.expires_at)
        .execute(&mut *c).await.map(drop))?;
    Ok(())
}

pub async fn find(ex: Ex<'_>, token_hash: &str) -> StoreResult<Option<ConfirmationRow>> {
    let keys = ex.keys()?;
    let row = on!(ex, c => sqlx::query_as::<_, ConfirmationRow>(
        "SELECT tool, caller, arguments_hash, state, expires_at, used_at FROM agent_confirmations
         WHERE token_hash = $1")
        .bind(token_hash).fetch_optional(&mut *c).await)?;
    row.map(|mut row| {
        keys.open_in_place(&mut row.state)?;
        Ok(row)
    })
    .transpose()
}

/// Spends a live, unspent token; answers whether this call did (a concurrent confirm waits for
/// the row and then finds it spent).
pub async fn spend(ex: Ex<'_>, token_hash: &str, now: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query(
        "UPDATE agent_confirmations SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2")
        .bind(token_hash).bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}
