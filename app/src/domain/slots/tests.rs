//! Table tests per rule, and a property test against a brute-force oracle that walks every
//! minute and applies the rules literally (no windows-to-instants shortcuts).

use chrono::{NaiveDate, TimeZone, Weekday};
use chrono_tz::Tz;
use proptest::prelude::*;

use super::local::local_of;
use super::*;
use crate::domain::week::{DaySchedule, LocalTime, TimeWindow};

const BERLIN: Tz = chrono_tz::Europe::Berlin;

fn t(zone: Tz, y: i32, m: u32, d: u32, hh: u32, mm: u32) -> i64 {
    zone.with_ymd_and_hms(y, m, d, hh, mm, 0)
        .earliest()
        .map(|x| x.timestamp())
        .unwrap_or_default()
}

fn win(start: u16, end: u16) -> TimeWindow {
    TimeWindow {
        start: LocalTime::from_minutes(start).unwrap_or(LocalTime::MIDNIGHT_END),
        end: LocalTime::from_minutes(end).unwrap_or(LocalTime::MIDNIGHT_END),
    }
}

fn every_day(windows: Vec<TimeWindow>) -> WeeklySchedule {
    let day = DaySchedule {
        enabled: true,
        slots: windows,
    };
    WeeklySchedule {
        sun: day.clone(),
        mon: day.clone(),
        tue: day.clone(),
        wed: day.clone(),
        thu: day.clone(),
        fri: day.clone(),
        sat: day,
    }
}

fn host(id: i64, zone: Tz, weekly: WeeklySchedule) -> HostInput {
    HostInput {
        user_id: id,
        schedule: Schedule {
            zone,
            weekly,
            overrides: DateOverrides::new(),
        },
        busy: Vec::new(),
        limits: HostLimits::default(),
        away: Away::default(),
    }
}

fn rules(zone: Tz, duration: u32) -> Rules {
    Rules {
        event_id: 1,
        duration_minutes: duration,
        interval_minutes: duration,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        notice_seconds: 0,
        window: BookingWindow::Unlimited,
        host_zone: zone,
        capacity: 1,
        limits: Vec::new(),
        week_start: Weekday::Sun,
        mode: TeamMode::Single,
    }
}

fn busy(start: i64, minutes: i64, event_id: i64, group_id: i64) -> Busy {
    Busy {
        start,
        end: start + minutes * 60,
        event_id,
        group_id,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        external: false,
        held: false,
    }
}

/// A busy time from the host's external calendar.
fn calendar_busy(start: i64, minutes: i64) -> Busy {
    Busy {
        external: true,
        held: false,
        ..busy(start, minutes, 0, 0)
    }
}

/// Local `HH:MM` of each slot start.
fn times(zone: Tz, slots: &[Slot]) -> Vec<String> {
    slots
        .iter()
        .map(|s| {
            let (_, m) = local_of(zone, s.start);
            format!("{:02}:{:02}", m / 60, m % 60)
        })
        .collect()
}

/// The slots of one local date in Berlin, 2027-01-04 (a Monday), seen from a Sunday `now`.
fn monday(rules: &Rules, hosts: &[HostInput]) -> Vec<String> {
    let now = t(BERLIN, 2027, 1, 3, 0, 0);
    times(
        BERLIN,
        &available_slots(
            rules,
            hosts,
            now,
            t(BERLIN, 2027, 1, 4, 0, 0),
            t(BERLIN, 2027, 1, 5, 0, 0),
        ),
    )
}

#[test]
fn several_windows_a_day_each_fill_with_whole_slots() {
    let h = [host(
        7,
        BERLIN,
        every_day(vec![win(9 * 60, 12 * 60), win(13 * 60, 15 * 60 + 30)]),
    )];
    assert_eq!(
        monday(&rules(BERLIN, 60), &h),
        ["09:00", "10:00", "11:00", "13:00", "14:00"]
    );
}

#[test]
fn the_interval_sets_the_grid_and_slots_must_fit() {
    let h = [host(7, BERLIN, every_day(vec![win(9 * 60, 10 * 60 + 10)]))];
    let mut r = rules(BERLIN, 30);
    r.interval_minutes = 20;
    assert_eq!(monday(&r, &h), ["09:00", "09:20", "09:40"]);
}

#[test]
fn a_window_to_midnight_offers_the_last_slot_of_the_day() {
    let h = [host(7, BERLIN, every_day(vec![win(22 * 60, 24 * 60)]))];
    assert_eq!(monday(&rules(BERLIN, 60), &h), ["22:00", "23:00"]);
}

#[test]
fn disabled_days_offer_nothing() {
    let mut week = every_day(vec![win(9 * 60, 17 * 60)]);
    week.mon.enabled = false;
    assert!(monday(&rules(BERLIN, 60), &[host(7, BERLIN, week)]).is_empty());
}

