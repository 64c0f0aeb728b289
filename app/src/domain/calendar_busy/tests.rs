//! Fixed cases of the expansion in several zones, across both DST edges.

use super::*;

fn utc(text: &str) -> i64 {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .expect("test time")
        .and_utc()
        .timestamp()
}

fn show(i: &Interval) -> (String, String) {
    let f = |t: i64| {
        DateTime::from_timestamp(t, 0)
            .expect("instant")
            .format("%Y-%m-%d %H:%M")
            .to_string()
    };
    (f(i.start), f(i.end))
}

fn busy_in(ics: &str, zone: Tz, from: &str, to: &str) -> Vec<(String, String)> {
    let none = |_: &str| false;
    busy_with(ics, zone, from, to, &none)
}

fn busy_with(
    ics: &str,
    zone: Tz,
    from: &str,
    to: &str,
    own: &dyn Fn(&str) -> bool,
) -> Vec<(String, String)> {
    let window = Window {
        from: utc(from),
        to: utc(to),
        user_zone: zone,
        own_uids: own,
    };
    busy_times(ics, &window)
        .expect("a calendar")
        .iter()
        .map(show)
        .collect()
}

fn calendar(events: &str) -> String {
    format!("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n{events}END:VCALENDAR\r\n")
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

#[test]
fn a_timed_event_is_read_in_its_own_zone() {
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Berlin:20260615T140000\r\nDTEND;TZID=Europe/Berlin:20260615T153000\r\nSUMMARY:Dentist\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20260616T090000Z\r\nDURATION:PT45M\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:c\r\nDTSTART;TZID=Asia/Kolkata:20260617T100000\r\nDTEND;TZID=Asia/Kolkata:20260617T110000\r\nEND:VEVENT\r\n",
    );
    assert_eq!(
        busy_in(&ics, chrono_tz::UTC, "2026-06-01 00:00", "2026-07-01 00:00"),
        vec![
            pair("2026-06-15 12:00", "2026-06-15 13:30"),
            pair("2026-06-16 09:00", "2026-06-16 09:45"),
            pair("2026-06-17 04:30", "2026-06-17 05:30"),
        ]
    );
}

#[test]
fn transparent_cancelled_and_own_events_are_not_busy() {
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:free\r\nDTSTART:20260615T090000Z\r\nDTEND:20260615T100000Z\r\nTRANSP:TRANSPARENT\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:gone\r\nDTSTART:20260615T110000Z\r\nDTEND:20260615T120000Z\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:ours@slotbook\r\nDTSTART:20260615T130000Z\r\nDTEND:20260615T140000Z\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:real\r\nDTSTART:20260615T150000Z\r\nDTEND:20260615T160000Z\r\nTRANSP:OPAQUE\r\nSTATUS:CONFIRMED\r\nEND:VEVENT\r\n",
    );
    let own = |uid: &str| uid == "ours@slotbook";
    assert_eq!(
        busy_with(
            &ics,
            chrono_tz::UTC,
            "2026-06-01 00:00",
            "2026-07-01 00:00",
            &own
        ),
        vec![pair("2026-06-15 15:00", "2026-06-15 16:00")]
    );
}

#[test]
fn all_day_events_block_whole_dates_in_the_users_zone() {
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:holiday\r\nDTSTART;VALUE=DATE:20260704\r\nDTEND;VALUE=DATE:20260705\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:trip\r\nDTSTART;VALUE=DATE:20261031\r\nDTEND;VALUE=DATE:20261102\r\nEND:VEVENT\r\n",
    );
    // New York: UTC-4 in July; the trip spans the fall-back night (Nov 1), so it lasts 49 hours.
    assert_eq!(
        busy_in(
            &ics,
            chrono_tz::America::New_York,
            "2026-06-01 00:00",
            "2026-12-01 00:00"
        ),
        vec![
            pair("2026-07-04 04:00", "2026-07-05 04:00"),
            pair("2026-10-31 04:00", "2026-11-02 05:00"),
        ]
    );
}

#[test]
fn a_weekly_meeting_keeps_its_wall_clock_time_across_spring_forward() {
    // Berlin moves to summer time on 2026-03-29: 09:00 local is 08:00 UTC before, 07:00 after.
    // The instance of 2026-03-24 is cancelled by EXDATE, the one of 2026-04-07 moved to 15:00.
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:weekly\r\nDTSTART;TZID=Europe/Berlin:20260317T090000\r\nDTEND;TZID=Europe/Berlin:20260317T100000\r\n\
         RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6\r\nEXDATE;TZID=Europe/Berlin:20260324T090000\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:weekly\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260407T090000\r\nDTSTART;TZID=Europe/Berlin:20260407T150000\r\nDTEND;TZID=Europe/Berlin:20260407T160000\r\nEND:VEVENT\r\n",
    );
    assert_eq!(
        busy_in(&ics, chrono_tz::UTC, "2026-03-01 00:00", "2026-05-01 00:00"),
        vec![
            pair("2026-03-17 08:00", "2026-03-17 09:00"),
            pair("2026-03-31 07:00", "2026-03-31 08:00"),
            pair("2026-04-07 13:00", "2026-04-07 14:00"),
            pair("2026-04-14 07:00", "2026-04-14 08:00"),
            pair("2026-04-21 07:00", "2026-04-21 08:00"),
        ]
    );
}

