//! The event editor's Availability tab: which hours an event offers (its own, a reusable
//! schedule, or one per team member) and over which window.

use std::collections::BTreeMap;

use serde_json::Value;

use super::admin::{load_managed_event, save, settings_saved};
use crate::domain::validation::FieldErrors;
use crate::model::event::{
    AvailabilityAnswer, AvailableSchedule, EventSettingsSaved, ScheduleChoice, ScheduleOptions,
};
use crate::service::events::settings::apply_schedule;
use crate::service::support::input::Fields;
use crate::service::support::present::event_settings;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::events::{self};
use crate::store::{availability_schedules, users};

/// `GET …/availability`: the schedule options and the schedules the event may use.
pub async fn get_availability(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<AvailabilityAnswer> {
    let mut conn = ctx.store.conn().await?;
    let (_cal, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let settings = event_settings(&ev);
    let mut owners = vec![ev.user_id];
    owners.extend(settings.team_members.iter().copied());
    owners.sort_unstable();
    owners.dedup();
    let rows = availability_schedules::list_for_users(conn.ex(), &owners).await?;
    let people = users::find_many(conn.ex(), &owners).await?;
    let mut by_owner: BTreeMap<String, Vec<ScheduleChoice>> = BTreeMap::new();
    for row in &rows {
        let name = if row.user_id == caller.id() {
            "My Schedules".to_string()
        } else {
            people
                .iter()
                .find(|u| u.id == row.user_id)
                .map(|u| u.full_name())
                .unwrap_or_else(|| "Deleted User".into())
        };
        by_owner.entry(name).or_default().push(ScheduleChoice {
            label: row.title.clone(),
            value: row.id,
            default: row.is_default,
        });
    }
    let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect();
    Ok(AvailabilityAnswer {
        schedule_options: ScheduleOptions {
            range_types: words(&["range_days", "date_range"]),
            schedule_types: words(&["weekly_schedules"]),
            availability_types: words(&["existing_schedule", "custom"]),
            by_owner,
        },
        available_schedules: rows
            .iter()
            .map(|r| AvailableSchedule {
                id: r.id,
                title: r.title.clone(),
                user_id: r.user_id,
                default: r.is_default,
                timezone: r.timezone.clone(),
                weekly_schedules: serde_json::from_str(&r.weekly_schedules).unwrap_or(Value::Null),
                date_overrides: serde_json::from_str(&r.date_overrides).unwrap_or(Value::Null),
            })
            .collect(),
    })
}

/// `{host id: schedule id}`, ids as numbers or numeric text.
pub(super) fn parse_hosts_schedules(
    map: &serde_json::Map<String, Value>,
    errors: &mut FieldErrors,
) -> BTreeMap<String, i64> {
    let mut parsed = BTreeMap::new();
    for (host, schedule) in map {
        let schedule_id = schedule
            .as_i64()
            .or_else(|| schedule.as_str().and_then(|s| s.parse().ok()));
        match (host.parse::<i64>(), schedule_id) {
            (Ok(h), Some(s)) => {
                parsed.insert(h.to_string(), s);
            }
            _ => errors.add(
                format!("hosts_schedules.{host}"),
                "integer",
                "Each host must map to a schedule id.",
            ),
        }
    }
    parsed
}

/// Each host is a team member and each schedule one of that host's.
pub(super) async fn check_hosts_schedules(
    tx: &mut crate::store::Tx,
    members: &[i64],
    map: &BTreeMap<String, i64>,
) -> ServiceResult<()> {
    let owners: Vec<i64> = map.keys().filter_map(|k| k.parse().ok()).collect();
    let rows = availability_schedules::list_for_users(tx.ex(), &owners).await?;
    for (host, schedule) in map {
        let host_id: i64 = host.parse().unwrap_or_default();
        if !members.contains(&host_id)
            || !rows
                .iter()
                .any(|r| r.id == *schedule && r.user_id == host_id)
        {
            return Err(ServiceError::field(
                &format!("hosts_schedules.{host}"),
                "exists",
                "Each host must be a team member and each schedule one of that host's.",
            ));
        }
    }
    Ok(())
}

/// `POST …/availability`.
pub async fn update_availability(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    body: &Value,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut settings = event_settings(&ev);
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let availability_type = f
        .one_of(
            "availability_type",
            &["existing_schedule", "custom"],
            &mut errors,
        )
        .unwrap_or_else(|| ev.availability_type.clone());
    apply_schedule(
        &f,
        &mut settings,
        &mut errors,
        availability_type == "custom",
    );
    let availability_id = f.int("availability_id", &mut errors);
    let team = ev.kind().is_team();
    if let Some(common) = f.bool("common_schedule", &mut errors) {
        settings.common_schedule = common;
    }
    let mut hosts_schedules = None;
    if let Some(map) = f
        .object("hosts_schedules", &mut errors)
        .and_then(Value::as_object)
    {
        hosts_schedules = Some(parse_hosts_schedules(map, &mut errors));
    } else if team
        && !settings.common_schedule
        && f.get("hosts_schedules").is_none()
        && !errors.contains("hosts_schedules")
    {
        errors.add(
            "hosts_schedules",
            "required",
            "The hosts schedules are required for team events without a common schedule.",
        );
    }
    if availability_type == "existing_schedule"
        && availability_id.is_none()
        && ev.availability_id.is_none()
        && !errors.contains("availability_id")
    {
        errors.add(
            "availability_id",
            "required",
            "The availability id is required for an existing schedule.",
        );
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    if let Some(id) = availability_id {
        let schedule = availability_schedules::find(tx.ex(), id).await?;
        let hosts = events::hosts(tx.ex(), ev.id).await?;
        if !schedule.is_some_and(|s| s.user_id == ev.user_id || hosts.contains(&s.user_id)) {
            return Err(ServiceError::field(
                "availability_id",
                "exists",
                "The schedule does not exist or does not belong to a host of this event.",
            ));
        }
        ev.availability_id = Some(id);
    }
    if let Some(map) = hosts_schedules {
        check_hosts_schedules(&mut tx, &settings.team_members, &map).await?;
        settings.hosts_schedules = map;
    }
    ev.availability_type = availability_type;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}
