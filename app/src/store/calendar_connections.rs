//! `calendar_connections`, `external_calendars`, `calendar_busy`, `calendar_writes`: a user's
//! external calendars, the busy times last read from them, and what slotbook wrote into them.

use super::{Ex, StoreResult, now_epoch, on, reborrow};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ConnectionRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub title: String,
    pub shown_url: String,
    pub sealed_url: String,
    pub username: String,
    pub sealed_password: Option<String>,
    pub home_url: String,
    pub status: String,
    pub last_error: String,
    pub last_synced_at: Option<i64>,
}

const CONNECTION_COLUMNS: &str = "id, user_id, kind, title, shown_url, sealed_url, username, \
     sealed_password, home_url, status, last_error, last_synced_at";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CalendarRow {
    pub id: i64,
    pub connection_id: i64,
    pub user_id: i64,
    pub href: String,
    pub name: String,
    pub check_conflicts: bool,
    pub is_destination: bool,
    pub read_only: bool,
    pub ctag: String,
}

const CALENDAR_COLUMNS: &str =
    "id, connection_id, user_id, href, name, check_conflicts, is_destination, read_only, ctag";

pub struct NewConnection<'a> {
    pub user_id: i64,
    pub kind: &'a str,
    pub title: &'a str,
    pub shown_url: &'a str,
    pub sealed_url: &'a str,
    pub username: &'a str,
    pub sealed_password: Option<&'a str>,
    pub home_url: &'a str,
    /// When the background sync first looks at it.
    pub sync_after: i64,
}

pub async fn insert(ex: Ex<'_>, new: &NewConnection<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO calendar_connections
           (user_id, kind, title, shown_url, sealed_url, username, sealed_password, home_url,
            status, last_error, last_synced_at, sync_after, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ok', '', $9, $10, $9, $9) RETURNING id")
        .bind(new.user_id).bind(new.kind).bind(new.title).bind(new.shown_url)
        .bind(new.sealed_url).bind(new.username).bind(new.sealed_password).bind(new.home_url)
        .bind(now_epoch()).bind(new.sync_after)
        .fetch_one(&mut *c).await)?)
}

pub async fn list_for_user(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<ConnectionRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {CONNECTION_COLUMNS} FROM calendar_connections WHERE user_id = $1 ORDER BY id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ConnectionRow>(sql)
        .bind(user_id).fetch_all(&mut *c).await)?)
}

/// The connections of any of these users (the hosts of an event).
pub async fn list_for_users(ex: Ex<'_>, user_ids: &[i64]) -> StoreResult<Vec<ConnectionRow>> {
    if user_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(user_ids);
    // Only integers are interpolated.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {CONNECTION_COLUMNS} FROM calendar_connections WHERE user_id IN ({list}) ORDER BY id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ConnectionRow>(sql).fetch_all(&mut *c).await)?)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<ConnectionRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {CONNECTION_COLUMNS} FROM calendar_connections WHERE id = $1"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ConnectionRow>(sql)
        .bind(id).fetch_optional(&mut *c).await)?)
}

