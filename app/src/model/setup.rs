//! What the dashboard's setup pages show (calendars and their events), computed by
//! `service::setup_pages`.

use serde::{Deserialize, Serialize};

/// `/admin/calendars`: the calendars the user may manage, and the "New calendar" form's default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarsPage {
    pub calendars: Vec<CalendarCard>,
    /// The zone the "New calendar" form proposes (the user's calendar's, else UTC).
    pub zone: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarCard {
    pub id: i64,
    pub title: String,
    /// The landing page's full address.
    pub url: String,
    /// `simple` (the user's own) or `team`.
    pub kind: String,
    pub events: usize,
}

/// `/admin/calendars/{id}`: the calendar, its links and its events.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarPage {
    pub id: i64,
    pub title: String,
    pub slug: String,
    /// "Europe/Berlin, UTC+01:00".
    pub zone: String,
    /// The description as stored (sanitized HTML), shown as HTML.
    pub description_html: String,
    pub landing_url: String,
    pub events: Vec<EventCard>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventCard {
    pub id: i64,
    pub title: String,
    pub duration: i64,
    /// `active` or `draft`.
    pub status: String,
    /// The booking page's full address.
    pub url: String,
    /// The `<script>` tag that embeds the booking page (`/embed.js`).
    pub embed: String,
}

/// The title a calendar's first event gets (the REST route makes a calendar with its first
/// event; the form asks for the calendar only).
pub const FIRST_EVENT_TITLE: &str = "30 Minute Meeting";
