//! `POST /bookings/{hash}/reschedule`: the booking moves only to a time the engine offers
//! (itself not counting as busy), checked in the host-serialised transaction of a create.

use super::{Change, RescheduleBooking, Tail, by_hash, check_reason, finish, open_for};
use crate::service::bookings::confirmations::{Ending, booking_state};
use crate::service::bookings::notify::Change as EmailChange;
use serde_json::json;

use crate::domain::slots::local::exact_instant;
use crate::domain::values::EventType;
use crate::domain::zone::parse_zone;
use crate::model::booking::BookingAnswer;
use crate::service::bookings::guard::{Recheck, SLOT_TAKEN, offered_slot};
use crate::service::bookings::views::utc_text;
use crate::service::slots::{LoadedEvent, schedule_rows};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::bookings::{self, BookingRow};
use crate::store::{Ex, Tx};

/// Who hosts the moved booking and which group it joins: round robin keeps the host when it
/// is free at the new time, else takes a free member; a group booking joins the slot's group.
async fn new_host_and_group(
    tx: &mut Tx,
    loaded: &LoadedEvent,
    booking: &BookingRow,
    slot: &crate::domain::slots::Slot,
    start: i64,
) -> ServiceResult<(i64, i64)> {
    let host = if loaded.event().kind() == EventType::RoundRobin
        && !slot.hosts.contains(&booking.host_user_id)
    {
        slot.hosts
            .iter()
            .copied()
            .min()
            .unwrap_or(booking.host_user_id)
    } else {
        booking.host_user_id
    };
    let group = if loaded.event().kind().is_group() {
        bookings::group_at(tx.ex(), booking.event_id, start)
            .await?
            .unwrap_or(booking.id)
    } else {
        booking.id
    };
    Ok((host, group))
}

/// `POST /bookings/{hash}/reschedule`: `{event_time, timezone, rescheduling_reason}`.
pub async fn reschedule(
    ctx: &Ctx,
    hash: &str,
    command: &RescheduleBooking,
    caller: Option<&Caller>,
) -> ServiceResult<BookingAnswer> {
    reschedule_ending(ctx, hash, command, caller, &Ending::Commit)
        .await
        .map(|(answer, _)| answer)
}

/// [`reschedule`], ended as `ending` says (an MCP preview rolls it back, a confirm spends its
/// token); answers the booking and `{before, after}`.
#[tracing::instrument(skip_all)]
pub async fn reschedule_ending(
    ctx: &Ctx,
    hash: &str,
    command: &RescheduleBooking,
    caller: Option<&Caller>,
    ending: &Ending,
) -> ServiceResult<(BookingAnswer, serde_json::Value)> {
    let now = chrono::Utc::now().timestamp();
    // The hosts' external calendars are read afresh before the transaction.
    let event = {
        let mut conn = ctx.store.conn().await?;
        by_hash(conn.ex(), hash).await.ok().map(|b| b.event_id)
    };
    if let Some(event_id) = event {
        crate::service::calendars::connections::refresh_event_hosts(ctx, event_id).await?;
    }

    let mut tx = ctx.store.begin().await?;
    let (booking, loaded) = open_for(&mut tx, hash, now, Change::Reschedule, caller).await?;
    let why = command.reason.clone();
    check_reason(
        tx.ex(),
        &loaded,
        "rescheduling_reason",
        &why,
        "Please provide a rescheduling reason",
    )
    .await?;
    let zone_name = command.zone.as_ref().map_or_else(
        || booking.person_time_zone.clone(),
        |z| z.as_str().to_string(),
    );
    let zone = parse_zone(&zone_name).unwrap_or(chrono_tz::UTC);
    let Some(start) = exact_instant(zone, command.event_time) else {
        return Err(ServiceError::SlotUnavailable {
            message: SLOT_TAKEN.into(),
            reasons: vec![json!("outside_hours")],
        });
    };
    if start == booking.start_time {
        return Err(ServiceError::field(
            "event_time",
            "different",
            "Sorry! you can not reschedule to the same time.",
        ));
    }
    let duration = booking.slot_minutes;
    let end = start + duration * 60;
    let rules = loaded.rules(duration);
    let rows = schedule_rows(tx.ex(), &loaded).await?;
    let slot = offered_slot(
        &mut tx,
        Recheck {
            loaded: &loaded,
            rules: &rules,
            schedules: &rows,
            only_host: None,
            start,
            excluded: Some(booking.id),
            now,
        },
    )
    .await?;
    let (host, group) = new_host_and_group(&mut tx, &loaded, &booking, &slot, start).await?;
    bookings::move_to(
        tx.ex(),
        booking.id,
        start,
        end,
        &zone_name,
        booking.host_user_id,
        host,
        group,
    )
    .await?;
    let by = if caller.is_some() { "host" } else { "guest" };
    let description = note_move(tx.ex(), &booking, &why, by).await?;
    // A group slot it left keeps its other attendees; a single booking keeps its UID.
    if booking.kind().is_group() {
        crate::service::calendars::write_back::queue(tx.ex(), &booking, ctx.clock.now()).await?;
    }
    let tail = Tail {
        booking_id: booking.id,
        title: "Meeting Rescheduled",
        description,
        change: EmailChange::Rescheduled {
            by_host: by == "host",
        },
        start,
        trigger: "after_booking_rescheduled",
        message: "Booking has been rescheduled",
    };
    let mut after = booking_state(&booking);
    after["event_id"] = json!(booking.event_id);
    after["start_time"] = json!(utc_text(start));
    after["end_time"] = json!(utc_text(end));
    let state = json!({"before": booking_state(&booking), "after": after});
    let answer = finish(ctx, tx, &loaded, caller, &booking, tail, (ending, &state)).await?;
    Ok((answer, state))
}

/// Notes the move on the booking (previous time, reason, who moved it); answers the
/// activity line that says so.
async fn note_move(
    mut ex: Ex<'_>,
    booking: &BookingRow,
    why: &str,
    by: &str,
) -> ServiceResult<String> {
    let notes = [
        ("previous_meeting_time", utc_text(booking.start_time)),
        ("reschedule_reason", why.to_string()),
        ("rescheduled_by_type", by.to_string()),
    ];
    for (key, value) in notes {
        bookings::add_meta(
            crate::store::reborrow(&mut ex),
            booking.id,
            key,
            &json!(value).to_string(),
        )
        .await?;
    }
    Ok(format!(
        "Meeting has been rescheduled by {by}. Previous date time: {} (UTC){}",
        utc_text(booking.start_time),
        if why.is_empty() {
            String::new()
        } else {
            format!(". Reason: {why}")
        }
    ))
}
