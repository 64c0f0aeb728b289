//! The slot engine: which start times of an event can be booked, and why any other time
//! cannot. Pure: every input, including `now`, is a parameter; instants are epoch seconds.
//!
//! A start instant `t` is offered when all of these hold (each rule is applied in
//! [`Engine::evaluate_host`] or [`Engine::evaluate`], where its reason code is produced):
//! - **hours**: on the host's local date of `t`, a window of that date (the date override if the
//!   date has one, else the weekday's windows when enabled) contains the whole slot
//!   `[t, t + duration)` in real time, and `t`'s wall-clock time is `window start + k × interval`
//!   (`interval` = slot_interval, or the duration when empty). Wall-clock times skipped by DST
//!   are never offered; times repeated by DST are offered once, at their first occurrence.
//! - **notice**: `t ≥ now + minimum notice`.
//! - **window**: `t`'s local date in the host's zone is at most today + `range_days` (inclusive),
//!   or within the fixed date range.
//! - **busy**: no blocking booking of the host overlaps `[t, t + duration)` once both sides'
//!   buffers are added: the gap before the candidate must be at least
//!   max(booking's after-buffer, candidate's before-buffer), and likewise after it.
//!   Back-to-back meetings are allowed when buffers are zero.
//! - **capacity**: bookings of this same event at exactly `t` take seats instead of blocking;
//!   `t` is full when they fill `capacity`.
//! - **limits**: this event's bookings (distinct groups) in the local day, week or month of `t`
//!   stay under each frequency limit, and their minutes plus this duration stay within each
//!   duration limit.
//! - **away**: `t`'s local date in the host's own zone is in none of its out-of-office periods.
//! - **team**: round robin offers `t` when at least one member passes every host rule;
//!   collective only when every member does.

mod away;
mod busy;
mod limits;
pub mod local;
#[cfg(test)]
mod tests;

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

pub use away::{Away, AwayPeriod};
pub use busy::Busy;
use busy::BusyIndex;
use limits::HostCounter;
use limits::LimitCounter;
pub use limits::{HostLimits, Limit, Period};
use local::{LocalDay, MINUTE, local_of};

use super::week::{DateOverrides, TimeWindow, WeeklySchedule};

/// A host's availability: weekly wall-clock windows and date overrides in a zone.
#[derive(Debug, Clone)]
pub struct Schedule {
    pub zone: Tz,
    pub weekly: WeeklySchedule,
    pub overrides: DateOverrides,
}

impl Schedule {
    /// The windows of a local date, and whether they come from a date override.
    pub fn windows_on(&self, date: NaiveDate) -> (&[TimeWindow], bool) {
        if let Some(windows) = self.overrides.get(&date) {
            return (windows, true);
        }
        let day = self.weekly.day(date.weekday().num_days_from_sunday());
        if day.enabled {
            (&day.slots, false)
        } else {
            (&[], false)
        }
    }
}

/// One host of the event with its schedule and blocking bookings (of any event).
#[derive(Debug, Clone)]
pub struct HostInput {
    pub user_id: i64,
    pub schedule: Schedule,
    pub busy: Vec<Busy>,
    /// The host's cap across all of its events (none by default).
    pub limits: HostLimits,
    /// The host's out-of-office days (none by default).
    pub away: Away,
}

/// How far ahead attendees may book, counted in the host's zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingWindow {
    /// Today plus this many days, inclusive.
    Days(u32),
    /// Between two local dates, inclusive.
    Dates(NaiveDate, NaiveDate),
    Unlimited,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamMode {
    /// One host (single and group events).
    Single,
    /// Offered when any member is free.
    RoundRobin,
    /// Offered when every member is free.
    Collective,
}

/// The event's rules, already parsed from its settings.
#[derive(Debug, Clone)]
pub struct Rules {
    pub event_id: i64,
    pub duration_minutes: u32,
    pub interval_minutes: u32,
    pub buffer_before_minutes: u32,
    pub buffer_after_minutes: u32,
    pub notice_seconds: i64,
    pub window: BookingWindow,
    /// The zone of the booking window and of limit periods (the calendar's zone).
    pub host_zone: Tz,
    /// Seats per start time (1 for single events).
    pub capacity: u32,
    pub limits: Vec<Limit>,
    pub week_start: Weekday,
    pub mode: TeamMode,
}

