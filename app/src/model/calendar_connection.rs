//! External calendar connections as the REST interface and the settings page show them
//! (DESIGN 2.7). Never carries a password or a feed's secret address.

use serde::{Deserialize, Serialize};

/// A CalDAV account or an ICS feed of one user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
