//! Wall-clock times on concrete dates to instants, with the tz database (DST-correct).
//!
//! Rules, applied everywhere a local time becomes an instant:
//! - a local time that does not exist (skipped by a spring-forward gap) has no instant;
//!   as a *window bound* it means the first instant after the gap;
//! - a local time that exists twice (repeated by a fall-back) means its *first* occurrence.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone};
use chrono_tz::Tz;

/// One local date of a zone, with its offsets, so that most conversions are plain arithmetic.
#[derive(Debug, Clone, Copy)]
pub struct LocalDay {
    pub date: NaiveDate,
    zone: Tz,
    /// Offset in seconds when it holds all day (no transition on this date).
    steady_offset: Option<i64>,
}

fn naive(date: NaiveDate, minutes: u32) -> NaiveDateTime {
    date.and_time(NaiveTime::MIN) + Duration::minutes(i64::from(minutes))
}

fn offset_at(zone: Tz, instant: i64) -> i64 {
    let utc = chrono::DateTime::from_timestamp(instant, 0)
        .unwrap_or_default()
        .naive_utc();
    i64::from(zone.offset_from_utc_datetime(&utc).fix().local_minus_utc())
}

/// The instant of a local date-time: `None` in a gap, the first occurrence when repeated.
pub fn exact_instant(zone: Tz, local: NaiveDateTime) -> Option<i64> {
    zone.from_local_datetime(&local)
        .earliest()
        .map(|t| t.timestamp())
}

/// The first instant whose local time is at or after `local` (a gap moves to its end).
pub fn instant_at_or_after(zone: Tz, local: NaiveDateTime) -> i64 {
    if let Some(t) = exact_instant(zone, local) {
        return t;
    }
    // Gaps are at most a few hours; the first minute after one exists.
    (1..=24 * 60)
        .find_map(|m| exact_instant(zone, local + Duration::minutes(m)))
        .unwrap_or_else(|| local.and_utc().timestamp())
}

impl LocalDay {
    pub fn new(zone: Tz, date: NaiveDate) -> LocalDay {
        let start = instant_at_or_after(zone, naive(date, 0));
        let end = instant_at_or_after(zone, naive(date, 24 * 60));
        let (a, b) = (offset_at(zone, start), offset_at(zone, end - 1));
        LocalDay {
            date,
            zone,
            steady_offset: (a == b).then_some(a),
        }
    }

    /// Like [`LocalDay::new`], trying the previous day's offset first: two offset lookups on the
    /// many days without a transition instead of four conversions.
    pub fn with_hint(zone: Tz, date: NaiveDate, hint: Option<i64>) -> LocalDay {
        if let Some(offset) = hint {
            let start = naive(date, 0).and_utc().timestamp() - offset;
            if offset_at(zone, start) == offset && offset_at(zone, start + 86_399) == offset {
                return LocalDay {
                    date,
                    zone,
                    steady_offset: Some(offset),
                };
            }
        }
        LocalDay::new(zone, date)
    }

    /// The offset when it holds all day.
    pub fn steady_offset(&self) -> Option<i64> {
        self.steady_offset
    }

    /// The instant of `minutes` after local midnight (`None` inside a gap).
    pub fn instant(&self, minutes: u32) -> Option<i64> {
        match self.steady_offset {
            Some(offset) if minutes < 24 * 60 => {
                Some(naive(self.date, minutes).and_utc().timestamp() - offset)
            }
            _ => exact_instant(self.zone, naive(self.date, minutes)),
        }
    }

    /// The first instant at or after `minutes` past local midnight (for window bounds).
    pub fn bound(&self, minutes: u32) -> i64 {
        match self.steady_offset {
            Some(offset) if minutes < 24 * 60 => {
                naive(self.date, minutes).and_utc().timestamp() - offset
            }
            _ => instant_at_or_after(self.zone, naive(self.date, minutes)),
        }
    }

    /// The first instant of this local date.
    pub fn start(&self) -> i64 {
        self.bound(0)
    }

    /// The first instant of the next local date.
    pub fn end(&self) -> i64 {
        instant_at_or_after(self.zone, naive(self.date, 24 * 60))
    }
}

/// The local date and minute of day of an instant.
pub fn local_of(zone: Tz, instant: i64) -> (NaiveDate, u32) {
    let utc = chrono::DateTime::from_timestamp(instant, 0).unwrap_or_default();
    let local = utc.with_timezone(&zone).naive_local();
    let minutes = local
        .time()
        .signed_duration_since(NaiveTime::MIN)
        .num_minutes();
    (local.date(), minutes as u32)
}

/// Seconds of one minute, for readability of instant arithmetic.
pub const MINUTE: i64 = 60;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::{America, Australia, Europe};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn a_spring_forward_day_has_23_hours_and_its_gap_has_no_instants() {
        let day = LocalDay::new(America::New_York, date(2027, 3, 14));
        assert_eq!(day.end() - day.start(), 23 * 3600);
        assert_eq!(day.instant(2 * 60 + 30), None, "02:30 does not exist");
        assert_eq!(
            day.bound(2 * 60 + 30),
            day.instant(3 * 60).unwrap_or_default(),
            "a bound in the gap moves to its end"
        );
        // 09:00 EDT = 13:00 UTC
        assert_eq!(day.instant(9 * 60), Some(1_805_029_200));
    }

    #[test]
    fn a_fall_back_day_has_25_hours_and_repeated_times_mean_the_first() {
        let day = LocalDay::new(America::New_York, date(2027, 11, 7));
        assert_eq!(day.end() - day.start(), 25 * 3600);
        let first = day.instant(60 + 30).unwrap_or_default();
        assert_eq!(local_of(America::New_York, first), (date(2027, 11, 7), 90));
        assert_eq!(
            local_of(America::New_York, first + 3600),
            (date(2027, 11, 7), 90),
            "01:30 happens twice"
        );
        assert_eq!(
            offset_at(America::New_York, first),
            -4 * 3600,
            "the first 01:30 is still EDT"
        );
    }

    #[test]
    fn lord_howe_shifts_by_thirty_minutes() {
        // DST starts 2027-10-03 02:00 -> 02:30.
        let day = LocalDay::new(Australia::Lord_Howe, date(2027, 10, 3));
        assert_eq!(day.end() - day.start(), 23 * 3600 + 1800);
        assert_eq!(day.instant(2 * 60 + 15), None);
        assert!(day.instant(2 * 60 + 30).is_some());
    }

    #[test]
    fn steady_days_convert_with_their_offset() {
        let day = LocalDay::new(Europe::Berlin, date(2027, 1, 4));
        assert_eq!(
            day.instant(9 * 60),
            Some(naive(date(2027, 1, 4), 8 * 60).and_utc().timestamp())
        );
        assert_eq!(day.end() - day.start(), 24 * 3600);
    }
}
