//! Syncing a connection: read the account's calendars (CalDAV) or the feed over HTTP, turn
//! their events into busy intervals in the user's sync window, and store them whole per day.
//! A failure keeps the last good busy set and is recorded on the connection.

use std::collections::HashSet;

use url::Url;

use crate::domain::calendar_busy::{self, Interval, Window};
use crate::service::calendars::client::{self, Account, FeedRead, FetchError, FoundCalendar};
use crate::service::{Ctx, ServiceError, ServiceResult};
use crate::store::calendar_connections::{self as store, CalendarRow, ConnectionRow};
use crate::store::{Ex, now_epoch};

use super::reach;

const DAY: i64 = 86_400;
/// How far back busy times are kept (an event that began yesterday may still run).
const KEEP_BEHIND_SECONDS: i64 = 86_400;
/// Sync horizon bounds, in days, when no event says otherwise.
const DEFAULT_HORIZON_DAYS: i64 = 60;
const MAX_HORIZON_DAYS: i64 = 400;

pub(super) fn open_url(ctx: &Ctx, row: &ConnectionRow) -> ServiceResult<Url> {
    let text = ctx
        .secrets
        .open(&row.sealed_url)
        .map_err(|_| sealed_error())?;
    Url::parse(&text).map_err(|_| sealed_error())
}

pub(super) fn open_password(ctx: &Ctx, row: &ConnectionRow) -> ServiceResult<Option<String>> {
    row.sealed_password
        .as_deref()
        .map(|s| ctx.secrets.open(s).map_err(|_| sealed_error()))
        .transpose()
}

/// Where and as whom to reach a connection's server: its credentials, unsealed.
pub(crate) fn account_of(ctx: &Ctx, row: &ConnectionRow) -> ServiceResult<Account> {
    Ok(Account {
        url: open_url(ctx, row)?,
        username: row.username.clone(),
        password: open_password(ctx, row)?,
    })
}

pub(super) fn sealed_error() -> ServiceError {
    ServiceError::Unprocessable {
        code: "secret_key_changed",
        message: "This connection's credentials cannot be read with the server's secret key; connect the calendar again.".into(),
    }
}

/// Why a sync did not finish, as the connection shows it.
pub(super) enum SyncFailure {
    Fetch(FetchError),
    Service(ServiceError),
}

impl From<ServiceError> for SyncFailure {
    fn from(e: ServiceError) -> SyncFailure {
        SyncFailure::Service(e)
    }
}

impl From<crate::store::StoreError> for SyncFailure {
    fn from(e: crate::store::StoreError) -> SyncFailure {
        SyncFailure::Service(e.into())
    }
}

impl From<FetchError> for SyncFailure {
    fn from(e: FetchError) -> SyncFailure {
        SyncFailure::Fetch(e)
    }
}

/// Stores a sync's outcome on the connection: `ok` and the time, or `error` and why.
pub(super) async fn record_outcome(
    ctx: &Ctx,
    id: i64,
    outcome: Result<(), SyncFailure>,
) -> ServiceResult<()> {
    let error = match &outcome {
        Ok(()) => None,
        Err(SyncFailure::Fetch(e)) => Some(e.to_string()),
        Err(SyncFailure::Service(ServiceError::Store(e))) => {
            tracing::warn!(connection = id, error = %e, "storing a calendar sync failed");
            Some("the busy times could not be stored".to_string())
        }
        Err(SyncFailure::Service(e)) => Some(e.to_string()),
    };
    if let Some(error) = &error {
        ctx.metrics.calendar_sync_error();
        tracing::info!(connection = id, error = %error, "calendar sync failed");
    }
    let mut conn = ctx.store.conn().await?;
    store::set_status(conn.ex(), id, error.as_deref(), now_epoch()).await?;
    Ok(())
}

/// How far ahead to read: the furthest date any event the user hosts offers.
pub(super) async fn horizon_days(ex: Ex<'_>, user_id: i64) -> ServiceResult<i64> {
    let windows = crate::store::events::booking_windows_of_host(ex, user_id).await?;
    let today = chrono::Utc::now().date_naive();
    let days = windows
        .iter()
        .map(|(range_type, days, end)| match range_type.as_str() {
            "date_range" => {
                chrono::NaiveDate::parse_from_str(end.get(..10).unwrap_or(end), "%Y-%m-%d")
                    .map(|d| (d - today).num_days() + 1)
                    .unwrap_or(DEFAULT_HORIZON_DAYS)
            }
            _ => *days,
        })
        .max()
        .unwrap_or(DEFAULT_HORIZON_DAYS);
    Ok(days.clamp(1, MAX_HORIZON_DAYS) + 1)
}

