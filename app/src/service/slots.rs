//! Bookable times of an event: the public slot routes and the host's "why not?" check.
//! Every answer comes from three queries whatever the range: the event (with its calendar,
//! owner and the global settings), the hosts' schedules, and one range scan of busy times.

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Weekday};
use chrono_tz::Tz;

use crate::domain::slots::local::{LocalDay, exact_instant, instant_at_or_after, local_of};
use crate::domain::slots::{
    BookingWindow, Busy, Engine, HostInput, Limit, Period, Reason, Rules, Schedule, Slot, TeamMode,
    Verdict,
};
use crate::domain::values::EventType;
use crate::domain::week::{DateOverrides, WeeklySchedule};
use crate::domain::zone::parse_zone;
use crate::model::event::{EventSettings, ExplainedRules, Explanation, HostSchedule};
use crate::model::settings::GeneralSettings;
use crate::service::events::new_event::minutes_setting;
use crate::service::{ServiceError, ServiceResult};
use crate::store::availability_schedules::{self, ScheduleRow};
use crate::store::bookings::{self, BusyRow};
use crate::store::events::{self, EventRow, PublicEventRow};
use crate::store::{Ex, Store};

/// The message for bookings of an event that is not active.
pub const NOT_ACCEPTING: &str = "Sorry, the host is not accepting any new bookings at the moment.";

/// An event loaded for slot computation.
#[derive(Clone)]
pub struct LoadedEvent {
    pub row: PublicEventRow,
    pub settings: EventSettings,
    pub host_zone: Tz,
    pub general: GeneralSettings,
}

impl LoadedEvent {
    pub fn event(&self) -> &EventRow {
        &self.row.event
    }

    /// The event's calendar, rebuilt from the event query's columns (what the public answers
    /// show of it; no second query).
    pub fn calendar_row(&self) -> crate::store::calendars::CalendarRow {
        let row = &self.row;
        crate::store::calendars::CalendarRow {
            id: row.event.calendar_id,
            hash: String::new(),
            user_id: row.event.user_id,
            parent_id: None,
            title: row.cal_title.clone(),
            slug: row.cal_slug.clone(),
            description: String::new(),
            settings: row.cal_settings.clone(),
            status: "active".into(),
            calendar_type: row.cal_type.clone(),
            event_type: String::new(),
            account_type: String::new(),
            visibility: String::new(),
            author_timezone: row.cal_timezone.clone(),
            max_book_per_slot: 1,
            created_at: 0,
            updated_at: 0,
        }
    }

    /// Whether `caller` manages this event's bookings: a host of it, its owner, or an
    /// administrator with `manage_all_data`.
    pub fn is_managed_by(&self, caller: &crate::service::Caller) -> bool {
        caller.can(crate::domain::access::Capability::ManageAllData)
            || self.host_ids().contains(&caller.id())
            || self.event().user_id == caller.id()
    }

    /// The hosts whose availability counts: the owner, or the team members of a team event.
    pub fn host_ids(&self) -> Vec<i64> {
        let ev = self.event();
        if ev.kind().is_team() && !self.settings.team_members.is_empty() {
            self.settings.team_members.clone()
        } else {
            vec![ev.user_id]
        }
    }

    /// The hosts a computation looks at: all of [`LoadedEvent::host_ids`], or the one asked for.
    fn hosts_asked(&self, only_host: Option<i64>) -> Vec<i64> {
        let mut ids = self.host_ids();
        if let Some(host) = only_host {
            ids.retain(|id| *id == host);
        }
        ids
    }

