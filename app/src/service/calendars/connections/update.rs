//! `PUT /calendar-connections/{id}`: a connection's title, credentials and which of its
//! calendars count for conflicts and receive bookings.

use super::connect::connect_error;
use super::sync::{open_password, open_url, record_outcome, sync_row};
use super::{UPDATED, changed, own, reach};
use crate::domain::validation::FieldErrors;
use crate::model::calendar_connection::ConnectionChanged;
use crate::service::calendars::client::{self, Account};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::calendar_connections::{self as store, CalendarRow};

/// `PUT /calendar-connections/{id}`.
pub async fn update(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    change: UpdateConnection,
) -> ServiceResult<ConnectionChanged> {
    let (row, calendars) = {
        let mut conn = ctx.store.conn().await?;
        let row = own(conn.ex(), caller, id).await?;
        let calendars = store::calendars_of(conn.ex(), &[id]).await?;
        (row, calendars)
    };
    let UpdateConnection {
        title,
        username,
        password,
        calendars: listed,
        unreadable: mut errors,
    } = change;
    let title = checked_title(title, &mut errors).unwrap_or_else(|| row.title.clone());
    if row.kind == "ics" && (username.is_some() || password.is_some()) {
        errors.add(
            "password",
            "ics",
            "An ICS feed has no username or password.",
        );
    }
    let choices = calendar_choices(listed, &calendars, &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    let credentials_changed =
        username.as_ref().is_some_and(|u| *u != row.username) || password.is_some();
    if credentials_changed {
        // New credentials are tried before they replace the old ones.
        let account = Account {
            url: open_url(ctx, &row)?,
            username: username.clone().unwrap_or_else(|| row.username.clone()),
            password: match &password {
                Some(p) => Some(p.clone()),
                None => open_password(ctx, &row)?,
            },
        };
        client::discover(reach(ctx), &account)
            .await
            .map_err(|e| connect_error("caldav", &e))?;
    }
    let sealed_password = match &password {
        Some(p) => Some(ctx.secrets.seal(p)),
        None => row.sealed_password.clone(),
    };
    let mut tx = ctx.store.begin().await?;
    store::update_details(
        tx.ex(),
        id,
        &title,
        username.as_deref().unwrap_or(&row.username),
        sealed_password.as_deref(),
    )
    .await?;
    for (calendar, check, destination) in &choices {
        store::set_calendar_choices(tx.ex(), *calendar, *check, *destination).await?;
        if *destination {
            store::clear_destinations_except(tx.ex(), caller.id(), *calendar).await?;
        }
    }
    tx.commit().await?;
    if credentials_changed || !choices.is_empty() {
        ctx.slot_cache.clear();
    }
    if credentials_changed {
        let row = {
            let mut conn = ctx.store.conn().await?;
            own(conn.ex(), caller, id).await?
        };
        let outcome = sync_row(ctx, &row).await;
        record_outcome(ctx, id, outcome).await?;
    }
    changed(ctx, caller, id, UPDATED).await
}

/// `PUT /calendar-connections/{id}`'s body as read; `None` keeps the stored value. What
/// depends on the connection (a feed has no credentials; the calendars must be its own) is
/// checked on update.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UpdateConnection {
    /// Trimmed, 1 to 190 characters.
    pub title: Option<String>,
    /// Trimmed.
    pub username: Option<String>,
    /// A new password (an empty one keeps the stored password).
    pub password: Option<String>,
    /// The calendars listed, in order; unlisted ones keep their choices.
    pub calendars: Option<Vec<CalendarChoice>>,
    /// What the way in could not read, refused together with the rest (after access).
    pub unreadable: FieldErrors,
}

/// A new title: 1 to 190 characters once trimmed.
fn checked_title(title: Option<String>, errors: &mut FieldErrors) -> Option<String> {
    let title = title?.trim().to_string();
    if title.is_empty() {
        errors.add("title", "required", "The title field is required.");
        return None;
    }
    crate::domain::text::check_text("title", &title, true, errors);
    if title.chars().count() > 190 {
        errors.add(
            "title",
            "max",
            "The title may not be greater than 190 characters.",
        );
        return None;
    }
    Some(title)
}

/// One calendar of the list as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct CalendarChoice {
    pub id: Option<i64>,
    pub check_conflicts: Flag,
    pub is_destination: Flag,
}

/// A switch as sent: absent (keep), a yes/no, or something else (refused on update).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Flag {
    Keep,
    Set(bool),
    Invalid,
}

impl Flag {
    /// The switch's new value over `current`; `None` when it was not a yes or a no.
    pub fn or(self, current: bool) -> Option<bool> {
        match self {
            Flag::Keep => Some(current),
            Flag::Set(value) => Some(value),
            Flag::Invalid => None,
        }
    }
}

/// The listed calendars as (calendar id, check_conflicts, is_destination), each checked
/// against the connection's own calendars; unlisted calendars keep their choices.
fn calendar_choices(
    listed: Option<Vec<CalendarChoice>>,
    calendars: &[CalendarRow],
    errors: &mut FieldErrors,
) -> Vec<(i64, bool, bool)> {
    let Some(listed) = listed else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in listed {
        let Some(calendar) = item.id.and_then(|id| calendars.iter().find(|c| c.id == id)) else {
            errors.add(
                "calendars",
                "exists",
                "A calendar in the list is not one of this connection.",
            );
            return Vec::new();
        };
        let (Some(check), Some(destination)) = (
            item.check_conflicts.or(calendar.check_conflicts),
            item.is_destination.or(calendar.is_destination),
        ) else {
            errors.add(
                "calendars",
                "boolean",
                "check_conflicts and is_destination must be true or false.",
            );
            return Vec::new();
        };
        if destination && calendar.read_only {
            errors.add(
                "calendars",
                "read_only",
                "A read-only calendar cannot receive bookings.",
            );
            return Vec::new();
        }
        out.push((calendar.id, check, destination));
    }
    if out.iter().filter(|(_, _, d)| *d).count() > 1 {
        errors.add(
            "calendars",
            "destination",
            "Only one calendar can receive bookings.",
        );
        return Vec::new();
    }
    out
}
