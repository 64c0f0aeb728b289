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
    /// The booking the item is about, if any.
    pub booking_id: Option<i64>,
    /// `reminder` for a reminder, else none.
    pub purpose: Option<String>,
}

/// An item to queue.
#[derive(Debug, Clone, Default)]
pub struct NewItem<'a> {
    pub kind: &'a str,
    pub payload: String,
    pub booking_id: Option<i64>,
    /// Items with the same key are delivered one after another, in the order they were queued.
    pub sequence_key: Option<String>,
    pub purpose: Option<&'a str>,
    /// When it is due (epoch seconds); `None` = now.
    pub due_at: Option<i64>,
}

/// What [`claim`] answers for each item.
const CLAIMED: &str = "id, kind, payload, attempts, created_at, booking_id, purpose";

/// Queues one item in the caller's transaction. Its payload is sealed (messages name their
/// recipients and copy the booking) and its sequence key stored as a keyed hash (it may name
/// an address).
pub async fn enqueue(ex: Ex<'_>, item: &NewItem<'_>) -> StoreResult<()> {
    let now = now_epoch();
    let keys = ex.keys()?;
    let payload = keys.seal_field(&item.payload);
    let sequence_key = item.sequence_key.as_deref().map(|k| keys.key_hash(k));
    on!(ex, c => sqlx::query(
        "INSERT INTO outbox (kind, payload, status, attempts, run_after, created_at, updated_at, booking_id, sequence_key, purpose)
         VALUES ($1, $2, 'pending', 0, $3, $4, $4, $5, $6, $7)")
        .bind(item.kind).bind(&payload).bind(item.due_at.unwrap_or(now)).bind(now)
        .bind(item.booking_id).bind(&sequence_key).bind(item.purpose)
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Whether an item with this sequence key was queued at or after `since`.
pub async fn queued_since(ex: Ex<'_>, sequence_key: &str, since: i64) -> StoreResult<bool> {
    let sequence_key = ex.keys()?.key_hash(sequence_key);
    let found: Option<i64> = on!(ex, c => sqlx::query_scalar(
        "SELECT id FROM outbox WHERE sequence_key = $1 AND created_at >= $2 LIMIT 1")
        .bind(&sequence_key).bind(since).fetch_optional(&mut *c).await)?;
    Ok(found.is_some())
}

/// Queues items in the caller's transaction: one statement on PostgreSQL, one per item on
/// SQLite (in-process, so no round trips).
pub async fn enqueue_many(mut ex: Ex<'_>, items: &[NewItem<'_>]) -> StoreResult<()> {
    let now = now_epoch();
    if let Ex::Postgres(c, sealing) = &mut ex {
        let sealed = sealing.keys()?;
        let kinds: Vec<&str> = items.iter().map(|i| i.kind).collect();
        let payloads: Vec<String> = items
            .iter()
            .map(|i| sealed.seal_field(&i.payload))
            .collect();
        let bookings: Vec<Option<i64>> = items.iter().map(|i| i.booking_id).collect();
        let keys: Vec<Option<String>> = items
            .iter()
            .map(|i| i.sequence_key.as_deref().map(|k| sealed.key_hash(k)))
            .collect();
        let purposes: Vec<Option<&str>> = items.iter().map(|i| i.purpose).collect();
        let dues: Vec<i64> = items.iter().map(|i| i.due_at.unwrap_or(now)).collect();
        sqlx::query(
            "INSERT INTO outbox (kind, payload, status, attempts, run_after, created_at, updated_at, booking_id, sequence_key, purpose)
             SELECT q.k, q.p, 'pending', 0, q.due, $1, $1, q.b, q.s, q.u
             FROM unnest($2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::bigint[])
                 WITH ORDINALITY AS q(k, p, b, s, u, due, n) ORDER BY q.n",
        )
        .bind(now).bind(&kinds).bind(&payloads).bind(&bookings).bind(&keys).bind(&purposes).bind(&dues)
        .execute(&mut **c)
        .await?;
        return Ok(());
    }
    for item in items {
        enqueue(super::reborrow(&mut ex), item).await?;
    }
    Ok(())
}

/// Drops a booking's reminders that have not gone out (the booking was cancelled, rejected or
/// moved). Answers how many.
pub async fn drop_reminders(ex: Ex<'_>, booking_id: i64) -> StoreResult<u64> {
    Ok(on!(ex, c => sqlx::query(
        "DELETE FROM outbox WHERE booking_id = $1 AND purpose = 'reminder' AND status = 'pending'")
        .bind(booking_id).execute(&mut *c).await.map(|r| r.rows_affected()))?)
}

/// One delivery about a booking, as a host sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeliveryRow {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    pub status: String,
    pub attempts: i64,
    pub run_after: i64,
    pub last_error: Option<String>,
    pub purpose: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A booking's deliveries (emails, SMS, webhooks, reminders), oldest first, in clear.
pub async fn for_booking(ex: Ex<'_>, booking_id: i64) -> StoreResult<Vec<DeliveryRow>> {
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, DeliveryRow>(
        "SELECT id, kind, payload, status, attempts, run_after, last_error, purpose, created_at, updated_at
         FROM outbox WHERE booking_id = $1 ORDER BY id")
        .bind(booking_id).fetch_all(&mut *c).await)?;
    rows.into_iter()
        .map(|mut row| {
            keys.open_in_place(&mut row.payload)?;
            if let Some(error) = row.last_error.as_mut() {
                keys.open_in_place(error)?;
            }
            Ok(row)
        })
        .collect()
}

/// Puts a failed delivery of a booking back in the queue, due now, with fresh attempts.
/// Answers whether there was such an item.
pub async fn retry_failed(ex: Ex<'_>, booking_id: i64, id: i64, now: i64) -> StoreResult<bool> {
    Ok(on!(ex, c => sqlx::query(
        "UPDATE outbox SET status = 'pending', attempts = 0, run_after = $3, created_at = $3, locked_until = NULL, updated_at = $3
         WHERE id = $1 AND booking_id = $2 AND status = 'failed'")
        .bind(id).bind(booking_id).bind(now).execute(&mut *c).await.map(|r| r.rows_affected() == 1))?)
}

/// Which items a worker claims: those of one kind, or all but some. Each kind of target has
/// its own worker, so a hung SMTP server never holds up a webhook or a text, nor the reverse.
#[derive(Debug, Clone, Copy)]
pub enum Lane<'a> {
    Only(&'a str),
    AllBut(&'a [&'a str]),
}

/// Claims up to `limit` items of `lane` due at `now` for `lease` seconds. An item waits while
/// an earlier one with its `sequence_key` is still pending or in delivery, so such items go out
/// in order. PostgreSQL skips rows other workers hold (`FOR UPDATE SKIP LOCKED`); SQLite's
/// write transaction serialises claimers.
pub async fn claim(
    tx: &mut Tx,
    lane: Lane<'_>,
    limit: i64,
    lease: i64,
    now: i64,
) -> StoreResult<Vec<OutboxRow>> {
    let (kinds, op): (&[&str], &str) = match &lane {
        Lane::Only(kind) => (std::slice::from_ref(kind), "IN"),
        Lane::AllBut(kinds) => (kinds, "NOT IN"),
    };
    let placeholders = (0..kinds.len())
        .map(|i| format!("${}", i + 4))
        .collect::<Vec<_>>()
        .join(", ");
    // Items in order are those with no earlier item of their sequence still to go.
    let in_turn = "(sequence_key IS NULL OR NOT EXISTS (SELECT 1 FROM outbox earlier
              WHERE earlier.sequence_key = outbox.sequence_key AND earlier.id < outbox.id
              AND earlier.status IN ('pending', 'working')))";
    // Two candidate lists, each read in an index's order and cut at `limit`, so a claim costs
    // the same with a backlog of thousands as with none: due items by due time (the
    // `(status, run_after)` index), and items whose worker's lease ran out.
    let lock = match tx.ex() {
        Ex::Postgres(..) => "FOR UPDATE SKIP LOCKED",
        Ex::Sqlite(..) => "",
    };
    let sql = sqlx::AssertSqlSafe(format!(
        "WITH due AS (SELECT id FROM outbox WHERE status = 'pending' AND run_after <= $1
                        AND kind {op} ({placeholders}) AND {in_turn}
                        ORDER BY run_after, id LIMIT $3 {lock}),
              stale AS (SELECT id FROM outbox WHERE status = 'working' AND locked_until < $1
                        AND kind {op} ({placeholders}) AND {in_turn}
                        ORDER BY id LIMIT $3 {lock})
         UPDATE outbox SET status = 'working', locked_until = $2, attempts = attempts + 1, updated_at = $1
         WHERE id IN (SELECT id FROM due UNION SELECT id FROM stale)
         RETURNING {CLAIMED}"
    ));
    let keys = tx.ex().keys()?;
    let rows = on!(tx.ex(), c => {
        let mut query = sqlx::query_as::<_, OutboxRow>(sql)
            .bind(now)
            .bind(now + lease)
            .bind(limit);
        for kind in kinds {
            query = query.bind(*kind);
        }
        query.fetch_all(&mut *c).await
    })?;
    rows.into_iter()
        .map(|mut row| {
            keys.open_in_place(&mut row.payload)?;
            Ok(row)
        })
        .collect()
}

