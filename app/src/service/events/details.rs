//! The event editor's Event Details tab: `POST /calendars/{id}/events/{event_id}/details`.

use serde_json::Value;

use super::admin::{UPDATED, load_managed_event, to_json};
use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::{EventStatus, EventType};
use crate::model::event::{EventUpdated, MultiDuration};
use crate::service::events::limits::DurationChoice;
use crate::service::events::locations::{LocationInput, stored_locations};
use crate::service::events::new_event::{check_duration, check_seats};
use crate::service::support::checks::is_hex_color;
use crate::service::support::present::{event_settings, event_wire};
use crate::service::support::sanitize::clean_html;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::events;

/// The Event Details tab's changes as given (REST body or form): each value is checked by
/// [`EventDetails::checked`] for the event's kind; `None` keeps the stored one where the
/// value is optional.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventDetails {
    /// Required.
    pub title: Option<String>,
    /// Required, 5 to 1440 minutes.
    pub duration: Option<i64>,
    /// Required: `active` or `draft`.
    pub status: Option<String>,
    /// HTML, sanitised when stored.
    pub description: Option<String>,
    /// `#rrggbb`; empty keeps the stored colour.
    pub color: Option<String>,
    pub locations: Option<Vec<LocationInput>>,
    pub multi_duration: Option<DurationChoice>,
    /// Group events only (required there): seats per slot and whether the page shows how
    /// many are left.
    pub seats: Option<i64>,
    pub display_spots: Option<bool>,
    /// What the way in could not read, refused together with the values' own rules.
    pub unreadable: FieldErrors,
}

/// [`EventDetails`] once checked: what is stored.
pub struct CheckedDetails {
    title: String,
    duration: Option<i64>,
    status: EventStatus,
    description: Option<String>,
    color: Option<String>,
    locations: Option<Value>,
    multi_duration: Option<MultiDuration>,
    seats: Option<i64>,
    display_spots: Option<bool>,
}

impl EventDetails {
    /// Every value's rules for an event of `kind`, each error named by its REST field.
    pub fn checked(self, kind: EventType) -> ServiceResult<CheckedDetails> {
        let mut errors = self.unreadable;
        check_title(&mut errors, "title", "Event title", self.title.as_deref());
        check_text(
            "title",
            self.title.as_deref().unwrap_or_default(),
            true,
            &mut errors,
        );
        check_duration("duration", self.duration, &mut errors);
        let status = self.status.as_deref().and_then(EventStatus::parse);
        match self.status.as_deref() {
            None if !errors.contains("status") => {
                errors.add("status", "required", "Event status field is required")
            }
            Some(_) if status.is_none() => errors.add(
                "status",
                "in",
                "The selected status is invalid. Allowed: active, draft.",
            ),
            _ => {}
        }
        if let Some(description) = &self.description {
            check_max_len(
                &mut errors,
                "description",
                Some(description),
                MAX_HTML_CHARS,
            );
            check_text("description", description, false, &mut errors);
        }
        if let Some(color) = &self.color {
            check_text("color_schema", color, true, &mut errors);
            if !is_hex_color(color) {
                errors.add(
                    "color_schema",
                    "color",
                    "The color must be a hex colour such as #0099ff.",
                );
            }
        }
        if kind.is_group() {
            check_seats("max_book_per_slot", self.seats, &mut errors);
            if self.display_spots.is_none() && !errors.contains("is_display_spots") {
                errors.add(
                    "is_display_spots",
                    "required",
                    "The is display spots field is required for group events",
                );
            }
        }
        let multi_duration = self.multi_duration.map(|md| md.checked(&mut errors));
        let locations = self
            .locations
            .map(|given| stored_locations(&given, "location_settings", &mut errors));
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(CheckedDetails {
            title: self.title.unwrap_or_default().trim().to_string(),
            duration: self.duration,
            status: status.unwrap_or(EventStatus::Active),
            description: self.description,
            color: self.color.filter(|c| !c.is_empty()),
            locations,
            multi_duration,
            seats: self.seats.filter(|_| kind.is_group()),
            display_spots: self.display_spots.filter(|_| kind.is_group()),
        })
    }
}

/// `POST …/details`: title, duration, status, description, colour, locations, group seats and
/// multi-duration.
pub async fn update_details(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    details: EventDetails,
) -> ServiceResult<EventUpdated> {
    let mut tx = ctx.store.begin().await?;
    let (cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let details = details.checked(ev.kind())?;
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
    // More seats free places that people wait for.
    crate::service::waitlist::pass_on_event(&mut tx, ctx, ev.id, ctx.clock.now()).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(EventUpdated {
        message: UPDATED.into(),
        event: event_wire(ctx, &cal, &ev)?,
    })
}
