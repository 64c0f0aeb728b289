//! The host dashboard's pages: the same queries and visibility rules as `GET /schedules`
//! (a host sees its own calendars' and hosted bookings; `manage_all_data` sees everyone's).
//! Here the overview; bookings.rs the bookings list and its CSV; reports.rs the reports page;
//! audit.rs the audit log and its CSV; waitlist.rs the waitlist desk; privacy.rs "Personal data".

use crate::texts::dashboard::tf;
use chrono::DateTime;
use chrono_tz::Tz;

use crate::domain::access::Capability;
use crate::domain::dates::zone_label;
use crate::domain::slots::local::{LocalDay, local_of};
use crate::domain::zone::parse_zone;
use crate::model::dashboard::{BookingLine, CalendarLink, Overview};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::booking_list::{self, BookingListRow, Period, ScheduleFilter};
use crate::store::{Ex, calendars, reborrow};

mod audit;
mod bookings;
mod privacy;
mod reports;
mod waitlist;

pub use audit::{audit_log, audit_log_csv};
pub use privacy::personal_data;
pub use waitlist::waitlist_desk;

pub use bookings::{TABS, bookings, bookings_csv};
pub use reports::reports;

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
        series_id: 0,
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
    let dates = crate::texts::dashboard::dates(true);
    BookingLine {
        id: b.id,
        href: format!("/admin/bookings/{}", b.id),
        attendee: format!("{} {}", b.first_name, b.last_name)
            .trim()
            .to_string(),
        event: row.event_title.clone().unwrap_or_default(),
        when: format!(
            "{}, {} \u{2013} {}",
            dates.full_date(start.date()),
            dates.clock(start.time()),
            dates.clock(end.time())
        ),
        status: b.status.clone(),
        series: b
            .series_index
            .zip(b.series_count)
            .map(|(i, n)| tf("series-of", &[("index", i.into()), ("count", n.into())])),
    }
}
