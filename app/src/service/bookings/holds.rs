//! Held times (DESIGN 2.8): a visitor who chose a time keeps it while typing. A hold is a row
//! that blocks its hosts like a booking (the busy scan reads live holds) until it expires, is
//! released, or is consumed by its holder's create in the create's own transaction. It is
//! taken under the hosts' lock after the same guard as a booking, so two visitors cannot hold
//! (or hold and book) one seat.

use chrono::NaiveDateTime;
use chrono_tz::Tz;

use super::guard::{Recheck, offered_slot, pick_round_robin_host, slot_unavailable};
use crate::domain::slots::Reason;
use crate::domain::slots::local::exact_instant;
use crate::domain::values::EventType;
use crate::model::booking::{Hold, HoldAnswer};
use crate::service::auth::digest;
use crate::service::events::private_links;
use crate::service::slots::{LoadedEvent, load_event, schedule_rows};
use crate::service::{Ctx, ServiceError, ServiceResult};
use crate::store::holds::{self, HoldRow, NewHold};
use crate::store::{Ex, Tx};

/// The answer to a hold made.
pub const HOLD_CREATED: &str = "Time slot has been held";
/// The answer to a hold released.
pub const HOLD_RELEASED: &str = "Hold has been released";
/// The refusal of an event that holds nothing.
pub const HOLDS_DISABLED: &str = "This event does not hold times.";
/// The refusal of an address at its limit of live holds.
pub const TOO_MANY_HOLDS: &str =
    "Too many times are held from this address. Please wait for one to end and try again.";

/// How holds behave on this server (`SLOTBOOK_HOLD_SECONDS`, `SLOTBOOK_HOLDS_PER_IP`).
#[derive(Debug, Clone, Copy)]
pub struct HoldSettings {
    /// Every hold's length in seconds, for events whose `hold_minutes` is above 0 (`None`:
    /// the event's minutes; `Some(0)`: no holds at all).
    pub seconds: Option<i64>,
    /// Live holds per client address; 0 = no limit.
    pub per_ip: u32,
    /// Every waitlist offer's length in seconds (`None`: the event's `waitlist.offer_minutes`).
    pub waitlist_offer_seconds: Option<i64>,
}

impl Default for HoldSettings {
    fn default() -> HoldSettings {
        HoldSettings {
            seconds: None,
            per_ip: 10,
            waitlist_offer_seconds: None,
        }
    }
}

impl HoldSettings {
    /// How long a hold of this event lasts, or `None` when the event holds nothing.
    pub fn seconds_for(&self, loaded: &LoadedEvent) -> Option<i64> {
        let minutes = loaded.settings.hold_minutes;
        if minutes <= 0 {
            return None;
        }
        match self.seconds {
            Some(0) => None,
            Some(seconds) => Some(seconds),
            None => Some(minutes * 60),
        }
    }
}

/// `POST /bookings/holds/{event_id}`, parsed: a wall-clock start in a zone, and the length
/// when the event offers several.
#[derive(Debug, Clone)]
pub struct HoldTime {
    pub local: NaiveDateTime,
    pub zone: Tz,
    pub duration: Option<i64>,
    /// The private link the visitor came with (a secret event holds only through one).
    pub private_link: Option<String>,
}

/// Holds the time for the client at `ip`: 201's body, or why not (`holds_disabled`, 409
/// `slot_unavailable` with the reasons, 429 `too_many_holds`).
pub async fn hold(
    ctx: &Ctx,
    event_id: i64,
    time: &HoldTime,
    ip: &str,
) -> ServiceResult<HoldAnswer> {
    let (token, row) = take(ctx, event_id, time, ip).await?;
    Ok(HoldAnswer {
        message: Some(HOLD_CREATED.into()),
        hold: hold_view(&token, &row),
    })
}

