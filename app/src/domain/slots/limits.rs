//! Booking-frequency and booking-duration limits per local day, week and month.

use std::collections::{HashMap, HashSet};

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use serde::Serialize;

use super::local::local_of;
use super::{HostInput, Rules};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Period {
    Day,
    Week,
    Month,
}

/// One limit on this event's bookings in a period of the host's zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// At most this many bookings (groups) per period.
    Bookings(Period, u32),
    /// At most this many booked minutes per period.
    Minutes(Period, u32),
}

/// A host's own cap across all of its events (DESIGN 2.8 host limits): at most so many
/// bookings per day and per week of its zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostLimits {
    pub zone: chrono_tz::Tz,
    pub per_day: Option<u32>,
    pub per_week: Option<u32>,
}

impl Default for HostLimits {
    fn default() -> HostLimits {
        HostLimits {
            zone: chrono_tz::UTC,
            per_day: None,
            per_week: None,
        }
    }
}

impl HostLimits {
    pub fn is_set(&self) -> bool {
        self.per_day.is_some() || self.per_week.is_some()
    }
}

/// One host's bookings of any event per day and week of its zone (a group slot once; busy
/// times of its calendars and holds do not count).
pub(super) struct HostCounter {
    limits: HostLimits,
    counts: HashMap<(Period, i64), u32>,
}

impl HostCounter {
    pub(super) fn new(host: &HostInput, week_start: Weekday) -> HostCounter {
        let limits = host.limits;
        let mut counts = HashMap::new();
        if limits.is_set() {
            let mut seen = HashSet::new();
            for busy in host.busy.iter().filter(|b| !b.external && !b.held) {
                if !seen.insert(busy.group_id) {
                    continue;
                }
                let (date, _) = local_of(limits.zone, busy.start);
                for period in [Period::Day, Period::Week] {
                    *counts
                        .entry((period, period_key(period, date, week_start)))
                        .or_insert(0) += 1;
                }
            }
        }
        HostCounter { limits, counts }
    }

    /// Whether the host may take one more booking starting at `start`.
    pub(super) fn allows(&self, start: i64, week_start: Weekday) -> bool {
        if !self.limits.is_set() {
            return true;
        }
        let (date, _) = local_of(self.limits.zone, start);
        [
            (Period::Day, self.limits.per_day),
            (Period::Week, self.limits.per_week),
        ]
        .into_iter()
        .all(|(period, cap)| {
            cap.is_none_or(|cap| {
                let key = (period, period_key(period, date, week_start));
                self.counts.get(&key).copied().unwrap_or(0) < cap
            })
        })
    }
}

fn period_key(period: Period, date: NaiveDate, week_start: Weekday) -> i64 {
    match period {
        Period::Day => i64::from(date.num_days_from_ce()),
        Period::Week => {
            let back =
                (7 + date.weekday().num_days_from_monday() - week_start.num_days_from_monday()) % 7;
            i64::from((date - Duration::days(i64::from(back))).num_days_from_ce())
        }
        Period::Month => i64::from(date.year()) * 12 + i64::from(date.month0()),
    }
}

/// Bookings and minutes of the event per period, counted once.
pub(super) struct LimitCounter {
    totals: HashMap<(Period, i64), (u32, u32)>,
}

impl LimitCounter {
    pub(super) fn new(rules: &Rules, hosts: &[HostInput]) -> LimitCounter {
        let mut totals = HashMap::new();
        if rules.limits.is_empty() {
            return LimitCounter { totals };
        }
        let mut seen = HashSet::new();
        for busy in hosts
            .iter()
            .flat_map(|h| &h.busy)
            .filter(|b| b.event_id == rules.event_id && !b.held)
        {
            if !seen.insert(busy.group_id) {
                continue;
            }
            let (date, _) = local_of(rules.host_zone, busy.start);
            let minutes = ((busy.end - busy.start) / 60).max(0) as u32;
            for period in [Period::Day, Period::Week, Period::Month] {
                let entry = totals
                    .entry((period, period_key(period, date, rules.week_start)))
                    .or_insert((0, 0));
                entry.0 += 1;
                entry.1 += minutes;
            }
        }
        LimitCounter { totals }
    }

    /// Whether one more booking of `rules.duration_minutes` starting at `start` stays within every limit.
    pub(super) fn allows(&self, start: i64, rules: &Rules) -> bool {
        if rules.limits.is_empty() {
            return true;
        }
        let (date, _) = local_of(rules.host_zone, start);
        rules.limits.iter().all(|limit| {
            let period = match limit {
                Limit::Bookings(p, _) | Limit::Minutes(p, _) => *p,
            };
            let (count, minutes) = self
                .totals
                .get(&(period, period_key(period, date, rules.week_start)))
                .copied()
                .unwrap_or((0, 0));
            match limit {
                Limit::Bookings(_, max) => count < *max,
                Limit::Minutes(_, max) => minutes + rules.duration_minutes <= *max,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weeks_start_on_the_configured_day() {
        let wednesday = NaiveDate::from_ymd_opt(2027, 1, 6).unwrap_or_default();
        let sunday = NaiveDate::from_ymd_opt(2027, 1, 3).unwrap_or_default();
        let monday = NaiveDate::from_ymd_opt(2027, 1, 4).unwrap_or_default();
        assert_eq!(
            period_key(Period::Week, wednesday, Weekday::Sun),
            i64::from(sunday.num_days_from_ce())
        );
        assert_eq!(
            period_key(Period::Week, wednesday, Weekday::Mon),
            i64::from(monday.num_days_from_ce())
        );
        assert_eq!(
            period_key(Period::Week, sunday, Weekday::Sun),
            i64::from(sunday.num_days_from_ce())
        );
    }
}
