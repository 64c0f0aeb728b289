//! What assistants may see and book through the MCP server (DESIGN 2.12) beyond the REST routes
//! its tools mirror: the events open to visitors' agents, and an event's booking form as a
//! JSON Schema.

use serde_json::{Map, Value, json};

use crate::domain::values::BookingStatus;
use crate::domain::values::EventStatus;
use crate::model::agents::{AgentEvent, AgentEventAnswer, AgentEventType, Confirmed, Preview};
use crate::model::booking::BookingAnswer;
use crate::service::auth::digest;
use crate::service::bookings::confirmations::{self, Confirmation, Ending};
use crate::service::bookings::create::{CreateRequest, Idempotency, create};
use crate::service::bookings::host_actions;
use crate::service::bookings::new_booking::NewBooking;
use crate::service::bookings::proof_of_work::Unverified;
use crate::service::bookings::self_service::{RescheduleBooking, reschedule_ending};
use crate::service::bookings::update::{self, BookingChange, UpdateBooking};
use crate::service::events::admin::load_managed_event;
use crate::service::events::booking_fields::effective_fields;
use crate::service::support::present::event_settings;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::StoreError;
use crate::store::booking_fields::{self, FieldRow};
use crate::store::bookings::{self as booking_rows, IdempotencyKey};
use crate::store::calendars::{self, CalendarRow};
use crate::store::confirmations::{self as tokens, NewConfirmation};
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

/// An event the host manages (another's, or an unknown one: 404).
pub async fn managed_event(ctx: &Ctx, caller: &Caller, event_id: i64) -> ServiceResult<EventRow> {
    let mut conn = ctx.store.conn().await?;
    let calendar_id = events::find(conn.ex(), event_id)
        .await?
        .ok_or(ServiceError::NotFound)?
        .calendar_id;
    Ok(load_managed_event(conn.ex(), caller, calendar_id, event_id)
        .await?
        .1)
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
        Some(caller) => managed_event(ctx, caller, event_id).await?,
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

pub const TOKEN_INVALID: &str = "This confirmation token is not valid. Preview the action again.";
pub const TOKEN_EXPIRED: &str = "This confirmation token has expired. Preview the action again.";
pub const TOKEN_MISMATCH: &str = "The details differ from the preview. Preview the action again.";
pub const KEY_REUSED: &str = "This idempotency key was already used for a different request.";

/// Who calls a booking tool: a host (its account) or a visitor, from an address.
#[derive(Clone, Copy)]
pub struct ToolCaller<'a> {
    pub user: Option<&'a Caller>,
    pub ip: &'a str,
    /// A visitor's create without a proof of work: counted per address, as the booking form.
    pub unverified: Unverified<'a>,
}

impl<'a> ToolCaller<'a> {
    /// A host changing its own booking: no address limit or proof of work applies.
    fn host(caller: &'a Caller) -> ToolCaller<'a> {
        ToolCaller {
            user: Some(caller),
            ip: "",
            unverified: Unverified::Refused,
        }
    }

    /// Whose token it is (any visitor may confirm a visitor's preview).
    fn key(&self) -> String {
        self.user
            .map_or_else(|| "visitor".to_string(), |u| format!("user-{}", u.id()))
    }
}

/// `preview_booking`: the create runs with every check and write, and is rolled back; its
/// refusal is the create's. Answers what a confirm would write and a token for it, bound to
/// the caller, the arguments (`arguments_hash`) and that state.
pub async fn preview_booking(
    ctx: &Ctx,
    who: ToolCaller<'_>,
    event_id: i64,
    booking: NewBooking,
    arguments_hash: &str,
    confirm_seconds: i64,
) -> ServiceResult<Preview> {
    if who.user.is_none() {
        visitor_event(ctx, event_id).await?;
    }
    let (name, email) = (booking.name.clone(), booking.email.clone());
    let request = CreateRequest {
        event_id,
        booking,
        caller: who.user,
        idempotency: None,
        ip: who.ip,
        unverified: who.unverified,
        dry_run: true,
        confirmation: None,
        waitlist_claim: None,
    };
    let answer = create(ctx, request).await?;
    let state = confirmations::created_state(&answer);
    let b = &answer.booking;
    let summary = format!(
        "Book {} for {name} <{email}> from {} to {} (UTC), status {}.",
        b.title, b.start_time, b.end_time, b.status
    );
    let mut preview = issue_token(
        ctx,
        &who,
        "booking",
        arguments_hash,
        state,
        summary,
        confirm_seconds,
    )
    .await?;
    preview.action = "create".into();
    Ok(preview)
}

/// `confirm_booking`'s token and key, as sent.
pub struct Confirm<'a> {
    pub token: &'a str,
    pub idempotency_key: &'a str,
    pub arguments_hash: &'a str,
}