/// Why a time is not offered. Serialized as snake_case codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Not within the host's hours that day (or the slot would run past the window).
    OutsideHours,
    /// The date has an override that excludes the time.
    DateOverride,
    /// Within hours but not on the slot grid.
    OffGrid,
    /// Sooner than the minimum notice (or in the past).
    Notice,
    /// Beyond the booking window (or before a fixed date range).
    OutsideWindow,
    /// Only the buffer around another booking is in the way.
    Buffer,
    /// Another booking overlaps.
    Overlap,
    /// A booking-frequency or booking-duration limit is reached.
    LimitReached,
    /// Every seat of this group slot is taken.
    Full,
    /// Team event: no member (round robin) or not every member (collective) is free.
    HostBusy,
    /// The host is busy in a connected external calendar (buffers included).
    Calendar,
    /// Held for another visitor who is filling in the form (DESIGN 2.8).
    Held,
    /// The host is out of office that day (DESIGN 2.8).
    OutOfOffice,
}

/// An offered start time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Slot {
    pub start: i64,
    pub end: i64,
    /// Free seats (1 for single events).
    pub remaining: u32,
    /// Members free at this time (team events; empty for one host, who is the event's host).
    pub hosts: Vec<i64>,
}

/// The verdict on one candidate time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub offered: bool,
    pub reasons: Vec<Reason>,
    pub slot: Option<Slot>,
}

/// A prepared computation: busy indexes and limit counters are built once, then queried.
pub struct Engine<'a> {
    rules: &'a Rules,
    hosts: Vec<(&'a HostInput, BusyIndex, HostCounter)>,
    limits: LimitCounter,
    /// Earliest start allowed by the minimum notice.
    notice_from: i64,
    /// The booking window as instants `[start, end)`.
    window_start: i64,
    window_end: i64,
}

