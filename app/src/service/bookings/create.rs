//! `POST /bookings/create/{event_id}`, in named steps: replay a repeated request, read the
//! event, parse the form, settle the host-only choices and the price, then, inside one
//! transaction that serialises writers of the event's hosts, pass the guard, place the booking
//! (host, group), write it with its hosts, answers, activity and outbox rows, and answer.
//! Double booking is impossible: the check and the insert cannot interleave with another
//! writer of the same host (DESIGN 4).

use serde_json::Value;

use super::form::{self, Attendee, split_name};
use super::guard::{Recheck, offered_slot, pick_round_robin_host, slot_unavailable};
use super::notify::{self, Change, EventNotifications};
use super::views::{BookingContext, booking_view, utc_text};
use crate::domain::slots::Reason;
use crate::domain::slots::local::exact_instant;
use crate::domain::validation::FieldErrors;
use crate::domain::values::{BookingSource, BookingStatus, EventType};
use crate::domain::zone::parse_zone;
use crate::model::booking::{BookingAnswer, BookingGuest};
use crate::service::events::booking_fields::effective_fields;
use crate::service::events::integrations;
use crate::service::events::payments::{self, EventPayment, PaymentMethod};
use crate::service::slots::{LoadedEvent, NOT_ACCEPTING, load_event, schedule_rows};
use crate::service::support::input::Fields;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult, outbox, random_hash};
use crate::store::availability_schedules::ScheduleRow;
use crate::store::booking_fields::FieldRow;
use crate::store::bookings::{self, BookingExtras, BookingRow, NewActivity, NewBooking};
use crate::store::integrations::IntegrationRow;
use crate::store::users::{self, UserRow};
use crate::store::{StoreError, Tx};

/// Who asks: the public, or an authenticated user (who may be a host of the event).
pub struct CreateRequest<'a> {
    pub event_id: i64,
    pub body: &'a Value,
    pub caller: Option<&'a Caller>,
    pub idempotency_key: Option<&'a str>,
    pub ip: &'a str,
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
}

/// What only an authenticated host of the event may choose.
struct HostChoices {
    status: BookingStatus,
    source: BookingSource,
    host: Option<i64>,
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
}

/// Creates the booking (and one row per guest of a group event). Answers the response body.
///
/// An `Idempotency-Key` is scoped to the event and the caller (an account, or the public), and
/// bound to the request body: a retry of the same request answers the first result, while the
/// same key with another body is refused, so a key cannot be used to read another attendee's
/// booking. Keys are kept for 24 hours.
#[tracing::instrument(skip_all, fields(event_id = req.event_id))]
pub async fn create(ctx: &Ctx, req: CreateRequest<'_>) -> ServiceResult<BookingAnswer> {
    let idempotency = idempotency_key(&req);
    if let Some(key) = &idempotency
        && let Some(answer) = replay(ctx, key).await?
    {
        return Ok(answer);
    }
    let event = read_event(ctx, req.event_id).await?;
    let attendee = form::parse(req.body, &event.loaded, &event.fields)?;
    if event.notifications.texts_attendee() {
        form::check_sms_number(&event.fields, &attendee)?;
    }
    let choices = host_choices(req.body, req.caller, &event.loaded)?;
    let zone = parse_zone(&attendee.zone).unwrap_or(chrono_tz::UTC);
    let Some(start) = exact_instant(zone, attendee.local_time) else {
        return Err(slot_unavailable(&[Reason::OutsideHours]));
    };
    let duration = event.loaded.duration(attendee.duration);
    let charge = charge(&event, req.body, duration)?;
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
    // Everything below sees every booking committed before the hosts' lock was granted.
    let draft = place(&mut tx, &event, &attendee, choices, start, duration, charge).await?;
    let row = write(&mut tx, ctx, &req, &event, &attendee, &draft).await?;
    let body = answer(ctx, &event, &attendee, &row, req.caller, &draft);
    if let Some(key) = &idempotency {
        let stored = serde_json::to_string(&body).map_err(StoreError::from)?;
        bookings::remember_answer(tx.ex(), key, 200, &stored).await?;
    }
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
    tracing::info!(
        booking_id = row.id,
        event_id = req.event_id,
        host_id = row.host_user_id,
        "booking created"
    );
    Ok(body)
}