#[test]
fn a_daily_event_keeps_its_time_across_fall_back_in_new_york_and_sydney() {
    // New York falls back on 2026-11-01 (UTC-4 -> UTC-5).
    let ny = calendar(
        "BEGIN:VEVENT\r\nUID:standup\r\nDTSTART;TZID=America/New_York:20261030T093000\r\nDURATION:PT15M\r\nRRULE:FREQ=DAILY;UNTIL=20261102T235959Z\r\nEND:VEVENT\r\n",
    );
    assert_eq!(
        busy_in(&ny, chrono_tz::UTC, "2026-10-01 00:00", "2026-12-01 00:00"),
        vec![
            pair("2026-10-30 13:30", "2026-10-30 13:45"),
            pair("2026-10-31 13:30", "2026-10-31 13:45"),
            pair("2026-11-01 14:30", "2026-11-01 14:45"),
            pair("2026-11-02 14:30", "2026-11-02 14:45"),
        ]
    );
    // Sydney leaves summer time on 2026-04-05 (UTC+11 -> UTC+10).
    let sydney = calendar(
        "BEGIN:VEVENT\r\nUID:sync\r\nDTSTART;TZID=Australia/Sydney:20260404T080000\r\nDTEND;TZID=Australia/Sydney:20260404T090000\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r\n",
    );
    assert_eq!(
        busy_in(
            &sydney,
            chrono_tz::UTC,
            "2026-04-01 00:00",
            "2026-05-01 00:00"
        ),
        vec![
            pair("2026-04-03 21:00", "2026-04-03 22:00"),
            pair("2026-04-04 22:00", "2026-04-04 23:00"),
        ]
    );
}

#[test]
fn rdates_add_instances_and_the_window_bounds_the_expansion() {
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:r\r\nDTSTART:20260601T100000Z\r\nDTEND:20260601T110000Z\r\nRRULE:FREQ=DAILY\r\nRDATE:20260605T180000Z,20260606T180000Z\r\nEND:VEVENT\r\n",
    );
    // An endless rule: only the window's instances (one that started before it still counts).
    assert_eq!(
        busy_in(&ics, chrono_tz::UTC, "2026-06-05 10:30", "2026-06-06 12:00"),
        vec![
            pair("2026-06-05 10:00", "2026-06-05 11:00"),
            pair("2026-06-05 18:00", "2026-06-05 19:00"),
            pair("2026-06-06 10:00", "2026-06-06 11:00"),
        ]
    );
}

#[test]
fn floating_times_are_the_users_wall_clock_and_prefixed_tzids_are_understood() {
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:f\r\nDTSTART:20260115T090000\r\nDTEND:20260115T100000\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:m\r\nDTSTART;TZID=/mozilla.org/20050126_1/Europe/Paris:20260116T090000\r\nDTEND;TZID=/mozilla.org/20050126_1/Europe/Paris:20260116T100000\r\nEND:VEVENT\r\n",
    );
    assert_eq!(
        busy_in(
            &ics,
            chrono_tz::Asia::Tokyo,
            "2026-01-01 00:00",
            "2026-02-01 00:00"
        ),
        vec![
            pair("2026-01-15 00:00", "2026-01-15 01:00"),
            pair("2026-01-16 08:00", "2026-01-16 09:00"),
        ]
    );
}

#[test]
fn outlooks_windows_zone_names_are_read_as_their_iana_zones() {
    // Outlook's feeds name zones the Windows way; the January and July meetings at 09:00 in
    // Berlin are 08:00 and 07:00 UTC, in New York 14:00 and 13:00.
    let ics = calendar(
        "BEGIN:VEVENT\r\nUID:w1\r\nDTSTART;TZID=W. Europe Standard Time:20260112T090000\r\nDTEND;TZID=W. Europe Standard Time:20260112T093000\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:w2\r\nDTSTART;TZID=\"W. Europe Standard Time\":20260713T090000\r\nDTEND;TZID=\"W. Europe Standard Time\":20260713T093000\r\nEND:VEVENT\r\n\
         BEGIN:VEVENT\r\nUID:e1\r\nDTSTART;TZID=Eastern Standard Time:20260112T090000\r\nDURATION:PT30M\r\nRRULE:FREQ=MONTHLY;INTERVAL=6;COUNT=2\r\nEND:VEVENT\r\n",
    );
    assert_eq!(
        busy_in(&ics, chrono_tz::UTC, "2026-01-01 00:00", "2026-12-31 00:00"),
        vec![
            pair("2026-01-12 08:00", "2026-01-12 08:30"),
            pair("2026-01-12 14:00", "2026-01-12 14:30"),
            pair("2026-07-12 13:00", "2026-07-12 13:30"),
            pair("2026-07-13 07:00", "2026-07-13 07:30"),
        ]
    );
}

#[test]
fn text_that_is_not_icalendar_is_refused() {
    let window = Window {
        from: 0,
        to: 1,
        user_zone: chrono_tz::UTC,
        own_uids: &|_| false,
    };
    assert!(busy_times("<html>Sign in</html>", &window).is_err());
    assert!(is_icalendar("\u{feff}BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"));
}

#[test]
fn durations_are_read_as_rfc_5545_writes_them() {
    assert_eq!(parse_duration("PT1H30M"), Some(Duration::minutes(90)));
    assert_eq!(parse_duration("P1DT2H"), Some(Duration::hours(26)));
    assert_eq!(parse_duration("P2W"), Some(Duration::days(14)));
    assert_eq!(parse_duration("-PT15M"), Some(Duration::minutes(-15)));
    assert_eq!(parse_duration("1H"), None);
    assert_eq!(parse_duration("PT5"), None);
}
