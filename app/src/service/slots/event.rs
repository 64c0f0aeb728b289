//! The event as the slot engine reads it, and the three queries behind every answer: the
//! event with its calendar, owner and settings; the hosts' schedules; their busy times.

use chrono::{NaiveDate, Weekday};
use chrono_tz::Tz;

use crate::domain::slots::{
    Away, AwayPeriod, BookingWindow, Busy, HostInput, HostLimits, Limit, Period, Rules, Schedule,
    TeamMode,
};
use crate::domain::values::EventType;
use crate::domain::week::{DateOverrides, WeeklySchedule};
use crate::domain::zone::parse_zone;
use crate::model::event::EventSettings;
use crate::model::settings::GeneralSettings;
use crate::service::events::new_event::minutes_setting;
use crate::service::{ServiceError, ServiceResult};
use crate::store::Ex;
use crate::store::availability_schedules::{self, ScheduleRow};
use crate::store::busy_times::{self, BusyRow};
use crate::store::events::{self, EventRow, PublicEventRow};

/// An event loaded for slot computation.
#[derive(Clone)]
pub struct LoadedEvent {
    pub row: PublicEventRow,
    pub settings: EventSettings,
    pub host_zone: Tz,
    pub general: GeneralSettings,
    /// The caps of the event's hosts across all of their events (DESIGN 2.8 host limits).
    pub host_limits: Vec<(i64, HostLimits)>,
    /// The hosts' out-of-office days from yesterday on (DESIGN 2.8), hosts without any left out.
    pub away: Vec<(i64, Away)>,
}

impl LoadedEvent {
    /// A host's cap across all of its events (none when it set none).
    pub fn host_limits_of(&self, user_id: i64) -> HostLimits {
        self.host_limits
            .iter()
            .find(|(id, _)| *id == user_id)
            .map(|(_, limits)| *limits)
            .unwrap_or_default()
    }

    /// A host's out-of-office days (none when it set none).
    pub fn away_of(&self, user_id: i64) -> Away {
        self.away
            .iter()
            .find(|(id, _)| *id == user_id)
            .map(|(_, away)| away.clone())
            .unwrap_or_default()
    }

    /// The teammates named by the event's hosts who are away at `start`, among `free`: round
    /// robin gives them the turn first.
    pub fn stand_ins(&self, start: i64, free: &[i64]) -> Vec<i64> {
        let mut named: Vec<i64> = self
            .away
            .iter()
            .filter_map(|(_, away)| away.period_at(start).and_then(|p| p.teammate))
            .filter(|teammate| free.contains(teammate))
            .collect();
        named.sort_unstable();
        named.dedup();
        named
    }

    /// Whether any host of the event has a cap (busy times are then read whole weeks wide).
    fn any_host_limit(&self) -> bool {
        self.host_limits.iter().any(|(_, limits)| limits.is_set())
    }

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
            language: row.cal_language.clone(),
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

    /// What a private link is checked against: this event, its `secret` switch, and whether
    /// the caller hosts it.
    pub fn asked(&self, is_host: bool) -> crate::service::events::private_links::Asked {
        crate::service::events::private_links::Asked {
            event_id: self.event().id,
            secret: self.settings.secret,
            is_host,
        }
    }

