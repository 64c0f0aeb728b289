//! What the MCP server's own tools answer (DESIGN 2.12); the tools that mirror a REST route
//! answer that route's models.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `list_event_types`: one bookable event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentEventType {
    pub id: i64,
    pub calendar_id: i64,
    pub title: String,
    pub slug: String,
    pub duration: i64,
    pub event_type: String,
    pub status: String,
    pub agents_may_book: bool,
    pub public_url: String,
}

/// `get_event`: the event and the JSON Schema of what booking it takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentEventAnswer {
    pub event: AgentEvent,
    pub form_schema: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentEvent {
    pub id: i64,
    pub calendar_id: i64,
    pub title: String,
    pub description: String,
    pub duration: i64,
    pub event_type: String,
    pub max_book_per_slot: i64,
    /// The zone its availability is kept in (its calendar's).
    pub timezone: String,
    pub requires_confirmation: bool,
}

/// A preview tool's answer: what the confirm would write, and the token that confirms it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Preview {
    /// `create`, `reschedule`, `cancel` or `status`.
    pub action: String,
    pub summary: String,
    /// `{status, start_time, end_time}` before the change; null for a create.
    pub before: Value,
    /// `{event_id, status, start_time, end_time}` after it.
    pub after: Value,
    pub confirm_token: String,
    /// RFC 3339.
    pub expires_at: String,
}

/// A confirm tool's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Confirmed {
    pub message: String,
    pub booking: crate::model::booking::Booking,
    /// True when this answers an earlier confirm with the same idempotency key again.
    pub replayed: bool,
}