#[test]
fn a_date_override_replaces_the_weekday_or_takes_the_day_off() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 17 * 60)]));
    let date = NaiveDate::from_ymd_opt(2027, 1, 4).unwrap_or_default();
    h.schedule
        .overrides
        .insert(date, vec![win(18 * 60, 20 * 60)]);
    assert_eq!(
        monday(&rules(BERLIN, 60), std::slice::from_ref(&h)),
        ["18:00", "19:00"]
    );
    h.schedule.overrides.insert(date, vec![]);
    assert!(monday(&rules(BERLIN, 60), std::slice::from_ref(&h)).is_empty());
    let verdict = explain(
        &rules(BERLIN, 60),
        &[h],
        t(BERLIN, 2027, 1, 1, 0, 0),
        t(BERLIN, 2027, 1, 4, 10, 0),
    );
    assert_eq!(verdict.reasons, [Reason::DateOverride]);
}

#[test]
fn minimum_notice_hides_times_too_soon() {
    let h = [host(7, BERLIN, every_day(vec![win(9 * 60, 17 * 60)]))];
    let mut r = rules(BERLIN, 60);
    r.notice_seconds = 4 * 3600;
    let now = t(BERLIN, 2027, 1, 4, 8, 30);
    let slots = available_slots(&r, &h, now, now, t(BERLIN, 2027, 1, 5, 0, 0));
    assert_eq!(times(BERLIN, &slots), ["13:00", "14:00", "15:00", "16:00"]);
    assert_eq!(
        explain(&r, &h, now, t(BERLIN, 2027, 1, 4, 12, 0)).reasons,
        [Reason::Notice]
    );
    assert!(
        explain(&r, &h, now, t(BERLIN, 2027, 1, 4, 12, 15))
            .reasons
            .contains(&Reason::Notice)
    );
}

#[test]
fn range_days_counts_today_plus_n_inclusive_in_the_host_zone() {
    let h = [host(7, BERLIN, every_day(vec![win(9 * 60, 10 * 60)]))];
    let mut r = rules(BERLIN, 60);
    r.window = BookingWindow::Days(2);
    let now = t(BERLIN, 2027, 1, 4, 0, 30);
    let slots = available_slots(&r, &h, now, now, t(BERLIN, 2027, 1, 10, 0, 0));
    let dates: Vec<NaiveDate> = slots.iter().map(|s| local_of(BERLIN, s.start).0).collect();
    assert_eq!(dates.len(), 3, "Mon, Tue, Wed");
    assert_eq!(
        explain(&r, &h, now, t(BERLIN, 2027, 1, 7, 9, 0)).reasons,
        [Reason::OutsideWindow]
    );
}

#[test]
fn a_fixed_date_range_bounds_both_ends() {
    let h = [host(7, BERLIN, every_day(vec![win(9 * 60, 10 * 60)]))];
    let mut r = rules(BERLIN, 60);
    let d = |day| NaiveDate::from_ymd_opt(2027, 1, day).unwrap_or_default();
    r.window = BookingWindow::Dates(d(5), d(6));
    let now = t(BERLIN, 2027, 1, 1, 0, 0);
    let slots = available_slots(&r, &h, now, now, t(BERLIN, 2027, 1, 10, 0, 0));
    assert_eq!(
        slots
            .iter()
            .map(|s| local_of(BERLIN, s.start).0)
            .collect::<Vec<_>>(),
        [d(5), d(6)]
    );
}

#[test]
fn bookings_block_overlaps_but_not_back_to_back_times() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    h.busy.push(busy(t(BERLIN, 2027, 1, 4, 10, 0), 30, 99, 1));
    let r = rules(BERLIN, 30);
    assert_eq!(
        monday(&r, std::slice::from_ref(&h)),
        ["09:00", "09:30", "10:30", "11:00", "11:30"]
    );
    assert_eq!(
        explain(&r, &[h], 0, t(BERLIN, 2027, 1, 4, 10, 0)).reasons,
        [Reason::Overlap]
    );
}

#[test]
fn buffers_keep_the_larger_gap_on_each_side() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    let mut b = busy(t(BERLIN, 2027, 1, 4, 10, 0), 30, 99, 1);
    b.buffer_after_minutes = 15;
    h.busy.push(b);
    let mut r = rules(BERLIN, 30);
    r.interval_minutes = 15;
    r.buffer_after_minutes = 20;
    // Before the booking the candidate's own after-buffer (20) applies; after it, the booking's (15).
    assert_eq!(
        monday(&r, std::slice::from_ref(&h)),
        ["09:00", "10:45", "11:00", "11:15", "11:30"]
    );
    assert_eq!(
        explain(&r, &[h], 0, t(BERLIN, 2027, 1, 4, 9, 15)).reasons,
        [Reason::Buffer]
    );
}

