//! What assistants may see and book through the MCP server (DESIGN 2.12) beyond the REST routes
//! its tools mirror: the events open to visitors' agents, and an event's booking form as a
//! JSON Schema.

use serde_json::{Map, Value, json};

use crate::domain::values::EventStatus;
use crate::model::agents::{AgentEvent, AgentEventAnswer, AgentEventType};
use crate::service::events::admin::load_managed_event;
use crate::service::events::booking_fields::effective_fields;
use crate::service::support::present::event_settings;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_fields::{self, FieldRow};
use crate::store::calendars::{self, CalendarRow};
use crate::store::events::{self, EventRow};

pub const AGENTS_NOT_ALLOWED: &str = "This event does not accept bookings through agents.";

/// 403 `agents_not_allowed`.
pub fn not_allowed() -> ServiceError {
    ServiceError::Refused {
        code: "agents_not_allowed",
        message: AGENTS_NOT_ALLOWED,
    }
}

/// The event a visitor's tool names: an active one (else 404) whose host lets agents book it
/// (else 403 `agents_not_allowed`; a secret event is reached only through its private links).
pub async fn visitor_event(ctx: &Ctx, event_id: i64) -> ServiceResult<EventRow> {
    let mut conn = ctx.store.conn().await?;
    let ev = events::find(conn.ex(), event_id)
        .await?
        .filter(|e| e.status == EventStatus::Active.as_str())
        .ok_or(ServiceError::NotFound)?;
    let settings = event_settings(&ev)?;
    if !settings.agents_may_book || settings.secret {
        return Err(not_allowed());
    }
    Ok(ev)
}

/// `list_event_types` for a visitor: the calendar's active events open to agents (an unknown
/// calendar: 404).
pub async fn visitor_event_types(
    ctx: &Ctx,
    calendar_slug: &str,
) -> ServiceResult<Vec<AgentEventType>> {
    let mut conn = ctx.store.conn().await?;
    let cal = calendars::find_by_slug(conn.ex(), calendar_slug)
        .await?
        .filter(|c| c.status != "draft")
        .ok_or(ServiceError::NotFound)?;
    let rows = events::list_for_calendars(conn.ex(), &[cal.id]).await?;
    let mut open = Vec::new();
    for ev in rows {
        let settings = event_settings(&ev)?;
        if ev.status == EventStatus::Active.as_str() && settings.agents_may_book && !settings.secret
        {
            open.push(event_type(ctx, &cal, &ev, true));
        }
    }
    Ok(open)
}

fn event_type(
    ctx: &Ctx,
    cal: &CalendarRow,
    ev: &EventRow,
    agents_may_book: bool,
) -> AgentEventType {
    AgentEventType {
        id: ev.id,
        calendar_id: ev.calendar_id,
        title: ev.title.clone(),
        slug: ev.slug.clone(),
        duration: ev.duration,
        event_type: ev.event_type.clone(),
        status: ev.status.clone(),
        agents_may_book,
        public_url: format!("{}/{}/{}", ctx.public_url, cal.slug, ev.slug),
    }
}

