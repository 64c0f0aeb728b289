//! `PUT /schedules/{id}`: one change of a booking (or of its whole group), as an
//! [`UpdateBooking`] command (read from the body by `input::bookings`). Status changes are compare-and-swap along the allowed
//! transitions; a refused move answers 409 `invalid_transition` and changes nothing.

use serde_json::json;

use super::confirmations::{Ending, booking_state, end};
use super::host_actions::{load, site_payments};
use super::notify::{self, Change as EmailChange};
use super::views::status_text;
use crate::domain::transitions;
use crate::domain::validation::{FieldErrors, check_max_len};
use crate::domain::values::{BookingStatus, Email, PaymentStatus};
use crate::model::answer::MessageAnswer;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::Tx;
use crate::store::booking_list;
use crate::store::bookings::{self, BookingRow, NewActivity};

/// One change of a booking, for the booking alone or for every attendee of its group.
#[derive(Debug, Clone, PartialEq)]
pub struct UpdateBooking {
    pub change: BookingChange,
    pub update_all: bool,
    /// A cancel of a series member: it alone, or with every later open occurrence.
    pub scope: crate::service::bookings::self_service::CancelScope,
}

/// The columns a host may change, each with a value already checked.
#[derive(Debug, Clone, PartialEq)]
pub enum BookingChange {
    /// `reason` is required (and kept) when cancelling or rejecting, empty otherwise.
    Status {
        to: BookingStatus,
        reason: String,
        refund: bool,
    },
    PaymentStatus(PaymentStatus),
    InternalNote(String),
    Email(Email),
    Phone(String),
    FirstName(String),
    LastName(String),
}

impl BookingChange {
    /// The column's name on the wire.
    pub fn column(&self) -> &'static str {
        match self {
            BookingChange::Status { .. } => "status",
            BookingChange::PaymentStatus(_) => "payment_status",
            BookingChange::InternalNote(_) => "internal_note",
            BookingChange::Email(_) => "email",
            BookingChange::Phone(_) => "phone",
            BookingChange::FirstName(_) => "first_name",
            BookingChange::LastName(_) => "last_name",
        }
    }

    /// The new value as stored.
    pub fn value(&self) -> &str {
        match self {
            BookingChange::Status { to, .. } => to.as_str(),
            BookingChange::PaymentStatus(status) => status.as_str(),
            BookingChange::Email(email) => email.as_str(),
            BookingChange::InternalNote(text)
            | BookingChange::Phone(text)
            | BookingChange::FirstName(text)
            | BookingChange::LastName(text) => text,
        }
    }
}

/// The columns a change may name.
pub const COLUMNS: [&str; 7] = [
    "status",
    "payment_status",
    "internal_note",
    "email",
    "phone",
    "first_name",
    "last_name",
];

/// The field that carries the reason a status asks for.
pub fn reason_field(status: BookingStatus) -> Option<&'static str> {
    match status {
        BookingStatus::Cancelled => Some("cancel_reason"),
        BookingStatus::Rejected => Some("reject_reason"),
        _ => None,
    }
}

