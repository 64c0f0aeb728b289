//! Attendee self-service by the booking's secret hash: cancel and reschedule. A reschedule
//! moves the booking only to a time the engine offers (the booking itself not counting as busy),
//! checked inside the same host-serialised transaction as a create.

use crate::service::bookings::confirmations::{Ending, end};
use serde_json::json;

use super::host_actions::view;
use super::notify::{self, Change as EmailChange};
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::model::booking::BookingAnswer;
use crate::model::event::ConditionalRule;
use crate::service::events::booking_fields::effective_fields;
use crate::service::slots::{LoadedEvent, load_event};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::bookings::{self, BookingRow, NewActivity};
use crate::store::{Ex, Tx, booking_fields, booking_list};

mod commands;
mod reschedule;

pub use commands::{CancelBooking, CancelScope, RescheduleBooking};
pub use reschedule::{reschedule, reschedule_ending};

/// Whether a rule such as `can_not_cancel` forbids acting on a booking starting at `start`.
fn forbidden_by(rule: &ConditionalRule, start: i64, now: i64) -> bool {
    if !rule.enabled {
        return false;
    }
    if rule.rule_type != "conditional" {
        return true;
    }
    let unit = match rule.condition.unit.as_str() {
        "hours" => 3600,
        "days" => 86_400,
        _ => 60,
    };
    start - now <= rule.condition.value * unit
}

/// The booking behind a hash (hashes are 32 hex characters; anything else is not found).
async fn by_hash(ex: Ex<'_>, hash: &str) -> ServiceResult<BookingRow> {
    if hash.len() != 32 || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(ServiceError::NotFound);
    }
    bookings::find_by_hash(ex, hash)
        .await?
        .ok_or(ServiceError::NotFound)
}

/// Checks the attendee may still change the booking.
fn check_changeable(b: &BookingRow, now: i64, what: &str) -> ServiceResult<()> {
    if !matches!(b.status.as_str(), "scheduled" | "pending") {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: format!("A {} booking can not be {what}.", b.status),
        });
    }
    if b.start_time <= now {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: format!("This booking has already started and can not be {what}."),
        });
    }
    Ok(())
}

/// What an attendee asks to do with a booking.
#[derive(Clone, Copy)]
enum Change {
    Cancel,
    Reschedule,
}

impl Change {
    fn past_participle(self) -> &'static str {
        match self {
            Change::Cancel => "cancelled",
            Change::Reschedule => "rescheduled",
        }
    }

    /// The event's rule against it, its refusal code and default message.
    fn rule(self, loaded: &LoadedEvent) -> (&ConditionalRule, &'static str, &'static str) {
        match self {
            Change::Cancel => (
                &loaded.settings.can_not_cancel,
                "cancel_not_allowed",
                crate::model::event::CANNOT_CANCEL,
            ),
            Change::Reschedule => (
                &loaded.settings.can_not_reschedule,
                "reschedule_not_allowed",
                crate::model::event::CANNOT_RESCHEDULE,
            ),
        }
    }
}

/// The booking behind `hash` and its event, once the booking may still take `change`: it is
/// scheduled or pending, has not started, and the event's rule allows it now. The notice
/// rules bind attendees only: a host of the event with credentials is never bound by them.
async fn open_for(
    tx: &mut crate::store::Tx,
    hash: &str,
    now: i64,
    change: Change,
    caller: Option<&Caller>,
) -> ServiceResult<(BookingRow, LoadedEvent)> {
    let booking = by_hash(tx.ex(), hash).await?;
    let loaded = load_event(tx.ex(), booking.event_id).await?;
    if caller.is_some_and(|c| loaded.is_managed_by(c)) {
        check_changeable(&booking, now, change.past_participle())?;
    } else {
        check_open(&booking, &loaded, now, change)?;
    }
    Ok((booking, loaded))
}

/// Refuses a change the booking's state or the event's rule does not allow now.
fn check_open(
    booking: &BookingRow,
    loaded: &LoadedEvent,
    now: i64,
    change: Change,
) -> ServiceResult<()> {
    check_changeable(booking, now, change.past_participle())?;
    let (rule, code, default) = change.rule(loaded);
    if forbidden_by(rule, booking.start_time, now) {
        let message = rule.message.clone().unwrap_or_else(|| default.into());
        return Err(ServiceError::Conflict { code, message });
    }
    Ok(())
}

/// Whether the attendee may cancel `booking` now (the pages offer "Cancel" only then).
pub fn may_cancel(booking: &BookingRow, loaded: &LoadedEvent, now: i64) -> ServiceResult<()> {
    check_open(booking, loaded, now, Change::Cancel)
}