pub async fn update_details(
    ex: Ex<'_>,
    id: i64,
    title: &str,
    username: &str,
    sealed_password: Option<&str>,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE calendar_connections SET title = $2, username = $3, sealed_password = $4,
           updated_at = $5 WHERE id = $1")
        .bind(id).bind(title).bind(username).bind(sealed_password).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The outcome of a sync: `ok` with the time, or `error` with a short reason (the last good
/// time stays).
pub async fn set_status(
    ex: Ex<'_>,
    id: i64,
    error: Option<&str>,
    synced_at: i64,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE calendar_connections SET status = $2, last_error = $3,
           last_synced_at = CASE WHEN $2 = 'ok' THEN $4 ELSE last_synced_at END, updated_at = $4
         WHERE id = $1")
        .bind(id).bind(if error.is_some() { "error" } else { "ok" })
        .bind(error.unwrap_or_default()).bind(synced_at)
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Deletes the connection, its calendars, busy times and write records, and its sealed
/// credentials with it.
pub async fn delete(ex: Ex<'_>, id: i64) -> StoreResult<bool> {
    let done = on!(ex, c => sqlx::query("DELETE FROM calendar_connections WHERE id = $1")
        .bind(id).execute(&mut *c).await.map(|r| r.rows_affected()))?;
    Ok(done > 0)
}

/// Claims up to `limit` connections whose background sync is due, for `lease` seconds: one
/// process syncs a connection at a time. Answers their ids.
pub async fn claim_due(ex: Ex<'_>, now: i64, lease: i64, limit: i64) -> StoreResult<Vec<i64>> {
    // The conditions are repeated outside the sub-select: PostgreSQL re-checks them on a row
    // another process claimed meanwhile.
    Ok(on!(ex, c => sqlx::query_scalar(
        "UPDATE calendar_connections SET sync_lease_until = $2
         WHERE id IN (SELECT id FROM calendar_connections
                      WHERE sync_after <= $1 AND sync_lease_until <= $1 ORDER BY sync_after LIMIT $3)
           AND sync_after <= $1 AND sync_lease_until <= $1
         RETURNING id")
        .bind(now).bind(now + lease).bind(limit)
        .fetch_all(&mut *c).await)?)
}

/// The next background sync of `id` at `at`, its lease released.
pub async fn schedule_sync(ex: Ex<'_>, id: i64, at: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE calendar_connections SET sync_after = $2, sync_lease_until = 0 WHERE id = $1")
        .bind(id).bind(at).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn calendars_of(ex: Ex<'_>, connection_ids: &[i64]) -> StoreResult<Vec<CalendarRow>> {
    if connection_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(connection_ids);
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {CALENDAR_COLUMNS} FROM external_calendars WHERE connection_id IN ({list}) ORDER BY id"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, CalendarRow>(sql).fetch_all(&mut *c).await)?)
}

/// The user's destination calendar, if one is chosen.
pub async fn destination_of(ex: Ex<'_>, user_id: i64) -> StoreResult<Option<CalendarRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {CALENDAR_COLUMNS} FROM external_calendars WHERE user_id = $1 AND is_destination"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, CalendarRow>(sql)
        .bind(user_id).fetch_optional(&mut *c).await)?)
}

/// Adds a discovered calendar or refreshes its name, keeping its id (and the user's choices).
pub async fn upsert_calendar(
    ex: Ex<'_>,
    connection_id: i64,
    user_id: i64,
    href: &str,
    name: &str,
    read_only: bool,
) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO external_calendars (connection_id, user_id, href, name, check_conflicts,
           is_destination, read_only, ctag)
         VALUES ($1, $2, $3, $4, TRUE, FALSE, $5, '')
         ON CONFLICT (connection_id, href) DO UPDATE SET name = excluded.name,
           read_only = excluded.read_only,
           is_destination = external_calendars.is_destination AND NOT excluded.read_only
         RETURNING id")
        .bind(connection_id).bind(user_id).bind(href).bind(name).bind(read_only)
        .fetch_one(&mut *c).await)?)
}

