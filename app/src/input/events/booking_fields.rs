//! The booking form's body (`POST …/booking-fields`).

use serde_json::{Map, Value, json};

use crate::domain::validation::{FieldErrors, check_max_len};
use crate::input::fields::Fields;
use crate::service::events::booking_fields::{
    CONFIG_KEYS, CUSTOM_TYPES, OPTION_TYPES, system_fields,
};
use crate::service::{ServiceError, ServiceResult};
use crate::store::booking_fields::FieldRow;
use crate::store::events::EventRow;

fn truthy(v: Option<&Value>) -> Option<bool> {
    v.map(|v| {
        matches!(v, Value::Bool(true))
            || v.as_str() == Some("true")
            || v.as_str() == Some("1")
            || v.as_i64() == Some(1)
    })
}

/// `custom_<label in snake case>`, made unique.
fn generated_name(label: &str, taken: &[String]) -> String {
    let mut base: String = label
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    base = base.trim_matches('_').chars().take(40).collect();
    let base = format!(
        "custom_{}",
        if base.is_empty() {
            "field".into()
        } else {
            base
        }
    );
    let mut name = base.clone();
    let mut n = 1;
    while taken.contains(&name) {
        name = format!("{base}_{n}");
        n += 1;
    }
    name
}

/// What every field of the form may set, read before its kind is known.
struct FieldTexts {
    label: String,
    placeholder: String,
    help_text: String,
    position: i64,
}

/// A system field keeps its name and type; it may be relabelled, and toggled unless locked.
fn system_field(
    default: &FieldRow,
    f: &Fields<'_>,
    map: &Map<String, Value>,
    texts: FieldTexts,
    errors: &mut FieldErrors,
) -> FieldRow {
    let mut row = default.clone();
    if !texts.label.trim().is_empty() {
        row.label = texts.label.trim().to_string();
    }
    if !texts.placeholder.is_empty() {
        row.placeholder = texts.placeholder;
    }
    row.help_text = texts.help_text;
    if !default.disable_alter {
        row.enabled = truthy(map.get("enabled")).unwrap_or(row.enabled);
        row.required = truthy(map.get("required")).unwrap_or(row.required);
    }
    if default.name == "guests"
        && let Some(limit) = f.int("limit", errors)
    {
        if !(1..=100).contains(&limit) {
            errors.add(
                f.name("limit"),
                "between",
                "The guest limit must be between 1 and 100.",
            );
        }
        row.config = json!({"limit": limit}).to_string();
    }
    row.position = texts.position;
    row
}

/// A host's own question: a known type, a label, a unique name, options for choices.
/// `None` when its type is unknown (nothing else about it can be judged).
fn custom_field(
    f: &Fields<'_>,
    map: &Map<String, Value>,
    name: String,
    texts: FieldTexts,
    taken: &[String],
    errors: &mut FieldErrors,
) -> Option<FieldRow> {
    let kind = f.str("type", errors).unwrap_or_default();
    if !CUSTOM_TYPES.contains(&kind.as_str()) {
        errors.add(
            f.name("type"),
            "in",
            format!("The type must be one of: {}.", CUSTOM_TYPES.join(", ")),
        );
        return None;
    }
    let label = texts.label;
    if label.trim().is_empty() && kind != "hidden" {
        errors.add(f.name("label"), "required", "The field label is required.");
    }
    let name = if name.is_empty() {
        generated_name(&label, taken)
    } else {
        name
    };
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || name.len() > 64 {
        errors.add(
            f.name("name"),
            "format",
            "The field name may only contain letters, digits and underscores.",
        );
    } else if taken.contains(&name) {
        errors.add(
            f.name("name"),
            "unique",
            "The field name is already used by another field.",
        );
    }
    let mut config = Map::new();
    for key in CONFIG_KEYS {
        if let Some(v) = map.get(*key) {
            config.insert((*key).to_string(), v.clone());
        }
    }
    if OPTION_TYPES.contains(&kind.as_str()) {
        let options_ok = map
            .get("options")
            .and_then(Value::as_array)
            .is_some_and(|o| {
                !o.is_empty()
                    && o.iter().all(|x| {
                        x.as_str().is_some_and(|s| !s.trim().is_empty())
                            || x.get("label").and_then(Value::as_str).is_some()
                    })
            });
        if !options_ok {
            errors.add(
                f.name("options"),
                "required",
                "A choice field needs a non-empty list of options.",
            );
        }
    }
    Some(FieldRow {
        position: texts.position,
        name,
        field_type: kind,
        label: label.trim().to_string(),
        required: truthy(map.get("required")).unwrap_or(false),
        enabled: truthy(map.get("enabled")).unwrap_or(true),
        system_defined: false,
        disable_alter: false,
        is_visible: truthy(map.get("is_visible")).unwrap_or(true),
        placeholder: texts.placeholder,
        help_text: texts.help_text,
        config: Value::Object(config).to_string(),
    })
}

/// `POST …/booking-fields`'s body, `{booking_fields: [...]}`, read once for `ev`: the form's
/// fields in order, each checked (system fields keep their names and kinds; custom ones get
/// unique names), every error at once.
pub fn booking_fields(body: &Value, ev: &EventRow) -> ServiceResult<Vec<FieldRow>> {
    let mut errors = FieldErrors::new();
    let items = match body.get("booking_fields") {
        Some(Value::Array(items)) if !items.is_empty() => items.clone(),
        Some(Value::Array(_)) | None | Some(Value::Null) => {
            errors.add(
                "booking_fields",
                "required",
                "The booking fields field is required.",
            );
            Vec::new()
        }
        Some(_) => {
            errors.add(
                "booking_fields",
                "array",
                "The booking fields must be a list.",
            );
            Vec::new()
        }
    };
    errors
        .clone()
        .into_result()
        .map_err(ServiceError::invalid)?;
    let defaults = system_fields(ev);
    let mut rows: Vec<FieldRow> = Vec::new();
    let mut taken: Vec<String> = defaults.iter().map(|f| f.name.clone()).collect();
    for (i, item) in items.iter().enumerate() {
        let prefix = format!("booking_fields.{i}");
        let f = Fields::new(Some(item), &prefix);
        let Some(map) = f.map else {
            errors.add(prefix, "object", "Each booking field must be an object.");
            continue;
        };
        let label = f.str("label", &mut errors).unwrap_or_default();
        check_max_len(&mut errors, &f.name("label"), Some(&label), 192);
        let placeholder = f.str("placeholder", &mut errors).unwrap_or_default();
        let help_text = f.str("help_text", &mut errors).unwrap_or_default();
        check_max_len(&mut errors, &f.name("placeholder"), Some(&placeholder), 500);
        check_max_len(&mut errors, &f.name("help_text"), Some(&help_text), 2000);
        let name = f.str("name", &mut errors).unwrap_or_default();
        let texts = FieldTexts {
            label,
            placeholder,
            help_text,
            position: i as i64 + 1,
        };
        if let Some(default) = defaults.iter().find(|d| d.name == name) {
            rows.push(system_field(default, &f, map, texts, &mut errors));
            continue;
        }
        if let Some(row) = custom_field(&f, map, name, texts, &taken, &mut errors) {
            taken.push(row.name.clone());
            rows.push(row);
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(rows)
}
