//! `POST /bookings/create/{event_id}`, in named steps: replay a repeated request, read the
//! event, parse the form, settle the host-only choices and the price, then, inside one
//! transaction that serialises writers of the event's hosts, pass the guard, place the booking
//! (host, group), write it with its hosts, answers, activity and outbox rows, and answer.
//! Double booking is impossible: the check and the insert cannot interleave with another
//! writer of the same host (DESIGN 4).

use super::form;
use super::guard::slot_unavailable;
use super::new_booking::{HostRequest, NewBooking};
use super::notify::EventNotifications;
use super::proof_of_work::{self, Unverified};
use crate::domain::slots::Reason;
use crate::domain::slots::local::exact_instant;
use crate::domain::values::{BookingSource, BookingStatus};
use crate::domain::zone::parse_zone;
use crate::model::booking::{BookingAnswer, PrivacyConsent};
use crate::model::settings::{BookingProtection, PrivacySettings};
use crate::service::events::booking_fields::effective_fields;
use crate::service::events::integrations;
use crate::service::events::payments::{self, EventPayment, PaymentMethod};
use crate::service::events::private_links;
use crate::service::slots::{LoadedEvent, load_event, schedule_rows};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::StoreError;
use crate::store::availability_schedules::ScheduleRow;
use crate::store::booking_fields::FieldRow;
use crate::store::bookings;
use crate::store::integrations::IntegrationRow;
use crate::store::users::{self, UserRow};

mod series;
mod under_lock;

use under_lock::{place, write};

/// Who asks (the public, or an authenticated user who may be a host of the event) for which
/// booking.
pub struct CreateRequest<'a> {
    pub event_id: i64,
    pub booking: NewBooking,
    pub caller: Option<&'a Caller>,
    pub idempotency: Option<Idempotency<'a>>,
    pub ip: &'a str,
    /// How a create without a valid proof of work is met, while the site asks for one.
    pub unverified: Unverified<'a>,
    /// An MCP preview: every check and write runs, then the transaction is rolled back; the
    /// answer shows what a confirm would write. Nothing is sent or counted.
    pub dry_run: bool,
    /// An MCP confirm: the state its preview showed, and the token it spends in the write's
    /// transaction.
    pub confirmation: Option<super::confirmations::Confirmation>,
    /// A waitlist offer's claim (DESIGN 2.12): the entry, which becomes `booked` in the
    /// create's transaction (or the claim is refused). Its offer stands in for a private link
    /// and a proof of work.
    pub waitlist_claim: Option<i64>,
}

/// A client's `Idempotency-Key` and the request it came with, as received: a retry must send
/// the same request to be answered the first result.
pub struct Idempotency<'a> {
    pub key: &'a str,
    pub request: &'a str,
    /// Whose key it is when not the caller's account or the public (an MCP visitor's confirm
    /// token).
    pub owner: Option<&'a str>,
}

/// What a create reads before the hosts' lock: the event and everything about it that is not
/// booking state, so the lock is held for less.
struct EventContext {
    loaded: LoadedEvent,
    fields: Vec<FieldRow>,
    /// The hosts' names and addresses, for the answer and the webhooks.
    members: Vec<UserRow>,
    schedules: Vec<ScheduleRow>,
    webhooks: Vec<IntegrationRow>,
    notifications: EventNotifications,
    payment: EventPayment,
    /// The new booking's id on PostgreSQL, reserved before the hosts' lock.
    reserved_id: Option<i64>,
    /// The site's blocked attendee addresses and domains.
    /// The site's booking protection: its blocklist and proof-of-work switch.
    protection: BookingProtection,
    /// Whether the form asks for consent to the privacy notice, and its version.
    privacy: PrivacySettings,
}

/// What only an authenticated host of the event may choose, and the attendee's own hold of
/// the time (which their create books through).
#[derive(Clone, Copy)]
struct HostChoices {
    status: BookingStatus,
    source: BookingSource,
    host: Option<i64>,
    own_hold: Option<i64>,
}

