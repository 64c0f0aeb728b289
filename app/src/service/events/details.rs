//! The event editor's Event Details tab: `POST /calendars/{id}/events/{event_id}/details`.

use serde_json::{Value, json};

use super::admin::{UPDATED, load_managed_event, to_json};
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::{EventStatus, EventType};
use crate::model::event::{EventUpdated, MultiDuration};
use crate::service::events::new_event::{EventInput, parse_event_input};
use crate::service::support::input::{Fields, is_hex_color};
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

impl EventDetails {
    pub fn parse(body: &Value, kind: EventType) -> ServiceResult<EventDetails> {
        crate::service::support::input::clean_text(body)?;
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let title = f.str("title", &mut errors);
        check_title(&mut errors, "title", "Event title", title.as_deref());
        let duration = f.int("duration", &mut errors);
        crate::service::events::new_event::check_duration(&f, duration, &mut errors);
        let status = f.one_of("status", &["active", "draft"], &mut errors);
        if status.is_none() && !errors.contains("status") {
            errors.add("status", "required", "Event status field is required");
        }
        let description = f.str("description", &mut errors);
        check_max_len(
            &mut errors,
            "description",
            description.as_deref(),
            MAX_HTML_CHARS,
        );
        let color = f.str("color_schema", &mut errors);
        if color.as_deref().is_some_and(|c| !is_hex_color(c)) {
            errors.add(
                "color_schema",
                "color",
                "The color must be a hex colour such as #0099ff.",
            );
        }
        let seats = f.int("max_book_per_slot", &mut errors);
        let display_spots = f.bool("is_display_spots", &mut errors);
        if kind.is_group() {
            crate::service::events::new_event::check_seats(&f, seats, &mut errors);
            if display_spots.is_none() && !errors.contains("is_display_spots") {
                errors.add(
                    "is_display_spots",
                    "required",
                    "The is display spots field is required for group events",
                );
            }
        }
        let multi_duration = f
            .object("multi_duration", &mut errors)
            .and_then(|md| parse_multi_duration(md, &mut errors));
        let locations = f
            .get("location_settings")
            .and_then(|v| parse_locations(v, &mut errors));
        errors.into_result().map_err(ServiceError::invalid)?;
        let status = status
            .as_deref()
            .and_then(EventStatus::parse)
            .ok_or_else(|| {
                ServiceError::field("status", "required", "Event status field is required")
            })?;
        Ok(EventDetails {
            title: title.unwrap_or_default().trim().to_string(),
            duration,
            status,
            description,
            color: color.filter(|c| !c.is_empty()),
            locations,
            multi_duration,
            seats: seats.filter(|_| kind.is_group()),
            display_spots: display_spots.filter(|_| kind.is_group()),
        })
    }
}

/// Locations by the create-time rules (their errors named as on create).
fn parse_locations(given: &Value, errors: &mut FieldErrors) -> Option<Value> {
    let probe = json!({"title": "x", "duration": 30, "event_type": "single", "availability_type": "custom",
        "location_settings": given, "settings": {"schedule_type": "weekly_schedules", "weekly_schedules": []}});
    let mut location_errors = FieldErrors::new();
    let parsed: Option<EventInput> =
        parse_event_input(Some(&probe), "", false, &mut location_errors);
    errors.merge_prefixed("", location_errors);
    parsed.map(|p| p.location_settings)
}

/// `POST …/details`: title, duration, status, description, colour, locations, group seats and
/// multi-duration. Access first: another host's ids answer 404 whatever the body.
pub async fn update_details(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventUpdated> {
    let mut tx = ctx.store.begin().await?;
    let (cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let details = EventDetails::parse(body, ev.kind())?;
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

pub(super) fn parse_multi_duration(
    value: &Value,
    errors: &mut FieldErrors,
) -> Option<MultiDuration> {
    let f = Fields::new(Some(value), "multi_duration");
    let enabled = f.bool("enabled", errors).unwrap_or(false);
    let default = f.int("default_duration", errors);
    let available = f
        .int_list("available_durations", errors)
        .unwrap_or_default();
    if enabled {
        if default.is_none() && !errors.contains("multi_duration.default_duration") {
            errors.add(
                "multi_duration.default_duration",
                "required",
                "The default duration is required when multiple durations are enabled.",
            );
        }
        if available.is_empty() && !errors.contains("multi_duration.available_durations") {
            errors.add(
                "multi_duration.available_durations",
                "required",
                "The available durations are required when multiple durations are enabled.",
            );
        }
        if available.iter().any(|d| {
            !(crate::service::events::new_event::MIN_DURATION
                ..=crate::service::events::new_event::MAX_DURATION)
                .contains(d)
        }) {
            errors.add(
                "multi_duration.available_durations",
                "between",
                "Each duration must be between 5 and 1440 minutes.",
            );
        }
        if let Some(d) = default
            && !available.is_empty()
            && !available.contains(&d)
        {
            errors.add(
                "multi_duration.default_duration",
                "in",
                "The default duration must be one of the available durations.",
            );
        }
    }
    Some(MultiDuration {
        enabled,
        default_duration: default
            .map(Value::from)
            .unwrap_or_else(|| Value::String(String::new())),
        available_durations: available,
    })
}
