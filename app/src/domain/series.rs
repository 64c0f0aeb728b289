//! A series' occurrences (DESIGN 2.8): the same wall-clock time every N days, weeks or months,
//! counted from the first. Local times, so an occurrence keeps its time across a DST change;
//! a monthly series skips months without the first's day of the month (as RFC 5545 does) and
//! still has its full count.

use chrono::{Datelike, Duration, Months, NaiveDate, NaiveDateTime};

/// How often a series repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frequency {
    Daily,
    Weekly,
    Monthly,
}

impl Frequency {
    /// `daily`, `weekly` or `monthly`; anything else is weekly (the default).
    pub fn parse(text: &str) -> Frequency {
        match text {
            "daily" => Frequency::Daily,
            "monthly" => Frequency::Monthly,
            _ => Frequency::Weekly,
        }
    }

    /// The unit the catalogs' "repeats every" message selects on.
    pub fn unit(self) -> &'static str {
        match self {
            Frequency::Daily => "day",
            Frequency::Weekly => "week",
            Frequency::Monthly => "month",
        }
    }
}

/// The local start of each of `count` occurrences, the first being `first`.
pub fn occurrences(
    first: NaiveDateTime,
    frequency: Frequency,
    interval: i64,
    count: usize,
) -> Vec<NaiveDateTime> {
    let interval = interval.max(1);
    let mut found = Vec::with_capacity(count);
    let mut step: i64 = 0;
    // Monthly series skip months without the day; a day exists at least 7 times in 12 months,
    // so this bound is never reached by a valid series.
    while found.len() < count && step < (count as i64) * 12 + 12 {
        let at = match frequency {
            Frequency::Daily => Some(first + Duration::days(step * interval)),
            Frequency::Weekly => Some(first + Duration::weeks(step * interval)),
            Frequency::Monthly => {
                month_later(first.date(), step * interval).map(|date| date.and_time(first.time()))
            }
        };
        if let Some(at) = at {
            found.push(at);
        }
        step += 1;
    }
    found
}

/// The same day of the month `months` months later, if that month has it.
fn month_later(date: NaiveDate, months: i64) -> Option<NaiveDate> {
    let months = u32::try_from(months).ok()?;
    let shifted = date.checked_add_months(Months::new(months))?;
    (shifted.day() == date.day()).then_some(shifted)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap_or_default()
    }

    #[test]
    fn weekly_occurrences_keep_their_wall_clock_time() {
        let all = occurrences(at("2026-10-19 09:00"), Frequency::Weekly, 1, 3);
        assert_eq!(
            all,
            vec![
                at("2026-10-19 09:00"),
                at("2026-10-26 09:00"),
                at("2026-11-02 09:00")
            ]
        );
        let every_other = occurrences(at("2026-10-19 09:00"), Frequency::Daily, 2, 2);
        assert_eq!(every_other[1], at("2026-10-21 09:00"));
    }

    #[test]
    fn monthly_series_skip_months_without_the_day_and_keep_their_count() {
        let all = occurrences(at("2027-01-31 10:00"), Frequency::Monthly, 1, 4);
        assert_eq!(
            all,
            vec![
                at("2027-01-31 10:00"),
                at("2027-03-31 10:00"),
                at("2027-05-31 10:00"),
                at("2027-07-31 10:00")
            ]
        );
    }

    #[test]
    fn units_name_what_repeats() {
        assert_eq!(Frequency::parse("weekly").unit(), "week");
        assert_eq!(Frequency::parse("monthly").unit(), "month");
        assert_eq!(Frequency::parse("daily").unit(), "day");
        assert_eq!(Frequency::parse("yearly").unit(), "week");
    }
}