#[test]
fn limits_per_day_week_and_month_count_this_events_bookings() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 11 * 60)]));
    h.busy.push(busy(t(BERLIN, 2027, 1, 4, 9, 0), 60, 1, 10));
    h.busy.push(busy(t(BERLIN, 2027, 1, 5, 9, 0), 60, 2, 11)); // another event: not counted
    let now = t(BERLIN, 2027, 1, 3, 0, 0);
    let to = t(BERLIN, 2027, 1, 10, 0, 0);
    let mut r = rules(BERLIN, 60);
    r.limits = vec![Limit::Bookings(Period::Day, 1)];
    let days = |r: &Rules| {
        available_slots(r, std::slice::from_ref(&h), now, now, to)
            .iter()
            .map(|s| local_of(BERLIN, s.start).0.format("%d").to_string())
            .collect::<std::collections::BTreeSet<_>>()
    };
    assert!(!days(&r).contains("04") && days(&r).contains("06"));
    r.limits = vec![Limit::Bookings(Period::Week, 1)];
    assert!(
        days(&r).is_empty(),
        "the week Sun 3 - Sat 9 already has one booking"
    );
    r.week_start = Weekday::Sat;
    r.limits = vec![Limit::Bookings(Period::Week, 1)];
    assert_eq!(
        days(&r).into_iter().collect::<Vec<_>>(),
        ["09"],
        "a week starting Saturday the 9th is free"
    );
    r.week_start = Weekday::Sun;
    r.limits = vec![Limit::Minutes(Period::Month, 90)];
    assert!(
        days(&r).is_empty(),
        "60 booked + 60 more would exceed 90 minutes"
    );
    r.limits = vec![Limit::Minutes(Period::Month, 120)];
    assert!(!days(&r).is_empty());
    assert_eq!(
        explain(
            &{
                let mut r = r.clone();
                r.limits = vec![Limit::Bookings(Period::Day, 1)];
                r
            },
            &[h],
            now,
            t(BERLIN, 2027, 1, 4, 10, 0)
        )
        .reasons,
        [Reason::LimitReached]
    );
}

#[test]
fn group_slots_have_seats_and_fill_up() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 11 * 60)]));
    let nine = t(BERLIN, 2027, 1, 4, 9, 0);
    h.busy.push(busy(nine, 60, 1, 5));
    h.busy.push(busy(nine, 60, 1, 5));
    let mut r = rules(BERLIN, 60);
    r.capacity = 3;
    let slots = available_slots(&r, std::slice::from_ref(&h), 0, nine, nine + 7200);
    assert_eq!(
        slots.iter().map(|s| s.remaining).collect::<Vec<_>>(),
        [1, 3]
    );
    h.busy.push(busy(nine, 60, 1, 5));
    assert_eq!(explain(&r, &[h], 0, nine).reasons, [Reason::Full]);
}

#[test]
fn a_host_limit_counts_bookings_of_every_event_per_day_and_week_of_its_zone() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    let monday_nine = t(BERLIN, 2027, 1, 4, 9, 0);
    // One booking of another event on Monday, a group slot with two rows on Tuesday.
    h.busy.push(busy(monday_nine, 30, 99, 1));
    h.busy.push(busy(monday_nine + 86_400, 30, 98, 2));
    h.busy.push(busy(monday_nine + 86_400, 30, 98, 2));
    h.busy.push(calendar_busy(monday_nine + 2 * 86_400, 30));
    h.limits = HostLimits {
        zone: BERLIN,
        per_day: Some(1),
        per_week: None,
    };
    let mut r = rules(BERLIN, 30);
    r.week_start = chrono::Weekday::Mon;
    assert!(
        monday(&r, std::slice::from_ref(&h)).is_empty(),
        "Monday is at its cap"
    );
    assert_eq!(
        explain(&r, std::slice::from_ref(&h), 0, monday_nine + 3600).reasons,
        [Reason::LimitReached]
    );
    let wednesday = monday_nine + 2 * 86_400;
    assert!(
        explain(&r, std::slice::from_ref(&h), 0, wednesday + 3600).offered,
        "calendars do not count"
    );
    // Two a week: the Monday and the Tuesday group fill it.
    h.limits.per_day = None;
    h.limits.per_week = Some(2);
    assert_eq!(
        explain(&r, std::slice::from_ref(&h), 0, wednesday + 3600).reasons,
        [Reason::LimitReached]
    );
    assert!(
        explain(&r, &[h], 0, wednesday + 7 * 86_400).offered,
        "next week"
    );
}

/// A time held for a visitor.
fn held(start: i64, minutes: i64, event_id: i64, hold_id: i64) -> Busy {
    Busy {
        held: true,
        ..busy(start, minutes, event_id, -hold_id)
    }
}