impl<'a> Engine<'a> {
    pub fn new(rules: &'a Rules, hosts: &'a [HostInput], now: i64) -> Engine<'a> {
        let before = i64::from(rules.buffer_before_minutes) * MINUTE;
        let after = i64::from(rules.buffer_after_minutes) * MINUTE;
        let indexed = hosts
            .iter()
            .map(|h| {
                (
                    h,
                    BusyIndex::new(&h.busy, rules.event_id, before, after, rules.capacity),
                    HostCounter::new(h, rules.week_start),
                )
            })
            .collect();
        let (window_start, window_end) = window_bounds(rules, now);
        Engine {
            rules,
            hosts: indexed,
            limits: LimitCounter::new(rules, hosts),
            notice_from: now + rules.notice_seconds.max(0),
            window_start,
            window_end,
        }
    }

    fn duration(&self) -> i64 {
        i64::from(self.rules.duration_minutes) * MINUTE
    }

    /// Every offered slot starting in `[from, to)`, in order.
    pub fn slots(&self, from: i64, to: i64) -> Vec<Slot> {
        let from = from.max(self.window_start).max(self.notice_from);
        let to = to.min(self.window_end);
        if from >= to || self.hosts.is_empty() {
            return Vec::new();
        }
        let duration = self.duration();
        let per_host: Vec<Vec<(i64, u32)>> = self
            .hosts
            .iter()
            .map(|(host, index, cap)| {
                let mut cursor = 0;
                grid_starts(&host.schedule, self.rules, from, to)
                    .into_iter()
                    .filter(|start| self.limits.allows(*start, self.rules))
                    .filter(|start| cap.allows(*start, self.rules.week_start))
                    .filter(|start| !host.away.covers(*start))
                    .filter_map(|start| {
                        index
                            .seats_free_sweep(
                                &mut cursor,
                                start,
                                start + duration,
                                self.rules.capacity,
                            )
                            .ok()
                            .map(|r| (start, r))
                    })
                    .collect()
            })
            .collect();
        if let [only] = per_host.as_slice() {
            return only
                .iter()
                .map(|&(start, remaining)| Slot {
                    start,
                    end: start + duration,
                    remaining,
                    hosts: Vec::new(),
                })
                .collect();
        }
        self.merge_team(per_host, duration)
    }

    /// Joins the members' free starts (each list sorted): any member for round robin, every
    /// member for collective. Distinct starts are few and members share most of them, so each
    /// step takes the smallest head of all lists: O(distinct starts × members).
    fn merge_team(&self, per_host: Vec<Vec<(i64, u32)>>, duration: i64) -> Vec<Slot> {
        let members = per_host.len();
        let mut position = vec![0usize; members];
        let mut out = Vec::new();
        loop {
            let next = (0..members)
                .filter_map(|h| per_host[h].get(position[h]).map(|e| e.0))
                .min();
            let Some(start) = next else { break };
            let mut slot = Slot {
                start,
                end: start + duration,
                remaining: 0,
                hosts: Vec::with_capacity(members),
            };
            for h in 0..members {
                if let Some(&(s, remaining)) = per_host[h].get(position[h])
                    && s == start
                {
                    slot.remaining = match (self.rules.mode, slot.hosts.is_empty()) {
                        (_, true) => remaining,
                        (TeamMode::Collective, false) => slot.remaining.min(remaining),
                        _ => slot.remaining.max(remaining),
                    };
                    slot.hosts.push(self.hosts[h].0.user_id);
                    position[h] += 1;
                }
            }
            if self.rules.mode != TeamMode::Collective || slot.hosts.len() == members {
                out.push(slot);
            }
        }
        out
    }

    /// Every start of the slot grid in `[from, to)` within some host's hours, offered or not.
    pub fn grid(&self, from: i64, to: i64) -> Vec<i64> {
        let mut starts: Vec<i64> = self
            .hosts
            .iter()
            .flat_map(|(host, _, _)| grid_starts(&host.schedule, self.rules, from, to))
            .filter(|start| (from..to).contains(start))
            .collect();
        starts.sort_unstable();
        starts.dedup();
        starts
    }

    /// The starts in `[from, to)` a visitor may wait for (DESIGN 2.12): grid starts not offered
    /// only because their place is taken (`full` for a group, `overlap` for a single event) or
    /// held (for a waitlist's offer, or a visitor filling in the form: either may free it).
    /// `offered` are the offered slots of the same range.
    pub fn waitlist_starts(&self, (from, to): (i64, i64), offered: &[Slot]) -> Vec<i64> {
        let offered: std::collections::HashSet<i64> = offered.iter().map(|s| s.start).collect();
        self.grid(from, to)
            .into_iter()
            .filter(|start| !offered.contains(start))
            .filter(|start| self.only_taken(*start))
            .collect()
    }

    /// Whether `start` is refused only because its place is taken or held.
    pub fn only_taken(&self, start: i64) -> bool {
        let reasons = self.evaluate(start).reasons;
        !reasons.is_empty()
            && reasons
                .iter()
                .all(|r| matches!(r, Reason::Full | Reason::Overlap | Reason::Held))
    }

    /// Whether `start` can be booked, with every reason it cannot.
    pub fn evaluate(&self, start: i64) -> Verdict {
        let mut reasons = Vec::new();
        if start < self.notice_from {
            reasons.push(Reason::Notice);
        }
        if start < self.window_start || start >= self.window_end {
            reasons.push(Reason::OutsideWindow);
        }
        if !self.limits.allows(start, self.rules) {
            reasons.push(Reason::LimitReached);
        }
        let mut free = Vec::new();
        let mut remaining = u32::MAX;
        let mut host_reasons = Vec::new();
        for (host, index, cap) in &self.hosts {
            // Rules of the host itself, across all of its events.
            let held_back = [
                (!cap.allows(start, self.rules.week_start)).then_some(Reason::LimitReached),
                host.away.covers(start).then_some(Reason::OutOfOffice),
            ];
            match self.evaluate_host(host, index, start) {
                Ok(seats) if held_back.iter().all(Option::is_none) => {
                    free.push(host.user_id);
                    remaining = remaining.min(seats);
                }
                Ok(_) => host_reasons.extend(held_back.into_iter().flatten()),
                Err(mut why) => {
                    host_reasons.append(&mut why);
                    host_reasons.extend(held_back.into_iter().flatten());
                }
            }
        }
        let team_ok = match self.rules.mode {
            TeamMode::Collective => free.len() == self.hosts.len() && !self.hosts.is_empty(),
            _ => !free.is_empty(),
        };
        if !team_ok {
            if self.rules.mode != TeamMode::Single {
                reasons.push(Reason::HostBusy);
            }
            reasons.extend(host_reasons);
        }
        reasons.sort();
        reasons.dedup();
        let offered = reasons.is_empty();
        Verdict {
            offered,
            slot: offered.then(|| Slot {
                start,
                end: start + self.duration(),
                remaining,
                hosts: free,
            }),
            reasons,
        }
    }

    /// The host rules for one member: hours, grid, busy, capacity. Answers free seats.
    fn evaluate_host(
        &self,
        host: &HostInput,
        index: &BusyIndex,
        start: i64,
    ) -> Result<u32, Vec<Reason>> {
        let schedule = &host.schedule;
        let (date, minute) = local_of(schedule.zone, start);
        let day = LocalDay::new(schedule.zone, date);
        let (windows, overridden) = schedule.windows_on(date);
        let end = start + self.duration();
        let interval = self.rules.interval_minutes.max(1);
        let mut inside = false;
        for w in windows {
            let (ws, we) = (
                day.bound(u32::from(w.start.minutes())),
                day.bound(u32::from(w.end.minutes())),
            );
            if start < ws || end > we {
                continue;
            }
            inside = true;
            let on_grid = minute >= u32::from(w.start.minutes())
                && (minute - u32::from(w.start.minutes())) % interval == 0
                && day.instant(minute) == Some(start);
            if on_grid {
                return index
                    .seats_free(start, end, self.rules.capacity)
                    .map_err(|r| vec![r]);
            }
        }
        Err(vec![match (inside, overridden) {
            (true, _) => Reason::OffGrid,
            (false, true) => Reason::DateOverride,
            (false, false) => Reason::OutsideHours,
        }])
    }
}

