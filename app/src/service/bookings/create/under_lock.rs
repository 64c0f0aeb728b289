//! The steps of a create inside the hosts' lock: pass the guard and place the booking (host,
//! group, seats), write it with its hosts, guests, answers, activity and outbox rows, and
//! build the answer.

use super::{Charge, CreateRequest, Draft, EventContext, HostChoices};
use crate::domain::slots::Reason;
use crate::domain::values::{BookingStatus, EventType};
use crate::model::booking::{BookingAnswer, BookingGuest};
use crate::service::bookings::form::{Attendee, split_name};
use crate::service::bookings::guard::{
    Recheck, offered_slot, pick_round_robin_host, slot_unavailable,
};
use crate::service::bookings::notify::{self, Change};
use crate::service::bookings::views::{BookingContext, booking_view, utc_text};
use crate::service::events::integrations;
use crate::service::events::payments;
use crate::service::{Caller, Ctx, ServiceResult, outbox, random_hash};
use crate::store::bookings::{self, BookingExtras, BookingRow, NewActivity, NewBooking};
use crate::store::users::UserRow;
use crate::store::{StoreError, Tx};

/// Under the hosts' lock: the guard for the time, the seats a group booking needs, and who
/// hosts it (round robin picks a free member; collective events attach every member).
pub(super) async fn place(
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
            // The attendee's own hold does not keep them from the time it holds.
            excluded: choices.own_hold.map(|hold| -hold),
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
        video_url: crate::service::bookings::policies::new_video_url(loaded),
        series: None,
        reserved_id: None,
    })
}

/// Writes the booking with its hosts, activity, messages, order, answers and guests, and
/// queues its webhooks and calendar write-back. Answers the row as written (built from what
/// was written, without reading it back under the lock).
pub(super) async fn write(
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
        language: attendee.language.code(),
    };
    let extras = BookingExtras {
        group_id: draft.group_id,
        phone: &attendee.phone,
        location_details: &location,
        source_url: &attendee.source_url,
        person_user_id: None,
        ip_address: req.ip,
        other_hosts: &draft.other_hosts,
        video_url: draft.video_url.as_deref(),
        series: draft.series.map(|p| (p.id, p.index, p.count)),
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
        reserved_id: draft.reserved_id,
    };
    // A series sends one confirmation (its first occurrence's, listing every date); each
    // occurrence keeps its own reminders.
    let later_occurrence = draft.series.is_some_and(|p| p.index > 1);
    let (id, person_user_id) = bookings::insert_new(tx.ex(), write, |id| {
        notify::plan(notifications, change, id, start, now)
            .iter()
            .filter(|o| !later_occurrence || o.is_reminder())
            .map(outbox::Outgoing::item)
            .collect()
    })
    .await?;
    if let Some((lines, method)) = &draft.charge {
        let currency = &loaded.general.payments.currency;
        payments::create_order(tx.ex(), id, lines, currency, *method).await?;
    }
    let group_id = draft.group_id.unwrap_or(id);
    if let Some(consent) = &attendee.privacy_consent {
        let stored = serde_json::to_string(consent).map_err(StoreError::from)?;
        bookings::add_meta(tx.ex(), id, "privacy_consent", &stored).await?;
    }
    if !attendee.custom.is_empty() {
        let answers = serde_json::to_string(&attendee.custom).map_err(StoreError::from)?;
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
        series_id: draft.series.map(|p| p.id.unwrap_or(id)),
        series_index: draft.series.map(|p| p.index),
        series_count: draft.series.map(|p| p.count),
        video_url: draft.video_url.clone(),
        erased_at: None,
        language: attendee.language.code().to_string(),
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
pub(super) fn answer(
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
        custom_fields: attendee
            .custom
            .iter()
            .map(|(key, answer)| (key.clone(), serde_json::json!(answer)))
            .collect(),
        additional_guests: guests_of(attendee),
        privacy_consent: attendee.privacy_consent.clone(),
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
        series: None,
    }
}
