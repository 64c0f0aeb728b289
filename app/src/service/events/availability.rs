//! The event editor's Availability tab: which hours an event offers (its own, a reusable
//! schedule, or one per team member) and over which window.

use std::collections::BTreeMap;

use serde_json::Value;

use super::admin::{load_managed_event, save, settings_saved};
use crate::domain::validation::FieldErrors;
use crate::model::event::{
    AvailabilityAnswer, AvailableSchedule, EventSettingsSaved, ScheduleChoice, ScheduleOptions,
};
use crate::service::events::settings::ScheduleChanges;
use crate::service::support::present::event_settings;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::events;
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
    let settings = event_settings(&ev)?;
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

/// `POST …/availability`'s body, read once: the schedule keys, and which hours the event
/// offers (`None`: keep).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AvailabilityChanges {
    /// `existing_schedule` or `custom` (its own weekly hours).
    pub availability_type: Option<String>,
    pub availability_id: Option<i64>,
    /// A team event: one schedule for all hosts, or one each (`hosts_schedules`).
    pub common_schedule: Option<bool>,
    /// Whether `hosts_schedules` was sent at all (a refused one was, too).
    pub hosts_schedules_given: bool,
    /// Host id -> that host's schedule id.
    pub hosts_schedules: Option<BTreeMap<String, i64>>,
    pub schedule: ScheduleChanges,
    /// What the way in could not read, refused together with the rest (after access).
    pub unreadable: FieldErrors,
}

/// `POST …/availability`: the changes over the event's settings; what is required depends
/// on both (custom hours need a week, an existing schedule an id, a team without a common
/// schedule one per host). Access first: another host's ids answer 404 whatever the body.
pub async fn update_availability(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    mut changes: AvailabilityChanges,
) -> ServiceResult<EventSettingsSaved> {
    let mut tx = ctx.store.begin().await?;
    let (_cal, mut ev) = load_managed_event(tx.ex(), caller, calendar_id, event_id).await?;
    let mut settings = event_settings(&ev)?;
    let mut errors = std::mem::take(&mut changes.unreadable);
    let availability_type = changes
        .availability_type
        .unwrap_or_else(|| ev.availability_type.clone());
    changes.schedule.apply(
        "",
        &mut settings,
        &mut errors,
        availability_type == "custom",
    );
    if let Some(common) = changes.common_schedule {
        settings.common_schedule = common;
    }
    if ev.kind().is_team()
        && !settings.common_schedule
        && !changes.hosts_schedules_given
        && !errors.contains("hosts_schedules")
    {
        errors.add(
            "hosts_schedules",
            "required",
            "The hosts schedules are required for team events without a common schedule.",
        );
    }
    if availability_type == "existing_schedule"
        && changes.availability_id.is_none()
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
    if let Some(id) = changes.availability_id {
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
    if let Some(map) = changes.hosts_schedules {
        check_hosts_schedules(&mut tx, &settings.team_members, &map).await?;
        settings.hosts_schedules = map;
    }
    ev.availability_type = availability_type;
    save(ctx, tx, &mut ev, &settings).await?;
    Ok(settings_saved(&ev, settings))
}
