//! `/admin/waitlist` (DESIGN 2.12): who waits for which taken time of the caller's events,
//! with "Remove". The same visibility as the bookings desk; removal is the REST route's use
//! case.

use chrono::{DateTime, Duration};

use super::host_zone;
use crate::domain::access::Capability;
use crate::domain::dates::{parse_date, zone_label};
use crate::domain::slots::local::{LocalDay, local_of};
use crate::model::desk::{WaitlistDesk, WaitlistDeskRow};
use crate::service::support::present::event_settings;
use crate::service::waitlist::with_positions;
use crate::service::{Caller, Ctx, ServiceResult};
use crate::store::{calendars, events, waitlist};

/// The desk for `event` (one of the caller's, else all) on `date` (else from today on).
pub async fn waitlist_desk(
    ctx: &Ctx,
    caller: &Caller,
    event: Option<i64>,
    date: &str,
    now: i64,
) -> ServiceResult<WaitlistDesk> {
    let mut conn = ctx.store.conn().await?;
    let zone = host_zone(conn.ex(), caller).await?;
    let visible = calendars::CalendarFilter {
        visible_to: (!caller.can(Capability::ManageAllData)).then_some(caller.id()),
        calendar_type: "all",
        search: "",
    };
    let cals = calendars::list(conn.ex(), &visible, 500, 0).await?;
    let ids: Vec<i64> = cals.iter().map(|c| c.id).collect();
    let with_waitlist: Vec<_> = events::list_for_calendars(conn.ex(), &ids)
        .await?
        .into_iter()
        .filter(|ev| event_settings(ev).is_ok_and(|s| s.waitlist.enabled))
        .collect();
    let chosen = event.filter(|id| with_waitlist.iter().any(|ev| ev.id == *id));
    let shown: Vec<i64> = with_waitlist
        .iter()
        .filter(|ev| chosen.is_none_or(|id| ev.id == id))
        .map(|ev| ev.id)
        .collect();
    let today = local_of(zone, now).0;
    let day = parse_date(date);
    let span = match day {
        Some(d) => (
            LocalDay::new(zone, d).start(),
            LocalDay::new(zone, d + Duration::days(1)).start(),
        ),
        None => (LocalDay::new(zone, today).start(), i64::MAX / 2),
    };
    let rows = waitlist::of_events_between(conn.ex(), &shown, span).await?;
    let title_of = |id: i64| {
        let ev = with_waitlist.iter().find(|ev| ev.id == id);
        let cal = ev.and_then(|ev| cals.iter().find(|c| c.id == ev.calendar_id));
        match (cal, ev) {
            (Some(cal), Some(ev)) => (cal.id, format!("{} \u{00b7} {}", cal.title, ev.title)),
            (None, Some(ev)) => (ev.calendar_id, ev.title.clone()),
            _ => (0, String::new()),
        }
    };
    let h12 = crate::service::settings::site::load::<crate::model::settings::GeneralSettings>(
        conn.ex(),
        crate::model::settings::GENERAL,
    )
    .await?
    .time_format
        == "12";
    let dates = crate::texts::dashboard::dates(h12);
    let when = |t: i64| {
        let local = DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .naive_local();
        let date = if dates.lang == crate::texts::Lang::En {
            local.format("%a %-d %b %Y").to_string()
        } else {
            dates.full_date(local.date())
        };
        format!("{date}, {}", dates.clock(local.time()))
    };
    let views = with_positions(&rows);
    Ok(WaitlistDesk {
        events: with_waitlist
            .iter()
            .map(|ev| (ev.id, title_of(ev.id).1))
            .collect(),
        event: chosen,
        date: day
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default(),
        zone_label: zone_label(zone, day.unwrap_or(today)),
        rows: rows
            .iter()
            .zip(views)
            .map(|(row, view)| WaitlistDeskRow {
                id: row.id,
                calendar_id: title_of(row.event_id).0,
                event_id: row.event_id,
                event_title: title_of(row.event_id).1,
                when: when(row.start_time),
                // An erased visitor (DESIGN 2.11's rule) is shown as on the bookings desk.
                name: if row.name.is_empty() && row.email.is_empty() {
                    crate::texts::ERASED_ATTENDEE.to_string()
                } else {
                    row.name.clone()
                },
                email: row.email.clone(),
                open: matches!(row.status.as_str(), "waiting" | "offered"),
                status: row.status.clone(),
                position: view.position,
            })
            .collect(),
        done: None,
    })
}