/// `confirm_booking`: the answer stored for the same key and arguments again (`replayed`), or
/// the create of the preview, refused as DESIGN 2.12 orders (token, arguments, time, state).
pub async fn confirm_booking(
    ctx: &Ctx,
    who: ToolCaller<'_>,
    event_id: i64,
    booking: NewBooking,
    confirm: Confirm<'_>,
) -> ServiceResult<Confirmed> {
    if who.user.is_none() {
        visitor_event(ctx, event_id).await?;
    }
    check_key_length(confirm.idempotency_key)?;
    let token_hash = digest(confirm.token);
    // A visitor's keys are the token's own; a host's are its account's.
    let owner = match who.user {
        Some(user) => format!("user-{}", user.id()),
        None => format!("visitor-{token_hash}"),
    };
    let request = format!("confirm_booking:{}", confirm.arguments_hash);
    let key = IdempotencyKey {
        scope: format!("bookings.create:{event_id}:{owner}"),
        key: confirm.idempotency_key.to_string(),
        request_hash: digest(&request),
    };
    if let Some(answer) = replayed(ctx, &key).await? {
        return Ok(answer);
    }
    let state = checked_token(ctx, &who, &token_hash, confirm.arguments_hash, "booking").await?;
    let create_request = CreateRequest {
        event_id,
        booking,
        caller: who.user,
        idempotency: Some(Idempotency {
            key: confirm.idempotency_key,
            request: &request,
            owner: Some(&owner),
        }),
        ip: who.ip,
        unverified: who.unverified,
        dry_run: false,
        confirmation: Some(Confirmation {
            token_hash,
            state,
            remember: None,
        }),
        waitlist_claim: None,
    };
    let answer = create(ctx, create_request).await?;
    Ok(Confirmed {
        message: answer.message,
        booking: answer.booking,
        replayed: false,
    })
}

/// `preview_cancel`, `preview_status`: the change of `PUT /schedules/{id}` run with every check
/// and rolled back; `action` is `cancel` or `status` (the token's tool pair).
pub async fn preview_change(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
    command: &UpdateBooking,
    arguments_hash: &str,
    confirm_seconds: i64,
) -> ServiceResult<Preview> {
    let action = change_action(command);
    let (_, state) =
        update::apply_ending(ctx, caller, booking_id, command, &Ending::Preview).await?;
    let summary = format!(
        "Change booking {booking_id} ({} to {} UTC) from {} to {}.",
        state["before"]["start_time"].as_str().unwrap_or_default(),
        state["before"]["end_time"].as_str().unwrap_or_default(),
        state["before"]["status"].as_str().unwrap_or_default(),
        state["after"]["status"].as_str().unwrap_or_default(),
    );
    let who = ToolCaller::host(caller);
    issue_token(
        ctx,
        &who,
        action,
        arguments_hash,
        state,
        summary,
        confirm_seconds,
    )
    .await
}

/// `confirm_cancel`, `confirm_status`: the change its preview showed, as
/// [`confirm_booking`] confirms a create.
pub async fn confirm_change(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
    command: &UpdateBooking,
    confirm: Confirm<'_>,
) -> ServiceResult<Confirmed> {
    let action = change_action(command);
    let message = update::updated_message(&command.change);
    let write = async |ending: &Ending| {
        update::apply_ending(ctx, caller, booking_id, command, ending)
            .await
            .map(drop)
    };
    let step = HostStep {
        booking_id,
        action,
        message: &message,
    };
    confirm_host_step(ctx, caller, step, confirm, write).await
}

/// A host's confirmed change of one booking.
struct HostStep<'a> {
    booking_id: i64,
    /// The token's tool pair: `reschedule`, `cancel` or `status`.
    action: &'static str,
    /// The answer's message, as REST says it.
    message: &'a str,
}

