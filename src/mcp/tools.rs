//! The MCP tools (DESIGN 2.12). Each mirrors a REST route: it calls that route's handler (or
//! its use case) with the arguments as the route's path and query, so an answer, a refusal's
//! envelope, its codes, messages and 422 fields are the route's own.

use std::collections::BTreeMap;
use std::sync::Arc;

use app::service::agents;
use axum::Json;
use axum::extract::State;
use chrono::{Datelike, NaiveDate};
use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject, Tool, ToolAnnotations};
use serde::Serialize;
use serde_json::{Value, json};

use super::Mode;
use crate::AppState;
use crate::api::bookings::PublicRead;
use crate::api::error::ApiError;
use crate::api::extract::{ApiPath, QueryParams};
use crate::api::handler::Host;
use crate::api::{calendars, events, schedules};

/// Which modes list a tool, and which per-address limit a visitor's call counts against.
#[derive(Clone, Copy, PartialEq)]
enum Reach {
    HostOnly,
    /// Both modes; a visitor's call is a public read.
    BothRead,
    /// Both modes; a visitor's call is a public create.
    BothCreate,
}

/// What a tool does, as its annotations tell clients.
#[derive(Clone, Copy, PartialEq)]
enum Effect {
    Reads,
    Adds,
    /// Changes what exists (a status).
    Changes,
    /// Ends something for good (a cancel).
    Destroys,
}

