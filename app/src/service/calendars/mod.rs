//! Calendars: hosts' and teams' calendars with their sharing settings, and the external
//! calendars a host connects (CalDAV accounts, ICS feeds): sync, the fresh check before a
//! booking, and write-back.

pub mod admin;
pub mod client;
pub mod connections;
pub mod new_calendar;
pub mod sharing;
pub mod write_back;

use crate::service::ServiceError;

/// 409 `slug_taken`: another calendar has the slug (a new calendar's, or an update's).
pub(crate) fn slug_taken() -> ServiceError {
    ServiceError::Conflict {
        code: "slug_taken",
        message: "The provided slug is not available. Please choose a different one".into(),
    }
}
