//! The month grid and the chosen day's times, in the attendee's zone, from the slot service.

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime};
use chrono_tz::Tz;

use crate::service::slots::{
    FirstMonthKey, LoadedEvent, SlotAnswer, SlotRequest, public_slots, slots_for_months,
};
use crate::service::{Ctx, ServiceResult};
// Every visible text lives with the pages' texts (one place to translate).
use crate::domain::dates::{
    add_months, first_of_month, month_weeks, offset_change, offset_label, parse_date,
};
use crate::model::public::{DayCell, DaySlots, MonthGrid, SlotLink};
use crate::texts as text;

use super::{SEARCH_MONTHS, View};

/// The times of the month of `first` (from now on), in the view's zone.
pub(super) async fn month_slots(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    first: NaiveDate,
    now: i64,
) -> ServiceResult<SlotAnswer> {
    let request = SlotRequest {
        event_id: loaded.event().id,
        start: first.and_hms_opt(0, 0, 0),
        zone: view.zone,
        duration: Some(view.duration),
        host_id: None,
        own_hold: view.own_hold,
        access: crate::service::slots::SlotAccess::Checked,
        waitlist: true,
    };
    public_slots(ctx, request, now).await
}

/// The first month from `from` on with any time, searched across the whole booking window;
/// `from`'s month when there is none. The months after `from`'s are searched in one run, so a
/// page whose near months are fully booked costs two runs, not one per month; the month found
/// is remembered for a moment (the slot cache's TTL), so the next visits cost one run of it.
pub(super) async fn first_month_with_times(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    from: NaiveDate,
    now: i64,
) -> ServiceResult<(NaiveDate, SlotAnswer)> {
    let key = FirstMonthKey {
        event_id: loaded.event().id,
        zone: view.zone,
        duration: view.duration,
        from,
    };
    if let Some(month) = ctx.slot_cache.first_month(&key) {
        let answer = month_slots(ctx, loaded, view, month, now).await?;
        if !answer.slots.is_empty() {
            return Ok((month, answer));
        }
    }
    let (month, answer) = search_from(ctx, loaded, view, from, now).await?;
    if month != from {
        ctx.slot_cache.remember_first_month(key, month);
    }
    Ok((month, answer))
}

/// [`first_month_with_times`] without the hint.
async fn search_from(
    ctx: &Ctx,
    loaded: &LoadedEvent,
    view: &View,
    from: NaiveDate,
    now: i64,
) -> ServiceResult<(NaiveDate, SlotAnswer)> {
    let first = month_slots(ctx, loaded, view, from, now).await?;
    if !first.slots.is_empty() {
        return Ok((from, first));
    }
    let last = parse_date(&first.max_lookup_date)
        .map(first_of_month)
        .unwrap_or(from)
        .min(add_months(from, SEARCH_MONTHS));
    let next = add_months(from, 1);
    let months = months_between(next, last);
    if months == 0 {
        return Ok((from, first));
    }
    let request = SlotRequest {
        event_id: loaded.event().id,
        start: next.and_hms_opt(0, 0, 0),
        zone: view.zone,
        duration: Some(view.duration),
        host_id: None,
        own_hold: view.own_hold,
        access: crate::service::slots::SlotAccess::Checked,
        waitlist: true,
    };
    let ahead = slots_for_months(ctx, request, months, now).await?;
    let Some(found) = ahead.slots.first().map(|slot| {
        let local = DateTime::from_timestamp(slot.start, 0)
            .unwrap_or_default()
            .with_timezone(&view.zone);
        first_of_month(local.date_naive())
    }) else {
        return Ok((from, first));
    };
    Ok((found, only_month(ahead, found, view.zone)))
}

/// How many months from `from`'s to `last`'s, both included (0 when `last` is earlier).
fn months_between(from: NaiveDate, last: NaiveDate) -> u32 {
    let count = (last.year() - from.year()) * 12 + last.month() as i32 - from.month() as i32 + 1;
    count.max(0) as u32
}

/// The answer's times in the month of `month` only.
fn only_month(mut answer: SlotAnswer, month: NaiveDate, zone: Tz) -> SlotAnswer {
    let next = add_months(month, 1);
    let in_month = |date: NaiveDate| date >= month && date < next;
    answer.slots.retain(|slot| {
        let local = DateTime::from_timestamp(slot.start, 0)
            .unwrap_or_default()
            .with_timezone(&zone);
        in_month(local.date_naive())
    });
    let key = month.format("%Y-%m").to_string();
    answer.by_date.retain(|date, _| date.starts_with(&key));
    answer
        .remaining_seats
        .retain(|date, _| date.starts_with(&key));
    if let Some(waiting) = answer.waitlist.as_mut() {
        waiting.retain(|date, _| date.starts_with(&key));
    }
    answer
}

