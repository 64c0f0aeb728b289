//! Reading bookings for the host's schedule views, with what their wire shape needs.

use super::bookings::{BOOKING_COLUMNS, BookingRow};
use super::sealing::Keys;
use super::{Ex, StoreResult, now_epoch, on};

/// A booking with its event, calendar and host, in one row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BookingListRow {
    #[sqlx(flatten)]
    pub booking: BookingRow,
    pub event_title: Option<String>,
    pub event_slug: Option<String>,
    pub event_color: Option<String>,
    pub cal_title: Option<String>,
    pub cal_slug: Option<String>,
    pub host_first_name: Option<String>,
    pub host_last_name: Option<String>,
    pub host_display_name: Option<String>,
    pub host_email: Option<String>,
}

impl BookingListRow {
    /// The row with its attendee columns in clear.
    fn opened(mut self, keys: &Keys) -> StoreResult<BookingListRow> {
        self.booking = self.booking.opened(keys)?;
        Ok(self)
    }

    /// The host's first and last name, else the display name; `None` for a deleted host.
    pub fn host_name(&self) -> Option<String> {
        let name = format!(
            "{} {}",
            self.host_first_name.as_deref().unwrap_or_default(),
            self.host_last_name.as_deref().unwrap_or_default()
        );
        let name = name.trim();
        if name.is_empty() {
            self.host_display_name.clone()
        } else {
            Some(name.to_string())
        }
    }
}

/// Which part of the schedule a listing shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Upcoming,
    Past,
    Today,
    Cancelled,
    Pending,
    NoShow,
    All,
}

impl Period {
    pub fn parse(text: &str) -> Option<Period> {
        Some(match text {
            "upcoming" => Period::Upcoming,
            "past" => Period::Past,
            "today" => Period::Today,
            "cancelled" => Period::Cancelled,
            "pending" => Period::Pending,
            "no_show" => Period::NoShow,
            "all" => Period::All,
            _ => return None,
        })
    }

    /// The condition (with `$10` = now, `$11`/`$12` = today's bounds) and the order.
    fn sql(self) -> (&'static str, &'static str) {
        match self {
            Period::Upcoming => (
                "b.status = 'scheduled' AND b.end_time >= $10",
                "b.start_time ASC",
            ),
            Period::Past => (
                "b.status IN ('scheduled', 'completed') AND b.end_time < $10",
                "b.start_time DESC",
            ),
            Period::Today => (
                "b.status IN ('scheduled', 'pending', 'completed') AND b.start_time >= $11 AND b.start_time < $12",
                "b.start_time ASC",
            ),
            Period::Cancelled => ("b.status IN ('cancelled', 'rejected')", "b.start_time DESC"),
            Period::Pending => ("b.status = 'pending'", "b.start_time ASC"),
            Period::NoShow => ("b.status = 'no_show'", "b.start_time DESC"),
            Period::All => ("1 = 1", "b.start_time DESC"),
        }
    }
}

/// Filters of a schedule listing; zeros and empty strings mean "any".
pub struct ScheduleFilter<'a> {
    /// Only bookings this user hosts or whose calendar it owns (0 = everything).
    pub visible_to: i64,
    pub event_id: i64,
    pub calendar_id: i64,
    /// Only bookings this user hosts (`filters[author]=me`).
    pub hosted_by: i64,
    pub event_type: &'a str,
    pub search: &'a str,
    pub range_from: i64,
    pub range_to: i64,
    pub period: Period,
    pub today: (i64, i64),
    /// Only this group's rows (attendee listings); 0 = one row per group.
    pub group_id: i64,
    /// Only this series' occurrences, whatever their period; 0 = any.
    pub series_id: i64,
}

fn joined_columns() -> String {
    format!(
        "{BOOKING_COLUMNS}, e.title AS event_title, e.slug AS event_slug, e.color_schema AS event_color,
         c.title AS cal_title, c.slug AS cal_slug, u.first_name AS host_first_name, u.last_name AS host_last_name,
         u.display_name AS host_display_name, u.email AS host_email"
    )
}

const JOINS: &str = "FROM bookings b LEFT JOIN booking_attendees a ON a.booking_id = b.id
     LEFT JOIN events e ON e.id = b.event_id LEFT JOIN calendars c ON c.id = b.calendar_id
     LEFT JOIN users u ON u.id = b.host_user_id";

