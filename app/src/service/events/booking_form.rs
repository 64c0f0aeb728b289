//! The booking form as a host sends it (the REST body or the dashboard's tab): each field
//! checked into its stored row. System fields keep their names and kinds; a host's own
//! questions get unique names.

use serde_json::{Map, Value, json};

use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::service::{ServiceError, ServiceResult};
use crate::store::booking_fields::FieldRow;
use crate::store::events::EventRow;

/// Types a custom field may have.
pub const CUSTOM_TYPES: &[&str] = &[
    "text",
    "email",
    "textarea",
    "number",
    "phone",
    "radio",
    "dropdown",
    "multi-select",
    "checkbox",
    "checkbox-group",
    "date",
    "hidden",
    "terms-and-conditions",
];
pub const OPTION_TYPES: &[&str] = &["radio", "dropdown", "multi-select", "checkbox-group"];
/// Keys kept in `config`, per the reference's field shapes.
pub const CONFIG_KEYS: &[&str] = &[
    "limit",
    "is_sms_number",
    "options",
    "payment_items",
    "default_value",
    "terms_and_conditions",
    "date_format",
    "min_date",
    "max_date",
];

/// A system field with the common defaults: optional, enabled, alterable, no placeholder.
fn system(position: i64, name: &str, kind: &str, label: &str) -> FieldRow {
    FieldRow {
        position,
        name: name.into(),
        field_type: kind.into(),
        label: label.into(),
        required: false,
        enabled: true,
        system_defined: true,
        disable_alter: false,
        is_visible: true,
        placeholder: String::new(),
        help_text: String::new(),
        config: "{}".into(),
    }
}

/// The system fields of an event, with defaults that depend on its locations.
pub fn system_fields(ev: &EventRow) -> Vec<FieldRow> {
    let locations: Vec<String> = serde_json::from_str::<Vec<Value>>(&ev.location_settings)
        .unwrap_or_default()
        .iter()
        .filter_map(|l| l.get("type").and_then(Value::as_str).map(str::to_string))
        .collect();
    let only = |kind: &str| locations.len() == 1 && locations[0] == kind;
    let locked = |row: FieldRow| FieldRow {
        required: true,
        disable_alter: true,
        ..row
    };
    let sms = json!({"is_sms_number": true}).to_string();
    let mut fields = vec![
        FieldRow {
            placeholder: "Your Name".into(),
            ..locked(system(1, "name", "text", "Your Name"))
        },
        FieldRow {
            placeholder: "Your Email".into(),
            ..locked(system(2, "email", "email", "Your Email"))
        },
        system(3, "message", "textarea", "What is this meeting about?"),
        FieldRow {
            required: true,
            placeholder: "Why are you cancelling?".into(),
            ..system(
                4,
                "cancellation_reason",
                "textarea",
                "Reason for cancellation",
            )
        },
        FieldRow {
            required: true,
            placeholder: "Let others know why you need to reschedule".into(),
            ..system(
                5,
                "rescheduling_reason",
                "textarea",
                "Reason for reschedule",
            )
        },
        FieldRow {
            enabled: false,
            config: json!({"limit": 10}).to_string(),
            ..system(6, "guests", "multi-guests", "Additional Guests")
        },
        FieldRow {
            required: only("phone_guest"),
            enabled: only("phone_guest"),
            disable_alter: true,
            config: sms,
            ..system(8, "phone_number", "phone", "Your Phone Number")
        },
        // A paid event's payment choice; the booking form fills in its methods and price.
        FieldRow {
            required: ev.payment_type == "paid",
            enabled: ev.payment_type == "paid",
            disable_alter: true,
            ..system(9, "payment_method", "payment", "Payment Method")
        },
    ];
    if locations.len() > 1 {
        let options: Vec<Value> = locations
            .iter()
            .map(|l| json!({"label": l, "value": l}))
            .collect();
        fields.push(FieldRow {
            config: json!({"options": options}).to_string(),
            ..locked(system(7, "location", "radio", "Location"))
        });
    }
    if only("in_person_guest") {
        fields.push(locked(system(9, "address", "text", "Your Address")));
    }
    fields.sort_by_key(|f| f.position);
    fields
}

impl FieldEntry {
    /// A choice field's options as plain labels.
    pub fn set_options(&mut self, options: &[String]) {
        self.config.insert("options".into(), json!(options));
    }
}

/// The whole form, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FormChanges {
    pub fields: Vec<FieldEntry>,
    /// What the way in could not read, refused together with the fields' own rules.
    pub unreadable: FieldErrors,
}

