//! The waitlist (DESIGN 2.12): a visitor waits for a taken time of an event; when a place
//! frees, the first waiting entry is offered it for a while. An offer holds the place (a row
//! of `holds` under the offer token's digest), so it is taken for everyone else; its claim
//! books through the create use case, which consumes that hold. Offers, claims and expiries
//! run under the hosts' lock: one place, one winner, across processes.

use chrono::NaiveDateTime;
use chrono_tz::Tz;

use crate::domain::slots::Engine;
use crate::domain::slots::local::exact_instant;
use crate::domain::zone::parse_zone;
use crate::model::answer::MessageAnswer;
use crate::model::booking::BookingAnswer;
use crate::model::waitlist::{
    WaitlistEntries, WaitlistEntry, WaitlistJoined, WaitlistOffer, WaitlistOfferAnswer,
};
use crate::service::auth::digest;
use crate::service::bookings::claims::check_claimable;
use crate::service::bookings::create::{CreateRequest, create};
use crate::service::bookings::holds;
use crate::service::bookings::new_booking::NewBooking;
use crate::service::bookings::proof_of_work::Unverified;
use crate::service::bookings::views::utc_text;
use crate::service::events::admin::load_managed_event;
use crate::service::outbox::{self, Message, Outgoing, WaitlistMail};
use crate::service::slots::{LoadedEvent, busy_inputs_at, load_event, schedule_rows};
use crate::service::support::present::rfc3339;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::waitlist::{self as entries, EntryRow, NewEntry};
use crate::store::{Ex, Tx};

pub const JOINED: &str = "You have joined the waitlist";
pub const LEFT: &str = "You have left the waitlist";
pub const REMOVED: &str = "Waitlist entry has been removed";
pub const DISABLED: &str = "This event has no waitlist.";
pub const SLOT_AVAILABLE: &str = "This time is available. Book it instead.";
pub const ALREADY_WAITING: &str = "You are already on the waitlist for this time.";
pub const NOT_JOINABLE: &str = "This time has no waitlist.";

/// Statuses an entry is still on the list in.
const OPEN: [&str; 2] = ["waiting", "offered"];

/// The public form of an event: active (drafts and unknown ids are 404, as DESIGN says), with
/// a waitlist (else 403 `waitlist_disabled`), reachable through `link` when secret.
async fn waitlist_event(
    ex: Ex<'_>,
    event_id: i64,
    link: Option<&str>,
) -> ServiceResult<LoadedEvent> {
    let mut ex = ex;
    let loaded = load_event(crate::store::reborrow(&mut ex), event_id).await?;
    if loaded.event().status != "active" {
        return Err(ServiceError::NotFound);
    }
    crate::service::events::private_links::admit(ex, loaded.asked(false), link).await?;
    if !loaded.settings.waitlist.enabled {
        return Err(ServiceError::Refused {
            code: "waitlist_disabled",
            message: DISABLED,
        });
    }
    Ok(loaded)
}

