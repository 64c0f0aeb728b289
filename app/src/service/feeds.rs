//! Published calendar feeds (DESIGN 2.12): a host's secret address of its bookings, and one of
//! its busy times only, to subscribe to from any calendar application.
//!
//! The address's token is found by its digest and kept sealed, so the host can copy it again;
//! regenerating or revoking it makes the old address unknown at once. A document depends only
//! on the bookings (every DTSTAMP is a booking's last change), so its ETag changes exactly when
//! its text does.

use std::collections::HashMap;

use base64::Engine;
use chrono::DateTime;
use icalendar::{Calendar, Component, Event, EventLike, Property};

use crate::domain::feeds::{self, FeedKind};
use crate::model::feeds::{CalendarFeed, CalendarFeedChanged, CalendarFeedList};
use crate::service::auth::digest;
use crate::service::notifications::ics_uid;
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::feeds::{self as store, FeedBooking, FeedRow};
use crate::store::{StoreError, events};

const DAY: i64 = 86_400;

/// A new feed token: 192 random bits, URL-safe (never logged: it is the address's secret).
fn new_token() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 24]>())
}

fn view(ctx: &Ctx, row: &FeedRow) -> ServiceResult<CalendarFeed> {
    let token = ctx
        .secrets
        .open(&row.token_sealed)
        .map_err(|e| ServiceError::Internal(format!("calendar feed {}: {e}", row.id)))?;
    let url = format!("{}/feeds/{token}.ics", ctx.public_url);
    let webcal_url = match url.split_once("://") {
        Some((_, rest)) => format!("webcal://{rest}"),
        None => url.clone(),
    };
    Ok(CalendarFeed {
        id: row.id,
        kind: row.kind.clone(),
        url,
        webcal_url,
        created_at: rfc3339(row.created_at),
        last_fetched_at: row.last_fetched_at.map(rfc3339),
    })
}

/// `GET /feeds`: the caller's feeds.
pub async fn list(ctx: &Ctx, caller: &Caller) -> ServiceResult<CalendarFeedList> {
    let mut conn = ctx.store.conn().await?;
    let rows = store::of_user(conn.ex(), caller.id()).await?;
    let feeds = rows
        .iter()
        .map(|row| view(ctx, row))
        .collect::<ServiceResult<_>>()?;
    Ok(CalendarFeedList { feeds })
}

/// `POST /feeds`: one feed per kind and user (another: 409 `feed_exists`).
pub async fn create(
    ctx: &Ctx,
    caller: &Caller,
    kind: FeedKind,
) -> ServiceResult<CalendarFeedChanged> {
    let token = new_token();
    let mut tx = ctx.store.begin().await?;
    let inserted = store::insert(
        tx.ex(),
        caller.id(),
        kind.as_str(),
        &digest(&token),
        &ctx.secrets.seal(&token),
        crate::store::now_epoch(),
    )
    .await;
    let id = match inserted {
        Err(StoreError::UniqueViolation) => return Err(exists()),
        other => other?,
    };
    let rows = store::of_user(tx.ex(), caller.id()).await?;
    tx.commit().await?;
    let row = rows
        .iter()
        .find(|r| r.id == id)
        .ok_or(ServiceError::NotFound)?;
    Ok(CalendarFeedChanged {
        message: "Calendar feed has been created".into(),
        feed: view(ctx, row)?,
    })
}

fn exists() -> ServiceError {
    ServiceError::Conflict {
        code: "feed_exists",
        message: "A feed of this kind already exists.".into(),
    }
}