/// What a sync reads: `[from, to)` and the key that says whether a stored set covers it.
pub(super) struct SyncWindow {
    from: i64,
    to: i64,
    key: String,
}

pub(super) async fn sync_window(ex: Ex<'_>, user_id: i64) -> ServiceResult<SyncWindow> {
    let days = horizon_days(ex, user_id).await?;
    let today = chrono::Utc::now()
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .unwrap_or_default()
        .and_utc()
        .timestamp();
    let from = today - KEEP_BEHIND_SECONDS;
    let to = today + days * 86_400;
    // A new day or a longer horizon reads the events again even when the server's tag is the same.
    Ok(SyncWindow {
        from,
        to,
        key: format!("{}-{}", from / 86_400, to / 86_400),
    })
}

/// The user's zone for all-day and floating times: the `author_timezone` of their own
/// `simple` calendar, else UTC.
pub(super) async fn user_zone(ex: Ex<'_>, user_id: i64) -> ServiceResult<chrono_tz::Tz> {
    Ok(crate::store::calendars::author_zone_of(ex, user_id)
        .await?
        .and_then(|z| crate::domain::zone::parse_zone(&z))
        .unwrap_or(chrono_tz::UTC))
}

/// The stored change tag is `<server tag>#<window key>`.
pub(super) fn stored_tag(server_tag: &str, window: &SyncWindow) -> String {
    format!("{server_tag}#{}", window.key)
}

/// A connection's busy times, read from its server and stored. Calendars the server no
/// longer lists are dropped; unchanged ones (same tag, same window) cost nothing more.
pub(super) async fn sync_row(ctx: &Ctx, row: &ConnectionRow) -> Result<(), SyncFailure> {
    if row.kind != "ics" {
        return sync_caldav(ctx, row, None).await;
    }
    let account = account_of(ctx, row)?;
    let (calendar, window) = feed_calendar(ctx, row).await?;
    let Some(calendar) = calendar else {
        return Ok(());
    };
    let (etag, key) = calendar.ctag.rsplit_once('#').unwrap_or(("", ""));
    // The ETag only helps while the stored set covers the window.
    let etag = if key == window.key { etag } else { "" };
    match client::read_feed(reach(ctx), &account, etag).await? {
        FeedRead::Unchanged => Ok(()),
        FeedRead::Changed { text, etag } => store_feed(ctx, &calendar, &window, &text, &etag).await,
    }
}

/// A feed's one calendar (none if it was removed meanwhile) and the window to read.
pub(super) async fn feed_calendar(
    ctx: &Ctx,
    row: &ConnectionRow,
) -> ServiceResult<(Option<CalendarRow>, SyncWindow)> {
    let mut conn = ctx.store.conn().await?;
    let calendar = store::calendars_of(conn.ex(), &[row.id])
        .await?
        .into_iter()
        .next();
    Ok((calendar, sync_window(conn.ex(), row.user_id).await?))
}

/// A CalDAV connection's sync: its calendars and their change tags (`found`, or one PROPFIND),
/// then the events of each calendar whose tag changed.
pub(super) async fn sync_caldav(
    ctx: &Ctx,
    row: &ConnectionRow,
    found: Option<Vec<FoundCalendar>>,
) -> Result<(), SyncFailure> {
    let account = account_of(ctx, row)?;
    let reach = reach(ctx);
    let found = match found {
        Some(found) => found,
        None if row.home_url.is_empty() => {
            client::one_calendar(reach, &account, &account.url).await?
        }
        None => {
            let home = Url::parse(&row.home_url)
                .map_err(|_| FetchError::NotCalendar("the calendar home is unusable".into()))?;
            client::home_calendars(reach, &account, &home).await?
        }
    };
    let (calendars, window) = {
        let mut tx = ctx.store.begin().await?;
        let mut kept = Vec::new();
        for f in &found {
            kept.push(
                store::upsert_calendar(tx.ex(), row.id, row.user_id, &f.href, &f.name, f.read_only)
                    .await?,
            );
        }
        store::drop_calendars_except(tx.ex(), row.id, &kept).await?;
        let calendars = store::calendars_of(tx.ex(), &[row.id]).await?;
        let window = sync_window(tx.ex(), row.user_id).await?;
        tx.commit().await?;
        (calendars, window)
    };
    let context = read_context(ctx, row.user_id).await?;
    for calendar in &calendars {
        let Some(server) = found.iter().find(|f| f.href == calendar.href) else {
            continue;
        };
        let tag = stored_tag(&server.ctag, &window);
        if !server.ctag.is_empty() && calendar.ctag == tag {
            continue;
        }
        let href = Url::parse(&calendar.href)
            .map_err(|_| FetchError::NotCalendar("a calendar address is unusable".into()))?;
        let texts = client::events_between(reach, &account, &href, window.from, window.to).await?;
        let mut intervals = Vec::new();
        for text in &texts {
            // One unreadable event does not hide the others.
            match busy_of(text, &window, &context) {
                Ok(mut found) => intervals.append(&mut found),
                Err(e) => tracing::info!(connection = row.id, error = %e, "an event was skipped"),
            }
        }
        store_busy(ctx, calendar, &tag, &intervals, &window).await?;
    }
    Ok(())
}