/// `POST /waitlist/join/{event_id}`: the create route's checks of name, email, zone and time
/// (and its email rules), then the time must be one to wait for.
pub async fn join(
    ctx: &Ctx,
    event_id: i64,
    mut asked: NewBooking,
) -> ServiceResult<WaitlistJoined> {
    let now = ctx.clock.now();
    let mut conn = ctx.store.conn().await?;
    let loaded = waitlist_event(conn.ex(), event_id, asked.private_link.as_deref()).await?;
    let mut errors = std::mem::take(&mut asked.unreadable);
    asked.check_text(&mut errors);
    crate::service::bookings::form::check_identity(&asked, &mut errors);
    if !errors.is_empty() {
        return Err(ServiceError::Validation {
            message: "Please fill up the required data".into(),
            errors,
        });
    }
    let email = asked.email.trim().to_ascii_lowercase();
    let protection = crate::service::settings::protection::stored(conn.ex()).await?;
    crate::service::bookings::policies::check_email(&loaded, &protection.blocklist, &email)?;
    let zone = parse_zone(asked.timezone.trim()).unwrap_or(chrono_tz::UTC);
    let local = asked.event_time.unwrap_or_default();
    let start = exact_instant(zone, local).ok_or_else(not_joinable)?;
    let duration = loaded.duration(asked.duration);
    match judge(conn.ex(), &loaded, start, duration, now).await? {
        Judged::Bookable => {
            return Err(ServiceError::Conflict {
                code: "slot_available",
                message: SLOT_AVAILABLE.into(),
            });
        }
        Judged::Joinable => {}
        Judged::Neither => return Err(not_joinable()),
    }
    drop(conn);
    let token = new_token();
    let mut tx = ctx.store.begin().await?;
    if entries::has_open(tx.ex(), event_id, start, &email).await? {
        return Err(ServiceError::Conflict {
            code: "already_waitlisted",
            message: ALREADY_WAITING.into(),
        });
    }
    // The page's language, else the request's, else the calendar's (as a booking's).
    let language = asked
        .language
        .or(asked.accept_language)
        .or_else(|| crate::domain::language::Lang::from_code(&loaded.row.cal_language))
        .unwrap_or_default();
    let entry = NewEntry {
        event_id,
        start_time: start,
        end_time: start + duration * 60,
        name: asked.name.trim(),
        email: &email,
        person_time_zone: zone.name(),
        leave_digest: &digest(&token),
        language: language.code(),
    };
    let row = entries::insert(tx.ex(), &entry, now).await?;
    queue_mail(tx.ex(), ctx, row.id, "joined", &token).await?;
    let position = position_of(tx.ex(), &row).await?;
    tx.commit().await?;
    tracing::info!(event_id, entry_id = row.id, "waitlist joined");
    Ok(WaitlistJoined {
        message: JOINED.into(),
        entry: WaitlistEntry {
            hash: Some(token),
            ..entry_view(&row, position)
        },
    })
}

fn not_joinable() -> ServiceError {
    ServiceError::field("event_time", "waitlist", NOT_JOINABLE)
}

/// What a time of an event is to someone who wants it.
enum Judged {
    Bookable,
    /// Taken (a full group time, a single event's booked time) or held.
    Joinable,
    Neither,
}

async fn judge(
    mut ex: Ex<'_>,
    loaded: &LoadedEvent,
    start: i64,
    duration: i64,
    now: i64,
) -> ServiceResult<Judged> {
    let rules = loaded.rules(duration);
    let rows = schedule_rows(crate::store::reborrow(&mut ex), loaded).await?;
    let hosts = busy_inputs_at(
        crate::store::reborrow(&mut ex),
        loaded,
        &rules,
        &rows,
        None,
        start,
        None,
    )
    .await?;
    let engine = Engine::new(&rules, &hosts, now);
    if engine.evaluate(start).offered {
        return Ok(Judged::Bookable);
    }
    let on_grid = engine.grid(start, start + 1).contains(&start);
    Ok(if on_grid && engine.only_taken(start) {
        Judged::Joinable
    } else {
        Judged::Neither
    })
}

/// 1-based place of a waiting entry among its time's waiting entries.
pub async fn position_in_line(ctx: &Ctx, entry: &EntryRow) -> ServiceResult<Option<i64>> {
    let mut conn = ctx.store.conn().await?;
    position_of(conn.ex(), entry).await
}

/// 1-based place among the time's waiting entries, for a waiting entry.
async fn position_of(ex: Ex<'_>, row: &EntryRow) -> ServiceResult<Option<i64>> {
    if row.status != "waiting" {
        return Ok(None);
    }
    let waiting = entries::waiting_at(ex, row.event_id, row.start_time).await?;
    Ok(waiting
        .iter()
        .position(|w| w.id == row.id)
        .map(|i| i as i64 + 1))
}

