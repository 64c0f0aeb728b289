//! External calendars (DESIGN 2.7): a user's CalDAV accounts and ICS feeds, kept in sync so
//! their busy times block slots like bookings do.
//!
//! Reading never waits on a calendar server: the slot list reads the busy set stored by the
//! last sync (`store::busy_times::busy_for_hosts` joins it in). Syncs happen on connect, on
//! "Sync now", in the background, and afresh before a booking is written (create,
//! reschedule, confirm), where [`refresh_hosts`] waits at most one time-out in all and a
//! failure leaves the last good busy set in force.

use crate::domain::validation::FieldErrors;
use crate::model::calendar_connection::{
    BusyList, BusyTime, Connection, ConnectionAnswer, ConnectionChanged, ConnectionDeleted,
    ConnectionList, ExternalCalendar,
};
use crate::service::calendars::client::Reach;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::Ex;
use crate::store::calendar_connections::{self as store, CalendarRow, ConnectionRow};

mod connect;
mod sync;
mod update;

// For service::request_examples, which reads the OpenAPI example through it.
#[cfg(test)]
pub(crate) use connect::check_connect;
pub use connect::{ConnectRequest, connect};
pub use update::{CalendarChoice, Flag, UpdateConnection, update};

pub(crate) use sync::account_of;
use sync::{record_outcome, sync_row};
pub use sync::{refresh_event_hosts, refresh_hosts, sync_due};

pub const CONNECTED: &str = "Calendar has been connected";
pub const UPDATED: &str = "Calendar connection has been updated";
pub const SYNCED: &str = "Calendar has been synced";
pub const DELETED: &str = "Calendar connection has been deleted";

/// The one calendar of an ICS feed is stored under this href.
const FEED_HREF: &str = "feed";

fn reach(ctx: &Ctx) -> Reach {
    Reach {
        allow_private: ctx.allow_private_targets,
        timeout: ctx.calendars.timeout,
    }
}

// ---------------------------------------------------------------------------------------
// The REST use cases

/// A connection as answered: the calendars of it, never a credential.
fn present(row: &ConnectionRow, calendars: &[CalendarRow]) -> Connection {
    Connection {
        id: row.id,
        kind: row.kind.clone(),
        title: row.title.clone(),
        url: row.shown_url.clone(),
        username: row.username.clone(),
        status: row.status.clone(),
        last_error: row.last_error.clone(),
        last_synced_at: row
            .last_synced_at
            .map(crate::service::support::present::rfc3339),
        calendars: calendars
            .iter()
            .filter(|c| c.connection_id == row.id)
            .map(|c| ExternalCalendar {
                id: c.id,
                name: c.name.clone(),
                check_conflicts: c.check_conflicts,
                is_destination: c.is_destination,
                read_only: c.read_only,
            })
            .collect(),
    }
}

/// The caller's connections.
pub async fn connections(ctx: &Ctx, caller: &Caller) -> ServiceResult<Vec<Connection>> {
    let mut conn = ctx.store.conn().await?;
    let rows = store::list_for_user(conn.ex(), caller.id()).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let calendars = store::calendars_of(conn.ex(), &ids).await?;
    Ok(rows.iter().map(|r| present(r, &calendars)).collect())
}

pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<ConnectionList> {
    Ok(ConnectionList {
        connections: connections(ctx, caller).await?,
    })
}

/// The caller's own connection `id` (anyone else's, administrators' included, is not found:
/// connections are personal).
async fn own(ex: Ex<'_>, caller: &Caller, id: i64) -> ServiceResult<ConnectionRow> {
    store::find(ex, id)
        .await?
        .filter(|row| row.user_id == caller.id())
        .ok_or(ServiceError::NotFound)
}

pub async fn connection(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<Connection> {
    let mut conn = ctx.store.conn().await?;
    let row = own(conn.ex(), caller, id).await?;
    let calendars = store::calendars_of(conn.ex(), &[id]).await?;
    Ok(present(&row, &calendars))
}

pub async fn get(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<ConnectionAnswer> {
    Ok(ConnectionAnswer {
        connection: connection(ctx, caller, id).await?,
    })
}

async fn changed(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    message: &str,
) -> ServiceResult<ConnectionChanged> {
    Ok(ConnectionChanged {
        message: message.to_string(),
        connection: connection(ctx, caller, id).await?,
    })
}

/// `POST /calendar-connections/{id}/sync`: fetches now and answers when done.
pub async fn sync_now(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<ConnectionChanged> {
    let row = {
        let mut conn = ctx.store.conn().await?;
        own(conn.ex(), caller, id).await?
    };
    let outcome = sync_row(ctx, &row).await;
    record_outcome(ctx, id, outcome).await?;
    changed(ctx, caller, id, SYNCED).await
}

/// `DELETE /calendar-connections/{id}`: its busy times stop counting at once, and its
/// credentials are gone with the row.
pub async fn delete(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<ConnectionDeleted> {
    let mut tx = ctx.store.begin().await?;
    own(tx.ex(), caller, id).await?;
    store::delete(tx.ex(), id).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(ConnectionDeleted {
        message: DELETED.to_string(),
    })
}

/// `GET /calendar-connections/{id}/busy?from&to`: the stored intervals the engine subtracts.
pub async fn busy(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    from: Option<&str>,
    to: Option<&str>,
) -> ServiceResult<BusyList> {
    let today = chrono::Utc::now().date_naive();
    let mut errors = FieldErrors::new();
    let mut date = |key: &str, text: Option<&str>, default: chrono::NaiveDate| match text {
        None | Some("") => default,
        Some(t) => chrono::NaiveDate::parse_from_str(t.trim(), "%Y-%m-%d").unwrap_or_else(|_| {
            errors.add(
                key,
                "date",
                format!("The {key} must be a date in YYYY-MM-DD format."),
            );
            default
        }),
    };
    let from = date("from", from, today);
    let to = date("to", to, today + chrono::Duration::days(30));
    errors.into_result().map_err(ServiceError::invalid)?;
    let start = from
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let end = (to + chrono::Duration::days(1))
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let mut conn = ctx.store.conn().await?;
    own(conn.ex(), caller, id).await?;
    let utc = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    };
    let busy = store::busy_of_connection(conn.ex(), id, start, end)
        .await?
        .iter()
        .map(|b| BusyTime {
            calendar_id: b.calendar_id,
            start_time: utc(b.start_time),
            end_time: utc(b.end_time),
        })
        .collect();
    Ok(BusyList { busy })
}