/// `get_event`: a host's event (one it manages, else 404), or a visitor's (see
/// [`visitor_event`]), with its booking form as a JSON Schema.
pub async fn event_detail(
    ctx: &Ctx,
    caller: Option<&Caller>,
    event_id: i64,
) -> ServiceResult<AgentEventAnswer> {
    let ev = match caller {
        Some(caller) => {
            let mut conn = ctx.store.conn().await?;
            let calendar_id = events::find(conn.ex(), event_id)
                .await?
                .ok_or(ServiceError::NotFound)?
                .calendar_id;
            load_managed_event(conn.ex(), caller, calendar_id, event_id)
                .await?
                .1
        }
        None => visitor_event(ctx, event_id).await?,
    };
    let mut conn = ctx.store.conn().await?;
    let cal = calendars::find(conn.ex(), ev.calendar_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let fields = effective_fields(&ev, booking_fields::list(conn.ex(), ev.id).await?);
    let settings = event_settings(&ev)?;
    Ok(AgentEventAnswer {
        event: AgentEvent {
            id: ev.id,
            calendar_id: ev.calendar_id,
            title: ev.title.clone(),
            description: ev.description.clone(),
            duration: ev.duration,
            event_type: ev.event_type.clone(),
            max_book_per_slot: ev.max_book_per_slot,
            timezone: cal.author_timezone.clone(),
            requires_confirmation: settings.requires_confirmation.enabled,
        },
        form_schema: form_schema(&fields),
    })
}

/// Fields that are not arguments of a new booking.
const NOT_BOOKING_ARGUMENTS: [&str; 3] = [
    "cancellation_reason",
    "rescheduling_reason",
    "payment_method",
];

/// The JSON Schema of a create's arguments: the time, `name`, `email` and each enabled field
/// (system fields by their body name, the host's own inside `custom_fields`), `required` as
/// the fields say.
pub fn form_schema(fields: &[FieldRow]) -> Value {
    let mut properties = Map::new();
    let mut required = vec![json!("event_time"), json!("timezone")];
    properties.insert(
        "event_time".into(),
        json!({"type": "string", "description": "Start, YYYY-MM-DD HH:mm:ss, wall-clock time in `timezone`"}),
    );
    properties.insert(
        "timezone".into(),
        json!({"type": "string", "description": "IANA time zone of event_time and of the attendee"}),
    );
    let mut custom = Map::new();
    let mut custom_required = Vec::new();
    for field in fields.iter().filter(|f| f.enabled) {
        if NOT_BOOKING_ARGUMENTS.contains(&field.name.as_str()) {
            continue;
        }
        let name = match field.name.as_str() {
            "location" => "location_type",
            other => other,
        };
        let schema = field_schema(field);
        if field.system_defined {
            properties.insert(name.to_string(), schema);
            if field.required {
                required.push(json!(name));
            }
        } else {
            custom.insert(name.to_string(), schema);
            if field.required {
                custom_required.push(json!(name));
            }
        }
    }
    if !custom.is_empty() {
        properties.insert(
            "custom_fields".into(),
            json!({"type": "object", "properties": custom, "required": custom_required}),
        );
        if !custom_required.is_empty() {
            required.push(json!("custom_fields"));
        }
    }
    json!({"type": "object", "properties": properties, "required": required})
}

/// One field's schema: its label as the title, its options as an `enum`.
fn field_schema(field: &FieldRow) -> Value {
    let config: Value = serde_json::from_str(&field.config).unwrap_or(Value::Null);
    let options: Vec<Value> = config["options"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|o| {
                    o.as_str()
                        .or_else(|| o.get("value").and_then(Value::as_str))
                        .map(|v| json!(v))
                })
                .collect()
        })
        .unwrap_or_default();
    let mut schema = match field.field_type.as_str() {
        "number" => json!({"type": "number"}),
        "checkbox" | "terms-and-conditions" => json!({"type": "boolean"}),
        "multi-select" | "checkbox-group" => {
            json!({"type": "array", "items": {"type": "string", "enum": options}})
        }
        "multi-guests" => json!({"type": "array", "items": {"type": "string", "format": "email"}}),
        "email" => json!({"type": "string", "format": "email"}),
        "date" => json!({"type": "string", "format": "date"}),
        "radio" | "dropdown" if !options.is_empty() => json!({"type": "string", "enum": options}),
        _ => json!({"type": "string"}),
    };
    schema["title"] = json!(field.label);
    if !field.help_text.is_empty() {
        schema["description"] = json!(field.help_text);
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, kind: &str, system: bool, required: bool, enabled: bool) -> FieldRow {
        FieldRow {
            position: 1,
            name: name.into(),
            field_type: kind.into(),
            label: name.to_uppercase(),
            required,
            enabled,
            system_defined: system,
            disable_alter: false,
            is_visible: true,
            placeholder: String::new(),
            help_text: String::new(),
            config: r#"{"options": [{"label": "A", "value": "a"}, "b"]}"#.into(),
        }
    }

    #[test]
    fn the_schema_names_enabled_fields_and_their_requirement() {
        let schema = form_schema(&[
            field("name", "text", true, true, true),
            field("email", "email", true, true, true),
            field("guests", "multi-guests", true, false, false),
            field("cancellation_reason", "textarea", true, true, true),
            field("location", "radio", true, true, true),
            field("size", "dropdown", false, true, true),
            field("notes", "textarea", false, false, true),
        ]);
        assert_eq!(
            schema["required"],
            json!([
                "event_time",
                "timezone",
                "name",
                "email",
                "location_type",
                "custom_fields"
            ])
        );
        assert!(schema["properties"].get("guests").is_none(), "disabled");
        assert!(schema["properties"].get("cancellation_reason").is_none());
        assert_eq!(
            schema["properties"]["location_type"]["enum"],
            json!(["a", "b"])
        );
        assert_eq!(
            schema["properties"]["custom_fields"]["required"],
            json!(["size"])
        );
        assert_eq!(
            schema["properties"]["custom_fields"]["properties"]["notes"]["type"],
            "string"
        );
        assert_eq!(schema["properties"]["email"]["format"], "email");
    }
}
