//! The Event Details tab's body (`POST …/details`).

use serde_json::{Value, json};

use super::limits::multi_duration;
use super::new_event::{check_duration, check_seats, parse_event_input};
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::{EventStatus, EventType};
use crate::input::fields::{Fields, clean_text};
use crate::service::events::details::EventDetails;
use crate::service::events::new_event::EventInput;
use crate::service::support::checks::is_hex_color;
use crate::service::{ServiceError, ServiceResult};

/// Reads `POST …/details`'s body for an event of `kind`.
pub fn event_details(body: &Value, kind: EventType) -> ServiceResult<EventDetails> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let title = f.str("title", &mut errors);
    check_title(&mut errors, "title", "Event title", title.as_deref());
    let duration = f.int("duration", &mut errors);
    check_duration(&f, duration, &mut errors);
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
        check_seats(&f, seats, &mut errors);
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
        .map(|md| multi_duration(md, &mut errors).checked(&mut errors));
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
