//! Where a booked meeting happens, as the attendee reads it: the event's locations and the one
//! the booking chose (the booking page, the manage page, the emails and the desk all say it so).

use serde_json::Value;

use crate::domain::language::Lang;
use crate::service::slots::LoadedEvent;
use crate::store::bookings::BookingRow;
use crate::texts as text;

/// The event's locations: (type, what the attendee reads).
pub fn event_locations(loaded: &LoadedEvent, lang: Lang) -> Vec<(String, String)> {
    serde_json::from_str::<Vec<Value>>(&loaded.event().location_settings)
        .unwrap_or_default()
        .iter()
        .filter_map(|l| {
            let kind = l.get("type").and_then(Value::as_str)?.to_string();
            let field = |k: &str| {
                l.get(k)
                    .and_then(Value::as_str)
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
            };
            let label = match kind.as_str() {
                "in_person_organizer" => match (field("title"), field("description")) {
                    (Some(t), Some(d)) => format!("{t}, {d}"),
                    (t, d) => t.or(d).unwrap_or_else(|| text::IN_PERSON.get(lang)),
                },
                "in_person_guest" => text::IN_PERSON_GUEST.get(lang),
                "phone_organizer" => match field("host_phone_number") {
                    Some(n) => text::phone_call_to_host(lang, &n),
                    None => text::PHONE_CALL.get(lang),
                },
                "phone_guest" => text::PHONE_GUEST.get(lang),
                "custom" => field("title").unwrap_or_else(|| text::CUSTOM_LOCATION.get(lang)),
                _ => field("title").unwrap_or_else(|| text::ONLINE_MEETING.get(lang)),
            };
            Some((kind, label))
        })
        .collect()
}

/// Where the booked meeting happens, as the attendee reads it in `lang`.
pub fn location_of_booking(
    loaded: &LoadedEvent,
    booking: &BookingRow,
    lang: Lang,
) -> Option<String> {
    let chosen = serde_json::from_str::<Value>(&booking.location_details).ok();
    let kind = chosen
        .as_ref()
        .and_then(|v| v.get("type"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let detail = chosen
        .as_ref()
        .and_then(|v| v.get("description"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    let locations = event_locations(loaded, lang);
    let label = match &kind {
        Some(k) => locations
            .iter()
            .find(|(t, _)| t == k)
            .map(|(_, l)| l.clone()),
        None => locations.first().map(|(_, l)| l.clone()),
    };
    match (kind.as_deref(), label, detail) {
        (Some("in_person_guest"), _, Some(address)) => Some(address),
        (Some("phone_guest"), _, Some(phone)) => Some(text::phone_call_to_attendee(lang, &phone)),
        (_, Some(label), _) => Some(label),
        (_, None, detail) => detail,
    }
}