#[test]
fn holds_block_with_buffers_take_one_seat_and_count_toward_no_limit() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    let ten = t(BERLIN, 2027, 1, 4, 10, 0);
    h.busy.push(held(ten, 30, 1, 4));
    let mut r = rules(BERLIN, 30);
    assert_eq!(
        monday(&r, std::slice::from_ref(&h)),
        ["09:00", "09:30", "10:30", "11:00", "11:30"]
    );
    assert_eq!(
        explain(&r, std::slice::from_ref(&h), 0, ten).reasons,
        [Reason::Held]
    );
    // The event's buffer keeps its distance from a held time too.
    r.buffer_before_minutes = 30;
    assert_eq!(
        explain(&r, std::slice::from_ref(&h), 0, ten + 1800).reasons,
        [Reason::Held]
    );
    // A group slot: the hold is one seat; once the holds fill it, the reason is the hold.
    let mut group = rules(BERLIN, 30);
    group.capacity = 2;
    let mut g = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    g.busy.push(held(ten, 30, 1, 4));
    let slots = available_slots(&group, std::slice::from_ref(&g), 0, ten, ten + 1800);
    assert_eq!(slots.iter().map(|s| s.remaining).collect::<Vec<_>>(), [1]);
    g.busy.push(busy(ten, 30, 1, 9));
    assert_eq!(
        explain(&group, std::slice::from_ref(&g), 0, ten).reasons,
        [Reason::Held]
    );
    g.busy.push(busy(ten, 30, 1, 10));
    assert_eq!(explain(&group, &[g], 0, ten).reasons, [Reason::Full]);
    // Limits count bookings, not holds.
    let mut limited = rules(BERLIN, 30);
    limited.limits = vec![Limit::Bookings(Period::Day, 1)];
    assert!(explain(&limited, &[h], 0, ten + 3600).offered);
}

#[test]
fn round_robin_needs_one_free_member_and_collective_needs_all() {
    let week = every_day(vec![win(9 * 60, 11 * 60)]);
    let nine = t(BERLIN, 2027, 1, 4, 9, 0);
    let mut a = host(1, BERLIN, week.clone());
    let b = host(2, BERLIN, week);
    a.busy.push(busy(nine, 60, 99, 1));
    let mut r = rules(BERLIN, 60);
    r.mode = TeamMode::RoundRobin;
    let hosts = [a.clone(), b.clone()];
    let slots = available_slots(&r, &hosts, 0, nine, nine + 7200);
    assert_eq!(slots[0].hosts, [2]);
    assert_eq!(slots[1].hosts, [1, 2]);
    r.mode = TeamMode::Collective;
    assert_eq!(
        times(BERLIN, &available_slots(&r, &hosts, 0, nine, nine + 7200)),
        ["10:00"]
    );
    let verdict = explain(&r, &hosts, 0, nine);
    assert_eq!(verdict.reasons, [Reason::Overlap, Reason::HostBusy]);
}

#[test]
fn an_away_host_offers_nothing_on_its_days_and_a_team_goes_on_without_it() {
    let week = every_day(vec![win(9 * 60, 11 * 60)]);
    let nine = t(BERLIN, 2027, 1, 4, 9, 0);
    let mut a = host(1, BERLIN, week.clone());
    // Away on Monday 2027-01-04 of Tokyo, its own zone: Monday 09:00 Berlin is already
    // Monday 17:00 there, and Tuesday 09:00 Berlin is Tuesday there.
    a.away = Away {
        zone: chrono_tz::Asia::Tokyo,
        periods: vec![AwayPeriod {
            start: NaiveDate::from_ymd_opt(2027, 1, 4).unwrap(),
            end: NaiveDate::from_ymd_opt(2027, 1, 4).unwrap(),
            teammate: Some(2),
        }],
    };
    let r = rules(BERLIN, 60);
    assert!(monday(&r, std::slice::from_ref(&a)).is_empty());
    assert_eq!(
        explain(&r, std::slice::from_ref(&a), 0, nine).reasons,
        [Reason::OutOfOffice]
    );
    assert!(explain(&r, std::slice::from_ref(&a), 0, nine + 86_400).offered);
    // Busy as well: both reasons.
    let mut busy_too = a.clone();
    busy_too.busy.push(busy(nine, 60, 99, 1));
    assert_eq!(
        explain(&r, &[busy_too], 0, nine).reasons,
        [Reason::Overlap, Reason::OutOfOffice]
    );
    let b = host(2, BERLIN, week);
    let hosts = [a, b];
    let mut team = rules(BERLIN, 60);
    team.mode = TeamMode::RoundRobin;
    let slots = available_slots(&team, &hosts, 0, nine, nine + 7200);
    assert_eq!(
        slots.iter().map(|s| s.hosts.clone()).collect::<Vec<_>>(),
        [vec![2], vec![2]]
    );
    team.mode = TeamMode::Collective;
    assert!(available_slots(&team, &hosts, 0, nine, nine + 7200).is_empty());
    assert_eq!(
        explain(&team, &hosts, 0, nine).reasons,
        [Reason::HostBusy, Reason::OutOfOffice]
    );
}

