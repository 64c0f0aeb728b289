//! The bodies of the calendar routes (`/calendars/...`) and of the calendar connections.

use serde_json::Value;

use crate::input::events::new_event::parse_event_input;

use crate::domain::validation::FieldErrors;
use crate::service::calendars::admin::UpdateCalendar;
use crate::service::calendars::new_calendar::{CalendarGiven, CreateCalendar};
use crate::service::calendars::sharing::{LandingChange, ProfileTexts, SaveSharing};

use crate::input::fields::{Fields, clean_text};
use crate::service::calendars::connections::{
    CalendarChoice, ConnectRequest, Flag, UpdateConnection,
};
use crate::service::{ServiceError, ServiceResult};

/// Reads `POST /calendars/{id}`'s `{title?, description?, language?}`.
pub fn update_calendar(body: &Value) -> ServiceResult<UpdateCalendar> {
    clean_text(body)?;
    let f = Fields::new(Some(body), "");
    // Every key is optional here: a number is refused rather than stored as text, once the
    // caller is known to manage the calendar (another host's id answers 404 first).
    let mut unreadable = FieldErrors::new();
    let description = f.string("description", &mut unreadable);
    let title = f.string("title", &mut unreadable);
    let language = crate::input::bookings::language(&f, &mut unreadable);
    UpdateCalendar::new(title, description, FieldErrors::new()).map(|change| UpdateCalendar {
        language,
        unreadable,
        ..change
    })
}

/// Reads `POST /calendars/check-slug`'s `{slug}`: the text, checked by the use case.
pub fn slug_to_check(body: &Value) -> ServiceResult<String> {
    let mut errors = FieldErrors::new();
    let slug = Fields::new(Some(body), "")
        .str("slug", &mut errors)
        .unwrap_or_default();
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(slug)
}

/// Reads a connect body; a field of the wrong type is treated as missing and reported by the
/// checks that follow (with their field-named messages).
pub fn connect_request(body: &Value) -> ConnectRequest {
    let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::to_string);
    ConnectRequest {
        kind: text("kind"),
        url: text("url"),
        username: text("username"),
        password: text("password"),
        title: text("title"),
    }
}

/// Reads `PUT /calendar-connections/{id}`'s `{title?, username?, password?, calendars?: [{id,
/// check_conflicts?, is_destination?}]}`; what depends on the connection is the use case's.
pub fn update_connection(body: &Value) -> UpdateConnection {
    let mut unreadable = FieldErrors::new();
    let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::trim);
    let calendars = match body.get("calendars") {
        None => None,
        Some(Value::Array(items)) => Some(items.iter().map(calendar_choice).collect()),
        Some(_) => {
            unreadable.add("calendars", "array", "The calendars must be a list.");
            None
        }
    };
    UpdateConnection {
        title: text("title").map(str::to_string),
        username: text("username").map(str::to_string),
        // An empty password keeps the stored one.
        password: body
            .get("password")
            .and_then(Value::as_str)
            .filter(|p| !p.is_empty())
            .map(str::to_string),
        calendars,
        unreadable,
    }
}

fn calendar_choice(item: &Value) -> CalendarChoice {
    CalendarChoice {
        id: item.get("id").and_then(|v| {
            v.as_i64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        }),
        check_conflicts: flag(item.get("check_conflicts")),
        is_destination: flag(item.get("is_destination")),
    }
}

/// A switch as sent: absent (keep), a yes/no in any of the usual spellings, or refused.
fn flag(value: Option<&Value>) -> Flag {
    match value {
        None | Some(Value::Null) => Flag::Keep,
        Some(Value::Bool(b)) => Flag::Set(*b),
        Some(Value::Number(n)) => n.as_i64().map_or(Flag::Invalid, |n| Flag::Set(n != 0)),
        Some(Value::String(s)) => match s.as_str() {
            "1" | "true" | "yes" | "on" => Flag::Set(true),
            "0" | "false" | "no" | "off" | "" => Flag::Set(false),
            _ => Flag::Invalid,
        },
        _ => Flag::Invalid,
    }
}

