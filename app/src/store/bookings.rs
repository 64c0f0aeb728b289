//! `bookings` and `booking_hosts`.

use super::sealing::Keys;
use super::{Ex, StoreResult, now_epoch, on, reborrow};

/// A booking to store; times are epoch seconds (UTC).
pub struct NewBooking<'a> {
    pub hash: &'a str,
    pub calendar_id: i64,
    pub event_id: i64,
    pub host_user_id: i64,
    pub person_time_zone: &'a str,
    pub start_time: i64,
    pub end_time: i64,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub message: &'a str,
    pub status: &'a str,
    pub source: &'a str,
    pub event_type: &'a str,
    /// The language code it is booked in (DESIGN 2.9).
    pub language: &'a str,
}

/// Everything else a booking row may carry beyond [`NewBooking`].
#[derive(Default)]
pub struct BookingExtras<'a> {
    /// Join this group (attendees of one group slot); `None` starts a group of its own.
    pub group_id: Option<i64>,
    pub phone: &'a str,
    pub location_details: &'a str,
    pub source_url: &'a str,
    pub person_user_id: Option<i64>,
    pub ip_address: &'a str,
    /// Hosts besides `host_user_id` (collective events attach every member).
    pub other_hosts: &'a [i64],
    pub video_url: Option<&'a str>,
    /// `(series_id, series_index, series_count)` of a series' occurrence; a series' first
    /// occurrence names no id (it becomes the series' id).
    pub series: Option<(Option<i64>, i64, i64)>,
}

/// Inserts the booking as its own group and records its host.
pub async fn insert(ex: Ex<'_>, b: &NewBooking<'_>) -> StoreResult<i64> {
    insert_full(ex, b, &BookingExtras::default()).await
}

/// Inserts a booking with its hosts; answers its id.
pub async fn insert_full(
    mut ex: Ex<'_>,
    b: &NewBooking<'_>,
    x: &BookingExtras<'_>,
) -> StoreResult<i64> {
    let now = now_epoch();
    let sealed = SealedAttendee::of(&*ex.keys()?, b, x);
    let id: i64 = on!(&mut ex, c => sqlx::query_scalar(
        "INSERT INTO bookings (hash, calendar_id, event_id, host_user_id, person_time_zone, start_time, end_time,
            slot_minutes, status, source, event_type, source_url, person_user_id, created_at, updated_at, video_url,
            series_index, series_count, email_hash, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17, $18, $19)
         RETURNING id")
        .bind(b.hash).bind(b.calendar_id).bind(b.event_id).bind(b.host_user_id).bind(b.person_time_zone)
        .bind(b.start_time).bind(b.end_time).bind((b.end_time - b.start_time) / 60).bind(b.status)
        .bind(b.source).bind(b.event_type).bind(x.source_url).bind(x.person_user_id).bind(now)
        .bind(x.video_url).bind(x.series.map(|s| s.1)).bind(x.series.map(|s| s.2)).bind(&sealed.email_hash)
        .bind(b.language).fetch_one(&mut **c).await)?;
    on!(&mut ex, c => sqlx::query(
        "INSERT INTO booking_attendees (booking_id, first_name, last_name, email, message, phone, location_details,
            ip_address, name_words)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
        .bind(id).bind(&sealed.first_name).bind(&sealed.last_name).bind(&sealed.email).bind(&sealed.message)
        .bind(&sealed.phone).bind(&sealed.location_details).bind(&sealed.ip_address).bind(&sealed.name_words)
        .execute(&mut **c).await.map(|_| ()))?;
    if let Some((series, _, _)) = x.series {
        on!(&mut ex, c => sqlx::query("UPDATE bookings SET series_id = $2 WHERE id = $1").bind(id).bind(series.unwrap_or(id)).execute(&mut **c).await.map(|_| ()))?;
    }
    if let Some(group) = x.group_id {
        on!(&mut ex, c => sqlx::query("UPDATE bookings SET group_id = $2 WHERE id = $1").bind(id).bind(group).execute(&mut **c).await.map(|_| ()))?;
    }
    let mut hosts = vec![b.host_user_id];
    hosts.extend(
        x.other_hosts
            .iter()
            .copied()
            .filter(|h| *h != b.host_user_id),
    );
    for host in hosts {
        on!(&mut ex, c => sqlx::query(
            "INSERT INTO booking_hosts (booking_id, user_id, start_time, end_time, booking_status, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6)")
            .bind(id).bind(host).bind(b.start_time).bind(b.end_time).bind(b.status).bind(now)
            .execute(&mut **c).await.map(|_| ()))?;
    }
    Ok(id)
}

