//! The host dashboard's pages: the same queries and visibility rules as `GET /schedules`
//! (a host sees its own calendars' and hosted bookings; `manage_all_data` sees everyone's).

use chrono::{DateTime, Datelike, Duration, NaiveDate};
use chrono_tz::Tz;

use crate::domain::access::Capability;
use crate::domain::dates::{clock_label, full_date, zone_label};
use crate::domain::slots::local::{LocalDay, local_of};
use crate::domain::zone::parse_zone;
use crate::model::dashboard::{
    BookingLine, BookingRowView, BookingsPage, BookingsQuery, CalendarLink, Overview, ReportChart,
    ReportWidget, ReportsPage,
};
use crate::model::desk::ActivityLine;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_list::{self, BookingListRow, Period, ScheduleFilter};
use crate::store::{Ex, calendars, reborrow};

/// How many of the coming bookings the overview lists after today's.
const NEXT_COUNT: i64 = 5;
/// Today's list is cut here; the bookings page has them all.
const TODAY_COUNT: i64 = 50;

/// `/admin`.
pub async fn overview(ctx: &Ctx, caller: &Caller, now: i64) -> ServiceResult<Overview> {
    let mut conn = ctx.store.conn().await?;
    let zone = host_zone(conn.ex(), caller).await?;
    let today = LocalDay::new(zone, local_of(zone, now).0);
    let filter = |period, range_from| ScheduleFilter {
        visible_to: if caller.can(Capability::ManageAllData) {
            0
        } else {
            caller.id()
        },
        event_id: 0,
        calendar_id: 0,
        hosted_by: 0,
        event_type: "",
        search: "",
        range_from,
        range_to: 0,
        period,
        today: (today.start(), today.end()),
        group_id: 0,
    };
    let todays = booking_list::list(conn.ex(), &filter(Period::Today, 0), TODAY_COUNT, 0).await?;
    let next = booking_list::list(
        conn.ex(),
        &filter(Period::Upcoming, today.end()),
        NEXT_COUNT,
        0,
    )
    .await?;
    let pending = booking_list::count(conn.ex(), &filter(Period::Pending, 0)).await?;
    let own = calendars::CalendarFilter {
        visible_to: Some(caller.id()),
        calendar_type: "all",
        search: "",
    };
    let cals = calendars::list(conn.ex(), &own, 100, 0).await?;
    let line = |row: &BookingListRow| booking_line(row, zone);
    Ok(Overview {
        zone_label: zone_label(zone, today.date),
        today: todays.iter().map(line).collect(),
        next: next.iter().map(line).collect(),
        pending,
        calendars: cals
            .iter()
            .map(|cal| CalendarLink {
                title: cal.title.clone(),
                url: format!("{}/{}", ctx.public_url, cal.slug),
            })
            .collect(),
    })
}

/// The zone the host reads times in: its own calendar's, else UTC.
async fn host_zone(mut ex: Ex<'_>, caller: &Caller) -> ServiceResult<Tz> {
    let Some(id) = calendars::simple_calendar_of(reborrow(&mut ex), caller.id()).await? else {
        return Ok(chrono_tz::UTC);
    };
    Ok(calendars::find(ex, id)
        .await?
        .and_then(|cal| parse_zone(&cal.author_timezone))
        .unwrap_or(chrono_tz::UTC))
}

fn booking_line(row: &BookingListRow, zone: Tz) -> BookingLine {
    let b = &row.booking;
    let at = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .naive_local()
    };
    let (start, end) = (at(b.start_time), at(b.end_time));
    BookingLine {
        id: b.id,
        href: format!("/admin/bookings/{}", b.id),
        attendee: format!("{} {}", b.first_name, b.last_name)
            .trim()
            .to_string(),
        event: row.event_title.clone().unwrap_or_default(),
        when: format!(
            "{}, {} \u{2013} {}",
            full_date(start.date()),
            clock_label(start.time(), true),
            clock_label(end.time(), true)
        ),
        status: b.status.clone(),
    }
}