// Visibility tests the host's calendars first and its hosted bookings per row (`EXISTS` on
// the `(booking_id, user_id)` key): `b.id IN (SELECT booking_id ...)` built a 10,000-entry
// list on every query, 5 ms of the bookings list's 6 on SQLite.
const FILTER: &str = "($13 = 0 AND b.id = COALESCE(b.group_id, b.id) OR $13 <> 0 AND COALESCE(b.group_id, b.id) = $13)
  AND ($1 = 0 OR b.calendar_id IN (SELECT id FROM calendars WHERE user_id = $1)
       OR EXISTS (SELECT 1 FROM booking_hosts h WHERE h.booking_id = b.id AND h.user_id = $1))
  AND ($2 = 0 OR b.event_id = $2)
  AND ($3 = 0 OR b.calendar_id = $3)
  AND ($4 = 0 OR EXISTS (SELECT 1 FROM booking_hosts h WHERE h.booking_id = b.id AND h.user_id = $4))
  AND ($5 = '' OR b.event_type = $5)
  AND ($6 = '' OR b.email_hash = $6
       OR EXISTS (SELECT 1 FROM booking_attendees s WHERE s.booking_id = b.id AND s.name_words LIKE $7))
  AND ($8 = 0 OR b.start_time >= $8) AND ($9 = 0 OR b.start_time < $9)
  AND ($14 = 0 OR b.series_id = $14)";

// The search is bound as `$6`, its address's hash, and `$7`, a pattern of its words' hashes
// (`Keys::search`): attendee names and addresses are sealed, so only whole words and whole
// addresses can be found.
macro_rules! bind_filter {
    ($query:expr, $f:expr, $search:expr) => {
        $query
            .bind($f.visible_to)
            .bind($f.event_id)
            .bind($f.calendar_id)
            .bind($f.hosted_by)
            .bind($f.event_type)
            .bind(&$search.0)
            .bind(&$search.1)
            .bind($f.range_from)
            .bind($f.range_to)
            .bind(now_epoch())
            .bind($f.today.0)
            .bind($f.today.1)
            .bind($f.group_id)
            .bind($f.series_id)
    };
}

pub async fn list(
    ex: Ex<'_>,
    f: &ScheduleFilter<'_>,
    limit: i64,
    offset: i64,
) -> StoreResult<Vec<BookingListRow>> {
    let (period, order) = f.period.sql();
    // A series is listed whole, in start order.
    let (period, order) = if f.series_id != 0 {
        ("1 = 1", "b.start_time")
    } else {
        (period, order)
    };
    // The page's ids first, from `bookings` alone (ordered by an index where the filter lets
    // it), then the joins for those rows only: joining every matching row before sorting and
    // skipping made a late page of 10,000 bookings cost a full join of all of them.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {} {JOINS} WHERE b.id IN (
             SELECT b.id FROM bookings b WHERE {FILTER} AND {period}
             ORDER BY {order}, b.id LIMIT $15 OFFSET $16)
         ORDER BY {order}, b.id",
        joined_columns()
    ));
    let keys = ex.keys()?;
    let search = keys.search(f.search);
    let rows = on!(ex, c => bind_filter!(sqlx::query_as::<_, BookingListRow>(sql), f, search)
        .bind(limit).bind(offset).fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

fn opened(rows: Vec<BookingListRow>, keys: &Keys) -> StoreResult<Vec<BookingListRow>> {
    rows.into_iter().map(|r| r.opened(keys)).collect()
}

pub async fn count(ex: Ex<'_>, f: &ScheduleFilter<'_>) -> StoreResult<i64> {
    let (period, _) = f.period.sql();
    let period = if f.series_id != 0 { "1 = 1" } else { period };
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM bookings b WHERE {FILTER} AND {period}"
    ));
    let search = ex.keys()?.search(f.search);
    Ok(on!(ex, c => bind_filter!(sqlx::query_scalar(sql), f, search).fetch_one(&mut *c).await)?)
}

/// One booking with its joins.
pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<BookingListRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {} {JOINS} WHERE b.id = $1",
        joined_columns()
    ));
    let keys = ex.keys()?;
    let row = on!(ex, c => sqlx::query_as::<_, BookingListRow>(sql).bind(id).fetch_optional(&mut *c).await)?;
    row.map(|r| r.opened(&keys)).transpose()
}

/// The occurrences of a series with their joins, in start order.
pub async fn series_rows(ex: Ex<'_>, series_id: i64) -> StoreResult<Vec<BookingListRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {} {JOINS} WHERE b.series_id = $1 ORDER BY b.start_time, b.id",
        joined_columns()
    ));
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, BookingListRow>(sql).bind(series_id).fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

