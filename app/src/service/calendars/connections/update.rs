//! `PUT /calendar-connections/{id}`: a connection's title, credentials and which of its
//! calendars count for conflicts and receive bookings.

use serde_json::Value;

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
    body: &Value,
) -> ServiceResult<ConnectionChanged> {
    let (row, calendars) = {
        let mut conn = ctx.store.conn().await?;
        let row = own(conn.ex(), caller, id).await?;
        let calendars = store::calendars_of(conn.ex(), &[id]).await?;
        (row, calendars)
    };
    let mut errors = FieldErrors::new();
    let UpdateConnection {
        title,
        username,
        password,
        calendars: listed,
    } = UpdateConnection::read(body, &mut errors);
    let title = title.unwrap_or_else(|| row.title.clone());
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
    fn read(value: Option<&Value>) -> Flag {
        match value {
            None | Some(Value::Null) => Flag::Keep,
            Some(Value::Bool(b)) => Flag::Set(*b),
            Some(Value::Number(n)) => n.as_i64().map_or(Flag::Invalid, |n| Flag::Set(n != 0)),
            Some(Value::String(s)) => match s.as_str() {
                "1" | "true" | "yes" | "on" => Flag::Set(true),
                "0" | "false" | "no" | "off" | "" => Flag::Set(false),
                _ => Flag::Invalid,
            },
            _ => Flag::Invalid,
        }
    }

    fn or(self, current: bool) -> Option<bool> {
        match self {
            Flag::Keep => Some(current),
            Flag::Set(value) => Some(value),
            Flag::Invalid => None,
        }
    }
}

impl UpdateConnection {
    /// Reads `{title?, username?, password?, calendars?: [{id, check_conflicts?,
    /// is_destination?}]}`, adding what is wrong with it to `errors`.
    pub fn read(body: &Value, errors: &mut FieldErrors) -> UpdateConnection {
        let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::trim);
        let title = match text("title") {
            Some("") => {
                errors.add("title", "required", "The title field is required.");
                None
            }
            Some(t) if t.chars().count() > 190 => {
                errors.add(
                    "title",
                    "max",
                    "The title may not be greater than 190 characters.",
                );
                None
            }
            other => other.map(str::to_string),
        };
        let calendars = match body.get("calendars") {
            None => None,
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .map(|item| CalendarChoice {
                        id: item.get("id").and_then(|v| {
                            v.as_i64()
                                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                        }),
                        check_conflicts: Flag::read(item.get("check_conflicts")),
                        is_destination: Flag::read(item.get("is_destination")),
                    })
                    .collect(),
            ),
            Some(_) => {
                errors.add("calendars", "array", "The calendars must be a list.");
                None
            }
        };
        UpdateConnection {
            title,
            username: text("username").map(str::to_string),
            password: body
                .get("password")
                .and_then(Value::as_str)
                .filter(|p| !p.is_empty())
                .map(str::to_string),
            calendars,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_update_reads_each_switch_as_keep_yes_no_or_refused() {
        let mut errors = FieldErrors::new();
        let change = UpdateConnection::read(
            &serde_json::json!({"title": "  Work  ", "password": "", "calendars": [
                {"id": "7", "check_conflicts": "on"},
                {"id": 8, "is_destination": 1, "check_conflicts": "maybe"},
            ]}),
            &mut errors,
        );
        assert!(errors.is_empty());
        assert_eq!(change.title.as_deref(), Some("Work"));
        assert_eq!(
            change.password, None,
            "an empty password keeps the stored one"
        );
        let listed = change.calendars.unwrap_or_default();
        assert_eq!(listed[0].id, Some(7));
        assert_eq!(listed[0].check_conflicts.or(false), Some(true));
        assert_eq!(
            listed[0].is_destination.or(true),
            Some(true),
            "absent: kept"
        );
        assert_eq!(listed[1].is_destination, Flag::Set(true));
        assert_eq!(listed[1].check_conflicts.or(false), None);
        UpdateConnection::read(
            &serde_json::json!({"title": " ", "calendars": 5}),
            &mut errors,
        );
        let fields: Vec<&str> = errors.messages().map(|(field, _)| field).collect();
        assert_eq!(fields, vec!["calendars", "title"]);
    }
}
