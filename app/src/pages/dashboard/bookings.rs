//! `/admin/bookings`: the bookings list with its tabs and filters, and its CSV export.

use crate::texts::dashboard::{t, tf};
use chrono::DateTime;
use chrono_tz::Tz;

use super::{booking_line, host_zone};
use crate::domain::access::Capability;
use crate::domain::dates::zone_label;
use crate::domain::slots::local::{LocalDay, local_of};
use crate::domain::text::spreadsheet_safe;
use crate::model::dashboard::{BookingRowView, BookingsPage, BookingsQuery};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::booking_list::{self, Period, ScheduleFilter};
use crate::store::calendars;

/// Rows per page of `/admin/bookings`.
const PER_PAGE: i64 = 20;
/// Rows of one CSV export at most.
const CSV_MAX_ROWS: i64 = 50_000;

/// The tabs of the bookings list, in order: (period value, label's message id).
pub const TABS: [(&str, &str); 6] = [
    ("upcoming", "upcoming"),
    ("pending", "pending"),
    ("past", "past"),
    ("cancelled", "cancelled"),
    ("no_show", "no-show"),
    ("all", "all"),
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
            notices.push(tf("not-a-list", &[("text", (&period_text).into())]));
            (Period::Upcoming, "upcoming".into())
        }
    };
    let mut id = |name: &str, text: &Option<String>| match text.as_deref() {
        None => 0,
        Some(t) => t.parse::<i64>().unwrap_or_else(|_| {
            notices.push(match name {
                "calendar" => tf("not-a-calendar", &[("text", t.into())]),
                _ => tf("not-an-event", &[("text", t.into())]),
            });
            0
        }),
    };
    let calendar = id("calendar", &q.calendar);
    let event = id("event", &q.event);
    let mut date = |text: &Option<String>| match text.as_deref() {
        None => None,
        Some(t) => parse_date(t).or_else(|| {
            notices.push(tf("not-a-date-left-out", &[("text", t.into())]));
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
            series_id: 0,
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
                    t(label).to_string(),
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
        out.write_record(cells.iter().map(|c| spreadsheet_safe(c)))
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
    drop(conn);
    crate::service::audit::record_export(ctx, caller, "bookings.csv", rows.len()).await?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Writing CSV into memory does not fail in practice; if it did, it is an internal error.
fn csv_failed(error: impl std::fmt::Display) -> ServiceError {
    ServiceError::Internal(format!("CSV: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