/// Whether the attendee may reschedule `booking` now.
pub fn may_reschedule(booking: &BookingRow, loaded: &LoadedEvent, now: i64) -> ServiceResult<()> {
    check_open(booking, loaded, now, Change::Reschedule)
}

/// The booking behind a public hash with its event (404 for an unknown or malformed hash).
pub async fn find_with_event(ctx: &Ctx, hash: &str) -> ServiceResult<(BookingRow, LoadedEvent)> {
    let mut conn = ctx.store.conn().await?;
    let booking = by_hash(conn.ex(), hash).await?;
    let loaded = load_event(conn.ex(), booking.event_id).await?;
    Ok((booking, loaded))
}

/// The rules of a reason: at most 2,000 characters, and given when the event's form requires it.
async fn check_reason(
    ex: Ex<'_>,
    loaded: &LoadedEvent,
    field: &str,
    text: &str,
    message: &str,
) -> ServiceResult<()> {
    let mut errors = FieldErrors::new();
    check_max_len(&mut errors, field, Some(text), 2000);
    let fields = effective_fields(
        loaded.event(),
        booking_fields::list(ex, loaded.event().id).await?,
    );
    if text.is_empty()
        && fields
            .iter()
            .any(|f| f.name == field && f.enabled && f.required)
        && !errors.contains(field)
    {
        errors.add(field, "required", message);
    }
    errors.into_result().map_err(ServiceError::invalid)
}

/// The answer of a change by hash: the full booking for a caller who manages the event, the
/// attendee's view for everyone else.
async fn answer(
    ctx: &Ctx,
    mut ex: Ex<'_>,
    loaded: &LoadedEvent,
    caller: Option<&Caller>,
    id: i64,
    message: &str,
) -> ServiceResult<BookingAnswer> {
    let row = booking_list::find(crate::store::reborrow(&mut ex), id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let is_host = caller.is_some_and(|c| loaded.is_managed_by(c));
    let shown = |b: crate::model::booking::Booking| if is_host { b } else { b.for_attendee() };
    let series = match row.booking.series_id {
        Some(series_id) => Some(
            booking_list::series_rows(ex, series_id)
                .await?
                .iter()
                .map(|r| shown(view(ctx, r, &[])))
                .collect(),
        ),
        None => None,
    };
    Ok(BookingAnswer {
        message: message.to_string(),
        booking: shown(view(ctx, &row, &[])),
        series,
    })
}

/// `POST /bookings/{hash}/cancel`.
#[tracing::instrument(skip_all)]
pub async fn cancel(
    ctx: &Ctx,
    hash: &str,
    command: &CancelBooking,
    caller: Option<&Caller>,
) -> ServiceResult<BookingAnswer> {
    let now = chrono::Utc::now().timestamp();
    let mut tx = ctx.store.begin().await?;
    let (booking, loaded) = open_for(&mut tx, hash, now, Change::Cancel, caller).await?;
    let why = command.reason.clone();
    check_reason(
        tx.ex(),
        &loaded,
        "cancellation_reason",
        &why,
        "Please provide a reason for cancellation",
    )
    .await?;
    cancel_row(&mut tx, &booking, caller, &why).await?;
    // `following`: every later occurrence of the series that is still open goes too.
    let later = if command.scope == CancelScope::Following {
        later_in_series(&mut tx, &booking).await?
    } else {
        Vec::new()
    };
    for other in &later {
        cancel_row(&mut tx, other, caller, &why).await?;
    }
    let description = if why.is_empty() {
        "Cancelled by the attendee.".to_string()
    } else {
        format!("Cancelled by the attendee. Reason: {why}")
    };
    let by_host = caller.is_some_and(|c| loaded.is_managed_by(c));
    let tail = Tail {
        booking_id: booking.id,
        title: "Booking cancelled",
        description,
        change: EmailChange::Cancelled { by_host },
        start: booking.start_time,
        trigger: "booking_schedule_cancelled",
        message: "The booking has been cancelled",
    };
    for other in &later {
        record(ctx, &mut tx, caller, other, &tail).await?;
    }
    let ending = (&Ending::Commit, &serde_json::Value::Null);
    finish(ctx, tx, &loaded, caller, &booking, tail, ending).await
}

/// Cancels a booking that has not ended before its attendee's data is erased (DESIGN 2.11), as
/// an attendee's cancel: the host is told, webhooks and the write-back follow, the freed time
/// goes to the waitlist. In the erasure's transaction.
pub(crate) async fn cancel_for_erasure(
    ctx: &Ctx,
    tx: &mut Tx,
    booking: &BookingRow,
) -> ServiceResult<()> {
    cancel_row(tx, booking, None, "").await?;
    let tail = Tail {
        booking_id: booking.id,
        title: "Booking cancelled",
        description: "Cancelled: the attendee's data was erased.".into(),
        change: EmailChange::Cancelled { by_host: false },
        start: booking.start_time,
        trigger: "booking_schedule_cancelled",
        message: "The booking has been cancelled",
    };
    record(ctx, tx, None, booking, &tail).await
}

/// One booking's cancellation by the attendee's link: its status (only from what was read,
/// so a concurrent change is refused) and the reason.
async fn cancel_row(
    tx: &mut Tx,
    booking: &BookingRow,
    caller: Option<&Caller>,
    why: &str,
) -> ServiceResult<()> {
    if booking_list::swap_status(
        tx.ex(),
        &[booking.id],
        &booking.status,
        "cancelled",
        caller.map(Caller::id),
    )
    .await?
        == 0
    {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: "The booking changed meanwhile; reload it.".into(),
        });
    }
    bookings::add_meta(
        tx.ex(),
        booking.id,
        "cancel_reason",
        &json!(why).to_string(),
    )
    .await?;
    bookings::add_meta(tx.ex(), booking.id, "cancelled_by_type", "\"guest\"").await?;
    Ok(())
}

