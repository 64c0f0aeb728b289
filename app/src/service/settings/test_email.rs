//! "Send test email" on the settings page: one message with the sender, reply-to and footer
//! as saved, delivered by the email worker and tried once.

use super::site::require;
use crate::domain::access::Capability;
use crate::domain::values::is_valid_email;
use crate::service::outbox::{self, Message, Outgoing, TestEmail};
use crate::service::{Caller, Ctx, ServiceError, ServiceResult};

/// Where a test email goes: the address given, or the caller's own when none is.
pub fn recipient(caller: &Caller, given: &str) -> ServiceResult<String> {
    let to = match given.trim() {
        "" => caller.user.email.clone(),
        typed => typed.to_string(),
    };
    if !is_valid_email(&to) {
        return Err(ServiceError::field(
            "to",
            "email",
            "Please provide a valid email address",
        ));
    }
    Ok(to)
}

/// Queues a test email to `to` (see [`recipient`]) for users who may manage options. Answers
/// the address it goes to.
pub async fn send(ctx: &Ctx, caller: &Caller, to: String) -> ServiceResult<String> {
    require(caller, Capability::ManageOptions)?;
    let mut tx = ctx.store.begin().await?;
    let outgoing = Outgoing {
        message: Message::TestEmail(TestEmail { to: to.clone() }),
        booking_id: None,
        due_at: None,
    };
    outbox::enqueue(tx.ex(), &outgoing).await?;
    tx.commit().await?;
    Ok(to)
}