/// Whether `user_id` hosts the booking or owns its calendar.
pub async fn is_visible_to(ex: Ex<'_>, booking_id: i64, user_id: i64) -> StoreResult<bool> {
    let n: i64 = on!(ex, c => sqlx::query_scalar(
        "SELECT COUNT(*) FROM bookings b WHERE b.id = $1 AND (
            b.id IN (SELECT booking_id FROM booking_hosts WHERE user_id = $2)
            OR b.calendar_id IN (SELECT id FROM calendars WHERE user_id = $2))")
        .bind(booking_id).bind(user_id).fetch_one(&mut *c).await)?;
    Ok(n > 0)
}

/// Compare-and-swap of a status: changes only rows still in `from`; answers how many changed.
pub async fn swap_status(
    ex: Ex<'_>,
    ids: &[i64],
    from: &str,
    to: &str,
    actor: Option<i64>,
) -> StoreResult<u64> {
    if ids.is_empty() {
        return Ok(0);
    }
    let list = super::id_list(ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE bookings SET status = $1, updated_at = $3,
            cancelled_by = CASE WHEN $1 IN ('cancelled', 'rejected') THEN $4 ELSE cancelled_by END
         WHERE id IN ({list}) AND status = $2"
    ));
    let hosts = sqlx::AssertSqlSafe(format!(
        "UPDATE booking_hosts SET booking_status = $1, updated_at = $2 WHERE booking_id IN ({list})"
    ));
    let changed = on!(ex, c => {
        let done = sqlx::query(sql).bind(to).bind(from).bind(now_epoch()).bind(actor).execute(&mut *c).await;
        match done {
            Ok(r) if r.rows_affected() > 0 => sqlx::query(hosts).bind(to).bind(now_epoch()).execute(&mut *c).await.map(|_| r.rows_affected()),
            Ok(r) => Ok(r.rows_affected()),
            Err(e) => Err(e),
        }
    })?;
    Ok(changed)
}

/// Sets one column of a booking (`column` comes from a fixed list, never from input). The
/// attendee's columns are sealed, with their lookup hashes brought along.
pub async fn set_column(
    mut ex: Ex<'_>,
    ids: &[i64],
    column: &'static str,
    value: Option<&str>,
) -> StoreResult<()> {
    let keys = ex.keys()?;
    let list = super::id_list(ids);
    let now = now_epoch();
    match column {
        "email" => {
            let value = value.unwrap_or_default();
            let (sealed, hash) = (keys.seal_field(value), keys.email_hash(value));
            let sql = sqlx::AssertSqlSafe(format!(
                "UPDATE booking_attendees SET email = $1 WHERE booking_id IN ({list})"
            ));
            on!(&mut ex, c => sqlx::query(sql).bind(&sealed).execute(&mut **c).await.map(|_| ()))?;
            let sql = sqlx::AssertSqlSafe(format!(
                "UPDATE bookings SET email_hash = $1, updated_at = $2 WHERE id IN ({list})"
            ));
            on!(ex, c => sqlx::query(sql).bind(&hash).bind(now).execute(&mut *c).await.map(|_| ()))?;
        }
        "first_name" | "last_name" => {
            for id in ids {
                let Some(row) = super::bookings::find(super::reborrow(&mut ex), *id).await? else {
                    continue;
                };
                let value = value.unwrap_or_default();
                let (first, last) = if column == "first_name" {
                    (value, row.last_name.as_str())
                } else {
                    (row.first_name.as_str(), value)
                };
                let sql = sqlx::AssertSqlSafe(format!(
                    "UPDATE booking_attendees SET {column} = $1, name_words = $2 WHERE booking_id = $3"
                ));
                let (sealed, words) = (keys.seal_field(value), keys.name_words(first, last));
                on!(&mut ex, c => sqlx::query(sql).bind(&sealed).bind(&words).bind(id).execute(&mut **c).await.map(|_| ()))?;
            }
            touch(ex, &list, now).await?;
        }
        "phone" | "internal_note" | "message" => {
            let sealed = value.map(|v| keys.seal_field(v)).unwrap_or_default();
            let sql = sqlx::AssertSqlSafe(format!(
                "UPDATE booking_attendees SET {column} = $1 WHERE booking_id IN ({list})"
            ));
            on!(&mut ex, c => sqlx::query(sql).bind(&sealed).execute(&mut **c).await.map(|_| ()))?;
            touch(ex, &list, now).await?;
        }
        _ => {
            let sql = sqlx::AssertSqlSafe(format!(
                "UPDATE bookings SET {column} = $1, updated_at = $2 WHERE id IN ({list})"
            ));
            on!(ex, c => sqlx::query(sql).bind(value).bind(now).execute(&mut *c).await.map(|_| ()))?;
        }
    }
    Ok(())
}

