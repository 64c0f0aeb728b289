//! Dates and times as the booking pages name them: month grids, full date names, 12/24-hour
//! clock labels, and the UTC offset of a zone on a given day (which changes on DST days).

use chrono::{Datelike, Duration, NaiveDate, NaiveTime, Offset, TimeZone};
use chrono_tz::Tz;

/// "Monday 14 December 2026": the accessible name of a day.
pub fn full_date(date: NaiveDate) -> String {
    date.format("%A %-d %B %Y").to_string()
}

/// "14 December 2026": a date in a sentence (out-of-office notices and lists).
pub fn day_month_year(date: NaiveDate) -> String {
    date.format("%-d %B %Y").to_string()
}

/// "December 2026".
pub fn month_caption(first: NaiveDate) -> String {
    first.format("%B %Y").to_string()
}

/// `YYYY-MM` as the first day of that month.
pub fn parse_month(text: &str) -> Option<NaiveDate> {
    let (year, month) = text.split_once('-')?;
    if year.len() != 4 || month.len() != 2 {
        return None;
    }
    NaiveDate::from_ymd_opt(year.parse().ok()?, month.parse().ok()?, 1)
}

/// `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    if text.len() != 10 {
        return None;
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// `HH:mm` (24-hour).
pub fn parse_time(text: &str) -> Option<NaiveTime> {
    if text.len() != 5 {
        return None;
    }
    NaiveTime::parse_from_str(text, "%H:%M").ok()
}

pub fn first_of_month(date: NaiveDate) -> NaiveDate {
    date.with_day(1).unwrap_or(date)
}

pub fn add_months(first: NaiveDate, months: i32) -> NaiveDate {
    let shifted = if months >= 0 {
        first.checked_add_months(chrono::Months::new(months.unsigned_abs()))
    } else {
        first.checked_sub_months(chrono::Months::new(months.unsigned_abs()))
    };
    shifted.unwrap_or(first)
}

/// The weeks of the month of `first`, each starting on `week_start`; `None` pads the first
/// and last week.
pub fn month_weeks(first: NaiveDate, week_start: chrono::Weekday) -> Vec<[Option<NaiveDate>; 7]> {
    let first = first_of_month(first);
    let next = add_months(first, 1);
    let mut weeks = Vec::new();
    let mut week = [None; 7];
    let mut day = first;
    while day < next {
        let column = (7 + day.weekday().num_days_from_monday() - week_start.num_days_from_monday())
            as usize
            % 7;
        week[column] = Some(day);
        if column == 6 {
            weeks.push(week);
            week = [None; 7];
        }
        day += Duration::days(1);
    }
    if week.iter().any(Option::is_some) {
        weeks.push(week);
    }
    weeks
}

/// A start time as the clock setting shows it: "9:00am" (12-hour) or "09:00" (24-hour).
pub fn clock_label(time: NaiveTime, h12: bool) -> String {
    if h12 {
        time.format("%-I:%M%P").to_string()
    } else {
        time.format("%H:%M").to_string()
    }
}

/// "UTC+01:00" for an offset in seconds east of UTC.
/// "Monday 14 December 2026, 9:00am – 9:30am": a span of two instants (epoch seconds) on the
/// wall clock of `zone`.
pub fn span_label(start: i64, end: i64, zone: Tz, h12: bool) -> String {
    let local = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .with_timezone(&zone)
            .naive_local()
    };
    let (start, end) = (local(start), local(end));
    format!(
        "{}, {} \u{2013} {}",
        full_date(start.date()),
        clock_label(start.time(), h12),
        clock_label(end.time(), h12)
    )
}

