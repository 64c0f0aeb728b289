//! The Booking form tab: the fields in order, saved through `POST …/booking-fields`.

use serde_json::{Value, json};

use crate::model::event::BookingField;
use crate::model::event_tabs::{
    CHOICE_TYPES, FieldLine, FieldsOp, apply_fields_op, new_field_from_form,
};
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::ServiceResult;
use crate::service::{Caller, Ctx};

/// The event's booking form, in order (`GET …/booking-fields`).
pub async fn fields(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<Vec<FieldLine>> {
    let answer =
        crate::service::events::booking_fields::get(ctx, caller, calendar_id, event_id).await?;
    Ok(answer.fields.iter().map(line_of).collect())
}

fn line_of(field: &BookingField) -> FieldLine {
    FieldLine {
        name: field.name.clone(),
        label: field.label.clone(),
        kind: field.field_type.clone(),
        required: field.required,
        enabled: field.enabled,
        system: field.system_defined,
        locked: field.disable_alter,
        options: field
            .extra
            .get("options")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|o| o.as_str().or_else(|| o["label"].as_str()))
            .map(str::to_string)
            .collect(),
    }
}

/// A button of the booking-fields tab (`op`): a move, a removal, one field's edit or a new
/// field, saved with the whole form in one transaction. One field is edited or added at a
/// time, so its errors are keyed by the input's name (`label`, `type`, `options`).
pub async fn save_fields(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    // The stored fields as they are, by name, so nothing the form does not show is lost.
    let raw = crate::service::events::booking_fields::get(ctx, caller, calendar_id, event_id)
        .await
        .map_err(|e| refused_as(form, e, str::to_string))?;
    let stored: Vec<FieldLine> = raw.fields.iter().map(line_of).collect();
    let mut lines = stored;
    let Some(op) = FieldsOp::parse(&form.value("op")) else {
        return Err(FormState {
            message: Some("Unknown action.".into()),
            ..form.clone()
        });
    };
    apply_fields_op(&mut lines, &op, form);
    let mut body: Vec<Value> = lines
        .iter()
        .map(|line| {
            let mut item = raw
                .fields
                .iter()
                .find(|f| f.name == line.name)
                .map(|f| json!(f))
                .unwrap_or_else(|| json!({"name": line.name, "type": line.kind}));
            item["label"] = json!(line.label);
            item["required"] = json!(line.required);
            item["enabled"] = json!(line.enabled);
            if CHOICE_TYPES.contains(&line.kind.as_str()) {
                item["options"] = json!(line.options);
            }
            item
        })
        .collect();
    if op == FieldsOp::Add {
        let new = new_field_from_form(form);
        let mut item = json!({"type": new.kind, "label": new.label, "required": new.required});
        if CHOICE_TYPES.contains(&new.kind.as_str()) {
            item["options"] = json!(new.options);
        }
        body.push(item);
    }
    let request = json!({"booking_fields": body});
    crate::service::events::booking_fields::save(ctx, caller, calendar_id, event_id, |ev| {
        crate::input::events::booking_fields::booking_fields(&request, ev)
    })
    .await
    .map(drop)
    .map_err(|e| {
        refused_as(form, e, |field| {
            let parts: Vec<&str> = field.split('.').collect();
            match parts.as_slice() {
                // One field is edited or added at a time: its inputs carry the keys' names.
                ["booking_fields", _, key, ..] => (*key).to_string(),
                _ => field.to_string(),
            }
        })
    })
}
