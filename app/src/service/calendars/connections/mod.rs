//! External calendars (DESIGN 2.7): a user's CalDAV accounts and ICS feeds, kept in sync so
//! their busy times block slots like bookings do.
//!
//! Reading never waits on a calendar server: the slot list reads the busy set stored by the
//! last sync (`store::bookings::busy_for_hosts` joins it in). Syncs happen on connect, on
//! "Sync now", in the background, and afresh before a booking is written (create,
//! reschedule, confirm), where [`refresh_hosts`] waits at most one time-out in all and a
//! failure leaves the last good busy set in force.

use serde_json::Value;
use url::Url;

use crate::domain::validation::FieldErrors;
use crate::model::calendar_connection::{
    BusyList, BusyTime, ConnectBody, Connection, ConnectionAnswer, ConnectionChanged,
    ConnectionDeleted, ConnectionList, ExternalCalendar, KINDS,
};
use crate::service::calendars::client::{
    self, Account, FeedRead, FetchError, FoundCalendar, Reach,
};
use crate::service::support::targets::{TargetError, is_public_ip, literal_ip, redacted_url};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::calendar_connections::{self as store, CalendarRow, ConnectionRow};
use crate::store::{Ex, now_epoch};

mod sync;

pub(crate) use sync::account_of;
use sync::{
    feed_calendar, open_password, open_url, record_outcome, store_feed, sync_caldav, sync_row,
};
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

/// What `POST /calendar-connections` takes.
pub type ConnectRequest = ConnectBody;

/// Reads a connect body; a field of the wrong type is treated as missing and reported by the
/// checks that follow (with their field-named messages).
pub fn connect_request(body: &Value) -> ConnectRequest {
    let text = |key: &str| body.get(key).and_then(Value::as_str).map(str::to_string);
    ConnectRequest {
        kind: text("kind"),
        url: text("url"),
        username: text("username"),
        password: text("password"),
        title: text("title"),
    }
}

/// The checked parts of a connect request.
struct Checked {
    kind: &'static str,
    url: Url,
    username: String,
    password: Option<String>,
    title: Option<String>,
}

fn check_connect(req: &ConnectRequest, allow_private: bool) -> ServiceResult<Checked> {
    let mut errors = FieldErrors::new();
    let kind = match req.kind.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("kind", "required", "The kind field is required.");
            None
        }
        Some(k) => match KINDS.iter().find(|known| **known == k) {
            Some(known) => Some(*known),
            None => {
                errors.add("kind", "in", "The kind must be caldav or ics.");
                None
            }
        },
    };
    let url = match req.url.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("url", "required", "The url field is required.");
            None
        }
        Some(text) => check_url(text, allow_private, &mut errors),
    };
    if let Some(title) = &req.title
        && title.chars().count() > 190
    {
        errors.add(
            "title",
            "max",
            "The title may not be greater than 190 characters.",
        );
    }
    errors.into_result().map_err(ServiceError::invalid)?;
    let (Some(kind), Some(mut url)) = (kind, url) else {
        return Err(ServiceError::field(
            "url",
            "required",
            "The url field is required.",
        ));
    };
    // Credentials written into the URL count as given, and leave it.
    let mut username = req.username.clone().unwrap_or_default().trim().to_string();
    let mut password = req.password.clone().filter(|p| !p.is_empty());
    if kind == "caldav" {
        if username.is_empty() && !url.username().is_empty() {
            username = percent_decode(url.username());
        }
        if password.is_none() {
            password = url.password().map(percent_decode);
        }
        let _ = url.set_username("");
        let _ = url.set_password(None);
    }
    Ok(Checked {
        kind,
        url,
        username,
        password,
        title: req
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_string),
    })
}

fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| text.to_string())
}

fn check_url(text: &str, allow_private: bool, errors: &mut FieldErrors) -> Option<Url> {
    // `webcal://` is how calendar programs advertise a feed: it is plain HTTPS.
    let text = match text.strip_prefix("webcal://") {
        Some(rest) => format!("https://{rest}"),
        None => text.to_string(),
    };
    let Ok(url) = Url::parse(&text) else {
        errors.add(
            "url",
            "url",
            "The url must be a valid http or https address.",
        );
        return None;
    };
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        errors.add(
            "url",
            "url",
            "The url must be a valid http or https address.",
        );
        return None;
    }
    if !allow_private && literal_ip(&url).is_some_and(|ip| !is_public_ip(ip)) {
        errors.add(
            "url",
            "public",
            "The url must be a public internet address.",
        );
        return None;
    }
    Some(url)
}

/// A refused connect: which field the user should fix, and why.
fn connect_error(kind: &str, error: &FetchError) -> ServiceError {
    match error {
        FetchError::Refused(_) if kind == "caldav" => ServiceError::field(
            "password",
            "credentials",
            "The calendar server did not accept this username and password.",
        ),
        FetchError::Refused(_) => ServiceError::field(
            "url",
            "credentials",
            "The feed refused access: check that the address is the full secret address.",
        ),
        FetchError::Target(TargetError::Private(_)) => ServiceError::field(
            "url",
            "public",
            "The url must be a public internet address.",
        ),
        FetchError::NotCalendar(why) if kind == "caldav" => ServiceError::field(
            "url",
            "caldav",
            &format!("This address is not a CalDAV calendar or account: {why}."),
        ),
        FetchError::NotCalendar(why) => ServiceError::field(
            "url",
            "ics",
            &format!("This address does not answer an iCalendar feed: {why}."),
        ),
        other => ServiceError::field(
            "url",
            "reachable",
            &format!("The calendar server cannot be reached: {other}."),
        ),
    }
}