/// Offered starts per local date: (`HH:mm`, free seats).
pub(super) fn times_by_date(
    answer: &SlotAnswer,
    zone: Tz,
) -> BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>> {
    let mut times: BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>> = BTreeMap::new();
    for slot in &answer.slots {
        let local = DateTime::from_timestamp(slot.start, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .naive_local();
        times
            .entry(local.date())
            .or_default()
            .push((local.time(), slot.remaining));
    }
    times
}

pub(super) fn grid(
    view: &View,
    month: NaiveDate,
    times: &BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>>,
    chosen: Option<NaiveDate>,
    today: NaiveDate,
    last: NaiveDate,
) -> MonthGrid {
    let month_href = |m: NaiveDate| view.href(&[("month", m.format("%Y-%m").to_string())]);
    let weeks = month_weeks(month, crate::texts::cldr::first_weekday(view.lang))
        .iter()
        .map(|week| {
            week.iter()
                .map(|day| match day {
                    None => DayCell {
                        day: 0,
                        label: String::new(),
                        href: None,
                        today: false,
                        chosen: false,
                        offset_changes: false,
                    },
                    Some(date) => DayCell {
                        day: date.day(),
                        label: view.dates.full_date(*date),
                        href: times
                            .contains_key(date)
                            .then(|| view.href(&[("date", date.format("%Y-%m-%d").to_string())])),
                        today: *date == today,
                        chosen: Some(*date) == chosen,
                        offset_changes: offset_change(view.zone, *date).is_some(),
                    },
                })
                .collect()
        })
        .collect();
    let previous = add_months(month, -1);
    let next = add_months(month, 1);
    MonthGrid {
        caption: view.dates.month_caption(month),
        columns: view
            .dates
            .week_columns()
            .into_iter()
            .map(|(_, short, long)| (short, long))
            .collect(),
        weeks,
        previous: (month > first_of_month(today)).then(|| month_href(previous)),
        next: (next <= first_of_month(last)).then(|| month_href(next)),
    }
}

pub(super) fn day_slots(
    view: &View,
    loaded: &LoadedEvent,
    date: NaiveDate,
    times: &BTreeMap<NaiveDate, Vec<(NaiveTime, u32)>>,
    chosen_time: Option<&str>,
    waiting: &BTreeMap<String, Vec<String>>,
) -> DaySlots {
    let ev = loaded.event();
    let show_seats = ev.kind().is_group() && ev.is_display_spots;
    let date_text = date.format("%Y-%m-%d").to_string();
    let slots: Vec<SlotLink> = times
        .get(&date)
        .map(|list| {
            list.iter()
                .map(|(time, seats)| {
                    let hhmm = time.format("%H:%M").to_string();
                    SlotLink {
                        label: view.dates.clock(*time),
                        href: view.href(&[("date", date_text.clone()), ("time", hhmm.clone())]),
                        seats_left: show_seats.then_some(*seats),
                        chosen: chosen_time == Some(hhmm.as_str()),
                        time: hhmm,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let waitlist = waiting
        .get(&date_text)
        .map(|times| {
            times
                .iter()
                .filter_map(|hhmm| {
                    let time = crate::domain::dates::parse_time(hhmm)?;
                    Some(SlotLink {
                        label: view.dates.clock(time),
                        href: view.href(&[
                            ("date", date_text.clone()),
                            ("time", hhmm.clone()),
                            ("waitlist", "1".into()),
                        ]),
                        seats_left: None,
                        chosen: chosen_time == Some(hhmm.as_str()),
                        time: hhmm.clone(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let label = view.dates.full_date(date);
    let announcement = text::times_announcement(
        view.lang,
        &view.dates.month_caption(date),
        &label,
        u32::try_from(slots.len()).unwrap_or(u32::MAX),
    );
    DaySlots {
        label,
        date: date_text,
        slots,
        waitlist,
        offset_note: offset_change(view.zone, date).map(|(before, after)| {
            text::clocks_change(
                view.lang,
                view.zone.name(),
                &offset_label(before),
                &offset_label(after),
            )
        }),
        announcement,
    }
}
