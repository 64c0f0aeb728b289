//! `events` (event types / slots) and `event_hosts`.

use super::{Ex, StoreResult, now_epoch, on};
use crate::domain::values::EventType;

impl EventRow {
    /// Its `settings` column, decoded (`Corrupt` when it does not decode).
    pub fn decoded_settings(&self) -> StoreResult<crate::model::event::EventSettings> {
        super::decode(
            &format!("events.settings of event {}", self.id),
            &self.settings,
        )
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: i64,
    pub hash: String,
    pub user_id: i64,
    pub calendar_id: i64,
    pub parent_id: Option<i64>,
    pub duration: i64,
    pub title: String,
    pub slug: String,
    pub description: String,
    pub settings: String,
    pub availability_type: String,
    pub availability_id: Option<i64>,
    pub status: String,
    #[sqlx(rename = "type")]
    pub payment_type: String,
    pub color_schema: String,
    pub location_type: String,
    pub location_heading: String,
    pub location_settings: String,
    pub event_type: String,
    pub is_display_spots: bool,
    pub max_book_per_slot: i64,
    pub buffer_before_minutes: i64,
    pub buffer_after_minutes: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, hash, user_id, calendar_id, parent_id, duration, title, slug, description, settings, availability_type, availability_id, status, type, color_schema, location_type, location_heading, location_settings, event_type, is_display_spots, max_book_per_slot, buffer_before_minutes, buffer_after_minutes, created_at, updated_at";

/// Inserts `ev` (its `id` and timestamps are ignored) and answers the new id.
pub async fn insert(ex: Ex<'_>, ev: &EventRow) -> StoreResult<i64> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "INSERT INTO events (hash, user_id, calendar_id, parent_id, duration, title, slug, description, settings,
            availability_type, availability_id, status, type, color_schema, location_type, location_heading,
            location_settings, event_type, is_display_spots, max_book_per_slot, buffer_before_minutes, buffer_after_minutes,
            created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23)
         RETURNING id")
        .bind(&ev.hash).bind(ev.user_id).bind(ev.calendar_id).bind(ev.parent_id).bind(ev.duration)
        .bind(&ev.title).bind(&ev.slug).bind(&ev.description).bind(&ev.settings)
        .bind(&ev.availability_type).bind(ev.availability_id).bind(&ev.status).bind(&ev.payment_type)
        .bind(&ev.color_schema).bind(&ev.location_type).bind(&ev.location_heading)
        .bind(&ev.location_settings).bind(&ev.event_type).bind(ev.is_display_spots)
        .bind(ev.max_book_per_slot).bind(ev.buffer_before_minutes).bind(ev.buffer_after_minutes).bind(now_epoch())
        .fetch_one(&mut *c).await)?)
}

/// Replaces the hosts of an event.
pub async fn set_hosts(mut ex: Ex<'_>, event_id: i64, user_ids: &[i64]) -> StoreResult<()> {
    on!(&mut ex, c => sqlx::query("DELETE FROM event_hosts WHERE event_id = $1").bind(event_id).execute(&mut **c).await.map(|_| ()))?;
    let mut ids = user_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    for user_id in ids {
        on!(&mut ex, c => sqlx::query("INSERT INTO event_hosts (event_id, user_id) VALUES ($1, $2)")
            .bind(event_id).bind(user_id).execute(&mut **c).await.map(|_| ()))?;
    }
    Ok(())
}

pub async fn find(ex: Ex<'_>, id: i64) -> StoreResult<Option<EventRow>> {
    let sql = sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM events WHERE id = $1"));
    Ok(on!(ex, c => sqlx::query_as::<_, EventRow>(sql).bind(id).fetch_optional(&mut *c).await)?)
}

/// Events of these calendars, newest first.
pub async fn list_for_calendars(ex: Ex<'_>, calendar_ids: &[i64]) -> StoreResult<Vec<EventRow>> {
    if calendar_ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = super::id_list(calendar_ids);
    // Only integers are interpolated, so the text is safe.
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM events WHERE calendar_id IN ({list}) AND status <> 'expired' ORDER BY created_at DESC, id DESC"
    ));
    Ok(on!(ex, c => sqlx::query_as::<_, EventRow>(sql).fetch_all(&mut *c).await)?)
}