/// The key of a request that sent `Idempotency-Key`, scoped to the event and the caller.
fn idempotency_key(req: &CreateRequest<'_>) -> Option<bookings::IdempotencyKey> {
    let caller = req
        .caller
        .map_or_else(|| "public".to_string(), |c| format!("user-{}", c.id()));
    req.idempotency_key.map(|key| bookings::IdempotencyKey {
        scope: format!("bookings.create:{}:{caller}", req.event_id),
        key: key.to_string(),
        request_hash: crate::service::auth::digest(&req.body.to_string()),
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

/// Reads the event (active ones only take bookings) and what a booking of it needs.
async fn read_event(ctx: &Ctx, event_id: i64) -> ServiceResult<EventContext> {
    let mut conn = ctx.store.conn().await?;
    let loaded = load_event(conn.ex(), event_id).await?;
    if loaded.event().status != "active" {
        return Err(ServiceError::Unprocessable {
            code: "event_inactive",
            message: NOT_ACCEPTING.into(),
        });
    }
    let stored = crate::store::booking_fields::list(conn.ex(), event_id).await?;
    let members = users::find_many(conn.ex(), &loaded.host_ids()).await?;
    let schedules = schedule_rows(conn.ex(), &loaded).await?;
    let webhooks =
        crate::store::integrations::enabled_for_event(conn.ex(), event_id, integrations::WEBHOOK)
            .await?;
    // The event's notifications and payment settings, in one read.
    let meta = crate::store::events::all_meta(conn.ex(), event_id).await?;
    let reserved_id = bookings::reserve_id(conn.ex()).await?;
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
    })
}

/// `status`, `source=admin` and `host_user_id` count only from a host of this event; everyone
/// else books `web`, pending when the event requires confirmation.
fn host_choices(
    body: &Value,
    caller: Option<&Caller>,
    loaded: &LoadedEvent,
) -> ServiceResult<HostChoices> {
    let is_host = caller.is_some_and(|c| loaded.is_managed_by(c));
    let mut errors = FieldErrors::new();
    let f = Fields::new(Some(body), "");
    let asked_status = f
        .one_of("status", &["scheduled", "pending"], &mut errors)
        .and_then(|s| BookingStatus::parse(&s));
    let asked_source = f
        .one_of("source", &["web", "admin"], &mut errors)
        .and_then(|s| BookingSource::parse(&s));
    let asked_host = f.int("host_user_id", &mut errors);
    errors.into_result().map_err(ServiceError::invalid)?;
    let status = match asked_status {
        Some(s) if is_host => s,
        _ if loaded.settings.requires_confirmation.enabled => BookingStatus::Pending,
        _ => BookingStatus::Scheduled,
    };
    let source = match asked_source {
        Some(s) if is_host => s,
        _ => BookingSource::Web,
    };
    Ok(HostChoices {
        status,
        source,
        host: asked_host.filter(|_| is_host),
    })
}

/// A paid event: the price of this duration and the method the attendee chose (the first one
/// offered when none is named).
fn charge(event: &EventContext, body: &Value, duration: i64) -> ServiceResult<Option<Charge>> {
    let Some(lines) = payments::price(&event.payment, &event.loaded.general.payments, duration)
    else {
        return Ok(None);
    };
    let offered = payments::methods(&event.payment);
    let method = match body.get("payment_method").and_then(Value::as_str) {
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

/// Under the hosts' lock: the guard for the time, the seats a group booking needs, and who
/// hosts it (round robin picks a free member; collective events attach every member).
async fn place(
    tx: &mut Tx,
    event: &EventContext,
    attendee: &Attendee,
    choices: HostChoices,
    start: i64,
    duration: i64,
    charge: Option<Charge>,
) -> ServiceResult<Draft> {
    let loaded = &event.loaded;
    let rules = loaded.rules(duration);
    let slot = offered_slot(
        tx,
        Recheck {
            loaded,
            rules: &rules,
            schedules: &event.schedules,
            only_host: choices.host,
            start,
            excluded: None,
            now: chrono::Utc::now().timestamp(),
        },
    )
    .await?;
    let kind = loaded.event().kind();
    let group = kind.is_group();
    let seats_needed = if group {
        1 + attendee.guests.len() as u32
    } else {
        1
    };
    if seats_needed > slot.remaining {
        return Err(slot_unavailable(&[Reason::Full]));
    }
    let mut hosts = loaded.host_ids();
    let host_id = match kind {
        EventType::RoundRobin => {
            pick_round_robin_host(tx, loaded, &slot.hosts, choices.host, start).await?
        }
        _ if hosts.len() == 1 => hosts[0],
        _ => loaded.event().user_id,
    };
    hosts.retain(|h| *h != host_id);
    let other_hosts = if kind == EventType::Collective {
        hosts
    } else {
        Vec::new()
    };
    let group_id = if group {
        bookings::group_at(tx.ex(), loaded.event().id, start).await?
    } else {
        None
    };
    Ok(Draft {
        start,
        duration,
        status: choices.status,
        source: choices.source,
        host_id,
        other_hosts,
        group_id,
        charge,
    })
}

/// Writes the booking with its hosts, activity, messages, order, answers and guests, and
/// queues its webhooks and calendar write-back. Answers the row as written (built from what
/// was written, without reading it back under the lock).
async fn write(
    tx: &mut Tx,
    ctx: &Ctx,
    req: &CreateRequest<'_>,
    event: &EventContext,
    attendee: &Attendee,
    draft: &Draft,
) -> ServiceResult<BookingRow> {
    let loaded = &event.loaded;
    let hash = random_hash();
    let location = attendee.location.to_string();
    let end = draft.start + draft.duration * 60;
    let booking = NewBooking {
        hash: &hash,
        calendar_id: loaded.event().calendar_id,
        event_id: req.event_id,
        host_user_id: draft.host_id,
        person_time_zone: &attendee.zone,
        start_time: draft.start,
        end_time: end,
        first_name: &attendee.first_name,
        last_name: &attendee.last_name,
        email: &attendee.email,
        message: &attendee.message,
        status: draft.status.as_str(),
        source: draft.source.as_str(),
        event_type: &loaded.event().event_type,
    };
    let extras = BookingExtras {
        group_id: draft.group_id,
        phone: &attendee.phone,
        location_details: &location,
        source_url: &attendee.source_url,
        person_user_id: None,
        ip_address: req.ip,
        other_hosts: &draft.other_hosts,
    };
    let activity = NewActivity {
        booking_id: 0,
        created_by: req.caller.map(Caller::id),
        status: "closed",
        kind: "success",
        title: "Booking created",
        description: &format!(
            "Booked for {} (status {}, source {})",
            utc_text(draft.start),
            draft.status,
            draft.source
        ),
    };
    let change = if draft.status == BookingStatus::Pending {
        Change::Requested
    } else {
        Change::Booked
    };
    let notifications = &event.notifications;
    let start = draft.start;
    let now = ctx.clock.now();
    let write = bookings::NewBookingWrite {
        booking: &booking,
        extras: &extras,
        activity: &activity,
        reserved_id: event.reserved_id,
    };
    let (id, person_user_id) = bookings::insert_new(tx.ex(), write, |id| {
        notify::plan(notifications, change, id, start, now)
            .iter()
            .map(outbox::Outgoing::item)
            .collect()
    })
    .await?;
    if let Some((lines, method)) = &draft.charge {
        let currency = &loaded.general.payments.currency;
        payments::create_order(tx.ex(), id, lines, currency, *method).await?;
    }
    let group_id = draft.group_id.unwrap_or(id);
    if !attendee.custom.is_empty() {
        let answers = Value::Object(attendee.custom.clone()).to_string();
        bookings::add_meta(tx.ex(), id, "custom_fields_data", &answers).await?;
    }
    if loaded.event().kind().is_group() {
        seat_guests(tx, &booking, attendee, group_id, &location, req.ip).await?;
    } else if !attendee.guests.is_empty() {
        let guests = serde_json::to_string(&guests_of(attendee)).map_err(StoreError::from)?;
        bookings::add_meta(tx.ex(), id, "additional_guests", &guests).await?;
    }
    let row = written_row(
        &booking,
        attendee,
        draft,
        id,
        person_user_id,
        group_id,
        location,
    );
    announce(tx, ctx, event, &row).await?;
    Ok(row)
}

/// The booking as written, for the answer and the side effects (built from what was written,
/// without reading it back under the lock).
fn written_row(
    booking: &NewBooking<'_>,
    attendee: &Attendee,
    draft: &Draft,
    id: i64,
    person_user_id: Option<i64>,
    group_id: i64,
    location: String,
) -> BookingRow {
    let now = crate::store::now_epoch();
    BookingRow {
        id,
        hash: booking.hash.to_string(),
        calendar_id: booking.calendar_id,
        event_id: booking.event_id,
        group_id: Some(group_id),
        parent_id: None,
        host_user_id: draft.host_id,
        person_user_id,
        person_time_zone: attendee.zone.clone(),
        start_time: draft.start,
        end_time: booking.end_time,
        slot_minutes: draft.duration,
        first_name: attendee.first_name.clone(),
        last_name: attendee.last_name.clone(),
        email: attendee.email.clone(),
        message: attendee.message.clone(),
        internal_note: String::new(),
        phone: attendee.phone.clone(),
        location_details: location,
        cancelled_by: None,
        status: draft.status.as_str().to_string(),
        source: draft.source.as_str().to_string(),
        event_type: booking.event_type.to_string(),
        payment_status: draft.charge.as_ref().map(|_| "pending".to_string()),
        payment_method: draft.charge.as_ref().map(|(_, m)| m.key().to_string()),
        source_url: attendee.source_url.clone(),
        created_at: now,
        updated_at: now,
    }
}

/// Each guest of a group slot takes a seat: a row of its own in the same group.
async fn seat_guests(
    tx: &mut Tx,
    booking: &NewBooking<'_>,
    attendee: &Attendee,
    group_id: i64,
    location: &str,
    ip: &str,
) -> ServiceResult<()> {
    for guest in &attendee.guests {
        let shown = if guest.name.is_empty() {
            &guest.email
        } else {
            &guest.name
        };
        let (first, last) = split_name(shown);
        let guest_hash = random_hash();
        let row = NewBooking {
            hash: &guest_hash,
            first_name: &first,
            last_name: &last,
            email: &guest.email,
            ..*booking
        };
        let guest_extras = BookingExtras {
            group_id: Some(group_id),
            location_details: location,
            source_url: &attendee.source_url,
            ip_address: ip,
            ..BookingExtras::default()
        };
        bookings::insert_full(tx.ex(), &row, &guest_extras).await?;
    }
    Ok(())
}

/// The webhooks of a confirmed booking (a pending one fires when confirmed), each with the
/// booking as it is now, and the write-back into the hosts' destination calendars (the worker
/// skips a pending booking).
async fn announce(
    tx: &mut Tx,
    ctx: &Ctx,
    event: &EventContext,
    row: &BookingRow,
) -> ServiceResult<()> {
    if row.status == "scheduled" {
        let host = event.members.iter().find(|u| u.id == row.host_user_id);
        let deliveries = integrations::delivery_items(
            &event.webhooks,
            row,
            Some(event.loaded.event()),
            host,
            "after_booking_scheduled",
        );
        outbox::enqueue_all(tx.ex(), &deliveries).await?;
    }
    crate::service::calendars::write_back::queue(tx.ex(), row, ctx.clock.now()).await?;
    Ok(())
}

/// The guests as the answer shows them.
fn guests_of(attendee: &Attendee) -> Vec<BookingGuest> {
    attendee
        .guests
        .iter()
        .map(|g| BookingGuest {
            name: g.name.clone(),
            email: g.email.clone(),
        })
        .collect()
}

/// `{message, booking}`: the full booking for a host of the event, the attendee's view for
/// everyone else.
fn answer(
    ctx: &Ctx,
    event: &EventContext,
    attendee: &Attendee,
    row: &BookingRow,
    caller: Option<&Caller>,
    draft: &Draft,
) -> BookingAnswer {
    let loaded = &event.loaded;
    let host = event.members.iter().find(|u| u.id == draft.host_id);
    let view = BookingContext {
        event_title: &loaded.event().title,
        event_slug: &loaded.event().slug,
        color_schema: &loaded.event().color_schema,
        calendar_title: &loaded.row.cal_title,
        calendar_slug: &loaded.row.cal_slug,
        host_name: &host.map_or_else(|| "Unknown".into(), UserRow::full_name),
        host_email: &host.map(|h| h.email.clone()).unwrap_or_default(),
        custom_fields: attendee.custom.clone(),
        additional_guests: guests_of(attendee),
        plain_timestamps: true,
    };
    let booking = booking_view(ctx, row, &view);
    let is_host = caller.is_some_and(|c| loaded.is_managed_by(c));
    BookingAnswer {
        message: "Booking has been created".into(),
        booking: if is_host {
            booking
        } else {
            booking.for_attendee()
        },
    }
}
