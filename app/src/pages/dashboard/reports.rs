//! `/admin/reports`: numbers, the bookings-over-time chart and the activity feed of a range.

use crate::texts::dashboard::{t, tf};
use chrono::{Datelike, Duration, NaiveDate};

use super::host_zone;
use crate::model::dashboard::{ReportChart, ReportWidget, ReportsPage};
use crate::service::{Caller, Ctx, ServiceResult};

/// Entries of the reports page's activity feed.
const ACTIVITY_COUNT: i64 = 20;
/// The longest range the reports page shows (the chart's limit, as `GET /reports/graph-reports`).
const REPORT_MAX_DAYS: i64 = 3 * 366;

/// The asked range, read leniently: a date that does not parse falls back to the default
/// (the last 30 days up to `today`), a reversed range is swapped, a long one shortened; each
/// with a notice saying so.
fn report_range(
    from: Option<&str>,
    to: Option<&str>,
    today: NaiveDate,
) -> (NaiveDate, NaiveDate, Vec<String>) {
    let mut notices = Vec::new();
    let mut read = |text: Option<&str>, what: &str| {
        let text = text.map(str::trim).filter(|t| !t.is_empty())?;
        let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok();
        if date.is_none() {
            let id = if what == "start" {
                "not-a-start-date"
            } else {
                "not-an-end-date"
            };
            notices.push(tf(id, &[("text", text.into())]));
        }
        date
    };
    let (asked_from, asked_to) = (read(from, "start"), read(to, "end"));
    let to = asked_to.unwrap_or(today);
    let mut from = asked_from.unwrap_or(to - Duration::days(29));
    let mut to = to;
    if from > to {
        notices.push(t("the-start-came-after-the-end").into());
        std::mem::swap(&mut from, &mut to);
    }
    if (to - from).num_days() >= REPORT_MAX_DAYS {
        from = to - Duration::days(REPORT_MAX_DAYS - 1);
        notices.push(t("reports-span-three-years-at-most").into());
    }
    (from, to, notices)
}

/// The preset ranges as (label, link, whether it is the range shown).
fn report_presets(today: NaiveDate, from: NaiveDate, to: NaiveDate) -> Vec<(String, String, bool)> {
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let href = |a: NaiveDate, b: NaiveDate| format!("/admin/reports?from={}&to={}", day(a), day(b));
    let monday = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let month_start = today.with_day(1).unwrap_or(today);
    let last_month_end = month_start - Duration::days(1);
    let next_month = month_start
        .checked_add_months(chrono::Months::new(1))
        .unwrap_or(month_start);
    let presets = [
        (t("last-30-days"), today - Duration::days(29), today),
        (t("this-week"), monday, monday + Duration::days(6)),
        (t("this-month"), month_start, next_month - Duration::days(1)),
        (
            t("last-month"),
            last_month_end.with_day(1).unwrap_or(last_month_end),
            last_month_end,
        ),
    ];
    presets
        .iter()
        .map(|(label, a, b)| (label.to_string(), href(*a, *b), (*a, *b) == (from, to)))
        .collect()
}

/// `/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD` (default: the last 30 days up to `today`).
pub async fn reports(
    ctx: &Ctx,
    caller: &Caller,
    from: Option<&str>,
    to: Option<&str>,
    today: NaiveDate,
) -> ServiceResult<ReportsPage> {
    let (from, to, notices) = report_range(from, to, today);
    // The same instants as `GET /reports?startTime=<from> 00:00:00&endTime=<to> 23:59:59`.
    let start = from
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let end = to
        .and_hms_opt(23, 59, 59)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let series = crate::service::reports::graph_series(ctx, caller, from, to).await?;
    let mut conn = ctx.store.conn().await?;
    let widgets =
        crate::service::reports::widget_numbers(conn.ex(), caller, (start, end), (start, end))
            .await?;
    let zone = host_zone(conn.ex(), caller).await?;
    let feed = crate::store::reports::activities(
        conn.ex(),
        crate::service::reports::scope(caller),
        ACTIVITY_COUNT,
    )
    .await?;
    let day = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let forms = crate::texts::dashboard::dates(true);
    let labels = series
        .first()
        .map(|(_, points)| {
            points
                .iter()
                .map(|(key, _)| {
                    // A day's key ("2026-10-30"), or a month's in a long range ("Oct 2026").
                    match NaiveDate::parse_from_str(key, "%Y-%m-%d") {
                        Ok(day) => forms.day_month_short(day),
                        Err(_) => NaiveDate::parse_from_str(&format!("1 {key}"), "%d %b %Y")
                            .map_or_else(|_| key.clone(), |first| forms.month_caption(first)),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(ReportsPage {
        from: day(from),
        to: day(to),
        range_label: {
            let dates = crate::texts::dashboard::dates(true);
            format!("{} \u{2013} {}", dates.full_date(from), dates.full_date(to))
        },
        presets: report_presets(today, from, to),
        widgets: widgets
            .into_iter()
            .map(|w| ReportWidget {
                title: w.title.to_string(),
                number: w.number,
                stat: w.stat,
                href: w.period.map(|p| format!("/admin/bookings?period={p}")),
            })
            .collect(),
        chart: ReportChart {
            labels,
            series: series
                .into_iter()
                .map(|(name, points)| {
                    let title = match name {
                        "booked_stats" => t("booked"),
                        "completed_stats" => t("completed"),
                        _ => t("cancelled"),
                    };
                    (
                        title.to_string(),
                        points.into_iter().map(|(_, n)| n).collect(),
                    )
                })
                .collect(),
        },
        activities: feed
            .iter()
            .map(|a| crate::service::bookings::activity_line::activity_line(a, zone))
            .collect(),
        notices,
    })
}
