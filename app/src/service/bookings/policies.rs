//! The booking policies a create passes besides the slot rules (DESIGN 2.8): the honeypot,
//! the email rules, the per-attendee limit and the booking's own video link. Hosts of the
//! event with credentials are not bound by the attendee limit.

use rand::Rng;

use crate::domain::policies::{email_allowed, video_url};
use crate::service::outbox::{self, BookingLink, Message, Outgoing};
use crate::service::slots::LoadedEvent;
use crate::service::{Ctx, ServiceError, ServiceResult};
use crate::store::{Tx, bookings, outbox as outbox_store};

/// The refusal of a filled honeypot.
pub const SPAM_MESSAGE: &str = "Your booking could not be accepted.";
/// The refusal of an address the event or the site does not take.
pub const EMAIL_BLOCKED: &str = "This email address can not be used for bookings.";
/// The refusal of an attendee at the event's limit.
pub const ATTENDEE_LIMIT_MESSAGE: &str =
    "You already have a booking for this event. We have sent its link to your email address.";
/// How long one address waits for the next link email of one event.
const LINK_EMAIL_PAUSE: i64 = 600;

/// 422 `spam_detected` when the hidden `website` field was filled (people never see it).
pub fn check_honeypot(website: &str) -> ServiceResult<()> {
    if website.trim().is_empty() {
        Ok(())
    } else {
        Err(ServiceError::Unprocessable {
            code: "spam_detected",
            message: SPAM_MESSAGE.into(),
        })
    }
}

/// 422 on `email` (`blocked`) when the event's domain lists or the site's blocklist refuse it.
pub fn check_email(loaded: &LoadedEvent, blocklist: &[String], email: &str) -> ServiceResult<()> {
    let lists = &loaded.settings.email_domains;
    if email_allowed(email, &lists.allow, &lists.deny, blocklist) {
        Ok(())
    } else {
        Err(ServiceError::field("email", "blocked", EMAIL_BLOCKED))
    }
}

/// Under the hosts' lock: the attendee's open future booking that puts `email` at the event's
/// limit (a series counts once), if the limit is on and reached.
pub async fn booking_at_limit(
    tx: &mut Tx,
    loaded: &LoadedEvent,
    email: &str,
    now: i64,
) -> ServiceResult<Option<i64>> {
    let limit = &loaded.settings.attendee_limit;
    if !limit.enabled {
        return Ok(None);
    }
    let open = bookings::open_of_attendee(tx.ex(), loaded.event().id, email, now).await?;
    Ok((open.count >= limit.value)
        .then_some(open.first_id)
        .flatten())
}

/// 409 `attendee_limit_reached`, after queuing the existing booking's link to its address
/// (one such email per address and event per 10 minutes), in a transaction of its own: the
/// refused create writes nothing.
pub async fn refuse_over_limit(
    ctx: &Ctx,
    event_id: i64,
    booking_id: i64,
    email: &str,
) -> ServiceError {
    let refusal = over_limit();
    if let Err(e) = queue_link_email(ctx, event_id, booking_id, email).await {
        tracing::warn!(event_id, booking_id, error = %e, "could not queue the booking link email");
    }
    refusal
}

/// 409 `attendee_limit_reached`.
pub fn over_limit() -> ServiceError {
    ServiceError::Conflict {
        code: "attendee_limit_reached",
        message: ATTENDEE_LIMIT_MESSAGE.into(),
    }
}

async fn queue_link_email(
    ctx: &Ctx,
    event_id: i64,
    booking_id: i64,
    email: &str,
) -> ServiceResult<()> {
    let mut tx = ctx.store.begin().await?;
    let link = BookingLink {
        booking_id,
        event_id,
        to: email.trim().to_ascii_lowercase(),
    };
    let message = Message::BookingLink(link);
    let key = message.sequence_key().unwrap_or_default();
    let since = ctx.clock.now() - LINK_EMAIL_PAUSE;
    if !outbox_store::queued_since(tx.ex(), &key, since).await? {
        outbox::enqueue(tx.ex(), &Outgoing::about(booking_id, message)).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A booking's video link from its event's template: `{uid}` = 20 random `[a-z0-9]` (never
/// the booking's hash); `None` without a template.
pub fn new_video_url(loaded: &LoadedEvent) -> Option<String> {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    let uid: String = (0..20)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect();
    video_url(&loaded.settings.video_link_template, &uid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_empty_honeypot_passes() {
        assert!(check_honeypot("").is_ok());
        assert!(check_honeypot("  ").is_ok());
        let Err(ServiceError::Unprocessable { code, message }) = check_honeypot("http://spam")
        else {
            panic!("a filled honeypot must be refused")
        };
        assert_eq!((code, message.as_str()), ("spam_detected", SPAM_MESSAGE));
    }
}
