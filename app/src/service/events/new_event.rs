//! Reading and writing events (event types). Calendar creation writes its first event here too.

use serde_json::Value;

use crate::domain::values::EventType;
use crate::model::event::EventSettings;
use crate::service::{ServiceResult, random_hash};
use crate::store::Tx;
use crate::store::calendars::CalendarRow;
use crate::store::events::{self, EventRow};

/// Shortest and longest event, in minutes.
pub const MIN_DURATION: i64 = 5;
pub const MAX_DURATION: i64 = 24 * 60;

/// A validated new event, not yet stored.
#[derive(Debug, Clone)]
pub struct EventInput {
    pub title: String,
    pub duration: i64,
    pub description: String,
    pub event_type: EventType,
    pub status: String,
    pub color_schema: String,
    pub availability_type: String,
    pub location_type: String,
    pub location_heading: String,
    pub location_settings: Value,
    pub max_book_per_slot: i64,
    pub is_display_spots: bool,
    pub settings: EventSettings,
    /// Whether the body carried a weekly schedule (used to seed the host's first schedule).
    pub weekly_given: bool,
}

/// The first free `{duration}min`, `{duration}min-1`, … slug in the calendar.
async fn free_event_slug(tx: &mut Tx, calendar_id: i64, duration: i64) -> ServiceResult<String> {
    let base = format!("{duration}min");
    let mut candidate = base.clone();
    let mut n = 0;
    while events::slug_taken_in_calendar(tx.ex(), calendar_id, &candidate).await? {
        n += 1;
        candidate = format!("{base}-{n}");
    }
    Ok(candidate)
}

/// Stores a validated event in `cal` for `host_id`; `default_schedule` is used when the event
/// takes an existing schedule.
pub async fn insert_event(
    tx: &mut Tx,
    cal: &CalendarRow,
    host_id: i64,
    input: EventInput,
    default_schedule: Option<i64>,
) -> ServiceResult<EventRow> {
    let slug = free_event_slug(tx, cal.id, input.duration).await?;
    let hosts: Vec<i64> = if input.settings.team_members.is_empty() {
        vec![host_id]
    } else {
        input.settings.team_members.clone()
    };
    let mut row = EventRow {
        id: 0,
        hash: random_hash(),
        user_id: host_id,
        calendar_id: cal.id,
        parent_id: None,
        duration: input.duration,
        title: input.title,
        slug,
        description: input.description,
        settings: serde_json::to_string(&input.settings).map_err(crate::store::StoreError::from)?,
        availability_id: if input.availability_type == "existing_schedule" {
            default_schedule
        } else {
            None
        },
        availability_type: input.availability_type,
        status: input.status,
        payment_type: "free".into(),
        color_schema: input.color_schema,
        location_type: input.location_type,
        location_heading: input.location_heading,
        location_settings: input.location_settings.to_string(),
        event_type: input.event_type.as_str().to_string(),
        is_display_spots: input.is_display_spots,
        max_book_per_slot: input.max_book_per_slot,
        buffer_before_minutes: minutes_setting(&input.settings.buffer_time_before),
        buffer_after_minutes: minutes_setting(&input.settings.buffer_time_after),
        created_at: 0,
        updated_at: 0,
    };
    row.id = events::insert(tx.ex(), &row).await?;
    events::set_hosts(tx.ex(), row.id, &hosts).await?;
    Ok(events::find(tx.ex(), row.id).await?.unwrap_or(row))
}

/// A minutes setting stored as text (`"15"`, `""`): its value, 0 when empty.
pub fn minutes_setting(text: &str) -> i64 {
    text.trim().parse::<i64>().unwrap_or(0).max(0)
}
