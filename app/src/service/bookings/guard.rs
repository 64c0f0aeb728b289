//! The write-time guard (DESIGN 4): every rule the slot list applies, run again for one start
//! inside the transaction that writes, after the event's hosts are locked. Create, reschedule
//! and confirm all pass through [`recheck_slot`], so a time is booked once (or up to a group's
//! seats), also with several server processes on one PostgreSQL.

use serde_json::json;

use crate::domain::slots::local::{LocalDay, local_of};
use crate::domain::slots::{Reason, Rules, Slot, Verdict};
use crate::domain::values::EventType;
use crate::service::slots::{LoadedEvent, busy_inputs_at, load_event, schedule_rows};
use crate::service::{ServiceError, ServiceResult};
use crate::store::availability_schedules::ScheduleRow;
use crate::store::bookings::{self, BookingRow};
use crate::store::{StoreError, Tx};

/// The message of a time that is not (or no longer) offered.
pub const SLOT_TAKEN: &str = "This selected time slot is not available. Maybe someone booked the spot just a few seconds ago.";

/// 409 `slot_unavailable` with the engine's reasons.
pub fn slot_unavailable(reasons: &[Reason]) -> ServiceError {
    ServiceError::SlotUnavailable {
        message: SLOT_TAKEN.into(),
        reasons: reasons.iter().map(|r| json!(r)).collect(),
    }
}

/// What a booking write asks of the engine: one start of one event, for one host (round
/// robin) or all, with the booking being moved or confirmed not counting as busy.
pub struct Recheck<'a> {
    pub loaded: &'a LoadedEvent,
    pub rules: &'a Rules,
    /// The hosts' schedules (not booking state: the caller may read them before the lock).
    pub schedules: &'a [ScheduleRow],
    pub only_host: Option<i64>,
    pub start: i64,
    /// What does not count as busy: the booking being moved or confirmed, or (as minus its
    /// id) the hold of the attendee whose create this is.
    pub excluded: Option<i64>,
    pub now: i64,
}

/// Locks the event's hosts for the rest of the transaction (writers of the same hosts wait),
/// then judges the start with every rule the slot list applies, against everything committed
/// before the lock was granted.
#[tracing::instrument(skip_all, fields(event_id = check.loaded.event().id, start = check.start))]
pub async fn recheck_slot(tx: &mut Tx, check: Recheck<'_>) -> ServiceResult<Verdict> {
    bookings::lock_hosts(tx.ex(), &check.loaded.host_ids()).await?;
    let inputs = busy_inputs_at(
        tx.ex(),
        check.loaded,
        check.rules,
        check.schedules,
        check.only_host,
        check.start,
        check.excluded,
    )
    .await?;
    Ok(crate::domain::slots::Engine::new(check.rules, &inputs, check.now).evaluate(check.start))
}

/// [`recheck_slot`] for an attendee's choice: the offered slot, or 409 `slot_unavailable`
/// with the reasons.
pub async fn offered_slot(tx: &mut Tx, check: Recheck<'_>) -> ServiceResult<Slot> {
    let verdict = recheck_slot(tx, check).await?;
    verdict
        .slot
        .filter(|_| verdict.offered)
        .ok_or_else(|| slot_unavailable(&verdict.reasons))
}

/// Confirming a pending booking re-runs the slot rules for its time, with the booking itself
/// not counting as busy. Minimum notice and the booking window guard attendees' choices, so a
/// host may still confirm late; hours, overlaps, capacity and limits must still hold. Only an
/// event that no longer exists skips the check; any other failure refuses the confirmation.
pub async fn check_confirmable(tx: &mut Tx, booking: &BookingRow) -> ServiceResult<()> {
    let loaded = match load_event(tx.ex(), booking.event_id).await {
        Ok(loaded) => loaded,
        Err(ServiceError::NotFound | ServiceError::Store(StoreError::NotFound)) => return Ok(()),
        Err(e) => return Err(e),
    };
    let rows = schedule_rows(tx.ex(), &loaded).await?;
    let rules = loaded.rules(booking.slot_minutes);
    let round_robin = loaded.event().kind() == EventType::RoundRobin;
    let verdict = recheck_slot(
        tx,
        Recheck {
            loaded: &loaded,
            rules: &rules,
            schedules: &rows,
            only_host: round_robin.then_some(booking.host_user_id),
            start: booking.start_time,
            excluded: Some(booking.id),
            now: chrono::Utc::now().timestamp(),
        },
    )
    .await?;
    let blocking: Vec<Reason> = verdict
        .reasons
        .into_iter()
        .filter(|r| !matches!(r, Reason::Notice | Reason::OutsideWindow))
        .collect();
    if blocking.is_empty() {
        Ok(())
    } else {
        Err(slot_unavailable(&blocking))
    }
}

/// Round robin: the requested member if free, else the free member with the fewest bookings of
/// this event on that day (ties to the lowest id), a free stand-in for an away member first.
pub async fn pick_round_robin_host(
    tx: &mut Tx,
    loaded: &LoadedEvent,
    free: &[i64],
    chosen: Option<i64>,
    start: i64,
) -> ServiceResult<i64> {
    if let Some(h) = chosen {
        return if free.contains(&h) {
            Ok(h)
        } else {
            Err(slot_unavailable(&[Reason::HostBusy]))
        };
    }
    let (date, _) = local_of(loaded.host_zone, start);
    let day = LocalDay::new(loaded.host_zone, date);
    let counts =
        bookings::count_per_host(tx.ex(), loaded.event().id, day.start(), day.end()).await?;
    let load = |h: i64| {
        counts
            .iter()
            .find(|(id, _)| *id == h)
            .map_or(0, |(_, n)| *n)
    };
    // A member away that day hands its turn to its teammate, when the teammate is free.
    let stand_ins = loaded.stand_ins(start, free);
    let pool = if stand_ins.is_empty() {
        free
    } else {
        &stand_ins
    };
    pool.iter()
        .copied()
        .min_by_key(|h| (load(*h), *h))
        .ok_or_else(|| slot_unavailable(&[Reason::HostBusy]))
}
