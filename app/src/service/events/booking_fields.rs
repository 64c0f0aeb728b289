//! The booking form of an event: system fields (always present) and custom fields.

use crate::model::answer::MessageAnswer;
use crate::model::event::{BookingField, BookingFieldList};
use serde_json::{Value, json};

use crate::service::events::admin::load_managed_event;
use crate::service::{Caller, Ctx, ServiceResult};
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

/// Validates and stores the whole form in one transaction.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    read: impl FnOnce(&EventRow) -> ServiceResult<Vec<FieldRow>>,
) -> ServiceResult<MessageAnswer> {
    // Access first (the form is read by `read`, for the event, after): another host's ids
    // answer 404 whatever the body.
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let rows = effective_fields(&ev, read(&ev)?);
    booking_fields::replace(tx.ex(), ev.id, &rows).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Fields have been updated"))
}
