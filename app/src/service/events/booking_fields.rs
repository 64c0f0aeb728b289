//! The booking form of an event: system fields (always present) and custom fields.

use crate::model::answer::MessageAnswer;
use crate::model::event::{BookingField, BookingFieldList};
use serde_json::{Map, Value, json};

use crate::domain::validation::{FieldErrors, check_max_len};
use crate::service::events::admin::load_managed_event;
use crate::service::support::input::Fields;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_fields::{self, FieldRow};
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
const OPTION_TYPES: &[&str] = &["radio", "dropdown", "multi-select", "checkbox-group"];
/// Keys kept in `config`, per the reference's field shapes.
const CONFIG_KEYS: &[&str] = &[
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

fn field_wire(f: &FieldRow) -> BookingField {
    let mut extra = match serde_json::from_str::<Value>(&f.config) {
        Ok(Value::Object(config)) => config,
        _ => serde_json::Map::new(),
    };
    // The columns are the truth; a stored config never shadows them.
    extra.retain(|key, _| !BookingField::FIXED.contains(&key.as_str()));
    BookingField {
        index: f.position,
        field_type: f.field_type.clone(),
        name: f.name.clone(),
        label: f.label.clone(),
        required: f.required,
        enabled: f.enabled,
        system_defined: f.system_defined,
        disable_alter: f.disable_alter,
        is_visible: f.is_visible,
        placeholder: f.placeholder.clone(),
        help_text: f.help_text.clone(),
        extra,
    }
}

/// Stored fields with any missing system field added back.
pub fn effective_fields(ev: &EventRow, stored: Vec<FieldRow>) -> Vec<FieldRow> {
    let mut fields = stored;
    for default in system_fields(ev) {
        if !fields.iter().any(|f| f.name == default.name) {
            fields.push(default);
        }
    }
    fields.sort_by_key(|f| f.position);
    fields
}

pub async fn get(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<BookingFieldList> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let stored = booking_fields::list(conn.ex(), ev.id).await?;
    Ok(BookingFieldList {
        fields: effective_fields(&ev, stored)
            .iter()
            .map(field_wire)
            .collect(),
    })
}

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
pub fn parse_form(body: &Value, ev: &EventRow) -> ServiceResult<Vec<FieldRow>> {
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

/// Validates and stores the whole form in one transaction.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<MessageAnswer> {
    // Access first: another host's ids answer 404 whatever the body.
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let rows = effective_fields(&ev, parse_form(body, &ev)?);
    booking_fields::replace(tx.ex(), ev.id, &rows).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Fields have been updated"))
}
