//! The event settings keys of the editor's bodies: the schedule and the limits, each read
//! into the changes it asks for (`None`: keep); the use cases apply them.

use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::domain::week::{parse_overrides, parse_weekly};
use crate::input::fields::Fields;
use crate::model::event::{EventSettings, Limits, LockTimezone, PeriodLimit, Quantity};
use crate::service::events::settings::{LimitsChanges, ScheduleChanges};

/// Reads the schedule keys of `f`: `schedule_type` (required, `weekly_schedules`),
/// `weekly_schedules`, `date_overrides`, `range_type`, `range_days`, `range_date_between`.
pub fn schedule_changes(f: &Fields, errors: &mut FieldErrors) -> ScheduleChanges {
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
    let mut changes = ScheduleChanges {
        weekly_given: f.get("weekly_schedules").is_some(),
        range_days: f.int("range_days", errors),
        ..ScheduleChanges::default()
    };
    if let Some(week) = f.get("weekly_schedules") {
        match parse_weekly(week) {
            Ok(week) => changes.weekly_schedules = Some(week),
            Err(e) => errors.merge_prefixed(&f.name("weekly_schedules"), e),
        }
    }
    if let Some(overrides) = f.get("date_overrides") {
        match parse_overrides(overrides) {
            Ok(o) => changes.date_overrides = Some(o),
            Err(e) => errors.merge_prefixed(&f.name("date_overrides"), e),
        }
    }
    changes.range_type = f
        .one_of("range_type", &["range_days", "date_range", ""], errors)
        .filter(|range_type| !range_type.is_empty());
    if let Some(value) = f.get("range_date_between") {
        let dates: Option<Vec<String>> = value.as_array().map(|items| {
            items
                .iter()
                .map(|v| v.as_str().unwrap_or("").to_string())
                .collect()
        });
        match dates {
            Some(d) if d.len() == 2 => changes.range_date_between = Some(d),
            _ => errors.add(
                f.name("range_date_between"),
                "array",
                "The range_date_between must be a list of two dates.",
            ),
        }
    }
    changes
}

/// Reads the limits keys of `f` (see [`LimitsChanges`]).
pub fn limits_changes(f: &Fields, errors: &mut FieldErrors) -> LimitsChanges {
    let mut changes = LimitsChanges {
        range_days: f.int("range_days", errors),
        // `null` too is read (and refused), unlike other keys.
        schedule_conditions: f
            .map
            .and_then(|m| m.get("schedule_conditions"))
            .and_then(|value| parse_notice(value, &f.name("schedule_conditions"), errors)),
        ..LimitsChanges::default()
    };
    changes.buffer_time_before = f.str("buffer_time_before", errors);
    changes.buffer_time_after = f.str("buffer_time_after", errors);
    changes.slot_interval = f.str("slot_interval", errors);
    changes.booking_frequency = f
        .get("booking_frequency")
        .and_then(|value| parse_limits(value, &f.name("booking_frequency"), errors));
    changes.booking_duration = f
        .get("booking_duration")
        .and_then(|value| parse_limits(value, &f.name("booking_duration"), errors));
    changes.lock_timezone = f
        .object("lock_timezone", errors)
        .map(|value| read_lock_timezone(value, &f.name("lock_timezone"), errors));
    changes
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
        (Some(v), Some(u)) => Some(Quantity { value: v, unit: u }),
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
fn parse_limits(value: &Value, field: &str, errors: &mut FieldErrors) -> Option<Limits> {
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
                if value.is_none() && !errors.contains(&lf.name("value")) {
                    errors.add(lf.name("value"), "required", "The limit value is required.");
                }
                if let (Some(unit), Some(value)) = (unit, value) {
                    limits.push(PeriodLimit { unit, value });
                }
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

/// `{enabled, timezone}` (the zone is checked with the other limits).
fn read_lock_timezone(value: &Value, field: &str, errors: &mut FieldErrors) -> LockTimezone {
    let lf = Fields::new(Some(value), field);
    LockTimezone {
        enabled: lf.bool("enabled", errors).unwrap_or(false),
        timezone: lf.str("timezone", errors).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `body`'s changes read and applied over `settings`, with every error named.
    fn limits(body: Value, settings: &mut EventSettings) -> Vec<String> {
        let mut errors = FieldErrors::new();
        let mut changes = limits_changes(&Fields::new(Some(&body), "settings"), &mut errors);
        changes.check("settings", &mut errors);
        changes.apply(settings);
        errors.messages().map(|(f, _)| f.to_string()).collect()
    }

    #[test]
    fn limits_sent_change_and_the_others_are_kept() {
        let mut settings = EventSettings::default();
        let before = settings.clone();
        let refused = limits(
            json!({"buffer_time_before": " 15 ", "range_days": 30,
                   "lock_timezone": {"enabled": true, "timezone": "Europe/Berlin"}}),
            &mut settings,
        );
        assert!(refused.is_empty(), "{refused:?}");
        assert_eq!(settings.buffer_time_before, "15");
        assert_eq!(
            (settings.range_days, settings.range_type.as_str()),
            (30, "range_days")
        );
        assert_eq!(settings.lock_timezone.timezone, "Europe/Berlin");
        assert_eq!(settings.buffer_time_after, before.buffer_time_after);
        assert_eq!(settings.booking_frequency, before.booking_frequency);

        let mut settings = EventSettings::default();
        let refused = limits(
            json!({"slot_interval": "0", "schedule_conditions": null,
                   "lock_timezone": {"enabled": true, "timezone": "Mars/Base"}}),
            &mut settings,
        );
        assert_eq!(
            refused,
            vec![
                "settings.lock_timezone.timezone",
                "settings.schedule_conditions.value",
                "settings.slot_interval"
            ]
        );
        assert_eq!(
            settings.slot_interval, before.slot_interval,
            "a refused value is not taken"
        );
    }

    #[test]
    fn a_date_range_is_checked_against_the_stored_dates_when_only_its_type_is_sent() {
        let body = json!({"schedule_type": "weekly_schedules", "range_type": "date_range"});
        let f = Fields::new(Some(&body), "");
        let mut settings = EventSettings {
            range_date_between: vec!["2026-12-10".into(), "2026-12-01".into()],
            ..EventSettings::default()
        };
        let mut errors = FieldErrors::new();
        let changes = schedule_changes(&f, &mut errors);
        assert!(errors.is_empty() && !changes.weekly_given);
        changes.apply("", &mut settings, &mut errors, true);
        let fields: Vec<&str> = errors.messages().map(|(f, _)| f).collect();
        assert_eq!(fields, vec!["range_date_between", "weekly_schedules"]);
        assert_eq!(settings.range_type, "date_range");
    }
}