/// A new booking's attendee columns as stored: sealed, with their lookup hashes.
struct SealedAttendee {
    first_name: String,
    last_name: String,
    email: String,
    message: String,
    phone: String,
    location_details: String,
    ip_address: String,
    email_hash: String,
    name_words: String,
}

impl SealedAttendee {
    fn of(keys: &Keys, b: &NewBooking<'_>, x: &BookingExtras<'_>) -> SealedAttendee {
        let location = if x.location_details.is_empty() {
            "{}"
        } else {
            x.location_details
        };
        SealedAttendee {
            first_name: keys.seal_field(b.first_name),
            last_name: keys.seal_field(b.last_name),
            email: keys.seal_field(b.email),
            message: keys.seal_field(b.message),
            phone: keys.seal_field(x.phone),
            location_details: seal_location(keys, location),
            ip_address: keys.seal_field(x.ip_address),
            email_hash: keys.email_hash(b.email),
            name_words: keys.name_words(b.first_name, b.last_name),
        }
    }
}

/// A location as stored: the empty document stays plain (it says nothing), any other is sealed
/// (it may hold the attendee's address or number).
pub fn seal_location(keys: &Keys, location: &str) -> String {
    if location == "{}" {
        location.to_string()
    } else {
        keys.seal_field(location)
    }
}

/// The group of blocking bookings of `event_id` at exactly `start` (group events share one).
pub async fn group_at(ex: Ex<'_>, event_id: i64, start: i64) -> StoreResult<Option<i64>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT MIN(COALESCE(group_id, id)) FROM bookings WHERE event_id = $1 AND start_time = $2 AND status IN ('scheduled', 'pending', 'completed')")
        .bind(event_id).bind(start).fetch_one(&mut *c).await)?)
}