    /// The engine's input per host: its schedule and its busy times, less `excluded`.
    fn inputs(
        &self,
        ids: &[i64],
        rows: &[ScheduleRow],
        busy: &[BusyRow],
        excluded: Option<i64>,
    ) -> Vec<HostInput> {
        ids.iter()
            .map(|id| HostInput {
                user_id: *id,
                schedule: self.schedule_for(*id, rows),
                busy: busy
                    .iter()
                    .filter(|b| b.host_id == *id && Some(b.booking_id) != excluded)
                    .map(|b| Busy {
                        start: b.start_time,
                        end: b.end_time,
                        event_id: b.event_id,
                        group_id: b.group_id,
                        buffer_before_minutes: b.buffer_before_minutes.clamp(0, 1440) as u32,
                        buffer_after_minutes: b.buffer_after_minutes.clamp(0, 1440) as u32,
                        external: b.is_external(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// Minutes of a booking: a requested duration when multi-duration offers it, else the default.
    pub fn duration(&self, requested: Option<i64>) -> i64 {
        let md = &self.settings.multi_duration;
        if md.enabled {
            if let Some(d) = requested.filter(|d| md.available_durations.contains(d)) {
                return d;
            }
            if let Some(d) = md
                .default_duration
                .as_i64()
                .or_else(|| md.default_duration.as_str().and_then(|s| s.parse().ok()))
            {
                return d;
            }
        }
        self.event().duration
    }

    /// The engine's rules for a booking of `duration` minutes.
    pub fn rules(&self, duration: i64) -> Rules {
        let s = &self.settings;
        let ev = self.event();
        let notice_unit = match s.schedule_conditions.unit.as_str() {
            "minutes" => 60,
            "days" => 86_400,
            _ => 3_600,
        };
        let window = match (
            s.range_type.as_str(),
            parse_date(&s.range_date_between[0]),
            s.range_date_between.get(1).and_then(|d| parse_date(d)),
        ) {
            ("date_range", Some(from), Some(to)) => BookingWindow::Dates(from, to),
            _ => BookingWindow::Days(u32::try_from(s.range_days.max(0)).unwrap_or(60)),
        };
        let period = |unit: &str| match unit {
            "per_week" => Period::Week,
            "per_month" => Period::Month,
            _ => Period::Day,
        };
        let mut limits = Vec::new();
        if s.booking_frequency.enabled {
            limits.extend(
                s.booking_frequency
                    .limits
                    .iter()
                    .filter(|l| l.value > 0)
                    .map(|l| Limit::Bookings(period(&l.unit), l.value as u32)),
            );
        }
        if s.booking_duration.enabled {
            limits.extend(
                s.booking_duration
                    .limits
                    .iter()
                    .filter(|l| l.value > 0)
                    .map(|l| Limit::Minutes(period(&l.unit), l.value as u32)),
            );
        }
        let interval = minutes_setting(&s.slot_interval);
        Rules {
            event_id: ev.id,
            duration_minutes: duration.clamp(1, 24 * 60) as u32,
            interval_minutes: if interval > 0 {
                interval as u32
            } else {
                duration.clamp(1, 24 * 60) as u32
            },
            buffer_before_minutes: ev.buffer_before_minutes.clamp(0, 24 * 60) as u32,
            buffer_after_minutes: ev.buffer_after_minutes.clamp(0, 24 * 60) as u32,
            notice_seconds: s.schedule_conditions.value.max(0) * notice_unit,
            window,
            host_zone: self.host_zone,
            capacity: if ev.kind().is_group() {
                ev.max_book_per_slot.clamp(1, 10_000) as u32
            } else {
                1
            },
            limits,
            week_start: week_start(&self.general),
            mode: match ev.kind() {
                EventType::RoundRobin => TeamMode::RoundRobin,
                EventType::Collective => TeamMode::Collective,
                EventType::Single | EventType::Group => TeamMode::Single,
            },
        }
    }

    /// The schedule that applies to `host_id` (DESIGN: the event's own custom schedule, an
    /// existing schedule, or per-member schedules of a team event).
    fn schedule_for(&self, host_id: i64, rows: &[ScheduleRow]) -> Schedule {
        let ev = self.event();
        let s = &self.settings;
        let team = ev.kind().is_team();
        let from_row = |row: &ScheduleRow| Schedule {
            zone: parse_zone(&row.timezone).unwrap_or(self.host_zone),
            weekly: serde_json::from_str(&row.weekly_schedules).unwrap_or_default(),
            overrides: serde_json::from_str(&row.date_overrides).unwrap_or_default(),
        };
        let default_of = |user: i64| {
            rows.iter()
                .find(|r| r.user_id == user && r.is_default)
                .or_else(|| rows.iter().find(|r| r.user_id == user))
        };
        if team && !s.common_schedule {
            let chosen = s
                .hosts_schedules
                .get(&host_id.to_string())
                .and_then(|id| rows.iter().find(|r| r.id == *id && r.user_id == host_id));
            if let Some(row) = chosen.or_else(|| default_of(host_id)) {
                return from_row(row);
            }
        }
        if ev.availability_type == "existing_schedule" {
            let row = ev
                .availability_id
                .and_then(|id| rows.iter().find(|r| r.id == id))
                .or_else(|| default_of(ev.user_id));
            if let Some(row) = row {
                return from_row(row);
            }
            return Schedule {
                zone: self.host_zone,
                weekly: WeeklySchedule::office_hours(),
                overrides: DateOverrides::new(),
            };
        }
        Schedule {
            zone: self.host_zone,
            weekly: s.weekly_schedules.clone(),
            overrides: s.date_overrides.clone(),
        }
    }
}

/// The first day of the week for weekly limits (`administration.start_day`, default Sunday).
fn week_start(general: &GeneralSettings) -> Weekday {
    match general.administration.start_day.as_str() {
        "mon" => Weekday::Mon,
        "tue" => Weekday::Tue,
        "wed" => Weekday::Wed,
        "thu" => Weekday::Thu,
        "fri" => Weekday::Fri,
        "sat" => Weekday::Sat,
        _ => Weekday::Sun,
    }
}

fn parse_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d").ok()
}

/// Query 1: the event with its calendar, owner and the global settings.
pub async fn load_event(ex: Ex<'_>, event_id: i64) -> ServiceResult<LoadedEvent> {
    let row = events::find_public(ex, event_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let settings = serde_json::from_str(&row.event.settings).unwrap_or_default();
    let host_zone = parse_zone(&row.cal_timezone).unwrap_or(chrono_tz::UTC);
    let general = row
        .general_settings
        .as_deref()
        .and_then(|g| serde_json::from_str(g).ok())
        .unwrap_or_default();
    Ok(LoadedEvent {
        row,
        settings,
        host_zone,
        general,
    })
}

/// Query 2: the schedules of the event's hosts (and owner).
pub async fn schedule_rows(ex: Ex<'_>, loaded: &LoadedEvent) -> ServiceResult<Vec<ScheduleRow>> {
    let mut users = loaded.host_ids();
    users.push(loaded.event().user_id);
    Ok(availability_schedules::list_for_users(ex, &users).await?)
}

/// Query 3: busy times of the hosts around `[from, to)`, joined with their schedules.
/// `excluded`: a booking that does not count as busy (the one being rescheduled).
pub async fn busy_inputs(
    ex: Ex<'_>,
    loaded: &LoadedEvent,
    rows: &[ScheduleRow],
    only_host: Option<i64>,
    from: i64,
    to: i64,
    excluded: Option<i64>,
) -> ServiceResult<Vec<HostInput>> {
    let ids = loaded.hosts_asked(only_host);
    // Limits count whole weeks and months; buffers reach a day at most.
    let reach =
        if loaded.settings.booking_frequency.enabled || loaded.settings.booking_duration.enabled {
            32 * 86_400
        } else {
            bookings::MAX_BUFFER_SECONDS
        };
    let busy = bookings::busy_for_hosts(ex, &ids, from - reach, to + reach).await?;
    Ok(loaded.inputs(&ids, rows, &busy, excluded))
}

/// Query 3 for one candidate `[start, start + duration)`: a booking being written or an
/// explain. Without limits only the bookings that can touch the candidate are read; with
/// limits the engine counts the host's whole week or month, so the neighbourhood is read.
pub async fn busy_inputs_at(
    ex: Ex<'_>,
    loaded: &LoadedEvent,
    rules: &Rules,
    rows: &[ScheduleRow],
    only_host: Option<i64>,
    start: i64,
    excluded: Option<i64>,
) -> ServiceResult<Vec<HostInput>> {
    let end = start + i64::from(rules.duration_minutes) * 60;
    if !rules.limits.is_empty() {
        return busy_inputs(ex, loaded, rows, only_host, start, end, excluded).await;
    }
    let ids = loaded.hosts_asked(only_host);
    let candidate = bookings::Candidate {
        start,
        end,
        before: i64::from(rules.buffer_before_minutes) * 60,
        after: i64::from(rules.buffer_after_minutes) * 60,
    };
    let busy = bookings::busy_around(ex, &ids, candidate).await?;
    Ok(loaded.inputs(&ids, rows, &busy, excluded))
}

/// A slot request as the public routes receive it.
pub struct SlotRequest {
    pub event_id: i64,
    /// Local start in `zone`; `None` = now.
    pub start: Option<NaiveDateTime>,
    pub zone: Tz,
    pub duration: Option<i64>,
    pub host_id: Option<i64>,
}

/// The offered slots of a public request, grouped by date in the requested zone.
pub struct SlotAnswer {
    pub loaded: LoadedEvent,
    pub slots: Vec<Slot>,
    pub by_date: BTreeMap<String, Vec<String>>,
    /// Group events: the free seats of each offered start, by date and time (an extension
    /// field of the public answers; empty for other events).
    pub remaining_seats: BTreeMap<String, BTreeMap<String, u32>>,
    pub max_lookup_date: String,
    pub min_lookup_date: String,
    pub first_bookable: i64,
    pub duration: i64,
}

/// Event definitions and schedules of recently asked events. Slot lists read them on every
/// request while hosts change them rarely: entries live [`SlotCache::TTL`] (the bound on
/// staleness when another process changes an event) and every local change clears the cache.
/// Busy times are never cached, and booking writes never read this cache.
/// A cached event definition with its hosts' schedules.
type CachedEvent = std::sync::Arc<(LoadedEvent, Vec<ScheduleRow>)>;
type CacheMap = std::collections::HashMap<i64, (std::time::Instant, CachedEvent)>;

#[derive(Clone, Default)]
pub struct SlotCache {
    entries: std::sync::Arc<std::sync::RwLock<CacheMap>>,
}

impl std::fmt::Debug for SlotCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SlotCache")
    }
}

impl SlotCache {
    pub const TTL: std::time::Duration = std::time::Duration::from_secs(2);
    const MAX_ENTRIES: usize = 10_000;

    fn get(&self, event_id: i64) -> Option<CachedEvent> {
        let entries = self.entries.read().unwrap_or_else(|e| e.into_inner());
        entries
            .get(&event_id)
            .filter(|(at, _)| at.elapsed() < Self::TTL)
            .map(|(_, v)| v.clone())
    }

    fn put(&self, event_id: i64, value: CachedEvent) {
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= Self::MAX_ENTRIES {
            entries.retain(|_, (at, _)| at.elapsed() < Self::TTL);
        }
        entries.insert(event_id, (std::time::Instant::now(), value));
    }

    /// Forgets everything: called by every change to events, calendars and schedules.
    pub fn clear(&self) {
        self.entries
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

/// The event and its hosts' schedules from the cache, or loaded (and cached) on `conn`.
async fn cached_event(
    ctx: &crate::service::Ctx,
    conn: &mut crate::store::Conn,
    event_id: i64,
) -> ServiceResult<CachedEvent> {
    if let Some(hit) = ctx.slot_cache.get(event_id) {
        return Ok(hit);
    }
    let loaded = load_event(conn.ex(), event_id).await?;
    let rows = schedule_rows(conn.ex(), &loaded).await?;
    let entry = std::sync::Arc::new((loaded, rows));
    ctx.slot_cache.put(event_id, entry.clone());
    Ok(entry)
}

/// The event as the public pages show it, from the same short-lived cache as the slot list
/// (never for writes: a booking re-reads everything inside its transaction).
pub async fn public_event(ctx: &crate::service::Ctx, event_id: i64) -> ServiceResult<LoadedEvent> {
    let mut conn = ctx.store.conn().await?;
    Ok(cached_event(ctx, &mut conn, event_id).await?.0.clone())
}

/// Computes the slots from the requested start (or now) to the end of that month in the
/// requested zone, never past the booking window.
pub async fn public_slots(
    ctx: &crate::service::Ctx,
    req: SlotRequest,
    now: i64,
) -> ServiceResult<SlotAnswer> {
    let mut conn = ctx.store.conn().await?;
    let cached = cached_event(ctx, &mut conn, req.event_id).await?;
    let (loaded, rows) = (&cached.0, &cached.1);
    if loaded.event().status != "active" {
        return Err(ServiceError::Unprocessable {
            code: "event_inactive",
            message: NOT_ACCEPTING.into(),
        });
    }
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
        .checked_add_months(chrono::Months::new(1))
        .unwrap_or(month_start);
    let to = LocalDay::new(req.zone, next_month).start();
    let duration = loaded.duration(req.duration);
    let rules = loaded.rules(duration);
    let hosts = busy_inputs(conn.ex(), loaded, rows, req.host_id, from, to, None).await?;
    let engine = Engine::new(&rules, &hosts, now);
    let slots = engine.slots(from, to);
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
        max_lookup_date: last.format("%Y-%m-%d").to_string(),
        min_lookup_date: first_day.format("%Y-%m-%d").to_string(),
        duration,
    })
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

/// Many times of one event judged at once, as [`explain`] judges each: the event, its hours and
/// the hosts' bookings are read once for the span of `locals`, then the engine answers per
/// time. Each answer is (offered, the reasons' codes); an inactive event offers nothing.
pub async fn explain_times(
    store: &Store,
    event_id: i64,
    locals: &[NaiveDateTime],
    zone: Tz,
    now: i64,
) -> ServiceResult<Vec<(bool, Vec<String>)>> {
    let starts: Vec<Option<i64>> = locals.iter().map(|l| exact_instant(zone, *l)).collect();
    let (Some(first), Some(last)) = (
        starts.iter().flatten().min().copied(),
        starts.iter().flatten().max().copied(),
    ) else {
        return Ok(locals
            .iter()
            .map(|_| (false, vec!["outside_hours".to_string()]))
            .collect());
    };
    let mut conn = store.conn().await?;
    let loaded = load_event(conn.ex(), event_id).await?;
    let rules = loaded.rules(loaded.duration(None));
    let rows = schedule_rows(conn.ex(), &loaded).await?;
    let end = last + i64::from(rules.duration_minutes) * 60;
    let hosts = busy_inputs(conn.ex(), &loaded, &rows, None, first, end, None).await?;
    drop(conn);
    let engine = Engine::new(&rules, &hosts, now);
    let active = loaded.event().status == "active";
    Ok(starts
        .iter()
        .map(|start| match start {
            // A wall-clock time that does not exist that day (daylight saving gap).
            None => (false, vec!["outside_hours".to_string()]),
            Some(start) => {
                let verdict = engine.evaluate(*start);
                let codes = verdict
                    .reasons
                    .iter()
                    .filter_map(|r| serde_json::to_value(r).ok())
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect();
                (verdict.offered && active, codes)
            }
        })
        .collect())
}

/// The engine's verdict on one local time, with the rules it applied (for hosts).
pub async fn explain(
    store: &Store,
    event_id: i64,
    local: NaiveDateTime,
    zone: Tz,
    duration: Option<i64>,
    now: i64,
) -> ServiceResult<Explanation> {
    let mut conn = store.conn().await?;
    let loaded = load_event(conn.ex(), event_id).await?;
    let time = local.format("%Y-%m-%d %H:%M:%S").to_string();
    let Some(start) = exact_instant(zone, local) else {
        return Ok(Explanation {
            time,
            timezone: zone.name().to_string(),
            start_time: None,
            offered: false,
            reasons: vec![Reason::OutsideHours],
            note: Some(
                "This wall-clock time does not exist in the time zone (daylight saving gap)."
                    .into(),
            ),
            event_active: None,
            free_hosts: None,
            remaining: None,
            rules: None,
            schedules: None,
        });
    };
    let duration = loaded.duration(duration);
    let rules = loaded.rules(duration);
    let rows = schedule_rows(conn.ex(), &loaded).await?;
    let hosts = busy_inputs_at(conn.ex(), &loaded, &rules, &rows, None, start, None).await?;
    let verdict: Verdict = Engine::new(&rules, &hosts, now).evaluate(start);
    let inactive = loaded.event().status != "active";
    let utc = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    };
    Ok(Explanation {
        time,
        timezone: zone.name().to_string(),
        start_time: Some(utc(start)),
        offered: verdict.offered && !inactive,
        reasons: verdict.reasons,
        note: None,
        event_active: Some(!inactive),
        free_hosts: Some(
            verdict
                .slot
                .as_ref()
                .map(|s| s.hosts.clone())
                .unwrap_or_default(),
        ),
        remaining: Some(verdict.slot.as_ref().map(|s| s.remaining)),
        rules: Some(ExplainedRules {
            duration: rules.duration_minutes,
            slot_interval: rules.interval_minutes,
            buffer_time_before: rules.buffer_before_minutes,
            buffer_time_after: rules.buffer_after_minutes,
            minimum_notice_minutes: rules.notice_seconds / 60,
            host_timezone: rules.host_zone.name().to_string(),
            capacity: rules.capacity,
        }),
        schedules: Some(
            hosts
                .iter()
                .map(|h| HostSchedule {
                    host_id: h.user_id,
                    timezone: h.schedule.zone.name().to_string(),
                })
                .collect(),
        ),
    })
}
