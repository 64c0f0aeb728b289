//! What the host dashboard's pages show, computed by `pages::dashboard` (typed, so the pages
//! never parse JSON).

use serde::{Deserialize, Serialize};

/// One booking as a line of a dashboard list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingLine {
    pub id: i64,
    /// The booking's detail page.
    pub href: String,
    pub attendee: String,
    pub event: String,
    /// "Tuesday 24 November 2026, 9:00am – 9:30am" in the host's zone.
    pub when: String,
    /// `scheduled`, `pending`, ...
    pub status: String,
    /// "Series 2 of 4" for an occurrence of a series.
    pub series: Option<String>,
}

/// A calendar with the link to share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalendarLink {
    pub title: String,
    /// The landing page's full address.
    pub url: String,
}

/// `/admin`: today, what comes next, what waits for the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overview {
    /// "Europe/Berlin, UTC+01:00": the zone the times are in.
    pub zone_label: String,
    pub today: Vec<BookingLine>,
    pub next: Vec<BookingLine>,
    pub pending: i64,
    pub calendars: Vec<CalendarLink>,
}

/// The query of `/admin/bookings` (and of `/admin/bookings.csv`), as received.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookingsQuery {
    /// `upcoming` (default), `pending`, `past`, `cancelled`, `no_show`, `all`.
    pub period: Option<String>,
    pub calendar: Option<String>,
    pub event: Option<String>,
    pub search: Option<String>,
    /// `YYYY-MM-DD`, both inclusive, in the host's zone.
    pub from: Option<String>,
    pub to: Option<String>,
    pub page: Option<String>,
}

impl BookingsQuery {
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> BookingsQuery {
        let mut q = BookingsQuery::default();
        for (key, value) in pairs {
            let slot = match key {
                "period" => &mut q.period,
                "calendar" => &mut q.calendar,
                "event" => &mut q.event,
                "search" => &mut q.search,
                "from" => &mut q.from,
                "to" => &mut q.to,
                "page" => &mut q.page,
                _ => continue,
            };
            if !value.is_empty() {
                *slot = Some(value.to_string());
            }
        }
        q
    }
}

/// A choice of a filter `<select>`: (value, label).
pub type FilterOption = (String, String);

/// `/admin/bookings`: one page of the filtered list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingsPage {
    pub zone_label: String,
    /// The tabs: (period, label, href, current).
    pub tabs: Vec<(String, String, String, bool)>,
    pub pending: i64,
    pub rows: Vec<BookingRowView>,
    pub total: i64,
    pub page: i64,
    pub last_page: i64,
    pub previous: Option<String>,
    pub next: Option<String>,
    pub csv_href: String,
    /// This very page (filters, tab and page number): where the bulk form posts.
    pub self_href: String,
    /// The filter form's current values and choices.
    pub period: String,
    pub calendar: String,
    pub event: String,
    pub search: String,
    pub from: String,
    pub to: String,
    pub calendars: Vec<FilterOption>,
    pub events: Vec<FilterOption>,
    /// Why a filter value was not used.
    pub notices: Vec<String>,
}

/// One row of the bookings list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BookingRowView {
    pub line: BookingLine,
    pub email: String,
    pub payment: String,
}

/// `/admin/reports`: the numbers of `GET /reports` for a range of days, their change against
/// the days just before, the bookings-over-time chart and the latest activity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportsPage {
    /// The range shown, `YYYY-MM-DD`, both inclusive (UTC days, as `GET /reports`).
    pub from: String,
    pub to: String,
    /// "1 November 2026 – 30 November 2026".
    pub range_label: String,
    /// The quick ranges: (label, href, current).
    pub presets: Vec<(String, String, bool)>,
    pub widgets: Vec<ReportWidget>,
    pub chart: ReportChart,
    pub activities: Vec<crate::model::desk::ActivityLine>,
    /// Why a query value was not used.
    pub notices: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportWidget {
    pub title: String,
    pub number: i64,
    /// Percentage change against the previous period of the same length.
    pub stat: f64,
    /// The bookings list this number stands for, if any.
    pub href: Option<String>,
}

/// The chart's data: one label per point, and per series its name and values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportChart {
    pub labels: Vec<String>,
    pub series: Vec<(String, Vec<i64>)>,
}
