//! Bookable times of an event: the public slot routes and the host's "why not?" check.
//! Every answer comes from three queries whatever the range: the event (with its calendar,
//! owner and the global settings), the hosts' schedules, and one range scan of busy times
//! (event.rs); the public lists read the first two through a short-lived cache (cache.rs);
//! explain.rs answers the host's check.

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime};
use chrono_tz::Tz;

use crate::domain::slots::local::{LocalDay, instant_at_or_after, local_of};
use crate::domain::slots::{BookingWindow, Engine, Slot};
use crate::service::{ServiceError, ServiceResult};

mod cache;
mod event;
mod explain;

use cache::cached_event;
pub use cache::{FirstMonthKey, SlotCache, event_id_by_slugs, public_event};
pub use event::{LoadedEvent, busy_inputs, busy_inputs_at, load_event, schedule_rows};
pub use explain::{explain, explain_times, not_offered};

/// The message for bookings of an event that is not active.
pub const NOT_ACCEPTING: &str = "Sorry, the host is not accepting any new bookings at the moment.";

/// A slot request as the public routes receive it.
pub struct SlotRequest {
    pub event_id: i64,
    /// Local start in `zone`; `None` = now.
    pub start: Option<NaiveDateTime>,
    pub zone: Tz,
    pub duration: Option<i64>,
    pub host_id: Option<i64>,
    /// The visitor's own hold, which does not hide its time from them.
    pub own_hold: Option<i64>,
    pub access: SlotAccess,
    /// Also the times one may wait for (`waitlist` of the answer), for an event with a
    /// waitlist: the booking page and `GET /bookings/event` ask, the slot lists do not.
    pub waitlist: bool,
}

/// Who asks for the times: the public REST routes, whose `link` decides whether a secret event
/// answers (DESIGN 2.8), or a caller that has checked access already (pages, the desk).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum SlotAccess {
    Public {
        link: Option<String>,
    },
    #[default]
    Checked,
}

/// The offered slots of a public request, grouped by date in the requested zone.
pub struct SlotAnswer {
    pub loaded: LoadedEvent,
    pub slots: Vec<Slot>,
    pub by_date: BTreeMap<String, Vec<String>>,
    /// Group events: the free seats of each offered start, by date and time (an extension
    /// field of the public answers; empty for other events).
    pub remaining_seats: BTreeMap<String, BTreeMap<String, u32>>,
    /// Events with a waitlist: the starts one may wait for, by date (DESIGN 2.12); `None`
    /// for other events.
    pub waitlist: Option<BTreeMap<String, Vec<String>>>,
    pub max_lookup_date: String,
    pub min_lookup_date: String,
    pub first_bookable: i64,
    pub duration: i64,
}

/// Computes the slots from the requested start (or now) to the end of that month in the
/// requested zone, never past the booking window.
pub async fn public_slots(
    ctx: &crate::service::Ctx,
    req: SlotRequest,
    now: i64,
) -> ServiceResult<SlotAnswer> {
    slots_for_months(ctx, req, 1, now).await
}

/// As `public_slots`, to the end of the `months`-th month (1 = the start's own): one read of
/// busy times and one run of the engine however many months are asked for.
pub async fn slots_for_months(
    ctx: &crate::service::Ctx,
    req: SlotRequest,
    months: u32,
    now: i64,
) -> ServiceResult<SlotAnswer> {
    let mut conn = ctx.store.conn().await?;
    let cached = cached_event(ctx, &mut conn, req.event_id).await?;
    let (loaded, rows) = (&cached.0, &cached.1);
    if let SlotAccess::Public { link } = &req.access {
        crate::service::events::private_links::admit(
            conn.ex(),
            loaded.asked(false),
            link.as_deref(),
        )
        .await?;
    }
    loaded.check_accepting()?;
    if let Some(host) = req.host_id
        && !loaded.host_ids().contains(&host)
    {
        return Err(ServiceError::field(
            "host_id",
            "in",
            "The host_id is not a host of this event",
        ));
    }
    let start_local = req.start.unwrap_or_else(|| {
        chrono::DateTime::from_timestamp(now, 0)
            .unwrap_or_default()
            .with_timezone(&req.zone)
            .naive_local()
    });
    let from = instant_at_or_after(req.zone, start_local).max(now);
    let month_start = start_local.date().with_day(1).unwrap_or(start_local.date());
    let next_month = month_start
        .checked_add_months(chrono::Months::new(months.max(1)))
        .unwrap_or(month_start);
    let to = LocalDay::new(req.zone, next_month).start();
    let duration = loaded.duration(req.duration);
    let rules = loaded.rules(duration);
    let excluded = req.own_hold.map(|hold| -hold);
    let hosts = busy_inputs(conn.ex(), loaded, rows, req.host_id, from, to, excluded).await?;
    let engine = Engine::new(&rules, &hosts, now);
    let slots = engine.slots(from, to);
    let waitlist = if req.waitlist && loaded.settings.waitlist.enabled {
        let starts = engine.waitlist_starts((from, to), &slots);
        Some(by_local_date(&starts, req.zone))
    } else {
        None
    };
    let mut by_date: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut remaining_seats: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    let group = loaded.event().kind().is_group();
    for slot in &slots {
        let local = chrono::DateTime::from_timestamp(slot.start, 0)
            .unwrap_or_default()
            .with_timezone(&req.zone);
        let (date, time) = (
            local.format("%Y-%m-%d").to_string(),
            local.format("%H:%M").to_string(),
        );
        if group {
            remaining_seats
                .entry(date.clone())
                .or_default()
                .insert(time.clone(), slot.remaining);
        }
        by_date.entry(date).or_default().push(time);
    }
    let (today, _) = local_of(rules.host_zone, now);
    let last = match rules.window {
        BookingWindow::Days(n) => today + Duration::days(i64::from(n)),
        BookingWindow::Dates(_, to_date) => to_date,
        BookingWindow::Unlimited => next_month - Duration::days(1),
    };
    let first_day = match rules.window {
        BookingWindow::Dates(from_date, _) => from_date.max(today),
        _ => today,
    };
    Ok(SlotAnswer {
        first_bookable: now + rules.notice_seconds,
        loaded: loaded.clone(),
        slots,
        by_date,
        remaining_seats,
        waitlist,
        max_lookup_date: last.format("%Y-%m-%d").to_string(),
        min_lookup_date: first_day.format("%Y-%m-%d").to_string(),
        duration,
    })
}

/// Starts as `{date: [HH:mm]}` in `zone`.
fn by_local_date(starts: &[i64], zone: Tz) -> BTreeMap<String, Vec<String>> {
    let mut by_date: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for start in starts {
        let local = chrono::DateTime::from_timestamp(*start, 0)
            .unwrap_or_default()
            .with_timezone(&zone);
        by_date
            .entry(local.format("%Y-%m-%d").to_string())
            .or_default()
            .push(local.format("%H:%M").to_string());
    }
    by_date
}

/// Parses `YYYY-MM-DD HH:mm:ss`, `YYYY-MM-DD HH:mm`, `YYYY-MM-DDTHH:mm[:ss]` or `YYYY-MM-DD`.
pub fn parse_local_datetime(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim();
    for format in [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
    ] {
        if let Ok(dt) = NaiveDateTime::parse_from_str(text, format) {
            return Some(dt);
        }
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .map(|d| d.and_time(NaiveTime::MIN))
}