/// [`hold`]'s work: the new hold's token and row.
#[tracing::instrument(skip_all, fields(event_id))]
pub async fn take(
    ctx: &Ctx,
    event_id: i64,
    time: &HoldTime,
    ip: &str,
) -> ServiceResult<(String, HoldRow)> {
    let now = chrono::Utc::now().timestamp();
    let (loaded, seconds, schedules) = {
        let mut conn = ctx.store.conn().await?;
        let loaded = load_event(conn.ex(), event_id).await?;
        private_links::admit(conn.ex(), loaded.asked(false), time.private_link.as_deref()).await?;
        loaded.check_accepting()?;
        let Some(seconds) = ctx.holds.seconds_for(&loaded) else {
            return Err(ServiceError::Unprocessable {
                code: "holds_disabled",
                message: HOLDS_DISABLED.into(),
            });
        };
        check_ip_limit(conn.ex(), ctx.holds.per_ip, ip, now).await?;
        let schedules = schedule_rows(conn.ex(), &loaded).await?;
        (loaded, seconds, schedules)
    };
    let Some(start) = exact_instant(time.zone, time.local) else {
        return Err(slot_unavailable(&[Reason::OutsideHours]));
    };
    let duration = loaded.duration(time.duration);
    let token = new_token();
    let mut tx = ctx.store.begin().await?;
    let host_ids = held_hosts(&mut tx, &loaded, &schedules, start, duration, now).await?;
    let row = NewHold {
        token_digest: &digest(&token),
        event_id,
        start_time: start,
        end_time: start + duration * 60,
        client_ip: ip,
        expires_at: now + seconds,
        host_ids: &host_ids,
    };
    let id = holds::insert(tx.ex(), &row).await?;
    // Ended holds block nothing; forgetting them keeps the tables small.
    holds::delete_expired(tx.ex(), now - 3600).await?;
    tx.commit().await?;
    tracing::info!(event_id, start, "time held");
    Ok((
        token,
        HoldRow {
            id,
            event_id,
            start_time: row.start_time,
            end_time: row.end_time,
            expires_at: row.expires_at,
        },
    ))
}

/// 429 `too_many_holds` while the address has its limit of live holds; `Retry-After` is when
/// the first of them ends.
async fn check_ip_limit(ex: Ex<'_>, per_ip: u32, ip: &str, now: i64) -> ServiceResult<()> {
    if per_ip == 0 {
        return Ok(());
    }
    let live = holds::live_of_ip(ex, ip, now).await?;
    if live.len() < per_ip as usize {
        return Ok(());
    }
    let retry_after = live.first().map_or(1, |ends| (ends - now).max(1));
    Err(ServiceError::TooMany {
        code: "too_many_holds",
        message: TOO_MANY_HOLDS.into(),
        retry_after: u64::try_from(retry_after).unwrap_or(1),
    })
}

/// Under the hosts' lock: the guard for the time, then the hosts a booking of it would have
/// (round robin picks its member now; collective events block every member).
async fn held_hosts(
    tx: &mut Tx,
    loaded: &LoadedEvent,
    schedules: &[crate::store::availability_schedules::ScheduleRow],
    start: i64,
    duration: i64,
    now: i64,
) -> ServiceResult<Vec<i64>> {
    let rules = loaded.rules(duration);
    let slot = offered_slot(
        tx,
        Recheck {
            loaded,
            rules: &rules,
            schedules,
            only_host: None,
            start,
            excluded: None,
            now,
        },
    )
    .await?;
    Ok(match loaded.event().kind() {
        EventType::RoundRobin => {
            vec![pick_round_robin_host(tx, loaded, &slot.hosts, None, start).await?]
        }
        EventType::Collective => loaded.host_ids(),
        _ => vec![loaded.event().user_id],
    })
}

/// The client address recorded on a waitlist offer's hold (no visitor's address: it counts
/// against nobody's limit).
pub(crate) const WAITLIST_HOLDER: &str = "waitlist";