struct Spec {
    name: &'static str,
    description: &'static str,
    reach: Reach,
    effect: Effect,
    input: fn(&Mode) -> Value,
    output: fn() -> Value,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "list_calendars",
        description: "The calendars you manage: id, title, slug, type, author_timezone, public_url.",
        reach: Reach::HostOnly,
        effect: Effect::Reads,
        input: |_| json!({"type": "object", "properties": {}}),
        output: || {
            object(
                json!({"calendars": {"type": "array", "items": object(json!({
                    "id": {"type": "integer"}, "title": {"type": "string"}, "slug": {"type": "string"},
                    "type": {"type": "string"}, "author_timezone": {"type": "string"},
                    "public_url": {"type": "string"}}), &["id", "title", "slug", "type", "author_timezone", "public_url"])}}),
                &["calendars"],
            )
        },
    },
    Spec {
        name: "list_event_types",
        description: "Bookable events. Host: every event you manage (calendar_id narrows). Visitor: the active events of the calendar with that slug that accept bookings through agents.",
        reach: Reach::BothRead,
        effect: Effect::Reads,
        input: |mode| match mode {
            Mode::Host(_) => object(
                json!({"calendar_id": {"type": "integer", "description": "Only this calendar's events"}}),
                &[],
            ),
            Mode::Visitor { .. } => object(
                json!({"calendar_slug": {"type": "string", "description": "The calendar's slug, as in its page address"}}),
                &["calendar_slug"],
            ),
        },
        output: || {
            object(
                json!({"event_types": {"type": "array", "items": object(json!({
                    "id": {"type": "integer"}, "calendar_id": {"type": "integer"},
                    "title": {"type": "string"}, "slug": {"type": "string"},
                    "duration": {"type": "integer"}, "event_type": {"type": "string"},
                    "status": {"type": "string"}, "agents_may_book": {"type": "boolean"},
                    "public_url": {"type": "string"}}),
                    &["id", "calendar_id", "title", "slug", "duration", "event_type", "status", "agents_may_book", "public_url"])}}),
                &["event_types"],
            )
        },
    },
    Spec {
        name: "get_event",
        description: "One event and form_schema, the JSON Schema of the arguments a booking of it takes.",
        reach: Reach::BothRead,
        effect: Effect::Reads,
        input: |_| object(json!({"event_id": {"type": "integer"}}), &["event_id"]),
        output: || {
            object(
                json!({
                    "event": object(json!({
                        "id": {"type": "integer"}, "calendar_id": {"type": "integer"},
                        "title": {"type": "string"}, "description": {"type": "string"},
                        "duration": {"type": "integer"}, "event_type": {"type": "string"},
                        "max_book_per_slot": {"type": "integer"}, "timezone": {"type": "string"},
                        "requires_confirmation": {"type": "boolean"}}),
                        &["id", "calendar_id", "title", "description", "duration", "event_type", "max_book_per_slot", "timezone", "requires_confirmation"]),
                    "form_schema": {"type": "object"}}),
                &["event", "form_schema"],
            )
        },
    },
    Spec {
        name: "find_available_times",
        description: "The times an event offers, as GET /bookings/slots/{event_id}: from start_date (YYYY-MM-DD, default today) to the end of that month, or to end_date (at most 62 days on), in timezone (default UTC).",
        reach: Reach::BothRead,
        effect: Effect::Reads,
        input: |_| {
            object(
                json!({
                    "event_id": {"type": "integer"},
                    "start_date": {"type": "string", "description": "YYYY-MM-DD"},
                    "end_date": {"type": "string", "description": "YYYY-MM-DD, at most 62 days after start_date"},
                    "timezone": {"type": "string", "description": "IANA zone of the answer (default UTC)"},
                    "duration": {"type": "integer", "description": "Minutes, for events offering several lengths"}}),
                &["event_id"],
            )
        },
        output: || {
            object(
                json!({
                    "event_id": {"type": "integer"},
                    "timezone": {"type": "string"},
                    "available_slots": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
                    "max_lookup_date": {"type": "string"},
                    "not_offered": {"type": "array", "description": "Host sessions only: the grid's starts within the hours that are not offered, with the reasons of explain_time",
                        "items": object(json!({"date": {"type": "string"}, "time": {"type": "string"},
                            "reasons": {"type": "array", "items": {"type": "string"}}}), &["date", "time", "reasons"])}}),
                &["event_id", "timezone", "available_slots", "max_lookup_date"],
            )
        },
    },
    Spec {
        name: "explain_time",
        description: "Why a time is or is not offered, as GET /calendars/{id}/events/{event_id}/availability/explain.",
        reach: Reach::HostOnly,
        effect: Effect::Reads,
        input: |_| {
            object(
                json!({
                    "event_id": {"type": "integer"},
                    "time": {"type": "string", "description": "YYYY-MM-DD HH:mm, wall-clock time in timezone"},
                    "timezone": {"type": "string", "description": "IANA zone (default: the calendar's)"}}),
                &["event_id", "time"],
            )
        },
        output: || {
            object(
                json!({"offered": {"type": "boolean"}, "reasons": {"type": "array", "items": {"type": "string"}}}),
                &["offered", "reasons"],
            )
        },
    },
    Spec {
        name: "list_bookings",
        description: "Your bookings, as GET /schedules: period (upcoming, past, pending, cancelled, no_show, all), search, event_id, page, per_page.",
        reach: Reach::HostOnly,
        effect: Effect::Reads,
        input: |_| {
            object(
                json!({
                    "period": {"type": "string", "enum": ["upcoming", "past", "pending", "cancelled", "no_show", "all"]},
                    "search": {"type": "string"},
                    "event_id": {"type": "integer"},
                    "page": {"type": "integer", "minimum": 1},
                    "per_page": {"type": "integer", "minimum": 1, "maximum": 100}}),
                &[],
            )
        },
        output: || {
            object(
                json!({"bookings": object(json!({"data": {"type": "array", "items": {"type": "object"}},
                    "total": {"type": "integer"}, "current_page": {"type": "integer"}}), &["data", "total"])}),
                &["bookings"],
            )
        },
    },
    Spec {
        name: "get_booking",
        description: "One booking, as GET /schedules/{id}.",
        reach: Reach::HostOnly,
        effect: Effect::Reads,
        input: |_| object(json!({"booking_id": {"type": "integer"}}), &["booking_id"]),
        output: || object(json!({"booking": {"type": "object"}}), &["booking"]),
    },
];

const PREVIEW_BOOKING: Spec = Spec {
    name: "preview_booking",
    description: "Checks a booking as POST /bookings/create/{event_id} would make it, without writing or holding anything: what it would be, and a confirm_token for confirm_booking. Refused as the create would be.",
    reach: Reach::BothCreate,
    effect: Effect::Reads,
    input: |mode| booking_input(mode, false),
    output: preview_output,
};

const CONFIRM_BOOKING: Spec = Spec {
    name: "confirm_booking",
    description: "Books what preview_booking showed: the same arguments plus its confirm_token and an idempotency_key (8-255 characters; a retry with the same key answers the first result with replayed: true).",
    reach: Reach::BothCreate,
    effect: Effect::Adds,
    input: |mode| booking_input(mode, true),
    output: confirmed_output,
};

const PREVIEW_RESCHEDULE: Spec = Spec {
    name: "preview_reschedule",
    description: "Checks moving a booking to event_time (YYYY-MM-DD HH:mm:ss in timezone) as POST /bookings/{hash}/reschedule would, without writing: what it would be, and a confirm_token for confirm_reschedule.",
    reach: Reach::HostOnly,
    effect: Effect::Reads,
    input: |_| change_input("reschedule", false),
    output: preview_output,
};