fn entry_view(row: &EntryRow, position: Option<i64>) -> WaitlistEntry {
    WaitlistEntry {
        id: row.id,
        hash: None,
        event_id: row.event_id,
        start_time: utc_text(row.start_time),
        end_time: utc_text(row.end_time),
        name: row.name.clone(),
        email: row.email.clone(),
        person_time_zone: row.person_time_zone.clone(),
        status: row.status.clone(),
        position,
        offer_expires_at: row.offer_expires_at.map(rfc3339),
        booking_id: row.booking_id,
        created_at: rfc3339(row.created_at),
    }
}

/// Queues an entry's email in the caller's transaction; its link's token sealed.
async fn queue_mail(
    ex: Ex<'_>,
    ctx: &Ctx,
    entry_id: i64,
    kind: &str,
    token: &str,
) -> ServiceResult<()> {
    let mail = WaitlistMail {
        entry_id,
        kind: kind.into(),
        token_sealed: ctx.secrets.seal(token),
    };
    let outgoing = Outgoing {
        message: Message::Waitlist(mail),
        booking_id: None,
        due_at: None,
    };
    outbox::enqueue(ex, &outgoing).await
}

/// At least 128 random bits, URL-safe.
fn new_token() -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 24]>())
}

/// How long an offer of this event lasts.
fn offer_seconds(ctx: &Ctx, loaded: &LoadedEvent) -> i64 {
    ctx.holds
        .waitlist_offer_seconds
        .unwrap_or(loaded.settings.waitlist.offer_minutes.clamp(5, 1440) * 60)
}

/// In the caller's transaction, under the event's hosts' lock: while the time `start` of the
/// event can be booked and someone waits for it, the first waiting entry is offered it (its
/// place held, its email queued). Answers how many were offered.
pub async fn offer_free_places(
    tx: &mut Tx,
    ctx: &Ctx,
    event_id: i64,
    start: i64,
    now: i64,
) -> ServiceResult<usize> {
    let waiting = entries::waiting_at(tx.ex(), event_id, start).await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let loaded = match load_event(tx.ex(), event_id).await {
        Ok(loaded) => loaded,
        Err(ServiceError::NotFound) => return Ok(0),
        Err(e) => return Err(e),
    };
    if loaded.event().status != "active" || !loaded.settings.waitlist.enabled {
        return Ok(0);
    }
    let mut offered = 0;
    for entry in waiting {
        let token = new_token();
        let token_digest = digest(&token);
        let expires_at = now + offer_seconds(ctx, &loaded);
        let duration = (entry.end_time - entry.start_time) / 60;
        let held = holds::hold_for_offer(
            tx,
            &loaded,
            (entry.start_time, duration),
            &token_digest,
            expires_at,
            now,
        )
        .await?;
        if !held {
            break;
        }
        entries::offer(tx.ex(), entry.id, &token_digest, expires_at, now).await?;
        queue_mail(tx.ex(), ctx, entry.id, "offered", &token).await?;
        tracing::info!(event_id, entry_id = entry.id, "waitlist place offered");
        offered += 1;
    }
    Ok(offered)
}

/// In the transaction of a change that took bookings off `[from, to)` (a cancel, a reject, a
/// delete, a reschedule away): every waited-for time meeting that span is offered to its
/// first waiting entries while it can be booked.
pub async fn pass_on_freed(
    tx: &mut Tx,
    ctx: &Ctx,
    (from, to): (i64, i64),
    now: i64,
) -> ServiceResult<()> {
    // Buffers reach past a booking: a day on either side covers any of them.
    let reach = 24 * 3600;
    for (event_id, start) in
        entries::waited_times_within(tx.ex(), from - reach, to + reach, now).await?
    {
        offer_free_places(tx, ctx, event_id, start, now).await?;
    }
    Ok(())
}