/// One field as given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldEntry {
    /// Its place in the list as given (from 0): errors are named `booking_fields.{index}.…`.
    pub index: usize,
    /// A system field's name picks that field; a question's may be empty (one is made from
    /// its label).
    pub name: String,
    /// A question's kind, one of [`CUSTOM_TYPES`] (a system field keeps its own).
    pub kind: String,
    pub label: String,
    pub placeholder: String,
    pub help_text: String,
    pub required: Option<bool>,
    pub enabled: Option<bool>,
    pub is_visible: Option<bool>,
    /// `limit` as a whole number, or the text given when it is none (the guests field's
    /// most guests; a question keeps its `limit` in `config`).
    pub limit: Option<Result<i64, String>>,
    /// The kind's own keys as given (`options`, `limit`, ...; see `CONFIG_KEYS`).
    pub config: Map<String, Value>,
}

/// The form's rows for `ev`, every error at once.
pub fn checked_rows(changes: FormChanges, ev: &EventRow) -> ServiceResult<Vec<FieldRow>> {
    let mut errors = changes.unreadable;
    let defaults = system_fields(ev);
    let mut rows: Vec<FieldRow> = Vec::new();
    let mut taken: Vec<String> = defaults.iter().map(|f| f.name.clone()).collect();
    for entry in changes.fields {
        let name = |key: &str| format!("booking_fields.{}.{key}", entry.index);
        for (key, text, max, one_line) in [
            ("label", &entry.label, 192, true),
            ("placeholder", &entry.placeholder, 500, true),
            ("help_text", &entry.help_text, 2000, false),
        ] {
            check_max_len(&mut errors, &name(key), Some(text), max);
            check_text(&name(key), text, one_line, &mut errors);
        }
        if let Some(default) = defaults.iter().find(|d| d.name == entry.name) {
            rows.push(system_row(default, entry, &mut errors));
            continue;
        }
        if let Some(row) = question_row(entry, &taken, &mut errors) {
            taken.push(row.name.clone());
            rows.push(row);
        }
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    Ok(rows)
}

/// A system field keeps its name and type; it may be relabelled, and toggled unless locked.
fn system_row(default: &FieldRow, entry: FieldEntry, errors: &mut FieldErrors) -> FieldRow {
    let mut row = default.clone();
    if !entry.label.trim().is_empty() {
        row.label = entry.label.trim().to_string();
    }
    if !entry.placeholder.is_empty() {
        row.placeholder = entry.placeholder;
    }
    row.help_text = entry.help_text;
    if !default.disable_alter {
        row.enabled = entry.enabled.unwrap_or(row.enabled);
        row.required = entry.required.unwrap_or(row.required);
    }
    if default.name == "guests"
        && let Some(limit) = guest_limit(entry.limit.clone(), entry.index, errors)
    {
        row.config = json!({"limit": limit}).to_string();
    }
    row.position = entry.index as i64 + 1;
    row
}

/// The guests field's `limit`: a whole number from 1 to 100 (`None`: unchanged).
fn guest_limit(
    given: Option<Result<i64, String>>,
    index: usize,
    errors: &mut FieldErrors,
) -> Option<i64> {
    let field = format!("booking_fields.{index}.limit");
    match given? {
        Err(_) => {
            let message = format!("The {field} must be an integer.");
            errors.add(field, "integer", message);
            None
        }
        Ok(limit) => {
            if !(1..=100).contains(&limit) {
                let message = "The guest limit must be between 1 and 100.";
                errors.add(field, "between", message);
            }
            Some(limit)
        }
    }
}

/// A host's own question: a known type, a label, a unique name, options for choices.
/// `None` when its type is unknown (nothing else about it can be judged).
fn question_row(entry: FieldEntry, taken: &[String], errors: &mut FieldErrors) -> Option<FieldRow> {
    let field = |key: &str| format!("booking_fields.{}.{key}", entry.index);
    let kind = entry.kind;
    if !CUSTOM_TYPES.contains(&kind.as_str()) {
        errors.add(
            field("type"),
            "in",
            format!("The type must be one of: {}.", CUSTOM_TYPES.join(", ")),
        );
        return None;
    }
    let label = entry.label;
    if label.trim().is_empty() && kind != "hidden" {
        errors.add(field("label"), "required", "The field label is required.");
    }
    let name = if entry.name.is_empty() {
        generated_name(&label, taken)
    } else {
        entry.name
    };
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || name.len() > 64 {
        errors.add(
            field("name"),
            "format",
            "The field name may only contain letters, digits and underscores.",
        );
    } else if taken.contains(&name) {
        errors.add(
            field("name"),
            "unique",
            "The field name is already used by another field.",
        );
    }
    if OPTION_TYPES.contains(&kind.as_str()) {
        let options_ok = entry
            .config
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
                field("options"),
                "required",
                "A choice field needs a non-empty list of options.",
            );
        }
    }
    Some(FieldRow {
        position: entry.index as i64 + 1,
        name,
        field_type: kind,
        label: label.trim().to_string(),
        required: entry.required.unwrap_or(false),
        enabled: entry.enabled.unwrap_or(true),
        system_defined: false,
        disable_alter: false,
        is_visible: entry.is_visible.unwrap_or(true),
        placeholder: entry.placeholder,
        help_text: entry.help_text,
        config: Value::Object(entry.config).to_string(),
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