const CONFIRM_RESCHEDULE: Spec = Spec {
    name: "confirm_reschedule",
    description: "Moves the booking as preview_reschedule showed: the same arguments plus its confirm_token and an idempotency_key.",
    reach: Reach::HostOnly,
    effect: Effect::Changes,
    input: |_| change_input("reschedule", true),
    output: confirmed_output,
};

const PREVIEW_CANCEL: Spec = Spec {
    name: "preview_cancel",
    description: "Checks cancelling a booking (with its reason) as PUT /schedules/{id} would, without writing: what it would be, and a confirm_token for confirm_cancel.",
    reach: Reach::HostOnly,
    effect: Effect::Reads,
    input: |_| change_input("cancel", false),
    output: preview_output,
};

const CONFIRM_CANCEL: Spec = Spec {
    name: "confirm_cancel",
    description: "Cancels the booking as preview_cancel showed: the same arguments plus its confirm_token and an idempotency_key.",
    reach: Reach::HostOnly,
    effect: Effect::Destroys,
    input: |_| change_input("cancel", true),
    output: confirmed_output,
};

const PREVIEW_STATUS: Spec = Spec {
    name: "preview_status",
    description: "Checks a status change (scheduled approves a pending booking; rejected, completed, no_show) as PUT /schedules/{id} would, without writing: what it would be, and a confirm_token for confirm_status.",
    reach: Reach::HostOnly,
    effect: Effect::Reads,
    input: |_| change_input("status", false),
    output: preview_output,
};

const CONFIRM_STATUS: Spec = Spec {
    name: "confirm_status",
    description: "Makes the status change preview_status showed: the same arguments plus its confirm_token and an idempotency_key.",
    reach: Reach::HostOnly,
    effect: Effect::Changes,
    input: |_| change_input("status", true),
    output: confirmed_output,
};

/// `{message, booking, replayed}`.
fn confirmed_output() -> Value {
    object(
        json!({"message": {"type": "string"}, "booking": {"type": "object"}, "replayed": {"type": "boolean"}}),
        &["message", "booking", "replayed"],
    )
}

/// The arguments of a cancel or a status change, with the confirm's two when `confirm`.
fn change_input(action: &str, confirm: bool) -> Value {
    let mut properties = json!({"booking_id": {"type": "integer"}});
    let mut required = vec!["booking_id"];
    if action == "cancel" {
        properties["reason"] =
            json!({"type": "string", "description": "Why it is cancelled (the attendee is told)"});
        required.push("reason");
    } else if action == "reschedule" {
        properties["event_time"] = json!({"type": "string", "description": "New start, YYYY-MM-DD HH:mm:ss, wall-clock time in timezone"});
        properties["timezone"] =
            json!({"type": "string", "description": "IANA zone of event_time"});
        properties["reason"] =
            json!({"type": "string", "description": "Why it moves (the attendee is told)"});
        required.extend(["event_time", "timezone"]);
    } else {
        properties["status"] = json!({"type": "string", "enum": CHANGE_STATUSES});
        properties["reason"] = json!({"type": "string", "description": "Why (required to reject)"});
        required.push("status");
    }
    if confirm {
        properties["confirm_token"] = json!({"type": "string"});
        properties["idempotency_key"] = json!({"type": "string", "minLength": 8, "maxLength": 255});
        required.extend(["confirm_token", "idempotency_key"]);
    }
    object(properties, &required)
}

/// The statuses `preview_status` may set.
const CHANGE_STATUSES: [&str; 4] = ["scheduled", "rejected", "completed", "no_show"];

/// The create's arguments (`event_id` and the body of `POST /bookings/create/{event_id}`), with
/// the confirm's two when `confirm`.
fn booking_input(mode: &Mode, confirm: bool) -> Value {
    let text = |description: &str| json!({"type": "string", "description": description});
    let mut properties = json!({
        "event_id": {"type": "integer"},
        "name": text("The attendee's full name"),
        "email": {"type": "string", "format": "email"},
        "timezone": text("IANA zone of event_time and of the attendee"),
        "event_time": text("Start, YYYY-MM-DD HH:mm:ss, wall-clock time in timezone"),
        "message": text("What the meeting is about"),
        "location_type": text("One of the event's location types, when it offers several"),
        "location_description": text("The attendee's address or phone number, when the location needs one"),
        "phone_number": {"type": "string"},
        "address": {"type": "string"},
        "guests": {"type": "array", "items": {"type": "string", "format": "email"}},
        "custom_fields": {"type": "object", "description": "Answers to the event's own fields, by field name (get_event's form_schema)"},
        "duration": {"type": "integer", "description": "Minutes, for events offering several lengths"},
        "recurring_count": {"type": "integer", "description": "Occurrences of a series, for events that repeat"},
        "privacy_consent": {"type": "boolean", "description": "The attendee accepted the site's privacy notice (needed while the site asks for consent; ask the attendee first)"},
    });
    if let Mode::Host(_) = mode {
        properties["status"] = json!({"type": "string", "enum": ["scheduled", "pending"]});
        properties["source"] = json!({"type": "string", "enum": ["web", "admin"]});
        properties["host_user_id"] = json!({"type": "integer"});
    }
    let mut required = vec!["event_id", "name", "email", "timezone", "event_time"];
    if confirm {
        properties["confirm_token"] = text("The token preview_booking answered");
        properties["idempotency_key"] = json!({"type": "string", "minLength": 8, "maxLength": 255});
        required.extend(["confirm_token", "idempotency_key"]);
    }
    object(properties, &required)
}

