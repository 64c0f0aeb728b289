//! Dashboard reports: overview widgets with a comparison to the previous period, charts per
//! day (or per month past ~92 days), the latest activities. Scoped to the caller's own bookings
//! unless it has `manage_all_data`.

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate};
use serde_json::{Map, Value, json};

use crate::domain::access::Capability;
use crate::model::listing::ActivityList;
use crate::model::report::{
    GraphReport, MeetingEvent, ReportWidget, ReportsOverview, UpcomingMeeting,
};
use crate::service::bookings::host_actions::{activity, view};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::booking_list;
use crate::store::reports::{self, Measure};

const ICON: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"><rect x=\"3\" y=\"4\" width=\"18\" height=\"17\" rx=\"2\"/><path d=\"M16 2v4M8 2v4M3 10h18\"/></svg>";
const ALL_TIME: (i64, i64) = (i64::MIN / 2, i64::MAX / 2);

pub(crate) fn scope(caller: &Caller) -> i64 {
    if caller.can(Capability::ManageAllData) {
        0
    } else {
        caller.id()
    }
}

/// Percentage change from `previous` to `current`, rounded to 2 places. With nothing before,
/// any growth counts as 100 and none as 0 (the reference's 100 for 0 -> 0 is a defect).
pub fn change(current: i64, previous: i64) -> f64 {
    if previous == 0 {
        return if current > 0 { 100.0 } else { 0.0 };
    }
    ((current - previous) as f64 / previous as f64 * 10_000.0).round() / 100.0
}

fn comparison_text(stat: f64) -> &'static str {
    if stat > 0.0 {
        "More than last month"
    } else if stat < 0.0 {
        "Less than last month"
    } else {
        "Same as last month"
    }
}

/// One number of the reports: what `numbers` counts, and its change over `current` against
/// the period of the same length just before.
pub struct WidgetNumber {
    pub title: &'static str,
    /// The bookings tab it stands for (`all`, `completed`, `cancelled`).
    pub period: Option<&'static str>,
    pub number: i64,
    /// Percentage change, rounded to 2 places (see [`change`]).
    pub stat: f64,
}

/// The four report numbers (`GET /reports`' widgets and the reports page's).
pub async fn widget_numbers(
    mut ex: crate::store::Ex<'_>,
    caller: &Caller,
    numbers: (i64, i64),
    current: (i64, i64),
) -> ServiceResult<Vec<WidgetNumber>> {
    let who = scope(caller);
    let length = (current.1 - current.0).max(0);
    let previous = (current.0 - length, current.0);
    let mut widgets = Vec::new();
    for (title, period, measure) in [
        ("Total Bookings", Some("all"), Measure::Created),
        ("Completed Bookings", Some("completed"), Measure::Completed),
        ("Cancelled Bookings", Some("cancelled"), Measure::Cancelled),
        ("Total Guests", None, Measure::Guests),
    ] {
        let mut counts = [0; 3];
        for (slot, (from, to)) in counts.iter_mut().zip([numbers, current, previous]) {
            *slot = reports::count(crate::store::reborrow(&mut ex), who, measure, from, to).await?;
        }
        let [number, now_count, before] = counts;
        widgets.push(WidgetNumber {
            title,
            period,
            number,
            stat: change(now_count, before),
        });
    }
    Ok(widgets)
}

/// `GET /reports`: `range` = both ends given; otherwise all-time numbers compared over the last 30 days.
pub async fn overview(
    ctx: &Ctx,
    caller: &Caller,
    range: Option<(i64, i64)>,
    now: i64,
) -> ServiceResult<ReportsOverview> {
    let who = scope(caller);
    let (numbers, current) = match range {
        Some(r) => (r, r),
        None => (ALL_TIME, (now - 30 * 86_400, now + 1)),
    };
    let mut conn = ctx.store.conn().await?;
    let mut widgets = Vec::new();
    for w in widget_numbers(conn.ex(), caller, numbers, current).await? {
        widgets.push(ReportWidget {
            title: w.title.into(),
            number: w.number,
            content: comparison_text(w.stat).into(),
            icon: ICON.into(),
            stat: w.stat,
            period: w.period.map(str::to_string),
        });
    }
    let mut latest = Vec::new();
    for id in reports::latest(conn.ex(), who, 5).await? {
        if let Some(row) = booking_list::find(conn.ex(), id).await? {
            latest.push(view(ctx, &row, &[]));
        }
    }
    let mut next = Vec::new();
    for (id, count) in reports::next_meetings(conn.ex(), who, now, 5).await? {
        let Some(row) = booking_list::find(conn.ex(), id).await? else {
            continue;
        };
        let mut booking = view(ctx, &row, &[]);
        let slot = match &row.event_title {
            Some(title) => MeetingEvent {
                id: Some(row.booking.event_id),
                title: Some(title.clone()),
            },
            None => {
                booking.author.name = "unknown".into();
                MeetingEvent {
                    id: None,
                    title: None,
                }
            }
        };
        next.push(UpcomingMeeting {
            booking,
            slot,
            booked_count: (row.booking.kind().is_group()).then_some(count),
        });
    }
    Ok(ReportsOverview {
        overview: widgets,
        latest_books: latest,
        next_meetings: next,
    })
}