/// `POST /feeds/{id}/regenerate`: a new address; the old one answers 404 from now on.
pub async fn regenerate(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<CalendarFeedChanged> {
    let token = new_token();
    let mut tx = ctx.store.begin().await?;
    let row = store::replace_token(
        tx.ex(),
        caller.id(),
        id,
        &digest(&token),
        &ctx.secrets.seal(&token),
    )
    .await?
    .ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    Ok(CalendarFeedChanged {
        message: "Calendar feed address has been regenerated".into(),
        feed: view(ctx, &row)?,
    })
}

/// `DELETE /feeds/{id}`: the feed and its address are gone.
pub async fn revoke(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    if !store::delete_of_user(tx.ex(), caller.id(), id).await? {
        return Err(ServiceError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// A feed's iCalendar text and its strong ETag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedDocument {
    pub body: String,
    pub etag: String,
}

/// How often a feed's `last_fetched_at` is written at most (seconds).
const FETCH_NOTED_EVERY: i64 = 60;

/// `GET /feeds/{token}.ics`: the document of the feed with this token at `now`; `None` for
/// an unknown, revoked or regenerated-away token.
pub async fn document(ctx: &Ctx, token: &str, now: i64) -> ServiceResult<Option<FeedDocument>> {
    // A read: no write transaction, so fetches of busy feeds never wait for one another.
    let mut conn = ctx.store.conn().await?;
    let Some(feed) = store::find_by_digest(conn.ex(), &digest(token)).await? else {
        return Ok(None);
    };
    let rows =
        store::hosted_bookings(conn.ex(), feed.user_id, now - feeds::PAST_DAYS * DAY).await?;
    let mut titles = HashMap::new();
    for row in &rows {
        let event_id = row.booking.event_id;
        if let std::collections::hash_map::Entry::Vacant(slot) = titles.entry(event_id) {
            let title = events::find(conn.ex(), event_id)
                .await?
                .map_or_else(|| "Booking".to_string(), |e| e.title);
            slot.insert(title);
        }
    }
    store::note_fetch(conn.ex(), feed.id, now, now - FETCH_NOTED_EVERY).await?;
    drop(conn);
    let body = match FeedKind::parse(&feed.kind) {
        Some(FeedKind::FreeBusy) => free_busy(feed.id, &rows),
        _ => bookings(&ctx.public_url, &rows, &titles, now),
    };
    let etag = format!("\"{}\"", &digest(&body)[..32]);
    Ok(Some(FeedDocument { body, etag }))
}

fn utc(seconds: i64) -> DateTime<chrono::Utc> {
    DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

fn named_calendar(name: &str) -> Calendar {
    let mut calendar = Calendar::new();
    calendar.name(name);
    calendar
}

/// The bookings feed: one VEVENT per slot (a group slot lists its attendees), with the UID the
/// host's own calendar gets by write-back.
fn bookings(
    public_url: &str,
    rows: &[FeedBooking],
    titles: &HashMap<i64, String>,
    now: i64,
) -> String {
    let mut slots: Vec<(String, Vec<&FeedBooking>)> = Vec::new();
    let mut slot_of: HashMap<String, usize> = HashMap::new();
    for row in rows {
        let uid = ics_uid(&row.booking);
        match slot_of.get(&uid) {
            Some(&index) => slots[index].1.push(row),
            None => {
                slot_of.insert(uid.clone(), slots.len());
                slots.push((uid, vec![row]));
            }
        }
    }
    let mut calendar = named_calendar("Bookings");
    for (uid, members) in &slots {
        let status = feeds::slot_status(members.iter().map(|m| m.booking.status.as_str()));
        let changed = members
            .iter()
            .map(|m| m.booking.updated_at)
            .max()
            .unwrap_or(0);
        if status == "CANCELLED" && changed < now - feeds::CANCELLED_DAYS * DAY {
            continue;
        }
        // A live slot lists the attendees still in it; a cancelled one, everyone it had.
        let shown: Vec<&FeedBooking> = if status == "CANCELLED" {
            members.clone()
        } else {
            members
                .iter()
                .copied()
                .filter(|m| !matches!(m.booking.status.as_str(), "cancelled" | "rejected"))
                .collect()
        };
        let Some(first) = shown.first().map(|m| &m.booking) else {
            continue;
        };
        let title = titles
            .get(&first.event_id)
            .map_or("Booking", String::as_str);
        let full_name = |b: &crate::store::bookings::BookingRow| {
            format!("{} {}", b.first_name, b.last_name)
                .trim()
                .to_string()
        };
        let summary = match shown.as_slice() {
            [one] => format!("{title} with {}", full_name(&one.booking)),
            many => format!("{title} ({} attendees)", many.len()),
        };
        let mut description = Vec::new();
        for m in &shown {
            let b = &m.booking;
            let mut line = format!("{} <{}>", full_name(b), b.email);
            if !b.phone.trim().is_empty() {
                line.push_str(&format!(", {}", b.phone.trim()));
            }
            description.push(line);
            if !b.message.trim().is_empty() {
                description.push(format!("Note: {}", b.message.trim()));
            }
        }
        description.push(format!("{public_url}/admin/bookings/{}", first.id));
        let sequence = members.iter().map(|m| m.reschedules).max().unwrap_or(0);
        let mut event = Event::new();
        event
            .uid(uid)
            .timestamp(utc(changed))
            .starts(utc(first.start_time))
            .ends(utc(first.end_time))
            .summary(&summary)
            .description(&description.join("\n"))
            .add_property("SEQUENCE", sequence.to_string())
            .add_property("STATUS", status);
        let place = first
            .video_url
            .as_deref()
            .filter(|v| !v.is_empty())
            .or(Some(first.location_details.as_str()).filter(|l| !l.trim().is_empty()));
        if let Some(place) = place {
            event.location(place);
        }
        for m in &shown {
            let mut attendee = Property::new("ATTENDEE", format!("mailto:{}", m.booking.email));
            attendee.add_parameter("CN", &full_name(&m.booking));
            event.append_multi_property(attendee);
        }
        calendar.push(event.done());
    }
    calendar.done().to_string()
}

/// The free/busy feed: one opaque VEVENT per busy interval (overlaps merged), nothing about
/// what or with whom.
fn free_busy(feed_id: i64, rows: &[FeedBooking]) -> String {
    let intervals = rows
        .iter()
        .map(|r| &r.booking)
        .filter(|b| feeds::holds_time(&b.status))
        .map(|b| (b.start_time, b.end_time, b.updated_at))
        .collect();
    let mut calendar = named_calendar("Busy");
    for (start, end, changed) in feeds::merge_busy(intervals) {
        let uid = format!(
            "{}@slotbook",
            &digest(&format!("slotbook-busy:{feed_id}:{start}:{end}"))[..32]
        );
        let mut event = Event::new();
        event
            .uid(&uid)
            .timestamp(utc(changed))
            .starts(utc(start))
            .ends(utc(end))
            .summary("Busy")
            .add_property("TRANSP", "OPAQUE");
        calendar.push(event.done());
    }
    calendar.done().to_string()
}
