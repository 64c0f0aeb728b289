//! The Availability tab's body (`POST …/availability`).

use std::collections::BTreeMap;

use serde_json::Value;

use super::settings::schedule_changes;
use crate::domain::validation::FieldErrors;
use crate::input::fields::Fields;
use crate::service::events::availability::AvailabilityChanges;

/// Reads `POST …/availability`'s body: the schedule keys and which hours the event offers.
pub fn availability_changes(body: &Value) -> AvailabilityChanges {
    let mut unreadable = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let errors = &mut unreadable;
    let mut changes = availability_fields(&f, errors);
    changes.unreadable = unreadable;
    changes
}

fn availability_fields(f: &Fields, errors: &mut FieldErrors) -> AvailabilityChanges {
    AvailabilityChanges {
        availability_type: f.one_of(
            "availability_type",
            &["existing_schedule", "custom"],
            errors,
        ),
        schedule: schedule_changes(f, errors),
        availability_id: f.int("availability_id", errors),
        common_schedule: f.bool("common_schedule", errors),
        hosts_schedules_given: f.get("hosts_schedules").is_some(),
        hosts_schedules: f
            .object("hosts_schedules", errors)
            .and_then(Value::as_object)
            .map(|map| hosts_schedules(map, errors)),
        unreadable: FieldErrors::new(),
    }
}

/// `{host id: schedule id}`, ids as numbers or numeric text.
pub fn hosts_schedules(
    map: &serde_json::Map<String, Value>,
    errors: &mut FieldErrors,
) -> BTreeMap<String, i64> {
    let mut parsed = BTreeMap::new();
    for (host, schedule) in map {
        let schedule_id = schedule
            .as_i64()
            .or_else(|| schedule.as_str().and_then(|s| s.parse().ok()));
        match (host.parse::<i64>(), schedule_id) {
            (Ok(h), Some(s)) => {
                parsed.insert(h.to_string(), s);
            }
            _ => errors.add(
                format!("hosts_schedules.{host}"),
                "integer",
                "Each host must map to a schedule id.",
            ),
        }
    }
    parsed
}
