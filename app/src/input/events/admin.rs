//! The bodies of a new event, its status and its copy.

use serde_json::{Value, json};

use super::new_event::parse_event_input;
use crate::domain::validation::FieldErrors;
use crate::domain::values::EventStatus;
use crate::input::fields::{Fields, clean_text};
use crate::service::events::admin::CloneEvent;
use crate::service::events::new_event::EventInput;
use crate::service::events::private_links::NewLink;
use crate::service::{ServiceError, ServiceResult};

/// `POST /calendars/{id}/events`'s body, read once into the event to create (team kinds and
/// members only on a team calendar). `status` is required here; availability defaults to the
/// host's primary schedule.
pub fn new_event(body: &Value, team_calendar: bool) -> ServiceResult<EventInput> {
    let mut body = body.clone();
    let mut errors = FieldErrors::new();
    if body.get("status").is_none_or(Value::is_null) {
        errors.add("status", "required", "Event status field is required");
    }
    if body.get("availability_type").is_none_or(Value::is_null) {
        body["availability_type"] = json!("existing_schedule");
    }
    let input = parse_event_input(Some(&body), "", team_calendar, &mut errors);
    match (input, errors.is_empty()) {
        (Some(input), true) => Ok(input),
        _ => Err(ServiceError::invalid(errors)),
    }
}

/// `PUT …/{event_id}`'s body, `{status: active|draft}`.
pub fn event_status(body: &Value) -> ServiceResult<EventStatus> {
    let mut errors = FieldErrors::new();
    let status = Fields::new(Some(body), "").one_of("status", &["active", "draft"], &mut errors);
    if status.is_none() && errors.is_empty() {
        errors.add("status", "required", "Event status field is required");
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    status
        .as_deref()
        .and_then(EventStatus::parse)
        .ok_or_else(|| ServiceError::field("status", "required", "Event status field is required"))
}

/// Reads `{new_calendar_id?}`.
pub fn clone_event(body: &Value) -> ServiceResult<CloneEvent> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let new_calendar_id = Fields::new(Some(body), "").int("new_calendar_id", &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(CloneEvent { new_calendar_id })
}

/// Reads `{max_uses?, expires_at?}` of `POST …/private-links` (`expires_at`: UTC
/// `YYYY-MM-DD HH:mm:ss`, or null).
pub fn private_link(body: &Value, now: i64) -> ServiceResult<NewLink> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let max_uses = f.int("max_uses", &mut errors);
    let expires_at = f.str("expires_at", &mut errors).and_then(|text| {
        let parsed = chrono::NaiveDateTime::parse_from_str(text.trim(), "%Y-%m-%d %H:%M:%S").ok();
        if parsed.is_none() {
            errors.add(
                "expires_at",
                "date_format",
                "The expiry must be a UTC time YYYY-MM-DD HH:mm:ss.",
            );
        }
        parsed
    });
    NewLink::checked(max_uses, expires_at, errors, now)
}