fn preview_output() -> Value {
    let state = json!({"type": "object", "properties": {
        "event_id": {"type": "integer"}, "status": {"type": "string"},
        "start_time": {"type": "string"}, "end_time": {"type": "string"}}});
    object(
        json!({
            "action": {"type": "string", "enum": ["create", "reschedule", "cancel", "status"]},
            "summary": {"type": "string"},
            "before": {"anyOf": [state.clone(), {"type": "null"}]},
            "after": state,
            "confirm_token": {"type": "string"},
            "expires_at": {"type": "string", "format": "date-time"}}),
        &[
            "action",
            "summary",
            "before",
            "after",
            "confirm_token",
            "expires_at",
        ],
    )
}

/// A JSON Schema object with these properties and required names.
fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required})
}

fn listed_in(spec: &Spec, mode: &Mode) -> bool {
    spec.reach != Reach::HostOnly || matches!(mode, Mode::Host(_))
}

/// Every tool, in the order they are listed.
fn all_specs() -> impl Iterator<Item = &'static Spec> {
    SPECS.iter().chain([
        &PREVIEW_BOOKING,
        &CONFIRM_BOOKING,
        &PREVIEW_RESCHEDULE,
        &CONFIRM_RESCHEDULE,
        &PREVIEW_CANCEL,
        &CONFIRM_CANCEL,
        &PREVIEW_STATUS,
        &CONFIRM_STATUS,
    ])
}

/// The tools `mode` may call, with their schemas and hints.
pub fn listed(mode: &Mode) -> Vec<Tool> {
    all_specs()
        .filter(|spec| listed_in(spec, mode))
        .map(|spec| {
            let hints = match spec.effect {
                Effect::Reads => ToolAnnotations::new().read_only(true),
                Effect::Adds => ToolAnnotations::new().read_only(false).destructive(false),
                Effect::Changes => ToolAnnotations::new().read_only(false).destructive(false),
                Effect::Destroys => ToolAnnotations::new().read_only(false).destructive(true),
            };
            Tool::new(
                spec.name,
                spec.description,
                schema_object((spec.input)(mode)),
            )
            .with_raw_output_schema(schema_object((spec.output)()))
            .with_annotations(hints)
        })
        .collect()
}

fn schema_object(schema: Value) -> Arc<JsonObject> {
    Arc::new(match schema {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    })
}

/// Runs a tool: its answer as structured content, or the REST envelope with `isError`. A tool
/// the mode does not list is a JSON-RPC error and does nothing.
pub async fn call(
    state: &AppState,
    confirm_seconds: i64,
    mode: &Mode,
    name: &str,
    arguments: JsonObject,
) -> Result<CallToolResult, ErrorData> {
    let Some(spec) = all_specs().find(|spec| spec.name == name && listed_in(spec, mode)) else {
        return Err(ErrorData::invalid_params(
            format!("Unknown tool: {name}"),
            None,
        ));
    };
    let limiter = match spec.reach {
        Reach::BothCreate => &state.public_creates,
        _ => &state.public_reads,
    };
    if let Mode::Visitor { ip } = mode
        && let Err(retry_after) = limiter.check(ip)
    {
        let mut envelope = ApiError::TooManyRequests { retry_after }.body();
        envelope["data"]["retry_after"] = json!(retry_after.as_secs().max(1));
        return Ok(CallToolResult::structured_error(envelope));
    }
    let answer = match (spec.name, mode) {
        ("preview_booking" | "confirm_booking", _) => {
            booking_tool(state, confirm_seconds, mode, spec.name, arguments).await
        }
        ("preview_reschedule" | "confirm_reschedule", Mode::Host(caller)) => {
            reschedule_tool(state, confirm_seconds, caller, spec.name, arguments).await
        }
        (
            "preview_cancel" | "confirm_cancel" | "preview_status" | "confirm_status",
            Mode::Host(caller),
        ) => change_tool(state, confirm_seconds, caller, spec.name, arguments).await,
        _ => run(state, mode, spec.name, &Args(arguments)).await,
    };
    Ok(match answer {
        Ok(value) => CallToolResult::structured(value),
        Err(error) => CallToolResult::structured_error(error.body()),
    })
}

