//! A booking's messages as its host sees them: sending the confirmation again, the list of
//! every email, reminder and webhook with its state, and a retry of a failed one.

use super::load;
use crate::model::answer::MessageAnswer;
use crate::model::listing::{Delivery, DeliveryList};
use crate::service::bookings::notify;
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};
use crate::store::bookings::{self, NewActivity};

/// `POST /schedules/{id}/send-confirmation-email`: queues the email and logs it.
pub async fn send_confirmation(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    to: &str,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    let row = load(tx.ex(), caller, id).await?;
    let key = match (row.booking.status.as_str(), to == "host") {
        ("pending", true) => "booking_request_host",
        ("pending", false) => "booking_request_attendee",
        (_, true) => "booking_conf_host",
        (_, false) => "booking_conf_attendee",
    };
    notify::resend(tx.ex(), id, key).await?;
    bookings::add_activity(
        tx.ex(),
        &NewActivity {
            booking_id: id,
            created_by: Some(caller.id()),
            status: "closed",
            kind: "info",
            title: "Confirmation email queued",
            description: &format!(
                "Sent again to the {} by {}",
                if to == "host" { "host" } else { "attendee" },
                caller.user.full_name()
            ),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Notification sent successfully"))
}

/// `GET /schedules/{id}/deliveries` (an extension): every email, reminder and webhook of the
/// booking with its state, so a host sees what failed and why.
pub async fn deliveries(ctx: &Ctx, caller: &Caller, id: i64) -> ServiceResult<DeliveryList> {
    let mut conn = ctx.store.conn().await?;
    load(conn.ex(), caller, id).await?;
    let rows = crate::store::outbox::for_booking(conn.ex(), id).await?;
    Ok(DeliveryList {
        deliveries: rows.iter().map(delivery).collect(),
    })
}

/// An outbox row as the deliveries list shows it, named from its message.
fn delivery(r: &crate::store::outbox::DeliveryRow) -> Delivery {
    use crate::service::outbox::Message;
    let rfc3339 = |t: i64| {
        chrono::DateTime::from_timestamp(t, 0)
            .unwrap_or_default()
            .to_rfc3339()
    };
    let (name, to) = match Message::parse(&r.kind, &r.payload) {
        Ok(Message::Email(n) | Message::Sms(n)) => (
            notify::key_of(&n.template, &n.to)
                .unwrap_or(r.kind.as_str())
                .to_string(),
            Some(n.to),
        ),
        Ok(Message::Webhook(w)) => (w.trigger, None),
        Ok(Message::CalendarWrite(_)) => ("host_calendar".to_string(), None),
        Ok(Message::TestEmail(t)) => ("test_email".to_string(), Some(t.to)),
        Ok(Message::BookingLink(l)) => ("booking_link".to_string(), Some(l.to)),
        Ok(Message::Waitlist(w)) => (format!("waitlist_{}", w.kind), None),
        Err(_) => (String::new(), None),
    };
    let status = match r.status.as_str() {
        "done" => "sent",
        "working" => "sending",
        "failed" => "failed",
        _ => "queued",
    };
    Delivery {
        id: r.id,
        kind: r.kind.clone(),
        name,
        to,
        reminder: r.purpose.as_deref() == Some("reminder"),
        status: status.to_string(),
        attempts: r.attempts,
        last_error: r.last_error.clone(),
        due_at: rfc3339(r.run_after),
        updated_at: rfc3339(r.updated_at),
    }
}

/// `POST /schedules/{id}/deliveries/{delivery_id}/retry` (an extension): queues a failed
/// delivery again, due now, with a fresh three days of retries.
pub async fn retry_delivery(
    ctx: &Ctx,
    caller: &Caller,
    id: i64,
    delivery_id: i64,
) -> ServiceResult<MessageAnswer> {
    let mut tx = ctx.store.begin().await?;
    load(tx.ex(), caller, id).await?;
    let known = crate::store::outbox::for_booking(tx.ex(), id)
        .await?
        .iter()
        .any(|r| r.id == delivery_id);
    if !known {
        return Err(ServiceError::NotFound);
    }
    if !crate::store::outbox::retry_failed(tx.ex(), id, delivery_id, ctx.clock.now()).await? {
        return Err(ServiceError::Conflict {
            code: "invalid_transition",
            message: "Only a failed delivery can be sent again.".into(),
        });
    }
    bookings::add_activity(
        tx.ex(),
        &NewActivity {
            booking_id: id,
            created_by: Some(caller.id()),
            status: "closed",
            kind: "info",
            title: "Delivery queued again",
            description: &format!(
                "Delivery {delivery_id} queued again by {}",
                caller.user.full_name()
            ),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(MessageAnswer::new("Delivery has been queued again"))
}
