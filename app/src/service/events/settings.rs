//! Parsing event settings from requests: availability (schedule, overrides, booking window)
//! and limits (notice, buffers, interval, frequency and duration limits, locked zone).
//! Each function overlays what the request carries on `settings` and names every bad field.

use chrono::NaiveDate;
use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::domain::week::{parse_overrides, parse_weekly};
use crate::domain::zone::parse_zone;
use crate::model::event::{EventSettings, Limits, PeriodLimit, Quantity};
use crate::service::support::input::Fields;

/// Longest buffer or interval, in minutes.
const MAX_MINUTES: i64 = 24 * 60;

/// `schedule_type`, `weekly_schedules`, `date_overrides`, `range_type`, `range_days`,
/// `range_date_between`. `weekly_required`: the request must carry a weekly schedule.
pub fn apply_schedule(
    f: &Fields,
    settings: &mut EventSettings,
    errors: &mut FieldErrors,
    weekly_required: bool,
) -> bool {
    match f.str("schedule_type", errors) {
        None if !errors.contains(&f.name("schedule_type")) => errors.add(
            f.name("schedule_type"),
            "required",
            "Event schedule type field is required",
        ),
        Some(kind) if kind != "weekly_schedules" => errors.add(
            f.name("schedule_type"),
            "in",
            "The selected schedule type is invalid. Allowed: weekly_schedules.",
        ),
        _ => {}
    }
    let weekly_given = match f.get("weekly_schedules") {
        None => {
            if weekly_required {
                errors.add(
                    f.name("weekly_schedules"),
                    "required",
                    "Event weekly schedules field is required",
                );
            }
            false
        }
        Some(week) => {
            match parse_weekly(week) {
                Ok(week) => settings.weekly_schedules = week,
                Err(e) => errors.merge_prefixed(&f.name("weekly_schedules"), e),
            }
            true
        }
    };
    if let Some(overrides) = f.get("date_overrides") {
        match parse_overrides(overrides) {
            Ok(o) => settings.date_overrides = o,
            Err(e) => errors.merge_prefixed(&f.name("date_overrides"), e),
        }
    }
    apply_range_days(f, settings, errors);
    if let Some(range_type) = f.one_of("range_type", &["range_days", "date_range", ""], errors)
        && !range_type.is_empty()
    {
        settings.range_type = range_type;
    }
    if let Some(value) = f.get("range_date_between") {
        let dates: Option<Vec<String>> = value.as_array().map(|items| {
            items
                .iter()
                .map(|v| v.as_str().unwrap_or("").to_string())
                .collect()
        });
        match dates {
            Some(d) if d.len() == 2 => settings.range_date_between = d,
            _ => errors.add(
                f.name("range_date_between"),
                "array",
                "The range_date_between must be a list of two dates.",
            ),
        }
    }
    if settings.range_type == "date_range" && !errors.contains(&f.name("range_date_between")) {
        let parse = |t: &str| NaiveDate::parse_from_str(t.get(..10).unwrap_or(t), "%Y-%m-%d").ok();
        let from = settings.range_date_between.first().and_then(|t| parse(t));
        let to = settings.range_date_between.get(1).and_then(|t| parse(t));
        match (from, to) {
            (Some(a), Some(b)) if a <= b => {}
            (Some(_), Some(_)) => errors.add(
                f.name("range_date_between"),
                "order",
                "The end date of the range must not precede its start.",
            ),
            _ => errors.add(
                f.name("range_date_between"),
                "date",
                "A date range needs two dates in YYYY-MM-DD format.",
            ),
        }
    }
    weekly_given
}

/// Reads `{value, unit}` (or a one-item list of it); empty resets to the 4-hour default.
fn parse_notice(value: &Value, field: &str, errors: &mut FieldErrors) -> Option<Quantity> {
    let item = match value {
        Value::Array(items) if items.is_empty() => {
            return Some(EventSettings::default().schedule_conditions);
        }
        Value::Array(items) => &items[0],
        Value::Object(map) if map.is_empty() => {
            return Some(EventSettings::default().schedule_conditions);
        }
        other => other,
    };
    let f = Fields::new(Some(item), field);
    let value = f.int("value", errors);
    let unit = f.one_of("unit", &["minutes", "hours", "days"], errors);
    match (value, unit) {
        (Some(v), Some(u)) if (0..=100_000).contains(&v) => Some(Quantity { value: v, unit: u }),
        (Some(_), Some(_)) => {
            errors.add(
                f.name("value"),
                "between",
                "The minimum notice must be between 0 and 100000.",
            );
            None
        }
        (None, _) if !errors.contains(&f.name("value")) => {
            errors.add(
                f.name("value"),
                "required",
                "The minimum notice value is required.",
            );
            None
        }
        (_, None) if !errors.contains(&f.name("unit")) => {
            errors.add(
                f.name("unit"),
                "required",
                "The minimum notice unit is required.",
            );
            None
        }
        _ => None,
    }
}

