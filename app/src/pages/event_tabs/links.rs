//! The Private links tab's buttons, through the services of `POST …/private-links` and
//! `DELETE …/private-links/{link_id}`. "Expires" is a wall-clock time of the calendar's zone.

use crate::domain::validation::FieldErrors;
use crate::model::public::FormState;
use crate::pages::setup::refused_as;
use crate::service::events::admin::load_managed_event;
use crate::service::events::private_links::{self, NewLink};
use crate::service::{Caller, Ctx, ServiceResult};
use crate::texts::dashboard::t;

/// "Create private link" with "Uses" and "Expires" (empty: no end).
pub async fn create_link(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> Result<(), FormState> {
    let made = async {
        let link = new_link(ctx, caller, calendar_id, event_id, form).await?;
        private_links::create(ctx, caller, calendar_id, event_id, link).await
    };
    made.await
        .map(drop)
        .map_err(|e| refused_as(form, e, str::to_string))
}

/// The form's values as the REST body's: "Uses" 1-1000, "Expires" in the calendar's zone
/// (`YYYY-MM-DDTHH:MM`, as the browser's date-time input sends it) read as UTC.
async fn new_link(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    form: &FormState,
) -> ServiceResult<NewLink> {
    let zone = {
        let mut conn = ctx.store.conn().await?;
        let (cal, _) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
        crate::domain::zone::parse_zone(&cal.author_timezone).unwrap_or(chrono_tz::UTC)
    };
    let mut errors = FieldErrors::new();
    let uses = form.value("max_uses");
    let max_uses = match uses.trim() {
        "" => None,
        text => match text.parse::<i64>() {
            Ok(n) => Some(n),
            Err(_) => {
                errors.add("max_uses", "between", t("the-max-uses-must-be-between"));
                None
            }
        },
    };
    let expires = form.value("expires_at");
    let expires_at = match expires.trim() {
        "" => None,
        text => {
            let local = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]
                .iter()
                .find_map(|f| chrono::NaiveDateTime::parse_from_str(text, f).ok());
            let utc = local
                .and_then(|at| crate::domain::slots::local::exact_instant(zone, at))
                .and_then(|at| chrono::DateTime::from_timestamp(at, 0))
                .map(|at| at.naive_utc());
            if utc.is_none() {
                errors.add("expires_at", "date_format", t("enter-a-date-and-time"));
            }
            utc
        }
    };
    NewLink::checked(max_uses, expires_at, errors, chrono::Utc::now().timestamp())
}
