//! Attendee self-service by the booking's secret hash: cancel and reschedule. A reschedule
//! moves the booking only to a time the engine offers (the booking itself not counting as busy),
//! checked inside the same host-serialised transaction as a create.

use super::notify::{self, Change as EmailChange};
use chrono::NaiveDateTime;
use serde_json::{Value, json};

use super::guard::{Recheck, SLOT_TAKEN, offered_slot};
use super::host_actions::view;
use super::views::utc_text;
use crate::domain::slots::local::exact_instant;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::EventType;
use crate::domain::values::TimeZoneId;
use crate::domain::zone::parse_zone;
use crate::model::booking::BookingAnswer;
use crate::model::event::ConditionalRule;
use crate::service::events::booking_fields::effective_fields;
use crate::service::slots::{LoadedEvent, load_event, schedule_rows};
use crate::service::support::input::Fields;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::bookings::{self, BookingRow, NewActivity};
use crate::store::{Ex, Tx, booking_fields, booking_list};

/// `POST /bookings/{hash}/cancel`'s body, read once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CancelBooking {
    /// Trimmed; whether it may be empty is the event's form's to say.
    pub reason: String,
}

impl CancelBooking {
    /// Reads `{cancellation_reason}`.
    pub fn parse(body: &Value) -> ServiceResult<CancelBooking> {
        let mut errors = FieldErrors::new();
        let reason = Fields::new(Some(body), "")
            .str("cancellation_reason", &mut errors)
            .unwrap_or_default();
        errors.into_result().map_err(ServiceError::invalid)?;
        Ok(CancelBooking::new(&reason))
    }

    pub fn new(reason: &str) -> CancelBooking {
        CancelBooking {
            reason: reason.trim().to_string(),
        }
    }
}

/// `POST /bookings/{hash}/reschedule`'s body, read once.
#[derive(Debug, Clone, PartialEq)]
pub struct RescheduleBooking {
    /// The new start as a wall-clock time in `zone`.
    pub event_time: NaiveDateTime,
    /// `None`: the booking's own zone.
    pub zone: Option<TimeZoneId>,
    /// Trimmed; whether it may be empty is the event's form's to say.
    pub reason: String,
}

impl RescheduleBooking {
    /// Reads `{event_time, timezone, rescheduling_reason}`.
    pub fn parse(body: &Value) -> ServiceResult<RescheduleBooking> {
        let mut errors = FieldErrors::new();
        let f = Fields::new(Some(body), "");
        let event_time = f.str("event_time", &mut errors).unwrap_or_default();
        let zone = f.str("timezone", &mut errors).unwrap_or_default();
        let reason = f
            .str("rescheduling_reason", &mut errors)
            .unwrap_or_default();
        RescheduleBooking::read(&event_time, &zone, &reason, errors)
    }

    /// From the texts a page's form posts: `event_time` as `YYYY-MM-DD HH:mm:ss`, an empty
    /// zone for the booking's own; the same errors as [`RescheduleBooking::parse`].
    pub fn from_texts(
        event_time: &str,
        zone: &str,
        reason: &str,
    ) -> ServiceResult<RescheduleBooking> {
        RescheduleBooking::read(event_time, zone, reason, FieldErrors::new())
    }

    fn read(
        event_time: &str,
        zone: &str,
        reason: &str,
        mut errors: FieldErrors,
    ) -> ServiceResult<RescheduleBooking> {
        let local = super::form::local_event_time(event_time, &mut errors);
        let zone = if zone.trim().is_empty() {
            None
        } else {
            let parsed = TimeZoneId::parse(zone);
            if parsed.is_none() {
                errors.add(
                    "timezone",
                    "timezone",
                    "The timezone must be a valid IANA time zone",
                );
            }
            parsed
        };
        errors.into_result().map_err(ServiceError::invalid)?;
        let event_time = local.ok_or_else(|| {
            ServiceError::field("event_time", "date_format", super::form::EVENT_TIME_FORMAT)
        })?;
        Ok(RescheduleBooking {
            event_time,
            zone,
            reason: reason.trim().to_string(),
        })
    }
}

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
                "Sorry! you can not cancel this",
            ),
            Change::Reschedule => (
                &loaded.settings.can_not_reschedule,
                "reschedule_not_allowed",
                "Sorry! you can not reschedule this",
            ),
        }
    }
}

