//! The waitlist as the REST API and the pages show it (DESIGN 2.12).

use serde::{Deserialize, Serialize};

/// One visitor waiting for (or offered, or done with) one time of an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct WaitlistEntry {
    pub id: i64,
    /// The leave token: in the join's answer only (the entry keeps its digest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    pub event_id: i64,
    /// UTC, `YYYY-MM-DD HH:mm:ss`.
    pub start_time: String,
    pub end_time: String,
    pub name: String,
    pub email: String,
    pub person_time_zone: String,
    /// `waiting`, `offered`, `booked`, `expired`, `left` or `removed`.
    pub status: String,
    /// 1-based among the time's waiting entries by join order; `null` unless waiting.
    pub position: Option<i64>,
    /// RFC 3339, while or since offered.
    pub offer_expires_at: Option<String>,
    pub booking_id: Option<i64>,
    pub created_at: String,
}

/// `POST /waitlist/join/{event_id}`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "You have joined the waitlist", "entry": {"id": 7, "hash": "pQ3v9TtH1Qd0WmC8xJf2LwZk4bR7nS1c", "event_id": 12, "start_time": "2026-12-03 14:00:00", "end_time": "2026-12-03 14:30:00", "name": "Ann Lee", "email": "ann@example.org", "person_time_zone": "Europe/Berlin", "status": "waiting", "position": 1, "offer_expires_at": null, "booking_id": null, "created_at": "2026-11-27T15:00:00+00:00"}})))]
pub struct WaitlistJoined {
    pub message: String,
    pub entry: WaitlistEntry,
}

/// `{entries}`: an event's waitlist for its host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"entries": [{"id": 7, "event_id": 12, "start_time": "2026-12-03 14:00:00", "end_time": "2026-12-03 14:30:00", "name": "Ann Lee", "email": "ann@example.org", "person_time_zone": "Europe/Berlin", "status": "offered", "position": null, "offer_expires_at": "2026-11-28T10:30:00+00:00", "booking_id": null, "created_at": "2026-11-27T15:00:00+00:00"}, {"id": 9, "event_id": 12, "start_time": "2026-12-03 14:00:00", "end_time": "2026-12-03 14:30:00", "name": "Bo Chen", "email": "bo@example.org", "person_time_zone": "UTC", "status": "waiting", "position": 1, "offer_expires_at": null, "booking_id": null, "created_at": "2026-11-27T15:05:00+00:00"}]})))]
pub struct WaitlistEntries {
    pub entries: Vec<WaitlistEntry>,
}

/// An offer as its claim link shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct WaitlistOffer {
    pub event_id: i64,
    pub event_title: String,
    /// UTC, `YYYY-MM-DD HH:mm:ss`.
    pub start_time: String,
    pub end_time: String,
    /// The entry's status: `offered` while it can be claimed.
    pub status: String,
    /// RFC 3339.
    pub expires_at: String,
}

/// `{offer}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"offer": {"event_id": 12, "event_title": "Consultation", "start_time": "2026-12-03 14:00:00", "end_time": "2026-12-03 14:30:00", "status": "offered", "expires_at": "2026-11-28T10:30:00+00:00"}})))]
pub struct WaitlistOfferAnswer {
    pub offer: WaitlistOffer,
}

/// `POST /waitlist/join/{event_id}`'s body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"name": "Ann Lee", "email": "ann@example.org", "timezone": "Europe/Berlin", "event_time": "2026-12-03 15:00"})))]
pub struct WaitlistJoinRequest {
    pub name: String,
    pub email: String,
    pub timezone: String,
    /// Wall-clock start in `timezone`, `YYYY-MM-DD HH:mm[:ss]`.
    pub event_time: String,
    /// The language its emails speak (DESIGN 2.9): a code; default the request's
    /// `Accept-Language`, else the calendar's `language`.
    pub language: Option<String>,
}

/// `POST /waitlist/offers/{token}/claim`'s body (all optional).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"phone_number": "+49301234567", "message": "Looking forward to it"})))]
pub struct WaitlistClaimRequest {
    pub phone_number: Option<String>,
    pub message: Option<String>,
    pub custom_fields: Option<serde_json::Value>,
}