#[test]
fn external_calendar_times_block_with_buffers_and_never_count_as_bookings() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    h.busy.push(calendar_busy(t(BERLIN, 2027, 1, 4, 10, 0), 30));
    let mut r = rules(BERLIN, 30);
    assert_eq!(
        monday(&r, std::slice::from_ref(&h)),
        ["09:00", "09:30", "10:30", "11:00", "11:30"]
    );
    assert_eq!(
        explain(
            &r,
            std::slice::from_ref(&h),
            0,
            t(BERLIN, 2027, 1, 4, 10, 0)
        )
        .reasons,
        [Reason::Calendar]
    );
    // The event's buffers keep their distance from the meeting too.
    r.buffer_before_minutes = 30;
    assert_eq!(
        monday(&r, std::slice::from_ref(&h)),
        ["09:00", "09:30", "11:00", "11:30"]
    );
    assert_eq!(
        explain(
            &r,
            std::slice::from_ref(&h),
            0,
            t(BERLIN, 2027, 1, 4, 10, 30)
        )
        .reasons,
        [Reason::Calendar]
    );
    // A group event: a meeting in the host's calendar is not a seat of the slot.
    let mut group = rules(BERLIN, 30);
    group.capacity = 3;
    group.event_id = 0;
    let mut g = host(7, BERLIN, every_day(vec![win(9 * 60, 10 * 60)]));
    g.busy.push(calendar_busy(t(BERLIN, 2027, 1, 4, 9, 0), 30));
    assert_eq!(monday(&group, std::slice::from_ref(&g)), ["09:30"]);
    // Limits count this event's bookings only.
    let mut limited = rules(BERLIN, 30);
    limited.limits = vec![Limit::Bookings(Period::Day, 1)];
    assert_eq!(
        monday(&limited, std::slice::from_ref(&h)),
        ["09:00", "09:30", "10:30", "11:00", "11:30"]
    );
}

#[test]
fn round_robin_never_picks_a_member_busy_in_their_own_calendar() {
    let week = every_day(vec![win(9 * 60, 11 * 60)]);
    let nine = t(BERLIN, 2027, 1, 4, 9, 0);
    let mut a = host(1, BERLIN, week.clone());
    let b = host(2, BERLIN, week);
    a.busy.push(calendar_busy(nine, 60));
    let mut r = rules(BERLIN, 60);
    r.mode = TeamMode::RoundRobin;
    let hosts = [a, b];
    let slots = available_slots(&r, &hosts, 0, nine, nine + 7200);
    assert_eq!(slots[0].hosts, [2]);
    r.mode = TeamMode::Collective;
    assert_eq!(
        explain(&r, &hosts, 0, nine).reasons,
        [Reason::HostBusy, Reason::Calendar]
    );
}

#[test]
fn new_york_spring_forward_skips_the_missing_hour() {
    let ny = chrono_tz::America::New_York;
    let h = [host(7, ny, every_day(vec![win(60, 4 * 60)]))];
    let from = t(ny, 2027, 3, 14, 0, 0);
    let slots = available_slots(&rules(ny, 60), &h, 0, from, from + 23 * 3600);
    assert_eq!(
        times(ny, &slots),
        ["01:00", "03:00"],
        "02:00 does not exist on 14 March 2027"
    );
}

#[test]
fn new_york_fall_back_offers_the_repeated_hour_once() {
    let ny = chrono_tz::America::New_York;
    let h = [host(7, ny, every_day(vec![win(0, 3 * 60)]))];
    let from = t(ny, 2027, 11, 7, 0, 0);
    let slots = available_slots(&rules(ny, 60), &h, 0, from, from + 25 * 3600);
    assert_eq!(times(ny, &slots), ["00:00", "01:00", "02:00"]);
    assert_eq!(
        slots[2].start - slots[1].start,
        2 * 3600,
        "02:00 EST is two real hours after 01:00 EDT"
    );
}

#[test]
fn a_window_in_the_repeated_hour_lasts_in_real_time() {
    // 01:30-02:00 on the fall-back night runs from 01:30 EDT to 02:00 EST: 90 real minutes,
    // room for one 45-minute slot at the first 01:30 (and none at the repeated one).
    let ny = chrono_tz::America::New_York;
    let date = NaiveDate::from_ymd_opt(2027, 11, 7).unwrap_or_default();
    let mut h = host(7, ny, every_day(vec![]));
    h.schedule.overrides.insert(date, vec![win(90, 120)]);
    let from = t(ny, 2027, 11, 7, 0, 0);
    let slots = available_slots(&rules(ny, 45), &[h], 0, from, from + 25 * 3600);
    assert_eq!(
        slots.iter().map(|s| s.start).collect::<Vec<_>>(),
        [chrono::Utc
            .with_ymd_and_hms(2027, 11, 7, 5, 30, 0)
            .earliest()
            .map(|t| t.timestamp())
            .unwrap_or_default()]
    );
}

