//! A user's reusable availability schedules (`/admin/availability`): named weekly hours plus
//! a zone and date overrides. A schedule is its owner's only; anyone else's is not found.

use crate::domain::text::check_text;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::TimeZoneId;
use crate::domain::week::{DateOverrides, WeeklySchedule};
use crate::model::event::EventSettings;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::availability_schedules::{self, NewSchedule, ScheduleRow};
use crate::store::{Ex, StoreError, decode};

/// A schedule's name and zone, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleName {
    pub title: String,
    pub zone: TimeZoneId,
}

impl ScheduleName {
    /// The given name and zone with their rules; refusals name `title` and `timezone`. `None`
    /// once `errors` holds any refusal (the caller answers them all together).
    pub fn checked(title: &str, zone: &str, errors: &mut FieldErrors) -> Option<ScheduleName> {
        let title = title.trim().to_string();
        if title.is_empty() {
            errors.add("title", "required", "The name field is required.");
        }
        check_max_len(errors, "title", Some(&title), 192);
        check_text("title", &title, true, errors);
        let zone = TimeZoneId::parse(zone.trim());
        if zone.is_none() {
            errors.add(
                "timezone",
                "timezone",
                "The time zone must be a valid IANA time zone.",
            );
        }
        Some(ScheduleName { title, zone: zone? }).filter(|_| errors.is_empty())
    }
}

/// "Save": the whole schedule in one write.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleChanges {
    pub name: ScheduleName,
    pub week: WeeklySchedule,
    pub overrides: DateOverrides,
}

/// A stored schedule's hours, decoded loudly (a corrupt row is an error, never empty hours).
pub fn hours(row: &ScheduleRow) -> ServiceResult<(WeeklySchedule, DateOverrides)> {
    let what = format!("availability_schedules row {}", row.id);
    Ok((
        decode(&what, &row.weekly_schedules)?,
        decode(&what, &row.date_overrides)?,
    ))
}

/// The caller's schedule `id` (not found for anyone else's).
pub async fn own_schedule(ex: Ex<'_>, caller: &Caller, id: i64) -> ServiceResult<ScheduleRow> {
    availability_schedules::find(ex, id)
        .await?
        .filter(|row| row.user_id == caller.id())
        .ok_or(ServiceError::NotFound)
}

/// Titles of the events whose slots follow schedule `id`: those set to it, and team events
/// that name it for one of their hosts.
pub async fn used_by(ex: Ex<'_>, id: i64) -> ServiceResult<Vec<String>> {
    let mut titles = Vec::new();
    for (event_id, title, kind, availability_id, settings) in
        availability_schedules::events_naming(ex, id).await?
    {
        let pointed = kind == "existing_schedule" && availability_id == Some(id);
        let settings: EventSettings = decode(&format!("events row {event_id}"), &settings)?;
        if pointed || settings.hosts_schedules.values().any(|v| *v == id) {
            titles.push(title);
        }
    }
    Ok(titles)
}

/// "New schedule": starts with Monday to Friday 09:00-17:00; the user's first schedule is
/// its default. Answers the new schedule's id.
pub async fn create(ctx: &Ctx, caller: &Caller, name: ScheduleName) -> ServiceResult<i64> {
    let week = serde_json::to_string(&WeeklySchedule::office_hours()).map_err(StoreError::from)?;
    let mut tx = ctx.store.begin().await?;
    let first = availability_schedules::list_for_user(tx.ex(), caller.id())
        .await?
        .is_empty();
    let id = availability_schedules::insert(
        tx.ex(),
        &NewSchedule {
            user_id: caller.id(),
            title: &name.title,
            is_default: first,
            timezone: name.zone.as_str(),
            weekly_schedules: &week,
            date_overrides: "{}",
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// "Save": name, zone and hours of schedule `id` in one write.
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    changes: ScheduleChanges,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let mut row = own_schedule(tx.ex(), caller, id).await?;
    row.title = changes.name.title;
    row.timezone = changes.name.zone.as_str().to_string();
    row.weekly_schedules = serde_json::to_string(&changes.week).map_err(StoreError::from)?;
    row.date_overrides = serde_json::to_string(&changes.overrides).map_err(StoreError::from)?;
    availability_schedules::update(tx.ex(), &row).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

/// "Set as default": new events of the user start with this schedule.
pub async fn set_default(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    own_schedule(tx.ex(), caller, id).await?;
    availability_schedules::set_default(tx.ex(), caller.id(), id).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

/// "Delete": refused while an event uses the schedule, and for the default schedule (events
/// without a schedule of their own follow it).
pub async fn delete(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let row = own_schedule(tx.ex(), caller, id).await?;
    if row.is_default {
        return Err(ServiceError::Conflict {
            code: "schedule_default",
            message:
                "The default schedule cannot be deleted: set another schedule as default first."
                    .into(),
        });
    }
    let users = used_by(tx.ex(), id).await?;
    if !users.is_empty() {
        return Err(ServiceError::Conflict {
            code: "schedule_in_use",
            message: format!(
                "This schedule cannot be deleted while an event uses it: {}. Give those events other hours first.",
                users.join(", ")
            ),
        });
    }
    availability_schedules::delete(tx.ex(), caller.id(), id).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_and_zone_are_trimmed_and_checked_together() {
        let mut errors = FieldErrors::new();
        let name = ScheduleName::checked("  Office  ", " Europe/Berlin ", &mut errors).unwrap();
        assert_eq!(name.title, "Office");
        assert_eq!(name.zone.as_str(), "Europe/Berlin");
        let mut errors = FieldErrors::new();
        assert!(ScheduleName::checked(" ", "Mars/Base", &mut errors).is_none());
        assert!(errors.contains("title") && errors.contains("timezone"));
    }

    #[test]
    fn a_corrupt_stored_week_is_an_error_not_empty_hours() {
        let row = ScheduleRow {
            id: 7,
            user_id: 1,
            title: "Office".into(),
            is_default: true,
            timezone: "UTC".into(),
            weekly_schedules: "{\"mon\": 3".into(),
            date_overrides: "{}".into(),
            status: "active".into(),
            created_at: 0,
            updated_at: 0,
        };
        assert!(hours(&row).is_err());
        let fine = ScheduleRow {
            weekly_schedules: serde_json::to_string(&WeeklySchedule::office_hours()).unwrap(),
            ..row
        };
        assert_eq!(hours(&fine).unwrap().0, WeeklySchedule::office_hours());
    }
}