/// Reads `{calendar: {author_timezone, type, title, user_id, slug, description,
/// calendar_avatar, slot}}`; every field's errors at once.
pub fn create_calendar(body: &Value) -> ServiceResult<CreateCalendar> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let root = Fields::new(Some(body), "");
    let Some(cal_value) = root.object("calendar", &mut errors) else {
        if errors.is_empty() {
            errors.add("calendar", "required", "The calendar field is required.");
        }
        return Err(ServiceError::invalid(errors));
    };
    let f = Fields::new(Some(cal_value), "calendar");
    let mut text = |key: &str| f.str(key, &mut errors);
    let given = CalendarGiven {
        zone: text("author_timezone"),
        calendar_type: text("type"),
        title: text("title"),
        slug: text("slug"),
        description: text("description"),
        // An extension: the host profile's photo, as the sharing settings take it.
        avatar: text("calendar_avatar"),
        requested_user: f.int("user_id", &mut errors),
        // DESIGN 2.9 names the field's errors `language`, as on every route.
        language: crate::input::bookings::language(&Fields::new(Some(cal_value), ""), &mut errors),
    };
    let event = parse_event_input(f.get("slot"), "calendar.slot", given.is_team(), &mut errors);
    CreateCalendar::new(given, event, errors)
}

/// Reads `POST /calendars/{id}/sharing-settings`' `{calendar_data: {...}, landing_page_settings: {enabled, show_type,
/// enabled_slots}}`; every field's errors at once.
pub fn save_sharing(body: &Value) -> ServiceResult<SaveSharing> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let root = Fields::new(Some(body), "");
    let profile = root
        .object("calendar_data", &mut errors)
        .map(|v| Fields::new(Some(v), "calendar_data"));
    let landing = root
        .object("landing_page_settings", &mut errors)
        .map(|v| Fields::new(Some(v), "landing_page_settings"));
    let profile = profile.map(|p| profile_texts(&p, &mut errors));
    let landing = landing
        .map(|l| LandingChange {
            enabled: l.bool("enabled", &mut errors),
            show_type: l.str("show_type", &mut errors),
            enabled_slots: l.int_list("enabled_slots", &mut errors),
        })
        .unwrap_or_default();
    SaveSharing::new(profile, landing, errors)
}

/// Reads `calendar_data`: slug, title, timezone, description, photo and image URLs, phone.
fn profile_texts(p: &Fields<'_>, errors: &mut FieldErrors) -> ProfileTexts {
    let mut text = |key: &str| p.str(key, errors);
    ProfileTexts {
        slug: text("slug"),
        title: text("title"),
        timezone: text("timezone"),
        description: text("description"),
        avatar: text("calendar_avatar"),
        featured: text("featured_image"),
        phone: text("phone"),
        // The calendar's language has its own route (`POST /calendars/{id}`).
        language: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_update_reads_each_switch_as_keep_yes_no_or_refused() {
        let change = update_connection(&serde_json::json!({"title": "  Work  ", "password": "",
        "calendars": [
            {"id": "7", "check_conflicts": "on"},
            {"id": 8, "is_destination": 1, "check_conflicts": "maybe"},
        ]}));
        assert!(change.unreadable.is_empty());
        assert_eq!(change.title.as_deref(), Some("Work"));
        assert_eq!(
            change.password, None,
            "an empty password keeps the stored one"
        );
        let listed = change.calendars.unwrap_or_default();
        assert_eq!(listed[0].id, Some(7));
        assert_eq!(listed[0].check_conflicts.or(false), Some(true));
        assert_eq!(
            listed[0].is_destination.or(true),
            Some(true),
            "absent: kept"
        );
        assert_eq!(listed[1].is_destination, Flag::Set(true));
        assert_eq!(listed[1].check_conflicts.or(false), None);
        let bad = update_connection(&serde_json::json!({"title": " ", "calendars": 5}));
        let fields: Vec<&str> = bad.unreadable.messages().map(|(field, _)| field).collect();
        assert_eq!(fields, vec!["calendars"]);
    }
}