/// The price of a paid event's booking and the method the attendee chose.
type Charge = (Vec<(String, i64)>, &'static dyn PaymentMethod);

/// Everything decided before the booking is written.
struct Draft {
    start: i64,
    duration: i64,
    status: BookingStatus,
    source: BookingSource,
    host_id: i64,
    other_hosts: Vec<i64>,
    group_id: Option<i64>,
    charge: Option<Charge>,
    video_url: Option<String>,
    /// A series' occurrence: its place, and the series' id once its first is written.
    series: Option<SeriesPlace>,
    /// The id reserved before the lock (PostgreSQL), for the first booking written only.
    reserved_id: Option<i64>,
}

/// Where an occurrence stands in its series.
#[derive(Debug, Clone, Copy)]
struct SeriesPlace {
    id: Option<i64>,
    index: i64,
    count: i64,
}

/// Creates the booking (and one row per guest of a group event). Answers the response body.
///
/// An `Idempotency-Key` is scoped to the event and the caller (an account, or the public), and
/// bound to the request body: a retry of the same request answers the first result, while the
/// same key with another body is refused, so a key cannot be used to read another attendee's
/// booking. Keys are kept for 24 hours.
#[tracing::instrument(skip_all, fields(event_id = req.event_id))]
pub async fn create(ctx: &Ctx, req: CreateRequest<'_>) -> ServiceResult<BookingAnswer> {
    let dry_run = req.dry_run;
    let created = create_counted(ctx, req).await;
    if let Err(e) = &created
        && !dry_run
    {
        ctx.metrics.booking_refused(e.code());
    }
    created
}

/// [`create`]; the bookings it writes are counted here (a replayed answer writes none).
async fn create_counted(ctx: &Ctx, mut req: CreateRequest<'_>) -> ServiceResult<BookingAnswer> {
    let idempotency = idempotency_key(&req);
    if let Some(key) = &idempotency
        && let Some(answer) = replay(ctx, key).await?
    {
        return Ok(answer);
    }
    super::policies::check_honeypot(&req.booking.website)?;
    let event = read_event(ctx, req.event_id).await?;
    let mut booking = std::mem::take(&mut req.booking);
    let (asked, payment_method) = (booking.asked, booking.payment_method.clone());
    let hold_token = booking.hold.clone();
    let is_host = req.caller.is_some_and(|c| event.loaded.is_managed_by(c));
    let consent = privacy_consent(&event.privacy, is_host, &mut booking, ctx.clock.now());
    let Admitted {
        link,
        count,
        proof,
        mut attendee,
    } = admit(ctx, &event, booking, trusted(&req, is_host), req.unverified).await?;
    attendee.privacy_consent = consent;
    let (start, duration, own_hold) =
        chosen_time(ctx, &event, &attendee, hold_token.as_deref()).await?;
    let choices = HostChoices {
        own_hold,
        ..host_choices(asked, req.caller, &event.loaded)
    };
    let charge = charge(&event, payment_method.as_deref(), duration)?;
    let hosts = event.loaded.host_ids();
    if let Some(h) = choices.host
        && !hosts.contains(&h)
    {
        return Err(ServiceError::field(
            "host_user_id",
            "in",
            "The host_user_id is not a host of this event",
        ));
    }
    // A meeting added to a host's own calendar a moment ago counts: their connected calendars
    // are read afresh (at most one time-out) before the transaction.
    crate::service::calendars::connections::refresh_hosts(ctx, &hosts).await?;

    let mut tx = ctx.store.begin().await?;
    if let Some(entry) = req.waitlist_claim {
        super::claims::take_offer(&mut tx, entry, ctx.clock.now()).await?;
    }
    // Everything below sees every booking committed before the hosts' lock was granted.
    let drafts = if count > 1 {
        let starts = series::starts(&event, start, count);
        series::place_all(
            &mut tx, &event, &attendee, choices, &starts, duration, charge,
        )
        .await?
    } else {
        vec![place(&mut tx, &event, &attendee, choices, start, duration, charge).await?]
    };
    let mut tx = within_attendee_limit(tx, ctx, &req, &event, &attendee, is_host).await?;
    // One use of the private link per create: a series counts once.
    private_links::use_once(&mut tx, link).await?;
    proof_of_work::spend(&mut tx, &proof, ctx.clock.now()).await?;
    let rows = write_all(&mut tx, ctx, &req, &event, &attendee, drafts).await?;
    if let Some(hold) = own_hold {
        super::holds::consume(&mut tx, hold).await?;
    }
    if let (Some(entry), Some((first, _))) = (req.waitlist_claim, rows.first()) {
        super::claims::record_booking(&mut tx, entry, first.id).await?;
    }
    let body = series::answer_all(ctx, &event, &attendee, &rows, req.caller)?;
    if req.dry_run {
        // Dropped, the transaction is rolled back: nothing of it was ever visible.
        drop(tx);
        return Ok(body);
    }
    settle(&mut tx, ctx, &req, idempotency.as_ref(), &body).await?;
    match tx.commit().await {
        Err(StoreError::UniqueViolation) if idempotency.is_some() => {
            // The same key was answered by a concurrent request meanwhile: answer its result.
            return match idempotency.as_ref().map(|k| replay(ctx, k)) {
                Some(replayed) => replayed.await?.ok_or(ServiceError::NotFound),
                None => Err(ServiceError::NotFound),
            };
        }
        other => other?,
    }
    ctx.metrics
        .bookings_created(&body.booking.source, rows.len());
    tracing::info!(
        booking_id = body.booking.id,
        event_id = req.event_id,
        host_id = body.booking.host_user_id,
        occurrences = count,
        "booking created"
    );
    Ok(body)
}

/// The consent a public create must give while the site requires it (DESIGN 2.11): without
/// `privacy_consent: true` it is refused on that field with the form's other faults; given,
/// it is stored with the notice's version and the time. Hosts' creates ask none.
fn privacy_consent(
    privacy: &PrivacySettings,
    is_host: bool,
    booking: &mut NewBooking,
    now: i64,
) -> Option<PrivacyConsent> {
    if is_host || !privacy.consent_required {
        return None;
    }
    if booking.privacy_consent != Some(true) {
        if !booking.unreadable.contains("privacy_consent") {
            booking.unreadable.add(
                "privacy_consent",
                "accepted",
                "Please accept the privacy notice",
            );
        }
        return None;
    }
    Some(PrivacyConsent {
        version: privacy.consent_version.clone(),
        accepted_at: crate::service::support::present::rfc3339(now),
    })
}

/// A host's create, or a waitlist claim (whose offer stands in for a private link and a proof
/// of work), is admitted as trusted.
fn trusted(req: &CreateRequest<'_>, is_host: bool) -> bool {
    is_host || req.waitlist_claim.is_some()
}

/// The event's per-attendee limit, for the public: the transaction back when the attendee is
/// within it; else it is rolled back and the refusal answered (after the existing booking's
/// link is queued, in a transaction of its own, unless this is a preview).
async fn within_attendee_limit(
    mut tx: crate::store::Tx,
    ctx: &Ctx,
    req: &CreateRequest<'_>,
    event: &EventContext,
    attendee: &form::Attendee,
    is_host: bool,
) -> ServiceResult<crate::store::Tx> {
    if is_host {
        return Ok(tx);
    }
    let now = ctx.clock.now();
    let Some(existing) =
        super::policies::booking_at_limit(&mut tx, &event.loaded, &attendee.email, now).await?
    else {
        return Ok(tx);
    };
    drop(tx);
    if req.dry_run {
        return Err(super::policies::over_limit());
    }
    Err(super::policies::refuse_over_limit(ctx, req.event_id, existing, &attendee.email).await)
}

/// Last in the write's transaction: an MCP confirm spends its token (unless what would be
/// written differs from its preview), and the answer is kept under the idempotency key.
async fn settle(
    tx: &mut crate::store::Tx,
    ctx: &Ctx,
    req: &CreateRequest<'_>,
    idempotency: Option<&bookings::IdempotencyKey>,
    body: &BookingAnswer,
) -> ServiceResult<()> {
    if let Some(confirmation) = &req.confirmation {
        let state = super::confirmations::created_state(body);
        super::confirmations::spend(tx, confirmation, &state, ctx.clock.now()).await?;
    }
    if let Some(key) = idempotency {
        let stored = serde_json::to_string(body).map_err(StoreError::from)?;
        bookings::remember_answer(tx.ex(), key, 200, &stored, Some(body.booking.id)).await?;
    }
    Ok(())
}

/// The start and length the attendee chose, and their own hold of exactly that time.
async fn chosen_time(
    ctx: &Ctx,
    event: &EventContext,
    attendee: &form::Attendee,
    hold_token: Option<&str>,
) -> ServiceResult<(i64, i64, Option<i64>)> {
    let zone = parse_zone(&attendee.zone).unwrap_or(chrono_tz::UTC);
    let Some(start) = exact_instant(zone, attendee.local_time) else {
        return Err(slot_unavailable(&[Reason::OutsideHours]));
    };
    let duration = event.loaded.duration(attendee.duration);
    let end = start + duration * 60;
    let own_hold =
        super::holds::own_hold(ctx, hold_token, event.loaded.event().id, start, end).await?;
    Ok((start, duration, own_hold))
}

/// Writes each placed booking (a series' occurrences name the first's id as theirs); the
/// first takes the id reserved before the lock.
async fn write_all(
    tx: &mut crate::store::Tx,
    ctx: &Ctx,
    req: &CreateRequest<'_>,
    event: &EventContext,
    attendee: &form::Attendee,
    drafts: Vec<Draft>,
) -> ServiceResult<Vec<(bookings::BookingRow, Draft)>> {
    let mut rows: Vec<(bookings::BookingRow, Draft)> = Vec::with_capacity(drafts.len());
    for (k, mut draft) in drafts.into_iter().enumerate() {
        if k == 0 {
            draft.reserved_id = event.reserved_id;
        }
        if let Some(series) = draft.series.as_mut() {
            series.id = rows.first().map(|(first, _)| first.id);
        }
        let row = write(tx, ctx, req, event, attendee, &draft).await?;
        rows.push((row, draft));
    }
    Ok(rows)
}

/// The key of a request that sent `Idempotency-Key`, scoped to the event and the caller.
fn idempotency_key(req: &CreateRequest<'_>) -> Option<bookings::IdempotencyKey> {
    let caller = req
        .caller
        .map_or_else(|| "public".to_string(), |c| format!("user-{}", c.id()));
    req.idempotency
        .as_ref()
        .map(|given| bookings::IdempotencyKey {
            scope: format!(
                "bookings.create:{}:{}",
                req.event_id,
                given.owner.unwrap_or(&caller)
            ),
            key: given.key.to_string(),
            request_hash: crate::service::auth::digest(given.request),
        })
}

/// The answer stored for an earlier request with the same key, caller and body; 422
/// `idempotency_key_reused` when the key was used for another body.
async fn replay(ctx: &Ctx, key: &bookings::IdempotencyKey) -> ServiceResult<Option<BookingAnswer>> {
    let mut conn = ctx.store.conn().await?;
    match bookings::idempotent_answer(conn.ex(), key).await? {
        None => Ok(None),
        Some(stored) if stored.request_hash != key.request_hash => {
            Err(ServiceError::Unprocessable {
                code: "idempotency_key_reused",
                message: "This Idempotency-Key was already used for a different request.".into(),
            })
        }
        Some(stored) => Ok(Some(
            serde_json::from_str(&stored.response_body).map_err(StoreError::from)?,
        )),
    }
}

/// The attendee's side of a create, checked before any lock.
struct Admitted {
    /// The private link it books through, to be used once.
    link: Option<i64>,
    /// Occurrences: 1, or a series' size.
    count: usize,
    proof: proof_of_work::Proof,
    attendee: form::Attendee,
}

/// The private link, the series' size, the proof of work, the form's fields and the email
/// rules; the form's 422 names every field at fault, `altcha` among them.
async fn admit(
    ctx: &Ctx,
    event: &EventContext,
    mut booking: NewBooking,
    is_host: bool,
    unverified: Unverified<'_>,
) -> ServiceResult<Admitted> {
    let link = private_links::admit_with(
        ctx,
        event.loaded.asked(is_host),
        booking.private_link.as_deref(),
    )
    .await?;
    let count = series::occurrence_count(booking.recurring_count, &event.loaded, is_host)?;
    let proof = proof_of_work::admit(
        ctx,
        &event.protection.proof_of_work,
        is_host,
        booking.altcha.as_deref(),
        unverified,
        &mut booking.unreadable,
    )?;
    let attendee = form::check(booking, &event.loaded, &event.fields)?;
    if event.notifications.texts_attendee() {
        form::check_sms_number(&event.fields, &attendee)?;
    }
    super::policies::check_email(&event.loaded, &event.protection.blocklist, &attendee.email)?;
    Ok(Admitted {
        link,
        count,
        proof,
        attendee,
    })
}

/// Reads the event (active ones only take bookings) and what a booking of it needs.
async fn read_event(ctx: &Ctx, event_id: i64) -> ServiceResult<EventContext> {
    let mut conn = ctx.store.conn().await?;
    let loaded = load_event(conn.ex(), event_id).await?;
    loaded.check_accepting()?;
    let stored = crate::store::booking_fields::list(conn.ex(), event_id).await?;
    let members = users::find_many(conn.ex(), &loaded.host_ids()).await?;
    let schedules = schedule_rows(conn.ex(), &loaded).await?;
    let webhooks =
        crate::store::integrations::enabled_for_event(conn.ex(), event_id, integrations::WEBHOOK)
            .await?;
    // The event's notifications and payment settings, in one read.
    let meta = crate::store::events::all_meta(conn.ex(), event_id).await?;
    let reserved_id = bookings::reserve_id(conn.ex()).await?;
    let protection = crate::service::settings::protection::stored(conn.ex()).await?;
    let privacy = crate::service::settings::privacy::stored(conn.ex()).await?;
    let payment = payments::parsed(
        meta.iter()
            .find(|(k, _)| k == payments::META_KEY)
            .map(|(_, v)| v.as_str()),
    );
    Ok(EventContext {
        fields: effective_fields(loaded.event(), stored),
        notifications: EventNotifications::from_meta(&meta),
        loaded,
        members,
        schedules,
        webhooks,
        payment,
        reserved_id,
        protection,
        privacy,
    })
}

/// `status`, `source=admin` and `host_user_id` count only from a host of this event; everyone
/// else books `web`, pending when the event requires confirmation.
fn host_choices(asked: HostRequest, caller: Option<&Caller>, loaded: &LoadedEvent) -> HostChoices {
    let is_host = caller.is_some_and(|c| loaded.is_managed_by(c));
    let status = match asked.status {
        Some(s) if is_host => s,
        _ if loaded.settings.requires_confirmation.enabled => BookingStatus::Pending,
        _ => BookingStatus::Scheduled,
    };
    let source = match asked.source {
        Some(s) if is_host => s,
        _ => BookingSource::Web,
    };
    HostChoices {
        status,
        source,
        host: asked.host_user_id.filter(|_| is_host),
        own_hold: None,
    }
}

/// A paid event: the price of this duration and the method the attendee chose (the first one
/// offered when none is named).
fn charge(
    event: &EventContext,
    asked_method: Option<&str>,
    duration: i64,
) -> ServiceResult<Option<Charge>> {
    let Some(lines) = payments::price(&event.payment, &event.loaded.general.payments, duration)
    else {
        return Ok(None);
    };
    let offered = payments::methods(&event.payment);
    let method = match asked_method {
        Some(key) => offered.iter().find(|m| m.key() == key),
        None => offered.first(),
    };
    match method {
        Some(method) => Ok(Some((lines, *method))),
        None => Err(ServiceError::field(
            "payment_method",
            "in",
            "Please select a payment method",
        )),
    }
}