/// A host's confirm: another host's booking is unknown whatever the token says; then the
/// answer kept under the key is replayed, or the token is checked and `write` runs with it
/// (spent, and the answer kept, inside the write's transaction).
async fn confirm_host_step(
    ctx: &Ctx,
    caller: &Caller,
    step: HostStep<'_>,
    confirm: Confirm<'_>,
    write: impl AsyncFnOnce(&Ending) -> ServiceResult<()>,
) -> ServiceResult<Confirmed> {
    let booking_id = step.booking_id;
    managed_booking_hash(ctx, caller, booking_id).await?;
    let key = change_key(caller, booking_id, step.action, &confirm)?;
    if let Some(replayed) = replayed_change(ctx, caller, booking_id, &key).await? {
        return Ok(replayed);
    }
    let who = ToolCaller::host(caller);
    let token_hash = digest(confirm.token);
    let state = checked_token(ctx, &who, &token_hash, confirm.arguments_hash, step.action).await?;
    let ending = Ending::Confirm(Confirmation {
        token_hash,
        state,
        remember: Some((key, json!({ "message": step.message }).to_string())),
    });
    write(&ending).await?;
    confirmed_change(ctx, caller, booking_id, &json!(step.message), false).await
}

/// The idempotency key of a host's confirm of `action` on a booking (8-255 characters).
fn change_key(
    caller: &Caller,
    booking_id: i64,
    action: &str,
    confirm: &Confirm<'_>,
) -> ServiceResult<IdempotencyKey> {
    check_key_length(confirm.idempotency_key)?;
    Ok(IdempotencyKey {
        scope: format!("mcp.{action}:{booking_id}:user-{}", caller.id()),
        key: confirm.idempotency_key.to_string(),
        request_hash: digest(&format!("confirm_{action}:{}", confirm.arguments_hash)),
    })
}

/// A host's confirm answered before under this key: the booking as it is now, `replayed`.
async fn replayed_change(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
    key: &IdempotencyKey,
) -> ServiceResult<Option<Confirmed>> {
    let stored = {
        let mut conn = ctx.store.conn().await?;
        booking_rows::idempotent_answer(conn.ex(), key).await?
    };
    let Some(stored) = stored else {
        return Ok(None);
    };
    if stored.request_hash != key.request_hash {
        return Err(key_reused());
    }
    let message: Value = serde_json::from_str(&stored.response_body).map_err(StoreError::from)?;
    confirmed_change(ctx, caller, booking_id, &message["message"], true)
        .await
        .map(Some)
}

/// `preview_reschedule`: the host's move of `POST /bookings/{hash}/reschedule`, run with every
/// check and rolled back.
pub async fn preview_reschedule(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
    command: &RescheduleBooking,
    arguments_hash: &str,
    confirm_seconds: i64,
) -> ServiceResult<Preview> {
    let hash = managed_booking_hash(ctx, caller, booking_id).await?;
    let (_, state) = reschedule_ending(ctx, &hash, command, Some(caller), &Ending::Preview).await?;
    let summary = format!(
        "Move booking {booking_id} from {} to {} (UTC).",
        state["before"]["start_time"].as_str().unwrap_or_default(),
        state["after"]["start_time"].as_str().unwrap_or_default(),
    );
    let who = ToolCaller::host(caller);
    issue_token(
        ctx,
        &who,
        "reschedule",
        arguments_hash,
        state,
        summary,
        confirm_seconds,
    )
    .await
}

/// `confirm_reschedule`: the move its preview showed.
pub async fn confirm_reschedule(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
    command: &RescheduleBooking,
    confirm: Confirm<'_>,
) -> ServiceResult<Confirmed> {
    let hash = managed_booking_hash(ctx, caller, booking_id).await?;
    let write = async |ending: &Ending| {
        reschedule_ending(ctx, &hash, command, Some(caller), ending)
            .await
            .map(drop)
    };
    let step = HostStep {
        booking_id,
        action: "reschedule",
        message: "Booking has been rescheduled",
    };
    confirm_host_step(ctx, caller, step, confirm, write).await
}

/// The secret hash of a booking the host manages (another host's: 404).
async fn managed_booking_hash(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
) -> ServiceResult<String> {
    let mut conn = ctx.store.conn().await?;
    Ok(host_actions::load(conn.ex(), caller, booking_id)
        .await?
        .booking
        .hash)
}