/// In the transaction of an event's change (more seats, other hours): its waited-for times
/// that can now be booked are offered.
pub async fn pass_on_event(tx: &mut Tx, ctx: &Ctx, event_id: i64, now: i64) -> ServiceResult<()> {
    for start in entries::waited_times_of_event(tx.ex(), event_id, now).await? {
        offer_free_places(tx, ctx, event_id, start, now).await?;
    }
    Ok(())
}

/// The background pass (every second or two): lapsed offers become `expired` and their
/// places pass to the next waiting entry; with `sweep`, every waited-for time without a live
/// offer that can be booked again (a visitor's hold ended, a calendar freed up) is offered
/// too. Answers how many offers lapsed.
pub async fn run_due(ctx: &Ctx, now: i64, sweep: bool) -> ServiceResult<usize> {
    let lapsed = {
        let mut conn = ctx.store.conn().await?;
        entries::lapsed_offers(conn.ex(), now).await?
    };
    for entry in &lapsed {
        let mut tx = ctx.store.begin().await?;
        lock_event_hosts(&mut tx, entry.event_id).await?;
        if entries::swap_status(tx.ex(), entry.id, &["offered"], "expired", now).await? {
            if let Some(digest) = &entry.offer_digest {
                holds::release_offer(&mut tx, digest).await?;
            }
            offer_free_places(&mut tx, ctx, entry.event_id, entry.start_time, now).await?;
            tracing::info!(entry_id = entry.id, "waitlist offer expired");
        }
        tx.commit().await?;
    }
    if sweep {
        let waited = {
            let mut conn = ctx.store.conn().await?;
            entries::waited_times(conn.ex(), now).await?
        };
        for (event_id, start) in waited {
            let mut tx = ctx.store.begin().await?;
            offer_free_places(&mut tx, ctx, event_id, start, now).await?;
            tx.commit().await?;
        }
    }
    Ok(lapsed.len())
}

/// The event's hosts' lock (offers, claims and expiries of one place run one at a time).
async fn lock_event_hosts(tx: &mut Tx, event_id: i64) -> ServiceResult<()> {
    lock_events_hosts(tx, &[event_id]).await
}

/// The hosts' locks of several events (each once), taken together in host order: taking them event by
/// event could lock in another order than a booking of a team event does, and deadlock on
/// PostgreSQL. Taking a lock again later in the transaction is free.
pub(crate) async fn lock_events_hosts(tx: &mut Tx, event_ids: &[i64]) -> ServiceResult<()> {
    let mut events = event_ids.to_vec();
    events.sort_unstable();
    events.dedup();
    let mut hosts = Vec::new();
    for event_id in events {
        match load_event(tx.ex(), event_id).await {
            Ok(loaded) => hosts.extend(loaded.host_ids()),
            Err(ServiceError::NotFound) => {}
            Err(e) => return Err(e),
        }
    }
    crate::store::bookings::lock_hosts(tx.ex(), &hosts).await?;
    Ok(())
}

/// `GET /waitlist/offers/{token}`: the offer (an offer past its end reads `expired` even
/// before the background pass has run).
pub async fn find_offer(ctx: &Ctx, token: &str) -> ServiceResult<WaitlistOfferAnswer> {
    let mut conn = ctx.store.conn().await?;
    let entry = entries::find_by_offer(conn.ex(), &digest(token.trim()))
        .await?
        .ok_or(ServiceError::NotFound)?;
    let loaded = load_event(conn.ex(), entry.event_id).await?;
    Ok(WaitlistOfferAnswer {
        offer: offer_view(&entry, &loaded, ctx.clock.now()),
    })
}