/// Reads `{enabled, limits: [{unit, value}]}`.
fn parse_limits(value: &Value, field: &str, max: i64, errors: &mut FieldErrors) -> Option<Limits> {
    let f = Fields::new(Some(value), field);
    if f.map.is_none() {
        errors.add(field, "object", format!("The {field} must be an object."));
        return None;
    }
    let enabled = f.bool("enabled", errors).unwrap_or(false);
    let mut limits = Vec::new();
    match f.get("limits") {
        None if enabled => errors.add(
            f.name("limits"),
            "required",
            format!("The {} field is required when enabled.", f.name("limits")),
        ),
        None => {}
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let lf = Fields::new(Some(item), &format!("{}.{i}", f.name("limits")));
                let unit = lf.one_of("unit", &["per_day", "per_week", "per_month"], errors);
                let value = lf.int("value", errors);
                match value {
                    Some(v) if !(1..=max).contains(&v) => errors.add(
                        lf.name("value"),
                        "between",
                        format!("The limit must be between 1 and {max}."),
                    ),
                    None if !errors.contains(&lf.name("value")) => {
                        errors.add(lf.name("value"), "required", "The limit value is required.")
                    }
                    _ => {}
                }
                if let (Some(unit), Some(value)) = (unit, value) {
                    limits.push(PeriodLimit { unit, value });
                }
            }
            if enabled && items.is_empty() {
                errors.add(
                    f.name("limits"),
                    "required",
                    format!("The {} field is required when enabled.", f.name("limits")),
                );
            }
        }
        Some(_) => errors.add(
            f.name("limits"),
            "array",
            format!("The {} must be a list.", f.name("limits")),
        ),
    }
    Some(Limits { enabled, limits })
}

/// `range_days` (1 to 3650) when given; answers whether it was.
fn apply_range_days(f: &Fields, settings: &mut EventSettings, errors: &mut FieldErrors) -> bool {
    let Some(range_days) = f.int("range_days", errors) else {
        return false;
    };
    if !(1..=3650).contains(&range_days) {
        errors.add(
            f.name("range_days"),
            "between",
            "The range days must be between 1 and 3650.",
        );
    }
    settings.range_days = range_days;
    true
}

/// `schedule_conditions`, `buffer_time_before/after`, `slot_interval`, `booking_frequency`,
/// `booking_duration`, `lock_timezone`, and (an extension) `range_days`.
pub fn apply_limits(f: &Fields, settings: &mut EventSettings, errors: &mut FieldErrors) {
    // The booking window, accepted here too so that a limits form saves in one request.
    if apply_range_days(f, settings, errors) {
        settings.range_type = "range_days".into();
    }
    if let Some(value) = f.map.and_then(|m| m.get("schedule_conditions"))
        && let Some(q) = parse_notice(value, &f.name("schedule_conditions"), errors)
    {
        settings.schedule_conditions = q;
    }
    for key in ["buffer_time_before", "buffer_time_after", "slot_interval"] {
        let Some(text) = f.str(key, errors) else {
            continue;
        };
        let text = text.trim().to_string();
        let minimum = if key == "slot_interval" { 1 } else { 0 };
        let valid = (key == "slot_interval" && text.is_empty())
            || text
                .parse::<i64>()
                .is_ok_and(|n| (minimum..=MAX_MINUTES).contains(&n));
        if !valid {
            errors.add(
                f.name(key),
                "between",
                format!(
                    "The {} must be a number of minutes from {minimum} to {MAX_MINUTES}.",
                    f.name(key)
                ),
            );
            continue;
        }
        match key {
            "buffer_time_before" => settings.buffer_time_before = text,
            "buffer_time_after" => settings.buffer_time_after = text,
            _ => settings.slot_interval = text,
        }
    }
    if let Some(value) = f.get("booking_frequency")
        && let Some(l) = parse_limits(value, &f.name("booking_frequency"), 10_000, errors)
    {
        settings.booking_frequency = l;
    }
    if let Some(value) = f.get("booking_duration")
        && let Some(l) = parse_limits(value, &f.name("booking_duration"), 100_000, errors)
    {
        settings.booking_duration = l;
    }
    if let Some(value) = f.object("lock_timezone", errors) {
        let lf = Fields::new(Some(value), &f.name("lock_timezone"));
        let enabled = lf.bool("enabled", errors).unwrap_or(false);
        let zone = lf.str("timezone", errors).unwrap_or_default();
        if enabled && parse_zone(&zone).is_none() {
            errors.add(
                lf.name("timezone"),
                "timezone",
                "A valid IANA time zone is required when the time zone is locked.",
            );
        } else if !zone.is_empty() && parse_zone(&zone).is_none() {
            errors.add(
                lf.name("timezone"),
                "timezone",
                "The time zone must be a valid IANA time zone.",
            );
        }
        settings.lock_timezone.enabled = enabled;
        settings.lock_timezone.timezone = zone;
    }
}