/// Drops the calendars of a connection that the server no longer lists.
pub async fn drop_calendars_except(
    ex: Ex<'_>,
    connection_id: i64,
    keep: &[i64],
) -> StoreResult<()> {
    // `0` keeps the list non-empty (no calendar has id 0).
    let list = super::id_list(&[keep, &[0]].concat());
    let sql = sqlx::AssertSqlSafe(format!(
        "DELETE FROM external_calendars WHERE connection_id = $1 AND id NOT IN ({list})"
    ));
    on!(ex, c => sqlx::query(sql).bind(connection_id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn set_calendar_choices(
    ex: Ex<'_>,
    calendar_id: i64,
    check_conflicts: bool,
    is_destination: bool,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE external_calendars SET check_conflicts = $2, is_destination = $3 WHERE id = $1")
        .bind(calendar_id).bind(check_conflicts).bind(is_destination)
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// At most one destination per user: clears every other one.
pub async fn clear_destinations_except(ex: Ex<'_>, user_id: i64, keep: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE external_calendars SET is_destination = FALSE WHERE user_id = $1 AND id <> $2 AND is_destination")
        .bind(user_id).bind(keep).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// One busy interval of a calendar.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct BusyInterval {
    pub calendar_id: i64,
    pub start_time: i64,
    pub end_time: i64,
}

/// Replaces a calendar's busy set and change tag in one transaction (the caller's). Locks the
/// calendar's row first, so two processes storing the same calendar take turns. `days` are
/// (UTC day, `start,end;…`) rows.
pub async fn replace_busy(
    mut ex: Ex<'_>,
    calendar_id: i64,
    user_id: i64,
    ctag: &str,
    days: &[(i64, String)],
) -> StoreResult<()> {
    {
        let ex = reborrow(&mut ex);
        on!(ex, c => sqlx::query("UPDATE external_calendars SET ctag = $2 WHERE id = $1")
            .bind(calendar_id).bind(ctag).execute(&mut *c).await.map(|_| ()))?;
    }
    {
        let ex = reborrow(&mut ex);
        on!(ex, c => sqlx::query("DELETE FROM calendar_busy WHERE calendar_id = $1")
            .bind(calendar_id).execute(&mut *c).await.map(|_| ()))?;
    }
    // Integers, commas and semicolons only, in batches well under both backends' limits.
    for chunk in days.chunks(200) {
        let values = chunk
            .iter()
            .filter(|(_, packed)| {
                packed
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b"-,;".contains(&b))
            })
            .map(|(day, packed)| format!("({calendar_id}, {user_id}, {day}, '{packed}')"))
            .collect::<Vec<_>>()
            .join(",");
        if values.is_empty() {
            continue;
        }
        let sql = sqlx::AssertSqlSafe(format!(
            "INSERT INTO calendar_busy (calendar_id, user_id, day, intervals) VALUES {values}"
        ));
        let ex = reborrow(&mut ex);
        on!(ex, c => sqlx::query(sql).execute(&mut *c).await.map(|_| ()))?;
    }
    Ok(())
}

/// The stored busy intervals of a connection's calendars that check conflicts, overlapping
/// `[from, to)`, in order.
pub async fn busy_of_connection(
    ex: Ex<'_>,
    connection_id: i64,
    from: i64,
    to: i64,
) -> StoreResult<Vec<BusyInterval>> {
    let rows: Vec<(i64, String)> = on!(ex, c => sqlx::query_as(
        "SELECT b.calendar_id, b.intervals FROM calendar_busy b
         JOIN external_calendars k ON k.id = b.calendar_id
         WHERE k.connection_id = $1 AND k.check_conflicts AND b.day >= $2 AND b.day <= $3")
        .bind(connection_id).bind(from.div_euclid(86_400)).bind(to.div_euclid(86_400))
        .fetch_all(&mut *c).await)?;
    let mut out = Vec::new();
    for (calendar_id, packed) in rows {
        for item in packed.split(';') {
            let Some((start, end)) = item.split_once(',') else {
                continue;
            };
            let (Ok(start_time), Ok(end_time)) = (start.parse::<i64>(), end.parse::<i64>()) else {
                return Err(super::StoreError::Corrupt(format!("busy interval {item}")));
            };
            if start_time < to && end_time > from {
                out.push(BusyInterval {
                    calendar_id,
                    start_time,
                    end_time,
                });
            }
        }
    }
    // An interval of several days is stored in each of its days.
    out.sort_by_key(|b| (b.start_time, b.calendar_id, b.end_time));
    out.dedup_by_key(|b| (b.start_time, b.calendar_id, b.end_time));
    Ok(out)
}

/// UIDs of the events slotbook wrote into this user's calendars.
pub async fn own_uids(ex: Ex<'_>, user_id: i64) -> StoreResult<Vec<String>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT uid FROM calendar_writes WHERE user_id = $1")
        .bind(user_id).fetch_all(&mut *c).await)?,
    )
}

/// The hosts of a booking (its `booking_hosts`) that need a write-back item: those with a
/// destination calendar, or with a copy of this UID written earlier (to move or remove).
pub async fn write_targets(ex: Ex<'_>, booking_id: i64, uid: &str) -> StoreResult<Vec<i64>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT DISTINCT h.user_id FROM booking_hosts h
         WHERE h.booking_id = $1
           AND (EXISTS (SELECT 1 FROM external_calendars k WHERE k.user_id = h.user_id AND k.is_destination)
                OR EXISTS (SELECT 1 FROM calendar_writes w WHERE w.user_id = h.user_id AND w.uid = $2))
         ORDER BY h.user_id")
        .bind(booking_id).bind(uid).fetch_all(&mut *c).await)?)
}

/// A copy slotbook wrote: in which calendar, at which address, with which SEQUENCE.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WriteRow {
    pub calendar_id: i64,
    pub href: String,
    pub sequence: i64,
}

pub async fn writes_of(ex: Ex<'_>, user_id: i64, uid: &str) -> StoreResult<Vec<WriteRow>> {
    Ok(on!(ex, c => sqlx::query_as::<_, WriteRow>(
        "SELECT calendar_id, href, sequence FROM calendar_writes WHERE user_id = $1 AND uid = $2 ORDER BY calendar_id")
        .bind(user_id).bind(uid).fetch_all(&mut *c).await)?)
}

pub async fn remember_write(
    ex: Ex<'_>,
    calendar_id: i64,
    user_id: i64,
    uid: &str,
    href: &str,
    sequence: i64,
) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO calendar_writes (calendar_id, user_id, uid, href, sequence) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (calendar_id, uid) DO UPDATE SET href = excluded.href, sequence = excluded.sequence")
        .bind(calendar_id).bind(user_id).bind(uid).bind(href).bind(sequence)
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn forget_write(ex: Ex<'_>, calendar_id: i64, uid: &str) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM calendar_writes WHERE calendar_id = $1 AND uid = $2")
        .bind(calendar_id).bind(uid).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The connection a calendar belongs to.
pub async fn connection_of_calendar(
    ex: Ex<'_>,
    calendar_id: i64,
) -> StoreResult<Option<ConnectionRow>> {
    let columns = CONNECTION_COLUMNS
        .split(", ")
        .map(|c| format!("n.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {columns} FROM calendar_connections n JOIN external_calendars k ON k.connection_id = n.id WHERE k.id = $1"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, ConnectionRow>(sql)
        .bind(calendar_id).fetch_optional(&mut *c).await)?)
}
