//! The bodies of `POST /bookings/{hash}/cancel` and `…/reschedule`, each read once into its
//! command with the field-named messages integrators know.

use chrono::NaiveDateTime;
use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::domain::values::TimeZoneId;
use crate::service::support::input::Fields;
use crate::service::{ServiceError, ServiceResult};

/// `POST /bookings/{hash}/cancel`'s body, read once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CancelBooking {
    /// Trimmed; whether it may be empty is the event's form's to say.
    pub reason: String,
}

impl CancelBooking {
    /// Reads `{cancellation_reason}`.
    pub fn parse(body: &Value) -> ServiceResult<CancelBooking> {
        crate::service::support::input::clean_text(body)?;
        let mut errors = FieldErrors::new();
        let reason = Fields::new(Some(body), "")
            .str("cancellation_reason", &mut errors)
            .unwrap_or_default();
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(CancelBooking::new(&reason))
    }

    pub fn new(reason: &str) -> CancelBooking {
        CancelBooking {
            reason: reason.trim().to_string(),
        }
    }
}

/// `POST /bookings/{hash}/reschedule`'s body, read once.
#[derive(Debug, Clone, PartialEq)]
pub struct RescheduleBooking {
    /// The new start as a wall-clock time in `zone`.
    pub event_time: NaiveDateTime,
    /// `None`: the booking's own zone.
    pub zone: Option<TimeZoneId>,
    /// Trimmed; whether it may be empty is the event's form's to say.
    pub reason: String,
}

impl RescheduleBooking {
    /// Reads `{event_time, timezone, rescheduling_reason}`.
    pub fn parse(body: &Value) -> ServiceResult<RescheduleBooking> {
        crate::service::support::input::clean_text(body)?;
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let event_time = f.str("event_time", &mut errors).unwrap_or_default();
        let zone = f.str("timezone", &mut errors).unwrap_or_default();
        let reason = f
            .str("rescheduling_reason", &mut errors)
            .unwrap_or_default();
        RescheduleBooking::read(&event_time, &zone, &reason, errors)
    }

    /// From the texts a page's form posts: `event_time` as `YYYY-MM-DD HH:mm:ss`, an empty
    /// zone for the booking's own; the same errors as [`RescheduleBooking::parse`].
    pub fn from_texts(
        event_time: &str,
        zone: &str,
        reason: &str,
    ) -> ServiceResult<RescheduleBooking> {
        RescheduleBooking::read(event_time, zone, reason, FieldErrors::new())
    }

    fn read(
        event_time: &str,
        zone: &str,
        reason: &str,
        mut errors: FieldErrors,
    ) -> ServiceResult<RescheduleBooking> {
        let local = crate::service::bookings::form::local_event_time(event_time, &mut errors);
        let zone = if zone.trim().is_empty() {
            None
        } else {
            let parsed = TimeZoneId::parse(zone);
            if parsed.is_none() {
                errors.add(
                    "timezone",
                    "timezone",
                    "The timezone must be a valid IANA time zone",
                );
            }
            parsed
        };
        errors.into_result().map_err(ServiceError::invalid)?;
        let event_time = local.ok_or_else(|| {
            ServiceError::field(
                "event_time",
                "date_format",
                crate::service::bookings::form::EVENT_TIME_FORMAT,
            )
        })?;
        Ok(RescheduleBooking {
            event_time,
            zone,
            reason: reason.trim().to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::service::bookings::form::EVENT_TIME_FORMAT;

    fn refused_fields(result: ServiceResult<RescheduleBooking>) -> Vec<(String, String)> {
        match result {
            Err(ServiceError::Validation { errors, .. }) => errors
                .messages()
                .map(|(field, text)| (field.to_string(), text.to_string()))
                .collect(),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_reschedule_body_becomes_its_command() {
        let command = RescheduleBooking::parse(&json!({
            "event_time": "2026-03-29 02:30:00",
            "timezone": " Europe/Berlin ",
            "rescheduling_reason": "  clash  ",
        }));
        let Ok(command) = command else {
            panic!("a valid body was refused: {command:?}");
        };
        assert_eq!(command.event_time.to_string(), "2026-03-29 02:30:00");
        assert_eq!(
            command.zone.as_ref().map(TimeZoneId::as_str),
            Some("Europe/Berlin")
        );
        assert_eq!(command.reason, "clash");
        // No zone: the booking's own.
        let own = RescheduleBooking::parse(&json!({"event_time": "2026-03-30 09:00:00"}));
        assert!(own.is_ok_and(|c| c.zone.is_none() && c.reason.is_empty()));
    }

    #[test]
    fn a_bad_reschedule_body_names_each_field_with_the_known_words() {
        let fields = refused_fields(RescheduleBooking::parse(&json!({
            "event_time": "next tuesday",
            "timezone": "Mars/Olympus",
        })));
        assert_eq!(
            fields,
            vec![
                ("event_time".to_string(), EVENT_TIME_FORMAT.to_string()),
                (
                    "timezone".to_string(),
                    "The timezone must be a valid IANA time zone".to_string()
                ),
            ]
        );
        let fields = refused_fields(RescheduleBooking::parse(&json!({})));
        assert_eq!(fields[0].1, "Please select a date and time");
        // A list where text belongs is refused as such, not as a missing time.
        let fields = refused_fields(RescheduleBooking::parse(&json!({"event_time": [5]})));
        assert_eq!(fields.len(), 1);
        assert_ne!(fields[0].1, "Please select a date and time");
        // A page's texts meet the same rules.
        let fields = refused_fields(RescheduleBooking::from_texts("2026-03-30", "", ""));
        assert_eq!(fields[0].1, EVENT_TIME_FORMAT);
    }

    #[test]
    fn a_cancel_body_keeps_its_reason_trimmed_and_refuses_a_list() {
        let command = CancelBooking::parse(&json!({"cancellation_reason": " ill "}));
        assert_eq!(command.ok().map(|c| c.reason), Some("ill".to_string()));
        let none = CancelBooking::parse(&json!({}));
        assert_eq!(none.ok(), Some(CancelBooking::default()));
        assert!(matches!(
            CancelBooking::parse(&json!({"cancellation_reason": ["ill"]})),
            Err(ServiceError::Validation { .. })
        ));
    }
}
