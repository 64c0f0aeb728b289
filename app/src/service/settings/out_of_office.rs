//! `GET|POST /out-of-office`, `DELETE /out-of-office/{id}` (DESIGN 2.8): the days a user takes
//! no bookings. The slot engine leaves them out for every event the user hosts (reason
//! `out_of_office`); round robin hands the user's turns to its teammate.

use chrono::NaiveDate;

use crate::domain::dates::parse_date;
use crate::domain::validation::FieldErrors;

use crate::model::settings::{OutOfOfficeAnswer, OutOfOfficeList, OutOfOfficePeriod};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

use super::subject;
use crate::store::out_of_office::{self, OutOfOfficeRow};
use crate::store::users;

pub const SAVED: &str = "Out of office has been saved";
pub const DELETED: &str = "Out of office has been deleted";

/// A period to save, as read from its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAbsence {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub reason: String,
    pub teammate_id: Option<i64>,
}

impl NewAbsence {
    /// Dates `YYYY-MM-DD`, both included, the end not before the start; a reason of at most
    /// 255 characters. Whether the teammate is another user is [`add`]'s check. `errors`
    /// holds what the caller already refused (a field of the wrong type).
    pub fn checked(
        start: Option<String>,
        end: Option<String>,
        reason: Option<String>,
        teammate_id: Option<i64>,
        mut errors: FieldErrors,
    ) -> ServiceResult<NewAbsence> {
        let mut date = |key: &str, text: Option<String>| {
            let parsed = text.as_deref().map(str::trim).and_then(parse_date);
            if parsed.is_none() && !errors.contains(key) {
                errors.add(
                    key,
                    "date_format",
                    format!("The {key} must be a date YYYY-MM-DD."),
                );
            }
            parsed
        };
        let start = date("start_date", start);
        let end = date("end_date", end);
        if let (Some(start), Some(end)) = (start, end)
            && end < start
        {
            errors.add(
                "end_date",
                "after_or_equal",
                "The end date must be on or after the start date.",
            );
        }
        let reason = reason.unwrap_or_default().trim().to_string();
        if reason.chars().count() > 255 {
            errors.add(
                "reason",
                "max",
                "The reason may not be longer than 255 characters.",
            );
        }
        errors.into_result().map_err(ServiceError::invalid)?;
        match (start, end) {
            (Some(start), Some(end)) => Ok(NewAbsence {
                start,
                end,
                reason,
                teammate_id,
            }),
            // Refused above: a date that did not parse is an error.
            _ => Err(ServiceError::field(
                "start_date",
                "date_format",
                "The start_date must be a date YYYY-MM-DD.",
            )),
        }
    }
}

/// The user's periods (the caller's, or another's with `manage_all_data`), soonest first.
pub async fn list(
    ctx: &Ctx,
    caller: &Caller,
    user_id: Option<i64>,
) -> ServiceResult<OutOfOfficeList> {
    let user = subject(ctx, caller, user_id).await?;
    let mut conn = ctx.store.conn().await?;
    let rows = out_of_office::for_user(conn.ex(), user).await?;
    Ok(OutOfOfficeList {
        periods: rows.iter().map(view).collect(),
    })
}

/// Saves a period; a teammate must be another user (else 422 on `teammate_id`).
pub async fn add(
    ctx: &Ctx,
    caller: &Caller,
    user_id: Option<i64>,
    absence: NewAbsence,
) -> ServiceResult<OutOfOfficeAnswer> {
    let user = subject(ctx, caller, user_id).await?;
    let mut tx = ctx.store.begin().await?;
    if let Some(teammate) = absence.teammate_id {
        let known = teammate != user && users::find(tx.ex(), teammate).await?.is_some();
        if !known {
            return Err(ServiceError::field(
                "teammate_id",
                "exists",
                "The teammate must be another user.",
            ));
        }
    }
    let start = absence.start.format("%Y-%m-%d").to_string();
    let end = absence.end.format("%Y-%m-%d").to_string();
    let id = out_of_office::insert(
        tx.ex(),
        user,
        &start,
        &end,
        &absence.reason,
        absence.teammate_id,
    )
    .await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(OutOfOfficeAnswer {
        message: SAVED.into(),
        period: OutOfOfficePeriod {
            id,
            user_id: user,
            start_date: start,
            end_date: end,
            reason: absence.reason,
            teammate_id: absence.teammate_id,
        },
    })
}

/// Deletes one of the user's periods; another user's (or none) is 404.
pub async fn delete(
    ctx: &Ctx,
    caller: &Caller,
    user_id: Option<i64>,
    id: i64,
) -> ServiceResult<()> {
    let user = subject(ctx, caller, user_id).await?;
    let mut conn = ctx.store.conn().await?;
    if !out_of_office::delete(conn.ex(), user, id).await? {
        return Err(ServiceError::NotFound);
    }
    ctx.slot_cache.clear();
    Ok(())
}

fn view(row: &OutOfOfficeRow) -> OutOfOfficePeriod {
    OutOfOfficePeriod {
        id: row.id,
        user_id: row.user_id,
        start_date: row.start_date.clone(),
        end_date: row.end_date.clone(),
        reason: row.reason.clone(),
        teammate_id: row.teammate_id,
    }
}