/// 404 unless the caller may change this booking: `PUT /schedules/{id}` reads its body only
/// after this, so another host's ids answer 404 whatever the body.
pub async fn check_access(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<()> {
    let mut conn = ctx.store.conn().await?;
    load(conn.ex(), caller, id).await.map(drop)
}

impl BookingChange {
    /// The rules the types do not carry: a reason to cancel or reject, the columns' lengths.
    pub fn check(&self) -> ServiceResult<()> {
        let mut errors = FieldErrors::new();
        self.check_into(&mut errors);
        errors.into_result().map_err(ServiceError::invalid)
    }

    /// [`BookingChange::check`] into a way in's own errors.
    pub fn check_into(&self, errors: &mut FieldErrors) {
        // The text rules of every way in (a desk form builds this change without a body).
        let text = match self {
            BookingChange::Status { reason, .. } => Some((reason.as_str(), false)),
            BookingChange::InternalNote(note) => Some((note.as_str(), false)),
            BookingChange::FirstName(name)
            | BookingChange::LastName(name)
            | BookingChange::Phone(name) => Some((name.as_str(), true)),
            _ => None,
        };
        if let Some((text, single_line)) = text {
            crate::domain::text::check_text("value", text, single_line, errors);
        }
        match self {
            BookingChange::Status { to, reason, .. } => {
                if let Some(key) = reason_field(*to) {
                    if reason.is_empty() && !errors.contains(key) {
                        errors.add(key, "required", format!("The {key} field is required."));
                    }
                    check_max_len(errors, key, Some(reason), 2000);
                }
            }
            BookingChange::FirstName(name) => {
                if name.is_empty() {
                    errors.add("value", "required", "The first name may not be empty.");
                }
                check_max_len(errors, "value", Some(name), 192);
            }
            BookingChange::LastName(name) => check_max_len(errors, "value", Some(name), 192),
            BookingChange::InternalNote(note) => check_max_len(errors, "value", Some(note), 5000),
            BookingChange::Phone(phone) => check_max_len(errors, "value", Some(phone), 32),
            BookingChange::PaymentStatus(_) | BookingChange::Email(_) => {}
        }
    }
}

/// Makes the change, with its activity entry, in one transaction.
pub async fn apply(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    command: &UpdateBooking,
) -> ServiceResult<MessageAnswer> {
    apply_ending(ctx, caller, id, command, &Ending::Commit)
        .await
        .map(|(answer, _)| answer)
}

/// [`apply`], ended as `ending` says (an MCP preview rolls it back, a confirm spends its
/// token); answers the message and `{before, after}` of the booking.
#[tracing::instrument(skip_all, fields(booking_id = id, user_id = caller.id(), column = command.change.column()))]
pub async fn apply_ending(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    command: &UpdateBooking,
    ending: &Ending,
) -> ServiceResult<(MessageAnswer, serde_json::Value)> {
    // A confirmation reads the hosts' external calendars afresh, before the transaction.
    if let BookingChange::Status {
        to: BookingStatus::Scheduled,
        ..
    } = command.change
    {
        let event = {
            let mut conn = ctx.store.conn().await?;
            load(conn.ex(), caller, id).await?.booking.event_id
        };
        crate::service::calendars::connections::refresh_event_hosts(ctx, event).await?;
    }
    let mut tx = ctx.store.begin().await?;
    let row = load(tx.ex(), caller, id).await?;
    command.change.check()?;
    let b = &row.booking;
    let mut targets = if command.update_all {
        booking_list::group_ids(tx.ex(), b.group_id.unwrap_or(b.id)).await?
    } else {
        vec![b.id]
    };
    let cancels = matches!(
        command.change,
        BookingChange::Status {
            to: BookingStatus::Cancelled,
            ..
        }
    );
    if cancels && command.scope == crate::service::bookings::self_service::CancelScope::Following {
        let later = crate::service::bookings::self_service::later_in_series(&mut tx, b).await?;
        targets.extend(later.iter().filter(|o| o.status == b.status).map(|o| o.id));
    }
    let (title, description) = match &command.change {
        BookingChange::Status { to, reason, refund } => {
            let status = StatusChange {
                to: *to,
                reason,
                refund: *refund,
            };
            change_status(ctx, &mut tx, caller, b, &targets, &status).await?
        }
        other => change_column(&mut tx, caller, &targets, other).await?,
    };
    bookings::add_activity(
        tx.ex(),
        &NewActivity {
            booking_id: b.id,
            created_by: Some(caller.id()),
            status: "closed",
            kind: "info",
            title: &title,
            description: &description,
        },
    )
    .await?;
    let state = changed_state(b, &command.change);
    let answer = MessageAnswer::new(updated_message(&command.change));
    if !end(tx, ending, &state, ctx.clock.now()).await? {
        return Ok((answer, state));
    }
    // A time freed (cancelled, rejected, moved) may reopen an earlier month of the booking page.
    ctx.slot_cache.forget_first_months();
    Ok((answer, state))
}

/// `{before, after}` of a booking a change writes (the status it gets, its time unchanged).
fn changed_state(b: &BookingRow, change: &BookingChange) -> serde_json::Value {
    let before = booking_state(b);
    let mut after = before.clone();
    after["event_id"] = json!(b.event_id);
    if let BookingChange::Status { to, .. } = change {
        after["status"] = json!(to.as_str());
    }
    json!({"before": before, "after": after})
}

struct StatusChange<'a> {
    to: BookingStatus,
    reason: &'a str,
    refund: bool,
}

