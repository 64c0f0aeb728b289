//! External calendar connections as the REST interface and the settings page show them
//! (DESIGN 2.7). Never carries a password or a feed's secret address.

use serde::{Deserialize, Serialize};

/// A CalDAV account or an ICS feed of one user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct Connection {
    pub id: i64,
    /// `caldav` or `ics`.
    pub kind: String,
    pub title: String,
    /// Without userinfo and query.
    pub url: String,
    pub username: String,
    /// `ok` or `error`.
    pub status: String,
    pub last_error: String,
    /// RFC 3339, or null before the first successful sync.
    pub last_synced_at: Option<String>,
    pub calendars: Vec<ExternalCalendar>,
}

/// One calendar of a connection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ExternalCalendar {
    pub id: i64,
    pub name: String,
    /// Its busy times block the user's slots.
    pub check_conflicts: bool,
    /// New bookings are written into it (at most one per user).
    pub is_destination: bool,
    pub read_only: bool,
}

/// The connection kinds.
pub const KINDS: [&str; 2] = ["caldav", "ics"];

/// `GET /calendar-connections`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ConnectionList {
    pub connections: Vec<Connection>,
}

/// `GET /calendar-connections/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ConnectionAnswer {
    pub connection: Connection,
}

/// A change to a connection: what was done, and the connection as it is now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ConnectionChanged {
    #[cfg_attr(feature = "ssr", schema(example = "Calendar has been connected"))]
    pub message: String,
    pub connection: Connection,
}

/// `DELETE /calendar-connections/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ConnectionDeleted {
    #[cfg_attr(
        feature = "ssr",
        schema(example = "Calendar connection has been deleted")
    )]
    pub message: String,
}

/// One busy interval the slot engine subtracts (UTC `YYYY-MM-DD HH:mm:ss`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BusyTime {
    pub calendar_id: i64,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01 09:00:00"))]
    pub start_time: String,
    #[cfg_attr(feature = "ssr", schema(example = "2026-12-01 10:00:00"))]
    pub end_time: String,
}

/// `GET /calendar-connections/{id}/busy`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct BusyList {
    pub busy: Vec<BusyTime>,
}

/// `POST /calendar-connections`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"kind": "caldav", "url": "https://caldav.fastmail.com", "username": "maya@fastmail.com", "password": "an app password", "title": "Work calendar"})))]
pub struct ConnectBody {
    /// `caldav` or `ics`.
    #[cfg_attr(feature = "ssr", schema(example = "caldav"))]
    pub kind: Option<String>,
    #[cfg_attr(feature = "ssr", schema(example = "https://caldav.fastmail.com"))]
    pub url: Option<String>,
    pub username: Option<String>,
    /// Stored sealed; never answered.
    pub password: Option<String>,
    pub title: Option<String>,
}