/// `GET /reports/graph-reports`: counts per day over `[from, to]` (inclusive dates, UTC), or
/// per month (`Mon YYYY`) when the range is longer than 92 days.
pub async fn graph(
    ctx: &Ctx,
    caller: &Caller,
    from: NaiveDate,
    to: NaiveDate,
) -> ServiceResult<GraphReport> {
    let mut report = GraphReport {
        booked_stats: Map::new(),
        completed_stats: Map::new(),
        cancelled_stats: Map::new(),
    };
    for (name, points) in graph_series(ctx, caller, from, to).await? {
        // Keys in date order (serde_json keeps insertion order: `preserve_order`).
        let map: Map<String, Value> = points.into_iter().map(|(k, n)| (k, json!(n))).collect();
        match name {
            "booked_stats" => report.booked_stats = map,
            "completed_stats" => report.completed_stats = map,
            _ => report.cancelled_stats = map,
        }
    }
    Ok(report)
}

/// The series of the bookings-over-time chart, in date order: (`booked_stats` |
/// `completed_stats` | `cancelled_stats`, [(date key, count)]).
pub async fn graph_series(
    ctx: &Ctx,
    caller: &Caller,
    from: NaiveDate,
    to: NaiveDate,
) -> ServiceResult<Vec<(&'static str, Vec<(String, i64)>)>> {
    let who = scope(caller);
    let start = from
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let end = (to + Duration::days(1))
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let monthly = (to - from).num_days() > 92;
    let key = |date: NaiveDate| {
        if monthly {
            date.format("%b %Y").to_string()
        } else {
            date.format("%Y-%m-%d").to_string()
        }
    };
    let mut empty: BTreeMap<(i32, u32, u32), (String, i64)> = BTreeMap::new();
    let mut date = from;
    while date <= to {
        let order = if monthly {
            (date.year(), date.month(), 1)
        } else {
            (date.year(), date.month(), date.day())
        };
        empty.entry(order).or_insert_with(|| (key(date), 0));
        date += Duration::days(1);
    }
    let mut conn = ctx.store.conn().await?;
    let mut series = Vec::new();
    for (name, measure) in [
        ("booked_stats", Measure::Created),
        ("completed_stats", Measure::Completed),
        ("cancelled_stats", Measure::Cancelled),
    ] {
        let mut buckets = empty.clone();
        for (day, n) in reports::per_day(conn.ex(), who, measure, start, end).await? {
            let date = NaiveDate::from_num_days_from_ce_opt(719_163 + day as i32).unwrap_or(from);
            let order = if monthly {
                (date.year(), date.month(), 1)
            } else {
                (date.year(), date.month(), date.day())
            };
            if let Some(bucket) = buckets.get_mut(&order) {
                bucket.1 += n;
            }
        }
        series.push((name, buckets.into_values().collect()));
    }
    Ok(series)
}

/// `GET /reports/activities`: the latest 100 entries.
pub async fn activities(ctx: &Ctx, caller: &Caller) -> ServiceResult<ActivityList> {
    let mut conn = ctx.store.conn().await?;
    let list = reports::activities(conn.ex(), scope(caller), 100).await?;
    Ok(ActivityList {
        activities: list.iter().map(activity).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn change_is_a_rounded_percentage_and_zero_without_history_or_growth() {
        assert_eq!(change(15, 10), 50.0);
        assert_eq!(change(1, 3), -66.67);
        assert_eq!(change(4, 0), 100.0);
        assert_eq!(change(0, 0), 0.0);
        assert_eq!(comparison_text(change(0, 0)), "Same as last month");
    }
}
