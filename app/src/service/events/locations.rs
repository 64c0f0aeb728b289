//! Where an event takes place: the locations a host gives, checked and turned into their
//! stored form (the attendee picks one when there are several).

use serde_json::{Value, json};

use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::model::event::LOCATION_TYPES;
use crate::service::support::sanitize::clean_html;

/// One location as given, before its rules. An entry without a kind is no location (the
/// dashboard's placeholder row) and is left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LocationInput {
    /// One of [`LOCATION_TYPES`].
    pub kind: String,
    pub title: String,
    /// HTML allowed, sanitised when stored.
    pub description: String,
    pub phone: String,
    pub link: String,
    pub display_on_booking: String,
}

/// The locations checked (errors named `{field}.{index}.{key}`, the index as given) and in
/// stored form.
pub fn stored_locations(given: &[LocationInput], field: &str, errors: &mut FieldErrors) -> Value {
    let mut stored = Vec::new();
    for (i, location) in given.iter().enumerate() {
        let name = |key: &str| format!("{field}.{i}.{key}");
        let kind = location.kind.as_str();
        if kind.is_empty() {
            continue;
        }
        if !LOCATION_TYPES.contains(&kind) {
            let message = format!("The selected {} is invalid.", name("type"));
            errors.add(name("type"), "in", message);
            continue;
        }
        let required = [
            (
                matches!(kind, "custom" | "in_person_organizer"),
                "title",
                &location.title,
                "Event location title field is required",
            ),
            (
                kind == "in_person_organizer",
                "description",
                &location.description,
                "Event location description field is required",
            ),
            (
                kind == "phone_organizer",
                "host_phone_number",
                &location.phone,
                "Event location host phone number field is required",
            ),
        ];
        for (applies, key, text, message) in required {
            if applies && text.trim().is_empty() {
                errors.add(name(key), "required", message);
            }
        }
        for (key, text, one_line) in [
            ("title", &location.title, true),
            ("description", &location.description, false),
            ("host_phone_number", &location.phone, false),
            ("meeting_link", &location.link, false),
        ] {
            check_max_len(errors, &name(key), Some(text), 1000);
            check_text(&name(key), text, one_line, errors);
        }
        let mut entry = json!({"type": kind, "title": location.title.trim(),
                               "display_on_booking": location.display_on_booking});
        match kind {
            "custom" | "in_person_organizer" => {
                entry["description"] = json!(clean_html(&location.description))
            }
            "phone_organizer" => entry["host_phone_number"] = json!(location.phone.trim()),
            "online_meeting" => entry["meeting_link"] = json!(location.link.trim()),
            _ => {}
        }
        stored.push(entry);
    }
    Value::Array(stored)
}
