//! The attendee's own commands: cancel and reschedule, whichever way in sends them (the REST
//! bodies are read by `input::bookings`, the manage page's forms by `pages::public::submit`).

use chrono::NaiveDateTime;

use crate::domain::text::check_text;
use crate::domain::validation::FieldErrors;
use crate::domain::values::TimeZoneId;
use crate::service::{ServiceError, ServiceResult};

/// Cancel the booking, with the attendee's reason.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CancelBooking {
    /// Trimmed; whether it may be empty is the event's form's to say.
    pub reason: String,
    /// A series member: only it, or it and every later occurrence.
    pub scope: CancelScope,
}

/// `scope` of a cancel: `this` (default) or `following`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CancelScope {
    #[default]
    This,
    Following,
}

impl CancelScope {
    /// `this` or `following`; `None` for anything else.
    pub fn parse(text: &str) -> Option<CancelScope> {
        match text {
            "this" => Some(CancelScope::This),
            "following" => Some(CancelScope::Following),
            _ => None,
        }
    }
}

impl CancelBooking {
    /// Refuses a reason no way in may send (a NUL, a control character).
    pub fn new(reason: &str) -> ServiceResult<CancelBooking> {
        let mut errors = FieldErrors::new();
        check_text("cancellation_reason", reason, false, &mut errors);
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(CancelBooking {
            reason: reason.trim().to_string(),
            scope: CancelScope::This,
        })
    }
}

/// Move the booking to another start.
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
    /// Refuses a reason no way in may send (a NUL, a control character).
    pub fn new(
        event_time: NaiveDateTime,
        zone: Option<TimeZoneId>,
        reason: &str,
    ) -> ServiceResult<RescheduleBooking> {
        let mut errors = FieldErrors::new();
        check_text("rescheduling_reason", reason, false, &mut errors);
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(RescheduleBooking {
            event_time,
            zone,
            reason: reason.trim().to_string(),
        })
    }
}