#[test]
fn kathmandu_quarter_hour_offset_converts_exactly() {
    let ktm = chrono_tz::Asia::Kathmandu;
    let h = [host(7, ktm, every_day(vec![win(9 * 60, 10 * 60)]))];
    let from = t(ktm, 2027, 1, 4, 0, 0);
    let slots = available_slots(&rules(ktm, 60), &h, 0, from, from + 86400);
    assert_eq!(
        slots[0].start,
        chrono::Utc
            .with_ymd_and_hms(2027, 1, 4, 3, 15, 0)
            .earliest()
            .map(|x| x.timestamp())
            .unwrap_or_default()
    );
}

#[test]
fn explain_names_off_grid_and_outside_hours() {
    let h = [host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]))];
    let r = rules(BERLIN, 60);
    assert_eq!(
        explain(&r, &h, 0, t(BERLIN, 2027, 1, 4, 9, 10)).reasons,
        [Reason::OffGrid]
    );
    assert_eq!(
        explain(&r, &h, 0, t(BERLIN, 2027, 1, 4, 7, 0)).reasons,
        [Reason::OutsideHours]
    );
    assert_eq!(
        explain(&r, &h, 0, t(BERLIN, 2027, 1, 4, 11, 30)).reasons,
        [Reason::OutsideHours],
        "would run past 12:00"
    );
    let ok = explain(&r, &h, 0, t(BERLIN, 2027, 1, 4, 10, 0));
    assert!(ok.offered && ok.reasons.is_empty());
}

// ---- property test against a minute-by-minute oracle ----

const ZONES: [Tz; 8] = [
    chrono_tz::America::New_York,
    chrono_tz::Europe::Berlin,
    chrono_tz::Asia::Kolkata,
    chrono_tz::Asia::Kathmandu,
    chrono_tz::Pacific::Pago_Pago,
    chrono_tz::Pacific::Kiritimati,
    chrono_tz::Australia::Lord_Howe,
    chrono_tz::UTC,
];

/// Starting days next to the DST changes of 2027 (US, EU, Lord Howe) and a plain one.
const START_DAYS: [(u32, u32); 7] = [(3, 13), (11, 6), (3, 27), (10, 30), (10, 2), (4, 3), (1, 9)];

fn local_minute(zone: Tz, instant: i64) -> (NaiveDate, u32) {
    let dt = chrono::DateTime::from_timestamp(instant, 0)
        .unwrap_or_default()
        .with_timezone(&zone);
    (
        dt.date_naive(),
        chrono::Timelike::hour(&dt) * 60 + chrono::Timelike::minute(&dt),
    )
}

fn same_period(period: Period, a: NaiveDate, b: NaiveDate, week_start: Weekday) -> bool {
    let week_of = |mut d: NaiveDate| {
        while d.weekday() != week_start {
            d = d.pred_opt().unwrap_or(d);
        }
        d
    };
    match period {
        Period::Day => a == b,
        Period::Week => week_of(a) == week_of(b),
        Period::Month => a.year() == b.year() && a.month() == b.month(),
    }
}

/// The rules of the module doc, applied literally to one host at one minute.
fn oracle_host_free(r: &Rules, h: &HostInput, start: i64) -> Option<u32> {
    let zone = h.schedule.zone;
    let dur = i64::from(r.duration_minutes) * 60;
    let (date, minute) = local_minute(zone, start);
    // First occurrence only: no earlier instant within three hours shows the same local time.
    if (1..=6).any(|k| local_minute(zone, start - k * 1800) == (date, minute)) {
        return None;
    }
    let windows: Vec<TimeWindow> = match h.schedule.overrides.get(&date) {
        Some(w) => w.clone(),
        None => {
            let d = h.schedule.weekly.day(date.weekday().num_days_from_sunday());
            if d.enabled { d.slots.clone() } else { vec![] }
        }
    };
    // The window's bounds in real time: the first minute whose wall clock reads the bound or
    // later (a bound skipped by DST moves to the gap's end; a repeated one is its first
    // occurrence). The slot must lie between them, however the clock runs meanwhile: on a
    // fall-back night "01:30-02:00" lasts 90 minutes.
    let bound = |m: u32| {
        let target = if m >= 1440 {
            (date + chrono::Duration::days(1), m - 1440)
        } else {
            (date, m)
        };
        let mut at = start + (i64::from(m) - i64::from(minute)) * 60 - 3 * 3600;
        while local_minute(zone, at) < target {
            at += 60;
        }
        at
    };
    let fits = windows.iter().any(|w| {
        let (ws, we) = (u32::from(w.start.minutes()), u32::from(w.end.minutes()));
        minute >= ws
            && (minute - ws) % r.interval_minutes == 0
            && start >= bound(ws)
            && start + dur <= bound(we)
    });
    if !fits {
        return None;
    }
    let (before, after) = (
        i64::from(r.buffer_before_minutes) * 60,
        i64::from(r.buffer_after_minutes) * 60,
    );
    let mut seats = 0;
    for b in &h.busy {
        if r.capacity > 1 && b.event_id == r.event_id && b.start == start {
            seats += 1;
            continue;
        }
        let pad_before = (i64::from(b.buffer_before_minutes) * 60).max(after);
        let pad_after = (i64::from(b.buffer_after_minutes) * 60).max(before);
        if start < b.end + pad_after && b.start - pad_before < start + dur {
            return None;
        }
    }
    (seats < r.capacity).then(|| r.capacity - seats)
}