/// The booking behind `hash` and its event, once the booking may still take `change`: it is
/// scheduled or pending, has not started, and the event's rule allows it now.
async fn open_for(
    tx: &mut crate::store::Tx,
    hash: &str,
    now: i64,
    change: Change,
) -> ServiceResult<(BookingRow, LoadedEvent)> {
    let booking = by_hash(tx.ex(), hash).await?;
    let loaded = load_event(tx.ex(), booking.event_id).await?;
    check_open(&booking, &loaded, now, change)?;
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
    ex: Ex<'_>,
    loaded: &LoadedEvent,
    caller: Option<&Caller>,
    id: i64,
    message: &str,
) -> ServiceResult<BookingAnswer> {
    let row = booking_list::find(ex, id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let booking = view(ctx, &row, &[]);
    Ok(BookingAnswer {
        message: message.to_string(),
        booking: if caller.is_some_and(|c| loaded.is_managed_by(c)) {
            booking
        } else {
            booking.for_attendee()
        },
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
    let (booking, loaded) = open_for(&mut tx, hash, now, Change::Cancel).await?;
    let why = command.reason.clone();
    check_reason(
        tx.ex(),
        &loaded,
        "cancellation_reason",
        &why,
        "Please provide a reason for cancellation",
    )
    .await?;
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
    let description = if why.is_empty() {
        "Cancelled by the attendee.".to_string()
    } else {
        format!("Cancelled by the attendee. Reason: {why}")
    };
    let by_host = caller.is_some_and(|c| loaded.is_managed_by(c));
    let tail = Tail {
        title: "Booking cancelled",
        description,
        change: EmailChange::Cancelled { by_host },
        start: booking.start_time,
        trigger: "booking_schedule_cancelled",
        message: "The booking has been cancelled",
    };
    finish(ctx, tx, &loaded, caller, &booking, tail).await
}

/// What a change by hash records and announces once its row is changed.
struct Tail {
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
) -> ServiceResult<BookingAnswer> {
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
    notify::queue(
        tx.ex(),
        booking.event_id,
        &ids,
        tail.start,
        tail.change,
        now,
    )
    .await?;
    let webhook_rows = [(booking.id, booking.event_id)];
    crate::service::events::integrations::enqueue_webhooks(tx.ex(), &webhook_rows, tail.trigger)
        .await?;
    crate::service::calendars::write_back::queue_for(tx.ex(), &ids, now).await?;
    let body = answer(ctx, tx.ex(), loaded, caller, booking.id, tail.message).await?;
    tx.commit().await?;
    Ok(body)
}

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
#[tracing::instrument(skip_all)]
pub async fn reschedule(
    ctx: &Ctx,
    hash: &str,
    command: &RescheduleBooking,
    caller: Option<&Caller>,
) -> ServiceResult<BookingAnswer> {
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
    let (booking, loaded) = open_for(&mut tx, hash, now, Change::Reschedule).await?;
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
        title: "Meeting Rescheduled",
        description,
        change: EmailChange::Rescheduled {
            by_host: by == "host",
        },
        start,
        trigger: "after_booking_rescheduled",
        message: "Booking has been rescheduled",
    };
    finish(ctx, tx, &loaded, caller, &booking, tail).await
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

#[cfg(test)]
mod tests {
    use super::super::form::EVENT_TIME_FORMAT;
    use super::*;

    fn refused_fields(result: ServiceResult<RescheduleBooking>) -> Vec<(String, String)> {
        match result {
            Err(ServiceError::Validation { errors, .. }) => errors
                .messages()
                .map(|(field, text)| (field.to_string(), text.to_string()))
                .collect(),
            other => panic!("expected a validation error, got {other:?}"),
        }
    }

    #[test]
    fn a_reschedule_body_becomes_its_command() {
        let command = RescheduleBooking::parse(&json!({
            "event_time": "2026-03-29 02:30:00",
            "timezone": " Europe/Berlin ",
            "rescheduling_reason": "  clash  ",
        }));
        let Ok(command) = command else {
            panic!("a valid body was refused: {command:?}");
        };
        assert_eq!(command.event_time.to_string(), "2026-03-29 02:30:00");
        assert_eq!(
            command.zone.as_ref().map(TimeZoneId::as_str),
            Some("Europe/Berlin")
        );
        assert_eq!(command.reason, "clash");
        // No zone: the booking's own.
        let own = RescheduleBooking::parse(&json!({"event_time": "2026-03-30 09:00:00"}));
        assert!(own.is_ok_and(|c| c.zone.is_none() && c.reason.is_empty()));
    }

    #[test]
    fn a_bad_reschedule_body_names_each_field_with_the_known_words() {
        let fields = refused_fields(RescheduleBooking::parse(&json!({
            "event_time": "next tuesday",
            "timezone": "Mars/Olympus",
        })));
        assert_eq!(
            fields,
            vec![
                ("event_time".to_string(), EVENT_TIME_FORMAT.to_string()),
                (
                    "timezone".to_string(),
                    "The timezone must be a valid IANA time zone".to_string()
                ),
            ]
        );
        let fields = refused_fields(RescheduleBooking::parse(&json!({})));
        assert_eq!(fields[0].1, "Please select a date and time");
        // A list where text belongs is refused as such, not as a missing time.
        let fields = refused_fields(RescheduleBooking::parse(&json!({"event_time": [5]})));
        assert_eq!(fields.len(), 1);
        assert_ne!(fields[0].1, "Please select a date and time");
        // A page's texts meet the same rules.
        let fields = refused_fields(RescheduleBooking::from_texts("2026-03-30", "", ""));
        assert_eq!(fields[0].1, EVENT_TIME_FORMAT);
    }

    #[test]
    fn a_cancel_body_keeps_its_reason_trimmed_and_refuses_a_list() {
        let command = CancelBooking::parse(&json!({"cancellation_reason": " ill "}));
        assert_eq!(command.ok().map(|c| c.reason), Some("ill".to_string()));
        let none = CancelBooking::parse(&json!({}));
        assert_eq!(none.ok(), Some(CancelBooking::default()));
        assert!(matches!(
            CancelBooking::parse(&json!({"cancellation_reason": ["ill"]})),
            Err(ServiceError::Validation { .. })
        ));
    }
}