type ToolAnswer = Result<Value, ApiError>;

/// The tool's answer, or the envelope of the REST route it mirrors.
async fn run(state: &AppState, mode: &Mode, name: &str, args: &Args) -> ToolAnswer {
    match (name, mode) {
        ("list_calendars", Mode::Host(caller)) => list_calendars(state, caller).await,
        ("list_event_types", Mode::Host(caller)) => {
            host_event_types(state, caller, args.opt_int("calendar_id")?).await
        }
        ("list_event_types", Mode::Visitor { .. }) => {
            let slug = args.text("calendar_slug")?;
            to_value(agents::visitor_event_types(&state.ctx, &slug).await)
                .map(|types| json!({"event_types": types}))
        }
        ("get_event", _) => {
            let event_id = args.int("event_id")?;
            to_value(agents::event_detail(&state.ctx, host_of(mode), event_id).await)
        }
        ("find_available_times", _) => find_available_times(state, mode, args).await,
        ("explain_time", Mode::Host(caller)) => explain_time(state, caller, args).await,
        ("list_bookings", Mode::Host(caller)) => list_bookings(state, caller, args).await,
        ("get_booking", Mode::Host(caller)) => {
            let id = args.int("booking_id")?;
            schedules::get_schedule(host(state, caller), ApiPath(id), QueryParams(Vec::new()))
                .await
                .and_then(json_of)
                .map(|answer| json!({"booking": answer["schedule"]}))
        }
        _ => Err(ApiError::NoRoute),
    }
}

/// A tool's arguments; a missing or mistyped one is 422 on its name, as REST refuses a body.
struct Args(JsonObject);

impl Args {
    fn int(&self, key: &str) -> Result<i64, ApiError> {
        self.opt_int(key)?
            .ok_or_else(|| field_error(key, "required", format!("The {key} is required.")))
    }

    fn opt_int(&self, key: &str) -> Result<Option<i64>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) if n.as_i64().is_some() => Ok(n.as_i64()),
            Some(Value::String(s)) if s.trim().parse::<i64>().is_ok() => Ok(s.trim().parse().ok()),
            Some(_) => Err(field_error(
                key,
                "integer",
                format!("The {key} must be a whole number."),
            )),
        }
    }

    fn opt_text(&self, key: &str) -> Result<Option<String>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.trim().to_string())),
            Some(_) => Err(field_error(
                key,
                "string",
                format!("The {key} must be a text."),
            )),
        }
    }

    fn text(&self, key: &str) -> Result<String, ApiError> {
        self.opt_text(key)?
            .ok_or_else(|| field_error(key, "required", format!("The {key} is required.")))
    }
}

fn field_error(field: &str, rule: &str, message: String) -> ApiError {
    app::service::ServiceError::field(field, rule, &message).into()
}

fn to_value<T: Serialize>(result: app::service::ServiceResult<T>) -> ToolAnswer {
    let value = result.map_err(ApiError::from)?;
    serde_json::to_value(value).map_err(|_| ApiError::Internal)
}

fn json_of<T: Serialize>(Json(answer): Json<T>) -> ToolAnswer {
    serde_json::to_value(answer).map_err(|_| ApiError::Internal)
}

fn host_of(mode: &Mode) -> Option<&app::service::Caller> {
    match mode {
        Mode::Host(caller) => Some(caller),
        Mode::Visitor { .. } => None,
    }
}

fn host(state: &AppState, caller: &app::service::Caller) -> Host {
    Host {
        ctx: state.ctx.clone(),
        caller: caller.clone(),
    }
}

fn query(pairs: &[(&str, String)]) -> QueryParams {
    QueryParams(
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect(),
    )
}

/// Every calendar the caller manages, through `GET /calendars`' pages.
async fn managed_calendars(
    state: &AppState,
    caller: &app::service::Caller,
) -> Result<Vec<app::model::calendar::Calendar>, ApiError> {
    let mut all = Vec::new();
    for page in 1.. {
        let Json(list) = calendars::list_calendars(
            host(state, caller),
            query(&[("page", page.to_string()), ("per_page", "100".into())]),
        )
        .await?;
        let last = list.calendars.last_page;
        all.extend(list.calendars.data);
        if page >= last {
            break;
        }
    }
    Ok(all)
}