fn oracle(r: &Rules, hosts: &[HostInput], now: i64, from: i64, to: i64) -> Vec<i64> {
    let today = local_minute(r.host_zone, now).0;
    let mut offered = Vec::new();
    let mut start = from - from.rem_euclid(60);
    while start < to {
        let date = local_minute(r.host_zone, start).0;
        let in_window = match r.window {
            BookingWindow::Days(n) => date <= today + chrono::Duration::days(i64::from(n)),
            BookingWindow::Dates(a, b) => date >= a && date <= b,
            BookingWindow::Unlimited => true,
        };
        let mut groups: Vec<&Busy> = Vec::new();
        for b in hosts
            .iter()
            .flat_map(|h| &h.busy)
            .filter(|b| b.event_id == r.event_id)
        {
            if !groups.iter().any(|g| g.group_id == b.group_id) {
                groups.push(b);
            }
        }
        let within_limits = r.limits.iter().all(|l| {
            let (p, max, minutes) = match l {
                Limit::Bookings(p, m) => (*p, *m, false),
                Limit::Minutes(p, m) => (*p, *m, true),
            };
            let same: Vec<&&Busy> = groups
                .iter()
                .filter(|g| {
                    same_period(p, local_minute(r.host_zone, g.start).0, date, r.week_start)
                })
                .collect();
            if minutes {
                same.iter()
                    .map(|g| ((g.end - g.start) / 60) as u32)
                    .sum::<u32>()
                    + r.duration_minutes
                    <= max
            } else {
                (same.len() as u32) < max
            }
        });
        let free = hosts
            .iter()
            .filter(|h| oracle_host_free(r, h, start).is_some())
            .count();
        let team = match r.mode {
            TeamMode::Collective => free == hosts.len() && free > 0,
            _ => free > 0,
        };
        if start >= now + r.notice_seconds && in_window && within_limits && team {
            offered.push(start);
        }
        start += 60;
    }
    offered
}

fn arb_window() -> impl Strategy<Value = Vec<TimeWindow>> {
    // Up to two disjoint windows on a quarter-hour grid.
    (0u16..=96, 1u16..=40, 0u16..=20, 0u16..=40, any::<bool>()).prop_map(
        |(a, len1, gap, len2, two)| {
            let s1 = a.min(95) * 15;
            let e1 = (s1 + len1 * 15).min(1440);
            let mut v = vec![win(s1, e1)];
            let s2 = e1 + gap * 15;
            let e2 = (s2 + len2 * 15).min(1440);
            if two && s2 < e2 {
                v.push(win(s2, e2));
            }
            v
        },
    )
}

fn arb_week() -> impl Strategy<Value = WeeklySchedule> {
    proptest::collection::vec((any::<bool>(), arb_window()), 7).prop_map(|days| {
        let d: Vec<DaySchedule> = days
            .into_iter()
            .map(|(enabled, slots)| DaySchedule {
                enabled: enabled || slots.len() > 1,
                slots,
            })
            .collect();
        WeeklySchedule {
            sun: d[0].clone(),
            mon: d[1].clone(),
            tue: d[2].clone(),
            wed: d[3].clone(),
            thu: d[4].clone(),
            fri: d[5].clone(),
            sat: d[6].clone(),
        }
    })
}

#[derive(Debug, Clone)]
struct Case {
    rules: Rules,
    hosts: Vec<HostInput>,
    now: i64,
    from: i64,
    to: i64,
}

