//! The host's "why (not)?": the engine's verdict on given local times, with its reasons.

use chrono::NaiveDateTime;
use chrono_tz::Tz;

use super::event::{busy_inputs, busy_inputs_at, load_event, schedule_rows};
use crate::domain::slots::local::exact_instant;
use crate::domain::slots::{Engine, Reason, Verdict};
use crate::model::event::{ExplainedRules, Explanation, HostSchedule};
use crate::service::ServiceResult;
use crate::store::Store;

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
                (verdict.offered && active, reason_codes(&verdict))
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

/// The starts of the slot grid in `[from, to)`, within the hours, that are not offered, each
/// with the engine's reasons (a host's `not_offered` beside the times offered).
pub async fn not_offered(
    store: &Store,
    event_id: i64,
    (from, to): (i64, i64),
    duration: Option<i64>,
    now: i64,
) -> ServiceResult<Vec<(i64, Vec<String>)>> {
    let mut conn = store.conn().await?;
    let loaded = load_event(conn.ex(), event_id).await?;
    let duration = loaded.duration(duration);
    let rules = loaded.rules(duration);
    let rows = schedule_rows(conn.ex(), &loaded).await?;
    let hosts = busy_inputs(
        conn.ex(),
        &loaded,
        &rows,
        None,
        from,
        to + duration * 60,
        None,
    )
    .await?;
    drop(conn);
    let engine = Engine::new(&rules, &hosts, now);
    let offered: std::collections::HashSet<i64> = engine
        .slots(from, to)
        .iter()
        .map(|slot| slot.start)
        .collect();
    Ok(engine
        .grid(from, to)
        .into_iter()
        .filter(|start| !offered.contains(start))
        .map(|start| (start, reason_codes(&engine.evaluate(start))))
        .collect())
}

fn reason_codes(verdict: &Verdict) -> Vec<String> {
    verdict
        .reasons
        .iter()
        .filter_map(|r| serde_json::to_value(r).ok())
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}
