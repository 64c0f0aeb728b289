//! The booking form of an event: system fields (always present) and custom fields.

use crate::model::answer::MessageAnswer;
use crate::model::event::{BookingField, BookingFieldList};
use serde_json::Value;

use crate::service::events::admin::load_managed_event;
use crate::service::events::booking_form::{FormChanges, checked_rows, system_fields};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::booking_fields::{self, FieldRow};
use crate::store::events::EventRow;

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
    changes: FormChanges,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let (_, ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let rows = effective_fields(&ev, checked_rows(changes, &ev)?);
    booking_fields::replace(tx.ex(), ev.id, &rows).await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Fields have been updated"))
}