/// Blocking bookings of `event_id` per host in `[from, to)` (round robin picks the least busy).
pub async fn count_per_host(
    ex: Ex<'_>,
    event_id: i64,
    from: i64,
    to: i64,
) -> StoreResult<Vec<(i64, i64)>> {
    Ok(on!(ex, c => sqlx::query_as::<_, (i64, i64)>(
        "SELECT host_user_id, COUNT(*) FROM bookings WHERE event_id = $1 AND start_time >= $2 AND start_time < $3
           AND status IN ('scheduled', 'pending', 'completed') GROUP BY host_user_id")
        .bind(event_id).bind(from).bind(to).fetch_all(&mut *c).await)?)
}

/// An attendee's open future bookings of one event: how many (a series counts once) and the
/// one that starts first.
pub struct OpenBookings {
    pub count: i64,
    pub first_id: Option<i64>,
}

/// [`OpenBookings`] of `email` (case-insensitive): scheduled or pending, not started.
pub async fn open_of_attendee(
    ex: Ex<'_>,
    event_id: i64,
    email: &str,
    now: i64,
) -> StoreResult<OpenBookings> {
    let email_hash = ex.keys()?.email_hash(email);
    let (count, first_id): (i64, Option<i64>) = on!(ex, c => sqlx::query_as(
        "SELECT COUNT(DISTINCT COALESCE(series_id, id)),
                (SELECT id FROM bookings WHERE event_id = $1 AND email_hash = $2
                   AND status IN ('scheduled', 'pending') AND start_time > $3 ORDER BY start_time, id LIMIT 1)
         FROM bookings WHERE event_id = $1 AND email_hash = $2
           AND status IN ('scheduled', 'pending') AND start_time > $3")
        .bind(event_id).bind(&email_hash).bind(now).fetch_one(&mut *c).await)?;
    Ok(OpenBookings { count, first_id })
}

/// Serialises writers of these hosts until the transaction ends. PostgreSQL takes one
/// transaction-scoped advisory lock per host, in id order (no deadlocks between two writers);
/// SQLite's `BEGIN IMMEDIATE` already serialises every writer.
pub async fn lock_hosts(mut ex: Ex<'_>, host_ids: &[i64]) -> StoreResult<()> {
    let Ex::Postgres(..) = ex else { return Ok(()) };
    let mut ids = host_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        if let Ex::Postgres(c, _) = &mut ex {
            // Key space 0x5B0C (slotbook) in the upper half keeps clear of other applications' locks.
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind((0x5B0C_i64 << 40) | id)
                .execute(&mut **c)
                .await?;
        }
    }
    Ok(())
}

/// Stores a document for a booking (custom field answers, additional guests, …).
/// The value is sealed: answers, guests and consents are the attendee's.
pub async fn add_meta(ex: Ex<'_>, booking_id: i64, key: &str, value: &str) -> StoreResult<()> {
    let value = ex.keys()?.seal_field(value);
    on!(ex, c => sqlx::query(
        "INSERT INTO booking_meta (booking_id, meta_key, value, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)")
        .bind(booking_id).bind(key).bind(&value).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// An activity-log entry of a booking.
pub struct NewActivity<'a> {
    pub booking_id: i64,
    pub created_by: Option<i64>,
    pub status: &'a str,
    pub kind: &'a str,
    pub title: &'a str,
    pub description: &'a str,
}

/// Title and description are sealed: they may quote the attendee.
pub async fn add_activity(ex: Ex<'_>, a: &NewActivity<'_>) -> StoreResult<()> {
    let keys = ex.keys()?;
    let (title, description) = (keys.seal_field(a.title), keys.seal_field(a.description));
    on!(ex, c => sqlx::query(
        "INSERT INTO activities (booking_id, created_by, status, type, title, description, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)")
        .bind(a.booking_id).bind(a.created_by).bind(a.status).bind(a.kind).bind(&title).bind(&description)
        .bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// How long an idempotency key is remembered.
pub const IDEMPOTENCY_SECONDS: i64 = 24 * 3600;

/// An `Idempotency-Key` as stored: its scope (route and caller), the key, and a digest of the
/// request body it was first used with.
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    pub scope: String,
    pub key: String,
    pub request_hash: String,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredAnswer {
    pub request_hash: String,
    pub response_status: i64,
    pub response_body: String,
}

/// The stored answer of an earlier request with this key (within the last 24 hours).
pub async fn idempotent_answer(
    ex: Ex<'_>,
    key: &IdempotencyKey,
) -> StoreResult<Option<StoredAnswer>> {
    let keys = ex.keys()?;
    let found = on!(ex, c => sqlx::query_as::<_, StoredAnswer>(
        "SELECT request_hash, response_status, response_body FROM idempotency_keys
         WHERE scope = $1 AND idempotency_key = $2 AND created_at > $3")
        .bind(&key.scope).bind(&key.key).bind(now_epoch() - IDEMPOTENCY_SECONDS)
        .fetch_optional(&mut *c).await)?;
    found
        .map(|mut answer| {
            keys.open_in_place(&mut answer.response_body)?;
            Ok(answer)
        })
        .transpose()
}

/// Stores the answer to `key` (sealed: it shows the booking it made), dropping keys older
/// than 24 hours first (so an expired key can be used again). `booking_id` names the booking
/// the answer shows, for its erasure.
pub async fn remember_answer(
    mut ex: Ex<'_>,
    key: &IdempotencyKey,
    status: i64,
    body: &str,
    booking_id: Option<i64>,
) -> StoreResult<()> {
    let body = ex.keys()?.seal_field(body);
    let expired = now_epoch() - IDEMPOTENCY_SECONDS;
    on!(super::reborrow(&mut ex), c => sqlx::query("DELETE FROM idempotency_keys WHERE created_at <= $1")
        .bind(expired).execute(&mut *c).await.map(|_| ()))?;
    on!(ex, c => sqlx::query(
        "INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response_status, response_body, created_at, booking_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(&key.scope).bind(&key.key).bind(&key.request_hash).bind(status).bind(&body).bind(now_epoch()).bind(booking_id)
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Whether the booking's attendee data was erased (a delivery that ends afterwards must not
/// write the address back into its log).
pub async fn is_erased(ex: Ex<'_>, id: i64) -> StoreResult<bool> {
    let erased: Option<Option<i64>> = on!(ex, c => sqlx::query_scalar("SELECT erased_at FROM bookings WHERE id = $1")
        .bind(id).fetch_optional(&mut *c).await)?;
    Ok(matches!(erased, Some(Some(_))))
}

/// Number of bookings stored.
pub async fn count(ex: Ex<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar("SELECT COUNT(*) FROM bookings").fetch_one(&mut *c).await)?)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingRow {
    pub id: i64,
    pub hash: String,
    pub calendar_id: i64,
    pub event_id: i64,
    pub group_id: Option<i64>,
    pub parent_id: Option<i64>,
    pub host_user_id: i64,
    pub person_user_id: Option<i64>,
    pub person_time_zone: String,
    pub start_time: i64,
    pub end_time: i64,
    pub slot_minutes: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub message: String,
    pub internal_note: String,
    pub phone: String,
    pub location_details: String,
    pub cancelled_by: Option<i64>,
    pub status: String,
    pub source: String,
    pub event_type: String,
    pub payment_status: Option<String>,
    pub payment_method: Option<String>,
    pub source_url: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// The id of a series' first occurrence, shared by all of them.
    pub series_id: Option<i64>,
    /// From 1.
    pub series_index: Option<i64>,
    pub series_count: Option<i64>,
    pub video_url: Option<String>,
    /// When its attendee's data was erased (DESIGN 2.11).
    pub erased_at: Option<i64>,
    /// The language code it was booked in (DESIGN 2.9).
    pub language: String,
}

impl BookingRow {
    /// The row with its attendee columns in clear.
    pub fn opened(mut self, keys: &Keys) -> StoreResult<BookingRow> {
        for field in [
            &mut self.first_name,
            &mut self.last_name,
            &mut self.email,
            &mut self.message,
            &mut self.internal_note,
            &mut self.phone,
            &mut self.location_details,
        ] {
            keys.open_in_place(field)?;
        }
        Ok(self)
    }

    /// The type its event had when it was booked (kept on the booking).
    pub fn kind(&self) -> crate::domain::values::EventType {
        crate::domain::values::EventType::of_stored(&self.event_type)
    }

    /// The slot it belongs to: a group event's attendees share one (one VEVENT, one write
    /// to the host's calendar).
    pub fn slot_key(&self) -> i64 {
        if self.kind().is_group() {
            self.group_id.unwrap_or(self.id)
        } else {
            self.id
        }
    }
}

/// A [`BookingRow`]'s columns, read from [`BOOKING_FROM`] (`b` the booking, `a` its attendee).
pub const BOOKING_COLUMNS: &str = "b.id, b.hash, b.calendar_id, b.event_id, b.group_id, b.parent_id, b.host_user_id, b.person_user_id, b.person_time_zone, b.start_time, b.end_time, b.slot_minutes, COALESCE(a.first_name, '') AS first_name, COALESCE(a.last_name, '') AS last_name, COALESCE(a.email, '') AS email, COALESCE(a.message, '') AS message, COALESCE(a.internal_note, '') AS internal_note, COALESCE(a.phone, '') AS phone, COALESCE(a.location_details, '{}') AS location_details, b.cancelled_by, b.status, b.source, b.event_type, b.payment_status, b.payment_method, b.source_url, b.created_at, b.updated_at, b.series_id, b.series_index, b.series_count, b.video_url, b.erased_at, b.language";

/// A booking and its attendee's (sealed) data: what [`BOOKING_COLUMNS`] reads.
pub const BOOKING_FROM: &str = "bookings b LEFT JOIN booking_attendees a ON a.booking_id = b.id";

/// The occurrences of a series, in start order.
pub async fn of_series(ex: Ex<'_>, series_id: i64) -> StoreResult<Vec<BookingRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {BOOKING_COLUMNS} FROM {BOOKING_FROM} WHERE b.series_id = $1 ORDER BY b.start_time, b.id"
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, BookingRow>(sql).bind(series_id).fetch_all(&mut *c).await)?;
    opened_rows(rows, &keys)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<BookingRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {BOOKING_COLUMNS} FROM {BOOKING_FROM} WHERE b.id = $1"
    ));
    let keys = ex.keys()?;
    let row =
        on!(ex, c => sqlx::query_as::<_, BookingRow>(sql).bind(id).fetch_optional(&mut *c).await)?;
    row.map(|r| r.opened(&keys)).transpose()
}

/// The bookings of one slot: a group event's attendees (the group led by `slot`), or the one
/// booking `slot`.
pub async fn slot_members(ex: Ex<'_>, slot: i64) -> StoreResult<Vec<BookingRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {BOOKING_COLUMNS} FROM {BOOKING_FROM} WHERE b.id = $1 OR b.group_id = $1 ORDER BY b.id"
    ));
    let keys = ex.keys()?;
    let rows =
        on!(ex, c => sqlx::query_as::<_, BookingRow>(sql).bind(slot).fetch_all(&mut *c).await)?;
    opened_rows(rows, &keys)
}

/// Every row in clear.
pub fn opened_rows(rows: Vec<BookingRow>, keys: &Keys) -> StoreResult<Vec<BookingRow>> {
    rows.into_iter().map(|r| r.opened(keys)).collect()
}

/// Documents stored for a booking, by key, in clear.
pub async fn meta_of(ex: Ex<'_>, booking_id: i64) -> StoreResult<Vec<(String, String)>> {
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, (String, String)>("SELECT meta_key, value FROM booking_meta WHERE booking_id = $1 ORDER BY id")
        .bind(booking_id).fetch_all(&mut *c).await)?;
    rows.into_iter()
        .map(|(key, value)| Ok((key, keys.open_field(&value)?)))
        .collect()
}

/// The booking behind an attendee's link; an erased booking has no link any more.
pub async fn find_by_hash(ex: Ex<'_>, hash: &str) -> StoreResult<Option<BookingRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {BOOKING_COLUMNS} FROM {BOOKING_FROM} WHERE b.hash = $1 AND b.erased_at IS NULL"
    ));
    let keys = ex.keys()?;
    let row = on!(ex, c => sqlx::query_as::<_, BookingRow>(sql).bind(hash).fetch_optional(&mut *c).await)?;
    row.map(|r| r.opened(&keys)).transpose()
}