/// What interpreting a user's events needs: their zone and the UIDs slotbook wrote.
pub(super) struct ReadContext {
    zone: chrono_tz::Tz,
    own_uids: HashSet<String>,
}

pub(super) async fn read_context(ctx: &Ctx, user_id: i64) -> ServiceResult<ReadContext> {
    let mut conn = ctx.store.conn().await?;
    Ok(ReadContext {
        zone: user_zone(conn.ex(), user_id).await?,
        own_uids: store::own_uids(conn.ex(), user_id)
            .await?
            .into_iter()
            .collect(),
    })
}

pub(super) fn busy_of(
    text: &str,
    window: &SyncWindow,
    context: &ReadContext,
) -> Result<Vec<Interval>, calendar_busy::NotICalendar> {
    let own = |uid: &str| context.own_uids.contains(uid);
    calendar_busy::busy_times(
        text,
        &Window {
            from: window.from,
            to: window.to,
            user_zone: context.zone,
            own_uids: &own,
        },
    )
}

/// Stores a feed's busy times (its one calendar) under the feed's ETag.
pub(super) async fn store_feed(
    ctx: &Ctx,
    calendar: &CalendarRow,
    window: &SyncWindow,
    text: &str,
    etag: &str,
) -> Result<(), SyncFailure> {
    let context = read_context(ctx, calendar.user_id).await?;
    let intervals = busy_of(text, window, &context)
        .map_err(|e| FetchError::NotCalendar(format!("the feed is unreadable ({e})")))?;
    store_busy(ctx, calendar, &stored_tag(etag, window), &intervals, window).await
}

/// Replaces a calendar's stored busy set (each event's interval as it is: not merged, not cut).
pub(super) async fn store_busy(
    ctx: &Ctx,
    calendar: &CalendarRow,
    tag: &str,
    intervals: &[Interval],
    window: &SyncWindow,
) -> Result<(), SyncFailure> {
    let days = day_rows(intervals, window.from, window.to);
    let mut tx = ctx.store.begin().await?;
    store::replace_busy(tx.ex(), calendar.id, calendar.user_id, tag, &days).await?;
    tx.commit().await?;
    ctx.slot_cache.clear();
    Ok(())
}

/// The stored form of a busy set: per UTC day, `start,end;…` of every interval that touches
/// that day (within `[from, to)`). An interval of several days is in each of its days' rows,
/// so a range scan of the days it asks for finds it without looking back.
pub(super) fn day_rows(intervals: &[Interval], from: i64, to: i64) -> Vec<(i64, String)> {
    let mut sorted = intervals.to_vec();
    sorted.sort();
    sorted.dedup();
    let mut days: std::collections::BTreeMap<i64, String> = std::collections::BTreeMap::new();
    for i in sorted.iter().filter(|i| i.end > i.start) {
        let first = i.start.max(from).div_euclid(DAY);
        let last = (i.end - 1).min(to - 1).div_euclid(DAY);
        for day in first..=last {
            let packed = days.entry(day).or_default();
            if !packed.is_empty() {
                packed.push(';');
            }
            packed.push_str(&format!("{},{}", i.start, i.end));
        }
    }
    days.into_iter().collect()
}

