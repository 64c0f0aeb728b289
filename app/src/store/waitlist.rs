//! `waitlist_entries` (DESIGN 2.12): visitors waiting for a taken time of an event, found by
//! the digests of their leave and offer tokens. An offered entry's place is a row of `holds`
//! with the offer's digest.

use super::sealing::Keys;
use super::{Ex, StoreResult, on};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EntryRow {
    pub id: i64,
    pub event_id: i64,
    pub start_time: i64,
    pub end_time: i64,
    pub name: String,
    pub email: String,
    pub person_time_zone: String,
    pub status: String,
    pub offer_expires_at: Option<i64>,
    pub booking_id: Option<i64>,
    pub created_at: i64,
    /// The offer token's digest, once offered (also its hold's).
    pub offer_digest: Option<String>,
    /// The language the visitor joined in (DESIGN 2.9): its emails speak it.
    pub language: String,
}

impl EntryRow {
    /// The entry with the visitor's name and address in clear.
    fn opened(mut self, keys: &Keys) -> StoreResult<EntryRow> {
        keys.open_in_place(&mut self.name)?;
        keys.open_in_place(&mut self.email)?;
        Ok(self)
    }
}

fn opened(rows: Vec<EntryRow>, keys: &Keys) -> StoreResult<Vec<EntryRow>> {
    rows.into_iter().map(|r| r.opened(keys)).collect()
}

const COLUMNS: &str = "id, event_id, start_time, end_time, name, email, person_time_zone, status,
    offer_expires_at, booking_id, created_at, offer_digest, language";

/// An entry to write (status `waiting`).
pub struct NewEntry<'a> {
    pub event_id: i64,
    pub start_time: i64,
    pub end_time: i64,
    pub name: &'a str,
    pub email: &'a str,
    pub person_time_zone: &'a str,
    pub leave_digest: &'a str,
    pub language: &'a str,
}

pub async fn insert(ex: Ex<'_>, entry: &NewEntry<'_>, now: i64) -> StoreResult<EntryRow> {
    let sql = sqlx::AssertSqlSafe(format!(
        "INSERT INTO waitlist_entries (event_id, start_time, end_time, name, email, person_time_zone,
            status, leave_digest, created_at, updated_at, email_hash, language)
         VALUES ($1, $2, $3, $4, $5, $6, 'waiting', $7, $8, $8, $9, $10) RETURNING {COLUMNS}"
    ));
    let keys = ex.keys()?;
    let (name, email) = (keys.seal_field(entry.name), keys.seal_field(entry.email));
    let email_hash = keys.email_hash(entry.email);
    let row = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql)
        .bind(entry.event_id).bind(entry.start_time).bind(entry.end_time).bind(&name)
        .bind(&email).bind(entry.person_time_zone).bind(entry.leave_digest).bind(now).bind(&email_hash)
        .bind(entry.language).fetch_one(&mut *c).await)?;
    row.opened(&keys)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries WHERE id = $1"
    ));
    let keys = ex.keys()?;
    let row =
        on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(id).fetch_optional(&mut *c).await)?;
    row.map(|r| r.opened(&keys)).transpose()
}

/// The entry whose leave token has this digest.
pub async fn find_by_leave(ex: Ex<'_>, digest: &str) -> StoreResult<Option<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries WHERE leave_digest = $1"
    ));
    let keys = ex.keys()?;
    let row = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(digest).fetch_optional(&mut *c).await)?;
    row.map(|r| r.opened(&keys)).transpose()
}

/// The entry whose offer token has this digest.
pub async fn find_by_offer(ex: Ex<'_>, digest: &str) -> StoreResult<Option<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries WHERE offer_digest = $1"
    ));
    let keys = ex.keys()?;
    let row = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(digest).fetch_optional(&mut *c).await)?;
    row.map(|r| r.opened(&keys)).transpose()
}

/// Whether this address is waiting or offered at this time of the event.
pub async fn has_open(ex: Ex<'_>, event_id: i64, start: i64, email: &str) -> StoreResult<bool> {
    let email_hash = ex.keys()?.email_hash(email);
    let n: i64 = on!(ex, c => sqlx::query_scalar(
        "SELECT COUNT(*) FROM waitlist_entries WHERE event_id = $1 AND start_time = $2
           AND email_hash = $3 AND status IN ('waiting', 'offered')")
        .bind(event_id).bind(start).bind(&email_hash).fetch_one(&mut *c).await)?;
    Ok(n > 0)
}

/// Every entry of the event, by start time then join order.
pub async fn of_event(ex: Ex<'_>, event_id: i64) -> StoreResult<Vec<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries WHERE event_id = $1 ORDER BY start_time, id"
    ));
    let keys = ex.keys()?;
    let rows =
        on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(event_id).fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

/// Every entry of this address (matched by its lookup hash), by id.
pub async fn of_email(ex: Ex<'_>, email: &str) -> StoreResult<Vec<EntryRow>> {
    let keys = ex.keys()?;
    let email_hash = keys.email_hash(email);
    if email_hash.is_empty() {
        return Ok(Vec::new());
    }
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries WHERE email_hash = $1 ORDER BY id"
    ));
    let rows = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(&email_hash)
        .fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

/// An entry that still holds something of its visitor (retention and erasure look for it).
const HOLDS_DATA: &str = "(email_hash <> '' OR name <> '' OR email <> '')";