/// The offer as shown; an offer past its end is `expired`.
pub fn offer_view(entry: &EntryRow, loaded: &LoadedEvent, now: i64) -> WaitlistOffer {
    let expires_at = entry.offer_expires_at.unwrap_or_default();
    let status = if entry.status == "offered" && expires_at <= now {
        "expired".to_string()
    } else {
        entry.status.clone()
    };
    WaitlistOffer {
        event_id: entry.event_id,
        event_title: loaded.event().title.clone(),
        start_time: utc_text(entry.start_time),
        end_time: utc_text(entry.end_time),
        status,
        expires_at: rfc3339(expires_at),
    }
}

/// The offer of a token with its event, for the offer page: `None` when no offer has it.
pub async fn offer_of_token(
    ctx: &Ctx,
    token: &str,
) -> ServiceResult<Option<(EntryRow, LoadedEvent)>> {
    let mut conn = ctx.store.conn().await?;
    let Some(entry) = entries::find_by_offer(conn.ex(), &digest(token.trim())).await? else {
        return Ok(None);
    };
    let loaded = load_event(conn.ex(), entry.event_id).await?;
    Ok(Some((entry, loaded)))
}

/// `POST /waitlist/offers/{token}/claim`: books the entry's time with its name, email and zone
/// through the create use case (which consumes the offer's hold and marks the entry `booked`
/// in its transaction). `extra` carries the optional fields (phone, message, custom answers).
pub async fn claim(
    ctx: &Ctx,
    token: &str,
    extra: NewBooking,
    ip: &str,
) -> ServiceResult<BookingAnswer> {
    let now = ctx.clock.now();
    let token = token.trim();
    let entry = {
        let mut conn = ctx.store.conn().await?;
        entries::find_by_offer(conn.ex(), &digest(token))
            .await?
            .ok_or(ServiceError::NotFound)?
    };
    check_claimable(&entry, now)?;
    let zone: Tz = parse_zone(&entry.person_time_zone).unwrap_or(chrono_tz::UTC);
    let local: NaiveDateTime = chrono::DateTime::from_timestamp(entry.start_time, 0)
        .unwrap_or_default()
        .with_timezone(&zone)
        .naive_local();
    let booking = NewBooking {
        name: entry.name.clone(),
        email: entry.email.clone(),
        timezone: zone.name().to_string(),
        event_time: Some(local),
        duration: Some((entry.end_time - entry.start_time) / 60),
        hold: Some(token.to_string()),
        private_link: None,
        recurring_count: None,
        asked: Default::default(),
        altcha: None,
        website: String::new(),
        ..extra
    };
    create(
        ctx,
        CreateRequest {
            event_id: entry.event_id,
            booking,
            caller: None,
            idempotency: None,
            ip,
            unverified: Unverified::Refused,
            dry_run: false,
            confirmation: None,
            waitlist_claim: Some(entry.id),
        },
    )
    .await
}

/// `POST /waitlist/entries/{hash}/leave`: the entry leaves (an offered place passes on at
/// once); an entry already done answers the same.
pub async fn leave(ctx: &Ctx, hash: &str) -> ServiceResult<MessageAnswer> {
    let entry = {
        let mut conn = ctx.store.conn().await?;
        entries::find_by_leave(conn.ex(), &digest(hash.trim()))
            .await?
            .ok_or(ServiceError::NotFound)?
    };
    close(ctx, &entry, "left").await?;
    Ok(MessageAnswer::new(LEFT))
}

/// The entry of a leave token, for the leave page: `None` when no entry has it.
pub async fn entry_of_leave_token(
    ctx: &Ctx,
    hash: &str,
) -> ServiceResult<Option<(EntryRow, LoadedEvent)>> {
    let mut conn = ctx.store.conn().await?;
    let Some(entry) = entries::find_by_leave(conn.ex(), &digest(hash.trim())).await? else {
        return Ok(None);
    };
    let loaded = load_event(conn.ex(), entry.event_id).await?;
    Ok(Some((entry, loaded)))
}

/// An open entry becomes `status` (`left`, `removed`); if it was offered, its place passes on.
async fn close(ctx: &Ctx, entry: &EntryRow, status: &str) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    close_in(&mut tx, ctx, entry, status, ctx.clock.now()).await?;
    tx.commit().await?;
    Ok(())
}