/// Marks the bookings (`list`: ids joined by commas) changed at `now`.
async fn touch(ex: Ex<'_>, list: &str, now: i64) -> StoreResult<()> {
    let sql = sqlx::AssertSqlSafe(format!(
        "UPDATE bookings SET updated_at = $1 WHERE id IN ({list})"
    ));
    on!(ex, c => sqlx::query(sql).bind(now).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Ids of every row of a group.
pub async fn group_ids(ex: Ex<'_>, group_id: i64) -> StoreResult<Vec<i64>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT id FROM bookings WHERE COALESCE(group_id, id) = $1 ORDER BY id")
        .bind(group_id).fetch_all(&mut *c).await)?,
    )
}

/// Deletes rows (their hosts, meta and activities cascade) and their unsent reminders; other
/// queued deliveries (webhooks reporting the deletion's cause) still go out.
pub async fn delete(mut ex: Ex<'_>, ids: &[i64]) -> StoreResult<()> {
    let list = super::id_list(ids);
    let sql = sqlx::AssertSqlSafe(format!("DELETE FROM bookings WHERE id IN ({list})"));
    on!(&mut ex, c => sqlx::query(sql).execute(&mut **c).await.map(|_| ()))?;
    let sql = sqlx::AssertSqlSafe(format!(
        "DELETE FROM outbox WHERE purpose = 'reminder' AND status = 'pending' AND booking_id IN ({list})"
    ));
    on!(ex, c => sqlx::query(sql).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ActivityRow {
    pub id: i64,
    pub booking_id: i64,
    pub parent_id: Option<i64>,
    pub created_by: Option<i64>,
    pub status: String,
    #[sqlx(rename = "type")]
    pub kind: String,
    pub title: String,
    pub description: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ActivityRow {
    /// The entry with its texts in clear.
    pub fn opened(mut self, keys: &Keys) -> StoreResult<ActivityRow> {
        keys.open_in_place(&mut self.title)?;
        keys.open_in_place(&mut self.description)?;
        Ok(self)
    }
}

pub async fn activities(ex: Ex<'_>, booking_id: i64) -> StoreResult<Vec<ActivityRow>> {
    let keys = ex.keys()?;
    let rows = on!(ex, c => sqlx::query_as::<_, ActivityRow>(
        "SELECT id, booking_id, parent_id, created_by, status, type, title, description, created_at, updated_at
         FROM activities WHERE booking_id = $1 ORDER BY id DESC")
        .bind(booking_id).fetch_all(&mut *c).await)?;
    rows.into_iter().map(|r| r.opened(&keys)).collect()
}

/// `all`, `upcoming` or `past` as a condition on `b`.
fn attended_period(period: &str) -> &'static str {
    match period {
        "upcoming" => "b.end_time >= $3",
        "past" => "b.end_time < $3",
        _ => "1 = 1",
    }
}

fn calendars_clause(calendar_ids: &[i64]) -> String {
    if calendar_ids.is_empty() {
        "1 = 1".into()
    } else {
        // Only integers are interpolated, so the text is safe.
        format!("b.calendar_id IN ({})", super::id_list(calendar_ids))
    }
}

/// Bookings made by a user (its account, or its email address), newest first.
pub async fn attended_by(
    ex: Ex<'_>,
    user_id: i64,
    email: &str,
    period: &str,
    calendar_ids: &[i64],
    limit: i64,
) -> StoreResult<Vec<BookingListRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {} {JOINS} WHERE (b.person_user_id = $1 OR b.email_hash = $2) AND {} AND {} ORDER BY b.start_time DESC LIMIT $4",
        joined_columns(),
        attended_period(period),
        calendars_clause(calendar_ids)
    ));
    let keys = ex.keys()?;
    let email_hash = keys.email_hash(email);
    let rows = on!(ex, c => sqlx::query_as::<_, BookingListRow>(sql).bind(user_id).bind(&email_hash).bind(now_epoch()).bind(limit).fetch_all(&mut *c).await)?;
    opened(rows, &keys)
}

pub async fn attended_count(
    ex: Ex<'_>,
    user_id: i64,
    email: &str,
    period: &str,
    calendar_ids: &[i64],
) -> StoreResult<i64> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM bookings b WHERE (b.person_user_id = $1 OR b.email_hash = $2) AND {} AND {}",
        attended_period(period),
        calendars_clause(calendar_ids)
    ));
    let email_hash = ex.keys()?.email_hash(email);
    Ok(
        on!(ex, c => sqlx::query_scalar(sql).bind(user_id).bind(&email_hash).bind(now_epoch()).fetch_one(&mut *c).await)?,
    )
}
