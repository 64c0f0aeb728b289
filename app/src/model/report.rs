//! Reports: the dashboard's numbers and the bookings-over-time chart.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::booking::Booking;

/// `GET /reports`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ReportsOverview {
    pub overview: Vec<ReportWidget>,
    /// The five bookings made last.
    pub latest_books: Vec<Booking>,
    /// The next five meetings.
    pub next_meetings: Vec<UpcomingMeeting>,
}

/// One number with its change against the previous period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct ReportWidget {
    #[cfg_attr(feature = "ssr", schema(example = "Total Bookings"))]
    pub title: String,
    pub number: i64,
    /// The change in words.
    pub content: String,
    pub icon: String,
    /// Percentage change, rounded to 2 places.
    pub stat: f64,
    /// The bookings tab it stands for (`all`, `completed`, `cancelled`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
}

/// A coming booking with its event; group bookings count their attendees.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct UpcomingMeeting {
    #[serde(flatten)]
    pub booking: Booking,
    /// `{id, title}` of the event, `{}` when it is gone.
    pub slot: MeetingEvent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub booked_count: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct MeetingEvent {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// `GET /reports/graph-reports`: counts by day (`YYYY-MM-DD`) or month (`Mon YYYY`), in date
/// order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct GraphReport {
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, i64>))]
    pub booked_stats: Map<String, Value>,
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, i64>))]
    pub completed_stats: Map<String, Value>,
    #[cfg_attr(feature = "ssr", schema(value_type = HashMap<String, i64>))]
    pub cancelled_stats: Map<String, Value>,
}