/// `POST /calendar-connections`: checks the credentials and discovers the calendars before
/// anything is stored (a refused connect stores nothing), then stores the connection and
/// reads its busy times.
#[tracing::instrument(skip_all)]
pub async fn connect(
    ctx: &Ctx,
    caller: &Caller,
    req: &ConnectRequest,
) -> ServiceResult<ConnectionChanged> {
    let checked = check_connect(req, ctx.allow_private_targets)?;
    let account = Account {
        url: checked.url.clone(),
        username: checked.username.clone(),
        password: checked.password.clone(),
    };
    let reach = reach(ctx);
    // What the server holds now: CalDAV calendars, or the feed's text (read once, used twice).
    let (home, found, feed) = match checked.kind {
        "caldav" => {
            let d = client::discover(reach, &account)
                .await
                .map_err(|e| connect_error("caldav", &e))?;
            if d.calendars.is_empty() {
                return Err(ServiceError::field(
                    "url",
                    "caldav",
                    "This account has no calendar with events.",
                ));
            }
            (d.home, d.calendars, None)
        }
        _ => match client::read_feed(reach, &account, "").await {
            Ok(FeedRead::Changed { text, etag }) => {
                let name = feed_name(&text).unwrap_or_else(|| host_of(&checked.url));
                let found = vec![FoundCalendar {
                    href: FEED_HREF.into(),
                    name,
                    ctag: String::new(),
                    read_only: true,
                }];
                (String::new(), found, Some((text, etag)))
            }
            Ok(FeedRead::Unchanged) => {
                return Err(connect_error(
                    "ics",
                    &FetchError::NotCalendar("it answered 304 to a first read".into()),
                ));
            }
            Err(e) => return Err(connect_error("ics", &e)),
        },
    };
    let title = checked.title.clone().unwrap_or_else(|| match checked.kind {
        "ics" => found[0].name.clone(),
        _ => host_of(&checked.url),
    });
    let sealed_url = ctx.secrets.seal(checked.url.as_str());
    let sealed_password = checked.password.as_deref().map(|p| ctx.secrets.seal(p));
    let shown_url = redacted_url(checked.url.as_str());
    let now = now_epoch();
    let mut tx = ctx.store.begin().await?;
    let id = store::insert(
        tx.ex(),
        &store::NewConnection {
            user_id: caller.id(),
            kind: checked.kind,
            title: &title,
            shown_url: &shown_url,
            sealed_url: &sealed_url,
            username: &checked.username,
            sealed_password: sealed_password.as_deref(),
            home_url: &home,
            sync_after: now + ctx.calendars.sync_seconds,
        },
    )
    .await?;
    for calendar in &found {
        store::upsert_calendar(
            tx.ex(),
            id,
            caller.id(),
            &calendar.href,
            &calendar.name,
            calendar.read_only,
        )
        .await?;
    }
    tx.commit().await?;
    tracing::info!(connection = id, kind = checked.kind, server = %crate::service::support::targets::origin_of(&checked.url), "calendar connected");
    let row = {
        let mut conn = ctx.store.conn().await?;
        own(conn.ex(), caller, id).await?
    };
    // Busy times now: the feed's text is already here; CalDAV reads each calendar's events.
    let outcome = match feed {
        Some((text, etag)) => match feed_calendar(ctx, &row).await? {
            (Some(calendar), window) => store_feed(ctx, &calendar, &window, &text, &etag).await,
            (None, _) => Ok(()),
        },
        // The calendars and their tags were just read: only their events remain to read.
        None => sync_caldav(ctx, &row, Some(found)).await,
    };
    record_outcome(ctx, id, outcome).await?;
    changed(ctx, caller, id, CONNECTED).await
}

fn host_of(url: &Url) -> String {
    url.host_str().unwrap_or("Calendar").to_string()
}

/// A feed's own name (`X-WR-CALNAME`), if it has one.
fn feed_name(text: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix("X-WR-CALNAME:"))
        .map(|n| n.trim().replace("\\,", ",").replace("\\;", ";"))
        .filter(|n| !n.is_empty())
        .map(|n| n.chars().take(190).collect())
}

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

    #[test]
    fn connect_requests_are_checked_field_by_field() {
        let req = |kind: &str, url: &str| ConnectRequest {
            kind: Some(kind.into()),
            url: Some(url.into()),
            ..ConnectRequest::default()
        };
        let field_of = |r: ServiceResult<Checked>| match r {
            Err(ServiceError::Validation { errors, .. }) => serde_json::to_value(&errors)
                .expect("json")
                .as_object()
                .expect("map")
                .keys()
                .cloned()
                .collect::<Vec<_>>(),
            _ => vec![],
        };
        assert_eq!(
            field_of(check_connect(&req("exchange", "https://x.example/"), false)),
            ["kind"]
        );
        assert_eq!(
            field_of(check_connect(&req("ics", "ftp://x.example/a.ics"), false)),
            ["url"]
        );
        assert_eq!(
            field_of(check_connect(&req("ics", "http://127.0.0.1/a.ics"), false)),
            ["url"]
        );
        assert!(check_connect(&req("ics", "http://127.0.0.1/a.ics"), true).is_ok());
        let feed =
            check_connect(&req("ics", "webcal://cal.example/x.ics?token=1"), false).expect("ok");
        assert_eq!(feed.url.as_str(), "https://cal.example/x.ics?token=1");
        let dav =
            check_connect(&req("caldav", "https://ann:p%40ss@dav.example/"), false).expect("ok");
        assert_eq!(
            (dav.username.as_str(), dav.password.as_deref()),
            ("ann", Some("p@ss"))
        );
        assert_eq!(dav.url.as_str(), "https://dav.example/");
    }
}