/// Under the hosts' lock, in the caller's transaction: holds the time for a waitlist offer
/// whose token has `token_digest`, until `expires_at`, if the guard offers it. Answers whether
/// it did (`false`: the place is not free).
pub async fn hold_for_offer(
    tx: &mut Tx,
    loaded: &LoadedEvent,
    (start, duration): (i64, i64),
    token_digest: &str,
    expires_at: i64,
    now: i64,
) -> ServiceResult<bool> {
    let schedules = schedule_rows(tx.ex(), loaded).await?;
    let host_ids = match held_hosts(tx, loaded, &schedules, start, duration, now).await {
        Ok(hosts) => hosts,
        Err(ServiceError::SlotUnavailable { .. }) => return Ok(false),
        Err(e) => return Err(e),
    };
    let row = NewHold {
        token_digest,
        event_id: loaded.event().id,
        start_time: start,
        end_time: start + duration * 60,
        client_ip: WAITLIST_HOLDER,
        expires_at,
        host_ids: &host_ids,
    };
    holds::insert(tx.ex(), &row).await?;
    Ok(true)
}

/// Ends the hold of a waitlist offer (its entry left, was removed or expired).
pub async fn release_offer(tx: &mut Tx, token_digest: &str) -> ServiceResult<()> {
    holds::delete_by_digest(tx.ex(), token_digest).await?;
    Ok(())
}

/// The live hold a token names (none for an empty token).
async fn live_hold(ctx: &Ctx, token: Option<&str>) -> ServiceResult<Option<HoldRow>> {
    let Some(token) = token.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let mut conn = ctx.store.conn().await?;
    let now = chrono::Utc::now().timestamp();
    Ok(holds::find_live(conn.ex(), &digest(token), now).await?)
}

/// `GET /bookings/holds/{token}`: the live hold, else 404.
pub async fn find(ctx: &Ctx, token: &str) -> ServiceResult<HoldAnswer> {
    let row = live_hold(ctx, Some(token))
        .await?
        .ok_or(ServiceError::NotFound)?;
    Ok(HoldAnswer {
        message: None,
        hold: hold_view(token, &row),
    })
}

/// `DELETE /bookings/holds/{token}`: ends a live hold (anyone with the token may), else 404.
pub async fn release(ctx: &Ctx, token: &str) -> ServiceResult<()> {
    let row = live_hold(ctx, Some(token))
        .await?
        .ok_or(ServiceError::NotFound)?;
    if release_row(ctx, &row).await? {
        Ok(())
    } else {
        Err(ServiceError::NotFound)
    }
}

/// The live hold a create names with `hold`, when it is for this event, start and length:
/// its id (the create books through it). Anything else is ignored, as DESIGN says.
pub async fn own_hold(
    ctx: &Ctx,
    token: Option<&str>,
    event_id: i64,
    start: i64,
    end: i64,
) -> ServiceResult<Option<i64>> {
    Ok(visitor_hold(ctx, token, event_id)
        .await?
        .filter(|h| h.start_time == start && h.end_time == end)
        .map(|h| h.id))
}

/// The live hold of this event that a token (a booking page visitor's cookie) names.
pub async fn visitor_hold(
    ctx: &Ctx,
    token: Option<&str>,
    event_id: i64,
) -> ServiceResult<Option<HoldRow>> {
    Ok(live_hold(ctx, token)
        .await?
        .filter(|h| h.event_id == event_id))
}

/// Ends a live hold; answers whether it was still live.
pub async fn release_row(ctx: &Ctx, hold: &HoldRow) -> ServiceResult<bool> {
    let now = chrono::Utc::now().timestamp();
    let mut conn = ctx.store.conn().await?;
    Ok(holds::delete(conn.ex(), hold.id, now).await?)
}

/// Inside the create's transaction: the hold is used up by the booking written through it.
pub async fn consume(tx: &mut Tx, hold_id: i64) -> ServiceResult<()> {
    holds::delete(tx.ex(), hold_id, i64::MIN).await?;
    Ok(())
}

/// A hold as answered (UTC times; `expires_at` in RFC 3339).
fn hold_view(token: &str, row: &HoldRow) -> Hold {
    use crate::service::bookings::views::utc_text;
    Hold {
        token: token.to_string(),
        event_id: row.event_id,
        start_time: utc_text(row.start_time),
        end_time: utc_text(row.end_time),
        expires_at: chrono::DateTime::from_timestamp(row.expires_at, 0)
            .unwrap_or_default()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    }
}

/// 256 random bits, hex: the hold's bearer token (stored only as its digest).
fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}