async fn list_calendars(state: &AppState, caller: &app::service::Caller) -> ToolAnswer {
    let calendars: Vec<Value> = managed_calendars(state, caller)
        .await?
        .into_iter()
        .map(|c| {
            json!({"id": c.id, "title": c.title, "slug": c.slug, "type": c.calendar_type,
                   "author_timezone": c.author_timezone, "public_url": c.public_url})
        })
        .collect();
    Ok(json!({ "calendars": calendars }))
}

async fn host_event_types(
    state: &AppState,
    caller: &app::service::Caller,
    calendar_id: Option<i64>,
) -> ToolAnswer {
    let types: Vec<Value> = managed_calendars(state, caller)
        .await?
        .into_iter()
        .filter(|c| calendar_id.is_none_or(|id| id == c.id))
        .flat_map(|c| c.slots)
        .map(|e| {
            json!({"id": e.id, "calendar_id": e.calendar_id, "title": e.title, "slug": e.slug,
                   "duration": e.duration, "event_type": e.event_type, "status": e.status,
                   "agents_may_book": e.settings.agents_may_book, "public_url": e.public_url})
        })
        .collect();
    Ok(json!({ "event_types": types }))
}

/// The longest `end_date` may be after `start_date`.
const MAX_RANGE_DAYS: i64 = 62;

async fn find_available_times(state: &AppState, mode: &Mode, args: &Args) -> ToolAnswer {
    let event_id = args.int("event_id")?;
    match mode {
        Mode::Visitor { .. } => agents::visitor_event(&state.ctx, event_id).await?,
        Mode::Host(caller) => agents::managed_event(&state.ctx, caller, event_id).await?,
    };
    let zone_name = args.opt_text("timezone")?.unwrap_or_else(|| "UTC".into());
    let zone = app::domain::zone::parse_zone(&zone_name).ok_or_else(|| {
        field_error(
            "timezone",
            "timezone",
            "The timezone must be a valid IANA time zone.".into(),
        )
    })?;
    let date = |key: &str| -> Result<Option<NaiveDate>, ApiError> {
        args.opt_text(key)?
            .map(|t| {
                NaiveDate::parse_from_str(&t, "%Y-%m-%d")
                    .map_err(|_| field_error(key, "date", format!("The {key} must be YYYY-MM-DD.")))
            })
            .transpose()
    };
    let start =
        date("start_date")?.unwrap_or_else(|| chrono::Utc::now().with_timezone(&zone).date_naive());
    let end = date("end_date")?;
    if let Some(end) = end
        && (end < start || (end - start).num_days() > MAX_RANGE_DAYS)
    {
        return Err(field_error(
            "end_date",
            "between",
            format!("The end_date must be from start_date to {MAX_RANGE_DAYS} days after it."),
        ));
    }
    let duration = args.opt_int("duration")?;
    let mut from = start;
    let mut slots: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let max_lookup_date = loop {
        let mut pairs = vec![
            ("start_date", format!("{from} 00:00:00")),
            ("timezone", zone_name.clone()),
        ];
        if let Some(minutes) = duration {
            pairs.push(("duration", minutes.to_string()));
        }
        let Json(list) = crate::api::bookings::get_slots(
            State(state.clone()),
            PublicRead,
            ApiPath(event_id),
            query(&pairs),
        )
        .await?;
        slots.extend(list.available_slots);
        // Each answer runs to the end of its month; further months until end_date.
        let next_month = first_of_next_month(from);
        match end {
            Some(end) if next_month <= end => from = next_month,
            _ => break list.max_lookup_date,
        }
    };
    if let Some(end) = end {
        let last = end.format("%Y-%m-%d").to_string();
        slots.retain(|day, _| *day <= last);
    }
    let mut answer = json!({
        "event_id": event_id,
        "timezone": zone.name(),
        "available_slots": slots,
        "max_lookup_date": max_lookup_date,
    });
    if let Mode::Host(_) = mode {
        // Through the last day the answer covers: end_date, else the end of start's month.
        let last = end.unwrap_or_else(|| first_of_next_month(start) - chrono::Duration::days(1));
        let refused = not_offered(state, event_id, zone, (start, last), duration).await?;
        answer["not_offered"] = json!(refused);
    }
    Ok(answer)
}

