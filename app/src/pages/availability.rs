//! `/admin/availability`: a user's reusable schedules (named weekly hours plus a zone and date
//! overrides). The hours are checked by the same parsers as an event's availability
//! (`POST …/availability`), so the messages are that route's. A schedule is its owner's only.

use serde_json::Value;

use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::week::{DateOverrides, WeeklySchedule};
use crate::domain::zone::parse_zone;
use crate::model::availability::{ScheduleCard, ScheduleEditor, SchedulesPage, week_summary};
use crate::model::public::FormState;
use crate::model::setup::WeekDraft;
use crate::pages::setup::{draft_of, refused_as, row_of};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::availability_schedules::{self, NewSchedule, ScheduleRow};
use crate::store::{Ex, StoreError, calendars};

/// A stored schedule's hours as the form shows them.
fn hours_of(row: &ScheduleRow) -> WeekDraft {
    let week: WeeklySchedule = serde_json::from_str(&row.weekly_schedules).unwrap_or_default();
    let overrides: DateOverrides = serde_json::from_str(&row.date_overrides).unwrap_or_default();
    draft_of(&week, &overrides)
}

/// `/admin/availability`.
pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<SchedulesPage> {
    let mut conn = ctx.store.conn().await?;
    let rows = availability_schedules::list_for_user(conn.ex(), caller.id()).await?;
    let own = match calendars::simple_calendar_of(conn.ex(), caller.id()).await? {
        Some(id) => calendars::find(conn.ex(), id).await?,
        None => None,
    };
    Ok(SchedulesPage {
        zone: own.map_or_else(|| "UTC".to_string(), |c| c.author_timezone),
        schedules: rows
            .iter()
            .map(|row| ScheduleCard {
                id: row.id,
                title: row.title.clone(),
                zone: row.timezone.clone(),
                is_default: row.is_default,
                summary: week_summary(&hours_of(row)),
            })
            .collect(),
    })
}

/// The caller's schedule `id` (404 for anyone else's).
async fn own_schedule(ex: Ex<'_>, caller: &Caller, id: i64) -> ServiceResult<ScheduleRow> {
    availability_schedules::find(ex, id)
        .await?
        .filter(|row| row.user_id == caller.id())
        .ok_or(ServiceError::NotFound)
}

/// Titles of the events whose slots follow schedule `id`: those set to it, and team events
/// that name it for one of their hosts.
async fn used_by(ex: Ex<'_>, id: i64) -> ServiceResult<Vec<String>> {
    Ok(availability_schedules::events_naming(ex, id)
        .await?
        .into_iter()
        .filter(|(_, _, kind, availability_id, settings)| {
            let pointed = kind == "existing_schedule" && *availability_id == Some(id);
            let per_host = serde_json::from_str::<Value>(settings)
                .ok()
                .and_then(|s| {
                    s["hosts_schedules"]
                        .as_object()
                        .map(|m| m.values().any(|v| v.as_i64() == Some(id)))
                })
                .unwrap_or(false);
            pointed || per_host
        })
        .map(|(_, title, ..)| title)
        .collect())
}

/// `/admin/availability/{id}`.
pub async fn editor(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<ScheduleEditor> {
    let mut conn = ctx.store.conn().await?;
    let row = own_schedule(conn.ex(), caller, id).await?;
    Ok(ScheduleEditor {
        id: row.id,
        title: row.title.clone(),
        zone: row.timezone.clone(),
        is_default: row.is_default,
        hours: hours_of(&row),
        used_by: used_by(conn.ex(), row.id).await?,
    })
}

/// The form's "Name" and "Time zone", checked.
fn name_and_zone(form: &FormState, errors: &mut FieldErrors) -> (String, String) {
    let title = form.value("title").trim().to_string();
    if title.is_empty() {
        errors.add("title", "required", "The name field is required.");
    }
    check_max_len(errors, "title", Some(&title), 192);
    crate::domain::text::check_text("title", &title, true, errors);
    let zone = form.value("timezone").trim().to_string();
    if parse_zone(&zone).is_none() {
        errors.add(
            "timezone",
            "timezone",
            "The time zone must be a valid IANA time zone.",
        );
    }
    (title, zone)
}

/// "New schedule": Name and Time zone, starting with Monday to Friday 09:00-17:00. The
/// user's first schedule is its default. Answers the new schedule's id.
pub async fn create(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<i64, FormState> {
    let mut errors = FieldErrors::new();
    let (title, zone) = name_and_zone(form, &mut errors);
    if let Err(e) = errors.into_result() {
        return Err(refused_as(form, ServiceError::invalid(e), str::to_string));
    }
    let stored = async {
        let week =
            serde_json::to_string(&WeeklySchedule::office_hours()).map_err(StoreError::from)?;
        let mut tx = ctx.store.begin().await?;
        let first = availability_schedules::list_for_user(tx.ex(), caller.id())
            .await?
            .is_empty();
        let id = availability_schedules::insert(
            tx.ex(),
            &NewSchedule {
                user_id: caller.id(),
                title: &title,
                is_default: first,
                timezone: &zone,
                weekly_schedules: &week,
                date_overrides: "{}",
            },
        )
        .await?;
        tx.commit().await?;
        Ok::<i64, ServiceError>(id)
    };
    stored
        .await
        .map_err(|e| refused_as(form, e, str::to_string))
}

/// "Save": name, zone and hours in one write. Errors name the field or the row
/// (`mon.0`, `override.1`).
pub async fn save(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    form: &FormState,
    draft: &WeekDraft,
) -> Result<(), FormState> {
    let refuse = |e: ServiceError| refused_as(form, e, row_of);
    let mut errors = FieldErrors::new();
    let (title, zone) = name_and_zone(form, &mut errors);
    let (week, overrides) = draft.parsed(&mut errors);
    errors
        .into_result()
        .map_err(|e| refuse(ServiceError::invalid(e)))?;
    let write = async {
        let mut tx = ctx.store.begin().await?;
        let mut row = own_schedule(tx.ex(), caller, id).await?;
        row.title = title;
        row.timezone = zone;
        row.weekly_schedules = serde_json::to_string(&week).map_err(StoreError::from)?;
        row.date_overrides = serde_json::to_string(&overrides).map_err(StoreError::from)?;
        availability_schedules::update(tx.ex(), &row).await?;
        tx.commit().await?;
        Ok::<(), ServiceError>(())
    };
    write.await.map_err(refuse)?;
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
