//! Busy times of hosts for the slot engine: their blocking bookings (with each event's
//! buffers) and the busy intervals of their connected calendars, in one range scan.

use super::{Ex, StoreResult, on};

/// A blocking booking of one host, as the slot engine needs it.
#[derive(Debug, Clone)]
pub struct BusyRow {
    pub host_id: i64,
    /// 0 for an external calendar's busy time; minus the hold's id for a hold.
    pub booking_id: i64,
    pub start_time: i64,
    pub end_time: i64,
    pub event_id: i64,
    pub group_id: i64,
    pub buffer_before_minutes: i64,
    pub buffer_after_minutes: i64,
}

impl BusyRow {
    /// A busy time from an external calendar (stored without booking or event: id 0).
    pub fn is_external(&self) -> bool {
        self.booking_id == 0
    }

    /// A live hold (read with minus its id as booking id).
    pub fn is_hold(&self) -> bool {
        self.booking_id < 0
    }
}

/// Longest booking the busy scan looks back for (a booking starting earlier than
/// `from - MAX_BOOKING_SECONDS` cannot reach `from`).
pub const MAX_BOOKING_SECONDS: i64 = 24 * 3600;

/// Longest buffer an event may have (minutes; the engine clamps to it).
pub const MAX_BUFFER_SECONDS: i64 = 24 * 3600;

/// One candidate time `[start, end)` and its event's buffers in seconds.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    pub start: i64,
    pub end: i64,
    pub before: i64,
    pub after: i64,
}

/// Blocking bookings (scheduled, pending, completed) of these hosts that overlap `[from, to)`:
/// one indexed range scan of `booking_hosts(user_id, start_time)`.
pub async fn busy_for_hosts(
    ex: Ex<'_>,
    host_ids: &[i64],
    from: i64,
    to: i64,
) -> StoreResult<Vec<BusyRow>> {
    busy_scan(ex, host_ids, from, to, None).await
}

/// Only the blocking bookings that can touch one candidate: those whose extent, widened by the
/// larger facing buffer on each side, meets it. A booking write or an explain evaluates one
/// time; reading the whole neighbourhood of a busy host under its lock made writes slow.
pub async fn busy_around(
    ex: Ex<'_>,
    host_ids: &[i64],
    candidate: Candidate,
) -> StoreResult<Vec<BusyRow>> {
    let from = candidate.start - candidate.before.max(MAX_BUFFER_SECONDS);
    let to = candidate.end + candidate.after.max(MAX_BUFFER_SECONDS);
    busy_scan(ex, host_ids, from, to, Some(candidate)).await
}

