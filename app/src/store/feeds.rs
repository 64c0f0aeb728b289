//! `calendar_feeds`: each user's secret feed addresses (DESIGN 2.12), and the bookings a feed
//! shows.

use super::bookings::{BOOKING_COLUMNS, BOOKING_FROM, BookingRow};
use super::{Ex, StoreResult, on};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FeedRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub token_sealed: String,
    pub created_at: i64,
    pub last_fetched_at: Option<i64>,
}

const COLUMNS: &str = "id, user_id, kind, token_sealed, created_at, last_fetched_at";

/// A new feed; a second one of the same kind for the user is a `UniqueViolation`.
pub async fn insert(
    ex: Ex<'_>,
    user_id: i64,
    kind: &str,
    token_digest: &str,
    token_sealed: &str,
    now: i64,
) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO calendar_feeds (user_id, kind, token_digest, token_sealed, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id")
        .bind(user_id).bind(kind).bind(token_digest).bind(token_sealed).bind(now)
        .fetch_one(&mut *c).await)?)
}

/// The user's feeds, oldest first.
pub async fn of_user(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<FeedRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM calendar_feeds WHERE user_id = $1 ORDER BY id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, FeedRow>(sql).bind(user_id).fetch_all(&mut *c).await)?)
}

/// A new address for the user's feed `id` (the old one is gone at once); `None`: no such
/// feed of this user.
pub async fn replace_token(
    ex: Ex<'_>,
    user_id: i64,
    id: i64,
    token_digest: &str,
    token_sealed: &str,
) -> StoreResult<Option<FeedRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE calendar_feeds SET token_digest = $3, token_sealed = $4
         WHERE id = $1 AND user_id = $2 RETURNING {COLUMNS}"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, FeedRow>(sql).bind(id).bind(user_id)
        .bind(token_digest).bind(token_sealed).fetch_optional(&mut *c).await)?,
    )
}

/// Deletes the user's feed `id`; answers whether there was one.
pub async fn delete_of_user(ex: Ex<'_>, user_id: i64, id: i64) -> StoreResult<bool> {
    let deleted = on!(ex, c => sqlx::query("DELETE FROM calendar_feeds WHERE id = $1 AND user_id = $2")
        .bind(id).bind(user_id).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(deleted > 0)
}

/// The feed whose token has this digest, noting that it was fetched at `now`.
pub async fn find_by_digest(ex: Ex<'_>, token_digest: &str) -> StoreResult<Option<FeedRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM calendar_feeds WHERE token_digest = $1"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, FeedRow>(sql).bind(token_digest)
        .fetch_optional(&mut *c).await)?,
    )
}

/// Notes a fetch at `now`, unless one was noted since `since` (a subscribed client polls every
/// few minutes; a write per request would queue readers behind SQLite's one writer).
pub async fn note_fetch(ex: Ex<'_>, id: i64, now: i64, since: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE calendar_feeds SET last_fetched_at = $2
         WHERE id = $1 AND (last_fetched_at IS NULL OR last_fetched_at < $3)")
        .bind(id).bind(now).bind(since).execute(&mut *c).await.map(drop))?;
    Ok(())
}

/// A booking as a feed shows it: the row, and how often it moved (its entry's SEQUENCE).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FeedBooking {
    #[sqlx(flatten)]
    pub booking: BookingRow,
    pub reschedules: i64,
}

/// The bookings `user_id` hosts (on its calendars, or assigned to it) that start at `since`
/// or later, in start order.
pub async fn hosted_bookings(
    ex: Ex<'_>,
    user_id: i64,
    since: i64,
) -> StoreResult<Vec<FeedBooking>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {BOOKING_COLUMNS}, b.reschedules FROM {BOOKING_FROM}
         WHERE b.start_time >= $2
           AND (b.calendar_id IN (SELECT id FROM calendars WHERE user_id = $1)
                OR b.id IN (SELECT booking_id FROM booking_hosts WHERE user_id = $1))
         ORDER BY b.start_time, b.id"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, FeedBooking>(sql).bind(user_id).bind(since)
        .fetch_all(&mut *c).await)?;
    rows.into_iter()
        .map(|row| {
            Ok(FeedBooking {
                booking: row.booking.opened(&keys)?,
                ..row
            })
        })
        .collect()
}
