//! A new event's body (`POST /calendars/{id}/events`, and the first event of `POST /calendars`).

use serde_json::{Value, json};

use super::settings::{limits_changes, schedule_changes};
use crate::domain::validation::{FieldErrors, MAX_HTML_CHARS, check_max_len, check_title};
use crate::domain::values::EventType;
use crate::input::fields::Fields;
use crate::model::event::{DEFAULT_COLOR, EVENT_TYPES, EventSettings, LOCATION_TYPES};
use crate::service::events::new_event::{EventInput, MAX_DURATION, MIN_DURATION};
use crate::service::support::checks::is_hex_color;
use crate::service::support::sanitize::clean_html;

/// Validates `location_settings` items; answers them in stored form.
fn parse_locations(value: Option<&Value>, field: &str, errors: &mut FieldErrors) -> Value {
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return json!([]);
    };
    let Some(items) = value.as_array() else {
        errors.add(field, "array", format!("The {field} must be a list."));
        return json!([]);
    };
    let mut stored = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let f = Fields::new(Some(item), &format!("{field}.{i}"));
        let kind = f.str("type", errors).unwrap_or_default();
        if kind.is_empty() {
            // The dashboard sends one empty placeholder row when no location is chosen.
            continue;
        }
        if !LOCATION_TYPES.contains(&kind.as_str()) {
            errors.add(
                f.name("type"),
                "in",
                format!("The selected {} is invalid.", f.name("type")),
            );
            continue;
        }
        let title = f.str("title", errors).unwrap_or_default();
        let description = f.str("description", errors).unwrap_or_default();
        let phone = f.str("host_phone_number", errors).unwrap_or_default();
        let link = f.str("meeting_link", errors).unwrap_or_default();
        if (kind == "custom" || kind == "in_person_organizer") && title.trim().is_empty() {
            errors.add(
                f.name("title"),
                "required",
                "Event location title field is required",
            );
        }
        if kind == "in_person_organizer" && description.trim().is_empty() {
            errors.add(
                f.name("description"),
                "required",
                "Event location description field is required",
            );
        }
        if kind == "phone_organizer" && phone.trim().is_empty() {
            errors.add(
                f.name("host_phone_number"),
                "required",
                "Event location host phone number field is required",
            );
        }
        for (key, text) in [
            ("title", &title),
            ("description", &description),
            ("host_phone_number", &phone),
            ("meeting_link", &link),
        ] {
            check_max_len(errors, &f.name(key), Some(text), 1000);
        }
        let mut entry = json!({"type": kind, "title": title.trim(), "display_on_booking": f.str("display_on_booking", errors).unwrap_or_default()});
        match kind.as_str() {
            "custom" | "in_person_organizer" => {
                entry["description"] = json!(clean_html(&description))
            }
            "phone_organizer" => entry["host_phone_number"] = json!(phone.trim()),
            "online_meeting" => entry["meeting_link"] = json!(link.trim()),
            _ => {}
        }
        stored.push(entry);
    }
    Value::Array(stored)
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
    limits_changes(&f, errors).apply(&mut settings);
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
    check_duration(&f, duration, errors);
    let event_type = read_event_type(&f, team_calendar, errors);
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
    let location_settings = parse_locations(
        f.get("location_settings"),
        &f.name("location_settings"),
        errors,
    );
    let is_group = event_type.is_some_and(EventType::is_group);
    let max_book_per_slot = f.int("max_book_per_slot", errors);
    let is_display_spots = f.bool("is_display_spots", errors);
    if is_group {
        check_seats(&f, max_book_per_slot, errors);
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

/// Minutes: required, within the allowed range.
pub fn check_duration(f: &Fields<'_>, duration: Option<i64>, errors: &mut FieldErrors) {
    match duration {
        None if !errors.contains(&f.name("duration")) => errors.add(
            f.name("duration"),
            "required",
            "Event duration field is required",
        ),
        Some(d) if d < MIN_DURATION => errors.add(
            f.name("duration"),
            "min",
            format!(
                "The {} must be at least {MIN_DURATION}.",
                f.name("duration")
            ),
        ),
        Some(d) if d > MAX_DURATION => errors.add(
            f.name("duration"),
            "max",
            format!(
                "The {} may not be greater than {MAX_DURATION}.",
                f.name("duration")
            ),
        ),
        _ => {}
    }
}

/// One of the event types the calendar allows (team types on team calendars only).
fn read_event_type(
    f: &Fields<'_>,
    team_calendar: bool,
    errors: &mut FieldErrors,
) -> Option<EventType> {
    let allowed: &[&str] = if team_calendar {
        EVENT_TYPES
    } else {
        &EVENT_TYPES[..2]
    };
    let given = f.str("event_type", errors);
    match given.as_deref() {
        None => errors.add(
            f.name("event_type"),
            "required",
            "Event type field is required",
        ),
        Some(t) if !allowed.contains(&t) => errors.add(
            f.name("event_type"),
            "in",
            format!(
                "The selected {} is invalid. Allowed: {}.",
                f.name("event_type"),
                allowed.join(", ")
            ),
        ),
        _ => {}
    }
    given
        .as_deref()
        .filter(|t| allowed.contains(t))
        .and_then(EventType::parse)
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

/// A group event's seats per slot: required, 1 to 1000.
pub fn check_seats(f: &Fields<'_>, max_book_per_slot: Option<i64>, errors: &mut FieldErrors) {
    match max_book_per_slot {
        None if !errors.contains(&f.name("max_book_per_slot")) => errors.add(
            f.name("max_book_per_slot"),
            "required",
            "The max book per slot field is required for group events",
        ),
        Some(n) if !(1..=1000).contains(&n) => errors.add(
            f.name("max_book_per_slot"),
            "between",
            "The max book per slot must be between 1 and 1000.",
        ),
        _ => {}
    }
}
