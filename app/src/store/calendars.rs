//! `calendars`: a host's (type `simple`) or a team's calendar of events.

use super::{Ex, StoreResult, like_pattern, now_epoch, on};

impl CalendarRow {
    /// Its `settings` column, decoded (`Corrupt` when it does not decode).
    pub fn decoded_settings(&self) -> StoreResult<crate::model::calendar::CalendarSettings> {
        super::decode(
            &format!("calendars.settings of calendar {}", self.id),
            &self.settings,
        )
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CalendarRow {
    pub id: i64,
    pub hash: String,
    pub user_id: i64,
    pub parent_id: Option<i64>,
    pub title: String,
    pub slug: String,
    pub description: String,
    pub settings: String,
    pub status: String,
    #[sqlx(rename = "type")]
    pub calendar_type: String,
    pub event_type: String,
    pub account_type: String,
    pub visibility: String,
    pub author_timezone: String,
    pub max_book_per_slot: i64,
    /// A language code (DESIGN 2.9).
    pub language: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, hash, user_id, parent_id, title, slug, description, settings, status, type, event_type, account_type, visibility, author_timezone, max_book_per_slot, language, created_at, updated_at";

pub struct NewCalendar<'a> {
    pub hash: &'a str,
    pub user_id: i64,
    pub title: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub settings: &'a str,
    pub calendar_type: &'a str,
    pub author_timezone: &'a str,
    /// A language code (DESIGN 2.9).
    pub language: &'a str,
}

pub async fn insert(ex: Ex<'_>, cal: &NewCalendar<'_>) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO calendars (hash, user_id, title, slug, description, settings, type, author_timezone, created_at, updated_at, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) RETURNING id")
        .bind(cal.hash).bind(cal.user_id).bind(cal.title).bind(cal.slug).bind(cal.description)
        .bind(cal.settings).bind(cal.calendar_type).bind(cal.author_timezone).bind(now_epoch()).bind(cal.language)
        .fetch_one(&mut *c).await)?)
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<CalendarRow>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM calendars WHERE id = $1"));
    Ok(on!(ex, c => sqlx::query_as::<_, CalendarRow>(sql).bind(id).fetch_optional(&mut *c).await)?)
}

pub async fn slug_taken(ex: Ex<'_>, slug: &str) -> StoreResult<bool> {
    let n: i64 = on!(ex, c => sqlx::query_scalar("SELECT COUNT(*) FROM calendars WHERE LOWER(slug) = LOWER($1)")
        .bind(slug).fetch_one(&mut *c).await)?;
    Ok(n > 0)
}

/// The id of the user's own (`simple`) calendar.
pub async fn simple_calendar_of(ex: Ex<'_>, user_id: i64) -> StoreResult<Option<i64>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT id FROM calendars WHERE user_id = $1 AND type = 'simple' ORDER BY id LIMIT 1")
        .bind(user_id).fetch_optional(&mut *c).await)?,
    )
}

/// Whether `user_id` hosts any event of the calendar (team membership included).
pub async fn is_event_host(ex: Ex<'_>, calendar_id: i64, user_id: i64) -> StoreResult<bool> {
    let n: i64 = on!(ex, c => sqlx::query_scalar(
        "SELECT COUNT(*) FROM events e JOIN event_hosts h ON h.event_id = e.id WHERE e.calendar_id = $1 AND h.user_id = $2")
        .bind(calendar_id).bind(user_id).fetch_one(&mut *c).await)?;
    Ok(n > 0)
}

/// Which calendars a listing shows.
pub struct CalendarFilter<'a> {
    /// `None`: every calendar; `Some(user)`: the user's own and those it hosts events in.
    pub visible_to: Option<i64>,
    /// `all`, `simple` or `team`.
    pub calendar_type: &'a str,
    /// Matches event titles; empty matches everything.
    pub search: &'a str,
}

const FILTER: &str = "($1 = 0 OR user_id = $1 OR id IN (SELECT e.calendar_id FROM events e JOIN event_hosts h ON h.event_id = e.id WHERE h.user_id = $1))
  AND ($2 = 'all' OR ($2 = 'simple' AND type = 'simple') OR ($2 = 'team' AND type <> 'simple'))
  AND ($3 = '' OR id IN (SELECT calendar_id FROM events WHERE LOWER(title) LIKE $4 ESCAPE '\\'))";

pub async fn list(
    ex: Ex<'_>,
    f: &CalendarFilter<'_>,
    limit: i64,
    offset: i64,
) -> StoreResult<Vec<CalendarRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM calendars WHERE {FILTER} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6"
    ));
    let pattern = like_pattern(f.search);
    Ok(on!(ex, c => sqlx::query_as::<_, CalendarRow>(sql)
        .bind(f.visible_to.unwrap_or(0)).bind(f.calendar_type).bind(f.search).bind(&pattern)
        .bind(limit).bind(offset).fetch_all(&mut *c).await)?)
}

pub async fn count(ex: Ex<'_>, f: &CalendarFilter<'_>) -> StoreResult<i64> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM calendars WHERE {FILTER}"));
    let pattern = like_pattern(f.search);
    Ok(on!(ex, c => sqlx::query_scalar(sql)
        .bind(f.visible_to.unwrap_or(0)).bind(f.calendar_type).bind(f.search).bind(&pattern)
        .fetch_one(&mut *c).await)?)
}

/// Writes the editable columns of a calendar.
pub async fn update(ex: Ex<'_>, cal: &CalendarRow) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE calendars SET title = $2, description = $3, author_timezone = $4, settings = $5, updated_at = $6, slug = $7, language = $8 WHERE id = $1")
        .bind(cal.id).bind(&cal.title).bind(&cal.description).bind(&cal.author_timezone)
        .bind(&cal.settings).bind(now_epoch()).bind(&cal.slug).bind(&cal.language).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Deletes the calendar's bookings; its events and their rows go with the calendar (cascade).
pub async fn delete_bookings(ex: Ex<'_>, calendar_id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM bookings WHERE calendar_id = $1").bind(calendar_id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn delete(ex: Ex<'_>, calendar_id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM calendars WHERE id = $1").bind(calendar_id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Every `simple` calendar as (calendar id, owner id), oldest first.
pub async fn simple_owners(ex: Ex<'_>) -> StoreResult<Vec<(i64, i64)>> {
    Ok(
        on!(ex, c => sqlx::query_as::<_, (i64, i64)>("SELECT id, user_id FROM calendars WHERE type = 'simple' ORDER BY id")
        .fetch_all(&mut *c).await)?,
    )
}

/// The calendar a public address names (slugs are unique, compared without case).
pub async fn find_by_slug(ex: Ex<'_>, slug: &str) -> StoreResult<Option<CalendarRow>> {
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM calendars WHERE LOWER(slug) = LOWER($1)"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, CalendarRow>(sql).bind(slug).fetch_optional(&mut *c).await)?,
    )
}

/// The `author_timezone` of the user's own `simple` calendar (the oldest, if several).
pub async fn author_zone_of(ex: Ex<'_>, user_id: i64) -> StoreResult<Option<String>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT author_timezone FROM calendars WHERE user_id = $1 AND type = 'simple' ORDER BY id LIMIT 1")
        .bind(user_id).fetch_optional(&mut *c).await)?)
}