#[expect(
    clippy::too_many_lines,
    reason = "one random case, every dimension of it drawn in one place"
)]
fn arb_case() -> impl Strategy<Value = Case> {
    (
        0..ZONES.len(),
        0..START_DAYS.len(),
        proptest::sample::select(vec![15u32, 30, 45, 60, 90]),
        proptest::sample::select(vec![0u32, 15, 20, 30]),
        (0u32..=2, 0u32..=2),
        0i64..=300,
        proptest::sample::select(vec![None, Some(0u32), Some(1), Some(3)]),
        proptest::sample::select(vec![1u32, 3]),
        proptest::sample::select(vec![
            TeamMode::Single,
            TeamMode::RoundRobin,
            TeamMode::Collective,
        ]),
        proptest::collection::vec(
            (
                arb_week(),
                proptest::collection::vec(
                    (0i64..(4 * 96), 1i64..=8, any::<bool>(), 0u32..=2, 0i64..3),
                    0..6,
                ),
                proptest::option::of((0i64..4, arb_window())),
            ),
            1..=3,
        ),
        proptest::sample::select(vec![
            None,
            Some(Limit::Bookings(Period::Day, 1)),
            Some(Limit::Bookings(Period::Week, 2)),
            Some(Limit::Minutes(Period::Month, 120)),
        ]),
        0i64..(24 * 60),
    )
        .prop_map(
            |(
                zi,
                di,
                duration,
                interval,
                (bb, ba),
                notice_min,
                days,
                capacity,
                mode,
                hosts_spec,
                limit,
                now_offset,
            )| {
                let zone = ZONES[zi];
                let (m, d) = START_DAYS[di];
                let day0 = NaiveDate::from_ymd_opt(2027, m, d).unwrap_or_default();
                let from = super::local::LocalDay::new(zone, day0).start();
                let hosts: Vec<HostInput> = hosts_spec
                    .into_iter()
                    .enumerate()
                    .map(|(i, (weekly, bookings, ov))| {
                        let mut overrides = DateOverrides::new();
                        if let Some((off, w)) = ov {
                            overrides.insert(day0 + chrono::Duration::days(off), w);
                        }
                        let busy = bookings
                            .into_iter()
                            .map(|(q, len, same, buf, group)| Busy {
                                start: from + q * 900,
                                end: from + q * 900 + len * 900,
                                event_id: if same { 1 } else { 2 },
                                group_id: q * 10 + group,
                                buffer_before_minutes: buf * 10,
                                buffer_after_minutes: buf * 5,
                                external: false,
                                held: false,
                            })
                            .collect();
                        HostInput {
                            user_id: i as i64 + 1,
                            schedule: Schedule {
                                zone,
                                weekly,
                                overrides,
                            },
                            busy,
                            limits: HostLimits::default(),
                            away: Away::default(),
                        }
                    })
                    .collect();
                let mode = if hosts.len() == 1 {
                    TeamMode::Single
                } else if mode == TeamMode::Single {
                    TeamMode::RoundRobin
                } else {
                    mode
                };
                let rules = Rules {
                    event_id: 1,
                    duration_minutes: duration,
                    interval_minutes: if interval == 0 { duration } else { interval },
                    buffer_before_minutes: bb * 10,
                    buffer_after_minutes: ba * 10,
                    notice_seconds: notice_min * 60,
                    window: days.map_or(BookingWindow::Unlimited, BookingWindow::Days),
                    host_zone: zone,
                    capacity,
                    limits: limit.into_iter().collect(),
                    week_start: Weekday::Sun,
                    mode,
                };
                Case {
                    rules,
                    hosts,
                    now: from - 12 * 3600 + now_offset * 60,
                    from,
                    to: from + 3 * 86400,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(160), ..ProptestConfig::default() })]

    #[test]
    fn the_engine_agrees_with_the_minute_by_minute_oracle(case in arb_case()) {
        let engine: Vec<i64> = available_slots(&case.rules, &case.hosts, case.now, case.from, case.to).iter().map(|s| s.start).collect();
        let expected = oracle(&case.rules, &case.hosts, case.now, case.from, case.to);
        prop_assert_eq!(&engine, &expected);
        // And the explainer agrees with the listing at every offered time and a sample of others.
        let e = Engine::new(&case.rules, &case.hosts, case.now);
        for start in (case.from..case.to).step_by(15 * 60) {
            prop_assert_eq!(e.evaluate(start).offered, expected.contains(&start), "at {}", start);
        }
    }
}

#[test]
fn the_waitlist_offers_taken_and_held_times_but_not_buffers_or_hours() {
    let mut h = host(7, BERLIN, every_day(vec![win(9 * 60, 12 * 60)]));
    let (ten, eleven) = (t(BERLIN, 2027, 1, 4, 10, 0), t(BERLIN, 2027, 1, 4, 11, 0));
    // The 10:00 booking keeps 15 minutes free after it (its event's buffer).
    h.busy.push(Busy {
        buffer_after_minutes: 15,
        ..busy(ten, 30, 2, 1)
    });
    h.busy.push(held(eleven, 30, 1, 4));
    let r = rules(BERLIN, 30);
    let hosts = [h];
    let engine = Engine::new(&r, &hosts, 0);
    let day = (t(BERLIN, 2027, 1, 4, 0, 0), t(BERLIN, 2027, 1, 5, 0, 0));
    let offered = engine.slots(day.0, day.1);
    let waiting: Vec<String> = engine
        .waitlist_starts(day, &offered)
        .iter()
        .map(|s| {
            chrono::DateTime::from_timestamp(*s, 0)
                .unwrap_or_default()
                .with_timezone(&BERLIN)
                .format("%H:%M")
                .to_string()
        })
        .collect();
    // 10:30 is refused for the buffer after 10:00, not because its place is taken.
    assert_eq!(waiting, ["10:00", "11:00"]);
    assert_eq!(times(BERLIN, &offered), ["09:00", "09:30", "11:30"]);
    assert!(
        !engine.only_taken(t(BERLIN, 2027, 1, 4, 12, 0)),
        "outside the hours"
    );
}