/// Rows per page of `/admin/bookings`.
const PER_PAGE: i64 = 20;
/// Rows of one CSV export at most.
const CSV_MAX_ROWS: i64 = 50_000;

/// The tabs of the bookings list, in order: (period value, label).
pub const TABS: [(&str, &str); 6] = [
    ("upcoming", "Upcoming"),
    ("pending", "Pending"),
    ("past", "Past"),
    ("cancelled", "Cancelled"),
    ("no_show", "No-show"),
    ("all", "All"),
];

/// The list's filter as read from the query, with what could not be used.
struct ListFilter {
    period: Period,
    period_text: String,
    calendar: i64,
    event: i64,
    search: String,
    from: Option<chrono::NaiveDate>,
    to: Option<chrono::NaiveDate>,
    page: i64,
    notices: Vec<String>,
}

fn read_filter(q: &BookingsQuery) -> ListFilter {
    use crate::domain::dates::parse_date;
    let mut notices = Vec::new();
    let period_text = q.period.clone().unwrap_or_else(|| "upcoming".into());
    let (period, period_text) = match Period::parse(&period_text).filter(|p| *p != Period::Today) {
        Some(p) => (p, period_text),
        None => {
            notices.push(format!(
                "\u{201c}{period_text}\u{201d} is not a list; showing Upcoming."
            ));
            (Period::Upcoming, "upcoming".into())
        }
    };
    let mut id = |name: &str, text: &Option<String>| match text.as_deref() {
        None => 0,
        Some(t) => t.parse::<i64>().unwrap_or_else(|_| {
            notices.push(format!("\u{201c}{t}\u{201d} is not a {name}; showing all."));
            0
        }),
    };
    let calendar = id("calendar", &q.calendar);
    let event = id("event", &q.event);
    let mut date = |text: &Option<String>| match text.as_deref() {
        None => None,
        Some(t) => parse_date(t).or_else(|| {
            notices.push(format!(
                "\u{201c}{t}\u{201d} is not a date; it was left out."
            ));
            None
        }),
    };
    let from = date(&q.from);
    let to = date(&q.to);
    let page = q
        .page
        .as_deref()
        .and_then(|p| p.parse::<i64>().ok())
        .filter(|p| (1..=100_000).contains(p))
        .unwrap_or(1);
    ListFilter {
        period,
        period_text,
        calendar,
        event,
        search: q
            .search
            .clone()
            .unwrap_or_default()
            .trim()
            .chars()
            .take(100)
            .collect(),
        from,
        to,
        page,
        notices,
    }
}

impl ListFilter {
    fn store_filter<'a>(&'a self, caller: &Caller, zone: Tz, now: i64) -> ScheduleFilter<'a> {
        let today = LocalDay::new(zone, local_of(zone, now).0);
        ScheduleFilter {
            visible_to: if caller.can(Capability::ManageAllData) {
                0
            } else {
                caller.id()
            },
            event_id: self.event,
            calendar_id: self.calendar,
            hosted_by: 0,
            event_type: "",
            search: &self.search,
            range_from: self.from.map_or(0, |d| LocalDay::new(zone, d).start()),
            range_to: self.to.map_or(0, |d| LocalDay::new(zone, d).end()),
            period: self.period,
            today: (today.start(), today.end()),
            group_id: 0,
        }
    }

    /// The list's address with this filter, `period` and `page` replaced.
    fn href(&self, base: &str, period: &str, page: i64) -> String {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        query.append_pair("period", period);
        if self.calendar != 0 {
            query.append_pair("calendar", &self.calendar.to_string());
        }
        if self.event != 0 {
            query.append_pair("event", &self.event.to_string());
        }
        if !self.search.is_empty() {
            query.append_pair("search", &self.search);
        }
        if let Some(d) = self.from {
            query.append_pair("from", &d.format("%Y-%m-%d").to_string());
        }
        if let Some(d) = self.to {
            query.append_pair("to", &d.format("%Y-%m-%d").to_string());
        }
        if page > 1 {
            query.append_pair("page", &page.to_string());
        }
        format!("{base}?{}", query.finish())
    }
}