pub fn offset_label(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("UTC{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The zone's offset at local noon of `date` (noon exists on every day, DST or not).
pub fn offset_on(zone: Tz, date: NaiveDate) -> i32 {
    let noon = date.and_hms_opt(12, 0, 0).unwrap_or_default();
    zone.from_local_datetime(&noon)
        .earliest()
        .map(|t| t.offset().fix().local_minus_utc())
        .unwrap_or(0)
}

/// "Europe/Berlin, UTC+01:00": a zone named with its offset on `date`.
pub fn zone_label(zone: Tz, date: NaiveDate) -> String {
    format!("{}, {}", zone.name(), offset_label(offset_on(zone, date)))
}

/// The offsets before and after, when the zone's UTC offset changes during `date`.
pub fn offset_change(zone: Tz, date: NaiveDate) -> Option<(i32, i32)> {
    let at = |d: NaiveDate| {
        let midnight = d.and_hms_opt(0, 0, 0).unwrap_or_default();
        // Midnight may not exist (a few zones change at 00:00): take the first valid instant.
        let instant = zone
            .from_local_datetime(&midnight)
            .earliest()
            .or_else(|| {
                zone.from_local_datetime(&(midnight + Duration::hours(1)))
                    .earliest()
            })
            .map(|t| t.timestamp())?;
        Some(
            zone.offset_from_utc_datetime(
                &chrono::DateTime::from_timestamp(instant, 0)?.naive_utc(),
            )
            .fix()
            .local_minus_utc(),
        )
    };
    let (before, after) = (at(date)?, at(date + Duration::days(1))?);
    (before != after).then_some((before, after))
}

/// Every IANA zone grouped by its area ("Europe", "America", ...), for the zone picker.
/// Legacy aliases without an area (`EST`, `GB`, ...) are left out; `UTC` is its own group.
pub fn zone_groups() -> Vec<(String, Vec<&'static str>)> {
    let mut groups: Vec<(String, Vec<&'static str>)> = vec![("UTC".into(), vec!["UTC"])];
    for zone in chrono_tz::TZ_VARIANTS {
        let name = zone.name();
        let Some((area, _)) = name.split_once('/') else {
            continue;
        };
        if matches!(
            area,
            "Etc" | "SystemV" | "US" | "Canada" | "Brazil" | "Chile" | "Mexico"
        ) {
            continue;
        }
        match groups.iter_mut().find(|(a, _)| a == area) {
            Some((_, names)) => names.push(name),
            None => groups.push((area.to_string(), vec![name])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap_or_default()
    }

    #[test]
    fn a_span_reads_on_the_zone_s_wall_clock() {
        // 2026-12-14 08:00-08:30 UTC is 09:00-09:30 in Berlin (winter time).
        let start = 1_797_235_200;
        let berlin: Tz = "Europe/Berlin".parse().unwrap_or(chrono_tz::UTC);
        assert_eq!(
            span_label(start, start + 1_800, berlin, false),
            "Monday 14 December 2026, 09:00 \u{2013} 09:30"
        );
    }

    #[test]
    fn names_read_as_people_write_them() {
        assert_eq!(full_date(d(2026, 12, 14)), "Monday 14 December 2026");
        assert_eq!(month_caption(d(2026, 12, 1)), "December 2026");
        let nine = NaiveTime::from_hms_opt(9, 0, 0).unwrap_or_default();
        assert_eq!(clock_label(nine, true), "9:00am");
        assert_eq!(clock_label(nine, false), "09:00");
        let evening = NaiveTime::from_hms_opt(21, 30, 0).unwrap_or_default();
        assert_eq!(clock_label(evening, true), "9:30pm");
        assert_eq!(offset_label(3600), "UTC+01:00");
        assert_eq!(offset_label(-16_200), "UTC-04:30");
        assert_eq!(offset_label(20_700), "UTC+05:45");
    }

    #[test]
    fn bad_query_values_are_not_parsed() {
        assert_eq!(parse_month("2026-13"), None);
        assert_eq!(parse_month("2026-1"), None);
        assert_eq!(parse_month("2026-02"), Some(d(2026, 2, 1)));
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_date("2026-02-28"), Some(d(2026, 2, 28)));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_time("9:00"), None);
        assert!(parse_time("09:30").is_some());
    }

    #[test]
    fn month_weeks_start_on_the_given_day_and_hold_every_day_once() {
        use chrono::Weekday;
        // February 2027 starts on a Monday and has exactly four Monday-first weeks.
        let weeks = month_weeks(d(2027, 2, 1), Weekday::Mon);
        assert_eq!(weeks.len(), 4);
        assert_eq!(weeks[0][0], Some(d(2027, 2, 1)));
        // December 2026 starts on a Tuesday: Monday is padding; 31 days in 5 weeks.
        let weeks = month_weeks(d(2026, 12, 1), Weekday::Mon);
        assert_eq!(weeks[0][0], None);
        assert_eq!(weeks[0][1], Some(d(2026, 12, 1)));
        let days: Vec<NaiveDate> = weeks.iter().flatten().flatten().copied().collect();
        assert_eq!(days.len(), 31);
        assert_eq!(weeks.len(), 5);
        // Sunday first (en): the Tuesday is the third column; Saturday first (ar): the fourth.
        assert_eq!(
            month_weeks(d(2026, 12, 1), Weekday::Sun)[0][2],
            Some(d(2026, 12, 1))
        );
        let saturday_first = month_weeks(d(2026, 12, 1), Weekday::Sat);
        assert_eq!(saturday_first[0][3], Some(d(2026, 12, 1)));
        assert_eq!(saturday_first.iter().flatten().flatten().count(), 31);
    }

    #[test]
    fn offsets_follow_daylight_saving_on_both_edges() {
        let berlin = chrono_tz::Europe::Berlin;
        assert_eq!(
            zone_label(berlin, d(2026, 12, 14)),
            "Europe/Berlin, UTC+01:00"
        );
        assert_eq!(
            zone_label(berlin, d(2026, 7, 1)),
            "Europe/Berlin, UTC+02:00"
        );
        assert_eq!(offset_change(berlin, d(2026, 3, 29)), Some((3600, 7200)));
        assert_eq!(offset_change(berlin, d(2026, 10, 25)), Some((7200, 3600)));
        assert_eq!(offset_change(berlin, d(2026, 3, 28)), None);
        let new_york = chrono_tz::America::New_York;
        assert_eq!(
            offset_change(new_york, d(2026, 3, 8)),
            Some((-18_000, -14_400))
        );
        assert_eq!(
            offset_change(new_york, d(2026, 11, 1)),
            Some((-14_400, -18_000))
        );
        // Between the US and EU changes New York is already on summer time, Berlin not yet.
        assert_eq!(
            zone_label(new_york, d(2026, 3, 20)),
            "America/New_York, UTC-04:00"
        );
        assert_eq!(
            zone_label(berlin, d(2026, 3, 20)),
            "Europe/Berlin, UTC+01:00"
        );
    }

    #[test]
    fn zone_groups_hold_the_common_zones_once() {
        let groups = zone_groups();
        let all: Vec<&str> = groups.iter().flat_map(|(_, z)| z.iter().copied()).collect();
        for zone in [
            "UTC",
            "Europe/Berlin",
            "America/New_York",
            "Asia/Kathmandu",
            "Australia/Sydney",
        ] {
            assert_eq!(all.iter().filter(|z| **z == zone).count(), 1, "{zone}");
        }
        assert!(!all.contains(&"EST"));
        assert!(groups.iter().any(|(area, _)| area == "Pacific"));
    }
}