/// Candidate starts on a host's grid within `[from, to)`, in order.
fn grid_starts(schedule: &Schedule, rules: &Rules, from: i64, to: i64) -> Vec<i64> {
    let duration = i64::from(rules.duration_minutes) * MINUTE;
    let interval = rules.interval_minutes.max(1);
    let (first_date, _) = local_of(schedule.zone, from);
    let (last_date, _) = local_of(schedule.zone, to);
    let mut starts = Vec::new();
    let mut date = first_date;
    let mut hint = None;
    while date <= last_date {
        let day = LocalDay::with_hint(schedule.zone, date, hint);
        hint = day.steady_offset().or(hint);
        for w in schedule.windows_on(date).0 {
            let (ws, we) = (u32::from(w.start.minutes()), u32::from(w.end.minutes()));
            let (bound_start, bound_end) = (day.bound(ws), day.bound(we));
            let mut minute = ws;
            while minute < we {
                if let Some(start) = day.instant(minute)
                    && start >= bound_start
                    && start + duration <= bound_end
                    && start >= from
                    && start < to
                {
                    starts.push(start);
                }
                minute += interval;
            }
        }
        date += Duration::days(1);
    }
    // Windows of a day are sorted and disjoint, so starts are in order except on DST days.
    if !starts.is_sorted() {
        starts.sort_unstable();
    }
    starts.dedup();
    starts
}

/// The booking window as instants `[start, end)` for `now`.
fn window_bounds(rules: &Rules, now: i64) -> (i64, i64) {
    let (today, _) = local_of(rules.host_zone, now);
    match rules.window {
        BookingWindow::Days(days) => (
            i64::MIN / 2,
            LocalDay::new(rules.host_zone, today + Duration::days(i64::from(days))).end(),
        ),
        BookingWindow::Dates(from, to) => (
            LocalDay::new(rules.host_zone, from).start(),
            LocalDay::new(rules.host_zone, to).end(),
        ),
        BookingWindow::Unlimited => (i64::MIN / 2, i64::MAX / 2),
    }
}

/// Shortcut: the offered slots of `[from, to)`.
pub fn available_slots(
    rules: &Rules,
    hosts: &[HostInput],
    now: i64,
    from: i64,
    to: i64,
) -> Vec<Slot> {
    Engine::new(rules, hosts, now).slots(from, to)
}

/// Shortcut: the verdict on one start time.
pub fn explain(rules: &Rules, hosts: &[HostInput], now: i64, start: i64) -> Verdict {
    Engine::new(rules, hosts, now).evaluate(start)
}