/// Each host's bookings come back packed in one text row
/// (`start,end,event,group,before,after,id;…`): SQLite hands every result row across threads,
/// and one row per host keeps a busy month cheap to read.
async fn busy_scan(
    ex: Ex<'_>,
    host_ids: &[i64],
    from: i64,
    to: i64,
    candidate: Option<Candidate>,
) -> StoreResult<Vec<BusyRow>> {
    if host_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(host_ids);
    let packed_item = "h.start_time || ',' || h.end_time || ',' || b.event_id || ',' || COALESCE(b.group_id, b.id) || ','
        || COALESCE(e.buffer_before_minutes, 0) || ',' || COALESCE(e.buffer_after_minutes, 0) || ',' || b.id";
    let aggregate = match ex {
        Ex::Sqlite(..) => format!("group_concat({packed_item}, ';')"),
        Ex::Postgres(..) => format!("string_agg({packed_item}, ';')"),
    };
    // The gap needed on each side is the larger of the two events' facing buffers (the
    // engine's rule), so a booking matters when either buffer reaches the candidate.
    let near = if candidate.is_some() {
        "AND (h.start_time < $5 OR h.start_time - 60 * COALESCE(e.buffer_before_minutes, 0) < $6)
         AND (h.end_time > $7 OR h.end_time + 60 * COALESCE(e.buffer_after_minutes, 0) > $8)"
    } else {
        ""
    };
    // External calendars' busy times (of calendars that check conflicts) are stored packed as
    // `start,end;…` per calendar and day (no booking, event or buffers: read back with booking
    // id 0), so a few rows per calendar cover the range; an interval is in the row of every
    // day it touches, so no look-back is needed (a repeated one blocks the same time twice).
    // Live holds block like bookings of their event; they read back with minus their id as
    // booking and group, so the engine tells them apart and the holder's create can leave its
    // own out.
    let hold_item = "hh.start_time || ',' || hh.end_time || ',' || ho.event_id || ',' || (-ho.id) || ','
        || COALESCE(e.buffer_before_minutes, 0) || ',' || COALESCE(e.buffer_after_minutes, 0) || ',' || (-ho.id)";
    let hold_aggregate = match ex {
        Ex::Sqlite(..) => format!("group_concat({hold_item}, ';')"),
        Ex::Postgres(..) => format!("string_agg({hold_item}, ';')"),
    };
    let calendar_aggregate = match ex {
        Ex::Sqlite(..) => "group_concat(cb.intervals, ';')",
        Ex::Postgres(..) => "string_agg(cb.intervals, ';')",
    };
    // Only integers and fixed text are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT h.user_id, {aggregate}
         FROM booking_hosts h
         JOIN bookings b ON b.id = h.booking_id
         LEFT JOIN events e ON e.id = b.event_id
         WHERE h.user_id IN ({list}) AND h.start_time >= $1 AND h.start_time < $2 AND h.end_time > $3
           AND h.booking_status IN ('scheduled', 'pending', 'completed') {near}
         GROUP BY h.user_id
         UNION ALL
         SELECT hh.user_id, {hold_aggregate}
         FROM hold_hosts hh
         JOIN holds ho ON ho.id = hh.hold_id
         LEFT JOIN events e ON e.id = ho.event_id
         WHERE hh.user_id IN ({list}) AND hh.start_time >= $1 AND hh.start_time < $2 AND hh.end_time > $3
           AND hh.expires_at > $4
         GROUP BY hh.user_id
         UNION ALL
         SELECT cb.user_id, {calendar_aggregate}
         FROM calendar_busy cb
         JOIN external_calendars c ON c.id = cb.calendar_id AND c.check_conflicts
         WHERE cb.user_id IN ({list}) AND cb.day >= $1 / 86400 AND cb.day <= $2 / 86400
         GROUP BY cb.user_id"
    ));
    let packed: Vec<(i64, Option<String>)> = on!(ex, c => {
        let mut query = sqlx::query_as::<_, (i64, Option<String>)>(sql)
            .bind(from - MAX_BOOKING_SECONDS).bind(to).bind(from).bind(super::now_epoch());
        if let Some(c) = candidate {
            query = query.bind(c.end + c.after).bind(c.end).bind(c.start - c.before).bind(c.start);
        }
        query.fetch_all(&mut *c).await
    })?;
    let mut rows = Vec::new();
    for (host_id, text) in packed {
        for item in text
            .unwrap_or_default()
            .split(';')
            .filter(|i| !i.is_empty())
        {
            let n: Vec<i64> = item
                .split(',')
                .filter_map(|x| x.trim().parse().ok())
                .collect();
            let [
                start_time,
                end_time,
                event_id,
                group_id,
                before,
                after,
                booking_id,
            ] = match n[..] {
                [start, end] => [start, end, 0, 0, 0, 0, 0],
                [a, b, c, d, e, f, g] => [a, b, c, d, e, f, g],
                _ => return Err(super::StoreError::Corrupt(format!("busy item {item}"))),
            };
            rows.push(BusyRow {
                host_id,
                booking_id,
                start_time,
                end_time,
                event_id,
                group_id,
                buffer_before_minutes: before,
                buffer_after_minutes: after,
            });
        }
    }
    rows.sort_by_key(|r| r.start_time);
    Ok(rows)
}
