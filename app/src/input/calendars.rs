//! The bodies of the calendar routes (`/calendars/...`) and of the calendar connections.

use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::service::calendars::admin::UpdateCalendar;

use crate::service::calendars::connections::{
    CalendarChoice, ConnectRequest, Flag, UpdateConnection,
};
use crate::service::support::input::{Fields, clean_text};
use crate::service::{ServiceError, ServiceResult};

/// Reads `POST /calendars/{id}`'s `{title?, description?}`.
pub fn update_calendar(body: &Value) -> ServiceResult<UpdateCalendar> {
    clean_text(body)?;
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let description = f.str("description", &mut errors);
    let title = f.str("title", &mut errors);
    UpdateCalendar::new(title, description, errors)
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
