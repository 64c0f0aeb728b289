//! What DESIGN 2.11's erasure clears, table by table, and the lookups of one person's data.
//! The service decides which bookings; these only change the rows of those bookings.

use super::{Ex, StoreResult, on};

/// Bookings whose attendee address is `email` (by its keyed hash), not yet erased.
pub async fn bookings_of_email(ex: Ex<'_>, email: &str) -> StoreResult<Vec<i64>> {
    let email_hash = ex.keys()?.email_hash(email);
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT id FROM bookings WHERE email_hash = $1 AND erased_at IS NULL ORDER BY id")
        .bind(&email_hash).fetch_all(&mut *c).await)?)
}

/// Bookings not yet erased that ended (at their end, or when cancelled or rejected if that
/// came first) at or before `cutoff`, oldest first, at most `limit`.
pub async fn ended_before(ex: Ex<'_>, cutoff: i64, limit: i64) -> StoreResult<Vec<i64>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT id FROM bookings WHERE erased_at IS NULL
           AND (end_time <= $1 OR (status IN ('cancelled', 'rejected') AND updated_at <= $1))
         ORDER BY id LIMIT $2")
        .bind(cutoff).bind(limit).fetch_all(&mut *c).await)?)
}

/// One outbox item of a booking, as erasure judges it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingMessage {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    pub status: String,
    pub created_at: i64,
}

/// Every outbox item about `booking_id`, in order, in clear.
pub async fn messages_of(ex: Ex<'_>, booking_id: i64) -> StoreResult<Vec<BookingMessage>> {
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, BookingMessage>(
        "SELECT id, kind, payload, status, created_at FROM outbox WHERE booking_id = $1 ORDER BY id")
        .bind(booking_id).fetch_all(&mut *c).await)?;
    rows.into_iter()
        .map(|mut row| {
            keys.open_in_place(&mut row.payload)?;
            Ok(row)
        })
        .collect()
}

pub async fn drop_message(ex: Ex<'_>, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM outbox WHERE id = $1")
        .bind(id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn rewrite_message(ex: Ex<'_>, id: i64, payload: &str) -> StoreResult<()> {
    let payload = ex.keys()?.seal_field(payload);
    on!(ex, c => sqlx::query("UPDATE outbox SET payload = $2 WHERE id = $1")
        .bind(id).bind(&payload).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Booking documents erasure keeps: the consent (its version and time, no text of the
/// attendee's) and who cancelled.
const KEPT_META: &str = "('privacy_consent', 'cancelled_by_type', 'refund_requested')";

/// Clears the attendee's data of one booking and marks it erased at `now`; `false` when it
/// was already erased (another process got there first): nothing is changed then.
pub async fn erase_booking(mut ex: Ex<'_>, id: i64, location: &str, now: i64) -> StoreResult<bool> {
    let location = super::bookings::seal_location(&*ex.keys()?, location);
    let changed = on!(&mut ex, c => sqlx::query(
        "UPDATE bookings SET erased_at = $2, updated_at = $2, email_hash = '' WHERE id = $1 AND erased_at IS NULL")
        .bind(id).bind(now).execute(&mut **c).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(false);
    }
    on!(&mut ex, c => sqlx::query(
        "UPDATE booking_attendees SET first_name = '', last_name = '', email = '', phone = '', message = '',
             internal_note = '', ip_address = '', location_details = $2, name_words = ''
         WHERE booking_id = $1")
        .bind(id).bind(&location).execute(&mut **c).await.map(|_| ()))?;
    let meta =
        format!("DELETE FROM booking_meta WHERE booking_id = $1 AND meta_key NOT IN {KEPT_META}");
    on!(&mut ex, c => sqlx::query(sqlx::AssertSqlSafe(meta))
        .bind(id).execute(&mut **c).await.map(|_| ()))?;
    on!(&mut ex, c => sqlx::query(
        "UPDATE activities SET description = '', updated_at = $2 WHERE booking_id = $1")
        .bind(id).bind(now).execute(&mut **c).await.map(|_| ()))?;
    on!(&mut ex, c => sqlx::query("UPDATE webhook_deliveries SET detail = '' WHERE booking_id = $1")
        .bind(id).execute(&mut **c).await.map(|_| ()))?;
    // A saved answer to a repeated create holds the booking as it was.
    on!(&mut ex, c => sqlx::query("DELETE FROM idempotency_keys WHERE booking_id = $1")
        .bind(id).execute(&mut **c).await.map(|_| ()))?;
    Ok(true)
}