    /// 422 `event_inactive` unless the event takes bookings (only active ones do).
    pub fn check_accepting(&self) -> ServiceResult<()> {
        if self.event().status == "active" {
            Ok(())
        } else {
            Err(ServiceError::Unprocessable {
                code: "event_inactive",
                message: super::NOT_ACCEPTING.into(),
            })
        }
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

    /// The engine's input per host: its schedule and its busy times, less `excluded` (a
    /// booking id, or minus a hold's id: the holder's own create).
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
                        held: b.is_hold(),
                    })
                    .collect(),
                limits: self.host_limits_of(*id),
                away: self.away_of(*id),
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

    /// The zone the event's availability is read in (its owner's schedule's, else the
    /// calendar's): a series repeats at the same wall-clock time of this zone.
    pub fn availability_zone(&self, rows: &[ScheduleRow]) -> Tz {
        self.schedule_for(self.event().user_id, rows).zone
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

/// Query 1: the event with its calendar, owner and the global settings (and its hosts' caps).
pub async fn load_event(mut ex: Ex<'_>, event_id: i64) -> ServiceResult<LoadedEvent> {
    let row = events::find_public(crate::store::reborrow(&mut ex), event_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    // A stored setting that does not decode refuses the request: read as defaults, a
    // corrupt event would offer (and book) times its rules forbid.
    let settings = row.event.decoded_settings()?;
    let host_zone = parse_zone(&row.cal_timezone).unwrap_or(chrono_tz::UTC);
    let general: GeneralSettings = match row.general_settings.as_deref() {
        Some(text) => crate::store::decode("settings row general", text)?,
        None => GeneralSettings::default(),
    };
    let mut loaded = LoadedEvent {
        row,
        settings,
        host_zone,
        general,
        host_limits: Vec::new(),
        away: Vec::new(),
    };
    let hosts = loaded.host_ids();
    loaded.host_limits = host_limits_of(
        crate::store::host_limits::for_users(crate::store::reborrow(&mut ex), &hosts).await?,
    );
    let yesterday = (chrono::Utc::now() - chrono::Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    loaded.away = away_of(crate::store::out_of_office::away_of(ex, &hosts, &yesterday).await?);
    Ok(loaded)
}

/// The stored periods grouped per host, in the zone of its own calendar (else UTC); a date
/// that does not parse (never saved so) is skipped.
fn away_of(rows: Vec<crate::store::out_of_office::AwayRow>) -> Vec<(i64, Away)> {
    let mut out: Vec<(i64, Away)> = Vec::new();
    for row in rows {
        let (Some(start), Some(end)) = (parse_date(&row.start_date), parse_date(&row.end_date))
        else {
            continue;
        };
        let at = match out.iter().position(|(id, _)| *id == row.user_id) {
            Some(at) => at,
            None => {
                let zone = row
                    .zone
                    .as_deref()
                    .and_then(parse_zone)
                    .unwrap_or(chrono_tz::UTC);
                out.push((
                    row.user_id,
                    Away {
                        zone,
                        periods: Vec::new(),
                    },
                ));
                out.len() - 1
            }
        };
        out[at].1.periods.push(AwayPeriod {
            start,
            end,
            teammate: row.teammate_id,
        });
    }
    out
}

/// The stored caps grouped per host, in the zone of its own calendar (else UTC).
fn host_limits_of(rows: Vec<crate::store::host_limits::HostLimitRow>) -> Vec<(i64, HostLimits)> {
    let mut out: Vec<(i64, HostLimits)> = Vec::new();
    for row in rows {
        let value = u32::try_from(row.value.max(0)).unwrap_or(u32::MAX);
        let zone = row
            .zone
            .as_deref()
            .and_then(parse_zone)
            .unwrap_or(chrono_tz::UTC);
        let at = match out.iter().position(|(id, _)| *id == row.user_id) {
            Some(at) => at,
            None => {
                out.push((
                    row.user_id,
                    HostLimits {
                        zone,
                        ..HostLimits::default()
                    },
                ));
                out.len() - 1
            }
        };
        match row.unit.as_str() {
            "per_day" => out[at].1.per_day = Some(value),
            "per_week" => out[at].1.per_week = Some(value),
            _ => {}
        }
    }
    out
}

/// Query 2: the schedules of the event's hosts (and owner), each checked to decode (see
/// [`load_event`]).
pub async fn schedule_rows(ex: Ex<'_>, loaded: &LoadedEvent) -> ServiceResult<Vec<ScheduleRow>> {
    let mut users = loaded.host_ids();
    users.push(loaded.event().user_id);
    let rows = availability_schedules::list_for_users(ex, &users).await?;
    for row in &rows {
        let what = format!("availability_schedules row {}", row.id);
        crate::store::decode::<WeeklySchedule>(&what, &row.weekly_schedules)?;
        crate::store::decode::<DateOverrides>(&what, &row.date_overrides)?;
    }
    Ok(rows)
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
        } else if loaded.any_host_limit() {
            // A host's week, wherever in it the range starts or ends.
            8 * 86_400
        } else {
            busy_times::MAX_BUFFER_SECONDS
        };
    let busy = busy_times::busy_for_hosts(ex, &ids, from - reach, to + reach).await?;
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
    if !rules.limits.is_empty() || loaded.any_host_limit() {
        return busy_inputs(ex, loaded, rows, only_host, start, end, excluded).await;
    }
    let ids = loaded.hosts_asked(only_host);
    let candidate = busy_times::Candidate {
        start,
        end,
        before: i64::from(rules.buffer_before_minutes) * 60,
        after: i64::from(rules.buffer_after_minutes) * 60,
    };
    let busy = busy_times::busy_around(ex, &ids, candidate).await?;
    Ok(loaded.inputs(&ids, rows, &busy, excluded))
}