/// `/admin/bookings`.
pub async fn bookings(
    ctx: &Ctx,
    caller: &Caller,
    q: &BookingsQuery,
    now: i64,
) -> ServiceResult<BookingsPage> {
    let f = read_filter(q);
    let mut conn = ctx.store.conn().await?;
    let zone = host_zone(conn.ex(), caller).await?;
    let filter = f.store_filter(caller, zone, now);
    let total = booking_list::count(conn.ex(), &filter).await?;
    let last_page = ((total + PER_PAGE - 1) / PER_PAGE).max(1);
    let page = f.page.min(last_page);
    let rows = booking_list::list(conn.ex(), &filter, PER_PAGE, (page - 1) * PER_PAGE).await?;
    let pending_filter = ScheduleFilter {
        period: Period::Pending,
        ..f.store_filter(caller, zone, now)
    };
    let pending = booking_list::count(conn.ex(), &pending_filter).await?;
    let visible = calendars::CalendarFilter {
        visible_to: (!caller.can(Capability::ManageAllData)).then_some(caller.id()),
        calendar_type: "all",
        search: "",
    };
    let cals = calendars::list(conn.ex(), &visible, 500, 0).await?;
    let ids: Vec<i64> = cals.iter().map(|c| c.id).collect();
    let evs = crate::store::events::list_for_calendars(conn.ex(), &ids).await?;
    let base = "/admin/bookings";
    Ok(BookingsPage {
        zone_label: zone_label(zone, local_of(zone, now).0),
        tabs: TABS
            .iter()
            .map(|(value, label)| {
                (
                    value.to_string(),
                    label.to_string(),
                    f.href(base, value, 1),
                    *value == f.period_text,
                )
            })
            .collect(),
        pending,
        rows: rows
            .iter()
            .map(|row| BookingRowView {
                line: booking_line(row, zone),
                email: row.booking.email.clone(),
                payment: row.booking.payment_status.clone().unwrap_or_default(),
            })
            .collect(),
        total,
        page,
        last_page,
        previous: (page > 1).then(|| f.href(base, &f.period_text, page - 1)),
        next: (page < last_page).then(|| f.href(base, &f.period_text, page + 1)),
        csv_href: f.href("/admin/bookings.csv", &f.period_text, 1),
        self_href: f.href(base, &f.period_text, page),
        period: f.period_text.clone(),
        calendar: if f.calendar == 0 {
            String::new()
        } else {
            f.calendar.to_string()
        },
        event: if f.event == 0 {
            String::new()
        } else {
            f.event.to_string()
        },
        search: f.search.clone(),
        from: f
            .from
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default(),
        to: f
            .to
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default(),
        calendars: cals
            .iter()
            .map(|c| (c.id.to_string(), c.title.clone()))
            .collect(),
        events: evs
            .iter()
            .map(|e| (e.id.to_string(), e.title.clone()))
            .collect(),
        notices: f.notices.clone(),
    })
}

/// `/admin/bookings.csv`: exactly the filtered list (every page), RFC 4180, times in the host's
/// zone. A cell a spreadsheet would read as a formula (`= + - @`, tab, CR) is prefixed with `'`.
pub async fn bookings_csv(
    ctx: &Ctx,
    caller: &Caller,
    q: &BookingsQuery,
    now: i64,
) -> ServiceResult<String> {
    let f = read_filter(q);
    let mut conn = ctx.store.conn().await?;
    let zone = host_zone(conn.ex(), caller).await?;
    let filter = f.store_filter(caller, zone, now);
    let rows = booking_list::list(conn.ex(), &filter, CSV_MAX_ROWS, 0).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let header = [
        "id",
        "attendee",
        "email",
        "event",
        "calendar",
        "start",
        "end",
        "timezone",
        "status",
        "payment_status",
    ];
    let local = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .format("%Y-%m-%d %H:%M")
            .to_string()
    };
    let write = |out: &mut csv::Writer<Vec<u8>>, cells: &[String]| {
        out.write_record(cells.iter().map(|c| safe_cell(c)))
            .map_err(csv_failed)
    };
    write(&mut out, &header.map(String::from))?;
    for row in &rows {
        let b = &row.booking;
        write(
            &mut out,
            &[
                b.id.to_string(),
                format!("{} {}", b.first_name, b.last_name)
                    .trim()
                    .to_string(),
                b.email.clone(),
                row.event_title.clone().unwrap_or_default(),
                row.cal_title.clone().unwrap_or_default(),
                local(b.start_time),
                local(b.end_time),
                zone.name().to_string(),
                b.status.clone(),
                b.payment_status.clone().unwrap_or_default(),
            ],
        )?;
    }
    let bytes = out.into_inner().map_err(csv_failed)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Writing CSV into memory does not fail in practice; if it did, it is an internal error.
