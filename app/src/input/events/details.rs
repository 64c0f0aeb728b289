//! The Event Details tab's body (`POST …/details`).

use serde_json::Value;

use super::limits::multi_duration;
use super::new_event::read_locations;
use crate::domain::validation::FieldErrors;
use crate::input::fields::{Fields, clean_text};
use crate::service::ServiceResult;
use crate::service::events::details::EventDetails;

/// Reads `POST …/details`'s body (the values' rules are the use case's).
pub fn event_details(body: &Value) -> ServiceResult<EventDetails> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let mut details = EventDetails {
        title: f.str("title", &mut errors),
        duration: f.int("duration", &mut errors),
        status: f.str("status", &mut errors),
        description: f.str("description", &mut errors),
        color: f.str("color_schema", &mut errors),
        seats: f.int("max_book_per_slot", &mut errors),
        display_spots: f.bool("is_display_spots", &mut errors),
        multi_duration: f
            .object("multi_duration", &mut errors)
            .map(|md| multi_duration(md, &mut errors)),
        locations: f
            .get("location_settings")
            .map(|given| read_locations(Some(given), "location_settings", &mut errors)),
        unreadable: FieldErrors::new(),
    };
    details.unreadable = errors;
    Ok(details)
}
