//! The Booking form tab: the fields in order, saved through `POST …/booking-fields`.

use crate::texts::dashboard::t;
use serde_json::Value;

use crate::domain::validation::FieldErrors;
use crate::model::event::BookingField;
use crate::model::event_tabs::{
    CHOICE_TYPES, FieldLine, FieldsOp, apply_fields_op, new_field_from_form,
};
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::ServiceResult;
use crate::service::events::booking_form::CONFIG_KEYS;
use crate::service::events::booking_form::{FieldEntry, FormChanges};
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

/// A stored field as the form saves it again: all it holds, its kind's keys included.
fn entry_of(field: &BookingField) -> FieldEntry {
    FieldEntry {
        index: 0,
        name: field.name.clone(),
        kind: field.field_type.clone(),
        label: field.label.clone(),
        placeholder: field.placeholder.clone(),
        help_text: field.help_text.clone(),
        required: Some(field.required),
        enabled: Some(field.enabled),
        is_visible: Some(field.is_visible),
        limit: field.extra.get("limit").and_then(Value::as_i64).map(Ok),
        config: field
            .extra
            .iter()
            .filter(|(key, _)| CONFIG_KEYS.contains(&key.as_str()))
            .map(|(key, value)| (key.clone(), value.clone()))
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
            message: Some(t("unknown-action").into()),
            ..form.clone()
        });
    };
    apply_fields_op(&mut lines, &op, form);
    let mut entries: Vec<FieldEntry> = lines
        .iter()
        .map(|line| {
            let stored = raw.fields.iter().find(|f| f.name == line.name);
            let mut entry = stored.map(entry_of).unwrap_or_else(|| FieldEntry {
                name: line.name.clone(),
                kind: line.kind.clone(),
                ..FieldEntry::default()
            });
            entry.label = line.label.clone();
            entry.required = Some(line.required);
            entry.enabled = Some(line.enabled);
            if CHOICE_TYPES.contains(&line.kind.as_str()) {
                entry.set_options(&line.options);
            }
            entry
        })
        .collect();
    if op == FieldsOp::Add {
        let new = new_field_from_form(form);
        let mut entry = FieldEntry {
            kind: new.kind.clone(),
            label: new.label,
            required: Some(new.required),
            ..FieldEntry::default()
        };
        if CHOICE_TYPES.contains(&new.kind.as_str()) {
            entry.set_options(&new.options);
        }
        entries.push(entry);
    }
    for (index, entry) in entries.iter_mut().enumerate() {
        entry.index = index;
    }
    let changes = FormChanges {
        fields: entries,
        unreadable: FieldErrors::new(),
    };
    crate::service::events::booking_fields::save(ctx, caller, calendar_id, event_id, changes)
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