/// The grid's starts from `first` to `last` (whole local days in `zone`) that are not
/// offered, as `{date, time, reasons}` in `zone`.
async fn not_offered(
    state: &AppState,
    event_id: i64,
    zone: chrono_tz::Tz,
    (first, last): (NaiveDate, NaiveDate),
    duration: Option<i64>,
) -> Result<Vec<Value>, ApiError> {
    use app::domain::slots::local::LocalDay;
    let from = LocalDay::new(zone, first).start();
    let to = LocalDay::new(zone, last).end();
    let now = chrono::Utc::now().timestamp();
    let refused =
        app::service::slots::not_offered(&state.ctx.store, event_id, (from, to), duration, now)
            .await?;
    Ok(refused
        .into_iter()
        .map(|(start, reasons)| {
            let local = chrono::DateTime::from_timestamp(start, 0)
                .unwrap_or_default()
                .with_timezone(&zone);
            json!({"date": local.format("%Y-%m-%d").to_string(),
                   "time": local.format("%H:%M").to_string(), "reasons": reasons})
        })
        .collect())
}

fn first_of_next_month(day: NaiveDate) -> NaiveDate {
    let (year, month) = if day.month() == 12 {
        (day.year() + 1, 1)
    } else {
        (day.year(), day.month() + 1)
    };
    NaiveDate::from_ymd_opt(year, month, 1).unwrap_or(day)
}

async fn explain_time(state: &AppState, caller: &app::service::Caller, args: &Args) -> ToolAnswer {
    let event_id = args.int("event_id")?;
    let time = args.text("time")?;
    let calendar_id = {
        let store_error = |e| ApiError::from(app::service::ServiceError::from(e));
        let mut conn = state.ctx.store.conn().await.map_err(store_error)?;
        app::store::events::find(conn.ex(), event_id)
            .await
            .map_err(store_error)?
            .ok_or(ApiError::NotFound)?
            .calendar_id
    };
    let mut pairs = vec![("time", time)];
    if let Some(zone) = args.opt_text("timezone")? {
        pairs.push(("timezone", zone));
    }
    events::explain_availability(
        host(state, caller),
        ApiPath((calendar_id, event_id)),
        query(&pairs),
    )
    .await
    .and_then(json_of)
}

async fn list_bookings(state: &AppState, caller: &app::service::Caller, args: &Args) -> ToolAnswer {
    let mut pairs = vec![(
        "filters[period]",
        args.opt_text("period")?
            .unwrap_or_else(|| "upcoming".into()),
    )];
    if let Some(search) = args.opt_text("search")? {
        pairs.push(("search", search));
    }
    for (arg, param) in [
        ("event_id", "filters[event]"),
        ("page", "page"),
        ("per_page", "per_page"),
    ] {
        if let Some(n) = args.opt_int(arg)? {
            pairs.push((param, n.to_string()));
        }
    }
    let Json(list) = schedules::list_schedules(host(state, caller), query(&pairs)).await?;
    Ok(json!({ "bookings": list.schedules }))
}

/// `preview_booking` and `confirm_booking`: the arguments are the create's body (read by the
/// REST route's reader), bound to the token by their digest.
async fn booking_tool(
    state: &AppState,
    confirm_seconds: i64,
    mode: &Mode,
    name: &str,
    arguments: JsonObject,
) -> ToolAnswer {
    let call = PairCall::new(arguments);
    let hash = call.hash.clone();
    let event_id = call.args.int("event_id")?;
    let mut body = call.args.0.clone();
    body.remove("event_id");
    let booking = app::input::bookings::new_booking(&Value::Object(body))?;
    let (user, ip) = match mode {
        Mode::Host(caller) => (
            Some(caller.as_ref()),
            caller.origin.ip.clone().unwrap_or_default(),
        ),
        Mode::Visitor { ip } => (None, ip.clone()),
    };
    let who = agents::ToolCaller {
        user,
        ip: &ip,
        unverified: app::service::bookings::proof_of_work::Unverified::Counted {
            limiter: &state.unverified_posts,
            key: &ip,
        },
    };
    if name == "preview_booking" {
        return to_value(
            agents::preview_booking(&state.ctx, who, event_id, booking, &hash, confirm_seconds)
                .await,
        );
    }
    let (token, key) = call.confirm_parts()?;
    let confirm = agents::Confirm {
        token: &token,
        idempotency_key: &key,
        arguments_hash: &hash,
    };
    to_value(agents::confirm_booking(&state.ctx, who, event_id, booking, confirm).await)
}

/// The digest of the arguments as JSON with sorted keys, an absent argument and a null one
/// the same.
fn arguments_hash(arguments: &JsonObject) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let ordered: BTreeMap<&String, Value> =
                    map.iter().map(|(k, v)| (k, sorted(v))).collect();
                serde_json::to_value(ordered).unwrap_or(Value::Null)
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    let present: BTreeMap<&String, Value> = arguments
        .iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| (k, sorted(v)))
        .collect();
    let text = serde_json::to_string(&present).unwrap_or_default();
    app::service::auth::digest(&text)
}