/// Up to `limit` entries whose time ended before `cutoff` that still hold a name or an
/// address (retention), by id.
pub async fn ended_with_data_before(
    ex: Ex<'_>,
    cutoff: i64,
    limit: i64,
) -> StoreResult<Vec<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries
         WHERE end_time < $1 AND {HOLDS_DATA} ORDER BY id LIMIT $2"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(cutoff).bind(limit)
        .fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

/// The entry loses its visitor's name and address (and the address's lookup hash, so no
/// search finds it again); answers whether it held any.
pub async fn erase(ex: Ex<'_>, id: i64, now: i64) -> StoreResult<bool> {
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE waitlist_entries SET name = '', email = '', email_hash = '', updated_at = $2
         WHERE id = $1 AND {HOLDS_DATA}"
    ));
    let done = on!(ex, c => sqlx::query(sql)
        .bind(id).bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// The waiting entries of one time of an event, in join order.
pub async fn waiting_at(ex: Ex<'_>, event_id: i64, start: i64) -> StoreResult<Vec<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries
         WHERE event_id = $1 AND start_time = $2 AND status = 'waiting' ORDER BY id"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(event_id).bind(start)
        .fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

/// The (event, start) of every time in the future that someone waits for, with that event's
/// hosts' ids unknown here; each once.
pub async fn waited_times(ex: Ex<'_>, now: i64) -> StoreResult<Vec<(i64, i64)>> {
    Ok(on!(ex, c => sqlx::query_as::<_, (i64, i64)>(
        "SELECT DISTINCT event_id, start_time FROM waitlist_entries
         WHERE status = 'waiting' AND start_time > $1 ORDER BY event_id, start_time")
        .bind(now).fetch_all(&mut *c).await)?)
}

/// The times of one event someone waits for, each once, in order.
pub async fn waited_times_of_event(ex: Ex<'_>, event_id: i64, now: i64) -> StoreResult<Vec<i64>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT DISTINCT start_time FROM waitlist_entries
         WHERE event_id = $1 AND status = 'waiting' AND start_time > $2 ORDER BY start_time")
        .bind(event_id).bind(now).fetch_all(&mut *c).await)?)
}

/// Waited-for times whose span meets `[from, to)`, each once (a booking that left that span
/// may have freed them).
pub async fn waited_times_within(
    ex: Ex<'_>,
    from: i64,
    to: i64,
    now: i64,
) -> StoreResult<Vec<(i64, i64)>> {
    Ok(on!(ex, c => sqlx::query_as::<_, (i64, i64)>(
        "SELECT DISTINCT event_id, start_time FROM waitlist_entries
         WHERE status = 'waiting' AND start_time < $2 AND end_time > $1 AND start_time > $3
         ORDER BY event_id, start_time")
        .bind(from).bind(to).bind(now).fetch_all(&mut *c).await)?)
}

/// Offered entries whose offer ended at or before `now`.
pub async fn lapsed_offers(ex: Ex<'_>, now: i64) -> StoreResult<Vec<EntryRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries
         WHERE status = 'offered' AND offer_expires_at <= $1 ORDER BY offer_expires_at, id"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(now).fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

/// Makes a waiting entry `offered` until `expires_at` under the offer token's digest; answers
/// whether it was still waiting.
pub async fn offer(
    ex: Ex<'_>,
    id: i64,
    offer_digest: &str,
    expires_at: i64,
    now: i64,
) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query(
        "UPDATE waitlist_entries SET status = 'offered', offer_digest = $2, offer_expires_at = $3,
            updated_at = $4 WHERE id = $1 AND status = 'waiting'")
        .bind(id).bind(offer_digest).bind(expires_at).bind(now)
        .execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// Compare-and-swap of an entry's status; answers whether it was in one of `from`.
pub async fn swap_status(
    ex: Ex<'_>,
    id: i64,
    from: &[&str],
    to: &str,
    now: i64,
) -> StoreResult<bool> {
    let list = from
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ");
    // `from` holds this module's callers' fixed status names, never input.
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE waitlist_entries SET status = $2, updated_at = $3 WHERE id = $1 AND status IN ({list})"
    ));
    let done = on!(ex, c => sqlx::query(sql).bind(id).bind(to).bind(now)
        .execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// An offered entry claimed by its booking: `booked`, while its offer is live; answers
/// whether it was.
pub async fn mark_booked(ex: Ex<'_>, id: i64, now: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query(
        "UPDATE waitlist_entries SET status = 'booked', updated_at = $2
         WHERE id = $1 AND status = 'offered' AND offer_expires_at > $2")
        .bind(id).bind(now).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

pub async fn set_booking(ex: Ex<'_>, id: i64, booking_id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("UPDATE waitlist_entries SET booking_id = $2 WHERE id = $1")
        .bind(id).bind(booking_id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The entries of `event_ids` starting in `[from, to)`, by start time then join order.
pub async fn of_events_between(
    ex: Ex<'_>,
    event_ids: &[i64],
    (from, to): (i64, i64),
) -> StoreResult<Vec<EntryRow>> {
    if event_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(event_ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM waitlist_entries
         WHERE event_id IN ({list}) AND start_time >= $1 AND start_time < $2
         ORDER BY start_time, event_id, id LIMIT 500"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, EntryRow>(sql).bind(from).bind(to)
        .fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}