/// The fresh check before a booking is written: the hosts' connections are synced at once,
/// in parallel, waiting at most one time-out in all. A server that fails or does not answer
/// in time is marked on its connection, and its last good busy set decides.
#[tracing::instrument(skip_all, fields(hosts = host_ids.len()))]
pub async fn refresh_hosts(ctx: &Ctx, host_ids: &[i64]) -> ServiceResult<()> {
    let rows = {
        let mut conn = ctx.store.conn().await?;
        store::list_for_users(conn.ex(), host_ids).await?
    };
    if rows.is_empty() {
        return Ok(());
    }
    let deadline = tokio::time::Instant::now() + ctx.calendars.timeout;
    let mut set = tokio::task::JoinSet::new();
    for row in rows {
        let ctx = ctx.clone();
        set.spawn(async move {
            let outcome = match tokio::time::timeout_at(deadline, sync_row(&ctx, &row)).await {
                Ok(outcome) => outcome,
                Err(_) => Err(SyncFailure::Fetch(FetchError::TimedOut(row.shown_url_origin()))),
            };
            if let Err(e) = record_outcome(&ctx, row.id, outcome).await {
                tracing::warn!(connection = row.id, error = %e, "recording a calendar check failed");
            }
        });
    }
    // Every task ends by the deadline (plus a status write); none outlives the request.
    while set.join_next().await.is_some() {}
    Ok(())
}

/// [`refresh_hosts`] for the hosts of an event (a booking about to be rescheduled or
/// confirmed). An event that cannot be read is left to the write's own checks.
pub async fn refresh_event_hosts(ctx: &Ctx, event_id: i64) -> ServiceResult<()> {
    let hosts = {
        let mut conn = ctx.store.conn().await?;
        match crate::service::slots::load_event(conn.ex(), event_id).await {
            Ok(loaded) => loaded.host_ids(),
            Err(_) => return Ok(()),
        }
    };
    refresh_hosts(ctx, &hosts).await
}

/// One pass of the background sync: claims due connections (one process per connection) and
/// syncs up to `concurrency` at a time. Answers how many were synced.
#[tracing::instrument(skip_all)]
pub async fn sync_due(ctx: &Ctx, now: i64, concurrency: usize) -> ServiceResult<usize> {
    // A claim outlives the slowest sync: every call has the time-out, a sync makes a few.
    let lease = (ctx.calendars.timeout.as_secs() as i64 * 4).max(60);
    let ids = {
        let mut conn = ctx.store.conn().await?;
        store::claim_due(conn.ex(), now, lease, (concurrency * 4) as i64).await?
    };
    let total = ids.len();
    let gate = std::sync::Arc::new(tokio::sync::Semaphore::new(concurrency.max(1)));
    let mut set = tokio::task::JoinSet::new();
    for id in ids {
        let ctx = ctx.clone();
        let gate = gate.clone();
        set.spawn(async move {
            let _permit = gate.acquire_owned().await;
            let row = match ctx.store.conn().await {
                Ok(mut conn) => store::find(conn.ex(), id).await.ok().flatten(),
                Err(_) => None,
            };
            if let Some(row) = row {
                let outcome = sync_row(&ctx, &row).await;
                if let Err(e) = record_outcome(&ctx, id, outcome).await {
                    tracing::warn!(connection = id, error = %e, "recording a calendar sync failed");
                }
            }
            let next = ctx.clock.now() + ctx.calendars.sync_seconds;
            if let Ok(mut conn) = ctx.store.conn().await
                && let Err(e) = store::schedule_sync(conn.ex(), id, next).await
            {
                tracing::warn!(connection = id, error = %e, "scheduling a calendar sync failed");
            }
        });
    }
    while set.join_next().await.is_some() {}
    Ok(total)
}

impl ConnectionRow {
    /// Scheme and host of the shown URL, for error texts.
    fn shown_url_origin(&self) -> String {
        Url::parse(&self.shown_url)
            .map(|u| crate::service::support::targets::origin_of(&u))
            .unwrap_or_else(|_| "the calendar server".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_times_are_stored_whole_in_every_day_they_touch() {
        let i = |start, end| Interval { start, end };
        // Overlapping meetings stay two; a repeated one is stored once.
        assert_eq!(
            day_rows(&[i(100, 200), i(150, 300), i(100, 200)], 0, 10 * DAY),
            vec![(0, "100,200;150,300".to_string())]
        );
        // Three days, and a meeting that ends at midnight stays in its own day.
        assert_eq!(
            day_rows(
                &[i(DAY / 2, 2 * DAY + 10), i(3 * DAY - 60, 3 * DAY)],
                0,
                10 * DAY
            ),
            vec![
                (0, format!("{},{}", DAY / 2, 2 * DAY + 10)),
                (1, format!("{},{}", DAY / 2, 2 * DAY + 10)),
                (
                    2,
                    format!("{},{};{},{}", DAY / 2, 2 * DAY + 10, 3 * DAY - 60, 3 * DAY)
                ),
            ]
        );
        // A year-long event is stored only for the days of the sync window.
        assert_eq!(day_rows(&[i(-400 * DAY, 400 * DAY)], 0, 3 * DAY).len(), 3);
    }
}