/// The four tools of a host's cancel and status change: the typed command of
/// `PUT /schedules/{id}`, previewed or confirmed.
async fn change_tool(
    state: &AppState,
    confirm_seconds: i64,
    caller: &app::service::Caller,
    name: &str,
    arguments: JsonObject,
) -> ToolAnswer {
    use app::domain::values::BookingStatus;
    use app::service::bookings::update::{BookingChange, UpdateBooking};
    let call = PairCall::new(arguments);
    let args = &call.args;
    let booking_id = args.int("booking_id")?;
    let reason = args.opt_text("reason")?.unwrap_or_default();
    let to = if name.ends_with("_cancel") {
        BookingStatus::Cancelled
    } else {
        let status = args.text("status")?;
        CHANGE_STATUSES
            .contains(&status.as_str())
            .then(|| BookingStatus::parse(&status))
            .flatten()
            .ok_or_else(|| {
                field_error(
                    "status",
                    "in",
                    "The status must be scheduled, rejected, completed or no_show.".into(),
                )
            })?
    };
    if matches!(to, BookingStatus::Cancelled | BookingStatus::Rejected) && reason.is_empty() {
        return Err(field_error(
            "reason",
            "required",
            "The reason is required.".into(),
        ));
    }
    let command = UpdateBooking {
        change: BookingChange::Status {
            to,
            reason,
            refund: false,
        },
        update_all: false,
        scope: Default::default(),
    };
    if name.starts_with("preview_") {
        let ctx = &state.ctx;
        return to_value(
            agents::preview_change(
                ctx,
                caller,
                booking_id,
                &command,
                &call.hash,
                confirm_seconds,
            )
            .await,
        );
    }
    let (token, key) = call.confirm_parts()?;
    let confirm = agents::Confirm {
        token: &token,
        idempotency_key: &key,
        arguments_hash: &call.hash,
    };
    to_value(agents::confirm_change(&state.ctx, caller, booking_id, &command, confirm).await)
}

/// A preview or confirm call split up: the arguments without the confirm's two (and their
/// digest, which binds the token to them), and a confirm's token and key.
struct PairCall {
    args: Args,
    hash: String,
    token: Option<Value>,
    key: Option<Value>,
}

impl PairCall {
    fn new(mut arguments: JsonObject) -> PairCall {
        let token = arguments.remove("confirm_token");
        let key = arguments.remove("idempotency_key");
        PairCall {
            hash: arguments_hash(&arguments),
            args: Args(arguments),
            token,
            key,
        }
    }

    /// A confirm's token and key, both required.
    fn confirm_parts(&self) -> Result<(String, String), ApiError> {
        Ok((
            required_text(self.token.clone(), "confirm_token")?,
            required_text(self.key.clone(), "idempotency_key")?,
        ))
    }
}

/// A required text argument taken out of the arguments (the confirm's own two).
fn required_text(value: Option<Value>, field: &str) -> Result<String, ApiError> {
    match value {
        Some(Value::String(text)) if !text.trim().is_empty() => Ok(text.trim().to_string()),
        _ => Err(field_error(
            field,
            "required",
            format!("The {field} is required."),
        )),
    }
}

/// `preview_reschedule`, `confirm_reschedule`: the arguments are read as the REST route reads
/// `{event_time, timezone, rescheduling_reason}`.
async fn reschedule_tool(
    state: &AppState,
    confirm_seconds: i64,
    caller: &app::service::Caller,
    name: &str,
    arguments: JsonObject,
) -> ToolAnswer {
    let call = PairCall::new(arguments);
    let booking_id = call.args.int("booking_id")?;
    let given = |key: &str| call.args.0.get(key).cloned().unwrap_or(Value::Null);
    let reason = call.args.0.get("reason").cloned().unwrap_or(json!(""));
    let body = json!({
        "event_time": given("event_time"),
        "timezone": given("timezone"),
        "rescheduling_reason": reason,
    });
    let command = app::input::bookings::reschedule(&body)?;
    let ctx = &state.ctx;
    if name == "preview_reschedule" {
        return to_value(
            agents::preview_reschedule(
                ctx,
                caller,
                booking_id,
                &command,
                &call.hash,
                confirm_seconds,
            )
            .await,
        );
    }
    let (token, key) = call.confirm_parts()?;
    let confirm = agents::Confirm {
        token: &token,
        idempotency_key: &key,
        arguments_hash: &call.hash,
    };
    to_value(agents::confirm_reschedule(ctx, caller, booking_id, &command, confirm).await)
}