pub async fn complete(ex: Ex<'_>, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE outbox SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = $2 WHERE id = $1")
        .bind(id).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Puts a claimed item back, due at `at`, taking back the attempt its claim counted.
pub async fn postpone(ex: Ex<'_>, id: i64, at: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE outbox SET status = 'pending', run_after = $2, locked_until = NULL, attempts = attempts - 1, updated_at = $3
         WHERE id = $1 AND status = 'working'")
        .bind(id).bind(at).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Moves a claimed item's lease to `until`.
pub async fn extend_lease(ex: Ex<'_>, id: i64, until: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE outbox SET locked_until = $2 WHERE id = $1 AND status = 'working'")
        .bind(id).bind(until).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Puts an item back for another attempt at `run_after`, or gives up (`failed`). The error is
/// sealed (a mail server's answer may quote the address).
pub async fn retry_or_fail(
    ex: Ex<'_>,
    id: i64,
    error: &str,
    run_after: Option<i64>,
) -> StoreResult<()> {
    let error = ex.keys()?.seal_field(error);
    let status = if run_after.is_some() {
        "pending"
    } else {
        "failed"
    };
    on!(ex, c => sqlx::query(
        "UPDATE outbox SET status = $2, run_after = COALESCE($3, run_after), locked_until = NULL, last_error = $4, updated_at = $5 WHERE id = $1")
        .bind(id).bind(status).bind(run_after).bind(&error).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
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
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, (String, i64, Option<String>)>("SELECT status, attempts, last_error FROM outbox WHERE kind = $1 ORDER BY id")
        .bind(kind).fetch_all(&mut *c).await)?;
    rows.into_iter()
        .map(|(status, attempts, error)| {
            let error = error.map(|e| keys.open_field(&e)).transpose()?;
            Ok((status, attempts, error))
        })
        .collect()
}

/// Per kind: items not yet delivered (due, working or waiting for a retry) and the oldest one's
/// `created_at` (for `/metrics`; the `(status, run_after)` index finds them).
pub async fn undelivered_by_kind(ex: Ex<'_>) -> StoreResult<Vec<(String, i64, i64)>> {
    Ok(on!(ex, c => sqlx::query_as::<_, (String, i64, i64)>(
            "SELECT kind, COUNT(*), MIN(created_at) FROM outbox WHERE status IN ('pending', 'working') GROUP BY kind")
        .fetch_all(&mut *c).await)?)
}
