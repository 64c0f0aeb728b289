//! Published calendar feeds as the REST API and the dashboard show them (DESIGN 2.12).

use serde::{Deserialize, Serialize};

/// A feed: its secret address (also as `webcal://`) and when a calendar last read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct CalendarFeed {
    pub id: i64,
    /// `bookings` or `free_busy`.
    pub kind: String,
    pub url: String,
    pub webcal_url: String,
    pub created_at: String,
    pub last_fetched_at: Option<String>,
}

/// `{feeds}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"feeds": [{"id": 1, "kind": "bookings", "url": "https://book.example.com/feeds/Yq3v9TtH1Qd0WmC8xJf2Lw.ics", "webcal_url": "webcal://book.example.com/feeds/Yq3v9TtH1Qd0WmC8xJf2Lw.ics", "created_at": "2026-11-02T09:00:00+00:00", "last_fetched_at": null}]})))]
pub struct CalendarFeedList {
    pub feeds: Vec<CalendarFeed>,
}

/// `{message, feed}` of a created or regenerated feed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"message": "Calendar feed has been created", "feed": {"id": 1, "kind": "free_busy", "url": "https://book.example.com/feeds/Yq3v9TtH1Qd0WmC8xJf2Lw.ics", "webcal_url": "webcal://book.example.com/feeds/Yq3v9TtH1Qd0WmC8xJf2Lw.ics", "created_at": "2026-11-02T09:00:00+00:00", "last_fetched_at": null}})))]
pub struct CalendarFeedChanged {
    pub message: String,
    pub feed: CalendarFeed,
}

/// `POST /feeds`'s body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ssr", schema(example = json!({"kind": "bookings"})))]
pub struct NewCalendarFeedRequest {
    /// `bookings` or `free_busy`.
    pub kind: String,
}