fn change_action(command: &UpdateBooking) -> &'static str {
    match command.change {
        BookingChange::Status {
            to: BookingStatus::Cancelled,
            ..
        } => "cancel",
        _ => "status",
    }
}

async fn confirmed_change(
    ctx: &Ctx,
    caller: &Caller,
    booking_id: i64,
    message: &Value,
    replayed: bool,
) -> ServiceResult<Confirmed> {
    let booking = host_actions::get(ctx, caller, booking_id, false)
        .await?
        .schedule;
    Ok(Confirmed {
        message: message.as_str().unwrap_or_default().to_string(),
        booking,
        replayed,
    })
}

fn check_key_length(key: &str) -> ServiceResult<()> {
    if (8..=255).contains(&key.chars().count()) {
        Ok(())
    } else {
        Err(ServiceError::field(
            "idempotency_key",
            "between",
            "The idempotency_key must be 8 to 255 characters.",
        ))
    }
}

fn key_reused() -> ServiceError {
    ServiceError::Conflict {
        code: "idempotency_key_reused",
        message: KEY_REUSED.into(),
    }
}

/// Stores a new confirm token for this preview; answers the preview.
async fn issue_token(
    ctx: &Ctx,
    who: &ToolCaller<'_>,
    action: &str,
    arguments_hash: &str,
    state: Value,
    summary: String,
    confirm_seconds: i64,
) -> ServiceResult<Preview> {
    let now = ctx.clock.now();
    let token = hex::encode(rand::random::<[u8; 32]>());
    let expires_at = now + confirm_seconds;
    let stored = NewConfirmation {
        token_hash: &digest(&token),
        tool: action,
        caller: &who.key(),
        arguments_hash,
        state: &state.to_string(),
        expires_at,
    };
    let mut conn = ctx.store.conn().await?;
    tokens::add(conn.ex(), &stored, now).await?;
    Ok(Preview {
        action: action.into(),
        summary,
        before: state["before"].clone(),
        after: state["after"].clone(),
        confirm_token: token,
        expires_at: chrono::DateTime::from_timestamp(expires_at, 0)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    })
}

/// The answer stored under this key for the same request, replayed; 409
/// `idempotency_key_reused` for another request.
async fn replayed(ctx: &Ctx, key: &IdempotencyKey) -> ServiceResult<Option<Confirmed>> {
    let mut conn = ctx.store.conn().await?;
    match booking_rows::idempotent_answer(conn.ex(), key).await? {
        None => Ok(None),
        Some(stored) if stored.request_hash != key.request_hash => Err(key_reused()),
        Some(stored) => {
            let answer: BookingAnswer =
                serde_json::from_str(&stored.response_body).map_err(StoreError::from)?;
            Ok(Some(Confirmed {
                message: answer.message,
                booking: answer.booking,
                replayed: true,
            }))
        }
    }
}

/// The state a live token's preview showed, when the token is this caller's, for this tool
/// and these arguments; else why not (invalid, expired, used, mismatch).
async fn checked_token(
    ctx: &Ctx,
    who: &ToolCaller<'_>,
    token_hash: &str,
    arguments_hash: &str,
    tool: &str,
) -> ServiceResult<Value> {
    let invalid = || ServiceError::BadRequest {
        code: "confirm_token_invalid",
        message: TOKEN_INVALID,
    };
    let mut conn = ctx.store.conn().await?;
    let row = tokens::find(conn.ex(), token_hash)
        .await?
        .filter(|row| row.tool == tool && row.caller == who.key())
        .ok_or_else(invalid)?;
    if row.expires_at <= ctx.clock.now() {
        return Err(ServiceError::Gone {
            code: "confirm_token_expired",
            message: TOKEN_EXPIRED.into(),
        });
    }
    if row.used_at.is_some() {
        return Err(ServiceError::Conflict {
            code: "confirm_token_used",
            message: confirmations::TOKEN_USED.into(),
        });
    }
    if row.arguments_hash != arguments_hash {
        return Err(ServiceError::Conflict {
            code: "confirm_token_mismatch",
            message: TOKEN_MISMATCH.into(),
        });
    }
    serde_json::from_str(&row.state).map_err(|_| invalid())
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
