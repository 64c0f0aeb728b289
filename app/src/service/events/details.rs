//! The event editor's Event Details tab: `POST /calendars/{id}/events/{event_id}/details`.

use serde_json::Value;

use super::admin::{UPDATED, load_managed_event, to_json};
use crate::domain::values::{EventStatus, EventType};
use crate::model::event::{EventUpdated, MultiDuration};
use crate::service::support::present::{event_settings, event_wire};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::events;

/// `POST …/details`'s body, read once for an event of `kind`: every value checked, `None`
/// keeping the stored one.
#[derive(Debug, Clone, PartialEq)]
pub struct EventDetails {
    /// Trimmed.
    pub title: String,
    pub duration: Option<i64>,
    pub status: EventStatus,
    /// As given; sanitised when stored.
    pub description: Option<String>,
    /// `#rrggbb`; empty keeps the stored colour.
    pub color: Option<String>,
    /// The locations as stored (the create-time rules).
    pub locations: Option<Value>,
    pub multi_duration: Option<MultiDuration>,
    /// Group events only: seats per slot and whether the page shows how many are left.
    pub seats: Option<i64>,
    pub display_spots: Option<bool>,
}

/// `POST …/details`: title, duration, status, description, colour, locations, group seats and
/// multi-duration, read (`read`, for the event's kind) once access is granted: another host's
/// ids answer 404 whatever the body.
pub async fn update_details(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    read: impl FnOnce(EventType) -> ServiceResult<EventDetails>,
) -> ServiceResult<EventUpdated> {
    let mut tx = ctx.store.begin().await?;
    let (cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let details = read(ev.kind())?;
    let mut settings = event_settings(&ev)?;
    if let Some(multi_duration) = details.multi_duration {
        settings.multi_duration = multi_duration;
    }
    ev.title = details.title;
    ev.duration = details.duration.unwrap_or(ev.duration);
    ev.status = details.status.as_str().to_string();
    if let Some(d) = details.description {
        ev.description = clean_html(&d);
    }
    if let Some(c) = details.color {
        ev.color_schema = c;
    }
    if let Some(locations) = details.locations {
        ev.location_settings = locations.to_string();
    }
    ev.max_book_per_slot = details.seats.unwrap_or(ev.max_book_per_slot);
    ev.is_display_spots = details.display_spots.unwrap_or(ev.is_display_spots);
    ev.settings = to_json(&settings)?;
    events::update(tx.ex(), &ev).await?;
    let ev = events::find(tx.ex(), ev.id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(EventUpdated {
        message: UPDATED.into(),
        event: event_wire(ctx, &cal, &ev)?,
    })
}
