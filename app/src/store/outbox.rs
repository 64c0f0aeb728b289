//! `outbox`: side effects written in the transaction that caused them, delivered at least once
//! by workers. A worker claims items on a lease; an item whose worker died is claimed again
//! when its lease runs out.

use super::{Ex, StoreResult, Tx, now_epoch, on};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OutboxRow {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    pub attempts: i64,
    pub created_at: i64,
}

/// Which items a worker claims: those of one kind, or all the others. Each kind of target has
/// its own worker, so a hung SMTP server never holds up a webhook, nor the reverse.
#[derive(Debug, Clone, Copy)]
pub enum Lane<'a> {
    Only(&'a str),
    AllBut(&'a str),
}

/// Claims up to `limit` due items of `lane` for `lease` seconds. PostgreSQL skips rows other
/// workers hold (`FOR UPDATE SKIP LOCKED`); SQLite's write transaction serialises claimers.
pub async fn claim(
    tx: &mut Tx,
    lane: Lane<'_>,
    limit: i64,
    lease: i64,
) -> StoreResult<Vec<OutboxRow>> {
    let now = now_epoch();
    let (kind, op) = match lane {
        Lane::Only(kind) => (kind, "="),
        Lane::AllBut(kind) => (kind, "<>"),
    };
    let due = format!(
        "kind {op} $4 AND ((status = 'pending' AND run_after <= $1) OR (status = 'working' AND locked_until < $1))"
    );
    let rows = match tx.ex() {
        Ex::Postgres(c) => {
            let sql = sqlx::AssertSqlSafe(format!(
                "UPDATE outbox SET status = 'working', locked_until = $2, attempts = attempts + 1, updated_at = $1
                 WHERE id IN (SELECT id FROM outbox WHERE {due} ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
                 RETURNING id, kind, payload, attempts, created_at"
            ));
            sqlx::query_as::<_, OutboxRow>(sql)
                .bind(now)
                .bind(now + lease)
                .bind(limit)
                .bind(kind)
                .fetch_all(&mut *c)
                .await?
        }
        Ex::Sqlite(c) => {
            let sql = sqlx::AssertSqlSafe(format!(
                "UPDATE outbox SET status = 'working', locked_until = $2, attempts = attempts + 1, updated_at = $1
                 WHERE id IN (SELECT id FROM outbox WHERE {due} ORDER BY id LIMIT $3)
                 RETURNING id, kind, payload, attempts, created_at"
            ));
            sqlx::query_as::<_, OutboxRow>(sql)
                .bind(now)
                .bind(now + lease)
                .bind(limit)
                .bind(kind)
                .fetch_all(&mut *c)
                .await?
        }
    };
    Ok(rows)
}

pub async fn complete(ex: Ex<'_>, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE outbox SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = $2 WHERE id = $1")
        .bind(id).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Puts an item back for another attempt at `run_after`, or gives up (`failed`).
pub async fn retry_or_fail(
    ex: Ex<'_>,
    id: i64,
    error: &str,
    run_after: Option<i64>,
) -> StoreResult<()> {
    let status = if run_after.is_some() {
        "pending"
    } else {
        "failed"
    };
    on!(ex, c => sqlx::query(
        "UPDATE outbox SET status = $2, run_after = COALESCE($3, run_after), locked_until = NULL, last_error = $4, updated_at = $5 WHERE id = $1")
        .bind(id).bind(status).bind(run_after).bind(error).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Items of `kind` by status (for health checks and tests).
pub async fn count_with_status(ex: Ex<'_>, kind: &str, status: &str) -> StoreResult<i64> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE kind = $1 AND status = $2")
        .bind(kind).bind(status).fetch_one(&mut *c).await)?,
    )
}

/// (status, attempts, last error) of every item of `kind`, oldest first (tests and diagnostics).
pub async fn retry_state(
    ex: Ex<'_>,
    kind: &str,
) -> StoreResult<Vec<(String, i64, Option<String>)>> {
    Ok(
        on!(ex, c => sqlx::query_as::<_, (String, i64, Option<String>)>("SELECT status, attempts, last_error FROM outbox WHERE kind = $1 ORDER BY id")
        .bind(kind).fetch_all(&mut *c).await)?,
    )
}
