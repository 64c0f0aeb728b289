//! The booking form's body (`POST …/booking-fields`).

use serde_json::{Map, Value};

use crate::input::fields::Fields;
use crate::service::events::booking_form::CONFIG_KEYS;
use crate::service::events::booking_form::{FieldEntry, FormChanges};
use crate::service::{ServiceError, ServiceResult};

/// A switch as the reference's clients send it: `true`, `"true"`, `"1"` or `1` (anything
/// else is off).
fn truthy(v: Option<&Value>) -> Option<bool> {
    v.map(|v| {
        matches!(v, Value::Bool(true))
            || v.as_str() == Some("true")
            || v.as_str() == Some("1")
            || v.as_i64() == Some(1)
    })
}

/// `POST …/booking-fields`'s body, `{booking_fields: [...]}`, read once (the fields' rules
/// are the use case's).
pub fn booking_fields(body: &Value) -> ServiceResult<FormChanges> {
    let items = match body.get("booking_fields") {
        Some(Value::Array(items)) if !items.is_empty() => items,
        Some(Value::Array(_)) | None | Some(Value::Null) => {
            return Err(ServiceError::field(
                "booking_fields",
                "required",
                "The booking fields field is required.",
            ));
        }
        Some(_) => {
            return Err(ServiceError::field(
                "booking_fields",
                "array",
                "The booking fields must be a list.",
            ));
        }
    };
    let mut changes = FormChanges::default();
    let errors = &mut changes.unreadable;
    for (index, item) in items.iter().enumerate() {
        let prefix = format!("booking_fields.{index}");
        let f = Fields::new(Some(item), &prefix);
        let Some(map) = f.map else {
            errors.add(prefix, "object", "Each booking field must be an object.");
            continue;
        };
        let mut text = |key: &str| f.str(key, errors).unwrap_or_default();
        let entry = FieldEntry {
            index,
            name: text("name"),
            kind: text("type"),
            label: text("label"),
            placeholder: text("placeholder"),
            help_text: text("help_text"),
            required: truthy(map.get("required")),
            enabled: truthy(map.get("enabled")),
            is_visible: truthy(map.get("is_visible")),
            limit: map.get("limit").and_then(whole_number),
            config: config_of(map),
        };
        changes.fields.push(entry);
    }
    Ok(changes)
}

/// A number as sent: a whole number (or its digits), `None` when empty, else the value as
/// text.
fn whole_number(value: &Value) -> Option<Result<i64, String>> {
    match value {
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(s.trim().parse::<i64>().map_err(|_| s.clone())),
        Value::Number(n) => Some(n.as_i64().ok_or_else(|| n.to_string())),
        other => Some(Err(other.to_string())),
    }
}

/// The kind's own keys of an item.
fn config_of(item: &Map<String, Value>) -> Map<String, Value> {
    CONFIG_KEYS
        .iter()
        .filter_map(|key| Some(((*key).to_string(), item.get(*key)?.clone())))
        .collect()
}