/// Moves a booking (and its host rows) to a new time, zone, host and group.
#[expect(
    clippy::too_many_arguments,
    reason = "one row's columns; a struct would only rename them"
)]
pub async fn move_to(
    mut ex: Ex<'_>,
    id: i64,
    start: i64,
    end: i64,
    zone: &str,
    old_host: i64,
    host: i64,
    group_id: i64,
) -> StoreResult<()> {
    let now = now_epoch();
    on!(&mut ex, c => sqlx::query(
        "UPDATE bookings SET start_time = $2, end_time = $3, slot_minutes = $4, person_time_zone = $5, host_user_id = $6,
            group_id = $7, updated_at = $8, reschedules = reschedules + 1 WHERE id = $1")
        .bind(id).bind(start).bind(end).bind((end - start) / 60).bind(zone).bind(host).bind(group_id).bind(now)
        .execute(&mut **c).await.map(|_| ()))?;
    on!(&mut ex, c => sqlx::query("UPDATE booking_hosts SET start_time = $2, end_time = $3, updated_at = $4 WHERE booking_id = $1")
        .bind(id).bind(start).bind(end).bind(now).execute(&mut **c).await.map(|_| ()))?;
    if old_host != host {
        on!(&mut ex, c => sqlx::query("UPDATE booking_hosts SET user_id = $2 WHERE booking_id = $1 AND user_id = $3")
            .bind(id).bind(host).bind(old_host).execute(&mut **c).await.map(|_| ()))?;
    }
    Ok(())
}

/// (id, event id) of scheduled bookings that ended before `cutoff`.
pub async fn scheduled_ended_before(
    ex: Ex<'_>,
    cutoff: i64,
    limit: i64,
) -> StoreResult<Vec<(i64, i64)>> {
    Ok(
        on!(ex, c => sqlx::query_as::<_, (i64, i64)>("SELECT id, event_id FROM bookings WHERE status = 'scheduled' AND end_time < $1 ORDER BY id LIMIT $2")
        .bind(cutoff).bind(limit).fetch_all(&mut *c).await)?,
    )
}

/// A public booking with everything written alongside it: its host rows, the creation
/// activity and its messages (`messages` builds them from the booking's id). The attendee's
/// account is looked up by email in the same statement. PostgreSQL writes it all in one
/// statement (data-modifying CTEs, the id reserved beforehand), so the hosts' lock is held for
/// few round trips; SQLite runs the statements one after another in-process. Answers the new
/// id and the attendee's account.
pub async fn insert_new(
    mut ex: Ex<'_>,
    new: NewBookingWrite<'_, '_>,
    messages: impl FnOnce(i64) -> Vec<super::outbox::NewItem<'static>>,
) -> StoreResult<(i64, Option<i64>)> {
    let NewBookingWrite {
        booking: b,
        extras: x,
        activity,
        reserved_id,
    } = new;
    let now = now_epoch();
    let mut hosts = vec![b.host_user_id];
    hosts.extend(
        x.other_hosts
            .iter()
            .copied()
            .filter(|h| *h != b.host_user_id),
    );
    let keys = ex.keys()?;
    if let Ex::Postgres(c, sealing) = &mut ex {
        let id = match reserved_id {
            Some(id) => id,
            None => reserve_id(Ex::Postgres(c, sealing))
                .await?
                .unwrap_or_default(),
        };
        let sealed = SealedAttendee::of(&keys, b, x);
        let title = keys.seal_field(activity.title);
        let description = keys.seal_field(activity.description);
        let items = messages(id);
        let kinds: Vec<&str> = items.iter().map(|i| i.kind).collect();
        let payloads: Vec<String> = items.iter().map(|i| keys.seal_field(&i.payload)).collect();
        let sequence_keys: Vec<Option<&str>> =
            items.iter().map(|i| i.sequence_key.as_deref()).collect();
        let purposes: Vec<Option<&str>> = items.iter().map(|i| i.purpose).collect();
        let dues: Vec<i64> = items.iter().map(|i| i.due_at.unwrap_or(now)).collect();
        let found: (i64, Option<i64>) = sqlx::query_as(
            "WITH ins AS (
                INSERT INTO bookings (id, hash, calendar_id, event_id, host_user_id, person_time_zone, start_time, end_time,
                    slot_minutes, status, source, event_type, source_url, person_user_id, group_id, created_at, updated_at,
                    video_url, series_id, series_index, series_count, email_hash, language)
                VALUES ($28, $1, $2, $3, $4, $5, $6, $7, $8, $13, $14, $15, $18,
                    (SELECT id FROM users WHERE LOWER(email) = LOWER($40) ORDER BY id LIMIT 1), $20, $21, $21,
                    $34, $35, $36, $37, $38, $41)
                RETURNING id, person_user_id),
             attendee AS (
                INSERT INTO booking_attendees (booking_id, first_name, last_name, email, message, phone, location_details,
                    ip_address, name_words)
                SELECT ins.id, $9, $10, $11, $12, $16, $17, $19, $39 FROM ins),
             hosts AS (
                INSERT INTO booking_hosts (booking_id, user_id, start_time, end_time, booking_status, created_at, updated_at)
                SELECT ins.id, u, $6, $7, $13, $21, $21 FROM ins, unnest($22::bigint[]) AS u),
             log AS (
                INSERT INTO activities (booking_id, created_by, status, type, title, description, created_at, updated_at)
                SELECT ins.id, $23, $24, $25, $26, $27, $21, $21 FROM ins),
             queued AS (
                INSERT INTO outbox (kind, payload, status, attempts, run_after, created_at, updated_at, booking_id, sequence_key, purpose)
                SELECT q.k, q.p, 'pending', 0, q.due, $21, $21, $28, q.s, q.u
                FROM unnest($29::text[], $30::text[], $31::text[], $32::text[], $33::bigint[])
                    WITH ORDINALITY AS q(k, p, s, u, due, n) ORDER BY q.n)
             SELECT id, person_user_id FROM ins",
        )
        .bind(b.hash).bind(b.calendar_id).bind(b.event_id).bind(b.host_user_id).bind(b.person_time_zone)
        .bind(b.start_time).bind(b.end_time).bind((b.end_time - b.start_time) / 60)
        .bind(&sealed.first_name).bind(&sealed.last_name).bind(&sealed.email).bind(&sealed.message).bind(b.status)
        .bind(b.source).bind(b.event_type).bind(&sealed.phone).bind(&sealed.location_details).bind(x.source_url)
        .bind(&sealed.ip_address).bind(x.group_id).bind(now).bind(&hosts)
        .bind(activity.created_by).bind(activity.status).bind(activity.kind).bind(&title).bind(&description)
        .bind(id).bind(&kinds).bind(&payloads).bind(&sequence_keys).bind(&purposes).bind(&dues)
        .bind(x.video_url).bind(x.series.map(|s| s.0.unwrap_or(id))).bind(x.series.map(|s| s.1)).bind(x.series.map(|s| s.2))
        .bind(&sealed.email_hash).bind(&sealed.name_words).bind(b.email).bind(b.language)
        .fetch_one(&mut **c)
        .await?;
        return Ok(found);
    }
    let person: Option<i64> = on!(&mut ex, c => sqlx::query_scalar("SELECT id FROM users WHERE LOWER(email) = LOWER($1) ORDER BY id LIMIT 1")
        .bind(b.email).fetch_optional(&mut **c).await)?;
    let id = insert_full(
        reborrow(&mut ex),
        b,
        &BookingExtras {
            person_user_id: person,
            ..*x
        },
    )
    .await?;
    add_activity(
        reborrow(&mut ex),
        &NewActivity {
            booking_id: id,
            ..*activity
        },
    )
    .await?;
    super::outbox::enqueue_many(reborrow(&mut ex), &messages(id)).await?;
    Ok((id, person))
}

/// What [`insert_new`] writes.
pub struct NewBookingWrite<'a, 'b> {
    pub booking: &'b NewBooking<'a>,
    pub extras: &'b BookingExtras<'a>,
    pub activity: &'b NewActivity<'a>,
    /// From [`reserve_id`], taken before the hosts' lock.
    pub reserved_id: Option<i64>,
}

/// On PostgreSQL, the next booking id from its sequence, so that a booking and its messages
/// (which name it) go out in one statement; taken before the hosts' lock, since a sequence
/// is not transactional (an id left unused by a refused booking is a gap, as a rolled-back
/// insert leaves). SQLite assigns ids in-process: `None`.
pub async fn reserve_id(ex: Ex<'_>) -> StoreResult<Option<i64>> {
    match ex {
        Ex::Postgres(c, _) => {
            let id: i64 =
                sqlx::query_scalar("SELECT nextval(pg_get_serial_sequence('bookings', 'id'))")
                    .fetch_one(c)
                    .await?;
            Ok(Some(id))
        }
        _ => Ok(None),
    }
}