fn csv_failed(error: impl std::fmt::Display) -> ServiceError {
    ServiceError::Internal(format!("CSV: {error}"))
}

/// A cell that cannot start a spreadsheet formula.
fn safe_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

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
            notices.push(format!(
                "The {what} date “{text}” is not a date (YYYY-MM-DD); the default is shown."
            ));
        }
        date
    };
    let (asked_from, asked_to) = (read(from, "start"), read(to, "end"));
    let to = asked_to.unwrap_or(today);
    let mut from = asked_from.unwrap_or(to - Duration::days(29));
    let mut to = to;
    if from > to {
        notices.push("The start came after the end; the two were swapped.".into());
        std::mem::swap(&mut from, &mut to);
    }
    if (to - from).num_days() >= REPORT_MAX_DAYS {
        from = to - Duration::days(REPORT_MAX_DAYS - 1);
        notices.push("Reports span three years at most; the range was shortened.".into());
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
        ("Last 30 days", today - Duration::days(29), today),
        ("This week", monday, monday + Duration::days(6)),
        ("This month", month_start, next_month - Duration::days(1)),
        (
            "Last month",
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
    let labels = series
        .first()
        .map(|(_, points)| {
            points
                .iter()
                .map(|(key, _)| {
                    NaiveDate::parse_from_str(key, "%Y-%m-%d")
                        .map_or_else(|_| key.clone(), |d| d.format("%-d %b").to_string())
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(ReportsPage {
        from: day(from),
        to: day(to),
        range_label: format!("{} \u{2013} {}", full_date(from), full_date(to)),
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
                        "booked_stats" => "Booked",
                        "completed_stats" => "Completed",
                        _ => "Cancelled",
                    };
                    (
                        title.to_string(),
                        points.into_iter().map(|(_, n)| n).collect(),
                    )
                })
                .collect(),
        },
        activities: feed.iter().map(|a| activity_line(a, zone)).collect(),
        notices,
    })
}

/// A timeline entry in `zone` (the booking page's and the reports' feed).
pub fn activity_line(a: &crate::store::booking_list::ActivityRow, zone: Tz) -> ActivityLine {
    let at = DateTime::from_timestamp(a.created_at, 0).unwrap_or_default();
    let local = at.with_timezone(&zone).naive_local();
    ActivityLine {
        when: format!(
            "{}, {}",
            full_date(local.date()),
            clock_label(local.time(), true)
        ),
        at: at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
        title: a.title.clone(),
        description: a.description.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_look_like_formulas_are_neutralised() {
        assert_eq!(safe_cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(safe_cell("+1 555"), "'+1 555");
        assert_eq!(safe_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(safe_cell("-2"), "'-2");
        assert_eq!(safe_cell("Ann Lee"), "Ann Lee");
    }

    #[test]
    fn bad_filter_values_fall_back_with_a_notice() {
        let q = BookingsQuery {
            period: Some("someday".into()),
            calendar: Some("x".into()),
            from: Some("2026-02-30".into()),
            page: Some("-3".into()),
            ..BookingsQuery::default()
        };
        let f = read_filter(&q);
        assert_eq!(f.period, Period::Upcoming);
        assert_eq!((f.calendar, f.from, f.page), (0, None, 1));
        assert_eq!(f.notices.len(), 3);
    }
}
