//! The slot-engine rows of DESIGN section 6:
//! - one host, a 60-day window, 500 busy bookings: <= 50 microseconds per computation;
//! - round robin of 20 hosts with 500 bookings each: <= 1 ms.
//!
//! Run: `cargo bench -p app --bench slot_engine`

use app::domain::slots::{BookingWindow, Busy, Engine, HostInput, Rules, Schedule, TeamMode};
use app::domain::week::{DateOverrides, DaySchedule, LocalTime, TimeWindow, WeeklySchedule};
use chrono::{TimeZone, Weekday};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

fn office_hours() -> WeeklySchedule {
    let window = |s: u16, e: u16| TimeWindow {
        start: LocalTime::from_minutes(s).unwrap_or(LocalTime::MIDNIGHT_END),
        end: LocalTime::from_minutes(e).unwrap_or(LocalTime::MIDNIGHT_END),
    };
    let day = DaySchedule {
        enabled: true,
        slots: vec![window(9 * 60, 12 * 60), window(13 * 60, 17 * 60)],
    };
    WeeklySchedule {
        mon: day.clone(),
        tue: day.clone(),
        wed: day.clone(),
        thu: day.clone(),
        fri: day,
        ..Default::default()
    }
}

/// `count` 30-minute bookings spread over the 60 days, on the half-hour grid of working hours,
/// ordered by start as the busy-times query answers them.
fn bookings(count: usize, start: i64, seed: u64) -> Vec<Busy> {
    let mut state = seed;
    let mut list: Vec<Busy> = (0..count)
        .map(|i| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let day = (state >> 33) % 60;
            let half_hour = 18 + (state >> 40) % 16; // 09:00 .. 17:00 UTC-ish
            let begin = start + (day as i64) * 86_400 + (half_hour as i64) * 1800;
            Busy {
                start: begin,
                end: begin + 1800,
                event_id: (i % 3) as i64,
                group_id: i as i64,
                buffer_before_minutes: 0,
                buffer_after_minutes: 5,
                external: false,
            }
        })
        .collect();
    list.sort_by_key(|b| b.start);
    list
}

fn rules(mode: TeamMode) -> Rules {
    Rules {
        event_id: 1,
        duration_minutes: 30,
        interval_minutes: 30,
        buffer_before_minutes: 0,
        buffer_after_minutes: 10,
        notice_seconds: 4 * 3600,
        window: BookingWindow::Days(60),
        host_zone: chrono_tz::Europe::Berlin,
        capacity: 1,
        limits: Vec::new(),
        week_start: Weekday::Sun,
        mode,
    }
}

fn host(user_id: i64, busy: Vec<Busy>) -> HostInput {
    HostInput {
        user_id,
        schedule: Schedule {
            zone: chrono_tz::Europe::Berlin,
            weekly: office_hours(),
            overrides: DateOverrides::new(),
        },
        busy,
        limits: Default::default(),
        away: Default::default(),
    }
}

fn bench(c: &mut Criterion) {
    let now = chrono::Utc
        .with_ymd_and_hms(2027, 3, 1, 6, 0, 0)
        .earliest()
        .map(|t| t.timestamp())
        .unwrap_or_default();
    let to = now + 60 * 86_400;

    let single_rules = rules(TeamMode::Single);
    let single = vec![host(1, bookings(500, now, 7))];
    c.bench_function("one host, 60 days, 500 bookings", |b| {
        b.iter(|| black_box(Engine::new(&single_rules, &single, now).slots(now, to)).len())
    });

    let rr_rules = rules(TeamMode::RoundRobin);
    let team: Vec<HostInput> = (0..20)
        .map(|i| host(i + 1, bookings(500, now, 100 + i as u64)))
        .collect();
    c.bench_function("round robin, 20 hosts x 500 bookings, 60 days", |b| {
        b.iter(|| black_box(Engine::new(&rr_rules, &team, now).slots(now, to)).len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
