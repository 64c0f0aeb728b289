//! A new event's body (`POST /calendars/{id}/events`, and the first event of `POST /calendars`).

use serde_json::Value;

use super::settings::{limits_changes, schedule_changes};
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::EventType;
use crate::input::fields::Fields;
use crate::model::event::{DEFAULT_COLOR, EventSettings};
use crate::service::events::locations::{LocationInput, stored_locations};
use crate::service::events::new_event::{
    EventInput, check_duration, check_event_type, check_seats,
};
use crate::service::support::checks::is_hex_color;
use crate::service::support::sanitize::clean_html;

/// The `location_settings` list as given (`null` or absent: none); their rules are
/// [`stored_locations`]'s.
pub fn read_locations(
    value: Option<&Value>,
    field: &str,
    errors: &mut FieldErrors,
) -> Vec<LocationInput> {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Vec::new();
    };
    let Some(items) = value.as_array() else {
        errors.add(field, "array", format!("The {field} must be a list."));
        return Vec::new();
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let f = Fields::new(Some(item), &format!("{field}.{i}"));
            let mut text = |key: &str| f.str(key, errors).unwrap_or_default();
            LocationInput {
                kind: text("type"),
                title: text("title"),
                description: text("description"),
                phone: text("host_phone_number"),
                link: text("meeting_link"),
                display_on_booking: text("display_on_booking"),
            }
        })
        .collect()
}

/// Settings of a new event: the defaults overlaid with the request's schedule, limits and team.
fn parse_settings(
    value: Option<&Value>,
    field: &str,
    errors: &mut FieldErrors,
) -> (EventSettings, bool) {
    let mut settings = EventSettings::default();
    let f = Fields::new(value, field);
    let schedule = schedule_changes(&f, errors);
    let weekly_given = schedule.weekly_given;
    schedule.apply(&f.prefix, &mut settings, errors, true);
    let mut limits = limits_changes(&f, errors);
    limits.check(&f.prefix, errors);
    limits.apply(&mut settings);
    if let Some(members) = f.int_list("team_members", errors) {
        settings.team_members = members;
    }
    (settings, weekly_given)
}

/// Schedule keys the reference plugin's own client sends on the event itself
/// (`slot.schedule_type`, keyed `slot.weekly_schedules`) instead of under `slot.settings`.
const SCHEDULE_KEYS: [&str; 3] = ["schedule_type", "weekly_schedules", "date_overrides"];

/// The event's `settings`, with the schedule keys given on the event itself filled in where
/// `settings` lacks them (the spec's place wins when both are given).
fn schedule_settings(f: &Fields<'_>) -> Option<Value> {
    let mut settings = match f.get("settings") {
        Some(Value::Object(map)) => map.clone(),
        Some(other) => return Some(other.clone()),
        None => serde_json::Map::new(),
    };
    for key in SCHEDULE_KEYS {
        if let (false, Some(value)) = (settings.contains_key(key), f.get(key)) {
            settings.insert(key.to_string(), value.clone());
        }
    }
    (f.get("settings").is_some() || !settings.is_empty()).then_some(Value::Object(settings))
}

/// Validates a new event body. `prefix` names its place in the request (`calendar.slot`).
pub fn parse_event_input(
    body: Option<&Value>,
    prefix: &str,
    team_calendar: bool,
    errors: &mut FieldErrors,
) -> Option<EventInput> {
    let f = Fields::new(body, prefix);
    if f.map.is_none() {
        errors.add(prefix, "required", "The event data is required");
        return None;
    }
    let title = f.str("title", errors);
    check_title(errors, &f.name("title"), "Event title", title.as_deref());
    let duration = f.int("duration", errors);
    check_duration(&f.name("duration"), duration, errors);
    let given_type = f.str("event_type", errors);
    let event_type = check_event_type(
        given_type.as_deref(),
        team_calendar,
        &f.name("event_type"),
        errors,
    );
    let status = f
        .one_of("status", &["active", "draft"], errors)
        .unwrap_or_else(|| "active".into());
    let color = f
        .str("color_schema", errors)
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| DEFAULT_COLOR.into());
    if !is_hex_color(&color) {
        errors.add(
            f.name("color_schema"),
            "color",
            "The color must be a hex colour such as #0099ff.",
        );
    }
    let availability_type = f.str("availability_type", errors);
    check_availability_type(&f, availability_type.as_deref(), errors);
    let description = f.str("description", errors).unwrap_or_default();
    check_max_len(
        errors,
        &f.name("description"),
        Some(&description),
        MAX_HTML_CHARS,
    );
    let location_type = f.str("location_type", errors).unwrap_or_default();
    let location_heading = f.str("location_heading", errors).unwrap_or_default();
    check_max_len(errors, &f.name("location_type"), Some(&location_type), 64);
    check_max_len(
        errors,
        &f.name("location_heading"),
        Some(&location_heading),
        1000,
    );
    let locations_field = f.name("location_settings");
    let given_locations = read_locations(f.get("location_settings"), &locations_field, errors);
    let location_settings = stored_locations(&given_locations, &locations_field, errors);
    let is_group = event_type.is_some_and(EventType::is_group);
    let max_book_per_slot = f.int("max_book_per_slot", errors);
    let is_display_spots = f.bool("is_display_spots", errors);
    if is_group {
        check_seats(&f.name("max_book_per_slot"), max_book_per_slot, errors);
    }
    let merged = schedule_settings(&f);
    let (settings, weekly_given) = parse_settings(merged.as_ref(), &f.name("settings"), errors);
    if team_calendar
        && settings.team_members.is_empty()
        && !errors.contains(&f.name("settings.team_members"))
    {
        errors.add(
            f.name("settings.team_members"),
            "required",
            "The team members field is required for team calendars",
        );
    }
    let event_type = event_type.filter(|_| errors.is_empty())?;
    Some(EventInput {
        title: title.unwrap_or_default().trim().to_string(),
        duration: duration.unwrap_or(30),
        description: clean_html(&description),
        event_type,
        status,
        color_schema: color,
        availability_type: availability_type.unwrap_or_default(),
        location_type,
        location_heading: clean_html(&location_heading),
        location_settings,
        max_book_per_slot: if is_group {
            max_book_per_slot.unwrap_or(1)
        } else {
            1
        },
        is_display_spots: is_group && is_display_spots.unwrap_or(false),
        settings,
        weekly_given,
    })
}

/// `existing_schedule` or `custom`.
fn check_availability_type(
    f: &Fields<'_>,
    availability_type: Option<&str>,
    errors: &mut FieldErrors,
) {
    match availability_type {
        None => errors.add(
            f.name("availability_type"),
            "required",
            "Event availability type field is required",
        ),
        Some("existing_schedule" | "custom") => {}
        Some(_) => errors.add(
            f.name("availability_type"),
            "in",
            "The selected availability type is invalid. Allowed: existing_schedule, custom.",
        ),
    }
}