/// The occurrences of `booking`'s series after it that are still scheduled or pending.
pub(crate) async fn later_in_series(
    tx: &mut Tx,
    booking: &BookingRow,
) -> ServiceResult<Vec<BookingRow>> {
    let Some(series) = booking.series_id else {
        return Ok(Vec::new());
    };
    Ok(bookings::of_series(tx.ex(), series)
        .await?
        .into_iter()
        .filter(|b| b.start_time > booking.start_time)
        .filter(|b| matches!(b.status.as_str(), "scheduled" | "pending"))
        .collect())
}

/// What a change by hash records and announces once its row is changed.
struct Tail {
    /// The booking the change was asked for (others are later occurrences of its series).
    booking_id: i64,
    title: &'static str,
    description: String,
    change: EmailChange,
    /// The booking's start after the change (reminders are due before it).
    start: i64,
    /// The webhook trigger.
    trigger: &'static str,
    message: &'static str,
}

/// The shared end of cancel and reschedule: the activity, the messages (unsent reminders
/// replaced), the webhooks and the calendar write-back, all in the change's transaction;
/// then the answer and the commit.
async fn finish(
    ctx: &Ctx,
    mut tx: Tx,
    loaded: &LoadedEvent,
    caller: Option<&Caller>,
    booking: &BookingRow,
    tail: Tail,
    (ending, state): (&Ending, &serde_json::Value),
) -> ServiceResult<BookingAnswer> {
    record(ctx, &mut tx, caller, booking, &tail).await?;
    let body = answer(ctx, tx.ex(), loaded, caller, booking.id, tail.message).await?;
    if !end(tx, ending, state, ctx.clock.now()).await? {
        return Ok(body);
    }
    // The time left may reopen an earlier month of the booking page.
    ctx.slot_cache.forget_first_months();
    Ok(body)
}

/// One changed booking's activity, messages (unsent reminders replaced), webhooks and
/// calendar write-back, in the change's transaction.
async fn record(
    ctx: &Ctx,
    tx: &mut Tx,
    caller: Option<&Caller>,
    booking: &BookingRow,
    tail: &Tail,
) -> ServiceResult<()> {
    bookings::add_activity(
        tx.ex(),
        &NewActivity {
            booking_id: booking.id,
            created_by: caller.map(Caller::id),
            status: "closed",
            kind: "info",
            title: tail.title,
            description: &tail.description,
        },
    )
    .await?;
    let ids = [booking.id];
    let now = ctx.clock.now();
    let start = if booking.id == tail.booking_id {
        tail.start
    } else {
        booking.start_time
    };
    notify::queue(tx.ex(), booking.event_id, &ids, start, tail.change, now).await?;
    // Cancelled, or moved away from: its old time may be someone's on the waitlist now.
    crate::service::waitlist::pass_on_freed(tx, ctx, (booking.start_time, booking.end_time), now)
        .await?;
    let webhook_rows = [(booking.id, booking.event_id)];
    crate::service::events::integrations::enqueue_webhooks(tx.ex(), &webhook_rows, tail.trigger)
        .await?;
    crate::service::calendars::write_back::queue_for(tx.ex(), &ids, now).await?;
    Ok(())
}