/// [`close`] in the caller's transaction.
async fn close_in(
    tx: &mut Tx,
    ctx: &Ctx,
    entry: &EntryRow,
    status: &str,
    now: i64,
) -> ServiceResult<()> {
    lock_event_hosts(tx, entry.event_id).await?;
    if entries::swap_status(tx.ex(), entry.id, &OPEN, status, now).await?
        && entry.status == "offered"
    {
        if let Some(digest) = &entry.offer_digest {
            holds::release_offer(tx, digest).await?;
        }
        offer_free_places(tx, ctx, entry.event_id, entry.start_time, now).await?;
    }
    Ok(())
}

/// Erasure (DESIGN 2.11's rule, applied to the waitlist) in the caller's transaction: each
/// entry still on the list is removed from it (an offered place passes on; its unsent emails
/// then have nothing left to say), and every entry loses the visitor's name and address.
/// Answers the ids of the entries that held any.
pub async fn erase_entries(
    tx: &mut Tx,
    ctx: &Ctx,
    found: &[EntryRow],
    now: i64,
) -> ServiceResult<Vec<i64>> {
    let open: Vec<i64> = found
        .iter()
        .filter(|e| OPEN.contains(&e.status.as_str()))
        .map(|e| e.event_id)
        .collect();
    lock_events_hosts(tx, &open).await?;
    let mut erased = Vec::with_capacity(found.len());
    for entry in found {
        if OPEN.contains(&entry.status.as_str()) {
            close_in(tx, ctx, entry, "removed", now).await?;
        }
        if entries::erase(tx.ex(), entry.id, now).await? {
            erased.push(entry.id);
        }
    }
    Ok(erased)
}

/// The entries of one address as the export shows them (a waiting one with its place).
pub async fn views_of(mut ex: Ex<'_>, rows: &[EntryRow]) -> ServiceResult<Vec<WaitlistEntry>> {
    let mut views = Vec::with_capacity(rows.len());
    for row in rows {
        let position = position_of(crate::store::reborrow(&mut ex), row).await?;
        views.push(entry_view(row, position));
    }
    Ok(views)
}

/// `GET …/events/{event_id}/waitlist`: every entry, by start time then join order.
pub async fn list(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
) -> ServiceResult<WaitlistEntries> {
    let mut conn = ctx.store.conn().await?;
    let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
    let rows = entries::of_event(conn.ex(), ev.id).await?;
    Ok(WaitlistEntries {
        entries: with_positions(&rows),
    })
}

/// Entries as shown, with each waiting one's place at its time (rows in start, join order).
pub fn with_positions(rows: &[EntryRow]) -> Vec<WaitlistEntry> {
    let mut seen: std::collections::HashMap<(i64, i64), i64> = Default::default();
    rows.iter()
        .map(|row| {
            let position = (row.status == "waiting").then(|| {
                let n = seen.entry((row.event_id, row.start_time)).or_insert(0);
                *n += 1;
                *n
            });
            entry_view(row, position)
        })
        .collect()
}

/// `DELETE …/events/{event_id}/waitlist/{entry_id}`: the host takes an entry off the list.
pub async fn remove(
    ctx: &Ctx,
    caller: &Caller,
    calendar_id: i64,
    event_id: i64,
    entry_id: i64,
) -> ServiceResult<MessageAnswer> {
    let entry = {
        let mut conn = ctx.store.conn().await?;
        let (_, ev) = load_managed_event(conn.ex(), caller, calendar_id, event_id).await?;
        entries::find(conn.ex(), entry_id)
            .await?
            .filter(|e| e.event_id == ev.id)
            .ok_or(ServiceError::NotFound)?
    };
    close(ctx, &entry, "removed").await?;
    Ok(MessageAnswer::new(REMOVED))
}