/// A status move of the booking (and its group with `update_all`): compare-and-swap along
/// the allowed transitions; a confirmation passes the guard first. Queues the messages,
/// webhooks and calendar write-back of the move. Answers the activity's title and text.
async fn change_status(
    ctx: &Ctx,
    tx: &mut Tx,
    caller: &Caller,
    b: &BookingRow,
    targets: &[i64],
    change: &StatusChange<'_>,
) -> ServiceResult<(String, String)> {
    let to = change.to;
    let Some(from) = BookingStatus::parse(&b.status) else {
        return Err(ServiceError::Internal(format!(
            "booking {} has the unknown status {:?}",
            b.id, b.status
        )));
    };
    if from == to {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: format!("The booking is already {to}."),
        });
    }
    if !transitions::allowed(from, to) {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: format!("A {from} booking cannot become {to}."),
        });
    }
    if from == BookingStatus::Pending && to == BookingStatus::Scheduled {
        super::guard::check_confirmable(tx, b).await?;
    }
    let changed = booking_list::swap_status(
        tx.ex(),
        targets,
        from.as_str(),
        to.as_str(),
        Some(caller.id()),
    )
    .await?;
    if changed == 0 {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: "The booking changed meanwhile; reload it.".into(),
        });
    }
    if let Some(key) = reason_field(to) {
        bookings::add_meta(tx.ex(), b.id, key, &json!(change.reason).to_string()).await?;
    }
    if change.refund {
        bookings::add_meta(tx.ex(), b.id, "refund_requested", "true").await?;
        let site = site_payments(tx.ex()).await?;
        for target in targets {
            crate::service::events::payments::refund(tx.ex(), *target, caller.id(), &site).await?;
        }
    }
    queue_status_messages(ctx, tx, b, targets, to).await?;
    if to.is_closed() {
        let freed = (b.start_time, b.end_time);
        crate::service::waitlist::pass_on_freed(tx, ctx, freed, ctx.clock.now()).await?;
    }
    let refund_note = if change.refund {
        " A refund was requested."
    } else {
        ""
    };
    let why = if change.reason.is_empty() {
        String::new()
    } else {
        format!(" Reason: {}", change.reason)
    };
    Ok((
        format!("Booking {}", status_text(to.as_str()).to_lowercase()),
        format!(
            "Status changed from {from} to {to} by {}.{why}{refund_note}",
            caller.user.full_name()
        ),
    ))
}

/// The emails, webhooks and calendar write-back of a status move.
async fn queue_status_messages(
    ctx: &Ctx,
    tx: &mut Tx,
    b: &BookingRow,
    targets: &[i64],
    to: BookingStatus,
) -> ServiceResult<()> {
    let email = match to {
        BookingStatus::Cancelled => Some(EmailChange::Cancelled { by_host: true }),
        BookingStatus::Rejected => Some(EmailChange::Rejected),
        BookingStatus::Scheduled => Some(EmailChange::Confirmed),
        _ => None,
    };
    let now = ctx.clock.now();
    if let Some(email) = email {
        notify::queue(tx.ex(), b.event_id, targets, b.start_time, email, now).await?;
    }
    if let Some(trigger) = crate::service::events::integrations::trigger_for_status(to) {
        let booked = [(b.id, b.event_id)];
        crate::service::events::integrations::enqueue_webhooks(tx.ex(), &booked, trigger).await?;
    }
    crate::service::calendars::write_back::queue_for(tx.ex(), targets, now).await?;
    Ok(())
}

/// Any other column: set on the booking (and its group with `update_all`). Answers the
/// activity's title and text.
async fn change_column(
    tx: &mut Tx,
    caller: &Caller,
    targets: &[i64],
    change: &BookingChange,
) -> ServiceResult<(String, String)> {
    let column = change.column();
    let value = change.value();
    booking_list::set_column(tx.ex(), targets, column, Some(value)).await?;
    if let BookingChange::PaymentStatus(status) = change {
        let site = site_payments(tx.ex()).await?;
        for target in targets {
            crate::service::events::payments::set_paid(
                tx.ex(),
                *target,
                *status == PaymentStatus::Paid,
                caller.id(),
                &site,
            )
            .await?;
        }
    }
    let shown = if column == "internal_note" {
        "Internal note updated".to_string()
    } else {
        format!("{column} set to {value}")
    };
    Ok((
        format!("{column} updated"),
        format!("{shown} by {}", caller.user.full_name()),
    ))
}

/// The answer's message: cancel and reject have their own, any other change names its column.
pub fn updated_message(change: &BookingChange) -> String {
    match change {
        BookingChange::Status {
            to: BookingStatus::Cancelled,
            ..
        } => "The booking has been cancelled".to_string(),
        BookingChange::Status {
            to: BookingStatus::Rejected,
            ..
        } => "The booking has been rejected".to_string(),
        _ => {
            let column = change.column();
            let mut chars = column.chars();
            let first = chars
                .next()
                .map(|c| c.to_uppercase().to_string())
                .unwrap_or_default();
            format!("{first}{} has been updated", chars.as_str())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_names_the_change() {
        let status = |to| BookingChange::Status {
            to,
            reason: String::new(),
            refund: false,
        };
        assert_eq!(
            updated_message(&status(BookingStatus::Cancelled)),
            "The booking has been cancelled"
        );
        assert_eq!(
            updated_message(&status(BookingStatus::Completed)),
            "Status has been updated"
        );
        assert_eq!(
            updated_message(&BookingChange::InternalNote("x".into())),
            "Internal_note has been updated"
        );
    }
}
