//! `/admin/availability`: a user's reusable schedules (named weekly hours plus a zone and date
//! overrides). The hours are checked by the same parsers as an event's availability
//! (`POST …/availability`), so the messages are that route's. A schedule is its owner's only.

use crate::domain::validation::FieldErrors;
use crate::model::availability::{ScheduleCard, ScheduleEditor, SchedulesPage, week_summary};
use crate::model::public::FormState;
use crate::model::setup::WeekDraft;
use crate::pages::setup::{draft_of, refused_as, row_of};
use crate::service::schedules::{self, ScheduleChanges, ScheduleName, own_schedule, used_by};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::availability_schedules::{self, ScheduleRow};
use crate::store::calendars;
use crate::texts::dashboard::{t, weekday_short};

/// A stored schedule's hours as the form shows them.
fn hours_of(row: &ScheduleRow) -> ServiceResult<WeekDraft> {
    let (week, overrides) = schedules::hours(row)?;
    Ok(draft_of(&week, &overrides))
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
            .map(|row| {
                Ok(ScheduleCard {
                    id: row.id,
                    title: row.title.clone(),
                    zone: row.timezone.clone(),
                    is_default: row.is_default,
                    summary: week_summary(&hours_of(row)?, weekday_short, t("no-hours")),
                })
            })
            .collect::<ServiceResult<_>>()?,
    })
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
        hours: hours_of(&row)?,
        used_by: used_by(conn.ex(), row.id).await?,
    })
}

/// The form's "Name" and "Time zone" as the command's name (`None` with `errors` set).
fn name_of(form: &FormState, errors: &mut FieldErrors) -> Option<ScheduleName> {
    ScheduleName::checked(&form.value("title"), &form.value("timezone"), errors)
}

/// "New schedule": Name and Time zone. Answers the new schedule's id.
pub async fn create(ctx: &Ctx, caller: &Caller, form: &FormState) -> Result<i64, FormState> {
    let refuse = |e: ServiceError| refused_as(form, e, str::to_string);
    let mut errors = FieldErrors::new();
    match name_of(form, &mut errors) {
        Some(name) if errors.is_empty() => {
            schedules::create(ctx, caller, name).await.map_err(refuse)
        }
        _ => Err(refuse(ServiceError::invalid(errors))),
    }
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
    let name = name_of(form, &mut errors);
    let (week, overrides) = draft.parsed(&mut errors);
    match (name, week, overrides) {
        (Some(name), Some(week), Some(overrides)) if errors.is_empty() => {
            let changes = ScheduleChanges {
                name,
                week,
                overrides,
            };
            schedules::save(ctx, caller, id, changes)
                .await
                .map_err(refuse)
        }
        _ => Err(refuse(ServiceError::invalid(errors))),
    }
}
