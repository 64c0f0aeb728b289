//! What a confirm of an MCP preview (DESIGN 2.12) checks inside the write's transaction: that
//! the write would still show what the preview showed (`before`, `after`), and that its token
//! is spent exactly once, by the one confirm that writes.

use serde_json::{Value, json};

use crate::model::booking::BookingAnswer;
use crate::service::{ServiceError, ServiceResult};
use crate::store::bookings::{self, IdempotencyKey};
use crate::store::{Tx, confirmations};

pub const TOKEN_USED: &str = "This confirmation token has already been used.";
pub const TOKEN_STALE: &str =
    "The booking has changed since the preview. Preview the action again.";

/// The token a confirm spends, and the state its preview showed.
#[derive(Debug, Clone)]
pub struct Confirmation {
    pub token_hash: String,
    pub state: Value,
    /// The confirm's idempotency key and the answer to keep under it, in the same
    /// transaction (a create keeps its own).
    pub remember: Option<(IdempotencyKey, String)>,
}

/// How a write's transaction ends.
#[derive(Debug, Clone, Default)]
pub enum Ending {
    /// As every route writes.
    #[default]
    Commit,
    /// An MCP preview: rolled back, nothing of it ever visible.
    Preview,
    /// An MCP confirm: the token is spent against the state first.
    Confirm(Confirmation),
}

/// Ends a write's transaction as `ending` says, `state` being what it wrote (`{before,
/// after}`); answers whether it was committed.
pub async fn end(tx: Tx, ending: &Ending, state: &Value, now: i64) -> ServiceResult<bool> {
    let mut tx = tx;
    match ending {
        Ending::Preview => return Ok(false),
        Ending::Confirm(confirmation) => {
            spend(&mut tx, confirmation, state, now).await?;
            if let Some((key, answer)) = &confirmation.remember {
                bookings::remember_answer(tx.ex(), key, 200, answer, None).await?;
            }
        }
        Ending::Commit => {}
    }
    tx.commit().await?;
    Ok(true)
}

/// `{status, start_time, end_time}` of a booking row.
pub fn booking_state(row: &bookings::BookingRow) -> Value {
    use crate::service::bookings::views::utc_text;
    json!({"status": row.status, "start_time": utc_text(row.start_time),
           "end_time": utc_text(row.end_time)})
}

/// `{before: null, after}` of a create's answer.
pub fn created_state(answer: &BookingAnswer) -> Value {
    let b = &answer.booking;
    json!({
        "before": null,
        "after": {"event_id": b.event_id, "status": b.status,
                  "start_time": b.start_time, "end_time": b.end_time},
    })
}

/// Refuses with 409 `confirm_token_stale` when the write's state differs from the preview's,
/// else spends the token (409 `confirm_token_used` when another confirm spent it meanwhile).
pub async fn spend(
    tx: &mut Tx,
    confirmation: &Confirmation,
    state_now: &Value,
    now: i64,
) -> ServiceResult<()> {
    if *state_now != confirmation.state {
        return Err(ServiceError::Conflict {
            code: "confirm_token_stale",
            message: TOKEN_STALE.into(),
        });
    }
    if !confirmations::spend(tx.ex(), &confirmation.token_hash, now).await? {
        return Err(ServiceError::Conflict {
            code: "confirm_token_used",
            message: TOKEN_USED.into(),
        });
    }
    Ok(())
}