pub async fn slug_taken_in_calendar(ex: Ex<'_>, calendar_id: i64, slug: &str) -> StoreResult<bool> {
    let n: i64 = on!(ex, c => sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE calendar_id = $1 AND slug = $2")
        .bind(calendar_id).bind(slug).fetch_one(&mut *c).await)?;
    Ok(n > 0)
}

/// Ids of every host of the event.
pub async fn hosts(ex: Ex<'_>, event_id: i64) -> StoreResult<Vec<i64>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT user_id FROM event_hosts WHERE event_id = $1 ORDER BY user_id")
        .bind(event_id).fetch_all(&mut *c).await)?,
    )
}

/// Writes every editable column of an event.
pub async fn update(ex: Ex<'_>, ev: &EventRow) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "UPDATE events SET duration = $2, title = $3, description = $4, settings = $5, availability_type = $6,
            availability_id = $7, status = $8, color_schema = $9, location_type = $10, location_heading = $11,
            location_settings = $12, is_display_spots = $13, max_book_per_slot = $14, buffer_before_minutes = $15,
            buffer_after_minutes = $16, updated_at = $17
         WHERE id = $1")
        .bind(ev.id).bind(ev.duration).bind(&ev.title).bind(&ev.description).bind(&ev.settings)
        .bind(&ev.availability_type).bind(ev.availability_id).bind(&ev.status).bind(&ev.color_schema)
        .bind(&ev.location_type).bind(&ev.location_heading).bind(&ev.location_settings).bind(ev.is_display_spots)
        .bind(ev.max_book_per_slot).bind(ev.buffer_before_minutes).bind(ev.buffer_after_minutes).bind(now_epoch())
        .execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

pub async fn delete(ex: Ex<'_>, id: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query("DELETE FROM events WHERE id = $1").bind(id).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// An event with what the public pages need of its calendar and owner, in one query.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PublicEventRow {
    #[sqlx(flatten)]
    pub event: EventRow,
    pub cal_title: String,
    pub cal_slug: String,
    pub cal_type: String,
    pub cal_timezone: String,
    pub cal_settings: String,
    /// The calendar's language (DESIGN 2.9), the pages' last choice before English.
    pub cal_language: String,
    pub owner_first_name: Option<String>,
    pub owner_last_name: Option<String>,
    pub owner_display_name: Option<String>,
    pub owner_avatar: Option<String>,
    /// The global `general` settings document, fetched in the same query.
    pub general_settings: Option<String>,
}

impl EventRow {
    pub fn kind(&self) -> EventType {
        EventType::of_stored(&self.event_type)
    }
}

impl PublicEventRow {
    /// The owner as pages and answers name it: first and last name, else the display name.
    pub fn owner_name(&self) -> Option<String> {
        let first = self.owner_first_name.as_deref().unwrap_or_default();
        let last = self.owner_last_name.as_deref().unwrap_or_default();
        let full = format!("{first} {last}").trim().to_string();
        if full.is_empty() {
            self.owner_display_name.clone()
        } else {
            Some(full)
        }
    }
}

pub async fn find_public(ex: Ex<'_>, id: i64) -> StoreResult<Option<PublicEventRow>> {
    let event_columns = COLUMNS
        .split(", ")
        .map(|c| format!("e.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = sqlx::AssertSqlSafe(format!(
        "SELECT {event_columns}, c.title AS cal_title, c.slug AS cal_slug, c.type AS cal_type,
                c.author_timezone AS cal_timezone, c.settings AS cal_settings, c.language AS cal_language,
                u.first_name AS owner_first_name, u.last_name AS owner_last_name,
                u.display_name AS owner_display_name, u.avatar_url AS owner_avatar,
                (SELECT value FROM settings WHERE key = 'general') AS general_settings
         FROM events e JOIN calendars c ON c.id = e.calendar_id LEFT JOIN users u ON u.id = e.user_id
         WHERE e.id = $1"
    ));
    Ok(
        on!(ex, c => sqlx::query_as::<_, PublicEventRow>(sql).bind(id).fetch_optional(&mut *c).await)?,
    )
}

/// An event's stored document under `key` (payment settings, notifications, …).
pub async fn meta(ex: Ex<'_>, event_id: i64, key: &str) -> StoreResult<Option<String>> {
    Ok(
        on!(ex, c => sqlx::query_scalar("SELECT value FROM event_meta WHERE event_id = $1 AND meta_key = $2")
        .bind(event_id).bind(key).fetch_optional(&mut *c).await)?,
    )
}

/// Every stored document of an event, as (key, value): one read for a use case that needs
/// several (a booking reads its event's notifications and payment settings at once).
pub async fn all_meta(ex: Ex<'_>, event_id: i64) -> StoreResult<Vec<(String, String)>> {
    Ok(
        on!(ex, c => sqlx::query_as::<_, (String, String)>("SELECT meta_key, value FROM event_meta WHERE event_id = $1")
        .bind(event_id).fetch_all(&mut *c).await)?,
    )
}

/// Stores an event's document under `key`, replacing the one there.
pub async fn put_meta(ex: Ex<'_>, event_id: i64, key: &str, value: &str) -> StoreResult<()> {
    let now = super::now_epoch();
    on!(ex, c => sqlx::query(
        "INSERT INTO event_meta (event_id, meta_key, value, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (event_id, meta_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
        .bind(event_id).bind(key).bind(value).bind(now).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// Copies every document of one event to another (a clone), replacing what it has.
pub async fn copy_meta(ex: Ex<'_>, from_event: i64, to_event: i64) -> StoreResult<()> {
    on!(ex, c => sqlx::query(
        "INSERT INTO event_meta (event_id, meta_key, value, created_at, updated_at)
         SELECT $2, meta_key, value, $3, $3 FROM event_meta WHERE event_id = $1
         ON CONFLICT (event_id, meta_key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
        .bind(from_event).bind(to_event).bind(now_epoch()).execute(&mut *c).await.map(|_| ()))?;
    Ok(())
}

/// The id of the event a booking page address names: `/{calendar_slug}/{event_slug}`.
pub async fn find_id_by_slugs(
    ex: Ex<'_>,
    calendar_slug: &str,
    event_slug: &str,
) -> StoreResult<Option<i64>> {
    Ok(on!(ex, c => sqlx::query_scalar(
        "SELECT e.id FROM events e JOIN calendars c ON c.id = e.calendar_id
         WHERE LOWER(c.slug) = LOWER($1) AND LOWER(e.slug) = LOWER($2) ORDER BY e.id LIMIT 1")
        .bind(calendar_slug).bind(event_slug).fetch_optional(&mut *c).await)?)
}

/// The booking windows of the events `user_id` hosts (its own, and team events listing it),
/// as (range_type, range_days, end date of a date range): how far ahead its calendars matter.
pub async fn booking_windows_of_host(
    ex: Ex<'_>,
    user_id: i64,
) -> StoreResult<Vec<(String, i64, String)>> {
    let rows: Vec<(i64, String, String)> = on!(ex, c => sqlx::query_as(
        "SELECT user_id, event_type, settings FROM events
         WHERE status = 'active' AND (user_id = $1 OR event_type IN ('round_robin', 'collective'))")
        .bind(user_id).fetch_all(&mut *c).await)?;
    Ok(rows
        .into_iter()
        .filter_map(|(owner, event_type, settings)| {
            let settings: crate::model::event::EventSettings =
                serde_json::from_str(&settings).unwrap_or_default();
            let team =
                EventType::of_stored(&event_type).is_team() && !settings.team_members.is_empty();
            let hosts = if team {
                settings.team_members.contains(&user_id)
            } else {
                owner == user_id
            };
            hosts.then(|| {
                (
                    settings.range_type.clone(),
                    settings.range_days,
                    settings
                        .range_date_between
                        .get(1)
                        .cloned()
                        .unwrap_or_default(),
                )
            })
        })
        .collect())
}
